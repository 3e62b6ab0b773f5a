"""Player names in the texts for people: ``explain(names=...)`` of the results and the
matches of both games and of any variant's series, checked like any argument."""

from __future__ import annotations

from typing import Any

import pytest

import cardrules
from cardrules import InvalidArgumentError
from cardrules.bid_euchre import BidEuchreMatch, HandFacts, score_hand
from cardrules.bid_euchre.bidding import Contract as EuchreContract
from cardrules.match import Series
from cardrules.tarot import DealFacts, DealResult, TarotMatch, score_deal

FOUR = ("Ann", "Bob", "Cy", "Di")
BAD_NAMES: list[Any] = [
    ("Ann", "Bob", "Cy"),  # one short
    ("Ann", "Bob", "Cy", "Di", "Ed"),  # one too many
    ("Ann", "Ann", "Cy", "Di"),  # twice the same
    ("Ann", "", "Cy", "Di"),
    ("Ann", " ", "Cy", "Di"),
    ("Ann", 2, "Cy", "Di"),
    ("Ann", "B" * 61, "Cy", "Di"),
    "AnnBobCyDi",
    {"Ann": 0},
    7,
]


def test_a_tarot_deal_result_names_its_players() -> None:
    facts = DealFacts(players=5, contract="garde", taker=0, partner=3, points=45, bouts=2)
    result = score_deal(facts)
    text = result.explain(names=(*FOUR, "Ed"))
    assert text.splitlines()[0] == "Garde (x2), 5 players: taker Ann, partner Di"
    assert text.splitlines()[-1] == "Scores: Ann: +116, Bob: -58, Cy: -58, Di: +58, Ed: -58"
    assert "seat" not in text
    # Without names, the text is as it was.
    assert result.explain() == result.explain(names=None)
    assert "taker seat 0, partner seat 3" in result.explain()
    annulled = DealResult.annulled_deal(players=4, reason="all_pass")
    assert annulled.explain(names=FOUR) == annulled.explain()


def test_a_bid_euchre_hand_result_names_its_players_and_teams() -> None:
    result = score_hand(HandFacts(contract=EuchreContract.moon(6), declarer=1, tricks=(1, 5)))
    assert result.explain(names=FOUR).splitlines() == [
        "6M by Bob for EW: set with 5 of 6 tricks",
        "NS (Ann and Cy) +1",
        "  defended against 6M with 1 trick: +1",
        "EW (Bob and Di) -6",
        "  moon 6M set with 5 tricks: -6",
    ]
    assert result.explain().splitlines()[0] == "6M by E for EW: set with 5 of 6 tricks"


def test_the_matches_name_their_players() -> None:
    tarot = TarotMatch.start().after(
        DealFacts(players=4, contract="garde", taker=1, points=45, bouts=2)
    )
    assert tarot.explain(names=FOUR).splitlines()[1:] == [
        "1. Ann deals; Garde by Bob: made by 4; -58, +174, -58, -58 -> -58, 174, -58, -58",
        "Bob wins with 174",
    ]
    euchre = BidEuchreMatch.start(totals=(30, 29)).after(
        HandFacts(contract=EuchreContract(3), declarer=0, tricks=(3, 3))
    )
    lines = euchre.explain(names=FOUR).splitlines()
    assert lines[1] == "teams: NS (Ann and Cy), EW (Bob and Di)"
    assert lines[3].startswith("1. Ann deals; 3 by Ann for NS: made with 3 of 6 tricks;")
    series = Series(cardrules.get_variant("tarot"))
    totals = "totals Ann 0, Bob 0, Cy 0, Di 0"
    assert series.explain(names=FOUR) == f"French Tarot series, 0 deals: {totals}"


@pytest.mark.parametrize("names", BAD_NAMES)
def test_bad_names_are_refused_by_every_explain(names: Any) -> None:
    facts = DealFacts(players=4, contract="garde", taker=1, points=45, bouts=2)
    texts = [
        score_deal(facts).explain,
        score_hand(HandFacts.void("all_pass")).explain,
        TarotMatch.start().after(facts).explain,
        BidEuchreMatch.start().explain,
        Series(cardrules.get_variant("tarot")).explain,
    ]
    for explain in texts:
        with pytest.raises(InvalidArgumentError, match="names are 4 distinct non-empty strs"):
            explain(names=names)
