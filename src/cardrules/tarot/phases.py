"""The phases of a French Tarot deal: :class:`Phase`.

A deal goes through them in order, some only under some contracts or options::

    BIDDING -> [CALL, 5 players] -> [ECART, Prise/Garde] -> [ANNOUNCE] -> PLAY -> END

and reaches ``END`` early when it is annulled (Petit sec, T-9; every player passing,
T-12). Also importable as ``cardrules.tarot.Phase``.

>>> from cardrules.tarot.phases import Phase
>>> [p.value for p in Phase]
['bidding', 'call', 'ecart', 'announce', 'play', 'end']
"""

from __future__ import annotations

import enum

__all__ = ["Phase"]


class Phase(enum.Enum):
    """The phases of a deal, in order.

    >>> from cardrules.tarot import TarotVariant
    >>> TarotVariant().new_game(seed=1).phase
    <Phase.BIDDING: 'bidding'>
    """

    BIDDING = "bidding"
    CALL = "call"
    ECART = "ecart"
    ANNOUNCE = "announce"
    PLAY = "play"
    END = "end"
