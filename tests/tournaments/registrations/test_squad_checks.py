"""Squad checks of Berserk events (rules B-4, B-5): the organizer asks for them, each player
submits the squad of each game on the match page, the check runs against the list the player
registered and is stored with its problems; the opponent sees nothing before the match is
confirmed, and the organizer sees which squads are missing or illegal."""

from __future__ import annotations

import html
import json

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from core.errors import Conflict, DomainError, Forbidden
from decks.models import CardGame
from decks.rules import BERSERK, SPOILS
from decks.services.catalogue import other_game
from decks.services.decklists import decklist_create
from tests.decks.test_berserk_squad_check import LEGAL
from tests.decks.test_other_games import berserk_deck, load
from tests.factories import UserFactory, starter_kit
from tournaments.models import Event, Match, MatchStatus, SquadCheck
from tournaments.selectors.squads import matches_with_squad_problems
from tournaments.services.events import event_create, event_start
from tournaments.services.registrations import registration_create
from tournaments.services.results import result_report, result_set
from tournaments.services.rounds import round_pair
from tournaments.services.squads import squad_check_submit

pytestmark = pytest.mark.django_db

# Moss Archer on a front edge cell while the central 3x3 has room: the first player fills
# the central cells first (B-5).
MISPLACED = {**LEGAL, "placement": {**LEGAL["placement"], "Moss Archer": "r1c1"}}


def berserk_event(organizer, **options) -> Event:  # noqa: ANN001, ANN003
    load(BERSERK)
    return event_create(
        by=organizer, name="Berserk Cup", format="constructed", seed=3, now=timezone.now(),
        game=other_game(BERSERK), match_length=3, rounds=1, **options)


@pytest.fixture
def table():  # noqa: ANN201
    """A running Berserk event that checks squads, paired: ada (A) against ben (B)."""
    olga = UserFactory(username="olga")
    event = berserk_event(olga, check_squads=True)
    players = {}
    for name in ("ada", "ben"):
        user = UserFactory(username=name)
        decklist = decklist_create(user=user, name=f"{name}'s hills", kind="constructed",
                                   cards=berserk_deck(30), now=timezone.now(),
                                   game=event.game)
        registration_create(event_id=event.pk, by=user, now=timezone.now(),
                            decklist_version_id=decklist.current.pk)
        players[name] = user
    event_start(event_id=event.pk, by=olga, now=timezone.now())
    round_pair(event_id=event.pk, by=olga, now=timezone.now())
    match = Match.objects.select_related("player_a__player", "player_b__player").get()
    a, b = match.player_a.player, match.player_b.player
    return {"event": event, "match": match, "olga": olga, "a": a, "b": b,
            "seat_a": match.player_a, "seat_b": match.player_b}


def submit(t: dict, side: str, data: dict, game: int = 1, by=None) -> SquadCheck:  # noqa: ANN001
    return squad_check_submit(match_id=t["match"].pk, registration_id=t[f"seat_{side}"].pk,
                              by=by or t[side], game_number=game, data=data,
                              now=timezone.now())


def match_url(t: dict) -> str:
    return reverse("tournaments:match", args=[t["event"].pk, t["match"].pk])


def page(client, t: dict, user) -> str:  # noqa: ANN001
    client.force_login(user)
    response = client.get(match_url(t))
    assert response.status_code == 200
    return response.content.decode()


# The option ------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", ["clash", SPOILS])
def test_only_berserk_events_check_squads(slug):
    if slug == "clash":
        starter_kit()
        game = CardGame.objects.get(slug="clash")
    else:
        load(SPOILS)
        game = other_game(SPOILS)
    with pytest.raises(DomainError) as err:
        event_create(by=UserFactory(), name="Cup", format="constructed",
                                     seed=1, now=timezone.now(), game=game,
                                     check_squads=True)
    assert err.value.problems == [f"squad checks are for Berserk events only: {game.name} has "
                                  f"no squads to check (rules B-4, B-5)"]
    assert not Event.objects.exists()


def test_the_squad_option_is_named_with_the_other_problems_of_the_settings():
    load(SPOILS)
    with pytest.raises(DomainError) as err:
        event_create(by=UserFactory(), name=" ", format="draft", seed=1,
                                     now=timezone.now(), game=other_game(SPOILS),
                                     check_squads=True)
    assert err.value.problems == [
        "the event needs a name", "The Spoils events are constructed: players bring their lists",
        "squad checks are for Berserk events only: The Spoils has no squads to check "
        "(rules B-4, B-5)"]
    assert not Event.objects.exists()


def test_the_api_creates_an_event_that_checks_squads_and_refuses_it_for_another_game():
    load(BERSERK)
    starter_kit()
    client = APIClient()
    client.force_authenticate(UserFactory(username="olga"))
    created = client.post("/api/events/", {"name": "Berserk Cup", "format": "constructed",
                                           "game": BERSERK, "check_squads": True},
                          format="json")
    assert created.status_code == 201, created.json()
    assert created.json()["check_squads"] is True
    assert Event.objects.get().check_squads
    plain = client.post("/api/events/", {"name": "Plain", "format": "constructed",
                                         "game": BERSERK}, format="json")
    assert plain.json()["check_squads"] is False
    refused = client.post("/api/events/", {"name": "Clash Cup", "format": "constructed",
                                           "check_squads": True}, format="json")
    assert refused.status_code == 400
    assert "squad checks are for Berserk events only" in refused.json()["error"]["message"]
    assert Event.objects.count() == 2


