"""Signed records: ``dumps(record, key=...)`` and ``loads(text, key=...)``."""

from __future__ import annotations

import json
import random
import sys

import attrs
import pytest

import cardrules
from cardrules import InvalidArgumentError, RecordError, dumps, final_state, loads
from cardrules.bid_euchre import BidEuchreVariant
from cardrules.records import MAX_META_CHARS
from cardrules.tarot import TarotVariant

KEY = b"a server's secret"
VARIANTS = [TarotVariant(), TarotVariant(players=5), BidEuchreVariant(joker=True)]


def played(variant: cardrules.Variant, seed: int, steps: int = 30) -> cardrules.State:
    rng = random.Random(seed)
    state = variant.new_game(rng=rng)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("variant", VARIANTS, ids=repr)
def test_a_signed_record_loads_with_its_key_and_replays(variant: cardrules.Variant) -> None:
    state = played(variant, 1)
    text = dumps(state.record(), key=KEY)
    document = json.loads(text)
    assert document["signature"].startswith("hmac-sha256:")
    assert len(document["signature"]) == len("hmac-sha256:") + 64
    record = loads(text, key=KEY)
    assert record == state.record()
    assert final_state(record) == state
    # Text keys are their UTF-8 bytes; the indent does not change the signature.
    assert loads(dumps(state.record(), key=KEY.decode(), indent=2), key=KEY) == record


@pytest.mark.parametrize("variant", VARIANTS, ids=repr)
def test_a_record_with_two_cards_swapped_between_hands_is_refused(
    variant: cardrules.Variant,
) -> None:
    # The deal before any card is played: any swap keeps it a deal of the rules.
    state = played(variant, 2, steps=0)
    document = json.loads(dumps(state.record(), key=KEY))
    hands = document["deal"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    tampered = json.dumps(document)
    # Consistent: without the key nothing tells the swap.
    final_state(loads(json.dumps({k: v for k, v in document.items() if k != "signature"})))
    with pytest.raises(RecordError, match="signature does not match"):
        loads(tampered, key=KEY)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(dealer=(d["dealer"] + 1) % 4),
        lambda d: d["actions"].append("pass"),
        lambda d: d["actions"].pop(),
        lambda d: d["options"].update(dealer=1),
        lambda d: d.update(signature=d["signature"][:-1] + "01"[d["signature"][-1] == "0"]),
        lambda d: d.update(signature=d["signature"].upper()),
        lambda d: d.update(signature="hmac-sha256:"),
    ],
)
def test_any_change_to_a_signed_record_is_refused(change: object) -> None:
    state = played(TarotVariant(), 3)
    document = json.loads(dumps(state.record(), key=KEY))
    before = json.loads(json.dumps(document))
    change(document)  # type: ignore[operator]
    assert document != before
    with pytest.raises(RecordError, match="signature does not match"):
        loads(json.dumps(document), key=KEY)


def test_another_key_is_refused() -> None:
    text = dumps(played(BidEuchreVariant(), 4).record(), key=KEY)
    with pytest.raises(RecordError, match="signed with another key"):
        loads(text, key=b"another secret")


def test_an_unsigned_record_is_refused_with_a_key() -> None:
    text = dumps(played(BidEuchreVariant(), 5).record())
    with pytest.raises(RecordError, match="the record is not signed"):
        loads(text, key=KEY)
    document = json.loads(text)
    document["signature"] = 7
    with pytest.raises(RecordError, match="signature must be a string, not int"):
        loads(json.dumps(document), key=KEY)
    with pytest.raises(RecordError, match="a record is a JSON object, not list"):
        loads("[1]", key=KEY)


def test_without_a_key_a_signature_is_not_checked() -> None:
    state = played(TarotVariant(players=3), 6)
    document = json.loads(dumps(state.record(), key=KEY))
    document["signature"] = "hmac-sha256:" + "0" * 64
    # Documented: only a reader with the key checks the signature.
    assert loads(json.dumps(document)) == state.record()


@pytest.mark.parametrize("key", [b"", "", 7, ["k"], True])
def test_bad_keys_are_refused(key: object) -> None:
    record = played(TarotVariant(), 7).record()
    with pytest.raises(InvalidArgumentError, match="record key"):
        dumps(record, key=key)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="record key"):
        loads(dumps(record), key=key)  # type: ignore[arg-type]


