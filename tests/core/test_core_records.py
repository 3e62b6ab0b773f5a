"""Records: round trips, replay through the checked apply, and tampered input.

Every tampered record must raise :class:`RecordError` and nothing else, whether the
damage is in the JSON text, its structure, the deal or the actions.
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import Record, RecordError, State, dumps, final_state, loads, replay
from cardrules.records import FORMAT, SCHEMA_VERSION

if TYPE_CHECKING:
    from tests.core import toy
else:
    import cardrules_core_toy as toy  # loaded by tests/conftest.py

VARIANT = toy.ToyVariant()


@pytest.fixture(scope="module", autouse=True)
def registry_with_toy() -> Iterator[None]:
    """Toy whist is the only variant the registry knows while these tests run."""
    with pytest.MonkeyPatch.context() as patch:
        toy.sandbox_registry(patch)
        yield


def finished_game(seed: int, variant: toy.ToyVariant = VARIANT) -> State:
    return toy.play_randomly(variant.new_game(seed=seed), random.Random(seed))


GAME = finished_game(1)
TEXT = dumps(GAME.record())
DATA: dict[str, Any] = json.loads(TEXT)


def edited(**changes: Any) -> str:
    """The record's JSON with some fields replaced (or removed, with ``...``)."""
    data = json.loads(TEXT)
    for key, value in changes.items():
        if value is ...:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


def rejected(text: str | bytes) -> RecordError:
    """Load and replay ``text``: it must raise RecordError (any other error fails)."""
    with pytest.raises(RecordError) as info:
        final_state(loads(text))
    assert len(str(info.value)) < 400
    return info.value


# -- round trips -------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_every_state_round_trips(seed: int) -> None:
    last = finished_game(seed, toy.ToyVariant(trump=[None, "S", "H", "D"][seed]))
    states = list(replay(last.record()))
    assert len(states) == len(last.history) + 1
    for state in states:
        record = state.record()
        text = dumps(record)
        assert loads(text) == record
        assert dumps(loads(text)) == text
        assert loads(dumps(record, indent=2)) == record
        assert loads(text.encode()) == record
        assert final_state(loads(text)) == state
        assert final_state(loads(text), variant=state.variant) == state


def test_the_record_fields() -> None:
    assert DATA["format"] == FORMAT
    assert DATA["schema"] == SCHEMA_VERSION
    assert DATA["variant"] == "toy-whist"
    assert DATA["rules_version"] == "1"
    assert DATA["options"] == {"trump": "S"}
    assert DATA["dealer"] == GAME.dealer
    assert sorted(DATA["deal"]) == ["hands"]
    assert DATA["actions"] == [str(a) for _, a in GAME.history]
    record = GAME.record()
    assert hash(record) == hash(loads(TEXT))
    with pytest.raises(AttributeError):
        record.dealer = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        record.options["trump"] = "H"  # type: ignore[index]
    assert isinstance(record.deal["hands"], tuple)


def test_a_record_pickles_under_its_public_name() -> None:
    record = GAME.record()
    data = pickle.dumps(record)
    assert b"cardrules.records" in data
    assert b"_records" not in data
    assert pickle.loads(data) == record  # noqa: S301 - own data


def test_a_record_names_its_variant_in_any_spelling_the_registry_reads() -> None:
    # The registry finds the variant by any spelling; a given variant wants its id or
    # an alias.
    changed = attrs.evolve(GAME.record(), variant="Toy_Whist")
    assert final_state(changed) == GAME
    assert final_state(loads(dumps(changed))) == GAME
    with pytest.raises(RecordError, match="is for 'Toy_Whist', not 'toy-whist'"):
        final_state(changed, variant=VARIANT)
    assert final_state(attrs.evolve(changed, variant="toywhist"), variant=VARIANT) == GAME


def test_replay_goes_through_the_checked_apply(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[object, object]] = []
    checked_apply = toy.ToyState.apply

    def spy(self: toy.ToyState, action: Any, seat: int | None = None) -> toy.ToyState:
        calls.append((action, seat))
        return checked_apply(self, action, seat)

    monkeypatch.setattr(toy.ToyState, "apply", spy)
    states = list(VARIANT.replay(GAME.record()))
    assert len(states) == len(GAME.history) + 1
    assert [a for a, _ in calls] == [a for _, a in GAME.history]
    for n, state in enumerate(states):
        assert state.history == GAME.history[:n]


def test_replay_and_dumps_take_only_records() -> None:
    with pytest.raises(TypeError):
        dumps(TEXT)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        list(replay(TEXT))  # type: ignore[arg-type]


# -- broken text -----------------------------------------------------------------------


