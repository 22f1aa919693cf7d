"""The one error path (core/errors.py, core/api/errors.py, core/views.py): each domain error
says what happened, one mapping turns its class into the HTTP status, `from_engine` keeps
the engine's message, and `domain_errors` shows a refusal on a page."""

from __future__ import annotations

import pickle

import pytest
from django import forms
from django.contrib.messages import get_messages
from django.contrib.messages.storage.fallback import FallbackStorage
from django.contrib.sessions.backends.signed_cookies import SessionStore
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.test import RequestFactory

from core.api.errors import exception_handler, http_status
from core.errors import Conflict, DomainError, Forbidden, NotFound, Problem, field_of, from_engine
from core.forms import AccessibleForm
from core.inputs import InputError
from core.views import NOT_THE_INPUT, domain_errors, refusals_shown
from engine.berserk.squad_file import SquadFileError
from engine.clash.errors import IllegalAction, RecordError
from engine.clash.formats.common import IllegalChoice
from engine.clash.solo.options import SoloOptionsError
from tournaments.rules import ResultRefused
from tournaments.services.guards import lock_event
from tournaments.swiss.model import SwissError

# The mapping -------------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "status"), [
    (DomainError, 400), (Forbidden, 403), (NotFound, 404), (Conflict, 409)])
def test_each_kind_of_domain_error_answers_its_own_status(kind: type, status: int) -> None:
    error = kind("some_code", "some message")
    assert http_status(error) == status
    response = exception_handler(error, {})
    assert response.status_code == status
    assert response.data == {"error": {"code": "some_code", "message": "some message"}}


def test_a_kind_of_error_made_elsewhere_answers_as_the_kind_it_extends() -> None:
    assert http_status(InputError("too_large", "the file is too large")) == 400
    assert http_status(ResultRefused(["a best-of-3 is won with 2 games"])) == 400


def test_the_api_shape_keeps_problems_and_leaves_the_params_out() -> None:
    error = Conflict("results_open", "round 2 has 3 open matches", problems=["table 1"],
                     params={"round": 2, "count": 3})
    body = exception_handler(error, {}).data
    assert body == {"error": {"code": "results_open", "message": "round 2 has 3 open matches",
                              "problems": ["table 1"]}}


def test_params_travel_beside_the_message() -> None:
    error = NotFound("not_found", "No match 12", params={"match": 12})
    assert (error.code, error.message, error.params) == ("not_found", "No match 12",
                                                         {"match": 12})
    assert str(error) == "No match 12"
    assert DomainError("plain", "no values").params == {}


@pytest.mark.django_db
def test_a_service_refusal_names_its_values() -> None:
    with pytest.raises(NotFound) as missing:
        lock_event(-5)
    assert (missing.value.code, missing.value.message) == ("not_found", "No event -5")
    assert missing.value.params == {"event": -5}


def test_services_no_longer_choose_a_status() -> None:
    with pytest.raises(TypeError):
        DomainError("not_yours", "only the owner can change a decklist", status=403)


# from_engine -------------------------------------------------------------------------------


def test_from_engine_keeps_the_engine_message_under_the_given_code() -> None:
    error = from_engine(RecordError("turn 3: no such card"), "bad_record")
    assert type(error) is DomainError
    assert (error.code, error.message) == ("bad_record", "turn 3: no such card")
    assert error.params == {"engine_code": "record", "engine_message": "turn 3: no such card"}


def test_from_engine_takes_the_kind_and_by_default_the_engine_reason_as_code() -> None:
    error = from_engine(IllegalChoice("not_your_pick", "it is B's pick", step=4), kind=Conflict)
    assert isinstance(error, Conflict) and http_status(error) == 409
    assert (error.code, error.message) == ("not_your_pick", "it is B's pick")
    assert error.params["reason"] == "not_your_pick" and error.params["step"] == 4


def test_from_engine_sets_the_message_in_its_frame_and_keeps_the_engine_details() -> None:
    error = from_engine(SoloOptionsError("the points add up to 7, not 6", option="level"),
                        "solo_options", frame="The game cannot start: %(problem)s.")
    assert error.message == "The game cannot start: the points add up to 7, not 6."
    assert error.params["option"] == "level"
    assert error.params["engine_message"] == "the points add up to 7, not 6"


def test_from_engine_reads_the_file_readers_and_the_pairing_value_errors() -> None:
    squad = from_engine(SquadFileError("squad.0.id: unknown card"), "bad_squad_file")
    assert (squad.code, squad.message) == ("bad_squad_file", "squad.0.id: unknown card")
    pairing = from_engine(SwissError("3 players cannot make a top 4"), "too_few_for_cut",
                          kind=Conflict)
    assert isinstance(pairing, Conflict) and pairing.message == "3 players cannot make a top 4"
    assert from_engine(IllegalAction("out_of_turn", "not your turn")).code == "out_of_turn"


def test_from_engine_adds_the_callers_params_and_problems() -> None:
    error = from_engine(RecordError("bad"), "bad_lists", params={"seat": "A"},
                        problems=["one", "two"])
    assert error.params["seat"] == "A" and error.problems == ["one", "two"]


