"""The decks API's ban sessions: one against an AI seat run to the end, a human session's
refusals, an organizer's session for two registered lists, and the list's queries."""


import pytest
from django.utils import timezone

from decks.models import BanSession
from decks.services.bans import ban_session_start
from decks.services.decklists import decklist_create
from tests.decks.api.conftest import constructed
from tests.factories import (
    EventFactory,
    RegistrationFactory,
    UserFactory,
    give_starter_kit,
)
from tests.factories.decklists import LIST_A, LIST_B
from tests.web import client_for, error_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_players(kit):
    a, b = UserFactory.create_batch(2)
    give_starter_kit(a)
    give_starter_kit(b)
    return a, b


def test_a_session_against_an_ai_seat_runs_to_the_end(two_players):
    a, b = two_players
    list_a, list_b = constructed(a), constructed(b, cards=LIST_B)
    event = EventFactory(lists_published=True)
    RegistrationFactory(event=event, player=b, decklist_version=list_b.versions.get())
    client = client_for(a)
    response = client.post("/api/ban-sessions/", {
        "list_a": list_a.versions.get().pk, "list_b": list_b.versions.get().pk}, format="json")
    assert response.status_code == 201
    body = response.json()
    # The AI seat B made step 1 at once: A's step 2 is next.
    assert body["players"] == {"A": a.username, "B": None} and body["ai_seats"] == ["B"]
    assert body["you"] == "A" and body["step"] == 2 and body["to_ban"] == "A"
    assert body["lists"] == {"A": LIST_A, "B": LIST_B}
    assert len(body["banned"]["A"]) == 1 and body["results"] is None
    url = f"/api/ban-sessions/{body['id']}/"
    first = client.post(url + "ban/", {"card": "ZOMBIE"}, format="json")
    assert first.status_code == 200 and first.json()["banned"]["B"] == ["ZOMBIE"]
    again = client.post(url + "ban/", {"card": "ZOMBIE"}, format="json")
    assert again.status_code == 200 and again.json() == first.json()
    done = client.post(url + "ban/", {"card": "MUTANT"}, format="json").json()
    assert done["status"] == "done" and done["step"] is None
    assert len(done["results"]["A"]) == 8 and len(done["results"]["B"]) == 8
    assert client.get(url).json() == done


@pytest.fixture
def human_session(two_players):
    """A vs B, both human, registered in an event: B bans first (step 1)."""
    a, b = two_players
    organizer = UserFactory()
    event = EventFactory(organizers=[organizer])
    va, vb = constructed(a).versions.get(), constructed(b, cards=LIST_B).versions.get()
    RegistrationFactory(event=event, player=a, decklist_version=va)
    RegistrationFactory(event=event, player=b, decklist_version=vb)
    session = ban_session_start(version_a=va, version_b=vb, player_a=a, player_b=b,
                                now=timezone.now(), event=event)
    return session, a, b, organizer


@pytest.mark.parametrize(("who", "card", "reason"), [
    ("A", "ZOMBIE", "not_your_ban"),
    ("B", "ZOMBIE", "not_in_list"),
    ("B", "DRAGON", "not_in_list"),
])
def test_a_ban_out_of_turn_or_of_a_card_not_in_the_opponents_list_is_a_409(
        human_session, who, card, reason):
    session, a, b, _ = human_session
    response = client_for(a if who == "A" else b).post(
        f"/api/ban-sessions/{session.pk}/ban/", {"card": card}, format="json")
    assert response.status_code == 409
    error = error_of(response)
    assert error["code"] == reason and error["message"]
    assert BanSession.objects.get().record == session.record


def test_banning_your_own_card_says_so(human_session):
    session, a, b, _ = human_session
    response = client_for(b).post(f"/api/ban-sessions/{session.pk}/ban/", {"card": "ZOMBIE"},
                                  format="json")
    assert error_of(response)["message"] == (
        "ZOMBIE is not in A's list (it is in your own list: you ban from your opponent's)")


def test_a_ban_without_a_card_is_a_400(human_session):
    session, _, b, _ = human_session
    response = client_for(b).post(f"/api/ban-sessions/{session.pk}/ban/", {}, format="json")
    assert response.status_code == 400
    assert error_of(response)["problems"] == ["card: This field is required."]


def test_an_organizer_starts_a_session_for_two_registered_lists(human_session):
    session, a, b, organizer = human_session
    client = client_for(organizer)
    body = {"list_a": session.list_b_id, "list_b": session.list_a_id,
            "player_b": a.username, "event": session.event_id}
    response = client.post("/api/ban-sessions/", body, format="json")
    assert response.status_code == 201
    created = response.json()
    assert created["players"] == {"A": b.username, "B": a.username}
    assert created["you"] is None and created["event"] == session.event_id
    # The same request while it is still banning gives the running session back.
    again = client.post("/api/ban-sessions/", body, format="json")
    assert again.status_code == 200 and again.json()["id"] == created["id"]
    assert BanSession.objects.count() == 2


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"list_a": "x", "list_b": 1}, 400, "invalid"),
    ({"list_b": 1}, 400, "invalid"),
    ({"list_a": "{a}", "list_b": "{b}", "player_b": "nobody"}, 400, "invalid"),
    ({"list_a": "{a}", "list_b": "{b}", "event": 999}, 400, "invalid"),
    ({"list_a": "{a}", "list_b": 99999}, 404, "not_found"),
    ({"list_a": "{b}", "list_b": "{a}"}, 403, "not_your_list"),
    ({"list_a": "{a}", "list_b": "{precon}"}, 400, "bad_ban_session"),
    ({"list_a": "{a}", "list_b": "{b}", "event": "{other_event}"}, 400, "not_registered"),
    ({"list_a": "{a}", "list_b": "{b}", "player_b": "{a_name}"}, 400, "bad_ban_session"),
])
def test_a_bad_ban_session_request_is_refused_and_starts_nothing(two_players, body, status,
                                                                 code):
    a, b = two_players
    va, vb = constructed(a).versions.get(), constructed(b, cards=LIST_B).versions.get()
    precon = decklist_create(user=b, name="P", kind="preconstructed", preconstructed_deck=1,
                             now=timezone.now()).versions.get()
    # B's lists are published, so A may see them and start a session with them.
    for version in (vb, precon):
        RegistrationFactory(event=EventFactory(lists_published=True), player=b,
                            decklist_version=version)
    values = {"{a}": va.pk, "{b}": vb.pk, "{precon}": precon.pk, "{a_name}": a.username,
              "{other_event}": EventFactory().pk}
    body = {k: values.get(v, v) for k, v in body.items()}
    response = client_for(a).post("/api/ban-sessions/", body, format="json")
    assert response.status_code == status
    assert error_of(response)["code"] == code
    assert not BanSession.objects.exists()


def test_the_ban_session_list_takes_a_fixed_number_of_queries(human_session,
                                                              django_assert_max_num_queries):
    session, a, b, organizer = human_session
    for _ in range(4):
        ban_session_start(version_a=session.list_a, version_b=session.list_b, player_a=a,
                          player_b=b, now=timezone.now(), event=session.event)
    client = client_for(organizer)
    with django_assert_max_num_queries(4):
        body = client.get("/api/ban-sessions/").json()
    assert body["count"] == 5
    assert body["results"][0]["players"] == {"A": a.username, "B": b.username}
