"""The French Tarot engine (private): the states' storage, every state built, the phase
transitions, the play of a card, the end of a trick, scoring from the tally and the bulk
playout.

Everything that builds a state is here: ``Core`` holds a state's slots and the fast
paths (``apply``, ``check``, ``is_legal``, ``legal_actions``); the public state class,
:class:`~cardrules.tarot.TarotState`, adds the accessors and the full check of each
action with its rule-ID'd errors (``_validate``), which the fast paths fall back to.
The variant hands the engine its :class:`~cardrules.tarot._tables.Tables`, which carry
the state class that new states are given.

The hot blocks are written inline, each naming its rule: a Python call per card costs
more than the rule itself. So two blocks are written both in ``Core.apply`` (with
``_end_trick``) and in the bulk playout, on the same tables: the follower's legal cards
(T-22, at every card) and the winner of a trick without the Excuse (T-24, two lines at
every trick). Every other rule is written once here; the trick rules' declaration
(``cardrules.tarot.cards.TAROT_TRICK_RULES``), compiled in ``_tables``, gives the
Excuse's trick, the public helpers and the errors of the full check.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Final, Self

from cardrules.actions import Action, Pass, Play
from cardrules.cards import Rank
from cardrules.decks import randbelow
from cardrules.errors import IllegalActionError, ImmutableError, NotationError
from cardrules.tarot._tables import (
    _ANNOUNCE_ACTIONS,
    _BIT,
    _BOUTS,
    _CALLABLE_BY_RANK,
    _DECK_MASK,
    _DISCARD_ACTIONS,
    _EXB,
    _EXCUSE_POS,
    _FIRST_TRUMP,
    _FOLLOW,
    _LOW,
    _ONE,
    _OVER,
    _PASS,
    _PETIT_B,
    _PLAY_MEMO,
    _SUIT,
    _SUIT_MASK,
    _T,
    _TRUMPS,
    Phase,
    Tables,
    _ecart_legal,
    _follow_actions,
    _play_actions,
    _points,
)
from cardrules.tarot.actions import AnnounceChelem, Bid, Call, DeclarePoignee, Discard
from cardrules.tarot.bidding import Contract, auction_taker
from cardrules.tarot.options import TarotOptions
from cardrules.tarot.scoring import Camp, DealFacts, DealResult, PoigneeLevel, score_deal

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

    __slots__ = (
        "closer",
        "cls",
        "hands",
        "info",
        "n",
        "next",
        "players",
        "tables",
        "tally",
        "undeclared",
    )

    tables: Tables
    # The class of every state (tables.state), where the hot paths read it: a state costs
    # the same as with the class imported by name (measured: 8 ns more, within the noise;
    # type(parent) costs 11 ns more, and leaves the first state of a deal unbound).
    cls: type[Core]
    players: int
    next: tuple[int, ...]
    # The seat that plays the trick's last card (-1 outside the play).
    closer: int
    # Each seat's cards before the first card is played; its cards now are
    # ``hands[seat] & ~state._played`` (see ``Core._hands``): playing a card changes no
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
    tables: Tables,
    hands: tuple[int, ...],
    info: _Info,
    n: int,
    tally: tuple[Any, ...],
    closer: int = -1,
) -> _Trick:
    """A new :class:`_Trick`; ``closer`` is the seat that plays the trick's last card."""
    g = _Trick()
    g.tables = tables
    g.cls = tables.state
    g.players = tables.players
    g.next = tables.next
    g.closer = closer
    g.hands = hands
    g.info = info
    g.n = n
    g.tally = tally
    g.undeclared = 0 if n else ~info.declared & ((1 << g.players) - 1)
    return g


