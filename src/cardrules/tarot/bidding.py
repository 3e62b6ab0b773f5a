"""French Tarot contracts and the auction (T-10 … T-13).

One round of bidding (T-10): from ``next(dealer)`` round to the dealer, each seat speaks
once, passing or naming a contract strictly higher than the highest so far. The highest
bidder is the taker (T-13); if everyone passes the deal is annulled (T-12).

>>> from cardrules.tarot.bidding import Contract, auction_taker, bidding_order, higher_contracts
>>> Contract.GARDE > Contract.PRISE, Contract.GARDE_SANS.code
(True, 'garde-sans')
>>> bidding_order(dealer=3, players=4)
(0, 1, 2, 3)
>>> [c.code for c in higher_contracts(Contract.GARDE)]
['garde-sans', 'garde-contre']
>>> auction_taker([(0, None), (1, Contract.PRISE), (2, Contract.GARDE), (3, None)])
(2, <Contract.GARDE: 2>)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from cardrules._util import quote
from cardrules.errors import BidError, NotationError

__all__ = ["Contract", "auction_taker", "bidding_order", "check_bid", "higher_contracts"]


class Contract(enum.IntEnum):
    """The four contracts, lowest to highest (T-11). Values order them.

    >>> Contract.GARDE > Contract.PRISE, str(Contract.GARDE_SANS), Contract.GARDE.option_key
    (True, 'garde-sans', 'garde')
    """

    PRISE = 1
    GARDE = 2
    GARDE_SANS = 3
    GARDE_CONTRE = 4

    @property
    def code(self) -> str:
        """The notation word, one of ``prise``, ``garde``, ``garde-sans``, ``garde-contre``."""
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
        raise NotationError(f"not a Tarot contract: {quote(text)}")


_ALL_CONTRACTS = tuple(Contract)


def bidding_order(*, dealer: int, players: int) -> tuple[int, ...]:
    """The seats in speaking order: ``next(dealer)`` first, the dealer last (T-1, T-10).

    Args:
        dealer: The dealer's seat.
        players: The number of seats (3, 4 or 5).

    Returns:
        Every seat once, in the order they speak.

    >>> bidding_order(dealer=0, players=5)
    (1, 2, 3, 4, 0)
    """
    return tuple((dealer + k) % players for k in range(1, players + 1))


def higher_contracts(highest: Contract | None) -> tuple[Contract, ...]:
    """The contracts a seat may still bid: those strictly above ``highest`` (T-10).

    Args:
        highest: The highest contract bid so far, ``None`` if everyone so far passed.

    Returns:
        The allowed contracts, lowest first (empty after a Garde contre).

    >>> higher_contracts(None)[0], higher_contracts(Contract.GARDE_CONTRE)
    (<Contract.PRISE: 1>, ())
    """
    if highest is None:
        return _ALL_CONTRACTS
    return _ALL_CONTRACTS[highest:]


def check_bid(contract: Contract, highest: Contract | None, *, seat: int | None = None) -> None:
    """Raise :class:`~cardrules.BidError` unless ``contract`` may be bid over ``highest``.

    Args:
        contract: The contract bid.
        highest: The highest contract bid so far, or ``None``.
        seat: The bidding seat, for the error.

    Raises:
        BidError: ``contract`` is not strictly higher than ``highest`` (T-10).

    >>> check_bid(Contract.GARDE, Contract.GARDE)
    Traceback (most recent call last):
    ...
    cardrules.errors.BidError: garde is not higher than the garde already bid: ... (T-10)
    """
    if highest is not None and contract <= highest:
        if highest is Contract.GARDE_CONTRE:
            message = "after a garde-contre only pass is possible"
        else:
            message = f"{contract} is not higher than the {highest} already bid: bid higher or pass"
        raise BidError(message, seat=seat, rule_id="T-10")


def auction_taker(bids: Iterable[tuple[int, Contract | None]]) -> tuple[int, Contract] | None:
    """The taker and contract of a finished auction, or ``None`` if all passed (T-12, T-13).

    Args:
        bids: ``(seat, contract)`` in speaking order, ``None`` for a pass.

    Returns:
        ``(taker, contract)`` of the highest bid, or ``None`` when every seat passed.

    >>> auction_taker([(1, None), (2, None), (0, None)]) is None
    True
    """
    best: tuple[int, Contract] | None = None
    for seat, contract in bids:
        if contract is not None and (best is None or contract > best[1]):
            best = (seat, contract)
    return best
