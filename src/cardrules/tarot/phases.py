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
from collections.abc import Mapping
from typing import Final

__all__ = ["STAGES", "Phase"]


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


STAGES: Final[Mapping[Phase, str]] = {
    Phase.BIDDING: "auction",
    Phase.CALL: "auction",  # T-42: the call completes the contract
    Phase.ECART: "exchange",
    Phase.ANNOUNCE: "play",  # the slam is announced as the play starts
    Phase.PLAY: "play",
    Phase.END: "end",
}
"""Each phase's word in the shared vocabulary (:data:`cardrules.envelope.STAGES`), the
envelope's ``stage``.

>>> STAGES[Phase.ECART]
'exchange'
"""
