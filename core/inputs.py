"""Input every app shares, checked before it is parsed: sizes, JSON, CSV and NUL bytes.

Bad input is the user's to fix, so it gets a clear 4xx and never a 500:

- a request body over `MAX_BODY_BYTES` is refused (413) before anything reads it, and each
  kind of input has its own, smaller limit, checked before it is read (`read_upload`, the
  API's parsers);
- JSON is parsed by `json_loads`: nesting deeper than `MAX_JSON_DEPTH` (which would otherwise
  overflow the parser's stack), NUL characters in strings (which PostgreSQL cannot store) and
  lone surrogates (`"\\ud800"`: half of a UTF-16 pair, which no UTF-8 text can hold, so
  neither the database nor an answer echoing it could be written) are refused like malformed
  JSON, in the API's JSON bodies, the JSON files uploaded to a page or the API and the JSON
  texts of form fields alike;
- CSV is read by `csv_rows`, which turns the csv module's errors (a field over its 128 KiB
  limit) into a line-numbered problem, and reads commas or semicolons (what spreadsheet
  programs save in many European locales), whichever the header line uses;
- NUL bytes in the URL path, the query string and form fields (and lone surrogates in form
  fields) are refused by `InputGuardMiddleware` (a form's CharField refuses them too, but a
  URL part or a query parameter would reach the database);
- a domain error keeps its list of problems to the first `core.errors.MAX_PROBLEMS`
  (`capped`), so a huge bad file does not produce a huge answer.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Iterable
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.formats import get_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from rest_framework import parsers, status
from rest_framework.exceptions import APIException, ParseError

from core.errors import DomainError
from core.numbers import grouped

# The largest request body the site reads at all: a 1 MB CSV upload and its form around it.
MAX_BODY_BYTES = 2 * 1024 * 1024
# A JSON body of the API (a decklist, a result, a move): far above any the API documents.
MAX_JSON_BODY_BYTES = 1_000_000
# A CSV the site imports (a collection, a card file), as an upload, a field or a body.
MAX_CSV_BYTES = 1_000_000
# Nothing the site reads nests deeper than a few levels (a game record: 3).
MAX_JSON_DEPTH = 32
NUL = "\x00"
# A code point of a UTF-16 surrogate: in a str only from a JSON escape, never from UTF-8 text.
SURROGATE = re.compile("[\ud800-\udfff]")


class InputError(DomainError):
    """Input that cannot be read at all (too large, too deep, not text, NUL bytes).
    `reason` is the message without the name of the input, for callers that phrase it."""

    def __init__(self, code: str, message: str, *, reason: str = "", **kwargs: Any) -> None:
        super().__init__(code, message, **kwargs)
        self.reason = reason or message



class PayloadTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too_large"
    default_detail = _("the request body is too large")


def size_text(limit: int) -> str:
    """A size in kB or MB, its number in the reader's format ("1,5 MB" in Czech)."""
    if limit < 1_000_000:
        return gettext("%(size)s kB") % {"size": grouped(limit // 1000)}
    megabytes = f"{limit / 1_000_000:g}".replace(".", get_format("DECIMAL_SEPARATOR"))
    return gettext("%(size)s MB") % {"size": megabytes}


# JSON --------------------------------------------------------------------------------------


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON value")


def _text_problem(value: str) -> str | None:
    """Why a text is refused whatever it is for: a NUL character, a lone surrogate. The
    message never quotes the text (a surrogate cannot be written into the answer)."""
    if NUL in value:
        return gettext("it holds a NUL character (\\u0000), which no text field accepts")
    if SURROGATE.search(value):
        return gettext("it holds a lone surrogate (\\ud800 to \\udfff), half of a UTF-16 "
                       "pair, which is no character: no text field accepts it")
    return None


def _json_problem(data: Any, limit: int) -> str | None:
    """Why parsed JSON is refused (too deep, a NUL character, a lone surrogate), walked
    without recursion."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            problem = _text_problem(value)
            if problem:
                return problem
        elif isinstance(value, dict | list):
            if depth > limit:
                return gettext("it nests deeper than %(limit)d levels") % {"limit": limit}
            if isinstance(value, dict):
                stack.extend((key, depth) for key in value)
                stack.extend((item, depth + 1) for item in value.values())
            else:
                stack.extend((item, depth + 1) for item in value)
    return None


def json_loads(text: str | bytes, *, what: str | None = None, code: str = "bad_json",
               depth: int = MAX_JSON_DEPTH) -> Any:
    """Parse JSON text, or raise InputError (HTTP 400) saying what is wrong with it.
    `what` names the text in the reader's language ("The squad"; by default "the JSON")."""
    what = what or gettext("the JSON")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise InputError(code, gettext("%(what)s is not UTF-8 text") % {"what": what}) from None
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise InputError(code, gettext("%(what)s nests deeper than %(limit)d levels")
                         % {"what": what, "limit": depth}) from None
    except json.JSONDecodeError as exc:
        reason = gettext("%(problem)s (line %(line)d, column %(column)d)") % {
            "problem": exc.msg, "line": exc.lineno, "column": exc.colno}
        raise InputError(code, gettext("%(what)s must be JSON: %(reason)s")
                         % {"what": what, "reason": reason}, reason=reason) from None
    except ValueError as exc:  # e.g. an integer of more digits than Python converts
        raise InputError(code, gettext("%(what)s must be JSON: %(reason)s")
                         % {"what": what, "reason": exc}, reason=str(exc)) from None
    problem = _json_problem(data, depth)
    if problem:
        raise InputError(code, gettext("%(what)s cannot be read: %(problem)s")
                         % {"what": what, "problem": problem})
    return data


# CSV ---------------------------------------------------------------------------------------


# The field separators a CSV may use: the comma, and the semicolon that spreadsheet programs
# write where the comma is the decimal mark (much of Europe).
CSV_DELIMITERS = ",;"
_QUOTED = re.compile(r'"[^"]*(?:"|$)')


def csv_delimiter(text: str) -> str:
    """The separator of a CSV text, read from its header line (quoted parts left out): the
    semicolon when the header has more semicolons than commas, else the comma. A header names
    columns, so it never holds a separator inside a name."""
    header = _QUOTED.sub("", text.split("\n", 1)[0])
    return max(CSV_DELIMITERS, key=lambda d: (header.count(d), d == ","))


def csv_rows(text: str, *, code: str = "bad_csv") -> list[list[str]]:
    """Every row of a CSV text (comma- or semicolon-separated, as its header line says, UTF-8
    with or without a byte-order mark), or InputError naming the line the csv module cannot
    read."""
    if NUL in text:
        raise InputError(code, gettext("the file holds a NUL byte: save it as CSV (UTF-8) "
                                       "text"))
    # A spreadsheet's "CSV UTF-8" starts with a byte-order mark; an upload's is gone already
    # (read_text_upload), a pasted text's or an API body's goes here.
    text = text.removeprefix("\ufeff")
    reader = csv.reader(io.StringIO(text), delimiter=csv_delimiter(text))
    try:
        return list(reader)
    except csv.Error as exc:
        if "field larger than field limit" in str(exc):
            reason = gettext("a field is longer than %(limit)s characters") % {
                "limit": grouped(csv.field_size_limit())}
        else:
            reason = str(exc)
        raise InputError(code, gettext("line %(line)d: %(reason)s")
                         % {"line": reader.line_num, "reason": reason}) from None


# Uploads -----------------------------------------------------------------------------------


def read_upload(upload: Any, *, limit: int, what: str | None = None) -> bytes:
    """The bytes of an uploaded file, refused by its size before it is read. `what` names
    it in the reader's language (by default "the file")."""
    what = what or gettext("the file")
    if upload.size is not None and upload.size > limit:
        raise InputError("too_large", gettext("%(what)s is %(size)s bytes; at most %(limit)s "
                                              "are accepted")
                         % {"what": what, "size": grouped(upload.size), "limit": grouped(limit)})
    data = upload.read(limit + 1)
    if len(data) > limit:
        raise InputError("too_large", gettext("%(what)s is larger than %(limit)s bytes")
                         % {"what": what, "limit": grouped(limit)})
    return data


def read_text_upload(upload: Any, *, limit: int, what: str | None = None) -> str:
    what = what or gettext("the file")
    try:
        return read_upload(upload, limit=limit, what=what).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError("not_text", gettext("%(what)s is not UTF-8 text")
                         % {"what": what}) from None


# The API's parsers -------------------------------------------------------------------------


def _read_body(stream: Any, limit: int, what: str) -> bytes:
    data = stream.read(limit + 1) if stream is not None else b""
    if len(data) > limit:
        raise PayloadTooLarge(gettext("%(what)s is larger than %(limit)s")
                              % {"what": what, "limit": size_text(limit)})
    return data


def _form_problem(data: Any) -> str | None:
    for key in data:
        texts = [key, *(value for value in data.getlist(key) if isinstance(value, str))]
        field = repr(SURROGATE.sub("", key.replace(NUL, "")))
        if any(NUL in text for text in texts):
            return gettext("The form field %(field)s holds a NUL byte") % {"field": field}
        # Django reads a form's bytes that are not UTF-8 as U+FFFD, so a surrogate comes
        # only from a caller that built the form itself: refused all the same.
        if any(SURROGATE.search(text) for text in texts):
            return gettext("The form field %(field)s holds a lone surrogate") % {
                "field": field}
    return None


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, limited by size, depth and NUL characters before anything sees
    the data."""

    limit = MAX_JSON_BODY_BYTES

    def parse(self, stream, media_type=None, parser_context=None) -> Any:  # noqa: ANN001
        body = _read_body(stream, self.limit, gettext("the JSON body"))
        try:
            return json_loads(body, what=gettext("the JSON body"))
        except InputError as exc:
            raise ParseError(exc.message) from None


class FormParser(parsers.FormParser):
    def parse(self, stream, media_type=None, parser_context=None) -> Any:  # noqa: ANN001
        data = super().parse(stream, media_type, parser_context)
        problem = _form_problem(data)
        if problem:
            raise ParseError(problem)
        return data


class MultiPartParser(parsers.MultiPartParser):
    def parse(self, stream, media_type=None, parser_context=None) -> Any:  # noqa: ANN001
        result = super().parse(stream, media_type, parser_context)
        problem = _form_problem(result.data) or _form_problem(result.files)
        if problem:
            raise ParseError(problem)
        return result


class CSVTextParser(parsers.BaseParser):
    """A CSV sent as the request body (Content-Type: text/csv), read up to its limit."""

    media_type = "text/csv"
    limit = MAX_CSV_BYTES

    def parse(self, stream, media_type=None, parser_context=None) -> dict:  # noqa: ANN001
        body = _read_body(stream, self.limit, gettext("the CSV body"))
        try:
            return {"text": body.decode("utf-8-sig")}
        except UnicodeDecodeError:
            raise ParseError(gettext("the CSV body is not UTF-8 text")) from None


# The middleware ----------------------------------------------------------------------------


def _refusal(request: HttpRequest, status_code: int, code: str, message: str) -> HttpResponse:
    if request.path_info.startswith("/api/"):
        return JsonResponse({"error": {"code": code, "message": message}}, status=status_code)
    html = render_to_string("input_error.html", {"message": message}, request=request)
    return HttpResponse(html, status=status_code)


def _has_nul(values: Iterable[str]) -> bool:
    return any(NUL in value for value in values)


class InputGuardMiddleware:
    """Refuses a request before any view reads it: a body over MAX_BODY_BYTES (by its
    Content-Length, before it is read; 413), or a NUL byte in the path, the query string or
    a posted form field (400)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        refusal = self.refusal(request)
        return refusal if refusal is not None else self.get_response(request)

    def refusal(self, request: HttpRequest) -> HttpResponse | None:
        length = request.META.get("CONTENT_LENGTH") or "0"
        try:
            length = int(length)
        except ValueError:
            return _refusal(request, 400, "bad_request",
                            gettext("The Content-Length header is not a number"))
        if length > MAX_BODY_BYTES:
            return _refusal(request, 413, "too_large",
                            gettext("The request body is %(size)s bytes; the site reads at "
                                    "most %(limit)s")
                            % {"size": grouped(length), "limit": grouped(MAX_BODY_BYTES)})
        if NUL in request.path_info:
            return _refusal(request, 400, "nul_byte",
                            gettext("The address holds a NUL byte (%00)"))
        query = request.GET
        if _has_nul(query) or _has_nul(v for key in query for v in query.getlist(key)):
            return _refusal(request, 400, "nul_byte",
                            gettext("The query string holds a NUL byte (%00)"))
        if request.method == "POST" and request.content_type in (
                "application/x-www-form-urlencoded", "multipart/form-data"):
            problem = _form_problem(request.POST) or _form_problem(request.FILES)
            if problem is None and any(NUL in (f.name or "") for f in request.FILES.values()):
                problem = gettext("An uploaded file's name holds a NUL byte")
            if problem:
                return _refusal(request, 400, "nul_byte", problem)
        return None
