"""The sign-up's confirmation link, sent again: from the login page's refusal of an
unconfirmed account and a small page of its own, throttled, and answering the same whatever
the address, so it tells no one which addresses have an account."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.models import Profile
from tests.accounts.worker import worker
from tests.factories import UserFactory
from tests.factories.accounts import ProfileFactory
from tests.web import html

pytestmark = pytest.mark.django_db

DONE = ("If an account that is not confirmed yet has that address, a new confirmation link "
        "is on its way.")


@pytest.fixture
def maren():  # noqa: ANN201
    user = UserFactory(username="maren", email="maren@example.com")
    ProfileFactory(user=user, email_confirmed=False)
    return user


def resend(email: str, ip: str = "198.51.100.7"):  # noqa: ANN201
    with worker():
        return Client(REMOTE_ADDR=ip).post(reverse("accounts:confirm_resend"),
                                           {"email": email})


def test_a_new_link_goes_to_an_unconfirmed_account_and_confirms_it(maren):
    response = resend("Maren@Example.com")
    assert response.status_code == 200 and DONE in html(response)
    [message] = mail.outbox
    assert message.to == ["maren@example.com"]
    link = re.search(r"https?://testserver(/\S+)", message.body).group(1)
    client = Client()
    assert client.post(link)["Location"] == reverse("login")
    assert Profile.objects.get(user=maren).email_confirmed
    assert "_auth_user_id" not in client.session


@pytest.mark.parametrize("email", ["nobody@example.com", "olaf@example.com"])
def test_an_unknown_or_confirmed_address_gets_the_same_answer_and_no_mail(maren, email):
    UserFactory(username="olaf", email="olaf@example.com")  # confirmed (no profile)
    ProfileFactory(user=UserFactory(username="gone", email="gone@example.com",
                                    is_active=False), email_confirmed=False)
    known = html(resend("maren@example.com"))
    mail.outbox.clear()
    other = resend(email)
    assert other.status_code == 200 and html(other) == known
    assert mail.outbox == []
    assert resend("gone@example.com").status_code == 200 and mail.outbox == []


def test_the_login_refusal_of_an_unconfirmed_account_links_to_the_page(maren):
    refused = Client().post(reverse("login"), {"username": "maren",
                                               "password": "pw-for-tests-1"})
    page = html(refused)
    assert "Your e-mail address is not confirmed yet" in page
    assert reverse("accounts:confirm_resend") in page
    # A wrong password says nothing about the account, and links to nothing of the kind.
    wrong = html(Client().post(reverse("login"), {"username": "maren",
                                                  "password": "nope-nope-1"}))
    assert reverse("accounts:confirm_resend") not in wrong
    assert reverse("accounts:confirm_resend") not in html(Client().get(reverse("login")))


def test_the_page_and_its_links_from_sign_up_and_a_stale_link():
    page = Client().get(reverse("accounts:confirm_resend"))
    assert page.status_code == 200 and "Send the confirmation link again" in html(page)
    stale = Client().get(reverse("accounts:confirm", args=["not-a-token"]))
    assert stale.status_code == 400 and reverse("accounts:confirm_resend") in html(stale)
    signed_up = Client().post(reverse("accounts:signup"), {
        "username": "nils", "display_name": "", "email": "nils@example.com",
        "password1": "a-long-Passphrase-41", "password2": "a-long-Passphrase-41"})
    assert reverse("accounts:confirm_resend") in html(signed_up)


def test_a_bad_address_is_named_and_mails_nothing(maren):
    response = resend("not-an-address")
    assert response.status_code == 400 and "Enter a valid email address." in html(response)
    assert mail.outbox == []


def test_requests_are_throttled_per_address_and_per_client(maren, settings):
    settings.CLASH_ACCOUNT_RATES = {**settings.CLASH_ACCOUNT_RATES,
                                    "resend": {"ip": 3, "address": 2}}
    assert resend("maren@example.com", ip="203.0.113.1").status_code == 200
    assert resend("maren@example.com", ip="203.0.113.2").status_code == 200
    refused = resend("MAREN@example.com", ip="203.0.113.3")
    assert refused.status_code == 429 and refused["Retry-After"] == "3600"
    assert "Too many confirmation mails asked for" in html(refused)
    assert len(mail.outbox) == 2
    # An unknown address counts the same: the limit tells nothing either.
    for n in range(3):
        assert resend(f"x{n}@example.com", ip="198.51.100.9").status_code == 200
    assert resend("x9@example.com", ip="198.51.100.9").status_code == 429
