"""The trick kernel (private): the one place where the obligations of a trick and its
winner are decided, from a :class:`~cardrules.TrickRules` declaration.

Every path of every game reads it: the public :class:`~cardrules.TrickTable` and the
games' helpers, the engines' checked ``apply`` and ``legal_actions``, the bulk playouts,
the views' inference of what a seat cannot hold, and the bots. Change the declaration,
and all of them change together. The compiled build compiles this module with the
engines, so that the engines' calls into it cost a C call.

Cards are *positions* (``TrickRules.cards[i]`` is position ``i``) and a set of cards is a
bitmask over positions, held in two words so that every mask stays a machine integer
for decks of up to 124 positions: the **duty word** holds the trumps and the cards
that carry an obligation beyond following suit (the cards that are always playable or
exempt), the **side word** the others. A deck of at most 62 positions is held in the
duty word alone (the side word is always 0); a larger one, such as the French Tarot
deck, is split at :attr:`TrickKernel.split`, the first position of a duty-word card,
so that its 56 suit cards fill the side word and its trumps and Excuse the duty word,
whichever obligations the declaration makes.

>>> from cardrules.tarot.cards import TAROT_TRICK_RULES
>>> k = TrickKernel(TAROT_TRICK_RULES)
>>> k.split, k.trump_duty == (1 << 21) - 1
(56, True)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Final

from cardrules._util import quote
from cardrules.errors import InvalidArgumentError

if TYPE_CHECKING:
    from cardrules.tricks import TrickRules

__all__ = ["TRUMP_BASE", "WORD_BITS", "TrickKernel"]

WORD_BITS: Final = 62
"""The positions a word holds: masks stay below ``2**62``, a native int of the compiled
build."""

TRUMP_BASE: Final = 1 << 20
"""Added to a trump's strength when cards are compared within a trick: a trump beats
every card of another suit."""

_ALL: Final = -1  # every bit set: ``mask & _ALL == mask``


class TrickKernel:
    """A :class:`~cardrules.TrickRules` compiled to per-position tables, and the
    functions that read them.

    The tables are tuples indexed by position; masks of the duty word are shifted down
    by :attr:`split` (position ``p >= split`` is bit ``p - split`` of the duty word).

    Attributes:
        size: The number of positions.
        labels: The effective suits' labels, by suit number.
        split: The first position held in the duty word (0 for decks of at most 62
            positions).
        suit: The effective-suit number of each position, -1 for a card that belongs
            to no suit or is exempt (the Excuse).
        key: The strength of each position within its effective suit.
        trump_suit: The trump suit's number, -1 without trumps.
        follow_side: For each position, the side-word mask of the cards of its
            effective suit: what the others must follow when it sets the suit led (0
            for an exempt card, which sets none).
        follow_duty: The same in the duty word.
        suit_side: For each suit number, the side-word mask of its cards; one more
            entry, 0, last, so that the suit number -1 (no suit led yet) reads 0.
        suit_duty: The same in the duty word.
        trump_side: The side-word mask of the trumps.
        trump_duty: The duty-word mask of the trumps.
        over_start: The duty-word mask of the trumps that a trump must beat in a trick
            without a trump yet (all bits set without an overtrump duty).
        over_after: For each position, the mask that a trick's "trumps still above"
            is and-ed with when the card is played: the trumps above it for a trump
            (all bits set for any other card, or without an overtrump duty).
        always: The duty-word mask of the cards always playable (the Excuse).
        duty_trumps: The trumps a player void in the suit led must play
            (``trump_duty`` under ``must_trump``, else 0).
        must_follow: A player holding the suit led must play it.
        follow_only: The declaration's only duty is following suit (no trumping or
            overtrumping, no card always playable): :meth:`legal_word` then answers
            without the other branches of :meth:`legal`.
        by_led: The table of :meth:`strength`: ``by_led[led][pos]``, the last row for
            no suit led (-1), which :meth:`winner` reads.
    """

    __slots__ = (
        "always",
        "by_led",
        "duty_trumps",
        "follow_duty",
        "follow_only",
        "follow_side",
        "key",
        "labels",
        "must_follow",
        "over_after",
        "over_start",
        "side_mask",
        "size",
        "split",
        "suit",
        "suit_duty",
        "suit_side",
        "trump_duty",
        "trump_side",
        "trump_suit",
    )

    size: int
    labels: tuple[Hashable, ...]
    split: int
    side_mask: int
    suit: tuple[int, ...]
    key: tuple[int, ...]
    trump_suit: int
    follow_side: tuple[int, ...]
    follow_duty: tuple[int, ...]
    suit_side: tuple[int, ...]
    suit_duty: tuple[int, ...]
    trump_side: int
    trump_duty: int
    over_start: int
    over_after: tuple[int, ...]
    always: int
    duty_trumps: int
    must_follow: bool
    follow_only: bool
    by_led: tuple[tuple[int, ...], ...]

    def __init__(self, rules: TrickRules) -> None:
        cards = rules.cards
        n = len(cards)
        labels: list[Hashable] = []
        for c in cards:
            label = rules.suit_of.get(c)
            if label is not None and c not in rules.exempt and label not in labels:
                labels.append(label)
        if rules.trump is not None and rules.trump not in labels:
            labels.append(rules.trump)
        suit = tuple(
            -1
            if c in rules.exempt or rules.suit_of.get(c) is None
            else labels.index(rules.suit_of[c])
            for c in cards
        )
        trump_suit = labels.index(rules.trump) if rules.trump is not None else -1
        key = tuple(rules.strength[c] for c in cards)
        trumps = [p for p in range(n) if trump_suit >= 0 and suit[p] == trump_suit]
        # The trumps and the cards with a duty beyond following go to the duty word:
        # the trumps even without a duty declared, so that flipping a duty keeps the
        # words an engine's tables are laid out on.
        duty = {p for p in range(n) if cards[p] in rules.always_playable or suit[p] < 0}
        duty.update(trumps)
        # A deck too large for two words stays correct (Python ints are unbounded),
        # only slower in the compiled build.
        split = 0 if n <= WORD_BITS else min(duty, default=n)
        self.size = n
        self.labels = tuple(labels)
        self.split = split
        self.side_mask = (1 << split) - 1
        self.suit = suit
        self.key = key
        self.trump_suit = trump_suit
        suit_mask = [sum(1 << p for p in range(n) if suit[p] == s) for s in range(len(labels))]
        self.follow_side = tuple(
            suit_mask[suit[p]] & self.side_mask if suit[p] >= 0 else 0 for p in range(n)
        )
        self.follow_duty = tuple(
            suit_mask[suit[p]] >> split if suit[p] >= 0 else 0 for p in range(n)
        )
        self.suit_side = (*(m & self.side_mask for m in suit_mask), 0)
        self.suit_duty = (*(m >> split for m in suit_mask), 0)
        trump_mask = suit_mask[trump_suit] if trump_suit >= 0 else 0
        self.trump_side = trump_mask & self.side_mask
        self.trump_duty = trump_mask >> split
        # T-22 (French Tarot): overtrump even a partner; undertrump only when unable to.
        self.over_start = self.trump_duty if rules.must_overtrump else _ALL
        self.over_after = tuple(
            sum(1 << (q - split) for q in trumps if key[q] > key[p])
            if rules.must_overtrump and p in trumps
            else _ALL
            for p in range(n)
        )
        self.always = sum(1 << (p - split) for p in range(n) if cards[p] in rules.always_playable)
        self.duty_trumps = self.trump_duty if rules.must_trump else 0
        self.must_follow = rules.must_follow
        self.follow_only = (
            rules.must_follow
            and not rules.must_trump
            and not rules.must_overtrump
            and not self.always
        )
        self.by_led = tuple(
            tuple(self.strength(p, led) for p in range(n)) for led in (*range(len(labels)), -1)
        )

    # -- the obligations -----------------------------------------------------------

    def legal(self, side: int, duty: int, fs: int, fd: int, over: int) -> tuple[int, int]:
        """The cards a player may play: the legal part of a hand held as ``side`` and
        ``duty`` words, facing a trick whose suit led is ``(fs, fd)`` (``(0, 0)`` when
        leading or after an exempt lead) and whose trumps still above are ``over``.

        This is the one decision of follow, trump and overtrump (French Tarot T-22,
        Bid Euchre E-19), read from the declaration:

        * a player holding the suit led plays it (``must_follow``); when trumps are
          led, a trump above the best if possible (``must_overtrump``);
        * a player void in the suit led trumps (``must_trump``), above the best trump
          if possible (``must_overtrump``), any trump if not;
        * otherwise any card; the cards ``always_playable`` are always legal.
        """
        if fs or fd:
            ls = side & fs
            ld = duty & fd
            if ls or ld:
                if not self.must_follow:
                    return side, duty
                if fd == self.trump_duty and fs == self.trump_side:
                    ld = ld & over or ld
                return ls, ld | (duty & self.always)
            t = duty & self.duty_trumps
            if t:
                return 0, (t & over or t) | (duty & self.always)
        return side, duty

    def legal_word(self, hand: int, fd: int, trick: Sequence[int]) -> int:
        """:meth:`legal` for a deck held in the duty word alone (at most 62 positions,
        :attr:`split` 0): the legal part of ``hand`` facing ``trick``, the positions
        played to it so far, whose suit led is ``fd`` (0 when leading).

        The same decision as :meth:`legal`, with the trumps still above worked out from
        ``trick``; under a declaration whose only duty is following suit
        (:attr:`follow_only`, fixed when the kernel is compiled) it is the branch of
        :meth:`legal` that applies, without the others (the tests check that both give
        the same answer on every hand).
        """
        if self.follow_only:
            return hand & fd or hand
        over = self.over_start
        after = self.over_after
        for p in trick:
            over &= after[p]
        return self.legal(0, hand, 0, fd, over)[1]

    def excluded(self, pos: int, fs: int, fd: int, over: int) -> tuple[int, int]:
        """The cards a player cannot have held when playing ``pos`` facing the suit led
        ``(fs, fd)`` and the trumps still above ``over``: the inverse of :meth:`legal`,
        what the table learns from a card played (a void, no trumps, no higher trump).

        Exactly the cards ``c`` for which ``pos`` is not legal from the hand
        ``{pos, c}`` (the tests check it card by card).
        """
        if not (fs or fd) or not self.must_follow:
            return 0, 0
        split = self.split
        if pos >= split:
            bit = 1 << (pos - split)
            if bit & self.always:
                return 0, 0
            follows = bit & fd
            is_trump = bit & self.trump_duty
        else:
            bit = 1 << pos
            follows = bit & fs
            is_trump = bit & self.trump_side
        if follows:
            if fd == self.trump_duty and fs == self.trump_side and not bit & over:
                # Trumps led and a trump below the best played: no trump above it.
                return 0, over & self.trump_duty
            return 0, 0
        # Void in the suit led; and without a trump, or without a higher one.
        duty = fd
        if self.duty_trumps:
            if not is_trump:
                duty |= self.duty_trumps
            elif not bit & over:
                duty |= over & self.duty_trumps
        return fs, duty

    # -- the winner ------------------------------------------------------------------

    def strength(self, pos: int, led: int) -> int:
        """The strength of ``pos`` in a trick of the suit number ``led``: a trump's
        strength plus :data:`TRUMP_BASE`, the strength of a card of the suit led, -1
        for any other card (it cannot win)."""
        s = self.suit[pos]
        if s < 0:
            return -1
        if s == self.trump_suit:
            return TRUMP_BASE + self.key[pos]
        return self.key[pos] if s == led else -1

    def led_suit(self, trick: Sequence[int]) -> int:
        """The suit number set by the first position of ``trick`` that is not exempt,
        or -1 (T-23: the Excuse sets no suit)."""
        suit = self.suit
        for p in trick:
            s = suit[p]
            if s >= 0:
                return s
        return -1

    def winner(self, trick: Sequence[int], led: int) -> int:
        """The index within ``trick`` of the card that takes it, -1 if none can (French
        Tarot T-24, Bid Euchre E-20): the strongest trump, else the strongest card of
        the suit ``led``; of two equal cards (a double deck's copies), the first played,
        since only a strictly stronger card takes the lead."""
        row = self.by_led[led]
        best = -1
        best_key = -1
        # A counter: enumerate() measured a quarter slower on a trick of four.
        n = 0
        for p in trick:
            k = row[p]
            if k > best_key:
                best = n
                best_key = k
            n += 1  # noqa: SIM113
        return best

    # -- masks over every position ---------------------------------------------------

    def words(self, mask: int) -> tuple[int, int]:
        """``mask`` over positions as its ``(side, duty)`` words."""
        return mask & self.side_mask, mask >> self.split

    def joined(self, side: int, duty: int) -> int:
        """The mask over positions of the words ``side`` and ``duty``."""
        return side | duty << self.split

    def check_position(self, pos: object) -> int:
        """``pos`` if it is a position of the deck, else the specific error."""
        if type(pos) is not int or not 0 <= pos < self.size:
            raise InvalidArgumentError(f"not a position of this deck: {quote(pos)}")
        return pos
