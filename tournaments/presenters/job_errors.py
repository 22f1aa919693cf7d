"""Why an engine job failed, in the reader's language.

A failed job stores a stable `error_code` and its `error_params` (`services.engine_jobs`):
`result_refused` (the result writer refused the engine's score: the score, the match's
format and the refusal's own code, params and message) or `gave_up` (the sweeper's cap on
deliveries). Each is put into one sentence here when it is read. Jobs that failed before the
codes have only their English `error` text, shown as it is; so is a refusal whose code has no
sentence here (its message as the worker wrote it).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, ngettext

from engine.clash.match_rules import MatchFormat
from tournaments.models import MatchJob
from tournaments.presenters.score_problems import score_problems

Params = dict[str, Any]


def _score(score: Params) -> str:
    text = f"{score['a_wins']}-{score['b_wins']}"
    return text + (f"-{score['draws']}" if score["draws"] else "")


def _refusal(p: Params) -> str:
    """The result writer's refusal (services.results.engine_write), by its code."""
    refusal, params = p["refusal"], p["refusal"].get("params", {})
    code = refusal["code"]
    if code == "invalid_result":
        fmt = MatchFormat(best_of=p["best_of"], top_cut=p["top_cut"])
        problems = score_problems(fmt, **p["score"])
        if problems:
            return "; ".join(problems)
    elif code == "bye":
        return gettext("a bye is a 2-0 win: it has no games to record")
    elif code == "event_complete":
        return gettext("%(event)s is complete: its results are final") % params
    elif code == "already_confirmed":
        return gettext("table %(table)s is confirmed as %(match)s, the engine recorded "
                       "%(result)s: an organizer settles it") % {
            "table": params["table"], "match": params["score"],
            "result": params["engine_score"]}
    return refusal["message"]


def job_error_text(code: str, params: Params, text: str) -> str:
    """A failed job's reason in the active language; `text` (the English stored with it)
    when it has no code."""
    if code == "result_refused":
        return gettext("the engine's result %(score)s was not recorded: %(reason)s. Set the "
                       "result by hand.") % {"score": _score(params["score"]),
                                             "reason": _refusal(params)}
    if code == "gave_up":
        deliveries = ngettext("%(count)d delivery", "%(count)d deliveries",
                              params["deliveries"]) % {"count": params["deliveries"]}
        attempts = ngettext("%(count)d attempt", "%(count)d attempts",
                            params["attempts"]) % {"count": params["attempts"]}
        return gettext("gave up after %(deliveries)s and %(attempts)s") % {
            "deliveries": deliveries, "attempts": attempts}
    return text


def job_shown(job: MatchJob | None) -> MatchJob | None:
    """The engine's job of a match (selectors.matches.engine_job_of) with `reason`: why it
    failed in the reader's language ("" unless it failed)."""
    if job is not None:
        job.reason = job_error_text(job.error_code, job.error_params, job.error)
    return job
