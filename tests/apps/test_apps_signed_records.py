"""Signed records: ``dumps(record, key=...)`` and ``loads(text, key=...)``."""

from __future__ import annotations

import json
import random

import pytest

import cardrules
from cardrules import InvalidArgumentError, RecordError, dumps, final_state, loads
from cardrules.bid_euchre import BidEuchreVariant
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
        lambda d: d.update(signature=d["signature"][:-1] + "0"),
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
