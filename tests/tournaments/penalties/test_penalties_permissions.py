"""Who sees and does what with penalties and judges (issue 16), asked as an attacker would:
anonymous, a brand-new account, a player of the event, the penalised player, the opponent, a
judge of this event, a judge of another event, an organizer of another event, the organizer;
through the pages and the API, with guessed ids. The player sees their own penalties, the
organizers and judges all of them, nobody else any; a judge does less than an organizer, and
nothing in another event.

The scene is built once for the module (tests/worlds.py); each test runs in its own savepoint
on freshly fetched rows, so it sees the scene unchanged."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.factories.decklists import LIST_A
from tests.factories.decks import DecklistVersionFactory
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import match_of, now, organizer_of, pair, seats, start
from tests.web import client_for, error_of, html, signed_in
from tests.worlds import built_once, fresh
from tournaments.models import Penalty, PenaltyKind
from tournaments.services.judges import judge_add
from tournaments.services.penalties import penalty_record

pytestmark = pytest.mark.django_db

SECRET = "Looked at the hand of the opponent SECRET-7731"
WARNED = "Slow play WARNED-5512"

EVERYONE = ["anonymous", "newcomer", "player", "penalised", "opponent", "judge",
            "other_judge", "other_organizer", "organizer"]
SEES_ALL = {"judge", "organizer"}


@built_once
def scene_built() -> dict:
    """alice plays bob at a table of round 1 and takes a match loss there; carol (who
    plays dave) has a warning; each seat has a registered list. Another event has its own
    organizer and judge."""
    event = OrganizedEventFactory(rounds=3, seed=7)
    alice, bob, carol, dave = seats(event, "alice bob carol dave")
    for seat in (alice, bob, carol, dave):
        seat.decklist_version = DecklistVersionFactory(decklist__owner=seat.player,
                                                       cards=list(LIST_A))
        seat.save(update_fields=["decklist_version"])
    start(event)
    rnd = pair(event)
    other = OrganizedEventFactory(rounds=3, seed=8)
    (stranger,) = seats(other, "stranger")
    judge, other_judge = UserFactory(username="jude"), UserFactory(username="otto")
    judge_add(event_id=event.pk, by=organizer_of(event), user=judge)
    judge_add(event_id=other.pk, by=organizer_of(other), user=other_judge)
    loss = penalty_record(event_id=event.pk, registration_id=alice.pk, kind="match_loss",
                          note=SECRET, by=organizer_of(event), now=now())
    warning = penalty_record(event_id=event.pk, registration_id=carol.pk, kind="warning",
                             note=WARNED, by=judge, now=now())
    table = match_of(rnd, "alice")
    opponent = table.player_b if table.player_a_id == alice.pk else table.player_a
    # A player of the event who is neither penalised nor alice's opponent.
    player = next(s for s in (bob, carol, dave) if s.pk not in (opponent.pk, carol.pk))
    users = {
        "anonymous": None, "newcomer": UserFactory(), "player": player.player,
        "penalised": alice.player, "opponent": opponent.player, "judge": judge,
        "other_judge": other_judge, "other_organizer": organizer_of(other),
        "organizer": organizer_of(event),
    }
    return {"event": event, "other": other, "round": rnd, "alice": alice,
            "opponent": opponent, "carol": carol, "stranger": stranger, "loss": loss,
            "warning": warning, "users": users}


@pytest.fixture
def scene(scene_built) -> dict:
    return fresh(scene_built)


def page_client(user) -> Client:
    return Client() if user is None else signed_in(user)


def pages_of(scene) -> list[str]:
    event, match = scene["event"], match_of(scene["round"], "alice")
    return [reverse("tournaments:event", args=[event.pk]),
            reverse("tournaments:pairings", args=[event.pk]),
            reverse("tournaments:standings", args=[event.pk]),
            reverse("tournaments:standings_csv", args=[event.pk]),
            reverse("tournaments:pairings_csv", args=[event.pk]) + "?round=1",
            reverse("tournaments:event_player", args=[event.pk, scene["alice"].pk]),
            reverse("tournaments:match", args=[event.pk, match.pk]),
            reverse("tournaments:penalties", args=[event.pk]),
            reverse("me")]


@pytest.mark.parametrize("who", EVERYONE)
def test_a_penalty_note_shows_only_to_the_penalised_player_the_organizers_and_judges(
        scene, who):
    user = scene["users"][who]
    client = page_client(user)
    seen = "".join(html(client.get(url)) for url in pages_of(scene))
    api = client_for(user)
    event = scene["event"]
    match = match_of(scene["round"], "alice")
    for url in (f"/api/events/{event.pk}/", f"/api/events/{event.pk}/standings/",
                f"/api/matches/{match.pk}/", f"/api/matches/{match.pk}/history/",
                f"/api/events/{event.pk}/standings/csv/",
                f"/api/events/{event.pk}/rounds/1/pairings/csv/"):
        seen += api.get(url).content.decode()
    assert (SECRET in seen) == (who in SEES_ALL | {"penalised"}), who
    assert (WARNED in seen) == (who in SEES_ALL), who


@pytest.mark.parametrize("who", EVERYONE)
def test_the_penalties_api_lists_all_to_judges_and_organizers_and_a_player_their_own(
        scene, who):
    response = client_for(scene["users"][who]).get(f"/api/events/{scene['event'].pk}/penalties/")
    if who == "anonymous":
        assert response.status_code == 403
        return
    assert response.status_code == 200
    notes = sorted(p["note"] for p in response.json())
    expected = {"judge": sorted([SECRET, WARNED]), "organizer": sorted([SECRET, WARNED]),
                "penalised": [SECRET]}.get(who, [])
    assert notes == expected


@pytest.mark.parametrize("who", EVERYONE)
def test_only_the_organizers_and_judges_open_the_judge_page(scene, who):
    response = page_client(scene["users"][who]).get(
        reverse("tournaments:penalties", args=[scene["event"].pk]))
    if who == "anonymous":
        assert response.status_code == 302 and "/login/" in response["Location"]
    elif who in SEES_ALL:
        assert response.status_code == 200
        assert "Record the penalty" in html(response)
    else:
        assert response.status_code == 403
        assert SECRET not in html(response) and WARNED not in html(response)


@pytest.mark.parametrize("who", EVERYONE)
def test_only_the_organizers_and_judges_record_and_withdraw_penalties(scene, who):
    event = scene["event"]
    api = client_for(scene["users"][who])
    before = Penalty.objects.count()
    created = api.post(f"/api/events/{event.pk}/penalties/", {
        "registration_id": scene["carol"].pk, "kind": "warning", "note": "Again"},
        format="json")
    withdrawn = api.post(f"/api/events/{event.pk}/penalties/{scene['warning'].pk}/withdraw/")
    page = page_client(scene["users"][who]).post(
        reverse("tournaments:penalty_record", args=[event.pk]),
        {"penalty-registration": scene["carol"].pk, "penalty-kind": "warning",
         "penalty-note": "By page"})
    scene["warning"].refresh_from_db()
    if who in SEES_ALL:
        assert created.status_code == 201 and created.json()["note"] == "Again"
        assert withdrawn.status_code == 200 and scene["warning"].withdrawn_at is not None
        assert page.status_code == 302
        assert Penalty.objects.count() == before + 2
    else:
        assert created.status_code == 403 and withdrawn.status_code == 403
        assert page.status_code in (302, 403)
        if who == "anonymous":
            assert "/login/" in page["Location"]
        assert Penalty.objects.count() == before and scene["warning"].withdrawn_at is None
        if who != "anonymous":
            assert SECRET not in created.content.decode() + withdrawn.content.decode()


def test_guessed_ids_of_another_event_are_not_found_for_its_judge(scene):
    event, other = scene["event"], scene["other"]
    api = client_for(scene["users"]["judge"])
    # A seat of another event recorded through this event, and the other way round.
    response = api.post(f"/api/events/{event.pk}/penalties/", {
        "registration_id": scene["stranger"].pk, "kind": "warning", "note": "Guess"},
        format="json")
    assert response.status_code == 404
    assert api.post(f"/api/events/{other.pk}/penalties/", {
        "registration_id": scene["stranger"].pk, "kind": "warning", "note": "Guess"},
        format="json").status_code == 403
    # This event's penalty withdrawn through the other event's URL by its judge.
    other_judge = client_for(scene["users"]["other_judge"])
    response = other_judge.post(f"/api/events/{other.pk}/penalties/{scene['loss'].pk}/withdraw/")
    assert response.status_code == 404
    assert SECRET not in response.content.decode()
    assert error_of(response)["code"] == "not_found"
    scene["loss"].refresh_from_db()
    assert scene["loss"].withdrawn_at is None
    assert other_judge.get(f"/api/events/{event.pk}/penalties/").json() == []


def test_a_refused_penalty_says_what_is_wrong_and_writes_nothing(scene):
    api = client_for(scene["users"]["judge"])
    response = api.post(f"/api/events/{scene['event'].pk}/penalties/", {
        "registration_id": scene["carol"].pk, "kind": "red_card", "note": ""}, format="json")
    assert response.status_code == 400
    error = error_of(response)
    assert error["code"] == "invalid_penalty" and len(error["problems"]) == 2
    assert Penalty.objects.count() == 2


JUDGE_CANNOT = [
    ("tournaments:dashboard", "get", {}),
    ("tournaments:round_pair", "post", {"number": 2}),
    ("tournaments:event_complete", "post", {}),
    ("tournaments:judge_add", "post", {"judge-user": "newjudge"}),
    ("tournaments:organizer_add", "post", {"org-user": "newjudge"}),
    ("tournaments:lists_publish", "post", {}),
]


@pytest.mark.parametrize(("name", "method", "data"), JUDGE_CANNOT)
def test_a_judge_does_not_do_what_only_an_organizer_does(scene, name, method, data):
    UserFactory(username="newjudge")
    client = signed_in(scene["users"]["judge"])
    response = getattr(client, method)(reverse(name, args=[scene["event"].pk]), data)
    assert response.status_code == 403
    assert not scene["event"].organizers.filter(username="newjudge").exists()
    assert not scene["event"].judges.filter(username="newjudge").exists()


def test_a_judge_does_not_set_results_nor_name_judges_through_the_api(scene):
    api = client_for(scene["users"]["judge"])
    match = match_of(scene["round"], "carol")
    assert api.put(f"/api/matches/{match.pk}/result/", {"a_wins": 2, "b_wins": 0},
                   format="json").status_code == 403
    assert api.post(f"/api/events/{scene['event'].pk}/judges/", {"username": "otto"},
                    format="json").status_code == 403
    assert api.post(f"/api/events/{scene['event'].pk}/rounds/",
                    {"number": 2}, format="json").status_code == 403
    match.refresh_from_db()
    assert match.a_wins is None


def test_a_judge_gives_a_table_extra_time_and_a_judge_of_another_event_cannot(scene):
    event = scene["event"]
    match = match_of(scene["round"], "carol")
    url = reverse("tournaments:match_time", args=[event.pk, match.pk])
    data = {"minutes": 3, "note": "Deck check", "seen": 0}
    response = signed_in(scene["users"]["other_judge"]).post(url, data)
    assert response.status_code == 403
    match.refresh_from_db()
    assert match.extra_minutes == 0
    response = signed_in(scene["users"]["judge"]).post(url, data)
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.extra_minutes == 3
    page = html(signed_in(scene["users"]["judge"]).get(
        reverse("tournaments:match", args=[event.pk, match.pk])))
    assert "Give this table extra time" in page and "Confirm this result" not in page


def test_a_judge_reads_this_events_lists_and_no_other(scene):
    event, alice = scene["event"], scene["alice"]
    url = reverse("tournaments:seat_list", args=[event.pk, alice.pk])
    response = signed_in(scene["users"]["judge"]).get(url)
    assert response.status_code == 200
    assert LIST_A[0] in html(response)
    decklist = alice.decklist_version.decklist_id
    assert client_for(scene["users"]["judge"]).get(
        f"/api/decklists/{decklist}/").status_code == 200
    for who in ("other_judge", "other_organizer", "opponent", "newcomer"):
        assert signed_in(scene["users"][who]).get(url).status_code == 403, who
        assert client_for(scene["users"][who]).get(
            f"/api/decklists/{decklist}/").status_code == 404, who


@pytest.mark.parametrize("who", EVERYONE)
def test_only_the_organizers_name_and_remove_judges(scene, who):
    event = scene["event"]
    newcomer = UserFactory(username="nina")
    judge = scene["users"]["judge"]
    api = client_for(scene["users"][who])
    named = api.post(f"/api/events/{event.pk}/judges/", {"username": "nina"}, format="json")
    removed = api.delete(f"/api/events/{event.pk}/judges/{judge.pk}/")
    if who == "organizer":
        assert named.status_code == 200 and removed.status_code == 204
        assert list(event.judges.all()) == [newcomer]
    else:
        assert named.status_code == 403 and removed.status_code == 403
        assert list(event.judges.all()) == [judge]


def test_the_dashboard_names_and_removes_a_judge_and_the_judge_finds_the_page_from_me(scene):
    event, organizer = scene["event"], scene["users"]["organizer"]
    client = signed_in(organizer)
    UserFactory(username="nina")
    assert "Name the judge" in html(client.get(reverse("tournaments:dashboard",
                                                       args=[event.pk])))
    response = client.post(reverse("tournaments:judge_add", args=[event.pk]),
                           {"judge-user": "nina"})
    assert response.status_code == 302
    nina = event.judges.get(username="nina")
    me = html(signed_in(nina).get(reverse("me")))
    assert reverse("tournaments:penalties", args=[event.pk]) in me
    event_page = html(signed_in(nina).get(reverse("tournaments:event", args=[event.pk])))
    assert "The judge page" in event_page
    refused = client.post(reverse("tournaments:judge_add", args=[event.pk]),
                          {"judge-user": "alice"})
    assert refused.status_code == 400 and "plays in" in html(refused)
    client.post(reverse("tournaments:judge_remove", args=[event.pk, nina.pk]))
    assert not event.judges.filter(pk=nina.pk).exists()
    assert signed_in(nina).get(reverse("tournaments:penalties", args=[event.pk])) \
        .status_code == 403


def test_the_penalised_player_sees_their_penalty_and_the_opponent_sees_only_the_change(scene):
    event = scene["event"]
    mine = html(signed_in(scene["users"]["penalised"]).get(
        reverse("tournaments:event", args=[event.pk])))
    assert "Your penalties" in mine and SECRET in mine
    match = match_of(scene["round"], "alice")
    theirs = html(signed_in(scene["users"]["opponent"]).get(
        reverse("tournaments:match", args=[event.pk, match.pk])))
    assert "result changed by a penalty" in theirs and SECRET not in theirs
    assert str(PenaltyKind.MATCH_LOSS.label) not in theirs  # a translatable label


@pytest.mark.parametrize("who", EVERYONE)
def test_only_the_organizers_and_judges_give_a_table_extra_time_through_the_api(scene, who):
    match = match_of(scene["round"], "carol")
    response = client_for(scene["users"][who]).post(
        f"/api/matches/{match.pk}/time/", {"minutes": 2, "seen": 0}, format="json")
    match.refresh_from_db()
    if who in SEES_ALL:
        assert response.status_code == 200 and match.extra_minutes == 2
    else:
        assert response.status_code == 403 and match.extra_minutes == 0
