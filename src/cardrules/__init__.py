"""cardrules: a typed rules engine for trick-taking card games.

Deal, validate moves, resolve tricks and compute scores for French Tarot and Bid
Euchre, or for your own game built on the same core.

>>> import cardrules
>>> cardrules.Card.parse("QH")
Card.parse('QH')
"""

from __future__ import annotations

from cardrules.actions import Action, Pass, Play
from cardrules.cards import EXCUSE, JOKER, Card, CardKind, Colour, Rank, Suit
from cardrules.errors import (
    BidError,
    CardNotInHandError,
    CardrulesError,
    DealError,
    DeclarationError,
    DiscardError,
    ExchangeError,
    GameOverError,
    IllegalActionError,
    ImmutableError,
    InvalidActionError,
    InvalidArgumentError,
    InvalidSeatError,
    LeadRestrictionError,
    MustFollowSuitError,
    MustOvertrumpError,
    MustTrumpError,
    NotationError,
    NotYourTurnError,
    OptionsError,
    PluginError,
    RecordError,
    ScoreInputError,
    TrumpError,
    UnknownCardError,
    UnknownVariantError,
    WrongPhaseError,
)
from cardrules.game import Game
from cardrules.match import Match, Result
from cardrules.records import Record, dumps, final_state, loads, replay
from cardrules.registry import get_variant, get_variant_class, plugin_errors, variant_ids
from cardrules.state import State, StateBase, Variant
from cardrules.tricks import Obligation, TrickRules, TrickTable

__version__ = "0.1.0"

__all__ = [
    "EXCUSE",
    "JOKER",
    "Action",
    "BidError",
    "Card",
    "CardKind",
    "CardNotInHandError",
    "CardrulesError",
    "Colour",
    "DealError",
    "DeclarationError",
    "DiscardError",
    "ExchangeError",
    "Game",
    "GameOverError",
    "IllegalActionError",
    "ImmutableError",
    "InvalidActionError",
    "InvalidArgumentError",
    "InvalidSeatError",
    "LeadRestrictionError",
    "Match",
    "MustFollowSuitError",
    "MustOvertrumpError",
    "MustTrumpError",
    "NotYourTurnError",
    "NotationError",
    "Obligation",
    "OptionsError",
    "Pass",
    "Play",
    "PluginError",
    "Rank",
    "Record",
    "RecordError",
    "Result",
    "ScoreInputError",
    "State",
    "StateBase",
    "Suit",
    "TrickRules",
    "TrickTable",
    "TrumpError",
    "UnknownCardError",
    "UnknownVariantError",
    "Variant",
    "WrongPhaseError",
    "__version__",
    "dumps",
    "final_state",
    "get_variant",
    "get_variant_class",
    "loads",
    "plugin_errors",
    "replay",
    "variant_ids",
]
