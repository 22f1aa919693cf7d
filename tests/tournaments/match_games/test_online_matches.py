"""A tournament match played online: a player of a Clash of Decks match against an AI seat or
another person starts (or resumes) game N on its page, with the decks the event plays; in
the constructed format the ban-two procedure (rule C-2.5) comes first; each finished game
becomes a verified EngineGame and the games that decide the match confirm its result as the
engine's, exactly once. Only the two players open the game; organizers watch its replay."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from decks.services.decklists import decklist_create, decklist_create_drafted
from engine.clash.cards import load_catalogue
from engine.clash.formats import BanState, ValuePolicy
from engine.clash.rng import Rng
from play.models import GameStatus, OnlineGame
from play.selectors import ban_state, position_of
from play.selectors.positions import legal_moves_of, to_move, verify
from play.services import online_game_act, online_game_ban
from tests.factories import UserFactory, give_starter_kit, starter_kit
from tests.factories.decklists import LIST_A
from tests.factories.play import OnlineGameFactory
from tests.factories.tournaments import (
    AISeatFactory,
    DraftPairFactory,
    MatchRowFactory,
    OrganizedEventFactory,
    PodFactory,
    PodSeatFactory,
    RoundRowFactory,
    SeatFactory,
)
from tests.play.conftest import eager  # noqa: F401 (the fixture)
from tournaments.models import (
    EngineGame,
    EventStatus,
    GameMode,
    Match,
    MatchStatus,
    ResultAction,
    ResultChange,
    RoundStatus,
)
from tournaments.selectors.registrations import deck_for
from tournaments.services.online_games import (
    match_game_finished,
    match_online_game_start,
    online_game_seed,
)

# AI replies are tasks sent after commit: run them in-process, on a database that commits.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager")]


def list_b() -> list[str]:
    names = [card.name for card in load_catalogue().cards if card.name not in LIST_A]
    return names[:10]


def as_user(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def seat(event, user, *, cards=None, deck=None):
    version = None
    if cards is not None:
        give_starter_kit(user)
        version = decklist_create(user=user, name="Mine", kind="constructed", cards=cards,
                                  now=timezone.now()).versions.get()
    elif deck is not None:
        version = decklist_create(user=user, name="Precon", kind="preconstructed",
                                  preconstructed_deck=deck, now=timezone.now()).versions.get()
    return SeatFactory(event=event, player=user, decklist_version=version)


def scene(*, fmt="preconstructed", match_length=1, a="person", b="ai", seed=21):
    """A running event whose round 1 has one match; `a` and `b` are "person" or "ai"."""
    event = OrganizedEventFactory(format=fmt, match_length=match_length, seed=seed,
                                  status=EventStatus.RUNNING, rounds=3)
    sides = []
    for label, name, deck, cards in (("A", a, 1, LIST_A), ("B", b, 2, list_b())):
        if name == "ai":
            sides.append(AISeatFactory(event=event, ai_name=f"AI {label}"))
        else:
            user = UserFactory(username=f"player-{label.lower()}-{seed}")
            sides.append(seat(event, user, cards=cards if fmt == "constructed" else None,
                              deck=deck if fmt == "preconstructed" else None))
    rnd = RoundRowFactory(event=event, number=1, status=RoundStatus.PLAYING, seed=1,
                          paired_at=timezone.now())
    match = MatchRowFactory(round=rnd, table=1, player_a=sides[0], player_b=sides[1],
                            is_ai_match=a == "ai" or b == "ai")
    return match


def users_of(game: OnlineGame) -> dict:
    return {0: game.player_a, 1: game.player_b}


def start(match, user) -> OnlineGame:
    return match_online_game_start(match_id=match.pk, user=user, now=timezone.now())


def ban_out(game: OnlineGame) -> None:
    """Both persons ban (the first card of the other's remaining list) until the game begins."""
    users = users_of(game)
    while game.status == GameStatus.BANNING:
        state = ban_state(game)
        seat_index = "AB".index(state.to_ban)
        target = state.remaining("B" if state.to_ban == "A" else "A")
        online_game_ban(game_id=game.pk, user=users[seat_index], card=target[0],
                        seen=len(state.bans), now=timezone.now())
        game.refresh_from_db()


def play_out(game: OnlineGame, limit: int = 4000) -> OnlineGame:
    """Each person plays the first legal action until the game ends."""
    users = users_of(game)
    for _ in range(limit):
        game.refresh_from_db()
        if game.status == GameStatus.FINISHED:
            return game
        position = position_of(game)
        seat_index = to_move(position.game)
        token = legal_moves_of(position.game, seat_index)[0]
        online_game_act(game_id=game.pk, user=users[seat_index], token=token,
                        seen=len(game.actions), now=timezone.now())
    pytest.fail("the game did not end")


def person_of(match, side="a"):
    return getattr(match, f"player_{side}").player


def test_a_player_plays_game_1_against_an_ai_seat_and_the_engine_confirms_the_match():
    match = scene()
    player = person_of(match)
    response = as_user(player).post(reverse("play:match_game", args=[match.pk]))
    game = OnlineGame.objects.get(match=match)
    assert response.status_code == 302 and response.url == reverse("play:game", args=[game.pk])
    assert game.game_number == 1 and game.player_a == player and game.player_b is None
    page = as_user(player).get(response.url).content.decode()
    assert f"{match.round.event.name}: game 1 online" in page and "The match" in page
    # The AI seat goes by the name its match page gives it.
    assert match.player_b.name in page and "the AI player (" not in page
    event = match.round.event
    assert game.seed == online_game_seed(event, match, 1)
    assert game.decks == {"A": load_catalogue().deck(1), "B": deck_for(match.player_b, event)}
    game = play_out(game)
    engine_game = EngineGame.objects.get(match=match)
    assert (engine_game.number, engine_game.mode, engine_game.seed) == (1, GameMode.ONLINE,
                                                                         game.seed)
    assert engine_game.verified and engine_game.winner == game.winner
    assert engine_game.record == game.record and verify(engine_game.record).ok
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED and match.engine_verified
    assert (match.a_wins, match.b_wins, match.draws) == (
        int(game.winner == "A"), int(game.winner == "B"), int(game.winner == "draw"))
    assert ResultChange.objects.filter(match=match, action=ResultAction.ENGINE).count() == 1
    match.round.refresh_from_db()
    assert match.round.status == RoundStatus.COMPLETE
    # Nobody reported: the match page says none was needed rather than "nothing yet".
    page = as_user(player).get(reverse("tournaments:match", args=[event.pk, match.pk]))
    text = page.content.decode()
    assert "none needed: the engine played or replayed the games" in text
    assert "nothing yet" not in text


def test_the_seeds_are_the_events_match_and_game_number():
    one, two = scene(seed=5), scene(seed=5)
    assert online_game_seed(one.round.event, one, 1) != online_game_seed(one.round.event, one, 2)
    assert online_game_seed(one.round.event, one, 1) == online_game_seed(one.round.event, one, 1)
    # The same round and table of an event with the same seed (the event again, elsewhere):
    # the same game, whatever the rows' ids; another seed, another game.
    assert (one.round.number, one.table) == (two.round.number, two.table) and one.pk != two.pk
    assert online_game_seed(one.round.event, one, 1) == online_game_seed(two.round.event, two, 1)
    three = scene(seed=6)
    assert online_game_seed(one.round.event, one, 1) != online_game_seed(three.round.event,
                                                                         three, 1)


def test_a_double_click_starts_one_game_and_the_database_refuses_a_second():
    match = scene()
    player = person_of(match)
    client = as_user(player)
    first = client.post(reverse("play:match_game", args=[match.pk]))
    second = client.post(reverse("play:match_game", args=[match.pk]))
    assert first.url == second.url
    game = OnlineGame.objects.get(match=match)
    with pytest.raises(IntegrityError), transaction.atomic():
        OnlineGameFactory(kind="duel", match=match, game_number=1, player_a=player,
                          ai_level="random", seed=1)
    assert OnlineGame.objects.filter(match=match).count() == 1 and start(match, player) == game


def test_a_best_of_three_offers_a_further_game_until_the_match_is_decided():
    match = scene(match_length=3, seed=33)
    player = person_of(match)
    numbers = []
    for _ in range(3):
        match.refresh_from_db()
        if match.status == MatchStatus.CONFIRMED:
            break
        page = as_user(player).get(reverse("tournaments:match",
                                           args=[match.round.event_id, match.pk]))
        assert f"Start game {len(numbers) + 1} online" in page.content.decode()
        game = play_out(start(match, player))
        numbers.append(game.game_number)
    match.refresh_from_db()
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 2
    games = list(EngineGame.objects.filter(match=match).order_by("number"))
    winners = [g.winner for g in games]
    assert match.status == MatchStatus.CONFIRMED and match.engine_verified
    assert (match.a_wins, match.b_wins, match.draws) == (
        winners.count("A"), winners.count("B"), winners.count("draw"))
    assert max(match.a_wins, match.b_wins) == 2 or len(games) == 3
    # Decided: no further game, and the page offers none.
    from core.errors import Conflict

    with pytest.raises(Conflict):
        start(match, player)
    page = as_user(player).get(reverse("tournaments:match", args=[match.round.event_id,
                                                                  match.pk]))
    assert "online</button>" not in page.content.decode()


def test_an_ai_seat_as_player_a_keeps_the_matchs_sides():
    match = scene(a="ai", b="person", seed=44)
    player = person_of(match, "b")
    game = start(match, player)
    assert game.player_a is None and game.player_b == player and game.ai_level
    event = match.round.event
    assert game.decks == {"A": deck_for(match.player_a, event), "B": load_catalogue().deck(2)}
    game = play_out(game)
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED
    assert match.a_wins == int(game.winner == "A") and match.b_wins == int(game.winner == "B")


def test_two_persons_ban_two_in_turn_then_play_the_eight_cards_each():
    from core.errors import Conflict, DomainError

    match = scene(fmt="constructed", a="person", b="person", seed=55)
    alice, bob = person_of(match, "a"), person_of(match, "b")
    game = start(match, alice)
    assert game.status == GameStatus.BANNING and game.decks == {}
    assert start(match, bob) == game  # the other player resumes the same game
    # Step 1 is B's (ban order B, A, A, B): A's page waits and polls, A's ban is refused.
    page = as_user(alice).get(reverse("play:game", args=[game.pk])).content.decode()
    assert "Waiting for player-b-55 to ban" in page and 'data-waiting="1"' in page
    assert 'name="ban"' not in page
    with pytest.raises(Conflict):
        online_game_ban(game_id=game.pk, user=alice, card=list_b()[0], seen=0,
                        now=timezone.now())
    page = as_user(bob).get(reverse("play:game", args=[game.pk])).content.decode()
    assert f'name="ban" value="{LIST_A[0]}"' in page
    # A card of one's own list, or none at all, is refused with the engine's reason.
    refused = as_user(bob).post(reverse("play:game", args=[game.pk]),
                                {"ban": list_b()[0], "n": 0})
    assert refused.status_code == 400 and "your own list" in refused.content.decode()
    with pytest.raises(DomainError):
        online_game_ban(game_id=game.pk, user=bob, card="NOT A CARD", seen=0,
                        now=timezone.now())
    assert as_user(bob).post(reverse("play:game", args=[game.pk]),
                             {"ban": LIST_A[0], "n": 0}).status_code == 302
    stale = as_user(bob).post(reverse("play:game", args=[game.pk]), {"ban": LIST_A[1], "n": 0})
    assert stale.status_code == 409
    game.refresh_from_db()
    ban_out(game)
    state = BanState(LIST_A, list_b())
    for card in game.bans["bans"]:
        state.ban(state.to_ban, card)
    assert game.status == GameStatus.PLAYING
    assert (game.decks["A"], game.decks["B"]) == state.decks()
    assert len(game.decks["A"]) == len(game.decks["B"]) == 8
    play_out(game)
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED and match.engine_verified


def test_against_an_ai_seat_the_ai_bans_by_the_engines_policy_at_once():
    match = scene(fmt="constructed", a="person", b="ai", seed=66)
    player = person_of(match)
    game = start(match, player)
    state = ban_state(game)
    assert game.status == GameStatus.BANNING and len(state.bans) == 1  # B banned at step 1
    assert state.to_ban == "A"
    for _ in range(2):  # A's two bans; then B's answer comes at once
        state = ban_state(game)
        online_game_ban(game_id=game.pk, user=player, card=state.remaining("B")[0],
                        seen=len(state.bans), now=timezone.now())
        game.refresh_from_db()
    assert game.status == GameStatus.PLAYING and len(game.bans["bans"]) == 4
    # B's first ban is the engine's value policy, seeded by the game and the step.
    lists = (deck_for(match.player_a, match.round.event), deck_for(match.player_b,
                                                                  match.round.event))
    expected = ValuePolicy.from_file().choose_ban(BanState(*lists).view(), "B",
                                                  Rng.stream(game.seed, "ban-ai-B-0"))
    assert game.bans["bans"][0] == expected


def test_the_later_games_of_a_constructed_match_keep_the_decks_of_its_bans():
    match = scene(fmt="constructed", match_length=3, a="person", b="person", seed=77)
    alice = person_of(match, "a")
    first = start(match, alice)
    ban_out(first)
    first.refresh_from_db()
    play_out(first)
    second = start(match, alice)
    assert second.game_number == 2 and second.status == GameStatus.PLAYING
    assert second.decks == first.decks and second.bans is None


def test_a_draft_ai_seat_plays_the_cards_its_pod_drafted():
    event = OrganizedEventFactory(format="draft", match_length=1, seed=9,
                                  status=EventStatus.RUNNING, rounds=3)
    player = UserFactory(username="drafter")
    starter_kit()
    drafted = sorted(card.name for card in load_catalogue().cards)[:8]
    version = decklist_create_drafted(user=player, name="Drafted", cards=drafted,
                                      now=timezone.now()).versions.get()
    person = SeatFactory(event=event, player=player, decklist_version=version)
    ai = AISeatFactory(event=event, ai_name="AI 1")
    pod = PodFactory(event=event, number=1)
    pair = DraftPairFactory(pod=pod, number=1, seed=1, status="done", record={})
    ai_cards = sorted(card.name for card in load_catalogue().cards)[8:16]
    PodSeatFactory(pod=pod, number=1, pair=pair, side="A", registration=person, cards=drafted)
    PodSeatFactory(pod=pod, number=2, pair=pair, side="B", registration=ai, cards=ai_cards)
    rnd = RoundRowFactory(event=event, number=1, status=RoundStatus.PLAYING, seed=1,
                          paired_at=timezone.now())
    match = MatchRowFactory(round=rnd, table=1, player_a=person, player_b=ai,
                            is_ai_match=True)
    game = start(match, player)
    assert game.decks == {"A": drafted, "B": ai_cards}


def test_only_the_two_players_open_the_game_and_organizers_watch_the_finished_replay():
    match = scene(seed=88)
    player = person_of(match)
    organizer = match.round.event.organizers.get()
    stranger = UserFactory(username="stranger")
    game = start(match, player)
    for user in (stranger, organizer):
        client = as_user(user)
        assert client.post(reverse("play:match_game", args=[match.pk])).status_code == 404
        assert client.get(reverse("play:game", args=[game.pk])).status_code == 404
        assert client.get(reverse("play:board", args=[game.pk])).status_code == 404
        assert client.post(reverse("play:game", args=[game.pk]),
                           {"action": "E", "n": len(game.actions)}).status_code == 404
    game = play_out(game)
    assert as_user(organizer).get(reverse("play:replay", args=[game.pk])).status_code == 200
    assert as_user(player).get(reverse("play:replay", args=[game.pk])).status_code == 200
    assert as_user(stranger).get(reverse("play:replay", args=[game.pk])).status_code == 404
    assert Client().get(reverse("play:replay", args=[game.pk])).status_code == 404


def test_a_finished_game_recorded_twice_writes_one_game_and_one_result():
    match = scene(seed=99)
    game = play_out(start(match, person_of(match)))
    with transaction.atomic():
        match_game_finished(game=OnlineGame.objects.select_for_update().get(pk=game.pk),
                            now=timezone.now())
    assert EngineGame.objects.filter(match=match).count() == 1
    assert ResultChange.objects.filter(match=match, action=ResultAction.ENGINE).count() == 1


def test_no_online_game_for_a_confirmed_match():
    from core.errors import Conflict

    match = scene(seed=12)
    player = person_of(match)
    Match.objects.filter(pk=match.pk).update(status=MatchStatus.CONFIRMED, a_wins=1,
                                             b_wins=0, draws=0)
    with pytest.raises(Conflict, match="confirmed"):
        start(match, player)
    response = as_user(player).post(reverse("play:match_game", args=[match.pk]))
    assert response.status_code == 302 and "/matches/" in response.url
    assert not OnlineGame.objects.filter(match=match).exists()


def test_the_match_page_offers_the_game_to_its_players_only():
    match = scene(seed=14)
    player = person_of(match)
    url = reverse("tournaments:match", args=[match.round.event_id, match.pk])
    assert "Start game 1 online" in as_user(player).get(url).content.decode()
    organizer = match.round.event.organizers.get()
    assert "online</button>" not in as_user(organizer).get(url).content.decode()
    start(match, player)
    assert "Resume game 1 online" in as_user(player).get(url).content.decode()
