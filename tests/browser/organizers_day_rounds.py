"""The organizer's day (test_organizers_day.py), its second part: from the first
announcement through the rounds, the corrections and the top cut to the final standings, the
guest's claim and the event file downloaded and imported; each step a function of the `Day`
it changes."""

from __future__ import annotations

import json
import re
from datetime import timedelta

from django.db.models import F, Q
from playwright.sync_api import expect

from tests.browser.organizers_day_steps import (
    EVENT,
    GUEST,
    IMPORTER,
    JUDGE,
    LATE,
    NO_SHOW_MINUTES,
    Day,
    sheet,
    shot,
    sign_up_and_confirm,
    status,
    to_dashboard,
    to_event,
)
from tournaments.models import (
    Event,
    EventStatus,
    Match,
    MatchStatus,
    Penalty,
    PenaltyKind,
    Registration,
    Round,
)


def announcement(day: Day) -> None:
    """Posted on the dashboard, shown at the top of each player's event page."""
    org = day.org
    to_dashboard(org)
    text = "Round 1 has started: tables 1-3 by the window. Slips to the counter."
    org.get_by_label("Message").fill(text)
    org.get_by_role("button", name="Post to the players").click()
    assert "The announcement is posted" in status(org)
    ben = day.pages["ben"]
    ben.get_by_role("link", name="Event", exact=True).click()
    news = ben.get_by_role("region", name="Announcements")
    assert text in news.inner_text()
    shot(ben, "announcement")


def round_clock(day: Day) -> None:
    """Pause the clock (a fire alarm, a long ruling), resume it, add five minutes."""
    org = day.org
    clock = org.get_by_role("region", name="Round clock")
    clock.get_by_role("button", name="Pause the clock").click()
    clock = org.get_by_role("region", name="Round clock")
    clock.get_by_role("button", name="Resume the clock").wait_for()
    assert "Paused." in clock.inner_text()
    shot(org, "clock-paused", at=clock)
    clock.get_by_role("button", name="Resume the clock").click()
    clock = org.get_by_role("region", name="Round clock")
    clock.get_by_label("Minutes").fill("5")
    clock.get_by_role("button", name="Add to the clock").click()
    assert "5 minutes added to the clock of round 1." in status(org)
    assert day.current_round().clock_added_minutes == 5


def extra_time(day: Day) -> None:
    """A judge call at table 2: three extra minutes for that table alone."""
    org = day.org
    org.get_by_role("link", name=re.compile(r"^Table 2: ")).click()
    org.get_by_role("heading", name="Round 1, table 2").wait_for()
    org.get_by_label("Minutes").fill("3")
    org.get_by_label("Why").fill("judge call")
    org.get_by_role("button", name="Give this table extra time").click()
    assert "Table 2 has 3 extra minutes." in status(org)
    clock = org.get_by_role("region", name="Clock")
    assert "This table has 3 extra minutes." in clock.inner_text()
    assert "judge call" in clock.inner_text()
    shot(org, "extra-time", at=clock)


def late_player(day: Day) -> None:
    """Hal comes in after round 1 is paired: the organizer adds him to the round by
    username, and he gets a bye for it (the event's setting); he plays from round 2."""
    hal = day.page_for(LATE)
    org = day.org
    to_dashboard(org)
    panel = org.get_by_role("region", name="Round 1: late players and no-shows")
    assert "The event gives them a bye for it." in panel.inner_text()
    late = panel.get_by_role("form", name="Add a late player")
    late.get_by_label("Or a player's username").fill(LATE)
    shot(org, "late-player", at=panel)
    late.get_by_role("button", name="Add the late player").click()
    assert f"{LATE} is in round 1 with a bye." in status(org)
    to_event(hal)
    hal.get_by_role("link", name="Pairings", exact=True).click()
    assert "You have a bye this round: a 2-0 win." in hal.locator(".your-table").inner_text()


def judge_page(day: Day, *, player: str, penalty: str, note: str, name: str) -> None:
    """The judge records a penalty from his phone: Me, Events I judge, the event's judge
    page."""
    jude = day.pages[JUDGE]
    jude.get_by_role("link", name=f"Me ({JUDGE})").click()
    jude.get_by_role("region", name="Events I judge").get_by_role("link", name=EVENT).click()
    form = jude.get_by_role("region", name="Record a penalty")
    form.get_by_label("Player").select_option(label=player)
    form.get_by_label(penalty, exact=True).check()
    form.get_by_label("What happened").fill(note)
    form.get_by_role("button", name="Record the penalty").click()
    assert f"A {penalty.lower()} for {player} is recorded" in status(jude)
    recorded = jude.get_by_role("region", name="Penalties of the event")
    assert note in recorded.inner_text()
    shot(jude, name, at=jude.get_by_role("region", name="Penalties of the event"))


