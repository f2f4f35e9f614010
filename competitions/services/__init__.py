"""Services write (HackSoft): keyword-only functions named ``<entity>_<verb>``. A
refused action raises :class:`tarokk_admin.core.errors.ServiceError`."""
