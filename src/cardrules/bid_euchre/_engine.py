"""The Bid Euchre engine: the state storage, every state construction, the phase
transitions, the fast play step and the bulk playout loop.

Private: ``state.py`` builds the public :class:`~cardrules.bid_euchre.BidEuchreState` on
:class:`Core`, and ``playout.py`` calls :func:`playout`. The checks and their errors are
the state's (``BidEuchreState._validate`` and its ``_check_*``); the fast paths of
:meth:`Core.apply` take only the actions the tables list as legal, and everything else
goes through those checks before a transition here (``_transition``, the ``_do_*``
methods). The tables of ``_tables.py`` are read into locals once per call.

A state is an instance of the plain slots class :class:`Core`, filled in and then given
the final state class (the one construction trick, here only): the variant hands that
class to :func:`root_state`, which keeps it in the hand's shared facts (``_Hand.cls``),
and every later state takes it from there.

Inside a state the cards are positions in bitmasks. The hands as dealt, after the
discard and after the help exchange are among the hand's slow-changing facts, shared
by the states (a mask per seat, and the four packed in one integer, each seat's mask
shifted by ``seat * deck size``); each state keeps the mask of the cards not played
yet. The legal actions are computed once, when the state is built.

Each play rule is one declaration in ``_tables.py``, read by every path here: the
suit to follow (E-17, E-19: ``hand & follow or hand``), the strengths (E-16, E-20, E-38:
``key > best``), the seats that play (E-21: ``next_seat``), the suit named for the
joker (E-37: ``_named4``). The fast step of :meth:`Core.apply` (one deck, reneges
refused), :meth:`Core._play_any` (every option) and the two loops of the playout
(whole tricks of one deck, and every option from any point of a trick) each write the
two one-line expressions inline, by design: a call per card would cost more than the
card, and the equivalence tests (``test_euchre_fast_paths.py``) hold them together.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import ClassVar, Final, Self, TypeAlias, TypeVar, overload

from cardrules._util import mypyc_attr
from cardrules.actions import Action, Play
from cardrules.bid_euchre._tables import TRUMP_CHOICES, Phase, PlayTables, Tables
from cardrules.bid_euchre.actions import (
    Bid,
    ClaimAceNoFace,
    Discard,
    Give,
    NameSuit,
    NameTrump,
)
from cardrules.bid_euchre.bidding import Auction, ContractKind
from cardrules.bid_euchre.options import BidEuchreOptions
from cardrules.bid_euchre.play import Renege
from cardrules.bid_euchre.scoring import HandResult, VoidReason
from cardrules.cards import Suit
from cardrules.errors import (
    IllegalActionError,
    NotationError,
)

__all__ = ["Core", "partner_choices", "playout", "restore", "root_state"]

# A state class built on Core: the engine's functions return the class of the parent.
C = TypeVar("C", bound="Core")


_DISCARD: Final = Phase.DISCARD
_CLAIM: Final = Phase.CLAIM
_AUCTION: Final = Phase.AUCTION
_TRUMP: Final = Phase.TRUMP
_EXCHANGE: Final = Phase.EXCHANGE
_PLAY: Final = Phase.PLAY
_NAME_SUIT: Final = Phase.NAME_SUIT
_END: Final = Phase.END
# The finished tricks (leader, positions, winner, EW's tricks so far, the follow mask of
# the suit named for a joker led under no-trump or 0) and the trick under way as
# (seat, position) pairs.
_Record: TypeAlias = tuple[
    tuple[tuple[int, tuple[int, ...], int, int, int], ...], tuple[tuple[int, int], ...]
]
# The _lead of a state with no trick under way, or before the suit is named (E-37).
_NO_LEAD: Final[tuple[int, tuple[int, ...]]] = (0, ())
# The phases the playout plays in its loops, without building states (a tuple: ``in``
# finds them by identity, without hashing).
_BULK_PHASES: Final[tuple[Phase, ...]] = (_AUCTION, _TRUMP, _EXCHANGE, _PLAY)


class _Hand:
    """The facts of a hand that change only a few times per hand, shared between states.

    Never modified once a state refers to it: :meth:`copy`, then set fields.
    """

    __slots__ = (
        "claimant",
        "claims",
        "cls",
        "dealer",
        "dealt",
        "discard",
        "given",
        "hands",
        "held",
        "phase",
        "play",
        "reneges",
        "result",
        "returned",
        "tables",
        "trump",
    )

    tables: Tables
    # The final state class, handed over by the variant (see root_state).
    cls: type[Core]
    phase: Phase
    dealer: int
    dealt: int
    claims: int
    claimant: int
    trump: int
    discard: int
    given: int
    returned: int
    reneges: tuple[Renege, ...]
    result: HandResult | None
    play: PlayTables
    # The hands after the deal, discard and exchange: packed, and one mask per seat.
    # The cards played are taken out by the state's _left, not here.
    hands: int
    held: tuple[int, int, int, int]

    def copy(self) -> _Hand:
        n = _Hand()
        n.tables = self.tables
        n.cls = self.cls
        n.phase = self.phase
        n.dealer = self.dealer
        n.dealt = self.dealt
        n.claims = self.claims
        n.claimant = self.claimant
        n.trump = self.trump
        n.discard = self.discard
        n.given = self.given
        n.returned = self.returned
        n.reneges = self.reneges
        n.result = self.result
        n.play = self.play
        n.hands = self.hands
        n.held = self.held
        return n

    def set_hands(self, hands: int) -> None:
        """Set the packed hands and the mask of each seat (on a fresh copy only)."""
        p = self.play
        self.hands = hands
        self.held = (
            hands & p.full,
            hands >> p.shift[1] & p.full,
            hands >> p.shift[2] & p.full,
            hands >> p.shift[3] & p.full,
        )


# The state class derives from it (see cardrules.bid_euchre.state), also in the compiled
# build.
@mypyc_attr(allow_interpreted_subclasses=True)
class Core:
    """The storage of a state and its fast paths: ``apply`` of a legal card or call,
    ``legal_actions``, ``is_legal`` and ``check`` of a card.

    ``BidEuchreState`` derives from it and from the core ``StateBase``; everything but
    the fast paths falls back to the state's checks (``_validate``) and to the
    transitions here. A state is built as an instance of this plain class (calling it:
    no ``__init__``, the cheapest way to a new instance), then given its final class.
    """

    # Few fields, each set on every card played: the phase, the play tables and the
    # hands live in the shared _Hand.
    __slots__ = (
        "_act",
        "_acts",
        "_auction",
        "_best",
        "_done",
        "_h",
        "_lead",
        "_left",
        "_legal",
        "_memo",
        "_n",
        "_parent",
        "_to_play",
        "is_terminal",
    )

    _h: _Hand
    _auction: Auction
    _parent: Self | None
    _act: Action | None
    # The seat to act, -1 once the hand is over (the state's to_play gives None).
    _to_play: int
    is_terminal: bool
    # The positions not played yet, the legal positions and their actions.
    _left: int
    _legal: int
    _acts: tuple[Action, ...]
    # The trick under way: the number of cards played to it; the mask of the suit to
    # follow and the keys of its cards (PlayTables._keys4), _NO_LEAD when no trick is
    # under way or the suit is not named yet; the best key plus the seat that played it
    # (the last trick's once it is finished, until the next lead).
    _n: int
    _lead: tuple[int, tuple[int, ...]]
    _best: int
    # The tricks finished, times 16, plus those EW won. The cards of the tricks are
    # read from the history when asked for, and kept in _memo (never set when the
    # state is built: see _record).
    _done: int
    _memo: _Record

    # The checks, the state class's (state.py): every action but the fast paths of
    # apply goes through them.
    _validate: ClassVar[Callable[[Core, object, object], tuple[Action, int]]]
    _check_give: ClassVar[Callable[[Core, Give, int], None]]

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions the seat to play may take (empty once the hand is over).

        The order is fixed: cards in deck order; pass first, then the bids upward;
        the trump choices spades, hearts, diamonds, clubs, no-trump; pass, then claim.
        """
        return self._acts

    # is_legal, check and apply: typed for callers, while the implementations take any
    # object, so that bad input gets the library's errors in the compiled build too (its
    # functions check the declared types of their arguments: a TypeError otherwise).
    @overload
    def is_legal(self, action: Action | str | int, seat: None = None) -> bool: ...
    @overload
    def is_legal(self, action: Action | str | int, seat: int | None = None) -> bool: ...
    def is_legal(self, action: object, seat: object = None) -> bool:
        """True if :meth:`apply` would accept ``action`` from ``seat`` (never raises)."""
        if type(action) is Play and seat is None:
            return bool(self._legal & self._h.play.position_mask[action.card.index])
        try:
            # Past the fast path above, check's own would not pass either.
            self._validate(action, seat)
        except (IllegalActionError, NotationError):
            return False
        return True

    @overload
    def check(self, action: Action | str | int, seat: None = None) -> None: ...
    @overload
    def check(self, action: Action | str | int, seat: int | None = None) -> None: ...
    def check(self, action: object, seat: object = None) -> None:
        """Raise the specific error if ``action`` is illegal; else return ``None``.

        Raises:
            IllegalActionError: the subclass that says why (see :meth:`apply`).
            NotationError: ``action`` is text that is not an action's notation.
        """
        if (
            type(action) is Play
            and seat is None
            and self._legal & self._h.play.position_mask[action.card.index]
        ):
            return
        self._validate(action, seat)

    # -- apply --------------------------------------------------------------------------

    # The hot path is written out inline for speed: PLR0912, PLR0915.
    @overload
    def apply(self, action: Action | str | int, seat: None = None) -> Self: ...
    @overload
    def apply(self, action: Action | str | int, seat: int | None = None) -> Self: ...
    def apply(self, action: object, seat: object = None) -> Self:  # noqa: PLR0912, PLR0915
        """Check ``action`` (or its notation) and return the state after it.

        Args:
            action: The action, or its notation (parsed with the variant's
                ``parse_action``).
            seat: The seat claiming to act; ``None`` for the seat to play.

        Returns:
            The next state; ``self`` is never modified.

        Raises:
            GameOverError: the hand is over.
            NotYourTurnError: ``seat`` is not the seat to act (a partner sitting out
                never is, E-21).
            InvalidSeatError: ``seat`` is not an int from 0 to 3.
            InvalidActionError: ``action`` is not a Bid Euchre action.
            NotationError: ``action`` is text that is not an action's notation.
            WrongPhaseError: an action this phase does not take.
            UnknownCardError: a card outside this game's deck.
            CardNotInHandError: a card the acting seat does not hold.
            MustFollowSuitError: a card that does not follow suit (E-19) under
                ``renege_mode="reject"``.
            BidError: a bid that is too low or does not exist, or a pass by a stuck
                dealer (E-8, E-10, E-35).
            TrumpError: no-trump when it is not allowed (E-13).
            ExchangeError: a help-exchange card that breaks E-14.
            DeclarationError: an Ace No Face claim with a hand that does not qualify.
        """
        if type(action) is Play and (seat is None or (type(seat) is int and seat == self._to_play)):
            h = self._h
            p = h.play
            index = action.card.index
            bit = self._legal & p.position_mask[index]
            if bit:
                if not p.plain:
                    return self._play_any(h, p, bit, action)
                # The hot path: a legal card of a single deck under renege_mode="reject",
                # written out inline for speed (_play_any is the same for every option).
                pos = p._position[index]
                left = self._left ^ bit
                seat = self._to_play
                n = self._n
                if n:
                    lead = self._lead
                    follow, keys = lead
                    # E-20: only a strictly stronger card takes the lead of the trick. Keys
                    # are strengths times 4 and best is the best key plus its seat.
                    best = self._best
                    k = keys[pos]
                    if k > best:
                        best = k | seat
                    n += 1
                    if n == p.trick_size:
                        winner = best & 3
                        done = self._done + 16 + (winner & 1)
                        if done >> 4 == p.tricks_per_hand:
                            return self._finish(h, left, done, best, action)
                        # E-20: the winner leads the next trick, any card (E-18).
                        legal = h.held[winner] & left
                        s = Core()
                        s._h = h
                        s._auction = self._auction
                        s._parent = self
                        s._act = action
                        s._to_play = winner
                        s.is_terminal = False
                        s._left = left
                        s._legal = legal
                        s._acts = p._a0[legal & 4095] + p._a1[legal >> 12]
                        s._n = 0
                        s._lead = _NO_LEAD
                        s._best = best
                        s._done = done
                        s.__class__ = h.cls
                        return s  # type: ignore[return-value]
                else:
                    # E-17, E-19: the lead's effective suit is the suit to follow.
                    first, best = p._lead4[pos]
                    if first is None:
                        return self._joker_led(left, action)
                    lead = first
                    follow = lead[0]
                    best |= seat
                    n = 1
                nxt = p.next_seat[seat]
                hn = h.held[nxt] & left
                # E-19: follow the effective suit led if possible, else any card.
                legal = hn & follow or hn
                s = Core()
                s._h = h
                s._auction = self._auction
                s._parent = self
                s._act = action
                s._to_play = nxt
                s.is_terminal = False
                s._left = left
                s._legal = legal
                s._acts = p._a0[legal & 4095] + p._a1[legal >> 12]
                s._n = n
                s._lead = lead
                s._best = best
                s._done = self._done
                s.__class__ = h.cls
                return s  # type: ignore[return-value]
        elif seat is None:
            h = self._h
            phase = h.phase
            if phase is _AUCTION:
                tables = h.tables
                rank = tables.rank_by_id.get(id(action))
                if rank is not None:
                    auction = self._auction
                    if rank > auction._high or (rank < 0 and not auction._stuck):
                        # The hot path of the auction: a legal call (E-8, E-35).
                        after = auction._next.get(rank) or auction._after(self._to_play, rank)
                        to_call = after.to_call
                        if to_call is not None:
                            s = Core()
                            s._h = h
                            s._auction = after
                            s._parent = self
                            s._act = action  # type: ignore[assignment]
                            s._to_play = to_call
                            s.is_terminal = False
                            s._left = self._left
                            s._legal = 0
                            s._acts = (tables.calls_stuck if after._stuck else tables.calls)[
                                after._high + 1
                            ]
                            s._n = 0
                            s._lead = _NO_LEAD
                            s._best = 0
                            s._done = 0
                            s.__class__ = h.cls
                            return s  # type: ignore[return-value]
                        if after._high >= 0:
                            # E-13: the highest bidder is the declarer and names trump.
                            acts = tables.trump_actions
                            return _build(self, h, after, action, _TRUMP, after._declarer, acts)  # type: ignore[arg-type]
                        return self._do_call(action, self._to_play, rank)  # type: ignore[arg-type]
            elif phase is _TRUMP:
                # The allowed trump choices only (E-13).
                t = h.tables.trump_by_id.get(id(action))
                if t is not None:
                    return self._do_name_trump(action, self._to_play, t)  # type: ignore[arg-type]
            elif (
                phase is _EXCHANGE
                and type(action) is Give
                and h.play.position_mask[action.card.index]
            ):
                # A card of the deck in the help exchange: only its own checks (E-14).
                self._check_give(action, self._to_play)
                return self._do_give(action, self._to_play)
        # Everything else: the state's checks, then the transition.
        checked, acting = self._validate(action, seat)
        return self._transition(checked, acting)

    def _play_any(self, h: _Hand, p: PlayTables, bit: int, action: Action) -> Self:
        """The legal card of :meth:`apply`'s hot path under any options (E-18 … E-23)."""
        if p.double:
            # E-38: of two identical cards the lower position is played.
            bit &= -bit
        pos = bit.bit_length() - 1
        left = self._left ^ bit
        seat = self._to_play
        n = self._n
        if n:
            lead = self._lead
            follow, keys = lead
            if p.penalize and not bit & follow and h.held[seat] & self._left & follow:
                h = self._renege(seat, pos)
            # E-20, E-38: only a strictly stronger card takes the lead of the trick, so of
            # two identical cards the first played wins.
            best = self._best
            k = keys[pos]
            if k > best:
                best = k | seat
            n += 1
            if n == p.trick_size:
                winner = best & 3
                done = self._done + 16 + (winner & 1)
                if done >> 4 == p.tricks_per_hand:
                    return self._finish(h, left, done, best, action)
                legal = h.held[winner] & left
                return _build(
                    self, h, self._auction, action, _PLAY, winner, p.play_actions(legal), legal,
                    left, 0, done, _NO_LEAD, best,
                )  # fmt: skip
        else:
            first, best = p._lead4[pos]
            if first is None:
                return self._joker_led(left, action)
            lead = first
            follow = lead[0]
            best |= seat
            n = 1
        nxt = p.next_seat[seat]
        hn = h.held[nxt] & left
        # E-23: under renege_mode="penalize" any card may be played (and is scored).
        legal = hn if p.penalize else (hn & follow or hn)
        return _build(
            self, h, self._auction, action, _PLAY, nxt, p.play_actions(legal), legal, left,
            n, self._done, lead, best,
        )  # fmt: skip

    def _renege(self, seat: int, pos: int) -> _Hand:
        # E-23 (penalize): the card stands; the renege is scored with the hand.
        h = self._h.copy()
        p = h.play
        renege = Renege(seat, (self._done >> 4) + 1, p.deck.cards[pos], p.led_suit(self._lead[0]))
        h.reneges = (*h.reneges, renege)
        return h

    def _finish(self, h: _Hand, left: int, done: int, best: int, action: Action) -> Self:
        auction = self._auction
        h = h.copy()
        h.phase = _END
        # E-24 … E-31: one scoring code path, shared with the score-only API.
        tables = h.tables
        ew = done & 15
        h.result = _played_result(
            tables.options, tables.results, auction, (done >> 4) - ew, ew, h.reneges
        )
        s = Core()
        s._h = h
        s._auction = auction
        s._parent = self
        s._act = action
        s._to_play = -1
        s.is_terminal = True
        s._left = left
        s._legal = 0
        s._acts = ()
        s._n = 0
        s._lead = _NO_LEAD
        s._best = best
        s._done = done
        s.__class__ = h.cls
        return s  # type: ignore[return-value]

    def _hand_of(self, seat: int) -> int:
        return self._h.held[seat] & self._left

    def _joker_led(self, left: int, action: Action) -> Self:
        # E-37 (R500): the leader of the joker under no-trump names the suit to follow.
        h = self._h
        return _build(
            self, h, self._auction, action, _NAME_SUIT, self._to_play,
            h.tables.name_actions, 0, left, 1, self._done,
        )  # fmt: skip

    def _void(self, h: _Hand, auction: Auction, action: Action, reason: VoidReason) -> Self:
        h = h.copy()
        # E-32: a thrown-in hand scores nothing.
        h.result = HandResult._trusted(h.tables.options, None, None, (0, 0), (), reason)
        return _build(self, h, auction, action, _END, -1, ())

    # -- the transitions of the checked path --------------------------------------------

    def _transition(self, action: Action, seat: int) -> Self:
        """The state after ``action`` by ``seat``, which the state's ``_validate`` accepted."""
        h = self._h
        phase = h.phase
        if phase is _PLAY and type(action) is Play:
            # A legal card given as text: the fast step of apply takes it.
            return self.apply(action, seat)
        if phase is _AUCTION:
            return self._do_call(action, seat)
        if phase is _TRUMP and type(action) is NameTrump:
            return self._do_name_trump(action, seat)
        if phase is _EXCHANGE and type(action) is Give:
            return self._do_give(action, seat)
        if phase is _DISCARD and type(action) is Discard:
            return self._do_discard(action, seat)
        if phase is _CLAIM:
            return self._do_claim(action, seat)
        if phase is _NAME_SUIT and type(action) is NameSuit:
            return self._do_name_suit(action, seat)
        raise AssertionError(f"{action} was accepted in phase {phase.name}")  # pragma: no cover

    def _do_call(self, action: Action, seat: int, rank: int | None = None) -> Self:
        h = self._h
        auction = self._auction
        tables = h.tables
        if rank is None:
            rank = tables.rank_by_id.get(id(action))
            if rank is None:
                # A legal call that is not interned: a pass or a bid of the ladder.
                rank = auction.rules.rank(action.contract) if isinstance(action, Bid) else -1
        auction = auction._after(seat, rank)
        if auction.to_call is not None:
            acts = (tables.calls_stuck if auction._stuck else tables.calls)[auction._high + 1]
            return _build(self, h, auction, action, _AUCTION, auction.to_call, acts)
        if auction._high < 0:
            # E-12: four passes void the hand; the deal passes left (E-5).
            return self._void(h, auction, action, "all_pass")
        # E-13: the highest bidder is the declarer and names trump.
        acts = tables.trump_actions
        return _build(self, h, auction, action, _TRUMP, auction._declarer, acts)

    def _do_name_trump(self, action: NameTrump, seat: int, t: int | None = None) -> Self:
        h = self._h
        tables = h.tables
        if t is None:
            t = TRUMP_CHOICES.index(action.trump)
        auction = self._auction
        h = h.copy()
        h.trump = t
        p = h.play = tables.play_tables[t][auction._sitting_out + 1]
        if tables.discard_after_trump or auction._contract.kind is ContractKind.HELP:  # type: ignore[union-attr]
            return _after_trump(self, h, auction, action)
        # E-18: the declarer leads the first trick, any card.
        legal = h.held[auction._declarer]
        return _build(
            self, h, auction, action, _PLAY, auction._declarer, p.play_actions(legal), legal
        )

    def _do_give(self, action: Give, seat: int) -> Self:
        h = self._h
        p = h.play
        declarer = self._auction._declarer
        partner = (declarer + 2) % 4
        posm = p.position_mask[action.card.index]
        # The partner gives only what E-14 allows (highest trump by default).
        bit = (self._hand_of(seat) if seat == declarer else partner_choices(h, partner)) & posm
        bit &= -bit
        # E-14: the card moves to the other partner's hand.
        h = h.copy()
        h.set_hands(h.hands ^ (bit << p.shift[declarer]) ^ (bit << p.shift[partner]))
        if seat == declarer:
            h.given |= bit
        else:
            h.returned |= bit
        return _after_trump(self, h, self._auction, action)

    def _do_discard(self, action: Discard, seat: int) -> Self:
        h = self._h
        p = h.play
        bit = self._hand_of(seat) & p.position_mask[action.card.index]
        bit &= -bit
        h = h.copy()
        h.discard = bit
        h.set_hands(h.hands ^ (bit << p.shift[seat]))
        if h.trump >= 0:
            return _after_trump(self, h, self._auction, action)
        return _before_auction(self, h, self._auction, action)

    def _do_claim(self, action: Action, seat: int) -> Self:
        h = self._h.copy()
        h.claims += 1
        if isinstance(action, ClaimAceNoFace):
            h.claimant = seat
            # E-36: the claim throws the hand in; the deal passes left (E-5).
            return self._void(h, self._auction, action, "ace_no_face")
        return _before_auction(self, h, self._auction, action)

    def _do_name_suit(self, action: NameSuit, seat: int) -> Self:
        # E-37: the named suit is the suit to follow; the joker leads it, as a trump.
        p = self._h.play
        lead = p._named4[action.suit]
        follow, keys = lead
        hn = self._hand_of(p.next_seat[seat])
        legal = hn if p.penalize else (hn & follow or hn)
        return _build(
            self, self._h, self._auction, action, _PLAY, p.next_seat[seat],
            p.play_actions(legal), legal, self._left, 1, self._done,
            lead, keys[p.joker_no_trump] | seat,
        )  # fmt: skip


