"""core.bulk.insert_rows: COPY on PostgreSQL (the PostgreSQL pass), bulk_create elsewhere;
the rows read back as the ORM would have written them, and a failing row inserts nothing."""

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from core.bulk import insert_rows
from tests.factories.tournaments import EngineGameFactory
from tests.tournaments.engine_scene import ai_round
from tournaments.models import EngineGame, GameMode, ResultAction, ResultChange

pytestmark = pytest.mark.django_db

GAME = ("match_id", "number", "mode", "seed", "record", "winner", "verified", "created_at")


def test_rows_read_back_with_their_json_defaults_and_times():
    match = ai_round(tables=2).matches.order_by("table").first()
    at = timezone.now()
    record = {"v": 1, "turns": ["P0t", 'a "quoted"\\ turn\twith\ttabs'], "nested": {"x": [1, None]},
              "text": "ünïcode, 'quotes', newline\n"}
    insert_rows(EngineGame, GAME, [(match.pk, n, GameMode.AUTO, 2**62 + n, record, "A", True, at)
                                   for n in (1, 2)])
    insert_rows(ResultChange, ("match_id", "action", "after", "at"),
                [(match.pk, ResultAction.ENGINE, {"status": "confirmed"}, at)])
    games = list(EngineGame.objects.filter(match=match).order_by("number"))
    # divergent_turn was not given: its default (None) is written.
    assert [(g.number, g.seed, g.record, g.winner, g.verified, g.divergent_turn, g.created_at)
            for g in games] == [(n, 2**62 + n, record, "A", True, None, at) for n in (1, 2)]
    change = ResultChange.objects.get(match=match)
    assert (change.before, change.after, change.note, change.by_id) == (
        {}, {"status": "confirmed"}, "", None)
    insert_rows(EngineGame, GAME, [])  # nothing to write is not an error


def test_a_row_that_breaks_a_constraint_inserts_none_of_them():
    match = ai_round(tables=1).matches.get()
    at = timezone.now()
    EngineGameFactory(match=match, number=2, mode=GameMode.AUTO, seed=1, verified=False,
                      created_at=at)
    rows = [(match.pk, n, GameMode.AUTO, n, None, "", False, at) for n in (1, 2, 3)]
    with pytest.raises(IntegrityError), transaction.atomic():
        insert_rows(EngineGame, GAME, rows)
    assert list(EngineGame.objects.filter(match=match).values_list("number", flat=True)) == [2]


def test_a_field_with_no_value_and_no_default_is_named():
    with pytest.raises((ValueError, IntegrityError), match="created_at|NOT NULL"), \
            transaction.atomic():
        insert_rows(EngineGame, GAME[:-1], [(ai_round(tables=1).matches.get().pk, 1,
                                             GameMode.AUTO, 1, None, "", False)])


def test_update_rows_sets_each_rows_values_and_the_shared_ones():
    from core.bulk import update_rows
    from tournaments.models import Match, MatchStatus

    matches = list(ai_round(tables=4).matches.order_by("table"))
    at = timezone.now()
    rows = [(m.pk, 2, i % 2, 0) for i, m in enumerate(matches[:3])]
    update_rows(Match, ("a_wins", "b_wins", "draws"), rows, status=MatchStatus.CONFIRMED,
                confirmed_at=at, engine_verified=True)
    got = {m.pk: (m.a_wins, m.b_wins, m.draws, m.status, m.confirmed_at, m.engine_verified)
           for m in Match.objects.filter(pk__in=[m.pk for m in matches])}
    for pk, a, b, d in rows:
        assert got[pk] == (a, b, d, MatchStatus.CONFIRMED, at, True)
    untouched = matches[3]
    assert got[untouched.pk] == (untouched.a_wins, untouched.b_wins, untouched.draws,
                                 untouched.status, None, False)
    update_rows(Match, ("a_wins",), [])  # nothing to update is not an error
