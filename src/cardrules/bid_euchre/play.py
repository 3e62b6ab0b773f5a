"""Trick play in Bid Euchre (E-18 … E-23): legal cards, trick winners, reneges and tricks.

What a player may play (E-19) and who takes a trick (E-20) are decided by the trick
table of the hand's trump (``variant.trick_table(trump)``, compiled from the variant's
declaration ``variant.trick_rules(trump)``), which the engine reads too:
:func:`~cardrules.bid_euchre.play.legal_cards` and
:func:`~cardrules.bid_euchre.play.trick_winner` answer from it, with the suit named for a
joker led under no-trump (E-37). This module also holds the values the engine records
(:class:`Renege`, :class:`Trick`) and the scoring of a played hand it shares with the
score-only API (:func:`hand_result`).

>>> from cardrules import Card, Suit
>>> from cardrules.bid_euchre import BidEuchreVariant
>>> table = BidEuchreVariant().trick_table(Suit.HEARTS)
>>> cards = lambda text: [Card.parse(c) for c in text.split()]
>>> [str(c) for c in legal_cards(table, cards("JD 9H AS"), cards("AH"))]
['9H', 'JD']
>>> trick_winner(table, cards("AH JD KH 9S"))
1
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from cardrules._util import quote
from cardrules.bid_euchre.bidding import Contract
from cardrules.bid_euchre.options import BidEuchreOptions
from cardrules.bid_euchre.scoring import HandFacts, HandResult, score_hand
from cardrules.cards import Card, Suit
from cardrules.deprecation import Deprecated, deprecated_names
from cardrules.errors import InvalidArgumentError
from cardrules.tricks import TrickTable

if TYPE_CHECKING:
    from cardrules.bid_euchre._tables import PlayTables

__all__ = ["Renege", "Trick", "hand_result", "legal_cards", "partner_gives", "trick_winner"]


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


def _led(table: TrickTable, named_suit: Suit | None) -> int | None:
    """The suit number led when the leader of the joker named ``named_suit`` (E-37)."""
    if named_suit is None:
        return None
    if named_suit not in table.suit_labels:
        raise InvalidArgumentError(f"not a suit of this trick table: {quote(named_suit)}")
    return table.suit_labels.index(named_suit)


def legal_cards(
    table: TrickTable,
    hand: Iterable[Card],
    trick: Sequence[Card],
    *,
    named_suit: Suit | None = None,
) -> tuple[Card, ...]:
    """The cards of ``hand`` that follow suit to ``trick`` (E-17, E-19), in deck order:
    the cards of the effective suit led if ``hand`` holds any, else every card.

    What the engine lets a player play under ``renege_mode="reject"`` (and what
    breaks no rule under ``"penalize"``, E-23), decided by ``table``'s kernel.

    Args:
        table: The trick table of the hand's trump: ``variant.trick_table(trump)``.
        hand: The player's cards.
        trick: The cards played to the trick so far, in order (empty to lead).
        named_suit: The suit the leader named for the joker led under no-trump
            (E-37), the suit to follow.

    Raises:
        UnknownCardError: a card the table's deck does not have (or more copies).
        InvalidArgumentError: ``named_suit`` is not a suit of the table.

    >>> from cardrules.bid_euchre import BidEuchreVariant
    >>> table = BidEuchreVariant().trick_table(Suit.HEARTS)
    >>> hand = [Card.parse(code) for code in ("JD", "AD", "KS")]
    >>> legal_cards(table, hand, [Card.parse("9H")])  # the left bower is a heart
    (Card.parse('JD'),)
    >>> legal_cards(table, hand, [Card.parse("10D")])
    (Card.parse('AD'),)
    """
    return table.legal_cards(hand, trick, _led(table, named_suit))


def trick_winner(
    table: TrickTable, trick: Sequence[Card], *, named_suit: Suit | None = None
) -> int:
    """The index within ``trick`` of the card that takes it (E-16, E-20, E-38): the
    best trump, else the best card of the effective suit led; of two identical cards
    (the double deck), the first played. Decided by ``table``'s kernel.

    Args:
        table: The trick table of the hand's trump: ``variant.trick_table(trump)``.
        trick: The cards played, in order.
        named_suit: The suit named for the joker led under no-trump (E-37).

    Raises:
        UnknownCardError: a card the table's deck does not have (or more copies).
        InvalidArgumentError: ``named_suit`` is not a suit of the table.

    >>> from cardrules.bid_euchre import BidEuchreVariant
    >>> table = BidEuchreVariant().trick_table(Suit.HEARTS)
    >>> trick_winner(table, [Card.parse(code) for code in ("AH", "9S", "JD", "KH")])
    2
    """
    return table.winner(trick, _led(table, named_suit))


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

    >>> result = hand_result(BidEuchreOptions(), Contract(4), 1, (1, 5), ())
    >>> result.made, result.delta, result.summary
    (True, (1, 5), '4 by E for EW: made with 5 of 6 tricks')
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

    Instead, ask the state in the exchange:

    >>> from cardrules.bid_euchre import BidEuchreVariant
    >>> state = BidEuchreVariant().new_game(seed=5)
    >>> for action in ("bid 6H", "pass", "pass", "pass", "trump hearts", "give 9H"):
    ...     state = state.apply(action)
    >>> state.to_play, [str(action) for action in state.legal_actions()]  # the best trump
    (3, ['give JH'])
    """
    warnings.warn(
        "cardrules.bid_euchre.play.partner_gives is deprecated and will be removed in 0.3:"
        " it works on the engine's private tables; the partner's legal gives are the"
        " state's legal_actions() in the help exchange",
        DeprecationWarning,
        stacklevel=2,
    )
    return p.partner_gives(hands, partner, given, forced=forced)
