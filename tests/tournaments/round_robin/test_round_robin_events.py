"""A round robin in groups as an event's first phase, through the services: the groups drawn
at the start by snake order, every group's round paired at once, a dropped player's matches
not paired, and the top cut made from the best of each group, group winners first. Checked
against references counted here from the rows, not by the code under test."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from core.errors import Conflict, DomainError
from tests.factories.tournaments import OrganizedEventFactory, RatingFactory, SeatFactory
from tests.tournaments.event_steps import now, organizer_of, pair, settle, start
from tournaments.models import (
    KeptApart,
    Match,
    MatchStatus,
    Phase,
    PhaseAdvance,
    PhaseStructure,
    Round,
)
from tournaments.presenters.explanations import round_explanation
from tournaments.services.constraints import kept_apart_add, seat_constraints_set
from tournaments.services.event_edit import event_update
from tournaments.services.events import event_complete, event_create
from tournaments.services.late_players import round_late_player_add
from tournaments.services.registrations import registration_drop
from tournaments.services.topcut import topcut_advance, topcut_start

pytestmark = pytest.mark.django_db


def round_robin(players: int, groups: int, **settings):  # noqa: ANN003, ANN201
    event = OrganizedEventFactory(structure="round_robin", groups=groups, rounds=None,
                                  **settings)
    SeatFactory.create_batch(players, event=event)
    return start(event)


def played_pairs(event) -> Counter:  # noqa: ANN001
    return Counter(frozenset((m.player_a_id, m.player_b_id))
                   for m in Match.objects.filter(round__event=event, player_b__isnull=False))


def byes(event) -> Counter:  # noqa: ANN001
    return Counter(m.player_a_id for m in Match.objects.filter(round__event=event,
                                                              player_b__isnull=True))


def points(event) -> dict[int, int]:  # noqa: ANN001
    """Match points counted from the confirmed rows: 3 a win (a bye too), 1 a draw."""
    got: Counter = Counter()
    for m in Match.objects.filter(round__event=event, round__stage="swiss",
                                  status=MatchStatus.CONFIRMED):
        if m.player_b_id is None or m.a_wins > m.b_wins:
            got[m.player_a_id] += 3
        elif m.b_wins > m.a_wins:
            got[m.player_b_id] += 3
        else:
            got[m.player_a_id] += 1
            got[m.player_b_id] += 1
    return got


def lower_id_wins(m: Match) -> tuple[int, int, int]:
    return (2, 0, 0) if m.player_a_id < m.player_b_id else (0, 2, 0)


def test_every_pair_of_each_group_meets_once_and_an_odd_group_gives_one_bye_each():
    event = round_robin(11, 2)  # groups of 6 and 5: 5 rounds
    phase = Phase.objects.get(event=event, number=1)
    assert phase.structure == PhaseStructure.ROUND_ROBIN
    sizes = sorted(len(g) for g in phase.group_members)
    assert sizes == [5, 6] and event.rounds == 5
    for _ in range(event.rounds):
        settle(pair(event))
    pairs = played_pairs(event)
    expected = Counter(frozenset(p) for g in phase.group_members for p in combinations(g, 2))
    assert pairs == expected  # every pair of a group exactly once, nobody across groups
    odd = next(g for g in phase.group_members if len(g) == 5)
    assert byes(event) == Counter(dict.fromkeys(odd, 1))
    with pytest.raises(Conflict, match="Every round of the groups of .* is played: complete"):
        pair(event)
    event, completed = event_complete(event_id=event.pk, by=organizer_of(event), now=now())
    assert completed


def test_the_groups_are_drawn_by_rating_in_snake_order_and_differ_by_at_most_one():
    event = OrganizedEventFactory(structure="round_robin", groups=3, rounds=None)
    seats = SeatFactory.create_batch(10, event=event)
    # Ratings make the seed order: the 8 rated players by ordinal, best first; the 2
    # unrated after them.
    for rank, seat in enumerate(seats[:8]):
        RatingFactory(player=seat.player, format=event.format, mu=40.0 - rank)
    start(event)
    groups = Phase.objects.get(event=event, number=1).group_members
    assert sorted(len(g) for g in groups) == [3, 3, 4]
    by_rating = [seat.pk for seat in seats[:8]]
    # Snake order, written out: seeds 1-3 to groups 1-3, 4-6 to groups 3-1, 7-8 to 1-2.
    assert [g[:2] for g in groups] == [[by_rating[0], by_rating[5]],
                                       [by_rating[1], by_rating[4]],
                                       [by_rating[2], by_rating[3]]]
    assert groups[0][2] == by_rating[6] and groups[1][2] == by_rating[7]
    unrated = {seats[8].pk, seats[9].pk}
    assert {groups[2][2], groups[2][3] if len(groups[2]) > 3 else groups[0][3]} == unrated


def test_without_ratings_the_draw_follows_the_events_seed():
    def drawn(seed: int) -> list[list[int]]:
        event = OrganizedEventFactory(structure="round_robin", groups=2, rounds=None,
                                      seed=seed)
        seats = SeatFactory.create_batch(8, event=event)
        start(event)
        place = {seat.pk: i for i, seat in enumerate(seats)}
        return [[place[pk] for pk in g]
                for g in Phase.objects.get(event=event, number=1).group_members]

    assert drawn(7) == drawn(7)
    assert len({str(drawn(seed)) for seed in (1, 2, 3, 4)}) > 1


def test_twice_swaps_who_goes_first():
    event = round_robin(4, 1, cycles=2)
    assert event.rounds == 6
    firsts = []
    for _ in range(6):
        rnd = pair(event)
        firsts += [(m.player_a_id, m.player_b_id) for m in rnd.matches.all()]
        settle(rnd)
    assert Counter(firsts) == Counter(dict.fromkeys(firsts, 1))
    assert {frozenset(p) for p in firsts} == {frozenset(p) for p in
                                              combinations(sorted({x for p in firsts
                                                                   for x in p}), 2)}
    assert all((b, a) in firsts for a, b in firsts)


def test_the_round_pairs_every_group_with_tables_across_groups_and_says_the_group():
    event = round_robin(8, 2)
    rnd = pair(event)
    assert sorted(m.table for m in rnd.matches.all()) == [1, 2, 3, 4]
    lines = round_explanation(rnd)
    assert sum("group 1, round 1 of its round robin" in line for line in lines) == 2
    assert sum("group 2, round 1 of its round robin" in line for line in lines) == 2
    assert any(line.startswith("table 3: group 2") for line in lines)


def test_a_dropped_players_matches_are_not_paired_and_their_opponent_gets_a_bye():
    event = round_robin(4, 1)
    settle(pair(event))
    gone = Phase.objects.get(event=event, number=1).group_members[0][0]
    registration_drop(registration_id=gone, by=organizer_of(event), now=now())
    rnd = pair(event)
    assert not rnd.matches.filter(player_a_id=gone).exists()
    assert not rnd.matches.filter(player_b_id=gone).exists()
    bye = rnd.matches.get(player_b__isnull=True)
    assert bye.status == MatchStatus.CONFIRMED and (bye.a_wins, bye.b_wins) == (2, 0)
    assert any("has dropped, so their match is not played" in line
               for line in round_explanation(rnd))


def test_the_cut_takes_the_best_of_each_group_group_winners_seeded_first():
    event = round_robin(12, 2, top_cut=4)
    phase, cut_phase = Phase.objects.filter(event=event).order_by("number")
    assert (cut_phase.advance, cut_phase.advance_count) == (PhaseAdvance.GROUP_TOP, 2)
    for _ in range(event.rounds):
        settle(pair(event), result=lower_id_wins)
    organizer = organizer_of(event)
    cut = topcut_start(event_id=event.pk, by=organizer, now=now())[0]
    cut_phase.refresh_from_db()
    seeds = cut_phase.entrants
    got = points(event)
    # Reference: in each group the lower registration id always won, so a group's order is
    # by id; its best two go on, the winners seeded 1 and 2.
    tops = [sorted(g)[:2] for g in phase.group_members]
    assert set(seeds[:2]) == {tops[0][0], tops[1][0]}
    assert set(seeds[2:]) == {tops[0][1], tops[1][1]}
    for first, second in (seeds[:2], seeds[2:]):
        assert got[first] >= got[second]
    assert {m.player_a_id for m in cut.matches.all()} | {
        m.player_b_id for m in cut.matches.all()} == set(seeds)
    settle(cut)
    settle(topcut_advance(event_id=event.pk, by=organizer, now=now())[0])
    event, _ = event_complete(event_id=event.pk, by=organizer, now=now())
    assert event.status == "complete"
    assert Round.objects.filter(event=event).count() == event.rounds + 2


def test_a_group_too_small_is_refused_at_the_start_with_what_to_do():
    event = OrganizedEventFactory(structure="round_robin", groups=3, rounds=None)
    SeatFactory.create_batch(8, event=event)
    with pytest.raises(Conflict, match="8 players in 3 groups make a group of 2: a group has "
                                       "3 to 16 players. Set the groups to 1 to 2"):
        start(event)
    event.refresh_from_db()
    assert event.status == "registration" and not Phase.objects.filter(event=event).exists()


@pytest.mark.parametrize(("settings", "field", "text"), [
    ({"structure": "round_robin"}, "groups", "a round robin plays in 1 to 32 groups"),
    ({"structure": "round_robin", "groups": 3, "top_cut": 8}, "top_cut",
     "a top 8 cannot take the same number of players from each of 3 groups: no top cut can"),
    ({"structure": "round_robin", "groups": 4, "top_cut": 2}, "top_cut",
     "choose a top 4, 8, 16, 32, 64"),
    ({"structure": "round_robin", "groups": 2, "rounds": 3}, "rounds",
     "leave the Swiss rounds empty"),
    ({"structure": "round_robin", "groups": 2, "late_entry_until_round": 1},
     "late_entry_until_round", "late entry must be 0"),
    ({"structure": "round_robin", "groups": 2, "head_to_head": True,
      "tiebreakers": ["omw", "gw"]}, "head_to_head", "put match points in the tiebreakers"),
    ({"groups": 2}, "groups", "groups are for a round robin"),
])
def test_a_round_robin_that_cannot_be_is_refused_under_its_field(settings, field, text):
    organizer = OrganizedEventFactory().organizers.first()
    with pytest.raises(DomainError) as refused:
        event_create(by=organizer, name="Groups", now=now(), format="preconstructed",
                     **settings)
    assert any(p.field == field and text in str(p) for p in refused.value.problems), [
        (p.field, str(p)) for p in refused.value.problems]


def test_the_first_phase_is_fixed_from_the_start():
    event = round_robin(6, 2)
    with pytest.raises(Conflict, match="changes during registration only"):
        event_update(event_id=event.pk, by=organizer_of(event), now=now(),
                     changes={"groups": 1})
    # An edit of something else still passes the round robin's checks.
    event_update(event_id=event.pk, by=organizer_of(event), now=now(),
                 changes={"venue": "The hall"})


def test_no_late_player_joins_a_round_robin_whose_groups_are_drawn():
    event = round_robin(4, 1)
    pair(event)
    with pytest.raises(Conflict, match="its groups were drawn when it started") as refused:
        round_late_player_add(event_id=event.pk, by=organizer_of(event), now=now(), number=1,
                              guest_name="Latecomer")
    assert refused.value.code == "round_robin_no_late_player"
    assert event.registrations.count() == 4


@pytest.mark.parametrize(("players", "cycles"), [(3, 1), (3, 2), (6, 1), (9, 2), (16, 1)])
def test_each_pair_meets_once_per_cycle_and_each_player_of_an_odd_group_has_a_bye_each(
        players, cycles):
    event = round_robin(players, 1, cycles=cycles)
    # Reference: n - 1 rounds a cycle for an even group, n for an odd one.
    assert event.rounds == (players - 1 + players % 2) * cycles
    for _ in range(event.rounds):
        settle(pair(event))
    seats = Phase.objects.get(event=event, number=1).group_members[0]
    assert played_pairs(event) == Counter(
        {frozenset(pair): cycles for pair in combinations(seats, 2)})
    assert byes(event) == (Counter(dict.fromkeys(seats, cycles)) if players % 2 else Counter())
    # Every round, every player plays exactly once (a match or the bye).
    for rnd in Round.objects.filter(event=event):
        seen = [pk for m in rnd.matches.all() for pk in (m.player_a_id, m.player_b_id) if pk]
        assert sorted(seen) == sorted(seats)


def test_group_standings_count_as_a_reference_does_with_head_to_head_first():
    from random import Random

    from tournaments.selectors.standings import computed_standings

    draw = Random(1)
    scores = [(2, 0, 0), (0, 2, 0), (1, 1, 1), (2, 1, 0), (1, 2, 0)]
    event = round_robin(12, 2, head_to_head=True)
    for _ in range(event.rounds):
        settle(pair(event), result=lambda m: scores[draw.randrange(len(scores))])
    got = points(event)
    records: Counter = Counter()
    beat: dict[tuple[int, int], int] = {}  # (a, b): the match points a took from b
    for m in Match.objects.filter(round__event=event):
        a, b = m.player_a_id, m.player_b_id
        if b is None or m.a_wins > m.b_wins:
            records[(a, "w")] += 1
            if b is not None:
                records[(b, "l")] += 1
                beat[(a, b)], beat[(b, a)] = 3, 0
        elif m.b_wins > m.a_wins:
            records[(b, "w")] += 1
            records[(a, "l")] += 1
            beat[(a, b)], beat[(b, a)] = 0, 3
        else:
            records[(a, "d")] += 1
            records[(b, "d")] += 1
            beat[(a, b)] = beat[(b, a)] = 1
    rows = computed_standings(event)
    groups = Phase.objects.get(event=event, number=1).group_members
    checked: list[int] = []
    for number, group in enumerate(groups, start=1):
        table = [row for row in rows if row.group == number]
        assert sorted(row.registration_id for row in table) == sorted(group)
        for row in table:
            pk = row.registration_id
            assert row.match_points == got[pk]
            assert (row.wins, row.losses, row.draws) == (
                records[(pk, "w")], records[(pk, "l")], records[(pk, "d")])
        assert [row.match_points for row in table] == sorted(
            (row.match_points for row in table), reverse=True)
        # Two players alone on their points: the one who took more from the other is above.
        for upper, lower in zip(table, table[1:], strict=False):
            tied = [row for row in table if row.match_points == upper.match_points]
            if len(tied) == 2 and lower.match_points == upper.match_points:
                checked.append(upper.registration_id)
                assert beat[(upper.registration_id, lower.registration_id)] >= beat[
                    (lower.registration_id, upper.registration_id)]
    assert checked  # the results drawn leave at least one such pair


def test_a_round_robin_awards_no_byes_and_keeps_no_pair_apart():
    event = OrganizedEventFactory(structure="round_robin", groups=1, rounds=None)
    first, second, *_ = SeatFactory.create_batch(4, event=event)
    organizer = organizer_of(event)
    with pytest.raises(Conflict, match="so it awards no byes") as refused:
        seat_constraints_set(event_id=event.pk, registration_id=first.pk, by=organizer,
                             now=now(), changes={"awarded_byes": 1})
    assert refused.value.code == "round_robin_no_byes"
    with pytest.raises(Conflict, match="so no pairing can be kept apart"):
        kept_apart_add(event_id=event.pk, first_id=first.pk, second_id=second.pk, note="",
                       by=organizer, now=now())
    first.refresh_from_db()
    assert first.awarded_byes == 0 and not KeptApart.objects.filter(event=event).exists()


def test_an_event_with_awarded_byes_cannot_become_a_round_robin():
    event = OrganizedEventFactory()
    seat, *_ = SeatFactory.create_batch(4, event=event)
    organizer = organizer_of(event)
    seat_constraints_set(event_id=event.pk, registration_id=seat.pk, by=organizer, now=now(),
                         changes={"awarded_byes": 1})
    with pytest.raises(DomainError) as refused:
        event_update(event_id=event.pk, by=organizer, now=now(),
                     changes={"structure": "round_robin", "groups": 1})
    assert any(p.field == "structure" and "remove the awarded byes" in str(p)
               for p in refused.value.problems)
    event.refresh_from_db()
    assert event.structure == "swiss"
