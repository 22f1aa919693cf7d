"""A draft pair's sockets (rule C-2.4): a seat's page follows its own pair only; a pick hints
both seats of the pair with the number of picks made, and the pods page (each pair's
progress, public) once a second."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.utils import timezone

from tests.factories import UserFactory
from tests.live.sockets import opens, run, session_cookie, socket
from tests.tournaments.pods_play import draft_event
from tournaments.models import PodSeat
from tournaments.selectors.pods import draft_seat_view
from tournaments.services.pods import draft_pick

pytestmark = pytest.mark.django_db(transaction=True)


def seat(event, number):
    return (PodSeat.objects.select_related("registration__player", "pair")
            .get(pod__event=event, number=number))


def test_a_pick_reaches_the_partners_page_and_the_pods_page_with_the_pick_count():
    event = draft_event(8, no_shows=3)
    a, b = seat(event, 1), seat(event, 2)
    cookies = [session_cookie(s.registration.player) for s in (a, b)]
    card = draft_seat_view(a).revealed[0]

    async def scenario():
        seats = [socket(f"/ws/events/{event.pk}/draft/", cookie=c) for c in cookies]
        pods = socket(f"/ws/events/{event.pk}/pods/")
        for s in (*seats, pods):
            assert (await s.connect(timeout=3))[0]
        await sync_to_async(draft_pick)(seat_id=a.pk, by=a.registration.player, card=card,
                                        now=timezone.now())
        heard = [await s.receive_json_from(timeout=3) for s in (*seats, pods)]
        for s in (*seats, pods):
            await s.disconnect()
        return heard

    assert run(scenario) == [{"kind": "draft", "version": 1}] * 2 + [
        {"kind": "draft", "version": None}]


def test_a_draft_page_socket_needs_a_seat_in_the_event():
    event = draft_event(8, no_shows=3)
    path = f"/ws/events/{event.pk}/draft/"
    assert run(opens(socket(path, cookie=session_cookie(seat(event, 1).registration.player))))
    assert not run(opens(socket(path, cookie=session_cookie(UserFactory(username="mallory")))))
    assert not run(opens(socket(path)))
