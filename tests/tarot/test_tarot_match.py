"""A French Tarot match: dealer rotation (T-6) and running totals (T-38)."""

from __future__ import annotations

import pickle
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules.errors import GameOverError, OptionsError, ScoreInputError
from cardrules.tarot.bidding import Contract
from cardrules.tarot.match import TarotMatch
from cardrules.tarot.options import TarotOptions
from cardrules.tarot.scoring import DealFacts, DealResult, score_deal


def played(players: int = 4, taker: int = 0, points: Any = 45) -> DealResult:
    """A played Garde with 2 bouts (made at 45 points)."""
    return score_deal(
        DealFacts(players=players, contract=Contract.GARDE, taker=taker, points=points, bouts=2)
    )


def annulled(players: int = 4) -> DealResult:
    return DealResult.annulled_deal(players=players, reason="petit_sec")


SERIES = TarotOptions(single_deal=False)


def test_t38_match_starts_empty() -> None:
    match = TarotMatch.start(TarotOptions(players=5, dealer=3, single_deal=False))
    assert match.dealer == 3
    assert match.totals == (0, 0, 0, 0, 0)
    assert match.results == ()
    assert match.leaders == (0, 1, 2, 3, 4)
    assert not match.is_over
    assert TarotMatch.start().options == TarotOptions()


def test_t38_totals_add_up_over_deals() -> None:
    match = TarotMatch.start(SERIES).after(played(taker=0)).after(played(taker=2))
    assert match.totals == (174 - 58, -116, -58 + 174, -116)
    assert match.leaders == (0, 2)
    match = match.after(played(taker=2, points=30))
    assert match.leaders == (0,)
    assert len(match.results) == 3


def test_t38_after_leaves_the_match_unchanged() -> None:
    start = TarotMatch.start(SERIES)
    later = start.after(played())
    assert start.totals == (0, 0, 0, 0)
    assert start.results == ()
    assert start.dealer == 0
    assert later.dealer == 1
    with pytest.raises(AttributeError):
        later.dealer = 3  # type: ignore[misc]


def test_t6_dealer_rotates_to_the_next_seat_and_wraps() -> None:
    match = TarotMatch.start(TarotOptions(players=3, dealer=1, single_deal=False))
    dealers = []
    for _ in range(4):
        match = match.after(played(players=3))
        dealers.append(match.dealer)
    assert dealers == [2, 0, 1, 2]


def test_t6_annulled_deal_passes_the_deal_by_default() -> None:
    match = TarotMatch.start(SERIES).after(annulled()).after(annulled())
    assert match.dealer == 2
    assert match.totals == (0, 0, 0, 0)


def test_t6_redeal_dealer_same_keeps_the_dealer_after_an_annulled_deal() -> None:
    options = TarotOptions(redeal_dealer="same", dealer=2, single_deal=False)
    match = TarotMatch.start(options).after(annulled())
    assert match.dealer == 2
    match = match.after(DealResult.annulled_deal(players=4, reason="all_pass"))
    assert match.dealer == 2
    match = match.after(played())
    assert match.dealer == 3


def test_t38_single_deal_ends_after_the_played_deal() -> None:
    match = TarotMatch.start(TarotOptions()).after(annulled())
    assert not match.is_over
    assert match.dealer == 1
    match = match.after(played(taker=1))
    assert match.is_over
    assert match.totals == (-58, 174, -58, -58)
    with pytest.raises(GameOverError, match="single deal"):
        match.after(played())
    with pytest.raises(GameOverError):
        match.next_deal(random.Random(1))
    with pytest.raises(ScoreInputError, match="single_deal=False"):
        TarotMatch(options=TarotOptions(), results=(played(), played()))


def test_t38_rejects_foreign_results() -> None:
    match = TarotMatch.start(SERIES)
    with pytest.raises(ScoreInputError, match="5-player"):
        match.after(played(players=5))
    with pytest.raises(ScoreInputError, match="DealResult"):
        match.after("45")  # type: ignore[arg-type]
    with pytest.raises(ScoreInputError, match="DealResult"):
        TarotMatch(options=SERIES, results=(played(), "x"))  # type: ignore[arg-type]
    with pytest.raises(ScoreInputError, match="tuple"):
        TarotMatch(options=SERIES, results=played())  # type: ignore[arg-type]
    with pytest.raises(OptionsError, match="TarotOptions"):
        TarotMatch(options={"players": 4})  # type: ignore[arg-type]


def test_t38_half_point_totals_stay_exact() -> None:
    none = TarotOptions(players=3, half_point_rounding="none", single_deal=False)
    facts = DealFacts(players=3, contract=Contract.PRISE, taker=0, points=51.5, bouts=1)
    result = score_deal(facts, none)
    match = TarotMatch.start(none).after(result)
    assert match.totals == (51, Fraction(-51, 2), Fraction(-51, 2))
    match = match.after(result)
    assert match.totals == (102, -51, -51)
    assert all(type(t) is int for t in match.totals)


def test_t38_match_is_a_value() -> None:
    match = TarotMatch.start(SERIES).after(played()).after(annulled())
    rebuilt = TarotMatch(options=SERIES, results=match.results)
    assert rebuilt == match
    assert (rebuilt.dealer, rebuilt.totals) == (match.dealer, match.totals)
    assert pickle.loads(pickle.dumps(match)) == match  # noqa: S301
    assert hash(rebuilt) == hash(match)


@st.composite
def deal_results(draw: st.DrawFn, players: int) -> DealResult:
    if draw(st.booleans()):
        return DealResult.annulled_deal(
            players=players, reason=draw(st.sampled_from(["petit_sec", "all_pass"]))
        )
    taker = draw(st.integers(0, players - 1))
    points = draw(st.integers(17, 174).map(lambda h: Fraction(h, 2)))
    return played(players=players, taker=taker, points=points)


@st.composite
def matches(draw: st.DrawFn) -> tuple[TarotOptions, list[DealResult]]:
    players = draw(st.sampled_from([3, 4, 5]))
    options = TarotOptions(
        players=players,
        dealer=draw(st.integers(0, players - 1)),
        redeal_dealer=draw(st.sampled_from(["next", "same"])),
        single_deal=False,
    )
    return options, draw(st.lists(deal_results(players), max_size=12))


@given(matches())
def test_t38_incremental_match_equals_rebuilt_match(
    case: tuple[TarotOptions, list[DealResult]],
) -> None:
    options, results = case
    match = TarotMatch.start(options)
    for result in results:
        match = match.after(result)
    rebuilt = TarotMatch(options=options, results=tuple(results))
    assert (match.dealer, match.totals, match.results) == (
        rebuilt.dealer,
        rebuilt.totals,
        rebuilt.results,
    )
    assert sum(match.totals) == 0
    turns = sum(1 for r in results if r.annulled is None or options.redeal_dealer == "next")
    assert match.dealer == (options.dealer + turns) % options.players
    for seat in range(options.players):
        assert match.totals[seat] == sum(r.scores[seat] for r in results)
    best = max(match.totals)
    assert set(match.leaders) == {s for s, t in enumerate(match.totals) if t == best}


def test_t38_next_deal_uses_the_match_dealer() -> None:
    pytest.importorskip("cardrules.tarot.variant")
    match = TarotMatch.start(TarotOptions(dealer=2, single_deal=False)).after(played())
    state = match.next_deal(random.Random(7))
    assert state.dealer == 3
    assert not state.is_terminal
    same = match.next_deal(random.Random(7))
    assert state == same
