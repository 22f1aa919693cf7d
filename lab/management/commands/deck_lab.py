"""`python manage.py deck_lab --deck 1 --field 2,3,4 --games 100000`: estimate a deck's win
rate against a field by simulating games on the workers (a Celery chord of chunks), with a
progress bar. Decks are preconstructed deck numbers or comma-free card lists joined by '+'."""

from __future__ import annotations

import sys
import time

from django.core.management.base import CommandError

from core.commands import DatabaseCommand
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


class Command(DatabaseCommand):
    help = "Simulate a deck against a field of decks on the workers and print its win rate."

    def add_arguments(self, parser) -> None:  # noqa: ANN001
        parser.add_argument("--deck", required=True,
                            help="a preconstructed deck number, or 8 or 10 card names joined by +")
        parser.add_argument("--field", default="1,2,3,4",
                            help="the field: decks separated by commas (default 1,2,3,4)")
        parser.add_argument("--games", type=int, default=10000)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--ai", default="scripted", help="the AI level playing both sides")
        parser.add_argument("--chunk", type=int, default=2500, help="games per task")
        parser.add_argument("--timeout", type=float, default=600.0)
        parser.add_argument("--as", dest="owner", default="",
                            help="run it as this user's lab run (a row, as the lab page starts "
                                 "one) and print the time to the first progress on the row "
                                 "and the longest wait between two changes of it")

    def handle(self, *args, **options) -> None:
        if options["games"] < 1 or options["chunk"] < 1 or options["seed"] < 0:
            raise CommandError("--games and --chunk must be at least 1, --seed at least 0")
        deck = parse_deck(options["deck"])
        names = [d.strip() for d in options["field"].split(",") if d.strip()]
        field = [parse_deck(d) for d in names]
        if options["owner"]:
            self._measure(options, deck, field)
            return
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

    def _progress(self, done: int, total: int, unit: str = "chunks") -> None:
        width = 30
        filled = width * done // max(1, total)
        sys.stdout.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {unit}")
        sys.stdout.flush()

    def _measure(self, options: dict, deck: list[str], field: list[list[str]]) -> None:
        """A lab-page run of the user's (field: preconstructed deck numbers only), its row
        read every 20 ms: how soon its progress shows and how long it ever stands still."""
        from django.contrib.auth import get_user_model
        from django.utils import timezone

        from core.errors import DomainError
        from lab.models import LabRun, LabRunStatus
        from lab.services.runs import lab_run_start

        owner = get_user_model().objects.filter(username=options["owner"]).first()
        if owner is None:
            raise CommandError(f"no user {options['owner']!r}")
        numbers = load_catalogue().deck_numbers
        field_numbers = [n for n in numbers if load_catalogue().deck(n) in field]
        try:
            run = lab_run_start(owner=owner, deck=deck, deck_label="deck_lab --as",
                                ai=options["ai"], field=field_numbers, games=options["games"],
                                now=timezone.now())
        except DomainError as exc:
            raise CommandError(exc.message) from None
        started = last_change = time.perf_counter()
        first, longest, seen = None, 0.0, 0
        deadline = time.monotonic() + options["timeout"]
        while True:
            row = LabRun.objects.values("games_done", "status").get(pk=run.pk)
            now = time.perf_counter()
            if row["games_done"] != seen or row["status"] != LabRunStatus.RUNNING:
                if first is None:
                    first = now - started
                longest = max(longest, now - last_change)
                last_change, seen = now, row["games_done"]
                self._progress(seen, options["games"], "games")
            if row["status"] != LabRunStatus.RUNNING:
                break
            if time.monotonic() > deadline:
                raise CommandError("the run did not finish in time: are any workers running?")
            time.sleep(0.02)
        self.stdout.write("")
        self.stdout.write(f"run {run.pk} {row['status']} in {time.perf_counter() - started:.1f} s; "
                          f"first progress after {first:.2f} s, longest wait between "
                          f"progress changes {longest:.2f} s")
