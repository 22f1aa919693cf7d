"""The event file's version 2 carries an event's shape: its third place, day 2 and top cut of
any size, each match's bracket, the phases with who entered each, and the final places; an
imported two-day event with a top 8 and a match for third place has the same phases, the same
bracket and the same places as the one exported. A version 1 file (no phases, no bracket)
still imports, its cut's seeds read back from the first round."""

from __future__ import annotations

import json

import pytest
from django.utils import timezone

from core.errors import DomainError
from eventfile.selectors.event_file import event_file_build
from eventfile.services.event_file import event_file_import
from tests.factories.users import UserFactory
from tournaments.models import Event, Match, MatchBracket, Phase
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


def phases_of(event: Event) -> list[tuple]:
    names = {row.registration_id: row.name for row in standings_for_event(event)}
    return [(p.number, p.structure, p.advance, p.advance_count, p.advance_points, p.rounds,
             p.third_place, [names[pk] for pk in p.entrants])
            for p in Phase.objects.filter(event=event).order_by("number")]


def brackets_of(event: Event) -> list[tuple[int, int, str]]:
    return list(Match.objects.filter(round__event=event)
                .order_by("round__number", "table").values_list("round__number", "table",
                                                                "bracket"))


def test_a_two_day_event_with_a_top_eight_and_third_place_round_trips():
    event, _ = event_simulate(players=20, ai_seats=0, fmt="preconstructed", seed=4,
                              clock=timezone.now, top_cut=8, third_place=True, rounds=4,
                              day2_points=6, day2_rounds=2)
    event.refresh_from_db()
    data = file_of(event)
    assert data["version"] == 2
    assert (data["event"]["third_place"], data["event"]["day2_points"],
            data["event"]["day2_rounds"]) == (True, 6, 2)
    assert [p["structure"] for p in data["phases"]] == ["swiss", "swiss", "single_elimination"]
    assert data["placings"][0]["place"] == 1 and len(data["placings"]) == 20
    third = [m for rnd in data["rounds"] for m in rnd["matches"]
             if m["bracket"] == MatchBracket.THIRD_PLACE]
    assert len(third) == 1

    imported = event_file_import(data=data, by=UserFactory(), now=timezone.now())
    assert (imported.third_place, imported.day2_points, imported.day2_rounds) == (True, 6, 2)
    assert phases_of(imported) == phases_of(event)
    assert brackets_of(imported) == brackets_of(event)
    assert names_by_place(imported) == names_by_place(event)


def test_a_version_1_file_of_a_top_cut_imports_with_its_seeds_read_back():
    event, _ = event_simulate(players=10, ai_seats=0, fmt="preconstructed", seed=6,
                              clock=timezone.now, top_cut=4)
    event.refresh_from_db()
    data = file_of(event)
    # What a version 1 file was: none of version 2's keys.
    data["version"] = 1
    for key in ("phases", "placings", "kept_apart"):
        data.pop(key, None)
    for key in ("third_place", "day2_points", "day2_rounds", "pick_seconds"):
        data["event"].pop(key)
    for rnd in data["rounds"]:
        for match in rnd["matches"]:
            match.pop("bracket")
    for seat in data["players"]:
        for key in ("awarded_byes", "fixed_table"):
            seat.pop(key, None)

    imported = event_file_import(data=data, by=UserFactory(), now=timezone.now())
    assert Phase.objects.get(event=imported, number=2).entrants == []
    assert names_by_place(imported) == names_by_place(event)
    assert [p[:7] for p in phases_of(imported)] == [p[:7] for p in phases_of(event)]


def groups_of(event: Event) -> list[list[str]]:
    names = {row.registration_id: row.name for row in standings_for_event(event)}
    return [[names[pk] for pk in group]
            for group in Phase.objects.get(event=event, number=1).group_members]


def test_a_round_robin_in_groups_with_a_cut_round_trips_with_its_groups():
    event, _ = event_simulate(players=9, ai_seats=0, fmt="preconstructed", seed=8,
                              clock=timezone.now, top_cut=4, structure="round_robin",
                              groups=2, cycles=1)
    event.refresh_from_db()
    data = file_of(event)
    assert (data["event"]["structure"], data["event"]["groups"]) == ("round_robin", 2)
    assert [p["structure"] for p in data["phases"]] == ["round_robin", "single_elimination"]
    assert sorted(len(g) for g in data["phases"][0]["groups"]) == [4, 5]

    imported = event_file_import(data=data, by=UserFactory(), now=timezone.now())
    assert (imported.structure, imported.groups, imported.cycles) == ("round_robin", 2, 1)
    assert groups_of(imported) == groups_of(event)
    assert phases_of(imported) == phases_of(event)
    assert names_by_place(imported) == names_by_place(event)
    rows = standings_for_event(imported)
    assert {row.group for row in rows} == {1, 2}

    # A file whose groups do not match its settings is refused, naming the phases.
    data["phases"][0]["groups"] = data["phases"][0]["groups"][:1]
    with pytest.raises(DomainError) as refused:
        event_file_import(data=data, by=UserFactory(), now=timezone.now())
    assert any("a round robin in 2 groups must list its groups' players" in str(problem)
               for problem in refused.value.problems)


def test_a_single_elimination_with_byes_and_a_third_place_round_trips():
    event, _ = event_simulate(players=6, ai_seats=0, fmt="preconstructed", seed=4,
                              clock=timezone.now, structure="single_elimination",
                              third_place=True)
    event.refresh_from_db()
    data = file_of(event)
    assert data["event"]["structure"] == "single_elimination"
    assert [p["structure"] for p in data["phases"]] == ["single_elimination"]
    imported = event_file_import(data=data, by=UserFactory(), now=timezone.now())
    assert imported.structure == "single_elimination" and imported.rounds == 3
    assert phases_of(imported) == phases_of(event)
    assert brackets_of(imported) == brackets_of(event)
    assert names_by_place(imported) == names_by_place(event)
    assert len(names_by_place(imported)) == 6
    assert Match.objects.filter(round__event=imported, player_b__isnull=True).count() == 2
