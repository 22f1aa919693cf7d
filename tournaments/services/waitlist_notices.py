"""The mail to a player who moved up from an event's waitlist into a seat.

The seat itself is the record (`Registration.moved_up_at`, shown on the player's Me page and
the event page until the event starts); the mail is a courtesy sent once the seat's
transaction commits, so a rolled-back drop mails no one. A mail server that fails is logged
and changes nothing: the seat stays taken and the pages still say so.
"""

from __future__ import annotations

import logging

from django.core.mail import send_mail
from django.db import transaction
from django.utils.translation import gettext

from tournaments.models import Registration

__all__ = ["moved_up_mail_send", "moved_up_notify"]

log = logging.getLogger(__name__)


def moved_up_notify(*, registration_id: int) -> None:
    """Mail the seat's player after the current transaction commits."""
    transaction.on_commit(lambda: moved_up_mail_send(registration_id=registration_id),
                          robust=True)


def moved_up_mail_send(*, registration_id: int) -> bool:
    """Mail the player of a moved-up seat, through the site's mail settings (console on the
    embedded default, memory in tests, SMTP in production). False when there is no one to
    mail: the seat is gone, was not moved up, or its player has no address."""
    seat = (Registration.objects.filter(pk=registration_id, moved_up_at__isnull=False,
                                        player__isnull=False)
            .select_related("event", "player").first())
    if seat is None or not seat.player.email:
        return False
    params = {"event": seat.event.name, "name": seat.name}
    subject = gettext("You moved up from the waitlist into %(event)s") % params
    if seat.decklist_version_id is not None:
        seated = gettext("Hello %(name)s,\n\na seat in %(event)s was freed before the start "
                         "and you were first on its waitlist: you are registered now, with "
                         "the list you joined the waitlist with.") % params
    else:
        seated = gettext("Hello %(name)s,\n\na seat in %(event)s was freed before the start "
                         "and you were first on its waitlist: you are registered now.") % params
    body = "\n\n".join([
        seated,
        gettext("If you cannot play after all, drop from the event on its page, so that the "
                "next player waiting gets the seat."),
        gettext("Your page on Clash (Me) lists the event with your other events."),
    ]) + "\n"
    send_mail(subject, body, None, [seat.player.email])
    log.info("waitlist move-up mailed for registration %s", registration_id)
    return True