def warning(day: Day) -> None:
    """A slow-play call at a table: the judge gives dee a warning, on the record only."""
    judge_page(day, player="dee", penalty="Warning", note="Slow play, reminded twice",
               name="penalty-warning")
    [penalty] = Penalty.objects.filter(event=day.event)
    assert (penalty.kind, penalty.by.username, penalty.round_number) == (
        PenaltyKind.WARNING, JUDGE, 1)
    # A warning changes no result: every table of the round is still playing.
    assert not day.current_round().matches.filter(player_b__isnull=False).exclude(
        status=MatchStatus.PENDING).exists()


def report_match(page, *, a: int, b: int) -> None:  # noqa: ANN001
    """On the player's match page (from the pairings): the games each won, then send."""
    page.get_by_role("link", name="Pairings", exact=True).click()
    page.get_by_role("link", name="Report the result").click()
    form = page.get_by_role("region", name="Report the result")
    form.locator("select").nth(0).select_option(str(a))
    form.locator("select").nth(1).select_option(str(b))
    form.get_by_label("Drawn games").select_option("0")
    form.get_by_role("button", name="Send my report").click()
    page.get_by_role("heading", name="History").wait_for()


def reports(day: Day) -> None:
    """Both players of a table without the guest report from their phones: the two reports
    agree, so the result is confirmed."""
    rnd = day.current_round()
    match = next(m for m in rnd.matches.select_related("player_a__player", "player_b__player")
                 .order_by("table") if not m.bye and m.player_a.player and m.player_b.player)
    first = day.pages[match.player_a.player.username]
    second = day.pages[match.player_b.player.username]
    report_match(first, a=2, b=1)
    assert "the result is confirmed when your opponent reports the same" in status(first)
    report_match(second, a=2, b=1)
    assert "Result confirmed: 2-1" in status(second)
    assert Match.objects.get(pk=match.pk).status == MatchStatus.CONFIRMED
    day.reported = match.pk
    shot(second, "report")


def no_show(day: Day) -> None:
    """A player has not come to their table: once the round clock has run the event's
    no-show minutes, the absent player loses the match and the opponent wins it 2-0.

    The dashboard first says how long to wait. The organizer would wait that minute; the
    day does not spend it, but starts the round's clock a minute earlier (the time it has
    run is computed from that start, so the dashboard then reads as after the wait)."""
    org = day.org
    to_dashboard(org)
    panel = org.get_by_role("region", name="Round 1: late players and no-shows")
    if "A no-show can be given now." not in panel.inner_text():  # (a slow machine: it is)
        assert "1 minute left before a no-show can be given." in panel.inner_text()
        Round.objects.filter(pk=day.current_round().pk).update(
            clock_started_at=F("clock_started_at") - timedelta(minutes=NO_SHOW_MINUTES))
        org.reload()
        panel = org.get_by_role("region", name="Round 1: late players and no-shows")
    assert "A no-show can be given now." in panel.inner_text()
    form = panel.get_by_role("form", name="No-show")
    absent = form.get_by_label("Absent player")
    choice = absent.locator("option").first.inner_text()
    absent.select_option(label=choice)
    form.get_by_text("Give the match loss").click()
    shot(org, "no-show", at=panel.get_by_role("heading", name="No-show", exact=True))
    form.get_by_role("button", name="Give the no-show's match loss").click()
    assert "the no-show's match loss is recorded, their opponent wins the match." in status(org)
    table = int(re.search(r"\(table (\d+),", choice).group(1))
    match = day.current_round().matches.get(table=table)
    assert match.status == MatchStatus.CONFIRMED
    assert sorted((match.a_wins, match.b_wins)) == [0, 2]


