"""A draft pod in the browser: the organizer starts a draft event, a player drafts their 8
cards against an AI seat one pick at a time (rule C-2.4), and round 1 of the pod is paired;
the player facing the AI seat then plays their match online from the match page, and the
engine records the result."""

from __future__ import annotations

import re

import pytest
from django.db.models import Q
from playwright.sync_api import expect

from decks.models import Decklist, DecklistKind
from tests.browser.helpers import TIMEOUT_MS, screenshot
from tests.factories import UserFactory, starter_kit
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.pods_play import draft_all
from tournaments.models import (
    DraftStatus,
    EngineGame,
    GameMode,
    Match,
    MatchLength,
    MatchStatus,
    PodSeat,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# A game ends well before this (the engine's turn cap); a stuck page fails instead.
MAX_MOVES = 1500


def start_with_ai_in_the_empty_seat(org) -> None:  # noqa: ANN001
    """The start asks first: the no-show's place in the pod is empty, for an AI seat."""
    org.get_by_text("Start the event…").click()
    org.get_by_text("Pod 1: 1 empty seat of 4").wait_for()
    org.get_by_role("button", name="Start with an AI player in the empty seat").click()


@pytest.fixture
def draft_event():  # noqa: ANN201
    """Four registered, one of them a no-show: the pod keeps its place for an AI seat."""
    starter_kit()
    olga = UserFactory(username="olga")
    event = OrganizedEventFactory(name="Pod Night", format="draft", check_in_required=True,
                                  organizers=[olga])
    for i, name in enumerate(["ada", "ben", "cy", "dee"]):
        SeatFactory(event=event, player=UserFactory(username=name), checked_in=i < 3)
    return event


def test_a_player_drafts_against_an_ai_seat_and_is_paired_in_their_pod(open_as, draft_event):
    event = draft_event
    org = open_as(event.organizers.get())
    org.goto(f"/events/{event.pk}/manage/")
    start_with_ai_in_the_empty_seat(org)
    assert "has started" in org.get_by_role("status").first.inner_text()

    # Seats 1 to 3 are the players who came, seat 4 the AI seat; 3 drafts against 4.
    seat = PodSeat.objects.select_related("registration__player").get(pod__event=event,
                                                                       number=3)
    assert PodSeat.objects.get(pod__event=event, number=4).registration.is_ai
    page = open_as(seat.registration.player)
    page.goto(f"/events/{event.pk}/pods/")
    page.get_by_text("4. AI seat 4 (pod 1)").wait_for()
    page.get_by_role("link", name="Your draft (pod 1, seat 3)").click()
    lead = page.locator(".page-header .lead")
    assert "against AI seat 4 (pod 1) (AI seat)" in lead.inner_text()

    picked = []
    while "Your pick" in lead.inner_text():
        table = page.get_by_role("region", name="on the table")
        if not picked:
            screenshot(page, "pod-draft")
        card = table.get_by_role("button").first
        name = card.get_attribute("value")
        card.click()
        page.get_by_text(f"You picked {name}.").wait_for()
        picked.append(name)
        assert len(picked) <= 8
    assert "The draft is over: your 8 cards are your deck." in lead.inner_text()
    mine = page.get_by_role("region", name="Your cards (8 of 8)")
    assert mine.locator(".card-line-name").all_inner_texts() == picked
    seat.refresh_from_db()
    assert seat.pair.status == DraftStatus.DONE and list(seat.cards) == picked
    drafted = Decklist.objects.get(owner=seat.registration.player, kind=DecklistKind.DRAFTED)
    assert sorted(drafted.current.cards) == sorted(picked)

    # The other pair finishes its draft; the organizer pairs round 1 of the pod.
    draft_all(event)
    org.goto(f"/events/{event.pk}/manage/")
    org.get_by_role("button", name="Pair round 1").click()
    assert "Round 1 is paired" in org.get_by_role("status").first.inner_text()
    mine = Q(player_a=seat.registration) | Q(player_b=seat.registration)
    match = Match.objects.get(mine, round__event=event, round__number=1)
    opponent = match.player_b if match.player_a == seat.registration else match.player_a
    page.goto(f"/events/{event.pk}/pairings/")
    table = page.locator(".your-table").inner_text()
    assert f"You play at table {match.table} against {opponent.name}" in table


@pytest.fixture
def draft_event_best_of_1(draft_event):  # noqa: ANN001, ANN201
    """The same pod playing best of 1: a game in the browser takes some seconds, and one game
    shows the whole way from the match page to the result."""
    draft_event.match_length = MatchLength.BEST_OF_1
    draft_event.save(update_fields=["match_length"])
    return draft_event


def test_a_player_plays_their_match_game_against_the_ai_seat_to_the_end(
        open_as, draft_event_best_of_1, eager_ai):
    """The pod drafts and round 1 is paired; the player facing the AI seat opens their match
    from the pairings page, plays each game online by clicking legal moves until the match is
    decided, and the match page and the standings show the result the engine verified."""
    event = draft_event_best_of_1
    org = open_as(event.organizers.get())
    org.goto(f"/events/{event.pk}/manage/")
    start_with_ai_in_the_empty_seat(org)
    assert "has started" in org.get_by_role("status").first.inner_text()
    draft_all(event)  # the draft itself is the journey above
    org.reload()
    org.get_by_role("button", name="Pair round 1").click()
    assert "Round 1 is paired" in org.get_by_role("status").first.inner_text()

    match = Match.objects.select_related("player_a__player", "player_b__player").get(
        Q(player_a__is_ai=True) | Q(player_b__is_ai=True), round__event=event, round__number=1)
    me, ai = ((match.player_b, match.player_a) if match.player_a.is_ai
              else (match.player_a, match.player_b))
    assert not me.is_ai and ai.is_ai
    page = open_as(me.player)
    page.goto(f"/events/{event.pk}/pairings/")
    assert f"against {ai.name}" in page.locator(".your-table").inner_text()
    page.locator(".your-table").get_by_role("link", name="Report the result").click()
    page.get_by_role("heading", name="Play online").wait_for()

    page.get_by_role("button", name="Start game 1 online").wait_for()
    games = 0
    while page.get_by_role("button", name=re.compile(r"^(Start|Resume) game \d+ online$")).count():
        games += 1
        assert games <= event.match_length, "a game was offered after the match was decided"
        page.get_by_role("button", name=f"Start game {games} online").click()
        page.get_by_role("heading", name=f"{event.name}: game {games} online").wait_for()
        assert f"Against {ai.name}" in page.locator(".page-header").inner_text()
        play_to_the_end(page, shot=games == 1)
        page.get_by_role("link", name="Back to the match").click()
        page.get_by_role("heading", name="Play online").wait_for()

    # The match is decided: every game is a verified engine game, the result is confirmed.
    assert games == 1 if event.match_length == 1 else 2 <= games <= 3
    match.refresh_from_db()
    played = list(EngineGame.objects.filter(match=match).order_by("number"))
    assert [g.number for g in played] == list(range(1, games + 1))
    assert all(g.verified and g.mode == GameMode.ONLINE for g in played)
    winners = [g.winner for g in played]
    a_wins, b_wins, draws = winners.count("A"), winners.count("B"), winners.count("draw")
    assert (match.a_wins, match.b_wins, match.draws) == (a_wins, b_wins, draws)
    assert match.status == MatchStatus.CONFIRMED and match.engine_verified
    facts = page.locator("dl.facts")
    status = facts.locator("div").filter(has_text="Status").locator("dd").inner_text()
    assert status == "Confirmed (by the engine)"
    score = f"{a_wins}-{b_wins}" + (f"-{draws}" if draws else "")
    result = facts.locator("div").filter(has_text="Result").locator("dd").inner_text()
    assert result == f"{match.player_a.name} {score} {match.player_b.name}"
    replays = page.get_by_role("link", name=re.compile(r"^Game \d+: replay$"))
    expect(replays).to_have_count(games)
    assert page.get_by_role("button", name=re.compile(r"game \d+ online")).count() == 0
    screenshot(page, "match-verified")

    # The round's standings count it: a win is 3 points, a loss 0, a draw 1.
    mine, theirs = (a_wins, b_wins) if me == match.player_a else (b_wins, a_wins)
    outcome = "won" if mine > theirs else "lost" if mine < theirs else "drawn"
    expected = {"won": ((3, "1-0-0"), (0, "0-1-0")), "lost": ((0, "0-1-0"), (3, "1-0-0")),
                "drawn": ((1, "0-0-1"), (1, "0-0-1"))}[outcome]
    page.get_by_role("link", name="Standings").click()
    # The heading names the last round whose results are all in; while the pod's other
    # tables still play round 1, a line says which of its results are counted.
    page.get_by_text(re.compile(r"after round 1|Round 1 is being played", re.I)).first.wait_for()
    for seat, (points, record) in zip((me, ai), expected, strict=True):
        row = page.get_by_role("row").filter(
            has=page.get_by_role("link", name=seat.name, exact=True))
        assert row.get_by_role("cell").nth(2).inner_text() == str(points)
        assert row.locator(".record-inline").inner_text() == record


def play_to_the_end(page, *, shot: bool = False) -> None:  # noqa: ANN001
    """Click the first legal move the game page offers until the game is over, waiting after
    each for the player's turn to come back (the page polls while the AI seat is thinking)."""
    status = page.locator(".play-status")
    turn_or_over = re.compile(r"^\s*(Your turn|You won|You lost|A draw)")
    moves = 0
    while True:
        expect(status).to_have_text(turn_or_over, timeout=TIMEOUT_MS)
        # Over: the page says so (a match's games replay once the match is over, so the
        # replay link is not there after every game).
        if page.locator(".play-over").count():
            break
        assert moves < MAX_MOVES, "the game did not end"
        if shot and moves == 6:
            screenshot(page, "pod-game")
        with page.expect_navigation():
            page.locator('form.play-form button[name="action"]').first.click()
        errors = page.locator(".errors-form")
        assert errors.count() == 0, errors.inner_text()
        moves += 1
    assert status.inner_text().strip().startswith(("You won!", "You lost", "A draw"))
