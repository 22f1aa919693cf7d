"""The play pages: my games and solo record, starting a game, the game page (board, legal
moves as buttons, the event log) and its board fragment for the refresh script.

A game in progress exists only for its players: anyone else gets 404. Each POST carries one
action and the number of actions the page was built on (`n`); the service refuses a stale page
or an illegal action and stores nothing, and the page shows why.
"""

from __future__ import annotations

import secrets

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.views import domain_errors
from engine.seats import DRAW, DRAW_NAME, letter, other
from play.forms import DuelForm, InvitationForm, SoloForm
from play.models import GameStatus, OnlineGame
from play.presenters.boards import card_info, moves
from play.presenters.games import SeatView, seat_player_name, seat_view
from play.presenters.log_lines import log_lines
from play.selectors import (
    game_for,
    game_seat_of,
    games_of,
    open_invitations_of,
    solo_record_of,
)
from play.services import (
    duel_start,
    online_game_act,
    online_game_ban,
    online_game_read_repair,
    solo_draft_pick,
    solo_start,
    time_refusal,
)

LOG_LINES = 60
# Both forms share the /play/ page and have a `deck` field: distinct ids keep each label on
# its own field.
DUEL_IDS = "duel_%s"
SOLO_IDS = "solo_%s"


def index_page(request: HttpRequest, *, duel: DuelForm | None = None,
               solo: SoloForm | None = None, invite: InvitationForm | None = None,
               find: dict | None = None, status: int = 200) -> HttpResponse:
    """The /play/ page, with a form as it was sent back (and `find`: the code typed, with why
    no invitation opened); the invitation views show it too."""
    games = list(games_of(request.user)[:50])
    for game in games:
        seat = game_seat_of(game, request.user)
        game.opponent_name = _opponent_name(game, seat)
        # The row's winner is the record's result: "A", "B" or "draw" (engine.seats).
        game.outcome = (gettext("draw") if game.winner == DRAW_NAME else
                        gettext("won") if game.winner == letter(seat) else gettext("lost"))
    record = solo_record_of(request.user)
    return render(request, "play/index.html", {
        "current": [g for g in games if g.status != GameStatus.FINISHED],
        "finished": [g for g in games if g.status == GameStatus.FINISHED],
        "solo_record": record,
        "invitations": list(open_invitations_of(request.user)),
        "duel_form": duel or DuelForm(auto_id=DUEL_IDS),
        "solo_form": solo or SoloForm(auto_id=SOLO_IDS),
        "invite_form": invite or InvitationForm(prefix="invite"),
        # The "Got a code?" form as it was sent, with why no invitation opened.
        "find": find or {},
    }, status=status)


@login_required
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    return index_page(request)


@login_required
@require_POST
def duel_new(request: HttpRequest) -> HttpResponse:
    form = DuelForm(request.POST, auto_id=DUEL_IDS)
    if form.is_valid():
        with domain_errors(request, form=form) as refused:
            game = duel_start(player=request.user, deck=form.cleaned_data["deck"],
                              ai_level=form.cleaned_data["ai_level"],
                              seed=secrets.randbelow(2**62), now=timezone.now())
        if not refused:
            return redirect("play:game", pk=game.pk)
    messages.error(request, gettext("The game was not started: see the form below."))
    return index_page(request, duel=form, status=400)


@login_required
@require_POST
def solo_new(request: HttpRequest) -> HttpResponse:
    form = SoloForm(request.POST, auto_id=SOLO_IDS)
    if form.is_valid():
        data = form.cleaned_data
        with domain_errors(request, form=form) as refused:
            game = solo_start(player=request.user, fmt=data["fmt"], level=data["level"],
                              options=form.options(), deck=data["deck"],
                              seed=secrets.randbelow(2**62), now=timezone.now())
        if not refused:
            return redirect("play:game", pk=game.pk)
    messages.error(request, gettext("The solo game was not started: see the form below."))
    return index_page(request, solo=form, status=400)


def _opponent_name(game: OnlineGame, seat: int) -> str:
    return seat_player_name(game, other(seat))


def _match_context(game: OnlineGame) -> dict:
    """A match game's event and match, for the page's heading and links."""
    if game.match_id is None:
        return {}
    match = game.match
    return {"match": match, "event": match.round.event}


def end_warning_text(warning: dict) -> str:
    """What ending the turn now gives up: the cards still playable with the mana left."""
    return ngettext(
        "You can still play %(n)d card (%(names)s) with %(mana)d mana left.",
        "You can still play %(n)d cards (%(names)s) with %(mana)d mana left.",
        warning["cards"]) % {"n": warning["cards"], "names": ", ".join(warning["names"]),
                             "mana": warning["mana"]}


def game_context(view: SeatView, *, confirm_end: bool = False) -> dict:
    """What the game page and its fragment show of a playing or finished game, for the
    player in the view's seat; `confirm_end` opens the question "End the turn now?" (the step
    a page without script gets when its End the turn is pressed while cards are still
    playable)."""
    game, seat, position = view.game, view.seat, view.position
    state = position.game
    actions = moves(state, seat, view.board) if view.your_turn else None
    warning = actions["end_warning"] if actions else None
    winner = state.winner
    return {
        "game": game, "view": view.board, "moves": actions, "your_turn": view.your_turn,
        "waiting": view.waiting,
        "over": winner is not None, "drawn": winner == DRAW,
        "won": winner == seat, "lost": winner == other(seat),
        "opponent_name": view.opponent_name,
        "opponent_title": view.opponent_title,
        "ai_thinking": view.ai_thinking,
        "n": view.seen,
        "log": log_lines(reversed(position.log[-LOG_LINES:]), state.catalogue),
        "log_more": max(0, len(position.log) - LOG_LINES),
        "end_warning": end_warning_text(warning) if warning else "",
        "confirm_end": bool(warning) and confirm_end,
        "at_time": game.time_called_at is not None,
        "time_words": time_words(view.turns_left) if view.turns_left is not None else "",
    }


