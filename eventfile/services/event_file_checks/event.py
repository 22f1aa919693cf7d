"""An event file's settings (its `event`): each field, then the rules an event's settings
keep wherever they are written (tournaments.services.events)."""

from __future__ import annotations

from django.utils.translation import gettext

from core.seeds import seed_commitment
from decks.models import CardGame
from eventfile.services.event_file_fields import Data, Reader
from tournaments.models import (
    EventFormat,
    EventStatus,
    EventStructure,
    LatePlayerGets,
    MatchLength,
    TopCut,
)
from tournaments.services.events import event_details_problems, event_problems
from tournaments.services.round_robin import MAX_GROUPS

from .common import MAX_ROUNDS

__all__ = ["read_settings"]


def read_settings(r: Reader, data: Data) -> Data:
    p = "event."
    ev = {
        "name": r.text(data, "name", p, most=120, blank=False),
        "format": r.choice(data, "format", p, EventFormat.values),
        "match_length": r.choice(data, "match_length", p, MatchLength.values),
        "rounds": r.integer(data, "rounds", p, lo=1, hi=MAX_ROUNDS, null=True),
        "top_cut": r.choice(data, "top_cut", p, TopCut.values),
        "third_place": r.boolean(data, "third_place", p),
        # A double elimination's second grand final (absent from older files: the default).
        "grand_final_reset": r.boolean(data, "grand_final_reset", p)
        if "grand_final_reset" in data else True,
        # A round robin's settings (absent from older files: Swiss).
        "structure": (r.choice(data, "structure", p, EventStructure.values)
                      if "structure" in data else EventStructure.SWISS),
        "groups": r.integer(data, "groups", p, lo=1, hi=MAX_GROUPS, null=True)
        if "groups" in data else None,
        "cycles": r.integer(data, "cycles", p, lo=1, hi=2) if "cycles" in data else 1,
        "head_to_head": r.boolean(data, "head_to_head", p) if "head_to_head" in data
        else False,
        "day2_points": r.integer(data, "day2_points", p, hi=90, null=True),
        "day2_rounds": r.integer(data, "day2_rounds", p, lo=1, hi=20, null=True),
        "pick_seconds": r.integer(data, "pick_seconds", p, lo=10, hi=600, null=True),
        "status": r.choice(data, "status", p, EventStatus.values),
        "registration_opens": r.time(data, "registration_opens", p),
        "registration_closes": r.time(data, "registration_closes", p),
        "decklist_deadline": r.time(data, "decklist_deadline", p),
        "lists_published": r.boolean(data, "lists_published", p),
        "lists_published_at": r.time(data, "lists_published_at", p),
        "late_entry_until_round": r.integer(data, "late_entry_until_round", p, hi=MAX_ROUNDS),
        "check_in_required": r.boolean(data, "check_in_required", p),
        "fill_with_ai": r.boolean(data, "fill_with_ai", p),
        "ai_in_top_cut": r.boolean(data, "ai_in_top_cut", p),
        "exclude_ai_from_ratings": r.boolean(data, "exclude_ai_from_ratings", p),
        "check_squads": r.boolean(data, "check_squads", p),
        "late_player_gets": r.choice(data, "late_player_gets", p, LatePlayerGets.values),
        "no_show_minutes": r.integer(data, "no_show_minutes", p, lo=1, hi=600),
        "round_minutes": r.integer(data, "round_minutes", p, lo=1, hi=600),
        "clock_starts_at_pairing": r.boolean(data, "clock_starts_at_pairing", p),
        "starts_at": r.time(data, "starts_at", p),
        "time_zone": r.text(data, "time_zone", p, most=64, blank=False),
        "venue": r.text(data, "venue", p, most=1000),
        "description": r.text(data, "description", p, most=100_000),
        "capacity": r.integer(data, "capacity", p, lo=1, hi=100_000, null=True),
        "created_at": r.time(data, "created_at", p, null=False),
        "started_at": r.time(data, "started_at", p),
        "completed_at": r.time(data, "completed_at", p),
        "seed": r.integer(data, "seed", p, null=True),
        "seed_nonce": r.text(data, "seed_nonce", p, most=32) if data.get("seed_nonce") else "",
        "seed_hash": r.text(data, "seed_hash", p, most=64),
    }
    tiebreakers = data.get("tiebreakers")
    if not isinstance(tiebreakers, list) or not all(isinstance(t, str) for t in tiebreakers):
        r.bad(f"{p}tiebreakers", gettext("must be a list of metric names"))
        tiebreakers = []
    ev["tiebreakers"] = tiebreakers
    game = CardGame.objects.filter(slug=data.get("game")).first() if isinstance(
        data.get("game"), str) else None
    if game is None:
        r.bad(f"{p}game", gettext("no game %(game)s on this site")
                          % {"game": repr(data.get('game'))})
    ev["game"] = game
    if None in (ev["format"], ev["match_length"], ev["top_cut"], ev["late_entry_until_round"]):
        return ev
    for problem in event_problems(
            name=ev["name"], format=ev["format"], match_length=ev["match_length"],
            # A round robin's (a single or double elimination's) rounds were set at the start.
            rounds=None if ev["structure"] in (EventStructure.ROUND_ROBIN,
                                               EventStructure.SINGLE_ELIMINATION,
                                               EventStructure.DOUBLE_ELIMINATION)
            else ev["rounds"],
            top_cut=ev["top_cut"], third_place=ev["third_place"],
            day2_points=ev["day2_points"], day2_rounds=ev["day2_rounds"],
            fill_with_ai=ev["fill_with_ai"], structure=ev["structure"], groups=ev["groups"],
            cycles=ev["cycles"], head_to_head=ev["head_to_head"],
            registration_opens=ev["registration_opens"],
            registration_closes=ev["registration_closes"],
            late_entry_until_round=ev["late_entry_until_round"], tiebreakers=tiebreakers):
        r.bad("event", problem)
    for problem in event_details_problems(time_zone=ev["time_zone"], venue=ev["venue"],
                                          description=ev["description"],
                                          capacity=ev["capacity"]):
        r.bad("event", problem)
    # Version 1 imports finished events: their seed is in the file, so every draw can be
    # checked, and no one is left to play a round of seats that cannot act.
    if ev["status"] != EventStatus.COMPLETE:
        r.bad(f"{p}status", gettext("only a complete event can be imported, and this one is "
                                    "%(status)s: import its file once it is complete")
                            % {"status": repr(ev['status'])})
    elif ev["completed_at"] is None:
        r.bad(f"{p}completed_at", gettext("a complete event has the time it completed"))
    if ev["status"] == EventStatus.COMPLETE and (ev["seed"] is None or not ev["seed_nonce"]):
        r.bad(f"{p}seed", gettext("a complete event's file carries its seed and nonce"))
    elif ev["seed"] is not None and ev["seed_hash"] and (
            seed_commitment(ev["seed"], ev["seed_nonce"]) != ev["seed_hash"]):
        r.bad(f"{p}seed", gettext("the seed and nonce do not hash to the published seed_hash"))
    return ev
