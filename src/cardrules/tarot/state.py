"""The French Tarot state machine: deal, auction, call, écart, announcements, play, score.

A deal goes through the phases of :class:`Phase`::

    BIDDING -> [CALL, 5 players] -> [ECART, Prise/Garde] -> [ANNOUNCE] -> PLAY -> END

and ends early, in ``END``, when it is annulled: Petit sec right after the deal (T-9) or
every player passing (T-12). :meth:`~cardrules.tarot.TarotState.result` is then
``DealResult.annulled_deal(...)``; otherwise it is the :class:`~cardrules.tarot.DealResult` that
:func:`~cardrules.tarot.score_deal` computes from the facts of the play (T-28 … T-37).

States are immutable values. Build the first one with
:meth:`TarotVariant.new_game <cardrules.tarot.TarotVariant.new_game>` or
:meth:`TarotVariant.deal <cardrules.tarot.TarotVariant.deal>`.

>>> from cardrules.tarot import TarotVariant
>>> state = TarotVariant().new_game(seed=7)
>>> state.phase, state.to_play, [str(a) for a in state.legal_actions()][:3]
(<Phase.BIDDING: 'bidding'>, 1, ['pass', 'bid prise', 'bid garde'])
"""

from __future__ import annotations

import enum
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, NoReturn

import attrs

from cardrules._util import quote
from cardrules.actions import Action, Pass, Play
from cardrules.cards import EXCUSE, Card, CardKind, Rank
from cardrules.errors import (
    CardNotInHandError,
    DealError,
    DeclarationError,
    DiscardError,
    IllegalActionError,
    ImmutableError,
    InvalidActionError,
    InvalidArgumentError,
    LeadRestrictionError,
    MustFollowSuitError,
    MustOvertrumpError,
    MustTrumpError,
    NotationError,
    UnknownCardError,
    WrongPhaseError,
)
from cardrules.state import State, check_seat
from cardrules.tarot._tables import (
    _ANNOUNCE_ACTIONS,
    _BIT,
    _BOUTS,
    _BY_ID,
    _CALLABLE_BY_RANK,
    _CARD,
    _DISCARD_ACTIONS,
    _EXB,
    _EXCUSE_POS,
    _FIRST_TRUMP,
    _FOLLOW,
    _ID_OF,
    _KINGS,
    _LOW,
    _ONE,
    _OVER,
    _PASS,
    _PETIT_B,
    _PLAY_MEMO,
    _SUIT,
    _SUIT_MASK,
    _T,
    _TRUMP_SUIT,
    _TRUMPS,
    _cards,
    _ecart_legal,
    _follow_actions,
    _play_actions,
    _points,
)
from cardrules.tarot.actions import (
    AnnounceChelem,
    Bid,
    Call,
    DeclarePoignee,
    Discard,
    poignee_level_of,
)
from cardrules.tarot.bidding import Contract, auction_taker, check_bid
from cardrules.tarot.play import _resolve
from cardrules.tarot.scoring import (
    Camp,
    DealResult,
    PoigneeLevel,
    _engine_facts,
    score_deal,
)
from cardrules.tricks import Obligation

if TYPE_CHECKING:
    from cardrules.tarot.variant import TarotVariant
    from cardrules.tarot.view import TarotView

__all__ = ["DealError", "Phase", "Poignee", "TarotState"]


class Phase(enum.Enum):
    """The phases of a deal, in order."""

    BIDDING = "bidding"
    CALL = "call"
    ECART = "ecart"
    ANNOUNCE = "announce"
    PLAY = "play"
    END = "end"


@attrs.frozen
class Poignee:
    """A poignée shown by a player (T-18 … T-20).

    Attributes:
        seat: Who declared it.
        level: Its :class:`~cardrules.tarot.PoigneeLevel`.
        cards: The cards shown, in descending order (T-19).
    """

    seat: int
    level: PoigneeLevel
    cards: tuple[Card, ...]

    def __repr__(self) -> str:
        cards = " ".join(str(c) for c in self.cards)
        return f"Poignee(seat={self.seat}, level={self.level}, cards=[{cards}])"


# -- the deal's constant part --------------------------------------------------------


class _Info:
    """What a deal fixes outside the trick play: the deal, the auction, the contract.

    Immutable by convention: a change builds a copy with :meth:`copy`.
    """

    __slots__ = (
        "annulled",
        "attack",
        "bids",
        "called",
        "chelem",
        "chien",
        "contract",
        "deal",
        "dealer",
        "declared",
        "ecart",
        "partner",
        "poignees",
        "taker",
    )

    dealer: int
    deal: tuple[int, ...]
    chien: int
    bids: tuple[tuple[int, Contract | None], ...]
    contract: Contract | None
    taker: int
    called: int
    partner: int
    attack: int
    ecart: int
    chelem: bool
    poignees: tuple[tuple[int, PoigneeLevel, int], ...]
    declared: int
    annulled: str | None

    def key(self) -> tuple[Any, ...]:
        """Every field, in slot order: for equality, hashing and pickling."""
        return tuple(getattr(self, name) for name in _Info.__slots__)

    def copy(self) -> _Info:
        """A copy, for the caller to change before sharing it."""
        new = _Info()
        new.annulled = self.annulled
        new.attack = self.attack
        new.bids = self.bids
        new.called = self.called
        new.chelem = self.chelem
        new.chien = self.chien
        new.contract = self.contract
        new.deal = self.deal
        new.dealer = self.dealer
        new.declared = self.declared
        new.ecart = self.ecart
        new.partner = self.partner
        new.poignees = self.poignees
        new.taker = self.taker
        return new


def _first_info(dealer: int, deal: tuple[int, ...], chien: int) -> _Info:
    info = _Info()
    info.dealer = dealer
    info.deal = deal
    info.chien = chien
    info.bids = ()
    info.contract = None
    info.taker = -1
    info.called = -1
    info.partner = -1
    info.attack = 0
    info.ecart = 0
    info.chelem = False
    info.poignees = ()
    info.declared = 0
    info.annulled = None
    return info


# The trick tally: what changes once per trick.
_ATT_PILE, _DEF_PILE, _COMP, _ATT_TRICKS, _WINNERS, _PETIT, _PREV, _SWEEP = range(8)
_NO_TALLY: Final = (0, 0, 0, 0, 0, -1, None, False)


class _Trick:
    """What stays the same while one trick is played (and through each step before the
    play): shared by the states of the trick, so that playing a card copies one reference.

    Immutable by convention.
    """

    __slots__ = ("closer", "hands", "info", "n", "next", "players", "tally", "undeclared", "v")

    v: TarotVariant
    players: int
    next: tuple[int, ...]
    # The seat that plays the trick's last card (-1 outside the play).
    closer: int
    # Each seat's cards before the first card is played; its cards now are
    # ``hands[seat] & ~state._played`` (see ``TarotState._hands``): playing a card changes no
    # hand.
    hands: tuple[int, ...]
    info: _Info
    # The tricks gathered, and their tally (see _NO_TALLY).
    n: int
    tally: tuple[Any, ...]
    # The seats that may still declare a poignée: those that have not, in the first
    # trick (T-19); 0 afterwards.
    undeclared: int


