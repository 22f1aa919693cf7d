"""Watch AI players play a duel, turn by turn: `python -m engine.tools.play --seed 1`.

Options choose the preconstructed decks (C-2.3), the AI level of each seat and the seed.
The game record is printed at the end (or written with --record FILE) and verified by replay.
"""

from __future__ import annotations

import argparse
import json
import sys

from engine.clash.ai import make_agent
from engine.clash.cards import load_catalogue
from engine.clash.errors import EngineError
from engine.clash.events import render
from engine.clash.game import new_game, result_name, run_to_end
from engine.clash.limits import SEED_LIMIT
from engine.clash.record import GameRecord, replay
from engine.clash.rules import Game
from engine.clash.state import LANES
from engine.cli import fail, output_path_problem, write_file
from engine.seats import BOTH_SEATS, LETTERS


def render_board(game: Game) -> list[str]:
    """The table as text: each player's hand size, health and face, and both lanes."""
    name = game.catalogue.name
    lines = []
    for seat in BOTH_SEATS:
        p = game.players[seat]
        face = "Fort" if p.fort else "Bastion"
        lines.append(f"  {LETTERS[seat]}: {face}, health {p.health}, "
                     f"{len(p.cards)} cards in hand")
        for li, lane in enumerate(p.lanes):
            creatures = ", ".join(
                f"{name(c.card)} {c.attack}/{c.health - c.damage}" for c in lane) or "-"
            lines.append(f"     {LANES[li]:<6} {creatures}")
    return lines


def watch(seed: int, decks: tuple[int, int], levels: tuple[str, str], out=sys.stdout,
          record_path: str | None = None) -> GameRecord:
    catalogue = load_catalogue()
    log: list[tuple] = []
    deck_lists = (catalogue.deck(decks[0]), catalogue.deck(decks[1]))
    game = new_game(deck_lists, seed, catalogue=catalogue, log=log)
    agents = (make_agent(levels[0], seed * 2), make_agent(levels[1], seed * 2 + 1))
    print(f"Clash of Decks: deck {decks[0]} ({levels[0]}) as A against deck {decks[1]} "
          f"({levels[1]}) as B, seed {seed}", file=out)
    print(f"\n== turn {game.turn}: player {LETTERS[game.active]} ==", file=out)
    shown = 0
    turn = game.turn

    def show(game: Game) -> None:
        """Print what the last action did; at a turn's end the board, then the next turn."""
        nonlocal shown, turn
        new_events = [render(e, catalogue) for e in log[shown:]]
        shown = len(log)
        carry: list[str] = []
        if game.turn != turn:  # the next turn's mana phase already ran: print it under it
            marker = f"turn {game.turn}:"
            cut = next((i for i, e in enumerate(new_events) if e.startswith(marker)),
                       len(new_events))
            new_events, carry = new_events[:cut], new_events[cut:]
        for event in new_events:
            print(f"  {event}", file=out)
        if game.turn != turn or game.winner is not None:
            for line in render_board(game):
                print(line, file=out)
        if game.turn != turn and game.winner is None:
            print(f"\n== turn {game.turn}: player {LETTERS[game.active]} ==", file=out)
            for event in carry:
                print(f"  {event}", file=out)
        turn = game.turn

    turns, hashes = run_to_end(game, agents, after_action=show)
    outcome = result_name(game.winner)
    record = GameRecord(fmt="preconstructed", catalogue=catalogue.version, seed=seed,
                        decks=(list(deck_lists[0]), list(deck_lists[1])),
                        turn_cap=game.turn_cap, turns=turns, hashes=hashes, result=outcome)
    verdict = replay(record, catalogue)
    print(f"\nResult: {'a draw' if outcome == 'draw' else f'player {outcome} wins'} "
          f"after {len(turns)} turns.", file=out)
    print(f"Record: {len(record.dumps())} bytes; replay "
          f"{'confirms it' if verdict.ok else 'FAILS: ' + verdict.reason}.", file=out)
    if record_path:
        write_file(record_path, json.dumps(record.to_json()))
        print(f"Record written to {record_path}.", file=out)
    return record


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.tools.play", description=__doc__)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decks", default="1,3", help="preconstructed decks of A and B (1-4)")
    parser.add_argument("--ai", default="greedy,search", help="AI level of A and B")
    parser.add_argument("--record", help="write the game record to this file")
    args = parser.parse_args(argv)
    if not 0 <= args.seed < SEED_LIMIT:
        parser.error("--seed must be a whole number from 0 to 2**63 - 1")
    try:
        decks = tuple(int(d) for d in args.decks.split(","))
    except ValueError:
        parser.error(f"--decks must be two deck numbers like 1,3, not {args.decks!r}")
    levels = tuple(level.strip() for level in args.ai.split(","))
    if len(decks) != 2 or len(levels) != 2:
        parser.error("--decks and --ai each take two values separated by a comma")
    # Checked before the game is played, and the record written whole or not at all.
    problem = args.record and output_path_problem(args.record)
    if problem:
        return fail(f"--record: {problem}")
    try:
        watch(args.seed, decks, levels, record_path=args.record)  # type: ignore[arg-type]
    except (EngineError, ValueError) as exc:
        return fail(getattr(exc, "message", str(exc)))
    except OSError as exc:
        return fail(f"--record: cannot write {args.record}: {exc.strerror}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
