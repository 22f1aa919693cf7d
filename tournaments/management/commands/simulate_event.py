"""`python manage.py simulate_event --players 16 --ai 4 --format constructed`: rehearse an
event. Demo accounts register with real decklists, AI seats join, and the engine plays every
match through the Swiss rounds and the top cut, with a progress display; then the standings."""

from __future__ import annotations

import sys

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from core.errors import DomainError
from tournaments.selectors.standings import standings_for_event
from tournaments.services.simulation import event_simulate


class Command(BaseCommand):
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
        self.stdout.write("Final standings (top 8):")
        for row in standings_for_event(event)[:8]:
            self.stdout.write(f"  {row.rank:>3}. {row.name:<12} {row.match_points:>3} pts  "
                              f"{row.wins}-{row.losses}-{row.draws}  OMW {row.omw:.3f}")
        self.stdout.write(f"\nDemo accounts (password {accounts.password}): organizer "
                          f"{accounts.organizer}; players {accounts.players[0]} to "
                          f"{accounts.players[-1]}.")
        self.stdout.write(f"The event's page: /events/{event.pk}/")

    def _progress(self, stage: str, done: int, total: int) -> None:
        width = 24
        filled = width * done // max(1, total)
        sys.stdout.write(f"\r  {stage:<14} [{'#' * filled}{'.' * (width - filled)}] "
                         f"{done}/{total} matches")
        if done == total:
            sys.stdout.write("\n")
        sys.stdout.flush()
