"""Penalties racing other writes, on a real PostgreSQL (SQLite has no row locks): two judges
sending the same game loss give it once, and a match loss racing the players' reports leaves
one consistent history that ends with the penalty's result."""

from __future__ import annotations

import pytest

from core.errors import Conflict
from tests.factories import UserFactory
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import match_of, now, organizer_of, pair, seats, settle, start
from tests.tournaments.results.test_races import at_once, history_is_a_chain
from tournaments.models import MatchStatus, Penalty, PenaltyKind, ResultAction
from tournaments.services.judges import judge_add
from tournaments.services.penalties import penalty_record
from tournaments.services.results import result_report

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def running():
    event = OrganizedEventFactory(rounds=3, seed=7)
    alice, bob = seats(event, "alice bob")
    start(event)
    return event, alice, bob


def test_two_judges_sending_the_same_game_loss_give_it_once():
    event, alice, bob = running()
    rnd = pair(event)
    settle(rnd, alice=(2, 0, 0))
    judges = [UserFactory(), UserFactory()]
    for judge in judges:
        judge_add(event_id=event.pk, by=organizer_of(event), user=judge)
    results, errors = at_once([
        lambda judge=judge: penalty_record(event_id=event.pk, registration_id=alice.pk,
                                           kind=PenaltyKind.GAME_LOSS, note="Extra card",
                                           by=judge, now=now(), seen=0)
        for judge in judges])
    assert sorted(type(e).__name__ for e in errors if e) == ["Conflict"]
    assert all(e.code == "penalties_changed" for e in errors if isinstance(e, Conflict))
    assert Penalty.objects.count() == 1
    match = match_of(rnd, "alice")
    match.refresh_from_db()
    mine = match.a_wins if match.player_a_id == alice.pk else match.b_wins
    assert (mine, match.a_wins + match.b_wins) == (2, 3)


def test_a_match_loss_racing_both_reports_leaves_one_history_ending_with_the_penalty():
    event, alice, bob = running()
    rnd = pair(event)
    match = match_of(rnd, "alice")
    alice_is_a = match.player_a_id == alice.pk
    alice_wins = {"a_wins": 2, "b_wins": 0} if alice_is_a else {"a_wins": 0, "b_wins": 2}
    results, errors = at_once([
        lambda: result_report(match_id=match.pk, by=alice.player, now=now(), **alice_wins),
        lambda: result_report(match_id=match.pk, by=bob.player, now=now(), **alice_wins),
        lambda: penalty_record(event_id=event.pk, registration_id=alice.pk,
                               kind=PenaltyKind.MATCH_LOSS, note="Marked cards",
                               by=organizer_of(event), now=now()),
    ])
    # A report after the penalty meets a confirmed match with another score: refused.
    assert all(e is None or (isinstance(e, Conflict) and e.code == "already_confirmed")
               for e in errors), errors
    assert errors[2] is None
    changes = history_is_a_chain(match)
    assert changes[-1].action == ResultAction.PENALTY
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED
    assert (match.b_wins if alice_is_a else match.a_wins) == 2
