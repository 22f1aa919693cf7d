"""The event pages' sockets: the pairings and standings are public, so anyone may follow an
event that exists; the dashboard only its organizers, a match page only its two players and
the event's organizers and judges. A change of the event hints its pages and its dashboard
once it commits, at most once a second per socket, the last change never left out."""

from __future__ import annotations

import asyncio
import time

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from core.consumers import REFUSED
from tests.factories import UserFactory
from tests.factories.tournaments import (
    ConfirmedMatchFactory,
    OrganizedEventFactory,
    RoundFactory,
    SeatFactory,
)
from tests.live.sockets import opens, run, session_cookie, socket
from tournaments.services.announcements import announcement_post
from tournaments.services.judges import judge_add, judge_remove
from tournaments.services.live import match_changed

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def event():
    return OrganizedEventFactory(organizers=[UserFactory(username="olga")])


@pytest.fixture
def match(event):
    rnd = RoundFactory(event=event, number=1)
    return ConfirmedMatchFactory(round=rnd, player_a=SeatFactory(event=event),
                                 player_b=SeatFactory(event=event))


def test_anyone_follows_an_events_public_pages_but_only_of_an_event_that_exists(event):
    assert run(opens(socket(f"/ws/events/{event.pk}/")))
    assert not run(opens(socket(f"/ws/events/{event.pk + 1}/")))


def test_only_the_events_organizers_follow_its_dashboard(event):
    other = OrganizedEventFactory(organizers=[UserFactory(username="oscar")])
    olga = session_cookie(event.organizers.get())
    assert run(opens(socket(f"/ws/events/{event.pk}/manage/", cookie=olga)))
    # Another event's organizer, a brand-new account, nobody signed in: refused.
    assert not run(opens(socket(f"/ws/events/{other.pk}/manage/", cookie=olga)))
    newcomer = session_cookie(UserFactory(username="mallory"))
    assert not run(opens(socket(f"/ws/events/{event.pk}/manage/", cookie=newcomer)))
    assert not run(opens(socket(f"/ws/events/{event.pk}/manage/")))
    assert not run(opens(socket(f"/ws/events/{event.pk}/manage/", cookie=olga,
                                origin="https://evil.example")))


def test_a_match_page_is_followed_by_its_players_and_organizers_only(event, match):
    path = f"/ws/events/{event.pk}/matches/{match.pk}/"
    assert run(opens(socket(path, cookie=session_cookie(match.player_a.player))))
    assert run(opens(socket(path, cookie=session_cookie(event.organizers.get()))))
    bystander = SeatFactory(event=event).player
    assert not run(opens(socket(path, cookie=session_cookie(bystander))))
    assert not run(opens(socket(path)))
    # A match id of another event under this event's address: refused.
    elsewhere = OrganizedEventFactory()
    assert not run(opens(socket(f"/ws/events/{elsewhere.pk}/matches/{match.pk}/",
                                cookie=session_cookie(match.player_a.player))))


def test_changes_coming_fast_reach_a_page_once_a_second_the_last_one_included(event):
    olga = event.organizers.get()
    cookie = session_cookie(olga)

    def post(text):
        announcement_post(event_id=event.pk, by=olga, text=text, now=timezone.now())

    async def scenario():
        pages = socket(f"/ws/events/{event.pk}/")
        dashboard = socket(f"/ws/events/{event.pk}/manage/", cookie=cookie)
        for s in (pages, dashboard):
            assert (await s.connect(timeout=3))[0]
        # The three changes in one second of the clock (the coalescing's windows are the
        # clock's seconds): started at the turn of one, they cannot straddle two.
        await asyncio.sleep(1.02 - time.time() % 1)
        started = time.monotonic()
        for n in range(3):
            await sync_to_async(post)(f"Round {n + 1} starts soon")
        first = await pages.receive_json_from(timeout=2)
        at_once = time.monotonic() - started
        # The two changes after it: one hint, in the middle of the clock's next second
        # (no other change came to take them along).
        second = await pages.receive_json_from(timeout=2)
        later = time.monotonic() - started
        assert await pages.receive_nothing(timeout=1.2)
        on_dashboard = await dashboard.receive_json_from(timeout=2)
        for s in (pages, dashboard):
            await s.disconnect()
        return first, second, on_dashboard, at_once, later

    first, second, on_dashboard, at_once, later = run(scenario)
    assert first == second == on_dashboard == {"kind": "event", "version": None}
    assert at_once < 0.5 and 0.45 < later - at_once < 1.6


def test_a_visitors_standings_page_is_sent_the_new_standings_with_the_hint():
    from tests.tournaments.event_steps import match_of, now, organizer_of, pair, seats, start
    from tournaments.services.results import result_set

    event = OrganizedEventFactory()
    seats(event, "alice bob carol dave")
    start(event)
    match = match_of(pair(event), "alice")
    organizer = organizer_of(event)
    cookie = session_cookie(match.player_a.player)

    async def scenario():
        visitor = socket(f"/ws/events/{event.pk}/?part=standings")
        player = socket(f"/ws/events/{event.pk}/?part=standings", cookie=cookie)
        for s in (visitor, player):
            assert (await s.connect(timeout=3))[0]
        await sync_to_async(result_set)(match_id=match.pk, by=organizer, a_wins=2, b_wins=0,
                                        now=now())
        heard = [await s.receive_json_from(timeout=3) for s in (visitor, player)]
        for s in (visitor, player):
            await s.disconnect()
        return heard

    for_visitor, for_player = run(scenario)
    # The visitor's page gets the standings' part as every visitor sees it, the winner on
    # top; the player's page (their own row marked) fetches its own.
    assert "1-0-0" in for_visitor["html"] and match.player_a.name in for_visitor["html"]
    assert "html" not in for_player and for_player["kind"] == "event"


