"""Penalties (issue 16): what each kind of the ladder does to the player's match, the
standings and the audit trail; the one override of an engine-verified result, shown as such;
a disqualification drops the player; a withdrawn penalty is kept; a refused penalty names its
problem and writes nothing."""

from __future__ import annotations

import pytest

from core.errors import Conflict, DomainError, Forbidden, NotFound
from tests.factories import UserFactory
from tests.factories.tournaments import (
    AISeatFactory,
    EngineGameFactory,
    OrganizedEventFactory,
    SeatFactory,
)
from tests.tournaments.event_steps import match_of, now, organizer_of, pair, seats, settle, start
from tests.tournaments.event_steps import tables as tables_of
from tests.tournaments.rounds.test_topcut import after_swiss, cut
from tests.web import html, signed_in
from tournaments.models import (
    MAX_PENALTY_NOTE,
    EventStatus,
    Match,
    MatchStatus,
    Penalty,
    PenaltyKind,
    ResultAction,
    ResultChange,
)
from tournaments.selectors.standings import results_version, standings_for_event
from tournaments.services.judges import judge_add
from tournaments.services.penalties import penalty_record, penalty_withdraw
from tournaments.services.results import result_record_engine

pytestmark = pytest.mark.django_db


def running(names="alice bob", match_length=3, rounds=3):
    event = OrganizedEventFactory(rounds=rounds, match_length=match_length, seed=7)
    players = seats(event, names)
    start(event)
    return event, players


def give(event, seat, kind, *, round_number=None, note="Drew extra cards", by=None):
    return penalty_record(event_id=event.pk, registration_id=seat.pk, kind=kind, note=note,
                          round_number=round_number, by=by or organizer_of(event), now=now())


def score(match, seat):
    """The match's result from `seat`'s side: (its games, the opponent's, drawn)."""
    match.refresh_from_db()
    if match.player_a_id == seat.pk:
        return match.a_wins, match.b_wins, match.draws
    return match.b_wins, match.a_wins, match.draws


def record(event, name):
    (row,) = [r for r in standings_for_event(event) if r.name == name]
    return row.wins, row.losses, row.draws


def test_a_warning_is_recorded_and_changes_no_result():
    event, (alice, bob) = running()
    rnd = pair(event)
    settle(rnd, alice=(2, 0, 0))
    before = ResultChange.objects.count()
    penalty = give(event, alice, PenaltyKind.WARNING)
    assert (penalty.kind, penalty.round_number, penalty.match, penalty.by) == (
        PenaltyKind.WARNING, 1, None, organizer_of(event))
    assert score(match_of(rnd, "alice"), alice) == (2, 0, 0)
    assert ResultChange.objects.count() == before


def test_a_game_loss_gives_the_opponent_one_more_game_of_a_confirmed_match():
    event, (alice, bob) = running()
    rnd = pair(event)
    settle(rnd, alice=(2, 0, 0))
    version = results_version(event)
    penalty = give(event, alice, PenaltyKind.GAME_LOSS, round_number=1)
    match = match_of(rnd, "alice")
    assert score(match, alice) == (2, 1, 0)  # alice still wins, by one game less
    assert penalty.match == match
    change = ResultChange.objects.filter(match=match).latest("id")
    assert (change.action, change.by, change.note) == (ResultAction.PENALTY,
                                                       organizer_of(event), "")
    assert change.before["b_wins"] in (0, 2) and change.after != change.before
    assert results_version(event) > version
    assert record(event, "alice") == (1, 0, 0)


def test_a_game_loss_that_would_be_one_game_too_many_takes_the_players_last_win():
    event, (alice, bob) = running()
    rnd = pair(event)
    settle(rnd, alice=(2, 1, 0))
    give(event, alice, PenaltyKind.GAME_LOSS)
    assert score(match_of(rnd, "alice"), alice) == (1, 2, 0)  # 2-2 is no result: bob wins
    assert record(event, "alice") == (0, 1, 0)
    assert record(event, "bob") == (1, 0, 0)


