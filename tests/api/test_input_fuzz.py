"""Malformed input sent to every page and API endpoint is answered with a 4xx, never a 5xx.

Beside the schemathesis run (test_schema_fuzz.py, input the schema allows), this sends the
classes of input an attacker sends (core/inputs.py): deeply nested JSON, NUL bytes in URL
parts, query strings, form fields and JSON strings, a CSV field over the csv module's 128 KiB
limit (and a deeply nested .json file) as uploads and bodies, and bodies over the size limits.

Every URL comes from the URL resolver (Django's admin and the logout aside); the API's query
parameters, body fields and media types come from its OpenAPI schema, and the pages' form
fields from the pages themselves. Path ids point at real rows of a scene (a running event with a
reported match, a draft, a list, a game), so requests reach the views' own code. The
requests are made as a logged-in organizer and staff member, who may reach every page.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, resolve
from django.utils import timezone

from core.api.throttles import WriteRateThrottle
from core.inputs import MAX_BODY_BYTES, MAX_CSV_BYTES, MAX_JSON_BODY_BYTES
from decks.models import Card, CardSet
from decks.services.collections import collection_add_set
from decks.services.decklists import decklist_create
from play.services import duel_start, invitation_create
from tests.factories import UserFactory, starter_kit
from tests.factories.decklists import LIST_A
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import now, pair, start
from tournaments.models import Match, PodSeat, Registration
from tournaments.services.results import result_report

pytestmark = pytest.mark.django_db

NUL = "\x00"
DEPTH = 50_000
DEEP_JSON = "[" * DEPTH + "]" * DEPTH
DEEP_OBJECT = '{"a":' * DEPTH + "1" + "}" * DEPTH
# A CSV whose second line holds one field of 200 KiB (the csv module stops at 128 KiB).
LONG_FIELD_CSV = "set,card,count\nstarter," + "x" * 200 * 1024 + ",1\n"
LIST = LIST_A
CONVERTER = re.compile(r"<(?:(?P<converter>\w+):)?(?P<name>\w+)>")
FIELD_NAME = re.compile(r'<(?:input|select|textarea)\b[^>]*\bname="([^"]+)"', re.IGNORECASE)
FILE_FIELD = re.compile(r'<input\b[^>]*type="file"[^>]*name="([^"]+)"|<input\b[^>]*name="('
                        r'[^"]+)"[^>]*type="file"', re.IGNORECASE)
WRITES = ("post", "put", "patch", "delete")


@dataclass
class Scene:
    client: Client
    ids: dict[str, int]  # "prefix name" -> a real row's id, the longest prefix wins
    codes: dict[str, str] = field(default_factory=dict)  # str parameters


@pytest.fixture(autouse=True)
def _no_write_throttle(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hundreds of writes in a minute here: a 429 would hide the code behind it."""
    monkeypatch.setattr(WriteRateThrottle, "THROTTLE_RATES", {"writes": None})


@pytest.fixture
def scene() -> Scene:
    kit = starter_kit()
    olga = UserFactory(username="olga", is_staff=True)
    collection_add_set(user=olga, card_set=kit, copies=1)
    decklist = decklist_create(user=olga, name="olga's list", kind="constructed", cards=LIST,
                               now=now())
    running = OrganizedEventFactory(name="Running", organizers=[olga])
    for name in ("olga", "ben", "cy", "dee"):
        SeatFactory(event=running, player=UserFactory(username=name))
    start(running)
    pair(running)
    match = Match.objects.filter(round__event=running, player_b__isnull=False).first()
    result_report(match_id=match.pk, by=match.player_a.player, a_wins=2, b_wins=0, now=now())
    draft = OrganizedEventFactory(name="Draft", format="draft", organizers=[olga])
    for name in ("olga", "gus", "hal"):
        SeatFactory(event=draft, player=UserFactory(username=name))
    start(draft)
    seat = PodSeat.objects.get(pod__event=draft, registration__player=olga)
    game = duel_start(player=olga, deck=1, ai_level="random", seed=7, now=timezone.now())
    invitation_create(player=olga, deck=1, code="olga-code", now=timezone.now())
    registration = Registration.objects.filter(event=running).order_by("pk").first()
    card = Card.objects.order_by("pk").first()

    client = Client(raise_request_exception=False)
    client.force_login(olga)
    return Scene(client=client, codes={"code": "olga-code", "uidb64": "MQ", "token": "x"},
                 ids={
                     "api/events/ pk": running.pk, "api/events/ registration_id": registration.pk,
                     "api/events/ number": 1, "api/events/ event_id": draft.pk,
                     "api/matches/ pk": match.pk, "api/decklists/ pk": decklist.pk,
                     "api/cards/ pk": card.pk, "api/collection/ card_id": card.pk,
                     "api/sets/ pk": CardSet.objects.order_by("pk").first().pk,
                     "api/pods/ pk": seat.pod_id, "api/pod-seats/ pk": seat.pk,
                     "api/play/games/ pk": game.pk, "api/play/matches/ pk": match.pk,
                     "api/play/replays/online/ pk": game.pk,
                     "events/ pk": running.pk, "events/ registration": registration.pk,
                     "events/ match": match.pk, "decks/lists/ pk": decklist.pk,
                     "play/ pk": game.pk, "play/match/ match_pk": match.pk,
                 })


