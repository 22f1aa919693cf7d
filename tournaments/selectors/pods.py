"""Reading draft pods (rule C-2.4): an event's pods and seats, a user's seat, and what a seat
sees of its pair's draft. A draft in progress shows only the revealed cards and the picks; a
pair's record once its draft is done; the pair seeds once the event is complete."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Prefetch, QuerySet

from engine.clash.formats import DraftRecord, DraftState, pick_order
from engine.seats import other_letter
from tournaments.models import DraftPair, DraftStatus, Event, EventStatus, Pod, PodSeat
from tournaments.selectors.access import is_organizer


def pods_for_event(event: Event) -> QuerySet[Pod]:
    return Pod.objects.filter(event=event).order_by("number")


def pods_listed(event: Event | None = None) -> QuerySet[Pod]:
    """The pods (of `event`, or all of them), each with its seats and its pairs in order, as
    the pods page and the API list them: a seat with its player and pair, a pair with its
    event (whose status decides whether its seed is shown)."""
    pods = Pod.objects.prefetch_related(
        Prefetch("seats", PodSeat.objects.select_related("registration__player__profile", "pair")
                 .order_by("number")),
        Prefetch("pairs", DraftPair.objects.select_related("pod__event").order_by("number"))
    ).order_by("number")
    return pods if event is None else pods.filter(event=event)


@dataclass(frozen=True)
class PodSeating:
    """A pod's seats around the table in order, each pair's two seats side by side."""

    pod: Pod
    pairs: list[tuple[DraftPair, list[PodSeat]]]


def pod_seating(event: Event) -> list[PodSeating]:
    """The event's pods in order, each with its pairs and their seats (`pods_listed`)."""
    seating = []
    for pod in pods_listed(event):
        seats: dict[int, list[PodSeat]] = {}
        for seat in pod.seats.all():
            seats.setdefault(seat.pair_id, []).append(seat)
        seating.append(PodSeating(pod, [(pair, seats.get(pair.pk, []))
                                        for pair in pod.pairs.all()]))
    return seating


def pod_seats(pod: Pod) -> QuerySet[PodSeat]:
    return (PodSeat.objects.filter(pod=pod).select_related("registration__player__profile", "pair")
            .order_by("number"))


def pod_seat_of(event: Event, user: AbstractBaseUser | AnonymousUser | None) -> PodSeat | None:
    """The user's seat in the event's pods, if they have one."""
    if user is None or not user.is_authenticated:
        return None
    return (PodSeat.objects.filter(pod__event=event, registration__player=user)
            .select_related("pod__event", "pair", "registration").first())


def may_see_seat(seat: PodSeat, user: AbstractBaseUser | AnonymousUser | None) -> bool:
    """A seat's draft is seen by its player, its partner in the pair (both see the same
    cards, rule C-2.4) and the event's organizers."""
    if user is None or not user.is_authenticated:
        return False
    partners = PodSeat.objects.filter(pair_id=seat.pair_id, registration__player=user)
    return partners.exists() or is_organizer(seat.pod.event, user)


def draft_state(pair: DraftPair) -> DraftState:
    return DraftState.from_record(DraftRecord.from_json(pair.record))


def policy_picks(seat: PodSeat) -> bool:
    """Whether the AI's draft policy picks for the seat: an AI seat, a player who dropped,
    or a seat an organizer handed to the AI."""
    return (seat.registration.is_ai or seat.registration.dropped
            or seat.ai_picks_since is not None)


def pair_seats(pair: DraftPair) -> dict[str, PodSeat]:
    return {seat.side: seat for seat in
            PodSeat.objects.filter(pair=pair).select_related("registration__player__profile",
                                                             "pod__event")}


