"""`python manage.py simulate_event --players 16 --ai 4 --format constructed`: rehearse an
event. Demo accounts register with real decklists, AI seats join, and the engine plays every
match through the Swiss rounds and the top cut, with a progress display; then the champion,
the top cut and where to go next."""

from __future__ import annotations

import sys

from django.conf import settings
from django.core.management.base import CommandError
from django.utils import timezone

from core.commands import DatabaseCommand
from core.errors import DomainError
from tournaments.models import Event, RoundStage
from tournaments.selectors.rounds import champion_of, rounds_labelled
from tournaments.selectors.standings import cut_marks, standings_for_event
from tournaments.services.simulation import demo_event_open, event_simulate

CONSOLE_MAIL = "django.core.mail.backends.console.EmailBackend"


class Command(DatabaseCommand):
    help = "Run a whole simulated event (demo accounts, AI seats, engine-played matches)."

    def add_arguments(self, parser) -> None:  # noqa: ANN001
        parser.add_argument("--players", type=int, default=12, help="demo player accounts")
        parser.add_argument("--ai", type=int, default=4, help="AI seats")
        parser.add_argument("--format", default="constructed",
                            choices=["constructed", "preconstructed"])
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--top-cut", type=int, choices=[0, 4, 8], default=None,
                            help="default: 8 from 16 seats, 4 from 8")
        parser.add_argument("--password", default="clash-demo",
                            help="the demo accounts' password")
        parser.add_argument("--name", help="the event's name")
        parser.add_argument("--open-event", action="store_true",
                            help="also open a preconstructed event for newcomers to "
                                 "register in (kept from an earlier run while it is open)")

    def handle(self, *args, **options) -> None:
        if not settings.DEBUG and options["password"] == "clash-demo":
            raise CommandError("refusing to create demo accounts with the well-known password "
                               "on a site that is not in DEBUG: pass --password")
        if options["seed"] < 0:
            raise CommandError("--seed must be a whole number >= 0")
        self.stdout.write(f"Simulating a {options['format']} event: {options['players']} "
                          f"players and {options['ai']} AI seats, seed {options['seed']}")
        try:
            event, accounts = event_simulate(
                players=options["players"], ai_seats=options["ai"], fmt=options["format"],
                seed=options["seed"], clock=timezone.now, password=options["password"],
                top_cut=options["top_cut"], name=options["name"], progress=self._progress)
        except DomainError as exc:
            raise CommandError(exc.message) from None
        sys.stdout.write("\n")
        self.stdout.write(f"\n{event.name} is complete: {event.rounds} Swiss rounds"
                          + (f" and a top {event.top_cut}" if event.top_cut else "") + ".")
        self._results(event)
        self.stdout.write(f"\nDemo accounts (password {accounts.password}): organizer "
                          f"{accounts.organizer}; players {accounts.players[0]} to "
                          f"{accounts.players[-1]}.")
        self.stdout.write(f"The event's page: /events/{event.pk}/")
        if options["open_event"]:
            opened = demo_event_open(organizer=accounts.organizer, seed=options["seed"],
                                     now=timezone.now())
            self.stdout.write(f"\nOpen for registration: \"{opened.name}\" at "
                              f"/events/{opened.pk}/ (listed on the Events page). Sign up, "
                              "pick a preconstructed deck and register; log in as the "
                              "organizer to start it.")
        if settings.EMAIL_BACKEND == CONSOLE_MAIL:
            # A new account is confirmed through the link its e-mail carries: say where it is.
            self.stdout.write("\nE-mail is not sent: each one (the link that confirms a "
                              "sign-up, a password reset) is printed in this console, where "
                              "the server runs.")

    def _results(self, event: Event) -> None:
        """The champion, then the players of the top cut with their Swiss standing: AI seats
        take no place in the cut (unless the event lets them), so none is listed among them,
        and those it passed over are named after. Without a cut, the top 8 of the standings."""
        rows = standings_for_event(event)
        cut = [r for r in rounds_labelled(event) if r.stage == RoundStage.TOP_CUT]
        marks = cut_marks(event, rows) if cut else None
        champion = champion_of(cut[-1]) if cut else None
        if champion is not None:
            self.stdout.write(f"Champion: {champion.name}, winner of the final.")
        elif rows and not cut:
            first = [r.name for r in rows if r.rank == 1]
            self.stdout.write(f"Champion: {first[0]}, first in the standings." if len(first) == 1
                              else f"First place is shared: {', '.join(first)}.")
        if marks is None:
            self.stdout.write("Final standings (top 8):")
            shown = rows[:8]
        else:
            self.stdout.write(f"The top {event.top_cut}, with their Swiss standing:")
            shown = [r for r in rows if r.registration_id in marks.qualifiers]
        for row in shown:
            self.stdout.write(f"  {row.rank:>3}. {row.name:<12} {row.match_points:>3} pts  "
                              f"{row.wins}-{row.losses}-{row.draws}  OMW {row.omw:.3f}")
        passed = [r for r in rows if marks is not None and r.registration_id in marks.passed_ai]
        if passed:
            names = [f"{r.name} (rank {r.rank})" for r in passed]
            self.stdout.write("AI seats take no place in the cut: passed over "
                              + (f"was {names[0]}" if len(names) == 1 else
                                 f"were {', '.join(names[:-1])} and {names[-1]}") + ".")

    def _progress(self, stage: str, done: int, total: int) -> None:
        width = 24
        filled = width * done // max(1, total)
        sys.stdout.write(f"\r  {stage:<14} [{'#' * filled}{'.' * (width - filled)}] "
                         f"{done}/{total} matches")
        if done == total:
            sys.stdout.write("\n")
        sys.stdout.flush()
