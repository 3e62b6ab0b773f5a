"""The compiled tables of Bid Euchre: position masks, mask-to-action tables, the trick
tables per trump choice and sitting-out seat, and :class:`Tables`, everything one set of
options needs, built once per variant.

Private: the engine (``_engine.py``) reads these tables directly in its hot loops; their
layout may change with any release. Cards are positions in the deck of the options
(:attr:`DeckTables.cards`), and a set of cards is a bitmask over positions.

The play rules are not written here: each trump choice's declaration (the variant's
``trick_rules(trump)``, E-16, E-17, E-37, E-38) is compiled to a
:class:`~cardrules.tricks.TrickTable`, whose kernel decides what a player may play (E-19)
and who takes a trick (E-20) on every path of the engine. :class:`PlayTables` adds what
the engine needs around it: the seats that play (E-21: ``next_seat`` skips the partner
sitting out; ``trick_size`` is 3), the lead of each card, the actions of each mask.

>>> from cardrules.bid_euchre import BidEuchreVariant
>>> tables = BidEuchreVariant(stick_the_dealer=True)._tables
>>> [str(a) for a in tables.calls_stuck[0]]
['bid 3', 'bid 4', 'bid 5', 'bid 6H', 'bid 6M']
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from cardrules._util import FrozenDict, quote
from cardrules.actions import Action, Play
from cardrules.bid_euchre.actions import (
    PASS,
    Bid,
    ClaimAceNoFace,
    Discard,
    Give,
    NameSuit,
    NameTrump,
    Notation,
)
from cardrules.bid_euchre.bidding import AuctionRules
from cardrules.bid_euchre.cards import (
    NO_TRUMP,
    Trump,
    bid_euchre_deck,
    is_ace_no_face,
)
from cardrules.bid_euchre.options import BidEuchreOptions
from cardrules.bid_euchre.scoring import HandResult
from cardrules.cards import JOKER, Card, Suit
from cardrules.errors import InvalidArgumentError, UnknownCardError
from cardrules.state import Variant
from cardrules.tricks import TrickRules, TrickTable

__all__ = ["TRUMP_CHOICES", "DeckTables", "Lead", "PlayTables", "Tables"]

TRUMP_CHOICES: Final[tuple[Trump, ...]] = (*Suit, NO_TRUMP)
"""Every trump choice in the order of the trump tables and of the trump actions:
spades, hearts, diamonds, clubs, no-trump."""

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


def _card_chunk(cards: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """The cards of each mask over ``cards`` (one bit per card), for every mask."""
    table: list[tuple[Card, ...]] = [()]
    for m in range(1, 1 << len(cards)):
        high = m.bit_length() - 1
        table.append((*table[m ^ 1 << high], cards[high]))
    return tuple(table)


class DeckTables:
    """The deck of one set of options and the tables that depend on the deck alone.

    Positions number the physical cards of :attr:`cards`; a hand is a bitmask over
    positions. Nothing here depends on how the cards behave in a trick (that is the
    variant's declaration, compiled per variant in :class:`Tables`), so variants with
    the same deck share one instance (:meth:`shared`).

    Attributes:
        cards: The deck, one entry per physical card.
        size: ``len(cards)``.
        double: The double deck (E-38): position ``p + 24`` is the second copy of ``p``.
        position_mask: For each :attr:`~cardrules.Card.index`, the mask of that card's
            positions (two in the double deck, none for a card outside the deck).
        distinct_mask: Mask of the positions of the first copy of each card.

    >>> t = DeckTables(joker=False, double_deck=False)
    >>> t.size, t.cards_of(0b101)
    (24, (Card.parse('9S'), Card.parse('JS')))
    """

    __slots__ = (
        "_cards",
        "_chunks",
        "_halves",
        "cards",
        "distinct_mask",
        "double",
        "position_mask",
        "size",
    )

    def __init__(self, *, joker: bool, double_deck: bool, no_trump: bool = False) -> None:
        # no_trump: accepted for the deprecated spelling of 0.1; the deck does not
        # depend on it.
        self.cards = bid_euchre_deck(joker=joker, double_deck=double_deck)
        self.size = len(self.cards)
        self.double = double_deck
        self._chunks: dict[object, tuple[tuple[tuple[Action, ...], ...], ...]] = {}
        self._halves: dict[object, tuple[tuple[tuple[Action, ...], ...], ...]] = {}
        position_mask = [0] * 79
        for pos, card in enumerate(self.cards):
            position_mask[card.index] |= 1 << pos
        self.position_mask = tuple(position_mask)
        self.distinct_mask = (1 << _DOUBLE_WIDTH) - 1 if double_deck else (1 << self.size) - 1
        # _cards[k][m]: the cards of the 12-bit mask m at positions 12k to 12k + 11.
        self._cards: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
            _card_chunk(self.cards[start : start + 12]) for start in range(0, self.size, 12)
        )

    def mask_of(self, cards: Iterable[Card], used: int = 0) -> int:
        """The position mask of a multiset of cards, each copy taking the lowest
        position free of ``used`` and of the cards before it (as a deal gives the first
        copy to the lower seat, E-38).

        Raises:
            UnknownCardError: a card not in the deck, or more copies than it has.
        """
        mask = 0
        position_mask = self.position_mask
        for card in cards:
            free = (position_mask[card.index] if type(card) is Card else 0) & ~(mask | used)
            if not free:
                raise UnknownCardError(
                    f"{quote(card)} is not in this deck (or more copies than the deck has)",
                    action=card,
                )
            mask |= free & -free
        return mask

    def cards_of(self, mask: int) -> tuple[Card, ...]:
        """The cards at the positions of ``mask``, in position order (12 positions at a
        time, from tables built once: a view reads several hands per call)."""
        chunks = self._cards
        out = chunks[0][mask & 4095]
        mask >>= 12
        k = 1
        while mask:
            out += chunks[k][mask & 4095]
            mask >>= 12
            k += 1
        return out

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
        >>> deck = DeckTables.shared(joker=False, double_deck=False)
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
    def shared(*, joker: bool, double_deck: bool, no_trump: bool = False) -> DeckTables:
        """The tables of this deck, built once per process and shared by variants."""
        return _shared_tables(joker, double_deck)


@functools.cache
def _shared_tables(joker: bool, double_deck: bool) -> DeckTables:
    return DeckTables(joker=joker, double_deck=double_deck)


# The lead of a trick: the kernel's mask of the suit to follow (duty word), the
# effective-suit number led (for the kernel's winner), the leader's seat and the seat
# that plays the trick's last card.
Lead = tuple[int, int, int, int]


class PlayTables:
    """The trick-play tables of one trump choice and sitting-out seat, around the
    kernel of the trump choice's declaration.

    Built once per variant (:class:`Tables`); the engine's hot loop reads the
    attributes directly. Every table is a tuple: states share them across threads.

    Attributes:
        deck: The :class:`DeckTables`.
        table: The :class:`~cardrules.tricks.TrickTable` compiled from the variant's
            declaration for this trump choice.
        kernel: Its kernel, which decides what a player may play (E-19: ``legal_word``)
            and who takes a trick (E-20: ``winner``).
        trump_index: The trump choice's index in :data:`TRUMP_CHOICES`, -1 before trump
            is named.
        trump: The trump choice, or ``None`` for the tables used before trump is named.
        sitting_out: The seat that sits out (E-21), or -1.
        next_seat: For each playing seat, the next playing seat clockwise.
        seat_after: ``seat_after[leader][i]``: the seat that plays the ``i``-th card of
            a trick ``leader`` leads (E-21).
        trick_size: Cards per trick: 4, or 3 with a partner sitting out.
        tricks_per_hand: 6, or 12 with the double deck (E-22).
        leads: ``leads[seat][pos]``: the :data:`Lead` of a trick ``seat`` leads with
            ``pos``, or ``None`` for the joker under no-trump, whose leader names the
            suit (E-37).
        named_leads: ``named_leads[suit][seat]``: the lead of a trick whose leader led
            the joker under no-trump and named ``suit`` (E-37).
        labels: The effective suits' labels by number (the kernel's).
        trumps_by_strength: Masks of the trumps of equal strength, strongest first
            (the "best trump" of the help exchange, E-14).
        joker_no_trump: The joker's position when it is led under no-trump, so that
            its leader names a suit (E-37); -1 otherwise.
        penalize: ``renege_mode == "penalize"`` (E-23).
        plain: A single deck under ``renege_mode="reject"``, the engine's fastest path.
        width: Positions per hand in the packed hands integer.
        full: The mask of one hand's positions.
        shift: For each seat, the offset of its hand in the packed hands integer.
        position_mask: For each :attr:`~cardrules.Card.index`, the mask of that card's
            positions.
        double: The double deck: fold the second copies before :meth:`play_actions`.
    """

    __slots__ = (
        "_a0",
        "_a1",
        "_position",
        "deck",
        "double",
        "full",
        "joker_no_trump",
        "kernel",
        "labels",
        "leads",
        "named_leads",
        "next_seat",
        "penalize",
        "plain",
        "position_mask",
        "seat_after",
        "shift",
        "sitting_out",
        "table",
        "trick_size",
        "tricks_per_hand",
        "trump",
        "trump_index",
        "trumps_by_strength",
        "width",
    )

    def __init__(
        self,
        deck: DeckTables,
        table: TrickTable,
        trump_index: int,
        sitting_out: int,
        *,
        penalize: bool,
    ) -> None:
        self.deck = deck
        self.table = table
        kernel = table.kernel
        self.kernel = kernel
        self.trump_index = trump_index
        self.trump: Trump | None = TRUMP_CHOICES[trump_index] if trump_index >= 0 else None
        self.sitting_out = sitting_out
        self.width = deck.size
        self.full = (1 << deck.size) - 1
        self.shift = tuple(s * deck.size for s in range(4))
        active = [s for s in range(4) if s != sitting_out]
        nxt = [-1] * 4
        for n, s in enumerate(active):
            nxt[s] = active[(n + 1) % len(active)]
        self.next_seat = tuple(nxt)
        self.trick_size = len(active)
        after = []
        for leader in range(4):
            seats = [leader]
            for _ in range(len(active) - 1):
                seats.append(nxt[seats[-1]] if seats[-1] >= 0 else -1)
            after.append(tuple(seats))
        self.seat_after = tuple(after)
        self.tricks_per_hand = 12 if deck.double else 6
        self.position_mask = deck.position_mask
        self.joker_no_trump = (
            deck.cards.index(JOKER) if self.trump is NO_TRUMP and JOKER in deck.cards else -1
        )
        self.penalize = penalize
        self.plain = not penalize and not deck.double
        self.labels = kernel.labels
        self.leads: tuple[tuple[Lead | None, ...], ...] = tuple(
            tuple(
                None
                if pos == self.joker_no_trump
                else (kernel.follow_duty[pos], kernel.suit[pos], seat, self.seat_after[seat][-1])
                for pos in range(deck.size)
            )
            for seat in range(4)
        )
        # E-37: the suits the leader of the joker may name, as the leads they make.
        self.named_leads: FrozenDict[Suit, tuple[Lead, ...]] = FrozenDict(
            {
                label: tuple(
                    (
                        sum(1 << p for p in range(deck.size) if kernel.suit[p] == n),
                        n,
                        seat,
                        self.seat_after[seat][-1],
                    )
                    for seat in range(4)
                )
                for n, label in enumerate(kernel.labels)
                if isinstance(label, Suit)
            }
        )
        trumps = kernel.trump_duty
        strengths = sorted(
            {kernel.key[p] for p in range(deck.size) if trumps >> p & 1}, reverse=True
        )
        self.trumps_by_strength = tuple(
            sum(1 << p for p in range(deck.size) if trumps >> p & 1 and kernel.key[p] == k)
            for k in strengths
        )
        self.double = deck.double
        self._a0, self._a1 = deck._half_tables(Play)
        # By Card.index: the position of the card's first copy (-1 outside the deck).
        self._position = tuple((m & -m).bit_length() - 1 for m in deck.position_mask)

    def play_actions(self, mask: int) -> tuple[Action, ...]:
        """The :class:`~cardrules.Play` actions of ``mask``, one per distinct card."""
        if self.double:
            mask = (mask | mask >> 24) & 0xFFFFFF
        return self._a0[mask & 4095] + self._a1[mask >> 12]

    def led_label(self, led: int) -> Suit:
        """The suit of the effective-suit number ``led`` (the suit led, E-19, E-37)."""
        label = self.labels[led]
        if not isinstance(label, Suit):  # pragma: no cover - the joker's suit is never led
            raise AssertionError(f"suit number {led} is not a suit")
        return label

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


_CLAIM_ACTIONS: Final[tuple[Action, ...]] = (PASS, ClaimAceNoFace())
_PASS_ONLY: Final[tuple[Action, ...]] = (PASS,)


class Tables:
    """Everything the engine needs of one set of options, built once by the variant.

    The engine reads these attributes (never the variant's); the per-card tables are
    the :class:`PlayTables` of the hand's trump, in ``play_tables``.

    Attributes:
        options: The options.
        variant: The variant these tables were built for (the states' ``variant``).
        notation: The variant's :class:`~cardrules.bid_euchre.actions.Notation`, which
            reads actions given as text.
        state_class: The class of the states the variant deals (the public state
            class, handed down by the variant).
        deck: The :class:`DeckTables` of the options' deck, shared by variants.
        penalize: ``renege_mode == "penalize"`` (E-23).
        auction_rules: The :class:`~cardrules.bid_euchre.bidding.AuctionRules`.
        trick_tables: The :class:`~cardrules.tricks.TrickTable` of each allowed trump
            choice (in the order of :data:`TRUMP_CHOICES`), compiled from the
            variant's declarations.
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
        allow_no_trump: No-trump may be named (E-13).
        name_actions: The four suits to name after a lead of the joker (E-37).
        chunks: The 8-bit mask tables of ``Give`` and ``Discard`` actions.
        shuffle_steps: The steps of the double deck's shuffle.
    """

    __slots__ = (
        "ace_no_face",
        "allow_no_trump",
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
        "notation",
        "options",
        "penalize",
        "play_tables",
        "rank_by_id",
        "results",
        "shuffle_steps",
        "state_class",
        "trick_tables",
        "trump_actions",
        "trump_by_id",
        "variant",
    )

    def __init__(
        self,
        options: BidEuchreOptions,
        variant: Variant,
        rules: Sequence[TrickRules],
        notation: Notation,
        state_class: type,
    ) -> None:
        """Compile the tables of ``options``.

        Args:
            options: The options.
            variant: The variant the states belong to.
            rules: The declaration of each allowed trump choice, in the order of
                :data:`TRUMP_CHOICES` (the variant's ``trick_rules``).
            notation: The variant's notation of actions.
            state_class: The class of the states the variant deals.

        Raises:
            InvalidArgumentError: a declaration that is not one of this deck, or that
                makes a card belong to no suit (every Bid Euchre card leads a suit).
        """
        self.options = options
        self.variant = variant
        self.notation = notation
        self.state_class = state_class
        self.deck = deck = DeckTables.shared(joker=options.joker, double_deck=options.double_deck)
        self.penalize = penalize = options.renege_mode == "penalize"
        self.auction_rules = AuctionRules(options)
        choices = TRUMP_CHOICES if options.allow_no_trump else TRUMP_CHOICES[:4]
        if len(rules) != len(choices):
            raise InvalidArgumentError(f"one declaration per trump choice: {len(choices)}")
        for declared in rules:
            given: object = declared  # a subclass's hook may return anything
            if not isinstance(given, TrickRules) or declared.cards != deck.cards:
                raise InvalidArgumentError(
                    f"a trick declaration of this deck, not {quote(declared)}"
                )
            if declared.exempt or any(declared.suit_of.get(c) is None for c in deck.cards):
                raise InvalidArgumentError(
                    "every Bid Euchre card belongs to a suit: no card may be exempt"
                )
        self.trick_tables: tuple[TrickTable, ...] = tuple(TrickTable(r) for r in rules)
        self.idle = PlayTables(deck, self.trick_tables[0], -1, -1, penalize=penalize)
        self.results: dict[int, HandResult] = {}
        self.play_tables: tuple[tuple[PlayTables, ...], ...] = tuple(
            tuple(
                PlayTables(deck, table, t, sitting, penalize=penalize) for sitting in range(-1, 4)
            )
            for t, table in enumerate(self.trick_tables)
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
        self.allow_no_trump = options.allow_no_trump
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
