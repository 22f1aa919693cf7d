"""Mail for a person with no page open, only if they asked for it (their preferences): their
table and opponent when their round is paired, and a word when their opponent's report
waits for theirs; in their own language, sent by a task once the change commits."""

from __future__ import annotations

import pytest
from django.core import mail

from accounts.services.preferences import preferences_update
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import match_of, now, pair, seats, start
from tournaments.models import Registration
from tournaments.services.match_notices import report_wanted_mail_send, round_paired_mail_send
from tournaments.services.results import result_report

pytestmark = pytest.mark.django_db


def running():
    event = OrganizedEventFactory()
    seats(event, "alice bob carol dave")
    for seat in Registration.objects.filter(event=event).select_related("player"):
        seat.player.email = f"{seat.player.username}@example.org"
        seat.player.save(update_fields=["email"])
    return start(event)


def asks(name: str, language: str = "") -> None:
    user = Registration.objects.get(player__username=name).player
    preferences_update(user=user, notify_by_email=True, language=language)


def test_a_player_who_asked_gets_their_table_and_opponent_when_the_round_is_paired(
        django_capture_on_commit_callbacks):
    event = running()
    asks("alice")
    with django_capture_on_commit_callbacks() as sent:
        rnd = pair(event)
    assert len(sent) == 1  # the mail's task
    assert round_paired_mail_send(round_id=rnd.pk) == 1
    match = match_of(rnd, "alice")
    opponent = match.player_b if match.player_a.name == "alice" else match.player_a
    [message] = mail.outbox
    assert message.to == ["alice@example.org"]
    assert message.subject == f"Round 1 of {event.name} is paired"
    assert f"table {match.table} against {opponent.name}" in message.body


def test_nobody_asked_nothing_is_sent(django_capture_on_commit_callbacks):
    event = running()
    with django_capture_on_commit_callbacks() as sent:
        rnd = pair(event)
    assert sent == []
    assert round_paired_mail_send(round_id=rnd.pk) == 0 and mail.outbox == []


def test_the_mail_speaks_the_persons_language():
    event = running()
    asks("alice", language="ru")
    round_paired_mail_send(round_id=pair(event).pk)
    [message] = mail.outbox
    assert message.subject == f"Тур 1 турнира {event.name} составлен"


def test_the_opponents_report_waiting_for_mine_is_mailed_to_me_if_i_asked(
        django_capture_on_commit_callbacks):
    event = running()
    rnd = pair(event)
    match = match_of(rnd, "alice")
    me, them = match.player_b, match.player_a
    asks(me.player.username)
    with django_capture_on_commit_callbacks() as sent:
        result_report(match_id=match.pk, by=them.player, a_wins=2, b_wins=0, now=now())
    assert len(sent) == 1
    assert report_wanted_mail_send(match_id=match.pk)
    [message] = mail.outbox
    assert message.to == [me.player.email]
    assert f"{them.name} has reported the result of your match at table {match.table}" \
        in message.body
    # Once I have reported too, nothing waits: nothing more is mailed.
    result_report(match_id=match.pk, by=me.player, a_wins=2, b_wins=0, now=now())
    assert not report_wanted_mail_send(match_id=match.pk)


def test_the_mail_is_asked_for_on_the_preferences_page(client):
    from django.urls import reverse

    from accounts.models import Profile
    from tests.factories import UserFactory

    user = UserFactory(username="erin")
    client.force_login(user)
    page = client.get(reverse("accounts:preferences")).content.decode()
    assert "E-mail me when my round is paired" in page
    answer = client.post(reverse("accounts:preferences"),
                         {"language": "", "time_zone": "", "notify_by_email": "on"})
    assert answer.status_code == 302
    assert Profile.objects.get(user=user).notify_by_email
    client.post(reverse("accounts:preferences"), {"language": "", "time_zone": ""})
    assert not Profile.objects.get(user=user).notify_by_email
