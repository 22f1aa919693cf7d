"""Online match games at time (ruling C-7.5c): once the round's clock with the table's extra
time is at zero, the game in play gets its turn cap lowered to the turn in progress plus two
when it is next touched (a move, its page, the AI seat's reply) or by the sweep; a game not
won by then is drawn, its record replays with that cap, no game of the match begins after
time, and the match's result (its games so far; one drawn game if none finished; a top-cut
match level at time disputed for the organizer) goes through the one result writer."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone, translation

from core.errors import Conflict
from engine.clash.time_rules import ADDITIONAL_TURNS
from play.models import GameStatus, OnlineGame
from play.selectors import ban_state, position_of
from play.selectors.positions import apply_token, legal_moves_of, to_move, verify
from play.services import online_game_act, online_game_ban, online_game_time_check
from tests.factories import UserFactory
from tests.play.conftest import eager  # noqa: F401 (the fixture)
from tests.tournaments.event_steps import organizer_of
from tests.tournaments.match_games.test_online_matches import (
    as_user,
    ban_out,
    person_of,
    scene,
    start,
)
from tournaments.models import (
    EngineGame,
    Match,
    MatchStatus,
    ResultAction,
    ResultChange,
    Round,
    RoundStage,
    RoundStatus,
)
from tournaments.services.clock import (
    match_time_extend,
    round_clock_add,
    round_clock_pause,
)
from tournaments.services.online_time import online_matches_at_time

# AI replies are tasks sent after commit: run them in-process, on a database that commits.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager")]

MIN = timedelta(minutes=1)


def clock_from(match, started_ago: timedelta, *, minutes: int = 50) -> None:
    """The round's clock of `minutes` started `started_ago` (past 50 minutes: time called)."""
    Round.objects.filter(pk=match.round_id).update(
        clock_minutes=minutes, clock_started_at=timezone.now() - started_ago)


def call_time(match) -> None:
    clock_from(match, 51 * MIN)


def history_in(match, language: str) -> tuple[str, str]:
    """The match page's history and the dashboard, as the organizer reads them in
    `language`."""
    client = as_user(organizer_of(match.round.event))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    event_id = match.round.event_id
    page = client.get(reverse("tournaments:match", args=[event_id, match.pk])).content.decode()
    dashboard = client.get(reverse("tournaments:dashboard", args=[event_id])).content.decode()
    translation.deactivate()
    return re.search(r'<ol class="audit">(.*?)</ol>', page, re.S)[1], dashboard


def users_of(game: OnlineGame) -> dict:
    return {0: game.player_a, 1: game.player_b}


def act(game: OnlineGame, token: str) -> OnlineGame:
    position = position_of(game)
    seat = to_move(position.game)
    return online_game_act(game_id=game.pk, user=users_of(game)[seat], token=token,
                           seen=len(game.actions), now=timezone.now())


def passive_token(game: OnlineGame) -> str:
    """End the turn when the rules allow it, else the first legal action (a choice that
    must be made first): a player who wins nothing."""
    position = position_of(game)
    legal = legal_moves_of(position.game, to_move(position.game))
    return "E" if "E" in legal else legal[0]


def play(game: OnlineGame, choose, *, until=None, limit: int = 4000) -> OnlineGame:
    """The persons play `choose(game)` until the game ends or `until(game)` holds."""
    for _ in range(limit):
        game.refresh_from_db()
        if game.status == GameStatus.FINISHED or (until is not None and until(game)):
            return game
        act(game, choose(game))
    pytest.fail("the game did not end")


def first_legal(game: OnlineGame) -> str:
    position = position_of(game)
    return legal_moves_of(position.game, to_move(position.game))[0]


def turn_of(game: OnlineGame) -> int:
    return position_of(game).game.turn


def dry_run(game: OnlineGame) -> tuple[int, str]:
    """The turn on which the game, both persons playing the first legal action from now on,
    ends, and its winner: played on a copy in the engine alone."""
    position = position_of(game)
    while position.game.winner is None:
        state = position.game
        apply_token(position, legal_moves_of(state, to_move(state))[0])
    return position.game.turn, "AB"[position.game.winner] if position.game.winner in (0, 1) \
        else "draw"


def changes(match, action=ResultAction.ENGINE):
    return list(ResultChange.objects.filter(match=match, action=action).order_by("pk"))


