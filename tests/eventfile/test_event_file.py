"""The event file (docs/event-file.md): a whole event exported as one JSON document and
imported into another instance as a new event, checked as a whole before anything is
written, never attached to an account and never counted for the ratings."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client
from django.utils import timezone

from core.errors import DomainError, Forbidden
from eventfile.selectors.event_file import event_file_build, penalties_for
from eventfile.services.event_file import event_file_import, event_file_parse
from tests.factories.tournaments import (
    EngineGameFactory,
    OrganizedEventFactory,
    PenaltyFactory,
    SeatFactory,
)
from tests.factories.users import UserFactory
from tests.tournaments import event_steps as steps
from tests.web import html
from tests.worlds import built_once, fresh
from tournaments.models import (
    EngineGame,
    Event,
    EventStatus,
    Match,
    Penalty,
    RatedEvent,
    Rating,
    Registration,
    ResultChange,
)
from tournaments.selectors.standings import standings_for_event
from tournaments.services.decklists import event_lists_publish
from tournaments.services.ratings import ratings_update_for_event
from tournaments.services.simulation import event_simulate

pytestmark = pytest.mark.django_db


def file_of(event: Event) -> dict:
    """The event's file as its organizer downloads it, through JSON and back."""
    data = event_file_build(event=event, by=event.organizers.first(),
                            instance="clash.example", now=timezone.now())
    return json.loads(json.dumps(data))


def simulated(*, players: int, ai: int, seed: int, publish: bool = True,
              top_cut: int | None = None) -> Event:
    event, _ = event_simulate(players=players, ai_seats=ai, fmt="constructed", seed=seed,
                              clock=timezone.now, top_cut=top_cut, publish_lists=publish)
    event.refresh_from_db()
    return event


@built_once
def small_built() -> dict:
    """The file of a small finished event whose lists are
    published, simulated once for the module (tests/worlds.py)."""
    return file_of(simulated(players=4, ai=2, seed=2, top_cut=0))


@pytest.fixture
def small(small_built) -> dict:
    """A copy of the file of its own for each test, which may forge it."""
    return fresh(small_built)


def records_of(event: Event) -> list[tuple[int, int | None, int, str]]:
    """Every engine record of the event, canonical JSON, by round, table and game."""
    return [(g.match.round.number, g.match.table, g.number,
             json.dumps(g.record, sort_keys=True, separators=(",", ":")))
            for g in EngineGame.objects.filter(match__round__event=event)
            .select_related("match__round").order_by("match__round__number", "match__table",
                                                     "number")]


def standing_lines(event: Event) -> list[tuple]:
    return [row[:1] + row[2:] for row in standings_for_event(event)]  # all but the seat id


def refused(data: dict) -> list[str]:
    """The problems of a refused file; nothing of it is written."""
    events, seats = Event.objects.count(), Registration.objects.count()
    with pytest.raises(DomainError) as caught:
        event_file_import(data=data, by=UserFactory(username="importer"), now=timezone.now())
    assert caught.value.code == "invalid_event_file"
    assert (Event.objects.count(), Registration.objects.count()) == (events, seats)
    return caught.value.problems


# The round trip ------------------------------------------------------------------------------