# Sets every field of a state; positional for speed: PLR0913, PLR0917.
def _build(  # noqa: PLR0913, PLR0917
    parent: C | None,
    h: _Hand,
    auction: Auction,
    last: Action | None,
    phase: Phase,
    to_play: int,
    acts: tuple[Action, ...],
    legal: int = 0,
    left: int | None = None,
    n: int = 0,
    done: int = 0,
    lead: tuple[int, tuple[int, ...]] = _NO_LEAD,
    best: int = 0,
) -> C:
    if h.phase is not phase:
        # The phase lives in the _Hand: a new phase needs a copy, unless h is new.
        if parent is not None and parent._h is h:
            h = h.copy()
        h.phase = phase
    s = Core()
    s._h = h
    s._auction = auction
    s._parent = parent
    s._act = last
    s._to_play = to_play
    s.is_terminal = phase is _END
    s._left = h.play.full if left is None else left
    s._legal = legal
    s._acts = acts
    s._n = n
    s._lead = lead
    s._best = best
    s._done = done
    s.__class__ = h.cls
    return s  # type: ignore[return-value]


def partner_choices(h: _Hand, partner: int) -> int:
    """The partner's legal gives in the help exchange (E-14)."""
    return h.play.partner_gives(h.hands, partner, h.given, forced=h.tables.forced_give)


