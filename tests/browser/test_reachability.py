"""Every page is reachable from the home page by links alone (issue 14), as a player and as
an organizer: the pods and the draft of a draft event from the event page, the dashboard and
the Me page; a replay of every engine-played game from its match page once the match is
confirmed; the organizer's links to each player's registered list and page. Each journey
opens the home page once and then only clicks."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from engine.clash.ai import RandomAgent
from engine.clash.cards import load_catalogue
from engine.clash.game import play_game
from tests.factories import UserFactory, starter_kit
from tests.factories.tournaments import EngineGameFactory, OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import now, pair, settle, start
from tournaments.models import EngineGame, GameMode, Match, PodSeat
from tournaments.services.registrations import registration_create

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def world():  # noqa: ANN201
    """Olga organizes two events. Harbour Open (preconstructed, one Swiss round): ada and
    ben registered their decks, their match was played by the engine (two games, each with
    its record) and is confirmed. Pod Night (draft): ada, ben, cy and dee are seated in its
    pod and drafting."""
    starter_kit()
    olga, ada, ben = (UserFactory(username=n) for n in ("olga", "ada", "ben"))
    harbour = OrganizedEventFactory(name="Harbour Open", organizers=[olga], rounds=1)
    for player, deck in ((ada, 2), (ben, 4)):
        registration_create(event_id=harbour.pk, by=player, now=now(), preconstructed_deck=deck)
    start(harbour)
    rnd = pair(harbour)
    match = rnd.matches.get()
    catalogue = load_catalogue()
    for number, seed in ((1, 77), (2, 78)):
        _, record = play_game((catalogue.deck(2), catalogue.deck(4)), seed,
                              (RandomAgent(1), RandomAgent(2)))
        EngineGameFactory(match=match, number=number, mode=GameMode.AUTO, seed=seed,
                          record=record.to_json(), winner=record.result, verified=True)
    settle(rnd)

    pods = OrganizedEventFactory(name="Pod Night", format="draft", organizers=[olga])
    for player in (ada, ben, UserFactory(username="cy"), UserFactory(username="dee")):
        SeatFactory(event=pods, player=player)
    start(pods)
    return {"olga": olga, "ada": ada, "harbour": harbour, "pods": pods, "match": match}


def replays_of_the_match(page, match: Match) -> None:  # noqa: ANN001
    """On the match page: a replay link for each engine game, each one opening its replay."""
    games = list(EngineGame.objects.filter(match=match).order_by("number"))
    links = page.get_by_role("link", name=re.compile(r"^Game \d+: replay$"))
    assert len(games) == 2
    expect(links).to_have_count(len(games))
    for game in games:
        page.get_by_role("link", name=f"Game {game.number}: replay").click()
        page.get_by_role("heading", name=re.compile(
            rf"^Replay: Harbour Open, Round 1, table {match.table}, "
            rf"game {game.number}$")).wait_for()
        page.get_by_role("link", name="The match").click()
        page.get_by_role("heading", name="Games").wait_for()


def test_a_player_reaches_every_page_by_links_from_the_home_page(open_as, world):
    page = open_as(world["ada"])
    page.goto("/")

    # The event page, the player's own page, their match, its replays.
    page.get_by_role("link", name="Events").first.click()
    page.get_by_role("link", name=re.compile("Harbour Open")).click()
    page.get_by_role("heading", name="Harbour Open", level=1).wait_for()
    page.get_by_role("link", name="Your matches").click()
    page.get_by_role("heading", name="Matches").wait_for()
    page.get_by_role("link", name=re.compile(r"^(Win|Loss|Draw) ")).click()
    page.get_by_role("heading", name=re.compile(r"^Round 1, table \d+$")).wait_for()
    replays_of_the_match(page, world["match"])

    # The draft event: its pods from the event page, the draft from the pods and the event.
    page.get_by_role("link", name="Events").first.click()
    page.get_by_role("link", name=re.compile("Pod Night")).click()
    seat = PodSeat.objects.select_related("pod").get(pod__event=world["pods"],
                                                     registration__player=world["ada"])
    mine = f"Your draft (pod {seat.pod.number}, seat {seat.number})"
    page.get_by_role("link", name=mine).click()
    page.get_by_role("heading", name="Your draft").wait_for()
    page.get_by_role("link", name="Pods").click()
    page.get_by_role("heading", name="Draft pods").wait_for()
    page.get_by_role("link", name=mine).click()
    page.get_by_role("heading", name="Your draft").wait_for()

    # The Me page: both events, the draft again, the confirmed match.
    page.get_by_role("link", name="Me (ada)").click()
    events = page.get_by_role("region", name="My events")
    events.get_by_role("link", name="Your draft").click()
    page.get_by_role("heading", name="Your draft").wait_for()
    page.get_by_role("link", name="Me (ada)").click()
    page.get_by_role("region", name="My events").get_by_role("link", name="the pods").click()
    page.get_by_role("heading", name="Draft pods").wait_for()
    page.get_by_role("link", name="Me (ada)").click()
    page.get_by_role("region", name="My events").get_by_role(
        "link", name="Harbour Open").click()
    page.get_by_role("heading", name="Harbour Open", level=1).wait_for()

    # Claiming a guest seat (issue 16), from the Me page.
    page.get_by_role("link", name="Me (ada)").click()
    page.get_by_role("link", name="Claim a seat").click()
    page.get_by_role("heading", name="Claim a seat", level=1).wait_for()

    # The account pages from the Me page: display name, password, download, deletion.
    page.get_by_role("link", name="Me (ada)").click()
    account = page.get_by_role("region", name="Account")
    for link, heading in (("Display name", "Display name"),
                          ("Change your password", "Change your password"),
                          ("Delete your account", "Delete your account")):
        account.get_by_role("link", name=link).click()
        page.get_by_role("heading", name=heading, level=1).wait_for()
        page.get_by_role("link", name="Me (ada)").click()
        account = page.get_by_role("region", name="Account")
    with page.expect_download() as download:
        account.get_by_role("link", name="Download your data").click()
    assert download.value.suggested_filename == "clash-ada.json"


def test_a_visitor_reaches_sign_up_and_the_password_reset_from_the_home_page(open_as):
    page = open_as()
    page.goto("/")
    page.get_by_role("link", name="Sign up").click()
    page.get_by_role("heading", name="Sign up", level=1).wait_for()
    page.get_by_role("link", name="Log in").first.click()
    page.get_by_role("link", name="Forgot your password?").click()
    page.get_by_role("heading", name="Reset your password", level=1).wait_for()


def test_an_organizer_reaches_every_page_by_links_from_the_home_page(open_as, world):
    page = open_as(world["olga"])
    page.goto("/")
    page.get_by_role("link", name="Me (olga)").click()
    organized = page.get_by_role("region", name="Events I organize")
    organized.get_by_role("link", name="Harbour Open").click()
    page.get_by_role("heading", name="Next step").wait_for()

    # Each player's registered list and page, from the dashboard's players table.
    for name in ("ada", "ben"):
        row = page.get_by_role("row").filter(has=page.get_by_role("link", name=name,
                                                                  exact=True))
        row.get_by_role("link", name="Registered list").click()
        page.get_by_role("heading", name=f"Registered list of {name}").wait_for()
        page.get_by_role("link", name="Manage").click()
        page.get_by_role("heading", name="Next step").wait_for()
        page.get_by_role("row").filter(has=page.get_by_role("link", name=name, exact=True)) \
            .get_by_role("link", name=name, exact=True).click()
        page.get_by_role("heading", name=name, level=2).wait_for()
        page.get_by_role("link", name="Manage").click()

    # A player's page leads to the match, the match to its replays.
    page.get_by_role("link", name="ada", exact=True).click()
    page.get_by_role("link", name=re.compile(r"^(Win|Loss|Draw) ")).click()
    page.get_by_role("heading", name=re.compile(r"^Round 1, table \d+$")).wait_for()
    replays_of_the_match(page, world["match"])

    # The draft event's dashboard and pods.
    page.get_by_role("link", name="Me (olga)").click()
    page.get_by_role("region", name="Events I organize").get_by_role(
        "link", name="Pod Night").click()
    page.get_by_role("heading", name="Next step").wait_for()
    page.get_by_role("link", name="Pods").click()
    page.get_by_role("heading", name="Draft pods").wait_for()
    page.get_by_role("link", name="Manage").click()
    page.get_by_role("heading", name="Next step").wait_for()
