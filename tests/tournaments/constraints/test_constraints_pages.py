"""The pairing constraints page and API for the event's organizers (issue 35): reached from the
dashboard, each form saving through the services, a refusal shown beside its field with
nothing written; the player list and the pairings show an awarded bye and a fixed table."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories.tournaments import KeptApartFactory, OrganizedEventFactory
from tests.tournaments.event_steps import organizer_of, pair, seats, start
from tests.web import client_for, error_of, html, signed_in
from tournaments.models import EventChange, KeptApart, Registration

pytestmark = pytest.mark.django_db


@pytest.fixture
def scene():  # noqa: ANN201
    event = OrganizedEventFactory(name="Spring Open", rounds=3)
    alice, bob, carol = seats(event, "alice bob carol")
    return event, alice, bob, carol


def page_url(event) -> str:  # noqa: ANN001
    return reverse("tournaments:constraints", args=[event.pk])


def test_the_dashboard_links_the_page_and_the_page_lists_what_is_set(scene):
    event, alice, bob, carol = scene
    organizer = signed_in(organizer_of(event))
    dashboard = html(organizer.get(reverse("tournaments:dashboard", args=[event.pk])))
    assert page_url(event) in dashboard
    KeptApartFactory(first=bob, second=carol, note="siblings")
    Registration.objects.filter(pk=alice.pk).update(awarded_byes=2, fixed_table=5)
    page = html(organizer.get(page_url(event)))
    assert "Pairings that must not happen" in page and "bob and carol" in page
    assert "(siblings)" in page and "rounds 1 to 2" in page
    dashboard = html(organizer.get(reverse("tournaments:dashboard", args=[event.pk])))
    assert "awarded byes in rounds 1 to 2" in dashboard and "always at table 5" in dashboard


def test_the_forms_save_and_remove_through_the_services(scene):
    event, alice, bob, carol = scene
    organizer = signed_in(organizer_of(event))
    response = organizer.post(reverse("tournaments:seat_constraints", args=[event.pk]),
                              {"seat-registration": alice.pk, "seat-awarded_byes": 1,
                               "seat-fixed_table": 3})
    assert response.status_code == 302 and response["Location"].endswith("#seats-heading")
    alice.refresh_from_db()
    assert (alice.awarded_byes, alice.fixed_table) == (1, 3)
    response = organizer.post(reverse("tournaments:kept_apart_add", args=[event.pk]),
                              {"apart-first": bob.pk, "apart-second": carol.pk,
                               "apart-note": "teammates"})
    assert response.status_code == 302
    pair = KeptApart.objects.get(event=event)
    response = organizer.post(reverse("tournaments:kept_apart_remove",
                                      args=[event.pk, pair.pk]))
    assert response.status_code == 302 and not KeptApart.objects.filter(event=event).exists()
    edit_page = html(organizer.get(reverse("tournaments:event_edit", args=[event.pk])))
    assert "the fixed table" in edit_page and "alice: 3" in edit_page
    assert "bob and carol (teammates)" in edit_page


def test_a_taken_table_is_shown_beside_its_field_and_nothing_is_written(scene):
    event, alice, bob, _ = scene
    Registration.objects.filter(pk=alice.pk).update(fixed_table=4)
    organizer = signed_in(organizer_of(event))
    response = organizer.post(reverse("tournaments:seat_constraints", args=[event.pk]),
                              {"seat-registration": bob.pk, "seat-awarded_byes": 0,
                               "seat-fixed_table": 4})
    assert response.status_code == 409
    assert 'id="id_seat-fixed_table-errors"' in html(response)
    assert "Table 4 is already fixed for alice" in html(response)
    assert Registration.objects.get(pk=bob.pk).fixed_table is None
    assert not EventChange.objects.filter(event=event).exists()


def test_the_pairings_and_the_players_own_page_show_an_awarded_bye_and_a_fixed_table(scene):
    event, alice, bob, carol = scene
    Registration.objects.filter(pk=alice.pk).update(awarded_byes=1)
    Registration.objects.filter(pk=bob.pk).update(fixed_table=6)
    start(event)
    rnd = pair(event)
    assert rnd.matches.get(player_b__isnull=False).table == 6
    pairings = html(signed_in(alice.player).get(
        reverse("tournaments:pairings", args=[event.pk])))
    assert "You have a <strong>bye</strong> this round, awarded by the organizer" in pairings
    assert "has a bye awarded by the organizer" in pairings
    own = html(signed_in(bob.player).get(reverse("tournaments:event", args=[event.pk])))
    assert "You always play at table 6." in own
    public = html(signed_in(carol.player).get(reverse("tournaments:event", args=[event.pk])))
    assert "awarded bye in round 1" in public and "table 6" not in public
    organizer = signed_in(organizer_of(event))
    for sheet in ("tournaments:print_pairings_by_name", "tournaments:print_pairings_by_table"):
        printed = html(organizer.get(reverse(sheet, args=[event.pk])))
        assert "Bye awarded by the organizer" in printed


# The API ---------------------------------------------------------------------------------


def test_the_api_reads_and_writes_the_constraints(scene):
    event, alice, bob, carol = scene
    api = client_for(organizer_of(event))
    url = f"/api/events/{event.pk}/registrations/{alice.pk}/constraints/"
    response = api.patch(url, {"awarded_byes": 2, "fixed_table": 9}, format="json")
    assert response.status_code == 200, response.json()
    assert response.json() == {"registration_id": alice.pk, "player": "alice",
                               "dropped": False, "awarded_byes": 2, "fixed_table": 9}
    response = api.post(f"/api/events/{event.pk}/constraints/apart/",
                        {"first_id": carol.pk, "second_id": bob.pk, "note": "siblings"},
                        format="json")
    assert response.status_code == 201
    pair = response.json()
    assert (pair["first"], pair["second"], pair["note"]) == ("bob", "carol", "siblings")
    again = api.post(f"/api/events/{event.pk}/constraints/apart/",
                     {"first_id": bob.pk, "second_id": carol.pk}, format="json")
    assert again.status_code == 409 and error_of(again)["code"] == "already_apart"
    listed = api.get(f"/api/events/{event.pk}/constraints/").json()
    assert [s["fixed_table"] for s in listed["seats"]] == [9, None, None]
    assert [p["id"] for p in listed["apart"]] == [pair["id"]]
    gone = api.delete(f"/api/events/{event.pk}/constraints/apart/{pair['id']}/")
    assert gone.status_code == 204 and not KeptApart.objects.exists()


def test_the_api_names_a_bad_value_and_a_taken_table(scene):
    event, alice, bob, _ = scene
    api = client_for(organizer_of(event))
    url = f"/api/events/{event.pk}/registrations/{bob.pk}/constraints/"
    bad = api.patch(url, {"awarded_byes": 7}, format="json")
    assert bad.status_code == 400 and "awarded_byes" in error_of(bad)["fields"]
    Registration.objects.filter(pk=alice.pk).update(fixed_table=2)
    taken = api.patch(url, {"fixed_table": 2}, format="json")
    assert taken.status_code == 409
    assert error_of(taken)["code"] == "table_taken" and "fixed_table" in error_of(taken)["fields"]
    assert Registration.objects.get(pk=bob.pk).fixed_table is None
