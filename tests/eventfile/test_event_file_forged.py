"""Forged event files (docs/event-file.md, "The import rules"): what the pages format later
is checked on import, so a file the import accepts never breaks a page; the imported lists
follow the event's usual visibility; values the event cannot have are refused by name; and
importing the same file twice makes one event."""

from __future__ import annotations

import copy as copying
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.services.deletion import account_delete
from core.errors import DomainError
from eventfile.services.event_file import (
    event_file_digest,
    event_file_import,
    event_file_import_once,
)
from tests.eventfile.test_event_file import file_of, refused, simulated, standing_lines
from tests.factories.users import UserFactory
from tests.web import client_for, html, signed_in
from tests.worlds import built_once, fresh
from tournaments.models import Event, Match, Registration, Round
from tournaments.services.decklists import event_lists_publish
from tournaments.services.guest_lists import guest_list_enter

pytestmark = pytest.mark.django_db


@built_once
def small_built() -> dict:
    """The file of a small finished event (4 players, 2 AI seats) whose lists are
    published, simulated once for the module (tests/worlds.py)."""
    return file_of(simulated(players=4, ai=2, seed=2, top_cut=0))


@pytest.fixture
def small(small_built) -> dict:
    """A copy of the file of its own for each test, which may forge it."""
    return fresh(small_built)


def first_match(data: dict) -> dict:
    return data["rounds"][0]["matches"][0]


def two_people(data: dict) -> dict:
    """A match of round 1 between two seats that are not AI seats."""
    kinds = {p["id"]: p["kind"] for p in data["players"]}
    return next(m for m in data["rounds"][0]["matches"] if m["player_b"] is not None
                and kinds[m["player_a"]] != "ai" and kinds[m["player_b"]] != "ai")


def correction(data: dict, action: str, details: dict, *, round_number: int | None = 1,
               player: int | None = None) -> None:
    data["corrections"] = [{"action": action, "round_number": round_number, "player": player,
                            "details": details, "at": data["rounds"][0]["paired_at"]}]


# 1. Corrections and result changes hold what the pages format -------------------------------

def unpair_without_round(d: dict) -> None:
    m = first_match(d)
    correction(d, "unpair", {"seed": 1, "tables": [[m["table"], m["player_a"], m["player_b"]]]},
               round_number=None)


def late_without_round(d: dict) -> None:
    m = first_match(d)
    correction(d, "late", {"gets": "bye", "match": None, "table": None, "ai_seat": None,
                           "new_seat": True, "guest": True},
               round_number=None, player=m["player_a"])


def swap_of_one_seat(d: dict) -> None:
    m = first_match(d)
    correction(d, "swap", {"seats": [m["player_a"]], "tables": [1, 2]})


def swap_of_words(d: dict) -> None:
    m = first_match(d)
    correction(d, "swap", {"seats": [m["player_a"], m["player_b"]], "tables": ["x", "y"]})


def late_at_a_word(d: dict) -> None:
    m = first_match(d)
    correction(d, "late", {"gets": "ai_match", "match": m["id"], "table": "x",
                           "ai_seat": m["player_b"], "new_seat": False, "guest": False},
               player=m["player_a"])


def no_show_of_ten_words(d: dict) -> None:
    m = first_match(d)
    correction(d, "no_show", {"match": m["id"], "table": m["table"], "absent_side": "b",
                              "score": {"a_wins": 2, "b_wins": 0, "draws": 0},
                              "minutes": "ten"}, player=m["player_b"])


def no_show_at_a_list(d: dict) -> None:
    m = first_match(d)
    correction(d, "no_show", {"match": m["id"], "table": [1], "absent_side": "b",
                              "score": {"a_wins": 2, "b_wins": 0, "draws": 0},
                              "minutes": 10}, player=m["player_b"])


def a_key_no_correction_writes(d: dict) -> None:
    m = first_match(d)
    correction(d, "undrop", {"dropped_at": None, "html": "<script>"}, player=m["player_a"])


def a_change_of_nested_values(d: dict) -> None:
    change = first_match(d)["changes"][0]
    change["after"] = {**change["after"], "status": {"q": 1}}


def a_change_of_words(d: dict) -> None:
    change = first_match(d)["changes"][0]
    change["before"] = {"a_wins": "x", "zz": [1]}


