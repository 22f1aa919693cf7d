"""Walk-ins (issue 16): a guest seat without an account, named by the organizer, paired like
any seat, and claimed later with its code by a signed-in person who keeps every result.
Wrong and used codes read alike; guessing codes is throttled; an organizer still never
writes a list for an account's seat."""

import hashlib

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.services.rates import RateLimited
from core.errors import Conflict, DomainError, Forbidden
from tests.factories import UserFactory
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import now, organizer_of, pair, seats, settle, start, tables
from tournaments.models import EventFormat, Registration
from tournaments.selectors.standings import standings_for_event
from tournaments.services.registrations import registration_add, registration_decklist_attach
from tournaments.services.walkins import (
    claim_code_digest,
    registration_claim,
    registration_claim_code_renew,
    registration_guest_add,
    wrong_code_message,
)

pytestmark = pytest.mark.django_db

RATES = {"signup": {"ip": 10, "address": 3}, "reset": {"ip": 10, "address": 3},
         "claim": {"ip": 6, "address": 3}}


@pytest.fixture(autouse=True)
def _rates(settings):
    settings.CLASH_ACCOUNT_RATES = RATES


def guest(event, name="Wanda Walkin"):
    return registration_guest_add(event_id=event.pk, by=organizer_of(event), name=name,
                                  now=now())


def claim(code, user, ip="10.0.0.1"):
    return registration_claim(code=code, by=user, ip=ip, now=now())


def test_an_organizer_seats_a_guest_by_name_and_only_the_codes_digest_is_kept():
    event = OrganizedEventFactory()
    seat, code = guest(event, "  Wanda   Walkin ")
    assert seat.name == "Wanda Walkin" and seat.is_guest and seat.player is None
    assert len(code) == 14 and code.count("-") == 2
    assert seat.claim_code_hash == hashlib.sha256(code.replace("-", "").encode()).hexdigest()
    assert code not in str(Registration.objects.filter(pk=seat.pk).values().get())


def test_two_guests_of_one_event_need_two_names():
    event = OrganizedEventFactory()
    guest(event)
    with pytest.raises(Conflict, match="already has a guest called"):
        guest(event, "wanda walkin")


def test_a_draft_takes_no_guest_seat_since_nobody_could_pick_for_it():
    """Rule C-2.4: each seat of a pod picks for itself, on its own account."""
    event = OrganizedEventFactory(format=EventFormat.DRAFT)
    with pytest.raises(Conflict, match="is a draft: each player picks on their own account"):
        guest(event)
    assert not Registration.objects.filter(event=event).exists()


def test_a_guest_is_paired_and_shows_by_name_and_claiming_keeps_the_results():
    event = OrganizedEventFactory(rounds=2)
    seats(event, "alice bob carol")
    seat, code = guest(event)
    start(event)
    rnd = pair(event)
    assert "Wanda Walkin" in {name for table in tables(rnd) for name in table}
    settle(rnd, **{"Wanda Walkin": (2, 0, 0)})
    before = next(r for r in standings_for_event(event) if r.name == "Wanda Walkin")
    assert before.match_points == 3
    wanda = UserFactory(username="wanda")
    claimed = claim(code.lower().replace("-", " "), wanda)  # typed loosely: still the code
    assert claimed.pk == seat.pk and claimed.player == wanda and not claimed.is_guest
    after = next(r for r in standings_for_event(event) if r.name == "wanda")
    assert (after.match_points, after.wins) == (before.match_points, before.wins)
    assert "Wanda Walkin" not in {r.name for r in standings_for_event(event)}


def test_a_wrong_code_and_a_used_code_get_the_same_answer():
    event = OrganizedEventFactory()
    _, code = guest(event)
    with pytest.raises(DomainError) as wrong:
        claim("AAAA-BBBB-CCCC", UserFactory())
    claim(code, UserFactory(username="wanda"))
    with pytest.raises(DomainError) as used:
        claim(code, UserFactory())
    assert wrong.value.code == used.value.code == "wrong_claim_code"
    assert wrong.value.message == used.value.message == wrong_code_message()
    with pytest.raises(DomainError, match="does not open a seat"):
        claim("", UserFactory())


def test_a_person_already_in_the_event_cannot_claim_a_second_seat_there():
    event = OrganizedEventFactory()
    alice, = seats(event, "alice")
    seat, code = guest(event)
    with pytest.raises(Conflict, match="already have a seat"):
        claim(code, alice.player)
    seat.refresh_from_db()
    assert seat.is_guest and seat.claim_code_hash == claim_code_digest(code)


def test_an_attacker_with_fresh_accounts_guessing_codes_is_refused_then_throttled():
    event = OrganizedEventFactory()
    seat, code = guest(event)
    for n in range(RATES["claim"]["ip"]):
        with pytest.raises(DomainError) as err:
            claim(f"AAAA-BBBB-{n:04d}", UserFactory(), ip="203.0.113.9")
        assert err.value.code == "wrong_claim_code"
    # Even the right code is refused from that address now, and nothing changed.
    with pytest.raises(RateLimited):
        claim(code, UserFactory(), ip="203.0.113.9")
    seat.refresh_from_db()
    assert seat.is_guest and seat.player is None


