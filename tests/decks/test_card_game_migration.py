"""`Game` became `CardGame` by name only (decks 0006): the table is still `decks_game`, so the
card games saved before the rename are the card games after it, with their sets and the lists
that name them, and the admin's content type follows the model."""

from __future__ import annotations

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from decks.models import CardGame, Decklist

BEFORE = [("decks", "0005_decklistversion_name")]


def migrate(targets):  # noqa: ANN001, ANN201
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_a_card_game_saved_before_the_rename_is_a_card_game_after_it() -> None:
    old = migrate(BEFORE)
    user = old.get_model("auth", "User").objects.create(username="before")
    game = old.get_model("decks", "Game").objects.create(slug="old-game", name="Old game")
    old.get_model("decks", "CardSet").objects.create(game_id=game.pk, code="base", name="Base")
    decklist = old.get_model("decks", "Decklist").objects.create(
        owner_id=user.pk, game_id=game.pk, name="Made before", kind="constructed",
        created_at=timezone.now())
    # Going back renamed the content type too; this is the one the admin used before.
    old_type = ContentType.objects.get(app_label="decks", model="game")

    executor = MigrationExecutor(connection)
    new = migrate(executor.loader.graph.leaf_nodes())

    assert "decks_game" in connection.introspection.table_names()
    assert "decks_cardgame" not in connection.introspection.table_names()
    kept = CardGame.objects.get(pk=game.pk)
    assert (kept.slug, kept.name) == ("old-game", "Old game")
    assert [s.code for s in kept.sets.all()] == ["base"]
    assert Decklist.objects.get(pk=decklist.pk).game == kept
    assert ContentType.objects.get(pk=old_type.pk).model == "cardgame"
    ContentType.objects.clear_cache()
    # New rows continue the same ids.
    NewGame = new.get_model("decks", "CardGame")
    assert NewGame.objects.create(slug="new-game", name="New game").pk > game.pk
