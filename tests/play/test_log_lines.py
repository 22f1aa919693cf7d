"""The game's event log in the reader's language: each engine event (engine/clash/events.py)
is one whole sentence of the catalogues, English word for word as the engine writes it, and
no English left in the other languages; the game page, the replay page and their API answers
show it, and the API gives the events' codes and values too."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from engine.clash import events as ev
from engine.clash.ai import make_agent
from engine.clash.cards import load_catalogue
from engine.clash.game import play_game
from engine.clash.solo import SoloOptions, play_solo_game
from play.presenters.games import API_LOG_LINES
from play.presenters.log_lines import SENTENCES, event_data, log_line, log_lines
from play.selectors import position_of
from play.selectors.positions import legal_moves_of, to_move
from play.services import invitation_create, invitation_join, online_game_act
from play.views.games import LOG_LINES as PAGE_LOG_LINES
from tests.engine.test_events import DUEL_SEED_3, SOLO_SEED_1_START, duel_log, sample
from tests.factories import UserFactory
from tests.play.test_api import api

CAT = load_catalogue()
LANGUAGES = ("sr", "sr-latn", "eo", "tr", "cs", "ru")
# Words of the English sentences that no other language's sentence may hold (card names are
# capitals and stay as printed; "Bastion", "Fort", "Mana" and "Sprint" are printed words of
# some rulebooks, docs/glossary.md).
ENGLISH = ("the", "gains", "ends", "plays", "casts", "takes", "damage", "enters", "sprints",
           "attacks", "hits", "splash", "pierce", "destroyed", "becomes", "reveals", "places",
           "survives", "wins", "left", "lane", "automaton", "player", "coin", "creature",
           "creatures", "turn", "turns", "phase", "top", "bottom", "discard", "nothing",
           "absorbs", "again", "exposed", "draw", "solo", "game", "first", "cap", "reached",
           "happens", "shuffled", "last", "card", "cards", "from", "its", "it", "at", "to", "of")


def seeded_logs() -> list[list[tuple]]:
    """The logs of a few seeded games: duels of random and greedy players, solo games with
    the automaton first, on its Fort, with resistance and its mana per creature."""
    logs = []
    for seed, levels in ((3, ("random", "random")), (11, ("greedy", "scripted")),
                         (20, ("random", "greedy"))):
        log: list[tuple] = []
        play_game((CAT.deck(seed % 4 + 1), CAT.deck((seed + 1) % 4 + 1)), seed,
                  (make_agent(levels[0], seed), make_agent(levels[1], seed + 1)),
                  catalogue=CAT, log=log, turn_cap=6 if seed == 3 else 40)
        logs.append(log)
    for seed, options, level in ((1, SoloOptions(resistance=True), 2),
                                 (2, SoloOptions(first="ai", endurance="fort",
                                                 resistance=True), 2),
                                 (4, SoloOptions(first="ai"), 1),
                                 (5, SoloOptions(fixed_mana=8, mana_per_creature=2,
                                                 ability="splash"), 5)):
        log = []
        play_solo_game(seed, make_agent("random", seed), deck=seed % 4 + 1, options=options,
                       level=level, catalogue=CAT, log=log, chooses_returns=seed == 2)
        logs.append(log)
    return logs


def english_words(text: str) -> set[str]:
    """The words of `text` that are English words of the log."""
    return set(re.findall(r"\w+", text.lower())) & set(ENGLISH)


NUMBERS = frozenset(("turn", "mana", "damage", "count", "position", "fixed", "per_creature",
                     "creatures", "turn_cap"))


def event_of(code: str, *, count: int = 1, lane: int = 1) -> tuple:
    """An event of `code` (the card OGRE, the target ZOMBIE, seat B) whose numbers are
    `count`, in `lane`."""
    return tuple(count if f in NUMBERS else lane if f == "lane" else v
                 for f, v in zip(("code", *ev.FIELDS[code]), sample(code), strict=True))


def test_every_code_of_the_engine_has_its_sentence():
    assert set(SENTENCES) == set(ev.CODES)


def test_in_english_a_seeded_game_reads_as_the_engine_wrote_it():
    with translation.override("en"):
        assert log_lines(duel_log(), CAT) == DUEL_SEED_3
        log: list[tuple] = []
        play_solo_game(1, make_agent("random", 1), deck=2, options=SoloOptions(resistance=True),
                       level=2, catalogue=CAT, log=log, turn_cap=21)
        assert log_lines(log, CAT)[:len(SOLO_SEED_1_START)] == SOLO_SEED_1_START
        for log in seeded_logs():
            assert log_lines(log, CAT) == ev.render_all(log, CAT)


@pytest.mark.parametrize("count", [0, 1, 2, 5, 21])
@pytest.mark.parametrize("code", ev.CODES)
def test_in_english_every_code_reads_as_the_engine_writes_it(code, count):
    for lane in (0, 1):
        event = event_of(code, count=count, lane=lane)
        with translation.override("en"):
            assert log_line(event, CAT) == ev.render(event, CAT)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_english_is_left_in_a_seeded_games_log(language):
    for log in seeded_logs():
        english = ev.render_all(log, CAT)
        with translation.override(language):
            lines = log_lines(log, CAT)
        for event, line, original in zip(log, lines, english, strict=True):
            assert line != original, (language, event)
            assert not english_words(line), (language, line)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("code", ev.CODES)
def test_every_code_has_a_sentence_in_every_language(code, language):
    for lane in (0, 1):
        for count in (1, 2, 5, 21):
            event = event_of(code, count=count, lane=lane)
            with translation.override(language):
                line = log_line(event, CAT)
            assert line != ev.render(event, CAT)
            assert not english_words(line), (language, line)
            assert "OGRE" in line or not {"card", "attacker", "cards"} & set(ev.FIELDS[code])


def test_the_seat_letters_are_the_languages_own():
    with translation.override("ru"):
        assert log_line((ev.COIN, 1), CAT) == "монета отдаёт первый ход игроку Б"  # Cyrillic
    with translation.override("sr-latn"):
        assert log_line((ev.COIN, 1), CAT) == "novčić daje prvi krug igraču B"


@pytest.mark.parametrize(("count", "words"), [(1, "1 карта"), (2, "2 карты"), (5, "5 карт"),
                                              (21, "21 карта")])
def test_a_count_takes_the_form_its_number_asks_for(count, words):
    with translation.override("ru"):
        assert f"({words})" in log_line((ev.AI_RESHUFFLE, count), CAT)


def test_the_events_for_an_api_are_codes_and_values_by_name():
    data = event_data(duel_log()[:3], CAT)
    assert data[0] == {"code": "coin", "params": {"first": "A"}}
    assert data[1] == {"code": "mana", "params": {"turn": 1, "seat": "A", "mana": 6}}
    assert data[2] == {"code": "play", "params": {"seat": "A", "card": "ASSASSIN",
                                                  "lane": "bottom", "mana": 4}}


# ------------------------------------------------------------------ the pages and the API

def played_game(moves: int = 30):
    """A game between two persons (seed 3), `moves` actions in, each the first offered."""
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    invitation_create(player=alice, deck=1, code="abc", now=timezone.now())
    game = invitation_join(code="abc", player=bob, deck=2, seed=3, now=timezone.now())
    users = {0: alice, 1: bob} if game.player_a == alice else {0: bob, 1: alice}
    for _ in range(moves):
        state = position_of(game).game
        seat = to_move(state)
        if seat is None:
            break
        game = online_game_act(game_id=game.pk, user=users[seat],
                               token=legal_moves_of(state, seat)[0], seen=len(game.actions),
                               now=timezone.now())
    return game, users


def page_log(response) -> list[str]:
    text = response.content.decode()
    block = re.search(r'<ol class="play-log-lines"[^>]*>(.*?)</ol>', text, re.S).group(1)
    return [unescape(li) for li in re.findall(r"<li>(.*?)</li>", block, re.S)]


@pytest.mark.django_db
def test_a_russian_game_page_shows_no_english_log_line():
    game, users = played_game()
    log = position_of(game).log
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(users[0])
    shown = page_log(client.get(reverse("play:game", args=[game.pk])))
    english = list(reversed(ev.render_all(log[-PAGE_LOG_LINES:], CAT)))
    assert len(shown) == len(english) > 10
    with translation.override("ru"):
        assert shown == list(reversed(log_lines(log[-PAGE_LOG_LINES:], CAT)))
    for line, original in zip(shown, english, strict=True):
        assert line != original and not english_words(line)


@pytest.mark.django_db
def test_an_english_game_page_shows_the_engines_sentences():
    game, users = played_game()
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(users[0])
    shown = page_log(client.get(reverse("play:game", args=[game.pk])))
    assert shown == list(reversed(ev.render_all(position_of(game).log[-PAGE_LOG_LINES:], CAT)))


@pytest.mark.django_db
def test_the_game_api_gives_the_log_in_the_requests_language_and_its_events():
    game, users = played_game()
    log = position_of(game).log[-API_LOG_LINES:]
    client = api(users[0])
    data = client.get(f"/api/play/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="ru").json()
    with translation.override("ru"):
        assert data["log"] == log_lines(log, CAT)
    assert data["events"] == event_data(log, CAT)
    assert data["events"][0]["code"] in ev.CODES
    english = client.get(f"/api/play/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en").json()
    assert english["log"] == ev.render_all(log, CAT) and english["events"] == data["events"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("eager")
def test_the_replay_page_and_api_speak_the_readers_language(player):
    from tests.play.test_replay import finished_duel
    game = finished_duel(player)
    url = f"/api/play/replays/online/{game.pk}/"
    russian = api(player).get(url, {"step": 1}, HTTP_ACCEPT_LANGUAGE="ru").json()
    english = api(player).get(url, {"step": 1}, HTTP_ACCEPT_LANGUAGE="en").json()
    assert russian["events"] == english["events"] and english["events"]
    assert {"code", "params"} == set(english["events"][0])
    assert all(e["code"] in ev.CODES for e in english["events"])
    assert len(russian["log"]) == len(english["log"]) == len(english["events"])
    for line, original in zip(russian["log"], english["log"], strict=True):
        assert line != original and not english_words(line)
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(player)
    shown = page_log(client.get(reverse("play:replay", args=[game.pk]), {"step": 1}))
    assert shown == russian["log"]


@pytest.mark.django_db
def test_the_schema_documents_the_events(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    parts = schema["components"]["schemas"]
    for name in ("ReplayOut", "GameStateOut"):
        assert parts[name]["properties"]["events"]["items"]["$ref"].endswith("/GameEventOut")
    event = parts["GameEventOut"]["properties"]
    assert set(event) == {"code", "params"}
    assert "mana" in str(schema["components"]["schemas"])


def every_kind_of_move() -> list[tuple]:
    """One action of each kind a person may be offered, both lanes for play and cast."""
    from engine.clash.actions import ATTACK_ALL, ATTACK_NEXT, CAST, END_TURN, PLAY, RETURN_ORDER
    return [(PLAY, 0, 0), (PLAY, 1, 1), (CAST, 0, 1, 0, 2), (CAST, 1, 0, 1, 1), (ATTACK_NEXT,),
            (ATTACK_ALL,), (END_TURN,), (RETURN_ORDER, (CAT.id("OGRE"), CAT.id("ZOMBIE")))]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_move_a_person_is_offered_reads_in_their_language(language):
    from play.presenters.log_lines import move_label
    hand = [CAT.id("OGRE"), CAT.id("BRUTE")]
    with translation.override("en"):
        english = [move_label(action, CAT, hand) for action in every_kind_of_move()]
    with translation.override(language):
        labels = [move_label(action, CAT, hand) for action in every_kind_of_move()]
        unknown = move_label(every_kind_of_move()[0], CAT)
    assert english[0] == "Play OGRE to top" and english[-1] == "Return OGRE, ZOMBIE"
    assert len(set(labels)) == len(labels)  # the lanes and the kinds stay apart
    for label, original in zip(labels, english, strict=True):
        assert label != original and not english_words(label), label
    assert "1" in unknown and not english_words(unknown)  # a card not in the hand: its place


@pytest.mark.django_db
def test_the_game_api_offers_its_moves_in_the_requests_language():
    game, users = played_game()
    state = position_of(game).game
    mover = to_move(state)
    assert mover is not None
    client = api(users[mover])
    russian = client.get(f"/api/play/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="ru").json()
    english = client.get(f"/api/play/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en").json()
    assert russian["moves"] and [m["token"] for m in russian["moves"]] == [
        m["token"] for m in english["moves"]]
    for move, original in zip(russian["moves"], english["moves"], strict=True):
        assert move["label"] != original["label"] and not english_words(move["label"])
    assert not any("#" in m["label"] for m in english["moves"])  # the hand's cards by name
