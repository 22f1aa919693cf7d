"""The match page: a player reports the result, the organizer sets or corrects it, and
everyone who may see the page sees every change (who, when, before and after). A player of
a Clash of Decks match against an AI seat or another person may play its games online
(tournaments.views.match_games starts them; the engine then records the result).

In a Berserk event that checks squads, each player submits on this page (a POST to the page
itself) the squad and placement of each game for the rules check (B-4, B-5); the page shows
a player their own checks, the organizers all of them, and both players both squads once the
match is confirmed. A match whose squads are missing or illegal is flagged for the organizer.

Only the match's two players and the event's organizers and judges see it: anonymous visitors
are sent to log in, anyone else gets a 403. A result a penalty changed says so to all of them;
the penalty itself (kind, player, note) only the organizers and judges see
(selectors.penalties).
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_http_methods, require_POST

from core.api.errors import http_status
from core.errors import Conflict, DomainError
from core.views import domain_errors
from decks.rules import engine_plays
from engine.clash.match_rules import MatchFormat
from engine.seats import SIDE_A, SIDE_B
from tournaments.forms.clock import MatchTimeForm
from tournaments.forms.matches import ResultForm, ResultSetForm, SquadSubmitForm
from tournaments.models import (
    EngineGame,
    Event,
    EventStatus,
    GameMode,
    Match,
    MatchStatus,
    ResultAction,
    RoundStage,
)
from tournaments.presenters.clock import match_clock_shown
from tournaments.presenters.job_errors import job_shown
from tournaments.presenters.result_notes import notes_shown
from tournaments.selectors.access import acts_as_judge
from tournaments.selectors.match_games import may_watch_engine_game
from tournaments.selectors.matches import (
    engine_job_of,
    history_rows,
    match_format,
    match_in_event,
    score_text,
    side_of,
)
from tournaments.selectors.online import match_online_summary
from tournaments.selectors.penalties import penalties_of_match
from tournaments.selectors.rounds import bracket_tables, label_for
from tournaments.selectors.squads import match_squads, squad_checks_seen
from tournaments.services.results import result_report, result_set
from tournaments.services.squads import squad_check_submit

from .common import event_context, event_or_404, render_event


def _load(request: HttpRequest, pk: int, match_pk: int) -> tuple[Event, Match, dict]:
    event = event_or_404(pk)
    match = match_in_event(event, match_pk)
    if match is None:
        raise Http404(gettext("No such match in this event."))
    context = event_context(request, event, "pairings")
    side = side_of(match, request.user)
    # `may_see_match`, from what is read (a judge holding any seat of the event is no judge
    # of it: selectors.access.acts_as_judge).
    judging = context["is_organizer"] or (side is None and acts_as_judge(event, request.user))
    if side is None and not judging:
        raise PermissionDenied(gettext("Only the two players, the organizers and the judges "
                                       "see this match."))
    context.update({"match": match, "side": side, "judging": judging,
                    "is_judge": judging and not context["is_organizer"]})
    return event, match, context


def _names(match: Match) -> tuple[str, str]:
    return match.player_a.name, match.player_b.name if match.player_b_id else "bye"


def _format(event: Event, match: Match) -> MatchFormat:
    return match_format(event, match.round)


def _initial(match: Match, side: str | None) -> dict:
    """The confirmed result, else the reporter's own report, else the other report."""
    if match.status == MatchStatus.CONFIRMED:
        return {"a_wins": match.a_wins, "b_wins": match.b_wins, "draws": match.draws}
    report = {SIDE_A: match.report_a, SIDE_B: match.report_b}.get(side or "")
    return report or match.report_a or match.report_b or {"draws": 0}


def _squads(request: HttpRequest, event: Event, match: Match, context: dict,
            squad_form: SquadSubmitForm | None, can_report: bool) -> dict:
    """What the page shows of the squad checks (none unless the event checks squads): the
    checks the viewer may see, whether each player's squads were checked and ok (the
    organizers see both players', a player their own), and a player's form."""
    if not event.check_squads or match.bye:
        return {"squads": None}
    side = context["side"]
    summary = match_squads(match, match.squad_checks.all())
    if not context["is_organizer"]:
        mine = match.player_a if side == SIDE_A else match.player_b
        summary.players = [p for p in summary.players if p.registration_id == mine.pk]
    if can_report and squad_form is None:
        squad_form = SquadSubmitForm(games=event.match_length)
    return {"squads": {
        "checks": [{"check": c, "text": json.dumps(c.squad, indent=1, ensure_ascii=False)}
                   for c in squad_checks_seen(match, event, request.user)],
        "summary": summary,
        "form": squad_form if can_report else None,
    }}


