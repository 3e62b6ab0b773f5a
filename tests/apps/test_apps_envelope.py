"""The envelope: one client code path, reading only the envelope's keys, plays whole
deals of every registered variant (the example plugins included)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import cardrules
from cardrules.envelope import (
    ERROR_KEYS,
    MATCH_KEYS,
    RECORD_KEYS,
    RESULT_KEYS,
    STAGES,
    VIEW_KEYS,
    game_key,
)

jsonschema = pytest.importorskip("jsonschema")

# Every registered variant, with the options that change what a document holds.
SETUPS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("tarot", {"players": 3}),
    ("tarot", {}),
    ("tarot", {"players": 5}),
    ("bid-euchre", {}),
    ("bid-euchre", {"joker": True}),
    ("bid-euchre", {"allow_no_trump": True, "joker": True, "ace_no_face": True}),
    ("oh-hell", {}),
    ("whist", {}),
)
_VIEW = jsonschema.Draft202012Validator(cardrules.json_schema("view"))
_RESULT = jsonschema.Draft202012Validator(cardrules.json_schema("result"))


def client_turn(document: dict[str, Any], rng: random.Random) -> str:
    """The client: reads the envelope only, checks it, and picks an action."""
    assert set(VIEW_KEYS) <= set(document)
    seat, to_play = document["seat"], document["to_play"]
    players = document["players"]
    assert len(document["seat_names"]) == players == len(document["hand_sizes"])
    assert document["stage"] in STAGES
    assert document["hand_sizes"][seat] == len(document["hand"])
    assert to_play == seat
    assert document["legal_actions"]
    assert all(0 <= s < players for s, _ in document["trick"])
    if document["declarer"] is not None:
        assert document["contract"] is not None
    return str(rng.choice(document["legal_actions"]))


def play_deal(variant: cardrules.Variant, seed: int) -> tuple[int, dict[str, Any]]:
    rng = random.Random(seed)
    state = variant.new_game(seed=seed)
    steps = 0
    while not state.is_terminal:
        documents = [state.view(s).to_dict() for s in range(variant.players)]
        for s, document in enumerate(documents):
            json.dumps(document)
            _VIEW.validate(document)
            # Counts only: no document names another seat's cards.
            others = {str(c) for o in range(variant.players) if o != s for c in state.hand(o)}
            assert not others & set(document["hand"])
            assert document["hand_sizes"] == [len(state.hand(o)) for o in range(variant.players)]
            assert document["legal_actions"] == [] or s == document["to_play"]
            # Every seat sees the same table: the turn, the trick, the tricks taken.
            for key in ("to_play", "trick", "tricks_by_seat", "hand_sizes", "stage"):
                assert document[key] == documents[0][key]
        actor = documents[0]["to_play"]
        state = state.apply(client_turn(documents[actor], rng), seat=actor)
        steps += 1
    final = state.view(0).to_dict()
    _VIEW.validate(final)
    assert final["stage"] == "end"
    assert final["to_play"] is None
    assert final["legal_actions"] == []
    return steps, final


@pytest.mark.usefixtures("example_plugins")
@pytest.mark.parametrize(("variant_id", "options"), SETUPS)
def test_one_client_plays_every_variant(variant_id: str, options: dict[str, Any]) -> None:
    variant = cardrules.get_variant(variant_id, **options)
    for seed in range(3):
        steps, final = play_deal(variant, seed)
        result = final["result"]
        assert steps > 0
        assert set(RESULT_KEYS) <= set(result)
        _RESULT.validate(result)
        assert result["variant"] == final["variant"] == variant.id
        assert result["seat_names"] == final["seat_names"] == list(variant.info.seat_names)
        assert len(result["returns"]) == len(result["scores"]) == final["players"]
        assert game_key(variant.id) in final
        assert game_key(variant.id) in result
        assert final["options"] == variant.options_json()


@pytest.mark.parametrize(("variant_id", "options"), SETUPS[:6])
def test_result_documents_carry_the_envelope(variant_id: str, options: dict[str, Any]) -> None:
    variant = cardrules.get_variant(variant_id, **options)
    state = variant.new_game(seed=4)
    rng = random.Random(4)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    document = state.result().to_dict()
    _RESULT.validate(document)
    jsonschema.validate(document, cardrules.json_schema("result", variant_id))
    assert [float(r) for r in document["returns"]] == list(state.returns())
    options = variant.options  # type: ignore[attr-defined]
    assert type(state.result()).from_dict(document, options) == state.result()


@pytest.mark.parametrize("variant_id", ["tarot", "bid-euchre"])
def test_result_documents_of_the_previous_release_still_load(variant_id: str) -> None:
    variant = cardrules.get_variant(variant_id)
    state = variant.new_game(seed=2)
    rng = random.Random(2)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    document = state.result().to_dict()
    old = {k: v for k, v in document.items() if k not in (*RESULT_KEYS, game_key(variant_id))}
    old |= {k: document[k] for k in ("summary", "explain")}
    if variant_id == "tarot":
        old |= {"players": document["players"], "scores": document["scores"]}
    else:
        old |= {"returns": document["returns"]}
    options = variant.options  # type: ignore[attr-defined]
    assert type(state.result()).from_dict(old, options) == state.result()


@pytest.mark.parametrize("kind", cardrules.wire.SCHEMA_KINDS)
@pytest.mark.parametrize("variant_id", ["tarot", "bid-euchre"])
def test_each_variant_schema_extends_the_envelope(kind: str, variant_id: str) -> None:
    envelope = cardrules.json_schema(kind)
    schema = cardrules.json_schema(kind, variant_id)
    assert set(envelope["required"]) <= set(schema["required"])
    assert set(envelope["properties"]) <= set(schema["properties"])
    if kind in ("view", "result", "match"):
        assert game_key(variant_id) in schema["required"]


@pytest.mark.parametrize(
    ("kind", "keys"),
    [("record", RECORD_KEYS), ("error", ERROR_KEYS), ("match", MATCH_KEYS)],
)
def test_the_envelope_schema_of_each_kind_requires_its_keys(
    kind: str, keys: tuple[str, ...]
) -> None:
    schema = cardrules.json_schema(kind)
    assert set(keys) <= set(schema["required"])
    assert schema["additionalProperties"] is True