def enter_slips(day: Day, *, shots: bool = True) -> None:
    """The organizer enters the other tables from their slips: each from the dashboard's
    "Results to confirm", player A winning 2-0."""
    org = day.org
    to_dashboard(org)
    while (rows := org.get_by_role("region", name=re.compile("^Results to confirm"))
           .get_by_role("link")).count() > 1:  # the slips' print link, then the tables
        rows.nth(1).click()
        form = org.get_by_role("region", name=re.compile(r"^(Set|Correct) the result"))
        form.locator("select").nth(0).select_option("2")
        form.locator("select").nth(1).select_option("0")
        form.get_by_label("Note for the record").fill("from the result slip")
        if shots:
            shot(org, "enter-slip", at=form)
            shots = False
        form.get_by_role("button", name="Confirm this result").click()
        assert "set: " in status(org)
        org.get_by_role("heading", name="Next step").wait_for()
    rnd = day.current_round()
    assert not rnd.matches.exclude(status=MatchStatus.CONFIRMED).exists()


def game_loss(day: Day) -> None:
    """After the round the judge finds a marked sleeve: a game loss for the winner of a
    table entered from its slip. 2-0 becomes 2-1, and the match page says a penalty changed
    the result (the opponent reads no more than that)."""
    rnd = day.current_round()
    match = (rnd.matches.filter(player_b__isnull=False, a_wins=2, b_wins=0).exclude(pk=day.reported)
             .exclude(changes__action="no_show")
             .select_related("player_a__player__profile", "player_b__player").first())
    judge_page(day, player=match.player_a.name, penalty="Game loss",
               note=f"Marked sleeves, table {match.table}", name="penalty-game-loss")
    match.refresh_from_db()
    assert (match.a_wins, match.b_wins) == (2, 1)
    # The opponent's match page (the penalised player's when the opponent is the guest).
    viewer = match.player_b.player or match.player_a.player
    page = day.pages[viewer.username]
    page.get_by_role("link", name="Pairings", exact=True).click()
    page.get_by_role("link", name="See the result").click()
    facts = page.locator("dl").first.inner_text()
    assert "result changed by a penalty" in facts, facts
    assert "Marked sleeves" not in page.content() or viewer == match.player_a.player
    shot(page, "penalty-match")


def undo_drop(day: Day) -> None:
    """Cy drops by mistake after round 1 and asks to play on: the organizer undoes the drop,
    and he is paired again from round 2."""
    cy = day.pages["cy"]
    cy.get_by_role("link", name="Event", exact=True).click()
    cy.get_by_text("Drop from the event").click()
    cy.get_by_role("button", name="Drop now").click()
    assert "You have dropped" in status(cy)
    org = day.org
    org.reload()
    org.get_by_role("button", name="Undo the drop of cy").click()
    assert "cy is back: they are paired again from the next round on." in status(org)
    assert not Registration.objects.get(event=day.event, player__username="cy").dropped
    shot(org, "undo-drop")


def pair_round_2_and_swap(day: Day) -> None:
    """Round 2 paired, then two players swapped between tables before any result is in."""
    org = day.org
    org.get_by_role("button", name="Pair round 2").click()
    assert "Round 2 is paired" in status(org)
    one, two = day.current_round().matches.filter(
        player_b__isnull=False).select_related("player_a__player__profile").order_by("table")[:2]
    corrections = org.get_by_role("region", name="Corrections")
    corrections.get_by_label("Player").select_option(
        label=f"{one.player_a.name} (table {one.table})")
    corrections.get_by_label("Swap with").select_option(
        label=f"{two.player_a.name} (table {two.table})")
    corrections.get_by_role("button", name="Swap the two players").click()
    assert f"Tables {one.table} and {two.table} have swapped players." in status(org)
    assert Match.objects.get(pk=one.pk).player_a_id == two.player_a_id
    shot(org, "swap")


def corrections_list(day: Day) -> None:
    """The dashboard's "Corrections made so far": the day's fixes, newest first."""
    org = day.org
    org.get_by_role("link", name="Corrections made so far").click()
    trail = org.get_by_role("list", name="Corrections").inner_text()
    for label in ("Players swapped", "Drop undone", "No-show match loss", "Late player added"):
        assert label in trail, trail
    assert trail.index("Players swapped") < trail.index("Late player added")
    shot(org, "corrections")
    org.get_by_role("link", name="Back to the dashboard").click()


def round_2_results(day: Day) -> None:
    enter_slips(day, shots=False)
    assert "Start the top 4" in day.org.get_by_role("region", name="Next step").inner_text()


