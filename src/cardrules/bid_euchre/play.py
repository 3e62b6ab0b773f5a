"""Trick play in Bid Euchre (E-18 … E-23): reneges and tricks.

The engine plays cards with the compiled tables of each trump choice; this module holds
the values it records (:class:`Renege`, :class:`Trick`) and the scoring of a played
hand it shares with the score-only API (:func:`hand_result`).
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING

import attrs

from cardrules.bid_euchre.bidding import Contract
from cardrules.bid_euchre.options import BidEuchreOptions
from cardrules.bid_euchre.scoring import HandFacts, HandResult, score_hand
from cardrules.cards import Card, Suit
from cardrules.deprecation import Deprecated, deprecated_names

if TYPE_CHECKING:
    from cardrules.bid_euchre._tables import PlayTables

__all__ = ["Renege", "Trick", "hand_result", "partner_gives"]


if not TYPE_CHECKING:
    # The deprecated names of 0.1, for one release.
    __getattr__ = deprecated_names(
        __name__,
        {
            "PlayTables": Deprecated(
                "cardrules.bid_euchre._tables:PlayTables",
                "cardrules.bid_euchre.play.PlayTables is deprecated and will be removed in"
                " 0.3: the engine's tables are private",
            )
        },
    )


@attrs.frozen(repr=False)
class Renege:
    """A renege recorded under ``renege_mode="penalize"`` (E-23).

    Attributes:
        seat: The seat that failed to follow suit.
        trick: The trick's number, 1 for the first trick of the hand.
        card: The card played.
        led: The effective suit led (the suit named when the joker was led in no-trump).

    >>> from cardrules import Card, Suit
    >>> Renege(1, 1, Card.parse("9H"), Suit.DIAMONDS)
    Renege(seat=1, trick=1, card=Card.parse('9H'), led=Suit.DIAMONDS)
    """

    seat: int
    trick: int
    card: Card
    led: Suit

    def __repr__(self) -> str:
        # Eval-able, with the names of cardrules and cardrules.bid_euchre.
        given: object = self.led  # fields are not checked: the repr must not raise
        led = f"Suit.{given.name}" if isinstance(given, Suit) else repr(given)
        return f"Renege(seat={self.seat!r}, trick={self.trick!r}, card={self.card!r}, led={led})"


@attrs.frozen(repr=False)
class Trick:
    """A finished trick (E-20).

    Attributes:
        leader: The seat that led.
        plays: ``(seat, card)`` in play order (three cards with a partner sitting out).
        winner: The seat that won the trick and leads the next (E-20).
        named_suit: The suit the leader named for the joker led under no-trump, which
            the others had to follow (E-37, public by E-40); else ``None``.

    >>> from cardrules import JOKER, Card, Suit
    >>> trick = Trick(2, ((2, JOKER), (3, Card.parse("KS")), (1, Card.parse("9H"))), 2,
    ...               named_suit=Suit.HEARTS)
    >>> trick.named_suit.name, trick.winner
    ('HEARTS', 2)
    """

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int
    named_suit: Suit | None = attrs.field(default=None, kw_only=True)

    def __repr__(self) -> str:
        # Eval-able, with the names of cardrules and cardrules.bid_euchre.
        text = f"Trick(leader={self.leader!r}, plays={self.plays!r}, winner={self.winner!r}"
        given: object = self.named_suit  # fields are not checked: the repr must not raise
        if given is None:
            return text + ")"
        named = f"Suit.{given.name}" if isinstance(given, Suit) else repr(given)
        return f"{text}, named_suit={named})"


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
    """Deprecated (removed in 0.3): the positions the partner may give back in the help
    exchange (E-14), on the engine's private tables. A state's ``legal_actions()`` in the
    exchange are the gives this allows.
    """
    warnings.warn(
        "cardrules.bid_euchre.play.partner_gives is deprecated and will be removed in 0.3:"
        " it works on the engine's private tables; the partner's legal gives are the"
        " state's legal_actions() in the help exchange",
        DeprecationWarning,
        stacklevel=2,
    )
    return p.partner_gives(hands, partner, given, forced=forced)
