"""The OpenAPI schema builds cleanly and the docs page serves Swagger UI from our own files."""

import re

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db

ENDPOINTS = {
    "/api/games/": {"get"},
    "/api/sets/": {"get"},
    "/api/sets/{id}/": {"get"},
    "/api/cards/": {"get"},
    "/api/cards/{id}/": {"get"},
    "/api/collection/": {"get"},
    "/api/collection/cards/{card_id}/": {"put"},
    "/api/collection/add-set/": {"post"},
    "/api/collection/export/": {"get"},
    "/api/collection/import/": {"post"},
    "/api/decklists/": {"get", "post"},
    "/api/decklists/validate/": {"post"},
    "/api/decklists/{id}/": {"get", "patch"},
    "/api/decklists/{id}/versions/": {"get"},
    "/api/ban-sessions/": {"get", "post"},
    "/api/ban-sessions/{id}/": {"get"},
    "/api/ban-sessions/{id}/ban/": {"post"},
    "/api/events/": {"get", "post"},
    "/api/events/{id}/": {"get", "patch"},
    "/api/events/{id}/organizers/": {"post"},
    "/api/events/{id}/start/": {"post"},
    "/api/events/{id}/complete/": {"post"},
    "/api/events/{id}/lists/publish/": {"post"},
    "/api/events/{id}/deck-checks/": {"get", "post"},
    "/api/events/{id}/registrations/": {"get", "post"},
    "/api/events/{id}/registrations/{registration_id}/": {"get", "delete"},
    "/api/events/{id}/registrations/{registration_id}/drop/": {"post"},
    "/api/events/{id}/registrations/{registration_id}/check-in/": {"post"},
    "/api/events/{id}/registrations/{registration_id}/decklist/": {"post"},
    "/api/events/{id}/rounds/": {"get", "post"},
    "/api/events/{id}/rounds/{number}/": {"get"},
    "/api/events/{id}/rounds/{number}/pairings/csv/": {"get"},
    "/api/events/{id}/top-cut/": {"post"},
    "/api/events/{id}/top-cut/advance/": {"post"},
    "/api/events/{id}/standings/": {"get"},
    "/api/events/{id}/announcements/": {"get", "post"},
    "/api/events/{id}/announcements/{announcement_id}/": {"delete"},
    "/api/events/{id}/rounds/{number}/clock/": {"get"},
    "/api/events/{id}/rounds/{number}/clock/start/": {"post"},
    "/api/events/{id}/rounds/{number}/clock/pause/": {"post"},
    "/api/events/{id}/rounds/{number}/clock/resume/": {"post"},
    "/api/events/{id}/rounds/{number}/clock/add/": {"post"},
    "/api/matches/{id}/time/": {"get", "post"},
    "/api/events/{id}/guests/": {"post"},
    "/api/events/{id}/ai-seats/": {"post"},
    "/api/events/{id}/guests/{registration_id}/decklist/": {"get", "put"},
    "/api/claims/": {"post"},
    "/api/events/{id}/waitlist/": {"post", "delete"},
    "/api/events/{id}/penalties/": {"get", "post"},
    "/api/events/{id}/penalties/{penalty_id}/withdraw/": {"post"},
    "/api/events/{id}/judges/": {"get", "post"},
    "/api/events/{id}/judges/{user_id}/": {"delete"},
    "/api/events/{id}/registrations/{registration_id}/undrop/": {"post"},
    "/api/events/{id}/registrations/{registration_id}/constraints/": {"patch"},
    "/api/events/{id}/constraints/": {"get"},
    "/api/events/{id}/constraints/apart/": {"post"},
    "/api/events/{id}/constraints/apart/{pair_id}/": {"delete"},
    "/api/events/{id}/rounds/{number}/swap/": {"post"},
    "/api/events/{id}/rounds/{number}/unpair/": {"post"},
    "/api/events/{id}/rounds/{number}/late-players/": {"post"},
    "/api/matches/{id}/no-show/": {"post"},
    "/api/events/{id}/corrections/": {"get"},
    "/api/events/{id}/standings/csv/": {"get"},
    "/api/events/{id}/team-standings/": {"get"},
    "/api/events/{id}/file/": {"get"},
    "/api/events/import/": {"post"},
    "/api/matches/{id}/": {"get"},
    "/api/matches/{id}/report/": {"post"},
    "/api/matches/{id}/result/": {"put"},
    "/api/matches/{id}/history/": {"get"},
    "/api/events/{event_id}/pods/": {"get"},
    "/api/events/{event_id}/draft/": {"get"},
    "/api/pods/{id}/": {"get"},
    "/api/pod-seats/{id}/draft/": {"get"},
    "/api/pod-seats/{id}/pick/": {"post"},
    "/api/pod-seats/{id}/hand/": {"post"},
    "/api/ratings/": {"get"},
    "/api/play/games/": {"get", "post"},
    "/api/play/games/{id}/": {"get"},
    "/api/play/games/{id}/actions/": {"post"},
    "/api/play/games/{id}/bans/": {"post"},
    "/api/play/games/{id}/picks/": {"post"},
    "/api/play/solo/games/": {"post"},
    "/api/play/solo/record/": {"get"},
    "/api/play/invitations/": {"post"},
    "/api/play/invitations/{code}/": {"get"},
    "/api/play/invitations/{code}/join/": {"post"},
    "/api/play/invitations/{code}/cancel/": {"post"},
    "/api/play/matches/{id}/game/": {"post"},
    "/api/play/replays/online/{id}/": {"get"},
    "/api/play/replays/engine/{id}/": {"get"},
}


def test_the_schema_generates_without_warnings_or_errors(tmp_path):
    # --fail-on-warn turns every warning of drf-spectacular into a failure; --validate
    # checks the result against the OpenAPI specification.
    call_command("spectacular", "--validate", "--fail-on-warn",
                 "--file", str(tmp_path / "schema.yml"))
    assert "openapi: 3" in (tmp_path / "schema.yml").read_text()


def test_the_schema_lists_every_endpoint(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    assert {path: set(ops) & {"get", "post", "put", "patch", "delete"}
            for path, ops in paths.items()} == ENDPOINTS


def test_the_docs_page_serves_swagger_ui_from_local_static_files(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert not re.search(r"https?://", html), "the docs page must not load from a CDN"
    assets = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert any(a.endswith("swagger-ui-bundle.js") for a in assets)
    # Swagger UI's start-up script is a file of the page's own (the split view), not inline.
    script = next(a for a in assets if a.startswith("/api/docs/?"))
    assert "SwaggerUIBundle" in client.get(script.replace("&amp;", "&")).content.decode()
    for asset in assets:
        if asset == script:
            continue
        assert asset.startswith("/static/"), asset
        served = client.get(asset)
        assert served.status_code == 200, asset
        served.close()


def test_the_error_body_documents_the_problems_by_input(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    body = response.json()["components"]["schemas"]["ErrorBodyOut"]["properties"]
    assert body["problems"]["type"] == "array"
    assert body["fields"]["type"] == "object"
    assert body["fields"]["additionalProperties"] == {"type": "array",
                                                      "items": {"type": "string"}}
