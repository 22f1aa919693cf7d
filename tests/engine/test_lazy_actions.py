"""Players that need one action get it without the list: `pick_legal` makes the action that
`legal_actions()[below(n)]` would be, and the scripted player's `choose_now` the choice that
`choose` makes from the listed actions, in every position of many games."""

from engine.clash.ai import RandomAgent, ScriptedAgent
from engine.clash.ai.scripted import choose, choose_now
from engine.clash.cards import load_catalogue
from engine.clash.game import new_game, run_to_end
from engine.clash.observation import Observation
from engine.clash.state import SUMMON

CATALOGUE = load_catalogue()
DECKS = [CATALOGUE.deck(n) for n in CATALOGUE.deck_numbers]


def _games(count: int, watch) -> None:  # noqa: ANN001
    for i in range(count):
        game = new_game((DECKS[i % 4], DECKS[i // 4 % 4]), i, catalogue=CATALOGUE,
                        chooses_returns=(i % 2 == 0, True))
        agents = ((ScriptedAgent(i), RandomAgent(i + 1)) if i % 3 == 0
                  else (RandomAgent(i), RandomAgent(i + 1)))
        run_to_end(game, agents, after_action=watch)


def test_picking_one_legal_action_makes_the_one_the_list_holds_at_that_place():
    seen = {"positions": 0, "casts": 0, "orders": 0}

    def watch(game) -> None:  # noqa: ANN001
        acts = game.legal_actions()
        for k, action in enumerate(acts):
            counted = []

            def below(n: int, k: int = k, counted: list = counted) -> int:
                counted.append(n)
                return k

            assert game.pick_legal(below) == action, (k, acts)
            assert counted == [len(acts)]  # it counted the same choices
            seen["casts"] += action[0] == 1
            seen["orders"] += action[0] == 5
        seen["positions"] += 1

    _games(400, watch)
    assert seen["positions"] > 10_000 and seen["casts"] > 1000 and seen["orders"] > 10


def test_the_scripted_choice_without_the_list_is_the_choice_from_the_list():
    checked = 0

    def watch(game) -> None:  # noqa: ANN001
        nonlocal checked
        if game.winner is not None or game.pending is not None:
            return
        obs = Observation(game, game.to_move)
        for keep in (0, 2, 4):
            assert (choose_now(obs.seat_view(), obs.seat, game.mana, game.phase == SUMMON, keep)
                    == choose(obs.seat_view(), obs.seat, obs.legal_actions(), keep))
        checked += 1

    _games(300, watch)
    assert checked > 5000