def test_a_game_against_an_ai_seat_at_time_ends_drawn_after_the_two_more_turns():
    match = scene(match_length=3, seed=41)
    player = person_of(match)
    game = start(match, player)
    game.refresh_from_db()
    call_time(match)
    # The next move is the touch that hears of it: the turn in progress plus two.
    turn = turn_of(game)
    game = act(game, passive_token(game))
    game.refresh_from_db()
    assert game.time_called_at is not None
    assert game.turn_cap == turn + ADDITIONAL_TURNS
    game = play(game, passive_token)
    assert game.status == GameStatus.FINISHED and game.winner == "draw"
    assert game.record["turn_cap"] == turn + ADDITIONAL_TURNS
    assert len(game.record["turns"]) == turn + ADDITIONAL_TURNS
    # The record replays with its cap, and with the usual cap it would not have ended.
    assert verify(game.record).ok
    assert not verify({**game.record, "turn_cap": 200}).ok
    engine_game = EngineGame.objects.get(match=match)
    assert engine_game.winner == "draw" and engine_game.verified and verify(engine_game.record)
    # A best of three at time is over after this game: a drawn Swiss match, 0-0-1.
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED and match.engine_verified
    assert (match.a_wins, match.b_wins, match.draws) == (0, 0, 1)
    (change,) = changes(match)
    assert "time was called" in change.note and change.after["draws"] == 1
    assert change.before["status"] == MatchStatus.PENDING
    assert not OnlineGame.objects.filter(match=match, game_number=2).exists()


def test_a_game_won_before_the_lowered_cap_is_won_and_the_swiss_match_ends_with_it():
    match = scene(match_length=3, a="person", b="person", seed=42)
    game = start(match, person_of(match))
    final_turn, winner = dry_run(game)
    assert winner in ("A", "B")
    # Time is called during the turn the game is won in.
    game = play(game, first_legal, until=lambda g: turn_of(g) == final_turn)
    call_time(match)
    game = play(game, first_legal)
    assert game.winner == winner and game.turn_cap == final_turn + ADDITIONAL_TURNS
    assert game.time_called_at is not None and verify(game.record).ok
    # A best of three 1-0 at time: no game 2, the Swiss match is won 1-0.
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED and match.engine_verified
    assert (match.a_wins, match.b_wins, match.draws) == ((1, 0, 0) if winner == "A"
                                                         else (0, 1, 0))
    (change,) = changes(match)
    assert "time was called" in change.note and ("1-0" in change.note or "0-1" in change.note)
    with pytest.raises(Conflict) as refused:
        start(match, person_of(match, "b"))
    assert refused.value.code in ("not_playable", "time_called")


def test_no_game_begins_after_time_and_the_match_ends_with_its_games_so_far():
    match = scene(match_length=3, a="person", b="person", seed=43)
    player = person_of(match)
    clock_from(match, 10 * MIN)
    game = play(start(match, player), first_legal)  # game 1, before time
    match.refresh_from_db()
    assert match.status == MatchStatus.PENDING  # one game of a best of three
    call_time(match)
    with pytest.raises(Conflict) as refused:
        start(match, player)
    assert refused.value.code == "time_called" and "no game begins" in refused.value.message
    assert not OnlineGame.objects.filter(match=match, game_number=2).exists()
    page = as_user(player).get(reverse("tournaments:match", args=[match.round.event_id,
                                                                   match.pk])).content.decode()
    assert "Time is called" in page and "time has been called" in page
    # Nobody touches the match: the sweep ends it with the one game.
    assert online_matches_at_time(now=timezone.now()) == {"capped": 0, "ended": 1}
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED and match.engine_verified
    won = (match.a_wins, match.b_wins, match.draws)
    assert won == ((1, 0, 0) if game.winner == "A" else (0, 1, 0))
    (change,) = changes(match)
    assert "time was called" in change.note and change.by is None
    # Running it again changes nothing.
    assert online_matches_at_time(now=timezone.now()) == {"capped": 0, "ended": 0}
    assert len(changes(match)) == 1


