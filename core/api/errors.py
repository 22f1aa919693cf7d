"""The API's one error shape: `{"error": {"code", "message", "problems"?, "fields"?}}`.

Domain errors (core.errors) keep their own code, message and problems (and under `fields` the
problems about one input, by its name); their class picks the
status, here and nowhere else (`HTTP_STATUS`): 400 for input that breaks a rule, 403 for an
action that is not the user's, 404 for a row that is missing or not visible, 409 for a
conflict with the current state. DRF's own errors get the same shape: validation errors
become code "invalid" with a message naming the fields and one problem per field error; the
others (not authenticated, not found, method not allowed, bad JSON) keep DRF's code and
text. Messages are in the active language (the request's); field names stay as the API
spells them. Anything else is a bug and is left to Django (a 500), never swallowed.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.utils.translation import gettext
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from core.errors import Conflict, DomainError, Forbidden, NotFound, capped

NON_FIELD = "non_field_errors"

# The one mapping from what happened to the HTTP answer (the pages use it too).
HTTP_STATUS: dict[type[DomainError], int] = {
    DomainError: 400,
    Forbidden: 403,
    NotFound: 404,
    Conflict: 409,
}


def http_status(error: DomainError) -> int:
    """The status of `error`'s class, or of the nearest class above it that has one."""
    for cls in type(error).__mro__:
        if cls in HTTP_STATUS:
            return HTTP_STATUS[cls]
    raise TypeError(f"{type(error).__name__} is not a domain error")


@contextmanager
def inputs_named(names: dict[str, str]) -> Iterator[None]:
    """A domain error raised in the block names the inputs as the request does: `names`
    maps the service's argument to the request's field (`{"round_number": "round"}`)."""
    try:
        yield
    except DomainError as exc:
        exc.rename_fields(names)
        raise


def field_problems(detail: Any, path: str = "") -> list[tuple[str, str]]:
    """(field path, message) for every message of a nested DRF validation error."""
    if isinstance(detail, dict):
        found = []
        for key, value in detail.items():
            name = path if key == NON_FIELD else (f"{path}.{key}" if path else str(key))
            found.extend(field_problems(value, name))
        return found
    if isinstance(detail, list):
        found = []
        for index, value in enumerate(detail):
            # A list of messages belongs to the field; a list of dicts/lists is per item.
            child = f"{path}.{index}" if isinstance(value, dict | list) else path
            found.extend(field_problems(value, child))
        return found
    return [(path, str(detail))]


def validation_error_body(detail: Any) -> dict:
    pairs = field_problems(detail)
    fields = list(dict.fromkeys(field for field, _ in pairs if field))
    problems = capped([f"{field}: {message}" if field else message
                       for field, message in pairs])
    if fields:
        message = gettext("invalid input in %(fields)s") % {"fields": ", ".join(fields)}
    else:
        message = problems[0] if problems else gettext("invalid input")
    return {"error": {"code": "invalid", "message": message, "problems": problems}}


def exception_handler(exc: Exception, context: dict) -> Response | None:
    if isinstance(exc, DomainError):
        set_rollback()
        return Response(exc.to_json(), status=http_status(exc))
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        response.data = validation_error_body(exc.detail)
        return response
    detail = response.data.get("detail", "") if isinstance(response.data, dict) else ""
    code = getattr(detail, "code", None) or "error"
    response.data = {"error": {"code": code, "message": str(detail)}}
    return response
