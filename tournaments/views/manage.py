"""The organizer's dashboard and running the event: start it, pair the next round (and undo
or change a pairing while no result is in), the top cut, completing the event. The other
actions of the dashboard have their own modules: the seats and organizers (views.seats), the
walk-ins (views.walkins), the lists and deck checks (views.deck_checks), the announcements
(views.announcements), the judges (views.penalties), the clock (views.clock) and the
corrections (views.corrections).

Every action is a POST checked by `organizer_action` before the service runs. Pairing posts
the round number the dashboard showed, so a double click (or a second tab) pairs that round
once and the second request just says it is paired.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET

from core.errors import Conflict
from core.views import Refusal, refusals_shown
from decks.rules import engine_plays
from tournaments.forms.announcements import AnnouncementForm
from tournaments.forms.penalties import JudgeAddForm
from tournaments.forms.people import OrganizerAddForm, PlayerAddForm
from tournaments.forms.rounds import LatePlayerForm, RoundNumberForm, SwapForm
from tournaments.forms.starting import AISeatsForm, StartForm
from tournaments.forms.walkins import GuestAddForm
from tournaments.models import (
    Event,
    EventFormat,
    EventStatus,
    Match,
    MatchStatus,
    Phase,
    Registration,
    RoundStage,
)
from tournaments.presenters.clock import dashboard_clock
from tournaments.presenters.corrections import dashboard_corrections
from tournaments.presenters.result_notes import reasons_shown
from tournaments.selectors.access import is_organizer
from tournaments.selectors.announcements import announcements_board
from tournaments.selectors.events import dashboard_for
from tournaments.selectors.placings import cut_phase
from tournaments.selectors.pods import pods_drafting
from tournaments.selectors.registrations import deck_checks_of, registrations_for_event
from tournaments.selectors.rounds import (
    ROUND_ALREADY_PAIRED,
    ROUND_PAIRED,
    bracket_tables,
    round_sentence,
)
from tournaments.selectors.squads import matches_with_squad_problems, squads_by_match
from tournaments.selectors.starting import start_questions
from tournaments.services.corrections import round_swap, round_unpair
from tournaments.services.events import event_complete, event_start
from tournaments.services.rounds import round_pair
from tournaments.services.states import require_round_unplayed
from tournaments.services.topcut import topcut_advance, topcut_start

from .common import event_context, event_or_404, organizer_action, page_of, render_event
from .pods import pod_rows


def dashboard_page(request: HttpRequest, event: Event, *, status: int = 200,
               add_form: PlayerAddForm | None = None,
               guest_form: GuestAddForm | None = None,
               organizer_form: OrganizerAddForm | None = None,
               announcement_form: AnnouncementForm | None = None,
               late_form: LatePlayerForm | None = None,
               judge_form: JudgeAddForm | None = None,
               ai_form: AISeatsForm | None = None,
               start_asked: bool = False) -> HttpResponse:
    context = event_context(request, event, "manage")
    seats = registrations_for_event(event)
    board = dashboard_for(event)
    reasons_shown(board.open_matches)
    # Events that check squads: each open match says whether each player's squads were
    # checked and legal, and every match with squad problems (confirmed ones too) is listed.
    squads = squads_by_match(event, board.open_matches)
    for match in board.open_matches:
        match.squads = squads.get(match.pk)
    in_the_cut = _in_the_cut(board) if event.status == EventStatus.TOP_CUT else None
    announcements, withdrawn = announcements_board(event)
    for seat in seats:
        seat.state = _seat_state(event, board, seat, in_the_cut or set())
    context.update({
        "board": board,
        "squad_problems": matches_with_squad_problems(event),
        "seats": page_of(request, seats),
        "counts": {
            # Before the start a dropped seat is a withdrawal: it no longer counts.
            "players": sum(1 for s in seats if not s.is_ai and not (
                s.dropped and event.status == EventStatus.REGISTRATION)),
            "checked_in": sum(1 for s in seats if s.checked_in and not s.is_ai),
            "dropped": sum(1 for s in seats if s.dropped and not s.is_ai),
        },
        "add_form": add_form or PlayerAddForm(event=event),
        "guest_form": guest_form or GuestAddForm(),
        # AI seats: a game the engine plays, not a draft (its pods seat them).
        "ai_form": ai_form or AISeatsForm(),
        "can_add_ai": (engine_plays(event.game) and event.format != EventFormat.DRAFT
                       and event.team_size == 1),
        "can_add": event.status in (EventStatus.REGISTRATION, EventStatus.RUNNING),
        "organizer_form": organizer_form or OrganizerAddForm(),
        "organizers": event.organizers.order_by("username"),
        "judge_form": judge_form or JudgeAddForm(),
        "judges": event.judges.order_by("username"),
        "deck_checks": list(deck_checks_of(event)),
        "announcement_form": announcement_form or AnnouncementForm(),
        "announcements": announcements,
        "withdrawn": withdrawn,
        "lists_fixed": event.lists_fixed(timezone.now()),
        "lists_missing": sum(1 for s in seats if not s.is_ai and not s.dropped
                             and not s.decklist_version_id),
    })
    # A draft event's pods drafting: each pair's progress, pick by pick (live, like the pods
    # page).
    context["pods"] = (pod_rows(event) if event.format == EventFormat.DRAFT
                       and event.status == EventStatus.RUNNING and board.last is None else [])
    # What the first round waits for: the pods still drafting and the seats to pick (read
    # after pod_rows made the picks whose time ran out).
    context["drafting"] = pods_drafting(event) if context["pods"] else []
    # The pods' hand-over buttons are the organizers' (a judge sees the dashboard too):
    # `is_organizer` comes with the event's context (views.common.event_context).
    context["corrections"] = _corrections(event, board)
    if event.status == EventStatus.REGISTRATION:
        context["start"] = start_questions(event)
        context["start_asked"] = start_asked
    # The round clock and its buttons; open tables whose time is called are flagged.
    context.update(dashboard_clock(event, board.last, board.open_matches))
    context.update(dashboard_corrections(event, board, seats, context["round_clock"], late_form))
    return render_event(request, "tournaments/dashboard.html", context, status=status)


def _corrections(event: Event, board) -> dict | None:  # noqa: ANN001
    """The latest Swiss round's pairing while it can still be undone or changed (no result
    in), with the players at its tables for the swap; None otherwise."""
    last = board.last
    if event.status != EventStatus.RUNNING or last is None or last.stage != RoundStage.SWISS:
        return None
    tables = [m for m in board.open_matches if m.player_b_id is not None]
    if not tables or any(m.status != MatchStatus.PENDING for m in tables):
        return None  # a result is in: no query needed to tell
    try:
        require_round_unplayed(last)
    except Conflict:
        return None
    seated = [(m.table, seat) for m in sorted(tables, key=lambda m: m.table)
              for seat in (m.player_a, m.player_b) if not seat.is_ai]
    return {"round": last, "seated": seated}


def _in_the_cut(board) -> set[int] | None:  # noqa: ANN001
    """The seats still in the top cut: those of its latest round that have not lost a
    confirmed match there (None before the cut)."""
    last = board.last
    if last is None or last.stage != RoundStage.TOP_CUT:
        return None
    alive = set()
    for match in Match.objects.filter(round=last).only(
            "player_a_id", "player_b_id", "status", "a_wins", "b_wins"):
        if match.status != MatchStatus.CONFIRMED:
            alive.update(r for r in (match.player_a_id, match.player_b_id) if r)
        else:
            alive.add(match.player_a_id if match.a_wins > match.b_wins else match.player_b_id)
    return alive


def _seat_state(event: Event, board, seat: Registration,  # noqa: ANN001
                in_the_cut: set[int]) -> str:
    """What the players table says a seat is doing: nobody is "playing" once their event
    is over for them (out of the top cut, or the event complete)."""
    if seat.dropped:
        return _("dropped")
    if event.status == EventStatus.REGISTRATION:
        if event.check_in_required:
            return _("checked in") if seat.checked_in else _("not checked in")
        return _("registered")
    if event.status == EventStatus.COMPLETE:
        champion = board.champion and board.champion.pk == seat.pk
        return _("champion") if champion else _("finished")
    if event.status == EventStatus.TOP_CUT:
        return _("in the top cut") if seat.pk in in_the_cut else _(
            "out of the top cut")
    return _("playing")


@login_required
@require_GET
def dashboard(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    if not is_organizer(event, request.user):
        raise PermissionDenied(_("Only the organizers of this event see its dashboard."))
    return dashboard_page(request, event)


def _refused(request: HttpRequest, event: Event, *_args: object, refused: Refusal,
             **_kwargs: object) -> HttpResponse:
    """The service said no: the dashboard again, with its reason, and nothing changed (the
    start's question open when the start asks)."""
    event.refresh_from_db()
    return dashboard_page(request, event, status=refused.status,
                      start_asked=refused.error.code in START_QUESTIONS)


# An organizer action the service refuses answers with the dashboard and the reason.
on_the_dashboard = refusals_shown(_refused)


# The refusals of a start that asks first (services.events.event_start).
START_QUESTIONS = ("seats_without_list", "pods_empty_seats")


def back_to_dashboard(event: Event, section: str = "") -> HttpResponse:
    """The dashboard again, at the section the action was taken from (its heading's id), so
    the organizer is where they were; at its top (where the messages show) for the next
    step's buttons, which are there."""
    answer = redirect("tournaments:dashboard", pk=event.pk)
    if section:
        answer["Location"] += f"#{section}"
    return answer


@organizer_action
@on_the_dashboard
def start(request: HttpRequest, event: Event) -> HttpResponse:
    """Start with the answers the dashboard's question posted; without them (or with answers
    that no longer match) the service asks, and the dashboard shows the question open."""
    form = StartForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Reload the dashboard: the start's answer was not readable."))
        return dashboard_page(request, event, status=400)
    now = timezone.now()
    started, changed = event_start(event_id=event.pk, by=request.user, now=now,
                                   **form.answers())
    if not changed:
        messages.info(request, _("The event had already started."))
    elif started.double_elimination:
        players = len(Phase.objects.get(event=started, number=1).entrants)
        messages.success(request, ngettext(
            "%(name)s has started: a double elimination of %(players)d players, %(rounds)d "
            "round up to the grand final. Pair round 1 when the players are seated.",
            "%(name)s has started: a double elimination of %(players)d players, %(rounds)d "
            "rounds up to the grand final. Pair round 1 when the players are seated.",
            started.rounds) % {"name": event.name, "rounds": started.rounds,
                               "players": players})
    elif started.single_elimination:
        players = len(cut_phase(started).entrants)
        messages.success(request, ngettext(
            "%(name)s has started: a single elimination of %(players)d players, %(rounds)d "
            "round. Pair round 1 when the players are seated.",
            "%(name)s has started: a single elimination of %(players)d players, %(rounds)d "
            "rounds. Pair round 1 when the players are seated.", started.rounds)
            % {"name": event.name, "rounds": started.rounds, "players": players})
    elif started.round_robin:
        messages.success(request, ngettext(
            "%(name)s has started: a round robin in %(groups)d group, %(rounds)d rounds. Pair "
            "round 1 when the players are seated.",
            "%(name)s has started: a round robin in %(groups)d groups, %(rounds)d rounds. Pair "
            "round 1 when the players are seated.", started.groups)
            % {"name": event.name, "rounds": started.rounds, "groups": started.groups})
    else:
        messages.success(request, ngettext(
            "%(name)s has started: %(rounds)d Swiss round. Pair round 1 when the players are "
            "seated.",
            "%(name)s has started: %(rounds)d Swiss rounds. Pair round 1 when the players are "
            "seated.", started.rounds) % {"name": event.name, "rounds": started.rounds})
    return back_to_dashboard(event)


def _number(request: HttpRequest, event: Event) -> int | None:
    form = RoundNumberForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Reload the dashboard: the request did not say which round "
                                  "to pair."))
        return None
    return form.cleaned_data["number"]


