"""A judge of an event never plays in it, and a judge who holds a seat there anyway is no
judge of it (issue 16, penalties and judges): a judge rules on the event's matches, reads its
hidden lists for deck checks and sees every penalty, so a player with those powers would read
the opponents' lists and rule on their own table.

Two guards, each tested alone: every way of getting a seat or a waitlist place (registering,
the waitlist moving up, claiming a guest seat, an organizer's adding, a late player by
username) refuses a judge of the event; and every judge power (`selectors.access.may_judge`,
decks' visibility of registered lists) is for a named judge who holds no seat there. The
second is tested with a seat made by the factory, as a row no service would make now."""

from __future__ import annotations

import pytest
from django.urls import reverse

from core.errors import Conflict, Forbidden
from tests.factories import UserFactory
from tests.factories.decklists import LIST_A, LIST_B
from tests.factories.decks import DecklistVersionFactory
from tests.factories.tournaments import (
    OrganizedEventFactory,
    PenaltyFactory,
    SeatFactory,
    WaitlistEntryFactory,
)
from tests.tournaments.event_steps import match_of, now, organizer_of, pair, seats, start
from tests.web import client_for, error_of, html, signed_in
from tournaments.models import Correction, Penalty, Registration, WaitlistEntry
from tournaments.selectors.access import may_judge
from tournaments.selectors.penalties import penalties_seen
from tournaments.services.clock import match_time_extend
from tournaments.services.judges import judge_add
from tournaments.services.late_players import round_late_player_add
from tournaments.services.penalties import penalty_record, penalty_withdraw
from tournaments.services.registrations import (
    registration_add,
    registration_create,
    registration_drop,
    waitlist_join,
)
from tournaments.services.walkins import registration_claim, registration_guest_add

pytestmark = pytest.mark.django_db

SECRET = "Looked at the hand of the opponent SECRET-4417"


def judged(event, username: str = "jude"):  # noqa: ANN001, ANN201
    judge = UserFactory(username=username)
    judge_add(event_id=event.pk, by=organizer_of(event), user=judge)
    return judge


def refused_as_judge(excinfo, event) -> None:  # noqa: ANN001
    error = excinfo.value
    assert error.code == "judge_of_event"
    assert str(error) == (f"jude is a judge of {event.name}: an organizer removes them as "
                          "judge before they can play")


# (a) No way into the event for its judge ---------------------------------------------------


def test_a_judge_cannot_register_for_the_event_they_judge():
    event = OrganizedEventFactory(name="Spring Open", rounds=3)
    judge = judged(event)
    with pytest.raises(Conflict) as excinfo:
        registration_create(event_id=event.pk, by=judge, now=now(), preconstructed_deck=1)
    refused_as_judge(excinfo, event)
    assert not Registration.objects.filter(event=event, player=judge).exists()


def test_a_judge_cannot_register_through_the_api_or_the_page():
    event = OrganizedEventFactory(name="Spring Open", rounds=3)
    judge = judged(event)
    response = client_for(judge).post(f"/api/events/{event.pk}/registrations/",
                                      {"preconstructed_deck": 1}, format="json")
    assert response.status_code == 409
    assert error_of(response)["code"] == "judge_of_event"
    page = signed_in(judge).post(reverse("tournaments:register", args=[event.pk]),
                                 {"preconstructed_deck": 1}, follow=True)
    assert "jude is a judge of Spring Open" in html(page)
    assert not Registration.objects.filter(event=event, player=judge).exists()


def test_a_judge_cannot_join_the_waitlist_of_the_event_they_judge():
    event = OrganizedEventFactory(name="Spring Open", rounds=3, capacity=1)
    seats(event, "alice")
    judge = judged(event)
    with pytest.raises(Conflict) as excinfo:
        waitlist_join(event_id=event.pk, by=judge, now=now(), preconstructed_deck=1)
    refused_as_judge(excinfo, event)
    assert not WaitlistEntry.objects.filter(event=event).exists()


def test_a_person_waiting_for_a_seat_is_not_named_a_judge():
    event = OrganizedEventFactory(name="Spring Open", rounds=3, capacity=1)
    seats(event, "alice")
    wally = UserFactory(username="wally")
    WaitlistEntryFactory(event=event, player=wally)
    with pytest.raises(Conflict) as excinfo:
        judge_add(event_id=event.pk, by=organizer_of(event), user=wally)
    assert excinfo.value.code == "waits_in_event"
    assert not event.judges.exists()


