"""Settings shared by every environment.

Pick one of the modules next to this one with DJANGO_SETTINGS_MODULE:
``local`` (the default for manage.py), ``test`` (pytest) or ``production``.
"""

from clash import env

BASE_DIR = env.BASE_DIR

INSTALLED_APPS = [
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
    "decks",
    "tournaments",
    "play",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

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
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    # Computed standings, the standings API's answer and the standings and pairings pages'
    # fragments (tournaments.page_cache). Their keys carry the event's results version, so
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

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

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
        "rest_framework.authentication.BasicAuthentication",
    ],
    # Closed by default; public endpoints (the catalogue, published lists) open up explicitly.
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 100,
    "EXCEPTION_HANDLER": "clash.api.exception_handler",
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
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "clash.schema.list_error_responses",
    ],
}

# Celery reads every CELERY_* setting below (see clash/celery.py).
CELERY_BROKER_URL = env.celery_broker_url(default="redis://127.0.0.1:6379/0")
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
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# How AI seats play the matches the engine decides (random, scripted, greedy or search).
CLASH_AI_SEAT_LEVEL = env.ai_seat_level(default="greedy")

# celery beat: the sweeper re-queues engine work stuck longer than a limit (the database is
# the truth; the broker may lose messages).
CELERY_BEAT_SCHEDULE = {
    "sweep-engine-jobs": {"task": "tournaments.jobs_sweep", "schedule": 60.0},
}
