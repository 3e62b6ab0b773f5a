"""JSON for apps: ``to_dict()`` everywhere, checked against the published schemas.

Thousands of documents from random deals of every variant (every player count and the
option sets that change what a document holds) are validated with ``jsonschema``
against ``cardrules.json_schema``: every seat's view at every step, every result, every
record, and the errors of refused actions.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import cardrules
from cardrules import (
    CardrulesError,
    IllegalActionError,
    InvalidArgumentError,
    State,
    UnknownVariantError,
    json_schema,
)
from cardrules.bid_euchre import BidEuchreVariant
from cardrules.envelope import ERROR_KEYS
from cardrules.tarot import TarotVariant

jsonschema = pytest.importorskip("jsonschema")

VARIANTS: dict[str, cardrules.Variant] = {
    "tarot3": TarotVariant(players=3),
    "tarot4": TarotVariant(),
    "tarot5": TarotVariant(players=5),
    "tarot4-card-compensation": TarotVariant(
        excuse_compensation="card", half_point_rounding="none"
    ),
    "euchre": BidEuchreVariant(),
    "euchre-joker": BidEuchreVariant(joker=True, allow_no_trump=True),
    "euchre-double": BidEuchreVariant(double_deck=True, allow_plain_six=True),
    "euchre-house": BidEuchreVariant(
        allow_plain_six=True,
        renege_mode="penalize",
        ace_no_face=True,
        stick_the_dealer=True,
        bidding_style="continuous",
    ),
}
# Documents per variant: thousands in all, in a few seconds (jsonschema takes ~2 ms
# for a view).
VIEWS = 400
RESULTS = 100


def validator(kind: str, variant_id: str) -> Any:
    schema = json_schema(kind, variant_id)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def check(counts: Counter[str], v: Any, kind: str, document: dict[str, Any]) -> None:
    # What a client receives: the JSON text, read back.
    sent = json.loads(json.dumps(document, allow_nan=False))
    assert sent == document
    errors = sorted(v.iter_errors(sent), key=str)
    assert not errors, (kind, errors[0].message, list(errors[0].absolute_path), sent)
    counts[kind] += 1


def deals(variant: cardrules.Variant, seed: int, count: int = 3) -> Iterator[State]:
    """Every state of ``count`` random deals, then of more while the caller reads on."""
    rng = random.Random(seed)
    for _ in range(count or 1 << 30):
        state = variant.new_game(rng=rng, dealer=rng.randrange(variant.players))
        yield state
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
            yield state


def refusals(state: State, rng: random.Random) -> Iterator[CardrulesError]:
    """The errors of a few refused actions here: wrong seats, cards, phases, junk."""
    variant = state.variant
    texts = [f"play {card}" for card in rng.sample(variant.deck, 4)]
    texts += ["pass", "bid garde", "bid 4", "trump hearts", "call KH", "discard 2S", "zap"]
    seats: list[Any] = [None, *range(variant.players), 9, True]
    for text in texts:
        for seat in rng.sample(seats, 2):
            try:
                state.check(text, seat)
            except CardrulesError as error:
                yield error
    for junk in (42, None, b"play QH"):
        try:
            state.check(junk, None)  # type: ignore[arg-type]
        except CardrulesError as error:
            yield error


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_document_of_random_deals_matches_its_schema(name: str) -> None:
    variant = VARIANTS[name]
    vid = variant.id
    views, results, records, errors = (
        validator(kind, vid) for kind in ("view", "result", "record", "error")
    )
    counts: Counter[str] = Counter()
    rng = random.Random(name)
    for n, state in enumerate(deals(variant, seed=len(name), count=0)):
        for seat in range(variant.players):
            view = state.view(seat)
            document = view.to_dict()
            check(counts, views, "view", document)
            # The view's own legal actions, in the variant's notation, only on its turn.
            expected = (
                [variant.action_text(a) for a in state.legal_actions()]
                if seat == state.to_play
                else []
            )
            assert document["legal_actions"] == expected
        if n % 7 == 0 or state.is_terminal:
            check(counts, records, "record", state.record().to_dict())
            check(counts, records, "record", json.loads(cardrules.dumps(state.record())))
            for error in refusals(state, rng):
                check(counts, errors, "error", error.to_dict())
        if state.is_terminal:
            check(counts, results, "result", state.result().to_dict())
            if counts["view"] >= VIEWS:
                break
    # More results, of deals played out by the engine's playout.
    for _ in range(RESULTS):
        first = variant.new_game(rng=rng)
        check(counts, results, "result", variant.random_playout(first, rng).to_dict())  # type: ignore[attr-defined]
    assert counts["view"] >= VIEWS
    assert counts["result"] > RESULTS
    assert counts["record"] > 4
    assert counts["error"] > 50
    print(f"{name}: {sum(counts.values())} documents validated {dict(counts)}")


def test_results_carry_every_term_of_the_explanation() -> None:
    rng = random.Random(3)
    for variant in (TarotVariant(players=5), BidEuchreVariant(renege_mode="penalize")):
        for _ in range(20):
            state = variant.new_game(rng=rng)
            while not state.is_terminal:
                state = state.apply(rng.choice(state.legal_actions()))
            result: Any = state.result()
            document = result.to_dict()
            assert document["explain"] == result.explain()
            assert document["summary"] == result.summary
            if variant.id == "tarot":
                assert document["scores"] == [float(s) for s in result.scores]
                for term in ("multiplier", "target", "made", "base", "unit", "chelem_bonus"):
                    assert document[term] == getattr(result, term)
            else:
                assert document["delta"] == list(result.delta)
                assert document["reasons"] == [list(r) for r in result.reasons]


def test_hidden_cards_never_appear_in_a_view_document() -> None:
    for variant in (TarotVariant(), BidEuchreVariant(joker=True)):
        for state in deals(variant, seed=2):
            if state.is_terminal:
                continue
            for seat in range(variant.players):
                document = state.view(seat).to_dict()
                view = state.view(seat)
                shown = set(re.findall(r'"([^"]*)"', json.dumps(document)))
                allowed = {str(c) for c in (*view.hand, *view.public_cards)}
                others = {
                    str(c) for s in range(variant.players) if s != seat for c in state.hand(s)
                }
                assert not (shown & others) - allowed, (seat, document)


def test_json_dumps_of_every_phase_works() -> None:
    phases: set[tuple[str, str]] = set()
    for variant in VARIANTS.values():
        for state in deals(variant, seed=5, count=40):
            phases.add((variant.id, str(state.view(0).to_dict()["phase"])))
            json.dumps(state.view(0).to_dict())
    assert {p for v, p in phases if v == "tarot"} == {
        "bidding",
        "call",
        "ecart",
        "announce",
        "play",
        "end",
    }
    assert {"discard", "claim", "auction", "trump", "exchange", "play", "end"} <= {
        p for v, p in phases if v == "bid-euchre"
    }


@pytest.mark.parametrize("variant_id", ["tarot", "bid-euchre", "french-tarot", "bid_euchre"])
@pytest.mark.parametrize("kind", ["record", "view", "result", "error"])
def test_every_schema_is_a_valid_draft_2020_12_schema(kind: str, variant_id: str) -> None:
    schema = json_schema(kind, variant_id)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)
    # A fresh copy each time: the caller may change it.
    schema["title"] = "changed"
    assert json_schema(kind, variant_id)["title"] != "changed"


@pytest.mark.parametrize("kind", ["", "views", "state", None, 3, "VIEW"])
def test_unknown_schema_kind_is_refused(kind: Any) -> None:
    with pytest.raises(InvalidArgumentError, match="kind must be one of 'record', 'view'"):
        json_schema(kind, "tarot")


@pytest.mark.parametrize("variant_id", ["chess", "", 7])
def test_unknown_schema_variant_is_refused(variant_id: Any) -> None:
    with pytest.raises(UnknownVariantError):
        json_schema("view", variant_id)


def test_schemas_refuse_documents_that_break_them() -> None:
    views = validator("view", "tarot")
    document = TarotVariant().new_game(seed=1).view(0).to_dict()
    for key, bad in [
        ("hand", ["ZZ"]),
        ("phase", "lunch"),
        ("seat", 7),
        ("legal_actions", ["jump"]),
    ]:
        broken = dict(document, **{key: bad})
        assert not views.is_valid(broken), key
    assert not views.is_valid({k: v for k, v in document.items() if k != "hand"})
    assert not views.is_valid(dict(document, extra=1))


def test_error_documents_name_code_rule_seat_and_action() -> None:
    state = BidEuchreVariant().new_game(seed=5)
    with pytest.raises(IllegalActionError) as caught:
        state.apply("bid 4", seat=0)
    assert caught.value.to_dict() == {
        "variant": "bid-euchre",
        "code": "not_your_turn",
        "rule_id": None,
        "seat": 0,
        "action": "bid 4",
        "message": str(caught.value),
    }
    while state.legal_actions()[0].__class__.__name__ != "Play":
        state = state.apply(state.legal_actions()[-1])
    seat = state.to_play
    assert seat is not None
    card = next(c for c in state.variant.deck if c not in state.hand(seat))
    with pytest.raises(IllegalActionError) as caught:
        state.apply(f"play {card}")
    document = caught.value.to_dict()
    assert document["code"] == "card_not_in_hand"
    assert document["seat"] == seat
    assert document["action"] == f"play {card}"
    for error in (
        cardrules.DealError("x"),
        cardrules.NotationError("y"),
        cardrules.RecordError("z"),
    ):
        assert list(error.to_dict()) == list(ERROR_KEYS)
        assert error.to_dict()["variant"] is None
    assert cardrules.NotationError("y").to_dict()["code"] == "bad_notation"