def test_the_waitlist_skips_a_judge_waiting_and_seats_the_next_person():
    """A judge's waitlist place (a row made before the rule) neither takes the freed seat
    nor jams the drop that freed it."""
    event = OrganizedEventFactory(name="Spring Open", rounds=3, capacity=1)
    (alice,) = seats(event, "alice")
    judge = judged(event)
    WaitlistEntryFactory(event=event, player=judge)
    wally = UserFactory(username="wally")
    WaitlistEntryFactory(event=event, player=wally)
    registration_drop(registration_id=alice.pk, by=alice.player, now=now())
    assert not Registration.objects.filter(event=event, player=judge).exists()
    assert Registration.objects.get(event=event, player=wally).moved_up_at is not None
    assert not WaitlistEntry.objects.filter(event=event).exists()


def test_a_judge_cannot_claim_a_guest_seat_of_the_event_they_judge():
    event = OrganizedEventFactory(name="Spring Open", rounds=3)
    judge = judged(event)
    seat, code = registration_guest_add(event_id=event.pk, by=organizer_of(event),
                                        name="Walk In", now=now())
    with pytest.raises(Conflict) as excinfo:
        registration_claim(code=code, by=judge, ip=None, now=now())
    refused_as_judge(excinfo, event)
    seat.refresh_from_db()
    assert seat.player is None and seat.is_guest and seat.claim_code_hash


def test_a_judge_cannot_claim_through_the_api():
    event = OrganizedEventFactory(name="Spring Open", rounds=3)
    judge = judged(event)
    _, code = registration_guest_add(event_id=event.pk, by=organizer_of(event),
                                     name="Walk In", now=now())
    response = client_for(judge).post("/api/claims/", {"code": code}, format="json")
    assert response.status_code == 409
    assert error_of(response)["code"] == "judge_of_event"


def test_an_organizer_cannot_add_a_judge_of_the_event_as_a_player():
    event = OrganizedEventFactory(name="Spring Open", rounds=3)
    judge = judged(event)
    with pytest.raises(Conflict) as excinfo:
        registration_add(event_id=event.pk, by=organizer_of(event), player=judge, now=now())
    refused_as_judge(excinfo, event)
    response = client_for(organizer_of(event)).post(
        f"/api/events/{event.pk}/registrations/", {"player": "jude"}, format="json")
    assert response.status_code == 409
    assert error_of(response)["code"] == "judge_of_event"
    assert not Registration.objects.filter(event=event, player=judge).exists()


def test_an_organizer_cannot_seat_a_judge_of_the_event_as_a_late_player():
    event = OrganizedEventFactory(name="Spring Open", rounds=3)
    seats(event, "alice bob")
    start(event)
    pair(event)
    judge = judged(event)
    with pytest.raises(Conflict) as excinfo:
        round_late_player_add(event_id=event.pk, by=organizer_of(event), now=now(), number=1,
                              player=judge)
    refused_as_judge(excinfo, event)
    assert not Registration.objects.filter(event=event, player=judge).exists()
    assert not Correction.objects.filter(event=event).exists()


def test_a_judge_of_another_event_still_plays_here():
    event = OrganizedEventFactory(name="Spring Open", rounds=3)
    other = OrganizedEventFactory(name="Autumn Open", rounds=3)
    judge = judged(other)
    seat = registration_create(event_id=event.pk, by=judge, now=now(), preconstructed_deck=1)
    assert seat.player == judge


# (b) A judge holding a seat is no judge of that event ----------------------------------------


@pytest.fixture
def scene():
    """alice, bob, carol and dave play round 1 of an event with registered lists; jude is
    its judge and holds a seat too, with a list of their own; nina is its judge and plays
    nowhere; alice has a penalty."""
    event = OrganizedEventFactory(name="Spring Open", rounds=3, seed=11)
    people = seats(event, "alice bob carol")
    for seat in people:
        seat.decklist_version = DecklistVersionFactory(decklist__owner=seat.player,
                                                       cards=list(LIST_A))
        seat.save(update_fields=["decklist_version"])
    judge = judged(event)
    nina = judged(event, "nina")
    mine = SeatFactory(event=event, player=judge,
                       decklist_version=DecklistVersionFactory(decklist__owner=judge,
                                                               cards=list(LIST_B)))
    start(event)
    rnd = pair(event)
    loss = penalty_record(event_id=event.pk, registration_id=people[0].pk, kind="warning",
                          note=SECRET, by=organizer_of(event), now=now())
    return {"event": event, "round": rnd, "alice": people[0], "judge": judge, "nina": nina,
            "mine": mine, "penalty": loss}


def test_a_judge_holding_a_seat_does_not_act_as_judge(scene):
    event = scene["event"]
    assert not may_judge(event, scene["judge"])
    assert may_judge(event, scene["nina"])


