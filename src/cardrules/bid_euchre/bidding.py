"""Bid Euchre contracts and the auction (E-6 … E-12).

A contract is a number of tricks and a kind: an ordinary bid (3, 4, 5; with
``allow_plain_six`` also the plain all-tricks bid 6P), six asking for help (6H) or
shooting the moon (6M). With the double deck the all-tricks level is 12.

>>> from cardrules.bid_euchre import Contract, ContractKind
>>> Contract(4) < Contract(6, ContractKind.HELP) < Contract.moon(6)
True
>>> str(Contract(6, ContractKind.HELP)), str(Contract.moon(12)), str(Contract(5))
('6H', '12M', '5')
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from cardrules.cards import _quote
from cardrules.errors import NotationError

__all__ = ["Contract", "ContractKind"]


class ContractKind(enum.IntEnum):
    """Ordinary bids (with the partner playing), help bids and moons, in rank order."""

    ORDINARY = 0
    HELP = 1
    MOON = 2


@attrs.frozen(order=False)
class Contract:
    """A bid: ``tricks`` (the level) and ``kind``. Ordered as the auction ranks them.

    Attributes:
        tricks: Tricks contracted for (3, 4, 5 … or all of them for 6P, 6H, 6M).
        kind: :class:`ContractKind`.
    """

    tricks: int
    kind: ContractKind = ContractKind.ORDINARY

    @classmethod
    def help(cls, tricks: int) -> Contract:
        """The help bid for a hand of ``tricks`` tricks (6H, or 12H with the double deck)."""
        return cls(tricks, ContractKind.HELP)

    @classmethod
    def moon(cls, tricks: int) -> Contract:
        """The moon for a hand of ``tricks`` tricks (6M, or 12M with the double deck)."""
        return cls(tricks, ContractKind.MOON)

    @property
    def is_lone(self) -> bool:
        """True for 6H and 6M: the declarer's partner sits out (E-21)."""
        return self.kind is not ContractKind.ORDINARY

    def _rank(self) -> tuple[int, int]:
        return (self.tricks, int(self.kind))

    def __lt__(self, other: Any) -> bool:
        if not isinstance(other, Contract):
            return NotImplemented
        return self._rank() < other._rank()

    def __le__(self, other: Any) -> bool:
        if not isinstance(other, Contract):
            return NotImplemented
        return self._rank() <= other._rank()

    def __gt__(self, other: Any) -> bool:
        if not isinstance(other, Contract):
            return NotImplemented
        return self._rank() > other._rank()

    def __ge__(self, other: Any) -> bool:
        if not isinstance(other, Contract):
            return NotImplemented
        return self._rank() >= other._rank()

    def __str__(self) -> str:
        suffix = {ContractKind.ORDINARY: "", ContractKind.HELP: "H", ContractKind.MOON: "M"}
        return f"{self.tricks}{suffix[self.kind]}"

    @classmethod
    def parse(cls, text: str, *, tricks_per_hand: int = 6) -> Contract:
        """Parse ``4``, ``6h``, ``6m``, ``help``, ``moon`` (ASCII case ignored).

        ``help`` and ``moon`` mean the all-tricks level ``tricks_per_hand``.

        >>> Contract.parse("moon"), Contract.parse("6H")
        (Contract(tricks=6, kind=<ContractKind.MOON: 2>), Contract(tricks=6, kind=<ContractKind.HELP: 1>))
        """
        if type(text) is str and 0 < len(text) <= 8 and text.isascii():
            key = text.lower()
            if key == "moon":
                return cls.moon(tricks_per_hand)
            if key == "help":
                return cls.help(tricks_per_hand)
            kind = {"h": ContractKind.HELP, "m": ContractKind.MOON, "p": ContractKind.ORDINARY}
            digits, last = key, ""
            if key[-1] in kind:
                digits, last = key[:-1], key[-1]
            if digits in _LEVELS:
                return cls(_LEVELS[digits], kind[last] if last else ContractKind.ORDINARY)
        raise NotationError(f"not a Bid Euchre bid: {_quote(text)}")


# Fixed table: int() would accept '٣', ' 3 ' and '1_2'.
_LEVELS = {str(n): n for n in range(1, 13)}