def _paired(request: HttpRequest, event: Event, rnd, paired: bool,  # noqa: ANN001
            ) -> HttpResponse:
    tables = bracket_tables(rnd)
    if not paired:
        messages.info(request, round_sentence(ROUND_ALREADY_PAIRED, rnd.stage, rnd.number,
                                              tables))
    else:
        messages.success(request, round_sentence(ROUND_PAIRED, rnd.stage, rnd.number, tables))
    return back_to_dashboard(event)


def _pair_numbered(request: HttpRequest, event: Event, service) -> HttpResponse:  # noqa: ANN001
    """Pair the round whose number the page showed (so a double click pairs it once)."""
    number = _number(request, event)
    if number is None:
        return dashboard_page(request, event, status=400)
    rnd, paired = service(event_id=event.pk, by=request.user, now=timezone.now(),
                          number=number)
    return _paired(request, event, rnd, paired)


@organizer_action
@on_the_dashboard
def pair(request: HttpRequest, event: Event) -> HttpResponse:
    return _pair_numbered(request, event, round_pair)


@organizer_action
@on_the_dashboard
def top_cut_start(request: HttpRequest, event: Event) -> HttpResponse:
    rnd, paired = topcut_start(event_id=event.pk, by=request.user, now=timezone.now())
    return _paired(request, event, rnd, paired)


