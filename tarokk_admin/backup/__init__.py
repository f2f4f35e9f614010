"""The federation backup (HAND_RECORD.md "Federation backup",
``royal-tarokk-federation/1``): one JSON file with every record of the federation and
its change history, written by ``manage.py export_federation`` (and nightly into
``BACKUP_DIR``) and restored into an empty database by ``manage.py
import_federation``, keeping every primary key."""
