"""Play a person: create an invitation (a link with a code), open it, join it.

The creator's invitation page shows the link and reloads itself until someone joins, then
goes to the game. Anyone else logged in who opens the link picks a deck and joins. A taken
invitation is shown as taken (409) to everyone but its two players, who go to their game.
Its creator may cancel it while it is open; a cancelled one is shown as such (409).
"""

from __future__ import annotations

import secrets

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.errors import NotFound
from core.views import domain_errors
from play.forms import InvitationForm
from play.models import InvitationStatus
from play.selectors import invitation_by_code
from play.services import invitation_cancel, invitation_create, invitation_join

from .games import index_page


@login_required
@require_POST
def invitation_new(request: HttpRequest) -> HttpResponse:
    form = InvitationForm(request.POST, prefix="invite")
    if form.is_valid():
        with domain_errors(request, form=form) as refused:
            invitation = invitation_create(player=request.user, deck=form.cleaned_data["deck"],
                                           code=secrets.token_hex(6), now=timezone.now())
        if not refused:
            return redirect("play:invitation", code=invitation.code)
    messages.error(request, gettext("The invitation was not made: see the form below."))
    return index_page(request, invite=form, status=400)


@login_required
@require_GET
def invitation_find(request: HttpRequest) -> HttpResponse:
    """The code typed on the play page: to its invitation."""
    typed = request.GET.get("code", "")
    code = typed.strip().lower()
    if not code or invitation_by_code(code) is None:
        # The play page again with the code as typed, not a redirect that forgets it.
        error = (gettext("No invitation has the code “%(code)s”: check it with the player "
                         "who sent it") % {"code": code} if code
                 else gettext("Type the code the player sent you"))
        messages.error(request, gettext("No invitation was opened: see the code below."))
        return index_page(request, find={"code": typed, "error": error},
                      status=404 if code else 400)
    return redirect("play:invitation", code=code)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def invitation_page(request: HttpRequest, code: str) -> HttpResponse:
    invitation = invitation_by_code(code)
    if invitation is None:
        raise Http404(gettext("No invitation has this code."))
    game = invitation.game
    mine = invitation.created_by_id == request.user.pk
    if game is not None and request.user.pk in (game.player_a_id, game.player_b_id):
        return redirect("play:game", pk=game.pk)
    form = InvitationForm(prefix="join")
    error, status = "", 200
    if request.method == "POST" and not mine:
        form = InvitationForm(request.POST, prefix="join")
        if form.is_valid():
            with domain_errors(say=None) as refused:
                game = invitation_join(code=invitation.code, player=request.user,
                                       deck=form.cleaned_data["deck"],
                                       seed=secrets.randbelow(2**62), now=timezone.now())
            if refused:
                error, status = refused.message, refused.status
                invitation.refresh_from_db()
            else:
                return redirect("play:game", pk=game.pk)
        else:
            status = 400
    if invitation.status == InvitationStatus.TAKEN and not error:
        error, status = gettext("Another player has already taken this invitation"), 409
    if invitation.status == InvitationStatus.CANCELLED and not error:
        error = (gettext("You cancelled this invitation") if mine
                 else gettext("Its creator has cancelled this invitation"))
        status = 200 if mine else 409
    return render(request, "play/invitation.html", {
        "invitation": invitation, "mine": mine, "form": form, "error": error,
        "link": request.build_absolute_uri(request.path),
    }, status=status)


@login_required
@require_POST
def invitation_cancel_page(request: HttpRequest, code: str) -> HttpResponse:
    """Its creator withdraws an open invitation; back to the play page."""
    with domain_errors(request, say=gettext("Not cancelled. {message}."),
                       http=(NotFound,)) as refused:
        invitation = invitation_cancel(code=code, player=request.user, now=timezone.now())
    if refused:
        return redirect("play:invitation", code=code)
    messages.success(request, gettext("Invitation %(code)s is cancelled: nobody can join it "
                                      "any more.") % {"code": invitation.code})
    return redirect("play:index")
