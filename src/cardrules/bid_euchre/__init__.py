"""Bid Euchre (spec E-1 … E-40): four players in two partnerships, a 24-card deck,
an auction for the right to name trump, and scoring to 32.

One hand is a :class:`BidEuchreState` made by :class:`BidEuchreVariant`; a match of
several hands to the target score is :class:`BidEuchreMatch`; a finished hand can be
scored on its own with :func:`score_hand`. The package exports the game's vocabulary;
the toolbox of each part (the auction's rules, card tests, the help exchange) is public
in its submodule: :mod:`cardrules.bid_euchre.bidding`, :mod:`cardrules.bid_euchre.cards`,
:mod:`cardrules.bid_euchre.play` …

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

from typing import TYPE_CHECKING, Final

from cardrules._util import public_dir
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
from cardrules.bid_euchre.bidding import Contract, ContractKind
from cardrules.bid_euchre.cards import (
    NO_TRUMP,
    NoTrump,
    Trump,
    bid_euchre_deck,
    effective_suit,
    left_bower,
    right_bower,
    trick_rules,
)
from cardrules.bid_euchre.match import BidEuchreMatch
from cardrules.bid_euchre.options import BidEuchreOptions
from cardrules.bid_euchre.phases import Phase
from cardrules.bid_euchre.play import Renege, Trick
from cardrules.bid_euchre.playout import random_playout
from cardrules.bid_euchre.scoring import HandFacts, HandResult, VoidReason, score_hand
from cardrules.bid_euchre.state import BidEuchreState
from cardrules.bid_euchre.variant import BidEuchreVariant
from cardrules.bid_euchre.view import BidEuchreView
from cardrules.deprecation import Deprecated, deprecated_names

if TYPE_CHECKING:
    # The names that left the package in 0.2, still importable from it for one release
    # (see __getattr__ below), with their types.
    from cardrules.bid_euchre._tables import TRUMP_CHOICES as TRUMP_CHOICES
    from cardrules.bid_euchre._tables import DeckTables as DeckTables
    from cardrules.bid_euchre._tables import PlayTables as PlayTables
    from cardrules.bid_euchre.bidding import Auction as Auction
    from cardrules.bid_euchre.bidding import AuctionRules as AuctionRules
    from cardrules.bid_euchre.bidding import CallValue as Call  # noqa: F401 - the old name
    from cardrules.bid_euchre.bidding import bidding_order as bidding_order
    from cardrules.bid_euchre.cards import is_ace_no_face as is_ace_no_face
    from cardrules.bid_euchre.cards import is_face_card as is_face_card
    from cardrules.bid_euchre.cards import is_trump as is_trump
    from cardrules.bid_euchre.cards import same_colour_suit as same_colour_suit
    from cardrules.bid_euchre.play import hand_result as hand_result
    from cardrules.bid_euchre.play import partner_gives as partner_gives
    from cardrules.errors import DealError as DealError
    from cardrules.errors import ScoreInputError as ScoreInputError

    JOKER_SUIT: str

__all__ = [
    "NO_TRUMP",
    "NUM_ACTIONS",
    "PASS",
    "Bid",
    "BidEuchreMatch",
    "BidEuchreOptions",
    "BidEuchreState",
    "BidEuchreVariant",
    "BidEuchreView",
    "ClaimAceNoFace",
    "Contract",
    "ContractKind",
    "Discard",
    "Give",
    "HandFacts",
    "HandResult",
    "NameSuit",
    "NameTrump",
    "NoTrump",
    "Phase",
    "Renege",
    "Trick",
    "Trump",
    "VoidReason",
    "action_from_id",
    "action_id",
    "bid_euchre_deck",
    "effective_suit",
    "left_bower",
    "parse_action",
    "random_playout",
    "right_bower",
    "score_hand",
    "trick_rules",
]

# Each name that left the package: the module it is imported from now, and its name
# there.
_MOVED: Final = {
    "Auction": ("cardrules.bid_euchre.bidding", "Auction"),
    "AuctionRules": ("cardrules.bid_euchre.bidding", "AuctionRules"),
    "Call": ("cardrules.bid_euchre.bidding", "CallValue"),
    "bidding_order": ("cardrules.bid_euchre.bidding", "bidding_order"),
    "is_ace_no_face": ("cardrules.bid_euchre.cards", "is_ace_no_face"),
    "is_face_card": ("cardrules.bid_euchre.cards", "is_face_card"),
    "is_trump": ("cardrules.bid_euchre.cards", "is_trump"),
    "same_colour_suit": ("cardrules.bid_euchre.cards", "same_colour_suit"),
    "hand_result": ("cardrules.bid_euchre.play", "hand_result"),
    "partner_gives": ("cardrules.bid_euchre.play", "partner_gives"),
    "DealError": ("cardrules", "DealError"),
    "ScoreInputError": ("cardrules", "ScoreInputError"),
}
# The engine's tables and labels, no longer public: what to use instead.
_INTERNAL: Final = {
    "DeckTables": (
        "the engine's tables are private; the deck is BidEuchreVariant(...).deck and the"
        " trick table of a trump variant.trick_table(trump)"
    ),
    "PlayTables": "the engine's tables are private",
    "TRUMP_CHOICES": (
        "the trump choices of a variant are its legal NameTrump actions; every choice is"
        " (*Suit, NO_TRUMP)"
    ),
    "JOKER_SUIT": (
        "the joker's suit label under no-trump is trick_rules(NO_TRUMP, joker=True).trump"
    ),
}

if not TYPE_CHECKING:
    # The deprecated names of 0.1, for one release.
    __getattr__ = deprecated_names(
        __name__,
        {
            **{
                name: Deprecated(
                    f"{module}:{new}",
                    f"cardrules.bid_euchre.{name} is deprecated and will be removed in 0.3;"
                    f" import {new if new == name else f'{new}, its new name,'} from {module}",
                )
                for name, (module, new) in _MOVED.items()
            },
            **{
                name: Deprecated(
                    "cardrules.bid_euchre._tables:" + name,
                    f"cardrules.bid_euchre.{name} is deprecated and will be removed in 0.3:"
                    f" {advice}",
                )
                for name, advice in _INTERNAL.items()
                if name != "JOKER_SUIT"
            },
            "JOKER_SUIT": Deprecated(
                lambda: trick_rules(NO_TRUMP, joker=True).trump,
                "cardrules.bid_euchre.JOKER_SUIT is deprecated and will be removed in 0.3:"
                f" {_INTERNAL['JOKER_SUIT']}",
            ),
        },
    )


def __dir__() -> list[str]:
    """The package's public names and submodules, as :func:`dir` lists them."""
    return public_dir(__all__, __path__)
