"""A person changes the e-mail address of their account: the link goes to the new address,
the old one gets a notice, and the address changes only when the link is followed by the
same account, once, in time. Another account's address is refused without naming it."""

from __future__ import annotations

import re
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.core import mail, signing
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import Profile
from accounts.services.email_changes import email_change_confirm, email_change_token
from core.errors import DomainError
from tests.accounts.worker import worker
from tests.factories import UserFactory
from tests.web import html, signed_in

pytestmark = pytest.mark.django_db

PASSWORD = "pw-for-tests-1"


@pytest.fixture
def ada():  # noqa: ANN201
    return UserFactory(username="ada", email="ada@example.com")


def link_in(message) -> str:  # noqa: ANN001
    return re.search(r"https?://testserver(/\S+)", message.body).group(1)


def ask(client: Client, email: str, password: str = PASSWORD, ip: str = "198.51.100.7"):  # noqa: ANN201
    """Ask for the change, and let the worker mail what the request enqueued."""
    with worker():
        return client.post(reverse("accounts:email_change"),
                           {"email": email, "password": password}, REMOTE_ADDR=ip)


def email_of(user) -> str:  # noqa: ANN001
    return get_user_model().objects.get(pk=user.pk).email


def test_the_link_goes_to_the_new_address_and_the_old_one_gets_a_notice(ada):
    client = signed_in(ada)
    response = ask(client, "ada.new@example.com")
    assert response.status_code == 302 and response["Location"] == reverse("me")
    me = html(client.get(reverse("me")))
    assert ("We sent a link to ada.new@example.com: open it to make it your address. Until "
            "then your address stays ada@example.com.") in me
    link_mail, notice = mail.outbox
    assert link_mail.to == ["ada.new@example.com"]
    assert link_mail.subject == "Confirm your new e-mail address for Clash"
    assert notice.to == ["ada@example.com"] and "ada.new@example.com" in notice.body
    assert "testserver/" not in notice.body  # the link only goes to the new address
    assert email_of(ada) == "ada@example.com"  # nothing changes yet

    link = link_in(link_mail)
    page = client.get(link)
    assert page.status_code == 200 and "Change my address" in html(page)
    assert email_of(ada) == "ada@example.com"  # opening the link (a mail scanner) is not it
    done = client.post(link)
    assert done.status_code == 302 and done["Location"] == reverse("me")
    assert email_of(ada) == "ada.new@example.com"
    profile = Profile.objects.get(user=ada)
    assert profile.email_confirmed and profile.email_changed_at is not None
    assert "Your e-mail address is now ada.new@example.com." in html(client.get(reverse("me")))


def test_the_me_page_shows_the_address_and_links_to_the_change(ada):
    page = html(signed_in(ada).get(reverse("me")))
    assert "ada@example.com" in page and reverse("accounts:email_change") in page


def test_a_followed_link_works_once(ada):
    client = signed_in(ada)
    ask(client, "ada.new@example.com")
    link = link_in(mail.outbox[0])
    assert client.post(link).status_code == 302
    again = client.post(link)
    assert again.status_code == 400 and "it was used already" in html(again)
    assert email_of(ada) == "ada.new@example.com"


def test_someone_elses_link_changes_nothing(ada):
    ask(signed_in(ada), "ada.new@example.com")
    link = link_in(mail.outbox[0])
    bob = UserFactory(username="bob", email="bob@example.com")
    intruder = signed_in(bob)
    assert intruder.get(link).status_code == 400
    refused = intruder.post(link)
    assert refused.status_code == 400 and "is for another account" in html(refused)
    assert email_of(ada) == "ada@example.com" and email_of(bob) == "bob@example.com"
    # Signed out, the link asks to log in first and changes nothing.
    anonymous = Client().post(link)
    assert anonymous.status_code == 302 and reverse("login") in anonymous["Location"]
    assert email_of(ada) == "ada@example.com"


def test_an_expired_or_tampered_link_changes_nothing(ada, monkeypatch):
    client = signed_in(ada)
    ask(client, "ada.new@example.com")
    link = link_in(mail.outbox[0])
    assert client.post(link[:-4] + "abc/").status_code == 400
    later = signing.time.time() + 4 * 24 * 60 * 60  # the link works for 3 days
    monkeypatch.setattr(signing, "time", SimpleNamespace(time=lambda: later))
    expired = client.post(link)
    assert expired.status_code == 400 and "has expired" in html(expired)
    assert email_of(ada) == "ada@example.com"


