"""Existing events keep their rounds, results and standings when events become sequences of
phases (tournaments 0027): a copy of the demo event (complete, with its top cut) and an event
in the middle of its top cut are taken back to 0026, then forward again; the migration gives
each its phases from its settings, every round its phase, and the cut's seeds read back from
its first round, and the event in its cut plays on to its final."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from tests.tournaments.event_steps import now, organizer_of, settle
from tournaments.models import Event, Match, Phase, PhaseStructure, Round, RoundStage
from tournaments.selectors.placings import final_places
from tournaments.selectors.standings import computed_standings
from tournaments.services.events import event_complete
from tournaments.services.simulation import event_simulate
from tournaments.services.topcut import topcut_advance

BEFORE = [("tournaments", "0026_resultchange_note_code")]


def migrate(targets) -> None:  # noqa: ANN001
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


def latest() -> list:
    executor = MigrationExecutor(connection)
    return [node for node in executor.loader.graph.leaf_nodes() if node[0] == "tournaments"]


def snapshot(event: Event) -> dict:
    """What an event shows that the migration must keep: its rounds, their matches and
    results, and the standings computed from them."""
    rounds = list(Round.objects.filter(event=event).order_by("number")
                  .values_list("number", "stage", "status"))
    matches = list(Match.objects.filter(round__event=event)
                   .order_by("round__number", "table", "id")
                   .values_list("round__number", "table", "player_a_id", "player_b_id",
                                "status", "a_wins", "b_wins", "draws"))
    return {"rounds": rounds, "matches": matches, "standings": computed_standings(event)}


@pytest.mark.django_db(transaction=True)
def test_the_demo_event_and_an_event_in_its_cut_keep_everything_and_gain_their_phases():
    clock = timezone.now
    demo, _ = event_simulate(players=12, ai_seats=4, fmt="constructed", seed=1, clock=clock,
                             name="Demo copy")
    in_cut, accounts = event_simulate(players=10, ai_seats=0, fmt="preconstructed", seed=2,
                                      clock=clock, top_cut=8, name="In its cut",
                                      publish_lists=False)
    # Take the second event back to its quarterfinals: its later cut rounds never happened.
    cut_rounds = Round.objects.filter(event=in_cut, stage=RoundStage.TOP_CUT).order_by("number")
    quarterfinals = cut_rounds[0]
    Round.objects.filter(pk__in=[r.pk for r in cut_rounds[1:]]).delete()
    Event.objects.filter(pk=in_cut.pk).update(status="top_cut", completed_at=None)
    in_cut.refresh_from_db()
    seeds = list(Phase.objects.get(event=in_cut, number=2).entrants)
    before = {demo.pk: snapshot(demo), in_cut.pk: snapshot(in_cut)}
    demo_places = final_places(demo, computed_standings(demo))

    migrate(BEFORE)
    assert "tournaments_phase" not in connection.introspection.table_names()
    migrate(latest())

    for event in (demo, in_cut):
        event.refresh_from_db()
        assert snapshot(event) == before[event.pk]
        swiss, cut = Phase.objects.filter(event=event).order_by("number")
        assert (swiss.structure, swiss.rounds) == (PhaseStructure.SWISS, event.rounds)
        assert (cut.structure, cut.advance_count) == (PhaseStructure.SINGLE_ELIMINATION, 8)
        assert set(Round.objects.filter(event=event, stage=RoundStage.SWISS)
                   .values_list("phase_id", flat=True)) == {swiss.pk}
        assert set(Round.objects.filter(event=event, stage=RoundStage.TOP_CUT)
                   .values_list("phase_id", flat=True)) == {cut.pk}
    # The seeds are read back from the quarterfinals, in the order the cut was seeded.
    assert Phase.objects.get(event=in_cut, number=2).entrants == seeds
    assert final_places(demo, computed_standings(demo)) == demo_places

    # The event in its cut plays on to its final and completes.
    organizer = organizer_of(in_cut)
    quarterfinals.refresh_from_db()
    rnd = topcut_advance(event_id=in_cut.pk, by=organizer, now=now())[0]
    settle(rnd)
    rnd = topcut_advance(event_id=in_cut.pk, by=organizer, now=now())[0]
    settle(rnd)
    event, _ = event_complete(event_id=in_cut.pk, by=organizer, now=now())
    places = final_places(event, computed_standings(event))
    assert sorted(places.values())[:2] == [1, 2] and len(places) == 10
    assert accounts.players  # the simulated players stay as they were