def _before_auction(parent: C | None, h: _Hand, auction: Auction, last: Action | None) -> C:
    """The claim window (E-36) if it is open, else the first call of the auction (E-6)."""
    tables = h.tables
    if tables.ace_no_face and h.claims < 4:
        seat = (h.dealer + 1 + h.claims) % 4
        acts = tables.claim_actions(h.play.deck.cards_of(h.held[seat]))
        return _build(parent, h, auction, last, _CLAIM, seat, acts)
    acts = (tables.calls_stuck if auction._stuck else tables.calls)[auction._high + 1]
    # Before the first call: the auction is not over, to_call is a seat.
    return _build(parent, h, auction, last, _AUCTION, auction.to_call, acts)  # type: ignore[arg-type]


def _after_trump(parent: C, h: _Hand, auction: Auction, last: Action) -> C:
    """The next step once trump is named: discard, exchange, or the opening lead."""
    tables = h.tables
    if tables.discard_after_trump and not h.discard:
        # E-37 (after_trump): the dealer discards before any help exchange.
        acts = tables.card_actions(Discard, h.held[h.dealer])
        return _build(parent, h, auction, last, _DISCARD, h.dealer, acts)
    declarer = auction._declarer
    k = tables.help_count
    if h.returned.bit_count() < k and auction._contract.kind is ContractKind.HELP:  # type: ignore[union-attr]
        # E-14: the declarer gives first, then the partner gives back.
        if h.given.bit_count() < k:
            giver, avail = declarer, h.held[declarer]
        else:
            giver = (declarer + 2) % 4
            avail = partner_choices(h, giver)
        acts = tables.card_actions(Give, avail)
        return _build(parent, h, auction, last, _EXCHANGE, giver, acts)
    # E-18: the declarer leads the first trick, any card.
    lead = h.held[declarer]
    return _build(parent, h, auction, last, _PLAY, declarer, h.play.play_actions(lead), lead)


