"""Domain errors of the web side: a rule the user can fix, with a code and a message.

Services raise them; views show the message next to the form, the API answers with
`{"error": {"code", "message", "problems"}}` and the HTTP status given here (400 for input
that is wrong in itself, 409 for a move out of turn or a conflict with the current state).
"""

from __future__ import annotations


class DomainError(Exception):
    status = 400

    def __init__(self, code: str, message: str, *, problems: list[str] | None = None,
                 status: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.problems = problems or []
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
