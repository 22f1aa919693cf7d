"""The pick timer and the hand-over of a seat on the pages and over the API: the setting on
the new-event and edit pages and in the API, the countdown and the marked picks on the draft
page, the pick whose time ran out made when the page or the API reads the draft, the
organizer's buttons on the pods page, the dashboard naming what the first round waits for,
and who may hand a seat over (403 for anyone else, 404 for a guessed id)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.factories import UserFactory
from tests.tournaments.event_steps import organizer_of
from tests.tournaments.pods_play import draft_event
from tournaments.models import DraftPair, Event, EventChange, PodSeat

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:  # noqa: ANN001
    client = Client()
    client.force_login(user)
    return client


def seats_of(event: Event) -> tuple[PodSeat, PodSeat]:
    a, b = (PodSeat.objects.select_related("registration__player", "pair", "pod")
            .filter(pod__event=event).order_by("number")[:2])
    return a, b


def due_in(event: Event, seconds: int) -> DraftPair:
    """The pick in progress runs out `seconds` from now (the wall clock the pages read)."""
    DraftPair.objects.filter(pod__event=event).update(
        pick_due_at=timezone.now() + timedelta(seconds=seconds))
    return DraftPair.objects.get(pod__event=event)


# The setting -----------------------------------------------------------------------------


def test_the_new_event_page_sets_the_pick_timer_and_none_is_the_default():
    client = logged_in(UserFactory())
    form = client.get(reverse("tournaments:event_new")).content.decode()
    assert 'name="pick_seconds"' in form and "Draft pick timer (seconds)" in form
    base = {"name": "Timed Draft", "format": "draft", "match_length": 3, "top_cut": 0,
            "late_entry_until_round": 0}
    assert client.post(reverse("tournaments:event_new"),
                       {**base, "pick_seconds": "45"}).status_code == 302
    assert Event.objects.get(name="Timed Draft").pick_seconds == 45
    client.post(reverse("tournaments:event_new"), {**base, "name": "Casual Draft"})
    assert Event.objects.get(name="Casual Draft").pick_seconds is None
    refused = client.post(reverse("tournaments:event_new"),
                          {**base, "name": "Too Quick", "pick_seconds": "3"})
    assert refused.status_code == 400 and not Event.objects.filter(name="Too Quick").exists()


def test_the_edit_page_changes_the_timer_during_registration_and_shows_it_fixed_after():
    event = draft_event(2)
    organizer = logged_in(organizer_of(event))
    page = organizer.get(reverse("tournaments:event_edit", args=[event.pk])).content.decode()
    assert 'name="pick_seconds"' in page and "Fixed since the event started." in page
    refused = organizer.patch(f"/api/events/{event.pk}/", {"pick_seconds": 60},
                              content_type="application/json")
    assert refused.status_code == 409
    assert Event.objects.get(pk=event.pk).pick_seconds is None


def test_the_api_creates_and_changes_the_pick_timer():
    api = logged_in(UserFactory())
    made = api.post("/api/events/", {"name": "API Draft", "format": "draft",
                                     "pick_seconds": 90}, content_type="application/json")
    assert made.status_code == 201 and made.json()["pick_seconds"] == 90
    pk = made.json()["id"]
    changed = api.patch(f"/api/events/{pk}/", {"pick_seconds": None},
                        content_type="application/json")
    assert changed.status_code == 200 and changed.json()["pick_seconds"] is None
    bad = api.patch(f"/api/events/{pk}/", {"pick_seconds": 9999},
                    content_type="application/json")
    assert bad.status_code == 400
    assert bad.json()["error"]["problems"][0].startswith("pick_seconds:")
    assert EventChange.objects.filter(event_id=pk).get().changes == {
        "pick_seconds": [90, None]}


# The draft page --------------------------------------------------------------------------


def test_the_draft_page_counts_down_the_pick_with_the_sites_own_script():
    event = draft_event(2, pick_seconds=60)
    a, b = seats_of(event)
    due_in(event, 42)
    page = logged_in(a.registration.player).get(reverse("tournaments:draft",
                                                        args=[event.pk])).content.decode()
    assert 'data-pick-timer data-pick-seconds="4' in page  # 42, or 41 a second later
    assert "Time left for your pick:" in page and "Then the AI picks for you." in page
    assert '<script src="/static/js/pick-timer.js" defer></script>' in page
    assert "<script>" not in page  # the Content-Security-Policy allows the site's files only
    partner = logged_in(b.registration.player).get(reverse("tournaments:draft",
                                                           args=[event.pk])).content.decode()
    assert f"Time left for {a.registration.name}'s pick:" in partner


def test_a_draft_without_a_timer_shows_no_clock():
    event = draft_event(2)
    a, _ = seats_of(event)
    page = logged_in(a.registration.player).get(reverse("tournaments:draft",
                                                        args=[event.pk])).content.decode()
    assert "data-pick-timer" not in page and "pick-timer.js" not in page


def test_reading_the_draft_page_makes_the_pick_whose_time_ran_out_and_marks_it():
    event = draft_event(2, pick_seconds=60)
    a, b = seats_of(event)
    due_in(event, -1)
    page = logged_in(b.registration.player).get(reverse("tournaments:draft",
                                                        args=[event.pk])).content.decode()
    row = DraftPair.objects.get(pk=a.pair_id)
    assert row.record["auto"] == [[0, "timer"]]
    assert "Your pick" in page  # B's turn now
    mine = logged_in(a.registration.player).get(reverse("tournaments:draft",
                                                        args=[event.pk])).content.decode()
    assert mine.count("picked by the timer") == 1


def test_reading_the_api_makes_the_pick_whose_time_ran_out_and_lists_it():
    event = draft_event(2, pick_seconds=60)
    a, _ = seats_of(event)
    due_in(event, -1)
    body = logged_in(a.registration.player).get(f"/api/events/{event.pk}/draft/").json()
    assert body["to_pick"] == "B" and body["picks_made"] == 1
    assert body["auto_picks"] == [{"pick": 1, "side": "A", "card": body["my_cards"][0],
                                   "by": "timer"}]
    assert body["pick_due_at"] is not None
    pods = Client().get(f"/api/events/{event.pk}/pods/").json()
    assert pods[0]["pairs"][0]["auto_picks"] == {"timer": 1, "organizer": 0}


# Handing a seat over ---------------------------------------------------------------------


def test_the_organizer_hands_a_seat_to_the_ai_from_the_pods_page_and_back():
    event = draft_event(2)
    a, b = seats_of(event)
    organizer = logged_in(organizer_of(event))
    page = organizer.get(reverse("tournaments:pods", args=[event.pk])).content.decode()
    assert "Hand seat 1 to the AI" in page and "Hand seat 2 to the AI" in page
    url = reverse("tournaments:draft_seat_hand", args=[event.pk, a.pk])
    response = organizer.post(url, {"to": "ai"}, follow=True)
    page = response.content.decode()
    assert "Pod 1, seat 1: the AI picks for it for the rest of the draft." in page
    assert "Hand seat 1 back to its player" in page and "the AI picks for this seat" in page
    assert "1 pick made by the AI for a handed-over seat" in page
    player_page = logged_in(a.registration.player).get(
        reverse("tournaments:draft", args=[event.pk])).content.decode()
    assert "An organizer handed your seat to the AI" in player_page
    assert "picked by the AI (seat handed over)" in player_page
    back = organizer.post(url, {"to": "player"}, follow=True).content.decode()
    assert "Pod 1, seat 1 is handed back to its player." in back
    edit = organizer.get(reverse("tournaments:event_edit", args=[event.pk])).content.decode()
    assert "who picks for pod 1, seat 1" in edit and "the AI&#x27;s draft policy" in edit


def test_players_and_strangers_see_no_hand_over_buttons_and_are_refused():
    event = draft_event(2)
    a, b = seats_of(event)
    url = reverse("tournaments:draft_seat_hand", args=[event.pk, a.pk])
    for user in (b.registration.player, a.registration.player, UserFactory()):
        client = logged_in(user)
        page = client.get(reverse("tournaments:pods", args=[event.pk])).content.decode()
        assert "Hand seat" not in page
        assert client.post(url, {"to": "ai"}).status_code == 403
    assert Client().post(url, {"to": "ai"}).status_code == 302  # to the login page
    assert PodSeat.objects.get(pk=a.pk).ai_picks_since is None
    assert DraftPair.objects.get(pk=a.pair_id).record["picks"] == []


def test_a_guessed_seat_or_a_seat_of_another_event_is_404():
    event, other = draft_event(2), draft_event(2)
    theirs, _ = seats_of(other)
    organizer = logged_in(organizer_of(event))
    for seat_pk in (theirs.pk, theirs.pk + 10_000):
        url = reverse("tournaments:draft_seat_hand", args=[event.pk, seat_pk])
        assert organizer.post(url, {"to": "ai"}).status_code == 404
    assert organizer.post(f"/api/pod-seats/{theirs.pk + 10_000}/hand/", {"ai": True},
                          content_type="application/json").status_code == 404
    assert PodSeat.objects.get(pk=theirs.pk).ai_picks_since is None


@pytest.mark.parametrize("who", ["partner", "stranger", "other organizer"])
def test_only_the_events_organizers_hand_a_seat_over_the_api(who):
    event, other = draft_event(2), draft_event(2)
    a, b = seats_of(event)
    user = {"partner": b.registration.player, "stranger": UserFactory(),
            "other organizer": organizer_of(other)}[who]
    response = logged_in(user).post(f"/api/pod-seats/{a.pk}/hand/", {"ai": True},
                                    content_type="application/json")
    assert response.status_code == 403
    assert Client().post(f"/api/pod-seats/{a.pk}/hand/", {"ai": True},
                         content_type="application/json").status_code in (401, 403)
    assert PodSeat.objects.get(pk=a.pk).ai_picks_since is None


def test_the_organizer_hands_a_seat_over_the_api_and_bad_input_is_400():
    event = draft_event(2)
    a, _ = seats_of(event)
    api = logged_in(organizer_of(event))
    assert api.post(f"/api/pod-seats/{a.pk}/hand/", {"ai": "robot"},
                    content_type="application/json").status_code == 400
    handed = api.post(f"/api/pod-seats/{a.pk}/hand/", {"ai": True},
                      content_type="application/json")
    assert handed.status_code == 200 and handed.json()["ai_picks"] is True
    assert handed.json()["ai_picks_since"] is not None
    back = api.post(f"/api/pod-seats/{a.pk}/hand/", {"ai": False},
                    content_type="application/json")
    assert back.status_code == 200 and back.json()["ai_picks"] is False


# What the round waits for ----------------------------------------------------------------


def test_the_dashboard_names_the_pods_still_drafting_and_the_seats_holding_them_up():
    event = draft_event(4)
    page = logged_in(organizer_of(event)).get(
        reverse("tournaments:dashboard", args=[event.pk])).content.decode()
    a, _ = seats_of(event)
    assert "Round 1 waits only for the pods still drafting:" in page
    assert f"seat 1 ({a.registration.name}) to pick" in page
    refused = logged_in(organizer_of(event)).post(
        reverse("tournaments:round_pair", args=[event.pk]), {"number": 1}, follow=True)
    assert "pod 1: seat 1 (" in refused.content.decode()


# Six languages ---------------------------------------------------------------------------


@pytest.mark.parametrize(("language", "says"), [
    ("cs", "Čas na váš výběr:"), ("eo", "Restanta tempo por via elekto:"),
    ("ru", "Осталось времени на ваш выбор:"), ("sr", "Преостало време за ваш избор:"),
    ("sr-latn", "Preostalo vreme za vaš izbor:"), ("tr", "Seçiminiz için kalan süre:")])
def test_the_countdown_and_the_marks_are_in_the_readers_language(language, says):
    event = draft_event(2, pick_seconds=60)
    a, b = seats_of(event)
    organizer = logged_in(organizer_of(event))
    url = reverse("tournaments:draft_seat_hand", args=[event.pk, a.pk])
    organizer.post(url, {"to": "ai"})  # the AI makes A's first pick, marked
    organizer.post(url, {"to": "player"})
    due_in(event, 30)  # B's pick
    pages = {}
    for seat in (a, b):
        client = logged_in(seat.registration.player)
        client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
        pages[seat.side] = client.get(reverse("tournaments:draft",
                                              args=[event.pk])).content.decode()
    assert says in pages["B"]
    assert "data-pick-timer" in pages["A"] and "Time left for" not in pages["A"]
    assert "picked by the AI" not in pages["A"] and 'class="badge"' in pages["A"]
