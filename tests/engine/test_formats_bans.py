"""Constructed lists and the ban-two procedure (rule C-2.5)."""

import pytest

from engine.clash.cards import load_catalogue
from engine.clash.errors import RecordError, SetupError
from engine.clash.formats import (
    BAN_ORDER,
    BanRecord,
    BanState,
    DeckListError,
    IllegalChoice,
    RandomPolicy,
    list_problems,
    replay_bans,
    run_bans,
    validate_list,
)

CAT = load_catalogue()
# Each player has their own Starter Kit, so both lists may hold the same card (here BRUTE).
LIST_A = CAT.deck(1) + ["OGRE", "ALPHA"]
LIST_B = CAT.deck(4) + ["BRUTE", "GNOME"]


def refused(state: BanState, seat, card, reason: str) -> IllegalChoice:
    before, record = state.view(), state.record().to_json()
    with pytest.raises(IllegalChoice) as caught:
        state.ban(seat, card)
    assert caught.value.reason == reason and caught.value.code == "illegal"
    assert state.view() == before and state.record().to_json() == record
    return caught.value


def finished() -> BanState:
    state = BanState(LIST_A, LIST_B)
    state.ban("B", "BRUTE")  # from A's list
    state.ban("A", "ZOMBIE")
    state.ban("A", "BRUTE")  # from B's list: the same name, the other player's copy
    state.ban("B", "OGRE")
    return state


# C-2.5: the lists -----------------------------------------------------------------------

def test_c_2_5_a_list_is_ten_different_known_cards():
    assert list_problems(LIST_A) == []
    assert validate_list(LIST_B) == LIST_B


def test_c_2_5_every_problem_of_a_list_is_named_at_once():
    bad = ["CYCLONE", "CYCLONE"] + CAT.deck(1)[:7]
    assert list_problems(bad) == ["CYCLONE appears twice", "9 cards, 10 needed"]
    worse = ["DRAGON", "WYRM", "BRUTE", "BRUTE", "BRUTE", 5] + CAT.deck(2)[:6]
    assert list_problems(worse) == [
        "5 is not a card name", f"DRAGON, WYRM are not in catalogue {CAT.version}",
        "BRUTE appears three times", "12 cards, 10 needed"]
    assert list_problems(["BRUTE"]) == ["1 card, 10 needed"]
    assert list_problems("BRUTE") == ["a list must be a sequence of 10 card names"]


def test_c_2_5_the_procedure_refuses_bad_lists_naming_the_player():
    bad = ["CYCLONE", "CYCLONE"] + CAT.deck(1)[:7]
    with pytest.raises(DeckListError) as caught:
        BanState(LIST_A, bad)
    assert caught.value.message == "player B's list: CYCLONE appears twice; 9 cards, 10 needed"
    assert caught.value.code == "decklist" and caught.value.seat == "B"
    with pytest.raises(DeckListError) as caught:
        BanState(bad, LIST_B[:9])
    assert caught.value.by_seat == {"A": ["CYCLONE appears twice", "9 cards, 10 needed"],
                                    "B": ["9 cards, 10 needed"]}
    assert "player A's list" in caught.value.message
    assert "player B's list" in caught.value.message
    with pytest.raises(DeckListError):
        validate_list(bad, seat="A")


# C-2.5: the bans ------------------------------------------------------------------------

def test_c_2_5_ban_order_is_b_a_a_b_each_from_the_opponents_list():
    assert BAN_ORDER == (("B", "A"), ("A", "B"), ("A", "B"), ("B", "A"))
    state = BanState(LIST_A, LIST_B)
    seen = []
    while not state.done:
        seen.append((state.step, state.to_ban, state.target))
        state.ban(state.to_ban, state.remaining(state.target)[0])
    assert seen == [(1, "B", "A"), (2, "A", "B"), (3, "A", "B"), (4, "B", "A")]
    assert state.status == "done" and state.to_ban is None and state.step is None


def test_c_2_5_each_player_keeps_eight_cards_their_list_without_two_bans():
    state = finished()
    deck_a, deck_b = state.decks()
    assert deck_a == [c for c in LIST_A if c not in ("BRUTE", "OGRE")]
    assert deck_b == [c for c in LIST_B if c not in ("ZOMBIE", "BRUTE")]
    assert len(deck_a) == len(deck_b) == 8
    assert state.banned == {"A": ("BRUTE", "OGRE"), "B": ("ZOMBIE", "BRUTE")}
    assert state.bans == (("B", "BRUTE"), ("A", "ZOMBIE"), ("A", "BRUTE"), ("B", "OGRE"))


def test_c_2_5_a_card_of_ones_own_list_cannot_be_banned():
    state = BanState(LIST_A, LIST_B)
    error = refused(state, "B", "ZOMBIE", "not_in_list")
    assert error.message == "ZOMBIE is not in A's list (it is in your own list: you ban from " \
                            "your opponent's)"
    refused(state, "B", "DRAGON", "not_in_list")


