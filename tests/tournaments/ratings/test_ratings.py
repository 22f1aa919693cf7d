"""Ratings: OpenSkill (Plackett-Luce) per game and format, applied once when an event
completes, draws as ties, AI seats' matches left out when the event says so, and the
leaderboard by mu - 3 sigma."""

import pytest

from core.errors import Conflict
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import now, organizer_of, pair, seats, settle, start
from tournaments.models import Event, RatedEvent, Rating
from tournaments.selectors.ratings import ratings_leaderboard
from tournaments.services.events import event_complete
from tournaments.services.ratings import ordinal, ratings_update_for_event

pytestmark = pytest.mark.django_db

STRENGTH = ["alice", "bob", "carol", "dave"]  # each beats everyone after them


def by_strength(match):  # noqa: ANN001, ANN201
    """The stronger player wins 2-0; an AI seat loses to everyone."""
    a, b = match.player_a.name, match.player_b.name
    rank = {name: i for i, name in enumerate(STRENGTH)}
    return (2, 0, 0) if rank.get(a, 99) < rank.get(b, 99) else (0, 2, 0)


def play_out(names: str, result=by_strength, **kwargs) -> Event:  # noqa: ANN001
    """A preconstructed event whose Swiss rounds are all played, not yet complete."""
    event = OrganizedEventFactory(**kwargs)
    seats(event, names)
    start(event)
    event.refresh_from_db()
    for _ in range(event.rounds):
        settle(pair(event), result=result)
    return event


def complete(event: Event) -> Event:
    return event_complete(event_id=event.pk, by=organizer_of(event), now=now())[0]


def ratings_by_name(event: Event) -> dict[str, Rating]:
    return {r.player.username: r for r in Rating.objects.filter(game=event.game,
                                                                format=event.format)}


def snapshot() -> list[tuple]:
    return list(Rating.objects.order_by("pk").values_list("player", "mu", "sigma", "matches",
                                                          "events"))


def test_completing_an_event_rates_its_players():
    event = play_out("alice bob carol dave", rounds=2)
    assert not Rating.objects.exists()
    complete(event)
    ratings = ratings_by_name(event)
    assert set(ratings) == {"alice", "bob", "carol", "dave"}
    assert all(r.matches == 2 and r.events == 1 for r in ratings.values())
    assert ratings["alice"].mu > 25 > ratings["dave"].mu
    for r in ratings.values():
        assert r.ordinal == pytest.approx(r.mu - 3 * r.sigma)
        assert r.sigma < 25 / 3  # two matches made everyone's rating surer
    assert RatedEvent.objects.get(event=event).matches == 4


def test_an_events_ratings_apply_once():
    event = play_out("alice bob carol dave", rounds=2)
    complete(event)
    before = snapshot()
    complete(event)  # completing again is a no-op
    again = ratings_update_for_event(event_id=event.pk, now=now())
    assert again == RatedEvent.objects.get(event=event)
    assert snapshot() == before


def test_ratings_wait_for_the_event_to_complete():
    event = play_out("alice bob", rounds=1)
    with pytest.raises(Conflict, match="not complete"):
        ratings_update_for_event(event_id=event.pk, now=now())
    assert not Rating.objects.exists() and not RatedEvent.objects.exists()


def test_a_drawn_match_is_a_tie():
    event = play_out("alice bob", rounds=1, result=lambda m: (1, 1, 1))
    complete(event)
    alice, bob = ratings_by_name(event)["alice"], ratings_by_name(event)["bob"]
    assert alice.mu == pytest.approx(25) and bob.mu == pytest.approx(25)
    assert alice.sigma == pytest.approx(bob.sigma) and alice.sigma < 25 / 3


def test_a_bye_is_no_rated_match():
    event = play_out("alice bob carol", rounds=1)
    complete(event)
    ratings = ratings_by_name(event)
    assert sum(r.matches for r in ratings.values()) == 2  # one match, two players
    assert len(ratings) == 2


# Three players and the AI seat, two rounds: each round one match between two players and
# one against the AI seat.
@pytest.mark.parametrize(("exclude", "rated", "players_matches"), [(True, 2, 4), (False, 4, 6)])
def test_matches_against_ai_seats_count_only_when_the_event_allows(exclude, rated,
                                                                   players_matches):
    event = play_out("alice bob carol", rounds=2, fill_with_ai=True,
                     exclude_ai_from_ratings=exclude)
    complete(event)
    ratings = ratings_by_name(event)
    assert RatedEvent.objects.get(event=event).matches == rated
    assert sum(r.matches for r in ratings.values()) == players_matches
    assert set(ratings) <= {"alice", "bob", "carol"}  # an AI seat has no rating


def test_ratings_are_kept_per_game_and_format():
    complete(play_out("alice bob", rounds=1, format="constructed"))
    complete(play_out("alice bob", rounds=1))  # preconstructed
    assert Rating.objects.filter(format="constructed").count() == 2
    assert Rating.objects.filter(format="preconstructed").count() == 2
    assert all(r.events == 1 for r in Rating.objects.all())


def test_a_second_event_builds_on_the_first():
    complete(play_out("alice bob carol dave", rounds=2))
    first = ratings_by_name(Event.objects.first())["alice"]
    complete(play_out("alice bob carol dave", rounds=2))
    second = Rating.objects.get(player__username="alice", format="preconstructed")
    assert second.events == 2 and second.matches == 4
    assert second.mu > first.mu and second.sigma < first.sigma


def test_the_leaderboard_is_ordered_by_mu_minus_three_sigma():
    event = play_out("alice bob carol dave", rounds=2)
    complete(event)
    board = list(ratings_leaderboard(game=event.game, format=event.format))
    names = [r.player.username for r in board]
    # Alice won both matches and Dave lost both; Bob and Carol each won one.
    assert names[0] == "alice" and names[-1] == "dave" and sorted(names) == STRENGTH
    assert [r.rank for r in board] == [1, 2, 3, 4]
    assert [r.ordinal for r in board] == sorted((r.ordinal for r in board), reverse=True)
    assert ordinal(30.0, 2.0) == 24.0
