"""The deck lab's tasks (bodies called directly; tests/integration runs them on real
workers): the chunks add up, the chord's callback writes the result to the run's row, the
error callback writes the reason, and a callback delivered again changes nothing."""

from __future__ import annotations

import pytest

from engine.clash.cards import load_catalogue
from engine.clash.lab import lab_chunk
from lab.models import LabRun, LabRunStatus
from lab.services import chords
from lab.services.progress import lab_chunk_play, lab_run_progress_add
from lab.services.states import lab_run_move
from lab.tasks import lab_chunk_task, lab_fail_task, lab_merge_task
from tests.factories import UserFactory
from tests.factories.lab import LabRunFactory

pytestmark = pytest.mark.django_db

CAT = load_catalogue()
DECK, FIELD = CAT.deck(2), [CAT.deck(1), CAT.deck(4)]


def running_run() -> LabRun:
    return LabRunFactory(owner=UserFactory(), deck_label="Deck 2", deck=DECK, field=[1, 4],
                         games=90, ai="random", seed=8)


def parts() -> list[dict]:
    return [lab_chunk_task(DECK, FIELD, 8, start, 30, "random") for start in (0, 30, 60)]


def test_lab_chunk_and_merge_task_bodies_add_up_to_the_whole_run():
    assert lab_merge_task(parts()) == lab_chunk(DECK, FIELD, 8, 0, 90, "random").to_json()


def test_the_chords_callback_writes_the_result_and_the_status_to_the_row():
    run = running_run()
    data = lab_merge_task(parts(), run_id=run.pk)
    run.refresh_from_db()
    assert run.status == LabRunStatus.DONE and run.result == data
    assert run.finished_at is not None and run.error == ""


def test_a_callback_delivered_again_changes_nothing():
    run = running_run()
    lab_merge_task(parts(), run_id=run.pk)
    run.refresh_from_db()
    lab_merge_task(parts()[:1], run_id=run.pk)  # a late or repeated delivery
    lab_fail_task(None, RuntimeError("late"), None, run_id=run.pk)
    again = LabRun.objects.get(pk=run.pk)
    assert again.status == LabRunStatus.DONE and again.result == run.result
    assert again.finished_at == run.finished_at and again.error == ""


def test_a_failed_chunk_marks_the_run_failed_with_the_reason():
    run = running_run()
    # Celery's call of a link_error callback: the failed task's request, its error, traceback.
    assert lab_fail_task(None, RuntimeError("Dependency 3 raised MemoryError()"), None,
                         run_id=run.pk)
    run.refresh_from_db()
    assert run.status == LabRunStatus.FAILED and run.result is None
    assert run.error == "Dependency 3 raised MemoryError()" and run.finished_at is not None
    lab_merge_task(parts(), run_id=run.pk)  # a result arriving after the failure is ignored
    run.refresh_from_db()
    assert run.status == LabRunStatus.FAILED and run.result is None


def test_a_callback_for_a_deleted_run_does_nothing():
    run = running_run()
    run_id = run.pk
    run.delete()
    assert lab_merge_task(parts(), run_id=run_id)["games"] == 90
    assert lab_fail_task(None, RuntimeError("x"), None, run_id=run_id) is False


def test_the_page_runs_callback_carries_the_run_and_its_error_callback(monkeypatch):
    sent = {}
    monkeypatch.setattr(chords, "chord",
                        lambda header: lambda body: sent.update(header=header, body=body))
    chords.lab_start(deck=DECK, field=FIELD, games=5000, seed=1, ai="random", chunk=2500,
                     run_id=41)
    assert len(sent["header"]) == 2
    body = sent["body"]
    assert body.task == "tournaments.lab_merge" and body.kwargs == {"run_id": 41}
    (errback,) = body.options["link_error"]
    assert errback["task"] == "lab.run_fail" and errback["kwargs"] == {"run_id": 41}
    chords.lab_start(deck=DECK, field=FIELD, games=10, seed=1, ai="random")
    assert "link_error" not in sent["body"].options  # the command's runs have no row


def test_a_finished_run_cannot_move_again():
    run = running_run()
    lab_run_move(run, LabRunStatus.DONE)
    with pytest.raises(AssertionError, match="done -> failed"):
        lab_run_move(run, LabRunStatus.FAILED)


# Progress: the games counted on the row as the chunks play them ------------------------------


def test_a_chunk_counts_its_games_on_the_row_as_it_plays_them():
    run = running_run()
    seen = []  # (the chunk's clock, the row's count) at each look at the clock
    now = [0.0]

    def clock() -> float:
        now[0] += 0.2  # each slice of games "takes" 0.2 s by this clock
        seen.append((now[0], LabRun.objects.get(pk=run.pk).games_done))
        return now[0]

    result = lab_chunk_play(deck=DECK, field=FIELD, seed=8, start=0, count=60, ai="random",
                            run_id=run.pk, clock=clock)
    assert result.to_json() == lab_chunk(DECK, FIELD, 8, 0, 60, "random").to_json()
    counts = [count for _, count in seen]
    assert counts == sorted(counts) and LabRun.objects.get(pk=run.pk).games_done == 60
    first = next(t for t, count in seen if count > 0)
    assert first <= 1.0  # the first slice is counted at once
    changes = [t for (t, count), (_, before) in zip(seen[1:], seen, strict=False)
               if count != before]
    assert max(b - a for a, b in zip(changes, changes[1:], strict=False)) <= 1.0


def test_the_count_never_passes_the_runs_games_and_stops_once_it_is_finished():
    run = running_run()
    assert lab_run_progress_add(run_id=run.pk, games=80)
    assert lab_run_progress_add(run_id=run.pk, games=80)  # a chunk delivered twice
    assert LabRun.objects.get(pk=run.pk).games_done == 90
    lab_merge_task(parts(), run_id=run.pk)
    assert not lab_run_progress_add(run_id=run.pk, games=1)
    assert LabRun.objects.get(pk=run.pk).games_done == 90


def test_the_chunk_task_counts_a_page_runs_games_and_leaves_the_commands_alone():
    run = running_run()
    lab_chunk_task(DECK, FIELD, 8, 0, 30, "random", run_id=run.pk)
    assert LabRun.objects.get(pk=run.pk).games_done == 30
    lab_chunk_task(DECK, FIELD, 8, 30, 30, "random")
    assert LabRun.objects.get(pk=run.pk).games_done == 30
