"""The bye: the one writer of a bye match, for the pairing (services.rounds.round_pair) and
for a late player given a bye (services.late_players). A bye is a match with no opponent and
no table, confirmed as it is made with the score `tournaments.rules.BYE_SCORE` (a 2-0 win),
and kept with its `ResultChange` (BYE). The caller holds the event's lock and bumps the
results version."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser

from tournaments.models import Match, MatchStatus, Registration, ResultAction, Round
from tournaments.rules import BYE_SCORE, SCORE_FIELDS

from .audit import change_record

__all__ = ["bye_write"]


def bye_write(*, rnd: Round, registration: Registration, by: AbstractBaseUser | None,
              now: datetime, note: str = "") -> Match:
    """`registration`'s bye in `rnd`: a confirmed 2-0 win, with its result change."""
    bye = Match.objects.create(round=rnd, table=None, player_a=registration, player_b=None,
                               status=MatchStatus.CONFIRMED, confirmed_at=now,
                               **dict(zip(SCORE_FIELDS, BYE_SCORE, strict=True)))
    change_record(match=bye, by=by, action=ResultAction.BYE, before={}, now=now, note=note)
    return bye
