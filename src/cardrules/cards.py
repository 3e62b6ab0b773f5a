"""Cards and their text notation.

One :class:`Card` type covers every game in the library: the 56 suit cards of a Tarot
deck (which include the 52 of the French deck), the 21 Tarot trumps, the Excuse and a
joker. Cards are interned: there is exactly one object per card, so ``is`` and ``==``
agree, and a card is cheap to hash and compare.

Notation (see the *Notation* page of the docs): a suit card is its rank code followed
by its suit letter, ``QH`` (queen of hearts), ``10S``, ``AC``, ``NH`` (the Tarot knight,
*cavalier*, of hearts); a Tarot trump is its number followed by ``T`` (``21T``, ``1T``);
the Excuse is ``EX`` and the joker ``JK``. Parsing ignores ASCII case and accepts a few
documented aliases (``T21``, ``EXCUSE``, ``JOKER``, ``TS`` for ``10S``, ``1S`` for ``AS``,
the French letters ``R D C V`` for king, queen, knight and jack, suit symbols such as
``Q♥``); everything else raises :class:`~cardrules.NotationError`.

>>> from cardrules import Card, Suit, Rank
>>> Card.parse("qh")
Card.parse('QH')
>>> Card(Suit.HEARTS, Rank.QUEEN) is Card.parse("QH")
True
>>> str(Card.trump(21)), Card.parse("T21").rank
('21T', 21)
"""

from __future__ import annotations

import enum
from typing import Any, Final

from cardrules._util import quote, show_by_notation
from cardrules.errors import ImmutableError, InvalidArgumentError, NotationError

__all__ = ["EXCUSE", "JOKER", "Card", "CardKind", "Colour", "Rank", "Suit"]


class Colour(enum.Enum):
    """The colour of a suit: ``BLACK`` (spades, clubs) or ``RED`` (hearts, diamonds).

    >>> Suit.CLUBS.colour, Suit.DIAMONDS.colour is Colour.RED
    (<Colour.BLACK: 'black'>, True)
    """

    BLACK = "black"
    RED = "red"