def test_a_game_loss_in_a_match_lost_already_changes_nothing_more():
    event, (alice, bob) = running()
    rnd = pair(event)
    settle(rnd, bob=(2, 0, 0))
    changes = ResultChange.objects.count()
    penalty = give(event, alice, PenaltyKind.GAME_LOSS)
    assert score(match_of(rnd, "alice"), alice) == (0, 2, 0)
    assert ResultChange.objects.count() == changes
    assert penalty.match == match_of(rnd, "alice")


def test_a_game_loss_ends_an_open_best_of_one_match():
    event, (alice, bob) = running(match_length=1)
    rnd = pair(event)
    give(event, bob, PenaltyKind.GAME_LOSS)
    match = match_of(rnd, "alice")
    assert match.status == MatchStatus.CONFIRMED
    assert score(match, alice) == (1, 0, 0)


def test_a_game_loss_in_an_open_best_of_three_counts_in_the_score_the_players_report():
    event, (alice, bob) = running()
    rnd = pair(event)
    penalty = give(event, bob, PenaltyKind.GAME_LOSS)
    match = match_of(rnd, "alice")
    assert match.status == MatchStatus.PENDING
    assert not ResultChange.objects.filter(match=match).exists()
    assert penalty.match == match


def test_a_match_loss_makes_the_opponent_win_with_the_games_that_win_a_match():
    event, (alice, bob) = running()
    rnd = pair(event)
    settle(rnd, alice=(2, 1, 0))
    give(event, alice, PenaltyKind.MATCH_LOSS)
    assert score(match_of(rnd, "alice"), alice) == (0, 2, 0)
    assert record(event, "bob") == (1, 0, 0)


def test_a_match_loss_in_a_best_of_one_is_1_0_and_confirms_an_open_match():
    event, (alice, bob) = running(match_length=1)
    rnd = pair(event)
    give(event, alice, PenaltyKind.MATCH_LOSS)
    match = match_of(rnd, "alice")
    assert match.status == MatchStatus.CONFIRMED
    assert score(match, alice) == (0, 1, 0)


def test_a_loss_goes_to_the_latest_round_unless_a_round_is_named():
    event, (alice, bob) = running()
    first = pair(event)
    settle(first, alice=(2, 0, 0))
    second = pair(event)
    settle(second, alice=(2, 0, 0))
    latest = give(event, alice, PenaltyKind.MATCH_LOSS)
    assert latest.round_number == 2 and latest.match == match_of(second, "alice")
    named = give(event, alice, PenaltyKind.MATCH_LOSS, round_number=1)
    assert named.match == match_of(first, "alice")
    assert record(event, "alice") == (0, 2, 0)


def test_a_penalty_overrides_a_result_the_engine_verified_and_the_match_page_says_so():
    event, (alice, bob) = running(match_length=1)
    rnd = pair(event)
    match = match_of(rnd, "alice")
    winner = "A" if match.player_a_id == alice.pk else "B"
    EngineGameFactory(match=match, number=1, winner=winner)
    a, b = (1, 0) if winner == "A" else (0, 1)
    result_record_engine(match_id=match.pk, a_wins=a, b_wins=b, now=now())
    match.refresh_from_db()
    assert match.engine_verified
    give(event, alice, PenaltyKind.MATCH_LOSS, note="Marked cards")
    match.refresh_from_db()
    assert score(match, alice) == (0, 1, 0) and not match.engine_verified
    assert match.changes.latest("id").action == ResultAction.PENALTY
    url = f"/events/{event.pk}/matches/{match.pk}/"
    organizer_page = html(signed_in(organizer_of(event)).get(url))
    assert "changed by a penalty" in organizer_page
    assert "over the result the engine verified" in organizer_page
    assert "Marked cards" in organizer_page
    opponent_page = html(signed_in(bob.player).get(url))
    assert "changed by a penalty" in opponent_page
    assert "Marked cards" not in opponent_page and "Match loss" not in opponent_page


