"""/me/: a person's own page, and only theirs: events with this round's table, events they
organize, their decks and cards, solo record, ratings, log out."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from decks.services.catalogue import clash_game
from tests.factories import UserFactory, give_starter_kit
from tests.factories.accounts import ProfileFactory
from tests.factories.decks import DecklistFactory
from tests.factories.play import OnlineGameFactory, SoloResultFactory
from tests.factories.tournaments import (
    AISeatFactory,
    MatchRowFactory,
    OrganizedEventFactory,
    RatingFactory,
    RoundRowFactory,
    SeatFactory,
)
from tournaments.models import EventStatus, Match, Round, RoundStatus

pytestmark = pytest.mark.django_db


def solo_result(user, level, won):
    """A finished solo game's row, as solo play writes it (the scene only)."""
    now = timezone.now()
    game = OnlineGameFactory(kind="solo", status="finished", player_a=user, seed=1,
                             level=level, created_at=now, last_activity_at=now, finished_at=now)
    return SoloResultFactory(player=user, game=game, level=level, won=won,
                             result="A" if won else "B", turns=9, finished_at=now)


def running_event(user, opponent_name="Bot Ann", name="Saturday Clash"):
    event = OrganizedEventFactory(name=name, status=EventStatus.RUNNING, rounds=3)
    mine = SeatFactory(event=event, player=user)
    ai = AISeatFactory(event=event, ai_name=opponent_name)
    for number in (1, 2):
        rnd = RoundRowFactory(event=event, number=number, seed=number,
                              status=RoundStatus.PLAYING, paired_at=timezone.now())
        match = MatchRowFactory(round=rnd, table=number + 4, player_a=ai, player_b=mine,
                                is_ai_match=True)
    return event, match


def test_anonymous_visitors_are_sent_to_log_in(client):
    response = client.get(reverse("me"))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_it_shows_this_rounds_table_and_the_persons_own_things(client):
    ada = UserFactory(username="ada")
    event, match = running_event(ada)
    finished = OrganizedEventFactory(name="Last week", status=EventStatus.COMPLETE)
    SeatFactory(event=finished, player=ada)
    run = OrganizedEventFactory(name="Ada's league", organizers=[ada])
    give_starter_kit(ada, copies=2)
    DecklistFactory(owner=ada, game=clash_game(), name="Aggro", kind="preconstructed")
    solo_result(ada, 3, True)
    RatingFactory(player=ada, game=clash_game(), format="preconstructed", mu=27.0, sigma=5.0,
                  ordinal=12.0, matches=4, events=1)
    client.force_login(ada)
    page = client.get(reverse("me")).content.decode()
    # The latest round's match of the running event, with its table and opponent.
    assert "Table 6 against Bot Ann" in page
    assert reverse("tournaments:match", args=[event.pk, match.pk]) in page
    assert "Last week" in page and "Complete" in page
    assert reverse("tournaments:dashboard", args=[run.pk]) in page
    assert "1 decklist" in page and "64 cards" in page
    assert "Solo record" in page and "12.0" in page
    assert "Log out (ada)" in page


def test_nobody_sees_anothers_events_decks_or_results(client):
    ada, bob = UserFactory(username="ada"), UserFactory(username="bob")
    running_event(ada, opponent_name="Secret Bot", name="Ada's table")
    DecklistFactory(owner=ada, game=clash_game(), name="Aggro", kind="preconstructed")
    solo_result(ada, 2, True)
    client.force_login(bob)
    page = client.get(reverse("me")).content.decode()
    assert "Ada's table" not in page and "Secret Bot" not in page
    assert "0 decklists" in page and "0 cards" in page and "No solo game finished yet" in page
    assert "Log out (bob)" in page


def test_a_bounded_number_of_queries_whatever_the_number_of_events(client,
                                                                  django_assert_max_num_queries):
    ada = UserFactory(username="ada")
    for n in range(6):
        running_event(ada, name=f"Event {n}")
    client.force_login(ada)
    with django_assert_max_num_queries(14):
        assert client.get(reverse("me")).status_code == 200


def test_the_table_shows_its_rounds_clock_counting_down(client):
    ada = UserFactory(username="ada")
    event, match = running_event(ada)
    started = timezone.now() - timedelta(minutes=20)
    Round.objects.filter(pk=match.round_id).update(clock_minutes=50, clock_started_at=started)
    Match.objects.filter(pk=match.pk).update(extra_minutes=3)
    client.force_login(ada)
    page = client.get(reverse("me")).content.decode()
    # 50 minutes from 20 minutes ago, and the table's 3 extra: 33 left, counted down by the
    # page's script from the deadline, asking the table's clock for the server's time.
    assert "33 minutes left" in page and "This table has 3 extra minutes." in page
    assert reverse("match-time", args=[match.pk]) in page
    assert "js/round-clock.js" in page


def test_no_clock_and_no_script_without_a_round_being_played(client):
    ada = UserFactory(username="ada")
    SeatFactory(event=OrganizedEventFactory(status=EventStatus.COMPLETE), player=ada)
    client.force_login(ada)
    page = client.get(reverse("me")).content.decode()
    assert "data-round-clock" not in page and "round-clock.js" not in page


def test_the_heading_is_the_display_name_with_the_username_beside_it(client):
    ada = UserFactory(username="ada")
    ProfileFactory(user=ada, display_name="Ada Lovelace")
    client.force_login(ada)

    page = client.get(reverse("me")).content.decode()

    assert '<h1>Ada Lovelace <span class="heading-username">ada</span></h1>' in page
    assert "<title>Ada Lovelace &middot; Clash</title>" in page


def test_without_a_display_name_the_heading_is_the_username(client):
    bob = UserFactory(username="bob")
    client.force_login(bob)

    page = client.get(reverse("me")).content.decode()

    assert "<h1>bob</h1>" in page and "heading-username" not in page
