"""The seed order of an event's players still in (AI seats too), for a structure seeded at
the start (a round robin's snake draw, a single elimination's bracket): by rating where the
player has one (the best first), then the others drawn from the event's seed, each by its
place in registration order, not its id, so that the event replays from its seed and its
seats alone (an event file's import makes new ids)."""

from __future__ import annotations

from core.seeds import derive_seed
from tournaments.models import Event, Rating, Registration


def seeded_seats(event: Event, stream: str) -> list[int]:
    """The registration ids in seed order; `stream` names the draw ("<stream>:<place>")."""
    seats = list(Registration.objects.filter(event=event, dropped=False)
                 .order_by("created_at", "id").values_list("id", "player_id"))
    rated = dict(Rating.objects.filter(game_id=event.game_id, format=event.format,
                                       player_id__in=[p for _, p in seats if p])
                 .values_list("player_id", "ordinal"))

    def seed_order(place: int) -> tuple:
        player = seats[place][1]
        drawn = derive_seed(event.seed, f"{stream}:{place}")
        if player in rated:
            return (0, -rated[player], drawn)
        return (1, 0.0, drawn)

    return [seats[place][0] for place in sorted(range(len(seats)), key=seed_order)]
