"""Settings of the rules site, read from the environment.

Environment variables:

- ``DATABASE_URL``: a dj-database-url address; default: the SQLite file
  ``var/db.sqlite3`` in the project.
- ``SECRET_KEY``: default: a random key kept in ``var/secret_key``.
- ``DEBUG``: ``1``/``0`` (default ``0``).
- ``ALLOWED_HOSTS``: comma-separated host names (default: local hosts).
- ``PG_RANDOM_PAGE_COST``: PostgreSQL's ``random_page_cost`` for the site's
  connections (default ``1.1``: the rulebook is held in memory).
- ``REDIS_URL``: when set, Django's cache uses Redis instead of local memory
  (an unreachable Redis is a miss: :mod:`rulebook.caching.degrading`).
- ``SECURE_SSL_REDIRECT``, ``SECURE_COOKIES``, ``SECURE_HSTS_SECONDS``,
  ``BEHIND_PROXY``: HTTPS hardening for a deployment behind TLS.
- ``PROXY_CLIENT_IP_HEADER``, ``PROXY_COUNT`` (with ``BEHIND_PROXY``): the
  header in which the proxy names the client (default ``X-Forwarded-For``) and
  the number of proxies in front of the site (default ``1``), for the login
  throttle's client address.
"""

from pathlib import Path
import datetime
import os

