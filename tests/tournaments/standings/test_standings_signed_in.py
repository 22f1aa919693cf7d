"""The standings page for signed-in readers: the part every reader shares is rendered once per
results version, whoever reads it, and only the reader's own part is theirs: their row marked
(found by their seat, not by a name another seat may carry), the organizers' tabs, their name
in the menu. Nothing of one reader's page reaches another's."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from django.contrib import messages
from django.contrib.messages.storage.base import Message
from django.contrib.messages.storage.cookie import CookieStorage
from django.urls import reverse

from tests.factories import UserFactory
from tests.factories.accounts import ProfileFactory
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import now, organizer_of, pair, seats, settle, start
from tournaments.services.results import result_set

pytestmark = pytest.mark.django_db


def running(names: str = "alice bob carol dave"):
    event = OrganizedEventFactory()
    seats(event, names)
    start(event)
    settle(pair(event))
    pair(event)
    return event


def standings(client, event, query: str = "") -> str:
    response = client.get(reverse("tournaments:standings", args=[event.pk]) + query)
    assert response.status_code == 200
    return response.content.decode()


def marked(html: str) -> list[str]:
    """The names in the rows marked as the reader's own."""
    rows = re.findall(r"<tr[^>]*\brow-mine\b[^>]*>.*?</tr>", html, re.S)
    return [re.search(r'">([^<]+)</a>', row).group(1) for row in rows]


def player(event, username: str):
    return event.registrations.get(player__username=username).player


def test_a_signed_in_readers_kept_standings_page_takes_three_queries(
        client, django_assert_max_num_queries):
    event = running()
    client.force_login(player(event, "alice"))
    standings(client, event)  # kept for this results version
    # Another player's first look: their session, their account, and the event with the
    # reader's part of it (are they an organizer). Nothing is rendered again for them.
    client.force_login(player(event, "bob"))
    with django_assert_max_num_queries(3):
        assert marked(standings(client, event)) == ["bob"]


def test_the_shared_part_is_rendered_once_per_results_version_for_every_reader(client):
    event = running()
    client.force_login(player(event, "alice"))
    first = client.get(reverse("tournaments:standings", args=[event.pk]))
    assert "tournaments/_standings.html" in [t.name for t in first.templates]
    for name in ("bob", "carol"):
        client.force_login(player(event, name))
        again = client.get(reverse("tournaments:standings", args=[event.pk]))
        assert "tournaments/_standings.html" not in [t.name for t in again.templates]
        assert marked(again.content.decode()) == [name]
    # A confirmed result is a new version: the next reader sees it at once.
    match = event.round_set.get(number=2).matches.filter(player_b__isnull=False).first()
    result_set(match_id=match.pk, by=organizer_of(event), a_wins=2, b_wins=0, now=now())
    page = client.get(reverse("tournaments:standings", args=[event.pk]))
    assert "tournaments/_standings.html" in [t.name for t in page.templates]
    assert "1 of its 2 results" in page.content.decode()


def test_each_reader_sees_their_own_row_marked_and_no_one_elses(client):
    event = running()
    for name in ("alice", "bob", "carol", "dave"):
        client.force_login(player(event, name))
        for query in ("", "?fragment=1"):
            assert marked(standings(client, event, query)) == [name]
    client.force_login(organizer_of(event))
    assert marked(standings(client, event)) == []
    client.logout()
    assert marked(standings(client, event)) == []
    assert marked(standings(client, event, "?fragment=1")) == []


def test_a_reader_is_found_by_their_seat_not_by_a_name_another_seat_carries(client):
    event = OrganizedEventFactory()
    # Erin shows as "mallory"; Mallory, whose username that is, shows as "Mal".
    erin = SeatFactory(event=event, player=ProfileFactory(
        user=UserFactory(username="erin"), display_name="mallory").user)
    mallory = SeatFactory(event=event, player=ProfileFactory(
        user=UserFactory(username="mallory"), display_name="Mal").user)
    seats(event, "alice bob")
    start(event)
    settle(pair(event))
    client.force_login(mallory.player)
    assert marked(standings(client, event)) == ["Mal"]
    client.force_login(erin.player)
    assert marked(standings(client, event)) == ["mallory"]


def test_only_an_organizer_is_shown_the_organizers_tabs_and_each_reader_their_own_name(client):
    event = running()
    manage = f'href="{reverse("tournaments:dashboard", args=[event.pk])}"'
    penalties = f'href="{reverse("tournaments:penalties", args=[event.pk])}"'
    client.force_login(organizer_of(event))
    page = standings(client, event)
    assert manage in page and penalties in page
    for name in ("alice", "bob"):
        client.force_login(player(event, name))
        page = standings(client, event)
        assert manage not in page and penalties not in page
        assert f"({name})" in page
        assert f"({'bob' if name == 'alice' else 'alice'})" not in page
        assert f"({organizer_of(event).username})" not in page
    client.logout()
    page = standings(client, event)
    assert manage not in page and penalties not in page and "row-mine" not in page
    client.force_login(organizer_of(event))
    assert manage in standings(client, event)


