"""The tournament pages: what each shows to whom, forms with errors next to their fields,
empty states that say what to do next, the double-click pairing, CSV downloads, fragments
for the live refresh, and no asset from another site."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.test import Client
from django.urls import reverse

from decks.rules import BERSERK
from decks.services.catalogue import other_game
from decks.services.decklists import decklist_create
from tests.factories import UserFactory, give_starter_kit, starter_kit
from tests.factories.decklists import LIST_A
from tests.factories.decks import DecklistFactory
from tests.factories.tournaments import AISeatFactory, OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import match_of, now, pair, seats, settle, start
from tests.web import html
from tournaments.models import Event, EventStatus, Match, MatchStatus, Registration, Round
from tournaments.services.registrations import registration_drop
from tournaments.services.results import result_report

pytestmark = pytest.mark.django_db


def url(name: str, *args) -> str:
    return reverse(f"tournaments:{name}", args=args)


def as_user(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def organizer():
    return UserFactory(username="olga")


@pytest.fixture
def event(organizer) -> Event:
    starter_kit()
    return OrganizedEventFactory(name="Friday Clash", organizers=[organizer],
                                 format="preconstructed", rounds=3)


@pytest.fixture
def running(event) -> Event:
    """Six players, round 1 paired."""
    seats(event, "alice bob carol dave erin frank")
    start(event)
    pair(event)
    return event


# The event list and creating an event ------------------------------------------------------

def test_the_empty_event_list_says_how_to_start_one(client):
    assert "Log in</a> to create an event" in html(client.get(url("events")))
    client.force_login(UserFactory())
    page = html(client.get(url("events")))
    assert "No events yet" in page and "Create an event" in page


def test_the_event_list_pages_through_many_events(client):
    for i in range(25):
        OrganizedEventFactory(name=f"Weekly {i:02}")
    first = html(client.get(url("events")))
    assert "Page 1 of 2" in first and first.count('class="list-row"') == 20
    second = html(client.get(url("events") + "?page=2"))
    assert second.count('class="list-row"') == 5 and 'rel="prev"' in second


def test_events_are_linked_from_the_navigation_and_the_home_page(client):
    events = url("events")
    assert f'href="{events}"' in html(client.get(reverse("home")))
    assert html(client.get(reverse("home"))).count(f'href="{events}"') == 2


def test_creating_an_event_shows_each_problem_next_to_its_field(client):
    client.force_login(UserFactory())
    settings = {"name": "Late Night", "format": "constructed", "match_length": 3,
                "top_cut": 0, "rounds": 2, "late_entry_until_round": 5}
    response = client.post(url("event_new"), settings)
    assert response.status_code == 400
    page = html(response)
    assert re.search(r'id="id_late_entry_until_round-errors"[^>]*><li>late entry until '
                     r'round 5, but the event has 2 Swiss rounds', page)
    assert "The event was not created" in page
    response = client.post(url("event_new"), {**settings, "name": "", "format": "chess"})
    assert re.search(r'id="id_name-errors"[^>]*><li>This field is required', html(response))
    assert re.search(r'id="id_format-errors"[^>]*><li>Select a valid choice', html(response))
    assert not Event.objects.exists()


def test_every_field_of_the_event_form_has_a_label(client):
    client.force_login(UserFactory())
    page = html(client.get(url("event_new")))
    page = page[page.index("<main"):]  # the form's fields, not the header's language menu
    for field_id in re.findall(r'<(?:input|select)[^>]* id="([^"]+)"', page):
        wrapped = re.search(rf'<label class="choice"><input[^>]* id="{field_id}"', page)
        assert f'for="{field_id}"' in page or wrapped, field_id


# The event page: registration, check-in, drop ----------------------------------------------

def test_a_player_registers_with_a_preconstructed_deck(client, event):
    alice = UserFactory(username="alice")
    client.force_login(alice)
    page = html(client.get(url("event", event.pk)))
    assert "Preconstructed deck 3" in page and 'type="radio"' in page
    response = client.post(url("register", event.pk), {"preconstructed_deck": 3}, follow=True)
    assert "You are registered for Friday Clash" in html(response)
    seat = Registration.objects.get(event=event, player=alice)
    assert seat.decklist_version.preconstructed_deck == 3
    assert "Drop from the event" in html(response)
    assert "registered with <a" in html(response) and "preconstructed deck 3" in html(response)


def test_the_event_page_says_whether_edits_still_follow_and_offers_another_list_until_fixed(
        client, event):
    alice = UserFactory(username="alice")
    client.force_login(alice)
    client.post(url("register", event.pk), {"preconstructed_deck": 3})
    page = html(client.get(url("event", event.pk)))
    assert "Your edits to this list follow until the event starts" in page
    assert "Register another of your lists" in page
    response = client.post(url("decklist_attach", event.pk), {"preconstructed_deck": 2},
                           follow=True)
    assert "Your list is registered" in html(response)
    seats(event, "bob")
    start(event)
    page = html(client.get(url("event", event.pk)))
    assert "This version is fixed" in page and "Register another of your lists" not in page
    refused = client.post(url("decklist_attach", event.pk), {"preconstructed_deck": 4})
    assert refused.status_code == 409 and "are fixed" in html(refused)
    seat = Registration.objects.get(event=event, player=alice)
    assert seat.decklist_version.preconstructed_deck == 2


def test_registering_without_a_deck_says_so_next_to_the_deck_choice(client, event):
    client.force_login(UserFactory())
    response = client.post(url("register", event.pk), {})
    assert response.status_code == 400
    assert re.search(r'id="id_preconstructed_deck-errors"[^>]*><li>', html(response))
    assert not Registration.objects.exists()


def test_a_constructed_event_asks_for_a_list_and_says_where_to_build_one(client, organizer):
    event = OrganizedEventFactory(organizers=[organizer], format="constructed")
    client.force_login(UserFactory())
    page = html(client.get(url("event", event.pk)))
    assert "Build a list" in page and reverse("decks:decklist_new") in page


def checked_lists(page: str) -> list[str]:
    """The values of the decklist radios the page has checked."""
    return re.findall(r'<input type="radio" name="decklist" value="(\d+)"[^>]* checked', page)


def test_a_player_s_only_list_for_the_event_is_chosen_for_them(client, organizer):
    event = OrganizedEventFactory(organizers=[organizer], format="constructed")
    alice = UserFactory(username="alice")
    give_starter_kit(alice)
    only = decklist_create(user=alice, name="Aggro", kind="constructed", cards=LIST_A,
                           now=now())
    # Lists the event does not take are no choice: a preconstructed one, another game's.
    DecklistFactory(owner=alice, kind="preconstructed", name="Precon")
    DecklistFactory(owner=alice, game=other_game(BERSERK), name="Berserk list")
    client.force_login(alice)

    page = html(client.get(url("event", event.pk)))

    assert checked_lists(page) == [str(only.pk)]
    response = client.post(url("register", event.pk), {"decklist": checked_lists(page)[0]})
    assert response.status_code == 302
    assert Registration.objects.get(event=event, player=alice).decklist_version.decklist == only


def test_with_two_lists_for_the_event_none_is_chosen_for_the_player(client, organizer):
    event = OrganizedEventFactory(organizers=[organizer], format="constructed")
    alice = UserFactory(username="alice")
    DecklistFactory(owner=alice, name="Aggro")
    DecklistFactory(owner=alice, name="Control")
    client.force_login(alice)

    page = html(client.get(url("event", event.pk)))

    assert page.count('name="decklist"') == 2 and checked_lists(page) == []


def test_players_check_in_and_drop_from_the_event_page(client, organizer):
    event = OrganizedEventFactory(organizers=[organizer], check_in_required=True)
    alice = UserFactory(username="alice")
    SeatFactory(event=event, player=alice, checked_in=False)
    client.force_login(alice)
    assert "Check in when you arrive" in html(client.get(url("event", event.pk)))
    response = client.post(url("check_in", event.pk), follow=True)
    assert "You are checked in" in html(response)
    response = client.post(url("drop", event.pk), follow=True)
    assert "You have dropped" in html(response)
    seat = Registration.objects.get(player=alice)
    assert seat.checked_in and seat.dropped


def test_checking_in_without_a_seat_is_refused_with_a_reason(client, event):
    client.force_login(UserFactory())
    response = client.post(url("check_in", event.pk))
    assert response.status_code == 409
    assert "You are not registered" in html(response)


def test_the_players_list_marks_dropped_players_and_pages(client, event):
    names = " ".join(f"p{i:02}" for i in range(55))
    first, *_ = seats(event, names)
    registration_drop(registration_id=first.pk, by=first.player, now=now())
    page = html(client.get(url("event", event.pk)))
    assert "Players (55)" in page and "Page 1 of 2" in page and "Dropped" in page


# Pairings -----------------------------------------------------------------------------------

def test_pairings_before_round_one_say_when_they_appear(client, event):
    page = html(client.get(url("pairings", event.pk)))
    assert "No round paired yet" in page and "has not started" in page


def test_pairings_show_tables_my_table_and_the_explanation(client, running):
    rnd = Round.objects.get(event=running, number=1)
    mine = match_of(rnd, "alice")
    opponent = mine.player_b.name if mine.player_a.name == "alice" else mine.player_a.name
    client.force_login(mine.player_a.player if mine.player_a.name == "alice"
                       else mine.player_b.player)
    page = html(client.get(url("pairings", running.pk)))
    assert re.search(rf"table {mine.table}</strong> against <strong>{opponent}", page)
    assert page.count('class="table-number"') == 3 + 1  # three tables, and mine above
    assert "How this round was paired" in page
    assert 'data-live-url="' in page and "live-refresh.js" in page


def test_earlier_rounds_stay_readable_and_are_not_live(client, running):
    settle(Round.objects.get(event=running, number=1))
    pair(running)
    page = html(client.get(url("pairings", running.pk) + "?round=1"))
    assert "Round 1" in page and "complete" in page
    assert "data-live-url" not in page
    assert client.get(url("pairings", running.pk) + "?round=9").status_code == 404


def test_the_live_fragment_is_only_the_changing_part(client, running):
    response = client.get(url("pairings", running.pk) + "?fragment=1")
    assert response.status_code == 200
    fragment = html(response)
    assert "<html" not in fragment and "<table" in fragment
    standings = html(client.get(url("standings", running.pk) + "?fragment=1"))
    assert "<html" not in standings


def test_the_organizer_sees_a_set_link_on_every_table(client, running, organizer):
    client.force_login(organizer)
    assert html(client.get(url("pairings", running.pk))).count(">Set</a>") == 3


# The dashboard and pairing once ------------------------------------------------------------

def test_the_same_round_number_posted_twice_pairs_one_round(client, event, organizer):
    seats(event, "alice bob carol dave erin")
    start(event)
    client.force_login(organizer)
    first = client.post(url("round_pair", event.pk), {"number": 1}, follow=True)
    second = client.post(url("round_pair", event.pk), {"number": 1}, follow=True)
    assert "Round 1 is paired" in html(first)
    assert "Round 1 was already paired; nothing changed" in html(second)
    assert Round.objects.filter(event=event).count() == 1
    assert Match.objects.filter(round__event=event).count() == 3  # two tables and a bye


def test_pairing_the_next_round_with_results_open_says_which_tables(client, running,
                                                                    organizer):
    client.force_login(organizer)
    response = client.post(url("round_pair", running.pk), {"number": 2})
    assert response.status_code == 409
    assert "Round 1 still has results to confirm: table 1" in html(response)
    assert Round.objects.filter(event=running).count() == 1


def test_pairing_without_a_round_number_pairs_nothing(client, running, organizer):
    settle(Round.objects.get(event=running, number=1))
    client.force_login(organizer)
    response = client.post(url("round_pair", running.pk), {})
    assert response.status_code == 400
    assert Round.objects.filter(event=running).count() == 1


def test_the_dashboard_lists_disputed_results_first(client, running, organizer):
    rnd = Round.objects.get(event=running, number=1)
    last = rnd.matches.order_by("-table").first()
    result_report(match_id=last.pk, by=last.player_a.player, a_wins=2, b_wins=0, now=now())
    result_report(match_id=last.pk, by=last.player_b.player, a_wins=0, b_wins=2, now=now())
    client.force_login(organizer)
    page = html(client.get(url("dashboard", running.pk)))
    assert "3 results still to confirm" in page
    assert page.index(f"Table {last.table}:") < page.index("Table 1:")
    assert "the reports disagree: settle it" in page


def test_the_dashboard_before_the_start_counts_players_and_offers_the_start(client, event,
                                                                           organizer):
    client.force_login(organizer)
    page = html(client.get(url("dashboard", event.pk)))
    assert "Nobody has registered yet" in page
    assert "Start the event" in page
    response = client.post(url("event_start", event.pk))
    assert response.status_code == 409
    assert "needs at least 2 players to start" in html(response)
    assert Event.objects.get(pk=event.pk).status == EventStatus.REGISTRATION


def test_the_organizer_adds_and_removes_players_before_the_start(client, event, organizer):
    UserFactory(username="zoe")
    client.force_login(organizer)
    response = client.post(url("player_add", event.pk), {"add-player": "zoe"}, follow=True)
    assert ("zoe is registered. The seat has no list until they attach their own on the "
            "event&#x27;s page.") in html(response)
    seat = Registration.objects.get(event=event)
    assert seat.decklist_version is None
    response = client.post(url("player_remove", event.pk, seat.pk), follow=True)
    assert "zoe is no longer registered" in html(response)
    assert not Registration.objects.exists()


def test_adding_an_unknown_player_shows_the_error_next_to_the_field(client, event, organizer):
    client.force_login(organizer)
    response = client.post(url("player_add", event.pk), {"add-player": "nobody"})
    assert response.status_code == 400
    assert re.search(r'id="id_add-player-errors"[^>]*><li>There is no player called',
                     html(response))


# The match page ---------------------------------------------------------------------------

def test_a_wrong_score_is_refused_with_the_rule(client, running):
    match = Round.objects.get(event=running, number=1).matches.exclude(
        player_b=None).first()
    client.force_login(match.player_a.player)
    response = client.post(url("match_report", running.pk, match.pk), {
        "report-a_wins": 3, "report-b_wins": 0, "report-draws": 0})
    assert response.status_code == 400
    assert "a best-of-3 match ends when a player has won 2 games" in html(response)
    assert Match.objects.get(pk=match.pk).status == MatchStatus.PENDING


def test_a_correction_keeps_the_whole_history(client, running, organizer):
    match = Round.objects.get(event=running, number=1).matches.exclude(
        player_b=None).first()
    a, b = match.player_a, match.player_b
    for player in (a, b):
        result_report(match_id=match.pk, by=player.player, a_wins=2, b_wins=1, now=now())
    client.force_login(organizer)
    response = client.post(url("match_set", running.pk, match.pk), {
        "set-a_wins": 1, "set-b_wins": 2, "set-draws": 0, "set-note": "scorepad misread"},
        follow=True)
    page = html(response)
    assert f"Result of table {match.table} set: {a.name} 1-2 {b.name}" in page
    assert "Correct the result" in page
    history = page[page.index('class="audit"'):]
    assert history.count("<li>") == 3
    assert f"Reported: {a.name} says 2-1" in history
    assert "Confirmed 2-1 &rarr; Confirmed 1-2" in history and "scorepad misread" in history


def test_a_player_sees_their_report_waiting_for_the_opponent(client, running):
    match = Round.objects.get(event=running, number=1).matches.exclude(
        player_b=None).first()
    client.force_login(match.player_b.player)
    response = client.post(url("match_report", running.pk, match.pk), {
        "report-a_wins": 0, "report-b_wins": 2, "report-draws": 0}, follow=True)
    page = html(response)
    assert "confirmed when your opponent reports the same" in page
    assert f"{match.player_b.name} reported</dt><dd>0-2" in page
    assert "Set the result" not in page  # the organizer's form is not a player's
    assert f"Games won by {match.player_a.name}" in page
    assert f"Games won by {match.player_b.name}" in page


# Standings, the bracket, the player page -----------------------------------------------------

def test_standings_show_tiebreakers_and_mark_dropped_and_ai_seats(client, organizer):
    starter_kit()
    event = OrganizedEventFactory(organizers=[organizer], rounds=2, fill_with_ai=True)
    alice, *_ = seats(event, "alice bob carol")
    start(event)
    settle(pair(event))
    registration_drop(registration_id=alice.pk, by=alice.player, now=now())
    page = html(client.get(url("standings", event.pk)))
    assert "Standings after round 1" in page
    for column in ("Pts", "W-L-D", "OMW%", "GW%", "OGW%"):
        assert column in page
    assert "AI player" in page and '<span class="badge">AI</span>' in page
    assert "Dropped" in page and 'class="row-dropped' in page
    assert re.search(r"<td>\d+\.\d</td>", page)
    # The legend names the tiebreakers in the event's order, as people read them.
    assert ("Ties are broken in this order: Match points, Opponents&#x27; match-win percentage, "
            "Game-win percentage, Opponents&#x27; game-win percentage.") in page


def test_standings_before_any_result_say_when_they_start(client, event):
    assert "No standings yet" in html(client.get(url("standings", event.pk)))


def test_a_bracket_before_the_top_cut_explains_it(client, organizer):
    event = OrganizedEventFactory(organizers=[organizer], top_cut=4)
    page = html(client.get(url("bracket", event.pk)))
    assert "The top cut has not started" in page and "1 against 4" in page


def test_the_player_page_shows_the_history_and_a_place_for_the_rating(client, running):
    settle(Round.objects.get(event=running, number=1))
    seat = Registration.objects.get(event=running, player__username="alice")
    page = html(client.get(url("event_player", running.pk, seat.pk)))
    assert "Round 1" in page and ("Win 2-0" in page or "Loss 0-2" in page or "Bye" in page)
    assert 'id="rating"' in page and "No rating yet" in page


def test_an_ai_seats_page_says_it_is_not_rated(client, event):
    seat = AISeatFactory(event=event)
    page = html(client.get(url("event_player", event.pk, seat.pk)))
    assert "AI seats are not rated" in page


# CSV downloads --------------------------------------------------------------------------------

def test_standings_download_as_csv(client, running):
    settle(Round.objects.get(event=running, number=1))
    response = client.get(url("standings_csv", running.pk))
    assert response["Content-Type"].startswith("text/csv")
    assert 'filename="friday-clash-standings.csv"' in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:3] == ["rank", "name", "match_points"]
    assert len(rows) == 1 + 6
    assert {r[1] for r in rows[1:]} == {"alice", "bob", "carol", "dave", "erin", "frank"}


def test_pairings_download_as_csv(client, running):
    response = client.get(url("pairings_csv", running.pk) + "?round=1")
    assert 'filename="friday-clash-round-1.csv"' in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:3] == ["table", "player_a", "player_b"]
    assert [r[0] for r in rows[1:]] == ["1", "2", "3"]


def test_pairings_csv_before_round_one_is_a_404(client, event):
    assert client.get(url("pairings_csv", event.pk)).status_code == 404


# No asset from another site -------------------------------------------------------------------

def test_no_page_loads_anything_from_another_site(client, running, organizer):
    match = Round.objects.get(event=running, number=1).matches.first()
    seat = Registration.objects.filter(event=running).first()
    client.force_login(organizer)
    pages = [url("events"), url("event_new"), url("event", running.pk),
             url("pairings", running.pk), url("standings", running.pk),
             url("bracket", running.pk), url("dashboard", running.pk),
             url("event_player", running.pk, seat.pk), url("match", running.pk, match.pk)]
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
        assert not re.search(r'(?:src|href)="(?:https?:)?//', html(response)), page


@pytest.mark.parametrize("fmt", ["preconstructed", "draft"])
def test_the_dashboard_keeps_the_organizers_tabs_for_every_format(client, fmt):
    """The organizer's tabs (Manage, Penalties) are on the dashboard itself, draft or not: the
    pods' hand-over buttons read the same `is_organizer` as the header."""
    event = OrganizedEventFactory(format=fmt)
    client.force_login(event.organizers.first())
    page = client.get(f"/events/{event.pk}/manage/").content.decode()
    assert f'href="/events/{event.pk}/manage/" aria-current="page">Manage</a>' in page
    assert f'href="/events/{event.pk}/penalties/"' in page