def test_the_part_sent_to_visitors_sockets_never_stands_in_for_a_visitors_whole_page():
    from tests.tournaments.event_steps import match_of, now, organizer_of, pair, seats, start
    from tournaments.services.results import result_set

    event = OrganizedEventFactory()
    seats(event, "alice bob carol dave")
    start(event)
    match = match_of(pair(event), "alice")
    organizer = organizer_of(event)

    async def scenario():
        visitor = socket(f"/ws/events/{event.pk}/?part=standings")
        assert (await visitor.connect(timeout=3))[0]
        await sync_to_async(result_set)(match_id=match.pk, by=organizer, a_wins=2, b_wins=0,
                                        now=now())
        heard = await visitor.receive_json_from(timeout=3)
        await visitor.disconnect()
        return heard

    assert "1-0-0" in run(scenario)["html"]
    # The page a new visitor opens next is the whole page, around the same standings.
    page = Client().get(reverse("tournaments:standings", args=[event.pk]))
    assert page.status_code == 200 and b"<html" in page.content and b"1-0-0" in page.content


def test_a_clock_change_coalesced_with_other_changes_is_still_named(event):
    from core import live
    from tournaments.services.live import PUBLIC, event_group

    group = event_group(event.pk, PUBLIC)

    async def scenario():
        pages = socket(f"/ws/events/{event.pk}/")
        assert (await pages.connect(timeout=3))[0]
        for kind in ("event", "clock", "event"):
            await sync_to_async(live.hint)(group, kind)
        heard = [await pages.receive_json_from(timeout=2) for _ in range(2)]
        await pages.disconnect()
        return heard

    # The page's clock still learns it must ask the server (static/js/round-clock.js).
    assert run(scenario) == [{"kind": "event", "version": None},
                             {"kind": "event", "version": None, "also": ["clock"]}]



def test_a_socket_whose_person_lost_access_is_closed_at_the_next_change_not_told_of_it(
        event, match):
    """Access is asked again before each hint of a personal page: a judge removed from the
    event, or a player who logged out, has their match page's socket closed (4403); the
    organizer's stays open and hears of the change."""
    olga = event.organizers.get()
    jude = UserFactory(username="jude")
    judge_add(event_id=event.pk, by=olga, user=jude)
    player = Client()
    player.force_login(match.player_a.player)
    cookies = {"jude": session_cookie(jude), "olga": session_cookie(olga),
               "player": f"{settings.SESSION_COOKIE_NAME}="
                         f"{player.cookies[settings.SESSION_COOKIE_NAME].value}"}
    path = f"/ws/events/{event.pk}/matches/{match.pk}/"
    changed = sync_to_async(lambda: match_changed(match_id=match.pk))

    async def scenario():
        pages = {name: socket(path, cookie=cookie) for name, cookie in cookies.items()}
        for s in pages.values():
            assert (await s.connect(timeout=3))[0]
        await changed()
        before = {name: await s.receive_json_from(timeout=2) for name, s in pages.items()}
        await sync_to_async(judge_remove)(event_id=event.pk, by=olga, user_id=jude.pk)
        await sync_to_async(player.post)(reverse("logout"))
        await asyncio.sleep(1.1)  # past the coalescing window: the next hint goes at once
        await changed()
        after = {name: await s.receive_output(timeout=2) for name, s in pages.items()}
        for s in pages.values():
            await s.disconnect()
        return before, after

    before, after = run(scenario)
    assert all(message["kind"] == "match" for message in before.values())
    assert after["jude"] == after["player"] == {"type": "websocket.close", "code": REFUSED}
    assert after["olga"]["type"] == "websocket.send" and '"match"' in after["olga"]["text"]


def test_changes_at_a_steady_pace_wait_half_a_second_at_most(event):
    """A round's results coming at two a second: the first change of each second of the
    clock goes at once and takes along the one that waited, so none waits for a whole second
    (a window counted from each hint sent would hold every other change that long)."""
    from core import live
    from tournaments.services.live import PUBLIC, event_group

    group = event_group(event.pk, PUBLIC)

    async def scenario():
        pages = socket(f"/ws/events/{event.pk}/")
        assert (await pages.connect(timeout=3))[0]
        sent, heard, clock = {}, [], []

        async def listen():
            while True:
                message = await pages.receive_json_from(timeout=3)
                heard.append((message["version"], time.monotonic()))
                if message["version"] == 6:
                    return

        listening = asyncio.ensure_future(listen())
        for version in range(1, 7):
            sent[version] = time.monotonic()
            clock.append(int(time.time()))
            await sync_to_async(live.hint)(group, "event", version)
            await asyncio.sleep(0.5)
        await asyncio.wait_for(listening, timeout=3)
        await pages.disconnect()
        return sent, heard, clock

    sent, heard, clock = run(scenario)
    waits = [next(at for version, at in heard if version >= n) - sent[n] for n in sent]
    # The last change has none after it to take it along: it may wait for the middle of the
    # next second.
    assert max(waits[:-1]) < 0.75 and waits[-1] < 1.6
    # One hint for each second of the clock the changes came in, and one for the last change
    # if it waited: four for six changes over two and a half seconds (more where a loaded
    # machine spread the six over more seconds).
    assert len(heard) <= len(set(clock)) + 1
