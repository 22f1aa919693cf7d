"""Settings for the test suite (pytest sets DJANGO_SETTINGS_MODULE to this module).

The database comes from DATABASE_URL, so the same suite runs on SQLite (the default, an
in-memory test database) and on PostgreSQL (``DATABASE_URL=postgres://...``).

Celery tasks are NOT eager here: eager tasks hide serialisation and on-commit bugs. Test task
bodies by calling them directly, and test enqueueing by capturing on-commit callbacks
(``django_capture_on_commit_callbacks``).
"""

from clash import env

from .base import *

SECRET_KEY = "test-key-only-for-the-test-suite-0123456789-abcdefghijklmnopqrstuvwxyz"
DEBUG = False
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]

DATABASES = {"default": env.database()}

# Every request reads the results version, so a test sees each change at once (the tests of
# CLASH_VISITOR_VERSION_SECONDS set it themselves).
CLASH_VISITOR_VERSION_SECONDS = 0.0

# Hashing passwords properly is deliberately slow; tests create many users.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# The local memory cache (base.py) counts failed logins per process: right for one process
# (runserver, the tests), which is all these settings serve; production uses Redis.
SILENCED_SYSTEM_CHECKS = ["axes.W001"]

# Mail is kept in memory (django.core.mail.outbox).
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"

CELERY_TASK_ALWAYS_EAGER = False
# The live pages' layer in memory (the WebSocket tests run in this process), unless
# CHANNEL_LAYER_URL names a Redis (tests/integration and their workers).
CHANNEL_LAYERS = env.channel_layers(env.channel_layer_url(broker=None))
# A test that enqueues for real without a broker should fail at once, not retry for seconds.
CELERY_TASK_PUBLISH_RETRY = False

# No collectstatic in tests: WhiteNoise finds files in static/ as it does under runserver.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
