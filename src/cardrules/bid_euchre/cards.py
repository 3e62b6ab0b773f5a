"""Bid Euchre cards: the decks, the bowers, effective suits and the trick rules.

The card behaviour is declared once per trump choice as a
:class:`~cardrules.tricks.TrickRules` (E-16, E-17, E-37, E-38) and compiled to a
:class:`~cardrules.tricks.TrickTable` once per variant by :class:`DeckTables`.

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
import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Final, TypeAlias

from cardrules import decks
from cardrules._util import FrozenDict, quote
from cardrules.actions import Action
from cardrules.cards import JOKER, Card, CardKind, Rank, Suit
from cardrules.errors import InvalidArgumentError, UnknownCardError
from cardrules.tricks import TrickRules, TrickTable

__all__ = [
    "JOKER_SUIT",
    "NO_TRUMP",
    "TRUMP_CHOICES",
    "DeckTables",
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
    """The declarer's choice of no trump suit (``allow_no_trump``, E-13)."""

    NO_TRUMP = "no-trump"


NO_TRUMP: Final = NoTrump.NO_TRUMP
"""No-trump (E-13): no trump suit, no bowers; with the joker, the joker is the only trump."""

Trump: TypeAlias = Suit | NoTrump
"""A trump choice: one of the four suits, or :data:`NO_TRUMP`."""

TRUMP_CHOICES: Final[tuple[Trump, ...]] = (*Suit, NO_TRUMP)
"""Every trump choice in a fixed order: spades, hearts, diamonds, clubs, no-trump."""

JOKER_SUIT: Final = "joker"
"""The label of the joker's own suit under no-trump (E-37) in :func:`trick_rules`."""

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
        suit_of[card] = JOKER_SUIT if suit is None else suit
    strength = {card: _strength(card, trump) for card in deck}
    if isinstance(trump, Suit):
        trump_label: object = trump
    else:
        # E-37: under no-trump the joker is the only trump, in a suit of its own.
        trump_label = JOKER_SUIT if joker else None
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


_TRUMP_BASE: Final = 1 << 20
_DOUBLE_WIDTH: Final = 24


def _chunk_tables(
    values: Sequence[Action], width: int, sizes: tuple[int, ...] = (8, 8)
) -> tuple[tuple[tuple[Action, ...], ...], ...]:
    """Tables turning a ``width``-bit mask into the tuple of its ``values``.

    One table per run of ``sizes`` bits, then one for the bits left: by default bits
    0-7, 8-15 and 16 up (9 bits with the joker), so that a mask is
    ``t0[m & 255] + t1[m >> 8 & 255] + t2[m >> 16]``.
    """
    tables: list[tuple[tuple[Action, ...], ...]] = []
    runs = []
    start = 0
    for bits in (*sizes, width - sum(sizes)):
        runs.append((start, bits))
        start += bits
    for start, bits in runs:
        # Each mask's tuple is the one without its highest bit, plus that bit's value.
        table: list[tuple[Action, ...]] = [()]
        for m in range(1, 1 << bits):
            high = m.bit_length() - 1
            table.append((*table[m ^ 1 << high], values[start + high]))
        tables.append(tuple(table))
    return tuple(tables)


