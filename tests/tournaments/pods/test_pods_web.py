"""Draft pods over the API and on the pages: pod lists, a seat's draft, picks one call at a
time (the same pick twice a no-op, out of turn a 409 and nothing changed), and who may see
and pick."""

import re

import pytest

from engine.clash.formats import DraftRecord, DraftState
from tests.factories import UserFactory
from tests.tournaments.event_steps import organizer_of
from tests.tournaments.pods_play import draft_event
from tournaments.models import DraftPair, DraftStatus, PodSeat

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    return draft_event(8, no_shows=3)


def seat(event, number):  # noqa: ANN001, ANN201
    return (PodSeat.objects.select_related("registration__player", "pair")
            .get(pod__event=event, number=number))


def picks(s):  # noqa: ANN001, ANN201
    return DraftPair.objects.get(pk=s.pair_id).record["picks"]


def logged_in(client, user):  # noqa: ANN001, ANN201
    client.force_login(user)
    return client


# API ---------------------------------------------------------------------------------------


def test_the_pods_of_an_event_are_listed_publicly(client, event, django_assert_max_num_queries):
    with django_assert_max_num_queries(6):
        response = client.get(f"/api/events/{event.pk}/pods/")
    assert response.status_code == 200
    [pod] = response.json()
    assert [s["number"] for s in pod["seats"]] == list(range(1, 9))
    assert [s["is_ai"] for s in pod["seats"]] == [False] * 5 + [True] * 3
    assert [(p["number"], p["status"]) for p in pod["pairs"]] == [
        (1, "picking"), (2, "picking"), (3, "picking"), (4, "done")]
    assert pod["pairs"][0]["to_pick"] == "A" and pod["pairs"][3]["to_pick"] is None
    detail = client.get(f"/api/pods/{pod['id']}/")
    assert detail.status_code == 200 and detail.json() == pod
    assert client.get("/api/pods/999999/").status_code == 404


def test_my_draft_shows_the_table_and_whose_pick_it_is(client, event):
    a = seat(event, 1)
    body = logged_in(client, a.registration.player).get(f"/api/events/{event.pk}/draft/").json()
    assert body["seat"]["id"] == a.pk and body["seat"]["side"] == "A"
    assert body["your_turn"] and body["to_pick"] == "A" and body["reveal"] == 1
    assert len(body["revealed"]) == 4 and body["my_cards"] == []
    assert body["order"] == ["A", "B", "B", "A"]
    # The record holds the seed of the shuffle: it stays on the server while picking.
    assert body["record"] is None


def test_my_draft_is_404_without_a_seat_and_403_when_logged_out(client, event):
    assert client.get(f"/api/events/{event.pk}/draft/").status_code == 403
    stranger = logged_in(client, UserFactory())
    assert stranger.get(f"/api/events/{event.pk}/draft/").status_code == 404


def test_a_pick_through_the_api_and_the_same_pick_again(client, event):
    a = seat(event, 1)
    api = logged_in(client, a.registration.player)
    card = api.get(f"/api/events/{event.pk}/draft/").json()["revealed"][0]
    first = api.post(f"/api/pod-seats/{a.pk}/pick/", {"card": card},
                     content_type="application/json")
    assert first.status_code == 200
    assert first.json()["my_cards"] == [card] and first.json()["to_pick"] == "B"
    again = api.post(f"/api/pod-seats/{a.pk}/pick/", {"card": card},
                     content_type="application/json")
    assert again.status_code == 200 and again.json() == first.json()
    assert picks(a) == [card]


def test_a_pick_out_of_turn_is_a_409_with_the_reason_and_changes_nothing(client, event):
    a = seat(event, 1)
    api = logged_in(client, a.registration.player)
    revealed = api.get(f"/api/events/{event.pk}/draft/").json()["revealed"]
    api.post(f"/api/pod-seats/{a.pk}/pick/", {"card": revealed[0]},
             content_type="application/json")
    response = api.post(f"/api/pod-seats/{a.pk}/pick/", {"card": revealed[1]},
                        content_type="application/json")
    assert response.status_code == 409
    assert response.json() == {"error": {"code": "not_your_pick", "message": "it is B's pick"}}
    assert picks(a) == [revealed[0]]


