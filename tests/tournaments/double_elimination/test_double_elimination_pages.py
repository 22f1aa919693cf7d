"""A double elimination of the whole field run through the pages only: the organizer creates
it on the new-event page, starts it, pairs round 1 and each next round from the dashboard to
the grand final, and completes it; the bracket page shows the winners bracket, the losers
bracket and the grand final with their seeds, its printout the same on A4 landscape, the
standings, CSV and API the final places. A stranger and another organizer can pair nothing
and change nothing."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.web import html, signed_in
from tournaments.models import Event, EventStatus, Match, MatchBracket, Phase, Round

pytestmark = pytest.mark.django_db

NAMES = ["ada", "ben", "cy", "dee", "eve", "fay", "gus", "hal"]


def url(name: str, *args) -> str:
    return reverse(f"tournaments:{name}", args=args)


def settle_all(olga: Client, event: Event, rnd: Round) -> None:
    """The organizer sets every open table: the better seed wins 2-1."""
    seed = {pk: s for s, pk in enumerate(Phase.objects.get(event=event).entrants)}
    for match in rnd.matches.filter(player_b__isnull=False, status="pending"):
        a_better = seed[match.player_a_id] < seed[match.player_b_id]
        response = olga.post(url("match_set", event.pk, match.pk), {
            "set-a_wins": 2 if a_better else 1, "set-b_wins": 1 if a_better else 2,
            "set-draws": 0, "set-note": "", "next": url("dashboard", event.pk)})
        assert response.status_code == 302, html(response)


def new_event(olga: Client, **changes) -> None:  # noqa: ANN003
    form = {"name": "Double Open", "format": "preconstructed", "match_length": 3,
            "structure": "double_elimination", "top_cut": 0, "late_entry_until_round": 0,
            "grand_final_reset": "on", **changes}
    return olga.post(url("event_new"), form, follow=True)


def started(olga: Client, players: int = 5) -> Event:
    assert "is open for registration" in html(new_event(olga))
    event = Event.objects.get(name="Double Open")
    for i in range(players):
        response = signed_in(UserFactory(username=NAMES[i])).post(
            url("register", event.pk), {"preconstructed_deck": str(i % 4 + 1)}, follow=True)
        assert "You are registered" in html(response)
    return event


def test_a_double_elimination_runs_from_the_new_event_page_to_a_champion():
    olga = signed_in(UserFactory(username="olga"))
    refused = html(new_event(olga, top_cut=8, rounds=4, third_place="on"))
    assert "a double elimination is the whole event: it has no top cut" in refused
    assert not Event.objects.filter(name="Double Open").exists()
    event = started(olga)
    assert (event.structure, event.top_cut, event.grand_final_reset) == (
        "double_elimination", 0, True)
    assert "Double elimination" in html(olga.get(url("event", event.pk)))
    response = olga.post(url("event_start", event.pk), follow=True)
    assert "has started: a double elimination of 5 players" in html(response)
    seeds = Phase.objects.get(event=event).entrants
    assert "Pair round 1" in html(olga.get(url("dashboard", event.pk)))
    response = olga.post(url("round_pair", event.pk), {"number": 1}, follow=True)
    assert "Round 1 is paired" in html(response)
    first = Round.objects.get(event=event, number=1)
    assert sorted(seeds.index(m.player_a_id) + 1
                  for m in first.matches.filter(player_b__isnull=True)) == [1, 2, 3]
    bracket = html(Client().get(url("bracket", event.pk)))
    assert "Winners bracket" in bracket and bracket.count(">bye<") == 3
    assert 'class="seed"' in bracket
    number = 1
    while True:
        settle_all(olga, event, Round.objects.get(event=event, number=number))
        dashboard = html(olga.get(url("dashboard", event.pk)))
        if "Pair the next bracket round" not in dashboard:
            break
        number += 1
        response = olga.post(url("topcut_advance", event.pk), {"number": number}, follow=True)
        assert response.status_code == 200
    final = Match.objects.get(round__event=event, bracket=MatchBracket.FINAL)
    assert final.player_a_id == seeds[0]  # the better seed won every match: no reset
    champion = Match.objects.get(pk=final.pk).player_a
    assert f"{champion.name} won the final." in dashboard
    bracket = html(olga.get(url("bracket", event.pk)))
    for section in ("Winners bracket", "Losers bracket", "Grand final"):
        assert section in bracket
    for match in Match.objects.filter(round__event=event, player_b__isnull=False):
        assert url("match", event.pk, match.pk) in bracket
    printed = html(Client().get(url("print_bracket", event.pk)))
    assert "Losers bracket" in printed and "bracket-sheet" in printed
    response = olga.post(url("event_complete", event.pk), follow=True)
    assert "is complete" in html(response)
    assert Event.objects.get(pk=event.pk).status == EventStatus.COMPLETE
    csv = Client().get(url("standings_csv", event.pk)).content.decode().splitlines()
    assert len(csv) == 6 and csv[0].endswith(",place")
    # 5 players: 1, 2, then out in losers rounds 3, 2 and 1 (one each: seeds 3, 4, 5).
    assert sorted(int(line.rsplit(",", 1)[1]) for line in csv[1:]) == [1, 2, 3, 4, 5]
    answer = Client().get(f"/api/events/{event.pk}/standings/")
    rows = answer.json()
    rows = rows.get("results", rows.get("rows", rows)) if isinstance(rows, dict) else rows
    assert sorted(r["place"] for r in rows) == [1, 2, 3, 4, 5]
    detail = Client().get(f"/api/events/{event.pk}/").json()
    assert detail["structure"] == "double_elimination" and detail["grand_final_reset"] is True


def test_a_stranger_or_another_organizer_cannot_pair_nor_advance_nor_complete():
    olga = signed_in(UserFactory(username="olga"))
    event = started(olga, players=4)
    olga.post(url("event_start", event.pk))
    intruders = [signed_in(UserFactory(username="mallory")), signed_in(UserFactory())]
    other = intruders[1]
    other.post(url("event_new"), {"name": "Theirs", "format": "preconstructed",
                                  "match_length": 3, "top_cut": 0,
                                  "late_entry_until_round": 0})
    for intruder in intruders:
        for name, data in (("round_pair", {"number": 1}), ("topcut_advance", {"number": 2}),
                           ("event_complete", {})):
            response = intruder.post(url(name, event.pk), data)
            assert response.status_code in (403, 404)
    assert not Round.objects.filter(event=event).exists()
    olga.post(url("round_pair", event.pk), {"number": 1})
    first = Round.objects.get(event=event, number=1)
    match = first.matches.first()
    for intruder in intruders:
        response = intruder.post(url("match_set", event.pk, match.pk), {
            "set-a_wins": 0, "set-b_wins": 2, "set-draws": 0, "set-note": ""})
        assert response.status_code in (403, 404)
    assert Match.objects.get(pk=match.pk).status == "pending"
    settle_all(olga, event, first)
    for intruder in intruders:
        assert intruder.post(url("topcut_advance", event.pk),
                             {"number": 2}).status_code in (403, 404)
    assert Round.objects.filter(event=event).count() == 1


@pytest.mark.parametrize("structure", ["single_elimination", "swiss_top_cut"])
def test_the_bracket_printout_of_a_single_elimination_and_of_a_top_cut(structure):
    from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
    from tests.tournaments.event_steps import now, organizer_of, pair, settle, start
    from tournaments.services.topcut import topcut_start

    if structure == "single_elimination":
        event = OrganizedEventFactory(structure="single_elimination", rounds=None, top_cut=0)
        SeatFactory.create_batch(4, event=event)
        event = start(event)
        rnd = pair(event)
    else:
        event = OrganizedEventFactory(rounds=1, top_cut=4)
        SeatFactory.create_batch(8, event=event)
        event = start(event)
        settle(pair(event))
        rnd = topcut_start(event_id=event.pk, by=organizer_of(event), now=now())[0]
    assert Client().get(url("print_bracket", event.pk)).status_code == 200
    printed = html(Client().get(url("print_bracket", event.pk)))
    assert "bracket-sheet" in printed and "Semifinals" in printed
    for match in rnd.matches.select_related("player_a", "player_b"):
        assert match.player_a.name in printed and match.player_b.name in printed
    assert url("print_bracket", event.pk) in html(Client().get(url("bracket", event.pk)))


def test_the_bracket_printout_waits_for_the_bracket():
    olga = signed_in(UserFactory(username="olga"))
    event = started(olga, players=3)
    assert Client().get(url("print_bracket", event.pk)).status_code == 404


def test_the_printed_pairings_say_each_matchs_bracket():
    olga = signed_in(UserFactory(username="olga"))
    event = started(olga, players=8)  # round 2: winners round 2 and losers round 1
    olga.post(url("event_start", event.pk))
    olga.post(url("round_pair", event.pk), {"number": 1})
    settle_all(olga, event, Round.objects.get(event=event, number=1))
    olga.post(url("topcut_advance", event.pk), {"number": 2})
    rnd = Round.objects.get(event=event, number=2)
    printed = html(Client().get(url("print_pairings_by_table", event.pk) + "?round=2"))
    played = rnd.matches.filter(player_b__isnull=False)
    assert {m.bracket for m in played} == {MatchBracket.WINNERS, MatchBracket.LOSERS}
    labels = {"winners": "Winners bracket", "losers": "Losers bracket"}
    for match in played:
        row = printed.split(f'<td class="number">{match.table}</td>', 1)[1]
        assert row.split("</tr>", 1)[0].count(labels[match.bracket]) == 1
    assert "Round of" not in printed