def _trick_of(
    v: TarotVariant,
    hands: tuple[int, ...],
    info: _Info,
    n: int,
    tally: tuple[Any, ...],
    closer: int = -1,
) -> _Trick:
    """A new :class:`_Trick`; ``closer`` is the seat that plays the trick's last card."""
    g = _Trick()
    g.v = v
    g.players = v._tables.players
    g.next = v._tables.next
    g.closer = closer
    g.hands = hands
    g.info = info
    g.n = n
    g.tally = tally
    g.undeclared = 0 if n else ~info.declared & ((1 << g.players) - 1)
    return g


class _TarotStateSlots:
    __slots__ = (
        "_act",
        "_follow",
        "_g",
        "_legal",
        "_over",
        "_parent",
        "_phase",
        "_played",
        "_res",
        "_to_play",
        "_trick",
        "is_terminal",
    )

    _g: _Trick
    # The previous state, whose seat to play took ``_act``; or, in an unpickled state, the
    # whole history (``_act`` is its last action). ``_act`` is None in a deal's first state.
    _parent: TarotState | tuple[tuple[int, Action], ...] | None
    _act: Action | None
    _phase: Phase
    _to_play: int
    # The cards played so far (0 before the play).
    _played: int
    _trick: tuple[int, ...]
    # The cards that must be followed: those of the suit led (T-22), 0 until a card other
    # than the Excuse is played to the trick (T-23).
    _follow: int
    _over: int
    _legal: int
    _res: DealResult
    # A plain attribute rather than a property: bots read it at every step.
    is_terminal: bool
    """True once the deal is over (played out or annulled)."""


# Enum members as module constants: ``Phase.PLAY`` or ``Camp.ATTACK`` costs an enum
# attribute look-up (about 90 ns) each time it is read.
_PLAY: Final = Phase.PLAY
_END: Final = Phase.END
_BIDDING: Final = Phase.BIDDING
_ECART: Final = Phase.ECART
_ANNOUNCE: Final = Phase.ANNOUNCE
_CALL: Final = Phase.CALL
_ATTACK: Final = Camp.ATTACK
_DEFENCE: Final = Camp.DEFENCE
_PRISE: Final = Contract.PRISE
_GARDE: Final = Contract.GARDE
_GARDE_SANS: Final = Contract.GARDE_SANS
_GARDE_CONTRE: Final = Contract.GARDE_CONTRE
_CONTRACTS: Final = (None, *Contract)
_NO_PLAY: Final = (0, (), 0, _TRUMPS, 0, _NO_TALLY, 0)
_SET_RESULT: Final = _TarotStateSlots.__dict__["_res"].__set__


def _build(
    v: TarotVariant,
    parent: TarotState | tuple[tuple[int, Action], ...] | None,
    act: Action | None,
    phase: Phase,
    to_play: int,
    hands: tuple[int, ...],
    info: _Info,
    play: tuple[Any, ...] = _NO_PLAY,
) -> TarotState:
    """A new state; ``act`` is the action that led to it; ``play`` is (legal mask, trick,
    cards to follow, trumps above the best, tricks gathered, tally, cards played); outside
    the play only the legal mask matters."""
    legal, trick, follow, over, n, tally, played = play
    s = _TarotStateSlots()
    closer = -1
    if phase is _PLAY:
        # The seat before the trick's leader plays its last card.
        closer = (to_play - len(trick) - 1) % v._tables.players
    s._g = _trick_of(v, hands, info, n, tally, closer)
    s._parent = parent
    s._act = act
    s._phase = phase
    s._to_play = to_play
    s._played = played
    s._trick = trick
    s._follow = follow
    s._over = over
    s._legal = legal
    s.is_terminal = phase is _END
    s.__class__ = TarotState
    return s  # type: ignore[return-value]


def _finished(state: TarotState, result: DealResult) -> TarotState:
    """Attach the result to a final state being built (not yet shared with anyone)."""
    _SET_RESULT(state, result)
    return state


