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

The pick timer (Event.pick_seconds): each pick of a person's seat has that long
(`DraftPair.pick_due_at`, set when the pick comes up); once it has run out, the AI's draft
policy makes that one pick for the seat (`ai_pick`, the same pick an AI seat would make at
that step, from the pair's seed), marked "timer" in the record, and the next pick gets its own
time. The overdue pick is made when the draft is read (its pages and API answers:
`drafts_read_repair`) and by celery beat's sweep (`drafts_at_time`), in production where
workers run; both under the pair's lock, so it is made once. An organizer may hand an absent
player's seat to the policy for the rest of the draft (`draft_seat_to_ai`, each of its picks
marked "organizer") and hand it back (`draft_seat_to_player`); the audit trail
(EventChange) records who did.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from core.errors import Conflict, Forbidden, NotFound, from_engine
from core.locks import lock_get
from core.seeds import derive_seed
from decks.services.decklists import decklist_create_drafted
from engine.clash.ai.turns import PICK, ai_pick, ai_turns
from engine.clash.formats import AUTO_ORGANIZER, AUTO_TIMER, DraftState, IllegalChoice
from engine.clash.rng import Rng
from engine.seats import LETTER_A, LETTERS
from tournaments.models import (
    DraftPair,
    DraftStatus,
    Event,
    EventChange,
    EventFormat,
    EventStatus,
    Pod,
    PodSeat,
    Registration,
)
from tournaments.rules import DRAFT_SEAT
from tournaments.selectors.pods import draft_state as _state
from tournaments.selectors.pods import pair_seats as _seats
from tournaments.selectors.pods import pods_drafting, policy_picks
from tournaments.selectors.starting import pods_planned

from .guards import lock_event, require_organizer
from .live import draft_changed
from .states import draft_pair_move

__all__ = ["draft_pick", "draft_pick_timeout", "draft_seat_to_ai", "draft_seat_to_player",
           "draft_take_over", "drafts_at_time", "drafts_read_repair", "pair_seed",
           "pods_create", "require_drafts_done"]


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
    for a player who dropped during the draft, so their partner is never stuck, and for a
    seat an organizer handed to the AI (those picks marked); under the pair's lock. Each
    pick's tie-break generator comes from the pair's seed and the pick's number, so the picks
    replay (engine.clash.ai.turns)."""
    seats = _seats(pair)
    ai = {side for side, seat in seats.items() if policy_picks(seat)}
    if not ai:
        return
    for move in ai_turns(PICK, state, seed=pair.seed, ai=ai):
        seat = seats[move.seat]
        handed = seat.ai_picks_since is not None and not seat.registration.dropped
        state.pick(move.seat, move.choice, auto=AUTO_ORGANIZER if handed else None)


def _pick_due(pair: DraftPair, state: DraftState, now: datetime) -> datetime | None:
    """When the pick now in progress runs out: the event's pick timer from `now`, for a
    person's seat only (the policy's picks are made at once)."""
    seconds = pair.pod.event.pick_seconds
    if state.done or not seconds:
        return None
    if policy_picks(_seats(pair)[state.to_pick]):
        return None
    return now + timedelta(seconds=seconds)


def _save(pair: DraftPair, state: DraftState, now: datetime) -> None:
    picks = len(state.picks)
    if picks != len(pair.record.get("picks", [])) or pair.pick_due_at is None:
        pair.pick_due_at = _pick_due(pair, state, now)  # a new pick comes up: its own time
    pair.record = state.record().to_json()
    pair.updated_at = now
    fields = ["record", "updated_at", "pick_due_at"]
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


def draft_pick(*, seat_id: int, by: AbstractBaseUser, card: str, now: datetime) -> DraftPair:
    """The player of seat `seat_id` takes `card` from their pair's revealed cards. Then the AI
    seat of the pair, if any, picks until it is the player's turn again. The same pick sent
    twice changes nothing; a pick out of turn or of a card not on the table is a Conflict
    (409) with the engine's reason, and nothing changes. A pick whose time ran out before
    `now` was the policy's (made first, in a transaction of its own): the player's card then
    goes to their next pick if they have one, else it is refused as out of turn."""
    seat = PodSeat.objects.select_related("registration").filter(pk=seat_id).first()
    if seat is None:
        raise NotFound("not_found", gettext("no pod seat %(seat)s")
                                    % {"seat": seat_id},
                       params={"seat": seat_id})
    if seat.registration.player_id is None or seat.registration.player_id != by.pk:
        raise Forbidden("not_your_seat", gettext("only the player of this seat can pick for it"))
    draft_pick_timeout(pair_id=seat.pair_id, now=now)
    return _pick(seat, card, now)


@transaction.atomic
def _pick(seat: PodSeat, card: str, now: datetime) -> DraftPair:
    pair = lock_get(DraftPair.objects.filter(pk=seat.pair_id))
    state = _state(pair)
    if pair.pick_due_at is not None and now >= pair.pick_due_at and state.to_pick == seat.side:
        raise Conflict("pick_time_up", gettext("the time for this pick ran out: the AI's draft "
                                               "policy picks for you"))
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
    with the decks its pods drafted. It names the pods still drafting and the seats whose
    pick holds each up."""
    drafting = pods_drafting(event)
    if drafting:
        names = "; ".join(
            gettext("pod %(pod)d: %(seats)s to pick")
            % {"pod": pod.number, "seats": ", ".join(
                gettext("seat %(seat)d (%(name)s)")
                % {"seat": s.number, "name": s.registration.name} for s in pod.to_pick)}
            for pod in drafting)
        raise Conflict("draft_open", gettext("the draft of %(event)s is not over: %(names)s")
                                     % {"event": event.name, "names": names}, problems=[names],
                       params={"event": event.name, "players": names,
                               "pods": [pod.number for pod in drafting]})