def test_a_judge_holding_a_seat_reads_no_opponents_hidden_list(scene):
    event, alice = scene["event"], scene["alice"]
    decklist = alice.decklist_version.decklist_id
    assert not event.lists_published
    assert client_for(scene["judge"]).get(f"/api/decklists/{decklist}/").status_code == 404
    assert signed_in(scene["judge"]).get(f"/decks/lists/{decklist}/").status_code == 404
    sheet = reverse("tournaments:print_decklist", args=[event.pk, alice.pk])
    assert signed_in(scene["judge"]).get(sheet).status_code == 404
    seat_list = reverse("tournaments:seat_list", args=[event.pk, alice.pk])
    refused = signed_in(scene["judge"]).get(seat_list)
    assert refused.status_code == 403 and LIST_A[0] not in html(refused)
    registrations = client_for(scene["judge"]).get(f"/api/events/{event.pk}/registrations/")
    assert LIST_A[0] not in registrations.content.decode()
    # Their own list they still read; a judge who plays nowhere reads alice's.
    own = scene["mine"].decklist_version.decklist_id
    assert client_for(scene["judge"]).get(f"/api/decklists/{own}/").status_code == 200
    assert client_for(scene["nina"]).get(f"/api/decklists/{decklist}/").status_code == 200
    assert signed_in(scene["nina"]).get(seat_list).status_code == 200


def test_a_judge_holding_a_dropped_seat_still_reads_no_hidden_list(scene):
    event, alice = scene["event"], scene["alice"]
    registration_drop(registration_id=scene["mine"].pk, by=scene["judge"], now=now())
    decklist = alice.decklist_version.decklist_id
    assert client_for(scene["judge"]).get(f"/api/decklists/{decklist}/").status_code == 404
    assert not may_judge(event, scene["judge"])


def test_a_judge_holding_a_seat_records_and_withdraws_no_penalty(scene):
    event, judge = scene["event"], scene["judge"]
    own = PenaltyFactory(event=event, registration=scene["mine"], note="Own slow play",
                         round_number=1)
    for penalty in (own, scene["penalty"]):
        with pytest.raises(Forbidden) as excinfo:
            penalty_withdraw(event_id=event.pk, penalty_id=penalty.pk, by=judge, now=now())
        assert excinfo.value.code == "judge_plays"
        assert "You play in Spring Open" in str(excinfo.value)
        penalty.refresh_from_db()
        assert penalty.withdrawn_at is None
    with pytest.raises(Forbidden):
        penalty_record(event_id=event.pk, registration_id=scene["alice"].pk, kind="match_loss",
                       note="Made up", by=judge, now=now())
    api = client_for(judge)
    assert api.post(f"/api/events/{event.pk}/penalties/{own.pk}/withdraw/").status_code == 403
    assert api.post(f"/api/events/{event.pk}/penalties/", {
        "registration_id": scene["alice"].pk, "kind": "warning", "note": "Again"},
        format="json").status_code == 403
    assert Penalty.objects.filter(event=event).count() == 2


def test_a_judge_holding_a_seat_gives_no_table_extra_time(scene):
    event, judge = scene["event"], scene["judge"]
    mine = match_of(scene["round"], "jude")
    other = next(m for m in scene["round"].matches.all() if m.pk != mine.pk and not m.bye)
    for match in (mine, other):
        with pytest.raises(Forbidden):
            match_time_extend(match_id=match.pk, by=judge, now=now(), minutes=10,
                              note="Own table")
        page = signed_in(judge).post(reverse("tournaments:match_time",
                                             args=[event.pk, match.pk]),
                                     {"minutes": 10, "note": "Own table", "seen": 0})
        assert page.status_code == 403
        match.refresh_from_db()
        assert match.extra_minutes == 0


def test_a_judge_holding_a_seat_sees_only_their_own_penalties(scene):
    event, judge = scene["event"], scene["judge"]
    assert penalties_seen(event, judge) == []
    seen = html(signed_in(judge).get(reverse("tournaments:event", args=[event.pk])))
    seen += client_for(judge).get(f"/api/events/{event.pk}/penalties/").content.decode()
    assert SECRET not in seen
    assert "The judge page" not in seen
    assert client_for(judge).get(f"/api/events/{event.pk}/penalties/").json() == []
    judge_page = signed_in(judge).get(reverse("tournaments:penalties", args=[event.pk]))
    assert judge_page.status_code == 403 and SECRET not in html(judge_page)
    me = html(signed_in(judge).get(reverse("me")))
    assert reverse("tournaments:penalties", args=[event.pk]) not in me
    # The judge who plays nowhere sees them all.
    assert [p.note for p in penalties_seen(event, scene["nina"])] == [SECRET]


def test_a_judge_holding_a_seat_opens_no_other_table(scene):
    event, judge = scene["event"], scene["judge"]
    mine = match_of(scene["round"], "jude")
    other = next(m for m in scene["round"].matches.all() if m.pk != mine.pk and not m.bye)
    assert signed_in(judge).get(reverse("tournaments:match",
                                        args=[event.pk, other.pk])).status_code == 403
    own = html(signed_in(judge).get(reverse("tournaments:match", args=[event.pk, mine.pk])))
    assert "Give this table extra time" not in own
