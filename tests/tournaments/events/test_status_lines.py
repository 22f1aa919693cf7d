"""Every status line is true (issue 14): no check-in button where no check-in is needed,
nobody "playing" once their event is over, a drop before the start that does not talk of
results, counts that agree in number, a top-cut round named as such in its replays, and the
links that make each page reachable (the pods and the draft, a replay of every engine game,
the organizer's links to each player's list and page)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from engine.clash.ai import RandomAgent
from engine.clash.cards import load_catalogue
from engine.clash.game import play_game
from tests.factories import UserFactory, starter_kit
from tests.factories.tournaments import (
    AISeatFactory,
    ConfirmedMatchFactory,
    EngineGameFactory,
    ListedSeatFactory,
    OrganizedEventFactory,
    RoundFactory,
    SeatFactory,
)
from tests.tournaments.event_steps import now, organizer_of, pair, seats, settle, start
from tests.tournaments.pods_play import draft_event
from tests.web import html
from tournaments.models import EngineGame, EventStatus, GameMode, MatchStatus, RoundStage
from tournaments.services.events import event_complete
from tournaments.services.registrations import registration_create
from tournaments.services.topcut import topcut_advance, topcut_start

pytestmark = pytest.mark.django_db


def url(name: str, *args) -> str:  # noqa: ANN002
    return reverse(f"tournaments:{name}", args=args)


def as_user(user) -> Client:  # noqa: ANN001
    client = Client()
    client.force_login(user)
    return client


def dashboard_states(event) -> dict[str, str]:  # noqa: ANN001
    """The players table of the dashboard: each player's name and the status cell's words
    (before any list link)."""
    page = html(as_user(organizer_of(event)).get(url("dashboard", event.pk)))
    rows = re.findall(r'<tr[^>]*>\s*<td><a href="[^"]+">([^<]+)</a>.*?</td>\s*<td>([^<&]*)',
                      page, flags=re.S)
    return {name: state.split(",")[0].strip() for name, state in rows}


# Check-in ------------------------------------------------------------------------------------


def test_no_check_in_button_when_the_event_needs_no_check_in():
    event = OrganizedEventFactory(check_in_required=False)
    player = UserFactory()
    SeatFactory(event=event, player=player, checked_in=False)
    page = html(as_user(player).get(url("event", event.pk)))
    assert "You are registered" in page
    assert url("check_in", event.pk) not in page and ">Check in<" not in page
    board = html(as_user(organizer_of(event)).get(url("dashboard", event.pk)))
    assert "Check in " not in board and ">Check in<" not in board


def test_the_check_in_button_is_there_when_the_event_needs_check_in():
    event = OrganizedEventFactory(check_in_required=True)
    player = UserFactory()
    SeatFactory(event=event, player=player, checked_in=False)
    page = html(as_user(player).get(url("event", event.pk)))
    assert url("check_in", event.pk) in page and "Check in when you arrive" in page
    board = html(as_user(organizer_of(event)).get(url("dashboard", event.pk)))
    assert f'aria-label="Check in {player.get_username()}"' in board


# Who is playing ------------------------------------------------------------------------------


def top_four_event():
    event = OrganizedEventFactory(rounds=2, top_cut=4)
    seats(event, "ann bea cal dan eve fay")
    start(event)
    for _ in range(2):
        settle(pair(event))
    return event


def test_eliminated_players_are_not_playing_after_the_event_ends():
    event = top_four_event()
    semifinals, _ = topcut_start(event_id=event.pk, by=organizer_of(event), now=now())
    settle(semifinals)  # A wins each semifinal
    losers = {m.player_b.name for m in semifinals.matches.select_related("player_b__player")}
    cut = {r.name for m in semifinals.matches.select_related("player_a__player",
                                                            "player_b__player")
           for r in (m.player_a, m.player_b)}
    final, _ = topcut_advance(event_id=event.pk, by=organizer_of(event), now=now(),
                           number=semifinals.number + 1)
    # During the final: the finalists are in the cut, nobody else is "playing".
    states = dashboard_states(event)
    assert set(states) == {"ann", "bea", "cal", "dan", "eve", "fay"}
    assert "playing" not in states.values()
    for name, state in states.items():
        expected = ("out of the top cut" if name in losers or name not in cut
                    else "in the top cut")
        assert state == expected, (name, state)

    settle(final)
    event_complete(event_id=event.pk, by=organizer_of(event), now=now())
    champion = final.matches.select_related("player_a__player").get().player_a.name
    states = dashboard_states(event)
    assert "playing" not in states.values()
    assert states.pop(champion) == "champion"
    assert set(states.values()) == {"finished"}


def test_players_are_playing_while_the_swiss_runs():
    event = OrganizedEventFactory(rounds=2)
    ListedSeatFactory.create_batch(2, event=event)  # with lists: the start asks nothing
    start(event)
    assert set(dashboard_states(event).values()) == {"playing"}


# Dropping before the start -------------------------------------------------------------------


def test_the_drop_message_before_the_start_does_not_talk_of_results():
    event = OrganizedEventFactory()
    player = UserFactory()
    SeatFactory(event=event, player=player)
    client = as_user(player)
    page = html(client.get(url("event", event.pk)))
    offer = re.search(r'<details class="drop">.*?<p>(.*?)</p>', page, flags=re.S).group(1)
    assert "results" not in offer and "you will not be paired" in offer
    done = html(client.post(url("drop", event.pk), follow=True))
    assert "You have dropped from" in done and "before it started" in done
    assert "Your results stay in the standings" not in done


def test_the_drop_message_while_the_event_runs_keeps_the_results():
    event = OrganizedEventFactory(rounds=2)
    player = UserFactory()
    SeatFactory(event=event, player=player)
    seats(event, "bea")
    start(event)
    client = as_user(player)
    assert "your results stay in the standings" in html(client.get(url("event", event.pk)))
    done = html(client.post(url("drop", event.pk), follow=True))
    assert "Your results stay in the standings" in done


# Agreement in number -------------------------------------------------------------------------


def test_one_swiss_round_is_not_1_swiss_rounds():
    event = OrganizedEventFactory(rounds=1)
    ListedSeatFactory.create_batch(2, event=event)  # with lists: the start asks nothing
    started = as_user(organizer_of(event)).post(url("event_start", event.pk), follow=True)
    page = html(started)
    assert "has started: 1 Swiss round. Pair round 1" in page
    assert "1 Swiss rounds" not in page and "1 Swiss round" in page  # the header too
    settle(pair(event))
    board = html(as_user(organizer_of(event)).get(url("dashboard", event.pk)))
    assert "The 1 Swiss round is played." in board and "All 1 Swiss rounds" not in board


def test_two_swiss_rounds_are_plural():
    event = OrganizedEventFactory(rounds=2)
    ListedSeatFactory.create_batch(2, event=event)  # with lists: the start asks nothing
    page = html(as_user(organizer_of(event)).post(url("event_start", event.pk), follow=True))
    assert "has started: 2 Swiss rounds." in page


# Replays -------------------------------------------------------------------------------------


def engine_game(match, number: int = 1, seed: int = 77) -> EngineGame:  # noqa: ANN001
    cat = load_catalogue()
    _, record = play_game((cat.deck(2), cat.deck(4)), seed, (RandomAgent(1), RandomAgent(2)))
    return EngineGameFactory(match=match, number=number, mode=GameMode.AUTO, seed=seed,
                             record=record.to_json(), winner=record.result, verified=True)


def test_a_top_cut_game_is_named_by_its_round_in_the_replay_not_round_5():
    event = OrganizedEventFactory(rounds=4, top_cut=4, status=EventStatus.TOP_CUT)
    semifinals = RoundFactory(event=event, number=5, stage=RoundStage.TOP_CUT)
    for table in (1, 2):
        ConfirmedMatchFactory(round=semifinals, table=table,
                              player_a=AISeatFactory(event=event, ai_name=f"X{table}"),
                              player_b=AISeatFactory(event=event, ai_name=f"Y{table}"))
    game = engine_game(semifinals.matches.get(table=2))
    page = html(Client().get(reverse("play:replay_engine", args=[game.pk])))
    assert f"Replay: {event.name}, Semifinals, table 2, game 1" in page
    assert "round 5" not in page.lower()
    api = Client().get(reverse("play-replay-engine", args=[game.pk]))
    assert api.json()["title"] == f"{event.name}, Semifinals, table 2, game 1"


def test_a_swiss_game_replay_still_names_its_round_and_table():
    event = OrganizedEventFactory()
    rnd = RoundFactory(event=event, number=3)
    match = ConfirmedMatchFactory(round=rnd, table=4,
                                  player_a=AISeatFactory(event=event, ai_name="P"),
                                  player_b=AISeatFactory(event=event, ai_name="Q"))
    page = html(Client().get(reverse("play:replay_engine", args=[engine_game(match).pk])))
    assert f"Replay: {event.name}, Round 3, table 4, game 1" in page


def test_the_match_page_links_a_replay_of_every_engine_played_game():
    event = OrganizedEventFactory()
    player = UserFactory()
    rnd = RoundFactory(event=event, number=1)
    match = ConfirmedMatchFactory(round=rnd, player_a=SeatFactory(event=event, player=player),
                                  player_b=AISeatFactory(event=event, ai_name="Bot"),
                                  engine_verified=True, is_ai_match=True)
    games = [engine_game(match, 1, 77), engine_game(match, 2, 78)]
    for viewer in (player, organizer_of(event)):
        page = html(as_user(viewer).get(url("match", event.pk, match.pk)))
        for game in games:
            link = reverse("play:replay_engine", args=[game.pk])
            assert f'href="{link}">Game {game.number}: replay</a>' in page
        # Each link opens its replay for that viewer.
        assert as_user(viewer).get(link).status_code == 200


def test_a_server_seeded_game_replays_only_once_its_match_is_confirmed():
    event = OrganizedEventFactory()
    player = UserFactory()
    rnd = RoundFactory(event=event, number=1)
    match = ConfirmedMatchFactory(round=rnd, player_a=SeatFactory(event=event, player=player),
                                  player_b=AISeatFactory(event=event, ai_name="Q"),
                                  status=MatchStatus.PENDING)
    game = engine_game(match)
    page = html(as_user(player).get(url("match", event.pk, match.pk)))
    assert reverse("play:replay_engine", args=[game.pk]) not in page
    assert "Game 1 <span class=\"muted\">(replay once the match is confirmed" in page


# The pods and the draft ----------------------------------------------------------------------


def test_the_pods_and_the_draft_are_linked_from_the_event_page_the_dashboard_and_me():
    event = draft_event(4)
    player = event.registrations.filter(is_ai=False).select_related("player").first().player
    pods, draft = url("pods", event.pk), url("draft", event.pk)
    page = html(as_user(player).get(url("event", event.pk)))
    assert f'href="{pods}"' in page and f'href="{draft}"' in page
    board = html(as_user(organizer_of(event)).get(url("dashboard", event.pk)))
    assert f'href="{pods}"' in board
    me = html(as_user(player).get(reverse("me")))
    assert f'href="{draft}"' in me and f'href="{pods}"' in me
    # A constructed event has no pods tab.
    other = OrganizedEventFactory(format="constructed")
    assert url("pods", other.pk) not in html(Client().get(url("event", other.pk)))


def test_the_organizer_links_each_players_registered_list_and_page():
    starter_kit()
    event = OrganizedEventFactory()
    player = UserFactory(username="ann")
    seat = registration_create(event_id=event.pk, by=player, now=now(), preconstructed_deck=2)
    board = html(as_user(organizer_of(event)).get(url("dashboard", event.pk)))
    assert f'href="{url("event_player", event.pk, seat.pk)}"' in board
    assert f'href="{url("seat_list", event.pk, seat.pk)}"' in board


# Messages start with their capital letter in the source -------------------------------------


def test_a_refused_organizer_action_is_capitalised_in_its_source_not_by_the_view():
    """The service's own words begin the sentence (the views used to upper-case the first
    letter, which is wrong for Turkish's dotted i)."""
    from core.errors import Conflict
    from tournaments.services.rounds import round_pair

    event = OrganizedEventFactory(rounds=2)
    ListedSeatFactory.create_batch(2, event=event)  # with lists: the start asks nothing
    start(event)
    pair(event)
    with pytest.raises(Conflict) as refused:
        round_pair(event_id=event.pk, by=organizer_of(event), now=now())
    assert refused.value.message.startswith("Round 1 still has results to confirm")
    page = html(as_user(organizer_of(event)).post(url("round_pair", event.pk),
                                                  {"number": 2}))
    assert "Round 1 still has results to confirm: table 1." in page


def test_the_input_refusal_page_is_capitalised_in_its_source():
    response = Client().get("/events/?q=a%00b")
    assert response.status_code == 400
    assert "The query string holds a NUL byte (%00)." in html(response)
    # The same words in the API's answer: the source has the capital, not a template filter.
    api = Client().get("/api/events/?q=a%00b")
    assert api.json()["error"]["message"] == "The query string holds a NUL byte (%00)"
