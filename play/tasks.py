"""Celery entry point of online play: an AI seat's move, for a deployment that computes it
in a worker. Idempotent (the service locks the game and acts only when the AI seat is to
move), so it acknowledges late."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from play.services import online_game_ai_move


@shared_task(name="play.online_game_ai_move", acks_late=True, reject_on_worker_lost=True)
def online_game_ai_move_task(game_id: int, delivery: str | None = None) -> int:
    """`delivery`: the message's token (core/deliveries.py); a replaced one does nothing."""
    return online_game_ai_move(game_id=game_id, now=timezone.now(), delivery=delivery)
