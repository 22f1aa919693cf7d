"""A team event's file carries its team size, its teams with their players by seat and its
team matches with their seat matches, and imports back as the same team event: the same
teams, seats and team matches, the same team standings. A forged team part is named and
refused; a file without one is an individual event's."""

from __future__ import annotations

import json
import random

import pytest
from django.utils import timezone

from core.errors import DomainError
from eventfile.selectors.event_file import event_file_build
from eventfile.services.event_file import event_file_import
from tests.factories.users import UserFactory
from tests.tournaments.event_steps import now, organizer_of, pair, settle, start
from tests.tournaments.teams.team_steps import team_event
from tournaments.models import Event, Match, TeamMatch
from tournaments.selectors.teams import team_standings
from tournaments.services.events import event_complete

pytestmark = pytest.mark.django_db


def played() -> Event:
    """Five teams of 2 play 2 rounds (a team bye each round) and the event completes."""
    event = team_event(5, 2, rounds=2)
    start(event)
    rng = random.Random(7)
    for _ in range(2):
        settle(pair(event), result=lambda m: rng.choice([(2, 0, 0), (0, 2, 0), (1, 1, 1)]))
    event_complete(event_id=event.pk, by=organizer_of(event), now=now())
    return Event.objects.get(pk=event.pk)


def file_of(event: Event) -> dict:
    return json.loads(json.dumps(event_file_build(event=event, by=organizer_of(event),
                                                  instance="clash.example",
                                                  now=timezone.now())))


def shape(event: Event) -> list:
    """The team matches as names and seats: round, table, teams, each seat match's players."""
    out = []
    for tm in (TeamMatch.objects.filter(round__event=event)
               .select_related("round", "team_a", "team_b")
               .order_by("round__number", "table", "id")):
        seats = [(m.player_a.seat, m.player_a.name, m.player_b.name if m.player_b else None,
                  m.a_wins, m.b_wins)
                 for m in Match.objects.filter(team_match=tm).order_by("player_a__seat")
                 .select_related("player_a", "player_b")]
        out.append((tm.round.number, tm.table, tm.team_a.name,
                    tm.team_b.name if tm.team_b else None, seats))
    return out


def test_a_team_event_goes_out_and_comes_back_whole():
    event = played()
    data = file_of(event)
    assert data["event"]["team_size"] == 2
    assert [t["name"] for t in data["teams"]] == [f"Team {n}" for n in range(1, 6)]
    assert [m["seat"] for m in data["teams"][0]["members"]] == ["A", "B"]
    assert len(data["team_matches"]) == 6  # 2 rounds of 2 team matches and a bye
    copy = event_file_import(data=data, by=UserFactory(), now=timezone.now())
    assert copy.team_size == 2 and copy.teams_play
    assert shape(copy) == shape(event)

    def table(e: Event) -> list:
        return [(r.rank, r.name, r.match_points, r.omw,
                 [(m.seat, m.name, m.wins) for m in r.members]) for r in team_standings(e)]

    assert table(copy) == table(event)


@pytest.mark.parametrize(("forge", "where", "says"), [
    (lambda d: d["teams"][1].update(name="team 1"), "teams[1].name", "two teams are named"),
    (lambda d: d["teams"][1]["members"].append({"seat": "A", "player": 1}),
     "teams[1].members", "each player in one team"),
    (lambda d: d["teams"][0]["members"][1].update(seat="C"), "teams[0].members", "seats A to B"),
    (lambda d: d["team_matches"][0].update(team_b=99), "team_matches[0]", "two teams of the file"),
    (lambda d: d["team_matches"][0].update(matches=d["team_matches"][-1]["matches"]),
     "team_matches[0].matches", "of its round"),
    (lambda d: d["event"].update(team_size=4), "event.team_size", "1, 2 or 3"),
])
def test_a_forged_team_part_is_named_and_nothing_is_imported(forge, where, says):
    data = file_of(played())
    forge(data)
    before = Event.objects.count()
    with pytest.raises(DomainError) as refused:
        event_file_import(data=data, by=UserFactory(), now=timezone.now())
    assert any(p.startswith(where) and says in p for p in refused.value.problems), \
        refused.value.problems
    assert Event.objects.count() == before


def test_a_file_without_a_team_part_is_an_individual_events():
    data = file_of(played())
    for key in ("teams", "team_matches"):
        del data[key]
    del data["event"]["team_size"]
    copy = event_file_import(data=data, by=UserFactory(), now=timezone.now())
    assert copy.team_size == 1 and not TeamMatch.objects.filter(round__event=copy).exists()
