"""Draft pod and rating pages: the pods of a draft event, a player's pick page, and the
leaderboard.

The pick page is made for a phone: the revealed cards as big buttons while it is your pick,
whose pick it is, your cards so far (every card with its numbers, as on the buttons, also
while you wait); while you wait it reloads itself at the partner's pick (its live socket),
else every 15 seconds. With a pick timer, the time left for the pick in progress counts down
(pick-timer.js) and the page reloads at zero; every read of the draft first makes the picks
whose time ran out (services.pods.drafts_read_repair). The picks the AI made for a person's
seat are marked.

An organizer hands an absent player's seat to the AI from the pods page (and back).
"""

from __future__ import annotations

import math

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.errors import Forbidden, NotFound
from core.views import domain_errors
from decks.models import CardGame
from decks.selectors.cards import cards_by_name
from decks.services.catalogue import clash_game
from tournaments.models import Event, EventFormat, PodSeat
from tournaments.selectors.access import is_organizer
from tournaments.selectors.pods import (
    auto_pick_count,
    draft_seat_view,
    pair_to_pick,
    pod_seat_of,
    pod_seating,
    policy_picks,
)
from tournaments.selectors.ratings import ratings_leaderboard
from tournaments.services.pods import (
    draft_pick,
    draft_seat_to_ai,
    draft_seat_to_player,
    drafts_read_repair,
)

from .common import render_event, wants_fragment

# Without the live socket (live-reload.js reloads on the partner's pick), a waiting pick page
# asks for itself this often and reloads once a pick was made (without scripts: a refresh).
REFRESH_SECONDS = 15


def pod_rows(event: Event) -> list[dict]:
    """Each pod's pairs with their progress (picks made, who is to pick, the picks the AI
    made for a person's seat), each seat with whether the AI picks for it. The picks whose
    time ran out are made first."""
    drafts_read_repair(event_id=event.pk, now=timezone.now())
    return [{"pod": pod.pod, "pairs": [
        {"pair": p, "seats": [{"seat": s, "ai_picks": policy_picks(s)} for s in seats],
         "picks": len(p.record.get("picks", [])), "to_pick": pair_to_pick(p),
         "auto": auto_pick_count(p)} for p, seats in pod.pairs]}
        for pod in pod_seating(event)]


@require_GET
def pods(request: HttpRequest, pk: int) -> HttpResponse:
    """The pods and their progress; `?fragment=1` the progress alone (live-refresh.js)."""
    event = get_object_or_404(Event, pk=pk)
    rows = pod_rows(event)
    organizer = is_organizer(event, request.user)
    if wants_fragment(request):
        return render(request, "tournaments/pods/_pods.html", {
            "event": event, "pods": rows, "is_organizer": organizer})
    return render_event(request, "tournaments/pods/pods.html", {
        "event": event, "pods": rows, "my_seat": pod_seat_of(event, request.user),
        "is_organizer": organizer,
    })


@login_required
@require_POST
def draft_seat_hand(request: HttpRequest, pk: int, seat_pk: int) -> HttpResponse:
    """An organizer hands a seat to the AI for the rest of its draft (`to=ai`) or back to
    its player (`to=player`); the services check who may."""
    event = get_object_or_404(Event, pk=pk)
    seat = PodSeat.objects.filter(pk=seat_pk, pod__event=event).first()
    if seat is None:
        raise Http404(gettext("No such seat in this event's pods."))
    to_ai = request.POST.get("to") == "ai"
    hand = draft_seat_to_ai if to_ai else draft_seat_to_player
    with domain_errors(request, http=(Forbidden, NotFound)) as refused:
        hand(seat_id=seat.pk, by=request.user, now=timezone.now())
    if not refused:
        names = {"pod": seat.pod.number, "seat": seat.number}
        messages.success(request, (
            gettext("Pod %(pod)d, seat %(seat)d: the AI picks for it for the rest of the draft.")
            if to_ai else gettext("Pod %(pod)d, seat %(seat)d is handed back to its player."))
            % names)
    return redirect("tournaments:pods", pk=event.pk)


def _marked(cards: tuple[str, ...], auto: dict[str, list[str]], faces: dict) -> list[tuple]:
    """Each card of a seat with why the AI picked it for the seat ("timer", "organizer"), or
    None for the seat's own pick."""
    why = {card: reason for reason, picked in auto.items() for card in picked}
    return [(faces.get(n) or n, why.get(n)) for n in cards]


def _draft_page(request: HttpRequest, event: Event, seat: PodSeat, *,
                error: str | None = None, status: int = 200) -> HttpResponse:
    now = timezone.now()
    drafts_read_repair(event_id=event.pk, now=now)
    view = draft_seat_view(seat)
    faces = cards_by_name([*view.revealed, *view.my_cards, *view.partner_cards])
    left = (None if view.pick_due_at is None or view.status == "done"
            else max(0, math.ceil((view.pick_due_at - now).total_seconds())))
    return render_event(request, "tournaments/pods/draft.html", {
        "event": event, "view": view, "seat": view.seat, "partner": view.partner,
        "revealed": [faces.get(n) or n for n in view.revealed],
        "my_cards": _marked(view.my_cards, view.auto_cards(view.seat.side), faces),
        "partner_cards": _marked(view.partner_cards, view.auto_cards(view.partner.side), faces),
        "waiting": view.status != "done" and not view.your_turn,
        "handed": view.seat.ai_picks_since is not None,
        "seconds_left": left,
        "clock_left": None if left is None else f"{left // 60}:{left % 60:02d}",
        "refresh": REFRESH_SECONDS, "error": error,
    }, status=status)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def draft(request: HttpRequest, pk: int) -> HttpResponse:
    """Your seat's draft; a POST with `card` is one pick."""
    event = get_object_or_404(Event, pk=pk)
    seat = pod_seat_of(event, request.user)
    if seat is None:
        raise Http404(gettext("You have no seat in a pod of this event."))
    if request.method != "POST":
        return _draft_page(request, event, seat)
    card = request.POST.get("card", "").strip()
    before = len(draft_seat_view(seat).picks)
    with domain_errors(say=None) as refused:  # out of turn, not on the table
        draft_pick(seat_id=seat.pk, by=request.user, card=card, now=timezone.now())
    if refused:
        return _draft_page(request, event, seat, error=refused.message, status=refused.status)
    view = draft_seat_view(seat)
    if len(view.picks) == before:
        messages.info(request, gettext("You had already picked %(card)s.") % {"card": card})
    else:
        messages.success(request, gettext("You picked %(card)s.") % {"card": card})
        if view.partner.registration.is_ai:
            for _, answer in view.picks[before + 1:]:
                messages.info(request, gettext("%(name)s picked %(card)s.")
                              % {"name": view.partner.registration.name, "card": answer})
    if view.status == "done":
        messages.success(request, gettext("The draft is over: your 8 cards are your deck."))
    return redirect("tournaments:draft", pk=event.pk)


@require_GET
def ratings(request: HttpRequest) -> HttpResponse:
    games = list(CardGame.objects.order_by("name"))
    game = next((g for g in games if g.slug == request.GET.get("game")), None) or clash_game()
    fmt = request.GET.get("format")
    if fmt not in EventFormat.values:
        fmt = EventFormat.DRAFT
    return render(request, "tournaments/pods/ratings.html", {
        "games": games, "game": game, "formats": EventFormat.choices, "format": fmt,
        "format_label": EventFormat(fmt).label,
        "ratings": ratings_leaderboard(game=game, format=fmt)[:200],
    })