def test_the_demo_event_round_trips_with_its_standings_and_records():
    """`simulate_event --players 12 --ai 4 --format constructed --seed 1`, exported and
    imported: the same standings line by line and the same engine records byte for byte."""
    event = simulated(players=12, ai=4, seed=1)
    data = file_of(event)
    assert data["format"] == "clash-event-file" and data["version"] == 2
    assert data["exported_from"] == "clash.example"
    importer = UserFactory(username="importer")
    copy = event_file_import(data=data, by=importer, now=timezone.now())
    assert copy.pk != event.pk and copy.status == EventStatus.COMPLETE
    assert standing_lines(copy) == standing_lines(event)
    original = records_of(event)
    assert len(original) >= 2 * Match.objects.filter(round__event=event,
                                                     player_b__isnull=False).count()
    assert records_of(copy) == original
    # Every record replayed here: the games and their matches are verified on this site.
    games = EngineGame.objects.filter(match__round__event=copy)
    assert games.count() == len(original) and not games.filter(verified=False).exists()
    assert not Match.objects.filter(round__event=copy, player_b__isnull=False,
                                    engine_verified=False).exists()
    # Settings and the trail came along; the seed is the finished event's.
    assert (copy.seed, copy.seed_hash, copy.tiebreakers, copy.time_zone, copy.top_cut) == (
        event.seed, event.seed_hash, event.tiebreakers, event.time_zone, event.top_cut)
    assert ResultChange.objects.filter(match__round__event=copy).count() == \
        ResultChange.objects.filter(match__round__event=event).count()
    # Exported again, it is the same event.
    again = event_file_build(event=copy, by=importer, instance="other.example",
                             now=timezone.now())
    again = json.loads(json.dumps(again))
    assert again["rounds"] == data["rounds"] and again["decklists"] == data["decklists"]
    assert [p["name"] for p in again["players"]] == [p["name"] for p in data["players"]]


def test_an_imported_event_is_marked_and_its_seats_belong_to_no_account():
    """A file can be forged: a seat named after a local user's username stays a named seat
    no account holds, and no one can claim it."""
    event = simulated(players=4, ai=2, seed=2, top_cut=0)
    data = file_of(event)
    # The file names this site's own player1: the import still does not seat them.
    local = get_user_model().objects.get(username=data["players"][0]["username"])
    importer = UserFactory(username="importer")
    now = timezone.now()
    copy = event_file_import(data=data, by=importer, now=now)
    assert copy.imported_at == now and copy.imported_from == "clash.example"
    assert list(copy.organizers.all()) == [importer]
    seats = Registration.objects.filter(event=copy)
    assert seats.count() == 6 and not seats.filter(player__isnull=False).exists()
    assert not seats.exclude(claim_code_hash="").exists()
    assert list(local.registrations.values_list("event", flat=True)) == [event.pk]
    assert sorted(s.name for s in seats) == sorted(p["name"] for p in data["players"])
    # Its lists have no owner, as a walk-in guest's: the event's visibility applies to them.
    lists = seats.filter(decklist_version__isnull=False)
    assert lists.count() == 4
    assert {s.decklist_version.decklist.owner for s in lists} == {None}


def test_an_imported_event_never_feeds_the_ratings():
    data = file_of(simulated(players=4, ai=0, seed=3, top_cut=0))
    ratings = list(Rating.objects.values_list("player_id", "mu", "sigma", "matches"))
    copy = event_file_import(data=data, by=UserFactory(username="importer"), now=timezone.now())
    assert ratings_update_for_event(event_id=copy.pk, now=timezone.now()) is None
    assert not RatedEvent.objects.filter(event=copy).exists()
    assert list(Rating.objects.values_list("player_id", "mu", "sigma", "matches")) == ratings


# What the file leaves out ---------------------------------------------------------------------


def test_hidden_lists_and_the_records_holding_them_stay_out_until_published():
    """An organizer's file is passed on: before the lists are published it holds no
    person's list, neither as a decklist nor inside an engine record; records between two
    AI seats hold no person's list and stay."""
    event = simulated(players=4, ai=4, seed=5, publish=False, top_cut=0)
    data = file_of(event)
    text = json.dumps(data)
    assert data["decklists"] == [] and all(p["decklist"] is None for p in data["players"])
    seats = {p["id"]: p["kind"] for p in data["players"]}
    kept = left_out = 0
    for rnd in data["rounds"]:
        for match in rnd["matches"]:
            people = [s for s in (match["player_a"], match["player_b"])
                      if s is not None and seats[s] != "ai"]
            for game in match["games"]:
                assert (game["record"] is None) == bool(people)
                kept, left_out = kept + (not people), left_out + bool(people)
    assert kept and left_out
    for seat in Registration.objects.filter(event=event, decklist_version__isnull=False):
        assert json.dumps(seat.decklist_version.cards) not in text
    # Published, the lists and every record are in it.
    event_lists_publish(event_id=event.pk, by=event.organizers.get(), now=timezone.now())
    event.refresh_from_db()
    published = file_of(event)
    assert len(published["decklists"]) == 4
    assert all(g["record"] is not None for r in published["rounds"] for m in r["matches"]
               for g in m["games"])