class TarotState(_TarotStateSlots, State):
    """One position of a French Tarot deal. Immutable; :meth:`apply` returns a new state.

    The accessors that read hidden cards (:meth:`hand`, :attr:`chien`, :attr:`ecart`,
    :attr:`partner`, :meth:`pile`) give full information, for servers; players get a
    :meth:`view`.

    >>> from cardrules.tarot import TarotVariant
    >>> state = TarotVariant().new_game(seed=1)
    >>> state = state.apply("bid garde").apply("pass").apply("pass").apply("pass")
    >>> state.phase, state.taker, state.contract, len(state.hand(1))
    (<Phase.ECART: 'ecart'>, 1, <Contract.GARDE: 2>, 24)
    """

    __slots__ = ()

    def __init__(self) -> None:
        raise InvalidArgumentError(
            "build states with TarotVariant.new_game() or TarotVariant.deal()"
        )

    def __setattr__(self, name: str, value: Any) -> None:
        raise ImmutableError(f"TarotState is immutable; cannot set {quote(name)}")

    def __delattr__(self, name: str) -> None:
        raise ImmutableError(f"TarotState is immutable; cannot delete {quote(name)}")

    # -- the State interface ---------------------------------------------------------

    @property
    def variant(self) -> TarotVariant:
        """The :class:`~cardrules.tarot.TarotVariant` of this deal."""
        return self._g.v

    @property
    def to_play(self) -> int | None:
        """The seat to act, or ``None`` once the deal is over."""
        t = self._to_play
        return None if t < 0 else t

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every ``(seat, action)`` applied since the deal (a multi-card discard appears
        as one single-card discard per card)."""
        out: list[tuple[int, Action]] = []
        s = self
        while s._act is not None:
            parent = s._parent
            if not isinstance(parent, TarotState):
                # An unpickled state: the parent is the whole history.
                out.reverse()
                return (parent or ()) + tuple(out)
            out.append((parent._to_play, s._act))
            s = parent
        out.reverse()
        return tuple(out)

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions the seat to play may take, in a fixed order (empty at the end).

        * auction: ``pass``, then the contracts above the highest bid (T-10);
        * call (5 players): the four cards of the rank T-42 allows;
        * écart: one :class:`~cardrules.tarot.Discard` per card that keeps the écart
          legal (T-15), in card order;
        * announcement: ``announce chelem``, ``pass`` (T-17);
        * play: the legal cards (T-22, T-43) in card order, then, before the seat's
          first card, one canonical :class:`~cardrules.tarot.DeclarePoignee` per level
          it qualifies for (T-18 … T-20). Any other valid choice of cards for a level is
          accepted by :meth:`check` and :meth:`apply` too, but not listed.
        """
        if self._phase is not _PLAY:
            return self._actions_before_play()
        mask = self._legal
        if self._follow:
            # Following (one legal card included): a mask seen before, as a rule.
            acts = _PLAY_MEMO.get(mask) or _follow_actions(mask)
        else:
            # A lead: the whole hand, seldom seen before.
            acts = _play_actions(mask)
        undeclared = self._g.undeclared
        if undeclared and undeclared >> self._to_play & 1:
            acts += self._declarations()
        return acts

    def _actions_before_play(self) -> tuple[Action, ...]:
        phase = self._phase
        if phase is _BIDDING:
            return self._g.v._tables.bid_actions[self._highest_index()]
        if phase is _ECART:
            return _DISCARD_ACTIONS.of(self._legal)
        if phase is _ANNOUNCE:
            return _ANNOUNCE_ACTIONS
        if phase is _CALL:
            return self._callable()[2]
        return ()

    def is_legal(self, action: Action | str, seat: int | None = None) -> bool:
        """True if :meth:`apply` would accept ``action`` (never raises for bad input)."""
        if type(action) is Play and seat is None and self._legal >> action.card.index & 1:
            return self._phase is _PLAY
        try:
            self.check(action, seat)
        except (IllegalActionError, NotationError):
            return False
        return True

    def check(self, action: Action | str, seat: int | None = None) -> None:
        """Raise the specific error if ``action`` is illegal here (see :meth:`apply`)."""
        if (
            type(action) is Play
            and seat is None
            and self._phase is _PLAY
            and self._legal >> action.card.index & 1
        ):
            return
        self._checked(action, seat)

    def apply(self, action: Action | str, seat: int | None = None) -> TarotState:
        """Check ``action`` (an action or its notation) and return the state after it.

        Args:
            action: The action, or its notation (``"play 21T"``).
            seat: The seat claiming to act; ``None`` for the seat to play.

        Returns:
            The new state; ``self`` is unchanged.

        Raises:
            GameOverError: the deal is over.
            NotYourTurnError, InvalidSeatError: ``seat`` is not the seat to play.
            NotationError: ``action`` is text that is not Tarot notation.
            WrongPhaseError: an action of another phase.
            IllegalActionError: the specific subclass naming the rule broken
                (``MustFollowSuitError``, ``MustOvertrumpError``, ``DiscardError`` …).
        """
        if type(action) is Play and self._phase is _PLAY:
            pos = action.card.index
            bit = _BIT[pos]
            player = self._to_play
            if self._legal & bit and (seat is None or (type(seat) is int and seat == player)):
                # The hot path: the card is legal (T-22, T-43); play it. No hand changes
                # (see _Trick.hands) and the trick's shared part stays: a card that does
                # not end the trick only builds the new state.
                g = self._g
                if player == g.closer:
                    return _end_trick(self, player, action, pos)
                played = self._played | bit
                # T-23: after a led Excuse the next card sets the suit.
                follow = self._follow or _FOLLOW[pos]
                # Only a trump changes the trumps that overtrump (T-22).
                over = self._over & _OVER[pos] if _FIRST_TRUMP <= pos < _EXCUSE_POS else self._over
                nxt = g.next[player]
                # T-22 for the next player.
                h = g.hands[nxt] & ~played
                if follow:
                    legal = h & follow
                    if follow == _TRUMPS:
                        legal = (legal & over or legal) | (h & _EXB) if legal else h
                    elif legal:
                        if h >> _EXCUSE_POS:
                            legal |= _EXB
                    else:
                        trumps = h & _TRUMPS
                        legal = (trumps & over or trumps) | (h & _EXB) if trumps else h
                else:
                    legal = h
                s = _TarotStateSlots()
                s._g = g
                s._parent = self
                s._act = action
                s._phase = _PLAY
                s._to_play = nxt
                s._played = played
                s._trick = self._trick + _ONE[pos]
                s._follow = follow
                s._over = over
                s._legal = legal
                s.is_terminal = False
                s.__class__ = TarotState
                return s  # type: ignore[return-value]
        if seat is None:
            state = self._quick_do(action)
            if state is not None:
                return state
        return self._apply_slow(action, seat)

    def _quick_do(self, action: object) -> TarotState | None:
        """The state after a common action that is legal without doubt in the phases
        before the play; None for any other action, which then gets the full check."""
        phase = self._phase
        if phase is _BIDDING:
            if action is _PASS or (type(action) is Bid and action.contract > self._highest_index()):
                return self._do_bid(action, self._to_play)
        elif phase is _ECART:
            if type(action) is Discard:
                card = action.card
                if card is not None and self._legal >> card.index & 1:
                    return self._do_discard(action, self._to_play)
        elif phase is _ANNOUNCE and (action is _PASS or action is _ANNOUNCE_ACTIONS[0]):
            return self._do_announce(action, self._to_play)
        return None

    def result(self) -> DealResult:
        """The deal's :class:`~cardrules.tarot.DealResult` (annulled deals included).

        Raises:
            WrongPhaseError: the deal is not over.
        """
        if self._phase is not _END:
            raise WrongPhaseError("the deal is not over: there is no result yet")
        return self._res

    def returns(self) -> tuple[float, ...]:
        """Each seat's score as a float (zeros before the end)."""
        if self._phase is not _END:
            return (0.0,) * self._g.v.players
        return tuple(float(x) for x in self._res.scores)

    def view(self, seat: int) -> TarotView:
        """What ``seat`` may know (T-39): see :class:`~cardrules.tarot.TarotView`."""
        from cardrules.tarot.view import _make_view  # here: view.py imports this module

        return _make_view(self, check_seat(seat, self._g.v.players))

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds, in card order (full information)."""
        return _cards(self._hands[check_seat(seat, self._g.v.players)])

    # -- Tarot accessors (full information) -----------------------------------------

    @property
    def phase(self) -> Phase:
        """The current :class:`Phase`."""
        return self._phase

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._g.info.dealer

    @property
    def next_dealer(self) -> int:
        """Who deals next, ``next(dealer)``, or the same dealer after an annulled
        deal with ``redeal_dealer="same"`` (T-6)."""
        info = self._g.info
        if info.annulled is not None and self._g.v.options.redeal_dealer == "same":
            return info.dealer
        return (info.dealer + 1) % self._g.v.players

    @property
    def bids(self) -> tuple[tuple[int, Contract | None], ...]:
        """``(seat, contract)`` of every seat that spoke, in order; ``None`` is a pass."""
        return self._g.info.bids

    @property
    def contract(self) -> Contract | None:
        """The contract, once the auction is over (``None`` before, or if all passed)."""
        return self._g.info.contract

    @property
    def taker(self) -> int | None:
        """The taker's seat, once the auction is over."""
        t = self._g.info.taker
        return None if t < 0 else t

    @property
    def called_card(self) -> Card | None:
        """The card called by a 5-player taker (T-42), once called."""
        c = self._g.info.called
        return None if c < 0 else _CARD[c]

    @property
    def partner(self) -> int | None:
        """The 5-player partner's seat (full information, which T-39 hides from players);
        ``None`` with 3 or 4 players, before the call, or when the taker plays alone."""
        p = self._g.info.partner
        return None if p < 0 else p

    @property
    def attack(self) -> tuple[int, ...]:
        """The attack's seats (T-28), the taker and any partner; empty before the auction
        ends."""
        a = self._g.info.attack
        return tuple(s for s in range(self._g.v.players) if a >> s & 1)

    def camp_of(self, seat: int) -> Camp:
        """The camp of ``seat`` (full information with 5 players).

        Raises:
            WrongPhaseError: there is no taker yet (or the deal was annulled).
        """
        check_seat(seat, self._g.v.players)
        if self._g.info.taker < 0:
            raise WrongPhaseError("there are no camps before a contract is taken")
        return _ATTACK if self._g.info.attack >> seat & 1 else _DEFENCE

    @property
    def chien(self) -> tuple[Card, ...]:
        """The chien as dealt (full information)."""
        return _cards(self._g.info.chien)

    @property
    def chien_aside(self) -> tuple[Card, ...]:
        """The dealt chien while it belongs to nobody, during the auction, during the
        5-player call in Prise and Garde, and after an annulled deal. Empty once the taker
        takes it (T-14) or it is credited to a camp's pile (T-16)."""
        contract = self._g.info.contract
        if contract is None or (self._phase is _CALL and contract in (_PRISE, _GARDE)):
            return _cards(self._g.info.chien)
        return ()

    @property
    def ecart(self) -> tuple[Card, ...]:
        """The écart made so far (full information; players see only its trumps)."""
        return _cards(self._g.info.ecart)

    @property
    def chelem_announced(self) -> bool:
        """Whether the taker announced a slam (T-17)."""
        return self._g.info.chelem

    @property
    def poignees(self) -> tuple[Poignee, ...]:
        """The poignées declared so far, in order (T-19)."""
        return tuple(
            Poignee(seat, level, tuple(sorted(_cards(mask), key=_poignee_sort)))
            for seat, level, mask in self._g.info.poignees
        )

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The current trick as ``(seat, card)`` in playing order."""
        trick = self._trick
        if not trick:
            return ()
        n = self._g.v.players
        leader = (self._to_play - len(trick)) % n
        return tuple(((leader + k) % n, _CARD[p]) for k, p in enumerate(trick))

    @property
    def last_trick(self) -> tuple[tuple[int, Card], ...]:
        """The previous trick as ``(seat, card)``, public until the next one is gathered
        (T-39); after the last trick, the last trick."""
        prev = self._g.tally[_PREV]
        if prev is None:
            return ()
        leader, trick = prev
        n = self._g.v.players
        return tuple(((leader + k) % n, _CARD[p]) for k, p in enumerate(trick))

    @property
    def tricks_played(self) -> int:
        """How many tricks have been gathered."""
        return self._g.n

    @property
    def trick_winners(self) -> tuple[int, ...]:
        """The winner of each gathered trick, in order."""
        w = self._g.tally[_WINNERS]
        return tuple(w >> (3 * k) & 7 for k in range(self._g.n))

    def pile(self, camp: Camp) -> tuple[Card, ...]:
        """The cards of ``camp``'s pile so far (T-28): the tricks it won, the Excuse where
        T-25 and T-26 send it, the écart (Prise, Garde) or the chien (Garde sans) for the
        attack, the chien for the defence in Garde contre. Full information."""
        return _cards(self._pile_mask(camp))

    def card_points(self, camp: Camp) -> Fraction:
        """``camp``'s card points so far (T-28): its pile's value plus the Excuse
        compensations it received, minus those it paid (T-25). The camps' points add up to
        91 once every card is in a pile."""
        comp = 0 if self._card_moved()[0] else self._g.tally[_COMP]
        if camp is not _ATTACK:
            comp = -comp
        return Fraction(_points(self._pile_mask(camp)) + comp, 2)

    def canonical_poignee(self, level: PoigneeLevel) -> tuple[Card, ...] | None:
        """The cards the seat to play would show for a canonical poignée of ``level``
        (T-18 … T-20), or ``None`` if it does not qualify (full information)."""
        if self._to_play < 0 or type(level) is not PoigneeLevel:
            return None
        mask = self._canonical_mask(self._to_play, level)
        return tuple(sorted(_cards(mask), key=_poignee_sort)) if mask else None

    # -- values, pickling, display --------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        tally = self._g.tally
        return (
            self._g.v,
            self._phase,
            self._to_play,
            self._hands,
            self._g.info.key(),
            self._trick,
            self._g.n,
            tally,
        )

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not TarotState:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[Any, ...]:
        # The fields and the history as a tuple; the result is recomputed.
        return (
            _unpickle,
            (
                self._g.v,
                _encode_history(self.history),
                (self._phase, self._to_play, self._g.hands, self._g.info.key()),
                (
                    self._legal,
                    self._trick,
                    self._follow,
                    self._over,
                    self._g.n,
                    self._g.tally,
                    self._played,
                ),
            ),
        )

    def __copy__(self) -> TarotState:
        return self

    def __deepcopy__(self, memo: Any) -> TarotState:
        return self

    def __repr__(self) -> str:
        phase = self._phase.name
        if self._phase is _PLAY:
            return f"<TarotState phase={phase} trick {self._g.n + 1} to_play={self._to_play}>"
        if self._phase is _END:
            why = f" annulled={self._g.info.annulled}" if self._g.info.annulled else ""
            return f"<TarotState phase={phase}{why}>"
        return f"<TarotState phase={phase} to_play={self._to_play}>"

    # -- internals ------------------------------------------------------------------

    @property
    def _hands(self) -> tuple[int, ...]:
        """Each seat's cards now, as position masks."""
        played = self._played
        if not played:
            return self._g.hands
        return tuple([h & ~played for h in self._g.hands])

    @_hands.setter
    def _hands(self, value: tuple[int, ...]) -> None:
        # Reached only through object.__setattr__: the state stays immutable.
        raise ImmutableError("TarotState is immutable; cannot set '_hands'")

    @_hands.deleter
    def _hands(self) -> None:
        raise ImmutableError("TarotState is immutable; cannot delete '_hands'")

    def _highest_index(self) -> int:
        highest = 0
        for _, c in self._g.info.bids:
            if c is not None and c > highest:
                highest = c
        return highest

    def _card_moved(self) -> tuple[int, bool]:
        """T-25 with ``excuse_compensation="card"``: at the end of a played deal, the
        low card handed over for the Excuse and whether the attack gives it; ``(0, …)``
        when no card moves (the half point then stays an adjustment)."""
        if (
            self._phase is not _END
            or self._g.info.annulled is not None
            or self._g.v.options.excuse_compensation != "card"
        ):
            return 0, False
        return _card_transfer(self._g.info, self._g.tally)

    def _pile_mask(self, camp: Camp) -> int:
        attack = camp is _ATTACK
        mask = _raw_pile(self._g.info, self._g.tally, attack=attack)
        bit, giver_attacks = self._card_moved()
        if bit:
            mask = mask & ~bit if giver_attacks == attack else mask | bit
        return mask

    def _callable(self) -> tuple[Rank, int, tuple[Call, ...]]:
        return _callable_entry(self._g.hands[self._g.info.taker])

    def _trump_like(self, seat: int) -> tuple[int, int, bool]:
        """The seat's hand trumps, its forced écart trumps (T-20c) and whether it holds
        the Excuse, for the poignée."""
        hand = self._g.hands[seat] & ~self._played
        info = self._g.info
        forced = 0
        if seat == info.taker and self._g.v.options.poignee_counts_forced_discards:
            forced = info.ecart & _TRUMPS
        return hand & _TRUMPS, forced, bool(hand & _EXB)

    def _canonical_mask(self, seat: int, level: PoigneeLevel) -> int:
        hand = self._g.hands[seat] & ~self._played
        info = self._g.info
        forced = 0
        if seat == info.taker and self._g.v.options.poignee_counts_forced_discards:
            forced = info.ecart & _TRUMPS
        return _canonical_of(hand, forced, self._g.v._tables.thresholds[level - 1])

    def _declarations(self) -> tuple[Action, ...]:
        # T-18, T-20: a level is open when its threshold is at most the trumps held (with
        # forced écart trumps, T-20c) plus one for the Excuse (T-20b).
        seat = self._to_play
        hand = self._g.hands[seat] & ~self._played
        info = self._g.info
        count = (hand & _TRUMPS).bit_count() + (hand >> _EXCUSE_POS)
        if seat == info.taker and self._g.v.options.poignee_counts_forced_discards:
            count += (info.ecart & _TRUMPS).bit_count()
        return self._g.v._tables.declarations[min(count, 22)]

    def _apply_slow(self, action: Action | str, seat: int | None) -> TarotState:
        action, s = self._validate(action, seat)
        return self._do(action, s)

    def _checked(self, action: Action | str, seat: int | None) -> None:
        self._validate(action, seat)

    def _validate(self, action: object, seat: object) -> tuple[Action, int]:
        """Check ``action`` completely; return it (parsed) and the acting seat."""
        s = self._require_turn(seat)
        if isinstance(action, str):
            action = self._g.v.parse_action(action)
        if not isinstance(action, Action):
            raise InvalidActionError(f"not an action: {quote(action)}", seat=s)
        phase = self._phase
        if isinstance(action, Play):
            self._check_play(action, s)
        elif isinstance(action, DeclarePoignee):
            self._poignee(action, s)
        elif isinstance(action, Bid) or (isinstance(action, Pass) and phase is _BIDDING):
            self._check_bid(action, s)
        elif isinstance(action, Call):
            self._check_call(action, s)
        elif isinstance(action, Discard):
            self._check_discard(action, s)
        elif isinstance(action, (AnnounceChelem, Pass)):
            if phase is not _ANNOUNCE:
                self._wrong_phase(action, s)
        else:
            raise InvalidActionError(
                f"{quote(action)} is not a French Tarot action", action=action, seat=s
            )
        return action, s

    def _wrong_phase(self, action: Action, seat: int) -> NoReturn:
        expected = {
            _BIDDING: "the auction is on: bid or pass (T-10)",
            _CALL: "the taker calls a card first (T-42)",
            _ECART: "the taker makes the écart first (T-14)",
            _ANNOUNCE: "the taker announces a slam or passes first (T-17)",
            _PLAY: "the cards are being played: play a card",
        }[self._phase]
        raise WrongPhaseError(
            f"{quote(str(action))} is not possible now: {expected}", action=action, seat=seat
        )

    def _check_bid(self, action: Action, seat: int) -> None:
        if self._phase is not _BIDDING:
            self._wrong_phase(action, seat)
        if isinstance(action, Bid):
            highest = self._highest_index()
            check_bid(action.contract, Contract(highest) if highest else None, seat=seat)

    def _check_call(self, action: Call, seat: int) -> None:
        if self._phase is not _CALL:
            self._wrong_phase(action, seat)
        rank, _, calls = self._callable()
        if action not in calls:
            if rank is Rank.KING:
                why = "call a king"
            else:
                held = {Rank.QUEEN: "kings", Rank.KNIGHT: "kings and queens"}.get(
                    rank, "kings, queens and knights"
                )
                why = f"you hold all four {held}: call a {Rank(rank).name.lower()}"
            raise DeclarationError(
                f"{action.card} cannot be called: {why}", action=action, seat=seat, rule_id="T-42"
            )

    def _check_discard(self, action: Discard, seat: int) -> None:
        if self._phase is not _ECART:
            self._wrong_phase(action, seat)
        remaining = self._g.v._tables.chien_size - self._g.info.ecart.bit_count()
        if len(action.cards) > remaining:
            raise DiscardError(
                f"the écart needs {remaining} more card(s), not {len(action.cards)} (T-15)",
                action=action,
                seat=seat,
                rule_id="T-15",
            )
        if len(set(action.cards)) != len(action.cards):
            raise DiscardError(
                "the écart is made of distinct cards: a card is named twice (T-15)",
                action=action,
                seat=seat,
                rule_id="T-15",
            )
        hand = self._g.hands[seat]
        for card in action.cards:
            if card.index >= len(_CARD):
                raise UnknownCardError(
                    f"{card} is not a card of the Tarot deck", action=action, seat=seat
                )
            bit = 1 << card.index
            if not hand & bit:
                raise CardNotInHandError(
                    f"seat {seat} does not hold {card}", action=action, seat=seat
                )
            if bit & _KINGS:
                raise DiscardError(
                    f"{card}: a king may not be discarded (T-15a)",
                    action=action,
                    seat=seat,
                    rule_id="T-15",
                )
            if bit & _BOUTS:
                raise DiscardError(
                    f"{card}: a bout may not be discarded (T-15b)",
                    action=action,
                    seat=seat,
                    rule_id="T-15",
                )
            if not _ecart_legal(hand, remaining) & bit:
                raise DiscardError(
                    f"{card}: a trump may be discarded only when the plain cards other than "
                    "kings cannot fill the écart (T-15c)",
                    action=action,
                    seat=seat,
                    rule_id="T-15",
                )
            hand ^= bit
            remaining -= 1

    def _check_play(self, action: Play, seat: int) -> None:
        if self._phase is not _PLAY:
            self._wrong_phase(action, seat)
        card = action.card
        pos = card.index
        if pos >= len(_CARD):
            raise UnknownCardError(
                f"{card} is not a card of the Tarot deck", action=action, seat=seat
            )
        hand = self._g.hands[seat] & ~self._played
        if not hand >> pos & 1:
            raise CardNotInHandError(f"seat {seat} does not hold {card}", action=action, seat=seat)
        if self._legal >> pos & 1:
            return
        if not self._trick:
            called = _CARD[self._g.info.called]
            raise LeadRestrictionError(
                f"the first lead may not be a {called.suit.name.lower() if called.suit else ''} "
                f"card other than the called {called} (T-43)",
                action=action,
                seat=seat,
                rule_id="T-43",
            )
        trick = list(self._trick)
        why = _T.why_illegal(hand, trick, pos)
        led = _T.led_suit(trick)
        if why is Obligation.FOLLOW_SUIT:
            if led == _TRUMP_SUIT:
                message = f"{card}: trumps are led and you hold trumps (T-22)"
            else:
                message = f"{card}: you must follow {_SUIT_NAMES[led]} (T-22)"
            raise MustFollowSuitError(message, action=action, seat=seat, rule_id="T-22")
        if why is Obligation.TRUMP:
            raise MustTrumpError(
                f"{card}: you hold no {_SUIT_NAMES[led]} and must trump (T-22)",
                action=action,
                seat=seat,
                rule_id="T-22",
            )
        best = _T.best_trump(trick)
        raise MustOvertrumpError(
            f"{card}: you must play a trump higher than the {_CARD[best]} if you can, even "
            "over a partner (T-22)",
            action=action,
            seat=seat,
            rule_id="T-22",
        )

    def _poignee(self, action: DeclarePoignee, seat: int) -> tuple[PoigneeLevel, int]:
        """Validate a declaration (T-18 … T-20); return its level and the cards' mask."""
        if self._phase is not _PLAY:
            self._wrong_phase(action, seat)
        info = self._g.info
        if self._g.n != 0 or info.declared >> seat & 1:
            raise DeclarationError(
                "a poignée is declared once, right before one's first card (T-19)",
                action=action,
                seat=seat,
                rule_id="T-19",
            )
        cards, level = action.cards, action.level
        if cards is not None:
            return self._shown(action, cards, seat)
        if level is None or not (mask := self._canonical_mask(seat, level)):
            need = self._g.v._tables.thresholds[(level or 1) - 1]
            raise DeclarationError(
                f"a {level} poignée shows {need} trumps; you do not hold enough (T-18, T-20)",
                action=action,
                seat=seat,
                rule_id="T-18",
            )
        return level, mask

    def _shown(
        self, action: DeclarePoignee, cards: tuple[Card, ...], seat: int
    ) -> tuple[PoigneeLevel, int]:
        """Validate a poignée of chosen cards (T-19, T-20); return its level and mask."""
        thresholds = self._g.v._tables.thresholds
        level = poignee_level_of(len(cards), self._g.v.options)
        if level is None:
            raise DeclarationError(
                f"a poignée shows exactly {thresholds[0]}, {thresholds[1]} or {thresholds[2]} "
                f"cards, not {len(cards)} (T-19)",
                action=action,
                seat=seat,
                rule_id="T-19",
            )
        if len(set(cards)) != len(cards):
            raise DeclarationError(
                "a card is shown twice in the poignée (T-19)",
                action=action,
                seat=seat,
                rule_id="T-19",
            )
        if any(c.kind is not CardKind.TRUMP and c is not EXCUSE for c in cards):
            raise DeclarationError(
                "a poignée shows only trumps and possibly the Excuse (T-20a)",
                action=action,
                seat=seat,
                rule_id="T-20",
            )
        trumps, forced, _ = self._trump_like(seat)
        mask = 0
        for c in cards:
            mask |= 1 << c.index
        if mask & ~(trumps | forced | (self._g.hands[seat] & ~self._played & _EXB)):
            raise DeclarationError(
                "you may show only trumps you hold (or trumps forced into your écart, T-20c) "
                "and your Excuse (T-20)",
                action=action,
                seat=seat,
                rule_id="T-20",
            )
        if mask & forced and mask & trumps != trumps:
            raise DeclarationError(
                "écart trumps are shown only when needed to reach the level: show every trump "
                "in your hand first (T-20c)",
                action=action,
                seat=seat,
                rule_id="T-20",
            )
        if mask & _EXB and mask & ~_EXB != trumps | forced:
            raise DeclarationError(
                "the Excuse may complete a poignée only when every trump is shown (T-20b)",
                action=action,
                seat=seat,
                rule_id="T-20",
            )
        return level, mask

    def _do(self, action: Action, seat: int) -> TarotState:
        """Apply an action already validated by :meth:`_validate`."""
        if isinstance(action, Play):
            return self.apply(action)
        if isinstance(action, DeclarePoignee):
            return self._do_poignee(action, seat)
        if isinstance(action, Bid) or (isinstance(action, Pass) and self._phase is _BIDDING):
            return self._do_bid(action, seat)
        if isinstance(action, Call):
            return self._do_call(action, seat)
        if isinstance(action, Discard):
            state = self
            for card in action.cards:
                state = state._do_discard(Discard(card), seat)
            return state
        return self._do_announce(action, seat)

    def _do_bid(self, action: Action, seat: int) -> TarotState:
        v = self._g.v
        info = self._g.info.copy()
        contract = action.contract if type(action) is Bid else None
        bids = info.bids = (*info.bids, (seat, contract))
        last = action
        if len(bids) < v._tables.players:
            return _build(v, self, last, _BIDDING, v._tables.next[seat], self._g.hands, info)
        won = auction_taker(bids)
        if won is None:
            # T-12: every player passed; the deal is annulled.
            info.annulled = "all_pass"
            return _annulled(v, self, last, self._g.hands, info)
        info.taker, info.contract = won
        info.attack = 1 << info.taker
        if v._tables.players == 5:
            return _build(v, self, last, _CALL, info.taker, self._g.hands, info)
        return _after_call(v, self, last, self._g.hands, info)

    def _do_call(self, action: Call, seat: int) -> TarotState:
        info = self._g.info.copy()
        pos = action.card.index
        partner = -1
        for s, hand in enumerate(self._g.hands):
            if s != seat and hand >> pos & 1:
                partner = s  # T-42: the holder of the called card
        info.called = pos
        info.partner = partner
        info.attack |= 1 << partner if partner >= 0 else 0
        return _after_call(self._g.v, self, action, self._g.hands, info)

    def _do_discard(self, action: Discard, seat: int) -> TarotState:
        v = self._g.v
        bit = 1 << action.cards[0].index
        hands = list(self._g.hands)
        hand = hands[seat] = hands[seat] ^ bit
        info = self._g.info.copy()
        ecart = info.ecart = info.ecart | bit
        remaining = v._tables.chien_size - ecart.bit_count()
        last = action
        if remaining:
            return _build(
                v,
                self,
                last,
                _ECART,
                seat,
                tuple(hands),
                info,
                (_ecart_legal(hand, remaining), *_NO_PLAY[1:]),
            )
        return _after_ecart(v, self, last, tuple(hands), info)

    def _do_announce(self, action: Action, seat: int) -> TarotState:
        info = self._g.info
        if type(action) is AnnounceChelem:
            info = info.copy()
            info.chelem = True
        return _start_play(self._g.v, self, action, self._g.hands, info)

    def _do_poignee(self, action: DeclarePoignee, seat: int) -> TarotState:
        level, mask = self._poignee(action, seat)
        info = self._g.info.copy()
        info.poignees = (*info.poignees, (seat, level, mask))
        info.declared |= 1 << seat
        # The same trick position, with the poignée shown.
        g = self._g
        s = _TarotStateSlots()
        s._g = _trick_of(g.v, g.hands, info, g.n, g.tally, g.closer)
        s._parent = self
        s._act = action
        s._phase = _PLAY
        s._to_play = seat
        s._played = self._played
        s._trick = self._trick
        s._follow = self._follow
        s._over = self._over
        s._legal = self._legal
        s.is_terminal = False
        s.__class__ = TarotState
        return s  # type: ignore[return-value]


