"""Every match on the pairings, the bracket and a player's page links to its match page and to
the replays of its games, for whoever may open them, and to nobody else: a person's list
stays hidden (a game's record holds both decks) until the event publishes its lists, and the
match page stays with its players and the organizers. Each viewer below follows every link
the page gives them, and is refused every replay it does not."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from engine.clash.ai import RandomAgent
from engine.clash.cards import load_catalogue
from engine.clash.game import play_game
from tests.factories import UserFactory
from tests.factories.tournaments import (
    AISeatFactory,
    ConfirmedMatchFactory,
    EngineGameFactory,
    OrganizedEventFactory,
    RoundFactory,
    SeatFactory,
)
from tests.tournaments.event_steps import now, organizer_of, pair, seats, settle, start
from tournaments.models import Event, GameMode, MatchStatus, RoundStage, RoundStatus
from tournaments.services.decklists import event_lists_publish

pytestmark = pytest.mark.django_db

REPLAY = re.compile(r'href="/play/replay/engine/(\d+)/"')


def game(match, number: int, seed: int) -> int:  # noqa: ANN001
    """A finished, replayable game of the match (a real record of two preconstructed decks)."""
    catalogue = load_catalogue()
    _, record = play_game((catalogue.deck(1), catalogue.deck(3)), seed,
                          (RandomAgent(seed), RandomAgent(seed + 1)))
    return EngineGameFactory(match=match, number=number, mode=GameMode.AUTO, seed=seed,
                             record=record.to_json(), winner=record.result).pk


@pytest.fixture
def world() -> dict:
    """Round 1: alice-bob (2 games), two AI seats (1 game), carol-AI Z (1 game), all confirmed;
    round 2: alice-carol still being played; a top-cut final alice-bob (1 game)."""
    olga = UserFactory(username="olga")
    event = OrganizedEventFactory(organizers=[olga], status="complete", rounds=2, top_cut=4)
    alice, bob, carol = (SeatFactory(event=event, player=UserFactory(username=n))
                         for n in ("alice", "bob", "carol"))
    x, y, z = (AISeatFactory(event=event, ai_name=n) for n in ("AI X", "AI Y", "AI Z"))
    one = RoundFactory(event=event, number=1)
    people = ConfirmedMatchFactory(round=one, table=1, player_a=alice, player_b=bob)
    machines = ConfirmedMatchFactory(round=one, table=2, player_a=x, player_b=y)
    mixed = ConfirmedMatchFactory(round=one, table=3, player_a=carol, player_b=z)
    two = RoundFactory(event=event, number=2, status=RoundStatus.PLAYING)
    open_match = ConfirmedMatchFactory(round=two, table=1, player_a=alice, player_b=carol,
                                       status=MatchStatus.PENDING, a_wins=None, b_wins=None,
                                       draws=None, confirmed_at=None)
    final = RoundFactory(event=event, number=3, stage=RoundStage.TOP_CUT)
    top = ConfirmedMatchFactory(round=final, table=1, player_a=alice, player_b=bob)
    games = {"people": [game(people, 1, 11), game(people, 2, 12)],
             "machines": [game(machines, 1, 13)], "mixed": [game(mixed, 1, 14)],
             "final": [game(top, 1, 15)]}
    return {"event": event, "olga": olga, "alice": alice.player, "carol": carol.player,
            "seats": {"alice": alice, "carol": carol}, "games": games,
            "matches": {"people": people, "machines": machines, "mixed": mixed,
                        "open": open_match, "final": top}}


def pages(world: dict) -> dict[str, str]:
    event = world["event"]
    return {
        "pairings": reverse("tournaments:pairings", args=[event.pk]) + "?round=1",
        "bracket": reverse("tournaments:bracket", args=[event.pk]),
        "alice's page": reverse("tournaments:event_player",
                                args=[event.pk, world["seats"]["alice"].pk]),
        "carol's page": reverse("tournaments:event_player",
                                args=[event.pk, world["seats"]["carol"].pk]),
    }


def links(client, url: str) -> tuple[set[int], set[int]]:  # noqa: ANN001
    """The replays and the match pages a page links, by their ids."""
    text = client.get(url).content.decode()
    match_links = {int(n) for n in re.findall(r'href="/events/\d+/matches/(\d+)/"', text)}
    return {int(n) for n in REPLAY.findall(text)}, match_links


def every_game(world: dict) -> set[int]:
    return {pk for pks in world["games"].values() for pk in pks}


def follow(client, world: dict, replays: set[int]) -> None:  # noqa: ANN001
    """Each linked replay opens; each game not linked is refused (nothing leaks)."""
    for pk in every_game(world):
        status = client.get(reverse("play:replay_engine", args=[pk])).status_code
        assert status == (200 if pk in replays else 404), pk


def seen_on_all_pages(client, world: dict) -> tuple[set[int], set[int]]:  # noqa: ANN001
    replays: set[int] = set()
    matches: set[int] = set()
    for url in pages(world).values():
        shown, linked = links(client, url)
        replays |= shown
        matches |= linked
    return replays, matches


def test_a_visitor_replays_only_the_games_of_two_ai_seats_while_the_lists_are_hidden(
        client, world):
    """Today no page linked a single game."""
    replays, matches = seen_on_all_pages(client, world)
    assert replays == set(world["games"]["machines"])
    assert matches == set()
    follow(client, world, replays)


def test_a_player_replays_their_own_matches_and_opens_their_match_pages(client, world):
    client.force_login(world["alice"])
    replays, matches = seen_on_all_pages(client, world)
    g, m = world["games"], world["matches"]
    assert replays == set(g["people"] + g["machines"] + g["final"])
    assert matches == {m["people"].pk, m["open"].pk, m["final"].pk}
    follow(client, world, replays)
    for pk in matches:
        match_url = reverse("tournaments:match", args=[world["event"].pk, pk])
        assert client.get(match_url).status_code == 200


def test_another_player_sees_no_more_than_a_visitor(client, world):
    client.force_login(UserFactory(username="mallory"))
    replays, matches = seen_on_all_pages(client, world)
    assert replays == set(world["games"]["machines"]) and matches == set()
    follow(client, world, replays)


def test_the_organizer_reaches_every_match_and_every_game(client, world):
    client.force_login(world["olga"])
    replays, matches = seen_on_all_pages(client, world)
    assert replays == every_game(world)
    assert matches == {m.pk for m in world["matches"].values() if m.player_b_id}
    follow(client, world, replays)


def test_once_the_lists_are_published_anyone_replays_every_game_but_not_the_match_pages(
        client, world):
    Event.objects.filter(pk=world["event"].pk).update(lists_published=True)
    replays, matches = seen_on_all_pages(client, world)
    assert replays == every_game(world) and matches == set()
    follow(client, world, replays)


def test_a_match_still_being_played_links_no_replay_even_for_its_players(client, world):
    """A game the server seeded holds its seed: its record waits until the match is over."""
    open_game = game(world["matches"]["open"], 1, 16)
    client.force_login(world["carol"])
    replays, _ = seen_on_all_pages(client, world)
    assert open_game not in replays
    assert set(world["games"]["mixed"]) <= replays


def test_publishing_the_lists_shows_the_replays_on_the_pages_kept_for_visitors(client):
    """The pairings are kept per results version for visitors: publishing changes what they
    show, so it is a new version."""
    event = OrganizedEventFactory(organizers=[UserFactory(username="olga")], rounds=2)
    seats(event, "alice bob carol dave")
    start(event)
    rnd = pair(event)
    settle(rnd)
    played = [game(m, 1, 20 + m.table) for m in rnd.matches.all()]
    url = reverse("tournaments:pairings", args=[event.pk])
    assert REPLAY.findall(client.get(url).content.decode()) == []
    event_lists_publish(event_id=event.pk, by=organizer_of(event), now=now())
    assert {int(n) for n in REPLAY.findall(client.get(url).content.decode())} == set(played)