def test_c_2_5_a_ban_out_of_turn_is_refused():
    state = BanState(LIST_A, LIST_B)
    assert refused(state, "A", "ZOMBIE", "not_your_ban").message == "it is B's ban (step 1)"
    state.ban("B", "TROLL")
    state.ban("A", "ZOMBIE")
    state.ban("A", "MUTANT")
    assert refused(state, "A", "REPTILE", "not_your_ban").message == "it is B's ban (step 4)"


def test_c_2_5_a_banned_card_cannot_be_banned_again():
    state = BanState(LIST_A, LIST_B)
    state.ban("B", "TROLL")
    state.ban("A", "ZOMBIE")
    # A second ban of ZOMBIE by A (step 3) is the same request again.
    error = refused(state, "A", "ZOMBIE", "already_banned")
    assert error.message == "A already banned ZOMBIE from B's list"


def test_repeating_an_applied_ban_is_already_banned_whatever_the_step():
    state = BanState(LIST_A, LIST_B)
    state.ban("B", "TROLL")
    refused(state, "B", "TROLL", "already_banned")  # now A's turn: still told apart
    done = finished()
    refused(done, "B", "OGRE", "already_banned")
    refused(done, "B", "BARON", "bans_over")
    refused(done, "A", "MUTANT", "bans_over")
    refused(done, "C", "MUTANT", "unknown_seat")


def test_both_lists_are_revealed_from_the_start():
    state = BanState(LIST_A, LIST_B)
    assert state.revealed == {"A": True, "B": True}
    assert state.visible_lists == {"A": tuple(LIST_A), "B": tuple(LIST_B)}
    assert state.view().to_json()["remaining"] == {"A": LIST_A, "B": LIST_B}


def test_unfinished_procedure_has_no_decks():
    with pytest.raises(SetupError, match="not over: 0 of 4"):
        BanState(LIST_A, LIST_B).decks()


# Determinism and records ----------------------------------------------------------------

def test_the_same_seed_gives_the_same_bans_with_random_policies():
    policies = (RandomPolicy(), RandomPolicy())
    assert run_bans(LIST_A, LIST_B, 4, policies).bans == run_bans(LIST_A, LIST_B, 4,
                                                                  policies).bans
    assert len({run_bans(LIST_A, LIST_B, s, policies).bans for s in range(20)}) > 10


def test_the_record_replays_after_a_json_round_trip():
    state = finished()
    data = state.record().to_json()
    assert data == {"v": 1, "procedure": "ban-two", "catalogue": CAT.version,
                    "lists": {"A": LIST_A, "B": LIST_B},
                    "bans": ["BRUTE", "ZOMBIE", "BRUTE", "OGRE"]}
    verdict = replay_bans(BanRecord.loads(state.record().dumps()))
    assert verdict.ok and verdict.decks == state.decks()


def test_replay_names_the_first_bad_ban():
    record = finished().record()
    record.bans[1] = "TROLL"  # A's own card at step 2
    record.bans[3] = "DRAGON"
    verdict = replay_bans(record)
    assert not verdict.ok and verdict.step == 2
    assert verdict.reason.startswith("ban 2 (TROLL by A)")
    record = finished().record()
    record.bans[2] = "ZOMBIE"  # banned already at step 2
    assert replay_bans(record).step == 3
    record = finished().record()
    record.bans.append("BARON")
    assert replay_bans(record).step == 5


def test_replay_refuses_bad_lists_and_another_catalogue_as_a_whole():
    record = finished().record()
    record.lists[0][0] = record.lists[0][1]
    verdict = replay_bans(record)
    assert not verdict.ok and verdict.step is None and "appears twice" in verdict.reason
    record = finished().record()
    record.catalogue = "starter-kit@000000000000"
    assert not replay_bans(record).ok
    with pytest.raises(RecordError):
        BanState.from_record(record)


def test_a_record_of_an_unfinished_procedure_rebuilds_the_same_state():
    state = BanState(LIST_A, LIST_B)
    state.ban("B", "BARON")
    verdict = replay_bans(state.record())
    assert verdict.ok and verdict.decks is None
    assert BanState.from_record(state.record()).view() == state.view()
    record = state.record()
    record.bans.append("BARON")
    with pytest.raises(IllegalChoice) as caught:
        BanState.from_record(record)
    assert caught.value.step == 2 and caught.value.reason == "not_in_list"


@pytest.mark.parametrize("data", [
    "x", {"v": 1, "procedure": "draft", "catalogue": "x", "lists": {"A": [], "B": []},
          "bans": []},
    {"v": 1, "procedure": "ban-two", "catalogue": "x", "lists": {"A": []}, "bans": []},
    {"v": 1, "procedure": "ban-two", "catalogue": "x", "lists": [], "bans": []},
    {"v": 1, "procedure": "ban-two", "catalogue": "x", "lists": {"A": [], "B": [1]},
     "bans": []},
    {"v": 1, "procedure": "ban-two", "catalogue": "x", "lists": {"A": [], "B": []},
     "bans": "BRUTE"},
])
def test_a_malformed_record_is_a_record_error(data):
    with pytest.raises(RecordError):
        BanRecord.from_json(data)
