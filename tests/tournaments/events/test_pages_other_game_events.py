"""An event of The Spoils and one of Berserk run through the pages only, as the staff, an
organizer and five players would: import the cards, create the event for the game, build the
lists on the deck pages, register (an illegal list refused with its rule), start, pair, report
on the match pages, settle a dispute, read the standings, complete. These games have no engine
play: no AI seat is offered or made, and no engine job."""

from __future__ import annotations

from collections import Counter

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from decks.models import Card, Decklist
from tests.decks.test_other_games import berserk_deck, example, spoils_deck
from tests.factories import UserFactory, starter_kit
from tests.web import html, signed_in
from tournaments.models import Event, EventStatus, Match, MatchJob, MatchStatus, Round

pytestmark = pytest.mark.django_db

NAMES = ["ada", "ben", "cy", "dee", "eve"]
GAME_NAMES = {"spoils": "The Spoils", "berserk": "Berserk"}
LEGAL = {"spoils": spoils_deck, "berserk": berserk_deck}


def url(name: str, *args) -> str:  # noqa: ANN002
    return reverse(f"tournaments:{name}", args=args)


def import_cards(slug: str) -> None:
    """The staff import the game's card file on the import page."""
    keeper = UserFactory(username=f"keeper-{slug}", is_staff=True)
    upload = SimpleUploadedFile(f"{slug}.csv", example(slug).encode(), content_type="text/csv")
    response = signed_in(keeper).post(reverse("decks:card_import"), {
        "game": slug, "set_code": "core", "set_name": "Core", "file": upload}, follow=True)
    assert "cards created" in html(response), html(response)


def build(client: Client, slug: str, name: str, cards: list[str], **fields: str):  # noqa: ANN201
    """A player builds a list on the deck builder: the copies of each card of the game."""
    page = html(client.get(reverse("decks:decklist_new"), {"game": slug}))
    counts = Counter(cards)
    data = {"game": slug, "name": name, **fields}
    for card in Card.objects.filter(card_set__game__slug=slug):
        assert f'name="copies-{card.pk}"' in page
        data[f"copies-{card.pk}"] = str(counts.get(card.name, 0))
    return client.post(reverse("decks:decklist_new"), data, follow=True)


def report(client: Client, event: Event, match: Match, a_wins: int, b_wins: int) -> None:
    response = client.post(url("match_report", event.pk, match.pk), {
        "report-a_wins": a_wins, "report-b_wins": b_wins, "report-draws": 0})
    assert response.status_code == 302, html(response)


def create_event(olga: Client, slug: str) -> Event:
    """The organizer creates the event for the game; the rules of the game are kept."""
    form = html(olga.get(url("event_new")))
    assert GAME_NAMES[slug] in form and "Clash of Decks" in form
    base = {"name": f"{GAME_NAMES[slug]} Open", "game": slug, "match_length": 3,
            "rounds": 2, "top_cut": 0, "late_entry_until_round": 0}
    refused = olga.post(url("event_new"), {**base, "format": "draft"})
    assert refused.status_code == 400
    assert f"{GAME_NAMES[slug]} events are constructed" in html(refused)
    refused = olga.post(url("event_new"), {**base, "format": "constructed",
                                           "fill_with_ai": "on"})
    assert refused.status_code == 400
    assert f"{GAME_NAMES[slug]} has no AI players" in html(refused)
    assert not Event.objects.exists()
    response = olga.post(url("event_new"), {**base, "format": "constructed"}, follow=True)
    assert "is open for registration" in html(response)
    event = Event.objects.get()
    assert event.game.slug == slug and not event.fill_with_ai
    assert GAME_NAMES[slug] in html(response)
    return event


def register_players(event: Event, slug: str, players: dict[str, Client],
                     users: dict) -> None:  # noqa: ANN001
    for name, client in players.items():
        page = html(client.get(url("event", event.pk)))
        assert f"Build a {GAME_NAMES[slug]} list" in page
        assert f"{reverse('decks:decklist_new')}?game={slug}" in page
        response = build(client, slug, f"{name}'s deck", LEGAL[slug](),
                         **({"deck_format": "constructed"} if slug == "spoils" else {}))
        assert "Saved" in html(response), html(response)
        decklist = Decklist.objects.get(owner=users[name], name=f"{name}'s deck")
        response = client.post(url("register", event.pk), {"decklist": decklist.pk},
                               follow=True)
        assert "You are registered" in html(response), html(response)


