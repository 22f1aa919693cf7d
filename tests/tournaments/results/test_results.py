"""Results: two matching reports confirm, a conflicting one disputes, the organizer settles
and corrects, the engine confirms its own games, and every change is kept."""

import pytest

from core.errors import Conflict, DomainError, Forbidden
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import now, organizer_of, pair, seats, settle, start
from tournaments.models import MatchStatus, RoundStatus
from tournaments.rules import result_problems
from tournaments.selectors.matches import result_history
from tournaments.services.events import event_complete
from tournaments.services.results import result_record_engine, result_report, result_set

pytestmark = pytest.mark.django_db


def first_match(names="alice bob", **event):
    event = OrganizedEventFactory(**event)
    seats(event, names)
    start(event)
    rnd = pair(event)
    return rnd.matches.exclude(player_b=None).order_by("table").first()


def report(match, side, a, b, d=0):
    player = (match.player_a if side == "a" else match.player_b).player
    return result_report(match_id=match.pk, by=player, a_wins=a, b_wins=b, draws=d, now=now())


def test_one_report_waits_for_the_opponent_and_a_matching_one_confirms():
    match = first_match()
    assert report(match, "a", 2, 1).status == MatchStatus.REPORTED
    confirmed = report(match, "b", 2, 1)
    assert confirmed.status == MatchStatus.CONFIRMED
    assert (confirmed.a_wins, confirmed.b_wins, confirmed.draws) == (2, 1, 0)
    assert confirmed.confirmed_at is not None and not confirmed.engine_verified
    confirmed.round.refresh_from_db()
    assert confirmed.round.status == RoundStatus.COMPLETE


def test_reports_are_from_player_as_side_whoever_sends_them():
    match = first_match()
    report(match, "b", 0, 2)  # B says A lost 0-2, i.e. B won
    confirmed = report(match, "a", 0, 2)
    assert (confirmed.a_wins, confirmed.b_wins) == (0, 2)


def test_conflicting_reports_dispute_the_match_for_the_organizer():
    match = first_match()
    report(match, "a", 2, 0)
    disputed = report(match, "b", 0, 2)
    assert disputed.status == MatchStatus.DISPUTED and disputed.a_wins is None
    settled = result_set(match_id=match.pk, by=organizer_of(match.round.event), a_wins=2,
                         b_wins=1, now=now(), note="judge call at the table")
    assert settled.status == MatchStatus.CONFIRMED and (settled.a_wins, settled.b_wins) == (2, 1)
    assert result_history(match).last().note == "judge call at the table"


def test_players_who_agree_after_a_dispute_confirm_it_themselves():
    match = first_match()
    report(match, "a", 2, 0)
    report(match, "b", 0, 2)
    assert report(match, "b", 2, 0).status == MatchStatus.CONFIRMED


def test_a_player_may_change_their_report_until_the_match_is_confirmed():
    match = first_match()
    report(match, "a", 2, 0)
    changed = report(match, "a", 2, 1)
    assert changed.status == MatchStatus.REPORTED and changed.report_a["b_wins"] == 1
    assert report(match, "b", 2, 1).status == MatchStatus.CONFIRMED


def test_the_same_report_twice_changes_nothing_and_leaves_one_audit_row():
    match = first_match()
    report(match, "a", 2, 0)
    report(match, "a", 2, 0)
    assert result_history(match).count() == 1


def test_after_confirmation_a_repeated_report_is_a_no_op_and_a_new_one_is_refused():
    match = first_match()
    report(match, "a", 2, 0)
    report(match, "b", 2, 0)
    assert report(match, "b", 2, 0).status == MatchStatus.CONFIRMED
    with pytest.raises(Conflict, match="table 1 is confirmed as 2-0: ask an organizer"):
        report(match, "a", 2, 1)
    assert result_history(match).count() == 2


def test_only_the_two_players_report():
    match = first_match("alice bob carol dave")
    organizer = organizer_of(match.round.event)
    others = match.round.matches.exclude(pk=match.pk).exclude(player_b=None).first()
    for user in (others.player_a.player, organizer):
        with pytest.raises(DomainError) as err:
            result_report(match_id=match.pk, by=user, a_wins=2, b_wins=0, now=now())
        assert isinstance(err.value, Forbidden)
    match.refresh_from_db()
    assert match.status == MatchStatus.PENDING and not result_history(match).exists()


