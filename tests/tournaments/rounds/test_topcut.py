"""The top cut: seeded 1-8, 4-5, 2-7, 3-6 from the Swiss standings, winners advance table by
table, then the event completes."""

import pytest
from django.utils import translation

from core.errors import Conflict, DomainError
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import now, organizer_of, pair, seats, settle, start, tables
from tournaments.models import EventStatus, Registration, Round, RoundStage
from tournaments.presenters.explanations import round_explanation
from tournaments.selectors.rounds import round_label
from tournaments.selectors.standings import standings_for_event
from tournaments.services.events import event_complete
from tournaments.services.registrations import registration_drop
from tournaments.services.results import result_set
from tournaments.services.topcut import topcut_advance, topcut_start

pytestmark = pytest.mark.django_db


def after_swiss(players, top_cut=8, rounds=3, **event):
    """An event whose Swiss rounds are all played and confirmed (A wins 2-1, B wins at
    every third table, so the standings spread out)."""
    event = OrganizedEventFactory(rounds=rounds, top_cut=top_cut, **event)
    SeatFactory.create_batch(players, event=event)
    start(event)
    for _ in range(rounds):
        settle(pair(event), result=lambda m: (1, 2, 0) if m.table % 3 == 0 else (2, 1, 0))
    return event


def cut(event):
    return topcut_start(event_id=event.pk, by=organizer_of(event), now=now())[0]


def advance(event, **kwargs):
    return topcut_advance(event_id=event.pk, by=organizer_of(event), now=now(), **kwargs)[0]


def test_the_top_eight_is_seeded_1_8_4_5_2_7_3_6_from_the_standings():
    event = after_swiss(12)
    ranked = [r.name for r in standings_for_event(event)]
    quarterfinals = cut(event)
    seed = {name: i + 1 for i, name in enumerate(ranked)}
    assert [(seed[a], seed[b]) for a, b in tables(quarterfinals)] == [(1, 8), (4, 5), (2, 7),
                                                                     (3, 6)]
    assert quarterfinals.stage == RoundStage.TOP_CUT and quarterfinals.number == 4
    assert round_label(quarterfinals) == "Quarterfinals"
    event.refresh_from_db()
    assert event.status == EventStatus.TOP_CUT
    assert "table 1: " + ranked[0] + " (seed 1) against " + ranked[7] + " (seed 8)" in (
        round_explanation(quarterfinals))


def test_the_top_four_is_seeded_1_4_2_3():
    event = after_swiss(8, top_cut=4)
    ranked = [r.name for r in standings_for_event(event)]
    assert tables(cut(event)) == [(ranked[0], ranked[3]), (ranked[1], ranked[2])]


def test_winners_advance_table_by_table_to_the_final_and_the_event_completes():
    event = after_swiss(10)
    quarterfinals = cut(event)
    settle(quarterfinals, result=lambda m: (0, 2, 0) if m.table in (2, 3) else (2, 0, 0))
    q = tables(quarterfinals)
    semifinals = advance(event)
    assert tables(semifinals) == [(q[0][0], q[1][1]), (q[2][1], q[3][0])]
    assert round_label(semifinals) == "Semifinals"
    settle(semifinals, result=lambda m: (2, 1, 0))
    final = advance(event)
    assert tables(final) == [(q[0][0], q[2][1])] and round_label(final) == "Final"
    settle(final, result=lambda m: (0, 2, 1))
    with pytest.raises(Conflict, match="The final of .* is decided: complete the event"):
        advance(event)
    event, _ = event_complete(event_id=event.pk, by=organizer_of(event), now=now())
    assert event.status == EventStatus.COMPLETE


def test_the_event_cannot_complete_before_the_final():
    event = after_swiss(8, top_cut=4)
    settle(cut(event))
    with pytest.raises(Conflict, match="Round 4 is not the final: pair the next top-cut round"):
        event_complete(event_id=event.pk, by=organizer_of(event), now=now())


def test_the_next_bracket_round_waits_for_every_result():
    event = after_swiss(8, top_cut=4)
    quarter = cut(event)
    first = quarter.matches.order_by("table").first()
    result_set(match_id=first.pk, by=organizer_of(event), a_wins=2, b_wins=0, now=now())
    with pytest.raises(Conflict, match="Round 4 still has results to confirm: table 2"):
        advance(event)