class Core:
    """A state's storage and fast paths; :class:`~cardrules.tarot.TarotState` is the class
    every state has (see the module docs). A plain ``Core()`` is filled in and then given
    that class."""

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
    _parent: Core | tuple[tuple[int, Action], ...] | None
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

    # The full check of an action, and of a poignée's cards: the state class's (see
    # cardrules.tarot.state), with the rule-ID'd errors.
    _validate: Callable[[object, object], tuple[Action, int]]
    _poignee: Callable[[DeclarePoignee, int], tuple[PoigneeLevel, int]]

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
            return self._g.tables.bid_actions[self._highest_index()]
        if phase is _ECART:
            return _DISCARD_ACTIONS.of(self._legal)
        if phase is _ANNOUNCE:
            return _ANNOUNCE_ACTIONS
        if phase is _CALL:
            return self._callable()[2]
        return ()

    def is_legal(self, action: Action | str | int, seat: int | None = None) -> bool:
        """True if :meth:`apply` would accept ``action`` (never raises for bad input)."""
        if type(action) is Play and seat is None and self._legal >> action.card.index & 1:
            return self._phase is _PLAY
        try:
            self.check(action, seat)
        except (IllegalActionError, NotationError):
            return False
        return True

    def check(self, action: Action | str | int, seat: int | None = None) -> None:
        """Raise the specific error if ``action`` is illegal here (see :meth:`apply`)."""
        if (
            type(action) is Play
            and seat is None
            and self._phase is _PLAY
            and self._legal >> action.card.index & 1
        ):
            return
        self._validate(action, seat)

    def apply(self, action: Action | str | int, seat: int | None = None) -> Self:
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
                    return _end_trick(self, player, action, pos)  # type: ignore[return-value]
                played = self._played | bit
                # T-23: after a led Excuse the next card sets the suit.
                follow = self._follow or _FOLLOW[pos]
                # Only a trump changes the trumps that overtrump (T-22).
                over = self._over & _OVER[pos] if _FIRST_TRUMP <= pos < _EXCUSE_POS else self._over
                nxt = g.next[player]
                # T-22 for the next player. The bulk playout has the same block: one
                # function for both would cost a Python call per card.
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
                s = Core()
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
                s.__class__ = g.cls
                return s  # type: ignore[return-value]
        if seat is None:
            state = self._quick_do(action)
            if state is not None:
                return state  # type: ignore[return-value]
        checked, acting = self._validate(action, seat)
        return self._transition(checked, acting)

    def _quick_do(self, action: object) -> Core | None:
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

    def _callable(self) -> tuple[Rank, int, tuple[Call, ...]]:
        return _callable_entry(self._g.hands[self._g.info.taker])

    def _declarations(self) -> tuple[Action, ...]:
        # T-18, T-20: a level is open when its threshold is at most the trumps held (with
        # forced écart trumps, T-20c) plus one for the Excuse (T-20b).
        seat = self._to_play
        hand = self._g.hands[seat] & ~self._played
        info = self._g.info
        count = (hand & _TRUMPS).bit_count() + (hand >> _EXCUSE_POS)
        if seat == info.taker and self._g.tables.options.poignee_counts_forced_discards:
            count += (info.ecart & _TRUMPS).bit_count()
        return self._g.tables.declarations[min(count, 22)]

    def _transition(self, action: Action, seat: int) -> Self:
        """Apply an action already validated by :meth:`_validate`."""
        if isinstance(action, Play):
            return self.apply(action)
        state: Core
        if isinstance(action, DeclarePoignee):
            state = self._do_poignee(action, seat)
        elif isinstance(action, Bid) or (isinstance(action, Pass) and self._phase is _BIDDING):
            state = self._do_bid(action, seat)
        elif isinstance(action, Call):
            state = self._do_call(action, seat)
        elif isinstance(action, Discard):
            state = self
            for card in action.cards:
                state = state._do_discard(Discard(card), seat)
        else:
            state = self._do_announce(action, seat)
        return state  # type: ignore[return-value]

    def _do_bid(self, action: Action, seat: int) -> Core:
        tables = self._g.tables
        info = self._g.info.copy()
        contract = action.contract if type(action) is Bid else None
        bids = info.bids = (*info.bids, (seat, contract))
        last = action
        if len(bids) < tables.players:
            return _build(tables, self, last, _BIDDING, tables.next[seat], self._g.hands, info)
        won = auction_taker(bids)
        if won is None:
            # T-12: every player passed; the deal is annulled.
            info.annulled = "all_pass"
            return _annulled(tables, self, last, self._g.hands, info)
        info.taker, info.contract = won
        info.attack = 1 << info.taker
        if tables.players == 5:
            return _build(tables, self, last, _CALL, info.taker, self._g.hands, info)
        return _after_call(tables, self, last, self._g.hands, info)

    def _do_call(self, action: Call, seat: int) -> Core:
        info = self._g.info.copy()
        pos = action.card.index
        partner = _partner_of(self._g.hands, seat, pos)
        info.called = pos
        info.partner = partner
        info.attack |= 1 << partner if partner >= 0 else 0
        return _after_call(self._g.tables, self, action, self._g.hands, info)

    def _do_discard(self, action: Discard, seat: int) -> Core:
        tables = self._g.tables
        bit = 1 << action.cards[0].index
        hands = list(self._g.hands)
        hand = hands[seat] = hands[seat] ^ bit
        info = self._g.info.copy()
        ecart = info.ecart = info.ecart | bit
        remaining = tables.chien_size - ecart.bit_count()
        last = action
        if remaining:
            return _build(
                tables,
                self,
                last,
                _ECART,
                seat,
                tuple(hands),
                info,
                (_ecart_legal(hand, remaining), *_NO_PLAY[1:]),
            )
        return _after_ecart(tables, self, last, tuple(hands), info)

    def _do_announce(self, action: Action, seat: int) -> Core:
        info = self._g.info
        if type(action) is AnnounceChelem:
            info = info.copy()
            info.chelem = True
        return _start_play(self._g.tables, self, action, self._g.hands, info)

    def _do_poignee(self, action: DeclarePoignee, seat: int) -> Core:
        level, mask = self._poignee(action, seat)
        info = self._g.info.copy()
        info.poignees = (*info.poignees, (seat, level, mask))
        info.declared |= 1 << seat
        # The same trick position, with the poignée shown.
        g = _trick_of(self._g.tables, self._g.hands, info, self._g.n, self._g.tally, self._g.closer)
        s = Core()
        s._g = g
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
        s.__class__ = g.cls
        return s


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
_SET_RESULT: Final = Core.__dict__["_res"].__set__


