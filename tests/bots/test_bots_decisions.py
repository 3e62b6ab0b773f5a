"""The heuristics' rules of thumb, one situation at a time.

Each test builds the view a seat would see (a real view with some fields changed) and
the legal actions the engine would offer, and checks the bot's choice.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from cardrules import EXCUSE, Action, Card, Pass, Play, Suit
from cardrules.bid_euchre import Bid as EuchreBid
from cardrules.bid_euchre import (
    BidEuchreVariant,
    BidEuchreView,
    ClaimAceNoFace,
    Give,
    NameTrump,
)
from cardrules.bid_euchre import Contract as EuchreContract
from cardrules.bid_euchre import Phase as EuchrePhase
from cardrules.bots import BidEuchreBot, TarotBot
from cardrules.tarot import (
    AnnounceChelem,
    Bid,
    Call,
    Contract,
    DeclarePoignee,
    Discard,
    Phase,
    PoigneeLevel,
    TarotVariant,
    TarotView,
)

RNG = random.Random(0)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in text.split())


def plays(text: str) -> tuple[Action, ...]:
    return tuple(Play(c) for c in cards(text))


def trick(text: str) -> tuple[tuple[int, Card], ...]:
    """``"1:7H 2:3H"``: seat 1 played 7H, then seat 2 played 3H."""
    out = []
    for item in text.split():
        seat, code = item.split(":")
        out.append((int(seat), Card.parse(code)))
    return tuple(out)


def tarot_view(**changes: Any) -> TarotView:
    """Seat 0's view, seat 0 to act (a bot chooses for the seat to act)."""
    base = TarotVariant().new_game(seed=0).view(0)
    return attrs.evolve(base, **{"to_play": 0, **changes})


def tarot_play_view(**changes: Any) -> TarotView:
    """Seat 0 during the play of a 4-player Garde taken by ``taker`` (default seat 3)."""
    defaults: dict[str, Any] = {
        "phase": Phase.PLAY,
        "contract": Contract.GARDE,
        "taker": 3,
        "public_cards": frozenset(),
    }
    defaults.update(changes)
    return tarot_view(**defaults)


BIDS = (Pass(), *(Bid(c) for c in Contract))

WEAK = "2S 3S 4S 5S 2H 3H 4H 5H 6H 2D 3D 4D 2C 3C 2T 3T 4T 5T"
STRONG = "21T 20T 19T 18T 17T 16T 12T 9T 5T 1T EX KH QH KS 2S 3S 2D 3D"


# -- Tarot: before the play ---------------------------------------------------------------


def test_tarot_weak_hand_passes() -> None:
    view = tarot_view(hand=cards(WEAK))
    assert TarotBot().choose(view, BIDS, RNG) == Pass()


def test_tarot_strong_hand_bids_a_garde_or_more() -> None:
    view = tarot_view(hand=cards(STRONG))
    action = TarotBot().choose(view, BIDS, RNG)
    assert type(action) is Bid
    assert action.contract >= Contract.GARDE


def test_tarot_never_bids_above_what_the_hand_is_worth() -> None:
    # Only the Garde contre is still open: the strong-but-not-huge hand passes.
    view = tarot_view(hand=cards(STRONG))
    legal = (Pass(), Bid(Contract.GARDE_CONTRE))
    assert TarotBot().choose(view, legal, RNG) == Pass()


def test_tarot_calls_a_king_it_lacks_in_its_longest_suit() -> None:
    hand = "KH KS 2D 3D 4D 5D QD 2C 21T 20T 19T 15T 1T EX 3S"
    view = tarot_view(phase=Phase.CALL, hand=cards(hand), players=5, taker=0)
    legal = tuple(Call(c) for c in cards("KS KH KD KC"))
    assert TarotBot().choose(view, legal, RNG) == Call(Card.parse("KD"))


def test_tarot_ecart_empties_a_short_suit() -> None:
    # 24 cards: six to discard. Diamonds (2 cards, no king) can be emptied.
    hand = "2D 7D KH QH 2H 3H 4H 5H KS 2S 3S 4S 5S 6S 2C 3C 4C 5C 21T 20T 10T 5T 1T EX"
    view = tarot_view(phase=Phase.ECART, hand=cards(hand), taker=0)
    legal = tuple(Discard(c) for c in cards(hand) if c.kind.value == "suit" and c.rank != 14)
    first = TarotBot().choose(view, legal, RNG)
    assert first in (Discard(Card.parse("2D")), Discard(Card.parse("7D")))


def test_tarot_ecart_discards_the_lowest_trump_when_forced() -> None:
    hand = "KH KS KD KC 21T 20T 19T 18T 17T 16T 15T 14T 13T 12T 11T 10T 9T 8T 7T 6T 5T 4T 1T EX"
    view = tarot_view(phase=Phase.ECART, hand=cards(hand), taker=0)
    legal = tuple(Discard(c) for c in cards("20T 19T 18T 17T 16T 15T 14T 13T 12T 11T 10T 4T"))
    assert TarotBot().choose(view, legal, RNG) == Discard(Card.parse("4T"))