def test_a_bye_has_no_match_to_lose_and_nothing_is_written():
    event, (alice, bob, carol) = running("alice bob carol")
    rnd = pair(event)
    bye = rnd.matches.get(player_b__isnull=True).player_a
    with pytest.raises(Conflict) as err:
        give(event, bye, PenaltyKind.GAME_LOSS)
    assert err.value.code == "bye" and "bye" in err.value.message
    assert not Penalty.objects.exists()


def test_a_match_loss_against_an_ai_seat_gives_the_ai_the_match():
    event = OrganizedEventFactory(rounds=3, seed=7)
    (alice,) = seats(event, "alice")
    AISeatFactory(event=event)
    start(event)
    rnd = pair(event)
    give(event, alice, PenaltyKind.MATCH_LOSS)
    match = match_of(rnd, "alice")
    assert match.status == MatchStatus.CONFIRMED and score(match, alice) == (0, 2, 0)


def test_a_match_loss_in_the_top_cut_eliminates_the_player():
    event = after_swiss(8, top_cut=4, rounds=3)
    quarter = cut(event)
    match = quarter.matches.order_by("table").first()
    give(event, match.player_a, PenaltyKind.MATCH_LOSS)
    match.refresh_from_db()
    assert (match.status, match.a_wins, match.b_wins) == (MatchStatus.CONFIRMED, 0, 2)


def test_a_swiss_result_is_final_once_the_top_cut_is_seeded():
    event = after_swiss(8, top_cut=4, rounds=3)
    cut(event)
    # A player who won round 1 (a loss for one who lost it already would change nothing).
    won = Match.objects.filter(round__event=event, round__number=1,
                               player_b__isnull=False).first()
    seat = won.player_a if won.a_wins > won.b_wins else won.player_b
    with pytest.raises(Conflict) as err:
        give(event, seat, PenaltyKind.MATCH_LOSS, round_number=1)
    assert err.value.code == "swiss_final"
    assert not Penalty.objects.exists()


def test_a_disqualification_drops_the_player_and_loses_their_open_match():
    event, (alice, bob, carol, dave) = running("alice bob carol dave")
    rnd = pair(event)
    penalty = give(event, alice, PenaltyKind.DISQUALIFICATION, note="Cheating")
    alice.refresh_from_db()
    assert alice.dropped
    match = match_of(rnd, "alice")
    assert match.status == MatchStatus.CONFIRMED and score(match, alice) == (0, 2, 0)
    assert match.changes.latest("id").action == ResultAction.PENALTY
    assert penalty.match is None
    settle(rnd)
    assert "alice" not in {name for table in tables_of(pair(event)) for name in table}


def test_a_disqualification_keeps_a_confirmed_result():
    event, (alice, bob) = running()
    rnd = pair(event)
    settle(rnd, alice=(2, 1, 0))
    give(event, alice, PenaltyKind.DISQUALIFICATION)
    alice.refresh_from_db()
    assert alice.dropped and score(match_of(rnd, "alice"), alice) == (2, 1, 0)


def test_a_withdrawn_penalty_is_kept_and_its_result_stays_until_the_organizer_sets_it():
    event, (alice, bob) = running()
    rnd = pair(event)
    settle(rnd, alice=(2, 0, 0))
    penalty = give(event, alice, PenaltyKind.MATCH_LOSS)
    withdrawn, changed = penalty_withdraw(event_id=event.pk, penalty_id=penalty.pk,
                                          by=organizer_of(event), now=now())
    assert changed and withdrawn.withdrawn_at and withdrawn.withdrawn_by == organizer_of(event)
    assert score(match_of(rnd, "alice"), alice) == (0, 2, 0)
    again, changed = penalty_withdraw(event_id=event.pk, penalty_id=penalty.pk,
                                      by=organizer_of(event), now=now())
    assert not changed and again.withdrawn_at == withdrawn.withdrawn_at


