"""Draft pods (rule C-2.4): seating a draft event in pods, the pairs' drafts, and each seat's
8 cards becoming its deck.

When a draft event starts, its places are split into pods of up to 8 (as even as possible).
The players still in are seated from the event seed; AI seats take the other places: a
no-show's (the place of a player dropped for not checking in) and one more in an odd pod, so
every seat drafts against a partner. Seats 1 and 2 draft together, 3 and 4, ...; each pair
from its own shuffled Starter Kit, with a seed derived one-way from the event seed
(`core.seeds.derive_seed`), so a finished pair's seed tells nothing of the others'.

A draft in progress keeps its seed and record on the server (only the revealed cards and
the picks are shown): whoever has the seed of a pair's shuffle knows every card still to be
revealed. A pair's record is shown to its seats and the organizers once its draft is done;
the pair seeds are public once the event is complete (its seed is then revealed anyway).

The engine's `DraftState` is the draft: a pair's row keeps its `DraftRecord` JSON, and every
pick rebuilds the state from it under the row's lock, applies the pick, lets an AI seat pick
by the engine's `ValuePolicy` as long as it is the AI's turn, and saves the record. When a
pair's draft is done, a player's 8 cards become their drafted decklist; an AI seat keeps
its cards on its pod seat.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from core.errors import Conflict, Forbidden, NotFound, from_engine
from core.locks import lock_get
from core.seeds import derive_seed
from decks.services.decklists import decklist_create_drafted
from engine.clash.ai.turns import PICK, ai_turns
from engine.clash.formats import DraftState, IllegalChoice
from engine.clash.rng import Rng
from engine.seats import LETTER_A, LETTERS
from tournaments.models import (
    DraftPair,
    DraftStatus,
    Event,
    EventFormat,
    Pod,
    PodSeat,
    Registration,
)
from tournaments.selectors.pods import draft_state as _state
from tournaments.selectors.pods import pair_seats as _seats
from tournaments.selectors.starting import pods_planned

from .live import draft_changed
from .states import draft_pair_move

__all__ = ["draft_pick", "draft_take_over", "pair_seed", "pods_create", "require_drafts_done"]


def pair_seed(event: Event, pod: int, pair: int) -> int:
    """The seed of a pair's draft (its shuffle), derived one-way from the event seed."""
    return derive_seed(event.seed, f"draft-pod-{pod}-pair-{pair}")


def _ai_seat_name(pod: int, seat: int) -> str:
    return f"AI seat {seat} (pod {pod})"


