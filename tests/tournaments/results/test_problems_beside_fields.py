"""Each problem a service finds with an event's settings, a penalty or a deck check is shown
beside the field it is about, in every language: the services tag each problem with its
input (core.errors.Problem), and the forms and the API go by the tag, never by the words."""

from __future__ import annotations

import html
import re

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from django.utils import translation

from core.errors import DomainError
from decks.rules import BERSERK
from decks.services.catalogue import clash_game
from decks.services.catalogue import other_game as game_of
from tests.factories import UserFactory
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.event_edit.test_event_edit import _form
from tests.tournaments.event_steps import now, organizer_of, pair, seats, start
from tests.tournaments.registrations.test_decklists_stay_registered import (
    constructed_event,
    seat_of,
)
from tests.web import client_for, error_of
from tournaments.forms.registrations import DeckCheckForm
from tournaments.services.decklists import deck_check_record
from tournaments.services.event_edit import event_update
from tournaments.services.events import event_create
from tournaments.services.penalties import penalty_record

pytestmark = pytest.mark.django_db

LANGUAGES = ["ru", "tr"]


@pytest.fixture(autouse=True)
def back_to_english():
    """A request leaves its language active in the thread: the next test starts in English."""
    yield
    translation.activate("en")


def speaking(user, language: str) -> Client:  # noqa: ANN001
    """A page client signed in as `user` whose browser asks for `language`."""
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def refusal(language: str, service, **arguments) -> DomainError:  # noqa: ANN001, ANN003
    """What `service` refuses, said in `language`."""
    with translation.override(language), pytest.raises(DomainError) as refused:
        service(**arguments)
    return refused.value


def field_errors(page: str, auto_id: str) -> list[str]:
    """The errors the page lists in the block of the field whose id is `auto_id`."""
    found = re.search(rf'<ul class="errors" id="{re.escape(auto_id)}-errors"[^>]*>(.*?)</ul>',
                      page, re.S)
    assert found, f"no error list for {auto_id}"
    return [html.unescape(e) for e in re.findall(r"<li>(.*?)</li>", found.group(1), re.S)]


