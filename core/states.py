"""State machines: a status field, its legal moves, and the one way to change it.

Each app declares its machines and their move functions in its `services/states.py` (the
transition module); nothing else writes a status (tests/test_status_writes.py keeps it so).
A move the user asked for in the wrong state is a Conflict (409) that says what the state is
and what it allows; a move a service makes by itself in the wrong state is a bug and raises.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import models
from django.utils.translation import gettext

from core.bulk import update_rows
from core.errors import Conflict

# For each status, the statuses it may become.
Table = Mapping[str, tuple[str, ...]]


@dataclass(frozen=True)
class Machine:
    """One status field's machine. `start`: the statuses a new row (not saved yet) may be
    given besides moving from its default, as a game created straight into its ban step."""

    name: str  # what the status belongs to, in messages ("match", "job")
    choices: type[models.TextChoices]
    moves: Table
    start: tuple[str, ...] = ()

    def allows(self, source: str, to: str) -> bool:
        return to in self.moves[source]

    def label(self, status: str) -> str:
        return self.choices(status).label.lower()


def move(obj: models.Model, to: str, machine: Machine, *, asked: bool = False) -> bool:
    """Set `obj.status` to `to` if `machine` allows it (not saved: the caller saves it with
    the fields the move goes with). Returns whether the status changed. An illegal move is a
    Conflict when the user `asked` for it, else a bug (AssertionError)."""
    source = obj.status
    if not (machine.allows(source, to) or (obj._state.adding and to in machine.start)):
        if asked:
            allowed = machine.moves[source]
            options = gettext(" or ").join(machine.label(s) for s in allowed)
            why = (gettext("from %(status)s it can only become %(options)s")
                   % {"status": machine.label(source), "options": options} if allowed
                   else gettext("that is final"))
            raise Conflict("bad_transition",
                           gettext("%(thing)s is %(status)s: it cannot become %(to)s (%(why)s)")
                           % {"thing": obj, "status": machine.label(source),
                              "to": machine.label(to), "why": why})
        raise AssertionError(f"{machine.name} {obj.pk}: {source} -> {to} is not a legal move")
    obj.status = to
    return source != to


def move_rows(model: type[models.Model], machine: Machine, current: Mapping[Any, str],
              to: str, *, fields: Sequence[str] = (), rows: Sequence[Sequence[Any]] | None = None,
              **same: Any) -> list:
    """A bulk move made by a service: every row of `current` ({pk: its status as read under
    its lock}) becomes `to`, each checked against `machine` (an illegal one is a bug, and
    nothing is written). With `rows` ((pk, value per field of `fields`), core.bulk.update_rows)
    the rows get their own values too; `same` is set on every row. Returns the pks moved."""
    for pk, source in current.items():
        if not machine.allows(source, to):
            raise AssertionError(f"{machine.name} {pk}: {source} -> {to} is not a legal move")
    pks = list(current)
    if not pks:
        return pks
    if rows is None:
        model.objects.filter(pk__in=pks).update(status=to, **same)
    else:
        update_rows(model, fields, rows, status=to, **same)
    return pks
