"""Mail for a person who has no page of the event open, if they opted in (their account's
"E-mail me ..." preference, accounts.Profile.notify_by_email): when their round is paired
(their table and opponent) and when their opponent's report waits for theirs.

The mail goes from a task sent once the change commits, so a rolled-back pairing mails no
one; it is written in the person's own language. A mail server that fails fails the task
(logged by the worker) and changes nothing: the pages say the same.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import Q
from django.utils import translation
from django.utils.translation import gettext

from engine.seats import SIDE_A
from tournaments.models import Match, MatchStatus, Registration, Round

__all__ = [
    "report_wanted_mail_send",
    "report_wanted_notify",
    "round_paired_mail_send",
    "round_paired_notify",
]

log = logging.getLogger(__name__)


def _opted_in(registrations: Q) -> Q:
    return (registrations & Q(player__profile__notify_by_email=True)
            & Q(player__profile__email_confirmed=True) & ~Q(player__email=""))


def round_paired_notify(*, round_id: int) -> None:
    """Once the pairing commits, the round's mail to its players who opted in (none asked
    for, nothing is sent)."""
    if Registration.objects.filter(_opted_in(Q(event__round__pk=round_id))).exists():
        from tournaments.tasks import round_paired_mail_task  # the tasks import this module

        transaction.on_commit(lambda: round_paired_mail_task.delay(round_id))


def report_wanted_notify(*, match: Match, reported_by_side: str) -> None:
    """Once the first report commits, the mail to the other player, if they opted in."""
    other = match.player_b_id if reported_by_side == SIDE_A else match.player_a_id
    if other and Registration.objects.filter(_opted_in(Q(pk=other))).exists():
        from tournaments.tasks import report_wanted_mail_task

        transaction.on_commit(lambda: report_wanted_mail_task.delay(match.pk))


def _mail(registration: Registration, subject: str, body: str) -> None:
    send_mail(subject, body, None, [registration.player.email])


def _language(registration: Registration) -> str:
    profile = getattr(registration.player, "profile", None)
    return (profile.language if profile and profile.language else settings.LANGUAGE_CODE)


def round_paired_mail_send(*, round_id: int) -> int:
    """Mail each player of the round who opted in their table and opponent (or their bye);
    returns how many were mailed."""
    rnd = Round.objects.select_related("event").filter(pk=round_id).first()
    if rnd is None:
        return 0
    sent = 0
    matches = (Match.objects.filter(round=rnd)
               .select_related("player_a__player__profile", "player_b__player__profile"))
    wanted = set(Registration.objects.filter(_opted_in(Q(event=rnd.event_id)))
                 .values_list("pk", flat=True))
    for match in matches:
        for me, them in ((match.player_a, match.player_b), (match.player_b, match.player_a)):
            if me is None or me.pk not in wanted:
                continue
            with translation.override(_language(me)):
                params = {"name": me.name, "event": rnd.event.name, "round": rnd.number,
                          "table": match.table, "opponent": them.name if them else ""}
                subject = gettext("Round %(round)d of %(event)s is paired") % params
                if them is None:
                    seated = gettext("Hello %(name)s,\n\nround %(round)d of %(event)s is "
                                     "paired: you have the bye this round (a 2-0 win).") % params
                else:
                    seated = gettext("Hello %(name)s,\n\nround %(round)d of %(event)s is "
                                     "paired: you play at table %(table)d against "
                                     "%(opponent)s.") % params
                body = seated + "\n\n" + gettext(
                    "The event's pairings on Clash show every table. You get this mail "
                    "because you asked for it; your preferences on Clash turn it off.") + "\n"
            _mail(me, subject, body)
            sent += 1
    log.info("round %s paired: %d mails", round_id, sent)
    return sent


def report_wanted_mail_send(*, match_id: int) -> bool:
    """Mail the player whose report the match waits for (one side has reported), if they
    opted in; False when nothing waits any more or nobody is to be mailed."""
    match = (Match.objects.filter(pk=match_id, status=MatchStatus.REPORTED)
             .select_related("round__event", "player_a__player__profile",
                             "player_b__player__profile").first())
    if match is None or match.player_b is None:
        return False
    waiting, reporter = ((match.player_b, match.player_a) if match.report_b is None
                         else (match.player_a, match.player_b))
    if not Registration.objects.filter(_opted_in(Q(pk=waiting.pk))).exists():
        return False
    with translation.override(_language(waiting)):
        params = {"name": waiting.name, "event": match.round.event.name,
                  "round": match.round.number, "table": match.table,
                  "opponent": reporter.name}
        subject = gettext("Your match in %(event)s waits for your report") % params
        body = gettext(
            "Hello %(name)s,\n\n%(opponent)s has reported the result of your match at table "
            "%(table)d of round %(round)d in %(event)s. Report it too on the match page on "
            "Clash: when both reports agree, the result is confirmed.") % params + "\n\n" + \
            gettext("You get this mail because you asked for it; your preferences on Clash "
                    "turn it off.") + "\n"
    _mail(waiting, subject, body)
    return True
