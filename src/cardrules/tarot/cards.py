"""The French Tarot deck, card points, bouts and trick behaviour (T-2 … T-5, T-22 … T-24).

Cards inside Tarot states are *positions* in bitmasks. The Tarot deck is laid out in the
core's card order, so a card's position is its :attr:`~cardrules.Card.index`: the 56
suit cards (spades, hearts, diamonds, clubs, ace to king, knights included), then the
trumps ``1T`` … ``21T`` at positions 56 … 76, then the Excuse at 77.

>>> from cardrules import Card, EXCUSE
>>> from cardrules.tarot import TAROT_DECK, card_points, is_bout
>>> len(TAROT_DECK), sum(card_points(c) for c in TAROT_DECK)
(78, 182)
>>> card_points(Card.parse("KH")), card_points(Card.parse("7T")), is_bout(EXCUSE)
(9, 1, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from cardrules._util import quote
from cardrules.cards import EXCUSE, Card, CardKind, Rank
from cardrules.decks import tarot_deck
from cardrules.errors import UnknownCardError
from cardrules.tricks import TrickRules, TrickTable

__all__ = [
    "BOUTS",
    "PETIT",
    "TAROT_DECK",
    "TAROT_TABLE",
    "TAROT_TRICK_RULES",
    "TRUMP_LABEL",
    "TWENTY_ONE",
    "bout_count",
    "card_points",
    "is_bout",
    "points_of",
]

TAROT_DECK: Final[tuple[Card, ...]] = tarot_deck()
"""The 78 Tarot cards (T-2), in position order: position ``i`` holds the card of index ``i``."""

PETIT: Final = Card.trump(1)
"""Trump 1, the Petit: a bout (T-5)."""

TWENTY_ONE: Final = Card.trump(21)
"""Trump 21: a bout (T-5)."""

BOUTS: Final = frozenset({PETIT, TWENTY_ONE, EXCUSE})
"""The three bouts: the Petit, the 21 and the Excuse (T-5)."""

TRUMP_LABEL: Final = "trump"
"""The effective-suit label of the trumps in :data:`TAROT_TRICK_RULES`."""

# T-4: card points in half points (bouts and kings 4.5, queens 3.5, knights 2.5,
# jacks 1.5, every other card 0.5).
_HALF_POINTS_BY_RANK: Final = {Rank.KING: 9, Rank.QUEEN: 7, Rank.KNIGHT: 5, Rank.JACK: 3}


def _half_points(card: Card) -> int:
    if card in BOUTS:
        return 9
    if card.kind is CardKind.SUIT:
        return _HALF_POINTS_BY_RANK.get(Rank(card.rank), 1)
    return 1


_POINTS: Final[tuple[int, ...]] = tuple(_half_points(c) for c in TAROT_DECK)


def card_points(card: Card) -> int:
    """The card's value in **half points** (T-4): 9 for a bout or a king, 1 for a low card.

    Args:
        card: A card of the Tarot deck.

    Returns:
        The value in half points; the 78 cards total 182 (91 points).

    Raises:
        UnknownCardError: ``card`` is not a Tarot card (the joker); a ``ValueError``.

    >>> from cardrules import Card
    >>> [card_points(Card.parse(c)) for c in ("KS", "QS", "NS", "JS", "10S", "1T", "EX")]
    [9, 7, 5, 3, 1, 9, 9]
    """
    if type(card) is not Card or card.index >= len(_POINTS):
        raise UnknownCardError(f"{quote(card)} is not a Tarot card", action=card)
    return _POINTS[card.index]


def points_of(cards: Iterable[Card]) -> int:
    """The total value of ``cards`` in half points (T-4).

    >>> from cardrules import Card
    >>> points_of(Card.parse(c) for c in ("21T", "KS", "2H", "3H", "4H", "5H"))
    22
    """
    return sum(card_points(c) for c in cards)


def is_bout(card: Card) -> bool:
    """True for the Petit, the 21 and the Excuse (T-5).

    >>> from cardrules import Card
    >>> is_bout(Card.parse("1T")), is_bout(Card.parse("20T"))
    (True, False)
    """
    return card in BOUTS


def bout_count(cards: Iterable[Card]) -> int:
    """How many bouts are among ``cards`` (T-5).

    >>> from cardrules import Card, EXCUSE
    >>> bout_count([Card.parse("21T"), EXCUSE, Card.parse("KH")])
    2
    """
    return sum(1 for c in cards if c in BOUTS)


def _suit_label(card: Card) -> object:
    if card.kind is CardKind.TRUMP:
        return TRUMP_LABEL
    return card.suit  # the Excuse has no suit (T-2)


TAROT_TRICK_RULES: Final = TrickRules(
    cards=TAROT_DECK,
    suit_of={c: _suit_label(c) for c in TAROT_DECK},
    # T-3: R > D > C > V > 10 … 1 is the order of the core's Rank values; trumps by number.
    strength={c: int(c.rank) for c in TAROT_DECK},
    trump=TRUMP_LABEL,
    must_trump=True,  # T-22.3: a player void in the suit led must trump
    must_overtrump=True,  # T-22.3/4: overtrump if possible, even over a partner
    always_playable=frozenset({EXCUSE}),  # T-22.5
    exempt=frozenset({EXCUSE}),  # T-22.2, T-23: the Excuse never sets the suit led
)
"""How Tarot cards behave in a trick (T-3, T-22 … T-24), as data for the core."""

TAROT_TABLE: Final[TrickTable] = TAROT_TRICK_RULES.compile()
"""The compiled :data:`TAROT_TRICK_RULES`: legal-card masks and trick winners.

