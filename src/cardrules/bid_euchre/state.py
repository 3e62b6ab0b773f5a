"""The Bid Euchre state machine for one hand: deal, auction, trump, exchange, play, score.

A hand runs through these phases (:class:`Phase`), each skipped when the options or the
contract do not need it:

1. ``DISCARD``: with the joker (``joker_discard_timing="before_auction"``), the dealer,
   dealt 7 cards, discards one face down (E-37).
2. ``CLAIM``: with ``ace_no_face``, each player in calling order may claim an Ace No
   Face hand or pass; a claim throws the hand in (E-36).
3. ``AUCTION``: one call each from the dealer's left, or round and round with
   ``bidding_style="continuous"`` (E-6 … E-12, E-35). Four passes void the hand (E-12).
4. ``TRUMP``: the declarer names trump, or no-trump if allowed (E-13).
5. ``DISCARD`` again instead of 1, with ``joker_discard_timing="after_trump"`` (E-37).
6. ``EXCHANGE``: after a help bid, the declarer gives ``help_exchange_count`` cards to
   the partner, who gives back as many (their best trumps by default) (E-14).
7. ``PLAY``: the declarer leads; the partner of a help or moon bid sits out (E-18 …
   E-22). ``NAME_SUIT`` follows a lead of the joker under no-trump (E-37).
8. ``END``: :meth:`~cardrules.bid_euchre.BidEuchreState.result` holds the scored
   :class:`~cardrules.bid_euchre.HandResult` (E-24 … E-32).

>>> from cardrules.bid_euchre import BidEuchreVariant
>>> state = BidEuchreVariant().new_game(seed=5)
>>> state
<BidEuchreState phase=AUCTION to_play=1>
>>> [str(a) for a in state.legal_actions()]
['pass', 'bid 3', 'bid 4', 'bid 5', 'bid 6H', 'bid 6M']
>>> state = state.apply("bid 4").apply("pass").apply("pass").apply("pass")
>>> state.phase, state.declarer, state.contract
(<Phase.TRUMP: 'trump'>, 1, Contract(tricks=4, kind=<ContractKind.ORDINARY: 0>))
>>> state = state.apply("trump hearts")
>>> state.phase, state.to_play, len(state.hand(1))
(<Phase.PLAY: 'play'>, 1, 6)

Inside a state the cards are positions in bitmasks. The hands as dealt, after the
discard and after the help exchange are among the hand's slow-changing facts, shared
by the states (a mask per seat, and the four packed in one integer, each seat's mask
shifted by ``seat * deck size``); each state keeps the mask of the cards not played
yet. The legal actions are computed once, when the state is built. States share the
variant's tables. The only mutable objects a state reaches are caches that grow with
values computed from immutable inputs (the successors of an
:class:`~cardrules.bid_euchre.Auction`, the per-trump
per-trump play tables, the variant's results of played hands);
they never change what a state means, so states can be shared between threads.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeAlias

from cardrules._util import quote
from cardrules.actions import Action, Pass, Play
from cardrules.bid_euchre._tables import PlayTables, Tables
from cardrules.bid_euchre.actions import (
    Bid,
    ClaimAceNoFace,
    Discard,
    Give,
    NameSuit,
    NameTrump,
)
from cardrules.bid_euchre.bidding import Auction, Contract, ContractKind
from cardrules.bid_euchre.cards import TRUMP_CHOICES, NoTrump, Trump, is_ace_no_face
from cardrules.bid_euchre.play import Renege, Trick, _played_result, partner_gives
from cardrules.bid_euchre.scoring import HandResult, VoidReason, _score_trusted
from cardrules.cards import Card, Suit
from cardrules.errors import (
    BidError,
    CardNotInHandError,
    DeclarationError,
    ExchangeError,
    GameOverError,
    ImmutableError,
    InvalidActionError,
    MustFollowSuitError,
    NotYourTurnError,
    TrumpError,
    UnknownCardError,
    WrongPhaseError,
)
from cardrules.state import State, check_seat

if TYPE_CHECKING:
    from cardrules.bid_euchre.variant import BidEuchreVariant
    from cardrules.bid_euchre.view import BidEuchreView

__all__ = ["BidEuchreState", "Phase"]


class Phase(enum.Enum):
    """The phases of a hand, in the order they can occur (see the module docs)."""

    DISCARD = "discard"
    CLAIM = "claim"
    AUCTION = "auction"
    TRUMP = "trump"
    EXCHANGE = "exchange"
    PLAY = "play"
    NAME_SUIT = "name_suit"
    END = "end"


_DISCARD: Final = Phase.DISCARD
_CLAIM: Final = Phase.CLAIM
_AUCTION: Final = Phase.AUCTION
_TRUMP: Final = Phase.TRUMP
_EXCHANGE: Final = Phase.EXCHANGE
_PLAY: Final = Phase.PLAY
_NAME_SUIT: Final = Phase.NAME_SUIT
_END: Final = Phase.END
# The finished tricks (leader, positions, winner, EW's tricks so far) and the trick
# under way as (seat, position) pairs.
_Record: TypeAlias = tuple[
    tuple[tuple[int, tuple[int, ...], int, int], ...], tuple[tuple[int, int], ...]
]
_set: Final = object.__setattr__
# The _lead of a state with no trick under way, or before the suit is named (E-37).
_NO_LEAD: Final[tuple[int, tuple[int, ...]]] = (0, ())


class _Hand:
    """The facts of a hand that change only a few times per hand, shared between states.

    Never modified once a state refers to it: :meth:`copy`, then set fields.
    """

    __slots__ = (
        "claimant",
        "claims",
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


class _StateSlots:
    # A state is built as an instance of this plain class (calling it: no __init__, the
    # cheapest way to a new instance), then given its class BidEuchreState.
    # Few fields, each set on every card played: the phase, the play tables and the
    # hands live in the shared _Hand.
    __slots__ = (
        "_acts",
        "_auction",
        "_best",
        "_done",
        "_h",
        "_last",
        "_lead",
        "_left",
        "_legal",
        "_memo",
        "_n",
        "_parent",
        "is_terminal",
        "to_play",
    )

    _h: _Hand
    _auction: Auction
    _parent: BidEuchreState | None
    _last: Action | None
    to_play: int | None
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


class BidEuchreState(_StateSlots, State):
    """One moment of a Bid Euchre hand. Immutable; :meth:`apply` returns the next state.

    Create the first state with :meth:`BidEuchreVariant.new_game
    <cardrules.bid_euchre.BidEuchreVariant.new_game>` or :meth:`BidEuchreVariant.deal
    <cardrules.bid_euchre.BidEuchreVariant.deal>`.

    Cards inside the state are positions in bitmasks (see
    the deck of the options); the public accessors return cards.
    In ``renege_mode="penalize"`` every card in the hand of the seat to play is a legal
    action (the engine accepts it and records a renege, E-23); :meth:`lawful_actions`
    lists the actions that break no rule.

    Attributes:
        to_play: The seat to act, or ``None`` once the hand is over.
        is_terminal: True once the hand is over: scored, or thrown in.
    """

    __slots__ = ()

    # The phases random_playout plays in its loops, without building states (a tuple:
    # ``in`` finds them by identity, without hashing).
    _BULK_PHASES: ClassVar[tuple[Phase, ...]] = (_AUCTION, _TRUMP, _EXCHANGE, _PLAY)

    def __setattr__(self, name: str, value: Any) -> None:
        raise ImmutableError(f"BidEuchreState is immutable; cannot set {quote(name)}")

    def __delattr__(self, name: str) -> None:
        raise ImmutableError(f"BidEuchreState is immutable; cannot delete {quote(name)}")

    # -- public queries ---------------------------------------------------------------

    @property
    def variant(self) -> BidEuchreVariant:
        """The variant (rules and options) of this hand."""
        return self._h.tables.variant  # type: ignore[return-value]

    @property
    def phase(self) -> Phase:
        """The current :class:`Phase`."""
        return self._h.phase

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._h.dealer

    @property
    def next_dealer(self) -> int:
        """The dealer of the next hand, always the seat on the dealer's left (E-5)."""
        return (self._h.dealer + 1) % 4

    @property
    def auction(self) -> Auction:
        """The :class:`~cardrules.bid_euchre.Auction`: the calls so far and the contract."""
        return self._auction

    @property
    def calls(self) -> tuple[tuple[int, Contract | None], ...]:
        """Every call as ``(seat, contract)``, ``None`` for a pass (E-8, E-11)."""
        return self._auction.calls

    @property
    def contract(self) -> Contract | None:
        """The winning bid once the auction is over, else ``None``."""
        return self._auction.contract

    @property
    def declarer(self) -> int | None:
        """The declarer (the highest bidder) once the auction is over, else ``None``."""
        auction = self._auction
        return auction.declarer if auction.is_over else None

    @property
    def trump(self) -> Trump | None:
        """The trump suit or ``NO_TRUMP`` once named (E-13), else ``None``."""
        t = self._h.trump
        return TRUMP_CHOICES[t] if t >= 0 else None

    @property
    def sitting_out(self) -> int | None:
        """The declarer's partner in a help or moon contract (E-21), else ``None``."""
        s = self._auction._sitting_out
        return s if s >= 0 else None

    @property
    def claimant(self) -> int | None:
        """The seat whose Ace No Face claim threw the hand in (E-36), else ``None``."""
        c = self._h.claimant
        return c if c >= 0 else None

    @property
    def discard(self) -> tuple[Card, ...]:
        """The dealer's discard in the joker variant (full information, not for players)."""
        return self._h.play.deck.cards_of(self._h.discard)

    @property
    def given(self) -> tuple[Card, ...]:
        """The cards the declarer passed to the partner in a help exchange (E-14)."""
        return self._h.play.deck.cards_of(self._h.given)

    @property
    def returned(self) -> tuple[Card, ...]:
        """The cards the partner passed back to the declarer (E-14)."""
        return self._h.play.deck.cards_of(self._h.returned)

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The current trick as ``(seat, card)`` pairs, in play order."""
        cards = self._h.play.deck.cards
        return tuple((seat, cards[pos]) for seat, pos in self._record()[1])

    @property
    def named_suit(self) -> Suit | None:
        """The suit named for the joker led to the current trick (E-37), else ``None``."""
        if self._h.play.joker_no_trump < 0 or not self._n:
            return None
        return self._named(self._trick[0])

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks, in order."""
        return self._public_tricks(self._tricks)

    def _public_tricks(
        self, tricks: tuple[tuple[int, tuple[int, ...], int, int], ...]
    ) -> tuple[Trick, ...]:
        p = self._h.play
        out = []
        for leader, positions, winner, _ in tricks:
            plays = []
            seat = leader
            for pos in positions:
                plays.append((seat, p.deck.cards[pos]))
                seat = p.next_seat[seat]
            out.append(Trick(leader, tuple(plays), winner))
        return tuple(out)

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks won so far by NS (seats 0 and 2) and by EW (seats 1 and 3) (E-24)."""
        ew = self._done & 15
        return ((self._done >> 4) - ew, ew)

    def _plays(self, last: int = -1) -> list[tuple[int, int, BidEuchreState]]:
        """The cards played so far: ``(seat, position, the state it led to)``, in order.

        Args:
            last: Only the ``last`` cards played; every card if negative.
        """
        out: list[tuple[int, int, BidEuchreState]] = []
        state = self
        parent = state._parent
        while parent is not None and last:
            action = state._last
            if type(action) is Play:
                out.append((parent.to_play, parent._position_of(action), state))  # type: ignore[arg-type]
                last -= 1
            state = parent
            parent = state._parent
        out.reverse()
        return out

    def _record(self) -> _Record:
        """The finished tricks ``(leader, positions, winner, EW's tricks so far)`` and the
        trick under way as ``(seat, position)`` pairs.

        Kept once asked for (in ``_memo``, a cache that never changes what the state
        means); made from the parent's if it has one, else from a walk of the history.
        """
        try:
            return self._memo
        except AttributeError:
            pass
        parent = self._parent
        try:
            record = self._extend(parent._memo)  # type: ignore[union-attr]
        except AttributeError:
            record = self._walk()
        _set(self, "_memo", record)
        return record

    def _extend(self, before: _Record) -> _Record:
        """The parent's record with the card this state's action played, if any."""
        action = self._last
        if type(action) is not Play:
            return before
        parent: BidEuchreState = self._parent  # type: ignore[assignment]
        finished, trick = before
        trick = (*trick, (parent.to_play, parent._position_of(action)))  # type: ignore[arg-type]
        if self._n:
            return (finished, trick)
        # The card finished the trick: this state keeps the trick's best (E-20).
        winner = self._best & 3
        ew = (finished[-1][3] if finished else 0) + (winner & 1)
        return ((*finished, (trick[0][0], tuple(pos for _, pos in trick), winner, ew)), ())

    def _walk(self) -> _Record:
        """The record of ``_record``, from one walk of the history."""
        plays = self._plays() if self._done else self._plays(self._n)
        positions = [pos for _, pos, _ in plays]
        size = self._h.play.trick_size
        end = (self._done >> 4) * size
        out = []
        ew = 0
        for start in range(0, end, size):
            # The state after a trick's last card keeps the trick's best (E-20).
            winner = plays[start + size - 1][2]._best & 3
            ew += winner & 1
            out.append((plays[start][0], tuple(positions[start : start + size]), winner, ew))
        return tuple(out), tuple((seat, pos) for seat, pos, _ in plays[end:])

    def _position_of(self, action: Play) -> int:
        """The position ``action`` plays from this state's hand to play."""
        p = self._h.play
        if p.double:
            # The copy _play_any takes: the lowest legal one (E-38).
            bit = self._legal & p.position_mask[action.card.index]
            return (bit & -bit).bit_length() - 1
        return p._position[action.card.index]

    @property
    def _trick(self) -> tuple[int, ...]:
        """The positions played to the trick under way."""
        return tuple(pos for _, pos in self._record()[1])

    @property
    def _tricks(self) -> tuple[tuple[int, tuple[int, ...], int, int], ...]:
        """The finished tricks, each ``(leader, positions, winner, EW's tricks so far)``."""
        return self._record()[0]

    def _named(self, first: int) -> Suit | None:
        """The suit named for the joker, if ``first`` (the position led) is the joker
        led under no-trump and its leader has named a suit (E-37)."""
        p = self._h.play
        if first == p.joker_no_trump and self._lead[0]:
            return p.led_suit(self._follow)
        return None

    @property
    def _follow(self) -> int:
        """The mask of the suit to follow in the trick under way, 0 if none (yet)."""
        return self._lead[0]

    @property
    def reneges(self) -> tuple[Renege, ...]:
        """The reneges recorded so far (full information; public once scored, E-40)."""
        return self._h.reneges

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every ``(seat, action)`` applied since the deal, in order."""
        out = []
        state = self
        parent = state._parent
        while parent is not None:
            out.append((parent.to_play, state._last))
            state = parent
            parent = state._parent
        out.reverse()
        return tuple(out)  # type: ignore[arg-type]

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds, in deck order (full information: for servers).

        Raises:
            InvalidSeatError: ``seat`` is not an int from 0 to 3.
        """
        s = check_seat(seat, 4)
        return self._h.play.deck.cards_of(self._h.held[s] & self._left)

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions the seat to play may take (empty once the hand is over).

        The order is fixed: cards in deck order; pass first, then the bids upward;
        the trump choices spades, hearts, diamonds, clubs, no-trump; pass, then claim.
        """
        return self._acts

    def lawful_actions(self) -> tuple[Action, ...]:
        """The legal actions that break no rule.

        Equal to :meth:`legal_actions` except under ``renege_mode="penalize"``, where
        :meth:`legal_actions` also lists the cards that would be a renege (E-23).
        """
        p = self._h.play
        if self._h.phase is _PLAY and p.penalize:
            return p.play_actions(p.lawful(self._legal, self._follow))
        return self._acts

    def is_legal(self, action: Action | str, seat: int | None = None) -> bool:
        """True if :meth:`apply` would accept ``action`` from ``seat`` (never raises)."""
        if type(action) is Play and seat is None:
            return bool(self._legal & self._h.play.position_mask[action.card.index])
        return super().is_legal(action, seat)

    def check(self, action: Action | str, seat: int | None = None) -> None:
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
        self.apply(action, seat)

    def result(self) -> HandResult:
        """The scored hand (E-24 … E-32), a void result if the hand was thrown in.

        Raises:
            WrongPhaseError: the hand is not over.
        """
        result = self._h.result
        if result is None:
            raise WrongPhaseError(
                f"the hand is not over (phase {self._h.phase.name}): no result yet", rule_id="E-22"
            )
        return result

    def returns(self) -> tuple[float, ...]:
        """Each seat's change of score, its team's delta (zeros before the end)."""
        result = self._h.result
        if result is None:
            return (0, 0, 0, 0)
        return result.returns

    def view(self, seat: int) -> BidEuchreView:
        """What ``seat`` may know (E-40).

        Raises:
            InvalidSeatError: ``seat`` is not an int from 0 to 3.
        """
        from cardrules.bid_euchre.view import _make_view

        return _make_view(self, check_seat(seat, 4))

    # -- apply --------------------------------------------------------------------------

    # The hot path is written out inline for speed: PLR0912, PLR0915.
    def apply(self, action: Action | str, seat: int | None = None) -> BidEuchreState:  # noqa: PLR0912, PLR0915
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
        if type(action) is Play and (seat is None or (type(seat) is int and seat == self.to_play)):
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
                seat = self.to_play
                n = self._n
                if n:
                    lead = self._lead
                    follow, keys = lead
                    # E-20: only a strictly stronger card takes the lead of the trick. Keys
                    # are strengths times 4 and best is the best key plus its seat.
                    best = self._best
                    k = keys[pos]
                    if k > best:
                        best = k | seat  # type: ignore[operator]
                    n += 1
                    if n == p.trick_size:
                        winner = best & 3
                        done = self._done + 16 + (winner & 1)
                        if done >> 4 == p.tricks_per_hand:
                            return self._finish(h, left, done, best, action)
                        # E-20: the winner leads the next trick, any card (E-18).
                        legal = h.held[winner] & left
                        s = _StateSlots()
                        s._h = h
                        s._auction = self._auction
                        s._parent = self
                        s._last = action
                        s.to_play = winner
                        s.is_terminal = False
                        s._left = left
                        s._legal = legal
                        s._acts = p._a0[legal & 4095] + p._a1[legal >> 12]
                        s._n = 0
                        s._lead = _NO_LEAD
                        s._best = best
                        s._done = done
                        s.__class__ = BidEuchreState
                        return s  # type: ignore[return-value]
                else:
                    # E-17, E-19: the lead's effective suit is the suit to follow.
                    first, best = p._lead4[pos]
                    if first is None:
                        return self._joker_led(left, action)
                    lead = first
                    follow = lead[0]
                    best |= seat  # type: ignore[operator]
                    n = 1
                nxt = p.next_seat[seat]  # type: ignore[index]
                hn = h.held[nxt] & left
                # E-19: follow the effective suit led if possible, else any card.
                legal = hn & follow or hn
                s = _StateSlots()
                s._h = h
                s._auction = self._auction
                s._parent = self
                s._last = action
                s.to_play = nxt
                s.is_terminal = False
                s._left = left
                s._legal = legal
                s._acts = p._a0[legal & 4095] + p._a1[legal >> 12]
                s._n = n
                s._lead = lead
                s._best = best
                s._done = self._done
                s.__class__ = BidEuchreState
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
                        after = auction._next.get(rank) or auction._after(self.to_play, rank)  # type: ignore[arg-type]
                        to_call = after.to_call
                        if to_call is not None:
                            s = _StateSlots()
                            s._h = h
                            s._auction = after
                            s._parent = self
                            s._last = action  # type: ignore[assignment]
                            s.to_play = to_call
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
                            s.__class__ = BidEuchreState
                            return s  # type: ignore[return-value]
                        if after._high >= 0:
                            # E-13: the highest bidder is the declarer and names trump.
                            acts = tables.trump_actions
                            return _build(self, h, after, action, _TRUMP, after._declarer, acts)  # type: ignore[arg-type]
                    return self._call(action, self.to_play, rank)  # type: ignore[arg-type]
            elif phase is _TRUMP:
                t = h.tables.trump_by_id.get(id(action))
                if t is not None:
                    return self._name_trump(action, self.to_play, t)  # type: ignore[arg-type]
            elif phase is _EXCHANGE and type(action) is Give:
                return self._give(action, self.to_play)  # type: ignore[arg-type]
        return self._apply(action, seat)

    def _play_any(self, h: _Hand, p: PlayTables, bit: int, action: Action) -> BidEuchreState:
        """The legal card of :meth:`apply`'s hot path under any options (E-18 … E-23)."""
        if p.double:
            # E-38: of two identical cards the lower position is played.
            bit &= -bit
        pos = bit.bit_length() - 1
        left = self._left ^ bit
        seat: int = self.to_play  # type: ignore[assignment]
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
        renege = Renege(seat, (self._done >> 4) + 1, p.deck.cards[pos], p.led_suit(self._follow))
        h.reneges = (*h.reneges, renege)
        return h

    def _finish(self, h: _Hand, left: int, done: int, best: int, action: Action) -> BidEuchreState:
        auction = self._auction
        h = h.copy()
        h.phase = _END
        # E-24 … E-31: one scoring code path, shared with the score-only API.
        tables = h.tables
        ew = done & 15
        h.result = _played_result(
            tables.options, tables.results, auction, (done >> 4) - ew, ew, h.reneges
        )
        s = _StateSlots()
        s._h = h
        s._auction = auction
        s._parent = self
        s._last = action
        s.to_play = None
        s.is_terminal = True
        s._left = left
        s._legal = 0
        s._acts = ()
        s._n = 0
        s._lead = _NO_LEAD
        s._best = best
        s._done = done
        s.__class__ = BidEuchreState
        return s  # type: ignore[return-value]

    def _apply(self, action: object, seat: int | None) -> BidEuchreState:
        """The checked transition for everything but the fast paths of :meth:`apply`."""
        s = self._require(seat)
        h = self._h
        if type(action) is str:
            return self.apply(self.variant.parse_action(action), seat)
        if not isinstance(action, Action):
            raise InvalidActionError(
                f"not a Bid Euchre action: {quote(action)}", action=action, seat=s
            )
        kind = type(action)
        if kind is Play or kind is Give or kind is Discard:
            card = action.card  # type: ignore[attr-defined]
            if type(card) is not Card or not h.play.position_mask[card.index]:
                raise UnknownCardError(
                    f"{quote(card)} is not in this game's deck", action=action, seat=s
                )
        phase = self._h.phase
        if phase is _PLAY and kind is Play:
            return self._illegal_play(action, s)  # type: ignore[arg-type]
        if phase is _AUCTION and (kind is Bid or kind is Pass):
            return self._call(action, s)
        if phase is _TRUMP and kind is NameTrump:
            return self._name_trump(action, s)  # type: ignore[arg-type]
        if phase is _EXCHANGE and kind is Give:
            return self._give(action, s)  # type: ignore[arg-type]
        if phase is _DISCARD and kind is Discard:
            return self._discard(action, s)  # type: ignore[arg-type]
        if phase is _CLAIM and (kind is ClaimAceNoFace or kind is Pass):
            return self._claim(action, s)
        if phase is _NAME_SUIT and kind is NameSuit:
            return self._name_suit(action, s)  # type: ignore[arg-type]
        if kind not in _ACTION_TYPES:
            raise InvalidActionError(
                f"{quote(action)} is not a Bid Euchre action", action=action, seat=s
            )
        raise WrongPhaseError(_PHASE_HINTS[phase], action=action, seat=s)

    def _require(self, seat: object) -> int:
        to_play = self.to_play
        if to_play is None:
            raise GameOverError("the hand is over: no action is possible")
        if seat is None:
            return to_play
        s = check_seat(seat, 4)
        if s != to_play:
            if s == self._auction._sitting_out and self._h.phase in (_PLAY, _NAME_SUIT):
                raise NotYourTurnError(
                    f"seat {s} sits out this hand: the partner of a help or moon bid does not play",
                    seat=s,
                    rule_id="E-21",
                )
            raise NotYourTurnError(f"it is not seat {s}'s turn: seat {to_play} is to play", seat=s)
        return s

    def _hand_of(self, seat: int) -> int:
        return self._h.held[seat] & self._left

    def _illegal_play(self, action: Play, seat: int) -> BidEuchreState:
        card = action.card
        p = self._h.play
        if not self._hand_of(seat) & p.position_mask[card.index]:
            raise CardNotInHandError(
                f"seat {seat} does not hold {card}", action=action, seat=seat, rule_id="E-19"
            )
        led = p.led_suit(self._follow)
        name = led.name.lower()
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
            f"{name} was led and seat {seat} holds a card of {name}: follow suit",
            action=action,
            seat=seat,
            rule_id="E-19",
        )

    def _joker_led(self, left: int, action: Action) -> BidEuchreState:
        # E-37 (R500): the leader of the joker under no-trump names the suit to follow.
        h = self._h
        return _build(
            self, h, self._auction, action, _NAME_SUIT, self.to_play,
            h.tables.name_actions, 0, left, 1, self._done,
        )  # fmt: skip

    def _name_suit(self, action: NameSuit, seat: int) -> BidEuchreState:
        p = self._h.play
        sn = p.deck.suit_numbers[p.trump_index][action.suit]
        follow = p.table.suit_mask[sn]
        keys = p._keys4[sn]
        hn = self._hand_of(p.next_seat[seat])
        legal = hn if p.penalize else (hn & follow or hn)
        return _build(
            self, self._h, self._auction, action, _PLAY, p.next_seat[seat],
            p.play_actions(legal), legal, self._left, 1, self._done,
            (follow, keys), keys[p.joker_no_trump] | seat,
        )  # fmt: skip

    def _void(
        self, h: _Hand, auction: Auction, action: Action, reason: VoidReason
    ) -> BidEuchreState:
        h = h.copy()
        # E-32: a thrown-in hand scores nothing.
        h.result = _score_trusted(h.tables.options, None, None, (0, 0), (), reason)
        return _build(self, h, auction, action, _END, None, ())

    # -- the phases before the play -----------------------------------------------------

    def _call(self, action: Action, seat: int, rank: int | None = None) -> BidEuchreState:
        h = self._h
        auction = self._auction
        if rank is None:
            rank = h.tables.rank_by_id.get(id(action), -2)
        if rank <= auction._high and (rank >= 0 or rank == -2 or auction._stuck):
            # Not a legal call: let the auction say which rule it breaks.
            call = action.contract if isinstance(action, Bid) else None
            try:
                auction.check(call)
            except BidError as exc:
                raise BidError(exc.message, action=action, seat=seat, rule_id=exc.rule_id) from None
            rank = auction.rules.rank(call) if call is not None else -1
        auction = auction._after(seat, rank)
        tables = h.tables
        if auction.to_call is not None:
            acts = (tables.calls_stuck if auction._stuck else tables.calls)[auction._high + 1]
            return _build(self, h, auction, action, _AUCTION, auction.to_call, acts)
        if auction._high < 0:
            # E-12: four passes void the hand; the deal passes left (E-5).
            return self._void(h, auction, action, "all_pass")
        # E-13: the highest bidder is the declarer and names trump.
        acts = tables.trump_actions
        return _build(self, h, auction, action, _TRUMP, auction._declarer, acts)

    def _name_trump(self, action: NameTrump, seat: int, t: int | None = None) -> BidEuchreState:
        h = self._h
        tables = h.tables
        if t is None:
            if isinstance(action.trump, NoTrump) and not tables.options.allow_no_trump:
                raise TrumpError(
                    "no-trump is not allowed: name clubs, diamonds, hearts or spades"
                    " (allow_no_trump)",
                    action=action,
                    seat=seat,
                    rule_id="E-13",
                )
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

    def _give(self, action: Give, seat: int) -> BidEuchreState:
        h = self._h
        p = h.play
        declarer = self._auction._declarer
        partner = (declarer + 2) % 4
        posm = p.position_mask[action.card.index]
        if not posm:
            raise UnknownCardError(
                f"{action.card} is not in this game's deck", action=action, seat=seat
            )
        hand = self._hand_of(seat)
        if not hand & posm:
            raise CardNotInHandError(
                f"seat {seat} does not hold {action.card}", action=action, seat=seat, rule_id="E-14"
            )
        if seat == declarer:
            bit = hand & posm
        else:
            bit = _partner_choices(h, partner) & posm
            if not bit:
                raise ExchangeError(
                    self._why_not_give(action, partner), action=action, seat=seat, rule_id="E-14"
                )
        bit &= -bit
        # E-14: the card moves to the other partner's hand.
        h = h.copy()
        h.set_hands(h.hands ^ (bit << p.shift[declarer]) ^ (bit << p.shift[partner]))
        if seat == declarer:
            h.given |= bit
        else:
            h.returned |= bit
        return _after_trump(self, h, self._auction, action)

    def _why_not_give(self, action: Give, partner: int) -> str:
        h = self._h
        p = h.play
        if not self._hand_of(partner) & ~h.given & p.position_mask[action.card.index]:
            return f"{action.card} was just received: pass one of the cards you were dealt"
        forced = p.deck.cards_of(_partner_choices(h, partner))
        return f"pass your highest trump, {forced[0]} (help_card_rule 'highest_trump')"

    def _discard(self, action: Discard, seat: int) -> BidEuchreState:
        h = self._h
        p = h.play
        bit = self._hand_of(seat) & p.position_mask[action.card.index]
        if not bit:
            raise CardNotInHandError(
                f"seat {seat} does not hold {action.card}", action=action, seat=seat, rule_id="E-37"
            )
        bit &= -bit
        h = h.copy()
        h.discard = bit
        h.set_hands(h.hands ^ (bit << p.shift[seat]))
        if h.trump >= 0:
            return _after_trump(self, h, self._auction, action)
        return _before_auction(self, h, self._auction, action)

    def _claim(self, action: Action, seat: int) -> BidEuchreState:
        h = self._h
        if isinstance(action, ClaimAceNoFace):
            if not is_ace_no_face(h.play.deck.cards_of(self._hand_of(seat))):
                raise DeclarationError(
                    f"seat {seat}'s hand does not qualify for Ace No Face: it needs an ace"
                    " and no jack, queen or king",
                    action=action,
                    seat=seat,
                    rule_id="E-36",
                )
            h = h.copy()
            h.claimant = seat
            h.claims += 1
            # E-36: the claim throws the hand in; the deal passes left (E-5).
            return self._void(h, self._auction, action, "ace_no_face")
        h = h.copy()
        h.claims += 1
        return _before_auction(self, h, self._auction, action)

    # -- values ---------------------------------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        h = self._h
        return (
            h.tables.variant,
            h.dealer,
            h.dealt,
            self._auction.calls,
            h.claims,
            h.claimant,
            h.trump,
            h.discard,
            h.given,
            h.returned,
            h.reneges,
            self._h.phase,
            self.to_play,
            h.hands,
            self._left,
            self._tricks,
            self._trick,
            self._follow,
        )

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, BidEuchreState):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[Any, ...]:
        h = self._h
        actions = tuple(a for _, a in self.history)
        return (_restore, (h.tables.variant, h.dealer, h.dealt, actions))

    def __repr__(self) -> str:
        result = self._h.result
        if result is not None:
            return f"<BidEuchreState phase=END delta={result.delta}>"
        if self._h.phase is _PLAY or self._h.phase is _NAME_SUIT:
            return (
                f"<BidEuchreState phase={self._h.phase.name} trick {(self._done >> 4) + 1}"
                f" to_play={self.to_play}>"
            )
        return f"<BidEuchreState phase={self._h.phase.name} to_play={self.to_play}>"