@organizer_action
@on_the_dashboard
def top_cut_advance(request: HttpRequest, event: Event) -> HttpResponse:
    return _pair_numbered(request, event, topcut_advance)


@organizer_action
@on_the_dashboard
def complete(request: HttpRequest, event: Event) -> HttpResponse:
    _completed, changed = event_complete(event_id=event.pk, by=request.user, now=timezone.now())
    if not changed:
        messages.info(request, _("The event was already complete."))
    else:
        messages.success(request, _("%(event)s is complete. Its results are final.")
                         % {"event": event.name})
    return back_to_dashboard(event)


@organizer_action
@on_the_dashboard
def unpair(request: HttpRequest, event: Event) -> HttpResponse:
    """Undo the pairing of the round the dashboard showed (so a second click refuses
    instead of undoing the round before)."""
    number = _number(request, event)
    if number is None:
        return dashboard_page(request, event, status=400)
    round_unpair(event_id=event.pk, by=request.user, now=timezone.now(), number=number)
    messages.success(request, _("The pairing of round %(round)d is undone: pair it again when "
                                "the players are ready.") % {"round": number})
    return back_to_dashboard(event, "corrections-heading")


@organizer_action
@on_the_dashboard
def swap(request: HttpRequest, event: Event) -> HttpResponse:
    form = SwapForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose the round and two players to swap."))
        return dashboard_page(request, event, status=400)
    one, two = round_swap(event_id=event.pk, by=request.user, now=timezone.now(),
                          **form.cleaned_data)
    messages.success(request, _("Tables %(first)d and %(second)d have swapped players.")
                     % {"first": one.table, "second": two.table})
    return back_to_dashboard(event, "corrections-heading")
