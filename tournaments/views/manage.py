"""The organizer's dashboard and actions: start the event, pair the next round, settle
results (on the match page, linked from here), drops, adding and removing players, the top
cut, completing the event, more organizers and the event's judges (views.penalties); each
player's registered list with its deck checks, and publishing the lists; posting announcements
to the players and withdrawing them.

Every action is a POST checked by `organizer_action` before the service runs. Pairing posts
the round number the dashboard showed, so a double click (or a second tab) pairs that round
once and the second request just says it is paired.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET

from core.errors import Conflict
from core.views import NOT_THE_INPUT, Refusal, domain_errors, refusals_shown
from tournaments.forms.announcements import AnnouncementForm
from tournaments.forms.penalties import JudgeAddForm
from tournaments.forms.people import GuestAddForm, OrganizerAddForm, PlayerAddForm
from tournaments.forms.registrations import DeckCheckForm
from tournaments.forms.rounds import LatePlayerForm, RoundNumberForm, SwapForm
from tournaments.models import (
    Event,
    EventFormat,
    EventStatus,
    Match,
    MatchStatus,
    Registration,
    Round,
    RoundStage,
)
from tournaments.selectors.access import is_organizer, may_judge
from tournaments.selectors.announcements import announcements_board
from tournaments.selectors.events import dashboard_for
from tournaments.selectors.registrations import (
    deck_checks_of,
    registered_list,
    registrations_for_event,
)
from tournaments.selectors.rounds import label_for
from tournaments.selectors.squads import matches_with_squad_problems, squads_by_match
from tournaments.services.announcements import announcement_post, announcement_withdraw
from tournaments.services.corrections import registration_undrop, round_swap, round_unpair
from tournaments.services.decklists import deck_check_record, event_lists_publish
from tournaments.services.events import event_complete, event_start, organizer_add
from tournaments.services.registrations import (
    registration_add,
    registration_check_in,
    registration_drop,
    registration_remove,
)
from tournaments.services.rounds import round_pair
from tournaments.services.states import require_round_unplayed
from tournaments.services.topcut import topcut_advance, topcut_start
from tournaments.services.walkins import registration_claim_code_renew, registration_guest_add

from .claims import claim_path
from .clock_shown import dashboard_clock
from .common import event_context, event_or_404, organizer_action, page_of, render_event
from .corrections_shown import dashboard_corrections
from .pods import pod_rows


def _dashboard(request: HttpRequest, event: Event, *, status: int = 200,
               add_form: PlayerAddForm | None = None,
               guest_form: GuestAddForm | None = None,
               organizer_form: OrganizerAddForm | None = None,
               announcement_form: AnnouncementForm | None = None,
               late_form: LatePlayerForm | None = None,
               judge_form: JudgeAddForm | None = None) -> HttpResponse:
    context = event_context(request, event, "manage")
    seats = registrations_for_event(event)
    board = dashboard_for(event)
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
    context["corrections"] = _corrections(event, board)
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
    return _dashboard(request, event)


def _refused(request: HttpRequest, event: Event, *_args: object, refused: Refusal,
             **_kwargs: object) -> HttpResponse:
    """The service said no: the dashboard again, with its reason, and nothing changed."""
    event.refresh_from_db()
    return _dashboard(request, event, status=refused.status)


# An organizer action the service refuses answers with the dashboard and the reason.
on_the_dashboard = refusals_shown(_refused)


def _back(event: Event) -> HttpResponse:
    return redirect("tournaments:dashboard", pk=event.pk)


@organizer_action
@on_the_dashboard
def start(request: HttpRequest, event: Event) -> HttpResponse:
    now = timezone.now()
    started, changed = event_start(event_id=event.pk, by=request.user, now=now)
    if not changed:
        messages.info(request, _("The event had already started."))
    else:
        messages.success(request, ngettext(
            "%(name)s has started: %(rounds)d Swiss round. Pair round 1 when the players are "
            "seated.",
            "%(name)s has started: %(rounds)d Swiss rounds. Pair round 1 when the players are "
            "seated.", started.rounds) % {"name": event.name, "rounds": started.rounds})
    return _back(event)


def _number(request: HttpRequest, event: Event) -> int | None:
    form = RoundNumberForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Reload the dashboard: the request did not say which round "
                                  "to pair."))
        return None
    return form.cleaned_data["number"]


def _paired(request: HttpRequest, event: Event, rnd, paired: bool,  # noqa: ANN001
            ) -> HttpResponse:
    label = label_for(rnd.stage, rnd.number, rnd.matches.count())
    if not paired:
        messages.info(request, _("%(round)s was already paired; nothing changed.")
                      % {"round": label})
    else:
        messages.success(request, _("%(round)s is paired. The players find their tables on "
                                    "the pairings page.") % {"round": label})
    return _back(event)


def _pair_numbered(request: HttpRequest, event: Event, service) -> HttpResponse:  # noqa: ANN001
    """Pair the round whose number the page showed (so a double click pairs it once)."""
    number = _number(request, event)
    if number is None:
        return _dashboard(request, event, status=400)
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
    return _back(event)


@organizer_action
def player_add(request: HttpRequest, event: Event) -> HttpResponse:
    form = PlayerAddForm(request.POST, event=event)
    if form.is_valid():
        with domain_errors(request, form=form) as refused:
            seat = registration_add(event_id=event.pk, by=request.user, now=timezone.now(),
                                    **form.service_arguments())
        if not refused:
            draft = event.format == EventFormat.DRAFT
            if seat.late_entry and draft:
                text = _("%(name)s is registered as a late entry.")
            elif seat.late_entry:
                text = _("%(name)s is registered as a late entry. The seat has no list until "
                         "they attach their own on the event's page.")
            elif draft:
                text = _("%(name)s is registered.")
            else:
                text = _("%(name)s is registered. The seat has no list until they attach "
                         "their own on the event's page.")
            messages.success(request, text % {"name": seat.name})
            return _back(event)
    messages.error(request, _("The player was not added: see the form below."))
    return _dashboard(request, event, add_form=form, status=400)


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
            return _back(event)
    messages.error(request, _("The guest was not added: see the form below."))
    return _dashboard(request, event, guest_form=form, status=400)


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
    return _back(event)


def _seat_action(request: HttpRequest, event: Event, registration: int, action,  # noqa: ANN001
                 done: str, **arguments) -> HttpResponse:  # noqa: ANN003
    seat = get_object_or_404(Registration.objects.select_related("player__profile"),
                             pk=registration, event=event)
    action(registration_id=seat.pk, by=request.user, **arguments)
    messages.success(request, done % {"name": seat.name})
    return _back(event)


@organizer_action
@on_the_dashboard
def player_remove(request: HttpRequest, event: Event, registration: int) -> HttpResponse:
    return _seat_action(request, event, registration, registration_remove,
                        _("%(name)s is no longer registered."))


@organizer_action
@on_the_dashboard
def player_drop(request: HttpRequest, event: Event, registration: int) -> HttpResponse:
    return _seat_action(request, event, registration, registration_drop,
                        _("%(name)s has dropped and will not be paired again."),
                        now=timezone.now())


@organizer_action
@on_the_dashboard
def player_undrop(request: HttpRequest, event: Event, registration: int) -> HttpResponse:
    return _seat_action(request, event, registration, registration_undrop,
                        _("%(name)s is back: they are paired again from the next round on."),
                        now=timezone.now())


@organizer_action
@on_the_dashboard
def unpair(request: HttpRequest, event: Event) -> HttpResponse:
    """Undo the pairing of the round the dashboard showed (so a second click refuses
    instead of undoing the round before)."""
    number = _number(request, event)
    if number is None:
        return _dashboard(request, event, status=400)
    round_unpair(event_id=event.pk, by=request.user, now=timezone.now(), number=number)
    messages.success(request, _("The pairing of round %(round)d is undone: pair it again when "
                                "the players are ready.") % {"round": number})
    return _back(event)


@organizer_action
@on_the_dashboard
def swap(request: HttpRequest, event: Event) -> HttpResponse:
    form = SwapForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose the round and two players to swap."))
        return _dashboard(request, event, status=400)
    one, two = round_swap(event_id=event.pk, by=request.user, now=timezone.now(),
                          **form.cleaned_data)
    messages.success(request, _("Tables %(first)d and %(second)d have swapped players.")
                     % {"first": one.table, "second": two.table})
    return _back(event)


@organizer_action
@on_the_dashboard
def player_check_in(request: HttpRequest, event: Event, registration: int) -> HttpResponse:
    return _seat_action(request, event, registration, registration_check_in,
                        _("%(name)s is checked in."), now=timezone.now())


@organizer_action
def organizer_new(request: HttpRequest, event: Event) -> HttpResponse:
    form = OrganizerAddForm(request.POST)
    if form.is_valid():
        user = form.cleaned_data["user"]
        with domain_errors(request, form=form, field="user") as refused:
            organizer_add(event_id=event.pk, by=request.user, user=user)
        if not refused:
            messages.success(request, _("%(name)s is now an organizer of %(event)s.")
                             % {"name": user.get_username(), "event": event.name})
            return _back(event)
    messages.error(request, _("No organizer was added: see the form below."))
    return _dashboard(request, event, organizer_form=form, status=400)


@organizer_action
@on_the_dashboard
def lists_publish(request: HttpRequest, event: Event) -> HttpResponse:
    already = event.lists_published
    event_lists_publish(event_id=event.pk, by=request.user, now=timezone.now())
    if already:
        messages.info(request, _("The lists were already published."))
    else:
        messages.success(request, _("The lists are published: everyone sees each player's "
                                    "registered version."))
    return _back(event)


def _seat_list(request: HttpRequest, event: Event, registration: int, *,
               form: DeckCheckForm | None = None, status: int = 200) -> HttpResponse:
    seat = get_object_or_404(Registration.objects.select_related("player__profile"),
                             pk=registration, event=event)
    rounds = list(Round.objects.filter(event=event).order_by("number")
                  .values_list("number", flat=True))
    can_check = (is_organizer(event, request.user)
                 and event.status in (EventStatus.RUNNING, EventStatus.TOP_CUT)
                 and seat.decklist_version_id is not None and bool(rounds))
    context = event_context(request, event, "manage")
    if not context["is_organizer"]:  # a judge, reading the list for a deck check
        context.update({"tab": "judge", "is_judge": True})
    context.update({
        "seat": seat,
        "listed": registered_list(event, seat, timezone.now()),
        "checks": list(deck_checks_of(event, seat)),
        "check_form": (form or DeckCheckForm(rounds=rounds)) if can_check else None,
    })
    return render_event(request, "tournaments/registered_list.html", context, status=status)


@login_required
@require_GET
def seat_list(request: HttpRequest, pk: int, registration: int) -> HttpResponse:
    """A player's registered version for the deck checks: its cards with their copies, the
    game's legality verdict, the deck checks made so far and (for the organizers) a form for
    the next. The event's judges read it too."""
    event = event_or_404(pk)
    # The event's judges read its lists for deck checks too (never another event's).
    if not may_judge(event, request.user):
        raise PermissionDenied(_("Only the organizers and judges of this event check its "
                                 "decks."))
    return _seat_list(request, event, registration)