def test_an_organizer_named_after_the_page_was_kept_is_shown_their_tabs_at_once(client):
    event = running()
    manage = f'href="{reverse("tournaments:dashboard", args=[event.pk])}"'
    helper = UserFactory(username="helper")
    client.force_login(helper)
    assert manage not in standings(client, event)
    event.organizers.add(helper)  # changes nothing the standings show: the same version
    assert manage in standings(client, event)
    event.organizers.remove(helper)
    assert manage not in standings(client, event)


def test_the_page_around_the_standings_is_kept_and_the_readers_parts_put_in(client):
    """Rendered once for every reader of a version: the second reader's page renders no
    template, yet it is the page rendered for them alone, with their name (escaped), a CSRF
    token their forms are accepted with, and their row."""
    event = OrganizedEventFactory()
    SeatFactory(event=event, player=ProfileFactory(
        user=UserFactory(username="o'neil"), display_name="<b>O'Neil</b>").user)
    seats(event, "alice bob carol")
    start(event)
    settle(pair(event))
    client.force_login(player(event, "alice"))
    standings(client, event)
    client.force_login(player(event, "o'neil"))
    url = reverse("tournaments:standings", args=[event.pk])
    kept = client.get(url)
    assert kept.templates == []  # nothing rendered: the kept page, the reader's parts put in
    page = kept.content.decode()
    assert "(o&#x27;neil)" in page and "(alice)" not in page
    assert marked(page) == ["&lt;b&gt;O&#x27;Neil&lt;/b&gt;"]
    assert "clash-kept-" not in page
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    csrf_client = type(client)(enforce_csrf_checks=True)
    csrf_client.cookies = client.cookies
    assert csrf_client.post(reverse("logout"), {"csrfmiddlewaretoken": token}).status_code == 302


def test_a_reader_with_a_message_waiting_gets_the_page_rendered_for_them(client):
    event = running()
    client.force_login(player(event, "alice"))
    url = reverse("tournaments:standings", args=[event.pk])
    kept = client.get(url).content.decode()
    # A message waits (as one left by the page before): shown once, here.
    storage = CookieStorage(SimpleNamespace(COOKIES={}))
    client.cookies[storage.cookie_name] = storage._encode(
        [Message(messages.INFO, "Your list is saved.")])
    shown = client.get(url)
    assert shown.templates and "Your list is saved." in shown.content.decode()
    def plain(html: str) -> str:  # the CSRF tokens and spacing aside
        return " ".join(re.sub(r'value="[^"]+"', "", html).split())

    without = re.sub(r'<div role="status">\s*<ul class="messages".*?</ul>\s*</div>', "",
                     shown.content.decode(), flags=re.S)
    assert plain(without) == plain(kept)
    assert "Your list is saved." not in client.get(url).content.decode()


def test_a_signed_in_reader_of_an_event_that_does_not_exist_gets_a_404(client):
    client.force_login(UserFactory())
    assert client.get(reverse("tournaments:standings", args=[987654])).status_code == 404


def test_the_event_kept_for_signed_in_readers_does_not_carry_its_secret_seed(client):
    from django.core.cache import caches

    from tournaments.selectors.cache import CACHE, key
    from tournaments.selectors.standings import results_version

    event = running()
    client.force_login(player(event, "alice"))
    standings(client, event)
    kept = caches[CACHE].get(key("event", event.pk, results_version(event)))
    assert kept is not None and kept.pk == event.pk
    assert {"seed", "seed_nonce"} <= kept.get_deferred_fields()


def test_what_a_reader_is_to_an_event_is_read_from_its_rows():
    from tournaments.selectors.readers import Reader, reader_of
    from tournaments.selectors.standings import results_version

    event = running()
    version = results_version(event)
    alice = event.registrations.get(player__username="alice")
    assert reader_of(event.pk, alice.player_id) == Reader(version, False, alice.pk)
    assert reader_of(event.pk, organizer_of(event).pk) == Reader(version, True, None)
    assert reader_of(event.pk, UserFactory().pk) == Reader(version, False, None)
    other = running("erin frank grace heidi")
    assert reader_of(other.pk, alice.player_id) == Reader(results_version(other), False, None)
    assert reader_of(987654, alice.player_id) is None
