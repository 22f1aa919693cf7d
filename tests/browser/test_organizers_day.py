"""The organizer's day (docs/organizers-day.md), lived on a phone from the home page: the
organizer signs up and confirms the e-mail, creates the event, players register (one
waits on the waitlist and moves up), a walk-in gets a guest seat with a claim code and the
organizer enters his list, the players check in, a judge is named, the organizer starts the
event and pairs round 1 (its clock starts), prints the pairings and the slips, posts an
announcement, runs the clock, seats a late player with a bye, the judge warns a player, the
players report, a no-show loses once the clock has run, the organizer enters the slips, the
judge gives a game loss, the organizer undoes a drop, swaps two players, reads the
corrections, and runs the top cut to the final standings, which the guest then claims; the
event file is downloaded and imported as a new event.

Each step is a function of the `Day` it changes, in `STEPS`, in the order of the day; each
asserts what the person sees and saves one screenshot, docs/screenshots/day-<name>.png, when
CLASH_SCREENSHOTS=1. Everyone moves by links alone after their first page (the home page, or
the login page for the players); the one address typed is the confirmation link, as it
comes by e-mail (from the test outbox here). The one minute the no-show waits for is not
spent: `no_show` starts the round's clock that much earlier. The steps are in
organizers_day_setup.py (up to round 1's printouts) and organizers_day_rounds.py (from the
first announcement on), what they share (the `Day`, its people, the moves and screenshots) in
organizers_day_steps.py. A step for a new part of the day is one more function there, put in
`STEPS` where it happens."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.browser.organizers_day_rounds import (
    announcement,
    corrections_list,
    download_event_file,
    enter_slips,
    extra_time,
    final_standings_printout,
    game_loss,
    guest_claims,
    import_event_file,
    late_player,
    no_show,
    pair_round_2_and_swap,
    reports,
    round_2_results,
    round_clock,
    standings,
    top_cut,
    undo_drop,
    warning,
)
from tests.browser.organizers_day_setup import (
    check_in,
    create_event,
    event_page,
    guest_list,
    name_judge,
    pair_round_1,
    pairings,
    players_register,
    print_pairings_by_name,
    print_pairings_by_table,
    print_slips,
    sign_up,
    start,
    waitlist,
    waitlist_moves_up,
    walk_in,
)
from tests.browser.organizers_day_steps import Day
from tests.factories.decks import starter_kit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

STEPS: list[Callable[[Day], None]] = [
    sign_up, create_event, event_page, players_register, walk_in, guest_list, waitlist,
    waitlist_moves_up, check_in, name_judge, start, pair_round_1, pairings,
    print_pairings_by_name, print_pairings_by_table, print_slips, announcement, round_clock,
    extra_time, late_player, warning, reports, no_show, enter_slips, game_loss, undo_drop,
    pair_round_2_and_swap, corrections_list, round_2_results, standings, top_cut,
    final_standings_printout, guest_claims, download_event_file, import_event_file,
]


def test_an_organizers_day_from_sign_up_to_the_final_standings(open_as, tmp_path):
    starter_kit()  # the card catalogue, as the site's set-up loads it (README)
    day = Day(open_as=open_as, folder=tmp_path)
    for step in STEPS:
        step(day)