def test_truncation_at_every_prefix() -> None:
    for n in range(len(TEXT)):
        rejected(TEXT[:n])
    encoded = dumps(GAME.record(), indent=1).encode()
    for n in range(0, len(encoded), 7):
        rejected(encoded[:n])


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "null",
        "[]",
        "1",
        '"record"',
        "{",
        "[" * 100_000,
        "[" * 100_000 + "]" * 100_000,
        '{"a":' * 100_000,
        TEXT.replace("{", '{"dealer": 0, ', 1),
        TEXT.replace('"trump": "S"', '"trump": "S", "trump": "H"'),
        TEXT.replace(f'"dealer": {GAME.dealer}', '"dealer": NaN'),
        TEXT.replace(f'"dealer": {GAME.dealer}', '"dealer": Infinity'),
        TEXT.replace(f'"dealer": {GAME.dealer}', '"dealer": -Infinity'),
        TEXT.replace('"trump": "S"', '"trump": NaN'),
        TEXT.replace(f'"dealer": {GAME.dealer}', '"dealer": 1e400'),
        TEXT.replace(f'"dealer": {GAME.dealer}', '"dealer": -1e400'),
        TEXT.replace(f'"dealer": {GAME.dealer}', '"dealer": ' + "9" * 5000),
        TEXT.replace('"schema": 1', '"schema": 1e400'),
        TEXT.replace('"schema": 1', '"schema": ' + "1" * 5000),
        TEXT.replace('"trump": "S"', '"trump": ' + "[" * 50 + "]" * 50),
        TEXT.replace('"trump": "S"', '"trump": 1e400'),
        TEXT.replace('"trump": "S"', '"trump": 123456789012345678901234567890'),
        TEXT + "x",
        TEXT + "{}",
        "\ufeff" + TEXT,
        TEXT.replace('"format"', "'format'"),
        TEXT[:-1] + ",}",
        " " * (2**20 + 1),
    ],
    ids=lambda t: f"{t[:20]!r}..{len(t)}",
)
def test_broken_json_is_a_record_error(text: str) -> None:
    rejected(text)


@pytest.mark.parametrize(
    "data",
    [
        b"\xff" + TEXT.encode(),
        TEXT.encode()[:-1] + b"\xc3",
        TEXT.encode("utf-16"),
        TEXT.encode("utf-32"),
        TEXT.replace('"S"', '"\u00e9"').encode("latin-1"),
        b"\xef\xbb\xbf" + TEXT.encode(),
        b"\x00" * 10,
        b" " * (2**20 + 1),
    ],
    ids=lambda b: f"{b[:8]!r}..{len(b)}",
)
def test_bytes_that_are_not_a_utf8_record(data: bytes) -> None:
    rejected(data)


@pytest.mark.parametrize("thing", [None, 5, 1.5, [TEXT], {"format": FORMAT}, memoryview(b"{}")])
def test_only_text_and_bytes_are_records(thing: object) -> None:
    with pytest.raises(RecordError):
        loads(thing)  # type: ignore[arg-type]


# -- broken structure -----------------------------------------------------------------

WRONG_TYPES: dict[str, list[object]] = {
    "format": [None, 1, ["cardrules-record"], {"x": 1}, True],
    "schema": [None, "1", 1.0, True, [1], {"v": 1}],
    "variant": [None, 1, ["toy-whist"], {"id": "toy-whist"}, True],
    "rules_version": [None, 1, 1.0, ["1"], True],
    "options": [None, "trump=S", 1, [["trump", "S"]], True],
    "dealer": [None, "0", 0.0, 1.5, True, False, [0], {"seat": 0}],
    "deal": [None, "hands", 1, [["AS"]], True],
    "actions": [None, "play AS", 1, {"0": "play AS"}, [1], [None], [["play", "AS"]], True],
}


@pytest.mark.parametrize(
    ("field", "value"),
    [(field, value) for field, values in WRONG_TYPES.items() for value in values],
    ids=lambda x: f"{x!r:.20}",
)
def test_every_field_of_the_wrong_type(field: str, value: object) -> None:
    rejected(edited(**{field: value}))


@pytest.mark.parametrize("field", sorted(WRONG_TYPES))
def test_every_field_missing(field: str) -> None:
    rejected(edited(**{field: ...}))


@pytest.mark.parametrize(
    "changes",
    [
        {"schema": 0},
        {"schema": 2},
        {"schema": -1},
        {"schema": 2**60},
        {"format": "cardrules-record-v2"},
        {"format": "pgn"},
        {"format": ""},
        {"comment": "hi"},
        {"seed": 1},
        {"Format": FORMAT},
        {"variant": "no-such-game"},
        {"variant": ""},
        {"variant": "x" * 10_000},
        {"options": {"trump": "X"}},
        {"options": {"trump": 5}},
        {"options": {"trumpf": "S"}},
        {"options": {"trump": "S", "extra": True}},
        {"dealer": -1},
        {"dealer": 3},
        {"dealer": 99},
        {"dealer": 2**53 + 1},
    ],
    ids=repr,
)
def test_unknown_versions_fields_variants_options_and_seats(changes: dict[str, Any]) -> None:
    rejected(edited(**changes))


