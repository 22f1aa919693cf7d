"""Players form the teams of a team event themselves: each registers their own list, then
makes a team or joins one with a free seat; the team's maker takes a member out or reorders
the seats; the event starts only with every team full. And as an attacker: nobody puts
someone else into a team, joins a full team or another event's, or changes a team they did
not make."""

from __future__ import annotations

import pytest

from core.errors import Conflict, DomainError, Forbidden, NotFound
from tests.factories import UserFactory
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory, TeamFactory
from tests.tournaments.event_steps import now, organizer_of
from tests.tournaments.teams.team_steps import form_team, team_event
from tournaments.models import Event, EventStatus, Registration, Team
from tournaments.services.events import event_create, event_start
from tournaments.services.registrations import registration_create, registration_drop
from tournaments.services.teams import (
    team_create,
    team_join,
    team_leave,
    team_member_remove,
    team_seats_order,
)

pytestmark = pytest.mark.django_db


def _seats(team: Team) -> list[tuple[str, str]]:
    return [(r.seat, r.player.username) for r in team.members.order_by("seat")]


def test_the_maker_sits_in_seat_a_and_teammates_take_the_next_free_seats():
    event = OrganizedEventFactory(team_size=3)
    team = form_team(event, "Owls", ["ann", "bob", "cy"])
    assert _seats(team) == [("A", "ann"), ("B", "bob"), ("C", "cy")]
    assert team.created_by.username == "ann"


def test_a_team_name_is_unique_in_its_event_whatever_the_case():
    event = OrganizedEventFactory(team_size=2)
    form_team(event, "Owls", ["ann", "bob"])
    other = SeatFactory(event=event)
    with pytest.raises(Conflict, match="has a team named OWLS already") as refused:
        team_create(event_id=event.pk, by=other.player, now=now(), name="  OWLS ")
    assert refused.value.code == "team_name_taken"
    assert Team.objects.filter(event=event).count() == 1
    # Another event may have its own Owls.
    elsewhere = OrganizedEventFactory(team_size=2)
    form_team(elsewhere, "Owls", ["cat", "dan"])


def test_an_empty_or_too_long_name_is_refused_and_nothing_is_made():
    event = OrganizedEventFactory(team_size=2)
    seat = SeatFactory(event=event)
    for name in ("   ", "x" * 61):
        with pytest.raises(DomainError, match="1 to 60 characters"):
            team_create(event_id=event.pk, by=seat.player, now=now(), name=name)
    assert not Team.objects.exists()


def test_a_player_must_register_first_and_is_in_one_team_at_most():
    event = OrganizedEventFactory(team_size=2)
    stranger = UserFactory()
    with pytest.raises(Conflict, match="Register for") as refused:
        team_create(event_id=event.pk, by=stranger, now=now(), name="Ghosts")
    assert refused.value.code == "not_registered"
    team = form_team(event, "Owls", ["ann"])
    with pytest.raises(Conflict, match="in team Owls already"):
        team_create(event_id=event.pk, by=team.created_by, now=now(), name="Larks")


def test_nobody_joins_a_full_team():
    event = OrganizedEventFactory(team_size=2)
    team = form_team(event, "Owls", ["ann", "bob"])
    late = SeatFactory(event=event)
    with pytest.raises(Conflict, match="Team Owls is full"):
        team_join(event_id=event.pk, by=late.player, team_id=team.pk)
    assert Registration.objects.get(pk=late.pk).team_id is None


def test_a_team_of_another_event_reads_as_missing():
    event = OrganizedEventFactory(team_size=2)
    elsewhere = OrganizedEventFactory(team_size=2)
    theirs = form_team(elsewhere, "Owls", ["ann"])
    mine = SeatFactory(event=event)
    with pytest.raises(NotFound, match="has no team"):
        team_join(event_id=event.pk, by=mine.player, team_id=theirs.pk)
    with pytest.raises(NotFound):  # a guessed id
        team_join(event_id=event.pk, by=mine.player, team_id=theirs.pk + 1000)
    assert Registration.objects.get(pk=mine.pk).team_id is None


def test_joining_acts_on_the_askers_own_seat_only():
    """The services take no player to move: a request moves its sender, so nobody can put
    someone else into a team."""
    event = OrganizedEventFactory(team_size=2)
    team = form_team(event, "Owls", ["ann"])
    bystander = SeatFactory(event=event)
    organizer = organizer_of(event)
    with pytest.raises(Conflict, match="Register for"):  # the organizer holds no seat
        team_join(event_id=event.pk, by=organizer, team_id=team.pk)
    assert Registration.objects.get(pk=bystander.pk).team_id is None
    assert team.members.count() == 1


def test_only_the_maker_takes_a_member_out_or_reorders_the_seats():
    event = OrganizedEventFactory(team_size=3)
    team = form_team(event, "Owls", ["ann", "bob", "cy"])
    bob = Registration.objects.get(player__username="bob")
    cy = Registration.objects.get(player__username="cy")
    ann = Registration.objects.get(player__username="ann")
    other = form_team(event, "Larks", ["dee"])
    for intruder in (bob.player, other.created_by, organizer_of(event), UserFactory()):
        with pytest.raises(Forbidden, match="Only the player who made team Owls"):
            team_member_remove(event_id=event.pk, by=intruder, team_id=team.pk,
                               registration_id=cy.pk)
        with pytest.raises(Forbidden):
            team_seats_order(event_id=event.pk, by=intruder, team_id=team.pk,
                             order=[cy.pk, bob.pk, ann.pk])
    assert _seats(team) == [("A", "ann"), ("B", "bob"), ("C", "cy")]
    team_seats_order(event_id=event.pk, by=ann.player, team_id=team.pk,
                     order=[cy.pk, ann.pk, bob.pk])
    assert _seats(team) == [("A", "cy"), ("B", "ann"), ("C", "bob")]
    with pytest.raises(DomainError, match="Name each member"):
        team_seats_order(event_id=event.pk, by=ann.player, team_id=team.pk,
                         order=[cy.pk, cy.pk, bob.pk])
    with pytest.raises(NotFound):  # a seat of another team
        team_member_remove(event_id=event.pk, by=ann.player, team_id=team.pk,
                           registration_id=other.members.get().pk)
    team_member_remove(event_id=event.pk, by=ann.player, team_id=team.pk,
                       registration_id=bob.pk)
    assert _seats(team) == [("A", "cy"), ("B", "ann")]
    assert Registration.objects.get(pk=bob.pk).team_id is None  # still registered