def test_one_account_is_throttled_across_addresses():
    event = OrganizedEventFactory()
    _, code = guest(event)
    mallory = UserFactory(username="mallory")
    for n in range(RATES["claim"]["address"]):
        with pytest.raises(DomainError):
            claim(f"AAAA-BBBB-{n:04d}", mallory, ip=f"198.51.100.{n}")
    with pytest.raises(RateLimited):
        claim(code, mallory, ip="198.51.100.200")


def test_an_organizer_never_writes_a_list_for_an_account_seat():
    event = OrganizedEventFactory(format="preconstructed")
    alice, = seats(event, "alice")
    organizer = organizer_of(event)
    with pytest.raises(DomainError) as err:
        registration_add(event_id=event.pk, by=organizer, player=UserFactory(), now=now(),
                         preconstructed_deck=1)
    assert err.value.code == "list_by_player"
    with pytest.raises(Forbidden):
        registration_decklist_attach(registration_id=alice.pk, by=organizer, now=now(),
                                     preconstructed_deck=1)
    alice.refresh_from_db()
    assert alice.decklist_version is None


def test_a_new_claim_code_replaces_the_old_one_and_only_for_a_guest_seat():
    event = OrganizedEventFactory()
    alice, = seats(event, "alice")
    seat, old = guest(event)
    new = registration_claim_code_renew(registration_id=seat.pk, by=organizer_of(event))
    with pytest.raises(DomainError, match="does not open a seat"):
        claim(old, UserFactory())
    assert claim(new, UserFactory(username="wanda")).player.username == "wanda"
    for taken in (seat, alice):
        with pytest.raises(Conflict, match="not a guest seat"):
            registration_claim_code_renew(registration_id=taken.pk, by=organizer_of(event))


def test_only_an_organizer_seats_a_guest():
    event = OrganizedEventFactory()
    with pytest.raises(Forbidden):
        registration_guest_add(event_id=event.pk, by=UserFactory(), name="Wanda", now=now())
    assert not Registration.objects.exists()


# Pages and API ----------------------------------------------------------------------------

def test_the_dashboard_seats_a_guest_and_the_claim_page_from_me_takes_it(client):
    event = OrganizedEventFactory()
    client.force_login(organizer_of(event))
    page = client.post(reverse("tournaments:guest_add", args=[event.pk]),
                       {"guest-name": "Wanda Walkin"}, follow=True).content.decode()
    assert "Wanda Walkin is seated as a guest" in page and "/events/claim/?code=" in page
    code = page.split("Their claim code is ")[1][:14]
    assert "New claim code" in client.get(reverse("tournaments:dashboard",
                                                  args=[event.pk])).content.decode()
    wanda = UserFactory(username="wanda")
    client.force_login(wanda)
    me = client.get(reverse("me")).content.decode()
    assert reverse("tournaments:claim") in me
    form = client.get(reverse("tournaments:claim"), {"code": code}).content.decode()
    assert f'value="{code}"' in form
    assert Registration.objects.get(event=event).player is None  # a GET claims nothing
    wrong = client.post(reverse("tournaments:claim"), {"code": "AAAA-BBBB-CCCC"})
    assert wrong.status_code == 400 and "does not open a seat" in wrong.content.decode()
    done = client.post(reverse("tournaments:claim"), {"code": code})
    assert done.status_code == 302
    assert Registration.objects.get(event=event).player == wanda


def test_the_claim_page_answers_429_when_throttled(client):
    client.force_login(UserFactory())
    for n in range(RATES["claim"]["address"]):
        assert client.post(reverse("tournaments:claim"),
                           {"code": f"AAAA-BBBB-{n:04d}"}).status_code == 400
    throttled = client.post(reverse("tournaments:claim"), {"code": "AAAA-BBBB-CCCC"})
    assert throttled.status_code == 429 and throttled["Retry-After"]


def test_the_api_seats_a_guest_and_claims_it():
    event = OrganizedEventFactory()
    api = APIClient()
    api.force_authenticate(organizer_of(event))
    made = api.post(f"/api/events/{event.pk}/guests/", {"name": "Wanda Walkin"},
                    format="json")
    assert made.status_code == 201, made.content
    body = made.json()
    assert body["registration"]["name"] == "Wanda Walkin"
    assert body["claim_url"].endswith(body["claim_code"])
    wanda = UserFactory(username="wanda")
    api.force_authenticate(wanda)
    claimed = api.post("/api/claims/", {"code": body["claim_code"]}, format="json")
    assert claimed.status_code == 200 and claimed.json()["name"] == "wanda"
    again = api.post("/api/claims/", {"code": body["claim_code"]}, format="json")
    assert again.status_code == 400 and again.json()["error"]["code"] == "wrong_claim_code"
