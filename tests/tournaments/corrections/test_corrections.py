"""The organizers' corrections (issue 16): undo a drop, undo the latest round's pairing before
any result and pair it again, swap two players between tables; each in the audit trail."""

import pytest

from core.errors import Conflict, DomainError
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import match_of, now, organizer_of, pair, seats, settle, start
from tests.tournaments.event_steps import tables as tables_of
from tournaments.models import Correction, CorrectionAction, MatchStatus, Round
from tournaments.selectors.standings import results_version
from tournaments.services.corrections import registration_undrop, round_swap, round_unpair
from tournaments.services.registrations import registration_drop
from tournaments.services.results import result_report

pytestmark = pytest.mark.django_db


def running(names="alice bob carol dave eve fred", rounds=3):
    event = OrganizedEventFactory(rounds=rounds, seed=7)
    players = seats(event, names)
    start(event)
    return event, players


def test_an_undone_drop_is_paired_again_from_the_next_round_and_not_before():
    event, (alice, *_) = running()
    first = pair(event)
    registration_drop(registration_id=alice.pk, by=organizer_of(event), now=now())
    settle(first)
    second = pair(event)
    assert "alice" not in {name for pair_ in tables_of(second) for name in pair_}
    back = registration_undrop(registration_id=alice.pk, by=organizer_of(event), now=now())
    assert not back.dropped and back.dropped_at is None
    # The round in play is untouched: alice has no table in it.
    assert "alice" not in {name for pair_ in tables_of(second) for name in pair_}
    settle(second)
    third = pair(event)
    assert "alice" in {name for pair_ in tables_of(third) for name in pair_}
    (row,) = Correction.objects.filter(event=event)
    assert (row.action, row.registration, row.round_number, row.by) == (
        CorrectionAction.UNDROP, alice, 2, organizer_of(event))
    assert row.details["dropped_at"]


def test_undoing_a_drop_that_is_not_there_changes_nothing():
    event, (alice, *_) = running()
    registration_undrop(registration_id=alice.pk, by=organizer_of(event), now=now())
    assert not Correction.objects.exists()


def test_a_drop_stands_once_the_swiss_rounds_are_over():
    event, (alice, *_) = running("alice bob", rounds=1)
    settle(pair(event))
    registration_drop(registration_id=alice.pk, by=alice.player, now=now())
    from tournaments.services.events import event_complete
    event_complete(event_id=event.pk, by=organizer_of(event), now=now())
    with pytest.raises(Conflict) as err:
        registration_undrop(registration_id=alice.pk, by=organizer_of(event), now=now())
    assert err.value.code == "swiss_over"


def test_undoing_a_pairing_puts_the_round_back_unpaired_and_the_same_seed_pairs_it_the_same():
    event, _ = running("alice bob carol dave eve")  # odd: a bye too
    first = pair(event)
    was = tables_of(first)
    version = results_version(event)
    round_unpair(event_id=event.pk, by=organizer_of(event), now=now(), number=1)
    assert not Round.objects.filter(event=event).exists()
    assert results_version(event) > version  # cached pages refresh
    (row,) = Correction.objects.filter(event=event, action=CorrectionAction.UNPAIR)
    assert row.round_number == 1 and row.details["seed"] == first.seed
    assert len(row.details["tables"]) == 3 and row.details["tables"][-1][1:] != [None, None]
    again = pair(event)
    assert again.number == 1 and again.seed == first.seed
    assert tables_of(again) == was  # nothing changed: the same seed gives the same pairing


def test_undo_a_pairing_fix_a_drop_and_pair_it_again():
    event, (alice, *_) = running()
    pair(event)
    registration_drop(registration_id=alice.pk, by=organizer_of(event), now=now())
    round_unpair(event_id=event.pk, by=organizer_of(event), now=now(), number=1)
    again = pair(event)
    named = {name for pair_ in tables_of(again) for name in pair_}
    assert "alice" not in named and len(named - {None}) == 5


def test_a_later_round_can_be_undone_while_the_earlier_results_stay():
    event, _ = running()
    settle(pair(event))
    pair(event)
    round_unpair(event_id=event.pk, by=organizer_of(event), now=now(), number=2)
    assert list(Round.objects.filter(event=event).values_list("number", flat=True)) == [1]
    assert pair(event).number == 2


@pytest.mark.parametrize("result", ["reported", "confirmed"])
def test_once_a_result_is_in_the_pairing_stands(result):
    event, (alice, *_) = running()
    rnd = pair(event)
    match = match_of(rnd, "alice")
    if result == "reported":
        result_report(match_id=match.pk, by=alice.player, a_wins=2, b_wins=0, now=now())
    else:
        settle(rnd)
    before = list(rnd.matches.values())
    for undo in (lambda: round_unpair(event_id=event.pk, by=organizer_of(event), now=now(),
                                      number=1),
                 lambda: round_swap(event_id=event.pk, by=organizer_of(event), now=now(),
                                    number=1, first=rnd.matches.all()[0].player_a_id,
                                    second=rnd.matches.all()[1].player_a_id)):
        with pytest.raises(Conflict) as err:
            undo()
        assert err.value.code == "results_in"
        assert f"table {match.table}" in err.value.message or "tables" in err.value.message
    assert list(rnd.matches.values()) == before
    assert not Correction.objects.exists()