def _callable_entry(hand: int) -> tuple[Rank, int, tuple[Call, ...]]:
    """T-42: the rank a taker holding ``hand`` may call (a king, or the next rank down when
    the taker holds all four), its mask and the calls, in card order."""
    for entry in _CALLABLE_BY_RANK:
        if hand & entry[1] != entry[1]:
            return entry
    return _CALLABLE_BY_RANK[-1]


def _callable_actions(hand: int) -> tuple[Call, ...]:
    """The calls open to a taker holding ``hand`` (T-42), as legal_actions lists them."""
    return _callable_entry(hand)[2]


_SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")


def _canonical_of(hand: int, forced: int, need: int) -> int:
    """T-19, T-20: the canonical showing of ``need`` cards, or 0 if the hand does not
    qualify: the lowest trumps of the hand; then trumps forced into the écart
    (``forced``, T-20c); then the Excuse, when it completes a showing of every trump
    (T-20b)."""
    trumps = hand & _TRUMPS
    have = trumps.bit_count()
    if have >= need:
        mask = 0
        for _ in range(need):
            low = trumps & -trumps
            mask |= low
            trumps ^= low
        return mask
    total = have + forced.bit_count()
    if total >= need:
        mask = trumps
        for _ in range(need - have):
            low = forced & -forced
            mask |= low
            forced ^= low
        return mask
    if total == need - 1 and hand & _EXB:
        return trumps | forced | _EXB
    return 0


