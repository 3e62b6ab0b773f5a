"""Decks, the seeded shuffle and dealing.

Every deck is a tuple of :class:`~cardrules.Card`. The double Euchre deck holds two
copies of each card, so hands and piles are multisets: code that handles hands never
assumes a card occurs once.

:func:`shuffle` is the library's own Fisher-Yates shuffle, driven only by
``rng.getrandbits``: a seed gives the same order on every Python version, and the global
``random`` state is never touched.

>>> import random
>>> from cardrules import decks
>>> len(decks.tarot_deck()), len(decks.euchre_deck()), len(decks.double_euchre_deck())
(78, 24, 48)
>>> deck = decks.shuffle(decks.euchre_deck(), random.Random(7))
>>> [str(c) for c in deck[:4]]
['AS', '9C', 'KC', 'QD']
>>> hands = decks.deal(deck, players=4, packet=1)
>>> [len(h) for h in hands]
[6, 6, 6, 6]
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Final

from cardrules._util import quote
from cardrules.cards import EXCUSE, JOKER, Card, Rank, Suit
from cardrules.errors import DealError, InvalidArgumentError, NotationError

__all__ = [
    "card_codes",
    "check_order",
    "deal",
    "double_euchre_deck",
    "euchre_deck",
    "euchre_deck_with_joker",
    "parse_codes",
    "randbelow",
    "shuffle",
    "standard_deck",
    "tarot_deck",
]

_EUCHRE_RANKS = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
_STANDARD_RANKS = tuple(r for r in Rank if r is not Rank.KNIGHT)


def standard_deck() -> tuple[Card, ...]:
    """The 52-card French deck, suit by suit (spades, hearts, diamonds, clubs), ace first.

    >>> deck = standard_deck()
    >>> len(deck), [str(card) for card in deck[:3]], str(deck[-1])
    (52, ['AS', '2S', '3S'], 'KC')
    """
    return tuple(Card(s, r) for s in Suit for r in _STANDARD_RANKS)


def euchre_deck() -> tuple[Card, ...]:
    """The 24-card Euchre deck: 9, 10, J, Q, K, A of each suit.

    >>> deck = euchre_deck()
    >>> len(deck), [str(card) for card in deck[:6]]
    (24, ['9S', '10S', 'JS', 'QS', 'KS', 'AS'])
    """
    return tuple(Card(s, r) for s in Suit for r in _EUCHRE_RANKS)


def euchre_deck_with_joker() -> tuple[Card, ...]:
    """The 24-card Euchre deck and the joker (25 cards).

    >>> deck = euchre_deck_with_joker()
    >>> len(deck), deck[-1] is JOKER
    (25, True)
    """
    return (*euchre_deck(), JOKER)


def double_euchre_deck() -> tuple[Card, ...]:
    """Two copies of the Euchre deck (48 cards): the first copy, then the second.

    >>> deck = double_euchre_deck()
    >>> len(deck), deck[0] is deck[24], deck.count(Card.parse("JH"))  # cards are interned
    (48, True, 2)
    """
    return euchre_deck() * 2


def tarot_deck() -> tuple[Card, ...]:
    """The 78-card Tarot deck: 56 suit cards (with knights), trumps 1-21, the Excuse.

    >>> deck = tarot_deck()
    >>> len(deck), [str(card) for card in deck[11:14]], [str(card) for card in deck[-3:]]
    (78, ['NS', 'QS', 'KS'], ['20T', '21T', 'EX'])
    """
    suits = tuple(Card(s, r) for s in Suit for r in Rank)
    return (*suits, *(Card.trump(n) for n in range(1, 22)), EXCUSE)


def randbelow(rng: random.Random, n: int) -> int:
    """A uniform integer in ``[0, n)`` from ``rng.getrandbits`` by rejection.

    This is the algorithm CPython's ``Random._randbelow`` uses, written out here so
    that deals do not depend on a private method.

    Raises:
        ValueError: ``n`` is not a positive ``int`` (the loop would never end).

    >>> rng = random.Random(1)
    >>> [randbelow(rng, 6) for _ in range(5)]
    [1, 4, 0, 2, 0]
    >>> rng = random.Random(1)
    >>> [rng.randrange(6) for _ in range(5)]  # the same draws as CPython's own
    [1, 4, 0, 2, 0]
    """
    if type(n) is not int or n < 1:
        raise InvalidArgumentError(f"randbelow needs a positive int bound, not {quote(n)}")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def shuffle(cards: Sequence[Card], rng: random.Random) -> tuple[Card, ...]:
    """Return ``cards`` in a uniformly random order (Fisher-Yates, Durstenfeld's form).

    For ``i`` from ``n - 1`` down to 1, swap position ``i`` with a position ``j`` drawn
    by :func:`randbelow` from ``[0, i]``. The input is not modified.

    Args:
        cards: The cards to shuffle.
        rng: The generator to draw from; never the global one.

    >>> deck = euchre_deck()
    >>> [str(card) for card in shuffle(deck, random.Random(1))[:6]]
    ['JC', 'AH', 'AC', 'AD', 'QC', '10D']
    >>> shuffle(deck, random.Random(1)) == shuffle(deck, random.Random(1))  # reproducible
    True
    """
    if not isinstance(rng, random.Random):
        raise InvalidArgumentError(f"rng must be a random.Random, not {type(rng).__name__}")
    out = list(cards)
    getrandbits = rng.getrandbits
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        out[i], out[j] = out[j], out[i]
    return tuple(out)


def deal(
    deck: Sequence[Card],
    *,
    players: int,
    packet: int,
    first: int = 0,
    hand_size: int | None = None,
) -> tuple[tuple[Card, ...], ...]:
    """Deal ``deck`` round the table in packets of ``packet`` cards.

    Seat ``first`` receives the first packet, then ``first + 1`` and so on, modulo
    ``players``. Without ``hand_size`` the whole deck is dealt, and its size must be a
    multiple of ``players * packet``; with it, each seat gets ``hand_size`` cards from
    the top of the deck (a multiple of ``packet``), and the rest, ``deck[players *
    hand_size:]``, is not dealt (a stock, a turn-up).

    Args:
        deck: The cards in dealing order, the first card dealt first.
        players: The number of seats.
        packet: The cards given at a time.
        first: The seat that receives the first packet.
        hand_size: The cards each seat gets; ``None`` to deal the whole deck.

    Returns:
        One tuple of cards per seat, indexed by seat.

    Raises:
        InvalidArgumentError: the cards cannot be dealt that way.

    >>> from cardrules import decks
    >>> hands = decks.deal(decks.euchre_deck(), players=4, packet=3, first=1)
    >>> [str(c) for c in hands[1]]
    ['9S', '10S', 'JS', '9D', '10D', 'JD']
    >>> deck = decks.standard_deck()
    >>> hands = decks.deal(deck, players=4, packet=1, hand_size=7)
    >>> [len(h) for h in hands], str(deck[28])
    ([7, 7, 7, 7], '3D')
    """
    for name, value in (("players", players), ("packet", packet), ("first", first)):
        if type(value) is not int:
            raise InvalidArgumentError(f"{name} must be an int, not {quote(value)}")
    if hand_size is None:
        dealt = len(deck)
    elif type(hand_size) is not int or hand_size < 0:
        raise InvalidArgumentError(f"hand_size must be an int >= 0, not {quote(hand_size)}")
    else:
        dealt = players * hand_size
    if players < 1 or packet < 1 or dealt % (players * packet) or dealt > len(deck):
        size = "" if hand_size is None else f" of {hand_size} cards each"
        raise InvalidArgumentError(
            f"cannot deal {len(deck)} cards to {quote(players)} players{size} in packets of "
            f"{quote(packet)}"
        )
    hands: list[list[Card]] = [[] for _ in range(players)]
    seat = first % players
    for start in range(0, dealt, packet):
        hands[seat].extend(deck[start : start + packet])
        seat = (seat + 1) % players
    return tuple(tuple(h) for h in hands)


def card_codes(cards: Iterable[Card]) -> list[str]:
    """The codes of ``cards``, in their order: how a deal is written in JSON.

    >>> from cardrules import decks
    >>> card_codes(decks.euchre_deck()[:3])
    ['9S', '10S', 'JS']
    """
    return [str(card) for card in cards]


def parse_codes(value: object, *, what: str = "the cards") -> tuple[Card, ...]:
    """The cards of a list of card codes (a deal read from JSON, untrusted), or of one
    code (a single card written alone).

    Args:
        value: A list (or tuple) of code strings, or one code string.
        what: What the cards are, for the error message (``"hand 2"``).

    Returns:
        The cards, in the order given.

    Raises:
        DealError: ``value`` is not codes, or holds more than 200 of them.
        NotationError: a code is not a card.

    >>> from cardrules import decks
    >>> parse_codes(["QH", "10s"]), parse_codes("EX")
    ((Card.parse('QH'), Card.parse('10S')), (Card.parse('EX'),))
    >>> parse_codes([1, 2], what="hand 0")
    Traceback (most recent call last):
    ...
    cardrules.errors.DealError: hand 0 must be a list of card codes, not list [1, 2]
    """
    if type(value) is str:
        return (Card.parse(value),)
    if (
        not isinstance(value, (list, tuple))
        or len(value) > _MOST_CODES
        or not all(type(code) is str for code in value)
    ):
        raise DealError(f"{what} must be a list of card codes, not {quote(value)}")
    return tuple(Card.parse(code) for code in value)


_MOST_CODES: Final = 200


def check_order(cards: Iterable[Card | str] | str, deck: Sequence[Card]) -> tuple[Card, ...]:
    """``cards`` as a deck order, checked to hold exactly the cards of ``deck``.

    For apps that shuffle elsewhere (a physical table, pre-dealt boards): the order is
    given as cards, card codes, or one string of codes separated by spaces. Identical
    copies (the double Euchre deck) may come in any order.

    Args:
        cards: The deck order, first card dealt first.
        deck: The variant's deck (``variant.deck``).

    Returns:
        The cards in the given order.

    Raises:
        InvalidArgumentError: ``cards`` is not a sequence of cards or card codes (a set
            has no order), or ``deck`` is not a sequence of cards.
        NotationError: a code is not a card's notation.
        DealError: a card is missing, repeated or not of this deck, or the length is
            not the deck's (a string is refused by its length before it is read: at
            most 16 characters per card of the deck).

    >>> from cardrules import decks
    >>> order = decks.check_order("9S 10S JS QS KS AS 9H 10H JH QH KH AH 9D 10D JD QD KD AD"
    ...                           " 9C 10C JC QC KC AC", decks.euchre_deck())
    >>> len(order), str(order[0])
    (24, '9S')
    >>> decks.check_order(order[:-1] + (order[0],), decks.euchre_deck())
    Traceback (most recent call last):
    ...
    cardrules.errors.DealError: the deck order holds 9S twice and lacks AC
    """
    out: list[Card] = []
    for item in _order_items(cards, deck):
        if isinstance(item, Card):
            out.append(item)
        elif isinstance(item, str):
            try:
                out.append(Card.parse(item))
            except NotationError as exc:
                raise NotationError(f"card {len(out) + 1} of the deck order: {exc}") from None
        else:
            raise InvalidArgumentError(
                f"card {len(out) + 1} of the deck order is {quote(item)}, not a card or a card code"
            )
        if len(out) > len(deck):
            raise DealError(f"the deck order has more than the deck's {len(deck)} cards")
    want = Counter(deck)
    have = Counter(out)
    foreign = [c for c in have if c not in want]
    if foreign:
        raise DealError("the deck order holds " + _listed(foreign) + ", not of this game's deck")
    extra = have - want
    missing = want - have
    if extra or missing:
        parts = []
        if extra:
            parts.append("holds " + _listed(extra, copies=have))
        if missing:
            parts.append("lacks " + _listed(missing))
        size = "" if len(out) == len(deck) else f"has {len(out)} cards, not {len(deck)}: it "
        raise DealError("the deck order " + size + " and ".join(parts))
    return tuple(out)


def _order_items(cards: object, deck: object) -> Iterable[object]:
    """The items of a deck order for :func:`check_order`, with the arguments checked."""
    if not isinstance(deck, (tuple, list)) or not all(isinstance(c, Card) for c in deck):
        raise InvalidArgumentError(
            f"deck is the variant's deck, a sequence of cards (variant.deck), not {quote(deck)}"
        )
    if isinstance(cards, str):
        # Counted before it is split: the longest code has 6 characters.
        longest = _CHARACTERS_PER_CARD * len(deck)
        if len(cards) > longest:
            raise DealError(
                f"the deck order is {len(cards)} characters long: a deck of {len(deck)} "
                f"cards is written in at most {longest}"
            )
        return cards.split()
    # A set or a mapping has no order of its own to deal from.
    if isinstance(cards, (bytes, bytearray, Card, AbstractSet, Mapping)) or not isinstance(
        cards, Iterable
    ):
        raise InvalidArgumentError(
            f"a deck order is a sequence of cards or card codes, not {quote(cards)}"
        )
    return cards


def _listed(cards: Iterable[Card], *, copies: Counter[Card] | None = None) -> str:
    """Cards for a message: ``QH``, ``QH twice``, at most six of them."""
    shown = []
    for card in sorted(cards, key=lambda c: c.index)[:6]:
        n = copies[card] if copies is not None else 1
        shown.append(str(card) if n == 1 else f"{card} {_TIMES.get(n, f'{n} times')}")
    return ", ".join(shown)


_TIMES = {2: "twice", 3: "three times"}
_CHARACTERS_PER_CARD = 16
