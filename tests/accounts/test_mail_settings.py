"""Where mail goes: memory in tests, and production's SMTP server read from the environment
(clash/env.py)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from clash import env

EMAIL_VARIABLES = ("EMAIL_URL", "EMAIL_HOST", "EMAIL_PORT", "EMAIL_HOST_USER",
                   "EMAIL_HOST_PASSWORD", "EMAIL_USE_TLS")


@pytest.fixture(autouse=True)
def clean(monkeypatch):
    for name in EMAIL_VARIABLES:
        monkeypatch.delenv(name, raising=False)


def test_tests_keep_mail_in_memory():
    assert settings.EMAIL_BACKEND == "django.core.mail.backends.locmem.EmailBackend"


def test_an_email_url_gives_host_port_user_and_tls(monkeypatch):
    monkeypatch.setenv("EMAIL_URL", "smtp://clash%40example.org:s%3Acret@mail.example.org:2525")
    assert env.email_smtp() == {"host": "mail.example.org", "port": 2525,
                                "user": "clash@example.org", "password": "s:cret",
                                "use_tls": True, "use_ssl": False}
    monkeypatch.setenv("EMAIL_URL", "smtps://u:p@mail.example.org")
    assert env.email_smtp()["port"] == 465 and env.email_smtp()["use_ssl"]
    monkeypatch.setenv("EMAIL_URL", "smtp://mail.example.org?tls=0")
    assert env.email_smtp()["port"] == 25 and not env.email_smtp()["use_tls"]


def test_the_host_variables_without_a_url(monkeypatch):
    assert env.email_smtp() == {"host": "localhost", "port": 587, "user": "", "password": "",
                                "use_tls": True, "use_ssl": False}
    monkeypatch.setenv("EMAIL_HOST", "smtp.example.org")
    monkeypatch.setenv("EMAIL_PORT", "25")
    monkeypatch.setenv("EMAIL_USE_TLS", "0")
    monkeypatch.setenv("EMAIL_HOST_USER", "clash")
    monkeypatch.setenv("EMAIL_HOST_PASSWORD", "pw")
    assert env.email_smtp() == {"host": "smtp.example.org", "port": 25, "user": "clash",
                                "password": "pw", "use_tls": False, "use_ssl": False}


@pytest.mark.parametrize(("name", "value"), [("EMAIL_URL", "http://mail.example.org"),
                                             ("EMAIL_PORT", "twenty-five")])
def test_a_bad_value_is_refused_by_name(monkeypatch, name, value):
    monkeypatch.setenv(name, value)
    with pytest.raises(ImproperlyConfigured, match=name):
        env.email_smtp()


def test_the_sender_comes_from_default_from_email(monkeypatch):
    monkeypatch.setenv("DEFAULT_FROM_EMAIL", "Clash <noreply@example.org>")
    assert env.default_from_email(default="x") == "Clash <noreply@example.org>"