def _poignee_sort(card: Card) -> tuple[int, int]:
    return (0, -card.rank) if card.kind is CardKind.TRUMP else (1, 0)


def _encode_history(history: tuple[tuple[int, Action], ...]) -> tuple[object, ...]:
    """The history for pickling: ``seat * 256 + id`` for the actions of the id table,
    the ``(seat, action)`` pair for the others (a poignée showing chosen cards)."""
    out: list[object] = []
    for seat, action in history:
        number = _ID_OF.get(action)
        if number is not None and _BY_ID[number] is action:
            out.append(seat << 8 | number)
        else:
            out.append((seat, action))
    return tuple(out)


def _decode_history(encoded: tuple[object, ...]) -> tuple[tuple[int, Action], ...]:
    return tuple(
        (item >> 8, _BY_ID[item & 255]) if isinstance(item, int) else item  # type: ignore[misc]
        for item in encoded
    )


def _unpickle(
    v: TarotVariant,
    encoded: tuple[object, ...],
    fields: tuple[Phase, int, tuple[int, ...], tuple[Any, ...]],
    play: tuple[Any, ...],
) -> TarotState:
    phase, to_play, hands, info_key = fields
    info = _Info()
    for name, value in zip(_Info.__slots__, info_key, strict=True):
        setattr(info, name, value)
    history = _decode_history(encoded)
    result: DealResult | None = None
    if phase is _END:
        if info.annulled is None:
            result = _score(v, info, play[5])
        else:
            reason: Any = info.annulled
            result = DealResult.annulled_deal(players=v.players, reason=reason)
    # The history stands for the parent (see _TarotStateSlots._parent).
    last = history[-1][1] if history else None
    state = _build(v, history or None, last, phase, to_play, hands, info, play)
    return state if result is None else _finished(state, result)


