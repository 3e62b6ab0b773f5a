"""The Bid Euchre engine: the state storage, every state construction, the checks and
their errors, the phase transitions, the fast play step, the shuffle and the bulk
playout loop.

Private: ``state.py`` builds the public :class:`~cardrules.bid_euchre.BidEuchreState` on
:class:`Core`, ``variant.py`` deals with :func:`new_hand` and :func:`root_state`,
``playout.py`` calls :func:`playout`, and the view's sampler :func:`replay`. Every call
runs down from here, never up: :meth:`Core.apply` takes a legal card or call on its
fast paths, and everything else through :meth:`Core._validate` (the checks, with the
rule-ID'd errors) before a transition (``_transition``, the ``_do_*`` methods). The
tables of ``_tables.py`` are read into locals once per call.

A state is an instance of the plain slots class :class:`Core`, filled in and then given
the final state class (the one construction trick, here only): the variant hands that
class to :func:`root_state`, which keeps it in the hand's shared facts (``_Hand.cls``),
and every later state takes it from there.

Inside a state the cards are positions in bitmasks. The hands as dealt, after the
discard and after the help exchange are among the hand's slow-changing facts, shared
by the states (a mask per seat, and the four packed in one integer, each seat's mask
shifted by ``seat * deck size``); each state keeps the mask of the cards not played
yet. The legal actions are computed once, when the state is built.

The play rules are decided by the trick kernel of the hand's trump choice
(``PlayTables.kernel``, compiled from the variant's declaration), on every path here:
what a player may play (E-17, E-19: ``kernel.legal_word``) and who takes a trick (E-16,
E-20, E-38: ``kernel.winner``). The engine adds the seats that play (E-21:
``next_seat``) and the suit named for the joker (E-37: ``named_leads``). The finished
tricks are kept as they are played, in :class:`Tricks` records shared by the states
that follow them, so that a view reads them without walking the history.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final, Self, TypeVar, overload

from cardrules._util import fill_caller, mypyc_attr, quote
from cardrules.actions import Action, Pass, Play
from cardrules.bid_euchre._tables import TRUMP_CHOICES, Lead, PlayTables, Tables
from cardrules.bid_euchre.actions import (
    Bid,
    ClaimAceNoFace,
    Discard,
    Give,
    NameSuit,
    NameTrump,
    action_from_id,
)
from cardrules.bid_euchre.bidding import Auction, ContractKind
from cardrules.bid_euchre.cards import NoTrump, is_ace_no_face
from cardrules.bid_euchre.options import BidEuchreOptions
from cardrules.bid_euchre.phases import Phase
from cardrules.bid_euchre.play import Renege, Trick
from cardrules.bid_euchre.scoring import HandResult, VoidReason
from cardrules.cards import Card, Suit
from cardrules.errors import (
    BidError,
    CardNotInHandError,
    CardrulesError,
    DeclarationError,
    ExchangeError,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    MustFollowSuitError,
    MustOvertrumpError,
    MustTrumpError,
    NotationError,
    NotYourTurnError,
    TrumpError,
    UnknownCardError,
    WrongPhaseError,
)
from cardrules.state import check_seat
from cardrules.tricks import Obligation

# E-1: the seats as the game names them (its info.seat_names), for the messages.
_SEATS: Final = ("N", "E", "S", "W")

__all__ = [
    "NO_TRICKS",
    "Core",
    "Tricks",
    "finished_cards",
    "finished_tricks",
    "new_hand",
    "partner_choices",
    "playout",
    "replay",
    "restore",
    "root_state",
    "tricks_key",
]

# A state class built on Core: the engine's functions return the class of the parent.
C = TypeVar("C", bound="Core")


_DISCARD: Final = Phase.DISCARD
_CLAIM: Final = Phase.CLAIM
_AUCTION: Final = Phase.AUCTION
_TRUMP: Final = Phase.TRUMP
_EXCHANGE: Final = Phase.EXCHANGE
_PLAY: Final = Phase.PLAY
# The action classes the hot paths test for, as finals: the compiled build keeps them
# in statics (an imported name is read from the module's dictionary at every use).
_PLAY_TYPE: Final = Play
_GIVE_TYPE: Final = Give
_NAME_SUIT: Final = Phase.NAME_SUIT
_END: Final = Phase.END
# The _lead of a state with no trick under way.
_NO_LEAD: Final[Lead] = (0, -1, -1, -1)
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


class Tricks:
    """The finished tricks of a hand, newest first: one record per trick, linked to
    the one before, shared by every state that follows the trick (never modified but
    for the caches, which hold what the record already says).

    Attributes:
        before: The record of the tricks before this one (:data:`NO_TRICKS` first).
        lead: The trick's lead: the suit to follow, the effective-suit number led and
            the leader (the suit named for a joker led under no-trump, E-37).
        positions: The positions played, in play order.
        winner: The seat that took the trick (E-20), -1 in :data:`NO_TRICKS`.
        done: The tricks finished so far, times 16, plus those EW won.
        public: The tricks as :class:`~cardrules.bid_euchre.Trick` values, oldest
            first, once asked for (:func:`finished_tricks`).
        cards: The cards of every finished trick, set with ``public``.
    """

    __slots__ = ("before", "cards", "done", "lead", "positions", "public", "winner")

    before: Tricks | None
    lead: Lead
    positions: tuple[int, ...]
    winner: int
    done: int
    public: tuple[Trick, ...] | None
    cards: frozenset[Card]


def _no_tricks() -> Tricks:
    t = Tricks()
    t.before = None
    t.lead = _NO_LEAD
    t.positions = ()
    t.winner = -1
    t.done = 0
    t.public = ()
    t.cards = frozenset()
    return t


NO_TRICKS: Final = _no_tricks()
"""The record before the first trick is finished, shared by every hand."""


def finished_tricks(done: Tricks, p: PlayTables) -> tuple[Trick, ...]:
    """The finished tricks of the record ``done`` as public values, built once per
    record (each from the one before)."""
    public = done.public
    if public is None:
        before = done.before
        if before is None:  # pragma: no cover - only NO_TRICKS has none; its public is ()
            raise AssertionError("a trick record without the tricks before it")
        cards = p.deck.cards
        leader = done.lead[2]
        positions = done.positions
        seats = p.seat_after[leader]
        plays = tuple([(seats[i], cards[pos]) for i, pos in enumerate(positions)])
        # E-37, E-40: the suit named for a joker led stays public with its trick.
        named = p.led_label(done.lead[1]) if positions[0] == p.joker_no_trump else None
        public = (
            *finished_tricks(before, p),
            Trick(leader, plays, done.winner, named_suit=named),
        )
        done.cards = before.cards.union([cards[pos] for pos in positions])
        done.public = public
    return public


def finished_cards(done: Tricks, p: PlayTables) -> frozenset[Card]:
    """The cards of the finished tricks of ``done``, built once per record."""
    if done.public is None:
        finished_tricks(done, p)
    return done.cards


def tricks_key(done: Tricks) -> tuple[tuple[Lead, tuple[int, ...], int], ...]:
    """The finished tricks of ``done`` as plain values, for equality of states."""
    out = []
    record: Tricks | None = done
    while record is not None and record.before is not None:
        out.append((record.lead, record.positions, record.winner))
        record = record.before
    out.reverse()
    return tuple(out)


# The state class derives from it (see cardrules.bid_euchre.state), also in the compiled
# build.
@mypyc_attr(allow_interpreted_subclasses=True)
class Core:
    """The storage of a state, its fast paths and its checks: ``apply``, ``check``,
    ``is_legal`` and ``legal_actions``.

    ``BidEuchreState`` derives from it and from the core ``StateBase``; everything but
    the fast paths of ``apply`` goes through :meth:`_validate`, then a transition here.
    A state is built as an instance of this plain class (calling it: no ``__init__``,
    the cheapest way to a new instance), then given its final class.
    """

    # Few fields, each set on every card played: the phase, the play tables and the
    # hands live in the shared _Hand, the finished tricks in the shared Tricks.
    __slots__ = (
        "_act",
        "_acts",
        "_auction",
        "_h",
        "_lead",
        "_left",
        "_legal",
        "_parent",
        "_to_play",
        "_trick",
        "_tricks",
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
    # The trick under way: the positions played to it, and its lead (the suit to follow,
    # the effective-suit number led, the leader, the seat that plays last); _NO_LEAD
    # when no trick is under way, and the leader alone while the leader of the joker
    # names a suit (E-37).
    _trick: tuple[int, ...]
    _lead: Lead
    # The finished tricks (shared by the states of the next trick).
    _tricks: Tricks

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
        if type(action) is _PLAY_TYPE and seat is None:
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
            type(action) is _PLAY_TYPE
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
            action: The action, its notation (parsed with the variant's notation), or
                its action id.
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
        if type(action) is _PLAY_TYPE and (
            seat is None or (type(seat) is int and seat == self._to_play)
        ):
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
                trick = self._trick
                if trick:
                    lead = self._lead
                    # Concatenation: (*trick, pos) measured twice as slow.
                    trick = trick + (pos,)  # noqa: RUF005
                    if seat == lead[3]:
                        # E-20: the kernel says who takes the trick, and the winner
                        # leads the next one, any card (E-18).
                        winner = p.seat_after[lead[2]][p.kernel.winner(trick, lead[1])]
                        before = self._tricks
                        done = Tricks()
                        done.before = before
                        done.lead = lead
                        done.positions = trick
                        done.winner = winner
                        done.done = before.done + 16 + (winner & 1)
                        done.public = None
                        if done.done >> 4 == p.tricks_per_hand:
                            return self._finish(h, left, done, action)
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
                        s._trick = ()
                        s._lead = _NO_LEAD
                        s._tricks = done
                        s.__class__ = h.cls
                        return s  # type: ignore[return-value]
                else:
                    # E-17, E-19: the lead's effective suit is the suit to follow.
                    first = p.leads[seat][pos]
                    if first is None:
                        return self._joker_led(left, action, pos)
                    lead = first
                    trick = (pos,)
                nxt = p.next_seat[seat]
                # E-19: the kernel says which cards of the next hand follow; under a
                # declaration whose only duty is following suit, its answer is the
                # branch of legal_word that applies, without the call (as in the playout).
                kernel = p.kernel
                hand = h.held[nxt] & left
                if kernel.follow_only:
                    legal = hand & lead[0] or hand
                else:
                    legal = kernel.legal_word(hand, lead[0], trick)
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
                s._trick = trick
                s._lead = lead
                s._tricks = self._tricks
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
                    if rank > auction.high_rank or (rank < 0 and not auction.dealer_is_stuck):
                        # The hot path of the auction: a legal call (E-8, E-35); its
                        # successor built once (call_rank) and then read.
                        after = auction.successors.get(rank) or auction.call_rank(rank)
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
                            s._acts = (
                                tables.calls_stuck if after.dealer_is_stuck else tables.calls
                            )[after.high_rank + 1]
                            s._trick = ()
                            s._lead = _NO_LEAD
                            s._tricks = NO_TRICKS
                            s.__class__ = h.cls
                            return s  # type: ignore[return-value]
                        return self._after_auction(after, action)  # type: ignore[arg-type]
            elif phase is _TRUMP:
                # The allowed trump choices only (E-13).
                t = h.tables.trump_by_id.get(id(action))
                if t is not None:
                    return self._do_name_trump(action, self._to_play, t)  # type: ignore[arg-type]
            elif (
                phase is _EXCHANGE
                and type(action) is _GIVE_TYPE
                and h.play.position_mask[action.card.index]
            ):
                # A card of the deck in the help exchange: only its own checks (E-14).
                self._check_give(action, self._to_play)
                return self._do_give(action, self._to_play)
        # Everything else: the checks, then the transition.
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
        trick = self._trick
        kernel = p.kernel
        if trick:
            lead = self._lead
            if p.penalize and not bit & kernel.legal_word(
                h.held[seat] & self._left, lead[0], trick
            ):
                h = self._renege(seat, pos)
            trick = trick + (pos,)  # noqa: RUF005 - as in apply
            if len(trick) == p.trick_size:
                # E-20, E-38: the kernel says who takes the trick; of two identical cards
                # the first played.
                winner = p.seat_after[lead[2]][kernel.winner(trick, lead[1])]
                done = _record(self._tricks, lead, trick, winner)
                if done.done >> 4 == p.tricks_per_hand:
                    return self._finish(h, left, done, action)
                legal = h.held[winner] & left
                return _build(
                    self, h, self._auction, action, _PLAY, winner, p.play_actions(legal), legal,
                    left, (), _NO_LEAD, done,
                )  # fmt: skip
        else:
            first = p.leads[seat][pos]
            if first is None:
                return self._joker_led(left, action, pos)
            lead = first
            trick = (pos,)
        nxt = p.next_seat[seat]
        hn = h.held[nxt] & left
        # E-23: under renege_mode="penalize" any card may be played (and is scored).
        legal = hn if p.penalize else kernel.legal_word(hn, lead[0], trick)
        return _build(
            self, h, self._auction, action, _PLAY, nxt, p.play_actions(legal), legal, left,
            trick, lead, self._tricks,
        )  # fmt: skip

    def _renege(self, seat: int, pos: int) -> _Hand:
        # E-23 (penalize): the card stands; the renege is scored with the hand.
        h = self._h.copy()
        p = h.play
        renege = Renege(
            seat, (self._tricks.done >> 4) + 1, p.deck.cards[pos], p.led_label(self._lead[1])
        )
        h.reneges = (*h.reneges, renege)
        return h

    def _finish(self, h: _Hand, left: int, done: Tricks, action: Action) -> Self:
        auction = self._auction
        h = h.copy()
        h.phase = _END
        # E-24 … E-31: one scoring code path, shared with the score-only API.
        tables = h.tables
        ew = done.done & 15
        h.result = _played_result(
            tables.options, tables.results, auction, (done.done >> 4) - ew, ew, h.reneges
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
        s._trick = ()
        s._lead = _NO_LEAD
        s._tricks = done
        s.__class__ = h.cls
        return s  # type: ignore[return-value]

    def _hand_of(self, seat: int) -> int:
        return self._h.held[seat] & self._left

    def _joker_led(self, left: int, action: Action, pos: int) -> Self:
        # E-37 (R500): the leader of the joker under no-trump names the suit to follow.
        h = self._h
        seat = self._to_play
        return _build(
            self, h, self._auction, action, _NAME_SUIT, seat, h.tables.name_actions, 0, left,
            (pos,), (0, -1, seat, -1), self._tricks,
        )  # fmt: skip

    def _void(self, h: _Hand, auction: Auction, action: Action, reason: VoidReason) -> Self:
        h = h.copy()
        # E-32: a thrown-in hand scores nothing.
        h.result = HandResult._trusted(h.tables.options, None, None, (0, 0), (), reason)
        return _build(self, h, auction, action, _END, -1, ())

    # -- the checks ---------------------------------------------------------------------

    def _validate(self, action: object, seat: object) -> tuple[Action, int]:
        """The action (parsed if it was text or an id) and the acting seat, if ``apply``
        accepts them; else the specific error (see :meth:`apply`). Builds no state."""
        try:
            s = self._turn(seat)
            h = self._h
            checked = self._parse(action, s)
            kind = type(checked)
            if kind is _PLAY_TYPE or kind is _GIVE_TYPE or kind is Discard:
                card = checked.card  # type: ignore[attr-defined]
                if type(card) is not Card or not h.play.position_mask[card.index]:
                    raise UnknownCardError(
                        f"{quote(card)} is not in this game's deck", action=checked, seat=s
                    )
            phase = h.phase
            if phase is _PLAY and kind is _PLAY_TYPE:
                self._check_play(checked, s)  # type: ignore[arg-type]
            elif phase is _AUCTION and (kind is Bid or kind is Pass):
                self._check_call(checked, s)
            elif phase is _TRUMP and kind is NameTrump:
                self._check_trump(checked, s)  # type: ignore[arg-type]
            elif phase is _EXCHANGE and kind is Give:
                self._check_give(checked, s)  # type: ignore[arg-type]
            elif phase is _DISCARD and kind is Discard:
                self._check_discard(checked, s)  # type: ignore[arg-type]
            elif phase is _CLAIM and (kind is ClaimAceNoFace or kind is Pass):
                self._check_claim(checked, s)
            elif not (phase is _NAME_SUIT and kind is NameSuit):
                # E-37: any of the four suits may be named; everything else is refused.
                if kind not in _ACTION_TYPES:
                    raise InvalidActionError(
                        f"{quote(checked)} is not a Bid Euchre action", action=checked, seat=s
                    )
                raise WrongPhaseError(_PHASE_HINTS[phase], action=checked, seat=s)
        except CardrulesError as error:
            # The turn and the notation are checked before the action or the seat is known.
            fill_caller(error, action, seat, self._h.tables.variant.id)
            raise
        return checked, s

    def _turn(self, seat: object) -> int:
        """The acting seat: the seat to play if ``seat`` is None, else ``seat`` checked."""
        to_play = self._to_play
        if to_play < 0:
            raise GameOverError("the hand is over: no action is possible")
        if seat is None:
            return to_play
        s = check_seat(seat, 4)
        if s != to_play:
            if s == self._auction.sitting_out and self._h.phase in (_PLAY, _NAME_SUIT):
                # E-21: the partner of a help or moon declarer plays no card.
                raise NotYourTurnError(
                    f"{_SEATS[s]} sits out this hand: the partner of a help or moon bid does not"
                    " play",
                    seat=s,
                    rule_id="E-21",
                )
            raise NotYourTurnError(
                f"it is not {_SEATS[s]}'s turn: {_SEATS[to_play]} is to play", seat=s
            )
        return s

    def _parse(self, action: object, seat: int) -> Action:
        """``action`` as an action: text read with the variant's notation, an ``int`` as
        an action id; anything else that is not an action is refused."""
        if isinstance(action, str):
            return self._h.tables.notation.parse(action)
        if type(action) is int:
            try:
                return action_from_id(action)
            except InvalidActionError:
                raise InvalidActionError(
                    f"{quote(action)} is not an action id of Bid Euchre: ids run from 0 to"
                    f" {_ACTION_IDS - 1}",
                    seat=seat,
                ) from None
        if not isinstance(action, Action):
            raise InvalidActionError(f"not an action of Bid Euchre: {quote(action)}", seat=seat)
        return action

    def _check_play(self, action: Play, seat: int) -> None:
        card = action.card
        p = self._h.play
        if self._legal & p.position_mask[card.index]:
            return
        if not self._hand_of(seat) & p.position_mask[card.index]:
            raise CardNotInHandError(
                f"{_SEATS[seat]} does not hold {card}", action=action, seat=seat, rule_id="E-19"
            )
        # E-19: the kernel refused the card; the trick table says which duty it breaks
        # (following suit under the rules as written; trumping or overtrumping under a
        # declaration that adds them).
        lead = self._lead
        led = p.led_label(lead[1])
        name = led.name.lower()
        hand = self._hand_of(seat)
        held = hand & p.position_mask[card.index]
        why = p.table.why_illegal(hand, self._trick, (held & -held).bit_length() - 1, lead[1])
        if why is Obligation.TRUMP:
            raise MustTrumpError(
                f"{name} was led and {_SEATS[seat]} holds none: play a trump",
                action=action,
                seat=seat,
                rule_id="E-19",
            )
        if why is Obligation.OVERTRUMP:
            raise MustOvertrumpError(
                f"{_SEATS[seat]} must play a trump above the best trump of the trick",
                action=action,
                seat=seat,
                rule_id="E-19",
            )
        trump = p.trump
        if card.suit is led and isinstance(trump, Suit):
            raise MustFollowSuitError(
                f"{card} is the left bower, a card of {trump.name.lower()} (E-17), so it"
                f" does not follow {name}: play a card of {name}",
                action=action,
                seat=seat,
                rule_id="E-19",
            )
        raise MustFollowSuitError(
            f"{name} was led and {_SEATS[seat]} holds a card of {name}: follow suit",
            action=action,
            seat=seat,
            rule_id="E-19",
        )

    def _check_call(self, action: Action, seat: int) -> None:
        auction = self._auction
        rank = self._h.tables.rank_by_id.get(id(action), -2)
        if rank <= auction.high_rank and (rank >= 0 or rank == -2 or auction.dealer_is_stuck):
            # Not known to be legal: let the auction say which rule it breaks, if any.
            call = action.contract if isinstance(action, Bid) else None
            try:
                auction.check(call)
            except BidError as exc:
                raise BidError(exc.message, action=action, seat=seat, rule_id=exc.rule_id) from None

    def _check_trump(self, action: NameTrump, seat: int) -> None:
        if isinstance(action.trump, NoTrump) and not self._h.tables.allow_no_trump:
            raise TrumpError(
                "no-trump is not allowed: name clubs, diamonds, hearts or spades (allow_no_trump)",
                action=action,
                seat=seat,
                rule_id="E-13",
            )

    def _check_give(self, action: Give, seat: int) -> None:
        h = self._h
        posm = h.play.position_mask[action.card.index]
        if not self._hand_of(seat) & posm:
            raise CardNotInHandError(
                f"{_SEATS[seat]} does not hold {action.card}",
                action=action,
                seat=seat,
                rule_id="E-14",
            )
        partner = (_seat(self._auction.declarer) + 2) % 4
        if seat == partner and not partner_choices(h, partner) & posm:
            raise ExchangeError(
                self._why_not_give(action, partner), action=action, seat=seat, rule_id="E-14"
            )

    def _why_not_give(self, action: Give, partner: int) -> str:
        h = self._h
        p = h.play
        if not self._hand_of(partner) & ~h.given & p.position_mask[action.card.index]:
            return f"{action.card} was just received: pass one of the cards you were dealt"
        forced = p.deck.cards_of(partner_choices(h, partner))
        return f"pass your highest trump, {forced[0]} (help_card_rule 'highest_trump')"

    def _check_discard(self, action: Discard, seat: int) -> None:
        if not self._hand_of(seat) & self._h.play.position_mask[action.card.index]:
            raise CardNotInHandError(
                f"{_SEATS[seat]} does not hold {action.card}",
                action=action,
                seat=seat,
                rule_id="E-37",
            )

    def _check_claim(self, action: Action, seat: int) -> None:
        if isinstance(action, ClaimAceNoFace) and not is_ace_no_face(
            self._h.play.deck.cards_of(self._hand_of(seat))
        ):
            raise DeclarationError(
                f"{_SEATS[seat]}'s hand does not qualify for Ace No Face: it needs an ace"
                " and no jack, queen or king",
                action=action,
                seat=seat,
                rule_id="E-36",
            )

    # -- the transitions of the checked path --------------------------------------------

    def _transition(self, action: Action, seat: int) -> Self:
        """The state after ``action`` by ``seat``, which :meth:`_validate` accepted."""
        h = self._h
        phase = h.phase
        if phase is _PLAY and type(action) is _PLAY_TYPE:
            # A legal card given as text, an id or with its seat: the play step.
            p = h.play
            return self._play_any(h, p, self._legal & p.position_mask[action.card.index], action)
        if phase is _AUCTION:
            return self._do_call(action, seat)
        if phase is _TRUMP and type(action) is NameTrump:
            return self._do_name_trump(action, seat)
        if phase is _EXCHANGE and type(action) is _GIVE_TYPE:
            return self._do_give(action, seat)
        if phase is _DISCARD and type(action) is Discard:
            return self._do_discard(action, seat)
        if phase is _CLAIM:
            return self._do_claim(action, seat)
        if phase is _NAME_SUIT and type(action) is NameSuit:
            return self._do_name_suit(action, seat)
        raise AssertionError(f"{action} was accepted in phase {phase.name}")  # pragma: no cover

    def _do_call(self, action: Action, seat: int) -> Self:
        h = self._h
        tables = h.tables
        rank = tables.rank_by_id.get(id(action))
        if rank is None:
            # A legal call that is not interned: a pass or a bid of the ladder.
            rank = tables.auction_rules.rank(action.contract) if isinstance(action, Bid) else -1
        auction = self._auction.call_rank(rank)
        if auction.to_call is not None:
            acts = (tables.calls_stuck if auction.dealer_is_stuck else tables.calls)[
                auction.high_rank + 1
            ]
            return _build(self, h, auction, action, _AUCTION, auction.to_call, acts)
        return self._after_auction(auction, action)

    def _after_auction(self, auction: Auction, action: Action) -> Self:
        h = self._h
        if auction.high_rank < 0:
            # E-12: four passes void the hand; the deal passes left (E-5).
            return self._void(h, auction, action, "all_pass")
        # E-13: the highest bidder is the declarer and names trump.
        acts = h.tables.trump_actions
        return _build(self, h, auction, action, _TRUMP, _seat(auction.declarer), acts)

    def _do_name_trump(self, action: NameTrump, seat: int, t: int | None = None) -> Self:
        h = self._h
        tables = h.tables
        if t is None:
            t = TRUMP_CHOICES.index(action.trump)
        auction = self._auction
        h = h.copy()
        h.trump = t
        out = auction.sitting_out
        p = h.play = tables.play_tables[t][0 if out is None else out + 1]
        declarer = _seat(auction.declarer)
        if tables.discard_after_trump or _kind(auction) is ContractKind.HELP:
            return _after_trump(self, h, auction, action)
        # E-18: the declarer leads the first trick, any card.
        legal = h.held[declarer]
        return _build(self, h, auction, action, _PLAY, declarer, p.play_actions(legal), legal)

    def _do_give(self, action: Give, seat: int) -> Self:
        h = self._h
        p = h.play
        declarer = _seat(self._auction.declarer)
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
        lead = p.named_leads[action.suit][seat]
        nxt = p.next_seat[seat]
        hn = self._hand_of(nxt)
        trick = self._trick
        legal = hn if p.penalize else p.kernel.legal_word(hn, lead[0], trick)
        return _build(
            self, self._h, self._auction, action, _PLAY, nxt, p.play_actions(legal), legal,
            self._left, trick, lead, self._tricks,
        )  # fmt: skip


_ACTION_TYPES: Final = frozenset(
    {Play, Pass, Bid, NameTrump, Give, Discard, ClaimAceNoFace, NameSuit}
)
_ACTION_IDS: Final = 102

_PHASE_HINTS: Final = {
    _DISCARD: "the dealer must first discard a card face down (E-37)",
    _CLAIM: "each player may first claim Ace No Face or pass (E-36)",
    _AUCTION: "the auction is on: bid or pass (E-8)",
    _TRUMP: "the declarer must name trump first (E-13)",
    _EXCHANGE: "the help exchange comes first: give a card (E-14)",
    _PLAY: "the play is on: play a card (E-19)",
    _NAME_SUIT: "the leader of the joker must first name a suit (E-37)",
    _END: "the hand is over",
}


def _seat(seat: int | None) -> int:
    # A seat the auction has once it is won (the declarer): never None here.
    return -1 if seat is None else seat


def _kind(auction: Auction) -> ContractKind | None:
    contract = auction.contract
    return None if contract is None else contract.kind


def _record(before: Tricks, lead: Lead, trick: tuple[int, ...], winner: int) -> Tricks:
    done = Tricks()
    done.before = before
    done.lead = lead
    done.positions = trick
    done.winner = winner
    done.done = before.done + 16 + (winner & 1)
    done.public = None
    return done


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
    trick: tuple[int, ...] = (),
    lead: Lead = _NO_LEAD,
    tricks: Tricks = NO_TRICKS,
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
    s._trick = trick
    s._lead = lead
    s._tricks = tricks
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
    acts = (tables.calls_stuck if auction.dealer_is_stuck else tables.calls)[auction.high_rank + 1]
    # Before the first call: the auction is not over, to_call is a seat.
    return _build(parent, h, auction, last, _AUCTION, auction.to_call, acts)  # type: ignore[arg-type]


def _after_trump(parent: C, h: _Hand, auction: Auction, last: Action) -> C:
    """The next step once trump is named: discard, exchange, or the opening lead."""
    tables = h.tables
    if tables.discard_after_trump and not h.discard:
        # E-37 (after_trump): the dealer discards before any help exchange.
        acts = tables.card_actions(Discard, h.held[h.dealer])
        return _build(parent, h, auction, last, _DISCARD, h.dealer, acts)
    declarer = _seat(auction.declarer)
    k = tables.help_count
    if h.returned.bit_count() < k and _kind(auction) is ContractKind.HELP:
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
    auction = tables.auction_rules.start(dealer)
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
    s._trick = ()
    s._lead = _NO_LEAD
    s._tricks = NO_TRICKS
    s.__class__ = h.cls
    return s  # type: ignore[return-value]


# -- the deal ------------------------------------------------------------------------

# For deal(): the bit of each position (copied, never changed), and the steps of the
# shuffle from card 23 down to card 4, four at a time: each card with the number of
# bits drawn for it.
_BITS: Final = [1 << pos for pos in range(25)]
_DEAL_STEPS: Final = tuple(
    tuple(x for c in range(top, top - 4, -1) for x in (c, (c + 1).bit_length()))
    for top in range(23, 4, -4)
)


def new_hand(tables: Tables, cls: type[C], dealer: int, rng: random.Random) -> C:
    """The first state of a hand shuffled with ``rng`` and dealt by ``dealer`` (E-4):
    the draws of :func:`cardrules.decks.shuffle`, fused with the deal."""
    getrandbits = rng.getrandbits
    if tables.deck.double:
        return root_state(tables, cls, dealer, _double_deal(tables, dealer, getrandbits))
    held = _deal(tables.deck.size, dealer, getrandbits)
    w = tables.deck.size
    return root_state(
        tables, cls, dealer, held[0] | held[1] << w | held[2] << 2 * w | held[3] << 3 * w, held
    )


# The shuffle unrolled four cards at a time, one per seat: PLR0912.
def _deal(  # noqa: PLR0912
    size: int, dealer: int, getrandbits: Callable[[int], int]
) -> tuple[int, int, int, int]:
    """Shuffle and deal one deck (24 cards, or 25 with the joker): the seats' masks.

    The Fisher-Yates shuffle of :func:`cardrules.decks.shuffle` (the same draws),
    on positions, fused with the deal (E-4): card ``i`` of the shuffled deck goes to
    seat ``(dealer + 1 + i) % 4``, and is final once step ``i`` has drawn it.
    """
    # The shuffled deck, as the bit of each card's position.
    deck = _BITS[:size]
    extra = 0
    if size == 25:
        # E-37: the 25th card goes to the dealer.
        j = getrandbits(5)
        while j > 24:
            j = getrandbits(5)
        extra = deck[j]
        deck[j] = deck[24]
    # The masks of the seats that get cards 4q, 4q + 1, 4q + 2 and 4q + 3.
    h0 = h1 = h2 = h3 = 0
    for c3, k3, c2, k2, c1, k1, c0, k0 in _DEAL_STEPS:
        j = getrandbits(k3)
        while j > c3:
            j = getrandbits(k3)
        h3 |= deck[j]
        deck[j] = deck[c3]
        j = getrandbits(k2)
        while j > c2:
            j = getrandbits(k2)
        h2 |= deck[j]
        deck[j] = deck[c2]
        j = getrandbits(k1)
        while j > c1:
            j = getrandbits(k1)
        h1 |= deck[j]
        deck[j] = deck[c1]
        j = getrandbits(k0)
        while j > c0:
            j = getrandbits(k0)
        h0 |= deck[j]
        deck[j] = deck[c0]
    # Cards 3, 2 and 1, then card 0, which the shuffle leaves in place.
    j = getrandbits(3)
    while j > 3:
        j = getrandbits(3)
    h3 |= deck[j] | extra
    deck[j] = deck[3]
    j = getrandbits(2)
    while j > 2:
        j = getrandbits(2)
    h2 |= deck[j]
    deck[j] = deck[2]
    j = getrandbits(2)
    while j > 1:
        j = getrandbits(2)
    h1 |= deck[j]
    h0 |= deck[1 - j]
    # Card i goes to seat (dealer + 1 + i) % 4: h0 to the dealer's left.
    if dealer == 0:
        return (h3, h0, h1, h2)
    if dealer == 1:
        return (h2, h3, h0, h1)
    if dealer == 2:
        return (h1, h2, h3, h0)
    return (h0, h1, h2, h3)


def _double_deal(tables: Tables, dealer: int, getrandbits: Callable[[int], int]) -> int:
    size = tables.deck.size
    perm = list(range(size))
    for n, k, i in tables.shuffle_steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        perm[i], perm[j] = perm[j], perm[i]
    # Identical copies are interchangeable: the lower seat gets the first copy, as
    # in deal(), so that a record of the cards replays to an equal state.
    seat_of = [0] * size
    for i, pos in enumerate(perm):
        seat_of[pos] = (dealer + 1 + i) % 4
    dealt = 0
    for first in range(24):
        a, b = seat_of[first], seat_of[first + 24]
        if a > b:
            a, b = b, a
        dealt |= 1 << (first + a * size) | 1 << (first + 24 + b * size)
    return dealt


def restore(
    tables: Tables, cls: type[C], dealer: int, dealt: int, actions: tuple[Action, ...]
) -> C:
    """The state after ``actions`` from the deal (unpickling; each action is checked)."""
    state = root_state(tables, cls, dealer, dealt)
    for action in actions:
        # The seat named: a state that requires it (require_seat=True) is restored too.
        state = state.apply(action, state._to_play)
    return state


def replay(
    tables: Tables,
    cls: type[C],
    dealer: int,
    dealt: int,
    steps: Sequence[Action | Sequence[Action]],
) -> C | None:
    """The state after ``steps`` from the deal, each checked, or ``None`` if the rules
    refuse one (a view's sampler, which dealt the hidden cards at random).

    A step is an action, or a list of cards to give in the help exchange, of which the
    first the rules take is given (E-14: the partner's best trumps go first, while a
    view lists them in deck order).
    """
    state = root_state(tables, cls, dealer, dealt)
    try:
        for step in steps:
            if isinstance(step, Action):
                state = state.apply(step, state._to_play)
                continue
            todo = list(step)
            while todo:
                for n, give in enumerate(todo):
                    if state.is_legal(give, state._to_play):
                        state = state.apply(give, state._to_play)
                        del todo[n]
                        break
                else:
                    return None
    except IllegalActionError:
        return None
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
    declarer = _seat(auction.declarer)
    if reneges:
        return HandResult._trusted(
            options, auction.contract, declarer, (ns, ew), tuple([r.seat for r in reneges])
        )
    key = (auction.high_rank << 2 | declarer) << 8 | ns << 4 | ew
    result = results.get(key)
    if result is None:
        result = HandResult._trusted(options, auction.contract, declarer, (ns, ew))
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
    if auction.high_rank < 0:
        # E-12: four passes; E-32: nothing scored.
        return HandResult._trusted(options, None, None, (0, 0), (), "all_pass")
    declarer = _seat(auction.declarer)
    if h.trump >= 0:
        p = h.play
    else:
        t = _below(getrandbits, len(tables.trump_actions))
        out = auction.sitting_out
        p = tables.play_tables[t][0 if out is None else out + 1]
    won = [0, 0]
    reneges = h.reneges
    # One mask per seat in a list: cheaper to update in place than the packed integer.
    left = state._left
    held = [h.held[0] & left, h.held[1] & left, h.held[2] & left, h.held[3] & left]
    done = state._tricks.done
    if h.phase is not _PLAY:
        if _kind(auction) is ContractKind.HELP:
            # E-14: the declarer gives, then the partner gives back.
            count = tables.help_count
            _random_exchange(
                p, held, declarer, count, h.given, h.returned, tables.forced_give, getrandbits
            )
        # E-18: the declarer leads the first trick.
        seat, trick_no = declarer, 1
    else:
        won[1] = done & 15
        won[0] = (done >> 4) - won[1]
        seat, trick_no = state._to_play, (done >> 4) + 1
    if state._trick:
        # Finish the trick under way, then play whole tricks.
        seat, reneges = _play_cards(
            p, held, seat, state._lead, list(state._trick), trick_no, won, reneges, getrandbits
        )
        trick_no += 1
    if trick_no <= p.tricks_per_hand:
        if p.plain and p.kernel.follow_only:
            _play_tricks(p, held, seat, trick_no, won, getrandbits)
        else:
            _, reneges = _play_cards(
                p, held, seat, _NO_LEAD, [], trick_no, won, reneges, getrandbits
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
    top = len(auction.rules.ladder)
    while auction.to_call is not None:
        high = auction.high_rank
        stuck = auction.dealer_is_stuck
        n = top - high - 1 if stuck else top - high
        k = _BIT_LENGTH[n]
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        rank = high + 1 + r if stuck else (high + r if r else -1)
        auction = auction.successors.get(rank) or auction.call_rank(rank)
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


# One hot loop, kept whole for speed: PLR0915.
def _play_tricks(  # noqa: PLR0915
    p: PlayTables,
    held: list[int],
    leader: int,
    trick_no: int,
    won: list[int],
    getrandbits: Callable[[int], int],
) -> None:
    """Whole tricks from ``trick_no`` on, one deck, no reneges, under a declaration
    whose only duty is following suit (the kernel's ``follow_only``): as
    ``_play_cards`` but faster.

    Each choice draws as ``random.Random.choice`` over the legal cards in deck order
    (E-18, E-19); who takes each trick is read from the kernel's strengths (E-20); the
    tricks won are added to ``won``. Both are the kernel's, specialised: the legal
    cards are the branch of ``TrickKernel.legal_word`` that a ``follow_only`` kernel
    takes, the winner is ``TrickKernel.winner`` kept as a running best over its
    ``by_led`` row (the tests check the playout against the checked states).
    """
    bits_of = _BIT_LENGTH
    next_seat = p.next_seat
    leads = p.leads
    by_led = p.kernel.by_led
    followers = range(p.trick_size - 1)
    # The cards each seat holds as a trick begins: the same for every seat, one fewer a
    # trick (counting them costs a generic method call in compiled code).
    size = held[leader].bit_count()
    for _ in range(trick_no, p.tricks_per_hand + 1):
        seat = leader
        hand = held[seat]
        n = size
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
        lead = leads[seat][pos]
        if lead is None:
            lead = _joker_named(p, seat, getrandbits)
        follow = lead[0]
        row = by_led[lead[1]]
        # E-20: only a strictly stronger card takes the lead; the kernel's winner: -1
        # (the last seat) while no card can win.
        best = row[pos]
        leader = seat
        if best < 0:
            best = -1
            leader = lead[3]
        for _ in followers:
            seat = next_seat[seat]
            hand = held[seat]
            # E-19: the cards of the suit led if any, else any card (follow_only).
            m = hand & follow
            if m:
                n = m.bit_count()
            else:
                m = hand
                n = size
            k = bits_of[n]
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            while r:
                m &= m - 1
                r -= 1
            bit = m & -m
            held[seat] = hand ^ bit
            k = row[bit.bit_length() - 1]
            if k > best:
                best = k
                leader = seat
        won[leader & 1] += 1
        size -= 1


def _joker_named(p: PlayTables, seat: int, getrandbits: Callable[[int], int]) -> Lead:
    """E-37: the leader of the joker under no-trump names a suit, one of four in order."""
    r = getrandbits(3)
    while r >= 4:
        r = getrandbits(3)
    return p.named_leads[_SUITS[r]][seat]


# One hot loop, kept whole for speed: PLR0912, PLR0913, PLR0915, PLR0917.
def _play_cards(  # noqa: PLR0912, PLR0913, PLR0915, PLR0917
    p: PlayTables,
    held: list[int],
    seat: int,
    lead: Lead,
    trick: list[int],
    trick_no: int,
    won: list[int],
    reneges: tuple[Renege, ...],
    getrandbits: Callable[[int], int],
) -> tuple[int, tuple[Renege, ...]]:
    """The card play of ``random_playout`` (E-18 … E-23), from any point of a trick.

    Plays to the end of the hand, or only to the end of the trick under way if
    ``trick`` (the positions played to it, with its ``lead``) is not empty. ``held`` is
    each seat's hand, updated in place. The tricks won are added to ``won``.

    The kernel decides both trick rules: the legal cards (E-19, ``legal_word``, or
    its ``follow_only`` branch without the call) and the winner (E-20, ``winner``,
    kept as a running best over the kernel's ``by_led`` row, as in ``_play_tricks``).

    Returns:
        The seat to lead next and the reneges so far.
    """
    cards = p.deck.cards
    double = p.double
    penalize = p.penalize
    next_seat = p.next_seat
    leads = p.leads
    by_led = p.kernel.by_led
    kernel = p.kernel
    follow_only = kernel.follow_only
    trick_size = p.trick_size
    last_trick = trick_no if trick else p.tricks_per_hand
    bits_of = _BIT_LENGTH
    row: tuple[int, ...] = ()
    best = -1
    winner = -1
    if trick:
        # The trick under way: its best card so far, as the kernel's winner says.
        row = by_led[lead[1]]
        at = kernel.winner(trick, lead[1])
        winner = p.seat_after[lead[2]][at]
        best = row[trick[at]] if at >= 0 else -1
    while True:
        hand = held[seat]
        if not trick:
            lawful = hand
        elif follow_only:
            lawful = hand & lead[0] or hand
        else:
            lawful = kernel.legal_word(hand, lead[0], trick)
        legal = hand if penalize else lawful
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
        if not trick:
            first = leads[seat][pos]
            lead = _joker_named(p, seat, getrandbits) if first is None else first
            row = by_led[lead[1]]
            # The kernel's winner: -1 (the last seat) while no card can win.
            best = row[pos]
            winner = seat
            if best < 0:
                best = -1
                winner = lead[3]
        else:
            if penalize and not bit & lawful:
                reneges = (*reneges, Renege(seat, trick_no, cards[pos], p.led_label(lead[1])))
            # E-20, E-38: only a strictly stronger card takes the lead (a double deck's
            # second copy does not).
            k = row[pos]
            if k > best:
                best = k
                winner = seat
        trick.append(pos)
        if len(trick) == trick_size:
            seat = winner
            won[seat & 1] += 1
            if trick_no == last_trick:
                return seat, reneges
            trick_no += 1
            trick = []
        else:
            seat = next_seat[seat]
