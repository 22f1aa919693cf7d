"""A whole event run through the pages only, as an organizer and nine players would on their
phones: create, register, start, pair, report, settle a dispute, read the standings, run the
top cut to a champion, complete."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from decks.models import Decklist
from tests.factories import UserFactory, starter_kit
from tests.factories.decklists import LIST_A
from tests.web import html, signed_in
from tournaments.models import Event, EventStatus, Match, MatchStatus, Round, RoundStage

pytestmark = pytest.mark.django_db

LIST = LIST_A
NAMES = ["ada", "ben", "cy", "dee", "eve", "fay", "gus", "hal", "ivy"]


def url(name: str, *args) -> str:
    return reverse(f"tournaments:{name}", args=args)


def report(clients: dict[str, Client], event: Event, match: Match, a_wins: int, b_wins: int,
           *, by: str) -> None:
    response = clients[by].post(url("match_report", event.pk, match.pk), {
        "report-a_wins": a_wins, "report-b_wins": b_wins, "report-draws": 0})
    assert response.status_code == 302, html(response)


@pytest.mark.parametrize(("event_format", "fill_with_ai"), [
    ("preconstructed", False), ("constructed", True)])
def test_an_event_runs_from_creation_to_a_champion_through_the_pages(event_format,
                                                                     fill_with_ai):
    starter_kit()
    olga = signed_in(UserFactory(username="olga"))
    users = {name: UserFactory(username=name) for name in NAMES}
    players = {name: signed_in(user) for name, user in users.items()}

    # The organizer creates the event from the event list.
    assert "Create an event" in html(olga.get(url("events")))
    response = olga.post(url("event_new"), {
        "name": "Spring Open", "format": event_format, "match_length": 3, "top_cut": 4,
        "late_entry_until_round": 0, "fill_with_ai": "on" if fill_with_ai else ""},
        follow=True)
    assert "is open for registration" in html(response)
    event = Event.objects.get(name="Spring Open")
    assert event.organizers.get().username == "olga"

    # Nine players register with the decklist the format needs.
    for i, (name, client) in enumerate(players.items()):
        if event_format == "constructed":
            page = html(client.get(url("event", event.pk)))
            assert "Build a list" in page  # no constructed list yet: say what to do
            client.post(reverse("decks:collection_starter_kit"), {"copies": "1"})
            client.post(reverse("decks:decklist_new"), {
                "name": f"{name}'s list", "kind": "constructed", "cards": LIST})
            data = {"decklist": Decklist.objects.get(owner=users[name]).pk}
        else:
            data = {"preconstructed_deck": str(i % 4 + 1)}
        response = client.post(url("register", event.pk), data, follow=True)
        assert "You are registered" in html(response), html(response)
    assert "Players (9)" in html(olga.get(url("event", event.pk)))

    # Start.
    response = olga.post(url("event_start", event.pk), follow=True)
    assert "has started: 4 Swiss rounds" in html(response)

    disputed_pk = None
    for number in range(1, 5):
        dashboard = html(olga.get(url("dashboard", event.pk)))
        assert f"Pair round {number}" in dashboard
        assert f'name="number" value="{number}"' in dashboard
        response = olga.post(url("round_pair", event.pk), {"number": number}, follow=True)
        assert f"Round {number} is paired" in html(response)
        rnd = Round.objects.get(event=event, number=number)

        pairings = html(players["ada"].get(url("pairings", event.pk)))
        assert f"Round {number}" in pairings
        assert "You play at" in pairings or "bye" in pairings
        assert "How this round was paired" in pairings

        for match in rnd.matches.select_related("player_a__player", "player_b__player"):
            if match.bye:
                continue
            a, b = match.player_a, match.player_b
            if a.is_ai or b.is_ai:
                human = b if a.is_ai else a
                report(players, event, match, 0 if a.is_ai else 2, 2 if a.is_ai else 0,
                       by=human.player.username)
                assert Match.objects.get(pk=match.pk).status == MatchStatus.REPORTED
                continue  # the organizer confirms it below
            report(players, event, match, 2, 1, by=a.player.username)
            # The first match between two people in round 2 is disputed (which table that is
            # follows the event's random seed, and an AI seat may sit at table 1).
            if number == 2 and disputed_pk is None:
                disputed_pk = match.pk
                report(players, event, match, 1, 2, by=b.player.username)  # they disagree
                assert Match.objects.get(pk=match.pk).status == MatchStatus.DISPUTED
            else:
                report(players, event, match, 2, 1, by=b.player.username)
                assert Match.objects.get(pk=match.pk).status == MatchStatus.CONFIRMED

        # The organizer settles what is left from the dashboard's list.
        for match in rnd.matches.exclude(status=MatchStatus.CONFIRMED):
            dashboard = html(olga.get(url("dashboard", event.pk)))
            assert url("match", event.pk, match.pk) in dashboard
            if match.status == MatchStatus.DISPUTED:
                assert "Disputed" in dashboard
            a_wins, b_wins = (0, 2) if match.player_a.is_ai else (2, 1)
            response = olga.post(url("match_set", event.pk, match.pk), {
                "set-a_wins": a_wins, "set-b_wins": b_wins, "set-draws": 0,
                "set-note": "seen at the table", "next": url("dashboard", event.pk)})
            assert response["Location"] == url("dashboard", event.pk)
        assert Round.objects.get(pk=rnd.pk).status == "complete"

        standings = html(players["ben"].get(url("standings", event.pk)))
        assert f"Standings after round {number}" in standings
        if fill_with_ai:
            assert "AI player" in standings

    # The disputed match shows its history: two reports, then the organizer.
    disputed = Match.objects.get(pk=disputed_pk)
    page = html(olga.get(url("match", event.pk, disputed.pk)))
    assert "Disputed" in page and "olga" in page and "seen at the table" in page

    # The top 4: semifinals, then the final, then complete.
    response = olga.post(url("topcut_start", event.pk), follow=True)
    assert "The semifinals are paired" in html(response)
    for label in ("Semifinals", "Final"):
        rnd = Round.objects.filter(event=event).order_by("-number").first()
        assert label in html(players["cy"].get(url("bracket", event.pk)))
        for match in rnd.matches.select_related("player_a__player", "player_b__player"):
            report(players, event, match, 2, 0, by=match.player_a.player.username)
            report(players, event, match, 2, 0, by=match.player_b.player.username)
        if label == "Semifinals":
            response = olga.post(url("topcut_advance", event.pk), {"number": rnd.number + 1},
                                 follow=True)
            assert "The final is paired" in html(response)
    final = Round.objects.filter(event=event, stage=RoundStage.TOP_CUT).order_by("-number")[0]
    champion = final.matches.get().player_a.name
    assert f"{champion} won the final" in html(olga.get(url("dashboard", event.pk)))
    response = olga.post(url("event_complete", event.pk), follow=True)
    assert "is complete" in html(response)
    assert Event.objects.get(pk=event.pk).status == EventStatus.COMPLETE
    bracket = html(Client().get(url("bracket", event.pk)))
    assert re.search(rf"Champion: <strong>{champion}</strong>", bracket)
    # The champion's own page tells their story.
    page = html(players[champion].get(url("event_player", event.pk,
                                           final.matches.get().player_a_id)))
    assert "Final" in page and "Semifinals" in page and "Rating" in page
