"""Rehearsing an event: demo accounts with real decklists, AI seats, every match played by
the engine through the same services as the pages, Swiss rounds and top cut to the end."""

import io

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from decks.models import Decklist
from tournaments.models import EngineGame, Match, MatchStatus
from tournaments.selectors.standings import standings_for_event
from tournaments.services.simulation import event_simulate

pytestmark = pytest.mark.django_db


def test_a_simulated_constructed_event_runs_through_swiss_and_top_cut():
    event, accounts = event_simulate(players=6, ai_seats=2, fmt="constructed", seed=3,
                                     clock=timezone.now)
    assert event.status == "complete" and event.top_cut == 4
    assert len(accounts.players) == 6
    assert Decklist.objects.filter(kind="constructed").count() == 6  # one real list each
    matches = Match.objects.filter(round__event=event, player_b__isnull=False)
    assert matches.exists()
    assert not matches.exclude(status=MatchStatus.CONFIRMED).exists()
    assert all(m.engine_verified for m in matches)
    assert EngineGame.objects.filter(match__round__event=event).count() >= 2 * matches.count()
    assert len(standings_for_event(event)) == 8


def test_the_command_prints_progress_standings_and_the_demo_accounts():
    out = io.StringIO()
    call_command("simulate_event", "--players", "4", "--ai", "0", "--format",
                 "preconstructed", "--top-cut", "0", "--password", "rehearsal-7", stdout=out)
    text = out.getvalue()
    assert "Final standings" in text and "password rehearsal-7" in text


def test_the_well_known_demo_password_is_refused_outside_debug():
    with pytest.raises(CommandError, match="well-known password"):
        call_command("simulate_event", "--players", "4", stdout=io.StringIO())


def test_the_command_refuses_bad_sizes_with_a_message():
    with pytest.raises(CommandError, match="At least 2 players"):
        call_command("simulate_event", "--players", "1", "--ai", "0", "--password", "x-9-y",
                     stdout=io.StringIO())


def test_a_top_cut_the_players_cannot_fill_is_refused_before_anything_is_written():
    """AI seats do not make the cut: 4 players among 24 AI seats cannot fill a top 8."""
    from django.contrib.auth import get_user_model

    from tournaments.models import Event

    with pytest.raises(CommandError, match="A top 8 needs 8 players.*allow a top cut of 4"):
        call_command("simulate_event", "--players", "4", "--ai", "24", "--top-cut", "8",
                     "--password", "x-9-y", stdout=io.StringIO())
    assert not Event.objects.exists() and not get_user_model().objects.exists()


def test_the_default_top_cut_is_one_the_players_can_fill():
    event, _ = event_simulate(players=4, ai_seats=12, fmt="preconstructed", seed=2,
                              clock=timezone.now)
    assert event.status == "complete" and event.top_cut == 4


def test_a_simulated_event_publishes_its_lists_so_anyone_may_replay_its_games(client):
    """Today the demo's games between two people's lists could be replayed by nobody but
    their players and the organizer: its lists stayed hidden after the event."""
    from django.urls import reverse

    event, _ = event_simulate(players=4, ai_seats=0, fmt="preconstructed", seed=2,
                              clock=timezone.now, top_cut=0)
    event.refresh_from_db()
    assert event.lists_published
    game = EngineGame.objects.filter(match__round__event=event).first()
    assert client.get(reverse("play:replay_engine", args=[game.pk])).status_code == 200


def test_the_demo_opens_an_event_a_new_account_finds_and_registers_in(client):
    """Today every demo event was complete: a newcomer found nothing to join."""
    from django.urls import reverse

    from tests.factories import UserFactory
    from tournaments.models import Event, EventStatus, Registration

    call_command("simulate_event", "--players", "4", "--ai", "0", "--format",
                 "preconstructed", "--top-cut", "0", "--password", "rehearsal-7",
                 "--open-event", stdout=io.StringIO())
    (open_event,) = Event.objects.filter(status=EventStatus.REGISTRATION)
    newcomer = UserFactory(username="newcomer")
    client.force_login(newcomer)
    listed = client.get(reverse("tournaments:events")).content.decode()
    assert open_event.name in listed
    page = client.get(reverse("tournaments:event", args=[open_event.pk])).content.decode()
    assert 'name="preconstructed_deck"' in page
    response = client.post(reverse("tournaments:register", args=[open_event.pk]),
                           {"preconstructed_deck": 2})
    assert response.status_code == 302
    assert Registration.objects.filter(event=open_event, player=newcomer).exists()
    # The next demo run keeps the same open event: nothing piles up.
    call_command("simulate_event", "--players", "4", "--ai", "0", "--format",
                 "preconstructed", "--top-cut", "0", "--password", "rehearsal-7",
                 "--open-event", stdout=io.StringIO())
    assert list(Event.objects.filter(status=EventStatus.REGISTRATION)) == [open_event]
