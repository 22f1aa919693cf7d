"""A double elimination of the whole field as an event's first phase, through the services:
seeded at the start, each round pairing the winners and losers brackets' matches that the
results decide, the grand final and its reset, final places. Checked against references
counted here from the rows (each player's losses, who played after which loss), not by the
code under test."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

import pytest

from core.errors import Conflict, DomainError
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
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
from tournaments.services.events import event_complete, event_create
from tournaments.services.no_shows import match_no_show
from tournaments.services.registrations import registration_drop
from tournaments.services.topcut import topcut_advance

pytestmark = pytest.mark.django_db


def double(players: int, **settings):  # noqa: ANN003, ANN201
    event = OrganizedEventFactory(structure="double_elimination", rounds=None, top_cut=0,
                                  **settings)
    SeatFactory.create_batch(players, event=event)
    return start(event)


def advance(event) -> Round:  # noqa: ANN001
    return topcut_advance(event_id=event.pk, by=organizer_of(event), now=now())[0]


def play_through(event, winner):  # noqa: ANN001, ANN201
    """Every round of the bracket until the champion is decided, `winner(match)` the
    registration id that wins each match."""
    rnd = pair(event)
    while True:
        settle(rnd, result=lambda m: (2, 0, 0) if winner(m) == m.player_a_id else (0, 2, 0))
        try:
            rnd = advance(event)
        except Conflict as refused:
            assert refused.code == "bracket_decided"
            event.refresh_from_db()
            return event


def seed_of(event) -> dict[int, int]:  # noqa: ANN001
    phase = Phase.objects.get(event=event, number=1)
    return {pk: place for place, pk in enumerate(phase.entrants, start=1)}


def loser(m: Match) -> int:
    return m.player_b_id if m.a_wins > m.b_wins else m.player_a_id


def winner_of(m: Match) -> int:
    return m.player_a_id if m.a_wins > m.b_wins else m.player_b_id


def check_bracket(event, players: int) -> dict[int, int]:  # noqa: ANN001
    """The rules of a double elimination, counted from the rows; the final places."""
    seed = seed_of(event)
    matches = list(Match.objects.filter(round__event=event).select_related("round")
                   .order_by("round__number", "id"))
    byes = [m for m in matches if m.player_b_id is None]
    played = [m for m in matches if m.player_b_id is not None]
    slots = 1
    while slots < players:
        slots *= 2
    # Byes: round 1 only, to the top seeds.
    assert sorted(seed[m.player_a_id] for m in byes) == list(range(1, slots - players + 1))
    assert {m.round.number for m in byes} <= {1}
    finals = [m for m in played if m.bracket == MatchBracket.FINAL]
    reset = len(finals) == 2
    assert len(played) == 2 * players - (1 if reset else 2)
    # Each player is out at their second loss: no match after it; only the champion ends
    # with fewer than two (one, when the reset was played).
    losses: Counter = Counter()
    for m in played:
        assert losses[m.player_a_id] < 2 and losses[m.player_b_id] < 2
        losses[loser(m)] += 1
    champion = winner_of(finals[-1])
    assert losses[champion] == (1 if reset else 0)
    assert all(losses[pk] == 2 for pk in seed if pk != champion)
    # The reset is played exactly when the losers bracket's champion won the first final.
    first = finals[0]
    came_from_winners = first.player_a_id  # the winners bracket's champion sits at A
    assert losses_before(played, first, came_from_winners) == 0
    assert reset == (winner_of(first) != came_from_winners)
    event, completed = event_complete(event_id=event.pk, by=organizer_of(event), now=now())
    assert completed and event.status == EventStatus.COMPLETE
    places = final_places(event, standings_for_event(event))
    assert places is not None and sorted(places) == sorted(seed)
    assert places[champion] == 1
    assert places[loser(finals[-1])] == 2
    # The others: placed after everyone who went out later (the round of the second loss).
    out_round = {loser(m): m.round.number for m in played if m.bracket == MatchBracket.LOSERS}
    for pk, place in places.items():
        if pk in out_round:
            later = sum(1 for q in out_round if out_round[q] > out_round[pk])
            assert place == later + 3
    return places


def losses_before(played: list[Match], match: Match, pk: int) -> int:
    return sum(1 for m in played if m.round.number < match.round.number
               and pk in (m.player_a_id, m.player_b_id) and loser(m) == pk)


@pytest.mark.parametrize("players", [3, 5, 8, 13, 64])
def test_the_better_seed_always_wins(players):
    event = double(players)
    seed = seed_of(event)
    assert sorted(seed.values()) == list(range(1, players + 1))
    event = play_through(event, lambda m: min((m.player_a_id, m.player_b_id), key=seed.get))
    places = check_bracket(event, players)
    top = next(pk for pk, s in seed.items() if s == 1)
    assert places[top] == 1


@pytest.mark.parametrize("players", [3, 5, 8, 13])
def test_upsets_everywhere_every_player_placed_once_and_out_at_the_second_loss(players):
    event = double(players)
    # The later registered seat wins: the losers bracket's champion takes the first final.
    event = play_through(event, lambda m: max(m.player_a_id, m.player_b_id))
    check_bracket(event, players)


@pytest.mark.parametrize("reset", [True, False])
def test_the_reset_is_played_only_when_the_losers_champion_wins_the_first_final(reset):
    event = double(4, grand_final_reset=reset)
    seed = seed_of(event)
    by_seed = {s: pk for pk, s in seed.items()}
    # Seed 1 wins everything but the first final, which seed 2 wins from the losers bracket.
    rnd = pair(event)
    while True:
        final = rnd.matches.filter(bracket=MatchBracket.FINAL).first()
        if final is not None and not Round.objects.filter(event=event,
                                                          number__lt=rnd.number,
                                                          matches__bracket="final").exists():
            settle(rnd, result=lambda m: (0, 2, 0))  # the losers bracket's champion wins
        else:
            settle(rnd, result=lambda m: (2, 0, 0) if min(
                (m.player_a_id, m.player_b_id), key=seed.get) == m.player_a_id else (0, 2, 0))
        try:
            rnd = advance(event)
        except Conflict:
            break
    finals = list(Match.objects.filter(round__event=event, bracket=MatchBracket.FINAL)
                  .order_by("round__number"))
    assert len(finals) == (2 if reset else 1)
    event, _ = event_complete(event_id=event.pk, by=organizer_of(event), now=now())
    places = final_places(event, standings_for_event(event))
    assert places[by_seed[1] if reset else by_seed[2]] == 1


def test_a_drop_or_a_no_show_advances_the_opponent():
    event = double(4)
    seed = seed_of(event)
    by_seed = {s: pk for pk, s in seed.items()}
    # Seed 4 drops after the start: it loses round 1 to seed 1 and its losers-bracket match
    # without playing.
    registration_drop(registration_id=by_seed[4], by=organizer_of(event), now=now())
    first = pair(event)
    walkover = first.matches.get(player_a_id=by_seed[1])
    assert walkover.player_b_id == by_seed[4] and walkover.bracket == MatchBracket.WINNERS
    assert walkover.status == "confirmed" and walkover.a_wins > walkover.b_wins
    # Seed 3 does not come to table: the no-show gives seed 2 the match.
    match = first.matches.get(player_a_id=by_seed[2])
    match_no_show(match_id=match.pk, by=organizer_of(event), absent=by_seed[3],
                  now=now() + timedelta(hours=2))
    second = advance(event)
    gone = second.matches.get(bracket=MatchBracket.LOSERS)
    assert {gone.player_a_id, gone.player_b_id} == {by_seed[3], by_seed[4]}
    assert gone.status == "confirmed" and winner_of(gone) == by_seed[3]
    event = play_through_from(event, second, seed)
    places = check_bracket(event, 4)
    assert places[by_seed[4]] == 4


def play_through_from(event, rnd, seed):  # noqa: ANN001, ANN201
    while True:
        settle(rnd, result=lambda m: (2, 0, 0) if min(
            (m.player_a_id, m.player_b_id), key=seed.get) == m.player_a_id else (0, 2, 0))
        try:
            rnd = advance(event)
        except Conflict:
            event.refresh_from_db()
            return event


def test_the_phase_rounds_and_brackets():
    event = double(8)
    phase = Phase.objects.get(event=event, number=1)
    assert phase.structure == PhaseStructure.DOUBLE_ELIMINATION and phase.bracket_reset
    first = pair(event)
    assert first.phase_id == phase.pk and first.stage == "top_cut"
    assert set(first.matches.values_list("bracket", flat=True)) == {"winners"}
    assert first.matches.filter(player_b__isnull=True).count() == 0
    settle(first)
    second = advance(event)
    assert set(second.matches.values_list("bracket", flat=True)) == {"winners", "losers"}
    # Tables: the winners bracket's first.
    brackets = [m.bracket for m in second.matches.order_by("table")]
    assert brackets == sorted(brackets, key=["winners", "losers"].index)
    assert [line["code"] for line in first.explanation["lines"]][:1] == ["de_seeded"]
    assert [line["code"] for line in second.explanation["lines"]][:1] == ["de_round"]


def test_the_grand_final_cannot_be_skipped_and_nothing_follows_it():
    event = double(3)
    settle(pair(event))
    with pytest.raises(Conflict, match="not the final"):
        event_complete(event_id=event.pk, by=organizer_of(event), now=now())
    with pytest.raises(Conflict, match="pair the next bracket round"):
        pair(event)


def test_settings_refused_with_reasons_under_their_fields():
    organizer = organizer_of(OrganizedEventFactory())
    with pytest.raises(DomainError) as caught:
        event_create(by=organizer, name="Cup", format="constructed", now=now(),
                     structure="double_elimination", rounds=5, top_cut=8, third_place=True,
                     fill_with_ai=True, late_entry_until_round=2)
    fields = {problem.field for problem in caught.value.problems}
    assert {"rounds", "top_cut", "third_place", "fill_with_ai",
            "late_entry_until_round"} <= fields


@pytest.mark.parametrize("players", [2, 65])
def test_a_bracket_takes_3_to_64_players(players):
    event = OrganizedEventFactory(structure="double_elimination", rounds=None, top_cut=0)
    SeatFactory.create_batch(players, event=event)
    with pytest.raises(Conflict, match="3 to 64"):
        start(event)
    event.refresh_from_db()
    assert event.status == EventStatus.REGISTRATION


def test_no_awarded_byes_no_pairs_kept_apart_and_no_late_players():
    from tournaments.services.constraints import kept_apart_add, seat_constraints_set
    from tournaments.services.event_edit import event_update
    from tournaments.services.late_players import round_late_player_add

    event = OrganizedEventFactory(structure="double_elimination", rounds=None, top_cut=0)
    seats = SeatFactory.create_batch(4, event=event)
    organizer = organizer_of(event)
    with pytest.raises(Conflict, match="double elimination: its byes go to the top seeds"):
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


def test_an_event_with_awarded_byes_cannot_become_a_double_elimination():
    from tournaments.services.constraints import seat_constraints_set
    from tournaments.services.event_edit import event_update

    event = OrganizedEventFactory(rounds=None, top_cut=0)
    seat = SeatFactory(event=event)
    SeatFactory(event=event)
    seat_constraints_set(event_id=event.pk, registration_id=seat.pk, by=organizer_of(event),
                         now=now(), changes={"awarded_byes": 1})
    with pytest.raises(DomainError) as refused:
        event_update(event_id=event.pk, by=organizer_of(event), now=now(),
                     changes={"structure": "double_elimination"})
    assert any("a double elimination awards no byes" in str(p)
               for p in refused.value.problems)
    event.refresh_from_db()
    assert event.structure == "swiss"


def test_each_round_paired_hints_the_live_pages(monkeypatch):
    import tournaments.services.standings as standings

    hinted = []
    monkeypatch.setattr(standings, "event_changed", lambda *, event_id: hinted.append(event_id))
    event = double(4)
    hinted.clear()
    first = pair(event)
    assert hinted and set(hinted) == {event.pk}
    settle(first)
    hinted.clear()
    advance(event)
    assert hinted and set(hinted) == {event.pk}