>>> from cardrules import Card
>>> hand = [Card.parse(c) for c in ("KH", "2H", "5T", "EX", "3C")]
>>> [str(c) for c in TAROT_TABLE.legal_cards(hand, [Card.parse("7H")])]
['2H', 'KH', '5T', 'EX']
"""


# -- position masks (the Tarot deck's positions are the cards' indices) ---------------

_T: Final = TAROT_TABLE
_SUIT: Final = _T.suit
_ABOVE: Final = _T.above
_SUIT_MASK: Final = _T.suit_mask
_TRUMP_SUIT: Final = _T.trump_suit
_TRUMPS: Final = _T.trump_mask
_EXCUSE_POS: Final = EXCUSE.index
_FIRST_TRUMP: Final = Card.trump(1).index
_EXB: Final = 1 << _EXCUSE_POS
_PETIT_B: Final = 1 << Card.trump(1).index
_T21_B: Final = 1 << Card.trump(21).index
_BOUTS: Final = _PETIT_B | _T21_B | _EXB
_DECK_MASK: Final = (1 << len(TAROT_DECK)) - 1
_PLAIN: Final = _DECK_MASK & ~_TRUMPS & ~_EXB


def _rank_mask(rank: Rank) -> int:
    return sum(1 << c.index for c in TAROT_DECK if c.kind is CardKind.SUIT and c.rank == rank)


def _check_position_order() -> None:
    # The hot paths find winners and higher trumps by position: strength must rise with
    # position within each suit, and every trump must come after every suit card.
    for mask in _SUIT_MASK:
        positions = [p for p in range(len(TAROT_DECK)) if mask >> p & 1]
        keys = [_T.key[p] for p in positions]
        if keys != sorted(keys) or len(set(keys)) != len(keys):
            raise RuntimeError("the Tarot trick table does not rank cards by position")
    if _TRUMPS & -_TRUMPS <= _DECK_MASK & ~_TRUMPS & ~_EXB:
        raise RuntimeError("the Tarot trumps must follow the suit cards")


_KINGS: Final = _rank_mask(Rank.KING)
_PLAIN_NON_KING: Final = _PLAIN & ~_KINGS  # T-15: what the écart is made of first
_MID_TRUMPS: Final = _TRUMPS & ~_BOUTS  # T-15c: T2 … T20
_NINE: Final = _KINGS | _BOUTS
_SEVEN: Final = _rank_mask(Rank.QUEEN)
_FIVE: Final = _rank_mask(Rank.KNIGHT)
_THREE: Final = _rank_mask(Rank.JACK)
_LOW: Final = _DECK_MASK & ~(_NINE | _SEVEN | _FIVE | _THREE)
_CARD: Final = TAROT_DECK
_check_position_order()


def _points(mask: int) -> int:
    """T-4: the half points of the cards in ``mask``."""
    return (
        9 * (mask & _NINE).bit_count()
        + 7 * (mask & _SEVEN).bit_count()
        + 5 * (mask & _FIVE).bit_count()
        + 3 * (mask & _THREE).bit_count()
        + (mask & _LOW).bit_count()
    )


def _cards(mask: int) -> tuple[Card, ...]:
    out = []
    while mask:
        low = mask & -mask
        out.append(_CARD[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def _ecart_legal(hand: int, remaining: int) -> int:
    """T-15: the cards that keep the écart legal as the next of ``remaining`` cards.

    Kings and bouts never; a trump only when the plain non-king cards left cannot fill
    the remaining places (T-15c).
    """
    plain = hand & _PLAIN_NON_KING
    if plain.bit_count() >= remaining:
        return plain
    return plain | (hand & _MID_TRUMPS)