def test_require_seat_is_optional_and_refused_for_a_variant_without_it() -> None:
    # Toy whist deals no state that requires the seat: a record asking for one is
    # refused, one saying false (or nothing, as before the field) replays.
    assert "require_seat" not in DATA
    assert final_state(loads(edited(require_seat=False))) == GAME
    assert "requires the acting seat" in str(rejected(edited(require_seat=True)))
    for value in (None, 1, "true", [True]):
        rejected(edited(require_seat=value))
    with pytest.raises(RecordError, match="require_seat must be True or False"):
        final_state(attrs.evolve(GAME.record(), require_seat=1))  # type: ignore[arg-type]


def with_number(field: str, digits: str) -> str:
    """The record with ``field`` (a dotted path) set to the integer literal ``digits``."""
    data = json.loads(TEXT)
    *path, last = field.split(".")
    target = data
    for key in path:
        target = target[key]
    target[last] = "NUMBER"
    return json.dumps(data).replace('"NUMBER"', digits, 1)


@pytest.mark.parametrize(
    "field", ["dealer", "schema", "variant", "rules_version", "options.trump", "deal.hands"]
)
@pytest.mark.parametrize(
    "digits",
    ["9" * 17, "1" * 309, "1" * 400, "-" + "1" * 4300, "1" * 4301, "1" * 5001, "1" * 100_000],
    ids=lambda d: f"{len(d)} characters",
)
def test_huge_integers_anywhere_are_record_errors(field: str, digits: str) -> None:
    # 309 to 4,300 digits once escaped as OverflowError, more as ValueError.
    error = rejected(with_number(field, digits))
    assert "out of range" in str(error) or field in ("schema", "variant", "rules_version")


def test_the_largest_json_safe_integers_pass_the_number_check() -> None:
    assert "not a seat" in str(rejected(with_number("dealer", str(2**53))))
    assert "out of range" in str(rejected(with_number("dealer", str(2**53 + 1))))
    assert "out of range" in str(rejected(with_number("dealer", str(-(2**53) - 1))))


@pytest.mark.parametrize("version", ["999", "2", "", "1.0", " 1", "x" * 1000])
def test_unknown_rules_versions_are_refused(version: str) -> None:
    with pytest.raises(RecordError, match="rules version") as info:
        loads(edited(rules_version=version))
    assert len(str(info.value)) < 200
    record = loads(TEXT)
    changed = Record(**{**attrs.asdict(record, recurse=False), "rules_version": version})
    with pytest.raises(RecordError, match="rules version"):
        final_state(changed)
    with pytest.raises(RecordError, match="rules version"):
        final_state(changed, variant=VARIANT)


def test_a_record_for_another_variant() -> None:
    with pytest.raises(RecordError, match="is for"):
        final_state(loads(edited(variant="tarot")), variant=VARIANT)


# -- tampered deals ----------------------------------------------------------------------


def hands_with(change: Callable[[list[Any]], object]) -> str:
    hands = json.loads(TEXT)["deal"]["hands"]
    change(hands)
    return edited(deal={"hands": hands})


def swap_in(seat: int, index: int, value: object) -> Callable[[list[Any]], None]:
    def change(hands: list[Any]) -> None:
        hands[seat][index] = value

    return change


DEAL_TAMPERING: dict[str, str] = {
    "duplicated card": hands_with(lambda h: h[0].__setitem__(0, h[1][0])),
    "card twice in a hand": hands_with(lambda h: h[2].__setitem__(0, h[2][1])),
    "missing card": hands_with(lambda h: h[0].pop()),
    "extra card": hands_with(lambda h: h[0].append(h[0][0])),
    "card moved": hands_with(lambda h: h[1].append(h[0].pop())),
    "foreign 8S": hands_with(swap_in(0, 0, "8S")),
    "foreign 21T": hands_with(swap_in(1, 3, "21T")),
    "foreign EX": hands_with(swap_in(2, 7, "EX")),
    "foreign JK": hands_with(swap_in(0, 5, "JK")),
    "bad code T22": hands_with(swap_in(0, 0, "T22")),
    "bad code empty": hands_with(swap_in(0, 0, "")),
    "code with space": hands_with(swap_in(0, 0, " AS")),
    "number": hands_with(swap_in(0, 0, 5)),
    "null": hands_with(swap_in(0, 0, None)),
    "nested": hands_with(swap_in(0, 0, ["AS"])),
    "two hands": hands_with(lambda h: h.pop()),
    "four hands": hands_with(lambda h: h.append([])),
    "hand not a list": hands_with(lambda h: h.__setitem__(0, "AS KS")),
    "no hands": edited(deal={}),
    "extra deal key": edited(deal={**DATA["deal"], "kitty": []}),
    "hands not a list": edited(deal={"hands": "AS"}),
}


