"""What the project's management commands share."""

from __future__ import annotations

from typing import Any

from django.apps import apps
from django.core.management.base import BaseCommand, CommandError
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections


def tables_missing(alias: str = DEFAULT_DB_ALIAS) -> list[str]:
    """The tables of the installed models that the database does not have yet."""
    connection = connections[alias]
    present = set(connection.introspection.table_names())
    return sorted({model._meta.db_table for model in apps.get_models()
                   if model._meta.managed and not model._meta.proxy} - present)


class DatabaseCommand(BaseCommand):
    """A command that reads or writes the database: refused with what to do when the database
    cannot be reached or its tables are not made yet (a fresh database before `migrate`),
    rather than failing on its first query with a traceback."""

    def execute(self, *args: Any, **options: Any) -> Any:
        connection = connections[DEFAULT_DB_ALIAS]
        name = connection.settings_dict.get("NAME")
        try:
            missing = tables_missing()
        except DatabaseError as exc:
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise CommandError(f"Cannot reach the database {name} ({connection.vendor}): "
                               f"{first}. Check DATABASE_URL and that the server runs.") from None
        if missing:
            raise CommandError(
                f"The database {name} has no tables for {len(missing)} of the site's models "
                f"(the first: {missing[0]}): run `python manage.py migrate` first.")
        return super().execute(*args, **options)
