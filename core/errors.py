"""Domain errors of the web side: a rule the user can fix, with a code and a message.

Services raise them; views show the message next to the form, the API answers with
`{"error": {"code", "message", "problems"}}` and the HTTP status given here (400 for input
that is wrong in itself, 409 for a move out of turn or a conflict with the current state).
"""

from __future__ import annotations

# A domain error reports at most this many problems (and counts the rest), each cut to a
# readable length (a problem may quote the bad value): a huge bad file must not produce a
# huge answer.
MAX_PROBLEMS = 50
MAX_PROBLEM_CHARS = 300


def _short(problem: str) -> str:
    return problem if len(problem) <= MAX_PROBLEM_CHARS else problem[:MAX_PROBLEM_CHARS] + "..."


def capped(problems: list[str], limit: int = MAX_PROBLEMS) -> list[str]:
    """The first `limit` problems, and a last line counting the ones left out."""
    shown = [_short(str(p)) for p in problems[:limit]]
    if len(problems) > limit:
        shown.append(f"... and {len(problems) - limit:,} more problems")
    return shown


class DomainError(Exception):
    status = 400

    def __init__(self, code: str, message: str, *, problems: list[str] | None = None,
                 status: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.problems = capped(problems or [])
        if status is not None:
            self.status = status

    def to_json(self) -> dict:
        data = {"code": self.code, "message": self.message}
        if self.problems:
            data["problems"] = self.problems
        return {"error": data}


class Conflict(DomainError):
    """The request is fine but the state does not allow it now (HTTP 409)."""

    status = 409