def test_a_top_cut_match_needs_a_winner():
    event = after_swiss(8, top_cut=4)
    match = cut(event).matches.first()
    with pytest.raises(DomainError, match="a top-cut match needs a winner"):
        result_set(match_id=match.pk, by=organizer_of(event), a_wins=1, b_wins=1, draws=1,
                   now=now())


def test_dropped_players_and_the_ai_seat_do_not_make_the_cut():
    # Game-win first: the AI seat's 2-0 wins put it on top whatever its opponents did.
    event = OrganizedEventFactory(rounds=2, top_cut=4, fill_with_ai=True,
                                  tiebreakers=["match_points", "gw", "omw", "ogw"])
    seats(event, "alice bob carol dave erin")
    start(event)
    for _ in range(2):
        settle(pair(event), result=lambda m: (2, 0, 0) if m.player_a.is_ai else (0, 2, 0)
               if m.player_b and m.player_b.is_ai else (2, 1, 0))
    leader = standings_for_event(event)[0]
    assert leader.is_ai  # the AI seat won both its matches
    dropped = Registration.objects.get(pk=standings_for_event(event)[1].registration_id)
    registration_drop(registration_id=dropped.pk, by=organizer_of(event), now=now())
    eligible = [r.name for r in standings_for_event(event) if not r.is_ai and not r.dropped]
    assert tables(cut(event)) == [(eligible[0], eligible[3]), (eligible[1], eligible[2])]


def test_starting_the_cut_again_returns_the_first_bracket_round():
    event = after_swiss(8, top_cut=4)
    first = cut(event)
    assert cut(event).pk == first.pk
    assert Round.objects.filter(event=event, stage=RoundStage.TOP_CUT).count() == 1


def test_the_cut_waits_for_the_last_swiss_round():
    event = OrganizedEventFactory(rounds=2, top_cut=4)
    SeatFactory.create_batch(8, event=event)
    start(event)
    settle(pair(event))
    with pytest.raises(Conflict, match="has played 1 of its 2 Swiss rounds"):
        cut(event)
    pair(event)
    with pytest.raises(Conflict, match="Round 2 still has results to confirm"):
        cut(event)
    event.refresh_from_db()
    assert event.status == EventStatus.RUNNING


def test_an_event_without_a_top_cut_has_none():
    event = after_swiss(8, top_cut=0)
    with pytest.raises(Conflict, match="has no top cut: complete the event"):
        cut(event)


def test_a_top_eight_needs_eight_players():
    event = after_swiss(6, top_cut=8)
    with pytest.raises(Conflict, match="A top 8 needs 8 players, and only 6 players may take "
                                       "a place in it") as refused:
        cut(event)
    assert refused.value.params["eligible"] == 6
    with translation.override("ru"), pytest.raises(Conflict) as russian:
        cut(event)
    assert russian.value.message != refused.value.message and "players" not in russian.value.message
    event.refresh_from_db()
    assert event.status == EventStatus.RUNNING


def test_swiss_results_are_final_once_the_cut_is_seeded():
    event = after_swiss(8, top_cut=4)
    cut(event)
    swiss = Round.objects.get(event=event, number=3).matches.exclude(player_b=None).first()
    with pytest.raises(Conflict, match="seeded from the Swiss results"):
        result_set(match_id=swiss.pk, by=organizer_of(event), a_wins=0, b_wins=2, now=now())


def test_a_bracket_winner_cannot_change_once_they_play_the_next_round():
    event = after_swiss(8, top_cut=4)
    semis = cut(event)
    settle(semis)
    advance(event)
    match = semis.matches.order_by("table").first()
    with pytest.raises(Conflict, match="already plays the next round"):
        result_set(match_id=match.pk, by=organizer_of(event), a_wins=0, b_wins=2, now=now())
    # The score may still be corrected when the winner stays the same.
    assert result_set(match_id=match.pk, by=organizer_of(event), a_wins=2, b_wins=1,
                      now=now()).b_wins == 1


def test_asking_again_for_a_bracket_round_that_exists_returns_it():
    event = after_swiss(8, top_cut=4)
    settle(cut(event))
    final = advance(event, number=5)
    assert advance(event, number=5).pk == final.pk
    with pytest.raises(Conflict, match="Round 5 still has results to confirm"):
        advance(event, number=6)
