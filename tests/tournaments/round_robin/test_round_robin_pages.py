"""A round robin in groups run through the pages only: the organizer creates it on the
new-event page (and is told clearly when the cut does not divide among the groups), starts
it, pairs every round, settles each table, reads the group tables, starts the top cut from
the groups and completes it. A stranger can pair nothing."""

from __future__ import annotations

from itertools import combinations

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.web import html, signed_in
from tournaments.models import Event, EventStatus, Match, Phase, Round

pytestmark = pytest.mark.django_db

NAMES = ["ada", "ben", "cy", "dee", "eve", "fay", "gus"]


def url(name: str, *args) -> str:
    return reverse(f"tournaments:{name}", args=args)


def settle_all(olga: Client, event: Event, rnd: Round) -> None:
    """The organizer sets every table: the seat registered first wins 2-1."""
    for match in rnd.matches.filter(player_b__isnull=False):
        a_first = match.player_a_id < match.player_b_id
        response = olga.post(url("match_set", event.pk, match.pk), {
            "set-a_wins": 2 if a_first else 1, "set-b_wins": 1 if a_first else 2,
            "set-draws": 0, "set-note": "", "next": url("dashboard", event.pk)})
        assert response.status_code == 302, html(response)


def test_a_round_robin_in_groups_runs_from_the_new_event_page_to_a_champion():
    olga = signed_in(UserFactory(username="olga"))
    form = {"name": "Group Open", "format": "preconstructed", "match_length": 3,
            "structure": "round_robin", "groups": 2, "cycles": 1, "top_cut": 8,
            "late_entry_until_round": 0}
    refused = html(olga.post(url("event_new"), {**form, "groups": 3}))
    assert ("a top 8 cannot take the same number of players from each of 3 groups: no top "
            "cut can, so choose another number of groups") in refused
    assert not Event.objects.filter(name="Group Open").exists()

    response = olga.post(url("event_new"), {**form, "top_cut": 4, "head_to_head": "on"},
                         follow=True)
    assert "is open for registration" in html(response)
    event = Event.objects.get(name="Group Open")
    assert (event.structure, event.groups, event.cycles, event.head_to_head, event.top_cut) == (
        "round_robin", 2, 1, True, 4)

    users = {name: UserFactory(username=name) for name in NAMES}
    for i, user in enumerate(users.values()):
        response = signed_in(user).post(url("register", event.pk),
                                        {"preconstructed_deck": str(i % 4 + 1)}, follow=True)
        assert "You are registered" in html(response)

    response = olga.post(url("event_start", event.pk), follow=True)
    assert "has started: a round robin in 2 groups, 3 rounds" in html(response)
    groups = Phase.objects.get(event=event, number=1).group_members
    assert sorted(len(g) for g in groups) == [3, 4]

    ada = signed_in(users["ada"])
    for number in (1, 2, 3):
        dashboard = html(olga.get(url("dashboard", event.pk)))
        assert f"Pair round {number}" in dashboard
        response = olga.post(url("round_pair", event.pk), {"number": number}, follow=True)
        assert f"Round {number} is paired" in html(response)
        rnd = Round.objects.get(event=event, number=number)
        pairings = html(ada.get(url("pairings", event.pk)))
        assert "Grp" in pairings and "of its round robin" in pairings
        settle_all(olga, event, rnd)
        standings = html(ada.get(url("standings", event.pk)))
        assert "Group 1" in standings and "Group 2" in standings
        assert "head-to-head first" in standings

    # Reference: every pair of each group met exactly once.
    met = sorted(tuple(sorted((m.player_a_id, m.player_b_id)))
                 for m in Match.objects.filter(round__event=event, player_b__isnull=False))
    assert met == sorted(pair for g in groups for pair in combinations(sorted(g), 2))
    csv = Client().get(url("standings_csv", event.pk)).content.decode().splitlines()
    assert csv[0].endswith(",group") and len(csv) == 8
    # The group tables: in each, the seat registered first won every match.
    rows = [line.split(",") for line in csv[1:]]
    for number, group in enumerate(groups, start=1):
        ranked = [r for r in rows if r[-1] == str(number)]
        assert [r[0] for r in ranked] == [str(k) for k in range(1, len(group) + 1)]

    dashboard = html(olga.get(url("dashboard", event.pk)))
    assert "Pair round 4" not in dashboard
    response = olga.post(url("topcut_start", event.pk), follow=True)
    assert "The semifinals are paired" in html(response)
    cut = Phase.objects.get(event=event, number=2)
    winners = [min(g) for g in groups]
    assert set(cut.entrants[:2]) == set(winners)  # the group winners are seeds 1 and 2
    for label in ("semifinals", "final"):
        rnd = Round.objects.filter(event=event).order_by("-number").first()
        settle_all(olga, event, rnd)
        if label == "semifinals":
            response = olga.post(url("topcut_advance", event.pk), {"number": rnd.number + 1},
                                 follow=True)
            assert "The final is paired" in html(response)
    response = olga.post(url("event_complete", event.pk), follow=True)
    assert "is complete" in html(response)
    assert Event.objects.get(pk=event.pk).status == EventStatus.COMPLETE
    standings = html(Client().get(url("standings", event.pk)))
    assert "The places are final" in standings


def test_a_stranger_cannot_pair_a_round_robin_nor_start_its_cut():
    olga = signed_in(UserFactory(username="olga"))
    olga.post(url("event_new"), {"name": "Groups", "format": "preconstructed",
                                 "match_length": 3, "structure": "round_robin", "groups": 1,
                                 "cycles": 2, "top_cut": 0, "late_entry_until_round": 0})
    event = Event.objects.get(name="Groups")
    for i in range(4):
        signed_in(UserFactory()).post(url("register", event.pk),
                                      {"preconstructed_deck": str(i + 1)})
    olga.post(url("event_start", event.pk))
    mallory = signed_in(UserFactory(username="mallory"))
    for name, data in (("round_pair", {"number": 1}), ("topcut_start", {}),
                       ("event_complete", {})):
        response = mallory.post(url(name, event.pk), data)
        assert response.status_code in (403, 404)
    assert not Round.objects.filter(event=event).exists()
    response = mallory.post(url("event_edit", event.pk), {"groups": 2})
    assert response.status_code in (403, 404)
    assert Event.objects.get(pk=event.pk).groups == 1