def root_state(
    tables: Tables,
    cls: type[C],
    dealer: int,
    dealt: int,
    held: tuple[int, int, int, int] | None = None,
) -> C:
    """The first state of a hand with the packed ``dealt`` hands (used by the variant).

    ``cls`` is the final state class, which every state of the hand gets: the one
    binding of the engine to ``BidEuchreState`` (the hot paths read it from the local
    hand facts, measured no slower than the module global it replaces). ``held`` is
    each seat's mask of ``dealt``, if the caller has it already.
    """
    h = _Hand()
    h.tables = tables
    h.cls = cls
    h.dealer = dealer
    h.dealt = dealt
    h.claims = 0
    h.claimant = -1
    h.trump = -1
    h.discard = 0
    h.given = 0
    h.returned = 0
    h.reneges = ()
    h.result = None
    h.play = tables.idle
    h.phase = _DISCARD
    if held is None:
        h.set_hands(dealt)
    else:
        h.hands = dealt
        h.held = held
    auction = tables.auction_rules._roots[dealer]
    if tables.discard_before_auction:
        # E-37: the dealer, dealt 7 cards, discards one before anything else.
        acts = tables.card_actions(Discard, h.held[dealer])
        return _build(None, h, auction, None, _DISCARD, dealer, acts)
    if tables.ace_no_face:
        return _before_auction(None, h, auction, None)
    # E-6: the auction starts on the dealer's left; the state written out for speed.
    h.phase = _AUCTION
    s = Core()
    s._h = h
    s._auction = auction
    s._parent = None
    s._act = None
    s._to_play = auction.to_call  # type: ignore[assignment]
    s.is_terminal = False
    s._left = h.play.full
    s._legal = 0
    s._acts = tables.calls[0]
    s._n = 0
    s._lead = _NO_LEAD
    s._best = 0
    s._done = 0
    s.__class__ = h.cls
    return s  # type: ignore[return-value]


