"""A single elimination of the whole field as an event's first phase, through the services:
seeded at the start, round 1 with byes to the top seeds, each later round from the confirmed
winners, the third place beside the final, final places. Checked against references counted
here from the rows (who played whom, who lost when), not by the code under test."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

import pytest

from core.errors import Conflict, DomainError
from tests.factories.tournaments import OrganizedEventFactory, RatingFactory, SeatFactory
from tests.tournaments.event_steps import now, organizer_of, pair, settle, start
from tournaments.models import (
    EventStatus,
    Match,
    MatchBracket,
    Phase,
    PhaseStructure,
    Round,
)
from tournaments.selectors.placings import final_places
from tournaments.selectors.standings import standings_for_event
from tournaments.services.constraints import kept_apart_add, seat_constraints_set
from tournaments.services.event_edit import event_update
from tournaments.services.events import event_complete, event_create
from tournaments.services.late_players import round_late_player_add
from tournaments.services.no_shows import match_no_show
from tournaments.services.registrations import registration_drop
from tournaments.services.topcut import topcut_advance

pytestmark = pytest.mark.django_db


def knockout(players: int, **settings):  # noqa: ANN003, ANN201
    event = OrganizedEventFactory(structure="single_elimination", rounds=None, top_cut=0,
                                  **settings)
    SeatFactory.create_batch(players, event=event)
    return start(event)


def advance(event) -> Round:  # noqa: ANN001
    return topcut_advance(event_id=event.pk, by=organizer_of(event), now=now())[0]


def play_through(event, winner):  # noqa: ANN001, ANN201
    """Every round of the bracket, `winner(match)` the registration id that wins it."""
    rnd = pair(event)
    while True:
        settle(rnd, result=lambda m: (2, 0, 0) if winner(m) == m.player_a_id else (0, 2, 0))
        event.refresh_from_db()
        if Match.objects.filter(round=rnd, bracket=MatchBracket.MAIN).count() == 1:
            return event
        rnd = advance(event)


def seed_of(event) -> dict[int, int]:  # noqa: ANN001
    phase = Phase.objects.get(event=event, number=1)
    return {pk: place for place, pk in enumerate(phase.entrants, start=1)}


@pytest.mark.parametrize("players", [2, 3, 5, 8, 13, 16])
def test_a_whole_bracket_when_the_better_seed_always_wins(players):
    event = knockout(players)
    seed = seed_of(event)
    assert sorted(seed.values()) == list(range(1, players + 1))
    event = play_through(event, lambda m: min((m.player_a_id, m.player_b_id), key=seed.get))
    slots = 1
    while slots < players:
        slots *= 2
    matches = list(Match.objects.filter(round__event=event).select_related("round"))
    byes = [m for m in matches if m.player_b_id is None]
    # The byes: round 1 only, to seeds 1 .. slots - players.
    assert sorted(seed[m.player_a_id] for m in byes) == list(range(1, slots - players + 1))
    assert {m.round.number for m in byes} <= {1}
    played = [m for m in matches if m.player_b_id is not None]
    assert len(played) == players - 1  # no third place here
    # Standard bracket order: with the better seed winning, round r pairs seeds adding up to
    # slots / 2**(r-1) + 1 (1-8, 4-5, 2-7, 3-6; then 1-4, 2-3; then 1-2).
    for m in played:
        assert seed[m.player_a_id] + seed[m.player_b_id] == slots // 2 ** (m.round.number - 1) + 1
    out = Counter(m.player_b_id if m.a_wins > m.b_wins else m.player_a_id for m in played)
    assert set(out.values()) == {1} and len(out) == players - 1  # each out exactly once
    assert event.status == EventStatus.TOP_CUT
    event, completed = event_complete(event_id=event.pk, by=organizer_of(event), now=now())
    assert completed and event.status == EventStatus.COMPLETE
    places = final_places(event, standings_for_event(event))
    assert places is not None and len(places) == players
    # The customary places, counted here: 1 the champion, then each player placed after
    # everyone who went further than them; in this bracket the seeds' own order.
    last = {}
    for m in played:
        loser = m.player_b_id if m.a_wins > m.b_wins else m.player_a_id
        last[loser] = m.round.number
    rounds = max(last.values())
    further = {pk: sum(1 for q in seed if last.get(q, rounds + 1) > last.get(pk, rounds + 1))
               for pk in seed}
    assert places == {pk: further[pk] + 1 for pk in seed}
    assert [pk for pk, place in places.items() if place == 1] == [
        next(pk for pk, s in seed.items() if s == 1)]


@pytest.mark.parametrize("players", [2, 3, 5, 8, 13, 16])
def test_any_winners_every_player_placed_once_and_out_once(players):
    event = knockout(players, third_place=players >= 4)
    seed = seed_of(event)
    # An upset-heavy rule: the later registered seat wins.
    event = play_through(event, lambda m: max(m.player_a_id, m.player_b_id))
    matches = list(Match.objects.filter(round__event=event).select_related("round"))
    main = [m for m in matches if m.player_b_id is not None
            and m.bracket == MatchBracket.MAIN]
    assert len(main) == players - 1
    third = [m for m in matches if m.bracket == MatchBracket.THIRD_PLACE]
    assert len(third) == (1 if players >= 4 else 0)
    rounds = max(m.round.number for m in matches)
    assert all(m.round.number == rounds for m in third)
    assert {m.round.number for m in matches if m.player_b_id is None} <= {1}
    losers = Counter(m.player_b_id if m.a_wins > m.b_wins else m.player_a_id for m in main)
    assert len(losers) == players - 1 and set(losers.values()) == {1}
    champion = (set(seed) - set(losers)).pop()
    assert champion == max(seed)
    event, _ = event_complete(event_id=event.pk, by=organizer_of(event), now=now())
    places = final_places(event, standings_for_event(event))
    assert sorted(places) == sorted(seed) and places[champion] == 1
    final = next(m for m in main if m.round.number == rounds)
    assert places[min(final.player_a_id, final.player_b_id)] == 2
    if third:
        t = third[0]
        assert places[max(t.player_a_id, t.player_b_id)] == 3
        assert places[min(t.player_a_id, t.player_b_id)] == 4


def test_seeds_by_rating_then_drawn_from_the_seed():
    event = OrganizedEventFactory(structure="single_elimination", rounds=None, top_cut=0)
    seats = SeatFactory.create_batch(6, event=event)
    for rank, seat in enumerate(seats[:3]):
        RatingFactory(player=seat.player, format=event.format, mu=40.0 - rank)
    start(event)
    entrants = Phase.objects.get(event=event, number=1).entrants
    assert entrants[:3] == [s.pk for s in seats[:3]]
    assert set(entrants[3:]) == {s.pk for s in seats[3:]}

    def drawn(seed: int) -> list[int]:
        other = OrganizedEventFactory(structure="single_elimination", rounds=None, top_cut=0,
                                      seed=seed)
        mine = SeatFactory.create_batch(8, event=other)
        start(other)
        place = {s.pk: i for i, s in enumerate(mine)}
        return [place[pk] for pk in Phase.objects.get(event=other, number=1).entrants]

    assert drawn(11) == drawn(11)
    assert len({tuple(drawn(s)) for s in (1, 2, 3, 4)}) > 1


def test_the_phase_and_rounds():
    event = knockout(5)
    phase = Phase.objects.get(event=event)
    assert phase.structure == PhaseStructure.SINGLE_ELIMINATION and event.rounds == 3
    rnd = pair(event)
    assert rnd.phase_id == phase.pk and rnd.stage == "top_cut"
    assert rnd.matches.filter(player_b__isnull=True).count() == 3


def test_a_drop_or_a_no_show_advances_the_opponent():
    event = knockout(4)
    seed = seed_of(event)
    by_seed = {s: pk for pk, s in seed.items()}
    # Seed 4 drops after the start, before round 1: seed 1 goes on without playing.
    registration_drop(registration_id=by_seed[4], by=organizer_of(event), now=now())
    first = pair(event)
    walkover = first.matches.get(player_a_id=by_seed[1])
    assert walkover.player_b_id == by_seed[4]
    assert walkover.status == "confirmed" and walkover.a_wins > walkover.b_wins
    # Seed 3 does not come to table: the no-show gives seed 2 the match.
    match = first.matches.get(player_a_id=by_seed[2])
    match_no_show(match_id=match.pk, by=organizer_of(event), absent=by_seed[3],
                  now=now() + timedelta(hours=2))
    final = advance(event)
    decider = final.matches.get(bracket=MatchBracket.MAIN)
    assert {decider.player_a_id, decider.player_b_id} == {by_seed[1], by_seed[2]}
    settle(final)
    event, _ = event_complete(event_id=event.pk, by=organizer_of(event), now=now())
    places = final_places(event, standings_for_event(event))
    assert places == {by_seed[1]: 1, by_seed[2]: 2, by_seed[3]: 3, by_seed[4]: 3}


def test_the_final_cannot_be_skipped_and_nothing_follows_it():
    event = knockout(4)
    settle(pair(event))
    with pytest.raises(Conflict, match="not the final"):
        event_complete(event_id=event.pk, by=organizer_of(event), now=now())
    with pytest.raises(Conflict, match="pair the next bracket round"):
        pair(event)
    settle(advance(event))
    with pytest.raises(Conflict, match="decided"):
        advance(event)


def test_settings_refused_with_reasons_under_their_fields():
    organizer = organizer_of(OrganizedEventFactory())
    with pytest.raises(DomainError) as caught:
        event_create(by=organizer, name="Cup", format="constructed", now=now(),
                     structure="single_elimination", rounds=5, top_cut=8, groups=2,
                     late_entry_until_round=1)
    fields = {p.field for p in caught.value.problems}
    assert {"rounds", "top_cut", "groups", "late_entry_until_round"} <= fields


def test_a_third_place_needs_four_players_at_the_start():
    event = OrganizedEventFactory(structure="single_elimination", rounds=None, top_cut=0,
                                  third_place=True)
    SeatFactory.create_batch(3, event=event)
    with pytest.raises(Conflict, match="third place needs 4 players"):
        start(event)
    event.refresh_from_db()
    assert event.status == EventStatus.REGISTRATION
    assert not Phase.objects.filter(event=event).exists()


def test_no_awarded_byes_no_pairs_kept_apart_and_no_late_players():
    event = OrganizedEventFactory(structure="single_elimination", rounds=None, top_cut=0)
    seats = SeatFactory.create_batch(4, event=event)
    organizer = organizer_of(event)
    with pytest.raises(Conflict, match="its byes go to the top seeds"):
        seat_constraints_set(event_id=event.pk, registration_id=seats[0].pk, by=organizer,
                             now=now(), changes={"awarded_byes": 1})
    with pytest.raises(Conflict, match="no pairing can be kept apart"):
        kept_apart_add(event_id=event.pk, first_id=seats[0].pk, second_id=seats[1].pk,
                       note="", by=organizer, now=now())
    start(event)
    with pytest.raises(Conflict, match="no player can join a round late"):
        round_late_player_add(event_id=event.pk, by=organizer, now=now(), number=1,
                              guest_name="Late Larry")
    # A setting changed after the start is checked with the bracket's rounds as they are.
    event, _ = event_update(event_id=event.pk, by=organizer, now=now(),
                                  changes={"venue": "Hall B"})
    assert event.venue == "Hall B"


def test_an_event_with_awarded_byes_cannot_become_a_single_elimination():
    event = OrganizedEventFactory(rounds=None, top_cut=0)
    seat = SeatFactory(event=event)
    SeatFactory(event=event)
    seat_constraints_set(event_id=event.pk, registration_id=seat.pk, by=organizer_of(event),
                         now=now(), changes={"awarded_byes": 1})
    with pytest.raises(DomainError) as refused:
        event_update(event_id=event.pk, by=organizer_of(event), now=now(),
                     changes={"structure": "single_elimination"})
    assert any("a single elimination awards no byes" in str(p)
               for p in refused.value.problems)
    event.refresh_from_db()
    assert event.structure == "swiss"