FORGED = {
    unpair_without_round: ["corrections[0].round_number: a correction (unpair) names its "
                           "round"],
    late_without_round: ["corrections[0].round_number: a correction (late) names its round"],
    swap_of_one_seat: ["corrections[0].details.seats: a swap names its two seats"],
    swap_of_words: ["corrections[0].details.tables: a swap's tables are its two table "
                    "numbers"],
    late_at_a_word: ["corrections[0].details.table: must be a table number from 1 to 10000 "
                     "or null, not 'x'"],
    no_show_of_ten_words: ["corrections[0].details.minutes: must be a whole number of minutes "
                           "from 0 to 600, not 'ten'"],
    no_show_at_a_list: ["corrections[0].details.table: must be a table number from 1 to 10000 "
                        "or null, not [1]"],
    a_key_no_correction_writes: ["corrections[0].details.html: a correction (undrop) keeps no "
                                 "'html'"],
    a_change_of_nested_values: ["rounds[0].matches[0].changes[0].after.status: must be one of "
                                "pending, reported, disputed, confirmed, not {'q': 1}"],
    a_change_of_words: ["rounds[0].matches[0].changes[0].before.a_wins: must be a whole "
                        "number from 0 to 9 or null, not 'x'",
                        "rounds[0].matches[0].changes[0].before.zz: a result change keeps "
                        "no 'zz'",
                        "rounds[0].matches[0].changes[0].before.status: a match's values "
                        "name its status"],
}


@pytest.mark.parametrize("forge", list(FORGED), ids=lambda f: f.__name__)
def test_a_forged_correction_or_result_change_is_refused_by_name(small, forge):
    forge(small)
    problems = refused(small)
    for problem in FORGED[forge]:
        assert problem in problems


def page_urls(event: Event) -> list[str]:
    """The imported event's pages and API answers that format its corrections, matches,
    standings and pairings."""
    pk = event.pk
    urls = [reverse(name, args=[pk]) for name in (
        "tournaments:event", "tournaments:pairings", "tournaments:standings",
        "tournaments:standings_csv", "tournaments:corrections", "tournaments:dashboard")]
    urls += [f"/api/events/{pk}/", f"/api/events/{pk}/corrections/",
             f"/api/events/{pk}/standings/", f"/api/events/{pk}/rounds/"]
    for rnd in Round.objects.filter(event=event).order_by("number"):
        urls.append(f"/api/events/{pk}/rounds/{rnd.number}/")
    for match in Match.objects.filter(round__event=event).order_by("pk"):
        urls += [reverse("tournaments:match", args=[pk, match.pk]),
                 f"/api/matches/{match.pk}/", f"/api/matches/{match.pk}/history/"]
    return urls


def test_every_page_of_an_accepted_file_with_each_correction_answers(small):
    """A file holding one correction of each kind, as the services write them, and its
    matches' result changes: the corrections page and API, the match pages, the standings
    and the pairings all answer."""
    m = first_match(small)
    other = small["rounds"][0]["matches"][1]
    at = small["rounds"][0]["paired_at"]
    small["corrections"] = [
        {"action": "undrop", "round_number": 1, "player": m["player_a"],
         "details": {"dropped_at": at}, "at": at},
        {"action": "unpair", "round_number": 1, "player": None,
         "details": {"seed": 7, "tables": [[m["table"], m["player_a"], m["player_b"]],
                                           [None, other["player_a"], None]]}, "at": at},
        {"action": "swap", "round_number": 1, "player": None,
         "details": {"tables": [m["table"], other["table"]],
                     "seats": [m["player_a"], other["player_a"]]}, "at": at},
        {"action": "late", "round_number": 1, "player": m["player_a"],
         "details": {"gets": "ai_match", "match": m["id"], "table": m["table"],
                     "ai_seat": m["player_b"], "new_seat": False, "guest": True}, "at": at},
        {"action": "late", "round_number": 1, "player": other["player_a"],
         "details": {"gets": "bye", "match": None, "table": None, "ai_seat": None,
                     "new_seat": True, "guest": True}, "at": at},
        {"action": "no_show", "round_number": 1, "player": m["player_b"],
         "details": {"match": m["id"], "table": m["table"], "absent_side": "b",
                     "score": {"a_wins": 2, "b_wins": 0, "draws": 0}, "minutes": 10},
         "at": at}]
    importer = UserFactory(username="importer")
    copy = event_file_import(data=small, by=importer, now=timezone.now())
    assert copy.corrections.count() == 6
    for client in (signed_in(importer), Client()):
        for url in page_urls(copy):
            answer = client.get(url)
            assert answer.status_code in (200, 302, 403, 404), (url, answer.status_code)
    organizer = signed_in(importer)
    for url in page_urls(copy):
        assert organizer.get(url).status_code == 200, url
    assert "Swapped" in html(organizer.get(reverse("tournaments:corrections",
                                                   args=[copy.pk])))


