"""Local development: the settings `make demo` and `manage.py` use by default.

Needs nothing but Python: the database is the SQLite file ``db.sqlite3`` in the project root
and Celery tasks run in-process, eagerly, as soon as they are enqueued, so no broker or worker
is involved. To try the real thing, set DATABASE_URL, CELERY_BROKER_URL and
CELERY_TASK_ALWAYS_EAGER=0 and start ``celery -A clash worker``.
"""

from clash import env

from .base import *

# A fixed key is fine here: this module is never used to serve real users.
SECRET_KEY = env.secret_key(default="local-development-key-not-for-production-use-0123456789")
DEBUG = env.debug(default=True)
ALLOWED_HOSTS = env.allowed_hosts(default=["localhost", "127.0.0.1", "[::1]"])

# The local memory cache (base.py) counts failed logins per process: right for one process
# (runserver, the tests), which is all these settings serve; production uses Redis.
SILENCED_SYSTEM_CHECKS = ["axes.W001"]

# Mail (sign-up confirmations, password resets) is printed where runserver runs.
EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"

CELERY_TASK_ALWAYS_EAGER = env.celery_task_always_eager(default=True)
# An eager task that raises should raise at the call site, not vanish into a result object.
CELERY_TASK_EAGER_PROPAGATES = True
# With eager tasks nothing is sent; the in-memory transport keeps Redis optional.
CELERY_BROKER_URL = env.celery_broker_url(default="memory://")
# The live pages' layer: in this process's memory unless Redis is configured.
CHANNEL_LAYERS = env.channel_layers(env.channel_layer_url(broker=CELERY_BROKER_URL))
CELERY_RESULT_BACKEND = env.celery_result_backend(broker=CELERY_BROKER_URL) or "cache+memory://"
