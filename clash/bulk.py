"""Inserting many rows at once, fast on PostgreSQL.

Django's `bulk_create` on PostgreSQL sends each column as an array literal (INSERT ... SELECT
FROM UNNEST). For rows with JSON columns, such as the engine's game records, psycopg quotes every
element of those arrays in Python, one regular-expression substitution per quote character, and
the server then parses the arrays again: on a batch of engine-decided matches that cost more than
a third of the time spent writing them. COPY ... FROM STDIN sends the rows in PostgreSQL's own
row format, escaped by psycopg's C code, and the server reads them without array parsing.

Elsewhere (SQLite, the embedded default) it is `bulk_create`.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import connections, models, router


def insert_rows(model: type[models.Model], objs: Sequence[models.Model]) -> None:
    """Insert `objs` (new, unsaved instances of `model`) as they are.

    Unlike `bulk_create`, the instances get no primary keys back, and nothing is skipped: a row
    breaking a constraint fails the whole insert (and, inside `transaction.atomic`, the
    transaction). Callers that could meet existing rows filter them out first.
    """
    if not objs:
        return
    using = router.db_for_write(model)
    connection = connections[using]
    if connection.vendor != "postgresql":
        model.objects.using(using).bulk_create(objs)
        return
    fields = [f for f in model._meta.concrete_fields if not isinstance(f, models.AutoField)]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.column) for f in fields)
    sql = f"COPY {quote(model._meta.db_table)} ({columns}) FROM STDIN"
    with connection.cursor() as cursor, cursor.copy(sql) as copy:
        for obj in objs:
            # The instances hold their fields' defaults already; pre_save adds auto_now values.
            copy.write_row([field.get_db_prep_save(field.pre_save(obj, add=True), connection)
                            for field in fields])