def test_the_event_page_says_whether_squads_are_checked(client):
    event = berserk_event(UserFactory(username="olga"), check_squads=True)
    shown = client.get(reverse("tournaments:event", args=[event.pk])).content.decode()
    assert "each player submits the squad and placement of each game" in shown


# Submitting ------------------------------------------------------------------------------


def test_b4_b5_a_legal_squad_is_stored_ok(table):
    check = submit(table, "a", LEGAL)
    assert check.ok and check.problems == []
    assert check.squad == LEGAL and check.registration == table["seat_a"]
    assert check.game_number == 1


def test_b5_an_illegal_squad_is_stored_with_the_engines_problems(table):
    check = submit(table, "b", MISPLACED, game=2)
    assert not check.ok
    assert [p["code"] for p in check.problems] == ["cell_priority"]
    assert check.problems[0]["where"] == "placement.Moss Archer"
    assert "(B-5)" in check.problems[0]["message"]


def test_b4_an_elite_card_paid_with_silver_is_a_problem_naming_the_rule(table):
    data = {**LEGAL, "squad": [{"id": "Ridge Captain", "gold": 2, "silver": 5},
                               *LEGAL["squad"][1:]]}
    check = submit(table, "a", data)
    assert not check.ok and check.problems[0]["code"] == "elite_needs_gold"
    assert "(B-4)" in check.problems[0]["message"]


def test_a_resubmission_replaces_the_check_of_that_game(table):
    submit(table, "a", MISPLACED)
    submit(table, "a", LEGAL)
    assert [(c.game_number, c.ok) for c in SquadCheck.objects.all()] == [(1, True)]


def test_a_dealt_card_not_in_the_list_is_refused_and_nothing_is_stored(table):
    with pytest.raises(DomainError) as err:
        submit(table, "a", {**LEGAL, "deal": [*LEGAL["deal"], *["Road Scout"] * 3,
                                              "Golden Dragon"]})
    assert err.value.code == "deal_not_from_list"
    assert err.value.problems == ["Road Scout: 4 dealt, the list holds 3",
                                  "Golden Dragon: 1 dealt, the list holds 0"]
    with pytest.raises(DomainError, match="player: must be"):
        submit(table, "a", {**LEGAL, "player": "third"})
    assert not SquadCheck.objects.exists()


def test_only_the_matchs_players_submit_and_only_their_own_squad(table):
    with pytest.raises(DomainError) as err:
        submit(table, "b", LEGAL, by=table["a"])  # A for B's side
    assert (err.value.code, type(err.value)) == ("not_your_squad", Forbidden)
    with pytest.raises(DomainError) as err:
        submit(table, "a", LEGAL, by=table["olga"])  # the organizer does not submit
    assert err.value.code == "not_your_squad"
    with pytest.raises(DomainError) as err:
        submit(table, "a", LEGAL, by=UserFactory(username="snoop"))
    assert err.value.code == "not_your_squad"
    assert not SquadCheck.objects.exists()


def test_the_game_must_be_one_of_the_match(table):
    with pytest.raises(DomainError, match="the game is 1 to 3 in a best of 3, not 4"):
        submit(table, "a", LEGAL, game=4)


def test_no_squad_changes_once_the_match_is_confirmed(table):
    submit(table, "a", LEGAL)
    result_set(match_id=table["match"].pk, by=table["olga"], a_wins=2, b_wins=0,
               now=timezone.now())
    with pytest.raises(DomainError) as err:
        submit(table, "a", MISPLACED)
    assert (err.value.code, type(err.value)) == ("match_closed", Conflict)
    assert SquadCheck.objects.get().ok


def test_an_event_without_the_option_takes_no_squads(table):
    Event.objects.filter(pk=table["event"].pk).update(check_squads=False)
    with pytest.raises(DomainError) as err:
        submit(table, "a", LEGAL)
    assert err.value.code == "squad_checks_off"


# Reporting and the organizer's flag ----------------------------------------------------------


def test_a_report_goes_through_with_squad_problems_and_the_match_is_flagged(table):
    submit(table, "a", LEGAL, game=1)
    submit(table, "a", MISPLACED, game=2)
    submit(table, "b", LEGAL, game=1)
    assert [m for m, _ in matches_with_squad_problems(table["event"])] == [table["match"]]
    for side in ("a", "b"):  # the result can be reported: the organizer settles the squads
        result_report(match_id=table["match"].pk, by=table[side], a_wins=2, b_wins=0,
                      now=timezone.now())
    table["match"].refresh_from_db()
    assert table["match"].status == MatchStatus.CONFIRMED
    [(match, squads)] = matches_with_squad_problems(table["event"])
    ada, ben = squads.players
    assert (ada.checked, ada.illegal, ada.missing) == ([1], [2], [])
    assert (ben.checked, ben.illegal, ben.missing) == ([1], [], [2])  # game 2 was played


