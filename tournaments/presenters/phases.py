"""An event's phases in words, in the order it runs them, read from the event's settings (the
plan services.phases writes at the start): the event page tells the players what the event
is, and the edit page shows the organizer what the settings make."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from tournaments.models import Event, EventStructure

__all__ = ["phase_lines"]


def _first(event: Event) -> str:
    if event.structure == EventStructure.SINGLE_ELIMINATION:
        line = gettext("Single elimination of the whole field, seeded by rating, byes to the "
                       "top seeds.")
        if event.third_place:
            line += " " + gettext("The semifinals' losers play a match for third place.")
        return line
    if event.structure == EventStructure.DOUBLE_ELIMINATION:
        line = gettext("Double elimination of the whole field, seeded by rating, byes to the "
                       "top seeds: a player is out at their second loss.")
        if event.grand_final_reset:
            line += " " + gettext("If the losers bracket's champion wins the grand final, it "
                                  "is played again.")
        return line
    if event.structure == EventStructure.ROUND_ROBIN:
        groups = event.groups or 1
        line = (ngettext("Round robin in %(groups)d group: each pair meets twice, who goes "
                         "first swapped.",
                         "Round robin in %(groups)d groups: each pair of a group meets twice, "
                         "who goes first swapped.", groups)
                if event.cycles == 2 else
                ngettext("Round robin in %(groups)d group: each pair meets once.",
                         "Round robin in %(groups)d groups: each pair of a group meets once.",
                         groups)) % {"groups": groups}
        if event.head_to_head:
            line += " " + gettext("Head-to-head breaks ties on match points first.")
        return line
    if event.rounds:
        return ngettext("Swiss, %(rounds)d round.", "Swiss, %(rounds)d rounds.",
                        event.rounds) % {"rounds": event.rounds}
    return gettext("Swiss, as many rounds as the number of players calls for (set at the "
                   "start).")


def _day_two(event: Event) -> str:
    rounds, points = event.day2_rounds or 0, event.day2_points or 0
    return (ngettext("Day 2: Swiss, %(rounds)d round, points and opponents carried over.",
                     "Day 2: Swiss, %(rounds)d rounds, points and opponents carried over.",
                     rounds) % {"rounds": rounds}
            + " " + ngettext("The players with at least %(points)d match point play it.",
                             "The players with at least %(points)d match points play it.",
                             points) % {"points": points})


def _top_cut(event: Event) -> str:
    cut = event.top_cut
    if event.structure == EventStructure.ROUND_ROBIN and event.groups:
        each = cut // event.groups
        line = ngettext("Top %(cut)d, single elimination: the best player of each group.",
                        "Top %(cut)d, single elimination: the best %(each)d of each group.",
                        each) % {"cut": cut, "each": each}
    else:
        line = gettext("Top %(cut)d, single elimination.") % {"cut": cut}
    if event.third_place:
        line += " " + gettext("The semifinals' losers play a match for third place.")
    return line


def phase_lines(event: Event) -> list[str]:
    """One sentence or two for each phase, in order: the first phase, day 2, the top cut.
    `event` may be any object with the Event's phase settings (a form's values)."""
    lines = [_first(event)]
    if event.day2_points is not None:
        lines.append(_day_two(event))
    if event.top_cut and event.structure not in (EventStructure.SINGLE_ELIMINATION,
                                                 EventStructure.DOUBLE_ELIMINATION):
        lines.append(_top_cut(event))
    return lines
