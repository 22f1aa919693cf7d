"""ASGI entry point, for ASGI servers."""

import os

from django.core.asgi import get_asgi_application

# Servers run production settings unless told otherwise.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clash.settings.production")

application = get_asgi_application()
