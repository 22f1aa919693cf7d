"""Walk-ins (issue 16): an organizer seats a person who has no account under a name (a guest
seat), and gets a claim code. Later the person, signed in, enters the code and the seat
becomes theirs with every result it has.

- The code is random (`secrets`), shown once when the seat is made; only its SHA-256 is
  stored, and the seat is found by that digest, so the stored value tells nothing and no
  comparison runs over the code itself.
- A wrong code and a used one get the same answer, so trying codes tells nothing about which
  seats exist. Attempts are counted per client address and per account
  (accounts.services.rates, kind "claim"): a fresh account per guess still meets the limit
  of its address.
- A person has one seat per event: a claim is refused when they already sit in it, and
  takes the claimer off the event's waitlist. A judge of the event claims no seat of it.
- The seats of an imported event (`Event.imported_at`) are never claimed: their results came
  from a file. No code is made for one, and none is taken.
- A guest has no account to write a list with, so the organizer enters the guest's list
  (services/guest_lists.py): a list without an owner, held by the seat. Claiming the seat
  makes the claimer its owner; the seat keeps the version it holds.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from accounts.services.rates import rate_hit
from core.errors import Conflict, DomainError
from decks.models import DecklistVersion
from decks.services.guest_lists import guest_decklist_claim
from tournaments.models import Event, EventFormat, EventStatus, Registration, WaitlistEntry
from tournaments.rules import MAX_GUEST_NAME

from .guards import lock_event, lock_registration, require_not_judge, require_organizer
from .registrations import check_organizer_entry
from .standings import results_version_bump

__all__ = [
    "claim_code_digest",
    "claim_code_new",
    "guest_name_clean",
    "guest_seat_create",
    "registration_claim",
    "registration_claim_code_renew",
    "registration_guest_add",
    "wrong_code_message",
]

# No 0/O, 1/I/L: the code is read off a slip of paper and typed.
_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
_CODE_LENGTH = 12  # 31**12: about 59 bits


def claim_code_new() -> str:
    """A fresh code, in groups of four for reading out: `ABCD-EFGH-JKMN`."""
    raw = "".join(secrets.choice(_ALPHABET) for _ in range(_CODE_LENGTH))
    return "-".join(raw[i:i + 4] for i in range(0, _CODE_LENGTH, 4))


def claim_code_digest(code: str) -> str:
    """The stored form of a code, from what a person typed: case, spaces and dashes aside."""
    normal = "".join(c for c in code.upper() if c.isalnum())
    return hashlib.sha256(normal.encode()).hexdigest()


@transaction.atomic
def registration_guest_add(*, event_id: int, by: AbstractBaseUser, name: str,
                           now: datetime) -> tuple[Registration, str]:
    """An organizer seats a walk-in named `name`, by the same window as adding a player
    (`registration_add`). Returns the seat and its claim code, which is not kept: the
    organizer hands it over now."""
    event = lock_event(event_id)
    require_organizer(event, by)
    name = guest_name_clean(name)
    check_organizer_entry(event)
    return guest_seat_create(event=event, name=name, now=now)


def guest_name_clean(name: str) -> str:
    """The guest's name as seated (spaces folded), or a DomainError."""
    name = " ".join(name.split())
    if not name:
        raise DomainError("guest_name_required", gettext("Give the guest's name"))
    if len(name) > MAX_GUEST_NAME:
        raise DomainError("guest_name_too_long",
                          gettext("A guest's name has at most %(most)d characters")
                          % {"most": MAX_GUEST_NAME}, params={"most": MAX_GUEST_NAME})
    return name


