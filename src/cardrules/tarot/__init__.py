"""French Tarot for 3, 4 and 5 players: the rules engine and the score keeper.

The engine plays a whole deal (:class:`TarotVariant`, :class:`TarotState`); the score
keeper (:func:`score_deal`, :class:`TarotMatch`) scores deals described by their facts.
Both share one scoring code path.

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

from cardrules.errors import DealError, ScoreInputError
from cardrules.tarot.actions import (
    CALLABLE_RANKS,
    NUM_ACTIONS,
    AnnounceChelem,
    Bid,
    Call,
    DeclarePoignee,
    Discard,
    action_from_id,
    action_id,
    parse_action,
    poignee_level_of,
)
from cardrules.tarot.bidding import (
    Contract,
    auction_taker,
    bidding_order,
    check_bid,
    higher_contracts,
)
from cardrules.tarot.cards import (
    BOUTS,
    PETIT,
    TAROT_DECK,
    TAROT_TABLE,
    TAROT_TRICK_RULES,
    TRUMP_LABEL,
    TWENTY_ONE,
    bout_count,
    card_points,
    is_bout,
    points_of,
)
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
    target_points,
)
from cardrules.tarot.state import Phase, Poignee, TarotState
from cardrules.tarot.variant import TarotVariant, deal_deck, fixed_chien_positions
from cardrules.tarot.view import TarotView

__all__ = [
    "BOUTS",
    "CALLABLE_RANKS",
    "NUM_ACTIONS",
    "PETIT",
    "TAROT_DECK",
    "TAROT_TABLE",
    "TAROT_TRICK_RULES",
    "TRUMP_LABEL",
    "TWENTY_ONE",
    "AnnounceChelem",
    "AnnulReason",
    "Bid",
    "Call",
    "Camp",
    "Contract",
    "DealError",
    "DealFacts",
    "DealResult",
    "DeclarePoignee",
    "Discard",
    "Phase",
    "Poignee",
    "PoigneeLevel",
    "Score",
    "ScoreInputError",
    "TarotMatch",
    "TarotOptions",
    "TarotState",
    "TarotVariant",
    "TarotView",
    "TrickOutcome",
    "action_from_id",
    "action_id",
    "auction_taker",
    "bidding_order",
    "bout_count",
    "card_points",
    "check_bid",
    "deal_deck",
    "fixed_chien_positions",
    "higher_contracts",
    "is_bout",
    "legal_cards",
    "parse_action",
    "poignee_level_of",
    "points_of",
    "random_playout",
    "resolve_trick",
    "score_deal",
    "target_points",
    "trick_winner",
]
