"""The compiled tables of Bid Euchre: position masks, mask-to-action tables, the trick
tables per trump choice and sitting-out seat, and :class:`Tables`, everything one set of
options needs, built once per variant.

Private: the engine (``_engine.py``) reads these tables directly in its hot loops; their
layout may change with any release. Cards are positions in the deck of the options
(:attr:`DeckTables.cards`), and a set of cards is a bitmask over positions.

The play rules are declared here once, as data that every path of the engine reads:

* E-17, E-19: ``PlayTables.lead_follow`` (and ``_lead4``) give, for each card led, the
  mask of the effective suit the others must follow; a player follows with
  ``hand & follow or hand`` (:meth:`PlayTables.lawful`), any card if void.
* E-16, E-20, E-38: ``PlayTables._keys4`` gives each card's strength in a trick of each
  suit led, times 4, so that ``key | seat`` holds a trick's best card and its seat, and
  only a strictly stronger card (``key > best``) takes the lead of the trick.
* E-21: ``PlayTables.next_seat`` skips the partner sitting out; ``trick_size`` is 3.

>>> from cardrules.bid_euchre import BidEuchreVariant
>>> tables = BidEuchreVariant(stick_the_dealer=True)._tables
>>> [str(a) for a in tables.calls_stuck[0]]
['bid 3', 'bid 4', 'bid 5', 'bid 6H', 'bid 6M']
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from cardrules._util import FrozenDict
from cardrules.actions import Action, Play
from cardrules.bid_euchre.actions import (
    PASS,
    Bid,
    ClaimAceNoFace,
    Discard,
    Give,
    NameSuit,
    NameTrump,
)
from cardrules.bid_euchre.bidding import AuctionRules
from cardrules.bid_euchre.cards import (
    NO_TRUMP,
    NoTrump,
    Trump,
    bid_euchre_deck,
    is_ace_no_face,
    trick_rules,
)
from cardrules.bid_euchre.options import BidEuchreOptions
from cardrules.bid_euchre.scoring import HandResult
from cardrules.cards import JOKER, Card, Suit
from cardrules.state import Variant
from cardrules.tricks import TrickTable

__all__ = ["TRUMP_CHOICES", "DeckTables", "Phase", "PlayTables", "Tables"]

TRUMP_CHOICES: Final[tuple[Trump, ...]] = (*Suit, NO_TRUMP)
"""Every trump choice in the order of the trump tables and of the trump actions:
spades, hearts, diamonds, clubs, no-trump."""


class Phase(enum.Enum):
    """The phases of a hand, in the order they can occur (see :mod:`cardrules.bid_euchre.state`)."""

    DISCARD = "discard"
    CLAIM = "claim"
    AUCTION = "auction"
    TRUMP = "trump"
    EXCHANGE = "exchange"
    PLAY = "play"
    NAME_SUIT = "name_suit"
    END = "end"


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


class PlayTables:
    """The trick-play tables of one deck, trump choice and sitting-out seat.

    Built once per deck layout and cached (:meth:`for_hand`); the engine's hot loop
    reads the attributes directly. Every table is a tuple: states share them across threads.

    Attributes:
        deck: The :class:`DeckTables`.
        trump_index: The trump choice's index in
            :data:`TRUMP_CHOICES`, -1 before trump is named.
        trump: The trump choice, or ``None`` for the tables used before trump is named.
        table: The compiled :class:`~cardrules.tricks.TrickTable` of that trump choice.
        sitting_out: The seat that sits out (E-21), or -1.
        next_seat: For each playing seat, the next playing seat clockwise.
        step: For each playing seat: the seat, its hand's offset in the packed hands,
            the next playing seat and that seat's offset.
        trick_size: Cards per trick: 4, or 3 with a partner sitting out.
        tricks_per_hand: 6, or 12 with the double deck (E-22).
        lead_follow: Per position: the mask of the effective suit a lead of that card
            asks the others to follow (E-17, E-19).
        lead_keys: Per position: the strengths of the trick that card leads (E-20).
        lead: Per position: ``(lead_follow, lead_keys, the card's own strength)``, or
            ``None`` for the joker under no-trump, whose leader names the suit.
        keys_by_suit: Per effective-suit number, per position: strengths in a trick of
            that suit led (trumps above all; other suits 0, which never win).
        trumps_by_strength: Masks of the trumps of equal strength, strongest first
            (the "best trump" of the help exchange, E-14).
        joker_no_trump: The joker's position when it is led under no-trump, so that
            its leader names a suit (E-37); -1 otherwise.
        penalize: ``renege_mode == "penalize"`` (E-23).
        plain: A single deck under ``renege_mode="reject"``, the engine's fastest path.
        width: Positions per hand in the packed hands integer.
        full: The mask of one hand's positions.
        shift: For each seat, the offset of its hand in the packed hands integer.
        position_mask: For each :attr:`~cardrules.Card.index`, the mask of that card's positions.
        double: The double deck: fold the second copies before :meth:`play_actions`.
        c0: With ``c1`` and ``c2``, the deck's 8-bit tables of ``Play`` actions
            (:meth:`DeckTables.chunk_tables
            <DeckTables.chunk_tables>`).
    """

    __slots__ = (
        "_a0",
        "_a1",
        "_keys4",
        "_lead4",
        "_named4",
        "_position",
        "_suit_by_follow",
        "c0",
        "c1",
        "c2",
        "deck",
        "double",
        "full",
        "joker_no_trump",
        "keys_by_suit",
        "lead",
        "lead_follow",
        "lead_keys",
        "next_seat",
        "penalize",
        "plain",
        "position_mask",
        "shift",
        "sitting_out",
        "step",
        "table",
        "trick_size",
        "tricks_per_hand",
        "trump",
        "trump_index",
        "trumps_by_strength",
        "width",
    )

    def __init__(
        self, deck: DeckTables, trump_index: int, sitting_out: int, *, penalize: bool
    ) -> None:
        self.deck = deck
        self.trump_index = trump_index
        self.trump: Trump | None = TRUMP_CHOICES[trump_index] if trump_index >= 0 else None
        t = max(trump_index, 0)
        table = deck.tables[t]
        self.table = table
        self.sitting_out = sitting_out
        self.width = deck.size
        self.full = (1 << deck.size) - 1
        self.shift = tuple(s * deck.size for s in range(4))
        active = [s for s in range(4) if s != sitting_out]
        nxt = [-1] * 4
        for n, s in enumerate(active):
            nxt[s] = active[(n + 1) % len(active)]
        self.next_seat = tuple(nxt)
        self.step = tuple(
            (s, self.shift[s], nxt[s], self.shift[nxt[s]] if nxt[s] >= 0 else -1) for s in range(4)
        )
        self.trick_size = len(active)
        self.tricks_per_hand = 12 if deck.double else 6
        self.lead_follow = deck.lead_follow[t]
        self.lead_keys = deck.lead_keys[t]
        self.keys_by_suit = deck.keys_by_suit[t]
        self.position_mask = deck.position_mask
        self.joker_no_trump = (
            deck.cards.index(JOKER)
            if isinstance(self.trump, NoTrump) and JOKER in deck.cards
            else -1
        )
        self.penalize = penalize
        self.plain = not penalize and not deck.double
        self.lead: tuple[tuple[int, tuple[int, ...], int] | None, ...] = tuple(
            None
            if pos == self.joker_no_trump
            else (self.lead_follow[pos], self.lead_keys[pos], self.lead_keys[pos][pos])
            for pos in range(deck.size)
        )
        self._suit_by_follow = FrozenDict(
            {
                table.suit_mask[n]: label
                for n, label in enumerate(table.suit_labels)
                if isinstance(label, Suit)
            }
        )
        strengths = sorted(
            {table.key[i] for i in range(deck.size) if table.trump_mask >> i & 1}, reverse=True
        )
        self.trumps_by_strength = tuple(
            sum(1 << i for i in range(deck.size) if table.trump_mask >> i & 1 and table.key[i] == k)
            for k in strengths
        )
        self.double = deck.double
        self.c0, self.c1, self.c2 = deck.chunk_tables(Play)
        self._a0, self._a1 = deck._half_tables(Play)
        # By Card.index: the position of the card's first copy (-1 outside the deck).
        self._position = tuple((m & -m).bit_length() - 1 for m in deck.position_mask)
        # The engine's forms of keys_by_suit and lead: strengths times 4, so that one
        # int holds a trick's best strength and the seat that played it (key | seat),
        # and ``key > best`` is true only for a strictly stronger card (E-20, E-38).
        # _lead4[pos] is ((follow mask, keys), key of the card) for a lead of pos, or
        # (None, 0) for the joker under no-trump, whose leader names the suit (E-37).
        self._keys4 = tuple(tuple(k << 2 for k in keys) for keys in self.keys_by_suit)
        self._lead4: tuple[tuple[tuple[int, tuple[int, ...]] | None, int], ...] = tuple(
            (None, 0)
            if pos == self.joker_no_trump
            else (
                (self.lead_follow[pos], self._keys4[table.suit[pos]]),
                self._keys4[table.suit[pos]][pos],
            )
            for pos in range(deck.size)
        )
        # E-37: _named4[suit] is the lead of the suit named for the joker led under
        # no-trump, as _lead4 gives the lead of a card: (follow mask, keys).
        self._named4: FrozenDict[Suit, tuple[int, tuple[int, ...]]] = FrozenDict(
            {suit: (table.suit_mask[n], self._keys4[n]) for suit, n in deck.suit_numbers[t].items()}
        )

    @staticmethod
    def for_hand(
        deck: DeckTables, trump_index: int, sitting_out: int, *, penalize: bool
    ) -> PlayTables:
        """The tables for this deck, trump choice and sitting-out seat, built once.

        Args:
            deck: The deck's tables.
            trump_index: The index in ``TRUMP_CHOICES``, -1 before trump is named.
            sitting_out: The seat that sits out, or -1.
            penalize: ``renege_mode == "penalize"``.
        """
        key = (trump_index, sitting_out, penalize)
        tables = deck.play_cache.get(key)
        if not isinstance(tables, PlayTables):
            tables = PlayTables(deck, trump_index, sitting_out, penalize=penalize)
            deck.play_cache[key] = tables
        return tables

    def play_actions(self, mask: int) -> tuple[Action, ...]:
        """The :class:`~cardrules.Play` actions of ``mask``, one per distinct card."""
        if self.double:
            mask = (mask | mask >> 24) & 0xFFFFFF
        return self._a0[mask & 4095] + self._a1[mask >> 12]

    def led_suit(self, follow: int) -> Suit:
        """The suit whose positions are ``follow`` (the suit led, E-19)."""
        return self._suit_by_follow[follow]

    def partner_gives(self, hands: int, partner: int, given: int, *, forced: bool) -> int:
        """The positions the partner may give back in the help exchange (E-14).

        Only cards the partner was dealt (``given`` are the ones received); under
        ``help_card_rule="highest_trump"`` (``forced``) the best trump by E-16 if the
        partner has one, the left bower and the joker included (E-17).

        Args:
            hands: The packed hands.
            partner: The partner's seat.
            given: The positions the declarer gave.
            forced: ``help_card_rule == "highest_trump"``.
        """
        avail = (hands >> self.shift[partner] & self.full) & ~given
        if forced:
            for same in self.trumps_by_strength:
                if avail & same:
                    return avail & same
        return avail

    @staticmethod
    def lawful(hand: int, follow: int) -> int:
        """The cards of ``hand`` that follow suit (E-19): the whole hand if void or leading.

        Args:
            hand: The player's positions.
            follow: The mask of the suit led, 0 when leading.
        """
        return hand & follow or hand


_CLAIM_ACTIONS: Final[tuple[Action, ...]] = (PASS, ClaimAceNoFace())
_PASS_ONLY: Final[tuple[Action, ...]] = (PASS,)


class Tables:
    """Everything the engine needs of one set of options, built once by the variant.

    The engine reads these attributes (never the variant's); the per-card tables are
    the :class:`PlayTables` of the hand's trump, in ``play_tables``.

    Attributes:
        options: The options.
        variant: The variant these tables were built for (the states' ``variant``).
        deck: The :class:`DeckTables` of the options' deck, shared by variants.
        penalize: ``renege_mode == "penalize"`` (E-23).
        auction_rules: The :class:`~cardrules.bid_euchre.bidding.AuctionRules`.
        idle: The play tables used before trump is named.
        results: The results of played hands without reneges, by outcome (a cache of
            immutable values, see ``_engine._played_result``).
        play_tables: ``play_tables[trump index][sitting-out seat + 1]``.
        calls: ``calls[high + 1]``: the legal calls over the bid of rank ``high``,
            pass first, then the bids upward (E-8).
        calls_stuck: The same without the pass, for a stuck dealer (E-35).
        rank_by_id: The rank of each interned call by ``id()`` (pass -1), for the fast
            paths of ``apply``.
        trump_by_id: The index of each allowed trump choice's action by ``id()``.
        trump_actions: The trump choices' actions, in the order of ``TRUMP_CHOICES``.
        discard_before_auction: The joker discard comes first (E-37).
        discard_after_trump: The joker discard comes once trump is named (E-37).
        help_count: Cards passed each way in a help exchange (E-14).
        forced_give: ``help_card_rule == "highest_trump"`` (E-14).
        ace_no_face: The Ace No Face claim window is open before the auction (E-36).
        name_actions: The four suits to name after a lead of the joker (E-37).
        chunks: The 8-bit mask tables of ``Give`` and ``Discard`` actions.
        shuffle_steps: The steps of the double deck's shuffle.
    """

    __slots__ = (
        "ace_no_face",
        "auction_rules",
        "calls",
        "calls_stuck",
        "chunks",
        "deck",
        "discard_after_trump",
        "discard_before_auction",
        "forced_give",
        "help_count",
        "idle",
        "name_actions",
        "options",
        "penalize",
        "play_tables",
        "rank_by_id",
        "results",
        "shuffle_steps",
        "trump_actions",
        "trump_by_id",
        "variant",
    )

    def __init__(self, options: BidEuchreOptions, variant: Variant) -> None:
        self.options = options
        self.variant = variant
        self.deck = deck = DeckTables.shared(
            joker=options.joker, double_deck=options.double_deck, no_trump=options.allow_no_trump
        )
        self.penalize = penalize = options.renege_mode == "penalize"
        self.auction_rules = AuctionRules(options)
        self.idle = PlayTables.for_hand(deck, -1, -1, penalize=penalize)
        self.results: dict[int, HandResult] = {}
        choices = TRUMP_CHOICES if options.allow_no_trump else TRUMP_CHOICES[:4]
        self.play_tables: tuple[tuple[PlayTables, ...], ...] = tuple(
            tuple(
                PlayTables.for_hand(deck, t, sitting, penalize=penalize) for sitting in range(-1, 4)
            )
            for t in range(len(choices))
        )
        ladder = self.auction_rules.ladder
        # calls[high + 1]: the legal calls over the bid of rank high (E-8); a stuck
        # dealer may not pass (E-35).
        self.calls: tuple[tuple[Action, ...], ...] = tuple(
            (PASS, *(Bid(c) for c in ladder[high + 1 :])) for high in range(-1, len(ladder))
        )
        self.calls_stuck = tuple(calls[1:] for calls in self.calls)
        # The interned actions by identity, for the fast paths of apply.
        rank_by_id = {id(Bid(c)): n for n, c in enumerate(ladder)}
        rank_by_id[id(PASS)] = -1
        self.rank_by_id = FrozenDict(rank_by_id)
        self.trump_by_id = FrozenDict({id(NameTrump(t)): n for n, t in enumerate(choices)})
        self.trump_actions: tuple[Action, ...] = tuple(NameTrump(t) for t in choices)
        self.discard_before_auction = (
            options.joker and options.joker_discard_timing == "before_auction"
        )
        self.discard_after_trump = options.joker and options.joker_discard_timing == "after_trump"
        self.help_count = options.help_exchange_count
        self.forced_give = options.help_card_rule == "highest_trump"
        self.ace_no_face = options.ace_no_face
        self.name_actions: tuple[Action, ...] = tuple(NameSuit(s) for s in Suit)
        self.chunks: FrozenDict[type, tuple[tuple[tuple[Action, ...], ...], ...]] = FrozenDict(
            {Give: deck.chunk_tables(Give), Discard: deck.chunk_tables(Discard)}
        )
        self.shuffle_steps = tuple(
            (i + 1, (i + 1).bit_length(), i) for i in range(deck.size - 1, 0, -1)
        )

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as its variant's tables: the variant pickles by its options and is
        # shared per options, so a copy of a state gets the same tables back.
        return (getattr, (self.variant, "_tables"))

    def card_actions(self, kind: type, mask: int) -> tuple[Action, ...]:
        """The ``kind`` actions (``Give`` or ``Discard``) of the cards of ``mask``."""
        mask = self.deck.distinct(mask)
        t0, t1, t2 = self.chunks[kind]
        return t0[mask & 255] + t1[mask >> 8 & 255] + t2[mask >> 16]

    def claim_actions(self, hand: tuple[Card, ...]) -> tuple[Action, ...]:
        """The actions of ``hand`` in the claim window: pass, and claim if it qualifies."""
        # E-36: every player gets the step; only a qualifying hand may claim.
        return _CLAIM_ACTIONS if is_ace_no_face(hand) else _PASS_ONLY
