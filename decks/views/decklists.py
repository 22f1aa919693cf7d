"""My decklists, the deck builder (new and edit), its validation endpoint, the decklist page.

Who sees a list is `decks.selectors.visibility.visible_versions` and nothing else: a list the
user may not see answers 404 exactly like one that does not exist, and only its owner can
change it.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.errors import Conflict
from core.views import domain_errors
from decks.forms import DecklistForm, GameDecklistForm
from decks.models import CardGame, Decklist, DecklistKind
from decks.rules import CONSTRUCTED_SIZE, DECK_FORMATS, has_rules_module
from decks.selectors.cards import (
    buildable_games,
    cards_by_name,
    game_cards,
    other_game_by_slug,
    preconstructed_decks,
)
from decks.selectors.collections import collection_cards
from decks.selectors.decklists import (
    decklist_registrations,
    decklists_of,
    own_decklist,
    visible_history,
)
from decks.services.builder import decklist_save
from decks.services.decklists import decklist_create


@login_required
@require_GET
def decklist_index(request: HttpRequest) -> HttpResponse:
    return render(request, "decks/decklist_index.html", {
        "decklists": decklists_of(request.user), "games": buildable_games()})


# The Spoils and Berserk: copies of the game's cards, checked by its rules module ----------

def _game_form(request: HttpRequest, game: CardGame, *, decklist: Decklist | None = None,
               data=None, initial: dict | None = None) -> GameDecklistForm:  # noqa: ANN001
    return GameDecklistForm(data, user=request.user, game=game, cards=game_cards(game),
                            editing=decklist is not None, initial=initial)


def _game_builder(request: HttpRequest, form: GameDecklistForm, *,
                  decklist: Decklist | None = None, status: int = 200) -> HttpResponse:
    picked = form.picked() if form.is_bound else list(form.initial.get("cards", []))
    known = {card.name for card in form.card_rows}
    return render(request, "decks/game_builder.html", {
        "form": form, "decklist": decklist, "game": form.game, "picked_count": len(picked),
        "unknown": sorted({n for n in picked if n not in known}),
        "formats": DECK_FORMATS.get(form.game.slug, {}),
    }, status=status)


def _game_new(request: HttpRequest, game: CardGame) -> HttpResponse:
    if request.method != "POST":
        initial = {"deck_format": next(iter(DECK_FORMATS.get(game.slug, {})), None)}
        return _game_builder(request, _game_form(request, game, initial=initial))
    form = _game_form(request, game, data=request.POST)
    if form.is_valid():
        with domain_errors(request, form=form) as refused:
            decklist = decklist_create(user=request.user, kind=DecklistKind.CONSTRUCTED,
                                       now=timezone.now(), game=game, **form.save_arguments())
        if not refused:
            messages.success(request, gettext("Saved “%(name)s” (version 1).")
                             % {"name": decklist.name})
            return redirect("decks:decklist", pk=decklist.pk)
    messages.error(request, gettext("The list was not saved: fix the problems shown below."))
    return _game_builder(request, form, status=400)


def _game_edit(request: HttpRequest, decklist: Decklist) -> HttpResponse:
    current = decklist.current
    if request.method != "POST":
        form = _game_form(request, decklist.game, decklist=decklist, initial={
            "name": decklist.name, "cards": current.cards, "base_version": current.number,
            "deck_format": decklist.deck_format})
        return _game_builder(request, form, decklist=decklist)
    form = _game_form(request, decklist.game, decklist=decklist, data=request.POST)
    if form.is_valid():
        with domain_errors(request, form=form, not_on_form=(Conflict,), say=None) as refused:
            version, made = decklist_save(
                decklist=decklist, user=request.user, now=timezone.now(),
                base_version=form.cleaned_data["base_version"], **form.save_arguments())
        if refused and not refused.on_form:
            # Keep the player's copies, now based on the current version, so saving again is
            # a deliberate choice.
            data = request.POST.copy()
            data["base_version"] = str(decklist.current.number)
            form = _game_form(request, decklist.game, decklist=decklist, data=data)
            form.is_valid()
            form.add_error(None, f"{refused.message}.")
            messages.error(request, gettext("The list was not saved: it changed elsewhere."))
            return _game_builder(request, form, decklist=decklist, status=refused.status)
        if not refused:
            messages.success(request, gettext("Saved “%(name)s” as version %(version)d.")
                             % {"name": version.decklist.name, "version": version.number}
                             if made else gettext("Already saved as version %(version)d.")
                             % {"version": version.number})
            return redirect("decks:decklist", pk=decklist.pk)
    messages.error(request, gettext("The list was not saved: fix the problems shown below."))
    return _game_builder(request, form, decklist=decklist, status=400)


def _builder(request: HttpRequest, form: DecklistForm, *, decklist: Decklist | None = None,
             status: int = 200) -> HttpResponse:
    """The builder page: the player's owned cards to pick from (plus any picked card they do
    not own, so the problem shows where it is), and the preconstructed decks."""
    owned = collection_cards(user=request.user)
    if decklist is not None and decklist.kind == DecklistKind.DRAFTED:
        picked = list(decklist.current.cards)  # fixed by its draft: shown, not picked
    else:
        picked = form.picked() if form.is_bound else list(form.initial.get("cards", []))
    owned_names = {c.name for c in owned}
    missing = [n for n in picked if n not in owned_names]
    known_missing = cards_by_name(missing) if missing else {}
    options = [(card, True) for card in owned] + [
        (known_missing[n], False) for n in missing if n in known_missing]
    kind = form.kind_value if decklist is None else decklist.kind
    return render(request, "decks/builder.html", {
        "form": form, "decklist": decklist, "kind": kind, "options": options, "picked": picked,
        "unknown": [n for n in missing if n not in known_missing], "owned_count": len(owned),
        "decks": preconstructed_decks(), "needed": CONSTRUCTED_SIZE,
        "games": buildable_games() if decklist is None else [],
        "deck_value": str(form["preconstructed_deck"].value() or "")
        if "preconstructed_deck" in form.fields else "",
    }, status=status)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def decklist_new(request: HttpRequest) -> HttpResponse:
    """The builder of Clash of Decks, or with `?game=spoils` (or a posted `game`) the
    builder of that game."""
    game = other_game_by_slug(request.POST.get("game") or request.GET.get("game"))
    if game is not None:
        return _game_new(request, game)
    if request.method != "POST":
        form = DecklistForm(user=request.user, initial={"kind": DecklistKind.CONSTRUCTED})
        return _builder(request, form)
    form = DecklistForm(request.POST, user=request.user)
    if form.is_valid():
        with domain_errors(request, form=form) as refused:
            decklist = decklist_create(user=request.user, kind=form.cleaned_data["kind"],
                                       now=timezone.now(), **form.save_arguments())
        if not refused:
            messages.success(request, gettext("Saved “%(name)s” (version 1).")
                             % {"name": decklist.name})
            return redirect("decks:decklist", pk=decklist.pk)
    messages.error(request, gettext("The list was not saved: fix the problems shown below."))
    return _builder(request, form, status=400)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def decklist_edit(request: HttpRequest, pk: int) -> HttpResponse:
    decklist = own_decklist(request.user, pk)
    if decklist is None:
        raise Http404(gettext("No such decklist."))
    if has_rules_module(decklist.game):
        return _game_edit(request, decklist)
    current = decklist.current
    if request.method != "POST":
        form = DecklistForm(user=request.user, kind=decklist.kind, initial={
            "name": decklist.name, "cards": current.cards, "base_version": current.number,
            "preconstructed_deck": current.preconstructed_deck})
        return _builder(request, form, decklist=decklist)
    form = DecklistForm(request.POST, user=request.user, kind=decklist.kind)
    if form.is_valid():
        with domain_errors(request, form=form, not_on_form=(Conflict,), say=None) as refused:
            version, made = decklist_save(
                decklist=decklist, user=request.user, now=timezone.now(),
                base_version=form.cleaned_data["base_version"], **form.save_arguments())
        if refused and not refused.on_form:
            return _stale(request, decklist, refused.error)
        if not refused:
            if made:
                messages.success(request, gettext("Saved “%(name)s” as version %(version)d.")
                                 % {"name": version.decklist.name, "version": version.number})
            else:
                messages.info(request, gettext("Already saved as version %(version)d.")
                              % {"version": version.number})
            return redirect("decks:decklist", pk=decklist.pk)
    messages.error(request, gettext("The list was not saved: fix the problems shown below."))
    return _builder(request, form, decklist=decklist, status=400)


def _stale(request: HttpRequest, decklist: Decklist, error: Conflict) -> HttpResponse:
    """The list changed since the builder was opened: keep the player's picks on the page,
    now based on the current version, so saving again is a deliberate choice."""
    current = decklist.current
    data = request.POST.copy()
    data["base_version"] = str(current.number)
    form = DecklistForm(data, user=request.user, kind=decklist.kind)
    form.is_valid()
    form.add_error(None, gettext("%(problem)s. Version %(version)d holds: %(cards)s. Save "
                                 "again to replace it with the picks below.")
                   % {"problem": error.message, "version": current.number,
                      "cards": ", ".join(current.cards)})
    messages.error(request, gettext("The list was not saved: it changed elsewhere."))
    return _builder(request, form, decklist=decklist, status=409)


@require_POST
def decklist_validate(request: HttpRequest) -> JsonResponse:
    """The builder's live check: the same form and `decklist_problems` as saving, as JSON."""
    if not request.user.is_authenticated:
        return JsonResponse({"error": {"code": "not_signed_in",
                                       "message": gettext("sign in to build a decklist")}},
                            status=403)
    game = other_game_by_slug(request.POST.get("game"))
    if game is not None:
        game_form = _game_form(request, game, data=request.POST)
        valid = game_form.is_valid()
        return JsonResponse({
            "valid": valid, "errors": _json_errors(game_form),
            "problems": [m for ms in _json_errors(game_form).values() for m in ms],
            "picked": len(game_form.picked()), "needed": None,
        })
    form = DecklistForm(request.POST, user=request.user)
    valid = form.is_valid()
    errors = _json_errors(form)
    kind = form.kind_value
    return JsonResponse({
        "valid": valid,
        "errors": errors,
        "problems": [message for messages_ in errors.values() for message in messages_],
        "picked": len(form.picked()),
        "needed": CONSTRUCTED_SIZE if kind == DecklistKind.CONSTRUCTED else None,
    })