def _page(request: HttpRequest, event: Event, match: Match, context: dict, *,
          report_form: ResultForm | None = None, set_form: ResultSetForm | None = None,
          squad_form: SquadSubmitForm | None = None, status: int = 200) -> HttpResponse:
    a, b = _names(match)
    side = context["side"]
    open_ = event.status != EventStatus.COMPLETE and not match.bye
    online = (match_online_summary(match, event, request.user, now=timezone.now())
              if not match.bye else None)
    # A game being played online: the engine decides the match, a hand report is refused.
    engine_deciding = online is not None and online["current"] is not None
    can_report = (open_ and side is not None and match.status != MatchStatus.CONFIRMED
                  and not engine_deciding)
    can_set = open_ and context["is_organizer"]
    if can_report and report_form is None:
        report_form = ResultForm(initial=_initial(match, side), a=a, b=b, prefix="report",
                                 fmt=_format(event, match))
    if can_set and set_form is None:
        set_form = ResultSetForm(initial=_initial(match, None), a=a, b=b, prefix="set",
                                 fmt=_format(event, match))
    context.update(_squads(request, event, match, context, squad_form, can_report))
    changes = notes_shown(history_rows(match))
    # The result as a penalty left it: the players see that much, the organizers and judges
    # the penalty itself (kind, player, note).
    last = changes[-1].change if changes else None
    penalised = last is not None and last.action == ResultAction.PENALTY
    rnd = match.round
    rnd.event = event
    shown = match_clock_shown(match) if open_ else None
    context.update({
        "a": a, "b": b,
        "round_label": label_for(rnd.stage, rnd.number, bracket_tables(rnd))
        if rnd.stage == RoundStage.TOP_CUT
        else gettext("Round %(round)d") % {"round": rnd.number},
        "report_a": score_text(match.report_a), "report_b": score_text(match.report_b),
        "engine_deciding": engine_deciding,
        "set_aside": _set_aside(match, a, b),
        "result": score_text({"a_wins": match.a_wins, "b_wins": match.b_wins,
                              "draws": match.draws}) if match.status == MatchStatus.CONFIRMED
        else "",
        "report_form": report_form if can_report else None,
        "set_form": set_form if can_set else None,
        "changes": changes,
        "penalised": penalised,
        "engine_overridden": penalised and bool(last.before.get("engine_verified")),
        "penalties": penalties_of_match(match, event, request.user)
        if context["judging"] else [],
        "online": online,
        "engine_games": _engine_games(match, request.user),
        "engine_records": engine_plays(event.game) and not match.bye,
        # The organizers see the match's engine job: why it failed, if it did (its result
        # was refused, or it gave up), so they set the result by hand.
        "job": job_shown(engine_job_of(match)) if context["is_organizer"] else None,
        "format": _format(event, match),
        "next": request.POST.get("next") or request.GET.get("next", ""),
        # The table's clock, the organizers' and judges' extra-time form and the time given.
        "match_clock": shown,
        "time_form": MatchTimeForm(initial={"seen": match.extra_minutes})
        if shown and context["judging"] and not match.bye else None,
        "time_grants": list(match.clock_changes.select_related("by")) if shown else [],
    })
    return render_event(request, "tournaments/match.html", context, status=status)


def _engine_games(match: Match, user) -> list[dict]:  # noqa: ANN001
    """The match's finished games the engine played or replayed from an uploaded record
    (the online ones are listed with their online games), each with whether the viewer may
    replay it now: a game the server seeded waits until the match is confirmed (its record
    holds the seed)."""
    games = (EngineGame.objects.filter(match=match, record__isnull=False)
             .exclude(winner="").exclude(mode=GameMode.ONLINE).order_by("number"))
    return [{"game": g, "replay": may_watch_engine_game(g, user)} for g in games]


def _set_aside(match: Match, a: str, b: str) -> list[str]:
    """The reports the engine's result overrode: once the engine has decided the match they
    are history (kept in the audit trail), never the match's state."""
    if not (match.engine_verified and match.status == MatchStatus.CONFIRMED):
        return []
    result = {"a_wins": match.a_wins, "b_wins": match.b_wins, "draws": match.draws}
    return [gettext("%(name)s's report %(score)s was set aside: the engine decided the match "
                    "from its games") % {"name": name, "score": score_text(report)}
            for name, report in ((a, match.report_a), (b, match.report_b))
            if report and report != result]


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def match_page(request: HttpRequest, pk: int, match: int) -> HttpResponse:
    """The page; a POST submits the player's squad of a game (events that check squads)."""
    event, found, context = _load(request, pk, match)
    if request.method == "POST":
        return _squad_submit(request, event, found, context)
    return _page(request, event, found, context)