def test_legal_squads_for_every_reported_game_raise_no_flag(table):
    for side in ("a", "b"):
        for game in (1, 2):
            submit(table, side, LEGAL, game=game)
    result_report(match_id=table["match"].pk, by=table["a"], a_wins=2, b_wins=0,
                  now=timezone.now())
    assert matches_with_squad_problems(table["event"]) == []


# The pages --------------------------------------------------------------------------------


def test_a_player_submits_on_the_match_page_and_the_opponent_sees_it_only_after(client, table):
    ada_page = page(client, table, table["a"])
    assert "Submit my squad" in ada_page
    answer = client.post(match_url(table), {"squad-game_number": "1",
                                            "squad-squad": json.dumps(MISPLACED)}, follow=True)
    shown = answer.content.decode()
    assert "recorded with 1 problem: the organizers see it." in shown  # one, not "them"
    assert "fills only after the central 3x3" in shown  # the engine's B-5 message
    assert SquadCheck.objects.get().registration == table["seat_a"]
    broken = client.post(match_url(table), {"squad-game_number": "1",
                                            "squad-squad": '{"deal": ["Golden Dragon"]}'})
    assert broken.status_code == 400
    assert "Golden Dragon: 1 dealt, the list holds 0" in broken.content.decode()
    assert SquadCheck.objects.count() == 1

    # The squad is hidden information: the opponent sees neither it nor its problems.
    ben_page = page(client, table, table["b"])
    assert "Moss Archer" not in ben_page and "fills only after" not in ben_page
    assert "Submit my squad" in ben_page

    # The organizer sees both players' state and the flag, on the page and the dashboard.
    olga_page = page(client, table, table["olga"])
    assert "Squad problems" in olga_page and "Moss Archer" in olga_page
    assert "Submit my squad" not in olga_page
    dashboard = client.get(reverse("tournaments:dashboard", args=[table["event"].pk]))
    assert "Squad problems" in dashboard.content.decode()
    a, b = table["a"].username, table["b"].username
    assert f"{a} 1 illegal; {b} none yet" in dashboard.content.decode()
    # Nobody else, and no one but a player, submits.
    client.force_login(table["olga"])
    assert client.post(match_url(table), {"squad-game_number": "1",
                                          "squad-squad": json.dumps(LEGAL)}).status_code == 403

    result_set(match_id=table["match"].pk, by=table["olga"], a_wins=2, b_wins=1,
               now=timezone.now())
    ben_page = page(client, table, table["b"])
    assert "Moss Archer" in ben_page and "fills only after" in ben_page
    assert "Submit my squad" not in ben_page


def test_a_match_page_of_an_event_without_squad_checks_has_no_squad_section(client, table):
    Event.objects.filter(pk=table["event"].pk).update(check_squads=False)
    assert "Submit my squad" not in page(client, table, table["a"])
    client.force_login(table["a"])
    refused = client.post(match_url(table), {"squad-game_number": "1",
                                             "squad-squad": json.dumps(LEGAL)})
    assert refused.status_code == 409
    assert "does not check squads" in refused.content.decode()
    assert not SquadCheck.objects.exists()


def test_the_event_page_offers_the_option_and_puts_its_refusal_next_to_it(client):
    load(SPOILS)
    load(BERSERK)
    client.force_login(UserFactory(username="olga"))
    data = {"name": "Cup", "game": SPOILS, "format": "constructed", "match_length": 3,
            "top_cut": 0, "late_entry_until_round": 0, "check_squads": "on"}
    form = client.get(reverse("tournaments:event_new")).content.decode()
    assert 'name="check_squads"' in form
    refused = client.post(reverse("tournaments:event_new"), data)
    assert refused.status_code == 400
    assert refused.context["form"].errors["check_squads"] == [
        "squad checks are for Berserk events only: The Spoils has no squads to check "
        "(rules B-4, B-5)"]
    assert not Event.objects.exists()
    made = client.post(reverse("tournaments:event_new"), {**data, "game": BERSERK})
    assert made.status_code == 302
    assert Event.objects.get().check_squads


def test_the_organizer_reads_a_squads_problems_in_russian_naming_the_cell_and_the_free_ones(
        client, table):  # noqa: ANN001
    check = submit(table, "a", MISPLACED)
    [problem] = check.problems
    assert problem["code"] == "cell_priority" and problem["params"]["cell"] == "r1c1"
    client.force_login(table["olga"])
    shown = html.unescape(client.get(match_url(table), HTTP_ACCEPT_LANGUAGE="ru")
                          .content.decode())
    assert ("r1c1 — крайняя клетка ряда 1, а их первый игрок занимает только после "
            "центральных клеток 3x3") in shown
    assert f"там свободны: {problem['params']['free']} (B-5)" in shown
    assert "fills only after" not in shown
