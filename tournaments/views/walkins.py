"""Walk-ins (issue 16): the organizer seats a guest from the dashboard (the claim code shows
once, in the message) and renews its code; the organizer enters the guest's list; the person,
signed in, claims the guest seat with its code.

The organizer enters the guest's list from the guest's row on the dashboard: the decks' own
list forms, with no collection (a guest's cards are the ones they bring, vouched for by the
organizer) and the kind and format the event takes. That page answers an organizer of the
event only (anyone else: 403; anonymous: the login page); a seat of another event is a 404; a
seat whose list the organizer may not write now (not a guest, claimed, fixed, a draft) shows
why, without a form.

The claim page is reached from the Me page. The link an organizer hands out fills the code
in; the seat is taken only by the POST.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from accounts.services.rates import RateLimited
from core.api.errors import http_status
from core.errors import DomainError, NotFound
from core.logins import client_ip
from core.views import NOT_THE_INPUT, domain_errors
from decks.forms import DecklistForm, GameDecklistForm
from decks.models import DecklistVersion
from decks.rules import CONSTRUCTED_SIZE, has_rules_module
from decks.selectors.cards import catalogue_cards, game_cards, preconstructed_decks
from tournaments.forms.walkins import ClaimForm, GuestAddForm
from tournaments.models import Event, Registration
from tournaments.presenters.walkins import claim_path
from tournaments.selectors.access import is_organizer
from tournaments.services.guest_lists import (
    guest_list_default_name,
    guest_list_enter,
    guest_list_kind,
    guest_list_refusal,
    guest_seat_for_list,
)
from tournaments.services.walkins import (
    registration_claim,
    registration_claim_code_renew,
    registration_guest_add,
)

from .common import event_context, event_or_404, organizer_action, render_event
from .manage import back_to_dashboard, dashboard_page, on_the_dashboard


def _form(event: Event, seat: Registration, data=None) -> DecklistForm | GameDecklistForm:  # noqa: ANN001
    """The list form of the event's game, for a list without an owner (`user` None: no
    collection check), filled with the seat's list when it holds one."""
    held = (DecklistVersion.objects.filter(pk=seat.decklist_version_id)
            .select_related("decklist").first())
    initial = {"name": held.decklist.name if held else guest_list_default_name(seat),
               "cards": list(held.cards) if held else [],
               "preconstructed_deck": held.preconstructed_deck if held else None}
    if has_rules_module(event.game):
        form = GameDecklistForm(data, user=None, game=event.game, cards=game_cards(event.game),
                                initial=initial)
        form.fields.pop("deck_format", None)  # the event's format, not the organizer's pick
    else:
        form = DecklistForm(data, user=None, kind=guest_list_kind(event), initial=initial)
        form.fields["base_version"].required = False  # a guest's list has one writer
    return form


