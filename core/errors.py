"""Domain errors of the web side: a rule the user can fix, with a code, a message and the
values the message names.

Services raise them and say what happened, never how to answer it: `DomainError` itself is
input that breaks a rule, `NotFound` a row that does not exist (or is not visible to the
user), `Forbidden` an action that is not the user's to take, `Conflict` a request that is
fine but not now (a move out of turn, a conflict with the current state). The API maps the
classes to HTTP statuses in one place (`core.api.errors.http_status`) and answers
`{"error": {"code", "message", "problems", "fields"}}`; pages show the message (`core.views`).

A problem may say which input it is about: `Problem(text, field="top_cut")`, a string that
carries the input's name (the form field's and the API's). Pages put it beside that field and
the API lists it under `fields`, by the tag and never by the words, which change with the
language. A problem built by joining strings loses its tag: tag the finished text.

`code` is stable (programs and translations key on it); `params` holds the values the
message interpolates (the card, the round, the count) by name, so the message can be written
again from the code in another language.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import ngettext

from core.error_messages import engine_message
from core.numbers import grouped

# A domain error reports at most this many problems (and counts the rest), each cut to a
# readable length (a problem may quote the bad value): a huge bad file must not produce a
# huge answer.
MAX_PROBLEMS = 50
MAX_PROBLEM_CHARS = 300


class Problem(str):
    """A problem's text (in the reader's language), with `field` the name of the input it is
    about (None: the input as a whole) and, for a problem a game's rules found, its stable
    `code` and the values the text names (`params`), which the API gives beside the text."""

    field: str | None
    code: str | None
    params: dict[str, Any]

    def __new__(cls, text: str, field: str | None = None, *, code: str | None = None,
                params: dict[str, Any] | None = None) -> Problem:
        problem = super().__new__(cls, text)
        problem.field = field
        problem.code = code
        problem.params = dict(params or {})
        return problem

    def __reduce__(self) -> tuple:
        return (_problem, (str(self), self.field, self.code, self.params))


def _problem(text: str, field: str | None, code: str | None = None,
             params: dict[str, Any] | None = None) -> Problem:
    return Problem(text, field, code=code, params=params)


def problem_details(problems: list[str]) -> list[dict[str, Any]]:
    """Each problem as the API details it: its text, its code (None for a problem without
    one) and its params."""
    return [{"message": str(p), "code": getattr(p, "code", None),
             "params": dict(getattr(p, "params", None) or {})} for p in problems]


def field_of(problem: str) -> str | None:
    """The input `problem` is about, or None (an untagged string)."""
    return getattr(problem, "field", None)


def _short(problem: str) -> str:
    if len(problem) <= MAX_PROBLEM_CHARS:
        return problem if isinstance(problem, Problem) else str(problem)
    return Problem(problem[:MAX_PROBLEM_CHARS] + "...", field_of(problem),
                   code=getattr(problem, "code", None), params=getattr(problem, "params", None))


def capped(problems: list[str], limit: int = MAX_PROBLEMS) -> list[str]:
    """The first `limit` problems (each keeping its field), and a last line counting the ones
    left out."""
    shown = [_short(p) for p in problems[:limit]]
    if len(problems) > limit:
        left = len(problems) - limit
        shown.append(ngettext("... and %(count)s more problem", "... and %(count)s more problems",
                              left) % {"count": grouped(left)})
    return shown


class DomainError(Exception):
    """Input that breaks a rule the user can fix (the API answers 400)."""

    def __init__(self, code: str, message: str, *, problems: list[str] | None = None,
                 params: dict[str, Any] | None = None, field: str | None = None) -> None:
        """`field`: the input the message is about, for an error without problems."""
        super().__init__(message)
        self.code = code
        self.message = message
        self.problems = capped(problems or [])
        self.params = dict(params or {})
        self.field = field

    def placed(self) -> list[tuple[str | None, str]]:
        """(the input it is about or None, text) for each problem; without problems, the
        message with the error's `field`."""
        if not self.problems:
            return [(self.field, str(self.message))]
        return [(field_of(p), str(p)) for p in self.problems]

    def rename_fields(self, names: dict[str, str]) -> None:
        """Tag the problems about an input in `names` with its name there instead (an API
        that calls the service's argument otherwise)."""
        self.problems = [p if field_of(p) not in names else Problem(
            p, names[field_of(p)], code=getattr(p, "code", None),
            params=getattr(p, "params", None)) for p in self.problems]
        self.field = names.get(self.field, self.field) if self.field is not None else None

    @property
    def fields(self) -> dict[str, list[str]]:
        """The problems about one input, by the input's name (the untagged ones left out)."""
        found: dict[str, list[str]] = {}
        for field, text in self.placed():
            if field is not None:
                found.setdefault(field, []).append(text)
        return found

    def to_json(self) -> dict:
        data: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.problems:
            data["problems"] = [str(p) for p in self.problems]
            if any(getattr(p, "code", None) for p in self.problems):
                data["details"] = problem_details(self.problems)
        if fields := self.fields:
            data["fields"] = fields
        return {"error": data}


class NotFound(DomainError):
    """The thing named does not exist, or the user may not see it (HTTP 404)."""


class Forbidden(DomainError):
    """The thing exists, but this action is not the user's to take (HTTP 403)."""


class Conflict(DomainError):
    """The request is fine but the state does not allow it now (HTTP 409)."""


# What an engine error may say besides its message, kept as params under the same names.
_ENGINE_DETAILS = ("reason", "option", "seat", "step")


def from_engine(exc: Exception, code: str | None = None, *,
                 kind: type[DomainError] = DomainError, frame: str | None = None,
                 problems: list[str] | None = None,
                 params: dict[str, Any] | None = None) -> DomainError:
    """The domain error that reports an engine error (`EngineError` and its kinds, or the
    file readers' and the pairing's `ValueError`s) to the user: its message, set in `frame`
    where one is given (a whole translated sentence with a `%(problem)s` placeholder, "In pod
    %(pod)d: %(problem)s", never a fragment glued before it), under `code` (by default the
    engine's stable `reason`, else its `code`).

    The message is in the active language (the request's): the sentence of the engine's
    reason or code in `core.error_messages`, filled in with the engine's params, where the
    language's catalogue translates it; else the engine's own English message.

    The engine's own code, params and details go into `params` (`engine_code`, `reason`,
    `option`, `seat`, `step`, where it has them), with `engine_message` the English text it
    gave, so the message can be rendered again from codes. Raise it `from None`: the engine
    error is the user's input, not a bug to trace."""
    english = getattr(exc, "message", None) or str(exc)
    engine_params = getattr(exc, "params", None)
    found: dict[str, Any] = dict(engine_params) if isinstance(engine_params, dict) else {}
    found["engine_message"] = english
    engine_code = getattr(exc, "code", None)
    if isinstance(engine_code, str):
        found["engine_code"] = engine_code
    for name in _ENGINE_DETAILS:
        value = getattr(exc, name, None)
        if value is not None:
            found[name] = value
    if code is None:
        code = found.get("reason") or found.get("engine_code") or "engine"
    message = english
    if isinstance(engine_code, str):
        message = engine_message(english, engine_code, found.get("reason"), found)
    if frame is not None:
        message = frame % {"problem": message}
    return kind(code, message, problems=problems, params={**found, **(params or {})})
