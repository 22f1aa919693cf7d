"""A single elimination of the whole field run through the pages only: the organizer creates
it on the new-event page (told under the field when a setting does not fit), starts it,
pairs round 1 with its byes, each next round from the dashboard, and completes it; the
bracket page shows the seeds and the byes, the standings, CSV and API the final places. A
stranger can pair nothing and change nothing."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.web import html, signed_in
from tournaments.models import Event, EventStatus, Match, MatchBracket, Phase, Round

pytestmark = pytest.mark.django_db

NAMES = ["ada", "ben", "cy", "dee", "eve"]


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
    form = {"name": "Knockout Open", "format": "preconstructed", "match_length": 3,
            "structure": "single_elimination", "top_cut": 0, "late_entry_until_round": 0,
            "third_place": "on", **changes}
    return olga.post(url("event_new"), form, follow=True)


def test_a_single_elimination_runs_from_the_new_event_page_to_a_champion():
    olga = signed_in(UserFactory(username="olga"))
    refused = html(new_event(olga, top_cut=8, rounds=4))
    assert "a single elimination is the whole event: it has no top cut" in refused
    assert "a single elimination&#x27;s rounds come from its players" in refused
    assert not Event.objects.filter(name="Knockout Open").exists()
    assert "is open for registration" in html(new_event(olga))
    event = Event.objects.get(name="Knockout Open")
    assert (event.structure, event.top_cut, event.third_place) == (
        "single_elimination", 0, True)
    assert "Single elimination" in html(olga.get(url("event", event.pk)))

    users = {name: UserFactory(username=name) for name in NAMES}
    for i, user in enumerate(users.values()):
        response = signed_in(user).post(url("register", event.pk),
                                        {"preconstructed_deck": str(i % 4 + 1)}, follow=True)
        assert "You are registered" in html(response)
    response = olga.post(url("event_start", event.pk), follow=True)
    assert "has started: a single elimination of 5 players, 3 rounds" in html(response)
    seeds = Phase.objects.get(event=event).entrants

    dashboard = html(olga.get(url("dashboard", event.pk)))
    assert "Pair round 1" in dashboard
    response = olga.post(url("round_pair", event.pk), {"number": 1}, follow=True)
    assert "The quarterfinals are paired" in html(response)
    first = Round.objects.get(event=event, number=1)
    assert sorted(seeds.index(m.player_a_id) + 1
                  for m in first.matches.filter(player_b__isnull=True)) == [1, 2, 3]
    bracket = html(Client().get(url("bracket", event.pk)))
    assert bracket.count(">bye<") == 3 and 'class="seed"' in bracket

    for number in (2, 3):
        settle_all(olga, event, Round.objects.get(event=event, number=number - 1))
        dashboard = html(olga.get(url("dashboard", event.pk)))
        assert "Pair the next bracket round" in dashboard
        response = olga.post(url("topcut_advance", event.pk), {"number": number}, follow=True)
        assert response.status_code == 200
    final = Round.objects.get(event=event, number=3)
    assert final.matches.count() == 2  # the final and the match for third place
    settle_all(olga, event, final)
    dashboard = html(olga.get(url("dashboard", event.pk)))
    names = {u.pk: u.username for u in users.values()}
    decider = Match.objects.get(round=final, bracket=MatchBracket.MAIN)
    champion = decider.player_a if decider.a_wins > decider.b_wins else decider.player_b
    assert champion.pk == seeds[0]  # the better seed won every match
    assert f"{names[champion.player_id]} won the final" in dashboard
    response = olga.post(url("event_complete", event.pk), follow=True)
    assert "is complete" in html(response)
    assert Event.objects.get(pk=event.pk).status == EventStatus.COMPLETE
    standings = html(Client().get(url("standings", event.pk)))
    assert "The places are final: the bracket decided them" in standings
    csv = Client().get(url("standings_csv", event.pk)).content.decode().splitlines()
    assert len(csv) == 6 and csv[0].endswith(",place")
    assert sorted(int(line.rsplit(",", 1)[1]) for line in csv[1:]) == [1, 2, 3, 4, 5]
    answer = Client().get(f"/api/events/{event.pk}/standings/")
    assert answer.status_code == 200, answer.content
    rows = answer.json()
    rows = rows.get("results", rows.get("rows", rows)) if isinstance(rows, dict) else rows
    assert sorted(r["place"] for r in rows) == [1, 2, 3, 4, 5]


def test_a_stranger_cannot_pair_nor_advance_nor_complete_a_single_elimination():
    olga = signed_in(UserFactory(username="olga"))
    new_event(olga, third_place="")
    event = Event.objects.get(name="Knockout Open")
    for i in range(4):
        signed_in(UserFactory()).post(url("register", event.pk),
                                      {"preconstructed_deck": str(i + 1)})
    olga.post(url("event_start", event.pk))
    mallory = signed_in(UserFactory(username="mallory"))
    for name, data in (("round_pair", {"number": 1}), ("topcut_advance", {"number": 2}),
                       ("event_complete", {})):
        response = mallory.post(url(name, event.pk), data)
        assert response.status_code in (403, 404)
    assert not Round.objects.filter(event=event).exists()
    olga.post(url("round_pair", event.pk), {"number": 1})
    settle_all(olga, event, Round.objects.get(event=event, number=1))
    response = mallory.post(url("topcut_advance", event.pk), {"number": 2})
    assert response.status_code in (403, 404)
    assert Round.objects.filter(event=event).count() == 1
    response = mallory.post(url("event_edit", event.pk), {"structure": "swiss"})
    assert response.status_code in (403, 404)
    assert Event.objects.get(pk=event.pk).structure == "single_elimination"
