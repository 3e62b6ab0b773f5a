"""Bid Euchre (spec E-1 … E-40): four players in two partnerships, a 24-card deck,
an auction for the right to name trump, and scoring to 32.

One hand is a :class:`BidEuchreState` made by :class:`BidEuchreVariant`; a match of
several hands to the target score is :class:`BidEuchreMatch`; a finished hand can be
scored on its own with :func:`score_hand`.

>>> import random
>>> from cardrules.bid_euchre import BidEuchreVariant
>>> variant = BidEuchreVariant()
>>> state = variant.new_game(seed=11)
>>> rng = random.Random(3)
>>> while not state.is_terminal:
...     state = state.apply(rng.choice(state.legal_actions()))
>>> sum(state.result().facts.tricks) in (0, 6)
True
"""

from __future__ import annotations

from cardrules.bid_euchre._tables import DeckTables, PlayTables
from cardrules.bid_euchre.actions import (
    NUM_ACTIONS,
    PASS,
    Bid,
    ClaimAceNoFace,
    Discard,
    Give,
    NameSuit,
    NameTrump,
    action_from_id,
    action_id,
    parse_action,
)
from cardrules.bid_euchre.bidding import (
    Auction,
    AuctionRules,
    Call,
    Contract,
    ContractKind,
    bidding_order,
)
from cardrules.bid_euchre.cards import (
    JOKER_SUIT,
    NO_TRUMP,
    TRUMP_CHOICES,
    NoTrump,
    Trump,
    bid_euchre_deck,
    effective_suit,
    is_ace_no_face,
    is_face_card,
    is_trump,
    left_bower,
    right_bower,
    same_colour_suit,
    trick_rules,
)
from cardrules.bid_euchre.match import BidEuchreMatch
from cardrules.bid_euchre.options import BidEuchreOptions
from cardrules.bid_euchre.play import Renege, Trick, hand_result, partner_gives
from cardrules.bid_euchre.playout import random_playout
from cardrules.bid_euchre.scoring import (
    HandFacts,
    HandResult,
    VoidReason,
    score_hand,
)
from cardrules.bid_euchre.state import BidEuchreState, Phase
from cardrules.bid_euchre.variant import BidEuchreVariant
from cardrules.bid_euchre.view import BidEuchreView
from cardrules.errors import DealError, ScoreInputError

__all__ = [
    "JOKER_SUIT",
    "NO_TRUMP",
    "NUM_ACTIONS",
    "PASS",
    "TRUMP_CHOICES",
    "Auction",
    "AuctionRules",
    "Bid",
    "BidEuchreMatch",
    "BidEuchreOptions",
    "BidEuchreState",
    "BidEuchreVariant",
    "BidEuchreView",
    "Call",
    "ClaimAceNoFace",
    "Contract",
    "ContractKind",
    "DealError",
    "DeckTables",
    "Discard",
    "Give",
    "HandFacts",
    "HandResult",
    "NameSuit",
    "NameTrump",
    "NoTrump",
    "Phase",
    "PlayTables",
    "Renege",
    "ScoreInputError",
    "Trick",
    "Trump",
    "VoidReason",
    "action_from_id",
    "action_id",
    "bid_euchre_deck",
    "bidding_order",
    "effective_suit",
    "hand_result",
    "is_ace_no_face",
    "is_face_card",
    "is_trump",
    "left_bower",
    "parse_action",
    "partner_gives",
    "random_playout",
    "right_bower",
    "same_colour_suit",
    "score_hand",
    "trick_rules",
]
