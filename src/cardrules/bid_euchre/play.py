"""Trick play in Bid Euchre (E-14, E-18 … E-23): reneges, tricks and the help exchange.

The engine plays cards with the compiled tables of each trump choice; this module holds
the values it records (:class:`Renege`, :class:`Trick`) and the rules it shares with the
score-only API.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from cardrules.bid_euchre.bidding import Contract
from cardrules.bid_euchre.options import BidEuchreOptions
from cardrules.bid_euchre.scoring import HandFacts, HandResult, score_hand
from cardrules.cards import Card, Suit

if TYPE_CHECKING:
    from cardrules.bid_euchre._tables import PlayTables

__all__ = ["Renege", "Trick", "hand_result", "partner_gives"]


@attrs.frozen
class Renege:
    """A renege recorded under ``renege_mode="penalize"`` (E-23).

    Attributes:
        seat: The seat that failed to follow suit.
        trick: The trick's number, 1 for the first trick of the hand.
        card: The card played.
        led: The effective suit led (the suit named when the joker was led in no-trump).

    >>> from cardrules import Card, Suit
    >>> Renege(1, 1, Card.parse("9H"), Suit.DIAMONDS).seat
    1
    """

    seat: int
    trick: int
    card: Card
    led: Suit


@attrs.frozen
class Trick:
    """A finished trick (E-20).

    Attributes:
        leader: The seat that led.
        plays: ``(seat, card)`` in play order (three cards with a partner sitting out).
        winner: The seat that won the trick and leads the next (E-20).
    """

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int


def hand_result(
    options: BidEuchreOptions,
    contract: Contract,
    declarer: int,
    tricks: tuple[int, int],
    reneges: tuple[Renege, ...],
) -> HandResult:
    """Score a played hand through :func:`~cardrules.bid_euchre.score_hand` (E-24 … E-31).

    Args:
        options: The rules in force.
        contract: The winning bid.
        declarer: The declarer's seat.
        tricks: Tricks won by NS and by EW.
        reneges: The reneges recorded in the hand (E-23).
    """
    facts = HandFacts(
        contract=contract,
        declarer=declarer,
        tricks=tricks,
        reneges=tuple(r.seat for r in reneges) if reneges else (),
    )
    return score_hand(facts, options)


def partner_gives(p: PlayTables, hands: int, partner: int, given: int, *, forced: bool) -> int:
    """The positions the partner may give back in the help exchange (E-14).

    Only cards the partner was dealt (``given`` are the ones received); under
    ``help_card_rule="highest_trump"`` (``forced``) the best trump by E-16 if the partner
    has one, the left bower and the joker included (E-17).

    Args:
        p: The tables of the hand's trump.
        hands: The packed hands.
        partner: The partner's seat.
        given: The positions the declarer gave.
        forced: ``help_card_rule == "highest_trump"``.
    """
    avail = (hands >> p.shift[partner] & p.full) & ~given
    if forced:
        for same in p.trumps_by_strength:
            if avail & same:
                return avail & same
    return avail