# -- phase transitions ------------------------------------------------------------------


def _root(v: TarotVariant, dealer: int, deal: tuple[int, ...], chien: int) -> TarotState:
    """The first state of a deal (T-9 Petit sec checked here)."""
    info = _first_info(dealer, deal, chien)
    if v.options.petit_sec_annuls:
        for hand in deal:
            # T-9: the Petit as the only trump, and no Excuse.
            if hand & (_TRUMPS | _EXB) == _PETIT_B:
                info.annulled = "petit_sec"
                return _annulled(v, None, None, deal, info)
    return _build(v, None, None, _BIDDING, v._tables.next[dealer], deal, info)


def _annulled(
    v: TarotVariant,
    parent: TarotState | None,
    last: Action | None,
    hands: tuple[int, ...],
    info: _Info,
) -> TarotState:
    reason: Any = info.annulled
    result = DealResult.annulled_deal(players=v.players, reason=reason)
    return _finished(_build(v, parent, last, _END, -1, hands, info), result)


def _after_call(
    v: TarotVariant,
    parent: TarotState,
    last: Action,
    hands: tuple[int, ...],
    info: _Info,
) -> TarotState:
    contract = info.contract
    if contract is _PRISE or contract is _GARDE:
        # T-14: the chien is shown and joins the taker's hand; the écart follows.
        taker = info.taker
        h = list(hands)
        h[taker] |= info.chien
        legal = _ecart_legal(h[taker], v._tables.chien_size)
        return _build(v, parent, last, _ECART, taker, tuple(h), info, (legal, *_NO_PLAY[1:]))
    # T-16: Garde sans and Garde contre leave the chien aside.
    return _after_ecart(v, parent, last, hands, info)


