"""`python manage.py simulate_event --players 16 --ai 4 --format constructed`: rehearse an
event. Demo accounts register with real decklists, AI seats join, and the engine plays every
match through the Swiss rounds and the top cut, with a progress display; then the champion,
the top cut and where to go next.

`--structure swiss|swiss-top-cut|two-day|round-robin|single-elimination|double-elimination`
with `--cut N` (2 to 64),
`--third-place`, `--rounds`, `--day2-points`, `--day2-rounds`, and for a round robin `--groups
N` and `--twice`, rehearses each shape; `--json` ends the output with one line of JSON:
`{"placings": [{"place", "player"}], "phases": [{"structure", "matches": [{"round", "a", "b",
"winner"}]}]}` (b None for a bye, winner None for a draw; a round robin's matches carry their
"group", a match for third place its "bracket"). `--team-size 2|3` makes teams of the
players (no AI seats) that play a team Swiss; its JSON names the teams. A single elimination
seats every player and AI seat in one bracket (2 to 128 seats, byes to the top seeds;
`--third-place` from 4); a double elimination likewise (3 to 64 seats, `--no-reset` for a
single grand final), its matches carrying their "bracket": "winners", "losers" or "final"
(the reset a second "final")."""

from __future__ import annotations

import json
import sys

from django.conf import settings
from django.core.management.base import CommandError
from django.utils import timezone

from core.commands import DatabaseCommand
from core.errors import DomainError
from tournaments.models import Event, RoundStage, TopCut
from tournaments.selectors.exports import event_outline
from tournaments.selectors.groups import across_groups
from tournaments.selectors.placings import final_places
from tournaments.selectors.rounds import champion_of, rounds_labelled
from tournaments.selectors.standings import cut_marks, standings_for_event
from tournaments.selectors.teams import team_standings
from tournaments.services.simulation import demo_event_open, event_simulate
from tournaments.swiss import rounds_for

# The structures it rehearses, as --structure names them.
STRUCTURES = ("swiss", "swiss-top-cut", "two-day", "round-robin", "single-elimination",
              "double-elimination")

CONSOLE_MAIL = "django.core.mail.backends.console.EmailBackend"