def test_a_judge_records_penalties_and_a_judge_who_plays_cannot():
    event, (alice, bob) = running()
    pair(event)
    judge = UserFactory()
    judge_add(event_id=event.pk, by=organizer_of(event), user=judge)
    assert give(event, alice, PenaltyKind.WARNING, by=judge).by == judge
    # A judge who took a seat after being named rules on nothing.
    SeatFactory(event=event, player=judge)
    with pytest.raises(Forbidden) as err:
        give(event, alice, PenaltyKind.WARNING, by=judge)
    assert err.value.code == "judge_plays"


def test_a_judge_is_neither_an_organizer_nor_a_player_of_the_event():
    event, (alice, bob) = running()
    with pytest.raises(Conflict) as err:
        judge_add(event_id=event.pk, by=organizer_of(event), user=alice.player)
    assert err.value.code == "plays_in_event"
    with pytest.raises(Conflict) as err:
        judge_add(event_id=event.pk, by=organizer_of(event), user=organizer_of(event))
    assert err.value.code == "already_organizer"
    assert not event.judges.exists()


@pytest.mark.parametrize(("arguments", "words"), [
    ({"note": ""}, "The note is required"),
    ({"note": "   "}, "The note is required"),
    ({"note": "x" * (MAX_PENALTY_NOTE + 1)}, f"keep it to {MAX_PENALTY_NOTE}"),
    ({"kind": "yellow_card"}, "The kind of penalty must be one of"),
    ({"round_number": 9}, "The round must be one"),
    ({"round_number": 0}, "The round must be one"),
])
def test_a_refused_penalty_names_its_problem_and_writes_nothing(arguments, words):
    event, (alice, bob) = running()
    rnd = pair(event)
    settle(rnd, alice=(2, 0, 0))
    changes = ResultChange.objects.count()
    given = {"kind": PenaltyKind.MATCH_LOSS, "note": "Slow play", "round_number": None,
             **arguments}
    with pytest.raises(DomainError) as err:
        penalty_record(event_id=event.pk, registration_id=alice.pk, by=organizer_of(event),
                       now=now(), **given)
    assert err.value.code == "invalid_penalty"
    assert any(words in problem for problem in err.value.problems), err.value.problems
    assert not Penalty.objects.exists() and ResultChange.objects.count() == changes
    assert score(match_of(rnd, "alice"), alice) == (2, 0, 0)


def test_every_problem_is_named_at_once():
    event, (alice, bob) = running()
    with pytest.raises(DomainError) as err:
        penalty_record(event_id=event.pk, registration_id=alice.pk, kind="nope", note="",
                       round_number=None, by=organizer_of(event), now=now())
    assert len(err.value.problems) == 2


def test_a_loss_before_any_round_is_paired_is_refused_and_a_warning_is_not():
    event, (alice, bob) = running()
    with pytest.raises(DomainError) as err:
        give(event, alice, PenaltyKind.GAME_LOSS)
    assert "no round paired yet" in err.value.message
    assert give(event, alice, PenaltyKind.WARNING).round_number is None


def test_a_seat_of_another_event_is_not_found():
    event, _ = running()
    other, (stranger, _b) = running("carol dave")
    with pytest.raises(NotFound):
        give(event, stranger, PenaltyKind.WARNING)
    assert not Penalty.objects.exists()


def test_a_complete_event_takes_no_loss():
    event, (alice, bob) = running(rounds=1)
    settle(pair(event))
    from tournaments.services.events import event_complete
    event_complete(event_id=event.pk, by=organizer_of(event), now=now())
    assert event.__class__.objects.get(pk=event.pk).status == EventStatus.COMPLETE
    with pytest.raises(Conflict) as err:
        give(event, alice, PenaltyKind.MATCH_LOSS)
    assert err.value.code == "event_complete"
    assert not Penalty.objects.exists()