def _after_ecart(
    v: TarotVariant,
    parent: TarotState,
    last: Action,
    hands: tuple[int, ...],
    info: _Info,
) -> TarotState:
    if v.options.chelem_announcement:
        return _build(v, parent, last, _ANNOUNCE, info.taker, hands, info)
    return _start_play(v, parent, last, hands, info)


def _start_play(
    v: TarotVariant,
    parent: TarotState,
    last: Action,
    hands: tuple[int, ...],
    info: _Info,
) -> TarotState:
    # T-21: next(dealer) leads, or the taker after a slam announcement (T-17).
    leader = info.taker if info.chelem else v._tables.next[info.dealer]
    legal = hands[leader]
    if info.called >= 0:
        # T-43: no card of the called suit on the first lead, but the called card itself.
        called = info.called
        legal &= ~_SUIT_MASK[_SUIT[called]] | (1 << called)
    return _build(v, parent, last, _PLAY, leader, hands, info, (legal, *_NO_PLAY[1:]))


# Inlined for speed (a step in four), hence its length.
def _end_trick(st: TarotState, seat: int, action: Action, pos: int) -> TarotState:  # noqa: PLR0915
    """Play ``pos``, the last card of the trick, and gather the trick (T-24 … T-27); next
    trick or end."""
    g = st._g
    v = g.v
    info = g.info
    n = g.n
    trick = st._trick + _ONE[pos]
    played = st._played | _BIT[pos]
    leader = g.next[seat]
    att_pile, def_pile, comp, att_tricks, winners, petit, _, sweep = g.tally
    attack = info.attack
    # Every card of the earlier tricks is in one of the two piles.
    mask = played ^ (att_pile | def_pile)
    last_trick = n == v._tables.tricks - 1
    if mask & _EXB:
        leader_attacks = attack >> leader & 1
        swept = att_tricks == n if leader_attacks else att_tricks == 0
        winner, att, dfn, delta, won = _resolve(
            trick, leader, v._tables.players, attack, last_trick, swept, info.chelem, v.options
        )
        att_pile |= att
        def_pile |= dfn
        comp += delta
        sweep = sweep or won
        winner_attacks = attack >> winner & 1
    else:
        # T-24: the highest trump, else the highest card of the suit led. Positions rise
        # with strength within a suit and the trumps follow the suits (checked at import),
        # so the winning card is the highest position among the trumps, else the suit led.
        top = (mask & _TRUMPS or mask & st._follow).bit_length() - 1
        winner = (leader + trick.index(top)) % v._tables.players
        winner_attacks = attack >> winner & 1
        if winner_attacks:
            att_pile |= mask
        else:
            def_pile |= mask
    if mask & _PETIT_B:
        petit = 2 * n + (winner_attacks ^ 1)
    tally = (
        att_pile,
        def_pile,
        comp,
        att_tricks + winner_attacks,
        winners | winner << (3 * n),
        petit,
        (leader, trick),
        sweep,
    )
    hands = g.hands
    if not last_trick:
        # A _Trick for the next trick, built inline (see _trick_of).
        t = _Trick()
        t.v = v
        t.players = g.players
        t.next = g.next
        t.closer = (winner - 1) % g.players
        t.hands = hands
        t.info = info
        t.n = n + 1
        t.tally = tally
        t.undeclared = 0
        s = _TarotStateSlots()
        s._g = t
        s._parent = st
        s._act = action
        s._phase = _PLAY
        s._to_play = winner
        s._played = played
        s._trick = ()
        s._follow = 0
        s._over = _TRUMPS
        s._legal = hands[winner] & ~played
        s.is_terminal = False
        s.__class__ = TarotState
        return s  # type: ignore[return-value]
    result = _score(v, info, tally)
    final = _build(v, st, action, _END, -1, hands, info, (0, (), 0, _TRUMPS, n + 1, tally, played))
    return _finished(final, result)


