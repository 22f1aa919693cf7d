"""Project package: settings, URLs, the Celery app and the small site around the apps."""

# Loaded with Django so that @shared_task binds to this app and tasks enqueue through it.
from .celery import app as celery_app

__all__ = ("celery_app",)