import dj_database_url
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("RULESITE_VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool = False) -> bool:
    """Read a boolean environment variable (``1/true/yes/on`` is true)."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _secret_key() -> str:
    """Return ``SECRET_KEY`` from the environment, else a random key kept in
    ``var/secret_key`` (created on first use, readable by the owner only)."""
    key = os.environ.get("SECRET_KEY", "").strip()
    if key:
        return key
    path = VAR_DIR / "secret_key"
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        from django.core.management.utils import get_random_secret_key

        path.parent.mkdir(parents=True, exist_ok=True)
        key = get_random_secret_key()
        path.write_text(key)
        path.chmod(0o600)
        return key


DEBUG = env_bool("DEBUG", False)
SECRET_KEY = _secret_key()
ALLOWED_HOSTS = [h.strip() for h in os.environ.get(
    "ALLOWED_HOSTS", "127.0.0.1,localhost,[::1],testserver").split(",") if h.strip()]

INSTALLED_APPS = [
    "modeltranslation",  # must come before django.contrib.admin
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",
    "django.contrib.humanize",
    "django_htmx",
    "rulesite.apps.AxesConfig",  # django-axes, named in the admin's language
    "simple_history",  # history of glossary terms
    "rulebook",
]

#: The longest query string read (characters, as sent: percent-encoded).  The longest a
#: calculator table at its declared limits needs is some 33,000 (card texts of 2,000
#: Cyrillic characters; some 57,000 were every character of them four bytes long, an emoji:
#: tests/rulebook/calculator/test_long_addresses.py); longer is a 414
#: (rulesite.middleware.LongQueryMiddleware).  As much as a proxy in front takes
#: (rulesite/gunicorn.py: nginx ``large_client_header_buffers 4 64k``).
MAX_QUERY_LENGTH = 64 * 1024

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Compresses what the inner middlewares answer (stored pages included),
    # except answers holding a secret (BREACH; see rulesite.middleware).
    "rulesite.middleware.SafeGZipMiddleware",
    # Outside the page cache, so every answer — a stored page, or the 503
    # page when the cache's query fails — gets the same headers.
    "rulesite.middleware.CSPMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # A query far longer than any the site makes: a small 414, before anything reads it.
    "rulesite.middleware.LongQueryMiddleware",
    # Stored rule pages are answered here, before the rest of the stack.
    "rulebook.caching.pages.RulePageCacheMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "rulesite.middleware.LocaleMiddleware",  # no redirects under /api/
    # Under /api/: 413/415 for bodies the API does not take, every 4xx in its
    # JSON error shape (the CSRF 403 and CommonMiddleware's 400 included).
    "rulesite.middleware.ApiRequestMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: turns a locked-out login into its lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "rulesite.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "rulesite" / "templates"],  # the admin under the site's name
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "rulebook.context_processors.site",
            ],
        },
    },
]

WSGI_APPLICATION = "rulesite.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    _sqlite_name = str(DATABASES["default"]["NAME"] or "")
    if _sqlite_name and _sqlite_name != ":memory:" and not _sqlite_name.startswith("file:"):
        # Opened read-write, never created: a missing file is an error (a 503
        # page), not a new empty database.  `manage.py migrate` creates it
        # (rulebook/management/commands/migrate.py).
        DATABASES["default"]["NAME"] = Path(_sqlite_name).resolve().as_uri() + "?mode=rw"
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        # cache_size: 32 MB of pages per connection keeps the search index
        # hot (bench/search_bench.py: p95 of a word search ÷3 at 50,000 clauses).
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; "
                        "PRAGMA cache_size=-32000;",
    })

if DATABASES["default"]["ENGINE"] in {"django.db.backends.postgresql",
                                      "django.contrib.gis.db.backends.postgis"}:
    # The rulebook (tens of MB) lives in PostgreSQL's memory, where reading a
    # page out of order costs what reading the next one does.  With the
    # default random_page_cost (4, for spinning disks) the planner reads the
    # whole search table for a common word (35-60 ms at 50,000 clauses)
    # instead of its GIN index (10-20 ms): bench/search_bench.py.
    # PG_RANDOM_PAGE_COST: a database larger than the server's memory wants more.
    _random_page_cost = float(os.environ.get("PG_RANDOM_PAGE_COST", "1.1"))
    _options = DATABASES["default"].setdefault("OPTIONS", {})
    _options["options"] = " ".join(filter(None, [_options.get("options", ""),
                                                 f"-c random_page_cost={_random_page_cost}"]))

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Internationalisation: the UI speaks German, Russian and English; rule
# texts keep their original language (see rulebook.models.Document).
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("de", _("German")),
    ("ru", _("Russian")),
    ("en", _("English")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
# English dates day-first ("25 January 2023"), never US-style 01/25/2023.
FORMAT_MODULE_PATH = ["rulesite.formats"]
# Dates and times of the admin and of publications: the editors' time zone
# (an IANA name, e.g. "Europe/Moscow"); the database keeps UTC.
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Berlin")
USE_TZ = True

# django-modeltranslation: no silent fallback; the site shows the original
# text with a visible notice instead (rulebook.models.Localized).
MODELTRANSLATION_DEFAULT_LANGUAGE = "en"
MODELTRANSLATION_LANGUAGES = ("de", "ru", "en")
MODELTRANSLATION_FALLBACK_LANGUAGES = ()
# Vendored: no request may leave the site (the default is a CDN address).
JQUERY_UI_URL = "vendor/jquery-ui/jquery-ui.min.js"

STATIC_URL = "/static/"
STATIC_ROOT = VAR_DIR / "static"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage",
    },
}
WHITENOISE_MAX_AGE = 3600
# The feeds' XSLT stylesheet: browsers apply it only when served as XSL.
WHITENOISE_MIMETYPES = {".xsl": "text/xsl"}
# Finished bodies of large answers (the read API's all-clauses answer), sent
# as files: rulebook.caching.bodies.
RESPONSE_FILES_DIR = VAR_DIR / "responses"

CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "rulesite",
        # Whole rule pages and their fragments (tens of KB each): room for
        # every page of the seeds in each language and reading date.
        "OPTIONS": {"MAX_ENTRIES": int(os.environ.get("CACHE_MAX_ENTRIES", "5000"))},
    }
}
if os.environ.get("REDIS_URL"):
    # Django's RedisCache with an outage answered as a miss, from the
    # database (rulebook.caching.degrading): the cache only accelerates.
    CACHES["default"] = {
        "BACKEND": "rulebook.caching.degrading.DegradingRedisCache",
        "LOCATION": os.environ["REDIS_URL"],
        "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "rulesite"),
    }

LOGIN_URL = "admin:login"

# Admin login throttling (django-axes): after AXES_FAILURE_LIMIT failed
# logins for one user name from one address, that pair is locked out for
# AXES_COOLOFF_TIME; the attempts are kept in the database, so every
# gunicorn worker sees them.  rulebook.auth.LoginThrottleBackend is axes'
# check, skipped for logins without a web request (test client, shell).
AUTHENTICATION_BACKENDS = [
    "rulebook.auth.LoginThrottleBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = datetime.timedelta(minutes=int(os.environ.get("LOGIN_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "rulebook/login_locked.html"
AXES_VERBOSE = False

# Security headers; HTTPS-only settings are switched on by the environment
# (a plain-HTTP local server must keep working).
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", False)
CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", False)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_SECONDS > 0
SECURE_HSTS_PRELOAD = SECURE_HSTS_SECONDS > 0
# The client's address for the login throttle (django-axes through django-ipware).
# Served directly, only the connection's own address counts: a client cannot
# name another address in a header.  Behind BEHIND_PROXY's proxies, the header
# PROXY_CLIENT_IP_HEADER that the nearest proxy sets (default X-Forwarded-For),
# holding the client and then PROXY_COUNT - 1 further proxies; a header with
# more entries than that (a client that sent its own) does not name the client,
# and the proxy's address is counted instead, which limits only such clients.
AXES_IPWARE_META_PRECEDENCE_ORDER = ["REMOTE_ADDR"]
if env_bool("BEHIND_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    AXES_IPWARE_META_PRECEDENCE_ORDER = [
        "HTTP_" + os.environ.get("PROXY_CLIENT_IP_HEADER", "X-Forwarded-For").upper().replace("-", "_"),
        "REMOTE_ADDR"]
    AXES_IPWARE_PROXY_ORDER = "left-most"
    AXES_IPWARE_PROXY_COUNT = max(int(os.environ.get("PROXY_COUNT", "1")) - 1, 0)

# Content-Security-Policy (django-csp): every script, style, image and font
# comes from this site; no inline script, no eval, no framing.  htmx's
# inline indicator <style> is switched off in base.html (htmx-config).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}

# Where the project's own copies of the source pages live.
RULEBOOK_SOURCES = BASE_DIR / "rulebook" / "sources"

# The tagging entity of the Atom entry ids (tag: URIs, RFC 4151): a domain
# name (or e-mail address) the site's owner held on a date.  Set it once,
# before the first feed is read, and never change it: the ids of every entry
# depend on it (rulebook.versioning.feeds).
RULEBOOK_TAG_AUTHORITY = os.environ.get("RULEBOOK_TAG_AUTHORITY",
                                        "rules-reference.invalid,2026")

# The second-person rule of official rulings (rulebook.rulings.workflow): with
# RULEBOOK_SECOND_PERSON=1 the editor who submitted a ruling cannot publish it.
RULEBOOK_SECOND_PERSON = os.environ.get("RULEBOOK_SECOND_PERSON", "0") == "1"