@pytest.mark.parametrize("slug", ["spoils", "berserk"])
def test_an_event_of_another_game_runs_through_the_pages(slug):
    starter_kit()  # Clash of Decks is there too: the organizer chooses the game
    import_cards(slug)
    olga = signed_in(UserFactory(username="olga"))
    users = {name: UserFactory(username=name) for name in NAMES}
    players = {name: signed_in(user) for name, user in users.items()}
    event = create_event(olga, slug)

    # A list the game's rules refuse cannot even be saved: the builder names the rule.
    if slug == "spoils":
        refused = build(players["ada"], slug, "Two guilds",
                        spoils_deck(**{"Lantern Guild": 2}), deck_format="constructed")
        assert "a deck has exactly one: keep one of them (S-8)" in html(
            refused)
    else:
        refused = build(players["ada"], slug, "Too many scouts",
                        berserk_deck(27) + ["Road Scout"] * 2)
        assert "4 copies of Road Scout: at most 3: remove 1 (B-6)" in html(refused)
    assert not Decklist.objects.exists()

    register_players(event, slug, players, users)
    assert "Players (5)" in html(olga.get(url("event", event.pk)))

    # A late-comer's list is refused at registration with the rule's message.
    fay_user = UserFactory(username="fay")
    fay = signed_in(fay_user)
    if slug == "spoils":
        # A Limited list (S-8: 45 cards besides the faction) is legal as Limited only.
        sealed = spoils_deck(Greed=10, Rage=11)
        assert "Saved" in html(build(fay, slug, "Sealed", sealed, deck_format="limited"))
        message = "45 cards besides the faction: Constructed needs at least 75: add 30 (S-8"
    else:
        assert "Saved" in html(build(fay, slug, "Hills", berserk_deck(30)))
        # The catalogue is corrected after the list was built: a card of it is renamed.
        Card.objects.filter(name="Road Scout").update(name="Road Scout (2nd print)")
        message = "Road Scout is not a card of Berserk"
    response = fay.post(url("register", event.pk),
                        {"decklist": Decklist.objects.get(owner=fay_user).pk})
    assert response.status_code == 400 and message in html(response)
    assert not event.registrations.filter(player=fay_user).exists()

    # The organizer starts the event: no AI seat, an odd player count gets a bye.
    dashboard = html(olga.get(url("dashboard", event.pk)))
    # (Not a bare "AI": a random CSRF token on the page may hold those two letters.)
    assert "AI seat" not in dashboard and '<span class="badge">AI</span>' not in dashboard
    response = olga.post(url("event_start", event.pk), follow=True)
    assert "has started: 2 Swiss rounds" in html(response)

    for number in (1, 2):
        response = olga.post(url("round_pair", event.pk), {"number": number}, follow=True)
        assert f"Round {number} is paired" in html(response)
        rnd = Round.objects.get(event=event, number=number)
        assert rnd.matches.count() == 3 and rnd.matches.filter(player_b=None).count() == 1
        pairings = html(players["ada"].get(url("pairings", event.pk)))
        assert "You play at" in pairings or "bye" in pairings
        for match in rnd.matches.select_related("player_a__player", "player_b__player"):
            if match.bye:
                continue
            a, b = match.player_a.player.username, match.player_b.player.username
            page = html(players[a].get(url("match", event.pk, match.pk)))
            assert "Report the result" in page
            report(players[a], event, match, 2, 1)
            if number == 2 and match.table == 1:
                report(players[b], event, match, 0, 2)  # they disagree
                assert Match.objects.get(pk=match.pk).status == MatchStatus.DISPUTED
                dashboard = html(olga.get(url("dashboard", event.pk)))
                assert "Disputed" in dashboard
                response = olga.post(url("match_set", event.pk, match.pk), {
                    "set-a_wins": 2, "set-b_wins": 1, "set-draws": 0,
                    "set-note": "seen at the table"})
                assert response.status_code == 302
            else:
                report(players[b], event, match, 2, 1)
            assert Match.objects.get(pk=match.pk).status == MatchStatus.CONFIRMED
        assert Round.objects.get(pk=rnd.pk).status == "complete"
        standings = html(players["ben"].get(url("standings", event.pk)))
        assert f"Standings after round {number}" in standings
        for name in NAMES:
            assert name in standings

    response = olga.post(url("event_complete", event.pk), follow=True)
    assert "is complete" in html(response)
    event.refresh_from_db()
    assert event.status == EventStatus.COMPLETE
    points = {r.player.username: r for r in event.registrations.select_related("player")}
    assert set(points) == set(NAMES)
    # Played at the table: no engine job, no AI seat.
    assert not MatchJob.objects.exists()
    assert not event.registrations.filter(is_ai=True).exists()
    # The registered lists stay hidden from the other players.
    ada_list = Decklist.objects.get(owner=users["ada"])
    assert players["ben"].get(reverse("decks:decklist", args=[ada_list.pk])).status_code == 404
    assert olga.get(reverse("decks:decklist", args=[ada_list.pk])).status_code == 200
