"""The French Tarot engine's tables (private): cards as two words, the actions of a set of
cards, and :class:`Tables`, what one variant compiles to.

Cards inside Tarot states are *positions* in bit masks. The Tarot deck is laid out in
the core's card order, so a card's position is its :attr:`~cardrules.Card.index`: the 56
suit cards (spades, hearts, diamonds, clubs, ace to king, knights included), then the
trumps ``1T`` … ``21T`` at positions 56 … 76, then the Excuse at 77. A set of cards is
held in the trick kernel's two words (see :mod:`cardrules._tricks`), each below
``2**62``: the **side word**, bit ``p`` for the suit card at position ``p``, and the
**duty word**, bit ``p - 56`` for the trump or the Excuse at position ``p``.

Nothing here depends on how cards behave in a trick (T-22 … T-24): that is the
variant's declaration (``TarotVariant.trick_rules``), compiled by :class:`Tables` into a
:class:`~cardrules._tricks.TrickKernel` when the variant is built. Everything else here
is computed once, at import, and read by the engine (``_engine``) and the states;
nothing changes afterwards except the bounded memos of legal play actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from cardrules._tricks import TrickKernel
from cardrules.actions import Action, Pass, Play
from cardrules.cards import EXCUSE as EXCUSE_CARD
from cardrules.cards import Card, CardKind, Rank
from cardrules.errors import OptionsError
from cardrules.tarot.actions import (
    CALLABLE_RANKS,
    NUM_ACTIONS,
    AnnounceChelem,
    Bid,
    Call,
    DeclarePoignee,
    Discard,
    action_from_id,
)
from cardrules.tarot.bidding import Contract
from cardrules.tarot.cards import TAROT_DECK
from cardrules.tarot.options import TarotOptions
from cardrules.tarot.phases import Phase
from cardrules.tarot.scoring import PoigneeLevel
from cardrules.tricks import TrickRules, TrickTable

if TYPE_CHECKING:
    from cardrules.tarot.state import TarotState
    from cardrules.tarot.variant import TarotVariant

__all__ = ["Phase", "Tables"]  # Phase: where pickles of 0.2 look for it

# -- the two words -----------------------------------------------------------------------

SPLIT: Final = Card.trump(1).index
"""The position of the first trump: positions from here on are in the duty word."""
DECK_SIZE: Final = len(TAROT_DECK)
SIDE_ALL: Final = (1 << SPLIT) - 1
"""The side word of every suit card."""
TRUMPS: Final = (1 << 21) - 1
"""The duty word of the 21 trumps."""
EXCUSE: Final = 1 << (EXCUSE_CARD.index - SPLIT)
"""The duty word of the Excuse."""
EXCUSE_POS: Final = EXCUSE_CARD.index
PETIT: Final = 1
"""The duty word of the Petit (1T)."""
TWENTY_ONE: Final = 1 << 20
BOUTS: Final = PETIT | TWENTY_ONE | EXCUSE
"""The duty word of the three bouts (T-5)."""
MID_TRUMPS: Final = TRUMPS & ~BOUTS
"""T-15c: the trumps that may go to the écart when nothing else can (2T … 20T)."""
DUTY_ALL: Final = TRUMPS | EXCUSE

# The bits of each position in each word; the joker (index 78), not a Tarot card, has
# none, so that apply sends it to the full check (UnknownCardError) at no cost.
SIDE_BIT: Final = (*(1 << p if p < SPLIT else 0 for p in range(DECK_SIZE)), 0)
DUTY_BIT: Final = (*(1 << (p - SPLIT) if p >= SPLIT else 0 for p in range(DECK_SIZE)), 0)
ONE: Final = tuple((p,) for p in range(DECK_SIZE))
"""``(p,)`` for each position: a trick grows by one shared tuple."""


def _side_of_rank(rank: Rank) -> int:
    return sum(1 << c.index for c in TAROT_DECK if c.kind is CardKind.SUIT and c.rank == rank)


SUITS: Final = tuple(sum(1 << (14 * s + r) for r in range(14)) for s in range(4))
"""The side word of each suit, spades first."""
KINGS: Final = _side_of_rank(Rank.KING)
PLAIN_NON_KING: Final = SIDE_ALL & ~KINGS
"""T-15: what the écart is made of first."""
# T-4, in half points: bouts and kings 9, queens 7, knights 5, jacks 3, any other card 1.
_SEVEN: Final = _side_of_rank(Rank.QUEEN)
_FIVE: Final = _side_of_rank(Rank.KNIGHT)
_THREE: Final = _side_of_rank(Rank.JACK)
LOW: Final = SIDE_ALL & ~(KINGS | _SEVEN | _FIVE | _THREE)
"""The suit cards worth half a point (T-4), which T-25 hands over for the Excuse."""


def points(side: int, duty: int) -> int:
    """T-4: the half points of the cards ``(side, duty)``."""
    return (
        9 * ((side & KINGS).bit_count() + (duty & BOUTS).bit_count())
        + 7 * (side & _SEVEN).bit_count()
        + 5 * (side & _FIVE).bit_count()
        + 3 * (side & _THREE).bit_count()
        + (side & LOW).bit_count()
        + (duty & MID_TRUMPS).bit_count()
    )


def _cards_of(mask: int, first: int) -> tuple[Card, ...]:
    out = []
    while mask:
        low = mask & -mask
        out.append(TAROT_DECK[first + low.bit_length() - 1])
        mask ^= low
    return tuple(out)


# The cards of the side words of one suit, and of the duty words, met so far, up to
# MEMO_SIZE of them each (then no more are added): a hand's suits and trumps come back
# deal after deal.
_SUIT_CARDS: Final[dict[int, tuple[Card, ...]]] = {}
_DUTY_CARDS: Final[dict[int, tuple[Card, ...]]] = {}
MEMO_SIZE: Final = 1 << 15


def cards(side: int, duty: int) -> tuple[Card, ...]:
    """The cards of ``(side, duty)``, in card order."""
    out: tuple[Card, ...] = ()
    if side:
        get = _SUIT_CARDS.get
        for suit in SUITS:
            part = side & suit
            if part:
                found = get(part)
                if found is None:
                    found = _cards_of(part, 0)
                    if len(_SUIT_CARDS) < MEMO_SIZE:
                        _SUIT_CARDS[part] = found
                out += found
    if duty:
        found = _DUTY_CARDS.get(duty)
        if found is None:
            found = _cards_of(duty, SPLIT)
            if len(_DUTY_CARDS) < MEMO_SIZE:
                _DUTY_CARDS[duty] = found
        out += found
    return out


def words(mask: int) -> tuple[int, int]:
    """A mask over the 78 positions as its ``(side, duty)`` words."""
    return mask & SIDE_ALL, mask >> SPLIT


def joined(side: int, duty: int) -> int:
    """The mask over the 78 positions of ``(side, duty)``."""
    return side | duty << SPLIT


def positions(side: int, duty: int) -> list[int]:
    """The positions of ``(side, duty)``, in card order."""
    out = []
    while side:
        low = side & -side
        out.append(low.bit_length() - 1)
        side ^= low
    while duty:
        low = duty & -duty
        out.append(SPLIT + low.bit_length() - 1)
        duty ^= low
    return out


def ecart_legal(side: int, duty: int, remaining: int) -> tuple[int, int]:
    """T-15: the cards of a hand ``(side, duty)`` that keep the écart legal as the next
    of ``remaining`` cards: kings and bouts never; a trump only when the plain non-king
    cards left cannot fill the remaining places (T-15c)."""
    plain = side & PLAIN_NON_KING
    if plain.bit_count() >= remaining:
        return plain, 0
    return plain, duty & MID_TRUMPS


# -- the actions of a set of cards -------------------------------------------------------

PLAYS: Final = tuple(Play(c) for c in TAROT_DECK)
"""The play of each position."""
DISCARDS: Final = tuple(Discard(c) for c in TAROT_DECK)
"""The single-card discard of each position."""
CALLABLE_BY_RANK: Final = tuple(
    (rank, _side_of_rank(rank), tuple(Call(c) for c in TAROT_DECK if c.rank == rank and c.suit))
    for rank in CALLABLE_RANKS
)
"""T-42: each callable rank, the side word of its four cards and their calls."""
ANNOUNCE_ACTIONS: Final = (AnnounceChelem(), Pass())
PASS: Final = Pass()
# Every action with an id, by id, and the id of each (the canonical ones: a declaration
# showing chosen cards shares its level's id).
BY_ID: Final[tuple[Action, ...]] = tuple(action_from_id(i) for i in range(NUM_ACTIONS))
ID_OF: Final[dict[Action, int]] = {a: i for i, a in enumerate(BY_ID)}


def _chunk_tables(
    actions: Sequence[Action], width: int = 8
) -> tuple[tuple[tuple[Action, ...], ...], ...]:
    """``tables[k][b]``: the actions of positions ``width * k + j`` for the bits ``j`` of
    ``b`` (``width`` bits a chunk)."""
    n = len(actions)
    return tuple(
        tuple(
            tuple(
                [actions[width * k + j] for j in range(width) if b >> j & 1 and width * k + j < n]
            )
            for b in range(1 << width)
        )
        for k in range((n + width - 1) // width)
    )


_DISCARD_SIDE: Final = _chunk_tables(DISCARDS[:SPLIT])
_DISCARD_DUTY: Final = _chunk_tables(DISCARDS[SPLIT:])

# The play actions of a side word, joined from the play actions of each suit's cards,
# kept by the suit's 14 bits as they are met (at most 4 * 2**14 of them; () until then):
# reading a list needs no hashing of the word (and no probe of a large table), and is a
# native index in the compiled build.
_SUIT_BITS: Final = (1 << 14) - 1
_NOT_MET: tuple[Action, ...] = ()
_SUIT_PLAYS: Final = tuple([_NOT_MET] * (1 << 14) for _ in range(4))
_P0: Final = _SUIT_PLAYS[0]
_P1: Final = _SUIT_PLAYS[1]
_P2: Final = _SUIT_PLAYS[2]
_P3: Final = _SUIT_PLAYS[3]


# The play actions of each suit's cards by its 7 low, then 7 high bits.
_HALVES: Final = _chunk_tables(PLAYS[:SPLIT], 7)


def _suit_plays(suit: int, part: int) -> tuple[Action, ...]:
    """The play actions of the cards ``part`` (14 bits) of the suit number ``suit``."""
    acts = _HALVES[2 * suit][part & 127] + _HALVES[2 * suit + 1][part >> 7]
    _SUIT_PLAYS[suit][part] = acts
    return acts


# The play actions of a duty word (the 21 trumps, then the Excuse) by its 11 low, then
# its 11 high bits.
_DUTY_HALVES: Final = _chunk_tables(PLAYS[SPLIT:], 11)
_DUTY_LOW: Final = _DUTY_HALVES[0]
_DUTY_HIGH: Final = _DUTY_HALVES[1]


def play_actions(side: int, duty: int) -> tuple[Action, ...]:
    """The play actions of the cards ``(side, duty)``, in card order: each suit's, then
    the trumps and the Excuse."""
    acts: tuple[Action, ...] = ()
    if side:
        part = side & _SUIT_BITS
        if part:
            acts = _P0[part] or _suit_plays(0, part)
        part = side >> 14 & _SUIT_BITS
        if part:
            acts += _P1[part] or _suit_plays(1, part)
        part = side >> 28 & _SUIT_BITS
        if part:
            acts += _P2[part] or _suit_plays(2, part)
        part = side >> 42
        if part:
            acts += _P3[part] or _suit_plays(3, part)
    if duty:
        acts += _DUTY_LOW[duty & 2047] + _DUTY_HIGH[duty >> 11]
    return acts


def discard_actions(side: int, duty: int) -> tuple[Action, ...]:
    """The single-card discards of ``(side, duty)``, in card order."""
    acts: tuple[Action, ...] = ()
    for table, byte in zip(_DISCARD_SIDE, side.to_bytes(7, "little"), strict=True):
        acts += table[byte]
    for table, byte in zip(_DISCARD_DUTY, duty.to_bytes(3, "little"), strict=True):
        acts += table[byte]
    return acts


# -- one variant ------------------------------------------------------------------------

# T-8: cards per player, packet size and chien size by the number of players.
LAYOUT: Final = {4: (18, 3, 6), 3: (24, 4, 6), 5: (15, 3, 3)}
_BIDS: Final = tuple(Bid(c) for c in Contract)
_BID_ACTIONS: Final[tuple[tuple[Action, ...], ...]] = tuple(
    (Pass(), *_BIDS[k:]) for k in range(len(_BIDS) + 1)
)

# The declarations compiled so far, by identity (a declaration is not hashable: its
# cards' suits and strengths are mappings); kept so that their ids stay theirs.
_COMPILED: Final[dict[int, tuple[TrickRules, TrickTable]]] = {}


def compile_rules(rules: TrickRules) -> TrickTable:
    """``rules`` compiled, once per declaration object; checked to lay the Tarot deck out
    as the engine reads it.

    Raises:
        OptionsError: ``rules`` is not a declaration over the Tarot deck, in position
            order, with the 21 trumps as its trump suit.
    """
    found = _COMPILED.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    if not isinstance(rules, TrickRules):
        raise OptionsError(f"trick_rules must be a TrickRules, not {type(rules).__name__}")
    if rules.cards != TAROT_DECK:
        raise OptionsError("French Tarot's trick_rules must declare the Tarot deck, in order")
    table = TrickTable(rules)
    kernel = table.kernel
    if kernel.split != SPLIT or kernel.trump_side or kernel.trump_duty != TRUMPS:
        raise OptionsError("French Tarot's trick_rules must make the 21 trumps its trump suit")
    if len(_COMPILED) < 64:
        _COMPILED[id(rules)] = (rules, table)
    return table


class Tables:
    """What the engine reads of one variant, compiled once from its options and its
    trick declaration.

    Attributes:
        options: The options compiled.
        variant: The variant, which every state of its deals gives as its own.
        state: The class of every state: the engine fills a plain ``Core`` and gives it
            this class (bound once, here, rather than imported by the engine).
        table: The variant's trick declaration compiled (T-22 … T-24), for the errors of
            the full check and the helpers.
        kernel: Its kernel, the one decision of follow, trump and overtrump and of the
            winner, which every path of the engine calls.
        players: The number of seats (T-1).
        hand_size: The cards dealt to each seat (T-8), also the number of tricks.
        packet: The cards of a dealing packet (T-8).
        chien_size: The cards of the chien (T-8).
        tricks: The tricks of a deal.
        next: ``next[seat]``, the seat after ``seat`` (T-1).
        thresholds: The trumps of a simple, double and triple poignée (T-18).
        bid_actions: The auction's legal actions by the highest contract's value (0 for
            none): ``pass``, then the contracts above it (T-10).
        declaration_levels: The poignée levels open to a seat with this many trumps and
            Excuse, 0 to 22 (T-18, T-20).
        declarations: Their canonical declarations, as the legal actions list them.
    """

    __slots__ = (
        "bid_actions",
        "chien_size",
        "declaration_levels",
        "declarations",
        "hand_size",
        "kernel",
        "next",
        "options",
        "packet",
        "players",
        "state",
        "table",
        "thresholds",
        "tricks",
        "variant",
    )

    options: TarotOptions
    variant: TarotVariant
    state: type[TarotState]
    table: TrickTable
    kernel: TrickKernel
    players: int
    hand_size: int
    packet: int
    chien_size: int
    tricks: int
    next: tuple[int, ...]
    thresholds: tuple[int, int, int]
    bid_actions: tuple[tuple[Action, ...], ...]
    declaration_levels: tuple[tuple[PoigneeLevel, ...], ...]
    declarations: tuple[tuple[Action, ...], ...]

    def __init__(
        self,
        options: TarotOptions,
        *,
        variant: TarotVariant,
        state: type[TarotState],
        rules: TrickRules,
    ) -> None:
        n = options.players
        self.options = options
        self.variant = variant
        self.state = state
        self.table = compile_rules(rules)
        self.kernel = self.table.kernel
        self.players = n
        self.hand_size, self.packet, self.chien_size = LAYOUT[n]
        self.tricks = self.hand_size
        self.next = tuple((s + 1) % n for s in range(n))
        self.thresholds = options.poignee_thresholds[n]
        self.bid_actions = _BID_ACTIONS
        self.declaration_levels = tuple(
            tuple(lv for lv in PoigneeLevel if self.thresholds[lv - 1] <= k) for k in range(23)
        )
        self.declarations = tuple(
            tuple(DeclarePoignee(lv) for lv in levels) for levels in self.declaration_levels
        )
