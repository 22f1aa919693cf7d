"""Announcements (issue 16, talking to players): an organizer posts a short message to an event;
it shows at the top of the event's page and pairings and on the Me page of every player of
the event, newest first with its time, until it is withdrawn. Nobody else posts or withdraws
one, bad input is refused with a clear message, and the text is shown as plain text."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core.errors import DomainError, Forbidden, NotFound
from tests.factories import UserFactory
from tests.factories.tournaments import AnnouncementFactory, OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import T0, now, organizer_of
from tests.web import client_for, error_of, html, signed_in
from tournaments.models import MAX_ANNOUNCEMENT, Announcement, Event
from tournaments.selectors.announcements import announcements_for_player, announcements_live
from tournaments.selectors.standings import results_version
from tournaments.services.announcements import announcement_post, announcement_withdraw

pytestmark = pytest.mark.django_db

ROUND_3 = "Round 3 starts at 14:30, tables 1-20 in the back room"


def event_with(*names: str, name: str = "Saturday Clash") -> tuple[Event, dict]:
    event = OrganizedEventFactory(name=name)
    players = {n: SeatFactory(event=event, player=UserFactory(username=n)).player
               for n in names}
    return event, players


def post(event: Event, text: str = ROUND_3, **kwargs) -> Announcement:  # noqa: ANN003
    return announcement_post(event_id=event.pk, by=organizer_of(event), text=text,
                             now=kwargs.get("at") or now())


def withdraw(event: Event, announcement: Announcement) -> bool:
    return announcement_withdraw(event_id=event.pk, announcement_id=announcement.pk,
                                 by=organizer_of(event), now=now())[1]


# The services --------------------------------------------------------------------------------


def test_a_post_records_who_and_when_and_cuts_the_surrounding_blanks():
    event, _ = event_with()
    at = now()
    posted = post(event, f"  {ROUND_3}\n", at=at)
    assert (posted.text, posted.posted_by, posted.posted_at) == (ROUND_3, organizer_of(event), at)
    assert posted.withdrawn_at is None and list(announcements_live(event)) == [posted]


def test_a_withdrawal_records_who_and_when_and_a_second_one_changes_nothing():
    event, _ = event_with()
    posted = post(event)
    assert withdraw(event, posted) is True
    posted.refresh_from_db()
    first = posted.withdrawn_at
    assert first is not None and posted.withdrawn_by == organizer_of(event)
    assert withdraw(event, posted) is False
    posted.refresh_from_db()
    assert posted.withdrawn_at == first
    assert list(announcements_live(event)) == []
    assert Announcement.objects.filter(pk=posted.pk).exists(), "the record is kept"


def test_the_live_ones_come_newest_first():
    event, _ = event_with()
    older = post(event, "Doors open at 9:30", at=T0)
    newer = post(event, ROUND_3, at=T0 + timedelta(hours=4))
    assert list(announcements_live(event)) == [newer, older]


@pytest.mark.parametrize(("text", "says"), [
    ("", "The announcement is empty"),
    ("   \n\t ", "The announcement is empty"),
    ("x" * (MAX_ANNOUNCEMENT + 1), f"longer than {MAX_ANNOUNCEMENT} characters"),
])
def test_bad_input_is_refused_with_a_clear_message_and_saves_nothing(text, says):
    event, _ = event_with()
    version = results_version(event)
    with pytest.raises(DomainError) as err:
        post(event, text)
    assert err.value.code == "invalid_announcement" and says in err.value.message
    assert not Announcement.objects.exists()
    assert results_version(Event.objects.get(pk=event.pk)) == version


def test_the_longest_message_is_accepted():
    event, _ = event_with()
    assert len(post(event, "x" * MAX_ANNOUNCEMENT).text) == MAX_ANNOUNCEMENT


def test_posting_and_withdrawing_bump_the_results_version_so_kept_pages_show_them():
    event, _ = event_with()
    version = results_version(event)
    posted = post(event)
    assert results_version(Event.objects.get(pk=event.pk)) == version + 1
    withdraw(event, posted)
    assert results_version(Event.objects.get(pk=event.pk)) == version + 2
    withdraw(event, posted)  # already withdrawn: nothing changes
    assert results_version(Event.objects.get(pk=event.pk)) == version + 2


@pytest.mark.parametrize("who", ["a brand-new account", "organizer of another event",
                                 "player of this event"])
def test_only_the_events_organizers_post_and_withdraw(who):
    event, players = event_with("alice")
    live = AnnouncementFactory(event=event)
    by = {"a brand-new account": UserFactory(),
          "organizer of another event": organizer_of(OrganizedEventFactory()),
          "player of this event": players["alice"]}[who]
    for action in (lambda: announcement_post(event_id=event.pk, by=by, text=ROUND_3, now=now()),
                   lambda: announcement_withdraw(event_id=event.pk, announcement_id=live.pk,
                                                 by=by, now=now())):
        with pytest.raises(Forbidden) as err:
            action()
        assert err.value.code == "not_organizer"
    live.refresh_from_db()
    assert live.withdrawn_at is None and Announcement.objects.count() == 1


def test_another_events_announcement_is_not_found_under_this_one():
    event, _ = event_with()
    theirs = AnnouncementFactory(event=OrganizedEventFactory())
    for guess in (theirs.pk, theirs.pk + 1000):
        with pytest.raises(NotFound):
            announcement_withdraw(event_id=event.pk, announcement_id=guess,
                                  by=organizer_of(event), now=now())
    theirs.refresh_from_db()
    assert theirs.withdrawn_at is None


# The pages -----------------------------------------------------------------------------------


def test_a_post_shows_on_the_event_page_the_pairings_and_the_me_page_of_its_players_only():
    event, players = event_with("alice", "bob")
    _, others = event_with("carol", name="Sunday Clash")
    post(event)
    for url in (reverse("tournaments:event", args=[event.pk]),
                reverse("tournaments:pairings", args=[event.pk])):
        assert ROUND_3 in html(client_for().get(url)), url
    for name in ("alice", "bob"):
        page = html(signed_in(players[name]).get(reverse("me")))
        assert ROUND_3 in page and "Saturday Clash" in page
    assert ROUND_3 not in html(signed_in(others["carol"]).get(reverse("me")))
    assert ROUND_3 not in html(signed_in(UserFactory()).get(reverse("me")))


def test_the_me_page_lists_the_newest_first_with_their_time_and_zone():
    event, players = event_with("alice")
    post(event, "Doors open at 9:30", at=T0)
    post(event, ROUND_3, at=T0 + timedelta(hours=4))
    page = html(signed_in(players["alice"]).get(reverse("me")))
    assert page.index(ROUND_3) < page.index("Doors open at 9:30")
    assert "1 May, 14:00 UTC" in page and "1 May, 10:00 UTC" in page


def test_a_withdrawn_announcement_leaves_every_page():
    event, players = event_with("alice")
    posted = post(event)
    withdraw(event, posted)
    anonymous = client_for()
    for url in (reverse("tournaments:event", args=[event.pk]),
                reverse("tournaments:pairings", args=[event.pk])):
        assert ROUND_3 not in html(anonymous.get(url)), url
    assert ROUND_3 not in html(signed_in(players["alice"]).get(reverse("me")))
    dashboard = html(signed_in(organizer_of(event)).get(
        reverse("tournaments:dashboard", args=[event.pk])))
    assert ROUND_3 in dashboard and "withdrawn" in dashboard  # the organizers' record


def test_a_visitors_kept_pairings_page_shows_a_new_post_at_once():
    event, _ = event_with()
    url = reverse("tournaments:pairings", args=[event.pk])
    visitor = client_for()
    assert ROUND_3 not in html(visitor.get(url))
    post(event)
    assert ROUND_3 in html(visitor.get(url))


def test_html_in_a_message_is_shown_as_text():
    event, players = event_with("alice")
    post(event, '<script>alert("x")</script><b>Round 2</b>')
    for page in (html(client_for().get(reverse("tournaments:event", args=[event.pk]))),
                 html(signed_in(players["alice"]).get(reverse("me")))):
        assert "<script>alert" not in page and "<b>Round 2</b>" not in page
        assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;b&gt;Round 2&lt;/b&gt;" in page


def test_the_organizer_posts_and_withdraws_from_the_dashboard():
    event, players = event_with("alice")
    organizer = signed_in(organizer_of(event))
    response = organizer.post(reverse("tournaments:announcement_post", args=[event.pk]),
                              {"news-text": ROUND_3}, follow=True)
    assert response.status_code == 200 and "The announcement is posted" in html(response)
    posted = Announcement.objects.get()
    assert posted.text == ROUND_3 and posted.posted_by == organizer_of(event)
    dashboard = html(organizer.get(reverse("tournaments:dashboard", args=[event.pk])))
    withdraw_url = reverse("tournaments:announcement_withdraw", args=[event.pk, posted.pk])
    assert ROUND_3 in dashboard and withdraw_url in dashboard
    response = organizer.post(withdraw_url, follow=True)
    assert "The announcement is withdrawn" in html(response)
    posted.refresh_from_db()
    assert posted.withdrawn_by == organizer_of(event)
    assert ROUND_3 not in html(signed_in(players["alice"]).get(reverse("me")))


@pytest.mark.parametrize(("text", "says"), [
    ("", "The announcement is empty"),
    ("x" * (MAX_ANNOUNCEMENT + 1), f"longer than {MAX_ANNOUNCEMENT} characters"),
])
def test_the_dashboard_shows_why_a_post_was_refused(text, says):
    event, _ = event_with()
    response = signed_in(organizer_of(event)).post(
        reverse("tournaments:announcement_post", args=[event.pk]), {"news-text": text})
    assert response.status_code == 400
    page = html(response)
    assert says in page and "The announcement was not posted" in page
    assert not Announcement.objects.exists()


def test_the_me_page_reads_announcements_in_one_query_however_many_events(
        client, django_assert_max_num_queries):
    alice = UserFactory(username="alice")

    def me_queries() -> int:
        client.force_login(alice)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(reverse("me")).status_code == 200
        return len(queries)

    event = OrganizedEventFactory()
    SeatFactory(event=event, player=alice)
    AnnouncementFactory(event=event)
    few = me_queries()
    for _ in range(6):
        more = OrganizedEventFactory()
        SeatFactory(event=more, player=alice)
        for _ in range(3):
            AnnouncementFactory(event=more)
    with django_assert_max_num_queries(few):
        client.get(reverse("me"))
    assert len(announcements_for_player(alice)) == 19


# The API -------------------------------------------------------------------------------------


def test_the_api_lists_the_live_ones_to_everyone_newest_first():
    event, _ = event_with()
    older = post(event, "Doors open at 9:30", at=T0)
    newer = post(event, ROUND_3, at=T0 + timedelta(hours=4))
    gone = post(event, "Lunch at noon", at=T0 + timedelta(hours=1))
    withdraw(event, gone)
    answer = client_for().get(f"/api/events/{event.pk}/announcements/")
    assert answer.status_code == 200
    assert [a["id"] for a in answer.json()] == [newer.pk, older.pk]
    assert answer.json()[0]["text"] == ROUND_3 and answer.json()[0]["withdrawn_at"] is None


def test_the_organizer_posts_and_withdraws_through_the_api():
    event, _ = event_with()
    api = client_for(organizer_of(event))
    created = api.post(f"/api/events/{event.pk}/announcements/", {"text": ROUND_3},
                       format="json")
    assert created.status_code == 201 and created.json()["text"] == ROUND_3
    url = f"/api/events/{event.pk}/announcements/{created.json()['id']}/"
    assert api.delete(url).status_code == 204
    assert api.delete(url).status_code == 204  # again: nothing changes
    assert client_for().get(f"/api/events/{event.pk}/announcements/").json() == []


@pytest.mark.parametrize("text", ["", "x" * (MAX_ANNOUNCEMENT + 1)])
def test_the_api_refuses_bad_input_with_the_services_words(text):
    event, _ = event_with()
    answer = client_for(organizer_of(event)).post(f"/api/events/{event.pk}/announcements/",
                                                  {"text": text}, format="json")
    assert answer.status_code == 400 and error_of(answer)["code"] == "invalid_announcement"
    assert not Announcement.objects.exists()


def test_the_api_refuses_a_guessed_id_of_another_events_announcement():
    event, _ = event_with()
    theirs = AnnouncementFactory(event=OrganizedEventFactory())
    answer = client_for(organizer_of(event)).delete(
        f"/api/events/{event.pk}/announcements/{theirs.pk}/")
    assert answer.status_code == 404 and error_of(answer)["code"] == "not_found"
    theirs.refresh_from_db()
    assert theirs.withdrawn_at is None