def test_a_double_click_gives_one_game_loss_not_two():
    event, (alice, bob) = running()
    rnd = pair(event)
    settle(rnd, alice=(2, 0, 0))
    give(event, alice, PenaltyKind.GAME_LOSS)
    with pytest.raises(Conflict) as err:
        penalty_record(event_id=event.pk, registration_id=alice.pk, kind=PenaltyKind.GAME_LOSS,
                       note="Drew extra cards", by=organizer_of(event), now=now(), seen=0)
    assert err.value.code == "penalties_changed"
    assert Penalty.objects.count() == 1
    assert score(match_of(rnd, "alice"), alice) == (2, 1, 0)


def test_the_judge_page_records_a_penalty_once_when_the_form_is_sent_twice():
    event, (alice, bob) = running()
    rnd = pair(event)
    settle(rnd, alice=(2, 0, 0))
    client = signed_in(organizer_of(event))
    url = f"/events/{event.pk}/penalties/"
    page = html(client.get(url))
    assert 'name="penalty-seen" value="0"' in page
    data = {"penalty-registration": alice.pk, "penalty-kind": "game_loss",
            "penalty-round_number": "", "penalty-note": "Drew extra cards", "penalty-seen": 0}
    assert client.post(url + "record/", data).status_code == 302
    again = client.post(url + "record/", data)
    assert again.status_code == 409
    assert "since this page was loaded" in html(again)
    assert 'name="penalty-seen" value="1"' in html(again)
    assert Penalty.objects.count() == 1
    assert score(match_of(rnd, "alice"), alice) == (2, 1, 0)


def test_the_judge_page_shows_a_missing_note_on_the_form():
    event, (alice, bob) = running()
    pair(event)
    response = signed_in(organizer_of(event)).post(
        f"/events/{event.pk}/penalties/record/",
        {"penalty-registration": alice.pk, "penalty-kind": "warning", "penalty-note": ""})
    assert response.status_code == 400
    assert "The note is required" in html(response)
    assert not Penalty.objects.exists()


def test_the_judge_page_reads_a_fixed_number_of_queries_however_many_penalties():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    event, players = running("alice bob carol dave eve fred")
    pair(event)
    client = signed_in(organizer_of(event))
    url = f"/events/{event.pk}/penalties/"
    counts = []
    for group in players[:2], players[2:]:
        for one in group:
            give(event, one, PenaltyKind.WARNING)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1] and counts[0] <= 16, counts


def test_a_game_loss_on_top_of_the_games_the_engine_verified_can_end_the_match():
    event, (alice, bob) = running()
    rnd = pair(event)
    match = match_of(rnd, "alice")
    bob_letter = "B" if match.player_a_id == alice.pk else "A"
    EngineGameFactory(match=match, number=1, winner=bob_letter)
    give(event, alice, PenaltyKind.GAME_LOSS)
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED and score(match, alice) == (0, 2, 0)


def test_a_disqualification_before_the_start_frees_the_seat():
    event = OrganizedEventFactory(rounds=3, seed=7)
    alice, bob = seats(event, "alice bob")
    give(event, alice, PenaltyKind.DISQUALIFICATION, note="Abusive")
    alice.refresh_from_db()
    assert alice.dropped and not ResultChange.objects.exists()


def test_a_removed_judge_can_do_nothing_more_and_their_penalties_stay():
    from tournaments.services.judges import judge_remove

    event, (alice, bob) = running()
    judge = UserFactory()
    judge_add(event_id=event.pk, by=organizer_of(event), user=judge)
    penalty = give(event, alice, PenaltyKind.WARNING, by=judge)
    judge_remove(event_id=event.pk, by=organizer_of(event), user_id=judge.pk)
    with pytest.raises(Forbidden):
        give(event, alice, PenaltyKind.WARNING, by=judge)
    with pytest.raises(Forbidden):
        penalty_withdraw(event_id=event.pk, penalty_id=penalty.pk, by=judge, now=now())
    assert Penalty.objects.get().by == judge
