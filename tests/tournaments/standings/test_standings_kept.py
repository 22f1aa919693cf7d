"""Kept standings and pairings (issue 13, section 7): computed once per results version and
served from what was kept, yet every change shows at once; what one viewer is shown never
reaches another; and a finished event's standings are frozen when it completes."""

from __future__ import annotations

import pytest
from django.core.cache import caches
from django.urls import reverse

from tests.factories import UserFactory
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import match_of, now, organizer_of, pair, seats, settle, start
from tournaments.models import EventStandings
from tournaments.selectors import standings as selectors
from tournaments.selectors.cache import CACHE
from tournaments.selectors.standings import standings_for_event
from tournaments.services.events import event_complete
from tournaments.services.registrations import registration_create, registration_drop
from tournaments.services.results import result_report, result_set

pytestmark = pytest.mark.django_db


def page(client, name: str, event, query: str = "") -> str:
    response = client.get(reverse(name, args=[event.pk]) + query)
    assert response.status_code == 200
    return response.content.decode()


def api_names(client, event) -> list[str]:
    return [row["name"] for row in client.get(reverse("event-standings",
                                                      args=[event.pk])).json()]


def running(names: str = "alice bob carol dave", **kwargs):
    event = OrganizedEventFactory(**kwargs)
    seats(event, names)
    start(event)
    return event


def test_a_result_confirmed_after_the_standings_were_served_shows_at_once(client):
    event = running()
    rnd = pair(event)
    assert "1-0-0" not in page(client, "tournaments:standings", event)  # nobody has won
    assert {r["match_points"] for r in client.get(
        reverse("event-standings", args=[event.pk])).json()} == {0}
    match = match_of(rnd, "alice")
    result_set(match_id=match.pk, by=organizer_of(event), a_wins=2, b_wins=0, now=now())
    winner = match.player_a.name
    assert api_names(client, event)[0] == winner
    text = page(client, "tournaments:standings", event)
    assert "1-0-0" in text
    assert text.index(f">{winner}</a>") < min(
        text.index(f">{name}</a>") for name in ("alice", "bob", "carol", "dave")
        if name != winner)
    assert f">{winner}</a>" in page(client, "tournaments:standings", event, "?fragment=1")


def test_a_drop_and_a_late_entry_show_on_the_kept_standings(client):
    event = running(rounds=3, late_entry_until_round=2)
    settle(pair(event))
    assert "Dropped" not in page(client, "tournaments:standings", event)
    alice = event.registrations.get(player__username="alice")
    registration_drop(registration_id=alice.pk, by=alice.player, now=now())
    assert "Dropped</span>" in page(client, "tournaments:standings", event)
    registration_create(event_id=event.pk, by=UserFactory(username="erin"), now=now(),
                        preconstructed_deck=1)
    assert ">erin</a>" in page(client, "tournaments:standings", event)
    assert "erin" in api_names(client, event)


def test_a_report_shows_on_the_kept_pairings(client):
    event = running()
    rnd = pair(event)
    assert "one report" not in page(client, "tournaments:pairings", event)
    match = match_of(rnd, "alice")
    result_report(match_id=match.pk, by=match.player_a.player, a_wins=2, b_wins=1, now=now())
    assert "one report" in page(client, "tournaments:pairings", event)
    assert "one report" in page(client, "tournaments:pairings", event, "?fragment=1")
    result_set(match_id=match.pk, by=organizer_of(event), a_wins=2, b_wins=1, now=now())
    text = page(client, "tournaments:pairings", event)
    assert "one report" not in text and "2-1" in text


def test_what_a_player_or_an_organizer_is_shown_never_reaches_a_visitor(client):
    event = running()
    rnd = pair(event)
    alice = match_of(rnd, "alice")
    player = alice.player_a.player if alice.player_a.name == "alice" else alice.player_b.player
    client.force_login(player)
    mine = page(client, "tournaments:pairings", event)
    assert "You play at" in mine
    assert "row-mine" in page(client, "tournaments:standings", event)
    client.force_login(organizer_of(event))
    organizers = page(client, "tournaments:pairings", event)
    assert "set the result" in organizers
    assert f'href="{reverse("tournaments:match", args=[event.pk, alice.pk])}"' in organizers
    seat = event.registrations.get(player__username="alice")
    assert (f'href="{reverse("tournaments:event_player", args=[event.pk, seat.pk])}">alice<'
            in page(client, "tournaments:standings", event))
    client.logout()
    for query in ("", "?fragment=1"):
        seen = page(client, "tournaments:pairings", event, query)
        assert "You play at" not in seen and "set the result" not in seen
        assert "row-mine" not in page(client, "tournaments:standings", event, query)
    # And the other way round: what was kept for visitors is not what a player is shown.
    client.force_login(player)
    assert "You play at" in page(client, "tournaments:pairings", event)


def test_the_standings_are_computed_once_per_results_version(monkeypatch):
    event = running()
    settle(pair(event))
    calls = []
    real = selectors.computed_standings
    monkeypatch.setattr(selectors, "computed_standings",
                        lambda e: calls.append(e.pk) or real(e))
    first = standings_for_event(event)
    assert standings_for_event(event) == first and len(calls) == 1
    alice = event.registrations.get(player__username="alice")
    registration_drop(registration_id=alice.pk, by=alice.player, now=now())
    assert [r.dropped for r in standings_for_event(event) if r.name == "alice"] == [True]
    assert len(calls) == 2


