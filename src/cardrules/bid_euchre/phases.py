"""The phases of a Bid Euchre hand (:class:`Phase`), in the order they can occur.

Public and below the engine: the engine, the state, the view and the bots all read
them from here.

>>> from cardrules.bid_euchre.phases import Phase
>>> [p.value for p in Phase][:3]
['discard', 'claim', 'auction']
"""

from __future__ import annotations

import enum

__all__ = ["Phase"]


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
