"""An event of The Spoils and one of Berserk run like any other: registration with a list
checked by the game's rules module, Swiss pairing, reported results, standings. No engine
job is ever made for their matches: they are played at the table."""

import pytest
from django.urls import reverse

from core.errors import DomainError
from decks.models import Card
from decks.rules import BERSERK, SPOILS, engine_plays
from decks.services.catalogue import other_game
from decks.services.decklists import decklist_create
from tests.decks.test_other_games import berserk_deck, load, spoils_deck
from tests.factories import UserFactory
from tests.tournaments.event_steps import now, organizer_of, pair
from tournaments.models import EventStatus, Match, MatchJob, MatchStatus
from tournaments.selectors.standings import standings_for_event
from tournaments.services.ai_seats import ai_seat_add
from tournaments.services.events import event_create, event_start
from tournaments.services.registrations import registration_create
from tournaments.services.results import result_report
from tournaments.services.verification import game_record_upload

pytestmark = pytest.mark.django_db

DECKS = {SPOILS: spoils_deck, BERSERK: berserk_deck}


def new_event(slug: str, **options):  # noqa: ANN003, ANN201
    load(slug)
    return event_create(by=UserFactory(username=f"{slug}-organizer"), name=f"{slug} open",
                        format=options.pop("format", "constructed"), seed=7, now=now(),
                        game=other_game(slug), rounds=2, **options)


def list_of(player, slug: str, cards=None):  # noqa: ANN001, ANN201
    decklist = decklist_create(user=player, name=f"{player.username}'s deck",
                               kind="constructed", cards=cards or DECKS[slug](), now=now(),
                               game=other_game(slug))
    return decklist.versions.get()


def register(event, slug: str, names: str) -> list:  # noqa: ANN001
    players = []
    for name in names.split():
        player = UserFactory(username=name)
        registration_create(event_id=event.pk, by=player, now=now(),
                            decklist_version_id=list_of(player, slug).pk)
        players.append(player)
    return players


def report_round(rnd, winners) -> None:  # noqa: ANN001
    """Both players report each match: the one in `winners` (else A) wins 2-1."""
    for match in rnd.matches.select_related("player_a__player", "player_b__player"):
        if match.player_b is None:
            continue
        a, b = match.player_a.player, match.player_b.player
        score = (1, 2, 0) if b.username in winners else (2, 1, 0)
        for player in (a, b):
            result_report(match_id=match.pk, by=player, a_wins=score[0], b_wins=score[1],
                          draws=score[2], now=now())


@pytest.mark.parametrize("slug", [SPOILS, BERSERK])
def test_an_event_of_another_game_runs_through_the_services(slug):
    event = new_event(slug)
    assert event.game.slug == slug and not engine_plays(event.game)
    register(event, slug, "ana ben cas dan eve")
    event_start(event_id=event.pk, by=organizer_of(event), now=now())
    first = pair(event)
    assert first.matches.count() == 3  # two tables and a bye
    report_round(first, winners={"ana", "ben", "cas"})
    assert set(first.matches.values_list("status", flat=True)) == {MatchStatus.CONFIRMED}
    second = pair(event)
    report_round(second, winners={"ana"})
    rows = standings_for_event(event)
    assert len(rows) == 5 and rows[0].match_points >= rows[-1].match_points
    assert sum(r.match_points for r in rows) == 3 * 6  # 2 rounds x (2 tables + a bye)
    assert not MatchJob.objects.exists()
    assert not event.registrations.filter(is_ai=True).exists()


def test_a_spoils_list_breaking_s8_cannot_be_registered():
    event = new_event(SPOILS)
    player = UserFactory()
    good = list_of(player, SPOILS)
    # The list was legal when made; the catalogue changes so its faction is a resource now.
    Card.objects.filter(name="Lantern Guild").update(kind="resource")
    with pytest.raises(DomainError) as err:
        registration_create(event_id=event.pk, by=player, now=now(),
                            decklist_version_id=good.pk)
    assert err.value.code == "invalid_decklist"
    assert [p.code for p in err.value.problems] == ["no_faction"]
    assert err.value.to_json()["error"]["details"][0]["code"] == "no_faction"


