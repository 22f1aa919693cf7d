"""The one place that reads the process environment.

Settings modules call these functions instead of touching ``os.environ``, so every variable the
project understands is listed here, with its type and how it is parsed. Which settings module is
active is chosen by ``DJANGO_SETTINGS_MODULE`` alone; nothing here guesses the environment.

(The entry points ``manage.py``, ``wsgi.py``, ``asgi.py`` and ``celery.py`` only give
``DJANGO_SETTINGS_MODULE`` a default, as Django's own templates do.)

Variables:
    SECRET_KEY                 Django's signing key. Required in production.
    DEBUG                      "1"/"true"/"yes"/"on" or "0"/"false"/"no"/"off".
    ALLOWED_HOSTS              Comma-separated host names.
    DATABASE_URL               e.g. postgres://user:pass@host:5432/clash or sqlite:///path.
    REDIS_URL                  e.g. redis://host:6379/0; the Celery broker unless overridden.
    CELERY_BROKER_URL          Overrides REDIS_URL for the Celery broker.
    CELERY_TASK_ALWAYS_EAGER   Run Celery tasks in-process instead of sending them to a worker.
    CELERY_RESULT_BACKEND      Where task results go (default: the broker when it is Redis).
    CLASH_AI_SEAT_LEVEL        The engine AI level of AI seats (default greedy; random,
                               scripted, greedy, search or expert).
    CACHE_URL                  Production's cache (login and rate-limit counters), e.g.
                               redis://host:6379/1 (default: REDIS_URL, else a Redis broker).
    CHANNEL_LAYER_URL          The live pages' channel layer (core/live.py), e.g.
                               redis://host:6379/2 (default: REDIS_URL, else a Redis broker;
                               without Redis each process keeps its own, in memory).
    CHANNEL_LAYER_PREFIX       Its keys' prefix in Redis (default clash-live): sites, or test
                               runs, sharing one Redis keep apart.
    TRUSTED_PROXY_NETWORKS     Comma-separated addresses or networks (CIDR, e.g.
                               172.30.0.0/24,::1) of the proxies in front: X-Forwarded-For is
                               believed only from a peer inside them (core.logins.client_ip),
                               so logins are locked and requests limited per client address.
                               Default: none; production: loopback (127.0.0.0/8,::1). The
                               former TRUSTED_PROXIES (a count) is refused: a count believes
                               whoever connects.
    EMAIL_URL                  Production's SMTP server in one value:
                               smtp://user:password@host:587 (STARTTLS unless ?tls=0),
                               smtps://user:password@host:465 (TLS from the start); user and
                               password percent-encoded. Overrides the EMAIL_HOST group.
    EMAIL_HOST                 The SMTP server (default localhost), with EMAIL_PORT (default
                               587 with TLS, else 25), EMAIL_HOST_USER, EMAIL_HOST_PASSWORD
                               and EMAIL_USE_TLS (STARTTLS, default on).
    DEFAULT_FROM_EMAIL         The sender of the site's mail (default Clash <clash@localhost>).
"""

from __future__ import annotations

import ipaddress
import os
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
"""The project root: the folder holding manage.py."""

DEFAULT_DATABASE_URL = f"sqlite:///{BASE_DIR / 'db.sqlite3'}"

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def _get(name: str) -> str | None:
    value = os.environ.get(name)
    return value.strip() if value is not None else None


def _require(name: str, value: str | None) -> str:
    if not value:
        raise ImproperlyConfigured(f"The environment variable {name} must be set.")
    return value


def _bool(name: str, *, default: bool) -> bool:
    value = _get(name)
    if value is None:
        return default
    lowered = value.lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={value!r} is not a boolean (use 1/0, true/false).")


def secret_key(*, default: str | None = None) -> str:
    """SECRET_KEY; without a default the variable is required."""
    return _require("SECRET_KEY", _get("SECRET_KEY") or default)


def debug(*, default: bool) -> bool:
    return _bool("DEBUG", default=default)


def allowed_hosts(*, default: list[str] | None = None) -> list[str]:
    """ALLOWED_HOSTS as a list; without a default the variable is required."""
    value = _get("ALLOWED_HOSTS")
    hosts = default if value is None else [h.strip() for h in value.split(",") if h.strip()]
    if not hosts and default is None:
        raise ImproperlyConfigured("The environment variable ALLOWED_HOSTS must be set.")
    return list(hosts or [])


def database(*, default_url: str | None = DEFAULT_DATABASE_URL, **options: Any) -> dict[str, Any]:
    """The default DATABASES entry parsed from DATABASE_URL.

    ``options`` go to dj_database_url (conn_max_age, conn_health_checks, ...).
    With ``default_url=None`` the variable is required.
    """
    url = _require("DATABASE_URL", _get("DATABASE_URL") or default_url)
    return dj_database_url.parse(url, **options)


def redis_url(*, default: str | None = None) -> str | None:
    return _get("REDIS_URL") or default


