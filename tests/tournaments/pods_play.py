"""Running draft pods in tests: a draft event with no-shows, and every player's picks made
through the draft service (the first revealed card, or what a test chooses)."""

from __future__ import annotations

from tests.factories import UserFactory, starter_kit
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import now, start
from tournaments.models import DraftPair, DraftStatus, Event, PodSeat
from tournaments.selectors.pods import draft_seat_view
from tournaments.services.pods import draft_pick


def draft_event(players: int, no_shows: int = 0, **kwargs) -> Event:
    """A started draft event: `players` registered, the last `no_shows` of them not checked
    in (so check-in is required when there are any)."""
    starter_kit()  # drafted decklists name cards of the catalogue
    event = OrganizedEventFactory(format="draft", check_in_required=no_shows > 0, **kwargs)
    for i in range(players):
        SeatFactory(event=event, player=UserFactory(username=f"p{event.pk}-{i + 1}"),
                    checked_in=i < players - no_shows)
    return start(event)


def human_seats(event: Event) -> list[PodSeat]:
    return list(PodSeat.objects.filter(pod__event=event, registration__is_ai=False)
                .select_related("registration__player", "pair").order_by("pod", "number"))


def pick_first(seat: PodSeat) -> str:
    """The seat's player takes the first revealed card; returns it."""
    card = draft_seat_view(seat).revealed[0]
    draft_pick(seat_id=seat.pk, by=seat.registration.player, card=card, now=now())
    return card


def draft_all(event: Event, pick=pick_first) -> int:  # noqa: ANN001
    """Every player picks whenever it is their turn until every pair is done; the number of
    human picks made."""
    picks = 0
    while DraftPair.objects.filter(pod__event=event, status=DraftStatus.PICKING).exists():
        moved = False
        for seat in human_seats(event):
            if draft_seat_view(seat).your_turn:
                pick(seat)
                picks, moved = picks + 1, True
        assert moved, "a pair is stuck: nobody's turn"
    return picks
