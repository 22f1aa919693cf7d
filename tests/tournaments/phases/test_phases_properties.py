"""Properties across an event's phases, on small events drawn by hypothesis and run through
the services: over day 1, day 2 and the top cut, no player meets the same opponent twice in
the Swiss rounds when some pairing of the round's players (the bye aside, given by its own
rule first) avoids it (checked by brute force here), a
dropped player is never paired again, day 2 is exactly the players still in with enough
points, and the cut's players are day 2's."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import now, organizer_of, pair, settle, start
from tournaments.models import Match, MatchStatus, Round, RoundStage
from tournaments.services.registrations import registration_drop
from tournaments.services.topcut import topcut_start

pytestmark = pytest.mark.django_db


def rematch_free_exists(players: list[int], met: set[frozenset]) -> bool:
    """Whether the players (an even number; odd: one left over) can all be paired without a
    rematch: brute force over every pairing."""
    def pairable(rest: list[int], spare: bool) -> bool:
        if not rest:
            return True
        first, others = rest[0], rest[1:]
        if spare and pairable(others, False):  # `first` takes the bye
            return True
        return any(frozenset((first, o)) not in met
                   and pairable([p for p in others if p != o], spare) for o in others)
    return pairable(sorted(players), len(players) % 2 == 1)


def points(event, through: int) -> dict[int, int]:  # noqa: ANN001
    total: dict[int, int] = {}
    for m in Match.objects.filter(round__event=event, round__number__lte=through,
                                  status=MatchStatus.CONFIRMED):
        total.setdefault(m.player_a_id, 0)
        if m.player_b_id is None:
            total[m.player_a_id] += 3
            continue
        total.setdefault(m.player_b_id, 0)
        if m.a_wins > m.b_wins:
            total[m.player_a_id] += 3
        elif m.b_wins > m.a_wins:
            total[m.player_b_id] += 3
        else:
            total[m.player_a_id] += 1
            total[m.player_b_id] += 1
    return total


@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(players=st.integers(6, 11), results=st.lists(st.sampled_from(
    [(2, 0, 0), (2, 1, 0), (0, 2, 0), (1, 2, 0), (1, 1, 1)]), min_size=60, max_size=60),
    drop_after=st.one_of(st.none(), st.integers(1, 2)))
def test_no_rematch_across_the_days_where_avoidable_and_drops_never_paired(
        players, results, drop_after):
    event = OrganizedEventFactory(rounds=3, day2_points=4, day2_rounds=2, top_cut=2)
    SeatFactory.create_batch(players, event=event)
    start(event)
    scores = iter(results)
    met: set[frozenset] = set()
    dropped: set[int] = set()
    day_two: set[int] = set()
    for number in range(1, 6):
        if number == 4:
            total = points(event, 3)
            day_two = {pk for pk, p in total.items() if p >= 4 and pk not in dropped}
            if len(day_two) < 2:
                return  # nothing to pair on day 2 (refused with its reason elsewhere)
        rnd = pair(event)
        paired = [(m.player_a_id, m.player_b_id) for m in rnd.matches.all()]
        playing = [pk for pair_ in paired for pk in pair_ if pk]
        assert not set(playing) & dropped
        if number >= 4:
            assert set(playing) == day_two
        # The bye goes first, by its own rule (the lowest-ranked player without one): the
        # others are paired with as few rematches as any pairing of them has.
        field = sorted(pk for a, b in paired if b for pk in (a, b))
        rematches = [(a, b) for a, b in paired if b and frozenset((a, b)) in met]
        if rematches:
            assert not rematch_free_exists(field, met)
        met |= {frozenset((a, b)) for a, b in paired if b}
        settle(rnd, result=lambda m: next(scores))
        if drop_after == number:
            gone = next(pk for pk in playing if pk not in dropped)
            registration_drop(registration_id=gone, by=organizer_of(event), now=now())
            dropped.add(gone)
            day_two.discard(gone)
    cut = topcut_start(event_id=event.pk, by=organizer_of(event), now=now())[0]
    assert {pk for m in cut.matches.all() for pk in (m.player_a_id, m.player_b_id)} <= day_two
    assert Round.objects.filter(event=event, stage=RoundStage.SWISS).count() == 5


def test_the_brute_force_reference_sees_a_forced_rematch():
    # Three players who have all met: any pairing of two of them is a rematch.
    met = {frozenset(p) for p in combinations([1, 2, 3], 2)}
    assert not rematch_free_exists([1, 2, 3], met)
    assert rematch_free_exists([1, 2, 3, 4], {frozenset((1, 2))})
