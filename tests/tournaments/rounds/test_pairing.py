"""Pairing Swiss rounds through `round_pair`: the draw, score groups, byes, drops, draws,
late entry, AI seats, and pairing once however often it is asked."""

from collections import Counter

import pytest

from core.errors import Conflict, DomainError, Forbidden
from tests.factories import UserFactory
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import (
    match_of,
    now,
    organizer_of,
    pair,
    seats,
    settle,
    start,
    tables,
)
from tournaments.models import Match, MatchStatus, Registration, ResultChange, Round
from tournaments.presenters.explanations import round_explanation
from tournaments.selectors.standings import standings_for_event
from tournaments.services.registrations import registration_create, registration_drop
from tournaments.services.results import result_report, result_set
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


def running(names, **event):
    event = OrganizedEventFactory(**event)
    seats(event, names)
    start(event)
    return event


def seated(rnd):
    """Everyone in the round: each match's players and the bye."""
    return [p.name for m in rnd.matches.all() for p in (m.player_a, m.player_b) if p]


def test_round_one_is_drawn_from_the_event_seed_and_can_be_replayed():
    event = running("alice bob carol dave erin fay gus hal", seed=42)
    first = pair(event)
    assert first.number == 1 and first.seed == 42
    drawn = tables(first)
    first.delete()  # replaying the draw from the stored seed gives the same tables
    assert tables(pair(event)) == drawn
    assert "drawn at random from the event's seed" in " ".join(round_explanation(first))


def test_every_player_plays_once_at_tables_numbered_from_one():
    event = running("alice bob carol dave erin fay")
    rnd = pair(event)
    assert sorted(seated(rnd)) == ["alice", "bob", "carol", "dave", "erin", "fay"]
    assert list(rnd.matches.values_list("table", flat=True).order_by("table")) == [1, 2, 3]
    assert set(rnd.matches.values_list("status", flat=True)) == {MatchStatus.PENDING}


def test_an_odd_count_gives_one_bye_recorded_as_a_confirmed_two_nil_win():
    event = running("alice bob carol dave erin")
    rnd = pair(event)
    bye = rnd.matches.get(player_b=None)
    assert bye.table is None and bye.status == MatchStatus.CONFIRMED
    assert (bye.a_wins, bye.b_wins, bye.draws) == (2, 0, 0)
    change = ResultChange.objects.get(match=bye)
    assert change.action == "bye" and change.by is None and change.after["status"] == "confirmed"
    row = next(r for r in standings_for_event(event) if r.name == bye.player_a.name)
    assert row.match_points == 3 and row.wins == 1


def test_the_bye_goes_to_the_lowest_ranked_player_who_has_not_had_one():
    event = running("alice bob carol dave erin", rounds=5)
    byes = []
    for _ in range(5):
        ranked = [r.name for r in standings_for_event(event)]
        rnd = pair(event)
        bye = rnd.matches.get(player_b=None).player_a.name
        assert bye == [n for n in ranked if n not in byes][-1]
        byes.append(bye)
        settle(rnd, result=lambda m: (2, 1, 0) if m.pk % 2 else (0, 2, 1))
    assert sorted(byes) == ["alice", "bob", "carol", "dave", "erin"]  # one each


def test_the_second_round_pairs_winners_with_winners_and_never_repeats_a_pairing():
    event = running("alice bob carol dave erin fay gus hal", rounds=3)
    first = pair(event)
    settle(first)
    winners = {m.player_a.name for m in first.matches.all()}
    second = pair(event)
    for m in second.matches.all():
        assert (m.player_a.name in winners) == (m.player_b.name in winners)
    met = {frozenset((m.player_a_id, m.player_b_id)) for m in first.matches.all()}
    assert not met & {frozenset((m.player_a_id, m.player_b_id)) for m in second.matches.all()}


def test_the_top_table_seats_the_leaders():
    event = running("alice bob carol dave erin fay gus hal", rounds=3)
    settle(pair(event))
    second = pair(event)
    settle(second)
    third = pair(event)
    leaders = [r.name for r in standings_for_event(event) if r.match_points == 6]
    assert sorted(tables(third)[0]) == sorted(leaders)