# Sets every field of a state; positional for speed: PLR0913, PLR0917.
def _build(  # noqa: PLR0913, PLR0917
    parent: BidEuchreState | None,
    h: _Hand,
    auction: Auction,
    last: Action | None,
    phase: Phase,
    to_play: int | None,
    acts: tuple[Action, ...],
    legal: int = 0,
    left: int | None = None,
    n: int = 0,
    done: int = 0,
    lead: tuple[int, tuple[int, ...]] = _NO_LEAD,
    best: int = 0,
) -> BidEuchreState:
    if h.phase is not phase:
        # The phase lives in the _Hand: a new phase needs a copy, unless h is new.
        if parent is not None and parent._h is h:
            h = h.copy()
        h.phase = phase
    s = _StateSlots()
    s._h = h
    s._auction = auction
    s._parent = parent
    s._last = last
    s.to_play = to_play
    s.is_terminal = phase is _END
    s._left = h.play.full if left is None else left
    s._legal = legal
    s._acts = acts
    s._n = n
    s._lead = lead
    s._best = best
    s._done = done
    s.__class__ = BidEuchreState
    return s  # type: ignore[return-value]


def _partner_choices(h: _Hand, partner: int) -> int:
    """The partner's legal gives in the help exchange (E-14)."""
    return partner_gives(h.play, h.hands, partner, h.given, forced=h.tables.forced_give)


