"""How people of each language read dates (``FORMAT_MODULE_PATH``): what Django's
own formats do not say as the federation writes it. Machines never read these
(``tarokk_admin.core.l10n.machine``)."""