def test_a_player_leaves_and_an_empty_team_goes():
    event = OrganizedEventFactory(team_size=2)
    team = form_team(event, "Owls", ["ann", "bob"])
    team_leave(event_id=event.pk, by=Registration.objects.get(player__username="bob").player)
    assert _seats(team) == [("A", "ann")]
    team_leave(event_id=event.pk, by=team.created_by)
    assert not Team.objects.filter(pk=team.pk).exists()


def test_a_player_dropping_before_the_start_frees_their_seat():
    event = OrganizedEventFactory(team_size=2)
    team = form_team(event, "Owls", ["ann", "bob"])
    bob = Registration.objects.get(player__username="bob")
    registration_drop(registration_id=bob.pk, by=bob.player, now=now())
    assert _seats(team) == [("A", "ann")]


def test_the_event_starts_only_with_every_team_full_and_every_player_in_one():
    event = team_event(2, 3)
    form_team(event, "Larks", ["lou"])
    SeatFactory(event=event, player__username="solo")
    with pytest.raises(Conflict) as refused:
        event_start(event_id=event.pk, by=organizer_of(event), now=now(), ask=False)
    message = str(refused.value)
    assert "Team Larks needs 3 players" in message
    assert "1 player is in no team" in message
    assert refused.value.code == "teams_not_full"
    assert Event.objects.get(pk=event.pk).status == EventStatus.REGISTRATION


def test_teams_are_fixed_once_the_event_starts():
    event = team_event(2, 2)
    event_start(event_id=event.pk, by=organizer_of(event), now=now(), ask=False)
    team = Team.objects.filter(event=event).first()
    with pytest.raises(Conflict, match="its teams are fixed"):
        team_leave(event_id=event.pk, by=team.created_by)


def test_team_events_play_swiss_without_a_cut_a_draft_or_ai_seats():
    organizer = UserFactory()
    for settings, field in (({"top_cut": 4}, "top_cut"), ({"format": "draft"}, "format"),
                            ({"structure": "round_robin", "groups": 2}, "team_size"),
                            ({"fill_with_ai": True}, "fill_with_ai")):
        arguments = {"format": "preconstructed", **settings}
        with pytest.raises(DomainError) as refused:
            event_create(by=organizer, name="Teams", now=now(), team_size=2, **arguments)
        assert field in [p.field for p in refused.value.problems]
    with pytest.raises(DomainError, match="players per team are 1, 2 or 3"):
        event_create(by=organizer, name="Teams", format="preconstructed", now=now(),
                     team_size=4)
    assert not Event.objects.exists()
    made = event_create(by=organizer, name="Teams", format="preconstructed", now=now(),
                        team_size=3)
    assert made.team_size == 3 and made.teams_play


def test_the_team_factory_makes_a_team_of_its_event():
    team = TeamFactory(event=OrganizedEventFactory(team_size=2))
    assert team.event.teams_play and team.name.startswith("Team ")


def test_a_running_team_event_takes_no_late_entry():
    event = team_event(2, 2, late_entry_until_round=2)
    event_start(event_id=event.pk, by=organizer_of(event), now=now(), ask=False)
    with pytest.raises(Conflict, match="is a team event: its teams were fixed") as refused:
        registration_create(event_id=event.pk, by=UserFactory(), now=now(),
                            preconstructed_deck=1)
    assert refused.value.code == "late_entry_closed"
    assert Registration.objects.filter(event=event).count() == 4


def test_a_team_event_takes_no_ai_seat_and_its_dashboard_offers_none(client):
    """An AI seat would sit in no team and never be paired: it is refused, named, and the
    dashboard does not offer it."""
    from django.urls import reverse

    from tournaments.services.ai_seats import ai_seat_add, ai_seats_add

    event = team_event(teams=2, size=2)
    olga = organizer_of(event)
    with pytest.raises(Conflict) as refused:
        ai_seat_add(event_id=event.pk, by=olga, name="AI 1", now=now())
    assert refused.value.code == "team_ai"
    assert f"{event.name} is a team event" in refused.value.message
    with pytest.raises(Conflict):
        ai_seats_add(event_id=event.pk, by=olga, count=2, level="expert", now=now())
    assert not Registration.objects.filter(event=event, is_ai=True).exists()
    client.force_login(olga)
    dashboard = client.get(reverse("tournaments:dashboard", args=[event.pk]))
    assert reverse("tournaments:ai_seats_add", args=[event.pk]) not in dashboard.content.decode()
    individual = OrganizedEventFactory(organizers=[olga])
    dashboard = client.get(reverse("tournaments:dashboard", args=[individual.pk]))
    assert reverse("tournaments:ai_seats_add", args=[individual.pk]) in dashboard.content.decode()
