"""The phases of an event in words (tournaments/presenters/phases.py), read from its settings
for each shape, on the event page for everyone and on the edit page for its organizers."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import override

from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import organizer_of
from tests.web import html, signed_in
from tournaments.presenters.phases import phase_lines

pytestmark = pytest.mark.django_db

# Each shape's settings and the sentences its phases are told in, in order.
SUMMARIES = {
    "swiss": ({"rounds": 5}, ["Swiss, 5 rounds."]),
    "swiss, rounds from the players": (
        {}, ["Swiss, as many rounds as the number of players calls for (set at the start)."]),
    "swiss, one round": ({"rounds": 1}, ["Swiss, 1 round."]),
    "swiss + top cut": (
        {"rounds": 4, "top_cut": 8, "third_place": True},
        ["Swiss, 4 rounds.",
         "Top 8, single elimination. The semifinals' losers play a match for third place."]),
    "two-day": (
        {"rounds": 5, "day2_points": 9, "day2_rounds": 3, "top_cut": 8, "third_place": True},
        ["Swiss, 5 rounds.",
         "Day 2: Swiss, 3 rounds, points and opponents carried over. The players with at "
         "least 9 match points play it.",
         "Top 8, single elimination. The semifinals' losers play a match for third place."]),
    "two-day, one round, one point, no cut": (
        {"rounds": 3, "day2_points": 1, "day2_rounds": 1},
        ["Swiss, 3 rounds.",
         "Day 2: Swiss, 1 round, points and opponents carried over. The players with at least "
         "1 match point play it."]),
    "round robin groups + single elimination": (
        {"structure": "round_robin", "groups": 2, "cycles": 2, "head_to_head": True,
         "top_cut": 4},
        ["Round robin in 2 groups: each pair of a group meets twice, who goes first swapped. "
         "Head-to-head breaks ties on match points first.",
         "Top 4, single elimination: the best 2 of each group."]),
    "round robin groups, the best of each": (
        {"structure": "round_robin", "groups": 4, "top_cut": 4},
        ["Round robin in 4 groups: each pair of a group meets once.",
         "Top 4, single elimination: the best player of each group."]),
    "round robin only": (
        {"structure": "round_robin", "groups": 1},
        ["Round robin in 1 group: each pair meets once."]),
    "single elimination": (
        {"structure": "single_elimination", "third_place": True},
        ["Single elimination of the whole field, seeded by rating, byes to the top seeds. "
         "The semifinals' losers play a match for third place."]),
    "double elimination with its reset": (
        {"structure": "double_elimination", "grand_final_reset": True},
        ["Double elimination of the whole field, seeded by rating, byes to the top seeds: a "
         "player is out at their second loss. If the losers bracket's champion wins the grand "
         "final, it is played again."]),
    "double elimination, one grand final": (
        {"structure": "double_elimination", "grand_final_reset": False},
        ["Double elimination of the whole field, seeded by rating, byes to the top seeds: a "
         "player is out at their second loss."]),
}


@pytest.mark.parametrize("name", SUMMARIES)
def test_each_shape_is_told_phase_by_phase(name):
    given, lines = SUMMARIES[name]
    assert phase_lines(OrganizedEventFactory(**given)) == lines


def test_the_sentences_are_translated():
    event = OrganizedEventFactory(rounds=5, day2_points=9, day2_rounds=3, top_cut=8)
    with override("cs"):
        lines = phase_lines(event)
    assert len(lines) == 3
    assert not set(lines) & set(phase_lines(event))


def test_the_event_page_tells_everyone_the_phases_in_order():
    event = OrganizedEventFactory(rounds=5, day2_points=9, day2_rounds=3, top_cut=8)
    page = html(Client().get(reverse("tournaments:event", args=[event.pk])))
    listed = page.split('id="event-phases"')[1].split("</ol>")[0]
    positions = [listed.index(escape(line)) for line in phase_lines(event)]
    assert positions == sorted(positions) and len(positions) == 3


def test_the_edit_page_shows_the_saved_phases_above_their_settings():
    event = OrganizedEventFactory(structure="round_robin", groups=2, top_cut=4)
    page = html(signed_in(organizer_of(event)).get(
        reverse("tournaments:event_edit", args=[event.pk])))
    saved = page.split('id="saved-phases"')[1].split("</ol>")[0]
    assert escape("Top 4, single elimination: the best 2 of each group.") in saved
    assert page.index('id="saved-phases"') < page.index('id="id_groups"')
