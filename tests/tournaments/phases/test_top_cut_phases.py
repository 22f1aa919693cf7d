"""An event's phases (models.phases) and its top cut of any size: the start writes the plan as
phases and every round goes into its phase; a cut of 2 to 64 players is seeded in the standard
order, plays log2(size) rounds, and, when the event asks, a match for third place beside the
final; once the final is confirmed everyone has a final place (selectors.placings), checked
here against a reference that reads only the matches played."""

from __future__ import annotations

import csv
import io

import pytest

from core.errors import DomainError
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import now, organizer_of, pair, settle, start
from tournaments.models import (
    EventStatus,
    Match,
    MatchBracket,
    Phase,
    PhaseAdvance,
    PhaseStructure,
    Round,
    RoundStage,
)
from tournaments.presenters.explanations import round_explanation
from tournaments.selectors.placings import final_places
from tournaments.selectors.rounds import round_label
from tournaments.selectors.standings import standings_for_event
from tournaments.services.event_edit import event_update
from tournaments.services.events import event_complete, event_create
from tournaments.services.topcut import topcut_advance, topcut_start

pytestmark = pytest.mark.django_db


def after_swiss(players: int, top_cut: int, rounds: int = 2, **event):  # noqa: ANN003, ANN201
    """An event whose Swiss rounds are played (A wins, B at every third table)."""
    event = OrganizedEventFactory(rounds=rounds, top_cut=top_cut, **event)
    SeatFactory.create_batch(players, event=event)
    start(event)
    for _ in range(rounds):
        settle(pair(event), result=lambda m: (1, 2, 0) if m.table % 3 == 0 else (2, 1, 0))
    return event


def by_seed(m: Match) -> tuple[int, int, int]:
    """The better seed wins unless its seed number is odd at an even table (an upset)."""
    return (2, 1, 0) if m.table % 2 or m.bracket == MatchBracket.THIRD_PLACE else (1, 2, 0)


def play_the_cut(event) -> list[Round]:  # noqa: ANN001
    organizer = organizer_of(event)
    rounds = [topcut_start(event_id=event.pk, by=organizer, now=now())[0]]
    settle(rounds[-1], result=by_seed)
    while rounds[-1].matches.filter(bracket=MatchBracket.MAIN).count() > 1:
        rounds.append(topcut_advance(event_id=event.pk, by=organizer, now=now())[0])
        settle(rounds[-1], result=by_seed)
    return rounds


def reference_places(rounds: list[Round], swiss_order: list[int]) -> dict[int, int]:
    """The customary places from the matches alone: the final's winner 1st and loser 2nd, the
    third-place match's 3rd and 4th (else the semifinals' losers both 3rd), and the losers of
    each earlier round sharing the place after all who went further; then the others in
    Swiss order."""
    def loser(m: Match) -> int:
        return m.player_b_id if m.a_wins > m.b_wins else m.player_a_id

    def winner(m: Match) -> int:
        return m.player_a_id if m.a_wins > m.b_wins else m.player_b_id

    final = rounds[-1].matches.get(bracket=MatchBracket.MAIN)
    places = {winner(final): 1, loser(final): 2}
    third = rounds[-1].matches.filter(bracket=MatchBracket.THIRD_PLACE).first()
    if third is not None:
        places |= {winner(third): 3, loser(third): 4}
    for rnd in reversed(rounds[:-1]):
        out = [loser(m) for m in rnd.matches.all() if loser(m) not in places]
        shared = len(places) + 1
        places |= {pk: shared for pk in out}
    after = len(places)
    for pk in swiss_order:
        if pk not in places:
            after += 1
            places[pk] = after
    return places


def test_the_start_writes_the_plan_as_phases_and_each_round_goes_into_its_own():
    event = after_swiss(10, top_cut=4, third_place=True)
    swiss, cut = Phase.objects.filter(event=event).order_by("number")
    assert (swiss.structure, swiss.advance, swiss.rounds) == (
        PhaseStructure.SWISS, PhaseAdvance.EVERYONE, 2)
    assert (cut.structure, cut.advance, cut.advance_count, cut.third_place) == (
        PhaseStructure.SINGLE_ELIMINATION, PhaseAdvance.TOP, 4, True)
    assert set(Round.objects.filter(event=event).values_list("phase_id", flat=True)) == {
        swiss.pk}
    rounds = play_the_cut(event)
    assert {r.phase_id for r in rounds} == {cut.pk}
    cut.refresh_from_db()
    # The cut's entrants are its seeds: the first four of the Swiss standings.
    assert cut.entrants == [r.registration_id for r in standings_for_event(event)[:4]]


def test_an_event_without_a_cut_has_one_swiss_phase():
    event = after_swiss(6, top_cut=0)
    assert list(Phase.objects.filter(event=event).values_list("number", "structure")) == [
        (1, PhaseStructure.SWISS)]


