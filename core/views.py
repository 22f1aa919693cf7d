"""Showing a domain error on a page, the same way on every page.

A view calls its service inside `with domain_errors(...) as refused:`; a `DomainError` raised
there is shown (on the form, as a message, or as Django's own 404/403 page) and `refused` is
then true, with the error and its HTTP status (the API's mapping, `core.api.errors`), so the
view renders its page again with that status:

    with domain_errors(request, form=form) as refused:
        seat = registration_add(...)
    if not refused:
        return redirect(...)
    return page(request, form=form, status=400)

`refusals_shown(page)` does the same for a whole view whose every refusal is answered by one
page (the organizer's dashboard, for instance).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import Any, Protocol

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse

from core.api.errors import http_status
from core.errors import Conflict, DomainError, Forbidden, NotFound

# The errors that are not about what a form holds (missing, not yours, not now): pages that
# have a form show them as a message instead (`domain_errors(not_on_form=...)`).
NOT_THE_INPUT: tuple[type[DomainError], ...] = (NotFound, Forbidden, Conflict)


class TakesDomainErrors(Protocol):
    def add_domain_error(self, error: DomainError, field: str | None = None) -> None: ...


class Refusal:
    """What `domain_errors` caught: false until a domain error is raised in its block."""

    __slots__ = ("error", "on_form")

    def __init__(self) -> None:
        self.error: DomainError | None = None
        self.on_form = False  # shown in the form's errors (else as a message, or not at all)

    def __bool__(self) -> bool:
        return self.error is not None

    @property
    def status(self) -> int:
        """The HTTP status of the error's class (400, 403, 404, 409)."""
        if self.error is None:
            raise ValueError("nothing was refused")
        return http_status(self.error)

    @property
    def message(self) -> str:
        return self.error.message if self.error is not None else ""


def _http_answer(error: DomainError) -> Exception:
    if isinstance(error, NotFound):
        return Http404(error.message)
    if isinstance(error, Forbidden):
        return PermissionDenied(error.message)
    raise TypeError(f"{type(error).__name__} has no page of its own")


@contextmanager
def domain_errors(request: HttpRequest | None = None, *,
                  form: TakesDomainErrors | None = None, field: str | None = None,
                  say: str | None = "{message}.",
                  not_on_form: tuple[type[DomainError], ...] = (),
                  http: tuple[type[DomainError], ...] = ()) -> Iterator[Refusal]:
    """Catch a `DomainError` raised in the block and show it:

    - of a class in `http` (`NotFound`, `Forbidden`): Django's own 404 or 403 answer, as if
      the view had raised `Http404` / `PermissionDenied` with the error's message;
    - with a `form`, and not of a class in `not_on_form`: on the form (its problems, else its
      message), at `field` or above the fields;
    - else, unless `say` is None: a `messages.error` of `say` with `{message}` the error's
      message (by default the message as a sentence).

    Anything that is not a domain error is a bug and passes through."""
    refused = Refusal()
    try:
        yield refused
    except DomainError as exc:
        if isinstance(exc, http):
            raise _http_answer(exc) from None
        refused.error = exc
        if form is not None and not isinstance(exc, not_on_form):
            form.add_domain_error(exc, field)
            refused.on_form = True
        elif say is not None and request is not None:
            messages.error(request, say.format(message=exc.message))


def refusals_shown(page: Callable[..., HttpResponse], *,
                   say: str | None = "{message}.") -> Callable[[Callable[..., HttpResponse]],
                                                            Callable[..., HttpResponse]]:
    """A view decorator: a domain error the view raises becomes a `messages.error` (see
    `domain_errors`) and the answer of `page(request, *args, refused=<Refusal>, **kwargs)`,
    called with the view's own arguments."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            with domain_errors(request, say=say) as refused:
                return view(request, *args, **kwargs)
            return page(request, *args, refused=refused, **kwargs)

        return wrapped

    return decorate