class DeckTables:
    """The deck of one set of options, with its trick tables compiled once.

    Positions number the physical cards of :attr:`cards`; a hand is a bitmask over
    positions. The lists below are read-only by convention; the engine's hot loop
    indexes them directly.

    Attributes:
        cards: The deck, one entry per physical card.
        size: ``len(cards)``.
        tables: The compiled :class:`~cardrules.tricks.TrickTable` per trump choice,
            in the order of :data:`TRUMP_CHOICES` (no-trump only if allowed).
        position_mask: For each :attr:`~cardrules.Card.index`, the mask of that card's positions
            (two in the double deck, none for a card outside the deck).
        lead_follow: Per trump choice, per position: the mask of the effective suit a
            lead of that card asks the others to follow.
        lead_keys: Per trump choice, per position: the strength list of the trick that
            card leads (:attr:`keys_by_suit` of its effective suit).
        keys_by_suit: Per trump choice, per effective-suit number of the table, per
            position: the card's strength in a trick of that suit led (trumps above all,
            cards of other suits 0, which never win).
        distinct_mask: Mask of the positions of the first copy of each card.
        play_cache: Trick-play tables built from these, by trump and sitting-out seat.

    >>> t = DeckTables(joker=False, double_deck=False, no_trump=False)
    >>> t.size, len(t.tables)
    (24, 4)
    """

    __slots__ = (
        "_chunks",
        "_halves",
        "cards",
        "distinct_mask",
        "double",
        "keys_by_suit",
        "lead_follow",
        "lead_keys",
        "play_cache",
        "position_mask",
        "size",
        "suit_numbers",
        "tables",
    )

    def __init__(self, *, joker: bool, double_deck: bool, no_trump: bool) -> None:
        self.cards = bid_euchre_deck(joker=joker, double_deck=double_deck)
        self.size = len(self.cards)
        self.double = double_deck
        self.play_cache: dict[tuple[int, int, bool], object] = {}
        self._chunks: dict[object, tuple[tuple[tuple[Action, ...], ...], ...]] = {}
        self._halves: dict[object, tuple[tuple[tuple[Action, ...], ...], ...]] = {}
        choices = TRUMP_CHOICES if no_trump else TRUMP_CHOICES[:4]
        self.tables: tuple[TrickTable, ...] = tuple(
            trick_rules(t, joker=joker, double_deck=double_deck).compile() for t in choices
        )
        position_mask = [0] * 79
        for pos, card in enumerate(self.cards):
            position_mask[card.index] |= 1 << pos
        self.position_mask = tuple(position_mask)
        self.distinct_mask = (1 << _DOUBLE_WIDTH) - 1 if double_deck else (1 << self.size) - 1
        keys_by_suit = []
        lead_follow = []
        lead_keys = []
        suit_numbers = []
        for table in self.tables:
            ts = table.trump_suit
            by_suit = tuple(
                tuple(
                    _TRUMP_BASE + table.key[i]
                    if ts >= 0 and table.suit[i] == ts
                    else (table.key[i] if table.suit[i] == s else 0)
                    for i in range(self.size)
                )
                for s in range(len(table.suit_labels))
            )
            keys_by_suit.append(by_suit)
            lead_follow.append(tuple(table.suit_mask[table.suit[i]] for i in range(self.size)))
            lead_keys.append(tuple(by_suit[table.suit[i]] for i in range(self.size)))
            suit_numbers.append(
                FrozenDict(
                    {
                        n_label: n
                        for n, n_label in enumerate(table.suit_labels)
                        if isinstance(n_label, Suit)
                    }
                )
            )
        self.keys_by_suit: tuple[tuple[tuple[int, ...], ...], ...] = tuple(keys_by_suit)
        self.lead_follow: tuple[tuple[int, ...], ...] = tuple(lead_follow)
        self.lead_keys: tuple[tuple[tuple[int, ...], ...], ...] = tuple(lead_keys)
        self.suit_numbers: tuple[FrozenDict[Suit, int], ...] = tuple(suit_numbers)

    def mask_of(self, cards: Iterable[Card]) -> int:
        """The position mask of a multiset of cards (raises ``ValueError`` if impossible)."""
        return self.tables[0].mask_of(cards)

    def cards_of(self, mask: int) -> tuple[Card, ...]:
        """The cards at the positions of ``mask``, in position order."""
        return self.tables[0].cards_of(mask)

    def distinct(self, mask: int) -> int:
        """``mask`` with the second copies folded onto the first (identical cards once)."""
        if self.double:
            return (mask | mask >> _DOUBLE_WIDTH) & self.distinct_mask
        return mask

    def chunk_tables(
        self, make: Callable[[Card], Action]
    ) -> tuple[tuple[tuple[Action, ...], ...], ...]:
        """Lookup tables turning a :meth:`distinct` mask into a tuple of ``make(card)``.

        Built once per deck and ``make`` (an action class such as ``Play``), 8 bits of
        the mask at a time, so that a mask becomes its tuple of actions in a few lookups.
        """
        tables = self._chunks.get(make)
        if tables is None:
            width = _DOUBLE_WIDTH if self.double else self.size
            tables = _chunk_tables([make(c) for c in self.cards[:width]], width)
            self._chunks[make] = tables
        return tables

    def _half_tables(
        self, make: Callable[[Card], Action]
    ) -> tuple[tuple[tuple[Action, ...], ...], ...]:
        """Like ``chunk_tables``, 12 bits at a time: a mask is ``t0[m & 4095] + t1[m >> 12]``.

        Larger tables (4096 and 4096 or 8192 entries, some hundreds of kilobytes) for
        the actions built at every card of a hand, in one lookup and one concatenation.

        >>> from cardrules.actions import Play
        >>> deck = DeckTables.shared(joker=False, double_deck=False, no_trump=False)
        >>> t0, t1 = deck._half_tables(Play)
        >>> [str(a) for a in t0[0b11] + t1[1 << 11]]
        ['play 9S', 'play 10S', 'play AC']
        """
        tables = self._halves.get(make)
        if tables is None:
            width = _DOUBLE_WIDTH if self.double else self.size
            tables = _chunk_tables([make(c) for c in self.cards[:width]], width, (12,))
            self._halves[make] = tables
        return tables

    @staticmethod
    def shared(*, joker: bool, double_deck: bool, no_trump: bool) -> DeckTables:
        """The tables of these options, built once per process and shared by variants."""
        return _shared_tables(joker, double_deck, no_trump)


@functools.cache
def _shared_tables(joker: bool, double_deck: bool, no_trump: bool) -> DeckTables:
    return DeckTables(joker=joker, double_deck=double_deck, no_trump=no_trump)
