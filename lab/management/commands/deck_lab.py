"""`python manage.py deck_lab --deck 1 --field 2,3,4 --games 100000`: estimate a deck's win
rate against a field by simulating games on the workers (a Celery chord of chunks), with a
progress bar. Decks are preconstructed deck numbers or comma-free card lists joined by '+'."""

from __future__ import annotations

import sys
import time

from django.core.management.base import BaseCommand, CommandError

from engine.clash.cards import load_catalogue
from engine.clash.errors import EngineError
from lab.services.chords import lab_start


def parse_deck(text: str) -> list[str]:
    catalogue = load_catalogue()
    text = text.strip()
    if text.isdigit():
        try:
            return catalogue.deck(int(text))
        except EngineError as exc:
            raise CommandError(exc.message) from None
    return [name.strip() for name in text.split("+") if name.strip()]


class Command(BaseCommand):
    help = "Simulate a deck against a field of decks on the workers and print its win rate."

    def add_arguments(self, parser) -> None:  # noqa: ANN001
        parser.add_argument("--deck", required=True,
                            help="a preconstructed deck number, or 8 card names joined by +")
        parser.add_argument("--field", default="1,2,3,4",
                            help="the field: decks separated by commas (default 1,2,3,4)")
        parser.add_argument("--games", type=int, default=10000)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--ai", default="scripted", help="the AI level playing both sides")
        parser.add_argument("--chunk", type=int, default=2500, help="games per task")
        parser.add_argument("--timeout", type=float, default=600.0)

    def handle(self, *args, **options) -> None:
        if options["games"] < 1 or options["chunk"] < 1 or options["seed"] < 0:
            raise CommandError("--games and --chunk must be at least 1, --seed at least 0")
        deck = parse_deck(options["deck"])
        names = [d.strip() for d in options["field"].split(",") if d.strip()]
        field = [parse_deck(d) for d in names]
        started = time.perf_counter()
        try:
            result = lab_start(deck=deck, field=field, games=options["games"],
                               seed=options["seed"], ai=options["ai"], chunk=options["chunk"])
        except EngineError as exc:
            raise CommandError(exc.message) from None
        header = result.parent
        total = len(header.results) if header is not None else 1
        deadline = time.monotonic() + options["timeout"]
        shown = -1
        while not result.ready():
            if time.monotonic() > deadline:
                raise CommandError("the workers did not finish in time: are any running?")
            done = header.completed_count() if header is not None else 0
            if done != shown:
                self._progress(done, total)
                shown = done
            time.sleep(0.2)
        self._progress(total, total)
        data = result.get(timeout=30)
        seconds = time.perf_counter() - started
        self.stdout.write("")
        self.stdout.write(f"{data['games']} games in {seconds:.1f} s "
                          f"({data['games'] / seconds:.0f} games/s)")
        self.stdout.write(f"score {data['score']:.3f}: {data['wins']} wins, {data['losses']} "
                          f"losses, {data['draws']} draws")
        for index, (w, losses, d) in sorted(
                (int(k), v) for k, v in data["by_opponent"].items()):
            n = w + losses + d
            label = f"deck {names[index]}" if names[index].isdigit() else f"list {index + 1}"
            self.stdout.write(f"  against {label}: {(w + d / 2) / n:.3f} "
                              f"over {n} games")

    def _progress(self, done: int, total: int) -> None:
        width = 30
        filled = width * done // max(1, total)
        sys.stdout.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} chunks")
        sys.stdout.flush()