def test_a_list_of_another_game_is_refused():
    event = new_event(BERSERK)
    load(SPOILS)
    player = UserFactory()
    with pytest.raises(DomainError, match="a list for another game"):
        registration_create(event_id=event.pk, by=player, now=now(),
                            decklist_version_id=list_of(player, SPOILS).pk)


def test_other_games_have_constructed_events_only_and_no_ai_seats():
    for options in ({"format": "preconstructed"}, {"format": "draft"}, {"fill_with_ai": True}):
        with pytest.raises(DomainError) as err:
            new_event(BERSERK, **options)
        assert err.value.code == "invalid_event"
    event = new_event(SPOILS)
    with pytest.raises(DomainError, match="has no AI players"):
        ai_seat_add(event_id=event.pk, by=organizer_of(event), name="Bot", now=now())


def test_a_berserk_event_through_the_pages(client):
    event = new_event(BERSERK)
    players = [UserFactory(username=n) for n in ("ann", "bob")]
    for player in players:
        version = list_of(player, BERSERK)
        client.force_login(player)
        page = client.get(reverse("tournaments:event", args=[event.pk]))
        assert page.status_code == 200
        answer = client.post(reverse("tournaments:register", args=[event.pk]),
                             {"decklist": version.decklist.pk})
        assert answer.status_code == 302, answer.content.decode()[:2000]
    assert event.registrations.count() == 2
    organizer = organizer_of(event)
    client.force_login(organizer)
    assert client.post(reverse("tournaments:event_start", args=[event.pk])).status_code == 302
    assert client.post(reverse("tournaments:round_pair", args=[event.pk]),
                       {"number": 1}).status_code == 302
    match = Match.objects.get(round__event=event)
    for player in players:
        client.force_login(player)
        answer = client.post(reverse("tournaments:match_report", args=[event.pk, match.pk]),
                             {"report-a_wins": 2, "report-b_wins": 0, "report-draws": 0})
        assert answer.status_code == 302
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED
    standings = client.get(reverse("tournaments:standings", args=[event.pk]))
    assert standings.status_code == 200 and "ann" in standings.content.decode()
    event.refresh_from_db()
    assert event.status == EventStatus.RUNNING and not MatchJob.objects.exists()


@pytest.mark.parametrize("slug", [SPOILS, BERSERK])
def test_a_match_of_another_game_offers_no_engine_record_upload(client, slug):
    # No engine plays these games: their matches are reported, never replayed from a record.
    event = new_event(slug)
    ana, ben = register(event, slug, "ana ben")
    event_start(event_id=event.pk, by=organizer_of(event), now=now())
    match = pair(event).matches.get()
    client.force_login(ana)
    page = client.get(reverse("tournaments:match", args=[event.pk, match.pk]))
    assert page.status_code == 200
    assert "Game records" not in page.content.decode()
    assert client.get(reverse("tournaments:match_records",
                              args=[event.pk, match.pk])).status_code == 404
    result_report(match_id=match.pk, by=ana, a_wins=2, b_wins=0, now=now())
    with pytest.raises(DomainError) as err:
        game_record_upload(match_id=match.pk, by=ana, text="{}", now=now())
    assert err.value.code == "no_engine"


def test_the_deck_lab_offers_only_clash_lists(client):
    load(SPOILS)
    player = UserFactory(username="labber")
    spoils = list_of(player, SPOILS).decklist
    client.force_login(player)
    page = client.get(reverse("tournaments:lab"))
    assert page.status_code == 200
    assert 'value="pre-1"' in page.content.decode()
    assert f'value="list-{spoils.pk}"' not in page.content.decode()