def test_tarot_announces_a_slam_only_with_an_overwhelming_hand() -> None:
    legal = (AnnounceChelem(), Pass())
    huge = "21T 20T 19T 18T 17T 16T 15T 14T 13T 12T 11T 10T 9T 1T EX KH KS KD"
    view = tarot_view(phase=Phase.ANNOUNCE, hand=cards(huge), taker=0)
    assert TarotBot().choose(view, legal, RNG) == AnnounceChelem()
    view = tarot_view(phase=Phase.ANNOUNCE, hand=cards(STRONG), taker=0)
    assert TarotBot().choose(view, legal, RNG) == Pass()


def test_tarot_declares_the_highest_poignee_offered() -> None:
    view = tarot_play_view(hand=cards(STRONG))
    legal = (
        *plays("2S 3S"),
        DeclarePoignee(PoigneeLevel.SIMPLE),
        DeclarePoignee(PoigneeLevel.DOUBLE),
    )
    assert TarotBot().choose(view, legal, RNG) == DeclarePoignee(PoigneeLevel.DOUBLE)


# -- Tarot: the play ---------------------------------------------------------------------------


def test_tarot_plays_the_excuse_before_the_last_trick() -> None:
    view = tarot_play_view(hand=cards("EX 2H"))
    assert TarotBot().choose(view, plays("EX 2H"), RNG) == Play(EXCUSE)


def test_tarot_plays_the_excuse_rather_than_lose_a_king() -> None:
    # Seat 0 must follow hearts with its king, which cannot beat the taker's trump.
    view = tarot_play_view(hand=cards("KH EX 2S 3S"), taker=3, trick=trick("2:QH 3:5T"))
    assert TarotBot().choose(view, plays("KH EX"), RNG) == Play(EXCUSE)


def test_tarot_saves_the_petit_on_a_trick_its_camp_holds() -> None:
    # Seat 0 defends; seat 2 (defence) holds the trick with the 21 and seat 1 (defence)
    # plays last: the Petit is safe.
    view = tarot_play_view(hand=cards("1T 5T 10T 2H"), taker=3, trick=trick("2:21T 3:3T"))
    assert TarotBot().choose(view, plays("1T 5T 10T"), RNG) == Play(Card.parse("1T"))


def test_tarot_keeps_the_petit_when_the_trick_is_lost() -> None:
    view = tarot_play_view(hand=cards("1T 5T 2S"), taker=3, trick=trick("3:10T"))
    assert TarotBot().choose(view, plays("1T 5T"), RNG) == Play(Card.parse("5T"))


def test_tarot_wins_with_the_cheapest_winning_card_when_last() -> None:
    view = tarot_play_view(hand=cards("8H KH 2H"), taker=1, trick=trick("1:7H 2:3H 3:5H"))
    assert TarotBot().choose(view, plays("8H KH 2H"), RNG) == Play(Card.parse("8H"))


def test_tarot_follows_low_when_it_cannot_win() -> None:
    view = tarot_play_view(hand=cards("QH 2H 5S"), taker=3, trick=trick("3:KH"))
    assert TarotBot().choose(view, plays("QH 2H"), RNG) == Play(Card.parse("2H"))


def test_tarot_gives_points_to_a_partner_who_holds_the_trick() -> None:
    # Seat 0 plays last; its fellow defender seat 2 holds the trick with the king.
    view = tarot_play_view(hand=cards("QH 2H 5S"), taker=1, trick=trick("1:3H 2:KH 3:4H"))
    assert TarotBot().choose(view, plays("QH 2H"), RNG) == Play(Card.parse("QH"))


def test_tarot_bot_uses_no_randomness() -> None:
    view = tarot_play_view(hand=cards("QH 2H 5S"), taker=3, trick=trick("3:KH"))
    choices = {TarotBot().choose(view, plays("QH 2H"), random.Random(s)) for s in range(20)}
    assert len(choices) == 1


# -- Bid Euchre ---------------------------------------------------------------------------------


def euchre_view(**changes: Any) -> BidEuchreView:
    """Seat 1's view, seat 1 to act (a bot chooses for the seat to act)."""
    base = BidEuchreVariant().new_game(seed=0).view(1)
    return attrs.evolve(base, **{"to_play": 1, **changes})


EUCHRE_BIDS = (
    Pass(),
    *(EuchreBid(EuchreContract(n)) for n in (3, 4, 5)),
    EuchreBid(EuchreContract.help(6)),
    EuchreBid(EuchreContract.moon(6)),
)