def guest_seat_create(*, event: Event, name: str, now: datetime) -> tuple[Registration, str]:
    """The guest seat named `name` and its claim code (`event` locked; the caller checked
    that the event still takes the seat: `registration_guest_add`, or a late player added
    to the round being played, services.late_players)."""
    name = guest_name_clean(name)
    if event.format == EventFormat.DRAFT:
        # Each seat of a pod picks on its own phone (rule C-2.4): a seat nobody can sign in
        # to would never finish its pair's draft.
        raise Conflict("guest_in_draft",
                       gettext("%(event)s is a draft: each player picks on their own account, "
                               "so a walk-in signs up first and is added by username")
                       % {"event": event.name}, params={"event": event.name})
    if Registration.objects.filter(event=event, guest_name__iexact=name).exists():
        raise Conflict("guest_name_taken",
                       gettext("%(event)s already has a guest called %(name)s: give another "
                               "name") % {"event": event.name, "name": name},
                       params={"event": event.name, "name": name})
    code = claim_code_new()
    late = event.status == EventStatus.RUNNING
    seat = Registration.objects.create(
        event=event, player=None, guest_name=name, claim_code_hash=claim_code_digest(code),
        late_entry=late, checked_in=late, checked_in_at=now if late else None, created_at=now)
    results_version_bump(event_id=event.pk)
    return seat, code


@transaction.atomic
def registration_claim_code_renew(*, registration_id: int, by: AbstractBaseUser) -> str:
    """An organizer replaces a guest seat's code (the slip was lost): the old one stops
    working. Only a guest seat has one; a claimed seat is the person's."""
    event, seat = lock_registration(registration_id)
    require_organizer(event, by)
    _refuse_imported(event)
    if not seat.is_guest:
        raise Conflict("not_a_guest", gettext("%(name)s is not a guest seat: it has no claim "
                                              "code") % {"name": seat.name},
                       params={"name": seat.name})
    code = claim_code_new()
    seat.claim_code_hash = claim_code_digest(code)
    seat.save(update_fields=["claim_code_hash"])
    return code


def _refuse_imported(event: Event) -> None:
    """No seat of an imported event is ever attached to an account: its results came from a
    file, which anyone can write (eventfile/services/event_file.py), so no claim code is made
    or taken for one."""
    if event.imported_at is not None:
        raise Conflict("imported_seat",
                       gettext("The results of %(event)s came from an event file: its seats "
                               "cannot be attached to an account") % {"event": event.name},
                       params={"event": event.name})


def wrong_code_message() -> str:
    return gettext("This claim code does not open a seat: check it with the organizer.")


@transaction.atomic
def registration_claim(*, code: str, by: AbstractBaseUser, ip: str | None,
                       now: datetime) -> Registration:
    """`by` takes the guest seat the code opens, with all its results and the list the
    organizer entered for the guest, which becomes theirs. Refused (all alike)
    for a wrong or used code; refused when `by` already has a seat in that event; counted
    against the claim rate limit first, so guessing stops at the limit."""
    del now  # the seat keeps the time it was made; the claim is not a new entry
    rate_hit(kind="claim", ip=ip, address=f"user:{by.pk}")
    digest = claim_code_digest(code)
    found = (Registration.objects.filter(claim_code_hash=digest, player__isnull=True)
             .values_list("pk", flat=True).first())
    if found is None or not code.strip():
        raise DomainError("wrong_claim_code", wrong_code_message())
    event, seat = lock_registration(found)
    if seat.claim_code_hash != digest or seat.player_id is not None:  # claimed meanwhile
        raise DomainError("wrong_claim_code", wrong_code_message())
    _refuse_imported(event)
    if Registration.objects.filter(event=event, player=by).exists():
        raise Conflict("already_registered",
                       gettext("You already have a seat in %(event)s: a person plays an "
                               "event once") % {"event": event.name},
                       params={"event": event.name})
    require_not_judge(event, by)
    seat.player = by
    seat.guest_name = ""
    seat.claim_code_hash = ""
    seat.save(update_fields=["player", "guest_name", "claim_code_hash"])
    held = (DecklistVersion.objects.filter(pk=seat.decklist_version_id,
                                           decklist__owner__isnull=True)
            .values_list("decklist_id", flat=True).first())
    if held is not None:  # the list the organizer entered for the guest is now theirs
        guest_decklist_claim(decklist_id=held, owner=by)
    # Seated now: a place they held on the waitlist would take a second seat later.
    WaitlistEntry.objects.filter(event=event, player=by).delete()
    results_version_bump(event_id=event.pk)  # the name on standings changes
    return seat
