"""Trick resolution and play obligations, declared as data.

A variant describes how its cards behave in a trick with a :class:`TrickRules`: the
effective suit of every card (a left bower belongs to trump), the strength of every
card within its effective suit, which suit is trump, and which obligations apply
(follow suit; trump when void; overtrump, even over a partner, and undertrump when
unable to overtrump; cards that are always playable, such as the Excuse; cards that do
not set the suit led). :meth:`~cardrules.TrickRules.compile` turns that declaration into a
:class:`TrickTable` of bitmasks that computes legal cards and trick winners quickly.

Hands are bitmasks over *positions*: position ``i`` is ``table.cards[i]``. A deck with
two identical copies of a card (the double Euchre deck) gives each copy its own
position, so a hand is a multiset; when identical cards meet in a trick, the one played
first wins (a later card must be strictly stronger).

>>> from cardrules import Card, Suit, decks
>>> from cardrules.tricks import TrickRules
>>> deck = decks.euchre_deck()
>>> rules = TrickRules(
...     cards=deck,
...     suit_of={c: c.suit for c in deck},
...     strength={c: int(c.rank) for c in deck},
...     trump=Suit.SPADES,
... )
>>> table = rules.compile()
>>> hand = [Card.parse(x) for x in ("9H", "AS", "KC")]
>>> table.legal_cards(hand, [Card.parse("QH")])
(Card.parse('9H'),)
>>> table.winner([Card.parse("QH"), Card.parse("9S"), Card.parse("AH")])
1
"""

from __future__ import annotations

import enum
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from cardrules._tricks import TRUMP_BASE, TrickKernel
from cardrules._util import quote
from cardrules.cards import Card
from cardrules.errors import InvalidArgumentError, UnknownCardError

__all__ = ["Obligation", "TrickRules", "TrickTable"]


class Obligation(enum.Enum):
    """Why a card is not legal: the obligation it breaks.

    In French Tarot, void in hearts, over the 12 of trumps: the 5 does not overtrump.

    >>> from cardrules.tarot import TarotVariant
    >>> table = TarotVariant().trick_rules.compile()
    >>> hand = table.mask_of(Card.parse(code) for code in ("5T", "18T", "KC"))
    >>> trick = [table.positions[Card.parse(code)][0] for code in ("QH", "12T")]
    >>> [table.why_illegal(hand, trick, table.positions[Card.parse(code)][0])
    ...  for code in ("5T", "18T", "KC")]
    [<Obligation.OVERTRUMP: 'must_overtrump'>, None, <Obligation.TRUMP: 'must_trump'>]
    """

    FOLLOW_SUIT = "must_follow_suit"
    TRUMP = "must_trump"
    OVERTRUMP = "must_overtrump"
    NOT_IN_HAND = "card_not_in_hand"


def _card_tuple(cards: Iterable[Card]) -> tuple[Card, ...]:
    # Typed converters: with converter=tuple / frozenset, type checkers cannot infer the
    # item type and reject every call of TrickRules(...).
    return tuple(cards)


def _card_set(cards: Iterable[Card]) -> frozenset[Card]:
    return frozenset(cards)


@attrs.frozen(kw_only=True)
class TrickRules:
    """The declaration of how cards behave in a trick.

    Attributes:
        cards: The deck, one entry per physical card (identical copies repeat).
        suit_of: The effective suit of every card, any hashable label; ``None`` for a
            card that belongs to no suit (the Excuse).
        strength: The strength of every card within its effective suit; higher wins
            (an ``int`` from 0 to ``2**20 - 1``, different for different cards of a suit).
        trump: The effective suit that beats all others, or ``None`` (no trump).
        must_follow: A player holding a card of the suit led must play one.
        must_trump: A player void in the suit led must play a trump if they hold one.
        must_overtrump: A player who plays a trump (trumps led, or trumping) must beat
            the highest trump already in the trick if they can, even a partner's; if they
            cannot, any trump will do (undertrump).
        always_playable: Cards that may be played whatever the obligations (the Excuse).
        exempt: Cards that neither set the suit led nor win (the Excuse); the next card
            played sets the suit.

    Euchre's bowers, hearts trump: the jack of hearts, then the jack of diamonds, which
    belongs to trump:

    >>> from cardrules import Suit, decks
    >>> deck = decks.euchre_deck()
    >>> left, bowers = Card.parse("JD"), {Card.parse("JH"): 21, Card.parse("JD"): 20}
    >>> rules = TrickRules(
    ...     cards=deck,
    ...     suit_of={c: Suit.HEARTS if c == left else c.suit for c in deck},
    ...     strength={c: bowers.get(c, int(c.rank)) for c in deck},
    ...     trump=Suit.HEARTS,
    ... )
    >>> table = rules.compile()
    >>> table.legal_cards([left, Card.parse("AD")], [Card.parse("9H")])
    (Card.parse('JD'),)
    >>> table.winner([Card.parse("AH"), left, Card.parse("AS")])
    1
    """

    cards: tuple[Card, ...] = attrs.field(converter=_card_tuple)
    suit_of: Mapping[Card, Hashable | None]
    strength: Mapping[Card, int]
    trump: Hashable | None = None
    must_follow: bool = True
    must_trump: bool = False
    must_overtrump: bool = False
    always_playable: frozenset[Card] = attrs.field(default=frozenset(), converter=_card_set)
    exempt: frozenset[Card] = attrs.field(default=frozenset(), converter=_card_set)

    def compile(self) -> TrickTable:
        """Build the bitmask tables.

        Raises:
            ValueError: a card has no suit or strength, a strength is not an ``int``
                from 0 to ``2**20 - 1``, or two different cards of one suit have the
                same strength (identical copies may).
        """
        return TrickTable(self)


