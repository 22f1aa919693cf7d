"""Solo games against the automaton (rule C-8) through the pages: the custom options checked
with the engine's check_level, the solo draft's pick step, a game at difficulty 3 to the end,
and the player's solo record."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from play.models import GameStatus, OnlineGame, SoloResult
from play.selectors import draft_of
from play.selectors.positions import verify
from tests.play.conftest import legal_tokens, seen
from tests.web import html

pytestmark = pytest.mark.django_db

QUICK = {"fmt": "solo-preconstructed", "deck": 2, "level": 0, "fixed_mana": "6",
         "mana_per_creature": "1", "first": "player", "endurance": "bastion",
         "resistance": "false", "ability": "none"}


def form_errors(response) -> str:
    """The text of the errors that belong to no single field (the form's summary)."""
    assert response.status_code == 400
    return " ".join(re.findall(r'<ul class="errors errors-form">(.*?)</ul>',
                               html(response), re.S))


def play_to_the_end(client, game):
    response = client.get(reverse("play:game", args=[game.pk]))
    for _ in range(3000):
        if OnlineGame.objects.get(pk=game.pk).status == GameStatus.FINISHED:
            return response
        tokens = legal_tokens(response)
        assert tokens
        response = client.post(reverse("play:game", args=[game.pk]),
                               {"action": tokens[0], "n": seen(response)})
        assert response.status_code == 302
        response = client.get(response.url)
    raise AssertionError("the solo game did not end")


def test_custom_options_that_miss_the_level_are_refused_with_what_fits(client, player):
    response = client.post(reverse("play:solo_new"),
                           {**QUICK, "level": 2, "fixed_mana": "10"})
    assert response.status_code == 400
    text = html(response)
    assert "add up to 4 difficulty points, but level 2 (Medium) needs exactly 2" in text
    assert "To fit, change the automaton&#x27;s fixed mana to 8." in text
    assert not OnlineGame.objects.exists()


def test_the_solo_form_spoke_the_engines_names_fixed_mana_and_true_not_the_players(client,
                                                                                   player):
    """The choices and the advice read "fixed mana", "yes (+2)", "the Fort": never the
    engine's `fixed_mana`, `true (+2)` or `fort`."""
    client.force_login(player)
    page = html(client.get(reverse("play:index")))
    assert '<option value="true">Yes (+2)</option>' in page
    assert '<option value="false" selected>No (0)</option>' in page
    assert '<option value="ai">The automaton (+1)</option>' in page
    assert '<option value="fort">The Fort (-1)</option>' in page
    assert '<option value="splash">Splash (+1)</option>' in page
    assert "true (+2)" not in page and "none (0)" not in page
    refused = form_errors(client.post(reverse("play:solo_new"),
                                      {**QUICK, "level": 1, "resistance": "true"}))
    assert "fixed_mana" not in refused and "resistance to false" not in refused
    assert ("The options add up to 2 difficulty points, but level 1 (Easy) needs exactly "
            "1 difficulty point (rule C-8.9)") in refused
    assert "To fit, change what the automaton starts on to the Fort." in refused
    over = form_errors(client.post(reverse("play:solo_new"), {
        **QUICK, "level": 4, "fixed_mana": "10", "resistance": "true"}))
    assert "resistance to no" in over and "the automaton&#x27;s fixed mana to 8" in over
    quick = form_errors(client.post(reverse("play:solo_new"), {**QUICK, "first": "ai"}))
    assert ("A quick game takes every option at 0 points (rule C-8.9): change who goes "
            "first to you; or choose a custom level from 1 to 5 for these options "
            "(1 difficulty point).") in quick


def test_a_quick_game_with_options_is_refused(client, player):
    response = client.post(reverse("play:solo_new"), {**QUICK, "resistance": "true"})
    assert response.status_code == 400
    assert "A quick game takes every option at 0 points" in html(response)


def test_the_solo_draft_keeps_one_of_each_four_revealed(client, player):
    response = client.post(reverse("play:solo_new"), {**QUICK, "fmt": "solo-draft"})
    game = OnlineGame.objects.get()
    assert response.status_code == 302 and game.status == GameStatus.DRAFTING
    for number in range(1, 9):
        page = client.get(reverse("play:game", args=[game.pk]))
        text = html(page)
        assert f"pick {number} of 8" in text
        shown = re.findall(r'name="pick" value="([^"]+)"', text)
        assert shown == list(draft_of(OnlineGame.objects.get(pk=game.pk)).revealed)
        assert len(shown) == 4
        if number == 1:  # a card not among the four, and a stale page, pick nothing
            wrong = client.post(reverse("play:game", args=[game.pk]), {"pick": "NOPE", "n": 0})
            assert wrong.status_code == 400 and "not among the revealed cards" in html(wrong)
        answer = client.post(reverse("play:game", args=[game.pk]),
                             {"pick": shown[-1], "n": number - 1})
        assert answer.status_code == 302
        stale = client.post(reverse("play:game", args=[game.pk]),
                            {"pick": shown[0], "n": number - 1})
        assert stale.status_code == 409
    game.refresh_from_db()
    assert game.status == GameStatus.PLAYING and len(game.picks) == 8
    board = client.get(reverse("play:game", args=[game.pk]))
    assert "Your turn" in html(board)
    for card in game.picks:
        assert card in html(board)


def test_a_solo_game_at_difficulty_3_to_the_end(client, player):
    response = client.post(reverse("play:solo_new"), {**QUICK, "level": 3, "fixed_mana": "9"})
    assert response.status_code == 302
    game = OnlineGame.objects.get()
    assert game.level == 3 and game.options["fixed_mana"] == 9
    text = html(client.get(response.url))
    assert "AI deck 24 cards" in text and "Discard pile 0" in text
    final = play_to_the_end(client, game)
    game.refresh_from_db()
    assert game.winner in ("A", "B", "draw")
    assert game.record["mode"] == "solo" and game.record["level"] == 3
    assert verify(game.record).ok
    result = SoloResult.objects.get(game=game)
    assert result.player == player and result.level == 3 and result.won == (game.winner == "A")
    assert "Watch the replay" in html(final)
    index = html(client.get(reverse("play:index")))
    assert "My solo record" in index and "3: Hard" in index


def test_a_preconstructed_solo_game_starts_at_once(client, player):
    response = client.post(reverse("play:solo_new"), QUICK)
    game = OnlineGame.objects.get()
    assert game.status == GameStatus.PLAYING and game.solo_deck == 2
    text = html(client.get(response.url))
    assert "OGRE" in text or "SHAMAN" in text


def test_each_deck_label_on_the_play_page_names_its_own_field(client, player):
    # The duel and solo forms both have a deck choice; one id for both would point the solo
    # form's label at the duel's field.
    client.force_login(player)
    html = client.get("/play/").content.decode()
    # (The header's language select is labelled by its menu's summary: aria-labelledby.)
    ids = re.findall(r'<select(?![^>]*aria-labelledby)[^>]* id="([^"]+)"', html)
    assert len(ids) == len(set(ids)) and len(ids) >= 2
    for field_id in ids:
        assert f'for="{field_id}"' in html