def restore(
    tables: Tables, cls: type[C], dealer: int, dealt: int, actions: tuple[Action, ...]
) -> C:
    """The state after ``actions`` from the deal (unpickling; each action is checked)."""
    state = root_state(tables, cls, dealer, dealt)
    for action in actions:
        # The seat named: a state that requires it (require_seat=True) is restored too.
        state = state.apply(action, state._to_play)
    return state


def _played_result(
    options: BidEuchreOptions,
    results: dict[int, HandResult],
    auction: Auction,
    ns: int,
    ew: int,
    reneges: tuple[Renege, ...],
) -> HandResult:
    """Score a hand the engine played (E-24 … E-31), as ``hand_result`` without checks.

    The engine's facts need no checking, and a hand without reneges is one of a few
    outcomes (the bid, the declarer, the tricks), each scored once into ``results``
    (the variant's cache: results are immutable values).

    Args:
        options: The rules in force.
        results: The variant's cache of results by outcome.
        auction: The finished auction (with a contract).
        ns: Tricks won by NS.
        ew: Tricks won by EW.
        reneges: The reneges recorded in the hand (E-23).
    """
    if reneges:
        return HandResult._trusted(
            options,
            auction._contract,
            auction._declarer,
            (ns, ew),
            tuple([r.seat for r in reneges]),
        )
    key = (auction._high << 2 | auction._declarer) << 8 | ns << 4 | ew
    result = results.get(key)
    if result is None:
        result = HandResult._trusted(options, auction._contract, auction._declarer, (ns, ew))
        results[key] = result
    return result