# The URLs ---------------------------------------------------------------------------------


def routes(resolver: URLResolver | None = None, prefix: str = "") -> Iterator[str]:
    """Every route of the URL resolver, as written (`events/<int:pk>/`), the admin aside."""
    for pattern in (resolver or get_resolver()).url_patterns:
        route = prefix + str(pattern.pattern)
        if route.startswith("admin/") or route == "accounts/logout/":
            continue  # Django's own admin; logging out would end the sweep's session
        if isinstance(pattern, URLResolver):
            yield from routes(pattern, route)
        elif isinstance(pattern, URLPattern):
            yield route


def fill(scene: Scene, route: str, text: str | None = None) -> str:
    """The route with real ids (or `text` for every str parameter)."""
    def value(match: re.Match) -> str:
        name, before = match["name"], route[:match.start()]
        name = "pk" if name == "id" else name  # the schema calls a pk an id
        if match["converter"] in (None, "str", "slug"):
            return text if text is not None else scene.codes.get(name, "x")
        found = [(len(key), ident) for key, ident in scene.ids.items()
                 if key.split()[1] == name and before.startswith(key.split()[0])]
        return str(max(found)[1]) if found else "1"
    return "/" + CONVERTER.sub(value, route)


@pytest.fixture
def urls(scene: Scene) -> list[str]:
    return [fill(scene, route) for route in routes()]


@pytest.fixture
def schema(scene: Scene) -> dict:
    # The schema comes from the code alone, the same for every scene: read once.
    if "schema" not in _READ_ONCE:
        _READ_ONCE["schema"] = scene.client.get("/api/schema/?format=json").content
    return json.loads(_READ_ONCE["schema"])


_READ_ONCE: dict[str, object] = {}


def handles(url: str, method: str) -> bool:
    """Whether the URL's view may read a request with this method: a class-based view (Django's
    or the API's) without a handler for it answers 405 before anything reads the body."""
    view = resolve(url.split("?")[0]).func
    actions = getattr(view, "actions", None)
    if actions is not None:
        return method in actions
    view_class = getattr(view, "view_class", None)
    return view_class is None or hasattr(view_class, method)


def refused(scene: Scene, requests: Iterator[tuple[str, str, dict]]) -> list[str]:
    """Every request (method, url, client keywords) answered with a server error."""
    errors = []
    for method, url, options in requests:
        response = getattr(scene.client, method)(url, **options)
        if response.status_code >= 500:
            errors.append(f"{method.upper()} {url[:120]!r}: {response.status_code}")
    return errors


def operations(schema: dict) -> Iterator[tuple[str, str, dict]]:
    for path, items in schema["paths"].items():
        for method, operation in items.items():
            if method in ("get", *WRITES):
                yield method, path, operation


def api_url(scene: Scene, path: str) -> str:
    return fill(scene, re.sub(r"\{(\w+)\}", lambda m: f"<int:{m[1]}>"
                              if m[1] not in scene.codes else f"<str:{m[1]}>", path[1:]))


def body_fields(schema: dict, operation: dict) -> dict[str, dict]:
    """The properties of an operation's JSON request body (its schema's $ref resolved)."""
    content = operation.get("requestBody", {}).get("content", {})
    body = content.get("application/json", {}).get("schema", {})
    if "$ref" in body:
        body = schema["components"]["schemas"][body["$ref"].rsplit("/", 1)[-1]]
    return body.get("properties", {})


# The classes of bad input -----------------------------------------------------------------


def test_deeply_nested_json_bodies_are_refused_everywhere(scene, urls) -> None:
    # Every URL gets a deep body as a POST; a PATCH only where the view has a handler for it
    # (elsewhere the answer is a 405 that reads nothing). The API parses JSON bodies, so it
    # gets both kinds of nesting; a page parses none (its form is then empty), so one.
    requests = ((method, url, {"data": body, "content_type": "application/json"})
                for url in urls for method in ("post", "patch") if handles(url, method)
                for body in ((DEEP_JSON, DEEP_OBJECT) if url.startswith("/api/")
                             else (DEEP_OBJECT,)))

    assert refused(scene, requests) == []