def _raw_pile(info: _Info, tally: tuple[Any, ...], *, attack: bool) -> int:
    """T-28: a camp's pile: its tricks (with the Excuse where T-25/T-26 send it), plus
    the écart (Prise, Garde) or the chien (Garde sans) for the attack, the chien for the
    defence in Garde contre (T-16)."""
    contract = info.contract
    if attack:
        mask = int(tally[_ATT_PILE])
        if contract is _PRISE or contract is _GARDE:
            mask |= info.ecart
        elif contract is _GARDE_SANS:
            mask |= info.chien
        return mask
    mask = int(tally[_DEF_PILE])
    if contract is _GARDE_CONTRE:
        mask |= info.chien
    return mask


def _card_transfer(info: _Info, tally: tuple[Any, ...]) -> tuple[int, bool]:
    """T-25, FFT's way: the camp that kept its Excuse in a trick won by the other camp
    hands over one of its low (half-point) cards. Returns the card's bit (0 if none
    moves) and whether the attack gives it. A camp without any low card keeps the
    half-point adjustment instead: FFT counts its Excuse as 4 points."""
    comp = int(tally[_COMP])
    if comp == 0:
        return 0, False
    giver_attacks = comp < 0
    low = _raw_pile(info, tally, attack=giver_attacks) & _LOW
    return low & -low, giver_attacks


# Fraction(h, 2) for h = -1 … 183: the attack's card points in half points, after the
# Excuse's compensation (immutable values, shared).
_HALVES: Final = tuple(Fraction(h, 2) for h in range(-1, 184))


def _score(v: TarotVariant, info: _Info, tally: tuple[Any, ...]) -> DealResult:
    """Compute the facts of a played deal and score them with :func:`score_deal`."""
    # The card points do not depend on excuse_compensation: a moved low card is worth
    # the half point it replaces.
    att = _raw_pile(info, tally, attack=True)
    tricks = v._tables.tricks
    petit = tally[_PETIT]
    # T-32: the last trick, or the penultimate one after a T-26b Excuse win.
    pab_trick = tricks - 2 if tally[_SWEEP] else tricks - 1
    pab: Camp | None = None
    if petit >= 0 and petit >> 1 == pab_trick:
        pab = _DEFENCE if petit & 1 else _ATTACK
    att_tricks = tally[_ATT_TRICKS]
    chelem = _ATTACK if att_tricks == tricks else _DEFENCE if att_tricks == 0 else None
    halves = _points(att) + tally[_COMP]
    facts = _engine_facts(
        v._tables.players,
        info.contract,  # type: ignore[arg-type]
        info.taker,
        info.partner if info.partner >= 0 else None,
        _HALVES[halves + 1],
        (att & _BOUTS).bit_count(),
        pab,
        tuple([level for _, level, _ in info.poignees]) if info.poignees else (),
        info.chelem,
        chelem,
        halves,
    )
    return score_deal(facts, v.options)
