"""Inserting many rows at once, fast on PostgreSQL.

Django's `bulk_create` on PostgreSQL sends each column as an array literal (INSERT ... SELECT
FROM UNNEST). For rows with JSON columns, such as the engine's game records, psycopg quotes every
element of those arrays in Python, one regular-expression substitution per quote character, and
the server then parses the arrays again: on a batch of engine-decided matches that cost more than
a third of the time spent writing them. COPY ... FROM STDIN sends the rows in PostgreSQL's own
row format, escaped by psycopg's C code, and the server reads them without array parsing.

The rows are plain tuples, not model instances: building thousands of instances only to read
their fields back costs more than the insert itself. Elsewhere (SQLite, the embedded default)
it is `bulk_create` of instances made from the tuples.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.db import connections, models, router

# Field types whose Python values psycopg sends as they are.
_AS_IS = (models.IntegerField, models.CharField, models.TextField, models.BooleanField,
          models.DateTimeField, models.ForeignKey, models.FloatField)


def insert_rows(model: type[models.Model], fields: Sequence[str],
                rows: Sequence[Sequence[Any]]) -> None:
    """Insert `rows`, each a tuple of values for `fields` (attribute names: `match_id` for a
    foreign key). The model's other fields must have defaults; the rows' ids are not returned.

    Nothing is skipped: a row breaking a constraint fails the whole insert (and, inside
    `transaction.atomic`, the transaction) with Django's IntegrityError. Callers that could
    meet existing rows filter them out first.
    """
    if not rows:
        return
    using = router.db_for_write(model)
    connection = connections[using]
    if connection.vendor != "postgresql":
        model.objects.using(using).bulk_create([model(**dict(zip(fields, row, strict=True)))
                                                for row in rows])
        return
    meta = model._meta
    given = [meta.get_field(name) for name in fields]
    defaults = [f for f in meta.concrete_fields
                if f not in given and not isinstance(f, models.AutoField)]
    # As a model instance would get them: the field's default, "" for text, else None.
    values = [f.get_default() for f in defaults]
    if missing := [f.name for f, v in zip(defaults, values, strict=True)
                   if v is None and not f.null]:
        raise ValueError(f"insert_rows({model.__name__}): no value and no default for "
                         f"{', '.join(missing)}")
    prepare = [_preparer(f, connection) for f in given]
    constant = [f.get_db_prep_save(v, connection)
                for f, v in zip(defaults, values, strict=True)]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.column) for f in given + defaults)
    sql = f"COPY {quote(meta.db_table)} ({columns}) FROM STDIN"
    # wrap_database_errors: a failure raises Django's exceptions (IntegrityError, ...), as the
    # ORM's own queries do.
    with connection.cursor() as cursor, connection.wrap_database_errors, \
            cursor.copy(sql) as copy:
        for row in rows:
            copy.write_row([p(v) for p, v in zip(prepare, row, strict=True)] + constant)


def _preparer(field: models.Field, connection: Any) -> Callable[[Any], Any]:
    if isinstance(field, _AS_IS) and not isinstance(field, models.JSONField):
        return lambda value: value
    return lambda value: field.get_db_prep_save(value, connection)


def update_rows(model: type[models.Model], fields: Sequence[str],
                rows: Sequence[Sequence[Any]], **same: Any) -> None:
    """Set `fields` per row and `same` on every row: each row is (pk, value per field).

    On PostgreSQL one UPDATE ... FROM unnest(arrays) whatever the number of rows. Elsewhere
    one UPDATE per distinct combination of values (few when the values repeat, as scores do).
    """
    if not rows:
        return
    using = router.db_for_write(model)
    connection = connections[using]
    if connection.vendor != "postgresql":
        groups: dict[tuple, list] = {}
        for pk, *values in rows:
            groups.setdefault(tuple(values), []).append(pk)
        for values, pks in groups.items():
            model.objects.using(using).filter(pk__in=pks).update(
                **dict(zip(fields, values, strict=True)), **same)
        return
    meta = model._meta
    quote = connection.ops.quote_name
    table = quote(meta.db_table)
    pk, given = meta.pk, [meta.get_field(name) for name in fields]
    constant = [(meta.get_field(name), value) for name, value in same.items()]
    names = [f"v{i}" for i in range(len(given))]
    assignments = [f"{quote(f.column)} = v.{n}" for f, n in zip(given, names, strict=True)]
    assignments += [f"{quote(f.column)} = %s" for f, _ in constant]
    arrays = ", ".join(f"%s::{f.db_type(connection)}[]" for f in [pk, *given])
    sql = (f"UPDATE {table} SET {', '.join(assignments)} FROM unnest({arrays}) "
           f"AS v(pk, {', '.join(names)}) WHERE {table}.{quote(pk.column)} = v.pk")
    columns = list(zip(*rows, strict=True))
    # The statement's placeholders in order: the SET constants, then the arrays.
    params = [f.get_db_prep_save(value, connection) for f, value in constant]
    params += [list(columns[0])] + [
        [f.get_db_prep_save(v, connection) for v in column]
        for f, column in zip(given, columns[1:], strict=True)]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
