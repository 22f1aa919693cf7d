"""The deck lab through the real broker and real worker processes: a run is split over the
workers and adds up, the command prints it, the chunks count their games on a page's run as
they play them, and the chord's callbacks write the run's end to its row, the result or, when
a chunk fails, the reason (the row is the truth).

Run in make test's PostgreSQL run with Redis up; skipped with the reason otherwise (and failed
under CLASH_REQUIRE_SERVICES=1, as in CI).
"""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from engine.clash.cards import load_catalogue
from engine.clash.lab import lab_chunk
from lab.models import LabRun, LabRunStatus
from lab.selectors import lab_run_progress
from lab.services import chords
from lab.services.runs import lab_run_start
from tests.factories import UserFactory
from tests.factories.lab import LabRunFactory
from tests.integration.test_engine_workers import wait_for
from tests.integration.workers import Worker

pytestmark = [pytest.mark.postgres, pytest.mark.redis,
              pytest.mark.django_db(transaction=True)]


def test_a_deck_lab_run_is_split_over_the_workers_and_adds_up(queue):
    cat = load_catalogue()
    deck, field = cat.deck(1), [cat.deck(2), cat.deck(3)]
    worker = Worker(queue, concurrency=2)
    try:
        result = chords.lab_start(deck=deck, field=field, games=2000, seed=3, ai="random",
                                  chunk=250)
        assert len(result.parent.results) == 8  # the chord's header: one task per chunk
        data = result.get(timeout=120)
    finally:
        worker.stop()
    assert data == lab_chunk(deck, field, 3, 0, 2000, "random").to_json()


def test_the_deck_lab_command_names_each_field_deck_as_given(queue):
    out = StringIO()
    worker = Worker(queue, concurrency=2)
    try:
        call_command("deck_lab", "--deck", "1", "--field", "3,4", "--games", "400", "--ai",
                     "random", "--chunk", "200", "--seed", "2", stdout=out)
    finally:
        worker.stop()
    text = out.getvalue()
    assert "400 games in" in text
    assert "against deck 3: " in text and "against deck 4: " in text
    assert "over 200 games" in text


def test_a_lab_run_from_the_page_counts_its_games_and_keeps_its_result(queue):
    cat = load_catalogue()
    worker = Worker(queue, concurrency=2)
    try:
        run = lab_run_start(owner=UserFactory(), deck=cat.deck(1), deck_label="Deck 1",
                            field=[2, 3], games=10_000, ai="random", now=timezone.now())
        seen = []

        def finished() -> bool:
            found = LabRun.objects.get(pk=run.pk)  # what a page reads: the row
            seen.append(lab_run_progress(found))
            return found.status != LabRunStatus.RUNNING

        wait_for(finished, what="the lab run")
    finally:
        worker.stop()
    done = [p.done for p in seen]
    # The games counted as the chunks play them, not only when a chunk of 2,500 ends.
    assert done == sorted(done) and seen[-1].done == seen[-1].total == 10_000
    assert any(p.done % 2500 for p in seen[:-1])
    run.refresh_from_db()
    assert run.status == LabRunStatus.DONE and run.finished_at is not None
    assert run.result == lab_chunk(cat.deck(1), [cat.deck(2), cat.deck(3)], run.seed, 0,
                                   10_000, "random").to_json()


def test_a_chunk_that_fails_on_the_worker_marks_the_run_failed_with_the_reason(
        queue, monkeypatch):
    cat = load_catalogue()
    run = LabRunFactory(owner=UserFactory(), deck_label="Deck 1", deck=cat.deck(1), field=[2],
                        games=20, ai="psychic", seed=1)
    # Sent unchecked, so each chunk's own check refuses the unknown AI level on the worker.
    monkeypatch.setattr(chords, "check_lab_deck", lambda *args: None)
    worker = Worker(queue, concurrency=2)
    try:
        chords.lab_start(deck=cat.deck(1), field=[cat.deck(2)], games=20, seed=1,
                         ai="psychic", chunk=10, run_id=run.pk)
        wait_for(lambda: LabRun.objects.get(pk=run.pk).status != LabRunStatus.RUNNING,
                 what="the failed lab run")
    finally:
        worker.stop()
    run.refresh_from_db()
    assert run.status == LabRunStatus.FAILED and run.result is None
    assert "unknown AI level 'psychic'" in run.error and run.finished_at is not None


def test_a_worker_told_to_run_the_compiled_engine_runs_it_and_plays_the_same_games(queue):
    """CLASH_COMPILED_ENGINE: the worker loads the compiled build, and a lab run on it gives
    the result this process computes with the Python build, game for game."""
    from clash.celery import engine_build
    from tests.compiled_run import compiled_build_or_skip

    dest = compiled_build_or_skip()
    cat = load_catalogue()
    deck, field = cat.deck(2), [cat.deck(1), cat.deck(4)]
    worker = Worker(queue, concurrency=2, compiled=dest)
    try:
        build = engine_build.apply_async(queue=queue).get(timeout=60)
        data = chords.lab_start(deck=deck, field=field, games=1000, seed=11, ai="greedy",
                                chunk=250).get(timeout=120)
    finally:
        worker.stop()
    assert build == "compiled"
    assert data == lab_chunk(deck, field, 11, 0, 1000, "greedy").to_json()
