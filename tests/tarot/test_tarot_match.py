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


# ------------------------------------------- facts that leave out what the match knows


@pytest.mark.parametrize("players", [3, 4, 5])
def test_t38_the_match_fills_in_its_player_count(players: int) -> None:
    match = TarotMatch.start(TarotOptions(players=players, single_deal=False))
    bare = DealFacts(contract="garde", taker=players - 1, points=45, bouts=2)
    full = DealFacts(players=players, contract="garde", taker=players - 1, points=45, bouts=2)
    assert match.after(bare) == match.after(full)
    assert match.after(bare).results[0].facts == full
    assert match.after(bare.to_dict()) == match.after(full)
    document = {"contract": "garde", "taker": players - 1, "points": 45, "bouts": 2}
    assert match.after(document) == match.after(full)


def test_t42_facts_without_players_are_checked_against_the_table() -> None:
    four = TarotMatch.start(SERIES)
    five = TarotMatch.start(TarotOptions(players=5, single_deal=False))
    with pytest.raises(ScoreInputError, match="taker must be a seat from 0 to 3, not 4"):
        four.after(DealFacts(contract="garde", taker=4, points=45, bouts=2))
    partnered = DealFacts(contract="garde", taker=0, partner=4, points=45, bouts=2)
    with pytest.raises(ScoreInputError, match=r"only the 5-player game has a partner \(T-42\)"):
        four.after(partnered)
    assert five.after(partnered).totals == (116, -58, -58, -58, 58)
    # Facts that do give the count must give the match's.
    with pytest.raises(ScoreInputError, match="a 4-player deal cannot join a 5-player match"):
        five.after(DealFacts(players=4, contract="garde", taker=0, points=45, bouts=2))
    assert four.totals == (0, 0, 0, 0)


@pytest.mark.parametrize("reason", ["all_pass", "petit_sec"])
@pytest.mark.parametrize("redeal", ["next", "same"])
def test_t6_t9_t12_void_facts_move_the_deal_as_an_annulled_result(reason: Any, redeal: Any) -> None:
    match = TarotMatch.start(TarotOptions(players=5, redeal_dealer=redeal), deal_limit=1)
    by_result = match.after(DealResult.annulled_deal(players=5, reason=reason))
    assert match.after(DealFacts.void(reason)) == by_result
    assert match.after(DealFacts.void(reason, players=5)) == by_result
    assert match.after({"void_reason": reason}) == by_result
    assert match.after({"void_reason": reason.upper(), "players": 5}) == by_result
    # An annulled deal is redealt: it does not count towards the session's length.
    assert not by_result.is_over
    assert by_result.dealer == (0 if redeal == "same" else 1)
    with pytest.raises(ScoreInputError, match="5-player match"):
        match.after(DealFacts.void(reason, players=3))


def test_t9_a_match_that_plays_petit_sec_refuses_a_void_petit_sec() -> None:
    match = TarotMatch.start(TarotOptions(petit_sec_annuls=False, single_deal=False))
    with pytest.raises(ScoreInputError, match=r"\(T-9\)"):
        match.after(DealFacts.void("petit_sec"))
    assert match.after(DealFacts.void("all_pass")).dealer == 1


@given(matches(), st.data())
def test_t38_facts_given_as_a_score_sheet_has_them_build_the_same_match(
    case: tuple[TarotOptions, list[DealResult]], data: st.DataObject
) -> None:
    options, results = case
    by_results = TarotMatch.start(options)
    by_sheet = TarotMatch.start(options)
    for result in results:
        by_results = by_results.after(result)
        if result.annulled is not None:
            sheet: Any = DealFacts.void(result.annulled)
        else:
            assert result.facts is not None
            document = {k: v for k, v in result.facts.to_dict().items() if k != "players"}
            if data.draw(st.booleans()):
                # The defence's pile, as some tables count it (T-28).
                document["defence_points"] = 91 - document.pop("points")
                document["defence_bouts"] = 3 - document.pop("bouts")
            sheet = document if data.draw(st.booleans()) else DealFacts(**document)
        by_sheet = by_sheet.after(sheet)
    assert by_sheet == by_results
    assert (by_sheet.dealer, by_sheet.totals) == (by_results.dealer, by_results.totals)
