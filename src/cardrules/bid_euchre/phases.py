"""The phases of a Bid Euchre hand (:class:`Phase`), in the order they can occur.

Public and below the engine: the engine, the state, the view and the bots all read
them from here.

>>> from cardrules.bid_euchre.phases import Phase
>>> [p.value for p in Phase][:3]
['discard', 'claim', 'auction']
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Final

__all__ = ["STAGES", "Phase", "stage_of"]


class Phase(enum.Enum):
    """The phases of a hand, in the order they can occur (see :mod:`cardrules.bid_euchre.state`).

    >>> Phase("name_suit")
    <Phase.NAME_SUIT: 'name_suit'>
    """

    DISCARD = "discard"
    CLAIM = "claim"
    AUCTION = "auction"
    TRUMP = "trump"
    EXCHANGE = "exchange"
    PLAY = "play"
    NAME_SUIT = "name_suit"
    END = "end"


STAGES: Final[Mapping[Phase, str]] = {
    Phase.DISCARD: "exchange",
    Phase.CLAIM: "deal",  # E-36: a claim throws the hand in before any bid
    Phase.AUCTION: "auction",
    Phase.TRUMP: "auction",  # naming trump completes the contract
    Phase.EXCHANGE: "exchange",
    Phase.PLAY: "play",
    Phase.NAME_SUIT: "play",  # E-37: naming the joker's suit is part of its lead
    Phase.END: "end",
}
"""Each phase's word in the shared vocabulary (:data:`cardrules.envelope.STAGES`), the
envelope's ``stage``; :func:`stage_of` gives the joker discard's.

>>> STAGES[Phase.TRUMP]
'auction'
"""


def stage_of(phase: Phase, trump_named: bool) -> str:
    """The envelope's ``stage`` of ``phase``: the joker discard (E-37) is ``"deal"``
    before the auction and ``"exchange"`` once trump is named.

    >>> stage_of(Phase.DISCARD, False), stage_of(Phase.DISCARD, True)
    ('deal', 'exchange')
    """
    if phase is Phase.DISCARD and not trump_named:
        return "deal"
    return STAGES[phase]
