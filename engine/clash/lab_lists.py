"""The deck lab for a constructed list (rule C-2.5): the ban-two procedure, then the game.

A constructed list has 10 cards and reaches a game only through the ban-two procedure, where
the opponent bans two of its cards (B bans at steps 1 and 4 from A's list, A at steps 2 and 3
from B's). The lab's field is preconstructed decks of 8 cards, which have nothing to lose:
so in each game the opponent's AI makes its two bans of the list with the AI's ban policy
(the value policy of the committed card values, as the AI seats of online matches ban), and
the list plays its remaining 8 cards. An 8-card deck plays as it is (`engine.clash.lab`).

Game k of a run has the seat, opponent and game seed of `lab_chunk`'s game k; its bans draw
from a stream of that game's seed named for the banning seat, as `run_bans` draws. So a run
is a function of its seed, and chunks merge in any order as `lab_chunk`'s do.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.seats import DRAW, LETTER_A, LETTER_B, other_letter

from .ai import make_agent
from .cards import Catalogue, load_catalogue
from .errors import SetupError
from .formats.bans import BAN_ORDER, LIST_SIZE, BanPolicy, BanView, list_problems
from .formats.policies import ValuePolicy
from .game import new_game, run_to_end
from .lab import LabResult, check_lab, lab_chunk
from .rng import Rng

SEAT_LETTERS = (LETTER_A, LETTER_B)


def is_list(deck: Sequence[str]) -> bool:
    """Whether `deck` is meant as a constructed list (10 cards) rather than an 8-card deck."""
    return len(deck) == LIST_SIZE


def check_lab_deck(deck: Sequence[str], field_decks: Sequence[Sequence[str]], ai: str) -> None:
    """`check_lab` for an 8-card deck; for a 10-card list, the list's problems (C-2.5) and the
    field's and AI level's as `check_lab` names them."""
    if not is_list(deck):
        check_lab(deck, field_decks, ai)
        return
    problems = [f"the list: {p}" for p in list_problems(deck, load_catalogue())]
    try:
        # The field and the AI level, checked against a legal deck in the list's place.
        check_lab(field_decks[0] if field_decks else [], field_decks, ai)
    except SetupError as exc:
        problems += [p for p in exc.message.split("; ") if not p.startswith("the deck: ")]
    if problems:
        raise SetupError("; ".join(problems))


def list_after_bans(cards: Sequence[str], seat: str, game_seed: int,
                    policy: BanPolicy) -> list[str]:
    """The 8 cards `cards`, the list of `seat`, keeps after the opponent's two bans of C-2.5
    (in the order of BAN_ORDER), each chosen by `policy` from the public view."""
    opponent = other_letter(seat)
    rng = Rng.stream(game_seed, f"ban-policy-{opponent}")
    kept = list(cards)
    banned: list[str] = []
    for step, (banning, target) in enumerate(BAN_ORDER, start=1):
        if target != seat:
            continue  # a ban of the opponent's own 8: it has none to spare
        view = BanView(status="banning", step=step, to_ban=banning,
                       lists={seat: tuple(cards)}, banned={seat: tuple(banned)},
                       remaining={seat: tuple(kept)})
        card = policy.choose_ban(view, banning, rng)
        if card not in kept:
            raise SetupError(f"the ban policy chose {card!r}, not a remaining card of {seat}'s "
                             f"list")
        kept.remove(card)
        banned.append(card)
    return kept


def lab_game_decks(deck: Sequence[str], field_decks: Sequence[Sequence[str]], seed: int,
                   k: int, policy: BanPolicy | None = None,
                   ) -> tuple[tuple[list[str], list[str]], int, int]:
    """Game k of a run: (A's and B's 8 cards as they play, the tested deck's seat 0 or 1, the
    opponent's index in the field), with `lab_chunk`'s seats, opponents and seeds."""
    opponent = (k // 2) % len(field_decks)
    game_seed = Rng.stream(seed, f"lab-{k}").next_u64() >> 1
    mine = k % 2
    tested = list(deck)
    if is_list(deck):
        tested = list_after_bans(deck, SEAT_LETTERS[mine], game_seed,
                                 policy or ValuePolicy.from_file())
    other = list(field_decks[opponent])
    decks = (tested, other) if mine == 0 else (other, tested)
    return decks, mine, opponent


def lab_list_chunk(deck: Sequence[str], field_decks: Sequence[Sequence[str]], seed: int,
                   start: int, count: int, ai: str = "scripted",
                   catalogue: Catalogue | None = None) -> LabResult:
    """Games `start` .. `start + count - 1` of a lab run of a constructed list: in each, the
    opponent's bans (above), then the game as `lab_chunk` plays it."""
    check_lab_deck(deck, field_decks, ai)
    catalogue = load_catalogue() if catalogue is None else catalogue
    policy = ValuePolicy.from_file(catalogue=catalogue)
    result = LabResult()
    for k in range(start, start + count):
        decks, mine, opponent = lab_game_decks(deck, field_decks, seed, k, policy)
        game_seed = Rng.stream(seed, f"lab-{k}").next_u64() >> 1
        agents = (make_agent(ai, game_seed), make_agent(ai, game_seed + 1))
        game = new_game(decks, game_seed, catalogue=catalogue)
        run_to_end(game, agents, recorded=False)
        slot = result.by_opponent.setdefault(opponent, [0, 0, 0])
        result.games += 1
        if game.winner == mine:
            result.wins += 1
            slot[0] += 1
        elif game.winner == DRAW:
            result.draws += 1
            slot[2] += 1
        else:
            result.losses += 1
            slot[1] += 1
    return result


def lab_games(deck: Sequence[str], field_decks: Sequence[Sequence[str]], seed: int,
              start: int, count: int, ai: str = "scripted") -> LabResult:
    """Games `start` .. `start + count - 1` of a run of `deck`: a constructed list's
    (`lab_list_chunk`) or an 8-card deck's (`lab_chunk`, the engine's timed lab loop)."""
    if is_list(deck):
        return lab_list_chunk(deck, field_decks, seed, start, count, ai)
    return lab_chunk(deck, field_decks, seed, start, count, ai)
