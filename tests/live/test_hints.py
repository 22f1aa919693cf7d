"""core.live's hints leave once the transaction commits, never on a rollback: a page is
never told to fetch a state that is not there."""

from __future__ import annotations

import asyncio
import time

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from django.db import transaction

from core import live

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_hint_leaves_when_the_transaction_commits_and_not_before():
    async def scenario():
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add("game.7", channel)

        def change():
            with transaction.atomic():
                live.hint("game.7", "playing", 3)
                # Still inside the transaction: nothing has left.
                inside = async_to_sync(_pending)(layer, channel)
            return inside

        inside = await sync_to_async(change)()
        committed = time.time()
        after = await layer.receive(channel)
        return inside, after, committed

    inside, after, committed = async_to_sync(scenario)()
    assert inside is None
    # Stamped when it left, after the commit.
    assert after.pop("sent") >= committed - 0.05
    assert after == {"type": "live.hint", "kind": "playing", "version": 3}


def test_a_rolled_back_change_sends_no_hint():
    async def scenario():
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add("game.7", channel)

        def change():
            with pytest.raises(RuntimeError), transaction.atomic():
                live.hint("game.7", "playing", 3)
                raise RuntimeError("the move fails")

        await sync_to_async(change)()
        return await _pending(layer, channel)

    assert async_to_sync(scenario)() is None


async def _pending(layer, channel):
    """The channel's next message within a moment, else None."""
    try:
        return await asyncio.wait_for(layer.receive(channel), timeout=0.3)
    except TimeoutError:
        return None