def _below(getrandbits: Callable[[int], int], n: int) -> int:
    # The draw of random.Random.choice (CPython's _randbelow_with_getrandbits).
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def _pick(p: PlayTables, mask: int, r: int) -> int:
    """The position bit of the ``r``-th distinct card of ``mask`` (the order of actions)."""
    distinct = (mask | mask >> 24) & 0xFFFFFF if p.double else mask
    for _ in range(r):
        distinct &= distinct - 1
    low = distinct & -distinct
    if p.double and not mask & low:
        low <<= 24
    return low


def playout(state: Core, rng: random.Random) -> HandResult:
    """Play ``state``'s hand to the end with uniformly random legal actions.

    The auction, trump, help exchange and card play run in loops over plain integers,
    without building states, with the same tables and the same draws from ``rng`` as the
    public loop, so the result is the one that loop would reach. The rarer steps (the
    joker discard, Ace No Face claims) go through the public ``apply``.

    Args:
        state: Any state of a hand (a finished one returns its result).
        rng: The generator to draw from.

    Returns:
        The hand's :class:`~cardrules.bid_euchre.HandResult`.
    """
    tables = state._h.tables
    while not state.is_terminal and (
        state._h.phase not in _BULK_PHASES or (tables.discard_after_trump and not state._h.discard)
    ):
        # The seat named, as a state dealt with require_seat=True needs (few steps).
        state = state.apply(rng.choice(state.legal_actions()), state._to_play)
    h = state._h
    if h.result is not None:
        return h.result
    options = tables.options
    getrandbits = rng.getrandbits
    auction = _random_calls(state._auction, getrandbits)
    if auction._high < 0:
        # E-12: four passes; E-32: nothing scored.
        return HandResult._trusted(options, None, None, (0, 0), (), "all_pass")
    declarer = auction._declarer
    if h.trump >= 0:
        p = h.play
    else:
        t = _below(getrandbits, len(tables.trump_actions))
        p = tables.play_tables[t][auction._sitting_out + 1]
    won = [0, 0]
    reneges = h.reneges
    # One mask per seat in a list: cheaper to update in place than the packed integer.
    left = state._left
    held = [h.held[0] & left, h.held[1] & left, h.held[2] & left, h.held[3] & left]
    if not state._legal:
        if auction._contract.kind is ContractKind.HELP:  # type: ignore[union-attr]
            # E-14: the declarer gives, then the partner gives back.
            count = tables.help_count
            _random_exchange(
                p, held, declarer, count, h.given, h.returned, tables.forced_give, getrandbits
            )
        # E-18: the declarer leads the first trick.
        seat, trick_no = declarer, 1
    else:
        won[1] = state._done & 15
        won[0] = (state._done >> 4) - won[1]
        seat, trick_no = state._to_play, (state._done >> 4) + 1
    if state._n:
        # Finish the trick under way, then play whole tricks.
        seat, reneges = _play_cards(
            p, held, seat, state._lead[0], state._lead[1], state._best,
            state._n, trick_no, won, reneges, getrandbits,
        )  # fmt: skip
        trick_no += 1
    if trick_no <= p.tricks_per_hand:
        if p.plain:
            _play_tricks(p, held, seat, trick_no, won, getrandbits)
        else:
            _, reneges = _play_cards(
                p, held, seat, 0, (), 0, 0, trick_no, won, reneges, getrandbits
            )
    return _played_result(options, tables.results, auction, won[0], won[1], reneges)