def test_a_pick_needs_a_card(client, event):
    a = seat(event, 1)
    response = logged_in(client, a.registration.player).post(
        f"/api/pod-seats/{a.pk}/pick/", {}, content_type="application/json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "invalid"


@pytest.mark.parametrize("who", ["partner", "organizer", "stranger", "anonymous"])
def test_only_the_seats_player_picks_for_it_over_the_api(client, event, who):
    a = seat(event, 1)
    user = {"partner": lambda: seat(event, 2).registration.player,
            "organizer": lambda: organizer_of(event), "stranger": UserFactory,
            "anonymous": lambda: None}[who]()
    if user is not None:
        client.force_login(user)
    card = DraftState.from_record(DraftRecord.from_json(a.pair.record)).revealed[0]
    response = client.post(f"/api/pod-seats/{a.pk}/pick/", {"card": card},
                           content_type="application/json")
    assert response.status_code == 403
    assert picks(a) == []


@pytest.mark.parametrize(("who", "status"), [("partner", 200), ("organizer", 200),
                                             ("player of another pair", 403),
                                             ("stranger", 403)])
def test_a_seats_draft_is_seen_by_its_pair_and_the_organizers(client, event, who, status):
    user = {"partner": lambda: seat(event, 2).registration.player,
            "organizer": lambda: organizer_of(event),
            "player of another pair": lambda: seat(event, 3).registration.player,
            "stranger": UserFactory}[who]()
    response = logged_in(client, user).get(f"/api/pod-seats/{seat(event, 1).pk}/draft/")
    assert response.status_code == status


def test_a_player_drafts_a_whole_deck_against_an_ai_seat_over_the_api(client, event):
    human = seat(event, 5)
    api = logged_in(client, human.registration.player)
    body = api.get(f"/api/events/{event.pk}/draft/").json()
    calls = 0
    while body["status"] != "done":
        assert body["your_turn"]  # the AI seat has always answered already
        body = api.post(f"/api/pod-seats/{human.pk}/pick/", {"card": body["revealed"][-1]},
                        content_type="application/json").json()
        calls += 1
    assert calls == 8 and len(body["my_cards"]) == 8 and len(body["partner_cards"]) == 8
    assert body["decklist_version"] is not None
    pair = DraftPair.objects.get(pk=human.pair_id)
    assert pair.status == DraftStatus.DONE
    # The draft is over: its record, which replays it, is the seat's to see.
    assert body["record"] == pair.record and body["record"]["seed"] == pair.seed


# Pages -------------------------------------------------------------------------------------


def test_the_pick_page_shows_the_revealed_cards_as_buttons_on_your_turn(client, event):
    a = seat(event, 1)
    response = logged_in(client, a.registration.player).get(f"/events/{event.pk}/draft/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "Your pick" in html and 'http-equiv="refresh"' not in html
    revealed = DraftState.from_record(DraftRecord.from_json(a.pair.record)).revealed
    assert len(revealed) == 4
    for card in revealed:
        assert f'name="card" value="{card}"' in html


def test_the_pick_page_refreshes_itself_while_waiting(client, event):
    b = seat(event, 2)
    html = logged_in(client, b.registration.player).get(f"/events/{event.pk}/draft/"
                                                        ).content.decode()
    assert 'http-equiv="refresh"' in html and "Waiting for" in html
    assert 'name="card"' not in html


def test_a_pick_on_the_page_and_an_ai_seats_answer(client, event):
    human = seat(event, 5)
    page = logged_in(client, human.registration.player)
    card = page.get(f"/events/{event.pk}/draft/").context["view"].revealed[0]
    response = page.post(f"/events/{event.pk}/draft/", {"card": card}, follow=True)
    assert response.redirect_chain == [(f"/events/{event.pk}/draft/", 302)]
    html = response.content.decode()
    assert f"You picked {card}." in html
    assert len(re.findall(r"AI seat 6 \(pod 1\) picked", html)) == 2
    assert picks(human)[0] == card and len(picks(human)) == 3


def test_a_pick_out_of_turn_on_the_page_is_refused_and_changes_nothing(client, event):
    b = seat(event, 2)
    page = logged_in(client, b.registration.player)
    card = page.get(f"/events/{event.pk}/draft/").context["view"].revealed[0]
    response = page.post(f"/events/{event.pk}/draft/", {"card": card})
    assert response.status_code == 409
    assert "No pick made: it is A&#x27;s pick." in response.content.decode()
    assert picks(b) == []


def test_the_pick_page_is_only_for_seated_players(client, event):
    assert client.get(f"/events/{event.pk}/draft/").status_code == 302  # to log in
    assert logged_in(client, UserFactory()).get(f"/events/{event.pk}/draft/").status_code == 404


def test_the_pods_page_lists_each_pairs_seats_and_progress(client, event):
    html = client.get(f"/events/{event.pk}/pods/").content.decode()
    assert "Pod 1" in html and "AI seat 8 (pod 1)" in html and "0 of 16 picks" in html
    assert "drafted" in html


def test_the_pick_page_shows_the_deck_once_the_draft_is_over(client, event):
    from tests.tournaments.pods_play import draft_all

    draft_all(event)
    human = seat(event, 1)
    response = logged_in(client, human.registration.player).get(f"/events/{event.pk}/draft/")
    html = response.content.decode()
    assert "The draft is over: your 8 cards are your deck." in html
    assert 'http-equiv="refresh"' not in html and 'name="card"' not in html
    human.refresh_from_db()
    assert all(card in html for card in human.cards)
