"""Each decklist version keeps the list's name: the versions saved before get the name their
list has now (the only name known for them)."""

from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def names_from_lists(apps, schema_editor):  # noqa: ANN001, ANN201
    Decklist = apps.get_model("decks", "Decklist")
    DecklistVersion = apps.get_model("decks", "DecklistVersion")
    DecklistVersion.objects.update(name=Subquery(
        Decklist.objects.filter(pk=OuterRef("decklist_id")).values("name")[:1]))


class Migration(migrations.Migration):

    dependencies = [
        ("decks", "0004_guestlists_guest_decklists"),
    ]

    operations = [
        migrations.AddField(
            model_name="decklistversion",
            name="name",
            field=models.CharField(default="", max_length=100),
            preserve_default=False,
        ),
        migrations.RunPython(names_from_lists, migrations.RunPython.noop),
    ]
