"""A signed-in session cannot guess its own password: the pages that ask for it again (deleting
the account, changing the password or the address) count wrong ones against the login lock of
the username and address (core/logins.py), and a locked pair is refused with 429 even for the
right password. Tested as an attacker holding someone's open session."""

from __future__ import annotations

import itertools

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.web import html

pytestmark = pytest.mark.django_db

PASSWORD = "pw-for-tests-1"  # UserFactory's
HOME = "198.51.100.20"
ADDRESSES = itertools.count()


def session(user, address: str = HOME) -> Client:  # noqa: ANN001
    client = Client(REMOTE_ADDR=address)
    client.force_login(user)
    return client


def delete(client: Client, password: str):  # noqa: ANN201
    return client.post(reverse("accounts:delete"), {"password": password})


def change(client: Client, password: str):  # noqa: ANN201
    return client.post(reverse("password_change"), {
        "old_password": password, "new_password1": "Other-passphrase-88",
        "new_password2": "Other-passphrase-88"})


def email(client: Client, password: str):  # noqa: ANN201
    """Each to another new address: the address change's own rate limit is not the point."""
    return client.post(reverse("accounts:email_change"), {
        "email": f"new-{next(ADDRESSES)}@example.com", "password": password})


@pytest.mark.parametrize("attempt", [delete, change, email])
def test_the_fifth_wrong_password_locks_and_the_right_one_is_then_refused(attempt):
    user = UserFactory(username="olga", email="olga@example.com")
    attacker = session(user)
    answers = [attempt(attacker, f"guess-{n}").status_code for n in range(5)]
    # The form again (Django's password change answers it with 200), then the lock.
    assert all(code in (200, 400) for code in answers[:4]) and answers[4] == 429

    right = attempt(attacker, PASSWORD)

    assert right.status_code == 429 and right["Retry-After"] == str(15 * 60)
    assert "Too many wrong passwords for this account from your address" in html(right)
    user.refresh_from_db()
    assert user.check_password(PASSWORD)
    assert user.email == "olga@example.com"
    assert get_user_model().objects.filter(pk=user.pk).exists()


def test_guesses_on_the_account_pages_lock_the_login_too():
    """One counter per username and address, whichever door the guesses come through."""
    user = UserFactory(username="olga")
    attacker = session(user)
    for n in range(3):
        delete(attacker, f"guess-{n}")
    for n in range(2):
        change(attacker, f"guess-{n}")

    login = Client(REMOTE_ADDR=HOME).post(reverse("login"), {"username": "olga",
                                                             "password": PASSWORD})

    assert login.status_code == 429


def test_the_lock_holds_for_the_pair_only():
    user = UserFactory(username="olga")
    for n in range(5):
        delete(session(user), f"guess-{n}")

    elsewhere = change(session(user, "203.0.113.9"), PASSWORD)

    assert elsewhere.status_code == 302
    user.refresh_from_db()
    assert user.check_password("Other-passphrase-88")


def test_a_right_password_still_deletes_the_account():
    user = UserFactory(username="olga")
    client = session(user)
    assert delete(client, "guess").status_code == 400
    assert delete(client, PASSWORD).status_code == 302
    assert not get_user_model().objects.filter(pk=user.pk).exists()
