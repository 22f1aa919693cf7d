"""Every page is served with a Content-Security-Policy that allows only the site's own files,
and no template relies on what it forbids: inline scripts, event-handler attributes, inline
styles (the Swagger page's start-up script is a file of its own: the split view)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from clash.env import BASE_DIR

TEMPLATES = sorted((BASE_DIR / "templates").rglob("*.html"))
SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.IGNORECASE | re.DOTALL)
FORBIDDEN = {
    "an event-handler attribute": re.compile(r"<[^>]*\son[a-z]+\s*=", re.IGNORECASE),
    "a style attribute": re.compile(r"<[^>]*\sstyle\s*=", re.IGNORECASE),
    "a style element": re.compile(r"<style\b", re.IGNORECASE),
    "a javascript: URL": re.compile(r"javascript:", re.IGNORECASE),
}


def policy(response) -> dict[str, list[str]]:  # noqa: ANN001
    header = response["Content-Security-Policy"]
    return {name: values for name, *values in
            (part.split() for part in header.split(";") if part.strip())}


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", "/events/", "/accounts/login/", "/api/games/",
                                 "/api/docs/"])
def test_pages_and_the_api_are_served_with_a_self_only_policy(client, url: str) -> None:
    response = client.get(url)

    assert response.status_code == 200
    directives = policy(response)
    assert directives["default-src"] == ["'self'"]
    assert "'unsafe-inline'" not in response["Content-Security-Policy"]
    assert "'unsafe-eval'" not in response["Content-Security-Policy"]
    assert directives["frame-ancestors"] == ["'none'"]


def test_the_templates_are_found() -> None:
    assert len(TEMPLATES) > 30


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: str(p.relative_to(BASE_DIR)))
def test_no_template_has_an_inline_script_or_style(template: Path) -> None:
    html = template.read_text(encoding="utf-8")
    for attributes, body in SCRIPT.findall(html):
        assert "src=" in attributes and not body.strip(), f"an inline script in {template}"
    for what, pattern in FORBIDDEN.items():
        assert not pattern.search(html), f"{what} in {template}"


@pytest.mark.django_db
def test_the_swagger_page_loads_its_start_up_script_from_a_file(client) -> None:
    html = client.get("/api/docs/").content.decode()
    scripts = SCRIPT.findall(html)

    assert scripts and all("src=" in attrs and not body.strip() for attrs, body in scripts)
    assert "<style" not in html
    script = client.get("/api/docs/?script=")
    assert script.status_code == 200
    assert "SwaggerUIBundle" in script.content.decode()
