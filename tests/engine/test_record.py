"""Game records: compact, deterministic, and verified by replay."""

import json
import re
import statistics
import zlib

import pytest

from engine.clash.actions import _decode_tokens, _spell, decode, decode_turn, encode
from engine.clash.ai import RandomAgent
from engine.clash.cards import load_catalogue, parse_catalogue_csv
from engine.clash.errors import RecordError
from engine.clash.game import new_game, play_game
from engine.clash.hashing import hex8, hex8_value
from engine.clash.record import GameRecord, replay
from engine.clash.rng import Rng
from engine.clash.solo import play_solo_game
from engine.clash.state import Creature

CAT = load_catalogue()


def record_for(seed: int, decks=(1, 3)) -> GameRecord:
    _, record = play_game((CAT.deck(decks[0]), CAT.deck(decks[1])), seed,
                          (RandomAgent(seed), RandomAgent(seed + 7)), catalogue=CAT)
    return record


def test_the_same_seed_gives_the_same_record():
    assert record_for(11).dumps() == record_for(11).dumps()
    assert record_for(11).dumps() != record_for(12).dumps()


def test_a_typical_record_is_under_one_kilobyte():
    sizes = [len(record_for(seed, (1 + seed % 4, 1 + seed // 4 % 4)).dumps())
             for seed in range(200)]
    assert statistics.median(sizes) < 1024
    assert statistics.mean(sizes) < 1024


def test_a_record_holds_format_catalogue_seed_actions_and_a_hash_per_turn():
    data = record_for(5).to_json()
    assert data["format"] == "preconstructed"
    assert data["catalogue"] == CAT.version
    assert data["seed"] == 5
    assert len(data["turns"]) == len(data["hashes"]) >= 1
    assert all(len(h) == 8 for h in data["hashes"])
    assert data["result"] in ("A", "B", "draw")


def test_replay_confirms_an_untouched_record_after_a_json_round_trip():
    record = record_for(21)
    again = GameRecord.loads(record.dumps())
    verdict = replay(again)
    assert verdict.ok and verdict.result == record.result


def test_replay_names_the_first_turn_whose_hash_differs():
    record = record_for(33)
    assert len(record.turns) >= 4
    record.hashes[2] = "00000000" if record.hashes[2] != "00000000" else "11111111"
    verdict = replay(record)
    assert not verdict.ok
    assert verdict.turn == 3


def test_replay_names_the_turn_of_a_changed_action():
    record = record_for(34)
    # Find a turn where a play can be moved to the other lane.
    for index, tokens in enumerate(record.turns):
        actions = decode(tokens)
        for i, action in enumerate(actions):
            if action[0] == 0:  # PLAY
                actions[i] = (0, action[1], 1 - action[2])
                record.turns[index] = "".join(encode(a) for a in actions)
                verdict = replay(record)
                assert not verdict.ok
                assert verdict.turn == index + 1
                return
    pytest.fail("no play in the game")


def test_replay_refuses_a_changed_result_and_another_catalogue():
    record = record_for(40)
    record.result = "B" if record.result != "B" else "A"
    assert not replay(record).ok
    other = parse_catalogue_csv(
        "name,deck,type,cost,attack,health,abilities,aura,spell_damage,notes\n"
        "X,,creature,1,1,1,,,,\n")
    verdict = replay(record_for(40), other)
    assert not verdict.ok and "catalogue" in verdict.reason


def test_replay_reports_an_illegal_action_with_its_turn():
    record = record_for(41)
    record.turns[0] = "P3tP3tP3tP3tP3tE"
    verdict = replay(record)
    assert not verdict.ok and verdict.turn == 1


@pytest.mark.parametrize("text, message", [
    ("not json", "must be JSON"),
    ("[]", "JSON object"),
    ('{"v": 99}', "unsupported record version"),
    ('{"v": 1, "format": "x"}', "needs the field"),
    ("[" * 100_000 + "]" * 100_000, "must be JSON: it nests too deeply"),
    ('{"v": 1, "seed": ' + "9" * 5000 + "}", "must be JSON: a number has more than 4,300 digits"),
])
def test_unreadable_records_are_refused_with_a_reason(text, message):
    with pytest.raises(RecordError, match=message):
        GameRecord.loads(text)


@pytest.mark.parametrize("field, value, message", [
    ("seed", "5", "seed must be a whole number from 0 to 2**63 - 1, not '5'"),
    ("seed", 1.5, "seed must be a whole number from 0 to 2**63 - 1, not 1.5"),
    ("seed", True, "seed must be a whole number"),
    ("seed", 2 ** 63, "seed must be a whole number from 0 to 2**63 - 1, not a number of 19 "
                      "digits"),
    ("seed", -1, "seed must be a whole number from 0 to 2**63 - 1, not -1"),
    ("turn_cap", 0, "turn_cap must be a whole number from 1 to 1,000,000, not 0"),
    ("turn_cap", 10 ** 30, "turn_cap must be a whole number from 1 to 1,000,000, not a number "
                           "of 31 digits"),
    ("format", 3, "format must be a string, not 3"),
    ("format", "chess", "format must be preconstructed, draft, constructed, not 'chess'"),
    ("decks", {"A": [1, 2], "B": []}, "decks must be"),
    ("decks", [["BRUTE"], ["BRUTE"]], "decks must be"),
    ("turns", "E", "turns and hashes must be lists"),
    ("hashes", [7], "every hash of a game record must be a string"),
    ("result", 7, "result must be A, B, draw or null, not 7"),
])
def test_a_record_field_of_the_wrong_kind_is_refused_by_name(field, value, message):
    """Uploaded records are anyone's JSON: a wrong kind of value is refused saying which field
    and what it must be, never a TypeError (in both builds: the compiled one checks the types
    it is told)."""
    data = record_for(4).to_json()
    data[field] = value
    with pytest.raises(RecordError, match=re.escape(message)):
        GameRecord.from_json(data)


def test_a_record_whose_last_hash_was_edited_names_its_last_turn():
    """The turn that ends the game is compared like any other, in both builds (the compiled
    one once raised TypeError here: the game over, its winner no longer None)."""
    data = record_for(4).to_json()
    last = len(data["turns"])
    data["hashes"][-1] = "00000000" if data["hashes"][-1] != "00000000" else "11111111"
    verdict = replay(GameRecord.from_json(data))
    assert (verdict.ok, verdict.turn) == (False, last)
    assert verdict.reason == f"turn {last}: the position differs from the record"


def test_a_record_whose_turn_cap_is_below_its_length_names_the_turn_that_differs():
    data = record_for(4).to_json()
    assert len(data["turns"]) > 3
    data["turn_cap"] = 3
    verdict = replay(GameRecord.from_json(data))
    # The game ends drawn at the cap (ruling C-7.5a), which turn 3's hash does not show.
    assert (verdict.ok, verdict.result, verdict.turn) == (False, "draw", 3)
    assert verdict.reason == "turn 3: the position differs from the record"


def test_tokens_round_trip():
    tokens = "P0tP3bC2Bb11C0At0NXR5.12.3E"
    assert "".join(encode(a) for a in decode(tokens)) == tokens
    with pytest.raises(RecordError, match="character 3"):
        decode("P0tZ")


def test_encode_reads_its_tables_only_for_the_actions_they_spell():
    """encode takes the common actions' tokens from tables by number; every action, plain
    ints in and out of the tables' ranges, bools (True == 1) and other lengths, spells as the
    general way does."""
    numbers = (-1, 0, 1, 2, 3, 4, 15, 16, True, False)
    actions = [(kind,) for kind in range(-1, 7)] + [(2, 0), (4, 1, 1)]
    actions += [(0, i, lane) for i in numbers for lane in numbers if lane in (0, 1, True)]
    actions += [(1, i, seat, lane, k) for i in numbers for seat in (0, 1, True)
                for lane in (0, 1, False) for k in numbers if i not in (-1, 16)]
    actions += [(True,), (False, 1, 0), (True, 2, 1, 0, 3), (5, (3, 12))]
    spelled = 0
    for action in actions:
        try:
            expected = _spell(action)
        except (ValueError, IndexError, TypeError) as exc:
            with pytest.raises(type(exc)):
                encode(action)
            continue
        assert encode(action) == expected, action
        spelled += 1
    assert spelled > 700
    assert encode((0, True, 1)) == "P1b" and encode((1, 3, 1, 0, 15)) == "C3Bt15"


def test_hex8_spells_a_hash_as_percent_08x_does():
    rng = Rng(7)
    for value in [0, 1, 0xF, 0x10, 0xFF, 0x100, 0xFFFF, 0x10000, 0xFFFFFFFF] + [
            rng.below(2**32) for _ in range(500)]:
        assert hex8(value) == "%08x" % value  # noqa: UP031


def test_decode_reads_every_string_as_the_token_grammar_does():
    """decode looks the common tokens up; whatever it reads, or refuses, it must read or refuse
    as the grammar does, token by token (the same actions, the same character named)."""
    rng = Rng(7)
    # Tokens, near-tokens and stray characters, strung together at random.
    pieces = ["P0t", "P3b", "P4t", "P0", "C0At1", "C3Bb15", "C1Ab16", "C2At01", "C0At",
              "C1Bb9", "C2At10", "C0At20", "C0Bt\u0663", "P\u0661t", "N", "X", "E", "R5.12.3",
              "R.", "e", "0", "1", "t", "\u00c9", "x", "9"]
    strings = ["".join(rng.choice(pieces) for _ in range(rng.below(7))) for _ in range(4000)]

    def read(how, text):
        try:
            return how(text)
        except RecordError as exc:
            return exc.message

    readable = 0
    for text in strings:
        got = read(decode, text)
        assert got == read(_decode_tokens, text), text
        readable += isinstance(got, list)
    assert readable > 400  # the random strings reach past the refusals


def test_a_remembered_turn_decodes_as_decode_reads_it():
    """decode_turn remembers decoded turns (the Python build's replays read them): every
    turn, read again or read after many others, gives decode's actions, and a turn decode
    refuses is refused every time."""
    rng = Rng(11)
    pieces = ["P0t", "P3b", "C0At1", "C3Bb15", "C1Ab16", "N", "X", "E", "R5.12.3", "e", "9"]
    # 40,000 turns, about 13,000 of them different, each read three times over.
    turns = ["".join(rng.choice(pieces) for _ in range(rng.below(6))) for _ in range(40000)]

    def read(how, text):
        try:
            return tuple(how(text))
        except RecordError as exc:
            return exc.message

    for text in turns + turns[::-1] + turns[:500]:
        assert read(decode_turn, text) == read(decode, text), text


def test_the_hash_is_the_crc_of_the_positions_bytes_in_every_position():
    """state_hash is zlib's CRC-32 of state_bytes(): the compiled build takes the CRC field by
    field from the position (state_crc), so every position of seeded duels and solo games,
    cards, creatures and solo fields of every kind, checks the two agree (and, under the
    compiled run, that this build's agrees with zlib)."""
    seen = 0

    def check(game):
        nonlocal seen
        data = game.state_bytes()
        assert game.state_hash() == f"{zlib.crc32(data):08x}"
        assert game.state_crc() ^ 0xFFFFFFFF == zlib.crc32(data)
        seen += 1

    cat = load_catalogue()
    decks = [cat.deck(n) for n in cat.deck_numbers]
    for seed in range(30):
        play_game((decks[seed % 4], decks[(seed + 1) % 4]), seed,
                  (RandomAgent(seed), RandomAgent(seed + 50)), catalogue=cat,
                  after_action=check)
        play_solo_game(seed, RandomAgent(seed), deck=seed % 4 + 1, after_action=check)
    assert seen > 1500


def test_a_replay_takes_a_hash_only_as_state_hash_spells_it():
    """hash_is (what replay asks after each turn) answers as `state_hash() == text` does: the
    compiled build reads the text as a number, so every other spelling of the same number
    (capitals, a sign, spaces, other digits, another length) must still be refused."""
    cat = load_catalogue()
    decks = [cat.deck(n) for n in cat.deck_numbers]
    seen = 0

    def check(game):
        nonlocal seen
        right = game.state_hash()
        assert game.hash_is(right)
        value = int(right, 16)
        for other in (right.upper(), f"+{right[1:]}", f" {right[1:]}", f"{right[:7]}\u0661",
                      right[:7], right + "0", f"{value:x}", f"{(value + 1) % 2**32:08x}",
                      f"{value ^ 0x80000000:08x}", ""):
            assert game.hash_is(other) == (other == right), other
        seen += 1

    for seed in range(5):
        play_game((decks[seed % 4], decks[(seed + 2) % 4]), seed,
                  (RandomAgent(seed), RandomAgent(seed + 9)), catalogue=cat, after_action=check)
    assert seen > 100


def test_a_value_past_a_byte_is_refused_by_either_way_of_hashing():
    cat = load_catalogue()
    game = new_game((cat.deck(1), cat.deck(2)), 1, catalogue=cat)
    game.players[0].lanes[0].append(Creature(0, 1, 1, 0, 0, damage=256))
    with pytest.raises(ValueError, match="range"):
        game.state_bytes()
    with pytest.raises(ValueError, match="range"):
        game.state_crc()


def test_record_json_is_plain_data():
    data = json.loads(record_for(3).dumps())
    assert set(data) == {"v", "format", "catalogue", "seed", "decks", "turn_cap", "turns",
                         "hashes", "result"}


def test_eight_hex_digits_read_as_the_number_they_spell_and_nothing_else_does():
    """hex8_value (the compiled build's reading of a recorded hash, a whole word at a time)
    gives the number for exactly eight lowercase hex digits and -1 for every other text: each
    bound of each byte (the characters either side of 0-9 and a-f), a character past 127
    whose low byte is a digit (it must not spill into its neighbour), and 200,000 random
    texts of eight characters drawn from digits, letters, bounds and wide characters."""
    def expected(text):
        if len(text) == 8 and all(c in "0123456789abcdef" for c in text):
            return int(text, 16)
        return -1

    edges = ["0123abcd", "ffffffff", "00000000", "89abcdef", "fedcba98", "0123ABCD", "0123abc",
             "0123abcde", "+123abcd", " 123abcd", "0123abcg", "0123abc/", "0123abc:",
             "0123abc`", "0123abc@", "0123abc\u0130", "\u01300123abc", "1234567\u0130",
             "\u0661234567a", "\x00" * 8, "\x7f" * 8, ""]
    for text in edges:
        assert hex8_value(text) == expected(text), text
    rng = Rng(7)
    alphabet = "0123456789abcdefABCDEFgz:/`@ \x00\x7f\x80\xff\u0130\u0661"
    for _ in range(200_000):
        text = "".join(alphabet[rng.below(len(alphabet))] for _ in range(8))
        assert hex8_value(text) == expected(text), text