def test_deeply_nested_json_bodies_get_a_clear_400_on_the_api(scene) -> None:
    response = scene.client.post("/api/decklists/validate/", DEEP_JSON,
                                 content_type="application/json")

    assert response.status_code == 400
    assert "nests deeper than" in response.json()["error"]["message"]


def test_nul_bytes_in_url_parts_are_refused_everywhere(scene) -> None:
    requests = [("get", fill(scene, route, text=f"a{NUL}b"), {}) for route in routes()]
    requests += [("get", fill(scene, route).rstrip("/") + "/%00/", {}) for route in routes()]

    assert refused(scene, iter(requests)) == []
    response = scene.client.get("/api/play/invitations/a%00b/")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "nul_byte"


def test_nul_bytes_in_query_strings_are_refused_everywhere(scene, urls, schema) -> None:
    names = {"next", "q", "page", "format", "round", "replace"} | {
        parameter["name"] for _, _, operation in operations(schema)
        for parameter in operation.get("parameters", []) if parameter["in"] == "query"}
    query = "&".join(f"{name}=x%00y" for name in sorted(names))
    requests = ((method, f"{url}?{query}", {}) for url in urls for method in ("get", "post"))

    assert refused(scene, requests) == []
    response = scene.client.get(f"/api/events/?{query}")
    assert response.status_code == 400


def test_nul_bytes_in_json_strings_are_refused_everywhere(scene, schema) -> None:
    requests = []
    for method, path, operation in operations(schema):
        if method == "get":
            continue
        fields = body_fields(schema, operation) or {"name": {}}
        for value in (f"x{NUL}y", [f"x{NUL}y"], {f"x{NUL}y": f"x{NUL}y"}):
            body = {name: value for name in fields}
            requests.append((method, api_url(scene, path),
                             {"data": body, "content_type": "application/json"}))

    assert refused(scene, iter(requests)) == []
    response = scene.client.post("/api/events/", {"name": f"a{NUL}b"},
                                 content_type="application/json")
    assert response.status_code == 400


# A JSON escape of half a UTF-16 pair: json.loads makes it a str no UTF-8 encoder accepts.
LONE_SURROGATE = "\\ud800"


def test_lone_surrogates_in_json_strings_are_refused_everywhere(scene, schema) -> None:
    requests = []
    for method, path, operation in operations(schema):
        if method == "get":
            continue
        fields = body_fields(schema, operation) or {"name": {}}
        for value in (f'"x{LONE_SURROGATE}y"', f'["x{LONE_SURROGATE}y"]',
                      f'{{"x{LONE_SURROGATE}y": 1}}'):
            body = "{" + ",".join(f'"{name}":{value}' for name in fields) + "}"
            requests.append((method, api_url(scene, path),
                             {"data": body, "content_type": "application/json"}))

    assert refused(scene, iter(requests)) == []
    response = scene.client.post("/api/play/games/", '{"deck":1,"ai_level":"\\ud800"}',
                                 content_type="application/json")
    assert response.status_code == 400
    assert "surrogate" in response.json()["error"]["message"]


EVENT_FILE_WITH_A_SURROGATE = '{"format": "clash-event-file", "event": {"name": "\\udfff"}}'


def test_an_event_file_with_a_lone_surrogate_is_refused_with_a_400(scene) -> None:
    as_json = scene.client.post("/api/events/import/", EVENT_FILE_WITH_A_SURROGATE,
                                content_type="application/json")
    as_upload = scene.client.post("/api/events/import/", {"file": SimpleUploadedFile(
        "event.json", EVENT_FILE_WITH_A_SURROGATE.encode())})
    on_the_page = scene.client.post("/events/import/", {"file": SimpleUploadedFile(
        "event.json", EVENT_FILE_WITH_A_SURROGATE.encode())})

    assert (as_json.status_code, as_upload.status_code, on_the_page.status_code) == (
        400, 400, 400)
    assert "surrogate" in as_json.json()["error"]["message"]
    assert "surrogate" in as_upload.json()["error"]["message"]
    assert "surrogate" in on_the_page.content.decode()


def test_lone_surrogates_in_form_fields_are_refused_everywhere(scene, urls) -> None:
    names, files, _ = form_fields(scene, urls)
    # Percent-encoded, the bytes of a surrogate are not UTF-8: Django reads them as U+FFFD;
    # a JSON text in a form field (a squad) is parsed by json_loads.
    form = {name: f'["x{LONE_SURROGATE}y"]' for name in names - files}
    requests = [("post", url, {"data": form}) for url in urls]

    assert refused(scene, iter(requests)) == []