def _build(
    tables: Tables,
    parent: Core | tuple[tuple[int, Action], ...] | None,
    act: Action | None,
    phase: Phase,
    to_play: int,
    hands: tuple[int, ...],
    info: _Info,
    play: tuple[Any, ...] = _NO_PLAY,
) -> Core:
    """A new state; ``act`` is the action that led to it; ``play`` is (legal mask, trick,
    cards to follow, trumps above the best, tricks gathered, tally, cards played); outside
    the play only the legal mask matters."""
    legal, trick, follow, over, n, tally, played = play
    s = Core()
    closer = -1
    if phase is _PLAY:
        # The seat before the trick's leader plays its last card.
        closer = (to_play - len(trick) - 1) % tables.players
    g = _trick_of(tables, hands, info, n, tally, closer)
    s._g = g
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
    s.__class__ = g.cls
    return s


def _finished(state: Core, result: DealResult) -> Core:
    """Attach the result to a final state being built (not yet shared with anyone)."""
    _SET_RESULT(state, result)
    return state


# -- phase transitions ------------------------------------------------------------------


def _restored(
    tables: Tables,
    history: tuple[tuple[int, Action], ...],
    phase: Phase,
    to_play: int,
    hands: tuple[int, ...],
    info_key: tuple[Any, ...],
    play: tuple[Any, ...],
) -> Core:
    """A state rebuilt from its fields (unpickling), its result computed again: the
    history stands for its parent (see Core._parent)."""
    info = _Info()
    for name, value in zip(_Info.__slots__, info_key, strict=True):
        setattr(info, name, value)
    result: DealResult | None = None
    if phase is _END:
        if info.annulled is None:
            result = _score(tables, info, play[5])
        else:
            reason: Any = info.annulled
            result = DealResult.annulled_deal(players=tables.players, reason=reason)
    last = history[-1][1] if history else None
    state = _build(tables, history or None, last, phase, to_play, hands, info, play)
    return state if result is None else _finished(state, result)


def _root(tables: Tables, dealer: int, deal: tuple[int, ...], chien: int) -> Core:
    """The first state of a deal (T-9 Petit sec checked here)."""
    info = _first_info(dealer, deal, chien)
    if tables.options.petit_sec_annuls:
        for hand in deal:
            # T-9: the Petit as the only trump, and no Excuse.
            if hand & (_TRUMPS | _EXB) == _PETIT_B:
                info.annulled = "petit_sec"
                return _annulled(tables, None, None, deal, info)
    return _build(tables, None, None, _BIDDING, tables.next[dealer], deal, info)


def _annulled(
    tables: Tables,
    parent: Core | None,
    last: Action | None,
    hands: tuple[int, ...],
    info: _Info,
) -> Core:
    reason: Any = info.annulled
    result = DealResult.annulled_deal(players=tables.players, reason=reason)
    return _finished(_build(tables, parent, last, _END, -1, hands, info), result)