# Final standings --------------------------------------------------------------------------

def a_new_release_ranks_the_other_way(monkeypatch) -> None:
    """A later change to the tiebreakers' code: the same results, ranked in reverse."""
    real = selectors.compute_standings
    monkeypatch.setattr(selectors, "compute_standings",
                        lambda t, order: list(reversed(real(t, order))))
    caches[CACHE].clear()  # a new release runs in new processes


def test_final_standings_are_frozen_when_the_event_completes(client, monkeypatch):
    event = running("alice bob carol dave", rounds=1)
    settle(pair(event), result=lambda m: (2, 1, 0) if m.table == 1 else (0, 2, 0))
    live = [r.name for r in standings_for_event(event)]

    with monkeypatch.context() as patch:  # while the event runs, the new code decides
        a_new_release_ranks_the_other_way(patch)
        assert [r.name for r in standings_for_event(event)] == live[::-1]
    caches[CACHE].clear()

    event_complete(event_id=event.pk, by=organizer_of(event), now=now())
    frozen = EventStandings.objects.get(event=event)
    assert [row["name"] for row in frozen.final] == live and frozen.frozen_at is not None

    a_new_release_ranks_the_other_way(monkeypatch)
    assert [r.name for r in standings_for_event(event)] == live
    assert api_names(client, event) == live
    text = page(client, "tournaments:standings", event)
    assert [text.index(f">{name}</a>") for name in live] == sorted(
        text.index(f">{name}</a>") for name in live)
    csv = client.get(reverse("tournaments:standings_csv", args=[event.pk])).content.decode()
    assert [line.split(",")[1] for line in csv.splitlines()[1:]] == live


def test_the_api_builds_each_row_as_its_serializer_documents(client):
    from tournaments.api.rounds import standings_out
    from tournaments.api.serializers import StandingOut

    event = running("alice bob carol dave erin", rounds=2, top_cut=4)  # a bye, a cut
    settle(pair(event), result=lambda m: (1, 1, 1))
    event.refresh_from_db()  # running
    rows = standings_for_event(event)
    cut = selectors.cut_marked(event, rows)
    documented = [dict(d) for d in StandingOut(
        [row._asdict() | {"cut": row.registration_id in cut} for row in rows], many=True).data]
    assert standings_out(event) == documented
    assert any(row["cut"] for row in documented)
    assert client.get(reverse("event-standings", args=[event.pk])).json() == documented
    browsable = client.get(reverse("event-standings", args=[event.pk]),
                           HTTP_ACCEPT="text/html")
    assert browsable.status_code == 200 and "alice" in browsable.content.decode()


def test_visitors_may_get_a_page_a_second_old_but_whoever_signs_in_sees_a_change_at_once(
        client, settings, monkeypatch, django_assert_num_queries):
    """CLASH_VISITOR_VERSION_SECONDS: a crowd's refreshes read no database at all."""
    from tournaments.selectors import standings as selectors

    settings.CLASH_VISITOR_VERSION_SECONDS = 1.0
    clock = [1000.0]
    monkeypatch.setattr(selectors.time, "monotonic", lambda: clock[0])
    event = running()
    rnd = pair(event)
    url = reverse("tournaments:standings", args=[event.pk])
    api = reverse("event-standings", args=[event.pk])
    before, before_api = client.get(url).content, client.get(api).content
    with django_assert_num_queries(0):
        assert client.get(url).content == before
        assert client.get(api).content == before_api
    match = match_of(rnd, "alice")
    result_set(match_id=match.pk, by=organizer_of(event), a_wins=2, b_wins=0, now=now())
    clock[0] += 0.5
    assert client.get(url).content == before  # half a second on: the kept page still
    organizer = UserFactory(username="watcher")
    signed_in = type(client)()
    signed_in.force_login(organizer)
    assert "1-0-0" in signed_in.get(url).content.decode()  # at once for the signed-in
    clock[0] += 0.6
    assert "1-0-0" in client.get(url).content.decode()  # over a second: the new version
    assert client.get(api).content != before_api


def test_the_standings_are_computed_from_values_not_model_instances(
        monkeypatch, django_assert_max_num_queries):
    """512 players after 5 rounds took half a second, most of it building a model instance
    per match and decoding its reports and its round's explanation."""
    from tournaments.models import Match, Registration

    event = running("alice bob carol dave erin")
    settle(pair(event))
    settle(pair(event))

    def refused(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        raise AssertionError("a model instance was built")

    monkeypatch.setattr(Match, "from_db", classmethod(refused))
    monkeypatch.setattr(Registration, "from_db", classmethod(refused))
    with django_assert_max_num_queries(2):  # the seats, the confirmed results
        rows = selectors.computed_standings(event)
    assert len(rows) == 5 and sum(r.match_points for r in rows) > 0


def test_the_kept_parts_are_markup_only(client):
    event = running()
    pair(event)
    for name in ("tournaments:standings", "tournaments:pairings"):
        for query in ("", "?fragment=1"):
            text = page(client, name, event, query)
            assert "{#" not in text and "{%" not in text and "{{" not in text
