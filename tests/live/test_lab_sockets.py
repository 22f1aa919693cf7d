"""The lab run page's socket: only the run's owner may follow it; the games a chunk counts on
the run's row as it plays them and the run's end hint it."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.utils import timezone

from engine.clash.cards import load_catalogue
from lab.services.runs import lab_run_finish
from lab.tasks import lab_chunk_task
from tests.factories import UserFactory
from tests.factories.lab import LabRunFactory
from tests.live.sockets import opens, run, session_cookie, socket

pytestmark = pytest.mark.django_db(transaction=True)

CAT = load_catalogue()


def test_only_the_owner_follows_a_runs_progress():
    lab_run = LabRunFactory(owner=UserFactory(username="alice"))
    path = f"/ws/lab/{lab_run.pk}/"
    assert run(opens(socket(path, cookie=session_cookie(lab_run.owner))))
    assert not run(opens(socket(path, cookie=session_cookie(UserFactory(username="bob")))))
    assert not run(opens(socket(path)))


def test_games_played_and_the_run_finished_reach_the_owners_page():
    lab_run = LabRunFactory(owner=UserFactory(username="alice"), deck=CAT.deck(2))
    cookie = session_cookie(lab_run.owner)

    def chunk():
        # As a worker runs it: the result stored, then on_success.
        lab_chunk_task.apply(args=[CAT.deck(2), [CAT.deck(1)], 8, 0, 2, "random"],
                             kwargs={"run_id": lab_run.pk})

    async def scenario():
        s = socket(f"/ws/lab/{lab_run.pk}/", cookie=cookie)
        assert (await s.connect(timeout=3))[0]
        await sync_to_async(chunk)()
        first = await s.receive_json_from(timeout=3)
        await sync_to_async(lab_run_finish)(run_id=lab_run.pk, result={}, now=timezone.now())
        second = await s.receive_json_from(timeout=3)
        await s.disconnect()
        return first, second

    assert run(scenario) == ({"kind": "progress", "version": None},
                             {"kind": "done", "version": None})