def test_the_seed_stays_out_until_the_event_is_complete():
    event = OrganizedEventFactory(seed=424242424242)
    steps.seats(event, "ann bob cid dee")
    steps.start(event)
    steps.pair(event)
    event.refresh_from_db()
    data = file_of(event)
    assert data["event"]["seed"] is None and data["event"]["seed_nonce"] is None
    assert data["event"]["seed_hash"] == event.seed_hash
    assert data["rounds"][0]["seed"] is None
    assert "424242424242" not in json.dumps(data)
    # And such a file is not imported: the event is not over.
    assert any(p.startswith("event.status: only a complete event") for p in refused(data))


def test_a_game_still_being_played_keeps_its_seed_and_record_out():
    """Its seed tells its shuffle: like its replay, it waits until the match is over."""
    event = OrganizedEventFactory(lists_published=True)
    steps.seats(event, "ann bob")
    steps.start(event)
    rnd = steps.pair(event)
    match = rnd.matches.get()
    EngineGameFactory(match=match, number=1, winner="A", seed=987654321987,
                      record={"v": 1, "seed": 987654321987})
    EngineGameFactory(match=match, number=2, winner="", seed=123123123123, record=None)
    data = file_of(event)
    games = data["rounds"][0]["matches"][0]["games"]
    assert [(g["seed"], g["record"]) for g in games] == [(None, None), (None, None)]
    assert "987654321987" not in json.dumps(data) and "123123123123" not in json.dumps(data)
    steps.settle(rnd)
    games = file_of(event)["rounds"][0]["matches"][0]["games"]
    assert [g["seed"] for g in games] == [987654321987, 123123123123]


def test_penalties_are_for_organizers_only():
    event = OrganizedEventFactory()
    seat = SeatFactory(event=event)
    PenaltyFactory(registration=seat, note="Slow play at table 3")
    data = file_of(event)
    assert [p["note"] for p in data["penalties"]] == ["Slow play at table 3"]
    # The rule, for any file built for someone else: no penalties.
    assert not penalties_for(event, seat.player) and not penalties_for(event, None)
    with pytest.raises(Forbidden):
        event_file_build(event=event, by=seat.player, instance="x", now=timezone.now())


def test_penalties_and_guest_seats_come_along_without_a_claim_code():
    event = simulated(players=4, ai=0, seed=6, top_cut=0)
    seat = Registration.objects.filter(event=event).first()
    PenaltyFactory(registration=seat, note="Warning for slow play", round_number=1)
    data = file_of(event)
    assert "claim_code_hash" not in json.dumps(data)
    copy = event_file_import(data=data, by=UserFactory(username="importer"), now=timezone.now())
    penalty = Penalty.objects.get(event=copy)
    assert (penalty.note, penalty.round_number, penalty.registration.name) == (
        "Warning for slow play", 1, seat.name)


# Refusals: each problem named with its place, nothing written ----------------------------------


def test_another_kind_of_file_is_refused(small):
    assert refused({**small, "format": "something-else"}) == [
        "format: this is not a Clash event file (format 'something-else', not "
        "'clash-event-file')"]
    assert refused({**small, "version": 3}) == [
        "version: this site reads event files of versions 1 to 2, not 3"]
    assert refused([1, 2]) == ["the file: must be a JSON object"]


def test_a_reference_to_a_missing_player_is_refused_where_it_is(small):
    small["rounds"][1]["matches"][0]["player_b"] = 17
    assert "rounds[1].matches[0].player_b: no such player 17" in refused(small)


def test_a_score_the_match_cannot_have_is_refused(small):
    match = next(m for m in small["rounds"][0]["matches"] if m["player_b"] is not None)
    match["a_wins"], match["b_wins"] = 3, 0
    problems = refused(small)
    assert any(p.startswith("rounds[0].matches[") and ".score: a best-of-3 match ends when"
               in p for p in problems), problems


