"""Bid Euchre cards: the decks, the bowers, effective suits and the trick rules.

The card behaviour is declared once per trump choice as a
:class:`~cardrules.tricks.TrickRules` (E-16, E-17, E-37, E-38), which the engine compiles
to a :class:`~cardrules.tricks.TrickTable` once per deck.

With a trump suit, the jack of trump (the *right bower*) and the jack of the other suit
of the same colour (the *left bower*) are the two highest trumps, and the left bower
belongs to the trump suit for every purpose (E-17). The joker, when used, is the
highest trump; under no-trump it is the only trump, a suit of its own (E-37).

>>> from cardrules import Card, Suit
>>> from cardrules.bid_euchre import effective_suit, left_bower, right_bower
>>> right_bower(Suit.HEARTS), left_bower(Suit.HEARTS)
(Card.parse('JH'), Card.parse('JD'))
>>> effective_suit(Card.parse("JD"), Suit.HEARTS)
<Suit.HEARTS: 'H'>
>>> effective_suit(Card.parse("JD"), NO_TRUMP)
<Suit.DIAMONDS: 'D'>
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final, TypeAlias

from cardrules import decks
from cardrules._util import quote
from cardrules.cards import JOKER, Card, CardKind, Rank, Suit
from cardrules.deprecation import Deprecated, deprecated_names
from cardrules.errors import InvalidArgumentError, UnknownCardError
from cardrules.tricks import TrickRules

__all__ = [
    "NO_TRUMP",
    "NoTrump",
    "Trump",
    "bid_euchre_deck",
    "effective_suit",
    "is_ace_no_face",
    "is_face_card",
    "is_trump",
    "left_bower",
    "right_bower",
    "same_colour_suit",
    "trick_rules",
]


class NoTrump(enum.Enum):
    """The declarer's choice of no trump suit (``allow_no_trump``, E-13).

    >>> from cardrules.bid_euchre import BidEuchreVariant
    >>> state = BidEuchreVariant(allow_no_trump=True).new_game(seed=5)
    >>> state = state.apply("bid 4").apply("pass").apply("pass").apply("pass")
    >>> state = state.apply("trump no-trump")
    >>> state.trump is NO_TRUMP, is_trump(Card.parse("JD"), NO_TRUMP)  # no bowers either
    (True, False)
    """

    NO_TRUMP = "no-trump"


NO_TRUMP: Final = NoTrump.NO_TRUMP
"""No-trump (E-13): no trump suit, no bowers; with the joker, the joker is the only trump."""

Trump: TypeAlias = Suit | NoTrump
"""A trump choice: one of the four suits, or :data:`NO_TRUMP`."""

# The label of the joker's own suit under no-trump (E-37) in trick_rules().
_JOKER_SUIT: Final = "joker"

# E-16: plain suits rank A K Q J 10 9; the trump suit Joker, right, left, A K Q 10 9.
_PLAIN_STRENGTH: Final = {
    Rank.NINE: 1,
    Rank.TEN: 2,
    Rank.JACK: 3,
    Rank.QUEEN: 4,
    Rank.KING: 5,
    Rank.ACE: 6,
}
_TRUMP_STRENGTH: Final = {Rank.NINE: 1, Rank.TEN: 2, Rank.QUEEN: 4, Rank.KING: 5, Rank.ACE: 6}
_LEFT_BOWER_STRENGTH: Final = 7
_RIGHT_BOWER_STRENGTH: Final = 8
_JOKER_STRENGTH: Final = 9

_SAME_COLOUR: Final = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}


def same_colour_suit(suit: Suit) -> Suit:
    """The other suit of the same colour (clubs for spades, diamonds for hearts).

    >>> same_colour_suit(Suit.SPADES)
    <Suit.CLUBS: 'C'>
    """
    return _SAME_COLOUR[suit]


def right_bower(trump: Suit) -> Card:
    """The jack of the trump suit, the highest trump without the joker (E-16).

    >>> right_bower(Suit.CLUBS)
    Card.parse('JC')
    """
    return Card(trump, Rank.JACK)


def left_bower(trump: Suit) -> Card:
    """The jack of the other suit of the trump's colour, the second-highest trump (E-16).

    >>> left_bower(Suit.SPADES)
    Card.parse('JC')
    """
    return Card(_SAME_COLOUR[trump], Rank.JACK)


def effective_suit(card: Card, trump: Trump) -> Suit | None:
    """The suit ``card`` belongs to for every purpose of the hand (E-17, E-37).

    The left bower belongs to the trump suit, and so does the joker. Under no-trump
    every card keeps its printed suit, and the joker is a suit of its own: ``None``.

    Args:
        card: A card of a Bid Euchre deck.
        trump: The trump suit or :data:`NO_TRUMP`.

    Returns:
        The effective suit, or ``None`` for the joker under no-trump.

    Raises:
        UnknownCardError: ``card`` is not in any Bid Euchre deck (a ``ValueError``).

    >>> effective_suit(JOKER, Suit.SPADES)
    <Suit.SPADES: 'S'>
    >>> effective_suit(JOKER, NO_TRUMP) is None
    True
    """
    if card is JOKER:
        return trump if isinstance(trump, Suit) else None
    if type(card) is not Card or card.kind is not CardKind.SUIT or card.rank not in _PLAIN_STRENGTH:
        raise UnknownCardError(f"{quote(card)} is not a Bid Euchre card", action=card)
    if isinstance(trump, Suit) and card.rank == Rank.JACK and card.suit is _SAME_COLOUR[trump]:
        return trump
    return card.suit


def is_trump(card: Card, trump: Trump) -> bool:
    """True if ``card`` is a trump: the trump suit, the left bower, the joker (E-17, E-37).

    >>> is_trump(Card.parse("JD"), Suit.HEARTS), is_trump(Card.parse("JD"), NO_TRUMP)
    (True, False)
    """
    if card is JOKER:
        return True
    return isinstance(trump, Suit) and effective_suit(card, trump) is trump


def _strength(card: Card, trump: Trump) -> int:
    if card is JOKER:
        return _JOKER_STRENGTH
    rank = Rank(card.rank)
    if isinstance(trump, Suit):
        if rank == Rank.JACK and card.suit is trump:
            return _RIGHT_BOWER_STRENGTH
        if rank == Rank.JACK and card.suit is _SAME_COLOUR[trump]:
            return _LEFT_BOWER_STRENGTH
        if card.suit is trump:
            return _TRUMP_STRENGTH[rank]
    return _PLAIN_STRENGTH[rank]


def bid_euchre_deck(*, joker: bool = False, double_deck: bool = False) -> tuple[Card, ...]:
    """The deck of the options: 24 cards, 25 with the joker, 48 with the double deck.

    The order is fixed (suits spades, hearts, diamonds, clubs; ranks 9 to ace; the
    joker last; the double deck's second copy after the first): it numbers the
    positions of the compiled tables.

    Raises:
        ValueError: ``joker`` and ``double_deck`` together (E-38).

    >>> len(bid_euchre_deck()), len(bid_euchre_deck(joker=True))
    (24, 25)
    >>> len(bid_euchre_deck(double_deck=True))
    48
    """
    if joker and double_deck:
        raise InvalidArgumentError("the joker cannot be combined with the double deck (E-38)")
    if double_deck:
        return decks.double_euchre_deck()
    return decks.euchre_deck_with_joker() if joker else decks.euchre_deck()


def trick_rules(trump: Trump, *, joker: bool = False, double_deck: bool = False) -> TrickRules:
    """The declaration of how the deck behaves in a trick under ``trump``.

    Effective suits follow E-17 (the left bower and the joker are trumps; under
    no-trump the joker is a suit of its own and the only trump), strengths follow E-16
    and E-37, and there is no obligation to trump or overtrump (E-19). In the double
    deck identical cards have equal strength, so the first one played wins (E-38).

    Args:
        trump: A suit, or :data:`NO_TRUMP`.
        joker: Include the joker (E-37).
        double_deck: Two copies of every card (E-38).

    Returns:
        The :class:`~cardrules.tricks.TrickRules`; compile it with ``.compile()``.

    >>> table = trick_rules(Suit.SPADES).compile()
    >>> table.winner([Card.parse(c) for c in ("AS", "JC", "KS", "JS")])
    3
    """
    deck = bid_euchre_deck(joker=joker, double_deck=double_deck)
    suit_of: dict[Card, object] = {}
    for card in deck:
        suit = effective_suit(card, trump)
        suit_of[card] = _JOKER_SUIT if suit is None else suit
    strength = {card: _strength(card, trump) for card in deck}
    if isinstance(trump, Suit):
        trump_label: object = trump
    else:
        # E-37: under no-trump the joker is the only trump, in a suit of its own.
        trump_label = _JOKER_SUIT if joker else None
    return TrickRules(cards=deck, suit_of=suit_of, strength=strength, trump=trump_label)


def is_face_card(card: Card) -> bool:
    """True for a jack, queen or king; aces, 10s, 9s and the joker are not (E-36).

    >>> is_face_card(Card.parse("JH")), is_face_card(Card.parse("AH")), is_face_card(JOKER)
    (True, False, False)
    """
    return card.kind is CardKind.SUIT and card.rank in (Rank.JACK, Rank.QUEEN, Rank.KING)


def is_ace_no_face(hand: Iterable[Card]) -> bool:
    """True for a hand that may claim Ace No Face: an ace and no face card (E-36).

    Every jack counts as a face card (trump is not known yet); the joker does not.

    >>> is_ace_no_face(Card.parse(c) for c in ("AS", "10H", "9D", "9C", "AD", "10C"))
    True
    >>> is_ace_no_face(Card.parse(c) for c in ("AS", "10H", "9D", "9C", "AD", "JC"))
    False
    """
    cards = list(hand)
    return any(c.rank == Rank.ACE and c.kind is CardKind.SUIT for c in cards) and not any(
        is_face_card(c) for c in cards
    )


if TYPE_CHECKING:
    # Deprecated names, still importable for one release (see __getattr__ below).

    JOKER_SUIT: str
    TRUMP_CHOICES: tuple[Trump, ...]
else:
    # The deprecated names of 0.1, for one release.
    __getattr__ = deprecated_names(
        __name__,
        {
            "JOKER_SUIT": Deprecated(
                lambda: _JOKER_SUIT,
                "cardrules.bid_euchre.cards.JOKER_SUIT is deprecated and will be removed in"
                " 0.3: the joker's suit label under no-trump is trick_rules(NO_TRUMP,"
                " joker=True).trump",
            ),
            **{
                name: Deprecated(
                    f"cardrules.bid_euchre._tables:{name}",
                    f"cardrules.bid_euchre.cards.{name} is deprecated and will be removed in"
                    " 0.3: the engine's tables are private",
                )
                for name in ("DeckTables", "TRUMP_CHOICES")
            },
        },
    )
