"""AI seats an organizer adds: named, before the start, counted in the rounds, and with a
deck the engine can play in every format."""

import pytest

from core.errors import Conflict, DomainError, Forbidden
from decks.rules import SPOILS
from decks.services.catalogue import other_game
from engine.clash.formats import list_problems
from engine.clash.match import play_match
from tests.factories import UserFactory
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import now, organizer_of, pair, seats, settle, start, tables
from tournaments.models import EngineGame, MatchJob, Registration
from tournaments.selectors.registrations import deck_for
from tournaments.services.ai_seats import ai_seat_add, ai_seats_add
from tournaments.services.engine_jobs import decks_for_match, match_job_run

pytestmark = pytest.mark.django_db


def test_an_organizer_adds_named_ai_seats_that_count_for_the_rounds():
    event = OrganizedEventFactory()
    seats(event, "ann bob")
    for name in ("Ada", "Bot"):
        ai_seat_add(event_id=event.pk, by=organizer_of(event), name=name, now=now())
    with pytest.raises(Conflict, match="already has an AI seat called Ada"):
        ai_seat_add(event_id=event.pk, by=organizer_of(event), name="Ada", now=now())
    event = start(event)
    assert event.rounds == 2  # four players in all: 2 rounds


def test_only_an_organizer_adds_ai_seats_and_only_before_the_start():
    event = OrganizedEventFactory()
    seats(event, "ann bob")
    with pytest.raises(DomainError) as err:
        ai_seat_add(event_id=event.pk, by=UserFactory(), name="Ada", now=now())
    assert isinstance(err.value, Forbidden)
    start(event)
    with pytest.raises(Conflict, match="has started"):
        ai_seat_add(event_id=event.pk, by=organizer_of(event), name="Ada", now=now())


def test_an_ai_seat_in_a_constructed_event_brings_a_list_of_ten_different_cards():
    event = OrganizedEventFactory(format="constructed")
    seat = ai_seat_add(event_id=event.pk, by=organizer_of(event), name="Ada", now=now())
    cards = deck_for(seat, event)
    assert list_problems(cards) == []
    assert deck_for(seat, event) == cards  # the same seed, the same list


# Several at once, at a level, before the start and as late entries -----------------------


def test_an_organizer_adds_several_ai_seats_at_a_level_named_after_the_ones_taken():
    event = OrganizedEventFactory()
    seats(event, "ann bob")
    ai_seat_add(event_id=event.pk, by=organizer_of(event), name="AI 2", now=now())
    added = ai_seats_add(event_id=event.pk, by=organizer_of(event), count=3, level="expert",
                         now=now())
    assert [(s.ai_name, s.ai_level, s.late_entry) for s in added] == [
        ("AI 1", "expert", False), ("AI 3", "expert", False), ("AI 4", "expert", False)]
    assert start(event).rounds == 3  # six seats in all


def test_ai_seats_join_a_running_event_as_late_entries_while_its_late_entry_is_open():
    event = OrganizedEventFactory(late_entry_until_round=2, rounds=3)
    seats(event, "ann bob cy")
    start(event)
    settle(pair(event))
    (late,) = ai_seats_add(event_id=event.pk, by=organizer_of(event), count=1,
                           level="greedy", now=now())
    assert late.late_entry and late.checked_in
    rnd = pair(event)
    assert "AI 1" in {name for table in tables(rnd) for name in table}
    settle(rnd)
    pair(event)
    with pytest.raises(Conflict) as err:
        ai_seats_add(event_id=event.pk, by=organizer_of(event), count=1, level="greedy",
                     now=now())
    assert err.value.code == "late_entry_closed"


def test_bad_counts_and_levels_are_named_at_once_and_add_nothing():
    event = OrganizedEventFactory()
    with pytest.raises(DomainError) as err:
        ai_seats_add(event_id=event.pk, by=organizer_of(event), count=0, level="godlike",
                     now=now())
    assert [p.field for p in err.value.problems] == ["count", "level"]
    assert not Registration.objects.filter(event=event).exists()


def test_a_draft_and_a_game_without_ai_players_take_no_ai_seats():
    for event, code in ((OrganizedEventFactory(format="draft"), "draft_ai"),
                        (OrganizedEventFactory(format="constructed", game=other_game(SPOILS)),
                         "no_ai")):
        with pytest.raises(Conflict) as err:
            ai_seats_add(event_id=event.pk, by=organizer_of(event), count=1, level="greedy",
                         now=now())
        assert err.value.code == code


def test_an_ai_seat_plays_its_engine_match_at_the_level_chosen_for_it(settings):
    settings.CLASH_AI_SEAT_LEVEL = "random"
    event = OrganizedEventFactory(rounds=1, match_length=1)
    chosen = {seat.pk: seat.ai_level for level in ("expert", "scripted")
              for seat in ai_seats_add(event_id=event.pk, by=organizer_of(event), count=1,
                                       level=level, now=now())}
    start(event)
    match = pair(event).matches.select_related("round__event", "player_a", "player_b").get()
    job = MatchJob.objects.get(match=match)
    match_job_run(job_id=job.pk, clock=now)
    recorded = [g.record for g in EngineGame.objects.filter(match=match).order_by("number")]
    decks = decks_for_match(match, event, job.seed)

    def replay(levels: tuple[str, str]) -> list:
        return [g.to_json() for g in play_match(decks, job.seed, levels, best_of=1).games]

    levels = (chosen[match.player_a_id], chosen[match.player_b_id])
    assert recorded == replay(levels)
    assert recorded != replay(("random", "random"))  # not the setting's level
