"""The group tables printout of a round robin (views.printouts.group_tables_sheet): printed
blank at the start (every cross-table cell empty, every round's Berger tables to come),
filled in as results are confirmed, checked here against the match rows themselves; public
like the standings and pairings it is made of, reached from the organizer's dashboard and the
standings page of a round robin only, and never showing a hidden list."""

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
from tests.web import html, signed_in
from tournaments.models import Event, Match, Phase

pytestmark = pytest.mark.django_db

NAMES = "ada ben cy dee eve fay gus"  # 7 players: a group of 4 and a group of 3


def url(name: str, event: Event, **query) -> str:
    address = reverse(f"tournaments:{name}", args=[event.pk])
    return address + "".join(f"?{k}={v}" for k, v in query.items())


def round_robin(names: str = NAMES, **settings) -> Event:
    event = OrganizedEventFactory(structure="round_robin", groups=2, rounds=None, top_cut=0,
                                  **settings)
    seats(event, names)
    return start(event)


def words(fragment: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", text.unescape(fragment)).split())


def blocks(page: str) -> dict[int, str]:
    """Each group's block of the page by group number."""
    parts = re.split(r'<div class="group-block" id="group-(\d+)">', page)[1:]
    return {int(number): block for number, block in zip(parts[::2], parts[1::2], strict=True)}


def table(block: str, kind: str) -> list[list[str]]:
    """The body rows of the block's table `kind` (cross-table, group-standings), each as
    its cells' text (th and td), empty cells as ""."""
    body = block.split(f'print-table {kind}' if kind != "group-standings"
                       else "group-standings", 1)[1].split("</table>", 1)[0]
    body = body.split("</thead>", 1)[1]
    return [[words(cell) for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def by_round(block: str) -> list[list[str]]:
    """The group's pairings, a small table a round: each row as [its round, table, players,
    result]."""
    rows = []
    for part in block.split('class="print-table group-round"')[1:]:
        caption = words(re.search(r"<caption>(.*?)</caption>", part, re.S).group(1))
        body = part.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
        rows += [[caption, *(words(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S))]
                 for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]
    return rows


def names_of(event: Event) -> dict[int, str]:
    return {r.pk: r.name for r in event.registrations.all()}


def test_the_group_tables_print_blank_at_the_start_with_every_round_to_come():
    event = round_robin()
    groups = Phase.objects.get(event=event, number=1).group_members
    name = names_of(event)
    page = html(Client().get(url("print_group_tables", event)))
    assert "Group tables" in page and 'class="site-header"' not in page
    found = blocks(page)
    assert sorted(found) == [1, 2]
    for number, members in enumerate(groups, start=1):
        cross = table(found[number], "cross-table")
        # Players in the group's seed order, every result cell empty, the diagonal marked.
        assert [row[1] for row in cross] == [name[pk] for pk in members]
        assert all(row[2:2 + len(members)] == [""] * len(members) for row in cross)
        assert found[number].count("cross-self") == len(members)
        byes = [row[-1] for row in cross]
        if len(members) % 2:  # an odd group: each player one bye, each in another round
            assert sorted(byes) == [str(r) for r in range(1, len(members) + 1)]
        else:
            assert byes == [""] * len(members)
        standings = table(found[number], "group-standings")
        assert sorted(row[1] for row in standings) == sorted(name[pk] for pk in members)
        assert all(row[2] == "0" for row in standings)
        rounds = by_round(found[number])
        # Every pair of the group once, no table yet, no result.
        pairs = [row for row in rounds if "–" in row[-2] and "Bye" not in row[-2]]
        met = {frozenset(p.strip() for p in row[-2].split("–")) for row in pairs}
        assert met == {frozenset((name[a], name[b])) for i, a in enumerate(members)
                       for b in members[i + 1:]}
        assert all(row[-1] == "" for row in rounds)
    assert page.count("not paired yet") == 2 * 3  # 3 rounds for each group


def test_the_group_tables_fill_in_from_the_confirmed_results():
    event = round_robin()
    name = names_of(event)
    first = pair(event)
    settle(first, result=lambda m: (2, 1, 0))  # every A wins 2-1
    pair(event)  # round 2 paired, not played
    page = html(Client().get(url("print_group_tables", event)))
    groups = Phase.objects.get(event=event, number=1).group_members
    found = blocks(page)
    for number, members in enumerate(groups, start=1):
        cross = {row[1]: row[2:2 + len(members)] for row in table(found[number],
                                                                 "cross-table")}
        column = {pk: i for i, pk in enumerate(members)}
        expected = {name[pk]: [""] * len(members) for pk in members}
        for m in Match.objects.filter(round=first, player_a__in=members,
                                      player_b__isnull=False):
            expected[name[m.player_a_id]][column[m.player_b_id]] = "2-1"
            expected[name[m.player_b_id]][column[m.player_a_id]] = "1-2"
        assert cross == expected
        rounds = by_round(found[number])
        played = [row for row in rounds if row[-1] == "2-1"]
        assert len(played) == len(members) // 2
        standings = table(found[number], "group-standings")
        assert sorted(int(row[2]) for row in standings)[-1] == 3
    # Round 1 and 2 carry their tables, round 3 is still to come.
    assert page.count("not paired yet") == 2
    tables = sorted(str(t) for t in Match.objects.filter(round__event=event, round__number=2,
                                                        table__isnull=False)
                    .values_list("table", flat=True))
    printed = sorted(row[1] for block in found.values() for row in by_round(block)
                     if row[0].startswith("Round 2") and row[1] != "–")
    assert printed == tables


def test_a_head_to_head_event_says_so_on_its_group_tables():
    event = round_robin(head_to_head=True)
    page = words(html(Client().get(url("print_group_tables", event))))
    assert "head-to-head first among players equal on match points" in page


def test_only_a_round_robin_has_group_tables_and_they_wait_for_the_start():
    swiss = OrganizedEventFactory(rounds=3)
    assert Client().get(url("print_group_tables", swiss)).status_code == 404
    waiting = OrganizedEventFactory(structure="round_robin", groups=2, rounds=None, top_cut=0)
    page = words(html(Client().get(url("print_group_tables", waiting))))
    assert "The groups are drawn when the event starts" in page


def test_the_group_tables_are_public_and_linked_for_a_round_robin_only():
    event = round_robin()
    link = url("print_group_tables", event)
    for client in (Client(), signed_in(UserFactory(username="newcomer")),
                   signed_in(event.registrations.first().player)):
        assert client.get(link).status_code == 200
    olga = signed_in(organizer_of(event))
    assert link in html(olga.get(url("dashboard", event)))
    pair(event)
    assert link in html(Client().get(url("standings", event)))
    swiss = OrganizedEventFactory(rounds=3)
    seats(swiss, "ann bob")
    start(swiss)
    pair(swiss)
    assert "/print/groups/" not in html(signed_in(organizer_of(swiss)).get(
        url("dashboard", swiss)))
    assert "/print/groups/" not in html(Client().get(url("standings", swiss)))


def test_a_hidden_list_never_reaches_the_group_tables():
    olga = UserFactory(username="olga")
    event = OrganizedEventFactory(structure="round_robin", groups=1, rounds=None, top_cut=0,
                                  format="constructed", organizers=[olga])
    ann = UserFactory(username="ann")
    give_starter_kit(ann)
    version = decklist_create(user=ann, name="Ann's secret list", kind="constructed",
                              cards=LIST_A, now=timezone.now()).versions.get()
    SeatFactory(event=event, player=ann, decklist_version=version)
    seats(event, "ben cy")
    start(event)
    for client in (Client(), signed_in(olga)):
        page = text.unescape(html(client.get(url("print_group_tables", event))))
        assert "ann" in page
        assert "Ann's secret list" not in page
        assert not any(card in page for card in LIST_A)


def test_the_group_tables_cost_a_fixed_number_of_queries(django_assert_max_num_queries):
    small, large = round_robin(), round_robin(" ".join(f"p{n:02d}" for n in range(20)))
    for event in (small, large):
        settle(pair(event))
    counts = []
    for event in (small, large):
        with django_assert_max_num_queries(12) as captured:
            assert Client().get(url("print_group_tables", event)).status_code == 200
        counts.append(len(captured))
    assert counts[0] == counts[1]  # as many for 20 players as for 7


def test_the_group_tables_print_in_the_readers_language():
    event = round_robin()
    page = words(html(Client().get(url("print_group_tables", event),
                                   HTTP_ACCEPT_LANGUAGE="ru")))
    assert "Таблицы групп" in page and "Группа 1: шахматка" in page
    assert "пары ещё не составлены" in page