def _after_call(
    tables: Tables,
    parent: Core,
    last: Action,
    hands: tuple[int, ...],
    info: _Info,
) -> Core:
    contract = info.contract
    if contract is _PRISE or contract is _GARDE:
        # T-14: the chien is shown and joins the taker's hand; the écart follows.
        taker = info.taker
        h = list(hands)
        h[taker] |= info.chien
        legal = _ecart_legal(h[taker], tables.chien_size)
        return _build(tables, parent, last, _ECART, taker, tuple(h), info, (legal, *_NO_PLAY[1:]))
    # T-16: Garde sans and Garde contre leave the chien aside.
    return _after_ecart(tables, parent, last, hands, info)


def _after_ecart(
    tables: Tables,
    parent: Core,
    last: Action,
    hands: tuple[int, ...],
    info: _Info,
) -> Core:
    if tables.options.chelem_announcement:
        return _build(tables, parent, last, _ANNOUNCE, info.taker, hands, info)
    return _start_play(tables, parent, last, hands, info)


def _start_play(
    tables: Tables,
    parent: Core,
    last: Action,
    hands: tuple[int, ...],
    info: _Info,
) -> Core:
    leader = _first_leader(tables, info)
    legal = _first_lead(hands[leader], info.called)
    return _build(tables, parent, last, _PLAY, leader, hands, info, (legal, *_NO_PLAY[1:]))


def _first_leader(tables: Tables, info: _Info) -> int:
    """T-21: next(dealer) leads the first trick, or the taker after a slam announcement
    (T-17)."""
    return info.taker if info.chelem else tables.next[info.dealer]


def _first_lead(hand: int, called: int) -> int:
    """T-43: the cards of ``hand`` that may lead the first trick, ``called`` being the
    position of the 5-player called card (-1 for none): no card of the called suit, but
    the called card itself."""
    if called < 0:
        return hand
    return hand & (~_SUIT_MASK[_SUIT[called]] | (1 << called))


def _partner_of(hands: Sequence[int], taker: int, called: int) -> int:
    """T-42: the seat other than the taker holding the card at position ``called``, or -1
    when the taker plays alone (the card is his own, or in the chien)."""
    partner = -1
    for seat, hand in enumerate(hands):
        if seat != taker and hand >> called & 1:
            partner = seat
    return partner


