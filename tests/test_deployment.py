"""docker-compose.yml as deployed: a TLS proxy (Caddy, deploy/Caddyfile) is the only way in,
passes WebSocket upgrades to daphne, and writes the client's address itself; the site believes
that address from the proxy's network only. Docker does not run here: the files are read."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import yaml
from django.test import RequestFactory

from clash import env
from core.logins import client_ip
from tests.conftest import _unavailable

ROOT = Path(__file__).resolve().parent.parent
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
SERVICES = COMPOSE["services"]
CADDYFILE = ROOT / "deploy" / "Caddyfile"


def test_only_the_proxy_publishes_ports():
    published = {name for name, service in SERVICES.items() if service.get("ports")}
    assert published == {"proxy"}
    assert sorted(SERVICES["proxy"]["ports"]) == ["443:443", "80:80"]
    assert "8000" in [str(port) for port in SERVICES["web"]["expose"]]


def test_the_proxy_serves_the_caddyfile_and_waits_for_the_site():
    assert SERVICES["proxy"]["image"].startswith("caddy:")
    assert "./deploy/Caddyfile:/etc/caddy/Caddyfile:ro" in SERVICES["proxy"]["volumes"]
    assert SERVICES["proxy"]["depends_on"]["web"]["condition"] == "service_healthy"


def test_daphne_does_not_take_the_clients_header_for_its_peer():
    """--proxy-headers makes daphne's peer the leftmost X-Forwarded-For entry: the client's."""
    command = " ".join(SERVICES["web"]["command"])
    assert "daphne" in command and "--proxy-headers" not in command
    dockerfile_cmd = [line for line in (ROOT / "Dockerfile").read_text().splitlines()
                      if line.startswith("CMD")]
    assert dockerfile_cmd and "--proxy-headers" not in dockerfile_cmd[0]


def test_the_site_trusts_the_compose_network_and_nothing_wider():
    subnet = COMPOSE["networks"]["default"]["ipam"]["config"][0]["subnet"]
    for name in ("web", "worker", "beat"):
        assert SERVICES[name]["environment"]["TRUSTED_PROXY_NETWORKS"] == subnet


def test_with_the_compose_networks_a_client_cannot_choose_its_address(settings, monkeypatch):
    monkeypatch.delenv("TRUSTED_PROXIES", raising=False)
    monkeypatch.setenv("TRUSTED_PROXY_NETWORKS",
                       SERVICES["web"]["environment"]["TRUSTED_PROXY_NETWORKS"])
    settings.CLASH_TRUSTED_PROXY_NETWORKS = env.trusted_proxy_networks(default="")
    via_proxy = RequestFactory().get("/", REMOTE_ADDR="172.30.0.7",
                                     HTTP_X_FORWARDED_FOR="203.0.113.7")
    direct = RequestFactory().get("/", REMOTE_ADDR="203.0.113.50",
                                  HTTP_X_FORWARDED_FOR="172.30.0.7")
    assert client_ip(via_proxy) == "203.0.113.7"
    assert client_ip(direct) == "203.0.113.50"


def caddyfile_lines() -> list[str]:
    return [line.split("#")[0].strip() for line in CADDYFILE.read_text().splitlines()
            if line.split("#")[0].strip()]


def test_the_caddyfile_proxies_everything_to_daphne_and_writes_the_clients_address():
    lines = caddyfile_lines()
    assert "reverse_proxy web:8000 {" in lines  # every path, /ws/ included, no matcher
    assert "header_up X-Forwarded-For {remote_host}" in lines
    assert "header_up X-Forwarded-Proto {scheme}" in lines
    # reverse_proxy passes WebSocket upgrades unless these headers are dropped.
    assert not [line for line in lines if "-Upgrade" in line or "-Connection" in line]


def test_caddy_accepts_the_caddyfile_and_sends_websockets_to_daphne(tmp_path):
    """With Caddy installed (Debian's `caddy`): its own check, and the adapted configuration's
    one route, unmatched by path, to daphne."""
    caddy = shutil.which("caddy")
    if caddy is None:  # CI installs it (.ci/run): there the check must run
        _unavailable("caddy is not installed (apt-get install caddy)")
    home = {"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path),
            "XDG_CONFIG_HOME": str(tmp_path), "CLASH_SITE_ADDRESS": "clash.example.org"}
    check = subprocess.run([caddy, "validate", "--config", str(CADDYFILE), "--adapter",
                            "caddyfile"], capture_output=True, text=True, env=home, timeout=60)
    assert check.returncode == 0, check.stdout + check.stderr
    adapted = subprocess.run([caddy, "adapt", "--config", str(CADDYFILE), "--adapter",
                              "caddyfile"], capture_output=True, text=True, env=home,
                             timeout=60)
    server = json.loads(adapted.stdout)["apps"]["http"]["servers"]["srv0"]
    assert server["listen"] == [":443"]
    [route] = server["routes"]
    assert route["match"] == [{"host": ["clash.example.org"]}]
    [proxy] = [handler for sub in route["handle"] for inner in sub["routes"]
               for handler in inner["handle"] if handler["handler"] == "reverse_proxy"]
    assert proxy["upstreams"] == [{"dial": "web:8000"}]
    assert proxy["headers"]["request"]["set"]["X-Forwarded-For"] == [
        "{http.request.remote.host}"]
