"""Row locks in one fixed order, so two writers never wait on each other in a circle.

`lock` takes the rows of one or more querysets with SELECT ... FOR NO KEY UPDATE (where the
database has it: PostgreSQL), held until the transaction ends, and refuses to run outside one
(a lock released at once protects nothing). Two such locks on a row exclude each other as FOR
UPDATE does, but neither blocks the KEY SHARE lock that another transaction's foreign-key check
takes on the row it points to. With plain FOR UPDATE a worker holding a match (and waiting for
its job row) and the sweeper holding that job (whose commit checks the job's key to the match)
waited on each other in a circle that PostgreSQL broke by killing one: no service here changes
a primary key, so the stronger lock bought nothing.
The querysets are locked parents first, whatever order the caller names them in: a model
comes after every model it points to by a foreign key (an event before its rounds, a round
before its matches, a match before its job and its games), and the rows of one model by
primary key. Every service that locks rows of several models in one step goes through here,
so they all take them in that order.
"""

from __future__ import annotations

from functools import cache

from django.db import connections, models, router, transaction


class LockOutsideTransaction(RuntimeError):
    """`lock` was called with no transaction open: a bug in the caller."""


@cache
def rank(model: type[models.Model]) -> tuple[int, str]:
    """The model's place in the lock order: the length of its longest chain of foreign keys
    (self-references left out), then its label."""
    return _depth(model, frozenset()), model._meta.label


def _depth(model: type[models.Model], seen: frozenset) -> int:
    parents = [f.related_model for f in model._meta.concrete_fields
               if f.is_relation and (f.many_to_one or f.one_to_one)]
    parents = [p for p in parents if p is not None and p is not model and p not in seen]
    seen = seen | {model}
    return 1 + max((_depth(p, seen) for p in parents), default=-1)


def lock(*querysets: models.QuerySet, skip_locked: bool = False,
         of: tuple[str, ...] = ()) -> list[list[models.Model]]:
    """The rows of each queryset, locked (models in `rank` order, rows by primary key),
    returned in the order the querysets were given. `skip_locked` leaves out rows another
    transaction holds; `of` restricts the lock to those relations of a queryset with
    select_related (Django's `select_for_update(of=...)`)."""
    for qs in querysets:
        using = qs.db or router.db_for_write(qs.model)
        if not transaction.get_connection(using).in_atomic_block:
            raise LockOutsideTransaction(
                f"locking {qs.model._meta.label} rows outside a transaction")
    found: list[list[models.Model]] = [[] for _ in querysets]
    for index in sorted(range(len(querysets)), key=lambda i: rank(querysets[i].model)):
        qs = querysets[index]
        no_key = connections[qs.db or router.db_for_write(qs.model)].features \
            .has_select_for_no_key_update
        qs = qs.select_for_update(skip_locked=skip_locked, of=of, no_key=no_key)
        found[index] = list(qs.order_by("pk"))
    return found


def lock_one(queryset: models.QuerySet) -> models.Model | None:
    """The row of `queryset` (one row at most: by primary key or a unique field), locked;
    None if there is none."""
    rows = lock(queryset)[0]
    return rows[0] if rows else None


def lock_get(queryset: models.QuerySet) -> models.Model:
    """`lock_one`, or the model's DoesNotExist when there is no such row (as `get`)."""
    row = lock_one(queryset)
    if row is None:
        raise queryset.model.DoesNotExist(f"no {queryset.model._meta.label} row to lock")
    return row
