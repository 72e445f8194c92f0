"""Django settings for the chain simulator.

Everything that differs between a developer's machine and a deployment is read from the
environment:

- ``DJANGO_DEBUG``: "true"/"false" (default "false": the site as a user sees it; "1" to
  develop with Django's debug pages).
- ``DJANGO_SECRET_KEY``: when unset, a key generated once per checkout and kept in the
  ignored file ``.secret_key`` at the repository's root.
- ``DJANGO_ALLOWED_HOSTS``: comma-separated host names (default "127.0.0.1,localhost"); add
  the machine's address or name to open the site to a classroom network.
- ``DJANGO_CSRF_TRUSTED_ORIGINS``: comma-separated origins, e.g. "https://example.org".
- ``DJANGO_SECURE``: "true" behind HTTPS (a proxy that sets ``X-Forwarded-Proto``): secure
  cookies, HSTS and the redirect to https. Off by default: ``make run`` serves plain http on
  this machine or a classroom network.
- ``DATABASE_URL``: any URL dj-database-url understands (default: SQLite in the repo root).
- ``REDIS_URL``: when set, channels uses a Redis channel layer and the cache (the abuse
  limits' counts) is in Redis too (needs the ``serve`` extra); otherwise an in-memory layer
  and cache, which only work within a single process.
"""

import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (true/false), got {raw!r}")


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DJANGO_DEBUG", False)
SECRET_KEY_FILE = BASE_DIR / ".secret_key"


def checkout_secret_key(path: Path = SECRET_KEY_FILE) -> str:
    """The key kept in ``path``, generated (readable by its owner only) the first time."""
    try:
        key = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        key = ""
    if key:
        return key
    from django.core.management.utils import get_random_secret_key

    key = get_random_secret_key()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process wrote it first: use that one
        return path.read_text(encoding="utf-8").strip() or key
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(key + "\n")
    return key


SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "") or checkout_secret_key()

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "simulator",  # first: its runserver (Daphne's, with bounded request heads) is the one run
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "csp",
    "channels",
]

MIDDLEWARE = [
    "simulator.requestid.RequestIdMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "simulator.policy.SitePolicyMiddleware",  # django-csp's, the policy built once
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "simulator.nul.NulMiddleware",  # before anything looks a parameter up in the database
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "simulator.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.i18n",
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "simulator.game_context.games",
            ],
        },
    },
]

WSGI_APPLICATION = "simulator.wsgi.application"
ASGI_APPLICATION = "simulator.asgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        # each request thread of a worker keeps its connection (simulator/handler.py: a fixed
        # pool of threads), checked at the start of every request
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "600")),
        conn_health_checks=True,
    ),
}

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # the embedded database: readers never wait for the writer (WAL), and a commit does not
    # wait for the disk (synchronous=NORMAL: a power cut may lose the last moves, a crash of
    # the server never does); a write takes its lock at once instead of failing midway
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        init_command="PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        transaction_mode="IMMEDIATE")

#: the games the site plays: their packages' import paths, the default game first
#: (docs/adding-a-game.md)
CHAIN_GAMES = env_list("CHAIN_GAMES", "engine.games.yugioh,engine.games.duel_masters")

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            # redis-py's reads time out after 5 s by default, as long as channels-redis's
            # blocking wait for messages: no timeout on the socket (the wait has its own), and
            # room for every socket of a classroom joining its group at once
            "CONFIG": {"hosts": [{"address": REDIS_URL, "socket_timeout": None,
                                  "max_connections": int(os.environ.get(
                                      "REDIS_MAX_CONNECTIONS", "1000"))}]},
        },
    }
    # the abuse limits (simulator/limits.py) count in Redis too: shared by every worker, as
    # are the classroom's live follower connections (simulator/followers.py)
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                          "LOCATION": REDIS_URL},
              "followers": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                            "LOCATION": REDIS_URL, "KEY_PREFIX": "followers"}}
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    # the live follower connections apart from the abuse limits' counters, which would evict
    # them from a cache of Django's default 300 entries
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
              "followers": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                            "LOCATION": "followers", "OPTIONS": {"MAX_ENTRIES": 200_000}}}
FOLLOWER_CACHE = "followers"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("fr", _("French")),
    ("ja", _("Japanese")),
]
USE_I18N = True
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# No page may be framed, except the embed views (they say so themselves).
X_FRAME_OPTIONS = "DENY"

# Static files are served by WhiteNoise, with DEBUG on or off: from the apps' and the project's
# static folders directly (no collectstatic needed to run), or from STATIC_ROOT once collected.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

# No inline script, no eval: every behaviour is in static/js; no inline style either.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
    },
}

# ``make run`` serves plain http (this machine, a classroom network): cookies are not Secure
# there. Behind HTTPS, DJANGO_SECURE=true turns on what ``manage.py check --deploy`` asks.
SECURE = env_bool("DJANGO_SECURE", False)
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = SECURE
# sessions (the grants of edit and seat links) read from the cache, written to both: the cache
# is Redis, shared by every worker, when REDIS_URL is set, and one process's memory otherwise
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
SESSION_COOKIE_HTTPONLY = True
# only the admin shows Django's messages: kept in the session, so a request that shows none
# (every page of the site) sets up no signed-cookie store for them
MESSAGE_STORAGE = "django.contrib.messages.storage.session.SessionStorage"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
if SECURE:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", True)

# Abuse limits (simulator/limits.py) are multiplied by this; the browser tests raise it.
RATE_LIMIT_FACTOR = max(1, int(os.environ.get("DJANGO_RATE_LIMIT_FACTOR", "1") or 1))

# Errors (every 500 with its traceback) and refused requests go to the console, each line
# with the id of its request (also sent back in the X-Request-ID header).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "simulator.requestid.RequestIdFilter"}},
    "formatters": {
        "console": {"format": "%(asctime)s %(levelname)s [%(request_id)s] %(name)s: "
                              "%(message)s"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["request_id"],
                    "formatter": "console"},
    },
    "root": {"handlers": ["console"], "level": "WARNING"},
    "loggers": {
        "django": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO"),
                   "propagate": False},
        "simulator": {"handlers": ["console"], "level": "INFO", "propagate": False},
    },
}