def test_a_bye_takes_no_report_and_no_result():
    match = first_match("alice bob carol")
    bye = match.round.matches.get(player_b=None)
    with pytest.raises(Conflict, match="a bye is a 2-0 win"):
        result_report(match_id=bye.pk, by=bye.player_a.player, a_wins=2, b_wins=0, now=now())
    with pytest.raises(Conflict, match="a bye is a 2-0 win"):
        result_set(match_id=bye.pk, by=organizer_of(match.round.event), a_wins=0, b_wins=2,
                   now=now())


# The organizer's results and corrections ---------------------------------------------------

def test_the_organizer_corrects_a_confirmed_result_and_the_audit_keeps_both():
    match = first_match()
    report(match, "a", 2, 0)
    report(match, "b", 2, 0)
    organizer = organizer_of(match.round.event)
    result_set(match_id=match.pk, by=organizer, a_wins=1, b_wins=2, now=now(),
               note="slip was filled in the wrong way round")
    changes = list(result_history(match))
    assert [c.action for c in changes] == ["report", "report", "organizer"]
    assert [c.by for c in changes] == [match.player_a.player, match.player_b.player, organizer]
    assert changes[0].before["status"] == "pending" and changes[0].after["status"] == "reported"
    assert changes[1].after == {**changes[1].after, "status": "confirmed", "a_wins": 2,
                                "b_wins": 0, "draws": 0}
    assert changes[2].before["a_wins"] == 2 and changes[2].after["a_wins"] == 1
    assert all(c.after == n.before for c, n in zip(changes, changes[1:], strict=False))
    assert changes[0].at < changes[1].at < changes[2].at


def test_setting_the_same_result_again_is_a_no_op():
    match = first_match()
    organizer = organizer_of(match.round.event)
    result_set(match_id=match.pk, by=organizer, a_wins=2, b_wins=0, now=now())
    result_set(match_id=match.pk, by=organizer, a_wins=2, b_wins=0, now=now())
    assert result_history(match).count() == 1


def test_an_organizer_of_another_event_cannot_set_a_result():
    match = first_match()
    stranger = organizer_of(OrganizedEventFactory())
    with pytest.raises(DomainError) as err:
        result_set(match_id=match.pk, by=stranger, a_wins=2, b_wins=0, now=now())
    assert isinstance(err.value, Forbidden)
    match.refresh_from_db()
    assert match.status == MatchStatus.PENDING and not result_history(match).exists()


def test_a_swiss_result_may_be_corrected_after_the_next_round_is_paired():
    event = OrganizedEventFactory(rounds=2)
    seats(event, "alice bob carol dave")
    start(event)
    first = pair(event)
    settle(first)
    pair(event)
    match = first.matches.first()
    corrected = result_set(match_id=match.pk, by=organizer_of(event), a_wins=0, b_wins=2,
                           now=now())
    assert (corrected.a_wins, corrected.b_wins) == (0, 2)


def test_results_of_a_complete_event_are_final():
    match = first_match(rounds=1)
    event = match.round.event
    settle(match.round)
    event_complete(event_id=event.pk, by=organizer_of(event), now=now())
    with pytest.raises(Conflict, match="is complete: its results are final"):
        result_set(match_id=match.pk, by=organizer_of(event), a_wins=0, b_wins=2, now=now())


# Game counts against the match length (rule C-7.5b) -------------------------------------

@pytest.mark.parametrize("score", [(2, 0, 0), (2, 1, 0), (0, 2, 1), (1, 1, 1), (1, 1, 0),
                                   (0, 0, 3), (0, 0, 1), (2, 0, 1), (1, 0, 0), (1, 0, 2),
                                   (2, 1, 1), (2, 1, 2), (1, 1, 3), (0, 0, 5)])
def test_best_of_three_results_that_can_happen_drawn_games_not_counted(score):
    assert result_problems(match_length=3, top_cut=False, a_wins=score[0], b_wins=score[1],
                           draws=score[2]) == []


