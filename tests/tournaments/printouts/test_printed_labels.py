"""What the printed pairings, result slips and standings say of the shapes beyond Swiss: a
round robin's match says its group, a bracket's match its name ("Quarterfinal", "Final") or
"Third place"; a bracket's bye prints as a bye. The standings print a round robin group by
group and, once a knockout is decided, in final places with their column, as the standings
page does. Groups and places are checked against the rows."""

from __future__ import annotations

import html as text
import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import now, organizer_of, pair, seats, settle, start
from tests.web import html, signed_in
from tournaments.models import Event, Match, MatchBracket, Phase, Round
from tournaments.selectors.placings import final_places
from tournaments.selectors.standings import standings_for_event
from tournaments.services.topcut import topcut_advance, topcut_start

pytestmark = pytest.mark.django_db

SEVEN = "ada ben cy dee eve fay gus"


def url(name: str, event: Event, **query) -> str:
    address = reverse(f"tournaments:{name}", args=[event.pk])
    return address + "".join(f"?{k}={v}" for k, v in query.items())


def words(fragment: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", text.unescape(fragment)).split())


def rows_of(page: str, kind: str) -> list[list[str]]:
    """The body rows of every printed table of `kind`, each as its cells' text."""
    found = []
    for part in page.split(f'class="print-table {kind}')[1:]:
        body = part.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
        found += [[words(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
                  for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]
    return found


def round_robin() -> Event:
    event = OrganizedEventFactory(structure="round_robin", groups=2, rounds=None, top_cut=0)
    seats(event, SEVEN)
    return start(event)


def group_of(event: Event) -> dict[str, int]:
    names = {r.pk: r.name for r in event.registrations.all()}
    members = Phase.objects.get(event=event, number=1).group_members
    return {names[pk]: number for number, group in enumerate(members, start=1) for pk in group}


def test_a_round_robins_printed_pairings_and_slips_say_each_matchs_group():
    event = round_robin()
    pair(event)
    group = group_of(event)
    by_table = rows_of(html(Client().get(url("print_pairings_by_table", event))), "by-table")
    assert by_table and all(row[1] == f"Group {group[row[2]]}" for row in by_table)
    assert any("Bye" in row[4] for row in by_table)  # the odd group's bye, with its group
    by_name = rows_of(html(Client().get(url("print_pairings_by_name", event))), "by-name")
    assert sorted(row[0] for row in by_name) == sorted(SEVEN.split())
    assert all(row[3] == f"Group {group[row[0]]}" for row in by_name)
    slips = html(signed_in(organizer_of(event)).get(url("print_slips", event)))
    printed = re.findall(r'<span class="slip-group">([^<]*)</span>', slips)
    tables = Match.objects.filter(round__event=event, player_b__isnull=False)
    assert sorted(printed) == sorted(f"Group {group[m.player_a.name]}" for m in tables)
    assert "Round 1" in slips


def test_a_swiss_round_prints_without_a_label_column():
    event = OrganizedEventFactory(rounds=3)
    seats(event, "ann bob cy dee")
    start(event)
    pair(event)
    page = html(Client().get(url("print_pairings_by_table", event)))
    assert "match-label" not in page and "Group" not in words(page)
    assert all(len(row) == 5 for row in rows_of(page, "by-table"))


def knockout_of_six() -> Event:
    """Six players, byes to the top two seeds, a third place beside the final."""
    event = OrganizedEventFactory(structure="single_elimination", rounds=None, top_cut=0,
                                  third_place=True)
    seats(event, "ann bob cy dee eve fay")
    return start(event)


def advance(event: Event) -> Round:
    return topcut_advance(event_id=event.pk, by=organizer_of(event), now=now())[0]


def test_a_single_eliminations_printouts_name_each_bracket_match():
    event = knockout_of_six()
    first = pair(event)
    page = html(Client().get(url("print_pairings_by_table", event, round=1)))
    rows = rows_of(page, "by-table")
    played = [row for row in rows if row[0] != "–"]
    byes = [row for row in rows if row[0] == "–"]
    assert len(played) == 2 and len(byes) == 2
    assert all(row[1] == "Quarterfinal" for row in played)
    assert all(row[1] == "" and row[4] == "Bye" for row in byes)  # a bye prints as before
    assert "Quarterfinals: pairings by table" in words(page)
    settle(first)
    settle(advance(event))
    final = advance(event)
    third = final.matches.get(bracket=MatchBracket.THIRD_PLACE)
    page = html(Client().get(url("print_pairings_by_table", event, round=final.number)))
    labels = {row[0]: row[1] for row in rows_of(page, "by-table")}
    assert labels == {str(third.table): "Third place",
                      str(final.matches.get(bracket=MatchBracket.MAIN).table): "Final"}
    slips = words(html(signed_in(organizer_of(event)).get(
        url("print_slips", event, round=final.number))))
    assert "Third place" in slips and slips.count("Final") >= 1
    by_name = rows_of(html(Client().get(url("print_pairings_by_name", event,
                                            round=final.number))), "by-name")
    assert sorted(row[3] for row in by_name) == ["Final", "Final", "Third place",
                                                 "Third place"]
    semis = rows_of(html(Client().get(url("print_pairings_by_table", event, round=2))),
                    "by-table")
    assert [row[1] for row in semis] == ["Semifinal", "Semifinal"]


def test_the_printed_standings_of_a_round_robin_go_group_by_group():
    event = round_robin()
    settle(pair(event))
    page = html(Client().get(url("print_standings", event)))
    blocks = re.findall(r'<div class="standings-block" id="group-(\d+)">', page)
    assert blocks == ["1", "2"]
    group = group_of(event)
    for number in (1, 2):
        part = page.split(f'id="group-{number}"', 1)[1].split('class="standings-block"', 1)[0]
        names = [row[1] for row in rows_of(part, "standings")]
        assert sorted(names) == sorted(n for n, g in group.items() if g == number)
        assert [row[0] for row in rows_of(part, "standings")][0] == "1"
    assert "Each group has its own table" in words(page)


def test_a_decided_single_elimination_prints_its_final_places():
    event = knockout_of_six()
    rnd = pair(event)
    while True:
        settle(rnd)
        if rnd.matches.filter(bracket=MatchBracket.MAIN).count() == 1:
            break
        rnd = advance(event)
    event.refresh_from_db()
    places = final_places(event, standings_for_event(event))
    names = {r.pk: r.name for r in event.registrations.all()}
    page = html(Client().get(url("print_standings", event)))
    rows = rows_of(page, "standings")
    # Every player at their place, best first (those out in the same round share it).
    assert sorted((row[0], row[1]) for row in rows) == sorted(
        (str(place), names[pk]) for pk, place in places.items())
    assert [int(row[0]) for row in rows] == sorted(int(row[0]) for row in rows)
    assert all(len(row) == 2 for row in rows)  # no points, records nor tiebreakers
    assert "Final places" in words(page)
    assert "Place" in words(page)


def test_a_swiss_top_cut_prints_the_place_and_the_swiss_rank():
    event = OrganizedEventFactory(rounds=2, top_cut=2)
    seats(event, "ann bob cy dee")
    start(event)
    settle(pair(event))
    settle(pair(event))
    settle(topcut_start(event_id=event.pk, by=organizer_of(event), now=now())[0])
    event.refresh_from_db()
    rows = rows_of(html(Client().get(url("print_standings", event))), "standings")
    assert [row[0] for row in rows] == ["1", "2", "3", "4"]
    swiss = {row.name: str(row.rank) for row in standings_for_event(event)}
    assert all(row[1] == swiss[row[2]] for row in rows)
