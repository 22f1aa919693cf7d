"""Project package: settings, URLs, the Celery app and the small site around the apps."""

# CLASH_COMPILED_ENGINE chooses the compiled engine before anything imports `engine`.
from .compiled_engine import use_compiled_engine

use_compiled_engine()

# Loaded with Django so that @shared_task binds to this app and tasks enqueue through it.
from .celery import app as celery_app  # noqa: E402

__all__ = ("celery_app",)
