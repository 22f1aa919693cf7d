"""Sign-up and password-reset requests are rate-limited per client address and per e-mail
address (accounts/services/rates.py), with a clear message and 429."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse

from tests.accounts.worker import worker
from tests.factories import UserFactory
from tests.web import html

pytestmark = pytest.mark.django_db

RATES = {"signup": {"ip": 3, "address": 2}, "reset": {"ip": 3, "address": 2}}


@pytest.fixture(autouse=True)
def small_limits(settings):
    settings.CLASH_ACCOUNT_RATES = RATES
    settings.CLASH_ACCOUNT_RATE_WINDOW = 600


def sign_up(n: int, email: str, ip: str = "198.51.100.7"):  # noqa: ANN201
    with worker():
        return Client(REMOTE_ADDR=ip).post(reverse("accounts:signup"), {
            "username": f"new{n}", "email": email, "display_name": "",
            "password1": "a-long-Passphrase-41", "password2": "a-long-Passphrase-41"})


def reset(email: str, ip: str = "198.51.100.7"):  # noqa: ANN201
    with worker():
        return Client(REMOTE_ADDR=ip).post(reverse("password_reset"), {"email": email})


def test_sign_ups_from_one_address_stop_at_the_limit_with_a_clear_message():
    for n in range(3):
        assert sign_up(n, f"p{n}@example.com").status_code == 200
    refused = sign_up(9, "p9@example.com")
    assert refused.status_code == 429 and refused["Retry-After"] == "600"
    assert "Too many sign-ups from your address or for this e-mail address: try again in " \
           "10 minutes." in html(refused)
    assert not get_user_model().objects.filter(username="new9").exists()
    assert len(mail.outbox) == 3
    # Another client address is not held up.
    assert sign_up(10, "p10@example.com", ip="203.0.113.5").status_code == 200


def test_sign_ups_for_one_e_mail_address_stop_at_its_limit_from_any_address():
    assert sign_up(1, "same@example.com", ip="203.0.113.1").status_code == 200
    # The second is refused as a taken address, but counted.
    assert sign_up(2, "same@example.com", ip="203.0.113.2").status_code == 400
    assert sign_up(3, "SAME@example.com", ip="203.0.113.3").status_code == 429


def test_bad_forms_count_too():
    for n in range(3):
        assert sign_up(n, f"not-an-address-{n}").status_code == 400
    assert sign_up(4, "fine@example.com").status_code == 429


def test_reset_requests_for_one_address_stop_at_the_limit():
    UserFactory(email="olaf@example.com")
    assert reset("olaf@example.com", ip="203.0.113.1").status_code == 302
    assert reset("olaf@example.com", ip="203.0.113.2").status_code == 302
    refused = reset("olaf@example.com", ip="203.0.113.3")
    assert refused.status_code == 429
    assert "Too many password reset requests" in html(refused)
    assert len(mail.outbox) == 2


def test_reset_requests_from_one_client_address_stop_at_the_limit():
    for n in range(3):
        assert reset(f"r{n}@example.com").status_code == 302
    assert reset("r9@example.com").status_code == 429
    assert reset("r9@example.com", ip="203.0.113.9").status_code == 302


def test_sign_up_and_reset_are_counted_apart():
    for n in range(3):
        sign_up(n, f"p{n}@example.com")
    assert reset("someone@example.com").status_code == 302


def test_a_client_reaching_the_site_directly_cannot_choose_its_address(settings):
    """The attack: sign-ups each with another X-Forwarded-For. The header is believed only
    from the proxies' networks (core.logins.client_ip)."""
    settings.CLASH_TRUSTED_PROXY_NETWORKS = ("192.0.2.0/28",)
    answers = []
    for n in range(4):
        with worker():
            answers.append(Client(REMOTE_ADDR="203.0.113.50",
                                  HTTP_X_FORWARDED_FOR=f"198.51.100.{n}").post(
                reverse("accounts:signup"), {
                    "username": f"spoof{n}", "email": f"s{n}@example.com",
                    "display_name": "", "password1": "a-long-Passphrase-41",
                    "password2": "a-long-Passphrase-41"}).status_code)
    assert answers == [200, 200, 200, 429]