class TrickTable:
    """Compiled :class:`TrickRules`: legal cards and winners over position bitmasks.

    Every answer comes from its ``kernel``, the one place where a declaration's
    obligations and winners are decided, which the games' engines read too.

    The mask and key lists are public, read-only by convention. ``suit[i]`` is the
    effective-suit number of position ``i`` (``-1`` for exempt cards), ``key[i]`` its
    strength, ``trump_suit`` the number of the trump suit (``-1`` if none),
    ``suit_mask[s]`` the positions of suit ``s``, ``above[i]`` the trumps strictly
    stronger than trump ``i``.

    >>> from cardrules.tarot import TarotVariant
    >>> table = TarotVariant().trick_rules.compile()
    >>> hand = [Card.parse(code) for code in ("5T", "18T", "KC")]
    >>> table.legal_cards(hand, [Card.parse("QH"), Card.parse("12T")])  # void: overtrump
    (Card.parse('18T'),)
    >>> table.winner([Card.parse("QH"), Card.parse("12T"), Card.parse("EX")])
    1
    >>> table.cards_of(table.mask_of(hand))  # hands as bitmasks of positions, for speed
    (Card.parse('KC'), Card.parse('5T'), Card.parse('18T'))
    """

    __slots__ = (
        "above",
        "always_mask",
        "cards",
        "exempt_mask",
        "kernel",
        "key",
        "must_follow",
        "must_overtrump",
        "must_trump",
        "positions",
        "rules",
        "suit",
        "suit_labels",
        "suit_mask",
        "trump_mask",
        "trump_suit",
    )

    def __reduce__(self) -> tuple[Any, ...]:
        # Compiled again from its declaration: the kernel of the compiled build is a
        # native object that pickle cannot rebuild field by field.
        return (type(self), (self.rules,))

    def __init__(self, rules: TrickRules) -> None:
        cards = rules.cards
        missing = [c for c in cards if c not in rules.suit_of or c not in rules.strength]
        if missing:
            raise InvalidArgumentError(f"no suit or strength declared for {missing[0]}")
        # The winner and best-trump scans start from -1 and add _TRUMP_BASE to trumps, so
        # a strength outside [0, _TRUMP_BASE) would silently give wrong winners.
        # Distinct cards of one suit need distinct strengths, or the card order is not a
        # strict total order and a tie silently goes to the card played first.
        ranked: dict[tuple[Hashable, int], Card] = {}
        for c in cards:
            k = rules.strength[c]
            if type(k) is not int or not 0 <= k < TRUMP_BASE:
                raise InvalidArgumentError(
                    f"the strength of {c} must be an int from 0 to 2**20 - 1: {quote(k)}"
                )
            if rules.suit_of[c] is not None and c not in rules.exempt:
                other = ranked.setdefault((rules.suit_of[c], k), c)
                if other is not c:
                    raise InvalidArgumentError(
                        f"{other} and {c} have the same suit and strength {k}"
                    )
        kernel = TrickKernel(rules)
        self.kernel = kernel
        self.rules = rules
        self.cards = cards
        self.suit_labels: tuple[Hashable, ...] = kernel.labels
        self.suit = list(kernel.suit)
        self.trump_suit = kernel.trump_suit
        self.key = list(kernel.key)
        self.suit_mask = [
            sum(1 << i for i, s in enumerate(self.suit) if s == n)
            for n in range(len(kernel.labels))
        ]
        self.trump_mask = self.suit_mask[self.trump_suit] if self.trump_suit >= 0 else 0
        self.above = [
            sum(
                1 << j
                for j, sj in enumerate(self.suit)
                if sj == self.trump_suit and self.key[j] > self.key[i]
            )
            if s == self.trump_suit and s >= 0
            else 0
            for i, s in enumerate(self.suit)
        ]
        self.always_mask = sum(1 << i for i, c in enumerate(cards) if c in rules.always_playable)
        self.exempt_mask = sum(1 << i for i, c in enumerate(cards) if c in rules.exempt)
        self.must_follow = rules.must_follow
        self.must_trump = rules.must_trump
        self.must_overtrump = rules.must_overtrump
        positions: dict[Card, tuple[int, ...]] = {}
        for i, c in enumerate(cards):
            positions[c] = (*positions.get(c, ()), i)
        self.positions: Mapping[Card, tuple[int, ...]] = positions

    # -- bitmask interface --------------------------------------------------------

    def led_suit(self, trick: Sequence[int]) -> int:
        """The suit number set by the first non-exempt position in ``trick``, or -1."""
        return self.kernel.led_suit(trick)

    def best_trump(self, trick: Sequence[int]) -> int:
        """The position of the strongest trump in ``trick`` (first played on a tie), or -1."""
        best, best_key = -1, -1
        ts, suit, key = self.trump_suit, self.suit, self.key
        for i in trick:
            if suit[i] == ts and ts >= 0 and key[i] > best_key:
                best, best_key = i, key[i]
        return best

    def legal_mask(self, hand: int, trick: Sequence[int], led: int | None = None) -> int:
        """The legal positions of ``hand`` (a position mask) facing ``trick``.

        Args:
            hand: The player's cards as a position bitmask.
            trick: Positions already played to the trick, in order.
            led: The suit number led, when the variant knows better than the cards
                (a suit named with a led joker); ``None`` to derive it from ``trick``.
        """
        k = self.kernel
        if led is None:
            led = k.led_suit(trick)
        if led < 0:
            return hand
        fs, fd = k.words(self.suit_mask[led])
        over = k.over_start
        for p in trick:
            over &= k.over_after[p]
        side, duty = k.words(hand)
        return k.joined(*k.legal(side, duty, fs, fd, over))

    def why_illegal(
        self, hand: int, trick: Sequence[int], position: int, led: int | None = None
    ) -> Obligation | None:
        """The obligation that playing ``position`` breaks, or ``None`` if it is legal."""
        if not hand >> position & 1:
            return Obligation.NOT_IN_HAND
        legal = self.legal_mask(hand, trick, led)
        if legal >> position & 1:
            return None
        if led is None:
            led = self.led_suit(trick)
        trump = self.trump_suit
        if led != trump and hand & self.suit_mask[led]:
            return Obligation.FOLLOW_SUIT
        if self.suit[position] == trump:
            # Void in the suit led (or trumps led): an illegal trump is one too low.
            return Obligation.OVERTRUMP
        return Obligation.FOLLOW_SUIT if led == trump else Obligation.TRUMP

    def winner_position(self, trick: Sequence[int], led: int | None = None) -> int:
        """The index *within* ``trick`` of the winning card, or -1 if none can win."""
        k = self.kernel
        return k.winner(trick, k.led_suit(trick) if led is None else led)

    # -- card interface -----------------------------------------------------------

    def mask_of(self, cards: Iterable[Card]) -> int:
        """The position mask of a multiset of cards (each copy takes its own position).

        Raises:
            UnknownCardError: a card not in the deck, or more copies than it has.
        """
        mask = 0
        for c in cards:
            for i in self._positions_of(c):
                if not mask >> i & 1:
                    mask |= 1 << i
                    break
            else:
                raise _not_in_deck(c)
        return mask

    def _positions_of(self, card: object) -> tuple[int, ...]:
        return self.positions.get(card, ()) if type(card) is Card else ()

    def cards_of(self, mask: int) -> tuple[Card, ...]:
        """The cards at the positions set in ``mask``, in position order."""
        cards = self.cards
        out = []
        while mask:
            low = mask & -mask
            out.append(cards[low.bit_length() - 1])
            mask ^= low
        return tuple(out)

    def _trick_positions(self, trick: Sequence[Card]) -> list[int]:
        used = 0
        out = []
        for c in trick:
            for i in self._positions_of(c):
                if not used >> i & 1:
                    used |= 1 << i
                    out.append(i)
                    break
            else:
                raise _not_in_deck(c)
        return out

    def legal_cards(
        self, hand: Iterable[Card], trick: Sequence[Card], led: int | None = None
    ) -> tuple[Card, ...]:
        """The distinct legal cards of ``hand`` facing ``trick``, in deck order.

        Args:
            hand: The player's cards.
            trick: The cards played to the trick so far, in order.
            led: The suit number led, when the variant knows better than the cards
                (a suit named with a led joker); ``None`` to derive it from ``trick``.

        Raises:
            UnknownCardError: as :meth:`mask_of`.
        """
        legal = self.legal_mask(self.mask_of(hand), self._trick_positions(trick), led)
        return tuple(dict.fromkeys(self.cards_of(legal)))

    def winner(self, trick: Sequence[Card], led: int | None = None) -> int:
        """The index within ``trick`` of the winning card (-1 if no card can win);
        ``led`` as in :meth:`legal_cards`."""
        return self.winner_position(self._trick_positions(trick), led)


def _not_in_deck(card: object) -> UnknownCardError:
    return UnknownCardError(
        f"{quote(card)} is not in this deck (or more copies than the deck has)", action=card
    )