@pytest.mark.parametrize("name", DEAL_TAMPERING)
def test_tampered_deals(name: str) -> None:
    rejected(DEAL_TAMPERING[name])


def test_a_swap_between_hands_is_consistent_and_goes_undetected() -> None:
    # Documented limit: such a record is another legal deal. Servers keep the
    # authoritative state (or sign records) and send clients only their view.
    hands = json.loads(TEXT)["deal"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    state = final_state(loads(edited(deal={"hands": hands}, actions=[])))
    assert [str(c) for c in state.hand(0)] != DATA["deal"]["hands"][0]
    dealt = [code for hand in DATA["deal"]["hands"] for code in hand]
    assert sorted(str(c) for s in range(3) for c in state.hand(s)) == sorted(dealt)


# -- tampered actions ------------------------------------------------------------------


def actions_with(change: Callable[[list[Any]], object]) -> str:
    actions = list(DATA["actions"])
    change(actions)
    return edited(actions=actions)


def not_in_hand_of_first_player() -> str:
    first = GAME.history[0][0]
    return f"play {json.loads(TEXT)['deal']['hands'][(first + 1) % 3][0]}"


ACTION_TAMPERING: dict[str, str] = {
    "card of another hand": actions_with(lambda a: a.__setitem__(0, not_in_hand_of_first_player())),
    "card played twice": actions_with(lambda a: a.__setitem__(3, a[0])),
    "foreign card": actions_with(lambda a: a.__setitem__(5, "play 8S")),
    "Tarot card": actions_with(lambda a: a.__setitem__(5, "play 21T")),
    "pass": actions_with(lambda a: a.__setitem__(2, "pass")),
    "bid": actions_with(lambda a: a.__setitem__(2, "bid 3")),
    "verb only": actions_with(lambda a: a.__setitem__(2, "play")),
    "double space": actions_with(lambda a: a.__setitem__(2, a[2].replace(" ", "  "))),
    "trailing newline": actions_with(lambda a: a.__setitem__(2, a[2] + "\n")),
    "full-width": actions_with(lambda a: a.__setitem__(2, "play \uff21\uff33")),
    "empty": actions_with(lambda a: a.__setitem__(2, "")),
    "long": actions_with(lambda a: a.__setitem__(2, "play " + "A" * 300)),
    "action after the end": actions_with(lambda a: a.append(a[0])),
    "swapped order": actions_with(lambda a: a.__setitem__(slice(0, 2), a[1::-1])),
    "too many": actions_with(lambda a: a.extend(["play AS"] * 10_001)),
}


@pytest.mark.parametrize("name", ACTION_TAMPERING)
def test_tampered_actions(name: str) -> None:
    rejected(ACTION_TAMPERING[name])


def test_an_illegal_action_names_its_position() -> None:
    error = rejected(ACTION_TAMPERING["foreign card"])
    assert "action 6" in str(error)


def test_a_renege_in_the_log_is_refused() -> None:
    # Find a recorded play where the player had a choice, and replace it by a renege.
    states = list(replay(GAME.record()))
    for n, state in enumerate(states[:-1]):
        seat = state.to_play
        assert seat is not None
        illegal = [c for c in state.hand(seat) if not state.is_legal(f"play {c}")]
        if illegal:
            actions = list(DATA["actions"])
            actions[n] = f"play {illegal[0]}"
            assert "TW-2" in str(rejected(edited(actions=actions)))
            return
    pytest.fail("the game never required following suit")


# -- mutations -------------------------------------------------------------------------

ALPHABET = '{}[]",:0123456789-+.eE tfnrulsaNIpyASHDCJQK\\\u00e9\ufeff'


@st.composite
def mutations(draw: st.DrawFn) -> str:
    text = TEXT
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        at = draw(st.integers(min_value=0, max_value=len(text)))
        kind = draw(st.sampled_from(("insert", "delete", "replace")))
        char = draw(st.sampled_from(ALPHABET) | st.characters())
        if kind == "insert":
            text = text[:at] + char + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + 1 :]
        else:
            text = text[:at] + char + text[at + 1 :]
    return text


@given(mutations())
@settings(max_examples=settings().max_examples * 4)
def test_mutated_records_load_and_replay_or_raise_record_error(text: str) -> None:
    try:
        record = loads(text)
    except RecordError:
        return
    assert loads(dumps(record)) == record
    try:
        state = final_state(record)
    except RecordError:
        return
    assert len(state.history) == len(record.actions)
    assert final_state(state.record()) == state