def test_the_sweep_lowers_the_cap_of_a_game_nobody_touches_and_its_page_counts_the_turns():
    match = scene(a="person", b="person", seed=44)
    game = start(match, person_of(match))
    game = play(game, passive_token, until=lambda g: len(g.actions) >= 1)
    call_time(match)
    turn = turn_of(game)
    assert online_matches_at_time(now=timezone.now()) == {"capped": 1, "ended": 0}
    game.refresh_from_db()
    assert game.turn_cap == turn + ADDITIONAL_TURNS and game.status == GameStatus.PLAYING
    assert online_matches_at_time(now=timezone.now()) == {"capped": 0, "ended": 0}
    mover = users_of(game)[to_move(position_of(game).game)]
    page = as_user(mover).get(reverse("play:game", args=[game.pk])).content.decode()
    assert "Time has been called: 3 turns left, this one included." in page
    # Through to the last turn.
    game = play(game, passive_token, until=lambda g: turn_of(g) == g.turn_cap)
    mover = users_of(game)[to_move(position_of(game).game)]
    page = as_user(mover).get(reverse("play:board", args=[game.pk])).content.decode()
    assert "Time has been called: this is the last turn." in page
    game = play(game, passive_token)
    page = as_user(mover).get(reverse("play:game", args=[game.pk])).content.decode()
    assert game.winner == "draw" and "A draw: time was called" in page
    match.refresh_from_db()
    assert (match.status, match.draws) == (MatchStatus.CONFIRMED, 1)


@pytest.fixture
def time_called_from_the_second_question():
    """The tournament's answer, but "not yet" to the first question asked: time is called
    between a person's move and the AI seat's reply."""
    from play import hooks
    from tournaments.services import play_hooks

    asked = []

    def answer(*, game, now):
        asked.append(game.pk)
        return len(asked) > 1 and play_hooks.time_called(game=game, now=now)

    hooks.time_called.register(answer)
    yield asked
    hooks.time_called.register(play_hooks.time_called)


def test_the_ai_seats_reply_is_a_touch_that_hears_of_time(time_called_from_the_second_question):
    match = scene(seed=52)
    player = person_of(match)
    game = start(match, player)
    game.refresh_from_db()
    call_time(match)
    turn = turn_of(game)
    time_called_from_the_second_question.clear()
    online_game_act(game_id=game.pk, user=player, token="E", seen=len(game.actions),
                    now=timezone.now())
    game.refresh_from_db()
    # The person's end of turn did not hear of it; the AI seat's turn that followed did.
    assert len(time_called_from_the_second_question) >= 2
    assert game.time_called_at is not None
    assert game.turn_cap == turn + 1 + ADDITIONAL_TURNS
    assert to_move(position_of(game).game) == 0  # the AI seat played its turn


def test_the_game_page_is_a_touch_that_hears_of_time():
    match = scene(seed=45)
    player = person_of(match)
    game = start(match, player)
    call_time(match)
    page = as_user(player).get(reverse("play:game", args=[game.pk])).content.decode()
    game.refresh_from_db()
    assert game.time_called_at is not None and "Time has been called" in page


def test_a_paused_clock_or_a_tables_extra_time_postpones_it():
    match = scene(a="person", b="person", seed=46)
    event = match.round.event
    game = start(match, person_of(match))
    clock_from(match, 55 * MIN)
    # Paused 54 minutes ago, 49 minutes before its end: time is not called.
    round_clock_pause(event_id=event.pk, number=1, by=organizer_of(event),
                      now=timezone.now() - 54 * MIN)
    game = act(game, passive_token(game))
    assert game.time_called_at is None and game.turn_cap == 200
    assert online_matches_at_time(now=timezone.now()) == {"capped": 0, "ended": 0}
    Round.objects.filter(pk=match.round_id).update(clock_paused_at=None)
    # Running again, the clock is past its end; ten minutes for this table put it off.
    match_time_extend(match_id=match.pk, by=organizer_of(event), now=timezone.now(),
                      minutes=10)
    game.refresh_from_db()
    game = act(game, passive_token(game))
    assert game.time_called_at is None
    assert online_matches_at_time(now=timezone.now()) == {"capped": 0, "ended": 0}
    # Once the extra time is over too.
    assert online_matches_at_time(now=timezone.now() + 6 * MIN) == {"capped": 1, "ended": 0}
    game.refresh_from_db()
    assert game.time_called_at is not None


def test_minutes_given_back_after_time_lift_the_cap_of_the_game_in_play():
    match = scene(a="person", b="person", seed=47)
    event = match.round.event
    game = start(match, person_of(match))
    call_time(match)
    game = act(game, passive_token(game))
    assert game.time_called_at is not None and game.turn_cap < 200
    round_clock_add(event_id=event.pk, number=1, by=organizer_of(event), now=timezone.now(),
                    minutes=10)
    game.refresh_from_db()
    game = act(game, passive_token(game))
    assert game.time_called_at is None and game.turn_cap == 200