def test_a_drawn_match_gives_each_player_a_point_and_they_are_paired_as_equals():
    event = running("alice bob carol dave erin fay", rounds=2)
    first = pair(event)
    drawn = first.matches.order_by("table").first()
    settle(first, result=lambda m: (1, 1, 1) if m.pk == drawn.pk else (2, 0, 0))
    points = {r.name: r.match_points for r in standings_for_event(event)}
    assert points[drawn.player_a.name] == points[drawn.player_b.name] == 1
    second = pair(event)
    a, b = drawn.player_a.name, drawn.player_b.name
    opponent_of_a = match_of(second, a)
    other = ({opponent_of_a.player_a.name, opponent_of_a.player_b.name} - {a}).pop()
    # Only the two of them have 1 point; as they cannot meet again, each meets a 3 or a 0.
    assert other != b and points[other] in (0, 3)


def test_a_drop_leaves_an_odd_count_and_the_next_round_has_a_bye():
    event = running("alice bob carol dave", rounds=3)
    settle(pair(event))
    alice = Registration.objects.get(player__username="alice")
    registration_drop(registration_id=alice.pk, by=alice.player, now=now())
    second = pair(event)
    assert "alice" not in seated(second)
    assert second.matches.filter(player_b=None).count() == 1
    assert "1 dropped, never paired again" in round_explanation(second)[0]


def test_a_late_entry_starts_with_no_points_and_nothing_for_the_missed_round():
    event = running("alice bob carol dave", rounds=3, late_entry_until_round=2)
    settle(pair(event))
    erin = registration_create(event_id=event.pk, by=UserFactory(username="erin"),
                               now=now(), preconstructed_deck=1)
    row = next(r for r in standings_for_event(event) if r.name == "erin")
    assert (row.match_points, row.wins, row.losses) == (0, 0, 0)
    second = pair(event)
    # Erin has no opponent yet, so no opponents' match-win %: the lowest rank, the bye.
    assert second.matches.get(player_b=None).player_a == erin
    settle(second)
    row = next(r for r in standings_for_event(event) if r.name == "erin")
    assert (row.match_points, row.wins, row.losses) == (3, 1, 0)


def test_with_ai_fill_an_odd_seat_plays_the_ai_instead_of_a_bye():
    event = running("alice bob carol", fill_with_ai=True)
    rnd = pair(event)
    assert not rnd.matches.filter(player_b=None).exists()
    ai = Registration.objects.get(event=event, is_ai=True)
    assert ai.player is None and ai.name == "AI player"
    ai_match = Match.objects.get(round=rnd, is_ai_match=True)
    assert ai in (ai_match.player_a, ai_match.player_b)
    assert rnd.matches.filter(is_ai_match=False).count() == 1
    assert "AI player fills the odd seat instead of a bye" in round_explanation(rnd)[-1]
    assert event.exclude_ai_from_ratings


def test_the_ai_seat_sits_out_when_the_count_is_even_and_returns_when_it_is_odd():
    event = running("alice bob carol", fill_with_ai=True, rounds=3, late_entry_until_round=3)
    settle(pair(event))
    registration_create(event_id=event.pk, by=UserFactory(username="dave"), now=now(),
                        preconstructed_deck=1)
    second = pair(event)
    ai = Registration.objects.get(event=event, is_ai=True)
    assert ai.dropped and not second.matches.filter(is_ai_match=True).exists()
    assert not second.matches.filter(player_b=None).exists()
    settle(second)
    dave = Registration.objects.get(player__username="dave")
    registration_drop(registration_id=dave.pk, by=dave.player, now=now())
    third = pair(event)
    ai.refresh_from_db()
    assert not ai.dropped and third.matches.filter(is_ai_match=True).count() == 1
    assert Registration.objects.filter(event=event, is_ai=True).count() == 1


def test_without_ai_fill_there_is_never_an_ai_seat():
    event = running("alice bob carol")
    pair(event)
    assert not Registration.objects.filter(event=event, is_ai=True).exists()


