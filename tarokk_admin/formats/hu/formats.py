"""Hungarian as the federation writes it: Django's (2027.02.06., 14:30); dates in a
sentence written out (2027. február 6.)."""

SHORT_DATE_FORMAT = "Y.m.d."
SHORT_DATETIME_FORMAT = "Y.m.d. H:i"
