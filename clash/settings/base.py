"""Settings shared by every environment.

Pick one of the modules next to this one with DJANGO_SETTINGS_MODULE:
``local`` (the default for manage.py), ``test`` (pytest) or ``production``.
"""

from datetime import timedelta

from csp.constants import NONE, SELF

from clash import env

BASE_DIR = env.BASE_DIR

INSTALLED_APPS = [
    # First: its runserver serves ASGI (HTTP and the live pages' WebSockets, core/live.py).
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    # Before staticfiles, so runserver serves static files the way production does.
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    # The plumbing's template tags (core/templatetags) and commands (compile_catalogues).
    "core",
    "accounts",
    "decks",
    "tournaments",
    "play",
    "lab",
    "eventfile",
    "bench",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After the session, before CommonMiddleware (Django's order): the visitor's language from
    # the cookie, else the browser's Accept-Language (docs/languages.md).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Refuses oversized bodies and NUL bytes before any view (or CSRF's check) reads them.
    "core.inputs.InputGuardMiddleware",
    # A signed-in person's own language and time zone (their account), else a visitor's
    # browser zone from its cookie (core/i18n.py).
    "core.i18n.PreferencesMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: turns a locked login into its answer (core.logins).
    "axes.middleware.AxesMiddleware",
]

# Failed logins (core/logins.py): django-axes's backend first, so a locked pair of username
# and address is refused even with the right password.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    # Django's model backend refusing accounts whose address is unconfirmed (accounts/).
    "accounts.backends.ConfirmedBackend",
]
AXES_HANDLER = "axes.handlers.cache.AxesCacheHandler"
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "core.logins.lockout_response"
AXES_CLIENT_IP_CALLABLE = "core.logins.client_ip"
# The proxies in front (CIDR strings): X-Forwarded-For is believed only from a peer inside
# them, else the client's address is REMOTE_ADDR. None by default. Read by
# core.logins.client_ip.
CLASH_TRUSTED_PROXY_NETWORKS = env.trusted_proxy_networks(default="")

# Every asset is served by the site itself; Pico's icons are data: images in its stylesheet.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

ROOT_URLCONF = "clash.urls"
WSGI_APPLICATION = "clash.wsgi.application"
ASGI_APPLICATION = "clash.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": env.database()}

CACHES = {
    # The local memory cache of one process: enough for runserver and the tests. Production
    # keeps the login and rate-limit counters in Redis, shared by every worker.
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    # Computed standings, the standings API's answer and the standings and pairings pages'
    # fragments (tournaments.selectors.cache). Their keys carry the event's results version, so
    # each process's own memory is never stale: no shared store needed. About 300 entries of
    # some 50 KB at most per process.
    "standings": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "clash-standings",
        "TIMEOUT": 15 * 60,
    },
}
# Visitors who are not signed in get the kept standings and pairings of the results version
# this process read at most this many seconds ago (no query at all): a page a second old,
# and a crowd's refreshes never wait on the database. Signed-in people read the version on
# every request, so whoever changes a result sees it at once. 0 reads it every time.
CLASH_VISITOR_VERSION_SECONDS = 1.0
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# The community's six languages and English (docs/languages.md), each named in itself. The
# menu offers a language only once its compiled catalogue exists (core.i18n.languages_offered).
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("sr", "Српски"),
    ("sr-latn", "Srpski (latinica)"),
    ("eo", "Esperanto"),
    ("tr", "Türkçe"),
    ("cs", "Čeština"),
    ("ru", "Русский"),
]
# locale/<folder>/LC_MESSAGES/django.po and .mo; the folders are sr, sr_Latn, eo, tr, cs, ru.
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_NAME = "clash_language"
LANGUAGE_COOKIE_SAMESITE = "Lax"
# One year: a visitor's choice outlives the browser session.
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
# The browser's own zone, stored by static/js/timezone.js (core.i18n.PreferencesMiddleware).
CLASH_TIME_ZONE_COOKIE = "clash_time_zone"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
# Dates and numbers in the reader's language: Django's formats per language, corrected and
# completed by the project's own (clash/formats/, docs/languages.md).
FORMAT_MODULE_PATH = ["clash.formats"]

# Static files are served by the project itself (WhiteNoise), never from a CDN.
STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # The pages log in with Django's auth (session, so unsafe methods need the CSRF token);
    # scripts use HTTP basic. Session first: an anonymous request gets 403, not a browser's
    # basic-auth prompt.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "core.logins.BasicAuthentication",
    ],
    # Closed by default; public endpoints (the catalogue, published lists) open up explicitly.
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # JSON, form and multipart bodies limited by size, depth and NUL bytes (core/inputs.py).
    "DEFAULT_PARSER_CLASSES": [
        "core.inputs.JSONParser",
        "core.inputs.FormParser",
        "core.inputs.MultiPartParser",
    ],
    # Writes per user; reads are not throttled (core/api/throttles.py).
    "DEFAULT_THROTTLE_CLASSES": ["core.api.throttles.WriteRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {"writes": "120/min"},
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 100,
    "EXCEPTION_HANDLER": "core.api.errors.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Clash API",
    "DESCRIPTION": "Decks and tournaments for Clash of Decks.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Request and response bodies are different serializers; keep them apart in the schema.
    "COMPONENT_SPLIT_REQUEST": True,
    # Django's <int:...> converter matches digits only: a negative id never reaches a view.
    "PATH_CONVERTER_OVERRIDES": {"int": {"type": "integer", "minimum": 0}},
    # Swagger UI and Redoc from drf-spectacular-sidecar's static files, never a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Deep links would put a link inside each operation's button (a control inside a control,
    # which a screen reader cannot reach): the operations are found by their tags instead.
    "SWAGGER_UI_SETTINGS": {"deepLinking": False},
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "core.api.schema.list_error_responses",
        "core.api.schema.limit_responses",
    ],
}

