"""Who may start a ban-two session (rule C-2.5), and with which lists.

`ban_session_start` (bans.py) runs the procedure; this use case decides whether the caller may
start it. A player starts one as seat A with their own list A, against the owner of list B or
an AI seat; an organizer of an event starts one for two lists registered in it. Either way the
caller must already be allowed to see both lists: starting a session reveals them to both
seats, so it must not become a way to read a hidden list. Whether a list is the one registered
in the event, and whether the caller organizes it, are tournaments' answers
(`hooks.registered_in_event`, `hooks.organizes`).
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from core.errors import DomainError, Forbidden, NotFound
from core.locks import lock_one
from decks import hooks
from decks.models import BanSession, BanStatus, DecklistVersion
from decks.rules import has_rules_module
from decks.selectors import visible_versions
from decks.services.bans import ban_session_start
from engine.seats import LETTER_A, LETTER_B

__all__ = ["ban_session_request"]


def _seen_version(user: AbstractBaseUser, version_id: int) -> DecklistVersion:
    # Locked so two identical requests (a double click) cannot both start a session.
    version = lock_one(
        DecklistVersion.objects.filter(pk__in=visible_versions(user).filter(pk=version_id)
                                       .values("pk")).select_related("decklist__game"))
    if version is None:
        # The same answer for a hidden version as for a missing one.
        raise NotFound("not_found", gettext("no decklist version %(version)s")
                       % {"version": version_id},
                       params={"version": version_id})
    return version


@transaction.atomic
def ban_session_request(*, user: AbstractBaseUser, version_a_id: int, version_b_id: int,
                        player_b: AbstractBaseUser | None, event=None,  # noqa: ANN001
                        now: datetime, seed: int) -> tuple[BanSession, bool]:
    """Start a ban session for `user`; returns it and whether it is new.

    `player_b` None is an AI seat. With `event`, both lists must be the versions their owners
    registered there. The same request while that session is still banning returns the
    running session instead of a second one.
    """
    version_a = _seen_version(user, version_a_id)
    version_b = _seen_version(user, version_b_id)
    for seat, version in ((LETTER_A, version_a), (LETTER_B, version_b)):
        if version.decklist.owner_id is None:
            # A list without an owner is a walk-in guest's, entered by the organizer: no one
            # may ban for the guest here (an AI seat would), so the two ban at the table.
            raise DomainError("guest_list_ban",
                              gettext("List %(seat)s is a guest's list: a guest makes their "
                                      "bans at the table (rule C-2.5), or online once they "
                                      "have claimed their seat") % {"seat": seat},
                              params={"seat": seat})
        if has_rules_module(version.decklist.game):
            raise DomainError("no_ban_procedure",
                              gettext("list %(seat)s is a %(game)s list: the ban-two "
                                      "procedure (rule C-2.5) is for Clash of Decks lists")
                              % {"seat": seat, "game": version.decklist.game.name},
                              params={"seat": seat, "game": version.decklist.game.name})
    organizer = event is not None and hooks.organizes(event=event, user=user)
    if organizer:
        player_a = version_a.decklist.owner
    elif version_a.decklist.owner_id == user.pk:
        player_a = user
    else:
        raise Forbidden("not_your_list", gettext("start a ban session with your own list as "
                                                 "list A, or as an organizer of the event"))
    if event is not None:
        for seat, version in ((LETTER_A, version_a), (LETTER_B, version_b)):
            if not hooks.registered_in_event(event=event, version=version):
                raise DomainError("not_registered",
                                  gettext("list %(seat)s is not the version registered in "
                                          "%(event)s") % {"seat": seat, "event": event},
                                  params={"seat": seat, "event": event.name})
    running = BanSession.objects.filter(
        event=event, list_a=version_a, list_b=version_b, player_a=player_a,
        player_b=player_b, status=BanStatus.BANNING).first()
    if running is not None:
        return running, False
    session = ban_session_start(version_a=version_a, version_b=version_b, player_a=player_a,
                                player_b=player_b, now=now, seed=seed, event=event)
    return session, True
