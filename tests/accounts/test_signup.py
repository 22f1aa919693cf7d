"""Sign-up with e-mail confirmation, the login it allows, and password change and reset by
Django's own views."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.models import Profile
from tests.accounts.worker import worker
from tests.factories import UserFactory
from tests.factories.accounts import ProfileFactory
from tests.web import html

pytestmark = pytest.mark.django_db

GOOD = {"username": "maren", "display_name": "Maren S.", "email": "maren@example.com",
        "password1": "a-long-Passphrase-41", "password2": "a-long-Passphrase-41"}


def link_in(message) -> str:  # noqa: ANN001
    return re.search(r"https?://testserver(/\S+)", message.body).group(1)


def logs_in(username: str, password: str) -> bool:
    """Whether the login page lets this pair in (through django-axes, as a person would)."""
    client = Client()
    client.post(reverse("login"), {"username": username, "password": password})
    return "_auth_user_id" in client.session


def sign_up(client: Client, **changes):  # noqa: ANN201
    """Sign up, and let the worker mail what the request enqueued."""
    with worker():
        return client.post(reverse("accounts:signup"), {**GOOD, **changes})


def reset(client: Client, email: str, **options):  # noqa: ANN003, ANN201
    with worker():
        return client.post(reverse("password_reset"), {"email": email}, **options)


def test_signing_up_mails_a_link_that_confirms_the_address_and_signs_no_one_in(client):
    response = sign_up(client)
    assert response.status_code == 200
    assert "We sent a link to maren@example.com" in html(response)
    user = get_user_model().objects.get(username="maren")
    assert user.email == "maren@example.com"
    assert Profile.objects.get(user=user).display_name == "Maren S."
    assert not Profile.objects.get(user=user).email_confirmed

    [message] = mail.outbox
    assert message.to == ["maren@example.com"]
    link = link_in(message)
    page = client.get(link)
    assert page.status_code == 200 and "Confirm my address" in html(page)
    # Opening the link (as a mail scanner would) confirms nothing yet.
    assert not Profile.objects.get(user=user).email_confirmed

    response = client.post(link, follow=True)
    assert response.redirect_chain == [(reverse("login"), 302)]
    assert "Your e-mail address is confirmed: log in with your password." in html(response)
    assert Profile.objects.get(user=user).email_confirmed
    # The link proves the mailbox, not the password: nobody is signed in by it.
    assert "_auth_user_id" not in client.session
    assert logs_in("maren", GOOD["password1"])


def test_the_link_confirms_once_and_then_does_nothing():
    """An attacker holding the link (a forwarded mail, a shared inbox) gets no session from it,
    neither the first time nor later."""
    sign_up(Client())
    link = link_in(mail.outbox[0])
    assert Client().post(link).status_code == 302
    for method in ("get", "post"):
        again = Client()
        answer = getattr(again, method)(link)
        assert answer.status_code == 400 and "not valid" in html(answer)
        assert "_auth_user_id" not in again.session


def test_a_password_change_ends_an_unused_link():
    sign_up(Client())
    link = link_in(mail.outbox[0])
    user = get_user_model().objects.get(username="maren")
    user.set_password("Another-passphrase-52")
    user.save()
    assert Client().post(link).status_code == 400
    assert not Profile.objects.get(user=user).email_confirmed


def test_the_link_does_not_get_past_a_login_lock():
    """Five wrong passwords lock the login; the link still signs no one in."""
    sign_up(Client())
    link = link_in(mail.outbox[0])
    attacker = Client()
    for _ in range(5):
        attacker.post(reverse("login"), {"username": "maren", "password": "wrong-guess-1"})
    attacker.post(link)
    assert "_auth_user_id" not in attacker.session
    assert attacker.get(reverse("me")).status_code == 302


def test_an_unconfirmed_account_cannot_log_in_and_is_told_why(client):
    sign_up(client)
    response = client.post(reverse("login"), {"username": "maren",
                                              "password": GOOD["password1"]})
    assert response.status_code == 200
    assert "Your e-mail address is not confirmed yet" in html(response)
    assert "_auth_user_id" not in client.session
    # A wrong password is just a wrong password: nothing said about the account.
    wrong = client.post(reverse("login"), {"username": "maren", "password": "nope-nope-1"})
    assert "not confirmed" not in html(wrong)


def test_the_api_refuses_basic_auth_of_an_unconfirmed_account(client):
    sign_up(client)
    response = Client().get("/api/decklists/", HTTP_AUTHORIZATION="Basic "
                            + __import__("base64").b64encode(
                                f"maren:{GOOD['password1']}".encode()).decode())
    assert response.status_code in (401, 403)


def test_a_tampered_or_stale_link_confirms_nothing(client):
    sign_up(client)
    link = link_in(mail.outbox[0])
    assert client.post(link[:-3] + "xyz/").status_code == 400
    user = get_user_model().objects.get(username="maren")
    user.email = "other@example.com"
    user.save()
    assert client.post(link).status_code == 400
    assert not Profile.objects.get(user=user).email_confirmed


def test_users_without_a_profile_and_admin_made_profiles_count_as_confirmed(client):
    plain = UserFactory(username="demo-ada")
    ProfileFactory(user=UserFactory(username="admin-made"))
    for name in (plain.username, "admin-made"):
        assert logs_in(name, "pw-for-tests-1")


@pytest.mark.parametrize(("changes", "field", "message"), [
    ({"username": "taken"}, "username", "That username is taken."),
    ({"username": "TAKEN"}, "username", "That username is taken."),
    ({"email": "not-an-address"}, "email", "Enter a valid email address."),
    ({"email": "used@example.com"}, "email", "An account with this e-mail address exists"),
    ({"password1": "123456", "password2": "123456"}, "password2", "This password is too"),
    ({"password2": "something-else-41"}, "password2", "didn’t match"),
])
def test_bad_input_says_what_is_wrong_and_creates_nothing(client, changes, field, message):
    UserFactory(username="taken", email="used@example.com")
    before = get_user_model().objects.count()
    response = sign_up(client, **changes)
    assert response.status_code == 400
    assert any(message in error for error in response.context["form"].errors[field])
    assert message in html(response).replace("&#x27;", "'")
    assert get_user_model().objects.count() == before
    assert not Profile.objects.exists() and mail.outbox == []


def test_a_signed_in_person_is_sent_to_their_page(client):
    client.force_login(UserFactory())
    assert client.get(reverse("accounts:signup"))["Location"] == reverse("me")


def test_a_password_reset_mails_a_link_and_sets_the_new_password(client):
    user = UserFactory(username="olaf", email="olaf@example.com")
    response = reset(client, "olaf@example.com")
    assert response.status_code == 302
    [message] = mail.outbox
    assert message.to == ["olaf@example.com"] and "Reset your Clash password" in message.subject
    link = link_in(message)
    form = client.get(link, follow=True)
    assert "Choose a new password" in html(form)
    done = client.post(form.redirect_chain[-1][0], {"new_password1": "Fresh-passphrase-77",
                                                    "new_password2": "Fresh-passphrase-77"},
                       follow=True)
    assert "Your new password is set" in html(done)
    user.refresh_from_db()
    assert user.check_password("Fresh-passphrase-77")


def test_a_finished_reset_confirms_the_address_it_was_mailed_to(client):
    sign_up(client)
    mail.outbox.clear()
    reset(client, GOOD["email"])
    form = client.get(link_in(mail.outbox[0]), follow=True)
    client.post(form.redirect_chain[-1][0], {"new_password1": "Fresh-passphrase-77",
                                             "new_password2": "Fresh-passphrase-77"})
    assert Profile.objects.get(user__username="maren").email_confirmed
    assert logs_in("maren", "Fresh-passphrase-77")


def test_a_reset_for_an_unknown_address_mails_nothing_and_says_the_same(client):
    response = reset(client, "nobody@example.com", follow=True)
    assert "If an account has that address" in html(response)
    assert mail.outbox == []


def test_a_person_changes_their_password(client):
    user = UserFactory()
    client.force_login(user)
    page = client.get(reverse("password_change"))
    assert page.status_code == 200 and "Change your password" in html(page)
    done = client.post(reverse("password_change"), {
        "old_password": "pw-for-tests-1", "new_password1": "Other-passphrase-88",
        "new_password2": "Other-passphrase-88"}, follow=True)
    assert "Your password is changed" in html(done)
    user.refresh_from_db()
    assert user.check_password("Other-passphrase-88")


def test_the_header_links_to_log_in_and_sign_up_or_to_log_out(client):
    page = html(client.get(reverse("home")))
    assert reverse("login") in page and reverse("accounts:signup") in page
    client.force_login(UserFactory())
    page = html(client.get(reverse("home")))
    assert f'action="{reverse("logout")}"' in page and reverse("accounts:signup") not in page
