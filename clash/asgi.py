"""ASGI entry point: the pages (HTTP) and the live pages' WebSockets (clash/routing.py).

A socket is authenticated by the session cookie (AuthMiddlewareStack) and refused unless its
Origin is one of ALLOWED_HOSTS (AllowedHostsOriginValidator): a page of another site cannot
open one with a visitor's cookie.
"""

import os

from django.core.asgi import get_asgi_application

# Servers run production settings unless told otherwise.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clash.settings.production")

# Django is set up before the consumers' modules import models.
http_application = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from clash.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter({
    "http": http_application,
    "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
})
