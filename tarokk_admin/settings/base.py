"""Every setting of Tarokk Admin, read from the environment.

Nothing set gives the embedded default: an SQLite file in the repository root,
Celery tasks run eagerly in-process and a local-memory cache.
``DATABASE_URL`` switches to PostgreSQL; ``REDIS_URL`` brings the Celery broker,
result backend and Django's cache to Redis.
"""

from pathlib import Path

from celery.schedules import crontab
from django.utils.translation import gettext_lazy as _

from tarokk_admin.config import (
    backup_folder,
    backup_storage,
    database_from_url,
    email_settings,
    redis_url_checked,
)
from tarokk_admin.core.environment import Environment

BASE_DIR = Path(__file__).resolve().parent.parent.parent

# Strict readers: a value that is set but means nothing stops the start with one
# sentence naming the variable (tarokk_admin/core/environment.py).
env = Environment()

# --- Core -----------------------------------------------------------------------------

# Development-only key; production.py refuses to start without DJANGO_SECRET_KEY.
SECRET_KEY = env.text(
    "DJANGO_SECRET_KEY",
    default="django-insecure-tarokk-admin-development-key-not-for-production",
)
DEBUG = env.flag("DJANGO_DEBUG", default=False)
ALLOWED_HOSTS = env.hosts("DJANGO_ALLOWED_HOSTS", default=["localhost", "127.0.0.1"])
CSRF_TRUSTED_ORIGINS = env.origins("DJANGO_CSRF_TRUSTED_ORIGINS")
# The site's own address for the links in e-mail notices (scheme and host): the
# first trusted origin unless set; without either a notice carries the path only.
SITE_URL = (
    env.text("DJANGO_SITE_URL", "") or next(iter(CSRF_TRUSTED_ORIGINS), "")
).rstrip("/")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_tables2",
    "crispy_forms",
    "crispy_bootstrap5",
    "django_filters",
    "django_htmx",
    "simple_history",
    "axes",
    "tarokk_admin.core",
    "competitions",
    "scoring",
    "trophies",
    "stats",
    "tarokk_admin",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Outside sessions, CSRF and messages: sees every cookie they set (issue 24).
    "tarokk_admin.core.shared_pages.SharedPageMiddleware",
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # Before anything reads the form or the query string: a non-UTF-8 body is a 400.
    "tarokk_admin.core.security.RequestCharsetMiddleware",
    # Nor a NUL character anywhere (PostgreSQL refuses it in any text): a 400.
    "tarokk_admin.core.request_text.RequestTextMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Before CSRF: a method the address does not take is a 405 with Allow
    # (core.methods), OPTIONS a 204, never the page nor CSRF's 403.
    "tarokk_admin.core.security.MethodMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "tarokk_admin.core.sessions.WorkSessionMiddleware",
    "tarokk_admin.core.security.SecurityHeadersMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "tarokk_admin.core.roles.RefusalMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as django-axes requires
]

ROOT_URLCONF = "tarokk_admin.urls"
WSGI_APPLICATION = "tarokk_admin.wsgi.application"
ASGI_APPLICATION = "tarokk_admin.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tarokk_admin.context_processors.work_areas",
            ],
        },
    },
    # Only the referee's score-sheet partials (scoring/jinja.py says why).
    {
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "NAME": "sheet",
        "DIRS": [BASE_DIR / "templates" / "jinja2"],
        "APP_DIRS": False,
        "OPTIONS": {"environment": "scoring.jinja.environment"},
    },
]

# --- Database -------------------------------------------------------------------------

