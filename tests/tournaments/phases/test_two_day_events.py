"""Two-day events: after day 1's Swiss rounds, exactly the players still in with at least
`day2_points` match points play day 2's Swiss rounds, points and opponents carried over; the
others keep their standings and are never paired again; the top cut is made from day 2's
players. The day-2 field is checked against match points counted here from the confirmed
matches, not by the code under test."""

from __future__ import annotations

import pytest

from core.errors import Conflict, DomainError
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import now, organizer_of, pair, settle, start
from tournaments.models import Match, MatchStatus, Phase, PhaseAdvance, PhaseStructure
from tournaments.presenters.explanations import round_explanation
from tournaments.services.events import event_complete, event_create
from tournaments.services.registrations import registration_drop
from tournaments.services.topcut import topcut_advance, topcut_start

pytestmark = pytest.mark.django_db


def points_from_matches(event, through: int) -> dict[int, int]:  # noqa: ANN001
    """Each seat's match points from the confirmed matches of rounds 1 to `through`: 3 a win
    (a bye is a win), 1 a draw."""
    points: dict[int, int] = {}
    for m in Match.objects.filter(round__event=event, round__number__lte=through,
                                  status=MatchStatus.CONFIRMED):
        a, b = m.player_a_id, m.player_b_id
        points.setdefault(a, 0)
        if b is None:
            points[a] += 3
            continue
        points.setdefault(b, 0)
        if m.a_wins > m.b_wins:
            points[a] += 3
        elif m.b_wins > m.a_wins:
            points[b] += 3
        else:
            points[a] += 1
            points[b] += 1
    return points


def two_day(players: int = 14, **settings):  # noqa: ANN003, ANN201
    event = OrganizedEventFactory(rounds=3, day2_points=6, day2_rounds=2, **settings)
    SeatFactory.create_batch(players, event=event)
    start(event)
    return event


def a_wins_but_third_tables(m: Match) -> tuple[int, int, int]:
    return (1, 2, 0) if m.table % 3 == 0 else (2, 1, 0)


def test_day_two_pairs_exactly_the_players_with_enough_points_and_carries_them_over():
    event = two_day(top_cut=4)
    for _ in range(3):
        settle(pair(event), result=a_wins_but_third_tables)
    points = points_from_matches(event, 3)
    gone = next(pk for pk, p in points.items() if p >= 6)  # a player who made it drops
    registration_drop(registration_id=gone, by=organizer_of(event), now=now())
    made = {pk for pk, p in points.items() if p >= 6 and pk != gone}

    fourth = pair(event)
    played = {pk for m in fourth.matches.all() for pk in (m.player_a_id, m.player_b_id) if pk}
    assert played == made
    phase = Phase.objects.get(event=event, number=2)
    assert (phase.structure, phase.advance, phase.advance_points) == (
        PhaseStructure.SWISS, PhaseAdvance.POINTS, 6)
    assert set(phase.entrants) == made and fourth.phase_id == phase.pk
    assert (f"day 2: the {len(made)} players with at least 6 match points play 2 more Swiss "
            f"rounds") in round_explanation(fourth)
    settle(fourth, result=a_wins_but_third_tables)
    fifth = pair(event)
    assert {pk for m in fifth.matches.all() for pk in (m.player_a_id, m.player_b_id) if pk} == made
    settle(fifth, result=a_wins_but_third_tables)
    with pytest.raises(Conflict, match="All 5 Swiss rounds of .* are played: start the top 4"):
        pair(event)

    organizer = organizer_of(event)
    cut = topcut_start(event_id=event.pk, by=organizer, now=now())[0]
    seeded = {pk for m in cut.matches.all() for pk in (m.player_a_id, m.player_b_id)}
    assert seeded <= made
    # The cut's seeds are the best four of day 2 by the points counted here.
    totals = points_from_matches(event, 5)
    assert min(totals[pk] for pk in seeded) >= max(
        (totals[pk] for pk in made - seeded), default=0)
    settle(cut)
    settle(topcut_advance(event_id=event.pk, by=organizer, now=now())[0])
    event, _ = event_complete(event_id=event.pk, by=organizer, now=now())
    assert event.status == "complete"


def test_day_two_needs_two_players_with_enough_points():
    event = OrganizedEventFactory(rounds=1, day2_points=6, day2_rounds=1)
    SeatFactory.create_batch(4, event=event)
    start(event)
    settle(pair(event))
    with pytest.raises(Conflict, match="Only 0 players of .* have at least 6 match points: "
                                       "day 2 needs 2"):
        pair(event)


@pytest.mark.parametrize(("settings", "field", "text"), [
    ({"day2_points": 9}, "day2_rounds", "day 2 plays 1 to 20 Swiss rounds"),
    ({"day2_rounds": 2}, "day2_points", "day 2 is for the players with 0 to 90 match points"),
    ({"day2_points": 9, "day2_rounds": 2, "format": "draft"}, "day2_points",
     "a draft event plays in its pods"),
    ({"day2_points": 9, "day2_rounds": 2, "fill_with_ai": True}, "fill_with_ai",
     "a two-day event gives byes, not AI seats"),
])
def test_a_day_two_that_cannot_be_is_refused_under_its_field(settings, field, text):
    organizer = OrganizedEventFactory().organizers.first()
    arguments = {"format": "preconstructed", **settings}
    with pytest.raises(DomainError) as refused:
        event_create(by=organizer, name="Two days", now=now(), **arguments)
    assert any(p.field == field and text in str(p) for p in refused.value.problems)


def test_an_organizer_makes_a_two_day_event_from_the_new_event_page(client):
    organizer = OrganizedEventFactory().organizers.first()
    client.force_login(organizer)
    response = client.post("/events/new/", {
        "name": "Regional", "format": "preconstructed", "match_length": 3, "rounds": 5,
        "day2_points": 9, "day2_rounds": 3, "top_cut": 8, "third_place": "on",
        "late_entry_until_round": 0, "time_zone": "UTC", "round_minutes": 50,
        "late_player_gets": "bye", "no_show_minutes": 10}, follow=True)
    assert response.status_code == 200
    page = response.content.decode()
    assert ("The players with at least 9 match points after day 1 play 3 more Swiss rounds, "
            "their points carried over.") in page
