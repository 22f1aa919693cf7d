"""Each settings module behaves as documented, checked in a fresh process per module."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from clash.celery import app as celery_app

PROJECT_ROOT = Path(__file__).resolve().parent.parent

# Variables the settings read; cleared so the developer's own environment can't leak in.
SETTINGS_VARIABLES = (
    "DJANGO_SETTINGS_MODULE",
    "SECRET_KEY",
    "DEBUG",
    "ALLOWED_HOSTS",
    "DATABASE_URL",
    "REDIS_URL",
    "CELERY_BROKER_URL",
    "CELERY_TASK_ALWAYS_EAGER",
    "TRUSTED_PROXIES",
    "TRUSTED_PROXY_NETWORKS",
)

PRODUCTION_ENV = {
    "DJANGO_SETTINGS_MODULE": "clash.settings.production",
    "SECRET_KEY": "x7#kq2!vLw9@pZr4$Tn8^bYe6&Hc3*Ud5(Mf1)Ga0_Js-Ro=Xi+Wl;Qo:Ek<Vp>Nt",
    "ALLOWED_HOSTS": "clash.example.org",
    "DATABASE_URL": "postgres://clash:secret@db.example.org:5432/clash",
    "REDIS_URL": "redis://redis.example.org:6379/0",
}


def run_django(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run Python ``code`` after django.setup() in a new process with ``env`` over a clean one."""
    clean = {k: v for k, v in os.environ.items() if k not in SETTINGS_VARIABLES}
    script = f"import django\ndjango.setup()\n{code}"
    return subprocess.run(
        [sys.executable, "-c", script],
        cwd=PROJECT_ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in SETTINGS_VARIABLES}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=PROJECT_ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_settings_pass_the_deployment_checklist() -> None:
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION_ENV)

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_production_settings_read_postgres_and_redis_from_the_environment() -> None:
    result = run_django(
        "from django.conf import settings as s\n"
        "import json\n"
        "db = s.DATABASES['default']\n"
        "print(json.dumps([db['ENGINE'], db['HOST'], db['NAME'], s.CELERY_BROKER_URL,"
        " s.CELERY_TASK_ALWAYS_EAGER, s.DEBUG]))",
        env=PRODUCTION_ENV,
    )

    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [
        "django.db.backends.postgresql",
        "db.example.org",
        "clash",
        "redis://redis.example.org:6379/0",
        False,
        False,
    ]


@pytest.mark.parametrize("missing", ["SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL", "REDIS_URL"])
def test_production_settings_refuse_to_start_without_required_variables(missing: str) -> None:
    env = {k: v for k, v in PRODUCTION_ENV.items() if k != missing}

    result = run_django("", env=env)

    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert missing in result.stderr


def test_local_settings_use_sqlite_in_the_project_and_eager_tasks() -> None:
    result = run_django(
        "from django.conf import settings as s\n"
        "from clash.celery import app\n"
        "import json\n"
        "db = s.DATABASES['default']\n"
        "print(json.dumps([db['ENGINE'], str(db['NAME']), app.conf.task_always_eager,"
        " app.conf.task_eager_propagates, s.DEBUG]))",
        env={"DJANGO_SETTINGS_MODULE": "clash.settings.local"},
    )

    assert result.returncode == 0, result.stderr
    engine, name, eager, propagates, debug = json.loads(result.stdout)
    assert engine == "django.db.backends.sqlite3"
    assert Path(name) == PROJECT_ROOT / "db.sqlite3"
    assert eager is True
    assert propagates is True
    assert debug is True


def test_manage_py_defaults_to_local_settings() -> None:
    result = manage("diffsettings", "--output", "unified", env={})

    assert result.returncode == 0, result.stderr
    assert "django.db.backends.sqlite3" in result.stdout


def test_test_settings_keep_celery_tasks_queued_not_eager() -> None:
    # Eager tasks would hide serialisation and on-commit bugs.
    assert settings.CELERY_TASK_ALWAYS_EAGER is False
    assert celery_app.conf.task_always_eager is False


def test_test_settings_use_a_fast_password_hasher() -> None:
    assert settings.PASSWORD_HASHERS == ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_only_env_py_reads_the_environment() -> None:
    # Entry points may only give DJANGO_SETTINGS_MODULE a default.
    entry_points = {"manage.py", "clash/wsgi.py", "clash/asgi.py", "clash/celery.py"}
    offenders = []
    for folder in ("clash", "decks", "tournaments"):
        for path in (PROJECT_ROOT / folder).rglob("*.py"):
            relative = path.relative_to(PROJECT_ROOT).as_posix()
            if relative == "clash/env.py" or relative in entry_points:
                continue
            text = path.read_text()
            if "os.environ" in text or "os.getenv" in text or "getenv(" in text:
                offenders.append(relative)
    assert offenders == []


def test_production_keeps_login_and_rate_limit_counters_in_redis() -> None:
    result = run_django(
        "from django.conf import settings as s\n"
        "import json\n"
        "c = s.CACHES['default']\n"
        "print(json.dumps([c['BACKEND'], c['LOCATION'], s.AXES_HANDLER,"
        " s.CLASH_TRUSTED_PROXY_NETWORKS]))",
        env={**PRODUCTION_ENV, "CACHE_URL": "redis://redis.example.org:6379/1"},
    )

    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [
        "django.core.cache.backends.redis.RedisCache",
        "redis://redis.example.org:6379/1",
        "axes.handlers.cache.AxesCacheHandler",
        ["127.0.0.0/8", "::1/128"],
    ]


def test_production_believes_x_forwarded_for_only_from_its_proxies() -> None:
    """A client that reaches the site itself cannot name its own address (and so escape the
    login lock and every per-address limit); the proxy in front on the machine can."""
    result = run_django(
        "from django.test import RequestFactory\n"
        "from core.logins import client_ip\n"
        "import json\n"
        "def seen(peer):\n"
        "    return client_ip(RequestFactory().get('/', REMOTE_ADDR=peer,"
        " HTTP_X_FORWARDED_FOR='198.51.100.1, 203.0.113.7'))\n"
        "print(json.dumps([seen('192.0.2.50'), seen('127.0.0.1')]))",
        env=PRODUCTION_ENV,
    )

    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == ["192.0.2.50", "203.0.113.7"]


def test_production_refuses_the_former_count_of_proxies() -> None:
    result = run_django("", env={**PRODUCTION_ENV, "TRUSTED_PROXIES": "1"})

    assert result.returncode != 0
    assert "TRUSTED_PROXY_NETWORKS" in result.stderr


def test_the_embedded_default_counts_logins_in_the_local_memory_cache() -> None:
    assert settings.CACHES["default"]["BACKEND"] == (
        "django.core.cache.backends.locmem.LocMemCache")


def test_production_keeps_the_standings_cache_of_each_process() -> None:
    """The kept standings and pages (tournaments.selectors.cache) use a cache alias of their own,
    which the production settings must not drop when they move the default cache to Redis."""
    result = run_django(
        "from django.conf import settings as s\n"
        "print(s.CACHES['standings']['BACKEND'])",
        env={**PRODUCTION_ENV, "CACHE_URL": "redis://redis.example.org:6379/1"},
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "django.core.cache.backends.locmem.LocMemCache"