def test_euchre_weak_hand_passes() -> None:
    view = euchre_view(hand=cards("9S 10S 9H 10D 9C 10C"))
    assert BidEuchreBot().choose(view, EUCHRE_BIDS, RNG) == Pass()


def test_euchre_medium_hand_makes_an_ordinary_bid() -> None:
    view = euchre_view(hand=cards("JH AH 10H AS 9C 9D"))
    action = BidEuchreBot().choose(view, EUCHRE_BIDS, RNG)
    assert type(action) is EuchreBid
    assert not action.contract.is_lone


def test_euchre_overwhelming_hand_shoots_the_moon() -> None:
    view = euchre_view(hand=cards("JH JD AH KH QH AS"))
    assert BidEuchreBot().choose(view, EUCHRE_BIDS, RNG) == EuchreBid(EuchreContract.moon(6))


def test_euchre_very_strong_hand_asks_for_help() -> None:
    view = euchre_view(hand=cards("JH JD AH 10H AS 9C"))
    assert BidEuchreBot().choose(view, EUCHRE_BIDS, RNG) == EuchreBid(EuchreContract.help(6))


def test_euchre_stuck_dealer_makes_the_lowest_bid() -> None:
    view = euchre_view(hand=cards("9S 10S 9H 10D 9C 10C"))
    assert BidEuchreBot().choose(view, EUCHRE_BIDS[1:], RNG) == EUCHRE_BIDS[1]


def test_euchre_names_the_best_suit() -> None:
    view = euchre_view(phase=EuchrePhase.TRUMP, hand=cards("JD JH AD 9D KS 9C"))
    legal = tuple(NameTrump(s) for s in Suit)
    assert BidEuchreBot().choose(view, legal, RNG) == NameTrump(Suit.DIAMONDS)


def test_euchre_declarer_gives_its_worst_card() -> None:
    hand = cards("JH JD AH 10H AS 9C")
    view = euchre_view(phase=EuchrePhase.EXCHANGE, hand=hand, declarer=1, trump=Suit.HEARTS)
    legal = tuple(Give(c) for c in hand)
    assert BidEuchreBot().choose(view, legal, RNG) == Give(Card.parse("9C"))


def test_euchre_partner_gives_its_best_trump() -> None:
    hand = cards("AH 9H AS KS 9C JD")
    view = euchre_view(phase=EuchrePhase.EXCHANGE, hand=hand, declarer=3, trump=Suit.HEARTS)
    legal = tuple(Give(c) for c in hand)
    assert BidEuchreBot().choose(view, legal, RNG) == Give(Card.parse("JD"))


@pytest.mark.parametrize(
    ("hand", "claims"),
    [("AS 10S 9H 10D 9C 10C", True), ("AH 10H 9H AS AD AC", False)],
)
def test_euchre_claims_ace_no_face_only_with_a_hand_too_weak_to_bid(
    hand: str, claims: bool
) -> None:
    view = euchre_view(phase=EuchrePhase.CLAIM, hand=cards(hand))
    expected = ClaimAceNoFace() if claims else Pass()
    assert BidEuchreBot().choose(view, (Pass(), ClaimAceNoFace()), RNG) == expected


def euchre_play_view(**changes: Any) -> BidEuchreView:
    defaults: dict[str, Any] = {
        "phase": EuchrePhase.PLAY,
        "contract": EuchreContract(4),
        "declarer": 1,
        "trump": Suit.HEARTS,
        "calls": (),
        "tricks": (),
        "trick": (),
    }
    defaults.update(changes)
    return euchre_view(**defaults)


def test_euchre_declarer_leads_its_master_trump() -> None:
    view = euchre_play_view(hand=cards("JH AH 9S AS 9C 10D"))
    legal = plays("JH AH 9S AS 9C 10D")
    assert BidEuchreBot().choose(view, legal, RNG) == Play(Card.parse("JH"))


def test_euchre_plays_low_when_the_partner_holds_the_trick() -> None:
    # Seat 1's partner, seat 3, led the master ace of spades; seat 2 is still to play.
    view = euchre_play_view(hand=cards("KS 9S 9C"), trick=trick("3:AS 0:10S"))
    assert BidEuchreBot().choose(view, plays("KS 9S"), RNG) == Play(Card.parse("9S"))


def test_euchre_wins_with_the_cheapest_winning_card() -> None:
    view = euchre_play_view(hand=cards("KS AS 9C"), trick=trick("2:10S 3:9S 0:QS"))
    assert BidEuchreBot().choose(view, plays("KS AS"), RNG) == Play(Card.parse("KS"))


def test_euchre_follows_suit_even_where_reneging_is_only_penalised() -> None:
    # renege_mode="penalize" lists every card as legal (E-23); the bot still follows.
    view = euchre_play_view(hand=cards("9H AS KC"), trick=trick("2:10H"))
    assert BidEuchreBot().choose(view, plays("9H AS KC"), RNG) == Play(Card.parse("9H"))
