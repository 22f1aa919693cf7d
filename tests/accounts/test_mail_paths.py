"""Whether an address has an account must not show in how long a request takes. The mail of
sign-up, confirmation, reset and address change is sent by a worker after the request's
transaction commits, and the requests take the same path for any address: the same queries
and one task, whose body finds the accounts (or none). A login hashes the password once,
whatever the account. The paths are tested, not the clock."""

from __future__ import annotations

import pytest
from django.contrib.auth.hashers import MD5PasswordHasher
from django.core import mail
from django.db import connection
from django.test import Client, TestCase
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.services.email_changes import email_change_mail_send
from accounts.services.signups import confirmation_mail_send
from tests.accounts.worker import tasks_of
from tests.factories import UserFactory
from tests.factories.accounts import ProfileFactory

pytestmark = pytest.mark.django_db


class CountingHasher(MD5PasswordHasher):
    """The tests' hasher, counting how often a password is hashed (one per check or set)."""

    algorithm = "md5"
    calls = 0

    def encode(self, password, salt):  # noqa: ANN001, ANN201
        CountingHasher.calls += 1
        return super().encode(password, salt)


@pytest.fixture
def people(settings):
    settings.PASSWORD_HASHERS = ["tests.accounts.test_mail_paths.CountingHasher"]
    confirmed = UserFactory(username="olaf", email="olaf@example.com")
    unconfirmed = UserFactory(username="maren", email="maren@example.com")
    ProfileFactory(user=unconfirmed, email_confirmed=False)
    return {"confirmed": confirmed, "unconfirmed": unconfirmed}


def request_path(method: str, url: str, data: dict) -> dict:
    """What a request does inside it: its queries, the tasks it leaves for after its commit,
    the mail it sends itself, and its answer."""
    outbox_before = len(mail.outbox)
    with CaptureQueriesContext(connection) as queries, \
            TestCase.captureOnCommitCallbacks() as callbacks:
        response = getattr(Client(REMOTE_ADDR="198.51.100.7"), method)(url, data)
    return {"queries": len(queries), "mailed": len(mail.outbox) - outbox_before,
            "tasks": [name for name, _ in tasks_of(callbacks)],
            "status": response.status_code, "location": response.get("Location")}


@pytest.mark.parametrize(("url", "task"), [
    ("password_reset", "accounts.password_reset_mail"),
    ("accounts:confirm_resend", "accounts.confirmation_resend"),
])
def test_a_known_and_an_unknown_address_take_the_same_path(people, url, task):
    paths = [request_path("post", reverse(url), {"email": email})
             for email in ("maren@example.com", "olaf@example.com", "nobody@example.com")]
    assert paths[0] == paths[1] == paths[2]
    assert paths[0]["mailed"] == 0 and paths[0]["tasks"] == [task]


def test_signing_up_sends_no_mail_in_the_request():
    path = request_path("post", reverse("accounts:signup"), {
        "username": "nils", "display_name": "", "email": "nils@example.com",
        "password1": "a-long-Passphrase-41", "password2": "a-long-Passphrase-41"})
    assert path["status"] == 200
    assert path["mailed"] == 0 and path["tasks"] == ["accounts.confirmation_mail"]


def test_asking_for_an_address_change_sends_no_mail_in_the_request(people):
    client = Client()
    client.force_login(people["confirmed"])
    with TestCase.captureOnCommitCallbacks() as callbacks:
        response = client.post(reverse("accounts:email_change"),
                               {"email": "olaf.new@example.com", "password": "pw-for-tests-1"})
    assert response.status_code == 302 and mail.outbox == []
    assert [name for name, _ in tasks_of(callbacks)] == ["accounts.email_change_mail"]


def login_path(username: str, password: str) -> tuple[int, int, bool]:
    """Hashings and queries of one failed login, and whether the page names the account as
    unconfirmed."""
    CountingHasher.calls = 0
    with CaptureQueriesContext(connection) as queries:
        response = Client().post(reverse("login"), {"username": username,
                                                    "password": password})
    assert response.status_code == 200
    return CountingHasher.calls, len(queries), "not confirmed yet" in response.content.decode()


def test_a_wrong_password_takes_the_same_path_for_any_account(people):
    paths = {name: login_path(name, "wrong-guess-1") for name in ("olaf", "maren", "nobody")}
    assert paths["olaf"] == paths["maren"] == paths["nobody"] == (1, 1, False)


def test_the_right_password_of_an_unconfirmed_account_is_hashed_once_and_named(people):
    hashings, _, named = login_path("maren", "pw-for-tests-1")
    assert hashings == 1 and named


def test_the_tasks_mail_nothing_for_an_account_gone_or_changed_since(people):
    origin = "https://clash.example.org/"
    olaf, maren = people["confirmed"], people["unconfirmed"]
    assert confirmation_mail_send(user_id=olaf.pk, origin=origin, language="en") is False
    assert email_change_mail_send(user_id=olaf.pk, old_email="before@example.com",
                                  new_email="x@example.com", issued_at=0, origin=origin,
                                  language="en") is False
    assert confirmation_mail_send(user_id=maren.pk, origin=origin, language="en") is True
    [message] = mail.outbox
    assert "https://clash.example.org/accounts/confirm/" in message.body
    maren.delete()
    assert confirmation_mail_send(user_id=maren.pk, origin=origin, language="en") is False


def test_the_mail_speaks_the_language_of_the_request(people):
    with TestCase.captureOnCommitCallbacks() as callbacks:
        Client(HTTP_ACCEPT_LANGUAGE="cs").post(reverse("accounts:confirm_resend"),
                                               {"email": "maren@example.com"})
    [(name, kwargs)] = tasks_of(callbacks)
    assert kwargs["language"] == "cs"