def test_an_old_link_stays_dead_when_the_address_comes_back(ada):
    t0 = timezone.now()
    first = email_change_token(user_id=ada.pk, old_email=ada.email, new_email="b@example.com",
                               issued_at=int(t0.timestamp()))
    email_change_confirm(token=first, user=ada, now=t0 + timedelta(minutes=1))
    ada.refresh_from_db()
    back = email_change_token(user_id=ada.pk, old_email=ada.email, new_email="ada@example.com",
                              issued_at=int((t0 + timedelta(minutes=2)).timestamp()))
    email_change_confirm(token=back, user=ada, now=t0 + timedelta(minutes=3))
    ada.refresh_from_db()
    assert ada.email == "ada@example.com"
    with pytest.raises(DomainError, match="not valid"):
        email_change_confirm(token=first, user=ada, now=t0 + timedelta(minutes=4))
    assert email_of(ada) == "ada@example.com"


@pytest.mark.parametrize("taken", ["bob@example.com", "BOB@Example.com"])
def test_another_accounts_address_is_refused_without_naming_it(ada, taken):
    UserFactory(username="bob-the-secret", email="bob@example.com")
    response = ask(signed_in(ada), taken)
    assert response.status_code == 400
    page = html(response)
    assert "Another account uses this e-mail address already: choose another one." in page
    assert "bob-the-secret" not in page
    assert mail.outbox == [] and email_of(ada) == "ada@example.com"


def test_an_address_taken_after_the_link_was_mailed_is_refused_at_the_link(ada):
    client = signed_in(ada)
    ask(client, "ada.new@example.com")
    UserFactory(username="quick", email="ada.new@example.com")
    refused = client.post(link_in(mail.outbox[0]))
    assert refused.status_code == 409 and "Another account uses this e-mail" in html(refused)
    assert email_of(ada) == "ada@example.com"


@pytest.mark.parametrize(("email", "password", "message"), [
    ("ada@example.com", PASSWORD, "That is the address of your account already."),
    ("ADA@example.com", PASSWORD, "That is the address of your account already."),
    ("not-an-address", PASSWORD, "Enter a valid email address."),
    ("ada.new@example.com", "not-my-password", "That is not your password."),
])
def test_bad_input_says_what_is_wrong_and_mails_nothing(ada, email, password, message):
    response = ask(signed_in(ada), email, password)
    assert response.status_code == 400 and message in html(response)
    assert mail.outbox == [] and email_of(ada) == "ada@example.com"


def test_only_a_signed_in_person_asks(client):
    response = client.post(reverse("accounts:email_change"), {"email": "x@example.com",
                                                              "password": PASSWORD})
    assert response.status_code == 302 and reverse("login") in response["Location"]
    assert mail.outbox == []


def test_requests_are_throttled_per_new_address_and_per_client_address(ada, settings):
    settings.CLASH_ACCOUNT_RATES = {**settings.CLASH_ACCOUNT_RATES,
                                    "email_change": {"ip": 3, "address": 2}}
    client = signed_in(ada)
    assert ask(client, "one@example.com", ip="203.0.113.1").status_code == 302
    assert ask(client, "one@example.com", ip="203.0.113.2").status_code == 302
    refused = ask(client, "one@example.com", ip="203.0.113.3")
    assert refused.status_code == 429 and refused["Retry-After"] == "3600"
    assert "Too many address changes asked for" in html(refused)
    assert ask(client, "two@example.com", ip="198.51.100.9").status_code == 302
    assert ask(client, "three@example.com", ip="198.51.100.9").status_code == 302
    assert ask(client, "four@example.com", ip="198.51.100.9").status_code == 302
    assert ask(client, "five@example.com", ip="198.51.100.9").status_code == 429
    assert len(mail.outbox) == 2 * 5  # each allowed request: the link and the notice


def test_a_change_ends_the_password_reset_links_mailed_before_it(ada):
    reset_token = default_token_generator.make_token(ada)
    client = signed_in(ada)
    ask(client, "ada.new@example.com")
    client.post(link_in(mail.outbox[0]))
    ada.refresh_from_db()
    assert not default_token_generator.check_token(ada, reset_token)


def test_an_account_without_an_address_gets_one_and_no_notice_goes_anywhere():
    demo = UserFactory(username="demo-player", email="")
    client = signed_in(demo)
    assert "has no e-mail address yet" in html(client.get(reverse("accounts:email_change")))
    assert ask(client, "demo@example.com").status_code == 302
    [message] = mail.outbox
    assert message.to == ["demo@example.com"]
    assert "Until then your address stays" not in html(client.get(reverse("me")))
    client.post(link_in(message))
    assert email_of(demo) == "demo@example.com"
