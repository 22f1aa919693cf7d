"""The API fuzzed from its own OpenAPI schema (schemathesis): every operation, called with
generated input by a logged-in user who has data (an organizer of a running event and of an
event in registration, a player with a constructed list, a pod seat in a draft), answers
without a server error, with a status code, content type and body the schema documents.

The schema is served by the app in-process (WSGI), as /api/schema/ serves it. Generation is
deterministic (derandomized) and bounded per operation. Path ids point at the scene's rows
for half of the generated values, so operations reach their real code and not only 404s.
"""

from __future__ import annotations

import base64
import os
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from decks.models import Card, CardSet
from decks.services.collections import collection_add_set
from decks.services.decklists import decklist_create
from tests.factories import UserFactory, starter_kit
from tests.factories.decklists import LIST_A
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import now, pair, start
from tests.worlds import built_once
from tournaments.models import Match, PodSeat, Registration

# Operations that still fail, with why; their tests are expected to fail (strict: a fix
# makes them pass, and then they must leave this list).
KNOWN_FAILURES: dict[str, str] = {}

# Ten examples an operation in the suite; CLASH_FUZZ_EXAMPLES=100 fuzzes deeper.
MAX_EXAMPLES = int(os.environ.get("CLASH_FUZZ_EXAMPLES", "10"))
PASSWORD = "pw-for-tests-1"  # UserFactory's
LIST = LIST_A

# Schema-valid input only (the positive mode), without the coverage phase's boundary and
# malformed values: the question is whether a request the schema allows gets an answer the
# schema describes, not whether Django's URL resolver documents its own 404 page.
CONFIG = schemathesis.Config.from_dict({
    "generation": {"mode": "positive", "max-examples": MAX_EXAMPLES, "deterministic": True},
    "phases": {"coverage": {"enabled": False}},
})
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance, response_headers_conformance]

schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application(), config=CONFIG)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _keep_the_test_connection() -> Iterator[None]:
    """The app is called straight through WSGI: like Django's test client, keep the end of
    each request from closing the connection that holds the test's transaction (on
    PostgreSQL it would be gone for the next request)."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@dataclass
class Scene:
    headers: dict[str, str]
    ids: dict[str, list[int]]  # path prefix + parameter -> ids of real rows


@built_once
def scene() -> Scene:
    """Built once for the module (tests/worlds.py): each operation's examples run in a
    savepoint of their own, so what one operation writes never reaches the next."""
    olga = UserFactory(username="olga")
    collection_add_set(user=olga, card_set=starter_kit(), copies=1)
    decklist = decklist_create(user=olga, name="olga's list", kind="constructed", cards=LIST,
                               now=now())

    running = OrganizedEventFactory(name="Running", organizers=[olga])
    for name in ("olga", "ben", "cy", "dee"):
        SeatFactory(event=running, player=UserFactory(username=name))
    start(running)
    pair(running)
    open_event = OrganizedEventFactory(name="Open", organizers=[olga])
    for name in ("eve", "fay"):
        SeatFactory(event=open_event, player=UserFactory(username=name), checked_in=False)

    draft = OrganizedEventFactory(name="Draft", format="draft", organizers=[olga])
    for name in ("olga", "gus", "hal"):
        SeatFactory(event=draft, player=UserFactory(username=name))
    start(draft)
    seat = PodSeat.objects.get(pod__event=draft, registration__player=olga)

    events = [running.pk, open_event.pk]
    token = base64.b64encode(f"olga:{PASSWORD}".encode()).decode()
    return Scene(
        headers={"Authorization": f"Basic {token}"},
        ids={
            "/api/events/ id": events,
            "/api/events/ registration_id": list(
                Registration.objects.filter(event__in=events).values_list("pk", flat=True)
                .order_by("pk")),
            "/api/events/ number": [1],
            "/api/events/ event_id": [draft.pk],
            "/api/matches/ id": list(Match.objects.filter(round__event=running)
                                     .values_list("pk", flat=True).order_by("pk")),
            "/api/decklists/ id": [decklist.pk],
            "/api/cards/ id": list(Card.objects.values_list("pk", flat=True).order_by("pk")),
            "/api/collection/ card_id": list(Card.objects.values_list("pk", flat=True)
                                             .order_by("pk")),
            "/api/sets/ id": list(CardSet.objects.values_list("pk", flat=True).order_by("pk")),
            "/api/pods/ id": [seat.pod_id],
            "/api/pod-seats/ id": [seat.pk],
        },
    )


def aim(scene: Scene, path: str, parameters: dict) -> dict:
    """Point an even generated id at a real row of the scene (deterministically); odd ones
    stay as generated, so missing rows are still asked for."""
    aimed = dict(parameters)
    for name, value in parameters.items():
        ids = next((ids for key, ids in scene.ids.items()
                    if path.startswith(key.split()[0]) and key.split()[1] == name), None)
        if ids and isinstance(value, int) and value % 2 == 0:
            aimed[name] = ids[(value // 2) % len(ids)]
    return aimed


@schema.parametrize()
@settings(max_examples=MAX_EXAMPLES, derandomize=True, deadline=None,
          suppress_health_check=list(HealthCheck))
def test_every_operation_answers_as_its_schema_says(case, scene):
    if case.path_parameters:
        case.path_parameters = aim(scene, case.path, case.path_parameters)
    case.call_and_validate(headers=scene.headers, checks=CHECKS)
