"""French Tarot for 3, 4 and 5 players: the rules engine and the score keeper.

The engine plays a whole deal (:class:`TarotVariant`, :class:`TarotState`); the score
keeper (:func:`score_deal`, :class:`TarotMatch`) scores deals described by their facts.
Both share one scoring code path. The package exports the game's vocabulary; the
toolbox of each part (the auction's rules, card counting, dealing) is public in its
submodule: :mod:`cardrules.tarot.bidding`, :mod:`cardrules.tarot.cards`,
:mod:`cardrules.tarot.variant` …

>>> import random
>>> from cardrules.tarot import TarotVariant
>>> variant = TarotVariant()
>>> state = variant.new_game(seed=42)
>>> rng = random.Random(0)
>>> while not state.is_terminal:
...     state = state.apply(rng.choice(state.legal_actions()))
>>> sum(state.result().scores)
0
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardrules._util import public_dir
from cardrules.deprecation import Deprecated, deprecated_names
from cardrules.tarot.actions import (
    NUM_ACTIONS,
    AnnounceChelem,
    Bid,
    Call,
    DeclarePoignee,
    Discard,
    action_from_id,
    action_id,
    parse_action,
)
from cardrules.tarot.bidding import Contract
from cardrules.tarot.cards import BOUTS, PETIT, TAROT_DECK, TWENTY_ONE, card_half_points
from cardrules.tarot.match import TarotMatch
from cardrules.tarot.options import TarotOptions
from cardrules.tarot.play import TrickOutcome, legal_cards, resolve_trick, trick_winner
from cardrules.tarot.playout import random_playout
from cardrules.tarot.scoring import (
    AnnulReason,
    Camp,
    DealFacts,
    DealResult,
    PoigneeLevel,
    Score,
    score_deal,
)
from cardrules.tarot.state import Phase, Poignee, TarotState
from cardrules.tarot.variant import TarotVariant
from cardrules.tarot.view import TarotView

if TYPE_CHECKING:
    # The names that left the package in 0.2, still importable from it for one release
    # (see __getattr__ below), with their types.
    from cardrules.errors import DealError as DealError
    from cardrules.errors import ScoreInputError as ScoreInputError
    from cardrules.tarot.actions import CALLABLE_RANKS as CALLABLE_RANKS
    from cardrules.tarot.actions import poignee_level_of as poignee_level_of
    from cardrules.tarot.bidding import auction_taker as auction_taker
    from cardrules.tarot.bidding import bidding_order as bidding_order
    from cardrules.tarot.bidding import check_bid as check_bid
    from cardrules.tarot.bidding import higher_contracts as higher_contracts
    from cardrules.tarot.cards import TAROT_TABLE as TAROT_TABLE
    from cardrules.tarot.cards import TAROT_TRICK_RULES as TAROT_TRICK_RULES
    from cardrules.tarot.cards import TRUMP_LABEL as TRUMP_LABEL
    from cardrules.tarot.cards import bout_count as bout_count
    from cardrules.tarot.cards import card_points as card_points
    from cardrules.tarot.cards import is_bout as is_bout
    from cardrules.tarot.cards import points_of as points_of
    from cardrules.tarot.scoring import target_points as target_points
    from cardrules.tarot.variant import deal_deck as deal_deck
    from cardrules.tarot.variant import fixed_chien_positions as fixed_chien_positions

__all__ = [
    "BOUTS",
    "NUM_ACTIONS",
    "PETIT",
    "TAROT_DECK",
    "TWENTY_ONE",
    "AnnounceChelem",
    "AnnulReason",
    "Bid",
    "Call",
    "Camp",
    "Contract",
    "DealFacts",
    "DealResult",
    "DeclarePoignee",
    "Discard",
    "Phase",
    "Poignee",
    "PoigneeLevel",
    "Score",
    "TarotMatch",
    "TarotOptions",
    "TarotState",
    "TarotVariant",
    "TarotView",
    "TrickOutcome",
    "action_from_id",
    "action_id",
    "card_half_points",
    "legal_cards",
    "parse_action",
    "random_playout",
    "resolve_trick",
    "score_deal",
    "trick_winner",
]

# Each name that left the package: the module it is imported from now, and its name
# there.
_MOVED: Final = {
    "CALLABLE_RANKS": ("cardrules.tarot.actions", "CALLABLE_RANKS"),
    "poignee_level_of": ("cardrules.tarot.actions", "poignee_level_of"),
    "auction_taker": ("cardrules.tarot.bidding", "auction_taker"),
    "bidding_order": ("cardrules.tarot.bidding", "bidding_order"),
    "check_bid": ("cardrules.tarot.bidding", "check_bid"),
    "higher_contracts": ("cardrules.tarot.bidding", "higher_contracts"),
    "TAROT_TRICK_RULES": ("cardrules.tarot.cards", "TAROT_TRICK_RULES"),
    "bout_count": ("cardrules.tarot.cards", "bout_count"),
    "is_bout": ("cardrules.tarot.cards", "is_bout"),
    "card_points": ("cardrules.tarot.cards", "card_half_points"),
    "points_of": ("cardrules.tarot.cards", "half_points_of"),
    "target_points": ("cardrules.tarot.scoring", "target_points"),
    "deal_deck": ("cardrules.tarot.variant", "deal_deck"),
    "fixed_chien_positions": ("cardrules.tarot.variant", "fixed_chien_positions"),
    "DealError": ("cardrules", "DealError"),
    "ScoreInputError": ("cardrules", "ScoreInputError"),
}
# The engine's tables, no longer public: what to use instead.
_INTERNAL: Final = {
    "TAROT_TABLE": (
        "it is the engine's; use legal_cards and trick_winner, or compile the rules' "
        "declaration: cardrules.tarot.cards.TAROT_TRICK_RULES.compile()"
    ),
    "TRUMP_LABEL": "the trumps' label is cardrules.tarot.cards.TAROT_TRICK_RULES.trump",
}


if not TYPE_CHECKING:
    # The deprecated names of 0.1, for one release.
    __getattr__ = deprecated_names(
        __name__,
        {
            **{
                name: Deprecated(
                    f"{module}:{new}",
                    f"cardrules.tarot.{name} is deprecated and will be removed in 0.3; import"
                    f" {new if new == name else f'{new}, its new name,'} from {module}",
                )
                for name, (module, new) in _MOVED.items()
            },
            **{
                name: Deprecated(
                    "cardrules.tarot.cards:" + name,
                    f"cardrules.tarot.{name} is deprecated and will be removed in 0.3: {advice}",
                )
                for name, advice in _INTERNAL.items()
            },
        },
    )


def __dir__() -> list[str]:
    """The package's public names and submodules, as :func:`dir` lists them."""
    return public_dir(__all__, __path__)