# Celery reads every CELERY_* setting below (see clash/celery.py).
CELERY_BROKER_URL = env.celery_broker_url(default="redis://127.0.0.1:6379/0")
# Live pages (core/live.py, docs/live.md): Redis when there is one (the web processes and the
# workers share it), else one process's layer in memory.
CHANNEL_LAYERS = env.channel_layers(env.channel_layer_url(broker=CELERY_BROKER_URL))
CELERY_TASK_ALWAYS_EAGER = False
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Tasks acknowledge on receipt; only tasks proven idempotent opt in to acks_late (with
# reject_on_worker_lost, so a killed worker's task goes back to the queue).
CELERY_TASK_ACKS_LATE = False
# One task at a time per worker process: a long game never waits behind another's prefetch.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Redis redelivers an unacknowledged task after this long: longer than any task may run
# (CELERY_TASK_TIME_LIMIT), so a slow task is never run twice at once by redelivery.
CELERY_TASK_TIME_LIMIT = 15 * 60
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 60 * 60}
CELERY_RESULT_BACKEND = env.celery_result_backend(broker=CELERY_BROKER_URL)
CELERY_RESULT_EXPIRES = 24 * 60 * 60

LOGIN_URL = "login"
# Sign-up, password-reset, address-change and confirmation-resend requests per client
# address and per e-mail address in each window of CLASH_ACCOUNT_RATE_WINDOW seconds
# (accounts/services/rates.py).
CLASH_ACCOUNT_RATES = {"signup": {"ip": 10, "address": 3}, "reset": {"ip": 10, "address": 3},
                       # Claim codes of walk-in seats (tournaments/services/walkins.py).
                       "claim": {"ip": 20, "address": 5},
                       "email_change": {"ip": 10, "address": 3},
                       "resend": {"ip": 10, "address": 3}}
CLASH_ACCOUNT_RATE_WINDOW = 60 * 60
# How long a sign-up's confirmation link, and an address change's, works.
CLASH_CONFIRMATION_DAYS = 3
# Password reset links (Django's own views) work as long.
PASSWORD_RESET_TIMEOUT = 3 * 24 * 60 * 60
DEFAULT_FROM_EMAIL = env.default_from_email(default="Clash <clash@localhost>")
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# How AI seats play the matches the engine decides (random, scripted, greedy, search or expert).
CLASH_AI_SEAT_LEVEL = env.ai_seat_level(default="greedy")

# Recovery of engine work (tournaments/services/engine_jobs.py, core/deliveries.py), in
# seconds. A worker stamps the match jobs it runs every CLASH_JOB_HEARTBEAT_SECONDS; celery beat
# sends the sweeper every CLASH_JOB_SWEEP_SECONDS, and it queues again a running job silent for
# CLASH_JOB_LOST_SECONDS (its worker died) and a queued job whose message the broker no longer
# holds (lost in a flush or a restart, or reserved that long by a worker that died); a message
# still waiting in the queue is a backlog and is left alone. A job gets at most
# CLASH_JOB_MAX_DELIVERIES messages, then fails for the organizer to settle.
CLASH_JOB_HEARTBEAT_SECONDS = 5.0
CLASH_JOB_SWEEP_SECONDS = 15.0
CLASH_JOB_LOST_SECONDS = 30.0
CLASH_JOB_MAX_DELIVERIES = 5

# Every CLASH_TIME_SWEEP_SECONDS celery beat sends the sweep of online match games at time
# (ruling C-7.5c, tournaments/services/online_time.py): the games nobody touches get their
# last turns, and matches between games end with their games so far.
CLASH_TIME_SWEEP_SECONDS = 15.0

# Every CLASH_DRAFT_SWEEP_SECONDS celery beat sends the sweep of draft picks whose pick timer
# ran out (tournaments/services/pods.py, drafts_at_time): the drafts nobody reads move on.
CLASH_DRAFT_SWEEP_SECONDS = 5.0

# celery beat: the sweepers above (the database is the truth; the broker may lose messages).
CELERY_BEAT_SCHEDULE = {
    "sweep-engine-jobs": {"task": "tournaments.jobs_sweep",
                          "schedule": CLASH_JOB_SWEEP_SECONDS},
    "sweep-online-games-at-time": {"task": "tournaments.online_matches_at_time",
                                   "schedule": CLASH_TIME_SWEEP_SECONDS},
    "sweep-draft-picks-at-time": {"task": "tournaments.drafts_at_time",
                                  "schedule": CLASH_DRAFT_SWEEP_SECONDS},
}
