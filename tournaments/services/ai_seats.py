"""AI seats an organizer adds to an event (besides the one `fill_with_ai` keeps for an odd
count, and the ones draft pods make): an engine AI player with a name, and no user."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from core.errors import Conflict, DomainError
from decks.services.game_rules import engine_plays
from tournaments.models import EventFormat, EventStatus, Registration

from .access import lock_event, require_organizer
from .standings import results_version_bump


@transaction.atomic
def ai_seat_add(*, event_id: int, by: AbstractBaseUser, name: str,
                now: datetime) -> Registration:
    """An AI seat in a preconstructed or constructed event that is still taking entries. Its
    matches against other AI seats are played by the workers; a player's match against it is
    decided by the engine or settled by the organizer."""
    event = lock_event(event_id)
    require_organizer(event, by)
    name = (name or "").strip()
    if not name or len(name) > 60:
        raise DomainError("bad_name", gettext("an AI seat needs a name of 1 to 60 characters"))
    if event.status != EventStatus.REGISTRATION:
        raise Conflict("registration_over", gettext("%(event)s has started: AI seats join before"
                                                    " it")
                                            % {"event": event.name},
                       params={"event": event.name})
    if not engine_plays(event.game):
        raise Conflict("no_ai", gettext("%(game)s has no AI players")
                                % {"game": event.game.name},
                       params={"game": event.game.name})
    if event.format == EventFormat.DRAFT:
        raise Conflict("draft_ai", gettext("in a draft event the pods seat AI players themselves"))
    if Registration.objects.filter(event=event, is_ai=True, ai_name=name).exists():
        raise Conflict("taken", gettext("%(event)s already has an AI seat called %(name)s")
                                % {"event": event.name, "name": name},
                       params={"event": event.name, "name": name})
    seat = Registration.objects.create(event=event, player=None, is_ai=True, ai_name=name,
                                       checked_in=True, checked_in_at=now, created_at=now)
    results_version_bump(event_id=event.pk)
    return seat