def pods_create(*, event: Event, places: int, now: datetime) -> list[Pod]:
    """Seat a draft event that is starting (the caller holds the event's lock): `places` is
    the number of players registered before the no-shows were dropped, so their places go to
    AI seats. The players still in are seated in an order drawn from the event seed."""
    if event.format != EventFormat.DRAFT:
        raise AssertionError(f"{event} is {event.format}: only a draft event has pods")
    if Pod.objects.filter(event=event).exists():
        raise AssertionError(f"{event} is already seated in pods")
    players = list(Registration.objects.filter(event=event, is_ai=False, dropped=False)
                   .order_by("created_at", "id"))
    Rng.stream(event.seed, "pods").shuffle(players)
    pods = []
    for planned in pods_planned(places=places, players=len(players)):
        number, size, humans = planned.number, planned.seats, planned.players
        pod = Pod.objects.create(event=event, number=number, created_at=now)
        seated, players = players[:humans], players[humans:]
        for seat in range(humans + 1, size + 1):
            seated.append(Registration.objects.create(
                event=event, player=None, is_ai=True, ai_name=_ai_seat_name(number, seat),
                checked_in=True, checked_in_at=now, created_at=now))
        for n in range(1, size // 2 + 1):
            seed = pair_seed(event, number, n)
            pair = DraftPair.objects.create(pod=pod, number=n, seed=seed, updated_at=now,
                                            record=DraftState(seed).record().to_json())
            for side, registration in zip(LETTERS, seated[2 * n - 2:2 * n], strict=True):
                PodSeat.objects.create(pod=pod, number=2 * n - (side == LETTER_A), pair=pair,
                                       side=side, registration=registration)
            state = _state(pair)
            _let_ai_pick(pair, state)  # an AI seat A opens the draft; two AI seats finish it
            _save(pair, state, now)
        pods.append(pod)
    return pods


# Picking ---------------------------------------------------------------------------------


def _let_ai_pick(pair: DraftPair, state: DraftState) -> None:
    """AI seats pick by the value policy as long as it is their turn, and so does the policy
    for a player who dropped during the draft, so their partner is never stuck; under the
    pair's lock. Each pick's tie-break generator comes from the pair's seed and the pick's
    number, so the picks replay (engine.clash.ai.turns)."""
    ai = {side for side, seat in _seats(pair).items()
          if seat.registration.is_ai or seat.registration.dropped}
    if not ai:
        return
    for move in ai_turns(PICK, state, seed=pair.seed, ai=ai):
        state.pick(move.seat, move.choice)


def _save(pair: DraftPair, state: DraftState, now: datetime) -> None:
    pair.record = state.record().to_json()
    pair.updated_at = now
    fields = ["record", "updated_at"]
    if state.done and pair.status != DraftStatus.DONE:
        draft_pair_move(pair, DraftStatus.DONE)
        fields.append("status")
        _decks_write(pair, state, now)
    pair.save(update_fields=fields)
    draft_changed(event_id=pair.pod.event_id, pair_id=pair.pk,
                  picks=len(pair.record.get("picks", [])))


def _decks_write(pair: DraftPair, state: DraftState, now: datetime) -> None:
    """Each seat's 8 cards: on the seat, and a player's as their drafted decklist."""
    seats = _seats(pair)
    for side, cards in zip(LETTERS, state.decks(), strict=True):
        seat = seats[side]
        seat.cards = cards
        seat.save(update_fields=["cards"])
        registration = seat.registration
        if registration.is_ai:
            continue
        event = seat.pod.event
        decklist = decklist_create_drafted(
            user=registration.player, name=f"Draft: {event.name}"[:100], cards=cards, now=now)
        registration.decklist_version = decklist.versions.get()
        registration.save(update_fields=["decklist_version"])


@transaction.atomic
def draft_pick(*, seat_id: int, by: AbstractBaseUser, card: str, now: datetime) -> DraftPair:
    """The player of seat `seat_id` takes `card` from their pair's revealed cards. Then the AI
    seat of the pair, if any, picks until it is the player's turn again. The same pick sent
    twice changes nothing; a pick out of turn or of a card not on the table is a Conflict
    (409) with the engine's reason, and nothing changes."""
    seat = PodSeat.objects.select_related("registration").filter(pk=seat_id).first()
    if seat is None:
        raise NotFound("not_found", gettext("no pod seat %(seat)s")
                                    % {"seat": seat_id},
                       params={"seat": seat_id})
    if seat.registration.player_id is None or seat.registration.player_id != by.pk:
        raise Forbidden("not_your_seat", gettext("only the player of this seat can pick for it"))
    pair = lock_get(DraftPair.objects.filter(pk=seat.pair_id))
    state = _state(pair)
    try:
        state.pick(seat.side, card)
    except IllegalChoice as exc:
        if exc.reason == "already_picked":
            return pair  # a repeated request: that pick is made
        raise from_engine(exc, kind=Conflict) from None
    _let_ai_pick(pair, state)
    _save(pair, state, now)
    return pair


def draft_take_over(*, registration: Registration, now: datetime) -> None:
    """A player dropped: if their pair is still drafting, the policy picks for them from now
    on (called under the event lock by the drop)."""
    seat = PodSeat.objects.filter(registration=registration).first()
    if seat is None:
        return
    pair = lock_get(DraftPair.objects.filter(pk=seat.pair_id))
    if pair.status == DraftStatus.DONE:
        return
    state = _state(pair)
    _let_ai_pick(pair, state)
    _save(pair, state, now)


def require_drafts_done(event: Event) -> None:
    """Conflict while a pair of the event is still drafting: a draft event plays its rounds
    with the decks its pods drafted."""
    open_pairs = list(DraftPair.objects.filter(pod__event=event, status=DraftStatus.PICKING)
                      .select_related("pod").order_by("pod__number", "number"))
    if open_pairs:
        names = ", ".join(f"pod {p.pod.number} pair {p.number}" for p in open_pairs)
        raise Conflict("draft_open", gettext("the draft of %(event)s is not over: %(names)s "
                                             "still picking")
                                     % {"event": event.name, "names": names}, problems=[names],
                       params={"event": event.name, "players": names})