def _json_errors(form) -> dict[str, list[str]]:  # noqa: ANN001
    return {field: [e["message"] for e in field_errors]
            for field, field_errors in form.errors.get_json_data().items()
            if field != "base_version"}


def decklist_detail(request: HttpRequest, pk: int) -> HttpResponse:
    history = visible_history(request.user, pk)
    if not history:  # hidden and missing lists look the same
        raise Http404(gettext("No such decklist."))
    if request.method not in ("GET", "HEAD"):
        return HttpResponseNotAllowed(["GET", "HEAD"])
    current = history[-1]
    decklist = current.version.decklist
    is_owner = request.user.is_authenticated and decklist.owner_id == request.user.pk
    other_game = has_rules_module(decklist.game)
    faces = cards_by_name(current.version.cards, decklist.game if other_game else None)
    return render(request, "decks/decklist_detail.html", {
        "decklist": decklist,
        "current": current.version,
        "other_game": other_game,
        "faces": [] if other_game else [faces.get(name) or name
                                        for name in current.version.cards],
        "copies": _copies(current.version.cards, faces) if other_game else [],
        "history": list(reversed(history)),
        "is_owner": is_owner,
        "registrations": decklist_registrations(decklist, timezone.now()) if is_owner else [],
    })


def _copies(cards: list[str], faces: dict) -> list[tuple[str, int, object]]:
    """(name, copies, card or None) in the list's order: a list of The Spoils or Berserk
    names each card once per copy."""
    counts: dict[str, int] = {}
    for name in cards:
        counts[name] = counts.get(name, 0) + 1
    return [(name, count, faces.get(name)) for name, count in counts.items()]

