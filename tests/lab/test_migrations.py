"""The lab's move out of tournaments keeps its rows: a run saved before the move is in the lab
app after it, field for field (tournaments 0013 renames the table, lab 0001 adopts it), and
one left running is failed with the reason (lab 0002)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

BEFORE = [("tournaments", "0012_cut_ai_in_top_cut"), ("lab", None)]


def migrate(targets):  # noqa: ANN001, ANN201
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    # ("lab", None) means "none of the lab's migrations": no node of the state's graph.
    return executor.loader.project_state([t for t in targets if t[1] is not None]).apps


@pytest.mark.django_db(transaction=True)
def test_a_lab_run_saved_before_the_move_is_in_the_lab_after_it() -> None:
    old = migrate(BEFORE)
    user = old.get_model("auth", "User").objects.create(username="labber")
    OldRun = old.get_model("tournaments", "LabRun")
    common = {"owner_id": user.pk, "deck": ["OGRE"] * 8, "field": [2, 3], "games": 100,
              "ai": "random", "seed": 7, "created_at": timezone.now()}
    done = OldRun.objects.create(deck_label="Done", status="done", chunk_ids=["c1"],
                                 result={"games": 100, "wins": 60}, result_id="r1",
                                 finished_at=timezone.now(), **common)
    left = OldRun.objects.create(deck_label="Left running", **common)
    assert "tournaments_labrun" in connection.introspection.table_names()

    executor = MigrationExecutor(connection)
    new = migrate(executor.loader.graph.leaf_nodes())
    assert "lab_labrun" in connection.introspection.table_names()
    assert "tournaments_labrun" not in connection.introspection.table_names()
    NewRun = new.get_model("lab", "LabRun")
    moved = NewRun.objects.get(pk=done.pk)
    assert (moved.owner_id, moved.deck_label, moved.status, moved.result, moved.chunk_ids,
            moved.result_id, moved.seed) == (user.pk, "Done", "done",
                                             {"games": 100, "wins": 60}, ["c1"], "r1", 7)
    stale = NewRun.objects.get(pk=left.pk)
    assert stale.status == "failed" and "start it again" in stale.error
    # New rows continue the same ids.
    assert NewRun.objects.create(deck_label="New", **common).pk > left.pk