def test_a_card_not_in_the_catalogue_is_refused(small):
    small["decklists"][0]["cards"][3] = "Dragon of Forgery"
    assert ("decklists[0].cards: 'Dragon of Forgery' is not a card of Clash of Decks"
            in refused(small))


def test_a_record_the_engine_does_not_replay_is_refused(small):
    game = small["rounds"][0]["matches"][0]["games"][0]
    game["record"]["hashes"][0] = "00000000"
    problems = refused(small)
    assert any(p.startswith("rounds[0].matches[0].games[0].record: the engine's replay "
                            "does not confirm it") for p in problems), problems


def test_a_seed_that_does_not_match_its_commitment_is_refused(small):
    small["event"]["seed"] += 1
    assert ("event.seed: the seed and nonce do not hash to the published seed_hash"
            in refused(small))


def test_every_problem_is_named_at_once(small):
    small["players"][1]["name"] = ""
    small["event"]["round_minutes"] = 0
    small["announcements"] = [{"text": "x" * 500, "posted_at": "yesterday"}]
    problems = refused(small)
    assert "players[1].name: must not be empty" in problems
    assert "event.round_minutes: must be a whole number from 1 to 600, not 0" in problems
    assert "announcements[0].text: is longer than 280 characters" in problems
    assert any(p.startswith("announcements[0].posted_at: must be a date and time")
               for p in problems)


def test_standings_the_results_do_not_give_are_refused_and_nothing_stays(small):
    """Caught after the rows are written: the one transaction takes them all back."""
    first, second = small["standings"][0], small["standings"][1]
    first["player"], second["player"] = second["player"], first["player"]
    problems = refused(small)
    assert problems[0].startswith("standings[0]: the file has player")


def test_a_file_too_large_or_not_json_is_refused_with_a_message():
    with pytest.raises(DomainError, match=r"at most 2,000,000 are accepted"):
        event_file_parse(b" " * 2_000_001)
    with pytest.raises(DomainError, match=r"The event file must be JSON"):
        event_file_parse(b"{not json")


def _paths(data: dict) -> list[tuple]:
    """The places a forger would change first: the settings, a seat, a round and its clock,
    a match, its first change and game, and each of the trail's lists."""
    rnd = data["rounds"][0]
    match = rnd["matches"][0]
    places = [("event",), ("players", 0), ("rounds", 0), ("rounds", 0, "clock"),
              ("rounds", 0, "matches", 0), ("rounds", 0, "matches", 0, "changes", 0)]
    if match["games"]:
        places.append(("rounds", 0, "matches", 0, "games", 0))
    out = []
    for place in places:
        node = data
        for step in place:
            node = node[step]
        out += [(*place, key) for key in node]
    return out + [(key,) for key in data]


def test_no_forged_value_gets_past_the_checks_as_anything_but_a_named_problem():
    """Each field of a file set to a value of the wrong kind: the import refuses it with
    its problems (or, where the value is allowed, imports it); it never fails otherwise."""
    data = file_of(simulated(players=4, ai=0, seed=9, publish=False, top_cut=0))
    importer = UserFactory(username="importer")
    for path in _paths(data):
        for bad in ([], {}, "x", -1, 10 ** 30, None, "2026-02-30T10:00:00+00:00"):
            forged = json.loads(json.dumps(data))
            node = forged
            for step in path[:-1]:
                node = node[step]
            node[path[-1]] = bad
            try:
                with transaction.atomic():
                    event_file_import(data=forged, by=importer, now=timezone.now())
                    transaction.set_rollback(True)
            except DomainError as exc:
                assert exc.code == "invalid_event_file" and exc.problems, (path, bad)


def test_the_importer_can_still_delete_their_account():
    """The imported lists have no owner: the importer's account goes, and the imported
    event keeps its seats, their lists and its results."""
    from accounts.services.deletion import account_delete

    data = file_of(simulated(players=4, ai=0, seed=10, top_cut=0))
    importer = UserFactory(username="importer")
    copy = event_file_import(data=data, by=importer, now=timezone.now())
    before = standing_lines(copy)
    account_delete(user=importer, now=timezone.now())
    assert Registration.objects.filter(event=copy, decklist_version__isnull=False).count() == 4
    assert not get_user_model().objects.filter(username="importer").exists()
    assert standing_lines(copy) == before