def test_a_signed_record_matches_the_record_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    for variant in VARIANTS:
        schema = cardrules.json_schema("record", variant.id)
        document = json.loads(dumps(played(variant, 8).record(), key=KEY))
        jsonschema.Draft202012Validator(schema).validate(document)


# What a record cannot hold, as JSON literals: each is refused by loads, with the key or
# without, before the signature is checked (a re-serialisation of the values).
UNHOLDABLE = {
    "1e400": "1e400",
    "-1e400": "-1e400",
    "NaN": "NaN",
    "Infinity": "-Infinity",
    "a lone surrogate": '"\\ud800"',
    "a lone low surrogate": '"x\\udfff"',
    "a huge int": "1" + "0" * 5000,
}


@pytest.mark.parametrize("literal", list(UNHOLDABLE.values()), ids=list(UNHOLDABLE))
@pytest.mark.parametrize("field", ["dealer", "options", "actions", "deal", "signature", "variant"])
def test_values_a_record_cannot_hold_are_record_errors_with_a_key_or_without(
    field: str, literal: str
) -> None:
    state = played(TarotVariant(), 9)
    document = json.loads(dumps(state.record(), key=KEY))
    document[field] = "\x00VALUE\x00"
    text = json.dumps(document).replace('"\\u0000VALUE\\u0000"', literal)
    assert literal in text
    for key in (KEY, None):
        with pytest.raises(RecordError, match="record"):
            loads(text, key=key)
    # A lone surrogate in a key too.
    keyed = (
        json.dumps(document)
        .replace('"\\u0000VALUE\\u0000"', "1")
        .replace('"dealer"', '"\\ud800"', 1)
    )
    with pytest.raises(RecordError):
        loads(keyed, key=KEY)


def test_nesting_at_every_depth_is_a_record_error_with_a_key_or_without() -> None:
    # Around Python's recursion limit, the text parses and only a re-serialisation
    # would overflow: every depth up to past the limit is tried.
    state = played(BidEuchreVariant(), 10)
    text = dumps(state.record(), key=KEY)
    field = f'"dealer": {state.dealer}'
    assert field in text
    for depth in range(1, sys.getrecursionlimit() + 100):
        nested = text.replace(field, '"dealer": ' + "[" * depth + "]" * depth)
        for key in (KEY, None):
            with pytest.raises(RecordError):
                loads(nested, key=key)


def test_what_loads_reads_dumps_writes_and_the_reverse() -> None:
    # A name of an unknown variant is read (replay refuses it); a lone surrogate is not
    # text UTF-8 can carry, and neither side takes it.
    state = played(TarotVariant(), 11)
    document = json.loads(dumps(state.record()))
    document["variant"] = "whist é"
    record = loads(json.dumps(document))
    for key in (KEY, None):
        assert loads(dumps(record, key=key), key=key) == record
        assert loads(dumps(record, key=key, indent=1).encode("utf-8"), key=key) == record
    document["variant"] = "whist \ud800"
    with pytest.raises(RecordError, match="lone surrogate"):
        loads(json.dumps(document))
    built = [
        attrs.evolve(record, variant="whist \ud800"),
        attrs.evolve(record, actions=("pass\udc00",)),
        attrs.evolve(record, options={"dealer": float("nan")}),
        attrs.evolve(record, options={"dealer": 10**5000}),
        attrs.evolve(record, options={"dealer": 2**53 + 1}),
        attrs.evolve(record, deal={1: "x"}),
        attrs.evolve(record, deal={"hands": {"AS"}}),
        attrs.evolve(record, dealer=object()),  # type: ignore[arg-type]
        attrs.evolve(record, options={"a": [[[[[[[[[[1]]]]]]]]]]}),
    ]
    for bad in built:
        for key in (KEY, None):
            with pytest.raises(RecordError):
                dumps(bad, key=key)