def _before_auction(
    parent: BidEuchreState | None, h: _Hand, auction: Auction, last: Action | None
) -> BidEuchreState:
    """The claim window (E-36) if it is open, else the first call of the auction (E-6)."""
    tables = h.tables
    if tables.ace_no_face and h.claims < 4:
        seat = (h.dealer + 1 + h.claims) % 4
        acts = tables.claim_actions(h.play.deck.cards_of(h.held[seat]))
        return _build(parent, h, auction, last, _CLAIM, seat, acts)
    acts = (tables.calls_stuck if auction._stuck else tables.calls)[auction._high + 1]
    return _build(parent, h, auction, last, _AUCTION, auction.to_call, acts)


def _after_trump(
    parent: BidEuchreState, h: _Hand, auction: Auction, last: Action
) -> BidEuchreState:
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
            avail = _partner_choices(h, giver)
        acts = tables.card_actions(Give, avail)
        return _build(parent, h, auction, last, _EXCHANGE, giver, acts)
    # E-18: the declarer leads the first trick, any card.
    lead = h.held[declarer]
    return _build(parent, h, auction, last, _PLAY, declarer, h.play.play_actions(lead), lead)


def root_state(
    tables: Tables,
    dealer: int,
    dealt: int,
    held: tuple[int, int, int, int] | None = None,
) -> BidEuchreState:
    """The first state of a hand with the packed ``dealt`` hands (used by the variant).

    ``held`` is each seat's mask of ``dealt``, if the caller has it already.
    """
    h = _Hand()
    h.tables = tables
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
    s = _StateSlots()
    s._h = h
    s._auction = auction
    s._parent = None
    s._last = None
    s.to_play = auction.to_call
    s.is_terminal = False
    s._left = h.play.full
    s._legal = 0
    s._acts = tables.calls[0]
    s._n = 0
    s._lead = _NO_LEAD
    s._best = 0
    s._done = 0
    s.__class__ = BidEuchreState
    return s  # type: ignore[return-value]


def _restore(
    variant: BidEuchreVariant, dealer: int, dealt: int, actions: tuple[Action, ...]
) -> BidEuchreState:
    state = root_state(variant._tables, dealer, dealt)
    for action in actions:
        state = state.apply(action)
    return state


_ACTION_TYPES: Final = frozenset(
    {Play, Pass, Bid, NameTrump, Give, Discard, ClaimAceNoFace, NameSuit}
)

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