def test_a_score_its_replayed_games_do_not_give_is_not_engine_verified_here(small):
    """The file may claim the engine decided a match; here it counts only if the replayed
    games add up to the score."""
    small["standings"] = []  # optional: the import computes its own
    rnd = small["rounds"][0]
    match = next(m for m in rnd["matches"] if m["player_b"] is not None
                 and m["engine_verified"] and m["a_wins"] + m["b_wins"] + m["draws"] < 5)
    match["draws"] += 1  # still a legal score, and the same winner
    copy = event_file_import(data=small, by=UserFactory(username="importer"), now=timezone.now())
    imported = Match.objects.filter(round__event=copy, round__number=1)
    assert not imported.get(table=match["table"]).engine_verified
    assert imported.exclude(table=match["table"]).filter(player_b__isnull=False,
                                                         engine_verified=True).exists()


def test_a_penalty_on_a_match_its_player_did_not_play_is_refused(small):
    first = small["rounds"][0]["matches"][0]
    stranger = next(p["id"] for p in small["players"]
                    if p["id"] not in (first["player_a"], first["player_b"]))
    small["penalties"] = [{"player": stranger, "kind": "match_loss", "round_number": 1,
                           "match": first["id"], "note": "Forged",
                           "at": "2026-05-01T10:30:00+00:00", "withdrawn_at": None}]
    assert (f"penalties[0].match: player {stranger} does not play in match {first['id']}"
            in refused(small))


def test_a_late_player_and_a_no_show_keep_their_match_and_seat_in_the_new_event(small):
    """The two corrections name a match (and a late player's AI seat) by the file's ids; the
    import maps them to the new rows, and a forged id is a named problem."""
    first = small["rounds"][0]["matches"][0]
    small["corrections"] = [
        {"action": "late", "round_number": 1, "player": first["player_a"],
         "details": {"gets": "ai_match", "match": first["id"], "table": first["table"],
                     "ai_seat": first["player_b"], "new_seat": False, "guest": False},
         "at": small["rounds"][0]["paired_at"]},
        {"action": "no_show", "round_number": 1, "player": first["player_b"],
         "details": {"match": first["id"], "table": first["table"], "absent_side": "b",
                     "score": {"a_wins": 2, "b_wins": 0, "draws": 0}, "minutes": 10},
         "at": small["rounds"][0]["paired_at"]}]
    copy = event_file_import(data=small, by=UserFactory(username="importer"),
                             now=timezone.now())
    late, no_show = copy.corrections.order_by("id")
    match = Match.objects.get(round__event=copy, round__number=1, table=first["table"])
    assert late.details["match"] == no_show.details["match"] == match.pk
    assert late.details["ai_seat"] == match.player_b_id
    small["corrections"][1]["details"]["match"] = 999
    assert "corrections[1].details.match: no such match 999" in refused(small)


def test_the_events_list_and_the_event_s_header_say_an_event_is_imported():
    """A copy keeps its original's name, format, status and date: the words "Imported from"
    and the site tell them apart in the list, and its header says so beside its state."""
    event = simulated(players=4, ai=0, seed=4, top_cut=0)
    copy = event_file_import(data=file_of(event), by=UserFactory(username="importer"),
                             now=timezone.now())
    rows = re.findall(r'<a class="list-row" href="/events/(\d+)/">(.*?)</a>',
                      html(Client().get("/events/")), re.S)
    row_of = {int(pk): text for pk, text in rows}
    imported = '<span class="badge badge-imported">Imported from clash.example</span>'
    assert imported in row_of[copy.pk]
    assert "Imported" not in row_of[event.pk]

    header = html(Client().get(f"/events/{copy.pk}/")).split('<nav class="tabs"')[0]
    lead = re.search(r'<p class="lead">(.*?)</p>', header, re.S).group(1)
    assert '<span class="badge badge-imported">Imported</span>' in lead
    original = html(Client().get(f"/events/{event.pk}/")).split('<nav class="tabs"')[0]
    assert "badge-imported" not in original