@pytest.mark.parametrize(
    "variant",
    [*VARIANTS, TarotVariant(players=3), BidEuchreVariant(double_deck=True), BidEuchreVariant()],
    ids=repr,
)
def test_each_variants_deal_json_reads_back_from_any_state_of_its_deal(
    variant: cardrules.Variant,
) -> None:
    # The deal JSON holds the dealt cards only (the record holds the dealer), and
    # state_from_deal_json reads it back, through JSON text, to the deal's first state.
    rng = random.Random(12)
    for dealer in range(variant.players):
        first = variant.new_game(rng=rng, dealer=dealer)
        state = first
        while True:
            deal = json.loads(json.dumps(variant.deal_json(state)))
            assert "dealer" not in deal
            assert variant.state_from_deal_json(dealer, deal) == first
            if state.is_terminal:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        assert state.record().to_dict()["deal"] == deal


META = {
    "table": "t-17",
    "players": ["Ann", "Bo", "Cy", "Di"],
    "started": "2026-12-05T21:00:00Z",
    "app": {"version": 3, "rated": True, "stakes": 0.5, "note": None},
}


@pytest.mark.parametrize("variant", VARIANTS, ids=repr)
def test_app_data_in_a_record_is_kept_signed_and_replayed(variant: cardrules.Variant) -> None:
    state = played(variant, 4)
    record = state.record().with_meta(META)
    assert record.meta is not None
    assert record.meta["players"] == ("Ann", "Bo", "Cy", "Di")  # read-only, as options
    assert record.to_dict()["meta"] == META
    assert state.record().to_dict()["meta"] is None
    for key in (None, KEY):
        back = loads(dumps(record, key=key), key=key)
        assert back == record
        assert back.to_dict()["meta"] == META
        assert final_state(back) == state
    assert record != state.record()
    assert record.with_meta(None) == state.record()


def test_a_tampered_meta_breaks_the_signature() -> None:
    record = played(TarotVariant(), 2).record().with_meta(META)
    document = json.loads(dumps(record, key=KEY))
    for change in ({**META, "table": "t-18"}, {k: v for k, v in META.items() if k != "app"}):
        forged = json.dumps({**document, "meta": change})
        with pytest.raises(RecordError, match="signature does not match"):
            loads(forged, key=KEY)
    added = json.dumps({**json.loads(dumps(record.with_meta(None), key=KEY)), "meta": META})
    with pytest.raises(RecordError, match="signature does not match"):
        loads(added, key=KEY)


@pytest.mark.parametrize(
    ("meta", "why"),
    [
        ({"notes": "x" * 20_000}, "too large: 200"),
        ({"a": [[[["deep"]]]]}, "more than 4 levels"),
        ({"a": {"b": {"c": {"d": {}}}}}, "more than 4 levels"),
        ([1, 2], "JSON object or None"),
        ("table", "JSON object or None"),
        ({1: "x"}, "key that is not text"),
        ({"n": float("nan")}, "non-finite"),
        ({"n": 1 << 60}, "out of range"),
        ({"s": "\ud800"}, "not Unicode"),
        ({"o": object()}, "JSON cannot hold"),
        ({"a": [[[[[[[[[[[[1]]]]]]]]]]]]}, "nested too deeply"),
    ],
    # Stable ids (a repr holds an address), the same in every xdist worker.
    ids=lambda v: v if isinstance(v, str) and len(v) < 40 else type(v).__name__,
)
def test_meta_that_is_not_a_small_json_object_is_refused(meta: object, why: str) -> None:
    record = played(BidEuchreVariant(), 3).record()
    with pytest.raises(RecordError, match=why):
        record.with_meta(meta)  # type: ignore[arg-type]
    document = record.to_dict()
    try:
        text = json.dumps({**document, "meta": meta})
    except (TypeError, ValueError):
        return  # not JSON at all: nothing for loads to read
    if json.loads(text)["meta"] != meta:
        return  # JSON wrote it as something else (an int key as text)
    with pytest.raises(RecordError, match=why):
        loads(text)


def test_meta_just_within_the_bounds_is_kept() -> None:
    record = played(TarotVariant(), 5).record()
    filler = "x" * (MAX_META_CHARS - len('{"n":""}'))
    assert record.with_meta({"n": filler}).meta == {"n": filler}
    with pytest.raises(RecordError, match="too large"):
        record.with_meta({"n": filler + "x"})
    deep = {"a": {"b": {"c": {"d": 1}}}}
    assert record.with_meta(deep).to_dict()["meta"] == deep