def _squad_submit(request: HttpRequest, event: Event, match: Match,
                  context: dict) -> HttpResponse:
    side = context["side"]
    if side is None:
        raise PermissionDenied(gettext("Only the two players of a match submit their squads."))
    mine = match.player_a if side == SIDE_A else match.player_b
    form = SquadSubmitForm(request.POST, games=event.match_length)
    if form.is_valid():
        # Not now (the match is confirmed, the event checks no squads): the page offers no
        # form to put it on.
        with domain_errors(request, form=form, not_on_form=(Conflict,),
                           say=gettext("Your squad was not recorded: {message}.")) as refused:
            check = squad_check_submit(match_id=match.pk, registration_id=mine.pk,
                                       by=request.user, now=timezone.now(),
                                       **form.service_arguments())
        if refused and not refused.on_form:
            match.refresh_from_db()
            return _page(request, event, match, context, status=refused.status)
        if not refused:
            if check.ok:
                messages.success(request, gettext("Your squad for game %(game)d is legal and "
                                                  "recorded.") % {"game": check.game_number})
            else:
                count = len(check.problems)
                messages.warning(request, ngettext(
                    "Your squad for game %(game)d is recorded with %(count)d problem: the "
                    "organizers see it. Fix it and send it again if it was a mistake.",
                    "Your squad for game %(game)d is recorded with %(count)d problems: the "
                    "organizers see them. Fix it and send it again if it was a mistake.",
                    count) % {"game": check.game_number, "count": count})
            return redirect("tournaments:match", pk=event.pk, match=match.pk)
    messages.error(request, gettext("Your squad was not recorded: see the problem below."))
    match.refresh_from_db()
    return _page(request, event, match, context, squad_form=form, status=400)


@login_required
@require_POST
def match_report(request: HttpRequest, pk: int, match: int) -> HttpResponse:
    event, found, context = _load(request, pk, match)
    if context["side"] is None:
        raise PermissionDenied(gettext("Only the two players of a match report its result."))
    a, b = _names(found)
    form = ResultForm(request.POST, a=a, b=b, prefix="report", fmt=_format(event, found))
    if form.is_valid():
        try:
            after = result_report(match_id=found.pk, by=request.user, now=timezone.now(),
                                  **form.service_arguments())
        except Conflict as exc:
            if exc.code != "engine_decides":
                form.add_domain_error(exc)
            else:
                # The page offers no report form while the engine plays: say why instead.
                messages.error(request, gettext("Your report was not sent. %(reason)s.")
                               % {"reason": exc.message})
                found.refresh_from_db()
                return _page(request, event, found, context, status=http_status(exc))
        except DomainError as exc:
            form.add_domain_error(exc)
        else:
            messages.success(request, _reported(after))
            return redirect("tournaments:match", pk=event.pk, match=found.pk)
    messages.error(request, gettext("Your report was not sent: see the problem below."))
    found.refresh_from_db()
    return _page(request, event, found, context, report_form=form, status=400)


def _reported(match: Match) -> str:
    if match.status == MatchStatus.CONFIRMED:
        return (gettext("Result confirmed: %(score)s.")
                % {"score": score_text(match.report_a or match.report_b)})
    if match.status == MatchStatus.DISPUTED:
        return gettext("Your report is in, but it differs from your opponent's: an organizer "
                       "will settle the result.")
    if match.is_ai_match:
        return gettext("Your report is in: an organizer or the engine confirms results "
                       "against the AI.")
    return gettext("Your report is in: the result is confirmed when your opponent reports "
                   "the same.")


@login_required
@require_POST
def match_set(request: HttpRequest, pk: int, match: int) -> HttpResponse:
    event, found, context = _load(request, pk, match)
    if not context["is_organizer"]:
        raise PermissionDenied(gettext("Only the organizers set results."))
    a, b = _names(found)
    form = ResultSetForm(request.POST, a=a, b=b, prefix="set", fmt=_format(event, found))
    if form.is_valid():
        before = found.status, found.a_wins, found.b_wins, found.draws
        with domain_errors(request, form=form) as refused:
            after = result_set(match_id=found.pk, by=request.user, now=timezone.now(),
                               note=form.cleaned_data["note"], **form.service_arguments())
        if not refused:
            values = {"table": after.table, "a": a, "b": b,
                      "score": score_text(form.service_arguments())}
            if (after.status, after.a_wins, after.b_wins, after.draws) == before:
                text = (gettext("The result of table %(table)s was already %(score)s.")
                        if after.table else
                        gettext("The result of the match was already %(score)s."))
                messages.info(request, text % values)
            else:
                text = (gettext("Result of table %(table)s set: %(a)s %(score)s %(b)s.")
                        if after.table else
                        gettext("Result of the match set: %(a)s %(score)s %(b)s."))
                messages.success(request, text % values)
            target = request.POST.get("next", "")
            if target and url_has_allowed_host_and_scheme(
                    target, allowed_hosts={request.get_host()},
                    require_https=request.is_secure()):
                # A URL, never a view name: redirect("1") would try to reverse "1".
                return HttpResponseRedirect(target)
            return redirect("tournaments:match", pk=event.pk, match=found.pk)
    messages.error(request, gettext("The result was not set: see the problem below."))
    found.refresh_from_db()
    return _page(request, event, found, context, set_form=form, status=400)
