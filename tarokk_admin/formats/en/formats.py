"""English as the federation writes it: dates in ISO order (2027-02-06), never the
American month first."""

SHORT_DATE_FORMAT = "Y-m-d"
SHORT_DATETIME_FORMAT = "Y-m-d H:i"
