"""cardrules: a typed rules engine for trick-taking card games.

Deal, validate moves, resolve tricks and compute scores for French Tarot and Bid
Euchre, or for your own game built on the same core.

>>> import cardrules
>>> cardrules.Card.parse("QH")
Card.parse('QH')
"""

from __future__ import annotations

from importlib import import_module as _import_module
from importlib.machinery import EXTENSION_SUFFIXES as _EXTENSION_SUFFIXES
from pathlib import Path as _Path
from typing import TYPE_CHECKING as _TYPE_CHECKING
from typing import Any as _Any
from typing import Final as _Final

from cardrules._util import public_dir as _public_dir
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
    InconsistentViewError,
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
    PositionError,
    RecordError,
    ScoreInputError,
    SeatRequiredError,
    TrumpError,
    UnknownCardError,
    UnknownVariantError,
    WrongPhaseError,
)
from cardrules.game import Game
from cardrules.info import GameInfo
from cardrules.match import Match, Result
from cardrules.records import Record, dumps, final_state, loads, replay
from cardrules.registry import get_variant, get_variant_class, plugin_errors, variant_ids
from cardrules.simulation import Simulation, simulate
from cardrules.state import KitVariant, State, StateBase, Variant
from cardrules.tricks import Obligation, TrickRules, TrickTable
from cardrules.wire import json_schema

if _TYPE_CHECKING:
    from cardrules import bid_euchre as bid_euchre
    from cardrules import tarot as tarot

__version__ = "0.2.0"

#: Whether this is the compiled build: its engine rooms are C extensions built from the
#: same typed source (see the Speed page). Told from the files, without importing them,
#: because Python prefers an extension module to the ``.py`` file beside it.
compiled: _Final[bool] = any(
    (_Path(__file__).parent / "tarot" / f"_engine{suffix}").is_file()
    for suffix in _EXTENSION_SUFFIXES
)

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
    "GameInfo",
    "GameOverError",
    "IllegalActionError",
    "ImmutableError",
    "InconsistentViewError",
    "InvalidActionError",
    "InvalidArgumentError",
    "InvalidSeatError",
    "KitVariant",
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
    "PositionError",
    "Rank",
    "Record",
    "RecordError",
    "Result",
    "ScoreInputError",
    "SeatRequiredError",
    "Simulation",
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
    "compiled",
    "dumps",
    "final_state",
    "get_variant",
    "get_variant_class",
    "json_schema",
    "loads",
    "plugin_errors",
    "replay",
    "simulate",
    "variant_ids",
]

# The built-in games, imported on first use: ``import cardrules`` stays light, and
# ``cardrules.tarot`` works without ``import cardrules.tarot`` (PEP 562).
_GAMES: _Final = ("bid_euchre", "tarot")


def __getattr__(name: str) -> _Any:
    """``cardrules.tarot`` and ``cardrules.bid_euchre``, imported when first asked for.

    >>> import cardrules
    >>> cardrules.bid_euchre.BidEuchreVariant().id
    'bid-euchre'
    """
    if name in _GAMES:
        return _import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    """The public names, the built-in games among them, as :func:`dir` lists them.

    >>> import cardrules
    >>> "tarot" in dir(cardrules), "_Final" in dir(cardrules)
    (True, False)
    """
    return _public_dir([*__all__, *_GAMES])