def test_asking_again_for_a_round_that_exists_returns_it_and_pairs_nothing_new():
    event = running("alice bob carol dave")
    organizer = organizer_of(event)
    first, paired = round_pair(event_id=event.pk, by=organizer, now=now(), number=1)
    again, paired_again = round_pair(event_id=event.pk, by=organizer, now=now(), number=1)
    assert again.pk == first.pk
    assert (paired, paired_again) == (True, False)
    assert Round.objects.filter(event=event).count() == 1
    assert Match.objects.filter(round__event=event).count() == 2


def test_the_next_round_waits_for_every_result_and_names_the_open_tables():
    event = running("alice bob carol dave erin fay gus hal", rounds=3)
    rnd = pair(event)
    one, two, three, four = rnd.matches.order_by("table")
    result_set(match_id=one.pk, by=organizer_of(event), a_wins=2, b_wins=0, now=now())
    result_report(match_id=two.pk, by=two.player_a.player, a_wins=2, b_wins=0, now=now())
    result_report(match_id=three.pk, by=three.player_a.player, a_wins=2, b_wins=0, now=now())
    result_report(match_id=three.pk, by=three.player_b.player, a_wins=0, b_wins=2, now=now())
    with pytest.raises(Conflict) as err:
        pair(event)
    assert isinstance(err.value, Conflict) and err.value.code == "results_open"
    assert err.value.message == ("Round 1 still has results to confirm: table 2 (one report), "
                                 "table 3 (disputed), table 4")
    assert Round.objects.filter(event=event).count() == 1


def test_a_round_number_out_of_turn_is_refused():
    event = running("alice bob carol dave", rounds=3)
    with pytest.raises(Conflict, match="The next round of .* is round 1, not round 2"):
        round_pair(event_id=event.pk, by=organizer_of(event), now=now(), number=2)


def test_no_pairing_before_the_start_or_after_the_last_swiss_round():
    event = OrganizedEventFactory(rounds=1)
    seats(event, "alice bob")
    with pytest.raises(Conflict, match="has not started"):
        pair(event)
    start(event)
    settle(pair(event))
    with pytest.raises(Conflict, match="The 1 Swiss round of .* is played: complete"):
        pair(event)


def test_the_explanation_names_the_players():
    event = running("alice bob carol", rounds=2)
    settle(pair(event))
    second = pair(event)
    text = " ".join(round_explanation(second))
    bye = second.matches.get(player_b=None).player_a.name
    assert f"bye: {bye}" in text and "R" + str(second.matches.first().player_a_id) not in text


def test_a_long_event_pairs_everyone_each_round_with_at_most_one_bye_each():
    event = OrganizedEventFactory(rounds=5)
    SeatFactory.create_batch(11, event=event)
    start(event)
    byes = Counter()
    for _ in range(5):
        rnd = pair(event)
        assert len(seated(rnd)) == 11
        byes.update(m.player_a_id for m in rnd.matches.filter(player_b=None))
        settle(rnd, result=lambda m: (2, 1, 0) if m.pk % 3 else (1, 2, 0))
    assert max(byes.values()) == 1 and sum(byes.values()) == 5


def test_only_an_organizer_of_the_event_pairs_it():
    event = running("alice bob")
    other = OrganizedEventFactory()
    with pytest.raises(DomainError) as err:
        round_pair(event_id=event.pk, by=organizer_of(other), now=now())
    assert isinstance(err.value, Forbidden) and not Round.objects.filter(event=event).exists()


def test_with_fewer_than_two_players_left_there_is_nothing_to_pair_in_the_readers_words():
    from django.utils import translation

    from core.errors import Conflict

    event = running("alice bob carol", rounds=3)
    settle(pair(event))
    for name in ("alice", "bob"):
        seat = Registration.objects.get(player__username=name)
        registration_drop(registration_id=seat.pk, by=seat.player, now=now())
    with pytest.raises(Conflict, match="Only 1 player is still in") as refused:
        pair(event)
    assert refused.value.code == "cannot_pair" and refused.value.params["active"] == 1
    with translation.override("cs"), pytest.raises(Conflict) as czech:
        pair(event)
    assert czech.value.message != refused.value.message and "still" not in czech.value.message