class Suit(enum.Enum):
    """The four suits, valued by their notation letter.

    >>> Suit.SPADES.symbol, Suit.HEARTS.colour.value
    ('♠', 'red')
    """

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The suit's symbol, e.g. ``'♠'``."""
        return _SYMBOLS[self]

    @property
    def colour(self) -> Colour:
        """``Colour.BLACK`` for spades and clubs, ``Colour.RED`` otherwise."""
        return Colour.BLACK if self in (Suit.SPADES, Suit.CLUBS) else Colour.RED

    @property
    def index(self) -> int:
        """0 to 3 in the order spades, hearts, diamonds, clubs."""
        return _SUIT_INDEX[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a suit from its letter, symbol or English name (any ASCII case).

        >>> Suit.parse("hearts"), Suit.parse("♣")
        (<Suit.HEARTS: 'H'>, <Suit.CLUBS: 'C'>)
        """
        key = _ascii_upper(text)
        suit = _SUIT_NAMES.get(key) if key is not None else None
        if suit is None:
            raise NotationError(f"not a suit: {quote(text)}")
        return suit


_SYMBOLS: Final = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_INDEX: Final = {s: i for i, s in enumerate(Suit)}


class Rank(enum.IntEnum):
    """Ranks of suit cards. Their numeric values are labels, not a game's card order.

    ``KNIGHT`` is the Tarot *cavalier*; it exists only in the Tarot deck.

    >>> Card.parse("NS").rank, Rank.QUEEN.code, [rank.code for rank in Rank][-4:]
    (<Rank.KNIGHT: 12>, 'Q', ['J', 'N', 'Q', 'K'])
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    KNIGHT = 12
    QUEEN = 13
    KING = 14

    @property
    def code(self) -> str:
        """This rank's notation code (``A``, ``2`` … ``10``, ``J``, ``N``, ``Q``, ``K``)."""
        return _RANK_CODES[self]


_RANK_CODES: Final = {
    Rank.ACE: "A",
    Rank.JACK: "J",
    Rank.KNIGHT: "N",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    **{Rank(n): str(n) for n in range(2, 11)},
}


class CardKind(enum.Enum):
    """What sort of card a :class:`Card` is.

    >>> [Card.parse(code).kind.value for code in ("QH", "21T", "EX", "JK")]
    ['suit', 'trump', 'excuse', 'joker']
    """

    SUIT = "suit"
    TRUMP = "trump"
    EXCUSE = "excuse"
    JOKER = "joker"


@show_by_notation
class Card:
    """A playing card. Immutable and interned: build or parse, never copy.

    ``Card(suit, rank)`` returns the suit card; :meth:`Card.trump` a Tarot trump;
    ``EXCUSE`` and ``JOKER`` are the two special cards.

    Attributes:
        kind: :class:`CardKind` of the card.
        suit: The :class:`Suit` of a suit card, ``None`` for every other card.
        rank: The :class:`Rank` of a suit card, the number (1-21) of a Tarot trump,
            0 for the Excuse and the joker.
        index: A stable number from 0 to 78 that identifies the card in the whole
            universe of cards (suit cards first, then trumps, the Excuse, the joker).

    >>> c = Card(Suit.SPADES, Rank.TEN)
    >>> c, str(c), c.suit, c.rank, c.kind
    (Card.parse('10S'), '10S', <Suit.SPADES: 'S'>, <Rank.TEN: 10>, <CardKind.SUIT: 'suit'>)
    >>> c.index
    9
    """

    __slots__ = ("_code", "index", "kind", "rank", "suit")

    kind: CardKind
    suit: Suit | None
    rank: int
    index: int
    _code: str

    def __new__(cls, suit: Suit, rank: Rank | int) -> Card:
        if type(suit) is not Suit:
            raise InvalidArgumentError(f"suit must be a Suit, not {type(suit).__name__}")
        if type(rank) not in (Rank, int) or not 1 <= rank <= 14:
            raise InvalidArgumentError(f"rank must be a Rank (1 to 14), not {quote(rank)}")
        return _ALL[suit.index * 14 + rank - 1]

    @classmethod
    def _make(cls, kind: CardKind, suit: Suit | None, rank: int, index: int, code: str) -> Card:
        card = object.__new__(cls)
        for name, value in (
            ("kind", kind),
            ("suit", suit),
            ("rank", rank),
            ("index", index),
            ("_code", code),
        ):
            object.__setattr__(card, name, value)
        return card

    @staticmethod
    def trump(number: int) -> Card:
        """The Tarot trump with this number (1 is the Petit, 21 the highest).

        >>> Card.trump(1)
        Card.parse('1T')
        """
        if type(number) is not int or not 1 <= number <= 21:
            raise InvalidArgumentError(f"a Tarot trump is numbered 1 to 21, not {quote(number)}")
        return _ALL[55 + number]

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with this :attr:`index` (0 to 78)."""
        if type(index) is not int or not 0 <= index < len(_ALL):
            raise InvalidArgumentError(
                f"a card index runs from 0 to {len(_ALL) - 1}, not {quote(index)}"
            )
        return _ALL[index]

    @staticmethod
    def parse(text: str) -> Card:
        """Parse a card from its notation, ignoring ASCII case.

        Raises:
            NotationError: ``text`` is not the notation of any card.

        >>> Card.parse("21t"), Card.parse("EXCUSE"), Card.parse("A♠")
        (Card.parse('21T'), Card.parse('EX'), Card.parse('AS'))
        """
        key = _ascii_upper(text)
        card = _BY_CODE.get(key) if key is not None else None
        if card is None:
            raise NotationError(f"not a card: {quote(text)}")
        return card

    @property
    def is_trump(self) -> bool:
        """True for the Tarot trumps 1T to 21T (never for a Euchre trump suit)."""
        return self.kind is CardKind.TRUMP

    @property
    def symbol(self) -> str:
        """A display form with suit symbols, e.g. ``'Q♥'``, ``'21T'``, ``'EX'``."""
        if self.suit is None:
            return self._code
        return self._code[:-1] + self.suit.symbol

    def __str__(self) -> str:
        return self._code

    def __repr__(self) -> str:
        return f"Card.parse({self._code!r})"

    def __format__(self, spec: str) -> str:
        return format(self._code, spec)

    def __setattr__(self, name: str, value: Any) -> None:
        raise ImmutableError(f"Card is immutable; cannot set {quote(name)}")

    def __delattr__(self, name: str) -> None:
        raise ImmutableError(f"Card is immutable; cannot delete {quote(name)}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card.from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: Any) -> Card:
        return self

    def __lt__(self, other: object) -> bool:
        # Orders by index: deterministic display order, not any game's card strength.
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index


def _build() -> list[Card]:
    cards: list[Card] = []
    for suit in Suit:
        for rank in Rank:
            code = rank.code + suit.value
            cards.append(Card._make(CardKind.SUIT, suit, rank, len(cards), code))
    for number in range(1, 22):
        cards.append(Card._make(CardKind.TRUMP, None, number, len(cards), f"{number}T"))
    cards.append(Card._make(CardKind.EXCUSE, None, 0, len(cards), "EX"))
    cards.append(Card._make(CardKind.JOKER, None, 0, len(cards), "JK"))
    return cards


_ALL: Final = _build()

EXCUSE: Final = _ALL[77]
"""The Tarot Excuse (*l'Excuse*, the Fool): ``EX``."""

JOKER: Final = _ALL[78]
"""The joker of Bid Euchre's joker variant: ``JK``."""

_SUIT_NAMES: Final[dict[str, Suit]] = {}
for _s in Suit:
    for _name in (_s.value, _s.name, _s.name[:-1], _s.symbol):
        _SUIT_NAMES[_name] = _s
for _sym, _s in (("♤", Suit.SPADES), ("♡", Suit.HEARTS), ("♢", Suit.DIAMONDS), ("♧", Suit.CLUBS)):
    _SUIT_NAMES[_sym] = _s


# French Tarot letters (Roi, Dame, Cavalier, Valet) and common English shorthands.
_RANK_ALIASES: Final = {
    Rank.ACE: ("1",),
    Rank.TEN: ("T",),
    Rank.JACK: ("V",),
    Rank.KNIGHT: ("C",),
    Rank.QUEEN: ("D",),
    Rank.KING: ("R",),
}


def _spellings(card: Card) -> list[str]:
    if card.kind is CardKind.TRUMP:
        return [card._code, f"T{card.rank}"]
    if card.kind is CardKind.EXCUSE:
        return ["EX", "EXCUSE"]
    if card.kind is CardKind.JOKER:
        return ["JK", "JOKER"]
    if card.suit is None:
        return []
    codes = [Rank(card.rank).code, *_RANK_ALIASES.get(Rank(card.rank), ())]
    suits = [card.suit.value, card.suit.symbol]
    return [c + s for c in codes for s in suits]


_BY_CODE: Final[dict[str, Card]] = {}
for _card in _ALL:
    for _spelling in _spellings(_card):
        _BY_CODE[_spelling] = _card
for _sym, _s in (("♤", Suit.SPADES), ("♡", Suit.HEARTS), ("♢", Suit.DIAMONDS), ("♧", Suit.CLUBS)):
    for _rank in Rank:
        for _code in (_rank.code, *_RANK_ALIASES.get(_rank, ())):
            _BY_CODE[_code + _sym] = Card(_s, _rank)

# Maps ASCII a-z to A-Z only: str.upper() would also map the long s (U+017F) to 'S'.
_UPPER: Final = {c: c - 32 for c in range(ord("a"), ord("z") + 1)}
_MAX_NOTATION = 64


def _ascii_upper(text: object) -> str | None:
    if type(text) is not str or len(text) > _MAX_NOTATION:
        return None
    return text.translate(_UPPER)
