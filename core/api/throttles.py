"""Rate limits of the API: state-changing requests per user (settings: "writes" in
REST_FRAMEWORK's DEFAULT_THROTTLE_RATES). Reads are not throttled. Counters live in the
default cache (Redis in production, shared by every gunicorn worker)."""

from __future__ import annotations

from typing import Any

from rest_framework.permissions import SAFE_METHODS
from rest_framework.throttling import UserRateThrottle

from core.logins import client_ip


class WriteRateThrottle(UserRateThrottle):
    """POST, PUT, PATCH and DELETE, counted per user (per address when anonymous)."""

    scope = "writes"

    def allow_request(self, request: Any, view: Any) -> bool:
        if request.method in SAFE_METHODS:
            return True
        return super().allow_request(request, view)

    def get_ident(self, request: Any) -> str:
        """An anonymous client's address as every other limit counts it (DRF's own would
        believe any X-Forwarded-For, a new address per request)."""
        return client_ip(request) or ""