_BIT_LENGTH: Final = tuple(n.bit_length() for n in range(49))
# The suits in the order of the NameSuit actions (spades, hearts, diamonds, clubs).
_SUITS: Final = tuple(Suit)


def _random_calls(auction: Auction, getrandbits: Callable[[int], int]) -> Auction:
    """The auction played to its end with random calls (E-6 … E-12, E-35).

    The calls of ``Tables.calls``, drawn as ``random.Random.choice`` draws
    among them: pass (rank -1) then the bids above the highest, or only those bids for a
    stuck dealer.
    """
    seat = auction.to_call
    top = len(auction.rules.ladder)
    while seat is not None:
        high = auction._high
        stuck = auction._stuck
        n = top - high - 1 if stuck else top - high
        k = _BIT_LENGTH[n]
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        rank = high + 1 + r if stuck else (high + r if r else -1)
        auction = auction._next.get(rank) or auction._after(seat, rank)
        seat = auction.to_call
    return auction


def _random_exchange(
    p: PlayTables,
    held: list[int],
    declarer: int,
    count: int,
    given: int,
    returned: int,
    forced: bool,
    getrandbits: Callable[[int], int],
) -> None:
    """The rest of a help exchange with random cards, on ``held`` (E-14)."""
    partner = (declarer + 2) % 4
    for _ in range(count - given.bit_count()):
        avail = held[declarer]
        bit = _pick(p, avail, _below(getrandbits, _distinct_count(p, avail)))
        held[declarer] ^= bit
        held[partner] ^= bit
        given |= bit
    for _ in range(count - returned.bit_count()):
        avail = p.partner_gives(held[partner] << p.shift[partner], partner, given, forced=forced)
        bit = _pick(p, avail, _below(getrandbits, _distinct_count(p, avail)))
        held[declarer] ^= bit
        held[partner] ^= bit


