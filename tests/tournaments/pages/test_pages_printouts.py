"""The printouts (tournaments/views/printouts.py): what each sheet holds, who may print it,
and the Print links that reach them from their pages.

Pairings, standings and pod seating print for anyone, like their pages; the result slips are
the organizers'; a decklist registration sheet follows the list's visibility, so a hidden
list's sheet is a 404 for a brand-new account and for another event's organizer."""

from __future__ import annotations

import html as text
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from decks.services.decklists import decklist_create
from tests.factories import UserFactory, give_starter_kit
from tests.factories.decklists import LIST_A
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import organizer_of, pair, seats, settle, start
from tests.tournaments.pods_play import draft_event
from tests.web import html, signed_in
from tournaments.models import Event
from tournaments.services.decklists import event_lists_publish

pytestmark = pytest.mark.django_db

NAMES = "zoe ann mia bob kim dan eve lou"


def url(name: str, event: Event, *args, **query) -> str:
    address = reverse(f"tournaments:{name}", args=[event.pk, *args])
    return address + "".join(f"?{k}={v}" for k, v in query.items())


def cells(page: str, row_class: str = "print-table") -> list[list[str]]:
    """The body rows of the page's printed table, each as its cells' text."""
    body = page.split(f'class="print-table {row_class}', 1)[1].split("<tbody>", 1)[1]
    body = body.split("</tbody>", 1)[0]
    return [[re.sub(r"<[^>]+>|\s+", " ", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>",
                                                                          row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


@pytest.fixture
def running() -> Event:
    """Eight players after round 1 (every A won 2-0), round 2 paired."""
    event = OrganizedEventFactory(rounds=3)
    seats(event, NAMES)
    start(event)
    settle(pair(event))
    pair(event)
    return event


def test_the_pairings_by_name_list_every_player_a_to_z_with_table_opponent_and_points(
        client, running, django_assert_max_num_queries):
    with django_assert_max_num_queries(8):
        page = text.unescape(html(client.get(url("print_pairings_by_name", running))))
    rows = cells(page, "by-name")
    names = [row[0] for row in rows]
    assert names == sorted(NAMES.split())
    by_table: dict[str, list[str]] = {}
    for name, table, opponent, points in rows:
        assert opponent in names and opponent != name
        assert points in ("0", "3")  # each brings round 1's match points into round 2
        by_table.setdefault(table, []).append(name)
    assert sorted(by_table) == ["1", "2", "3", "4"]
    assert all(len(two) == 2 for two in by_table.values())
    assert "Round 2: pairings by name" in page
    assert 'class="site-header"' not in page and "Skip to the content" not in page


def test_the_pairings_by_table_show_the_round_asked_for(client, running):
    page = text.unescape(html(client.get(url("print_pairings_by_table", running, round=1))))
    rows = cells(page, "by-table")
    assert [row[0] for row in rows] == ["1", "2", "3", "4"]
    assert all(row[2] == "0" and row[4] == "0" for row in rows)  # nobody had points before 1
    assert "Round 1: pairings by table" in page
    assert client.get(url("print_pairings_by_table", running, round=9)).status_code == 404


def test_no_pairings_print_before_round_one():
    event = OrganizedEventFactory()
    assert Client().get(url("print_pairings_by_name", event)).status_code == 404


def test_the_result_slips_are_four_a_page_one_a_table_for_the_organizers_only(running):
    organizer = signed_in(organizer_of(running))
    page = html(organizer.get(url("print_slips", running)))
    assert page.count('class="slip"') == 4 and page.count('class="sheet slips"') == 1
    assert page.count('class="box"') == 3 * 4  # games won by each, and the drawn games
    assert "Table 4" in page and "Best of 3" in page
    player = running.registrations.get(player__username="ann").player
    assert signed_in(player).get(url("print_slips", running)).status_code == 403
    anonymous = Client().get(url("print_slips", running))
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]


def test_sixteen_players_make_two_pages_of_slips():
    event = OrganizedEventFactory(rounds=4)
    seats(event, " ".join(f"p{i}" for i in range(16)))
    start(event)
    pair(event)
    page = html(signed_in(organizer_of(event)).get(url("print_slips", event)))
    assert page.count('class="sheet slips"') == 2 and page.count('class="slip"') == 8


def test_the_standings_print_whole_with_their_tiebreakers(client, running):
    page = text.unescape(html(client.get(url("print_standings", running))))
    rows = cells(page, "standings")
    assert len(rows) == 8
    assert [row[2] for row in rows] == ["3"] * 4 + ["0"] * 4
    assert "Standings after round 1" in page and "OMW%" in page


def test_the_print_links_are_on_the_pages_they_print(client, running):
    pairings = html(client.get(url("pairings", running)))
    assert url("print_pairings_by_name", running) + "?round=2" in pairings
    assert url("print_pairings_by_table", running) + "?round=2" in pairings
    assert url("print_slips", running) not in pairings  # the slips are the organizers'
    organizer = signed_in(organizer_of(running))
    assert url("print_slips", running) in html(organizer.get(url("pairings", running)))
    assert url("print_slips", running) in html(organizer.get(url("dashboard", running)))
    assert url("print_standings", running) in html(client.get(url("standings", running)))


# The decklist registration sheet --------------------------------------------------------------

@pytest.fixture
def listed() -> tuple[Event, object]:
    """A constructed event where ann registered her own list; the lists are still hidden."""
    organizer = UserFactory(username="olga")
    event = OrganizedEventFactory(format="constructed", organizers=[organizer], rounds=3)
    ann = UserFactory(username="ann")
    give_starter_kit(ann)
    version = decklist_create(user=ann, name="Ann's list", kind="constructed", cards=LIST_A,
                              now=timezone.now()).versions.get()
    seat = SeatFactory(event=event, player=ann, decklist_version=version)
    return event, seat


def test_the_sheet_prints_the_list_as_registered_with_name_event_date_and_signature(listed):
    event, seat = listed
    page = text.unescape(html(signed_in(seat.player).get(url("print_decklist", event, seat.pk))))
    assert "Decklist registration" in page and "ann" in page and event.name in page
    assert "“Ann's list”, version 1" in page
    assert [row[1] for row in cells(page, "cards")] == LIST_A
    assert "Player's signature" in page
    assert "10 cards in all" in re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    player_page = html(signed_in(seat.player).get(url("event_player", event, seat.pk)))
    assert url("print_decklist", event, seat.pk) in player_page


@pytest.mark.parametrize("who, status", [
    ("player", 200), ("organizer", 200), ("anonymous", 404), ("new_account", 404),
    ("other_organizer", 404), ("other_player", 404)])
def test_a_hidden_lists_sheet_is_seen_by_its_player_and_the_organizers_only(listed, who,
                                                                             status):
    event, seat = listed
    elsewhere = OrganizedEventFactory(organizers=[UserFactory(username="otto")])
    users = {"player": seat.player, "organizer": organizer_of(event),
             "new_account": UserFactory(username="newcomer"),
             "other_organizer": organizer_of(elsewhere),
             "other_player": SeatFactory(event=event).player}
    client = signed_in(users[who]) if who in users else Client()
    response = client.get(url("print_decklist", event, seat.pk))
    assert response.status_code == status
    if status == 404:
        assert "Ann's list" not in html(response)
    # Nor does another event's address open the seat's sheet, for anyone.
    assert client.get(url("print_decklist", elsewhere, seat.pk)).status_code == 404


def test_once_the_lists_are_published_everyone_prints_the_sheet(listed):
    event, seat = listed
    stranger = SeatFactory(event=event)  # no list: nothing to print
    start(event)
    event_lists_publish(event_id=event.pk, by=organizer_of(event), now=timezone.now())
    assert Client().get(url("print_decklist", event, seat.pk)).status_code == 200
    assert Client().get(url("print_decklist", event, stranger.pk)).status_code == 404


# Draft pods -----------------------------------------------------------------------------------

def test_the_pod_seating_prints_each_pod_on_its_own_sheet(client):
    event = draft_event(8)
    page = text.unescape(html(client.get(url("print_pods", event))))
    rows = cells(page, "seating")
    assert [row[0] for row in rows] == [str(n) for n in range(1, 9)]
    assert rows[0][2].startswith("seat 2,") and rows[1][2].startswith("seat 1,")
    assert page.count('class="sheet"') == 1 and "Pod 1: seating" in page
    assert url("print_pods", event) in html(client.get(url("pods", event)))


def test_a_sheet_says_when_it_was_printed_in_the_events_own_zone_and_names_it(client):
    event = OrganizedEventFactory(time_zone="Europe/Paris")
    seats(event, "ann bob")
    start(event)
    pair(event)
    page = " ".join(html(client.get(url("print_pairings_by_name", event))).split())
    printed = re.search(r'class="sheet-printed">Printed ([^<]*)<', page).group(1)
    assert printed.endswith("(Europe/Paris)")
    assert re.search(r"\bCE[S]?T\b", printed), printed