def celery_broker_url(*, default: str | None = None) -> str:
    """CELERY_BROKER_URL, else REDIS_URL, else ``default``; required if there is none."""
    url = _get("CELERY_BROKER_URL") or _get("REDIS_URL") or default
    return _require("CELERY_BROKER_URL (or REDIS_URL)", url)


def celery_result_backend(*, broker: str) -> str | None:
    """CELERY_RESULT_BACKEND, else the broker when it is Redis (chords need a backend)."""
    return _get("CELERY_RESULT_BACKEND") or (broker if broker.startswith("redis") else None)


def compiled_engine() -> str | None:
    """CLASH_COMPILED_ENGINE: the folder of the compiled engine build this process runs
    (clash/compiled_engine.py), or None for the Python build."""
    return _get("CLASH_COMPILED_ENGINE") or None


def ai_seat_level(*, default: str) -> str:
    """CLASH_AI_SEAT_LEVEL: how AI seats play engine-decided matches (an engine AI level)."""
    return _get("CLASH_AI_SEAT_LEVEL") or default


def celery_task_always_eager(*, default: bool) -> bool:
    return _bool("CELERY_TASK_ALWAYS_EAGER", default=default)


def cache_url(*, broker: str) -> str:
    """CACHE_URL, else REDIS_URL, else the broker when it is Redis; required otherwise."""
    url = _get("CACHE_URL") or _get("REDIS_URL") or (broker if broker.startswith("redis")
                                                     else None)
    return _require("CACHE_URL (or REDIS_URL)", url)


def channel_layer_url(*, broker: str | None) -> str | None:
    """CHANNEL_LAYER_URL, else REDIS_URL, else the broker when it is Redis; None: none (each
    process's own layer in memory). Pass ``broker=None`` to read CHANNEL_LAYER_URL alone."""
    url = _get("CHANNEL_LAYER_URL")
    if url or broker is None:
        return url
    return _get("REDIS_URL") or (broker if broker.startswith("redis") else None)


def channel_layers(url: str | None) -> dict[str, Any]:
    """Django Channels' CHANNEL_LAYERS: Redis at `url` (shared by every web process and
    worker), else the in-memory layer of one process (the embedded default: runserver with
    its tasks in-process)."""
    if not url:
        return {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    prefix = _get("CHANNEL_LAYER_PREFIX") or "clash-live"
    return {"default": {"BACKEND": "channels_redis.core.RedisChannelLayer",
                        "CONFIG": {"hosts": [url], "prefix": prefix}}}


def trusted_proxy_networks(*, default: str) -> tuple[str, ...]:
    """TRUSTED_PROXY_NETWORKS (else ``default``) as normalised CIDR strings; set but empty:
    none. A host address is its /32 (or /128); host bits set under a mask are refused, as a
    mistyped network would trust more than meant."""
    if _get("TRUSTED_PROXIES"):
        raise ImproperlyConfigured(
            "TRUSTED_PROXIES is replaced by TRUSTED_PROXY_NETWORKS: list the addresses or "
            "networks (CIDR) of the proxies in front, e.g. TRUSTED_PROXY_NETWORKS="
            "172.30.0.0/24. A count of proxies believes X-Forwarded-For from whoever "
            "connects. Remove TRUSTED_PROXIES.")
    value = _get("TRUSTED_PROXY_NETWORKS")
    networks = []
    for part in (default if value is None else value).split(","):
        if not part.strip():
            continue
        try:
            networks.append(str(ipaddress.ip_network(part.strip())))
        except ValueError as exc:
            raise ImproperlyConfigured(
                f"TRUSTED_PROXY_NETWORKS: {part.strip()!r} is not an address or a network "
                f"({exc}); use e.g. 172.30.0.0/24 or 10.0.0.5.") from None
    return tuple(networks)


def default_from_email(*, default: str) -> str:
    return _get("DEFAULT_FROM_EMAIL") or default


def email_smtp() -> dict[str, Any]:
    """The SMTP server: EMAIL_URL, else EMAIL_HOST and its companions (see above)."""
    url = _get("EMAIL_URL")
    if url:
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise ImproperlyConfigured(f"EMAIL_URL must be smtp://... or smtps://..., with a "
                                       f"host (got scheme {parts.scheme!r}).")
        ssl = parts.scheme == "smtps"
        tls = not ssl and parse_qs(parts.query).get("tls", ["1"])[0].lower() in _TRUE
        return {"host": parts.hostname, "port": parts.port or (465 if ssl else 587 if tls else 25),
                "user": unquote(parts.username or ""), "password": unquote(parts.password or ""),
                "use_tls": tls, "use_ssl": ssl}
    tls = _bool("EMAIL_USE_TLS", default=True)
    port = _get("EMAIL_PORT")
    if port and not port.isdigit():
        raise ImproperlyConfigured(f"EMAIL_PORT={port!r} is not a port number.")
    return {"host": _get("EMAIL_HOST") or "localhost",
            "port": int(port) if port else (587 if tls else 25),
            "user": _get("EMAIL_HOST_USER") or "", "password": _get("EMAIL_HOST_PASSWORD") or "",
            "use_tls": tls, "use_ssl": False}