def test_only_the_latest_round_and_twice_is_refused():
    event, _ = running()
    settle(pair(event))
    pair(event)
    with pytest.raises(Conflict) as err:
        round_unpair(event_id=event.pk, by=organizer_of(event), now=now(), number=1)
    assert err.value.code == "not_latest_round"
    round_unpair(event_id=event.pk, by=organizer_of(event), now=now(), number=2)
    with pytest.raises(Conflict) as err:  # a second click: round 1 has results, it stays
        round_unpair(event_id=event.pk, by=organizer_of(event), now=now(), number=2)
    assert err.value.code == "not_latest_round"
    assert Round.objects.filter(event=event).count() == 1


@pytest.mark.parametrize(("side_one", "side_two"), [("a", "b"), ("a", "a"), ("b", "b")])
def test_swapping_two_players_between_tables(side_one, side_two):
    event, _ = running()
    rnd = pair(event)
    one, two = rnd.matches.order_by("table")[:2]
    a, b = getattr(one, f"player_{side_one}_id"), getattr(two, f"player_{side_two}_id")
    stay = (getattr(one, f"player_{'b' if side_one == 'a' else 'a'}_id"),
            getattr(two, f"player_{'b' if side_two == 'a' else 'a'}_id"))
    round_swap(event_id=event.pk, by=organizer_of(event), now=now(), number=1, first=a,
               second=b)
    one.refresh_from_db()
    two.refresh_from_db()
    assert (getattr(one, f"player_{side_one}_id"), getattr(two, f"player_{side_two}_id")) == (
        b, a)
    assert stay == (getattr(one, f"player_{'b' if side_one == 'a' else 'a'}_id"),
                    getattr(two, f"player_{'b' if side_two == 'a' else 'a'}_id"))
    (row,) = Correction.objects.filter(event=event, action=CorrectionAction.SWAP)
    assert row.details == {"tables": [one.table, two.table], "seats": [a, b]}


def test_a_swap_within_one_table_or_with_the_bye_is_refused():
    event, players = running("alice bob carol dave eve")
    rnd = pair(event)
    table = rnd.matches.filter(player_b__isnull=False).first()
    bye = rnd.matches.get(player_b__isnull=True)
    with pytest.raises(Conflict) as err:
        round_swap(event_id=event.pk, by=organizer_of(event), now=now(), number=1,
                   first=table.player_a_id, second=table.player_b_id)
    assert err.value.code == "same_table"
    with pytest.raises(Conflict) as err:
        round_swap(event_id=event.pk, by=organizer_of(event), now=now(), number=1,
                   first=table.player_a_id, second=bye.player_a_id)
    assert err.value.code == "not_at_a_table"
    with pytest.raises(DomainError):
        round_swap(event_id=event.pk, by=organizer_of(event), now=now(), number=1,
                   first=table.player_a_id, second=table.player_a_id)
    assert not Correction.objects.exists()
    assert rnd.matches.filter(status=MatchStatus.PENDING).count() == 2


def test_the_dashboard_offers_the_corrections_and_they_work(client):
    event, (alice, *_) = running("alice bob carol dave eve")
    registration_drop(registration_id=alice.pk, by=organizer_of(event), now=now())
    pair(event)
    client.force_login(organizer_of(event))
    page = client.get(f"/events/{event.pk}/manage/").content.decode()
    assert "Undo the pairing of round 1" in page and "Swap the two players" in page
    assert f"/manage/players/{alice.pk}/undrop/" in page
    response = client.post(f"/events/{event.pk}/manage/players/{alice.pk}/undrop/")
    assert response.status_code == 302
    alice.refresh_from_db()
    assert not alice.dropped
    response = client.post(f"/events/{event.pk}/manage/unpair/", {"number": 1})
    assert response.status_code == 302
    assert not Round.objects.filter(event=event).exists()
    page = client.get(f"/events/{event.pk}/manage/").content.decode()
    assert "Pair round 1" in page and "Undo the pairing" not in page


def test_the_dashboard_says_why_a_pairing_stands(client):
    event, _ = running("alice bob carol dave")
    rnd = pair(event)
    settle(rnd)
    client.force_login(organizer_of(event))
    assert "Undo the pairing" not in client.get(f"/events/{event.pk}/manage/").content.decode()
    response = client.post(f"/events/{event.pk}/manage/unpair/", {"number": 1})
    assert response.status_code == 409
    assert "its pairing stands" in response.content.decode()
