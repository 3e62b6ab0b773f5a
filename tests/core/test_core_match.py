"""The core match protocol and the generic Series of deals."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pytest

import cardrules
from cardrules.match import Series, deal_seed

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


def test_a_seeded_series_deals_each_deal_from_its_own_seed() -> None:
    variant = toy.ToyVariant()
    match = variant.new_match(seed=9, dealer=1)
    assert isinstance(match, Series)
    assert match.seed == 9
    assert match.next_deal() == variant.new_game(seed=deal_seed(9, 0), dealer=1)
    assert match.next_deal(seed=3) == variant.new_game(seed=3, dealer=1)
    rng = random.Random(4)
    later = match.after(_played(match.next_deal(), rng).result())
    assert later.seed == 9
    assert later.next_deal() == variant.new_game(seed=deal_seed(9, 1), dealer=2)
    with pytest.raises(cardrules.InvalidArgumentError, match="not both"):
        match.next_deal(random.Random(1), seed=1)
    with pytest.raises(cardrules.InvalidArgumentError, match="not both"):
        variant.new_match(seed=1, rng=random.Random(1))
    assert variant.new_match(rng=random.Random(5)) == variant.new_match(rng=random.Random(5))


def test_a_series_carries_require_seat_to_every_deal() -> None:
    series = Series(cardrules.get_variant("tarot"), seed=2, require_seat=True)
    assert series.require_seat
    assert series.next_deal().requires_seat
    with pytest.raises(cardrules.InvalidArgumentError, match="require_seat"):
        toy.ToyVariant().new_match(require_seat=True)
    with pytest.raises(cardrules.InvalidArgumentError, match="require_seat"):
        Series(cardrules.get_variant("tarot"), require_seat=1)  # type: ignore[arg-type]
