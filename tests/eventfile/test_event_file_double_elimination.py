"""The event file carries a double elimination: an exported bracket (its seeds, byes, both
brackets, the grand final and its reset flag) imports back with the same matches in the same
brackets and the same final places; a file without the reset flag (older) imports with the
default."""

from __future__ import annotations

import json

import pytest
from django.utils import timezone

from eventfile.selectors.event_file import event_file_build
from eventfile.services.event_file import event_file_import
from tests.factories.users import UserFactory
from tournaments.models import Event, Match, Phase
from tournaments.selectors.placings import final_places
from tournaments.selectors.standings import standings_for_event
from tournaments.services.simulation import event_simulate

pytestmark = pytest.mark.django_db


def file_of(event: Event) -> dict:
    data = event_file_build(event=event, by=event.organizers.first(),
                            instance="clash.example", now=timezone.now())
    return json.loads(json.dumps(data))


def names_by_place(event: Event) -> list[tuple[int, str]]:
    rows = standings_for_event(event)
    places = final_places(event, rows)
    return sorted((places[row.registration_id], row.name) for row in rows)


def brackets_of(event: Event) -> list[tuple]:
    return sorted((m.round.number, m.table or 0, m.bracket, m.player_a.name,
                   m.player_b.name if m.player_b else "", m.a_wins, m.b_wins)
                  for m in Match.objects.filter(round__event=event).select_related(
                      "round", "player_a__player", "player_b__player"))


@pytest.mark.parametrize("reset", [True, False])
def test_a_double_elimination_round_trips(reset):
    event, _ = event_simulate(players=6, ai_seats=0, fmt="preconstructed", seed=4,
                              clock=timezone.now, structure="double_elimination",
                              grand_final_reset=reset)
    event.refresh_from_db()
    data = file_of(event)
    assert data["version"] == 2
    assert (data["event"]["structure"], data["event"]["grand_final_reset"]) == (
        "double_elimination", reset)
    assert [p["structure"] for p in data["phases"]] == ["double_elimination"]
    kinds = {m["bracket"] for rnd in data["rounds"] for m in rnd["matches"]}
    assert kinds == {"winners", "losers", "final"}
    imported = event_file_import(data=data, by=UserFactory(), now=timezone.now())
    assert (imported.structure, imported.grand_final_reset) == ("double_elimination", reset)
    assert imported.rounds == event.rounds
    assert Phase.objects.get(event=imported).bracket_reset is reset
    assert brackets_of(imported) == brackets_of(event)
    assert names_by_place(imported) == names_by_place(event)
    assert len(names_by_place(imported)) == 6


def test_a_file_without_the_reset_flag_imports_with_the_reset():
    event, _ = event_simulate(players=4, ai_seats=0, fmt="preconstructed", seed=2,
                              clock=timezone.now, structure="double_elimination")
    event.refresh_from_db()
    data = file_of(event)
    del data["event"]["grand_final_reset"]
    imported = event_file_import(data=data, by=UserFactory(), now=timezone.now())
    assert imported.grand_final_reset is True
    assert names_by_place(imported) == names_by_place(event)


def test_a_bracket_of_the_wrong_kind_is_named_and_nothing_is_written():
    """A double elimination's brackets (winners, losers, final) belong to its matches and
    to no other event's: a forged file of either kind is refused at the match."""
    from core.errors import DomainError

    message = ("a double elimination's matches are in its winners bracket, its losers "
               "bracket or its grand final, and only its matches are")
    double, _ = event_simulate(players=4, ai_seats=0, fmt="preconstructed", seed=2,
                               clock=timezone.now, structure="double_elimination")
    swiss, _ = event_simulate(players=6, ai_seats=0, fmt="preconstructed", seed=2,
                              clock=timezone.now, top_cut=4)
    before = Event.objects.count()
    for event, forged in ((double, "third_place"), (double, ""), (swiss, "losers")):
        data = file_of(Event.objects.get(pk=event.pk))
        data["rounds"][0]["matches"][0]["bracket"] = forged
        with pytest.raises(DomainError) as refused:
            event_file_import(data=data, by=UserFactory(), now=timezone.now())
        assert any(message in str(problem) and "rounds[0].matches[0].bracket" in str(problem)
                   for problem in refused.value.problems), refused.value.problems
    assert Event.objects.count() == before