def assert_beside_their_fields(page: str, error: DomainError, *, prefix: str = "",
                               english: DomainError | None = None) -> None:
    assert error.fields, "the service tagged no problem"
    assert all(field is not None for field, _ in error.placed()), error.placed()
    for field, problems in error.fields.items():
        shown = field_errors(page, f"id_{prefix}{field}")
        for problem in problems:
            assert problem in shown, (field, problem, shown)
            assert html.unescape(page).count(problem) == 1, problem  # not above the form too
    if english is not None:  # the page is in the other language, not in English
        assert set(english.placed()).isdisjoint(error.placed())


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_new_event_page_shows_each_problem_beside_its_setting(language):
    olga = UserFactory(username="olga")
    clash = clash_game()
    berserk = game_of(BERSERK)
    other_game = {"name": "Berserk Open", "format": "draft", "fill_with_ai": True,
                  "late_player_gets": "ai_match"}
    wrong = refusal(language, event_create, by=olga, now=now(), game=berserk, **other_game)
    assert set(wrong.fields) == {"format", "fill_with_ai", "late_player_gets"}
    response = speaking(olga, language).post(reverse("tournaments:event_new"), {
        "game": "berserk", "name": "Berserk Open", "format": "draft", "match_length": 3,
        "top_cut": 0, "late_entry_until_round": 0, "fill_with_ai": "on",
        "late_player_gets": "ai_match", "time_zone": "UTC"})
    assert response.status_code == 400
    assert_beside_their_fields(response.content.decode(), wrong,
                               english=refusal("en", event_create, by=olga, now=now(),
                                               game=berserk, **other_game))
    squads = refusal(language, event_create, by=olga, now=now(), game=clash, name="Clash Open",
                     format="preconstructed", rounds=2, late_entry_until_round=3,
                     check_squads=True)
    assert set(squads.fields) == {"late_entry_until_round", "check_squads"}
    response = speaking(olga, language).post(reverse("tournaments:event_new"), {
        "game": clash.slug, "name": "Clash Open", "format": "preconstructed", "match_length": 3,
        "rounds": 2, "top_cut": 0, "late_entry_until_round": 3, "check_squads": "on",
        "time_zone": "UTC"})
    assert response.status_code == 400
    assert_beside_their_fields(response.content.decode(), squads)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_edit_page_shows_each_problem_beside_its_setting(language):
    event = OrganizedEventFactory(venue="Hall A", rounds=3)
    SeatFactory(event=event)
    SeatFactory(event=event)
    refused = refusal(language, event_update, event_id=event.pk, by=organizer_of(event),
                      now=now(), changes={"capacity": 1, "late_entry_until_round": 5})
    assert set(refused.fields) == {"capacity", "late_entry_until_round"}
    response = speaking(organizer_of(event), language).post(
        reverse("tournaments:event_edit", args=[event.pk]),
        _form(event, capacity=1, late_entry_until_round=5))
    assert response.status_code == 400
    assert_beside_their_fields(response.content.decode(), refused)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_judge_page_shows_each_problem_beside_its_field(language):
    event = OrganizedEventFactory(rounds=3)
    alice, _bob = seats(event, "alice bob")
    start(event)  # no round paired yet: a game loss has no match to change
    refused = refusal(language, penalty_record, event_id=event.pk, registration_id=alice.pk,
                      kind="game_loss", note="  ", by=organizer_of(event), now=now())
    assert set(refused.fields) == {"kind", "note"}
    response = speaking(organizer_of(event), language).post(
        f"/events/{event.pk}/penalties/record/",
        {"penalty-registration": alice.pk, "penalty-kind": "game_loss", "penalty-note": "  "})
    assert response.status_code == 400
    assert_beside_their_fields(response.content.decode(), refused, prefix="penalty-")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_deck_check_shows_each_problem_beside_its_field(language):
    event, _organizer = constructed_event()
    start(event)
    pair(event)
    ann = seat_of(event, "ann")
    # The page offers only the rounds paired and the outcomes there are: what the service
    # refuses comes from a round or an outcome the page no longer holds.
    refused = refusal(language, deck_check_record, event_id=event.pk, registration_id=ann.pk,
                      by=organizer_of(event), now=now(), outcome="lost", round_number=4,
                      note="x" * 201)
    assert set(refused.fields) == {"outcome", "round_number", "note"}
    with translation.override(language):
        form = DeckCheckForm({"check-round_number": 1, "check-outcome": "matches"}, rounds=[1])
        assert form.is_valid()
        form.add_domain_error(refused)
        page = "".join(render_to_string("partials/field.html", {"field": form[name]})
                       for name in form.fields)
    assert not form.non_field_errors()
    assert_beside_their_fields(page, refused, prefix="check-")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_api_names_the_input_of_each_problem(language):
    olga = client_for(UserFactory(username="olga"))
    settings = {"name": "API Open", "format": "constructed", "rounds": 2,
                "late_entry_until_round": 3, "check_squads": True}
    response = olga.post("/api/events/", settings, format="json",
                         HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 400
    error = error_of(response)
    assert error["code"] == "invalid_event"
    assert set(error["fields"]) == {"late_entry_until_round", "check_squads"}
    # `problems` stays the list of every problem's text.
    assert error["problems"] == [p for found in error["fields"].values() for p in found]
    assert error["problems"] != refusal("en", event_create, by=UserFactory(), now=now(),
                                        **settings).problems


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_penalty_and_deck_check_api_name_the_input_of_each_problem(language):
    event, organizer = constructed_event()
    start(event)
    ann = seat_of(event, "ann")
    api = client_for(organizer)
    penalty = api.post(f"/api/events/{event.pk}/penalties/", {
        "registration_id": ann.pk, "kind": "game_loss", "note": " "}, format="json",
        HTTP_ACCEPT_LANGUAGE=language)
    assert penalty.status_code == 400
    assert set(error_of(penalty)["fields"]) == {"kind", "note"}
    pair(event)
    check = api.post(f"/api/events/{event.pk}/deck-checks/", {
        "registration": ann.pk, "round": 4, "outcome": "matches"}, format="json",
        HTTP_ACCEPT_LANGUAGE=language)
    assert check.status_code == 400
    error = error_of(check)
    # Named as the request names it ("round"), not as the service's argument.
    assert error["fields"] == {"round": error["problems"]}
    assert "4" in error["problems"][0] and "round" not in error["problems"][0].lower()
