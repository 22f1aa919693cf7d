"""`Game` becomes `CardGame`: a card game's title, no longer named like the engine's `Game` (a
position). Only the name changes: the table stays `decks_game`, so no row moves; the content
type follows the model, so the admin's permissions and log keep pointing at it."""

from django.db import migrations


def rename_content_type(apps, schema_editor, old: str, new: str) -> None:  # noqa: ANN001
    ContentType = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    if ContentType.objects.using(db).filter(app_label="decks", model=new).exists():
        return  # one of the new name exists already: it stays the one
    ContentType.objects.using(db).filter(app_label="decks", model=old).update(model=new)
    ContentType.objects.clear_cache()


def forwards(apps, schema_editor) -> None:  # noqa: ANN001
    rename_content_type(apps, schema_editor, "game", "cardgame")


def backwards(apps, schema_editor) -> None:  # noqa: ANN001
    rename_content_type(apps, schema_editor, "cardgame", "game")


class Migration(migrations.Migration):

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("decks", "0005_decklistversion_name"),
        # The migrations that made foreign keys to decks.Game run first: they name it so.
        ("tournaments", "0005_draft_pods_and_ratings"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RenameModel(old_name="Game", new_name="CardGame"),
                migrations.AlterModelTable(name="cardgame", table="decks_game"),
            ],
            database_operations=[],
        ),
        migrations.RunPython(forwards, backwards),
    ]