DATABASE_URL = env.text("DATABASE_URL", default="")
DATABASES = {
    "default": database_from_url(DATABASE_URL)
    if DATABASE_URL
    else {"ENGINE": "django.db.backends.sqlite3", "NAME": BASE_DIR / "db.sqlite3"}
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: cache, Celery broker and result backend -----------------------------------

REDIS_URL = redis_url_checked(env.text("REDIS_URL", default=""))

# The cache is an optimisation: when Redis fails, reads are misses and pages render
# from the database (tarokk_admin/core/cache.py); short timeouts so an unreachable
# Redis costs a request at most a second.
CACHES = {
    "default": (
        {
            "BACKEND": "tarokk_admin.core.cache.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 2},
        }
        if REDIS_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or "cache+memory://"
# Without Redis there is no worker: tasks run in the calling process.
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_RESULT_EXPIRES = 60 * 60 * 24
CELERY_TIMEZONE = "Europe/Budapest"
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Publishing gives up after a second when the broker does not answer (kombu would
# otherwise retry for its connect timeout on every request): what is queued after a
# commit is in the outbox and the periodic delivery sends it later.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.5,
    "socket_connect_timeout": 2,
}
# Periodic work: other apps add their entries here. Run exactly one beat process.
CELERY_BEAT_SCHEDULE = {
    "heartbeat": {
        "task": "tarokk_admin.tasks.heartbeat",
        "schedule": 5 * 60.0,
    },
    # The outbox (core/background.py): whatever follow-up is still pending (the
    # broker was down at its commit, or its task failed and waits for a retry).
    "followups-deliver": {
        "task": "tarokk_admin.core.followups_deliver_due",
        "schedule": 60.0,
    },
    # E-mail notices not sent yet: failed ones after their backoff, and any the
    # commit's delivery did not take (competitions/services/notice_delivery.py).
    "notices-send-due": {
        "task": "competitions.tasks.notices_send_due",
        "schedule": 60.0,
    },
    # R15: the cup's calendar, daily (each notice is sent once).
    "cup-registration": {
        "task": "competitions.tasks.cup_registration_update",
        "schedule": 24 * 60 * 60.0,
    },
    "cup-deadline-reminders": {
        "task": "competitions.tasks.cup_deadline_reminders",
        "schedule": 24 * 60 * 60.0,
    },
    # The nightly federation backup into BACKUP_DIR, keeping the last BACKUP_KEEP.
    "federation-backup": {
        "task": "tarokk_admin.tasks.federation_backup",
        "schedule": crontab(hour=3, minute=15),
    },
    # An import that stopped (the worker killed, the database gone) is marked
    # failed: on PostgreSQL as soon as its session is gone.
    "import-runs-expire": {
        "task": "scoring.tasks.import_runs_expire",
        "schedule": 60.0,
    },
    # The integrity audit (manage.py check_records), nightly; officials are e-mailed
    # when something is wrong.
    "check-records": {
        "task": "tarokk_admin.tasks.check_records",
        "schedule": crontab(hour=3, minute=30),
    },
}

# --- Backups (tarokk_admin/backup/) ---------------------------------------------------

BACKUP_DIR = backup_folder(env, "BACKUP_DIR", default=BASE_DIR / "var" / "backups")
BACKUP_KEEP = env.whole("BACKUP_KEEP", default=14, minimum=1, maximum=1000)
# Where the backups go: STORAGES["backups"] below (a folder shared by every machine,
# or a bucket through django-storages).

# --- Authentication -------------------------------------------------------------------

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first, as django-axes requires
    "django.contrib.auth.backends.ModelBackend",
]
_VALIDATORS = "django.contrib.auth.password_validation"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": f"{_VALIDATORS}.UserAttributeSimilarityValidator"},
    {"NAME": f"{_VALIDATORS}.MinimumLengthValidator"},
    {"NAME": f"{_VALIDATORS}.CommonPasswordValidator"},
    {"NAME": f"{_VALIDATORS}.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = 1  # hour
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# The lockout keys on the client's address. Behind N reverse proxies that each append
# the address they were connected from to X-Forwarded-For, the client is the N-th
# entry from the right; with 0 (the default) the header is ignored, so a client
# cannot choose its own address (tarokk_admin/core/security.py).
TRUSTED_PROXIES = env.whole("DJANGO_TRUSTED_PROXIES", default=0, maximum=10)
AXES_CLIENT_IP_CALLABLE = "tarokk_admin.core.security.client_address"

# Staff and work roles (officials, jury, referees) often sign in on a venue's shared
# computer: their session ends when the browser closes and at the latest after
# DJANGO_WORK_SESSION_HOURS; other accounts keep Django's two weeks.
WORK_SESSION_GROUPS = ("Official", "Jury", "Referee")
WORK_SESSION_SECONDS = (
    env.whole("DJANGO_WORK_SESSION_HOURS", default=8, minimum=1, maximum=14 * 24)
    * 60
    * 60
)

# --- Internationalisation -------------------------------------------------------------

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("hu", _("Hungarian"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Dates people read, per language (tarokk_admin/formats/); machines read ISO 8601
# (tarokk_admin/core/l10n.py).
FORMAT_MODULE_PATH = ["tarokk_admin.formats"]
USE_I18N = True
TIME_ZONE = "Europe/Budapest"
USE_TZ = True

# --- Static files ---------------------------------------------------------------------

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Where collectstatic puts the files WhiteNoise serves (an absolute path).
STATIC_ROOT = Path(env.text("DJANGO_STATIC_ROOT", "") or BASE_DIR / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    "backups": backup_storage(env, BACKUP_DIR),
}

# --- Uploads --------------------------------------------------------------------------

# The largest request body, in MB: the matches file of the import page (a 6,000-match
# file is about 33 MB). One number: the import form refuses a larger file, and the
# front's client_max_body_size is written from it (manage.py front_config).
UPLOAD_MAX_MB = env.whole("UPLOAD_MAX_MB", default=64, minimum=1, maximum=1024)

# --- Trophy list (R14) and e-mail -----------------------------------------------------

# Cumulative trophy points at which a player receives a cup, once each.
TROPHY_CUP_THRESHOLDS = (100, 250, 500, 1000)
# Officials are e-mailed each new cup; the console backend prints the mail by default.
# EMAIL_URL (e.g. smtp+tls://user:password@host:587) or the older DJANGO_EMAIL_BACKEND,
# DJANGO_EMAIL_HOST and DJANGO_EMAIL_PORT, not both.
_EMAIL = email_settings(env)
EMAIL_BACKEND = _EMAIL["EMAIL_BACKEND"]
EMAIL_HOST = _EMAIL["EMAIL_HOST"]
EMAIL_PORT = _EMAIL["EMAIL_PORT"]
EMAIL_HOST_USER = _EMAIL["EMAIL_HOST_USER"]
EMAIL_HOST_PASSWORD = _EMAIL["EMAIL_HOST_PASSWORD"]
EMAIL_USE_TLS = _EMAIL["EMAIL_USE_TLS"]
EMAIL_USE_SSL = _EMAIL["EMAIL_USE_SSL"]
EMAIL_FILE_PATH = _EMAIL["EMAIL_FILE_PATH"]
EMAIL_TIMEOUT = 10
DEFAULT_FROM_EMAIL = env.address(
    "DJANGO_DEFAULT_FROM_EMAIL", default="Tarokk Admin <noreply@localhost>"
)

# --- Forms and tables -----------------------------------------------------------------

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"
DJANGO_TABLES2_TEMPLATE = "django_tables2/bootstrap5-responsive.html"

# --- Security (production.py turns these on by default) -------------------------------

SECURE_SSL_REDIRECT = env.flag("DJANGO_SECURE_SSL_REDIRECT", default=False)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = env.whole("DJANGO_SECURE_HSTS_SECONDS", default=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_SECONDS > 0
SECURE_HSTS_PRELOAD = SECURE_HSTS_SECONDS > 0
SECURE_PROXY_SSL_HEADER = (
    ("HTTP_X_FORWARDED_PROTO", "https")
    if env.flag("DJANGO_BEHIND_TLS_PROXY", default=False)
    else None
)
SESSION_COOKIE_SECURE = env.flag("DJANGO_SECURE_COOKIES", default=False)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy (django-csp): scripts, styles, images and fonts from this
# site only, no inline script or style (the templates have none: behaviour lives in
# static/js/, looks in static/css/). Images also as data: URIs, which Bootstrap's CSS
# uses for its small icons (the menu button, the arrow of a select).
_SELF = "'self'"
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [_SELF],
        "script-src": [_SELF],
        "style-src": [_SELF],
        "img-src": [_SELF, "data:"],
        "font-src": [_SELF],
        "connect-src": [_SELF],
        # The referee's service worker (scoring/views/offline.py), from this site.
        "worker-src": [_SELF],
        "manifest-src": [_SELF],
        "form-action": [_SELF],
        "frame-ancestors": ["'none'"],
        "base-uri": [_SELF],
        "object-src": ["'none'"],
    },
}
# Browser features no page of the federation uses (tarokk_admin/core/security.py).
PERMISSIONS_POLICY: dict[str, list[str]] = {
    feature: []
    for feature in (
        "accelerometer",
        "autoplay",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "payment",
        "usb",
    )
}

# --- Logging --------------------------------------------------------------------------

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {
        "handlers": ["console"],
        "level": env.log_level("DJANGO_LOG_LEVEL", default="INFO"),
    },
    "loggers": {
        # Django's own console handler would print every line a second time.
        "django": {"handlers": ["console"], "level": "INFO", "propagate": False},
        "axes": {"level": "WARNING"},
        # One line per successful task drowns everything else (a worker still logs
        # failures); seed_demo alone runs over a hundred tasks in-process.
        "celery.app.trace": {"level": "WARNING"},
        # Without Redis the in-memory broker warns that it has no hostname: noise.
        "kombu": {"level": "WARNING" if REDIS_URL else "ERROR"},
    },
}

# History is a record of changes, not an editor: reverting in the admin would bypass
# the services that judge hands and recompute results.
SIMPLE_HISTORY_REVERT_DISABLED = True