# 2. The imported lists follow the event's visibility -----------------------------------------

def a_list_of(event: Event) -> int:
    seat = Registration.objects.filter(event=event, decklist_version__isnull=False).first()
    return seat.decklist_version.decklist_id


def test_imported_lists_have_no_owner_and_the_organizers_and_then_everyone_read_them(small):
    """The file's lists, not yet published in it: the importer and a co-organizer added later
    read them, anyone else gets 404; once the event publishes them, everyone reads them."""
    small["event"]["lists_published"] = False
    small["event"]["lists_published_at"] = None
    importer = UserFactory(username="importer")
    copy = event_file_import(data=small, by=importer, now=timezone.now())
    seats = Registration.objects.filter(event=copy, decklist_version__isnull=False)
    assert seats.count() == 4
    assert {s.decklist_version.decklist.owner_id for s in seats} == {None}
    co = UserFactory(username="coorganizer")
    copy.organizers.add(co)
    stranger = UserFactory(username="stranger")
    decklist = a_list_of(copy)
    url = f"/api/decklists/{decklist}/"
    assert client_for(importer).get(url).status_code == 200
    assert client_for(co).get(url).status_code == 200
    assert client_for(None).get(url).status_code == 404
    assert client_for(stranger).get(url).status_code == 404
    event_lists_publish(event_id=copy.pk, by=co, now=timezone.now())
    assert client_for(None).get(url).status_code == 200
    assert client_for(stranger).get(url).status_code == 200


def test_a_file_whose_lists_are_published_shows_them_to_everyone(small):
    copy = event_file_import(data=small, by=UserFactory(username="importer"),
                             now=timezone.now())
    assert client_for(None).get(f"/api/decklists/{a_list_of(copy)}/").status_code == 200


def test_the_importer_deleting_their_account_leaves_the_lists_with_the_seats(small):
    importer = UserFactory(username="importer")
    copy = event_file_import(data=small, by=importer, now=timezone.now())
    before = standing_lines(copy)
    account_delete(user=importer, now=timezone.now())
    assert Registration.objects.filter(event=copy, decklist_version__isnull=False).count() == 4
    assert standing_lines(copy) == before
    assert client_for(None).get(f"/api/decklists/{a_list_of(copy)}/").status_code == 200


def test_nobody_enters_or_changes_an_imported_seats_list(small):
    """An imported event is complete: its lists are fixed, even for its organizer, although
    they have no owner like a walk-in guest's."""
    importer = UserFactory(username="importer")
    copy = event_file_import(data=small, by=importer, now=timezone.now())
    seat = Registration.objects.filter(event=copy, decklist_version__isnull=False).first()
    held = seat.decklist_version_id
    with pytest.raises(DomainError) as caught:
        guest_list_enter(event_id=copy.pk, registration_id=seat.pk, by=importer,
                         now=timezone.now(), cards=["Anything"])
    assert caught.value.code == "registration_over"
    seat.refresh_from_db()
    assert seat.decklist_version_id == held


# 3. Values the event cannot have ------------------------------------------------------------

def test_more_rounds_than_the_event_plays_are_refused(small):
    small["event"]["rounds"] = 1
    small["standings"] = []
    assert any(p.startswith("rounds[1].stage: the event plays 1 swiss rounds")
               for p in refused(small))


def test_a_top_cut_round_in_an_event_without_a_top_cut_is_refused(small):
    extra = copying.deepcopy(small["rounds"][-1])
    extra["number"], extra["stage"] = len(small["rounds"]) + 1, "top_cut"
    for i, match in enumerate(extra["matches"]):
        match["id"] = 1000 + i
    extra["clock_changes"] = []
    small["rounds"].append(extra)
    small["standings"] = []
    assert any(p.startswith(f"rounds[{len(small['rounds']) - 1}].stage: the event plays 0 "
                            f"top_cut rounds") for p in refused(small))