class Command(DatabaseCommand):
    help = "Run a whole simulated event (demo accounts, AI seats, engine-played matches)."

    def add_arguments(self, parser) -> None:  # noqa: ANN001
        parser.add_argument("--players", type=int, default=12, help="demo player accounts")
        parser.add_argument("--ai", type=int, default=None,
                            help="AI seats (default 4; none in a team event)")
        parser.add_argument("--format", default="constructed",
                            choices=["constructed", "preconstructed"])
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--structure", choices=list(STRUCTURES), default=None,
                            help="swiss: no cut; swiss-top-cut: then a top cut (--cut); "
                                 "two-day: a day-2 cut by match points (--day2-points, "
                                 "--day2-rounds), then the top cut if --cut is given; "
                                 "round-robin: groups (--groups); single-elimination: one "
                                 "bracket of every seat, no Swiss rounds and no cut; "
                                 "double-elimination: likewise, out at the second loss")
        parser.add_argument("--cut", "--top-cut", dest="cut", type=int, default=None,
                            choices=[0, *TopCut.values[1:]],
                            help="the top cut's players; default: 8 from 16 seats, 4 from 8")
        parser.add_argument("--third-place", action="store_true",
                            help="the semifinals' losers play for third place")
        parser.add_argument("--no-reset", dest="grand_final_reset", action="store_false",
                            help="double-elimination: no second grand final when the losers "
                                 "bracket's champion wins the first")
        parser.add_argument("--rounds", type=int, default=None,
                            help="Swiss rounds (of day 1); default: from the seats")
        parser.add_argument("--day2-points", type=int, default=None,
                            help="two-day: the match points that make day 2 (default: a "
                                 "winning record on day 1)")
        parser.add_argument("--day2-rounds", type=int, default=None,
                            help="two-day: day 2's Swiss rounds (default: half of day 1's)")
        parser.add_argument("--groups", type=int, default=None,
                            help="round-robin: the groups (3 to 16 seats each; default 1)")
        parser.add_argument("--twice", action="store_true",
                            help="round-robin: each pair of a group meets twice")
        parser.add_argument("--team-size", type=int, choices=[1, 2, 3], default=1,
                            help="players per team: 2 or 3 make teams (Team 1, Team 2, ...) "
                                 "that play a team Swiss, seat A against seat A")
        parser.add_argument("--json", action="store_true",
                            help="end with one line of JSON: the final places and every "
                                 "phase's matches")
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
        teams = options["team_size"]
        if options["ai"] is None:
            options["ai"] = 0 if teams > 1 else 4
        if teams > 1 and options["structure"] not in (None, "swiss"):
            raise CommandError("--team-size 2 or 3 plays a team Swiss: use --structure swiss")
        shape = self._shape(options)
        if teams > 1:
            shape |= {"team_size": teams, "top_cut": 0}
        self.stdout.write(f"Simulating a {options['format']} event: {options['players']} "
                          f"players and {options['ai']} AI seats, seed {options['seed']}")
        try:
            event, accounts = event_simulate(
                players=options["players"], ai_seats=options["ai"], fmt=options["format"],
                seed=options["seed"], clock=timezone.now, password=options["password"],
                name=options["name"], progress=self._progress, **shape)
        except DomainError as exc:
            raise CommandError(exc.message) from None
        sys.stdout.write("\n")
        day_two = (f" ({event.rounds} on day 1, {event.day2_rounds} on day 2 for those with "
                   f"{event.day2_points} match points or more)"
                   if event.day2_points is not None else "")
        kind = (f"rounds of a round robin in {event.groups} groups" if event.round_robin
                else "rounds of a single elimination" if event.single_elimination
                else "rounds of a double elimination" if event.double_elimination
                else "Swiss rounds")
        self.stdout.write(f"\n{event.name} is complete: {event.swiss_rounds} {kind}"
                          + day_two
                          + (f" and a top {event.top_cut}" if event.top_cut else "") + ".")
        if event.teams_play:
            self._team_results(event)
        else:
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
        if options["json"]:
            # The last line: one JSON object other tools may read.
            self.stdout.write(json.dumps(event_outline(event), ensure_ascii=False))
            return
        if settings.EMAIL_BACKEND == CONSOLE_MAIL:
            # A new account is confirmed through the link its e-mail carries: say where it is.
            self.stdout.write("\nE-mail is not sent: each one (the link that confirms a "
                              "sign-up, a password reset) is printed in this console, where "
                              "the server runs.")

    def _shape(self, options: dict) -> dict:
        """The event_simulate arguments of the structure asked for, or a CommandError that
        says what does not fit."""
        structure, cut = options["structure"], options["cut"]
        for flag in ("rounds", "day2_points", "day2_rounds"):
            if options[flag] is not None and options[flag] < (0 if flag == "day2_points" else 1):
                raise CommandError(f"--{flag.replace('_', '-')} must be a whole number >= "
                                   f"{0 if flag == 'day2_points' else 1}")
        if structure == "swiss":
            if cut:
                raise CommandError("--structure swiss has no top cut: use swiss-top-cut with "
                                   "--cut")
            cut = 0
        if structure == "swiss-top-cut" and cut == 0:
            raise CommandError("--structure swiss-top-cut needs a --cut of 2 to 64")
        if structure != "round-robin" and (options["groups"] is not None or options["twice"]):
            raise CommandError("--groups and --twice are for --structure round-robin")
        if structure != "double-elimination" and not options["grand_final_reset"]:
            raise CommandError("--no-reset is for --structure double-elimination")
        if structure in ("single-elimination", "double-elimination"):
            if cut:
                raise CommandError(f"--structure {structure} is the whole event: leave "
                                   "out --cut")
            if options["rounds"] is not None:
                raise CommandError(f"--structure {structure} takes its rounds from its "
                                   "seats: leave out --rounds")
            if options["day2_points"] is not None or options["day2_rounds"] is not None:
                raise CommandError("--day2-points and --day2-rounds are for --structure "
                                   "two-day")
            if structure == "double-elimination":
                if options["third_place"]:
                    raise CommandError("--structure double-elimination has no match for third "
                                       "place: leave out --third-place")
                return {"structure": "double_elimination", "top_cut": 0,
                        "grand_final_reset": options["grand_final_reset"]}
            return {"structure": "single_elimination", "top_cut": 0,
                    "third_place": options["third_place"]}
        if structure == "round-robin":
            if options["rounds"] is not None:
                raise CommandError("--structure round-robin plays every pair of its groups: "
                                   "leave out --rounds")
            groups = options["groups"] or 1
            if groups < 1:
                raise CommandError("--groups must be a whole number >= 1")
            return {"structure": "round_robin", "groups": groups,
                    "cycles": 2 if options["twice"] else 1, "top_cut": cut or 0,
                    "third_place": options["third_place"]}
        if structure != "two-day" and (options["day2_points"] is not None
                                       or options["day2_rounds"] is not None):
            raise CommandError("--day2-points and --day2-rounds are for --structure two-day")
        shape = {"top_cut": cut, "third_place": options["third_place"],
                 "rounds": options["rounds"]}
        if structure == "two-day":
            day_one = options["rounds"] or rounds_for(options["players"] + options["ai"])
            shape |= {"rounds": day_one,
                      "top_cut": cut or 0,
                      "day2_points": (options["day2_points"] if options["day2_points"] is not None
                                      else 3 * ((day_one + 1) // 2)),
                      "day2_rounds": options["day2_rounds"] or max(1, day_one // 2)}
        return shape

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
        elif rows and not cut and event.round_robin and (event.groups or 1) > 1:
            winners = [f"{r.name} (group {r.group})" for r in rows if r.rank == 1]
            self.stdout.write(f"Group winners: {', '.join(winners)}.")
            rows = across_groups(event.tiebreakers, rows)
        elif rows and not cut:
            first = [r.name for r in rows if r.rank == 1]
            self.stdout.write(f"Champion: {first[0]}, first in the standings." if len(first) == 1
                              else f"First place is shared: {', '.join(first)}.")
        if event.elimination:
            places = final_places(event, rows) or {}
            names = {r.registration_id: r.name for r in rows}
            self.stdout.write("Final places (top 8):")
            for pk, place in sorted(places.items(), key=lambda item: item[1])[:8]:
                self.stdout.write(f"  {place:>3}. {names[pk]}")
            return
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

    def _team_results(self, event: Event) -> None:
        """A team event's team standings, each team's players under it."""
        self.stdout.write("Team standings:")
        for row in team_standings(event):
            self.stdout.write(f"  {row.rank:>3}. {row.name:<12} {row.match_points:>3} pts  "
                              f"{row.wins}-{row.losses}-{row.draws}  OMW {row.omw:.3f}")
            for m in row.members:
                self.stdout.write(f"         {m.seat} {m.name:<12} "
                                  f"{m.wins}-{m.losses}-{m.draws}")

    def _progress(self, stage: str, done: int, total: int) -> None:
        width = 24
        filled = width * done // max(1, total)
        sys.stdout.write(f"\r  {stage:<14} [{'#' * filled}{'.' * (width - filled)}] "
                         f"{done}/{total} matches")
        if done == total:
            sys.stdout.write("\n")
        sys.stdout.flush()
