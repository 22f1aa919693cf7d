"""WSGI entry point for gunicorn: `gunicorn clash.wsgi`."""

import os

from django.core.wsgi import get_wsgi_application

# Servers run production settings unless told otherwise.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clash.settings.production")

application = get_wsgi_application()
