"""Records and errors carry the envelope: a record names its variant, options, table
(``players``, ``seat_names``), dealer and ``meta``; an error document names the variant
whose state refused the action. Records written before these keys still load.
"""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import pytest

import cardrules
from cardrules import IllegalActionError, RecordError, dumps, final_state, loads
from cardrules.envelope import ERROR_KEYS, RECORD_KEYS
from cardrules.records import Record

jsonschema = pytest.importorskip("jsonschema")

_RECORD = jsonschema.Draft202012Validator(cardrules.json_schema("record"))
_ERROR = jsonschema.Draft202012Validator(cardrules.json_schema("error"))


def played(variant: cardrules.Variant, seed: int, steps: int = 30) -> cardrules.State:
    rng = random.Random(seed)
    state = variant.new_game(seed=seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


VARIANTS = [
    ("tarot", {"players": 3}),
    ("tarot", {"players": 5}),
    ("bid-euchre", {}),
    ("oh-hell", {"players": 6, "hand_size": 3}),
    ("whist", {}),
]


@pytest.mark.usefixtures("example_plugins")
@pytest.mark.parametrize(("variant_id", "options"), VARIANTS)
def test_every_record_carries_the_record_envelope(variant_id: str, options: dict[str, Any]) -> None:
    variant = cardrules.get_variant(variant_id, **options)
    record = played(variant, 3).record()
    document = json.loads(dumps(record))
    assert set(RECORD_KEYS) <= set(document)
    assert document["players"] == variant.players == len(document["seat_names"])
    assert document["seat_names"] == list(variant.info.seat_names)
    assert document["options"] == variant.options_json()
    assert document["meta"] is None
    _RECORD.validate(document)
    if variant_id in ("tarot", "bid-euchre"):
        jsonschema.validate(document, cardrules.json_schema("record", variant_id))
    back = loads(json.dumps(document))
    assert back == record
    assert (back.players, back.seat_names) == (variant.players, variant.info.seat_names)


@pytest.mark.parametrize("variant_id", ["tarot", "bid-euchre"])
def test_records_written_before_the_envelope_still_load_and_replay(variant_id: str) -> None:
    state = played(cardrules.get_variant(variant_id), 5)
    document = json.loads(dumps(state.record()))
    old = {k: v for k, v in document.items() if k not in ("players", "seat_names", "meta")}
    record = loads(json.dumps(old))
    assert (record.players, record.seat_names, record.meta) == (None, None, None)
    assert record == state.record()
    assert final_state(record) == state
    # The replayed state's record has them again.
    assert final_state(record).record().to_dict() == document


@pytest.mark.parametrize(
    ("changes", "why"),
    [
        ({"players": 5, "seat_names": ["0", "1", "2", "3", "4"]}, "5-seat table"),
        ({"seat_names": ["N", "E", "S", "W"]}, "names the seats"),
        ({"players": 0}, "'players' must be a positive int"),
        ({"players": True}, "'players' must be a positive int"),
        ({"players": "4"}, "'players' must be a positive int"),
        ({"seat_names": ["0", "1", "2"]}, "one name per seat"),
        ({"seat_names": "0123"}, "one name per seat"),
        ({"seat_names": [0, 1, 2, 3]}, "one name per seat"),
    ],
    ids=repr,
)
def test_a_record_whose_table_is_not_its_variant_is_refused(
    changes: dict[str, Any], why: str
) -> None:
    document = json.loads(dumps(played(cardrules.get_variant("tarot"), 2).record()))
    with pytest.raises(RecordError, match=why):
        final_state(loads(json.dumps({**document, **changes})))


def test_the_table_does_not_take_part_in_a_record_s_equality() -> None:
    record = played(cardrules.get_variant("bid-euchre"), 1).record()
    bare = Record(
        variant=record.variant,
        rules_version=record.rules_version,
        options=record.options,
        dealer=record.dealer,
        deal=record.deal,
        actions=record.actions,
    )
    assert bare == record
    assert "players" not in bare.to_dict()
    assert pickle.loads(pickle.dumps(record)).seat_names == ("N", "E", "S", "W")  # noqa: S301


@pytest.mark.usefixtures("example_plugins")
@pytest.mark.parametrize(("variant_id", "options"), VARIANTS)
def test_an_error_document_names_the_variant_that_refused(
    variant_id: str, options: dict[str, Any]
) -> None:
    variant = cardrules.get_variant(variant_id, **options)
    state = played(variant, 4, steps=5)
    other = (state.to_play + 1) % variant.players if state.to_play is not None else 0
    for call in (state.apply, state.check):
        for action, seat in ((state.legal_actions()[0], other), ("no such action", None)):
            with pytest.raises(cardrules.CardrulesError) as caught:
                call(action, seat)
            document = caught.value.to_dict()
            assert list(document) == list(ERROR_KEYS)
            assert document["variant"] == variant.id
            _ERROR.validate(document)
    if variant_id in ("tarot", "bid-euchre"):
        required = variant.new_game(seed=1, require_seat=True)  # type: ignore[call-arg]
        with pytest.raises(cardrules.SeatRequiredError) as caught:
            required.apply(required.legal_actions()[0])
        assert caught.value.to_dict()["variant"] == variant.id


def test_an_error_that_no_state_raised_names_no_variant() -> None:
    for error in (
        cardrules.OptionsError("x"),
        cardrules.ScoreInputError("y"),
        cardrules.RecordError("z"),
    ):
        assert error.to_dict()["variant"] is None
        _ERROR.validate(error.to_dict())


def test_the_variant_survives_pickling() -> None:
    state = cardrules.get_variant("tarot").new_game(seed=1)
    with pytest.raises(IllegalActionError) as caught:
        state.apply("bid garde", seat=3)
    again = pickle.loads(pickle.dumps(caught.value))  # noqa: S301
    assert again.to_dict() == caught.value.to_dict()
    assert again.variant == "tarot"
