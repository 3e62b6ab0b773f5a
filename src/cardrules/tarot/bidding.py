"""French Tarot contracts and the auction (T-10 … T-13).

>>> from cardrules.tarot import Contract
>>> Contract.GARDE > Contract.PRISE, Contract.GARDE_SANS.code
(True, 'garde-sans')
"""

from __future__ import annotations

import enum

from cardrules.cards import _quote
from cardrules.errors import NotationError

__all__ = ["Contract"]


class Contract(enum.IntEnum):
    """The four contracts, lowest to highest (T-11). Values order them."""

    PRISE = 1
    GARDE = 2
    GARDE_SANS = 3
    GARDE_CONTRE = 4

    @property
    def code(self) -> str:
        """The notation word: ``prise``, ``garde``, ``garde-sans``, ``garde-contre``."""
        return self.name.lower().replace("_", "-")

    def __str__(self) -> str:
        return self.code

    @property
    def option_key(self) -> str:
        """The key of this contract in ``TarotOptions.multipliers``."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Parse a contract word (ASCII case ignored; ``_`` and ``-`` both accepted).

        >>> Contract.parse("Garde_Contre")
        <Contract.GARDE_CONTRE: 4>
        """
        if type(text) is str and len(text) <= 20 and text.isascii():
            key = text.lower().replace("_", "-")
            for c in cls:
                if c.code == key or (c is cls.PRISE and key == "petite"):
                    return c
        raise NotationError(f"not a Tarot contract: {_quote(text)}")
