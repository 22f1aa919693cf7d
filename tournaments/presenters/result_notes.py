"""The notes the site writes in a match's history, in the reader's language.

A change the site makes itself when time is called on a match played online
(`services.online_games.match_end_at_time_write`, ruling C-7.5c) stores its note as a code and
values (`ResultChange.note_code`, `note_params`); each is put here into whole sentences, the
ruling cited in the reader's words. Its English `note` is what the API and the event file
give, and what is shown of a note without a code: a person's own words, a row from before
the codes, or one imported from an event file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from django.utils.translation import gettext, ngettext

from tournaments.models import Match
from tournaments.presenters.job_errors import job_error_text
from tournaments.selectors.matches import ChangeRow

Params = dict[str, Any]


# Each note as a whole sentence, as the site's notes are written (no capital, no full stop:
# the pages quote a note, and the dashboard says "...: settle it" after it), with its
# variant naming the games that were still in their ban step (`unplayed`), not played.

def _level(p: Params) -> str:
    if not p.get("unplayed"):
        return gettext("time was called with the match level at %(score)s: a top-cut match "
                       "needs a winner, and the organizer sets it (rulings C-7.5b and "
                       "C-7.5c)") % p
    return ngettext("time was called with the match level at %(score)s, game %(games)s still "
                    "in its ban step and not played: a top-cut match needs a winner, and the "
                    "organizer sets it (rulings C-7.5b and C-7.5c)",
                    "time was called with the match level at %(score)s, games %(games)s still "
                    "in their ban step and not played: a top-cut match needs a winner, and "
                    "the organizer sets it (rulings C-7.5b and C-7.5c)",
                    len(p["unplayed"])) % {**p, "games": _numbers(p)}


def _score(p: Params) -> str:
    if not p.get("unplayed"):
        return gettext("time was called: the games played, %(score)s, are the score (ruling "
                       "C-7.5c)") % p
    return ngettext("time was called: the games played, %(score)s, are the score; game "
                    "%(games)s was in its ban step and was not played (ruling C-7.5c)",
                    "time was called: the games played, %(score)s, are the score; games "
                    "%(games)s were in their ban step and were not played (ruling C-7.5c)",
                    len(p["unplayed"])) % {**p, "games": _numbers(p)}


def _no_game(p: Params) -> str:
    if not p.get("unplayed"):
        return gettext("time was called before any game finished: one drawn game (ruling "
                       "C-7.5c)")
    return ngettext("time was called before any game finished: one drawn game; game "
                    "%(games)s was in its ban step and was not played (ruling C-7.5c)",
                    "time was called before any game finished: one drawn game; games "
                    "%(games)s were in their ban step and were not played (ruling C-7.5c)",
                    len(p["unplayed"])) % {"games": _numbers(p)}


def _numbers(p: Params) -> str:
    return ", ".join(str(int(n)) for n in p["unplayed"])


SENTENCES: dict[str, Callable[[Params], str]] = {
    "time_level": _level, "time_score": _score, "time_no_game": _no_game}


def note_text(note: str, code: str | None, params: Params | None) -> str:
    """A change's note as the reader reads it: the sentence of its code, else `note`."""
    sentence = SENTENCES.get(code or "")
    if sentence is None:
        return note
    try:
        return sentence(params or {})
    except (KeyError, TypeError, ValueError):
        return note


def notes_shown(rows: list[ChangeRow]) -> list[ChangeRow]:
    """A match's history (selectors.matches.history_rows), each note as the reader reads
    it."""
    return [replace(row, note=note_text(row.note, row.change.note_code, row.change.note_params))
            for row in rows]


def reasons_shown(matches: Iterable[Match]) -> None:
    """Put why each of the dashboard's open matches waits for the organizer
    (selectors.events.dashboard_for's `job_error` and `last_note`, with their codes) into the
    reader's language."""
    for m in matches:
        if m.job_error is not None:
            m.job_error = job_error_text(m.job_error_code, m.job_error_params, m.job_error)
        if m.last_note:
            m.last_note = note_text(m.last_note, m.last_note_code, m.last_note_params)
