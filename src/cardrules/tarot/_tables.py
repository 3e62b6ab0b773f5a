"""The French Tarot engine's tables (private): cards as bits, the actions of bit masks,
and :class:`Tables`, what one option set compiles to.

Cards inside Tarot states are *positions* in bitmasks. The Tarot deck is laid out in the
core's card order, so a card's position is its :attr:`~cardrules.Card.index`: the 56
suit cards (spades, hearts, diamonds, clubs, ace to king, knights included), then the
trumps ``1T`` … ``21T`` at positions 56 … 76, then the Excuse at 77.

Everything here is computed once, at import or when a variant is built, and read by the
engine (``_engine``), the states and their views; nothing here changes afterwards except
the bounded memo of legal play actions.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from cardrules.actions import Action, Pass, Play
from cardrules.cards import EXCUSE, Card, CardKind, Rank
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
from cardrules.tarot.cards import TAROT_DECK, TAROT_TRICK_RULES
from cardrules.tarot.options import TarotOptions
from cardrules.tarot.scoring import PoigneeLevel
from cardrules.tricks import TrickTable

if TYPE_CHECKING:
    from cardrules.tarot.state import TarotState
    from cardrules.tarot.variant import TarotVariant


class Phase(enum.Enum):
    """The phases of a deal, in order."""

    BIDDING = "bidding"
    CALL = "call"
    ECART = "ecart"
    ANNOUNCE = "announce"
    PLAY = "play"
    END = "end"


# -- position masks (the Tarot deck's positions are the cards' indices) ---------------

# The compiled TAROT_TRICK_RULES: legal-card masks and trick winners (T-22 … T-24).
_T: Final[TrickTable] = TAROT_TRICK_RULES.compile()
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


# -- play tables: what each card does to a trick -----------------------------------------

# The bit of each card, by ``Card.index``; the joker (index 78), not a Tarot card, has
# none, so that ``apply`` sends it to the full check (UnknownCardError) at no cost.
_BIT: Final = (*(1 << p for p in range(len(TAROT_DECK))), 0)
# The trumps still above the best trump after each card: ``over & _OVER[pos]``. A trump
# below the best leaves ``over`` as it is, since its higher trumps include ``over``.
_OVER: Final = tuple(_ABOVE[p] if _TRUMPS >> p & 1 else _DECK_MASK for p in range(len(TAROT_DECK)))
_ONE: Final = tuple((p,) for p in range(len(TAROT_DECK)))
# The cards that must follow each card when it sets the suit led (T-22): its suit's, or
# the trumps; none for the Excuse, which sets no suit (T-23).
_FOLLOW: Final = tuple(_SUIT_MASK[s] if s >= 0 else 0 for s in _SUIT)


# -- action tables: the actions of a set of positions ------------------------------------

_PLAYS: Final = tuple(Play(c) for c in TAROT_DECK)
_CALLABLE_BY_RANK: Final = tuple(
    (rank, _rank_mask(rank), tuple(Call(c) for c in TAROT_DECK if c.rank == rank and c.suit))
    for rank in CALLABLE_RANKS
)
_ANNOUNCE_ACTIONS: Final = (AnnounceChelem(), Pass())
_PASS: Final = Pass()
# Every action with an id, by id, and the id of each (the canonical ones: a declaration
# showing chosen cards shares its level's id).
_BY_ID: Final[tuple[Action, ...]] = tuple(action_from_id(i) for i in range(NUM_ACTIONS))
_ID_OF: Final[dict[Action, int]] = {a: i for i, a in enumerate(_BY_ID)}


class _ActionTable:
    """The actions of a set of positions, in card order, from one table per byte."""

    __slots__ = ("bytes", "single")

    def __init__(self, actions: Sequence[Action]) -> None:
        n = len(actions)
        self.single: tuple[tuple[Action], ...] = tuple((a,) for a in actions)
        # bytes[k][b]: the actions of the positions 8k + j for the bits j of b.
        self.bytes: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
            tuple(
                tuple(actions[8 * k + j] for j in range(8) if b >> j & 1 and 8 * k + j < n)
                for b in range(256)
            )
            for k in range(_MASK_BYTES)
        )

    def of(self, mask: int) -> tuple[Action, ...]:
        """The actions of the positions in ``mask``, in card order."""
        low = mask & -mask
        if low == mask:
            return self.single[low.bit_length() - 1] if mask else ()
        acts: tuple[Action, ...] = ()
        for table, byte in zip(self.bytes, mask.to_bytes(_MASK_BYTES, "little"), strict=True):
            acts += table[byte]
        return acts


_MASK_BYTES: Final = (len(TAROT_DECK) + 7) // 8
_PLAY_ACTIONS: Final = _ActionTable(_PLAYS)
# One name per byte table: _group_actions reads them unrolled, the quickest way found.
_B0, _B1, _B2, _B3, _B4, _B5, _B6, _B7, _B8, _B9 = _PLAY_ACTIONS.bytes
# The actions of the masks of one suit or of the trumps (the Excuse allowed) met so far,
# up to _MEMO_SIZE of them (then no more are added): when a seat follows a suit or trumps,
# its legal cards are a few cards of one suit, and the same masks come back deal after
# deal. A lead's mask spans suits and seldom comes back: it is joined from the entries of
# its suits and not kept itself.
_PLAY_MEMO: Final[dict[int, tuple[Action, ...]]] = {1 << p: (a,) for p, a in enumerate(_PLAYS)}
_MEMO_SIZE: Final = 1 << 15
# For each position, the cards outside its suit (the trumps for a trump), the Excuse aside.
_OTHER_SUITS: Final = tuple(
    _DECK_MASK ^ _EXB ^ (_SUIT_MASK[s] if s >= 0 else _TRUMPS) for s in _SUIT
)


def _group_actions(mask: int) -> tuple[Action, ...]:
    """``_PLAY_ACTIONS.of(mask)`` for the cards of one suit or of the trumps (and the
    Excuse), remembered."""
    # Unrolled: there are 10 bytes.
    d = mask.to_bytes(10, "little")
    acts = (
        _B0[d[0]]
        + _B1[d[1]]
        + _B2[d[2]]
        + _B3[d[3]]
        + _B4[d[4]]
        + _B5[d[5]]
        + _B6[d[6]]
        + _B7[d[7]]
        + _B8[d[8]]
        + _B9[d[9]]
    )
    if len(_PLAY_MEMO) < _MEMO_SIZE:
        _PLAY_MEMO[mask] = acts
    return acts


_S0, _S1, _S2, _S3 = _SUIT_MASK[:4]
_TRUMPS_AND_EXCUSE: Final = _TRUMPS | _EXB


def _play_actions(mask: int) -> tuple[Action, ...]:
    """``_PLAY_ACTIONS.of(mask)``: the actions of each suit's cards, then of the trumps and
    the Excuse, each group remembered."""
    get = _PLAY_MEMO.get
    acts: tuple[Action, ...] = ()
    part = mask & _S0
    if part:
        acts = get(part) or _group_actions(part)
    part = mask & _S1
    if part:
        acts += get(part) or _group_actions(part)
    part = mask & _S2
    if part:
        acts += get(part) or _group_actions(part)
    part = mask & _S3
    if part:
        acts += get(part) or _group_actions(part)
    part = mask & _TRUMPS_AND_EXCUSE
    if part:
        acts += get(part) or _group_actions(part)
    return acts


def _follow_actions(mask: int) -> tuple[Action, ...]:
    """The actions of a follower's legal mask not yet remembered: remembered too when it
    is one suit and the Excuse (a mask of one group is remembered by _play_actions)."""
    acts = _play_actions(mask)
    low = mask & -mask
    if not mask & _OTHER_SUITS[low.bit_length() - 1] and len(_PLAY_MEMO) < _MEMO_SIZE:
        _PLAY_MEMO[mask] = acts
    return acts


_DISCARD_ACTIONS: Final = _ActionTable([Discard(c) for c in TAROT_DECK])


# -- one option set ----------------------------------------------------------------------

# T-8: cards per player, packet size and chien size by the number of players.
_LAYOUT: Final = {4: (18, 3, 6), 3: (24, 4, 6), 5: (15, 3, 3)}
_BIDS: Final = tuple(Bid(c) for c in Contract)
_BID_ACTIONS: Final[tuple[tuple[Action, ...], ...]] = tuple(
    (Pass(), *_BIDS[k:]) for k in range(len(_BIDS) + 1)
)


class Tables:
    """What the engine reads of one variant, compiled once from its options.

    Attributes:
        options: The options compiled.
        variant: The variant, which every state of its deals gives as its own.
        state: The class of every state: the engine fills a plain ``Core`` and gives it
            this class (bound once, here, rather than imported by the engine).
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
        "next",
        "options",
        "packet",
        "players",
        "state",
        "thresholds",
        "tricks",
        "variant",
    )

    options: TarotOptions
    variant: TarotVariant
    state: type[TarotState]
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
        self, options: TarotOptions, *, variant: TarotVariant, state: type[TarotState]
    ) -> None:
        n = options.players
        self.options = options
        self.variant = variant
        self.state = state
        self.players = n
        self.hand_size, self.packet, self.chien_size = _LAYOUT[n]
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
