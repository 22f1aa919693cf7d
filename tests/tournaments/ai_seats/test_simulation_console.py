"""What `simulate_event` (and so `make demo`) says when the event is over: the champion, the
players of the top cut with their Swiss standing (AI seats take no place in the cut, so none
is listed among them: the ones it passed over are named after), and where the site's e-mail
goes when it is printed rather than sent."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command

from tournaments.models import Event, Match, RoundStage
from tournaments.selectors.rounds import champion_of, rounds_labelled

# The rows' ids start at 1, as in the fresh database of `make demo`: an AI seat's deck is
# chosen from its row's id, so the games (and who reaches the cut) follow the ids too.
pytestmark = pytest.mark.django_db(transaction=True, reset_sequences=True)

# Seed 2 puts both AI seats third and fourth after the Swiss rounds (checked below): the cut
# passes over them to the fifth and sixth players.
COMMAND = ["simulate_event", "--players", "6", "--ai", "2", "--format", "preconstructed",
           "--top-cut", "4", "--seed", "2", "--password", "rehearsal-7"]


def run(*extra: str) -> str:
    out = io.StringIO()
    call_command(*COMMAND, *extra, stdout=out)
    return out.getvalue()


def block(text: str, heading: str) -> list[str]:
    """The names of the ranked lines under `heading`, up to the first line that is not one."""
    lines = text.split(heading, 1)[1].splitlines()[1:]
    names = []
    for line in lines:
        found = re.match(r"\s+\d+\. (.+?)\s{2,}", line)
        if not found:
            break
        names.append(found.group(1).strip())
    return names


def test_the_console_names_the_champion_and_lists_the_cut_without_the_ai_seats_it_passed():
    """Today it listed the first 8 of the standings, AI seats the cut passed over among
    them, and named no champion."""
    text = run()
    event = Event.objects.get()
    final = [r for r in rounds_labelled(event) if r.stage == RoundStage.TOP_CUT][-1]
    champion = champion_of(final)
    assert f"Champion: {champion.name}" in text
    first = Match.objects.filter(round__event=event, round__stage=RoundStage.TOP_CUT,
                                 round__number=event.rounds + 1)
    cut = {s.name for m in first for s in (m.player_a, m.player_b)}
    listed = block(text, "The top 4")
    assert set(listed) == cut and len(listed) == 4
    assert not any(name.startswith("AI ") for name in listed)
    assert ("AI seats take no place in the cut: passed over were AI 2 (rank 3) and AI 1 "
            "(rank 4).") in text


def test_the_console_says_the_e_mail_is_printed_there_when_it_is(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
    text = run()
    assert ("E-mail is not sent: each one (the link that confirms a sign-up, a password "
            "reset) is printed in this console, where the server runs.") in text


def test_the_console_says_nothing_of_printed_e_mail_when_it_is_sent(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    assert "printed in this console" not in run()
