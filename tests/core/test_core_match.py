"""The core match protocol and the generic Series of deals."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pytest

import cardrules
from cardrules.match import Series

if TYPE_CHECKING:
    from tests.core import toy
else:
    import cardrules_core_toy as toy  # loaded by tests/conftest.py


def _played(state: cardrules.State, rng: random.Random) -> cardrules.State:
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_series_adds_returns_and_passes_the_deal_to_the_left() -> None:
    variant = cardrules.get_variant("tarot")
    rng = random.Random(3)
    series = Series(variant, dealer=2, deals=3)
    assert isinstance(series, cardrules.Match)
    totals = [0.0] * 4
    for expected_dealer in (2, 3, 0):
        assert series.dealer == expected_dealer
        state = series.next_deal(rng)
        assert state.dealer == expected_dealer
        result = _played(state, rng).result()
        totals = [t + float(r) for t, r in zip(totals, result.returns, strict=True)]
        before = series
        series = series.after(result)
        assert before.results == series.results[:-1]  # the old series is unchanged
    assert series.totals == tuple(totals)
    assert series.is_over
    best = max(totals)
    assert series.leaders == tuple(s for s, t in enumerate(totals) if t == best)
    assert series.winner == (series.leaders[0] if len(series.leaders) == 1 else None)
    assert len(series.explain().splitlines()) == 4
    with pytest.raises(cardrules.GameOverError):
        series.next_deal(rng)
    with pytest.raises(cardrules.GameOverError):
        series.after(result)


def test_series_without_a_limit_never_ends() -> None:
    series = Series(cardrules.get_variant("bid-euchre"))
    assert not series.is_over
    assert series.winner is None
    assert series.leaders == (0, 1, 2, 3)


@pytest.mark.parametrize("dealer", [-1, 4, True, "0", pytest.param(10**5000, id="huge")])
def test_series_refuses_a_dealer_that_is_not_a_seat(dealer: object) -> None:
    with pytest.raises(cardrules.ScoreInputError):
        Series(cardrules.get_variant("tarot"), dealer=dealer)  # type: ignore[arg-type]


@pytest.mark.parametrize("deals", [0, -3, 1.5, True])
def test_series_refuses_a_bad_number_of_deals(deals: object) -> None:
    with pytest.raises(cardrules.ScoreInputError):
        Series(cardrules.get_variant("tarot"), deals=deals)  # type: ignore[arg-type]


@pytest.mark.parametrize("result", [None, 3, (1, 2), object()])
def test_series_refuses_what_is_not_a_result(result: object) -> None:
    series = Series(cardrules.get_variant("tarot"))
    with pytest.raises(cardrules.ScoreInputError):
        series.after(result)
    assert series.results == ()


def test_series_is_immutable_and_a_value() -> None:
    variant = cardrules.get_variant("tarot")
    a, b = Series(variant), Series(variant)
    assert a == b
    assert hash(a) == hash(b)
    with pytest.raises(AttributeError):
        a._dealer = 3


def test_built_in_results_follow_the_result_protocol() -> None:
    rng = random.Random(8)
    for vid in ("tarot", "bid-euchre"):
        variant = cardrules.get_variant(vid)
        result = _played(variant.new_game(rng=rng), rng).result()
        if isinstance(result, cardrules.Result):
            assert len(result.returns) == variant.players
            assert isinstance(result.summary, str)
            assert result.explain()


def test_a_variant_without_match_rules_plays_a_series() -> None:
    # Toy whist keeps the base Variant.new_match(): a Series of its deals.
    variant = toy.ToyVariant()
    match = variant.new_match()
    assert isinstance(match, Series)
    assert isinstance(match, cardrules.Match)
    rng = random.Random(2)
    for dealer in (0, 1, 2, 0):
        assert match.dealer == dealer
        result = _played(match.next_deal(rng), rng).result()
        assert isinstance(result, cardrules.Result)
        match = match.after(result)
    assert sum(match.totals) == 4 * toy.TRICKS
    assert match.explain().splitlines()[0].startswith("1. tricks ")