@dataclass(frozen=True)
class DraftSeatView:
    """What the pick page and the API show one seat: the table, whose turn it is, the picks."""

    seat: PodSeat
    partner: PodSeat
    status: str
    your_turn: bool
    to_pick: str | None  # "A" or "B"
    to_pick_name: str | None
    picks_left_now: int
    reveal: int | None
    revealed: tuple[str, ...]
    my_cards: tuple[str, ...]
    partner_cards: tuple[str, ...]
    picks: tuple[tuple[str, str], ...]
    order: tuple[str, ...]  # who picks each card of the current reveal
    record: dict | None  # the engine's record, once the pair's draft is done
    pick_due_at: datetime | None  # when the pick in progress runs out (the pick timer)
    auto: dict[int, str]  # the picks the policy made for a person's seat: {index: reason}

    def auto_cards(self, side: str) -> dict[str, list[str]]:
        """The cards the policy picked for `side`'s seat, by reason ("timer", "organizer")."""
        found: dict[str, list[str]] = {}
        for index, (seat, card) in enumerate(self.picks):
            if seat == side and index in self.auto:
                found.setdefault(self.auto[index], []).append(card)
        return found

    def to_json(self) -> dict:
        return {
            "seat": _seat_json(self.seat), "partner": _seat_json(self.partner),
            "pod": self.seat.pod.number, "pair": self.seat.pair.number,
            "status": self.status, "your_turn": self.your_turn, "to_pick": self.to_pick,
            "to_pick_name": self.to_pick_name, "picks_left_now": self.picks_left_now,
            "reveal": self.reveal, "revealed": list(self.revealed),
            "my_cards": list(self.my_cards), "partner_cards": list(self.partner_cards),
            "picks": [list(p) for p in self.picks], "picks_made": len(self.picks),
            "order": list(self.order), "record": self.record,
            "decklist_version": self.seat.registration.decklist_version_id,
            "pick_due_at": self.pick_due_at,
            "auto_picks": [{"pick": n + 1, "side": self.picks[n][0], "card": self.picks[n][1],
                            "by": reason} for n, reason in sorted(self.auto.items())],
        }


def _seat_json(seat: PodSeat) -> dict:
    return {"id": seat.pk, "number": seat.number, "side": seat.side,
            "name": seat.registration.name, "is_ai": seat.registration.is_ai,
            "ai_picks": policy_picks(seat)}


def draft_seat_view(seat: PodSeat) -> DraftSeatView:
    pair = DraftPair.objects.get(pk=seat.pair_id)  # fresh: the draft moves on its own
    seats = pair_seats(pair)
    partner = seats[other_letter(seat.side)]
    seat = seats[seat.side]
    seat.pair = pair
    state = draft_state(pair)
    hands = state.hands
    return DraftSeatView(
        seat=seat, partner=partner, status=pair.status,
        your_turn=state.to_pick == seat.side and not policy_picks(seat),
        to_pick=state.to_pick,
        to_pick_name=seats[state.to_pick].registration.name if state.to_pick else None,
        picks_left_now=state.picks_left_now, reveal=state.reveal, revealed=state.revealed,
        my_cards=hands[seat.side], partner_cards=hands[partner.side], picks=state.picks,
        order=pick_order(state.reveal - 1) if state.reveal else (),
        record=pair.record if pair.status == DraftStatus.DONE else None,
        pick_due_at=pair.pick_due_at, auto=state.auto)


def pair_seed_shown(pair: DraftPair, event: Event) -> int | None:
    """A pair's seed as the public pod list shows it: only once the event is complete."""
    return pair.seed if event.status == EventStatus.COMPLETE else None


def pair_to_pick(pair: DraftPair) -> str | None:
    """The side whose pick it is in `pair` (None once done), from its record alone."""
    made = len(pair.record.get("picks", []))
    if pair.status == DraftStatus.DONE or made >= 16:
        return None
    return pick_order(made // 4)[made % 4]


@dataclass(frozen=True)
class PodDrafting:
    """A pod still drafting: the seats whose pick holds it up, the soonest a pick runs out."""

    number: int
    to_pick: list[PodSeat]
    due: datetime | None


def pods_drafting(event: Event) -> list[PodDrafting]:
    """The event's pods with a pair still picking, in order, each with the seat to pick in
    each such pair (what the round waits for)."""
    drafting = []
    for pod in pod_seating(event):
        to_pick, due = [], []
        for pair, seats in pod.pairs:
            side = pair_to_pick(pair)
            if side is None:
                continue
            to_pick += [seat for seat in seats if seat.side == side]
            due += [pair.pick_due_at] if pair.pick_due_at else []
        if to_pick:
            drafting.append(PodDrafting(pod.pod.number, to_pick, min(due) if due else None))
    return drafting


def auto_pick_count(pair: DraftPair) -> dict[str, int]:
    """How many picks of the pair the policy made for a person's seat, by reason."""
    counts: dict[str, int] = {}
    for _, reason in pair.record.get("auto", []):
        counts[reason] = counts.get(reason, 0) + 1
    return counts
