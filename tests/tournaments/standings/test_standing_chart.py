"""A player's standing round by round: the standings after round k count rounds 1..k only,
ranked like the standings page, and the player page draws them for completed Swiss rounds
with confirmed results only."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories.tournaments import (
    ConfirmedMatchFactory,
    OrganizedEventFactory,
    RoundFactory,
)
from tests.tournaments.event_steps import match_of, now, pair, seats, settle, start
from tournaments.models import RoundStage, RoundStatus
from tournaments.selectors.bridge import swiss_view
from tournaments.selectors.standings import (
    RoundStanding,
    standing_by_round,
    standing_chart,
    standings_for_event,
)
from tournaments.services.results import result_report

pytestmark = pytest.mark.django_db


def scene(names, rounds, **event):
    """An event whose completed rounds are {round: [(a, b, (a_wins, b_wins, draws)), ...]},
    b None for a bye."""
    event = OrganizedEventFactory(**event)
    seat = {r.name: r for r in seats(event, names)}
    for number, matches in rounds.items():
        rnd = RoundFactory(event=event, number=number)
        for table, (a, b, score) in enumerate(matches, start=1):
            ConfirmedMatchFactory(round=rnd, table=table if b else None, player_a=seat[a],
                                  player_b=seat[b] if b else None, a_wins=score[0],
                                  b_wins=score[1], draws=score[2])
    return event, seat


def history(event, seat):
    return [(h.round, h.rank, h.match_points, h.field)
            for h in standing_by_round(event, swiss_view(event), seat)]


# Four players, three rounds, worked by hand from the rules in tournaments/swiss/standings.py.
# After round 1: a and c 3 points, OMW both 0.33 (b and d at the floor), GW a 6/6 > c 6/9:
#   a 1st, c 2nd. b and d 0 points, OMW both 1.0, GW d 3/9 = 0.333... (above the floor of
#   exactly 0.33, MTR Appendix C) > b 0 (lifted to 0.33): d 3rd, b 4th.
# After round 2: c 6 points 1st. a and b 3 points: OMW a (b 0.5 + c 1.0) / 2 = 0.75 > b
#   (a 0.5 + d 0.33) / 2 = 0.42: a 2nd, b 3rd. d 0 points 4th.
ROUNDS = {
    1: [("a", "b", (2, 0, 0)), ("c", "d", (2, 1, 0))],
    2: [("c", "a", (2, 0, 0)), ("b", "d", (2, 0, 0))],
    3: [("d", "c", (2, 0, 0)), ("a", "b", (2, 0, 0))],
}


def test_each_round_is_ranked_on_its_own_results_and_the_earlier_ones():
    event, seat = scene("a b c d", ROUNDS)
    # Worked by hand from the rules in tournaments/swiss/standings.py (see ROUNDS above).
    assert history(event, seat["a"])[:2] == [(1, 1, 3, 4), (2, 2, 3, 4)]
    assert history(event, seat["b"])[:2] == [(1, 4, 0, 4), (2, 3, 3, 4)]
    assert history(event, seat["c"])[:2] == [(1, 2, 3, 4), (2, 1, 6, 4)]
    assert history(event, seat["d"])[:2] == [(1, 3, 0, 4), (2, 4, 0, 4)]


def test_after_the_last_round_the_chart_agrees_with_the_standings_page():
    event, seat = scene("a b c d", ROUNDS)
    final = {r.registration_id: (r.rank, r.match_points) for r in standings_for_event(event)}
    for name, registration in seat.items():
        last = history(event, registration)[-1]
        assert last[0] == 3, name
        assert (last[1], last[2]) == final[registration.pk], name


# Six players, two rounds (the scene of tests/tournaments/standings/test_standings.py): x and y both
# 1-1, x met stronger opponents (OMW 75% against 42%), y won more games (GW 60% against 50%).
# After round 1 y and w share the lead (3 points, OMW 0.33, GW 1.0, OGW 0.33 each) and x leads
# the losers: they tie on OMW 1.0, and x's GW 3/9 = 0.333... is above the floor of exactly
# 0.33 that lifts the others' 0 (MTR Appendix C).
TWO_ROUNDS = {
    1: [("s", "x", (2, 1, 0)), ("y", "w2", (2, 0, 0)), ("w", "t", (2, 0, 0))],
    2: [("x", "w", (2, 1, 0)), ("t", "y", (2, 1, 0)), ("s", "w2", (2, 0, 0))],
}


def test_the_tiebreaker_order_of_the_event_decides_the_ranks_of_each_round():
    by_omw, seat = scene("s x y t w w2", TWO_ROUNDS)
    assert [h[1] for h in history(by_omw, seat["y"])] == [1, 5]
    assert [h[1] for h in history(by_omw, seat["x"])] == [4, 2]
    by_gw, seat = scene("s x y t w w2", TWO_ROUNDS,
                        tiebreakers=["match_points", "gw", "omw", "ogw"])
    assert [h[1] for h in history(by_gw, seat["y"])] == [1, 3]
    assert [h[1] for h in history(by_gw, seat["x"])] == [4, 4]


def test_a_bye_counts_as_a_win_and_a_late_entry_starts_at_its_first_match():
    event, seat = scene("a b c late", {
        1: [("a", "b", (2, 0, 0)), ("c", None, (2, 0, 0))],
        2: [("a", "c", (2, 1, 0)), ("late", "b", (2, 0, 0))],
    })
    # Round 1: a and c 3 points; c's bye gives it no opponent (OMW 0) so a is 1st.
    assert history(event, seat["c"]) == [(1, 2, 3, 4), (2, 2, 3, 4)]
    assert history(event, seat["late"]) == [(2, 3, 3, 4)]


def test_a_round_still_being_played_and_the_top_cut_are_not_drawn():
    event, seat = scene("a b c d", {1: ROUNDS[1]}, top_cut=2)
    playing = RoundFactory(event=event, number=2, status=RoundStatus.PLAYING)
    ConfirmedMatchFactory(round=playing, player_a=seat["c"], player_b=seat["a"])
    top_cut = RoundFactory(event=event, number=3, stage=RoundStage.TOP_CUT)
    ConfirmedMatchFactory(round=top_cut, player_a=seat["b"], player_b=seat["a"])
    assert history(event, seat["a"]) == [(1, 1, 3, 4)]


def test_a_seat_that_dropped_before_playing_is_not_in_the_field():
    event, seat = scene("a b c d gone", {1: ROUNDS[1]})
    seat["gone"].dropped = True
    seat["gone"].save()
    assert history(event, seat["a"]) == [(1, 1, 3, 4)]


def test_the_chart_puts_rank_one_at_the_top_and_the_whole_field_at_the_bottom():
    chart = standing_chart([RoundStanding(1, 4, 0, 4), RoundStanding(2, 1, 6, 4),
                            RoundStanding(3, 2, 6, 5)])
    assert [p.rank for p in chart.points] == [4, 1, 2]
    assert chart.worst == 5
    top, bottom = chart.rank_ticks[0][1], chart.rank_ticks[-1][1]
    assert [rank for rank, _ in chart.rank_ticks] == [1, 3, 5]
    assert chart.points[1].y == top and top < chart.points[2].y < chart.points[0].y < bottom
    xs = [p.x for p in chart.points]
    assert xs == sorted(xs) and chart.left < xs[0] and xs[-1] < chart.right
    assert standing_chart([]) is None


def test_the_player_page_draws_completed_rounds_from_confirmed_results_only(client):
    event = OrganizedEventFactory(rounds=3)
    seats(event, "alice bob carol dave")
    start(event)
    settle(pair(event))
    alice = event.registrations.get(player__username="alice")
    second = pair(event)
    # alice reports a win in round 2 that her opponent has not confirmed: nobody sees it.
    match = match_of(second, "alice")
    result_report(match_id=match.pk, by=alice.player, a_wins=2, b_wins=0, now=now())

    url = reverse("tournaments:event_player", args=[event.pk, alice.pk])
    response = client.get(url)
    assert response.status_code == 200
    chart = response.context["chart"]
    assert [p.round for p in chart.points] == [1]
    rank_after_1 = next(r.rank for r in standings_for_event(event)
                        if r.registration_id == alice.pk)
    assert chart.points[0].rank == rank_after_1
    html = response.content.decode()
    assert 'role="img"' in html and "<polyline" in html
    assert f"<td>{rank_after_1} of 4</td>" in html  # the table equivalent
    assert "Round 2</th>" not in html


def test_before_any_round_is_complete_the_page_says_when_the_chart_starts(client):
    event = OrganizedEventFactory()
    alice, _ = seats(event, "alice bob")
    response = client.get(reverse("tournaments:event_player", args=[event.pk, alice.pk]))
    assert response.context["chart"] is None
    assert "The chart starts when the event does" in response.content.decode()


def test_a_seat_of_another_event_is_not_found(client):
    event, _ = scene("a b", {})
    other = OrganizedEventFactory()
    stranger = seats(other, "z")[0]
    response = client.get(reverse("tournaments:event_player", args=[event.pk, stranger.pk]))
    assert response.status_code == 404