@organizer_action
def deck_check(request: HttpRequest, event: Event, registration: int) -> HttpResponse:
    seat = get_object_or_404(Registration, pk=registration, event=event)
    rounds = list(Round.objects.filter(event=event).order_by("number")
                  .values_list("number", flat=True))
    form = DeckCheckForm(request.POST, rounds=rounds)
    if form.is_valid():
        # Not now (the event is over, the seat has no list): a message, not a form error.
        with domain_errors(request, form=form, not_on_form=NOT_THE_INPUT) as refused:
            check = deck_check_record(event_id=event.pk, registration_id=seat.pk,
                                      by=request.user, now=timezone.now(),
                                      **form.service_arguments())
        if refused and not refused.on_form:
            return _seat_list(request, event, seat.pk, status=refused.status)
        if not refused:
            count = deck_checks_of(event, seat).count()
            messages.success(request, ngettext(
                "Deck check of %(name)s in round %(round)d recorded: %(count)d check of "
                "this deck so far.",
                "Deck check of %(name)s in round %(round)d recorded: %(count)d checks of "
                "this deck so far.", count) % {"name": seat.name, "round": check.round_number,
                                               "count": count})
            return redirect("tournaments:seat_list", pk=event.pk, registration=seat.pk)
    messages.error(request, _("The deck check was not recorded: see the problem below."))
    return _seat_list(request, event, seat.pk, form=form, status=400)


@organizer_action
def announcement_new(request: HttpRequest, event: Event) -> HttpResponse:
    form = AnnouncementForm(request.POST)
    if form.is_valid():
        with domain_errors(request, form=form, field="text",
                           not_on_form=NOT_THE_INPUT) as refused:
            announcement_post(event_id=event.pk, by=request.user, now=timezone.now(),
                              text=form.cleaned_data["text"])
        if refused and not refused.on_form:
            return _dashboard(request, event, status=refused.status)
        if not refused:
            messages.success(request, _("The announcement is posted: the players see it on "
                                        "the event's page, the pairings and their Me page."))
            return _back(event)
    messages.error(request, _("The announcement was not posted: see the problem below."))
    return _dashboard(request, event, announcement_form=form, status=400)


@organizer_action
@on_the_dashboard
def announcement_remove(request: HttpRequest, event: Event, announcement: int) -> HttpResponse:
    _announcement, changed = announcement_withdraw(
        event_id=event.pk, announcement_id=announcement, by=request.user, now=timezone.now())
    if changed:
        messages.success(request, _("The announcement is withdrawn: the players no longer "
                                    "see it."))
    else:
        messages.info(request, _("The announcement was already withdrawn."))
    return _back(event)