@pytest.mark.parametrize(("score", "problem"), [
    ((3, 0, 0), "a best-of-3 match ends when a player has won 2 games: nobody wins more"),
    ((2, 2, 0), "a best-of-3 match ends when a player has won 2 games: only one player can "
                "have 2"),
    ((2, 1, 3), "a best-of-3 match has at most 5 games, drawn games included (rule C-7.5b), "
                "not 6"),
    ((0, 0, 0), "a match has at least one game"),
    ((-1, 2, 0), "a_wins must be a whole number of games (0 or more), not -1"),
])
def test_best_of_three_results_that_cannot(score, problem):
    assert problem in result_problems(match_length=3, top_cut=False, a_wins=score[0],
                                      b_wins=score[1], draws=score[2])


@pytest.mark.parametrize(("score", "ok"), [((1, 0, 0), True), ((0, 1, 0), True),
                                           ((0, 0, 1), True), ((1, 0, 2), True),
                                           ((0, 0, 3), True), ((2, 0, 0), False),
                                           ((1, 1, 0), False), ((0, 0, 0), False),
                                           ((1, 0, 3), False)])
def test_best_of_one_is_won_by_one_game_drawn_games_not_counted(score, ok):
    problems = result_problems(match_length=1, top_cut=False, a_wins=score[0], b_wins=score[1],
                               draws=score[2])
    assert (problems == []) == ok


def test_an_impossible_report_is_refused_with_the_reason_and_changes_nothing():
    match = first_match(match_length=1)
    with pytest.raises(DomainError) as err:
        report(match, "a", 2, 0)
    assert err.value.code == "invalid_result"
    assert err.value.problems == ["a best-of-1 match ends when a player has won 1 game: "
                                  "nobody wins more"]
    assert report(match, "a", 1, 0).status == MatchStatus.REPORTED


# Against the AI seat, and engine-decided games ----------------------------------------------

def ai_match_and_side():
    event = OrganizedEventFactory(fill_with_ai=True)
    seats(event, "alice bob carol")
    start(event)
    ai_match = pair(event).matches.get(is_ai_match=True)
    return ai_match, "b" if ai_match.player_a.is_ai else "a"


def test_a_report_against_the_ai_seat_waits_until_the_organizer_confirms_it():
    ai_match, side = ai_match_and_side()
    assert report(ai_match, side, 2, 0).status == MatchStatus.REPORTED
    confirmed = result_set(match_id=ai_match.pk, by=organizer_of(ai_match.round.event),
                           a_wins=2, b_wins=0, now=now())
    assert confirmed.status == MatchStatus.CONFIRMED and confirmed.is_ai_match


def test_the_engine_confirms_a_match_against_the_ai_seat_and_marks_it_verified():
    ai_match, side = ai_match_and_side()
    waiting = report(ai_match, side, 2, 0)
    assert waiting.status == MatchStatus.REPORTED
    engine = result_record_engine(match_id=ai_match.pk, a_wins=2, b_wins=1, now=now())
    assert engine.status == MatchStatus.CONFIRMED and engine.engine_verified
    assert (engine.a_wins, engine.b_wins) == (2, 1)
    change = result_history(ai_match).last()
    assert change.action == "engine" and change.by is None


def test_recording_the_engine_result_twice_is_a_no_op_and_a_different_one_is_refused():
    match = first_match()
    result_record_engine(match_id=match.pk, a_wins=2, b_wins=0, now=now())
    result_record_engine(match_id=match.pk, a_wins=2, b_wins=0, now=now())
    assert result_history(match).count() == 1
    with pytest.raises(Conflict, match="confirmed as 2-0, the engine recorded 0-2"):
        result_record_engine(match_id=match.pk, a_wins=0, b_wins=2, now=now())


def test_an_organizer_correction_of_an_engine_result_is_no_longer_engine_verified():
    match = first_match()
    result_record_engine(match_id=match.pk, a_wins=2, b_wins=0, now=now())
    corrected = result_set(match_id=match.pk, by=organizer_of(match.round.event), a_wins=2,
                           b_wins=1, now=now())
    assert not corrected.engine_verified


def test_the_round_completes_with_its_last_confirmed_result():
    event = OrganizedEventFactory()
    seats(event, "alice bob carol dave")
    start(event)
    rnd = pair(event)
    one, two = rnd.matches.order_by("table")
    report(one, "a", 2, 0)
    report(one, "b", 2, 0)
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PLAYING
    result_set(match_id=two.pk, by=organizer_of(event), a_wins=0, b_wins=2, now=now())
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.COMPLETE and rnd.completed_at is not None