def standings(day: Day) -> None:
    """After the Swiss rounds: points, tiebreakers, and the line under the top 4."""
    ada = day.pages["ada"]
    ada.get_by_role("link", name="Standings", exact=True).click()
    ada.get_by_role("heading", name="Standings after round 2").wait_for()
    expect(ada.get_by_role("row")).to_have_count(1 + 7)  # with the late player
    shot(ada, "standings")


def top_cut(day: Day) -> None:
    """The top 4: semifinals, then the final, then the event is complete."""
    org = day.org
    org.get_by_role("link", name="Manage", exact=True).click()
    org.get_by_role("button", name="Start the top 4").click()
    assert "The semifinals are paired" in status(org)
    enter_slips(day, shots=False)
    org.get_by_role("button", name="Pair the next bracket round").click()
    assert "The final is paired" in status(org)
    enter_slips(day, shots=False)
    final = day.current_round().matches.select_related("player_a__player__profile").get()
    champion = final.player_a.name
    assert f"{champion} won the final" in org.get_by_role("region", name="Next step") \
        .inner_text()
    org.get_by_role("button", name="Complete the event").click()
    assert "is complete" in status(org)
    assert day.refresh().status == EventStatus.COMPLETE
    org.get_by_role("link", name="Top cut", exact=True).click()
    assert f"Champion: {champion}" in org.get_by_role("status").last.inner_text()
    shot(org, "top-cut")


def final_standings_printout(day: Day) -> None:
    org = day.org
    org.get_by_role("link", name="Standings", exact=True).click()
    org.get_by_role("link", name="Print the standings").click()
    org.get_by_role("heading", name="Standings after round 2").wait_for()
    sheet(org, "print-standings")


def guest_claims(day: Day) -> None:
    """After the event Gil makes an account and claims his seat with the code: his results
    are his."""
    sign_up_and_confirm(day, "gil", "Gil W.", shots=False)
    gil = day.pages["gil"]
    gil.get_by_role("link", name="Claim a seat").click()
    gil.get_by_role("textbox", name="Claim code").fill(day.claim_code)
    gil.get_by_role("button", name="Claim the seat").click()
    assert f"The seat in {EVENT} is yours, with its results." in status(gil)
    seat = Registration.objects.get(event=day.event, player__username="gil")
    assert Match.objects.filter(Q(player_a=seat) | Q(player_b=seat)).count() >= 2
    shot(gil, "claim")
    gil.get_by_role("link", name="Standings", exact=True).click()
    gil.get_by_role("heading", name="Standings after round 2").wait_for()
    table = gil.get_by_role("table").first.inner_text()
    assert "Gil W." in table and GUEST not in table, table  # his name now


def download_event_file(day: Day) -> None:
    """The event file from the dashboard's Downloads: the whole event in one JSON file."""
    org = day.org
    org.go_back()  # from the printout, which has no navigation
    to_dashboard(org)
    downloads = org.get_by_role("region", name="Downloads")
    with org.expect_download() as download:
        downloads.get_by_role("link", name="The event file (JSON)").click()
    day.event_file = day.folder / download.value.suggested_filename
    download.value.save_as(day.event_file)
    assert day.event_file.name.endswith(".clash-event.json")
    data = json.loads(day.event_file.read_text())
    assert data["event"]["name"] == EVENT and data["event"]["status"] == "complete"
    assert len(data["players"]) == 8  # eve's seat too, dropped before the start
    assert data["corrections"] and data["penalties"]
    shot(org, "event-file", at=downloads)


def import_event_file(day: Day) -> None:
    """Lena keeps the league's archive: from the event list she imports the file, and it
    is a new event, marked imported, with its results."""
    lena = day.page_for(IMPORTER)
    lena.get_by_role("link", name="Events", exact=True).first.click()
    lena.get_by_role("link", name="Import an event").click()
    lena.get_by_label("Event file (JSON)").set_input_files(str(day.event_file))
    lena.get_by_role("button", name="Import the event").click()
    assert f"“{EVENT}” is imported from" in status(lena)
    assert "Imported from" in lena.locator("#event-imported").inner_text()
    imported = Event.objects.exclude(pk=day.event.pk).get(name=EVENT)
    assert lena.url.endswith(f"/events/{imported.pk}/")
    assert imported.imported_at is not None and imported.status == EventStatus.COMPLETE
    assert list(imported.organizers.values_list("username", flat=True)) == [IMPORTER]
    shot(lena, "import")