def form_fields(scene: Scene, urls: list[str]) -> tuple[set[str], set[str], set[str]]:
    """The names of the fields and of the file fields on every page a GET shows, and the URLs
    of the pages with a file field (the pages of every scene are the same: read once)."""
    if "form_fields" not in _READ_ONCE:
        _READ_ONCE["form_fields"] = _form_fields(scene, urls)
    names, files, uploads = _READ_ONCE["form_fields"]
    return set(names), set(files), set(uploads)


def _form_fields(scene: Scene, urls: list[str]) -> tuple[set[str], set[str], set[str]]:
    names: set[str] = set()
    files: set[str] = set()
    uploads: set[str] = set()
    for url in urls:
        if url.startswith("/api/"):
            continue
        response = scene.client.get(url)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        html = response.content.decode()
        names.update(FIELD_NAME.findall(html))
        found = {a or b for a, b in FILE_FIELD.findall(html)}
        files.update(found)
        if found:
            uploads.add(url)
    return names - {"csrfmiddlewaretoken"}, files, uploads


def test_nul_bytes_and_deep_json_in_form_fields_are_refused_everywhere(scene, urls) -> None:
    names, files, _ = form_fields(scene, urls)
    assert {"username", "name", "cards"} <= names  # the pages' forms were found
    requests = []
    for text in (f"x{NUL}y", "[" * 5_000 + "]" * 5_000):
        form = {name: text for name in names - files}
        requests += [("post", url, {"data": form}) for url in urls]

    assert refused(scene, iter(requests)) == []


def test_oversized_csv_fields_and_deep_json_files_are_refused_everywhere(scene, urls,
                                                                          schema) -> None:
    names, files, uploads = form_fields(scene, urls)
    assert {"file", "record"} <= files  # the card, collection and record uploads were found
    requests = []
    for url in urls:
        # Both files where the page has a file field (a CSV or a JSON file may be read there);
        # elsewhere the view reads no file, and one is enough to find out that it reads none.
        for upload in ((("big.csv", LONG_FIELD_CSV), ("deep.json", DEEP_JSON))
                       if url in uploads or url.startswith("/api/")
                       else (("big.csv", LONG_FIELD_CSV),)):
            form = {name: "1" for name in names - files} | {
                name: SimpleUploadedFile(upload[0], upload[1].encode()) for name in files}
            requests.append(("post", url, {"data": form}))
    for method, path, operation in operations(schema):
        content = operation.get("requestBody", {}).get("content", {})
        url = api_url(scene, path)
        if "text/csv" in content:
            requests.append((method, url, {"data": LONG_FIELD_CSV, "content_type": "text/csv"}))
        if "multipart/form-data" in content:
            requests.append((method, url, {"data": {
                "file": SimpleUploadedFile("big.csv", LONG_FIELD_CSV.encode())}}))
        if "application/json" in content:
            body = {name: LONG_FIELD_CSV for name in body_fields(schema, operation)}
            requests.append((method, url, {"data": body, "content_type": "application/json"}))

    assert refused(scene, iter(requests)) == []
    response = scene.client.post("/api/collection/import/", LONG_FIELD_CSV,
                                 content_type="text/csv")
    assert response.status_code == 400, response.content
    assert "line 2: a field is longer than" in response.json()["error"]["message"]


def test_oversized_bodies_are_refused_before_they_are_read(scene, urls, schema) -> None:
    too_large = b"x" * (MAX_BODY_BYTES + 1)
    # The Content-Length is checked before anything reads the body, whatever its type.
    requests = [("post", url, {"data": too_large, "content_type": "application/json"
                               if url.startswith("/api/") else
                               "application/x-www-form-urlencoded"}) for url in urls]
    json_body = json.dumps(["x" * 1000] * (MAX_JSON_BODY_BYTES // 1000 + 1))
    csv_body = "set,card,count\n" + "starter,BARON,1\n" * (MAX_CSV_BYTES // 16 + 1)
    for method, path, operation in operations(schema):
        content = operation.get("requestBody", {}).get("content", {})
        url = api_url(scene, path)
        if "application/json" in content:
            requests.append((method, url, {"data": json_body, "content_type": "application/json"}))
        if "text/csv" in content:
            requests.append((method, url, {"data": csv_body, "content_type": "text/csv"}))

    assert refused(scene, iter(requests)) == []
    response = scene.client.post("/api/collection/import/", csv_body, content_type="text/csv")
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "too_large"
    response = scene.client.post("/events/new/", too_large,
                                 content_type="application/x-www-form-urlencoded")
    assert response.status_code == 413
