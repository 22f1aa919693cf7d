"""Production: PostgreSQL, Redis and a Celery worker, all configured from the environment.

Required: SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL, and CELERY_BROKER_URL or REDIS_URL.
The site expects HTTPS to be terminated by a proxy in front of it (of daphne or gunicorn) that
sets ``X-Forwarded-Proto`` and ``X-Forwarded-For``; plain HTTP is redirected, except /health/
so probes can call it directly. TRUSTED_PROXY_NETWORKS names the proxy (default: loopback).
With those variables set, ``manage.py check --deploy`` reports no issues.
"""

from clash import env

from .base import *

SECRET_KEY = env.secret_key()
# Never from the environment: a stray DEBUG=1 would publish tracebacks and settings.
DEBUG = False
ALLOWED_HOSTS = env.allowed_hosts()

DATABASES = {
    "default": env.database(default_url=None, conn_max_age=600, conn_health_checks=True),
}

CELERY_BROKER_URL = env.celery_broker_url()
CELERY_RESULT_BACKEND = env.celery_result_backend(broker=CELERY_BROKER_URL)
CELERY_TASK_ALWAYS_EAGER = False
# The live pages (core/live.py): every ASGI process and worker on one Redis channel layer.
CHANNEL_LAYERS = env.channel_layers(env.channel_layer_url(broker=CELERY_BROKER_URL))

# Login and rate-limit counters (core/logins.py, core/api/throttles.py), shared by every worker.
# The standings' cache stays each process's own (settings/base.py).
CACHES = {**CACHES, "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                                "LOCATION": env.cache_url(broker=CELERY_BROKER_URL)}}
# A session is read from that cache (written to it and to the database): a signed-in request
# costs one query less. Nothing deletes session rows behind Django's back (a password change
# ends the other sessions by their hash, which the account row carries).
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
# Behind the TLS proxy the production settings expect (SECURE_PROXY_SSL_HEADER): by default
# one on the same machine; docker-compose.yml names its own network. A client reaching the
# site from anywhere else is counted by its connection, whatever X-Forwarded-For it sends.
CLASH_TRUSTED_PROXY_NETWORKS = env.trusted_proxy_networks(default="127.0.0.0/8,::1/128")

# Sign-up confirmations and password resets go out by SMTP (EMAIL_* variables, clash/env.py).
EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
_email = env.email_smtp()
EMAIL_HOST = _email["host"]
EMAIL_PORT = _email["port"]
EMAIL_HOST_USER = _email["user"]
EMAIL_HOST_PASSWORD = _email["password"]
EMAIL_USE_TLS = _email["use_tls"]
EMAIL_USE_SSL = _email["use_ssl"]
SERVER_EMAIL = DEFAULT_FROM_EMAIL

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed, compressed files that can be cached forever; built by `collectstatic`.
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = True
SECURE_REDIRECT_EXEMPT = [r"^health/$"]
SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "INFO"},
}