# The page helper ---------------------------------------------------------------------------


class NameForm(AccessibleForm):
    name = forms.CharField()


def _request():  # noqa: ANN202
    request = RequestFactory().post("/somewhere")
    request.session = SessionStore()
    request._messages = FallbackStorage(request)  # noqa: SLF001
    return request


def _said(request) -> list[str]:  # noqa: ANN001
    return [str(m) for m in get_messages(request)]


def test_nothing_refused_leaves_the_refusal_false() -> None:
    request = _request()
    with domain_errors(request) as refused:
        pass
    assert not refused and refused.message == "" and _said(request) == []


def test_a_refusal_is_a_message_and_the_status_of_its_kind() -> None:
    request = _request()
    with domain_errors(request) as refused:
        raise Conflict("round_open", "round 2 is still open")
    assert refused and refused.status == 409 and refused.message == "round 2 is still open"
    assert _said(request) == ["round 2 is still open."]


def test_a_refusal_can_say_it_in_the_pages_own_words_or_not_at_all() -> None:
    request = _request()
    with domain_errors(request, say="Not cancelled. {message}.") as refused:
        raise Forbidden("not_yours", "it is not yours")
    assert refused.status == 403 and _said(request) == ["Not cancelled. it is not yours."]
    quiet_request = _request()
    with domain_errors(quiet_request, say=None) as quiet:
        raise DomainError("bad", "bad input")
    assert quiet.status == 400 and _said(quiet_request) == []


def test_a_refusal_goes_on_the_form_with_every_problem() -> None:
    request = _request()
    form = NameForm({"name": "x"})
    assert form.is_valid()
    with domain_errors(request, form=form, field="name") as refused:
        raise DomainError("bad_name", "two problems", problems=["too short", "not a word"])
    assert refused.on_form and refused.status == 400
    assert form.errors["name"] == ["too short", "not a word"] and _said(request) == []


def test_what_is_not_about_the_input_is_a_message_even_beside_a_form() -> None:
    request = _request()
    form = NameForm({"name": "x"})
    assert form.is_valid()
    with domain_errors(request, form=form, not_on_form=NOT_THE_INPUT) as refused:
        raise Conflict("lists_fixed", "the lists are fixed")
    assert refused and not refused.on_form and refused.status == 409
    assert not form.errors and _said(request) == ["the lists are fixed."]


@pytest.mark.parametrize(("kind", "answer"), [(NotFound, Http404), (Forbidden, PermissionDenied)])
def test_missing_and_not_yours_can_be_djangos_own_pages(kind: type, answer: type) -> None:
    with pytest.raises(answer, match="No match 3"), \
            domain_errors(_request(), http=(NotFound, Forbidden)):
        raise kind("not_found", "No match 3")


def test_a_bug_is_not_a_refusal() -> None:
    with pytest.raises(KeyError), domain_errors(_request()):
        raise KeyError("a broken invariant")


def test_a_view_whose_refusals_one_page_answers() -> None:
    def page(request, pk: int, *, refused) -> HttpResponse:  # noqa: ANN001
        return HttpResponse(f"page {pk}: {refused.message}", status=refused.status)

    @refusals_shown(page)
    def action(request, pk: int) -> HttpResponse:  # noqa: ANN001
        if pk == 1:
            raise Conflict("not_now", "not now")
        return HttpResponse("done")

    request = _request()
    refused = action(request, 1)
    assert (refused.status_code, refused.content) == (409, b"page 1: not now")
    assert _said(request) == ["not now."]
    assert action(_request(), 2).content == b"done"


# Problems tagged with their input ------------------------------------------------------------


def test_a_tagged_problem_is_listed_under_its_input_and_stays_a_string_in_problems() -> None:
    error = DomainError("invalid_event", "two problems", problems=[
        Problem("the top cut is none, 4 or 8 players, not 5", "top_cut"),
        "something about the whole event"])
    body = exception_handler(error, {}).data["error"]
    assert body["problems"] == ["the top cut is none, 4 or 8 players, not 5",
                                "something about the whole event"]
    assert all(type(p) is str for p in body["problems"])
    assert body["fields"] == {"top_cut": ["the top cut is none, 4 or 8 players, not 5"]}
    assert error.placed() == [("top_cut", "the top cut is none, 4 or 8 players, not 5"),
                              (None, "something about the whole event")]


def test_a_problem_keeps_its_input_when_cut_short_and_when_pickled() -> None:
    error = DomainError("bad", "long", problems=[Problem("x" * 500, "note")])
    assert error.problems[0].endswith("...") and field_of(error.problems[0]) == "note"
    again = pickle.loads(pickle.dumps(error.problems[0]))
    assert (str(again), field_of(again)) == (str(error.problems[0]), "note")


def test_an_error_without_problems_may_name_its_input() -> None:
    error = DomainError("ai_seat", "an AI seat commits no infractions", field="registration_id")
    assert error.fields == {"registration_id": ["an AI seat commits no infractions"]}
    assert exception_handler(error, {}).data["error"]["fields"] == error.fields