def _page(request: HttpRequest, event: Event, seat: Registration, form, *,  # noqa: ANN001
          refusal: str = "", status: int = 200) -> HttpResponse:
    context = event_context(request, event, "manage")
    other_game = has_rules_module(event.game)
    picked = form.picked() if form.is_bound else list(form.initial.get("cards") or [])
    context.update({
        "seat": seat, "form": form, "refusal": refusal, "other_game": other_game,
        "kind": guest_list_kind(event), "picked": picked, "needed": CONSTRUCTED_SIZE,
        "editing": seat.decklist_version_id is not None,
        "options": [] if other_game else catalogue_cards(),
        "decks": {} if other_game else preconstructed_decks(),
        "deck_value": str(form["preconstructed_deck"].value() or "")
        if "preconstructed_deck" in form.fields else "",
    })
    return render_event(request, "tournaments/guest_list.html", context, status=status)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def guest_list(request: HttpRequest, pk: int, registration: int) -> HttpResponse:
    event = event_or_404(pk)
    if not is_organizer(event, request.user):
        raise PermissionDenied(_("Only the organizers of this event enter a guest's list."))
    with domain_errors(request, http=(NotFound,)):
        seat = guest_seat_for_list(event=event, registration_id=registration)
    refusal = guest_list_refusal(event=event, seat=seat, now=timezone.now())
    if refusal is not None:
        return _page(request, event, seat, _form(event, seat), refusal=refusal.message,
                     status=200 if request.method != "POST" else http_status(refusal))
    if request.method != "POST":
        return _page(request, event, seat, _form(event, seat))
    form = _form(event, seat, request.POST)
    if form.is_valid():
        arguments = form.save_arguments()
        with domain_errors(request, form=form, not_on_form=NOT_THE_INPUT,
                           say=None) as refused:
            guest_list_enter(event_id=event.pk, registration_id=seat.pk, by=request.user,
                             now=timezone.now(), name=arguments["name"],
                             cards=arguments.get("cards") or [],
                             preconstructed_deck=arguments.get("preconstructed_deck"))
        if refused and not refused.on_form:
            return _page(request, event, seat, form, refusal=refused.message,
                         status=refused.status)
        if not refused:
            messages.success(request, _("The list of %(name)s is saved: it is their "
                                        "registered list.") % {"name": seat.name})
            return redirect(reverse("tournaments:dashboard", args=[event.pk]) + "#seats-heading")
    messages.error(request, _("The list was not saved: fix the problems shown below."))
    return _page(request, event, seat, form, status=400)


@organizer_action
def guest_add(request: HttpRequest, event: Event) -> HttpResponse:
    """A walk-in's seat; the claim code shows once, in the message, and is not kept."""
    form = GuestAddForm(request.POST)
    if form.is_valid():
        with domain_errors(request, form=form, field="name") as refused:
            seat, code = registration_guest_add(event_id=event.pk, by=request.user,
                                                name=form.cleaned_data["name"],
                                                now=timezone.now())
        if not refused:
            link = request.build_absolute_uri(claim_path(code))
            messages.success(request, _(
                "%(name)s is seated as a guest. Their claim code is %(code)s (link: "
                "%(link)s): hand it to them now, it is shown only this once.")
                % {"name": seat.name, "code": code, "link": link})
            return back_to_dashboard(event)  # the top: the message shows the code once
    messages.error(request, _("The guest was not added: see the form below."))
    return dashboard_page(request, event, guest_form=form, status=400)


@organizer_action
@on_the_dashboard
def guest_code_renew(request: HttpRequest, event: Event, registration: int) -> HttpResponse:
    seat = get_object_or_404(Registration, pk=registration, event=event)
    code = registration_claim_code_renew(registration_id=seat.pk, by=request.user)
    link = request.build_absolute_uri(claim_path(code))
    messages.success(request, _(
        "The new claim code of %(name)s is %(code)s (link: %(link)s): the old one no longer "
        "works. Hand it to them now, it is shown only this once.")
        % {"name": seat.name, "code": code, "link": link})
    return back_to_dashboard(event, "seats-heading")


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def claim(request: HttpRequest) -> HttpResponse:
    if request.method == "GET":
        form = ClaimForm(initial={"code": request.GET.get("code", "")[:40]})
        return render(request, "tournaments/claim.html", {"form": form})
    form = ClaimForm(request.POST)
    status = 400
    if form.is_valid():
        try:
            seat = registration_claim(code=form.cleaned_data["code"], by=request.user,
                                      ip=client_ip(request), now=timezone.now())
        except RateLimited as exc:
            form.add_error(None, exc.message)
            response = render(request, "tournaments/claim.html", {"form": form}, status=429)
            response["Retry-After"] = str(exc.wait)
            return response
        except DomainError as exc:
            form.add_error("code", exc.message)
            status = 409 if exc.code == "already_registered" else 400
        else:
            messages.success(request, _("The seat in %(event)s is yours, with its results.")
                             % {"event": seat.event.name})
            return redirect("tournaments:event", seat.event_id)
    return render(request, "tournaments/claim.html", {"form": form}, status=status)