def _distinct_count(p: PlayTables, mask: int) -> int:
    return ((mask | mask >> 24) & 0xFFFFFF if p.double else mask).bit_count()


def _play_tricks(
    p: PlayTables,
    held: list[int],
    leader: int,
    trick_no: int,
    won: list[int],
    getrandbits: Callable[[int], int],
) -> None:
    """Whole tricks from ``trick_no`` on, one deck, no reneges, as ``_play_cards`` but faster.

    Each choice draws as ``random.Random.choice`` over the legal cards in deck order
    (E-18 … E-20); the tricks won are added to ``won``.
    """
    bits_of = _BIT_LENGTH
    next_seat = p.next_seat
    lead4 = p._lead4
    followers = range(p.trick_size - 1)
    for _ in range(trick_no, p.tricks_per_hand + 1):
        seat = leader
        hand = held[seat]
        n = hand.bit_count()
        k = bits_of[n]
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        m = hand
        while r:
            m &= m - 1
            r -= 1
        bit = m & -m
        held[seat] = hand ^ bit
        pos = bit.bit_length() - 1
        lead, best = lead4[pos]
        if lead is None:
            follow, keys, best = _joker_named(p, pos, seat, getrandbits)
        else:
            follow, keys = lead
            best |= seat
        for _ in followers:
            seat = next_seat[seat]
            hand = held[seat]
            # E-19: follow the effective suit led if possible.
            m = hand & follow or hand
            n = m.bit_count()
            k = bits_of[n]
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            while r:
                m &= m - 1
                r -= 1
            bit = m & -m
            held[seat] = hand ^ bit
            # E-20: only a strictly stronger card takes the lead (keys are times 4).
            k = keys[bit.bit_length() - 1]
            if k > best:
                best = k | seat
        leader = best & 3
        won[leader & 1] += 1


def _joker_named(
    p: PlayTables, pos: int, seat: int, getrandbits: Callable[[int], int]
) -> tuple[int, tuple[int, ...], int]:
    """E-37: the leader of the joker under no-trump names a suit, one of four in order."""
    r = getrandbits(3)
    while r >= 4:
        r = getrandbits(3)
    follow, keys = p._named4[_SUITS[r]]
    return follow, keys, keys[pos] | seat


# One hot loop, kept whole for speed: PLR0912, PLR0913, PLR0917.
def _play_cards(  # noqa: PLR0912, PLR0913, PLR0917
    p: PlayTables,
    held: list[int],
    seat: int,
    follow: int,
    keys: tuple[int, ...],
    best: int,
    in_trick: int,
    trick_no: int,
    won: list[int],
    reneges: tuple[Renege, ...],
    getrandbits: Callable[[int], int],
) -> tuple[int, tuple[Renege, ...]]:
    """The card play of ``random_playout`` (E-18 … E-23), from any point of a trick.

    Plays to the end of the hand, or only to the end of the trick under way if
    ``in_trick`` cards of it are played already. ``held`` is each seat's hand, updated
    in place; ``keys`` and ``best`` are as in the state (strengths times 4, plus the
    seat). The tricks won are added to ``won``.

    Returns:
        The seat to lead next and the reneges so far.
    """
    cards = p.deck.cards
    double = p.double
    penalize = p.penalize
    next_seat = p.next_seat
    lead4 = p._lead4
    trick_size = p.trick_size
    last_trick = trick_no if in_trick else p.tricks_per_hand
    bits_of = _BIT_LENGTH
    while True:
        hand = held[seat]
        legal = hand if penalize or not in_trick else (hand & follow or hand)
        distinct = (legal | legal >> 24) & 0xFFFFFF if double else legal
        n = distinct.bit_count()
        k = bits_of[n]
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        while r:
            distinct &= distinct - 1
            r -= 1
        bit = distinct & -distinct
        if double and not legal & bit:
            bit <<= 24
        held[seat] = hand ^ bit
        pos = bit.bit_length() - 1
        if not in_trick:
            lead, best = lead4[pos]
            if lead is None:
                follow, keys, best = _joker_named(p, pos, seat, getrandbits)
            else:
                follow, keys = lead
                best |= seat
        else:
            if penalize and not bit & follow and hand & follow:
                reneges = (*reneges, Renege(seat, trick_no, cards[pos], p.led_suit(follow)))
            k = keys[pos]
            if k > best:
                best = k | seat
        in_trick += 1
        if in_trick == trick_size:
            seat = best & 3
            won[seat & 1] += 1
            if trick_no == last_trick:
                return seat, reneges
            trick_no += 1
            in_trick = 0
        else:
            seat = next_seat[seat]