# The pick timer ---------------------------------------------------------------------------


@transaction.atomic
def draft_pick_timeout(*, pair_id: int, now: datetime) -> int:
    """If the pick in progress in pair `pair_id` has run out at `now`, the draft policy makes
    it for its seat (marked "timer"), then AI seats pick as usual; returns the picks made (0:
    nothing was due). Under the pair's lock: whoever comes second (a page, the API, the
    sweep) finds the next pick's time running and changes nothing."""
    pair = lock_get(DraftPair.objects.filter(pk=pair_id))
    if (pair.status != DraftStatus.PICKING or pair.pick_due_at is None
            or now < pair.pick_due_at):
        return 0
    state = _state(pair)
    before = len(state.picks)
    move = ai_pick(state, seed=pair.seed)
    if move is None:
        raise AssertionError(f"{pair} is picking but nobody is to pick")
    state.pick(move.seat, move.choice, auto=AUTO_TIMER)
    _let_ai_pick(pair, state)
    _save(pair, state, now)
    return len(state.picks) - before


def _overdue(pairs, now: datetime) -> int:  # noqa: ANN001
    ids = list(pairs.filter(status=DraftStatus.PICKING, pick_due_at__lte=now)
               .order_by("pk").values_list("pk", flat=True))
    return sum(draft_pick_timeout(pair_id=pk, now=now) for pk in ids)


def drafts_read_repair(*, event_id: int, now: datetime) -> int:
    """What the draft's pages and API answers mend as they read an event's pods: each pick
    whose time ran out is made (`draft_pick_timeout`, a transaction each), so the embedded
    server, whose tasks run at once and never later, keeps its drafts moving. The picks
    made."""
    return _overdue(DraftPair.objects.filter(pod__event_id=event_id), now)


def drafts_at_time(*, now: datetime) -> int:
    """celery beat's sweep of the picks whose time ran out in every running event (the
    drafts nobody reads); running it twice changes nothing the second time."""
    return _overdue(DraftPair.objects.filter(pod__event__status=EventStatus.RUNNING), now)


# An organizer hands a seat to the AI ------------------------------------------------------


def _seat_for_organizer(seat_id: int, by: AbstractBaseUser) -> tuple[PodSeat, DraftPair]:
    """The seat and its pair, locked (the event first), for one of the event's organizers;
    NotFound for a seat that does not exist, Forbidden for anyone else, Conflict once its
    pair's draft is done."""
    event_id = PodSeat.objects.filter(pk=seat_id).values_list("pod__event_id", flat=True).first()
    if event_id is None:
        raise NotFound("not_found", gettext("no pod seat %(seat)s") % {"seat": seat_id},
                       params={"seat": seat_id})
    event = lock_event(event_id)
    require_organizer(event, by)
    seat = PodSeat.objects.select_related("registration", "pod").get(pk=seat_id)
    pair = lock_get(DraftPair.objects.filter(pk=seat.pair_id))
    if pair.status == DraftStatus.DONE:
        raise Conflict("draft_over", gettext("the draft of pod %(pod)d, seat %(seat)d is over")
                                     % {"pod": seat.pod.number, "seat": seat.number},
                       params={"pod": seat.pod.number, "seat": seat.number})
    if seat.registration.is_ai or seat.registration.dropped:
        raise Conflict("not_a_player", gettext("pod %(pod)d, seat %(seat)d is not a player's: "
                                               "the AI already picks for it")
                                       % {"pod": seat.pod.number, "seat": seat.number},
                       params={"pod": seat.pod.number, "seat": seat.number})
    return seat, pair


def _hand_over(seat: PodSeat, pair: DraftPair, *, to_ai: bool, by: AbstractBaseUser,
               now: datetime) -> None:
    seat.ai_picks_since, seat.ai_picks_by = (now, by) if to_ai else (None, None)
    seat.save(update_fields=["ai_picks_since", "ai_picks_by"])
    before, after = ("player", "ai") if to_ai else ("ai", "player")
    EventChange.objects.create(event_id=seat.pod.event_id, by=by, at=now, changes={
        f"{DRAFT_SEAT}{seat.pod.number}:{seat.number}": [before, after]})
    if to_ai:
        pair.pick_due_at = None  # the policy picks now: no time runs for this pick
    state = _state(pair)
    _let_ai_pick(pair, state)
    _save(pair, state, now)


@transaction.atomic
def draft_seat_to_ai(*, seat_id: int, by: AbstractBaseUser, now: datetime) -> PodSeat:
    """An organizer hands an absent player's seat to the AI's draft policy for the rest of
    its draft: it picks now if it is the seat's turn, and each of its picks is marked. Handing
    a seat the AI already has changes nothing."""
    seat, pair = _seat_for_organizer(seat_id, by)
    if seat.ai_picks_since is None:
        _hand_over(seat, pair, to_ai=True, by=by, now=now)
    return seat


@transaction.atomic
def draft_seat_to_player(*, seat_id: int, by: AbstractBaseUser, now: datetime) -> PodSeat:
    """An organizer hands a seat back to its player (they came back): they pick from their
    next turn on, with the pick timer. A seat the player has changes nothing."""
    seat, pair = _seat_for_organizer(seat_id, by)
    if seat.ai_picks_since is not None:
        _hand_over(seat, pair, to_ai=False, by=by, now=now)
    return seat