def test_a_top_cut_match_level_at_time_goes_to_the_organizer():
    match = scene(a="person", b="person", seed=48)
    Round.objects.filter(pk=match.round_id).update(stage=RoundStage.TOP_CUT)
    match = Match.objects.get(pk=match.pk)
    game = start(match, person_of(match))
    call_time(match)
    game = play(game, passive_token)
    assert game.winner == "draw" and game.turn_cap < 200 and verify(game.record).ok
    match.refresh_from_db()
    assert match.status == MatchStatus.DISPUTED
    (change,) = changes(match)
    assert "the organizer sets it" in change.note and "C-7.5b" in change.note
    assert match.round.status == RoundStatus.PLAYING
    # Each reader reads the note in their language, the rulings cited in it.
    history, dashboard = history_in(match, "ru")
    said = ("время истекло при равном счёте 0-0-1: в матче плей-офф нужен победитель, и его "
            "определяет организатор (толкования C-7.5b и C-7.5c)")
    assert said in history and said in dashboard
    assert "ruling" not in history and "time was called" not in dashboard
    history, _ = history_in(match, "en")
    assert "(rulings C-7.5b and C-7.5c)" in history


def test_a_game_in_its_ban_step_at_time_is_not_played_and_the_match_is_one_drawn_game():
    match = scene(fmt="constructed", a="person", b="person", seed=49)
    game = start(match, person_of(match))
    assert game.status == GameStatus.BANNING
    call_time(match)
    state = ban_state(game)
    users = users_of(game)
    with pytest.raises(Conflict) as refused:
        online_game_ban(game_id=game.pk, user=users["AB".index(state.to_ban)],
                        card=state.remaining("B" if state.to_ban == "A" else "A")[0],
                        seen=len(state.bans), now=timezone.now())
    assert refused.value.code == "time_called"
    page = as_user(users[0]).get(reverse("play:game", args=[game.pk])).content.decode()
    assert "no game begins after it" in page
    assert online_matches_at_time(now=timezone.now()) == {"capped": 0, "ended": 1}
    assert not OnlineGame.objects.filter(match=match).exists()
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED and not match.engine_verified
    assert (match.a_wins, match.b_wins, match.draws) == (0, 0, 1)
    (change,) = changes(match)
    assert "before any game finished: one drawn game" in change.note
    assert "ban step" in change.note
    history, _ = history_in(match, "sr")
    assert ("време је истекло пре него што се иједна игра завршила: једна нерешена игра; игра "
            "1 је била у уклањању карата и није одиграна (тумачење C-7.5c)") in history


def test_a_match_played_at_the_table_is_not_the_sweeps():
    match = scene(a="person", b="person", seed=50)
    call_time(match)
    assert online_matches_at_time(now=timezone.now()) == {"capped": 0, "ended": 0}
    match.refresh_from_db()
    assert match.status == MatchStatus.PENDING and not changes(match)


def test_time_check_of_a_banned_out_game_and_a_finished_one_changes_nothing():
    match = scene(fmt="constructed", a="person", b="person", seed=51)
    game = start(match, person_of(match))
    ban_out(game)
    game.refresh_from_db()
    assert game.status == GameStatus.PLAYING
    game = play(game, first_legal)
    call_time(match)
    assert not online_game_time_check(game_id=game.pk, now=timezone.now())
    game.refresh_from_db()
    assert game.time_called_at is None


def test_the_api_says_time_is_called_and_the_turns_left():
    match = scene(a="person", b="person", seed=53)
    game = start(match, person_of(match))
    url = f"/api/play/games/{game.pk}/"
    before = as_user(game.player_a).get(url).json()
    assert before["turn_cap"] == 200 and before["time_called_at"] is None
    assert before["turns_left"] is None
    call_time(match)
    after = as_user(game.player_a).get(url).json()
    assert after["turn_cap"] == turn_of(game) + ADDITIONAL_TURNS
    assert after["time_called_at"] is not None and after["turns_left"] == 3
    # Not the other players' business: someone else gets 404.
    assert as_user(UserFactory()).get(url).status_code == 404


def test_celery_beat_sends_the_sweep_and_its_task_runs_it():
    from django.conf import settings

    from tournaments.tasks import online_matches_at_time_task

    entry = settings.CELERY_BEAT_SCHEDULE["sweep-online-games-at-time"]
    assert entry == {"task": "tournaments.online_matches_at_time",
                     "schedule": settings.CLASH_TIME_SWEEP_SECONDS}
    assert online_matches_at_time_task.name == entry["task"]
    match = scene(a="person", b="person", seed=54)
    start(match, person_of(match))
    call_time(match)
    assert online_matches_at_time_task.delay().get() == {"capped": 1, "ended": 0}