def time_words(left: int) -> str:
    """What a match game at time says of the turns it has left (ruling C-7.5c)."""
    if left == 1:
        return gettext("Time has been called: this is the last turn. A game not won by its "
                       "end is a draw (ruling C-7.5c).")
    return ngettext(
        "Time has been called: %(n)d turn left, this one included. A game not won by then "
        "is a draw (ruling C-7.5c).",
        "Time has been called: %(n)d turns left, this one included. A game not won by then "
        "is a draw (ruling C-7.5c).", left) % {"n": left}


def _draft_context(view: SeatView) -> dict:
    draft = view.draft
    return {"game": view.game, "revealed": [card_info(n) for n in draft.revealed],
            "picks": [card_info(n) for n in draft.picks], "pick_number": len(draft.picks) + 1,
            "n": len(draft.picks)}


def bans_context(view: SeatView) -> dict:
    """The ban-two step (C-2.5) as the view's seat sees it: both lists are revealed to both
    players (see engine/clash/formats/bans.py), the bans so far, whose step it is and, on the
    seat's own step, a button per card of the opponent's remaining list."""
    game, state = view.game, view.bans
    me, foe = letter(view.seat), letter(other(view.seat))
    at_time = time_refusal(game, timezone.now())
    return {
        "time_words": at_time.message if at_time else "",
        "game": game, "n": view.seen, "step": state.step, "your_ban": view.your_turn,
        "waiting": view.waiting, "opponent_name": view.opponent_name,
        "opponent_title": view.opponent_title,
        "ai_thinking": view.ai_thinking,
        "you": {"seat": me, "cards": [card_info(n) for n in state.remaining(me)],
                "banned": list(state.banned[me])},
        "opponent": {"seat": foe, "cards": [card_info(n) for n in state.remaining(foe)],
                     "banned": list(state.banned[foe])},
        **_match_context(game),
    }


def _game_page(request: HttpRequest, game: OnlineGame, *, error: str = "",
               status: int = 200, confirm_end: bool = False) -> HttpResponse:
    view = seat_view(game, game_seat_of(game, request.user))
    if game.status == GameStatus.DRAFTING:
        return render(request, "play/draft.html", {**_draft_context(view), "error": error},
                      status=status)
    if game.status == GameStatus.BANNING:
        return render(request, "play/bans.html", {**bans_context(view), "error": error},
                      status=status)
    return render(request, "play/game.html",
                  {**game_context(view, confirm_end=confirm_end), "error": error,
                   **_match_context(game)}, status=status)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def game_page(request: HttpRequest, pk: int) -> HttpResponse:
    game = game_for(request.user, pk)
    if game is None:
        raise Http404(gettext("No such game."))
    if request.method != "POST":
        online_game_read_repair(game=game, now=timezone.now())
        return _game_page(request, game)
    try:
        seen = int(request.POST.get("n", ""))
    except ValueError:
        seen = -1
    if "confirm_end" in request.POST and "action" not in request.POST:
        # "End the turn" while cards are still playable, from a page without script: ask
        # first (the page's "Yes, end the turn" posts the action itself). Nothing changes.
        if game.status == GameStatus.PLAYING and seen == len(game.actions):
            return _game_page(request, game, confirm_end=True)
        return _game_page(request, game, status=409, error="the game has moved on since "
                          "this page was built: here is the game as it stands")
    with domain_errors(say=None) as refused:
        if game.status == GameStatus.BANNING:
            online_game_ban(game_id=game.pk, user=request.user,
                            card=request.POST.get("ban", ""), seen=seen, now=timezone.now())
        elif game.status == GameStatus.DRAFTING:
            solo_draft_pick(game_id=game.pk, user=request.user,
                            card=request.POST.get("pick", ""), seen=seen, now=timezone.now())
        else:
            online_game_act(game_id=game.pk, user=request.user,
                            token=request.POST.get("action", ""), seen=seen,
                            now=timezone.now())
    if refused:
        game.refresh_from_db()
        return _game_page(request, game, error=refused.message, status=refused.status)
    return redirect("play:game", pk=game.pk)


@login_required
@require_GET
def game_fragment(request: HttpRequest, pk: int) -> HttpResponse:
    """The game region alone, for the refresh script while the player waits."""
    game = game_for(request.user, pk)
    if game is None or game.status == GameStatus.DRAFTING:
        raise Http404(gettext("No such game."))
    if game.status == GameStatus.BANNING:
        return render(request, "play/_bans.html",
                      bans_context(seat_view(game, game_seat_of(game, request.user))))
    online_game_read_repair(game=game, now=timezone.now())
    return render(request, "play/_game.html",
                  game_context(seat_view(game, game_seat_of(game, request.user))))
