"""One serialisation vocabulary: ``to_dict``/``from_dict`` on the options and the results,
the old names (``to_json``/``from_json``) kept for one release with a warning.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import cardrules
from cardrules import ScoreInputError
from cardrules.bid_euchre import (
    BidEuchreOptions,
    BidEuchreVariant,
    HandFacts,
    HandResult,
    score_hand,
)
from cardrules.bid_euchre.bidding import Contract as EuchreContract
from cardrules.tarot import DealFacts, DealResult, TarotOptions, TarotVariant, score_deal

TAROT_OPTIONS = (
    TarotOptions(),
    TarotOptions(players=3),
    TarotOptions(players=5, half_point_rounding="none", excuse_compensation="card"),
)
EUCHRE_OPTIONS = (
    BidEuchreOptions(),
    BidEuchreOptions(double_deck=True, allow_plain_six=True),
    BidEuchreOptions(joker=True, allow_no_trump=True, renege_mode="penalize"),
)


def played(variant: cardrules.Variant, seed: int) -> Any:
    """The result of a random deal of ``variant``."""
    rng = random.Random(seed)
    state = variant.new_game(seed=seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state.result()


@pytest.mark.parametrize("options", [*TAROT_OPTIONS, *EUCHRE_OPTIONS], ids=repr)
def test_options_round_trip_through_json_with_to_dict(options: Any) -> None:
    document = json.loads(json.dumps(options.to_dict()))
    assert type(options).from_dict(document) == options


@pytest.mark.parametrize("options", [TarotOptions(players=3), BidEuchreOptions(joker=True)])
def test_the_old_option_names_warn_and_still_work(options: Any) -> None:
    cls = type(options)
    with pytest.warns(DeprecationWarning, match=rf"{cls.__name__}\.to_json is deprecated"):
        document = options.to_json()
    assert document == options.to_dict()
    with pytest.warns(DeprecationWarning, match=rf"{cls.__name__}\.from_json is deprecated"):
        assert cls.from_json(document) == options


def test_record_to_json_warns_and_equals_to_dict() -> None:
    record = TarotVariant().new_game(seed=5).apply("pass").record()
    with pytest.warns(DeprecationWarning, match=r"Record\.to_json is deprecated.*to_dict"):
        assert record.to_json() == record.to_dict()
    assert cardrules.loads(json.dumps(record.to_dict())) == record


@pytest.mark.parametrize("options", TAROT_OPTIONS, ids=repr)
def test_deal_results_round_trip_through_json(options: TarotOptions) -> None:
    variant = TarotVariant(options)
    for seed in range(25):
        result = played(variant, seed)
        document = json.loads(json.dumps(result.to_dict()))
        assert DealResult.from_dict(document, options) == result
    annulled = DealResult.annulled_deal(players=options.players, reason="petit_sec")
    assert DealResult.from_dict(annulled.to_dict(), options) == annulled


def test_a_half_point_result_round_trips_exactly() -> None:
    options = TarotOptions(half_point_rounding="none")
    facts = DealFacts(players=4, contract="prise", taker=1, points=40.5, bouts=2)
    result = score_deal(facts, options)
    back = DealResult.from_dict(json.loads(json.dumps(result.to_dict())), options)
    assert back == result
    assert back.scores == result.scores
    assert any(s.denominator == 2 for s in back.scores if not isinstance(s, int))


@pytest.mark.parametrize("options", EUCHRE_OPTIONS, ids=repr)
def test_hand_results_round_trip_through_json(options: BidEuchreOptions) -> None:
    variant = BidEuchreVariant(options)
    for seed in range(25):
        result = played(variant, seed)
        document = json.loads(json.dumps(result.to_dict()))
        assert HandResult.from_dict(document, options) == result


@pytest.mark.parametrize(
    ("field", "value"),
    [("scores", [175, -58, -58, -59]), ("unit", 59), ("made", 1), ("summary", "won"), ("x", 1)],
)
def test_a_tampered_deal_result_is_refused(field: str, value: object) -> None:
    facts = DealFacts(players=4, contract="garde", taker=0, points=45, bouts=2)
    document = score_deal(facts).to_dict()
    document[field] = value
    with pytest.raises(ScoreInputError, match=repr(field)):
        DealResult.from_dict(document)


@pytest.mark.parametrize(
    ("field", "value"),
    [("delta", [3, -5]), ("returns", [2, -5, 2, 5]), ("bidding_team", 0), ("extra", None)],
)
def test_a_tampered_hand_result_is_refused(field: str, value: object) -> None:
    facts = HandFacts(contract=EuchreContract(5), declarer=1, tricks=(2, 4))
    document = score_hand(facts).to_dict()
    document[field] = value
    with pytest.raises(ScoreInputError, match=repr(field)):
        HandResult.from_dict(document)


@pytest.mark.parametrize(
    "document",
    [None, [], "facts", 7, {}, {"facts": None}, {"facts": {"players": 4}}, {"annulled": "x"}],
    ids=repr,
)
def test_hostile_result_documents_are_score_input_errors(document: Any) -> None:
    with pytest.raises(ScoreInputError):
        DealResult.from_dict(document)
    with pytest.raises(ScoreInputError):
        HandResult.from_dict(document)


def test_results_refuse_the_options_of_the_other_game() -> None:
    with pytest.raises(ScoreInputError, match="TarotOptions"):
        DealResult.from_dict({}, BidEuchreOptions())  # type: ignore[arg-type]
    with pytest.raises(ScoreInputError, match="BidEuchreOptions"):
        HandResult.from_dict({}, TarotOptions())  # type: ignore[arg-type]


def test_a_result_scored_under_other_options_is_refused() -> None:
    facts = HandFacts(contract=EuchreContract(4), declarer=0, tricks=(4, 2), reneges=(1,))
    result = score_hand(facts, BidEuchreOptions(renege_mode="penalize", renege_penalty=4))
    with pytest.raises(ScoreInputError, match="under these options"):
        HandResult.from_dict(result.to_dict(), BidEuchreOptions(renege_mode="penalize"))
