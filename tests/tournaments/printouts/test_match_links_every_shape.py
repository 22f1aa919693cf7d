"""Every match of every shape of event links to its match page and to its games' replays,
from the pairings page of each of its rounds and from the bracket page (issue 35's "final
placings"): a Swiss event, a two-day Swiss, a round robin in groups with its top cut, a
single elimination of the whole field (byes and third place), and a Swiss event's top cut.

Each event is played through the services; each confirmed match gets a finished game. The
organizer and a judge of the event are checked to reach every match and every game (a judge
may open any match page, selectors.access.may_see_match); a player reaches their own match;
the links are counted here from the rows, not from the code that writes them."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.factories.tournaments import EngineGameFactory, OrganizedEventFactory
from tests.tournaments.event_steps import now, organizer_of, pair, seats, settle, start
from tests.web import html, signed_in
from tournaments.models import Event, EventStatus, Match, MatchBracket, Round, RoundStage
from tournaments.services.topcut import topcut_advance, topcut_start

pytestmark = pytest.mark.django_db

EIGHT = "ann bob cy dee eve fay gus hal"


def a_wins(m: Match) -> tuple[int, int, int]:
    return (2, 1, 0)


def with_games(rnd: Round) -> None:
    """The organizer settles the round; each match then has a finished game."""
    settle(rnd, result=a_wins)
    for m in rnd.matches.filter(player_b__isnull=False):
        EngineGameFactory(match=m, number=1, winner="A", record={"moves": []})


def play_swiss(event: Event, rounds: int) -> None:
    for _ in range(rounds):
        with_games(pair(event))


def play_cut(event: Event) -> None:
    organizer = organizer_of(event)
    rnd = topcut_start(event_id=event.pk, by=organizer, now=now())[0]
    while True:
        with_games(rnd)
        if rnd.matches.filter(bracket=MatchBracket.MAIN).count() == 1:
            return
        rnd = topcut_advance(event_id=event.pk, by=organizer, now=now())[0]


def play_bracket(event: Event) -> None:
    organizer = organizer_of(event)
    rnd = pair(event)
    while True:
        with_games(rnd)
        if rnd.matches.filter(bracket=MatchBracket.MAIN).count() == 1:
            return
        rnd = topcut_advance(event_id=event.pk, by=organizer, now=now())[0]


def swiss() -> Event:
    event = OrganizedEventFactory(rounds=3)
    seats(event, EIGHT)
    start(event)
    play_swiss(event, 3)
    return event


def swiss_top_cut() -> Event:
    event = OrganizedEventFactory(rounds=3, top_cut=4)
    seats(event, EIGHT)
    start(event)
    play_swiss(event, 3)
    play_cut(event)
    return event


def two_day() -> Event:
    event = OrganizedEventFactory(rounds=2, day2_points=3, day2_rounds=1, top_cut=2)
    seats(event, EIGHT)
    start(event)
    play_swiss(event, 3)
    play_cut(event)
    return event


def round_robin() -> Event:
    event = OrganizedEventFactory(structure="round_robin", groups=2, rounds=None, top_cut=4)
    seats(event, EIGHT + " ivy")  # a group of 5 (byes) and a group of 4
    start(event)
    play_swiss(event, 5)
    play_cut(event)
    return event


def single_elimination() -> Event:
    event = OrganizedEventFactory(structure="single_elimination", rounds=None, top_cut=0,
                                  third_place=True)
    seats(event, "ann bob cy dee eve fay")  # byes to the top two seeds
    start(event)
    play_bracket(event)
    return event


SHAPES = {"swiss": swiss, "swiss top cut": swiss_top_cut, "two-day": two_day,
          "round robin": round_robin, "single elimination": single_elimination}


def links_on(client: Client, event: Event) -> str:
    """The pairings page of every round and the bracket page, as one text."""
    pages = [html(client.get(reverse("tournaments:pairings", args=[event.pk]),
                             {"round": number}))
             for number in Round.objects.filter(event=event).values_list("number", flat=True)]
    return "\n".join(pages)


def match_link(event: Event, m: Match) -> str:
    return f'href="{reverse("tournaments:match", args=[event.pk, m.pk])}"'


def game_link(game_pk: int) -> str:
    return f'href="{reverse("play:replay_engine", args=[game_pk])}"'


@pytest.mark.parametrize("shape", SHAPES)
def test_every_match_links_to_its_page_and_its_games_on_the_pairings_and_the_bracket(shape):
    event = SHAPES[shape]()
    organizer = signed_in(organizer_of(event))
    pairings = links_on(organizer, event)
    bracket = html(organizer.get(reverse("tournaments:bracket", args=[event.pk])))
    matches = Match.objects.filter(round__event=event, player_b__isnull=False).select_related(
        "round")
    assert matches.exists()
    for m in matches:
        games = [g.pk for g in m.games.all()]
        assert games, "every confirmed match has a game here"
        assert match_link(event, m) in pairings, (shape, m.round.number, m.table)
        assert all(game_link(g) in pairings for g in games), (shape, m.round.number)
        if m.round.stage == RoundStage.TOP_CUT:
            assert match_link(event, m) in bracket, (shape, m.round.number, m.table)
            assert all(game_link(g) in bracket for g in games), (shape, m.round.number)
    # The bracket has no link to a bye (no match page to open), and none to a Swiss match.
    for m in Match.objects.filter(round__event=event, player_b__isnull=True):
        assert match_link(event, m) not in pairings + bracket
    # A judge of the event (who plays in it not) reaches every match and its games too.
    judge = UserFactory(username="jude")
    event.judges.add(judge)
    judged = links_on(signed_in(judge), event)
    judged_bracket = html(signed_in(judge).get(reverse("tournaments:bracket", args=[event.pk])))
    for m in matches:
        assert match_link(event, m) in judged, (shape, m.round.number, m.table)
        assert all(game_link(g.pk) in judged for g in m.games.all())
        if m.round.stage == RoundStage.TOP_CUT:
            assert match_link(event, m) in judged_bracket, (shape, m.round.number)
    assert "Set</a>" not in judged  # a judge opens the matches, the organizers set results
    # A player reaches their own matches from the same pages, and nobody else's.
    player_match = matches.filter(player_a__player__isnull=False).first()
    player = player_match.player_a.player
    seen = links_on(signed_in(player), event)
    assert match_link(event, player_match) in seen
    others = matches.exclude(player_a__player=player).exclude(player_b__player=player)
    assert not any(match_link(event, m) in seen for m in others)


def test_each_shape_was_played_to_its_end():
    """The shapes above reach their last round: a bracket's final is in each with a cut."""
    for shape in ("swiss top cut", "single elimination"):
        event = SHAPES[shape]()
        event.refresh_from_db()
        assert event.status == EventStatus.TOP_CUT
        final = Round.objects.filter(event=event).order_by("-number").first()
        assert final.matches.filter(bracket=MatchBracket.MAIN).count() == 1
