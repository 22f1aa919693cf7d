"""What starting an event would do that the organizer must agree to first: seats that would
play without a list, and a draft's pod places an AI seat would take.

A seat "without a list" is a person's seat (a player's, a guest's, a former player's) still
in the event at the start (with check-in required: checked in; the others are dropped then)
whose `decklist_version` is empty, in a preconstructed or constructed event: it would play a
deck drawn from the event seed instead of one its player chose. A guest seat whose list the
organizer entered has one. A draft takes no list (its pods build the decks, rule C-2.4), so
there the question is the empty places instead: a no-show's, and one in an odd pod, which AI
seats would take.

The dashboard asks these before the start, and `services.events.event_start` refuses to start
until the request answers them (under the event's lock, so the answer is to what is true then).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.models import Event, EventFormat, Registration

POD_SIZE = 8


def pod_sizes(places: int) -> list[int]:
    """The seats of each pod for `places` players: pods of up to 8, as even as possible,
    each rounded up to an even count (an AI seat completes an odd pod). 9 to 16 places make
    two pods."""
    if places < 1:
        return []
    pods = -(-places // POD_SIZE)
    base, extra = divmod(places, pods)
    return [size + size % 2 for size in [base + 1] * extra + [base] * (pods - extra)]


def split_evenly(count: int, pods: int) -> list[int]:
    """`count` players over `pods` pods, the first pods taking one more when it does not
    divide."""
    base, extra = divmod(count, pods)
    return [base + 1] * extra + [base] * (pods - extra)


@dataclass(frozen=True)
class PodPlaces:
    """One pod as the start would seat it: its number, its seats and the players in it (an
    AI seat takes each of the others)."""

    number: int
    seats: int
    players: int

    @property
    def empty(self) -> int:
        return self.seats - self.players


def pods_planned(*, places: int, players: int) -> list[PodPlaces]:
    """The pods a draft starting now would make: `places` the seats registered (a no-show
    keeps a place), `players` the ones still in."""
    sizes = pod_sizes(max(places, players))
    if not sizes:
        return []
    return [PodPlaces(number, size, present) for number, (size, present)
            in enumerate(zip(sizes, split_evenly(players, len(sizes)), strict=True), start=1)]


@dataclass
class StartQuestions:
    """What the organizer agrees to before the start: the seats without a list (registration
    order), or in a draft the pods with places for AI seats."""

    without_list: list[Registration] = field(default_factory=list)
    pods: list[PodPlaces] = field(default_factory=list)

    @property
    def empty_seats(self) -> int:
        return sum(p.empty for p in self.pods)

    @property
    def asked(self) -> bool:
        return bool(self.without_list or self.empty_seats)


def start_questions(event: Event) -> StartQuestions:
    """The questions starting `event` now would ask."""
    people = (Registration.objects.filter(event=event, is_ai=False, dropped=False)
              .select_related("player__profile").order_by("created_at", "id"))
    if event.format == EventFormat.DRAFT:
        places = people.count()
        present = people.filter(checked_in=True).count() if event.check_in_required else places
        return StartQuestions(pods=[p for p in pods_planned(places=places, players=present)
                                    if p.empty])
    if event.check_in_required:
        people = people.filter(checked_in=True)
    return StartQuestions(without_list=list(people.filter(decklist_version__isnull=True)))
