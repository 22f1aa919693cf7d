"""The results version (issue 13, section 7): every change the standings or the pairings show
bumps it, in the transaction of the change, so a page kept under an older version is never
served again; a refused change, or one that changes nothing, leaves it."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from django.utils import timezone

from core.errors import DomainError
from tests.factories import UserFactory
from tests.factories.tournaments import MatchJobFactory, OrganizedEventFactory
from tests.tournaments.engine_scene import ai_round
from tests.tournaments.event_steps import now, organizer_of, pair, seats, settle, start
from tournaments.models import Event, EventStandings
from tournaments.selectors.standings import results_version
from tournaments.services.ai_seats import ai_seat_add
from tournaments.services.engine_jobs import job_seed, match_job_run
from tournaments.services.events import event_complete, event_create
from tournaments.services.match_batches import jobs_for_round_batched, match_jobs_run_batch
from tournaments.services.registrations import (
    registration_add,
    registration_create,
    registration_drop,
    registration_remove,
)
from tournaments.services.results import result_record_engine, result_report, result_set
from tournaments.services.topcut import topcut_advance, topcut_start

pytestmark = pytest.mark.django_db


def version(event: Event) -> int:
    return results_version(Event.objects.get(pk=event.pk))


@contextmanager
def bumps(event: Event):
    before = version(event)
    yield
    assert version(event) > before, "the results version did not move"


@contextmanager
def keeps(event: Event):
    before = version(event)
    yield
    assert version(event) == before, "the results version moved"


def running(names: str = "alice bob carol dave", **kwargs) -> Event:
    event = OrganizedEventFactory(**kwargs)
    seats(event, names)
    start(event)
    return event


def test_a_new_event_has_its_results_version_from_the_start():
    event = event_create(by=UserFactory(), name="Fresh", format="preconstructed", seed=1,
                         now=now())
    assert EventStandings.objects.get(event=event).version == 0


def test_a_report_a_confirmation_and_a_correction_each_bump_it():
    event = running()
    match = pair(event).matches.select_related("player_a__player", "player_b__player")[0]
    with bumps(event):
        result_report(match_id=match.pk, by=match.player_a.player, a_wins=2, b_wins=1,
                      now=now())
    with keeps(event):  # the same report again changes nothing
        result_report(match_id=match.pk, by=match.player_a.player, a_wins=2, b_wins=1,
                      now=now())
    with bumps(event):
        result_report(match_id=match.pk, by=match.player_b.player, a_wins=2, b_wins=1,
                      now=now())
    with bumps(event):
        result_set(match_id=match.pk, by=organizer_of(event), a_wins=0, b_wins=2, now=now())


def test_a_refused_result_leaves_it():
    event = running()
    match = pair(event).matches.first()
    with keeps(event), pytest.raises(DomainError):
        result_set(match_id=match.pk, by=organizer_of(event), a_wins=5, b_wins=0, now=now())


def test_the_engines_results_bump_it_one_job_a_batch_or_the_record_path():
    rnd = ai_round(tables=3)
    event = rnd.event
    first, *others = rnd.matches.order_by("table")
    job = MatchJobFactory(match=first, seed=job_seed(rnd, first), queued_at=now())
    with bumps(event):
        match_job_run(job_id=job.pk, clock=timezone.now)
    [ids] = jobs_for_round_batched(round_id=rnd.pk, now=timezone.now(), batch=10)
    with bumps(event):
        assert match_jobs_run_batch(job_ids=ids, clock=timezone.now) == 2
    with keeps(event):  # delivered again: nothing to write
        assert match_jobs_run_batch(job_ids=ids, clock=timezone.now) == 0


def test_an_engine_result_recorded_directly_bumps_it():
    rnd = ai_round(tables=1)
    with bumps(rnd.event):
        result_record_engine(match_id=rnd.matches.get().pk, a_wins=2, b_wins=0, now=now())


def test_a_replayed_record_that_disputes_the_match_bumps_it():
    import json

    from tests.tournaments.engine_matches.test_verification import player_against_ai, report, upload
    from tournaments.services.verification import game_record_verify

    match, player, played = player_against_ai()
    report(match, player, played)
    record = json.loads(played.games[0].dumps())
    record["hashes"][2] = "00000000"
    game = upload(match, player, record)
    with bumps(match.round.event):
        game_record_verify(game_id=game.pk, now=timezone.now())


def test_entries_drops_and_removals_bump_it_before_and_after_the_start():
    event = OrganizedEventFactory(rounds=3, late_entry_until_round=2)
    organizer = organizer_of(event)
    alice, bob, carol = seats(event, "alice bob carol")
    with bumps(event):
        registration_create(event_id=event.pk, by=UserFactory(username="dave"), now=now(),
                            preconstructed_deck=1)
    with bumps(event):
        registration_remove(registration_id=carol.pk, by=organizer)
    with bumps(event):
        ai_seat_add(event_id=event.pk, by=organizer, name="Robo", now=now())
    with bumps(event):
        start(event)
    with bumps(event):
        late = registration_create(event_id=event.pk, by=UserFactory(username="erin"),
                                   now=now(), preconstructed_deck=1)
    assert late.late_entry
    with bumps(event):
        registration_add(event_id=event.pk, by=organizer, player=UserFactory(username="fay"),
                         now=now())
    with bumps(event):
        registration_drop(registration_id=alice.pk, by=alice.player, now=now())
    with keeps(event):  # dropping twice is a no-op
        registration_drop(registration_id=alice.pk, by=alice.player, now=now())


def test_pairing_the_top_cut_and_completing_bump_it():
    event = running("alice bob carol dave", rounds=1, top_cut=4)
    with bumps(event):
        rnd = pair(event)
    settle(rnd)
    organizer = organizer_of(event)
    with bumps(event):
        semis, _ = topcut_start(event_id=event.pk, by=organizer, now=now())
    settle(semis)
    with bumps(event):
        final, _ = topcut_advance(event_id=event.pk, by=organizer, now=now())
    settle(final)
    with bumps(event):
        event_complete(event_id=event.pk, by=organizer, now=now())


def test_an_event_made_without_the_service_gets_its_row_at_the_first_change():
    event = running()  # a factory's event: no row until something changes
    assert version(event) >= 1
    assert EventStandings.objects.filter(event=event).count() == 1


def test_staff_changing_the_cut_settings_or_a_drop_in_the_admin_bump_it(client):
    from django.urls import reverse

    event = running()
    staff = UserFactory(username="staff", is_staff=True, is_superuser=True)
    client.force_login(staff)
    seat = event.registrations.get(player__username="bob")
    form = {"player": seat.player_id, "event": event.pk, "created_at_0": "2026-05-01",
            "created_at_1": "10:00:00", "dropped": "on", "checked_in": "on",
            "awarded_byes": 0}
    with bumps(event):
        response = client.post(reverse("admin:tournaments_registration_change",
                                       args=[seat.pk]), form)
    assert response.status_code == 302, response.content.decode()[:2000]
    seat.refresh_from_db()
    assert seat.dropped