def test_a_bye_scored_anything_but_a_two_nil_win_is_refused(small):
    match = first_match(small)
    match.update(player_b=None, table=None, a_wins=0, b_wins=2, draws=0, games=[],
                 report_a=None, report_b=None, is_ai_match=False)
    small["standings"] = []
    assert "rounds[0].matches[0].score: a bye is scored 2-0-0, not 0-2-0" in refused(small)


def test_a_bye_with_reports_is_refused(small):
    match = first_match(small)
    match.update(player_b=None, table=None, a_wins=2, b_wins=0, draws=0, games=[],
                 report_a={"a_wins": 9, "b_wins": 9, "draws": 9}, is_ai_match=False)
    small["standings"] = []
    assert "rounds[0].matches[0].report_a: a bye has no reports: no one played it" in \
        refused(small)


def test_an_ai_match_without_an_ai_seat_is_refused(small):
    match = two_people(small)
    match["is_ai_match"] = True
    index = small["rounds"][0]["matches"].index(match)
    assert (f"rounds[0].matches[{index}].is_ai_match: only a match with an AI seat is an AI "
            f"match") in refused(small)


def test_a_list_in_an_unknown_deck_format_is_refused(small):
    small["decklists"][0]["deck_format"] = "zzz"
    assert ("decklists[0].deck_format: Clash of Decks has no deck formats: leave the format "
            "empty") in refused(small)


def test_a_list_with_more_copies_than_the_rules_allow_is_refused(small):
    cards = small["decklists"][0]["cards"]
    cards[1] = cards[0]
    assert (f"decklists[0].cards: {cards[0]} appears 2 times: every card must be different"
            in refused(small))


@pytest.mark.parametrize("version", [True, 1.0, "1", 0])
def test_a_version_that_is_not_a_whole_number_it_reads_is_refused(small, version):
    small["version"] = version
    assert refused(small) == [f"version: this site reads event files of versions 1 to 2, "
                              f"not {version!r}"]


# 4. The same file twice makes one event -----------------------------------------------------

def test_the_same_file_imported_twice_by_one_person_makes_one_event(small):
    importer = UserFactory(username="importer")
    first = event_file_import_once(data=small, by=importer, now=timezone.now())
    again = event_file_import_once(data=json.loads(json.dumps(small, indent=2)), by=importer,
                                   now=timezone.now())
    assert first.created and not again.created and again.event.pk == first.event.pk
    assert first.event.imported_digest == event_file_digest(small)
    # Someone else importing it makes their own event; a changed file is another file.
    other = event_file_import_once(data=small, by=UserFactory(username="other"),
                                   now=timezone.now())
    assert other.created and other.event.pk != first.event.pk
    small["event"]["name"] = "Another name"
    assert event_file_import_once(data=small, by=importer, now=timezone.now()).created


def test_two_clicks_on_the_import_page_make_one_event_and_say_so(small):
    importer = UserFactory(username="importer")
    page = signed_in(importer)
    body = json.dumps(small).encode()
    events = Event.objects.count()
    answers = [page.post(reverse("tournaments:event_import"),
                         {"file": SimpleUploadedFile("event.json", body)}, follow=True)
               for _ in range(2)]
    assert Event.objects.count() == events + 1
    made = Event.objects.get(imported_digest=event_file_digest(small))
    assert [a.redirect_chain[-1][0] for a in answers] == [
        reverse("tournaments:event", args=[made.pk])] * 2
    assert "was already imported from this file" in html(answers[1])


def test_the_api_answers_a_second_import_of_the_same_file_with_its_event(small):
    api = client_for(UserFactory(username="importer"))
    first = api.post("/api/events/import/", small, format="json")
    again = api.post("/api/events/import/", small, format="json")
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["created"] is True and again.json()["created"] is False
    assert again.json()["id"] == first.json()["id"]
    assert "already imported" in again.json()["message"]
    assert Event.objects.filter(pk=first.json()["id"]).count() == 1
    assert Event.objects.filter(imported_digest=event_file_digest(small)).count() == 1