# Inlined for speed (a step in four), hence its length.
def _end_trick(st: Core, seat: int, action: Action, pos: int) -> Core:  # noqa: PLR0915
    """Play ``pos``, the last card of the trick, and gather the trick (T-24 … T-27); next
    trick or end."""
    g = st._g
    tables = g.tables
    info = g.info
    n = g.n
    trick = st._trick + _ONE[pos]
    played = st._played | _BIT[pos]
    leader = g.next[seat]
    att_pile, def_pile, comp, att_tricks, winners, petit, _, sweep = g.tally
    attack = info.attack
    # Every card of the earlier tricks is in one of the two piles.
    mask = played ^ (att_pile | def_pile)
    last_trick = n == tables.tricks - 1
    if mask & _EXB:
        leader_attacks = attack >> leader & 1
        swept = att_tricks == n if leader_attacks else att_tricks == 0
        winner, att, dfn, delta, won = _resolve(
            trick, leader, tables.players, attack, last_trick, swept, info.chelem, tables.options
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
        winner = (leader + trick.index(top)) % tables.players
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
        t.tables = tables
        t.cls = g.cls
        t.players = g.players
        t.next = g.next
        t.closer = (winner - 1) % g.players
        t.hands = hands
        t.info = info
        t.n = n + 1
        t.tally = tally
        t.undeclared = 0
        s = Core()
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
        s.__class__ = g.cls
        return s
    result = _score(tables, info, tally)
    final = _build(
        tables, st, action, _END, -1, hands, info, (0, (), 0, _TRUMPS, n + 1, tally, played)
    )
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


def _score(tables: Tables, info: _Info, tally: tuple[Any, ...]) -> DealResult:
    """Compute the facts of a played deal and score them with :func:`score_deal`."""
    # The card points do not depend on excuse_compensation: a moved low card is worth
    # the half point it replaces.
    att = _raw_pile(info, tally, attack=True)
    tricks = tables.tricks
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
        tables.players,
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
    return score_deal(facts, tables.options)


class _Facts:
    """The storage of a :class:`~cardrules.tarot.DealFacts`: the slots of its base class
    in ``cardrules.tarot.scoring``, in the same order, so that it can be given the
    DealFacts class."""

    __slots__ = (
        "_halves",
        "bouts",
        "chelem",
        "chelem_announced",
        "contract",
        "partner",
        "petit_au_bout",
        "players",
        "poignees",
        "points",
        "taker",
    )


def _engine_facts(  # noqa: PLR0913, PLR0917 - the fields of DealFacts
    players: int,
    contract: Contract,
    taker: int,
    partner: int | None,
    points: Fraction,
    bouts: int,
    petit_au_bout: Camp | None,
    poignees: tuple[PoigneeLevel, ...],
    chelem_announced: bool,
    chelem: Camp | None,
    halves: int,
) -> DealFacts:
    """A DealFacts from the engine, which only builds facts a deal can produce: stored
    without the checks (the tests compare them with the checked constructor)."""
    f: Any = _Facts()
    f.players = players
    f.contract = contract
    f.taker = taker
    f.partner = partner
    f.points = points
    f.bouts = bouts
    f.petit_au_bout = petit_au_bout
    f.poignees = poignees
    f.chelem_announced = chelem_announced
    f.chelem = chelem
    f._halves = halves
    f.__class__ = DealFacts
    facts: DealFacts = f
    return facts


def _resolve(
    trick: Sequence[int],
    leader: int,
    players: int,
    attack: int,
    last: bool,
    camp_swept: bool,
    chelem: bool,
    options: TarotOptions,
) -> tuple[int, int, int, int, bool]:
    """Resolve a full trick of positions: (winner, attack bits, defence bits,
    compensation to the attack in half points, T-26b win).

    ``attack`` is the attack's seats as a bitmask; ``camp_swept`` says whether the
    leader's camp won every earlier trick.
    """
    mask = 0
    for p in trick:
        mask |= 1 << p
    excuse_at = trick.index(_EXCUSE_POS) if mask & _EXB else -1
    if last and excuse_at == 0 and camp_swept:
        # T-26b: the Excuse led to the last trick by a camp that won every earlier trick.
        leader_attacks = attack >> leader & 1
        rule = options.excuse_sweep_exception
        if (
            rule == "any_sweeping_camp"
            or (rule == "taker_camp_only" and leader_attacks)
            or (rule == "announced_slam_only" and leader_attacks and chelem)
        ):
            return (leader, mask, 0, 0, True) if leader_attacks else (leader, 0, mask, 0, True)
    winner = (leader + _T.winner_position(trick)) % players
    winner_attacks = attack >> winner & 1
    comp = 0
    to_attack = 0
    if excuse_at >= 0:
        mask ^= _EXB
        owner_attacks = attack >> ((leader + excuse_at) % players) & 1
        if last:
            # T-26a: at the last trick the Excuse changes camp (option: goes to the trick's
            # winner), and no compensation is paid.
            if options.excuse_last_trick == "to_opponents":
                to_attack = owner_attacks ^ 1
            else:
                to_attack = winner_attacks
        else:
            # T-25: the Excuse stays with its camp; the winning camp gets half a point.
            to_attack = owner_attacks
            if owner_attacks != winner_attacks:
                comp = 1 if winner_attacks else -1
        excuse = 0 if to_attack else _EXB
        to_attack_bits = _EXB if to_attack else 0
    else:
        excuse = to_attack_bits = 0
    if winner_attacks:
        return winner, mask | to_attack_bits, excuse, comp, False
    return winner, to_attack_bits, mask | excuse, comp, False


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


# -- the bulk playout -------------------------------------------------------------------

# n.bit_length() for the numbers of choices (at most 24 cards and 3 declarations).
_BIT_LENGTH: Final = tuple(n.bit_length() for n in range(32))


# One loop over the whole deal, inlined for speed, hence its length.
def _random_playout(state: Core, rng: random.Random) -> DealResult:  # noqa: PLR0912, PLR0915
    """The result of random legal play from ``state`` to the end, drawn as
    ``state.apply(rng.choice(state.legal_actions()))`` draws at every step (see
    :func:`cardrules.tarot.random_playout`), on bitmasks, without building a state."""
    phase = state._phase
    if phase is _END:
        return state._res
    getrandbits = rng.getrandbits
    bit_length = _BIT_LENGTH
    tables = state._g.tables
    players = tables.players
    nxt = tables.next
    info = state._g.info.copy()
    # As in the states, each seat's cards are its cards at the start of the play less
    # those played: ``hands[seat] & unplayed`` here.
    hands: Sequence[int] = state._g.hands
    if phase is not _PLAY:
        # The auction, call, écart and announcement, drawn as the states list them.
        hands = dealt = list(hands)
        leader = _before_play(state, rng, info, dealt)
        if leader < 0:
            reason: Any = info.annulled
            return DealResult.annulled_deal(players=players, reason=reason)
        legal = _first_lead(hands[leader], info.called)
        seat = leader
        trick: list[int] = []
        follow = 0
        over = _TRUMPS
        n = played = 0
        att_pile = def_pile = comp = att_tricks = 0
        petit = -1
        sweep = False
    else:
        played = state._played
        trick = list(state._trick)
        follow = state._follow
        over = state._over
        legal = state._legal
        seat = state._to_play
        n = state._g.n
        att_pile, def_pile, comp, att_tricks, _, petit, _, sweep = state._g.tally
    options = tables.options
    tricks = tables.tricks
    thresholds = tables.thresholds
    declarations = tables.declaration_levels
    follow_of = _FOLLOW
    over_after = _OVER
    trump_mask = _TRUMPS
    canonical_of = _canonical_of
    exb = _EXB
    attack = info.attack
    chelem = info.chelem
    taker = info.taker
    forced = info.ecart & trump_mask if options.poignee_counts_forced_discards else 0
    declared = info.declared
    poignees = list(info.poignees)
    # The cards not played before the current trick (the others are in the piles).
    fresh = _DECK_MASK ^ (att_pile | def_pile)
    unplayed = _DECK_MASK ^ played
    left = players - len(trick)
    # The seats that may still declare a poignée: only in the first trick (T-19).
    undeclared = 0 if n else ~declared & ((1 << players) - 1)
    while True:
        count = legal.bit_count()
        if undeclared and undeclared >> seat & 1:
            # The canonical declarations, drawn among the plays as legal_actions lists them.
            hand = hands[seat] & unplayed
            seat_forced = forced if seat == taker else 0
            trump_like = (hand & trump_mask | seat_forced).bit_count() + (hand >> _EXCUSE_POS)
            offers = declarations[min(trump_like, 22)]
            # randbelow(rng, count + len(offers)), inlined like the draw below.
            total = count + len(offers)
            bits = bit_length[total]
            k = getrandbits(bits)
            while k >= total:
                k = getrandbits(bits)
            if k >= count:
                level = offers[k - count]
                mask = canonical_of(hand, seat_forced, thresholds[level - 1])
                poignees.append((seat, level, mask))
                declared |= 1 << seat
                undeclared ^= 1 << seat
                continue
        else:
            # randbelow(rng, count) inlined: Random.choice draws the same way.
            bits = bit_length[count]
            k = getrandbits(bits)
            while k >= count:
                k = getrandbits(bits)
        # The k-th lowest legal card, counted from the nearer end of the mask.
        m = legal
        if k + k < count:
            while k:
                m &= m - 1
                k -= 1
            bit = m & -m
            pos = bit.bit_length() - 1
        else:
            k = count - 1 - k
            pos = m.bit_length() - 1
            while k:
                m ^= 1 << pos
                pos = m.bit_length() - 1
                k -= 1
            bit = 1 << pos
        unplayed ^= bit
        trick.append(pos)
        left -= 1
        if left:
            if not follow:
                follow = follow_of[pos]  # T-23: the Excuse sets no suit
            if _FIRST_TRUMP <= pos < _EXCUSE_POS:
                over &= over_after[pos]  # only a trump changes the trumps that overtrump
            seat = nxt[seat]
            h = hands[seat] & unplayed
            # T-22 for the next player: the block of Core.apply.
            if follow:
                legal = h & follow
                if follow == trump_mask:
                    legal = (legal & over or legal) | (h & exb) if legal else h
                elif legal:
                    if h >> _EXCUSE_POS:
                        legal |= exb
                else:
                    trumps = h & trump_mask
                    legal = (trumps & over or trumps) | (h & exb) if trumps else h
            else:
                legal = h
            continue
        trick_mask = fresh ^ unplayed
        fresh = unplayed
        leader = nxt[seat]
        if trick_mask & exb:
            leader_attacks = attack >> leader & 1
            swept = att_tricks == n if leader_attacks else att_tricks == 0
            winner, att, dfn, delta, won = _resolve(
                trick, leader, players, attack, n == tricks - 1, swept, chelem, options
            )
            att_pile |= att
            def_pile |= dfn
            comp += delta
            sweep = sweep or won
            winner_attacks = attack >> winner & 1
        else:
            # T-24 without the Excuse, the lines of _end_trick: the highest position among
            # the trumps, else among the cards of the suit led.
            top = (trick_mask & trump_mask or trick_mask & follow).bit_length() - 1
            winner = (leader + trick.index(top)) % players
            winner_attacks = attack >> winner & 1
            if winner_attacks:
                att_pile |= trick_mask
        att_tricks += winner_attacks
        if trick_mask & _PETIT_B:
            petit = 2 * n + (winner_attacks ^ 1)
        n += 1
        if n == tricks:
            break
        seat = winner
        trick = []
        left = players
        undeclared = 0
        follow = 0
        over = trump_mask
        legal = hands[seat] & unplayed
    info.poignees = tuple(poignees)
    info.declared = declared
    # The score reads only the attack's pile, the compensation, the attack's tricks, the
    # Petit and the T-26b win: the defence's pile and the trick winners are left out.
    tally: tuple[Any, ...] = (att_pile, 0, comp, att_tricks, 0, petit, None, sweep)
    return _score(tables, info, tally)


def _before_play(state: Core, rng: random.Random, info: _Info, hands: list[int]) -> int:
    """Play the steps before the card play (T-10 … T-17) at random from ``state``, each
    choice drawn as ``rng.choice(state.legal_actions())`` would: update ``info`` and
    ``hands`` in place and return the first leader, or -1 for a deal annulled because
    everyone passed (T-12)."""
    tables = state._g.tables
    phase = state._phase
    if phase is _BIDDING:
        if not _random_auction(state, rng, info):
            return -1
        phase = _CALL if tables.players == 5 else _PLAY
    taker = info.taker
    if phase is _CALL:
        # T-42: one of the four cards of the callable rank, in card order.
        calls = _callable_actions(hands[taker])
        pos = calls[randbelow(rng, len(calls))].card.index
        info.partner = _partner_of(hands, taker, pos)
        if info.partner >= 0:
            info.attack |= 1 << info.partner
        info.called = pos
    if phase is not _ECART and phase is not _ANNOUNCE:
        # After the auction or the call, as in _after_call.
        if info.contract is _PRISE or info.contract is _GARDE:
            hands[taker] |= info.chien  # T-14
            phase = _ECART
        else:
            phase = _PLAY  # T-16
    if phase is _ECART:
        remaining = tables.chien_size - info.ecart.bit_count()
        while remaining:
            # legal_actions: one discard per card that keeps the écart legal (T-15).
            legal = _ecart_legal(hands[taker], remaining)
            for _ in range(randbelow(rng, legal.bit_count())):
                legal &= legal - 1
            bit = legal & -legal
            hands[taker] ^= bit
            info.ecart |= bit
            remaining -= 1
        phase = _PLAY
    if tables.options.chelem_announcement:
        # The announcement (T-17), as in _after_ecart; legal_actions: announce chelem, pass.
        info.chelem = randbelow(rng, 2) == 0
    return _first_leader(tables, info)


def _random_auction(state: Core, rng: random.Random, info: _Info) -> bool:
    """The rest of the auction at random (T-10 … T-13), into ``info``; False if everyone
    passed (T-12)."""
    tables = state._g.tables
    seat = state._to_play
    bids = list(info.bids)
    highest = state._highest_index()
    taker = -1
    getrandbits = rng.getrandbits
    for _ in range(tables.players - len(bids)):
        # legal_actions: pass, then the contracts above the highest bid (T-10); drawn
        # as randbelow(rng, 5 - highest).
        n = 5 - highest
        k = getrandbits(3 if n > 3 else n.bit_length())
        while k >= n:
            k = getrandbits(3 if n > 3 else n.bit_length())
        if k:
            highest += k
            taker = seat
            bids.append((seat, _CONTRACTS[highest]))
        else:
            bids.append((seat, None))
        seat = tables.next[seat]
    info.bids = tuple(bids)
    if taker < 0:
        # Only passes drawn here: the taker, if any, bid before ``state``.
        won = auction_taker(info.bids)
        if won is None:
            info.annulled = "all_pass"
            return False
        taker = won[0]
    info.taker = taker
    info.contract = _CONTRACTS[highest]
    info.attack = 1 << taker
    return True