@pytest.mark.parametrize("size", [2, 16, 32, 64])
def test_a_cut_of_any_size_is_seeded_in_the_standard_order_and_plays_to_its_final(size):
    event = after_swiss(size + 2, top_cut=size, rounds=1)
    ranked = [r.registration_id for r in standings_for_event(event)]
    seed = {pk: i + 1 for i, pk in enumerate(ranked)}
    rounds = play_the_cut(event)
    first = list(rounds[0].matches.order_by("table"))
    # Round 1: each match's seeds add up to size + 1, and 1 and 2 are in opposite halves.
    assert all(seed[m.player_a_id] + seed[m.player_b_id] == size + 1 for m in first)
    half = [seed[pk] for m in first[:len(first) // 2] for pk in (m.player_a_id, m.player_b_id)]
    assert size == 2 or (1 in half) != (2 in half)
    assert len(rounds) == size.bit_length() - 1  # log2(size) rounds
    assert round_label(rounds[-1]) == "Final"
    event, _ = event_complete(event_id=event.pk, by=organizer_of(event), now=now())
    assert event.status == EventStatus.COMPLETE


def test_the_semifinals_losers_play_for_third_place_beside_the_final():
    event = after_swiss(10, top_cut=8, third_place=True)
    rounds = play_the_cut(event)
    final_round = rounds[-1]
    final, third = final_round.matches.order_by("table")
    semis = list(rounds[-2].matches.order_by("table"))
    losers = {m.player_b_id if m.a_wins > m.b_wins else m.player_a_id for m in semis}
    assert (final.table, final.bracket, third.table, third.bracket) == (
        1, MatchBracket.MAIN, 2, MatchBracket.THIRD_PLACE)
    assert {third.player_a_id, third.player_b_id} == losers
    assert round_label(final_round) == "Final"
    assert "third place: the losers of the semifinals meet at table 2" in round_explanation(
        final_round)
    with pytest.raises(Exception, match="The final of .* is decided"):
        topcut_advance(event_id=event.pk, by=organizer_of(event), now=now())


@pytest.mark.parametrize(("size", "third_place"), [(4, False), (8, True), (8, False),
                                                   (16, True), (32, False)])
def test_final_places_follow_the_bracket_then_the_swiss_standings(size, third_place):
    event = after_swiss(size + 3, top_cut=size, third_place=third_place)
    swiss_order = [r.registration_id for r in standings_for_event(event)]
    assert final_places(event, standings_for_event(event)) is None  # not before the cut
    rounds = play_the_cut(event)
    event.refresh_from_db()
    expected = reference_places(rounds, swiss_order)
    assert final_places(event, standings_for_event(event)) == expected
    # Those who share a place are listed by their Swiss place on the bracket page.
    event_complete(event_id=event.pk, by=organizer_of(event), now=now())
    assert final_places(event, standings_for_event(event)) == expected


def test_the_pages_the_csv_and_the_api_give_the_final_places(client):
    event = after_swiss(10, top_cut=4, third_place=True)
    rounds = play_the_cut(event)
    swiss_order = [r.registration_id for r in standings_for_event(event)]
    expected = reference_places(rounds, swiss_order)
    names = {r.registration_id: r.name for r in standings_for_event(event)}

    rows = list(csv.DictReader(io.StringIO(
        client.get(f"/events/{event.pk}/standings.csv").content.decode())))
    assert {row["name"]: int(row["place"]) for row in rows} == {
        names[pk]: place for pk, place in expected.items()}
    api = client.get(f"/api/events/{event.pk}/standings/").json()
    assert {row["registration"]: row["place"] for row in api} == expected

    page = client.get(f"/events/{event.pk}/standings/").content.decode()
    assert "The places are final" in page
    order = sorted(expected, key=lambda pk: (expected[pk], swiss_order.index(pk)))
    positions = [page.index(f'data-seat="{pk}"') for pk in order]
    assert positions == sorted(positions)  # rows in final places

    bracket = client.get(f"/events/{event.pk}/bracket/").content.decode()
    assert "Final places" in bracket and "Table 2: third place" in bracket
    champion = next(pk for pk, place in expected.items() if place == 1)
    assert f'<span class="place">1</span> {names[champion]}' in bracket
    assert '<span class="seed" title="Seed">1</span>' in bracket


def test_a_match_for_third_place_needs_a_cut_of_four_and_is_fixed_at_the_start():
    organizer = OrganizedEventFactory().organizers.first()
    with pytest.raises(DomainError, match="third place needs a top cut of at least 4"):
        event_create(by=organizer, name="Small", format="preconstructed", now=now(),
                     top_cut=2, third_place=True)
    event = event_create(by=organizer, name="Cut", format="preconstructed", now=now(),
                         top_cut=8, third_place=True)
    event_update(event_id=event.pk, by=organizer, now=now(), changes={"third_place": False})
    event.refresh_from_db()
    assert event.third_place is False
    SeatFactory.create_batch(8, event=event)
    start(event)
    with pytest.raises(DomainError):
        event_update(event_id=event.pk, by=organizer, now=now(), changes={"third_place": True})
    assert Phase.objects.get(event=event, number=2).third_place is False


def test_the_cut_rounds_are_top_cut_rounds_in_their_phase():
    event = after_swiss(20, top_cut=16)
    rounds = play_the_cut(event)
    assert [round_label(r) for r in rounds] == ["Top 16", "Quarterfinals", "Semifinals",
                                                "Final"]
    assert {r.stage for r in rounds} == {RoundStage.TOP_CUT}
