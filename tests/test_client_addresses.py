"""The client's address, which every per-address limit counts (core.logins.client_ip):
X-Forwarded-For is believed only from the proxies' own networks (CLASH_TRUSTED_PROXY_NETWORKS,
from TRUSTED_PROXY_NETWORKS), hop by hop from the right."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import RequestFactory

from clash import env
from core.logins import client_ip

NETWORKS = ("172.30.0.0/24", "127.0.0.0/8", "::1/128")


def address(peer: str, forwarded: str | None = None) -> str | None:
    headers = {} if forwarded is None else {"HTTP_X_FORWARDED_FOR": forwarded}
    return client_ip(RequestFactory().get("/", REMOTE_ADDR=peer, **headers))


@pytest.fixture(autouse=True)
def networks(settings):
    settings.CLASH_TRUSTED_PROXY_NETWORKS = NETWORKS


def test_a_peer_outside_the_networks_is_the_client_whatever_it_sends():
    assert address("203.0.113.50", "198.51.100.1") == "203.0.113.50"
    assert address("203.0.113.50", "172.30.0.9") == "203.0.113.50"
    assert address("203.0.113.50") == "203.0.113.50"


def test_behind_a_proxy_the_client_is_the_entry_it_appended():
    assert address("172.30.0.2", "203.0.113.7") == "203.0.113.7"
    # Entries further left came from the client: never believed.
    assert address("172.30.0.2", "198.51.100.1, 203.0.113.7") == "203.0.113.7"


def test_a_chain_of_trusted_proxies_is_walked_to_the_first_outside_address():
    assert address("127.0.0.1", "198.51.100.1, 203.0.113.7, 172.30.0.5") == "203.0.113.7"
    assert address("::1", "2001:db8::7") == "2001:db8::7"
    assert address("::ffff:172.30.0.2", "203.0.113.7") == "203.0.113.7"


def test_a_proxy_without_a_header_or_with_rubbish_in_it_is_the_address():
    assert address("172.30.0.2") == "172.30.0.2"
    assert address("172.30.0.2", "") == "172.30.0.2"
    assert address("172.30.0.2", "unknown") == "172.30.0.2"
    assert address("172.30.0.2", "203.0.113.7, not-an-address") == "172.30.0.2"


def test_without_networks_the_header_is_never_believed(settings):
    settings.CLASH_TRUSTED_PROXY_NETWORKS = ()
    assert address("172.30.0.2", "203.0.113.7") == "172.30.0.2"


def test_the_networks_come_from_the_environment(monkeypatch):
    monkeypatch.delenv("TRUSTED_PROXIES", raising=False)
    monkeypatch.setenv("TRUSTED_PROXY_NETWORKS", " 172.30.0.0/24, 10.0.0.1 ,::1")
    assert env.trusted_proxy_networks(default="") == ("172.30.0.0/24", "10.0.0.1/32",
                                                      "::1/128")
    monkeypatch.setenv("TRUSTED_PROXY_NETWORKS", "")
    assert env.trusted_proxy_networks(default="127.0.0.0/8") == ()
    monkeypatch.delenv("TRUSTED_PROXY_NETWORKS")
    assert env.trusted_proxy_networks(default="127.0.0.0/8") == ("127.0.0.0/8",)


@pytest.mark.parametrize("value", ["172.30.0.1/24", "proxy", "10.0.0.0/33"])
def test_a_network_that_is_not_one_is_refused_by_name(monkeypatch, value):
    monkeypatch.delenv("TRUSTED_PROXIES", raising=False)
    monkeypatch.setenv("TRUSTED_PROXY_NETWORKS", value)
    with pytest.raises(ImproperlyConfigured, match="TRUSTED_PROXY_NETWORKS"):
        env.trusted_proxy_networks(default="")


def test_the_old_count_of_proxies_is_refused_with_what_replaces_it(monkeypatch):
    """A count trusts whoever connects; starting with it set would silently keep the hole."""
    monkeypatch.setenv("TRUSTED_PROXIES", "1")
    with pytest.raises(ImproperlyConfigured, match="TRUSTED_PROXY_NETWORKS"):
        env.trusted_proxy_networks(default="")
