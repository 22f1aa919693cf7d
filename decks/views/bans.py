"""Ban-two sessions (rule C-2.5): my sessions, a practice session against an AI seat, and the
session page where the player whose step it is bans one of the opponent's cards.

A session is seen by its two players and its event's organizers (`visible_ban_sessions`);
for anyone else it does not exist (404).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.seeds import new_seed
from core.views import domain_errors
from decks.forms import BanSessionStartForm
from decks.models import BanSession, BanStatus
from decks.selectors.bans import ban_session_for, ban_session_view, ban_sessions_for, ban_steps
from decks.selectors.cards import cards_by_name
from decks.services.bans import ban_session_ban, ban_session_start
from engine.seats import LETTER_A, LETTER_B, LETTERS, other_letter


def _sessions_page(request: HttpRequest, form: BanSessionStartForm,
                   status: int = 200) -> HttpResponse:
    return render(request, "decks/ban_index.html", {
        "sessions": ban_sessions_for(request.user), "form": form,
        "can_start": form.fields["list_a"].queryset.exists(),
    }, status=status)


@login_required
@require_GET
def ban_index(request: HttpRequest) -> HttpResponse:
    return _sessions_page(request, BanSessionStartForm(user=request.user))


@login_required
@require_POST
def ban_start(request: HttpRequest) -> HttpResponse:
    form = BanSessionStartForm(request.POST, user=request.user)
    if form.is_valid():
        with domain_errors(request, form=form) as refused:
            session = ban_session_start(
                version_a=form.cleaned_data["list_a"].current,
                version_b=form.cleaned_data["list_b"].current,
                player_a=request.user, player_b=None, now=timezone.now(),
                seed=new_seed())
        if not refused:
            messages.success(request, gettext("Session started against an AI seat."))
            for answer in session.record["bans"]:  # the AI seat (B) bans first (C-2.5)
                messages.info(request, gettext("The AI seat banned %(card)s from your list.")
                              % {"card": answer})
            return redirect("decks:ban_session", pk=session.pk)
    messages.error(request, gettext("The session was not started: see the form below."))
    return _sessions_page(request, form, status=400)


def _session_page(request: HttpRequest, session: BanSession, *, error: str | None = None,
                  status: int = 200) -> HttpResponse:
    view = ban_session_view(session, request.user)
    you = view["you"]
    opponent = None if you is None else other_letter(you)
    names = [name for seat in LETTERS for name in view["lists"][seat]]
    faces = cards_by_name(names)
    seats = []
    for seat, player in ((LETTER_A, session.player_a), (LETTER_B, session.player_b)):
        seats.append({
            "seat": seat,
            "player": player,
            "is_ai": seat in view["ai_seats"],
            "is_you": seat == you,
            # The version banned from, with the name it had then.
            "version": session.list_a if seat == LETTER_A else session.list_b,
            "cards": [(faces.get(n) or n, n in view["banned"][seat])
                      for n in view["lists"][seat]],
            "result": [faces.get(n) or n
                       for n in (session.result_a if seat == LETTER_A else session.result_b)],
        })
    your_step = session.status == BanStatus.BANNING and view["to_ban"] == you
    return render(request, "decks/ban_session.html", {
        "session": session, "view": view, "seats": seats,
        "steps": ban_steps(session.record["bans"]),
        "your_step": your_step,
        "targets": [faces.get(n) or n for n in view["remaining"][opponent]]
        if your_step else [],
        "is_organizer": you is None,
        "error": error,
    }, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
def ban_session_page(request: HttpRequest, pk: int) -> HttpResponse:
    session = ban_session_for(request.user, pk)
    if session is None:
        raise Http404(gettext("No such ban session."))
    if request.method != "POST":
        return _session_page(request, session)
    card = request.POST.get("card", "").strip()
    before = len(session.record["bans"])
    # Out of turn, not a card of the opponent, not a player: the page says why.
    with domain_errors(say=None) as refused:
        session = ban_session_ban(session_id=session.pk, user=request.user, card=card,
                                  now=timezone.now())
    if refused:
        session.refresh_from_db()
        return _session_page(request, session, error=refused.message, status=refused.status)
    bans = session.record["bans"]
    if len(bans) == before:
        messages.info(request, gettext("You had already banned %(card)s.") % {"card": card})
    else:
        messages.success(request, gettext("You banned %(card)s.") % {"card": card})
        for answer in bans[before + 1:]:
            messages.info(request, gettext("The AI seat banned %(card)s from your list.")
                              % {"card": answer})
    if session.status == BanStatus.DONE:
        messages.success(request, gettext("The bans are over: each player keeps 8 cards."))
    return redirect("decks:ban_session", pk=session.pk)
