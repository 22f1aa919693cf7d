"""Failed logins are throttled by the pair of username and address, on the login page and on
the API's HTTP basic auth (clash/logins.py); writes to the API are rate-limited per user
(clash/throttles.py)."""

from __future__ import annotations

import base64

import pytest
from django.test import Client, RequestFactory
from rest_framework.request import Request

from core.api.throttles import WriteRateThrottle
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "pw-for-tests-1"  # UserFactory's
HOME = "10.0.0.1"
ELSEWHERE = "10.0.0.2"


def log_in(client: Client, username: str, password: str, address: str = HOME):  # noqa: ANN201
    return client.post("/accounts/login/", {"username": username, "password": password},
                       REMOTE_ADDR=address)


def basic(username: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()


def api_get(client: Client, username: str, password: str, address: str = HOME):  # noqa: ANN201
    return client.get("/api/collection/", HTTP_AUTHORIZATION=basic(username, password),
                      REMOTE_ADDR=address)


def test_five_wrong_passwords_lock_the_login_page_for_that_username_and_address() -> None:
    UserFactory(username="olga")
    client = Client()
    for _ in range(4):
        assert log_in(client, "olga", "wrong").status_code == 200  # the form again

    assert log_in(client, "olga", "wrong").status_code == 429


def test_the_sixth_login_is_refused_even_with_the_right_password() -> None:
    UserFactory(username="olga")
    client = Client()
    for _ in range(5):
        log_in(client, "olga", "wrong")

    response = log_in(client, "olga", PASSWORD)

    assert response.status_code == 429
    assert "_auth_user_id" not in client.session
    text = response.content.decode()
    assert "Too many failed logins for this username from your address" in text
    assert "15 minutes" in text
    assert response["Retry-After"] == str(15 * 60)


def test_a_lock_does_not_hold_for_another_address() -> None:
    """Usernames are public: failures from one address must not lock the account out."""
    UserFactory(username="olga")
    attacker = Client()
    for _ in range(6):
        log_in(attacker, "olga", "wrong", address=HOME)

    olga = Client()
    response = log_in(olga, "olga", PASSWORD, address=ELSEWHERE)

    assert response.status_code == 302
    assert olga.session["_auth_user_id"]


def test_a_lock_does_not_hold_for_another_username_from_the_same_address() -> None:
    UserFactory(username="olga")
    UserFactory(username="ben")
    client = Client()
    for _ in range(6):
        log_in(client, "olga", "wrong")

    assert log_in(Client(), "ben", PASSWORD).status_code == 302


def test_a_successful_login_forgets_the_earlier_failures() -> None:
    UserFactory(username="olga")
    for _ in range(4):
        log_in(Client(), "olga", "wrong")
    assert log_in(Client(), "olga", PASSWORD).status_code == 302

    for _ in range(4):
        assert log_in(Client(), "olga", "wrong").status_code == 200


def test_http_basic_auth_on_the_api_is_locked_too() -> None:
    UserFactory(username="olga")
    client = Client()
    for _ in range(4):
        assert api_get(client, "olga", "wrong").status_code in (401, 403)

    response = api_get(client, "olga", PASSWORD)
    assert response.status_code == 200
    for _ in range(5):
        api_get(client, "olga", "wrong")

    response = api_get(client, "olga", PASSWORD)

    assert response.status_code == 429
    assert response.json()["error"]["code"] == "login_locked"
    assert "try again later" in response.json()["error"]["message"].lower()
    assert response["Retry-After"] == str(15 * 60)
    assert api_get(client, "olga", PASSWORD, address=ELSEWHERE).status_code == 200


def test_failures_on_the_login_page_lock_the_api_for_that_pair() -> None:
    """One counter per username and address, whichever door the guesses come through."""
    UserFactory(username="olga")
    for _ in range(5):
        log_in(Client(), "olga", "wrong")

    assert api_get(Client(), "olga", PASSWORD).status_code == 429


# Rate limits of the API ---------------------------------------------------------------------

WRITE_RATE = 120


def validate(client: Client, user_password: tuple[str, str]):  # noqa: ANN201
    """A cheap write: a list checked against the rules (POST), here refused as invalid."""
    return client.post("/api/decklists/validate/", {}, content_type="application/json",
                       HTTP_AUTHORIZATION=basic(*user_password))


def test_the_121st_write_in_a_minute_gets_429() -> None:
    UserFactory(username="olga")
    client = Client()
    for _ in range(WRITE_RATE):
        assert validate(client, ("olga", PASSWORD)).status_code == 400

    response = validate(client, ("olga", PASSWORD))

    assert response.status_code == 429
    assert response.json()["error"]["code"] == "throttled"
    assert int(response["Retry-After"]) > 0


def test_reads_and_other_users_are_not_held_back_by_a_users_writes() -> None:
    UserFactory(username="olga")
    UserFactory(username="ben")
    client = Client()
    for _ in range(WRITE_RATE + 1):
        validate(client, ("olga", PASSWORD))

    assert api_get(client, "olga", PASSWORD).status_code == 200
    assert validate(client, ("ben", PASSWORD)).status_code == 400


PROXIES = ("192.0.2.0/28",)  # the proxies' own network in these tests
PROXY = "192.0.2.1"


def test_behind_a_trusted_proxy_the_lock_is_per_forwarded_address(settings) -> None:
    """Behind the proxy every request comes from its address: the client's is the one the
    proxy appended to X-Forwarded-For (anything further left the client wrote itself)."""
    settings.CLASH_TRUSTED_PROXY_NETWORKS = PROXIES
    UserFactory(username="olga")
    for spoofed in range(6):
        Client().post("/accounts/login/", {"username": "olga", "password": "wrong"},
                      REMOTE_ADDR=PROXY,
                      HTTP_X_FORWARDED_FOR=f"198.51.100.{spoofed}, 203.0.113.7")

    locked = Client().post("/accounts/login/", {"username": "olga", "password": PASSWORD},
                           REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.7")
    elsewhere = Client().post("/accounts/login/", {"username": "olga", "password": PASSWORD},
                              REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.8")

    assert locked.status_code == 429
    assert elsewhere.status_code == 302


def test_a_client_reaching_the_site_directly_cannot_choose_its_address(settings) -> None:
    """The attack: 25 wrong passwords, each with another X-Forwarded-For, then the right one.
    The header is believed only from the proxies' networks; from anywhere else the address is
    the connection's."""
    settings.CLASH_TRUSTED_PROXY_NETWORKS = PROXIES
    UserFactory(username="olga")
    for n in range(25):
        Client().post("/accounts/login/", {"username": "olga", "password": "wrong"},
                      REMOTE_ADDR="203.0.113.50", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}")

    right = Client().post("/accounts/login/", {"username": "olga", "password": PASSWORD},
                          REMOTE_ADDR="203.0.113.50", HTTP_X_FORWARDED_FOR="198.51.100.99")

    assert right.status_code == 429


def test_the_api_throttle_counts_an_anonymous_client_by_the_same_address(settings) -> None:
    """DRF's own address would be the whole X-Forwarded-For, a new one per request."""
    settings.CLASH_TRUSTED_PROXY_NETWORKS = PROXIES
    throttle = WriteRateThrottle()
    direct = Request(RequestFactory().post("/api/x/", REMOTE_ADDR="203.0.113.50",
                                           HTTP_X_FORWARDED_FOR="198.51.100.1"))
    proxied = Request(RequestFactory().post("/api/x/", REMOTE_ADDR=PROXY,
                                            HTTP_X_FORWARDED_FOR="198.51.100.1, 203.0.113.7"))

    assert throttle.get_ident(direct) == "203.0.113.50"
    assert throttle.get_ident(proxied) == "203.0.113.7"
