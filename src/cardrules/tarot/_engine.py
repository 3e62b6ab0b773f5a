"""The French Tarot engine (private): the states' storage, every state built, the full
check of every action with its rule-ID'd errors, the phase transitions, the play of a
card, the end of a trick, scoring from the tally, the bulk playout and the states a
view's sample is built as.

Everything that builds or checks a state is here: ``Core`` holds a state's slots, the
fast paths (``apply``, ``check``, ``is_legal``, ``legal_actions``) and the full check
they fall back to (``_validate``); the public state class,
:class:`~cardrules.tarot.TarotState`, derives from it and adds the accessors, the view
and pickling. The variant hands the engine its :class:`~cardrules.tarot._tables.Tables`,
which carry the state class that new states are given and the variant's trick
declaration compiled into a :class:`~cardrules._tricks.TrickKernel`.

T-22 (follow, trump, overtrump) and T-24 (the winner) are the kernel's: every path here
reads its tables (``kernel.winner`` at each trick's end; for each card's successor the
body of ``kernel.legal`` on the kernel's tables, written out in ``Core.apply`` and the
bulk playout because a call per card cost a tenth of a deal, and checked against
``kernel.legal`` under every flip of the declaration by the tests), so a variant
declaring other trick rules changes the checked states, the errors, the bulk playout
and the samples together. Sets of cards are the kernel's two words
(see ``_tables``), each below ``2**62``: the compiled build keeps them machine ints.

A deal shares what stays the same while a trick is played (``_Trick``): the hands as
they were when the card play began, the deal's facts (``_Info``), the tricks gathered
with their winners. Playing a card builds one small state; gathering a trick asks the
kernel for its winner and builds one ``_Trick`` more. Where the cards go (the piles,
the Excuse, the Petit: T-25 … T-27, T-32) is worked out from the gathered tricks by one
function, :func:`_settle`, when it is needed: at the end of a deal (the states and the
bulk playout alike) or when an accessor asks. A view reads the gathered tricks, and
what it shows of them is worked out once per trick (``_Trick.public``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Final, NoReturn, Self, overload

from cardrules._tricks import TrickKernel
from cardrules._util import fill_caller, mypyc_attr, quote
from cardrules.actions import Action, Pass, Play
from cardrules.cards import EXCUSE as EXCUSE_CARD
from cardrules.cards import Card, CardKind, Rank
from cardrules.decks import randbelow
from cardrules.errors import (
    CardNotInHandError,
    CardrulesError,
    DeclarationError,
    DiscardError,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    LeadRestrictionError,
    MustFollowSuitError,
    MustOvertrumpError,
    MustTrumpError,
    NotationError,
    NotYourTurnError,
    UnknownCardError,
    WrongPhaseError,
)
from cardrules.state import check_seat
from cardrules.tarot._tables import (
    ANNOUNCE_ACTIONS,
    BOUTS,
    BY_ID,
    CALLABLE_BY_RANK,
    DECK_SIZE,
    DISCARDS,
    DUTY_ALL,
    DUTY_BIT,
    EXCUSE,
    EXCUSE_POS,
    ID_OF,
    KINGS,
    LOW,
    MID_TRUMPS,
    ONE,
    PASS,
    PETIT,
    SIDE_ALL,
    SIDE_BIT,
    SPLIT,
    SUITS,
    TRUMPS,
    Tables,
    discard_actions,
    ecart_legal,
    play_actions,
    points,
)
from cardrules.tarot.actions import (
    AnnounceChelem,
    Bid,
    Call,
    DeclarePoignee,
    Discard,
    action_from_id,
    parse_action,
    poignee_level_of,
)
from cardrules.tarot.bidding import Contract, auction_taker, check_bid
from cardrules.tarot.cards import TAROT_DECK
from cardrules.tarot.phases import Phase
from cardrules.tarot.play import excuse_outcome
from cardrules.tarot.scoring import Camp, DealFacts, DealResult, PoigneeLevel, score_deal

__all__ = ["Core", "random_playout", "restore", "root", "sampled_state"]

# Enum members as module constants: ``Phase.PLAY`` or ``Camp.ATTACK`` costs an enum
# attribute look-up (about 90 ns) each time it is read.
_PLAY: Final = Phase.PLAY
# The action classes the hot paths test for, as finals: the compiled build keeps them
# in statics (an imported name is read from the module's dictionary at every use).
_PLAY_TYPE: Final = Play
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
_SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")

# -- the deal's constant part --------------------------------------------------------

# The fields of _Info, in slot order.
_INFO_FIELDS: Final = (
    "annulled",
    "attack",
    "bids",
    "called",
    "chelem",
    "chien_d",
    "chien_s",
    "contract",
    "deal_d",
    "deal_s",
    "dealer",
    "declared",
    "ecart_d",
    "ecart_s",
    "partner",
    "poignees",
    "taker",
)


class _Info:
    """What a deal fixes outside the trick play: the deal, the auction, the contract.

    Immutable by convention: a change builds a copy with :meth:`copy`. Sets of cards
    are the two words of ``_tables`` (``*_s`` the side word, ``*_d`` the duty word).
    """

    __slots__ = _INFO_FIELDS

    dealer: int
    deal_s: tuple[int, ...]
    deal_d: tuple[int, ...]
    chien_s: int
    chien_d: int
    bids: tuple[tuple[int, Contract | None], ...]
    contract: Contract | None
    taker: int
    called: int
    partner: int
    attack: int
    ecart_s: int
    ecart_d: int
    chelem: bool
    # (seat, level, duty word of the cards shown): a poignée shows trumps and the Excuse.
    poignees: tuple[tuple[int, PoigneeLevel, int], ...]
    declared: int
    annulled: str | None

    def key(self) -> tuple[Any, ...]:
        """Every field, in slot order: for equality, hashing and pickling."""
        return (
            self.annulled,
            self.attack,
            self.bids,
            self.called,
            self.chelem,
            self.chien_d,
            self.chien_s,
            self.contract,
            self.deal_d,
            self.deal_s,
            self.dealer,
            self.declared,
            self.ecart_d,
            self.ecart_s,
            self.partner,
            self.poignees,
            self.taker,
        )

    def copy(self) -> _Info:
        """A copy, for the caller to change before sharing it."""
        new = _Info()
        new.annulled = self.annulled
        new.attack = self.attack
        new.bids = self.bids
        new.called = self.called
        new.chelem = self.chelem
        new.chien_d = self.chien_d
        new.chien_s = self.chien_s
        new.contract = self.contract
        new.deal_d = self.deal_d
        new.deal_s = self.deal_s
        new.dealer = self.dealer
        new.declared = self.declared
        new.ecart_d = self.ecart_d
        new.ecart_s = self.ecart_s
        new.partner = self.partner
        new.poignees = self.poignees
        new.taker = self.taker
        return new


def _first_info(
    dealer: int, deal_s: tuple[int, ...], deal_d: tuple[int, ...], chien_s: int, chien_d: int
) -> _Info:
    info = _Info()
    info.dealer = dealer
    info.deal_s = deal_s
    info.deal_d = deal_d
    info.chien_s = chien_s
    info.chien_d = chien_d
    info.bids = ()
    info.contract = None
    info.taker = -1
    info.called = -1
    info.partner = -1
    info.attack = 0
    info.ecart_s = 0
    info.ecart_d = 0
    info.chelem = False
    info.poignees = ()
    info.declared = 0
    info.annulled = None
    return info


# The tally of the tricks gathered (see _settle): the piles hold every card of the
# tricks, the Excuse where T-25/T-26 send it; the compensation to the attack in half
# points; the attack's tricks; the Petit's last trick (2n, +1 if the defence won it);
# whether the Excuse took the last trick (T-26b).
_ATT_S, _ATT_D, _DEF_S, _DEF_D, _COMP, _ATT_TRICKS, _PETIT, _SWEEP = range(8)
_NO_TALLY: Final = (0, 0, 0, 0, 0, 0, -1, False)


class _Public:
    """What a view shows of the tricks gathered, worked out once per trick (see
    :meth:`_Trick.public`): read-only."""

    __slots__ = ("last", "played", "seen", "tricks", "won")

    # Each gathered trick as (seat, card) in playing order.
    tricks: tuple[tuple[tuple[int, Card], ...], ...]
    # The previous trick, as (seat, card) (T-39).
    last: tuple[tuple[int, Card], ...]
    # How many tricks each seat has won.
    won: tuple[int, ...]
    # The cards of the gathered tricks.
    played: frozenset[Card]
    # The cards every seat may see in the card play, by the current trick's positions:
    # filled by the views as they are built (see TarotState.view).
    seen: dict[tuple[int, ...], frozenset[Card]]


class _Trick:
    """What stays the same while one trick is played (and through each step before the
    play): shared by the states of the trick, so that playing a card copies one reference.

    Immutable by convention, but for the view's part, worked out when first asked for.
    """

    __slots__ = (
        "closer",
        "cls",
        "hd",
        "hs",
        "info",
        "kernel",
        "n",
        "next",
        "players",
        "settled",
        "shown",
        "tables",
        "tricks",
        "undeclared",
    )

    tables: Tables
    kernel: TrickKernel
    # The class of every state (tables.state), where the hot paths read it: a state costs
    # the same as with the class imported by name (measured: 8 ns more, within the noise;
    # type(parent) costs 11 ns more, and leaves the first state of a deal unbound).
    cls: type[Core]
    players: int
    next: tuple[int, ...]
    # The seat that plays the trick's last card (-1 outside the play).
    closer: int
    # Each seat's cards before the first card is played (two words); its cards now are
    # those not played yet (``state._us``, ``state._ud``): playing a card changes no hand.
    hs: tuple[int, ...]
    hd: tuple[int, ...]
    info: _Info
    # The tricks gathered: how many, and each as (leader, positions, winner).
    n: int
    tricks: tuple[tuple[int, tuple[int, ...], int], ...]
    # Their tally, once worked out (None before; see tally()).
    settled: tuple[Any, ...] | None
    # The seats that may still declare a poignée: those that have not, in the first
    # trick (T-19); 0 afterwards.
    undeclared: int
    # The view's part, once worked out (None before).
    shown: _Public | None

    def tally(self) -> tuple[Any, ...]:
        """The tally of the tricks gathered (see :func:`_settle`), worked out when first
        asked for."""
        settled = self.settled
        if settled is None:
            settled = self.settled = _settle(self.tables, self.info, self.tricks)[0]
        return settled

    def public(self) -> _Public:
        """What a view shows of the tricks gathered, worked out at the first view of the
        trick: a late view costs what an early one does."""
        shown = self.shown
        if shown is not None:
            return shown
        players = self.players
        deck = _CARD
        seated = []
        won = [0] * players
        played: list[Card] = []
        for leader, trick, winner in self.tricks:
            seated.append(tuple([((leader + k) % players, deck[p]) for k, p in enumerate(trick)]))
            played += [deck[p] for p in trick]
            won[winner] += 1
        out = _Public()
        out.tricks = tuple(seated)
        out.last = seated[-1] if seated else ()
        out.won = tuple(won)
        out.played = frozenset(played)
        out.seen = {}
        self.shown = out
        return out


_CARD: Final = tuple(Card.from_index(i) for i in range(79))


def _trick_of(
    tables: Tables,
    hs: tuple[int, ...],
    hd: tuple[int, ...],
    info: _Info,
    tricks: tuple[tuple[int, tuple[int, ...], int], ...],
    closer: int = -1,
) -> _Trick:
    """A new :class:`_Trick`; ``closer`` is the seat that plays the trick's last card."""
    g = _Trick()
    g.tables = tables
    g.kernel = tables.kernel
    g.cls = tables.state
    g.players = tables.players
    g.next = tables.next
    g.closer = closer
    g.hs = hs
    g.hd = hd
    g.info = info
    n = g.n = len(tricks)
    g.tricks = tricks
    g.undeclared = 0 if n else ~info.declared & ((1 << g.players) - 1)
    g.settled = None
    g.shown = None
    return g


# The state classes derive from it (see cardrules.tarot.state), also in the compiled build.
@mypyc_attr(allow_interpreted_subclasses=True)
class Core:
    """A state's storage, its fast paths and its full check;
    :class:`~cardrules.tarot.TarotState` is the class every state has (see the module
    docs). A plain ``Core()`` is filled in and then given that class."""

    __slots__ = (
        "_act",
        "_g",
        "_ld",
        "_led",
        "_ls",
        "_over",
        "_parent",
        "_phase",
        "_res",
        "_to_play",
        "_trick",
        "_ud",
        "_us",
        "is_terminal",
    )

    _g: _Trick
    # The previous state, whose seat to play took ``_act``; or, in a state built from its
    # fields (unpickled, sampled), the whole history (``_act`` is its last action).
    # ``_act`` is None in a deal's first state.
    _parent: Core | tuple[tuple[int, Action], ...] | None
    _act: Action | None
    _phase: Phase
    _to_play: int
    # The cards not played yet (every card before the play), two words.
    _us: int
    _ud: int
    # The current trick's positions.
    _trick: tuple[int, ...]
    # The suit number led (T-22), -1 until a card other than the Excuse is played to the
    # trick (T-23).
    _led: int
    # The trumps a trump must beat (the kernel's ``over``, duty word).
    _over: int
    # The legal cards (the legal discards in the écart), two words.
    _ls: int
    _ld: int
    _res: DealResult
    # A plain attribute rather than a property: bots read it at every step.
    is_terminal: bool
    """True once the deal is over (played out or annulled)."""

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
        ls = self._ls
        ld = self._ld
        acts = play_actions(ls, ld)
        undeclared = self._g.undeclared
        if undeclared and undeclared >> self._to_play & 1:
            acts += self._declarations()
        return acts

    def _actions_before_play(self) -> tuple[Action, ...]:
        phase = self._phase
        if phase is _BIDDING:
            return self._g.tables.bid_actions[self._highest_index()]
        if phase is _ECART:
            return discard_actions(self._ls, self._ld)
        if phase is _ANNOUNCE:
            return ANNOUNCE_ACTIONS
        if phase is _CALL:
            return self._callable()[2]
        return ()

    # is_legal, check and apply: typed for callers, while the implementations take any
    # object, so that bad input gets the library's errors in the compiled build too (its
    # functions check the declared types of their arguments: a TypeError otherwise).
    @overload
    def is_legal(self, action: Action | str | int, seat: None = None) -> bool: ...
    @overload
    def is_legal(self, action: Action | str | int, seat: int | None = None) -> bool: ...
    def is_legal(self, action: object, seat: object = None) -> bool:
        """True if :meth:`apply` would accept ``action`` (never raises for bad input)."""
        if type(action) is _PLAY_TYPE and seat is None and self._phase is _PLAY:
            pos = action.card.index
            if self._ls & SIDE_BIT[pos] or self._ld & DUTY_BIT[pos]:
                return True
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
        """Raise the specific error if ``action`` is illegal here (see :meth:`apply`)."""
        if type(action) is _PLAY_TYPE and seat is None and self._phase is _PLAY:
            pos = action.card.index
            if self._ls & SIDE_BIT[pos] or self._ld & DUTY_BIT[pos]:
                return
        self._validate(action, seat)

    @overload
    def apply(self, action: Action | str | int, seat: None = None) -> Self: ...
    @overload
    def apply(self, action: Action | str | int, seat: int | None = None) -> Self: ...
    def apply(self, action: object, seat: object = None) -> Self:  # noqa: PLR0912, PLR0915
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
        pos = -1
        sb = db = 0
        if type(action) is _PLAY_TYPE and self._phase is _PLAY:
            p = action.card.index
            sb = SIDE_BIT[p]
            db = DUTY_BIT[p]
            # The card is legal (T-22, T-43) and the seat, if given, is the seat to play.
            if (self._ls & sb or self._ld & db) and (
                seat is None or (type(seat) is int and seat == self._to_play)
            ):
                pos = p
        if pos < 0:
            if seat is None:
                quick = self._quick_do(action)
                if quick is not None:
                    return quick  # type: ignore[return-value]
            checked, acting = self._validate(action, seat)
            if type(checked) is not Play:
                return self._transition(checked, acting)  # type: ignore[return-value]
            # One parse and one pass: the card, checked, is played below.
            action = checked
            pos = checked.card.index
            sb = SIDE_BIT[pos]
            db = DUTY_BIT[pos]
        # Play the card. No hand changes (see _Trick.hs) and the trick's shared part stays:
        # a card that does not end the trick only builds the new state.
        player = self._to_play
        g = self._g
        if player == g.closer:
            return _end_trick(self, player, action, pos, sb, db)  # type: ignore[arg-type, return-value]
        k = g.kernel
        us = self._us ^ sb
        ud = self._ud ^ db
        led = self._led
        if led < 0:
            led = k.suit[pos]  # T-23: the Excuse (-1) sets no suit
        over = self._over & k.over_after[pos]
        nxt = g.next[player]
        # T-22 for the next player, from the declaration: the body of TrickKernel.legal
        # on the kernel's tables, as in the bulk playout (a call per card cost a tenth of
        # a deal; the tests check both against the kernel under every flip).
        ls = g.hs[nxt] & us
        ld = g.hd[nxt] & ud
        fs = k.suit_side[led]
        fd = k.suit_duty[led]
        if fs or fd:
            follow_s = ls & fs
            follow_d = ld & fd
            if follow_s or follow_d:
                if k.must_follow:
                    if fd == k.trump_duty and fs == k.trump_side:
                        follow_d = follow_d & over or follow_d
                    ld = follow_d | (ld & k.always)
                    ls = follow_s
            else:
                t = ld & k.duty_trumps
                if t:
                    ls = 0
                    ld = (t & over or t) | (ld & k.always)
        s = Core()
        s._g = g
        s._parent = self
        s._act = action  # type: ignore[assignment]
        s._phase = _PLAY
        s._to_play = nxt
        s._us = us
        s._ud = ud
        s._trick = self._trick + ONE[pos]
        s._led = led
        s._over = over
        s._ls = ls
        s._ld = ld
        s.is_terminal = False
        s.__class__ = g.cls
        return s  # type: ignore[return-value]

    def _quick_do(self, action: object) -> Core | None:
        """The state after a common action that is legal without doubt in the phases
        before the play; None for any other action, which then gets the full check."""
        phase = self._phase
        if phase is _BIDDING:
            if action is PASS or (type(action) is Bid and action.contract > self._highest_index()):
                return self._do_bid(action, self._to_play)
        elif phase is _ECART:
            if type(action) is Discard:
                card = action.card
                if card is not None and (
                    self._ls & SIDE_BIT[card.index] or self._ld & DUTY_BIT[card.index]
                ):
                    return self._do_discard(card.index, action, self._to_play)
        elif phase is _ANNOUNCE and (action is PASS or action is ANNOUNCE_ACTIONS[0]):
            return self._do_announce(action, self._to_play)
        return None

    def _highest_index(self) -> int:
        highest = 0
        for _, c in self._g.info.bids:
            if c is not None and c > highest:
                highest = c
        return highest

    def _callable(self) -> tuple[Rank, int, tuple[Call, ...]]:
        return _callable_entry(self._g.hs[self._g.info.taker])

    def _trump_count(self, seat: int) -> int:
        # T-18, T-20: the trumps held (with forced écart trumps, T-20c) plus one for the
        # Excuse (T-20b).
        hand = self._g.hd[seat] & self._ud
        info = self._g.info
        count = (hand & TRUMPS).bit_count() + (hand >> 21)
        if seat == info.taker and self._g.tables.options.poignee_counts_forced_discards:
            count += (info.ecart_d & TRUMPS).bit_count()
        return count

    def _declarations(self) -> tuple[Action, ...]:
        return self._g.tables.declarations[min(self._trump_count(self._to_play), 22)]

    def _transition(self, action: Action, seat: int) -> Core:
        """Apply an action other than a card, already validated by :meth:`_validate`."""
        if type(action) is DeclarePoignee:
            return self._do_poignee(action, seat)
        if type(action) is Bid or (type(action) is Pass and self._phase is _BIDDING):
            return self._do_bid(action, seat)
        if type(action) is Call:
            return self._do_call(action, seat)
        if type(action) is Discard:
            state: Core = self
            for card in action.cards:
                state = state._do_discard(card.index, DISCARDS[card.index], seat)
            return state
        return self._do_announce(action, seat)

    def _do_bid(self, action: Action, seat: int) -> Core:
        g = self._g
        tables = g.tables
        info = g.info.copy()
        contract = action.contract if type(action) is Bid else None
        bids = info.bids = (*info.bids, (seat, contract))
        if len(bids) < tables.players:
            return _build(tables, self, action, _BIDDING, tables.next[seat], g.hs, g.hd, info)
        won = auction_taker(bids)
        if won is None:
            # T-12: every player passed; the deal is annulled.
            info.annulled = "all_pass"
            return _annulled(tables, self, action, g.hs, g.hd, info)
        info.taker, info.contract = won
        info.attack = 1 << info.taker
        if tables.players == 5:
            return _build(tables, self, action, _CALL, info.taker, g.hs, g.hd, info)
        return _after_call(tables, self, action, g.hs, g.hd, info)

    def _do_call(self, action: Call, seat: int) -> Core:
        g = self._g
        info = g.info.copy()
        pos = action.card.index
        partner = _partner_of(g.hs, seat, pos)
        info.called = pos
        info.partner = partner
        info.attack |= 1 << partner if partner >= 0 else 0
        return _after_call(g.tables, self, action, g.hs, g.hd, info)

    def _do_discard(self, pos: int, action: Action, seat: int) -> Core:
        g = self._g
        tables = g.tables
        sb = SIDE_BIT[pos]
        db = DUTY_BIT[pos]
        hs = list(g.hs)
        hd = list(g.hd)
        hs[seat] ^= sb
        hd[seat] ^= db
        info = g.info.copy()
        info.ecart_s |= sb
        info.ecart_d |= db
        remaining = tables.chien_size - info.ecart_s.bit_count() - info.ecart_d.bit_count()
        if remaining:
            ls, ld = ecart_legal(hs[seat], hd[seat], remaining)
            return _build(tables, self, action, _ECART, seat, tuple(hs), tuple(hd), info, ls, ld)
        return _after_ecart(tables, self, action, tuple(hs), tuple(hd), info)

    def _do_announce(self, action: Action, seat: int) -> Core:
        g = self._g
        info = g.info
        if type(action) is AnnounceChelem:
            info = info.copy()
            info.chelem = True
        return _start_play(g.tables, self, action, g.hs, g.hd, info)

    def _do_poignee(self, action: DeclarePoignee, seat: int) -> Core:
        level, shown = self._poignee(action, seat)
        g = self._g
        info = g.info.copy()
        info.poignees = (*info.poignees, (seat, level, shown))
        info.declared |= 1 << seat
        # The same trick position, with the poignée shown.
        t = _trick_of(g.tables, g.hs, g.hd, info, g.tricks, g.closer)
        return _state(
            t,
            self,
            action,
            _PLAY,
            seat,
            self._us,
            self._ud,
            self._trick,
            self._led,
            self._over,
            self._ls,
            self._ld,
        )

    # -- the full check (rule-ID'd errors) ---------------------------------------------

    def _validate(self, action: object, seat: object) -> tuple[Action, int]:
        """Check ``action`` completely; return it (parsed) and the acting seat."""
        try:
            s = self._require_turn(seat)
            checked = self._parse(action, s)
            phase = self._phase
            if type(checked) is _PLAY_TYPE:
                self._check_play(checked, s)
            elif type(checked) is DeclarePoignee:
                self._poignee(checked, s)
            elif type(checked) is Bid or (type(checked) is Pass and phase is _BIDDING):
                self._check_bid(checked, s)
            elif type(checked) is Call:
                self._check_call(checked, s)
            elif type(checked) is Discard:
                self._check_discard(checked, s)
            elif type(checked) is AnnounceChelem or type(checked) is Pass:
                if phase is not _ANNOUNCE:
                    self._wrong_phase(checked, s)
            else:
                raise InvalidActionError(
                    f"{quote(checked)} is not a French Tarot action", action=checked, seat=s
                )
        except CardrulesError as error:
            # The turn and the notation are checked before the action or the seat is known.
            fill_caller(error, action, seat, self._g.tables.variant.id)
            raise
        return checked, s

    def _require_turn(self, seat: object) -> int:
        """The acting seat: the seat to play if ``seat`` is None, else ``seat`` checked."""
        to_play = self._to_play
        if to_play < 0:
            raise GameOverError("the deal is over: no action is possible")
        if seat is None:
            return to_play
        s = check_seat(seat, self._g.players)
        if s != to_play:
            raise NotYourTurnError(f"it is not seat {s}'s turn: seat {to_play} is to play", seat=s)
        return s

    def _parse(self, action: object, seat: int) -> Action:
        """``action`` as an action: text in Tarot notation, an int as an action id."""
        if isinstance(action, str):
            return parse_action(action)
        if type(action) is int:
            try:
                return action_from_id(action)
            except InvalidActionError:
                raise InvalidActionError(
                    f"{quote(action)} is not an action id of French Tarot: ids run from 0 "
                    f"to {len(BY_ID) - 1}",
                    seat=seat,
                ) from None
        if not isinstance(action, Action):
            raise InvalidActionError(f"not an action of French Tarot: {quote(action)}", seat=seat)
        return action

    def _wrong_phase(self, action: Action, seat: int) -> NoReturn:
        phase = self._phase
        if phase is _BIDDING:
            expected = "the auction is on: bid or pass (T-10)"
        elif phase is _CALL:
            expected = "the taker calls a card first (T-42)"
        elif phase is _ECART:
            expected = "the taker makes the écart first (T-14)"
        elif phase is _ANNOUNCE:
            expected = "the taker announces a slam or passes first (T-17)"
        else:
            expected = "the cards are being played: play a card"
        raise WrongPhaseError(
            f"{quote(str(action))} is not possible now: {expected}", action=action, seat=seat
        )

    def _check_bid(self, action: Action, seat: int) -> None:
        if self._phase is not _BIDDING:
            self._wrong_phase(action, seat)
        if type(action) is Bid:
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
                if rank is Rank.QUEEN:
                    held = "kings"
                elif rank is Rank.KNIGHT:
                    held = "kings and queens"
                else:
                    held = "kings, queens and knights"
                why = f"you hold all four {held}: call a {Rank(rank).name.lower()}"
            raise DeclarationError(
                f"{action.card} cannot be called: {why}", action=action, seat=seat, rule_id="T-42"
            )

    def _check_discard(self, action: Discard, seat: int) -> None:
        if self._phase is not _ECART:
            self._wrong_phase(action, seat)
        info = self._g.info
        remaining = self._g.tables.chien_size - info.ecart_s.bit_count() - info.ecart_d.bit_count()
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
        hs = self._g.hs[seat]
        hd = self._g.hd[seat]
        for card in action.cards:
            pos = card.index
            if pos >= len(SIDE_BIT) - 1:
                raise UnknownCardError(
                    f"{card} is not a card of the Tarot deck", action=action, seat=seat
                )
            sb = SIDE_BIT[pos]
            db = DUTY_BIT[pos]
            if not (hs & sb or hd & db):
                raise CardNotInHandError(
                    f"seat {seat} does not hold {card}", action=action, seat=seat
                )
            if sb & KINGS:
                raise DiscardError(
                    f"{card}: a king may not be discarded (T-15a)",
                    action=action,
                    seat=seat,
                    rule_id="T-15",
                )
            if db & BOUTS:
                raise DiscardError(
                    f"{card}: a bout may not be discarded (T-15b)",
                    action=action,
                    seat=seat,
                    rule_id="T-15",
                )
            ls, ld = ecart_legal(hs, hd, remaining)
            if not (ls & sb or ld & db):
                raise DiscardError(
                    f"{card}: a trump may be discarded only when the plain cards other than "
                    "kings cannot fill the écart (T-15c)",
                    action=action,
                    seat=seat,
                    rule_id="T-15",
                )
            hs ^= sb
            hd ^= db
            remaining -= 1

    def _check_play(self, action: Play, seat: int) -> None:
        if self._phase is not _PLAY:
            self._wrong_phase(action, seat)
        card = action.card
        pos = card.index
        if pos >= len(SIDE_BIT) - 1:
            raise UnknownCardError(
                f"{card} is not a card of the Tarot deck", action=action, seat=seat
            )
        sb = SIDE_BIT[pos]
        db = DUTY_BIT[pos]
        g = self._g
        hs = g.hs[seat] & self._us
        hd = g.hd[seat] & self._ud
        if not (hs & sb or hd & db):
            raise CardNotInHandError(f"seat {seat} does not hold {card}", action=action, seat=seat)
        if self._ls & sb or self._ld & db:
            return
        if not self._trick:
            called = _CARD[g.info.called]
            raise LeadRestrictionError(
                f"the first lead may not be a {called.suit.name.lower() if called.suit else ''} "
                f"card other than the called {called} (T-43)",
                action=action,
                seat=seat,
                rule_id="T-43",
            )
        # Which obligation the card breaks, asked of the same kernel (T-22).
        k = g.kernel
        led = self._led
        fs = k.suit_side[led]
        fd = k.suit_duty[led]
        held_led = hs & fs or hd & fd
        if held_led and led != k.trump_suit:
            raise MustFollowSuitError(
                f"{card}: you must follow {_SUIT_NAMES[led]} (T-22)",
                action=action,
                seat=seat,
                rule_id="T-22",
            )
        if k.suit[pos] == k.trump_suit:
            # Void in the suit led (or trumps led): an illegal trump is one too low.
            best = -1
            for p in self._trick:
                if k.suit[p] == k.trump_suit and (best < 0 or k.key[p] > k.key[best]):
                    best = p
            raise MustOvertrumpError(
                f"{card}: you must play a trump higher than the {_CARD[best]} if you can, "
                "even over a partner (T-22)",
                action=action,
                seat=seat,
                rule_id="T-22",
            )
        if held_led:
            raise MustFollowSuitError(
                f"{card}: trumps are led and you hold trumps (T-22)",
                action=action,
                seat=seat,
                rule_id="T-22",
            )
        raise MustTrumpError(
            f"{card}: you hold no {_SUIT_NAMES[led]} and must trump (T-22)",
            action=action,
            seat=seat,
            rule_id="T-22",
        )

    def _trump_like(self, seat: int) -> tuple[int, int, int]:
        """The seat's hand's trumps, its forced écart trumps (T-20c) and its Excuse, for
        the poignée (duty words)."""
        hand = self._g.hd[seat] & self._ud
        info = self._g.info
        forced = 0
        if seat == info.taker and self._g.tables.options.poignee_counts_forced_discards:
            forced = info.ecart_d & TRUMPS
        return hand & TRUMPS, forced, hand & EXCUSE

    def _canonical_mask(self, seat: int, level: PoigneeLevel) -> int:
        """The duty word of the canonical poignée of ``level`` (0 if none, T-19, T-20)."""
        trumps, forced, excuse = self._trump_like(seat)
        return _canonical_of(trumps | excuse, forced, self._g.tables.thresholds[level - 1])

    def _poignee(self, action: DeclarePoignee, seat: int) -> tuple[PoigneeLevel, int]:
        """Validate a declaration (T-18 … T-20); return its level and the cards' duty word."""
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
        shown, level = action.cards, action.level
        if shown is not None:
            return self._shown(action, shown, seat)
        mask = self._canonical_mask(seat, level) if level is not None else 0
        if level is None or not mask:
            need = self._g.tables.thresholds[(level or 1) - 1]
            raise DeclarationError(
                f"a {level} poignée shows {need} trumps; you do not hold enough (T-18, T-20)",
                action=action,
                seat=seat,
                rule_id="T-18",
            )
        return level, mask

    def _shown(
        self, action: DeclarePoignee, shown: tuple[Card, ...], seat: int
    ) -> tuple[PoigneeLevel, int]:
        """Validate a poignée of chosen cards (T-19, T-20); return its level and mask."""
        thresholds = self._g.tables.thresholds
        level = poignee_level_of(len(shown), self._g.tables.options)
        if level is None:
            raise DeclarationError(
                f"a poignée shows exactly {thresholds[0]}, {thresholds[1]} or {thresholds[2]} "
                f"cards, not {len(shown)} (T-19)",
                action=action,
                seat=seat,
                rule_id="T-19",
            )
        if len(set(shown)) != len(shown):
            raise DeclarationError(
                "a card is shown twice in the poignée (T-19)",
                action=action,
                seat=seat,
                rule_id="T-19",
            )
        for c in shown:
            if c.kind is not CardKind.TRUMP and c is not EXCUSE_CARD:
                raise DeclarationError(
                    "a poignée shows only trumps and possibly the Excuse (T-20a)",
                    action=action,
                    seat=seat,
                    rule_id="T-20",
                )
        trumps, forced, excuse = self._trump_like(seat)
        mask = 0
        for c in shown:
            mask |= DUTY_BIT[c.index]
        if mask & ~(trumps | forced | excuse):
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
        if mask & EXCUSE and mask & ~EXCUSE != trumps | forced:
            raise DeclarationError(
                "the Excuse may complete a poignée only when every trump is shown (T-20b)",
                action=action,
                seat=seat,
                rule_id="T-20",
            )
        return level, mask

    # -- what the accessors read -------------------------------------------------------

    def _hand_words(self, seat: int) -> tuple[int, int]:
        """The cards ``seat`` holds now, two words."""
        return self._g.hs[seat] & self._us, self._g.hd[seat] & self._ud

    def _pile_words(self, attack: bool) -> tuple[int, int]:
        """A camp's pile so far (T-28), the card moved for the Excuse included (T-25)."""
        g = self._g
        side, duty = _raw_pile(g.info, g.tally(), attack)
        bit_s, bit_d, giver_attacks = self._card_moved()
        if giver_attacks == attack:
            return side & ~bit_s, duty & ~bit_d
        return side | bit_s, duty | bit_d

    def _card_moved(self) -> tuple[int, int, bool]:
        """T-25 with ``excuse_compensation="card"``: at the end of a played deal, the
        low card handed over for the Excuse (two words) and whether the attack gives it;
        ``(0, 0, …)`` when no card moves (the half point then stays an adjustment)."""
        g = self._g
        if (
            self._phase is not _END
            or g.info.annulled is not None
            or g.tables.options.excuse_compensation != "card"
        ):
            return 0, 0, False
        return _card_transfer(g.info, g.tally())

    def _half_points(self, attack: bool) -> int:
        """A camp's card points so far, in half points (T-28, T-25)."""
        bit_s, bit_d, _ = self._card_moved()
        comp = 0 if bit_s or bit_d else int(self._g.tally()[_COMP])
        side, duty = self._pile_words(attack)
        return points(side, duty) + (comp if attack else -comp)


# -- building states -------------------------------------------------------------------


def _state(  # noqa: PLR0913, PLR0917 - a state's slots
    g: _Trick,
    parent: Core | tuple[tuple[int, Action], ...] | None,
    act: Action | None,
    phase: Phase,
    to_play: int,
    us: int,
    ud: int,
    trick: tuple[int, ...],
    led: int,
    over: int,
    ls: int,
    ld: int,
) -> Core:
    """A state of the deal ``g`` from its slots, for the paths off the hot one (the
    checked play and the trick's end build theirs inline)."""
    s = Core()
    s._g = g
    s._parent = parent
    s._act = act
    s._phase = phase
    s._to_play = to_play
    s._us = us
    s._ud = ud
    s._trick = trick
    s._led = led
    s._over = over
    s._ls = ls
    s._ld = ld
    s.is_terminal = False
    s.__class__ = g.cls
    return s


def _build(  # noqa: PLR0913, PLR0917 - a state's parts
    tables: Tables,
    parent: Core | tuple[tuple[int, Action], ...] | None,
    act: Action | None,
    phase: Phase,
    to_play: int,
    hs: tuple[int, ...],
    hd: tuple[int, ...],
    info: _Info,
    ls: int = 0,
    ld: int = 0,
) -> Core:
    """A new state outside the card play (or a trick's first state); ``act`` is the
    action that led to it; ``(ls, ld)`` its legal cards, when they matter."""
    # In the play (a first trick's lead), the seat before the leader closes the trick.
    closer = (to_play - 1) % tables.players if phase is _PLAY else -1
    g = _trick_of(tables, hs, hd, info, (), closer)
    over = tables.kernel.over_start
    return _state(g, parent, act, phase, to_play, SIDE_ALL, DUTY_ALL, (), -1, over, ls, ld)


# decks.shuffle's draws: getrandbits(k) below n, for n from 78 down to 2, each swapped
# into position n - 1.
_DRAWS: Final = tuple((n, n.bit_length(), n - 1) for n in range(DECK_SIZE, 1, -1))
_DECK_BITS: Final = tuple(1 << card.index for card in TAROT_DECK)


def shuffled_bits(rng: random.Random) -> list[object]:
    """The bits (``1 << card.index``) of the cards of ``decks.shuffle(TAROT_DECK, rng)``,
    in deck order: the same Fisher-Yates shuffle with the same draws (a test checks it),
    on the cards' bits, so that dealing needs no look-up per card.

    A list of objects: the compiled build then swaps the bits as they are, where a list
    of ints would unbox and box each one (measured twice as slow).
    """
    out: list[object] = list(_DECK_BITS)
    getrandbits = rng.getrandbits
    for n, k, i in _DRAWS:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        out[i], out[j] = out[j], out[i]
    return out


def root(
    tables: Tables, dealer: int, deal_s: tuple[int, ...], deal_d: tuple[int, ...], chien: int
) -> Core:
    """The first state of a deal of the hands ``(deal_s[seat], deal_d[seat])`` and the
    chien (a mask over the 78 positions); T-9 Petit sec checked here."""
    info = _first_info(dealer, deal_s, deal_d, chien & ((1 << SPLIT) - 1), chien >> SPLIT)
    if tables.options.petit_sec_annuls:
        for hand in deal_d:
            # T-9: the Petit as the only trump, and no Excuse.
            if hand == PETIT:
                info.annulled = "petit_sec"
                return _annulled(tables, None, None, deal_s, deal_d, info)
    return _build(tables, None, None, _BIDDING, tables.next[dealer], deal_s, deal_d, info)


def _annulled(
    tables: Tables,
    parent: Core | None,
    last: Action | None,
    hs: tuple[int, ...],
    hd: tuple[int, ...],
    info: _Info,
) -> Core:
    reason: Any = info.annulled
    result = DealResult.annulled_deal(players=tables.players, reason=reason)
    return _final(tables, parent, last, hs, hd, info, SIDE_ALL, DUTY_ALL, (), _NO_TALLY, result)


def _final(  # noqa: PLR0913, PLR0917 - a state's parts
    tables: Tables,
    parent: Core | tuple[tuple[int, Action], ...] | None,
    last: Action | None,
    hs: tuple[int, ...],
    hd: tuple[int, ...],
    info: _Info,
    us: int,
    ud: int,
    tricks: tuple[tuple[int, tuple[int, ...], int], ...],
    tally: tuple[Any, ...],
    result: DealResult,
) -> Core:
    """The last state of a deal, with its tally and result."""
    g = _trick_of(tables, hs, hd, info, tricks)
    g.undeclared = 0
    g.settled = tally
    s = Core()
    s._g = g
    s._parent = parent
    s._act = last
    s._phase = _END
    s._to_play = -1
    s._us = us
    s._ud = ud
    s._trick = ()
    s._led = -1
    s._over = tables.kernel.over_start
    s._ls = 0
    s._ld = 0
    s._res = result
    s.is_terminal = True
    s.__class__ = g.cls
    return s


def _after_call(
    tables: Tables,
    parent: Core,
    last: Action,
    hs: tuple[int, ...],
    hd: tuple[int, ...],
    info: _Info,
) -> Core:
    contract = info.contract
    if contract is _PRISE or contract is _GARDE:
        # T-14: the chien is shown and joins the taker's hand; the écart follows.
        taker = info.taker
        s = list(hs)
        d = list(hd)
        s[taker] |= info.chien_s
        d[taker] |= info.chien_d
        ls, ld = ecart_legal(s[taker], d[taker], tables.chien_size)
        return _build(tables, parent, last, _ECART, taker, tuple(s), tuple(d), info, ls, ld)
    # T-16: Garde sans and Garde contre leave the chien aside.
    return _after_ecart(tables, parent, last, hs, hd, info)


def _after_ecart(
    tables: Tables,
    parent: Core,
    last: Action,
    hs: tuple[int, ...],
    hd: tuple[int, ...],
    info: _Info,
) -> Core:
    if tables.options.chelem_announcement:
        return _build(tables, parent, last, _ANNOUNCE, info.taker, hs, hd, info)
    return _start_play(tables, parent, last, hs, hd, info)


def _start_play(
    tables: Tables,
    parent: Core,
    last: Action,
    hs: tuple[int, ...],
    hd: tuple[int, ...],
    info: _Info,
) -> Core:
    leader = _first_leader(tables, info)
    ls, ld = _first_lead(tables.kernel, hs[leader], hd[leader], info.called)
    return _build(tables, parent, last, _PLAY, leader, hs, hd, info, ls, ld)


def _first_leader(tables: Tables, info: _Info) -> int:
    """T-21: next(dealer) leads the first trick, or the taker after a slam announcement
    (T-17)."""
    return info.taker if info.chelem else tables.next[info.dealer]


def _first_lead(kernel: TrickKernel, hs: int, hd: int, called: int) -> tuple[int, int]:
    """The cards of the hand ``(hs, hd)`` that may lead the first trick: any card (the
    kernel's lead), less, by T-43, the cards of the called suit but the called card
    itself (``called``, a suit card's position; -1 for none)."""
    ls, ld = kernel.legal(hs, hd, 0, 0, kernel.over_start)
    if called < 0:
        return ls, ld
    return ls & (~SUITS[called // 14] | 1 << called), ld


def _partner_of(hands: Sequence[int], taker: int, called: int) -> int:
    """T-42: the seat other than the taker holding the suit card at position ``called``
    (``hands``: side words), or -1 when the taker plays alone (the card is his own, or
    in the chien)."""
    partner = -1
    for seat, hand in enumerate(hands):
        if seat != taker and hand >> called & 1:
            partner = seat
    return partner


def _callable_entry(hand: int) -> tuple[Rank, int, tuple[Call, ...]]:
    """T-42: the rank a taker holding ``hand`` (side word) may call (a king, or the next
    rank down when the taker holds all four), its side word and the calls, in card
    order."""
    for entry in CALLABLE_BY_RANK:
        if hand & entry[1] != entry[1]:
            return entry
    return CALLABLE_BY_RANK[-1]


def _canonical_of(hand: int, forced: int, need: int) -> int:
    """T-19, T-20: the canonical showing of ``need`` cards (a duty word), or 0 if the
    hand (its duty word) does not qualify: the lowest trumps of the hand; then trumps
    forced into the écart (``forced``, T-20c); then the Excuse, when it completes a
    showing of every trump (T-20b)."""
    trumps = hand & TRUMPS
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
    if total == need - 1 and hand & EXCUSE:
        return trumps | forced | EXCUSE
    return 0


# -- the end of a trick ------------------------------------------------------------------


# Inlined for speed (a step in four), hence its length.
def _end_trick(st: Core, seat: int, action: Play, pos: int, sb: int, db: int) -> Core:  # noqa: PLR0915
    """Play ``pos`` (its words ``sb``, ``db``), the last card of the trick, and gather the
    trick: its winner is the kernel's (T-24); next trick, or the end of the deal, settled
    and scored (T-25 … T-37)."""
    g = st._g
    tables = g.tables
    k = g.kernel
    info = g.info
    trick = st._trick + ONE[pos]
    us = st._us ^ sb
    ud = st._ud ^ db
    leader = g.next[seat]
    led = st._led
    if led < 0:
        led = k.suit[pos]
    # T-24, from the declaration.
    winner = (leader + k.winner(trick, led)) % g.players
    tricks = (*g.tricks, (leader, trick, winner))
    hs = g.hs
    hd = g.hd
    n = g.n + 1
    if n < tables.tricks:
        # A _Trick for the next trick, built inline (see _trick_of).
        t = _Trick()
        t.tables = tables
        t.kernel = k
        t.cls = g.cls
        t.players = g.players
        t.next = g.next
        t.closer = (winner - 1) % g.players
        t.hs = hs
        t.hd = hd
        t.info = info
        t.n = n
        t.tricks = tricks
        t.undeclared = 0
        t.settled = None
        t.shown = None
        over = k.over_start
        # T-22: the winner leads, any card (TrickKernel.legal with no suit led).
        ls = hs[winner] & us
        ld = hd[winner] & ud
        s = Core()
        s._g = t
        s._parent = st
        s._act = action
        s._phase = _PLAY
        s._to_play = winner
        s._us = us
        s._ud = ud
        s._trick = ()
        s._led = -1
        s._over = over
        s._ls = ls
        s._ld = ld
        s.is_terminal = False
        s.__class__ = g.cls
        return s
    tally, tricks = _settle(tables, info, tricks)
    result = _score(tables, info, tally)
    return _final(tables, st, action, hs, hd, info, us, ud, tricks, tally, result)


def _settle(
    tables: Tables,
    info: _Info,
    tricks: tuple[tuple[int, tuple[int, ...], int], ...],
    masks: Sequence[tuple[int, int, int] | None] = (),
) -> tuple[tuple[Any, ...], tuple[tuple[int, tuple[int, ...], int], ...]]:
    """Where the cards of the gathered ``tricks`` (each ``(leader, positions, winner)``,
    the winner the kernel's) go: the tally (see ``_NO_TALLY``), and the tricks with the
    last one's winner changed when the Excuse takes it (T-26b).

    Each trick's cards go to its winner's camp (T-27), the Excuse where
    :func:`~cardrules.tarot.play.excuse_outcome` sends it (T-25, T-26); the tally keeps
    the trick of the Petit for T-32. The one account of the piles, for the states, the
    samples and the bulk playout. ``masks`` may give each trick's cards as their two
    words and the index in the trick of the Excuse, -1 without it (``None``, or a short
    sequence, where they are not known): the bulk playout has them from its words, and
    reading them saves a pass over every card (its tricks' positions are then not read).
    """
    att_s = att_d = def_s = def_d = comp = att_tricks = 0
    petit = -1
    sweep = False
    attack = info.attack
    players = tables.players
    last = tables.tricks - 1
    known = len(masks)
    for n, (leader, trick, won_by) in enumerate(tricks):
        winner = won_by
        words = masks[n] if n < known else None
        if words is None:
            ts = td = 0
            for p in trick:
                ts |= SIDE_BIT[p]
                td |= DUTY_BIT[p]
            at = trick.index(EXCUSE_POS) if td & EXCUSE else -1
        else:
            ts, td, at = words
        if td & EXCUSE:
            leader_attacks = attack >> leader & 1
            wins, to_attack, delta = excuse_outcome(
                led=at == 0,
                last=n == last,
                owner_attacks=bool(attack >> ((leader + at) % players) & 1),
                winner_attacks=bool(attack >> winner & 1),
                camp_swept=att_tricks == n if leader_attacks else att_tricks == 0,
                chelem_announced=info.chelem,
                options=tables.options,
            )
            comp += delta
            if wins:
                # T-26b: the Excuse takes the last trick.
                sweep = True
                winner = leader
                tricks = (*tricks[:n], (leader, trick, leader), *tricks[n + 1 :])
            td ^= EXCUSE
            if to_attack:
                att_d |= EXCUSE
            else:
                def_d |= EXCUSE
        winner_attacks = attack >> winner & 1
        if winner_attacks:
            att_s |= ts
            att_d |= td
        else:
            def_s |= ts
            def_d |= td
        att_tricks += winner_attacks
        if td & PETIT:
            petit = 2 * n + (winner_attacks ^ 1)
    return (att_s, att_d, def_s, def_d, comp, att_tricks, petit, sweep), tricks


# -- scoring -----------------------------------------------------------------------------


def _raw_pile(info: _Info, tally: tuple[Any, ...], attack: bool) -> tuple[int, int]:
    """T-28: a camp's pile: its tricks (with the Excuse where T-25/T-26 send it), plus
    the écart (Prise, Garde) or the chien (Garde sans) for the attack, the chien for the
    defence in Garde contre (T-16)."""
    contract = info.contract
    if attack:
        side = int(tally[_ATT_S])
        duty = int(tally[_ATT_D])
        if contract is _PRISE or contract is _GARDE:
            side |= info.ecart_s
            duty |= info.ecart_d
        elif contract is _GARDE_SANS:
            side |= info.chien_s
            duty |= info.chien_d
        return side, duty
    side = int(tally[_DEF_S])
    duty = int(tally[_DEF_D])
    if contract is _GARDE_CONTRE:
        side |= info.chien_s
        duty |= info.chien_d
    return side, duty


def _card_transfer(info: _Info, tally: tuple[Any, ...]) -> tuple[int, int, bool]:
    """T-25, FFT's way: the camp that kept its Excuse in a trick won by the other camp
    hands over one of its low (half-point) cards, the first in card order. Returns the
    card's two words (both 0 if none moves) and whether the attack gives it. A camp
    without any low card keeps the half-point adjustment instead: FFT counts its Excuse
    as 4 points."""
    comp = int(tally[_COMP])
    if comp == 0:
        return 0, 0, False
    giver_attacks = comp < 0
    side, duty = _raw_pile(info, tally, giver_attacks)
    low = side & LOW
    if low:
        return low & -low, 0, giver_attacks
    low = duty & MID_TRUMPS
    return 0, low & -low, giver_attacks


# Fraction(h, 2) for h = -1 … 183: the attack's card points in half points, after the
# Excuse's compensation (immutable values, shared).
_HALVES: Final = tuple(Fraction(h, 2) for h in range(-1, 184))


def _score(tables: Tables, info: _Info, tally: tuple[Any, ...]) -> DealResult:
    """Compute the facts of a played deal and score them with :func:`score_deal`."""
    # The card points do not depend on excuse_compensation: a moved low card is worth
    # the half point it replaces.
    att_s, att_d = _raw_pile(info, tally, True)
    tricks = tables.tricks
    petit = tally[_PETIT]
    # T-32: the last trick, or the penultimate one after a T-26b Excuse win.
    pab_trick = tricks - 2 if tally[_SWEEP] else tricks - 1
    pab: Camp | None = None
    if petit >= 0 and petit >> 1 == pab_trick:
        pab = _DEFENCE if petit & 1 else _ATTACK
    att_tricks = tally[_ATT_TRICKS]
    chelem = _ATTACK if att_tricks == tricks else _DEFENCE if att_tricks == 0 else None
    halves = points(att_s, att_d) + tally[_COMP]
    facts = _engine_facts(
        tables.players,
        info.contract,  # type: ignore[arg-type]
        info.taker,
        info.partner if info.partner >= 0 else None,
        _HALVES[halves + 1],
        (att_d & BOUTS).bit_count(),
        pab,
        tuple([level for _, level, _ in info.poignees]) if info.poignees else (),
        info.chelem,
        chelem,
        halves,
    )
    return score_deal(facts, tables.options)


# A plain Python class in the compiled build too: its instances are given the DealFacts
# class, which needs the same slots, stored the same way.
@mypyc_attr(native_class=False)
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
        "void_reason",
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
    f.void_reason = None
    f._halves = halves
    f.__class__ = DealFacts
    facts: DealFacts = f
    return facts


# -- states built from their fields ------------------------------------------------------


def encode_history(history: tuple[tuple[int, Action], ...]) -> tuple[object, ...]:
    """The history for pickling: ``seat * 256 + id`` for the actions of the id table,
    the ``(seat, action)`` pair for the others (a poignée showing chosen cards)."""
    out: list[object] = []
    for seat, action in history:
        number = ID_OF.get(action)
        if number is not None and BY_ID[number] is action:
            out.append(seat << 8 | number)
        else:
            out.append((seat, action))
    return tuple(out)


def _decode_history(encoded: tuple[object, ...]) -> tuple[tuple[int, Action], ...]:
    out: list[tuple[int, Action]] = []
    for item in encoded:
        if type(item) is int:
            out.append((item >> 8, BY_ID[item & 255]))
        else:
            pair: Any = item
            out.append((pair[0], pair[1]))
    return tuple(out)


def fields(state: Core) -> tuple[Any, ...]:
    """What a state is rebuilt from (see :func:`restore`), its history encoded."""
    g = state._g
    history: Any = state
    return (
        encode_history(history.history),
        state._phase,
        state._to_play,
        g.hs,
        g.hd,
        g.info.key(),
        (
            state._us,
            state._ud,
            state._trick,
            state._led,
            state._over,
            state._ls,
            state._ld,
            g.tricks,
            g.closer,
        ),
    )


def restore(tables: Tables, saved: tuple[Any, ...]) -> Core:
    """The state that :func:`fields` saved, its tally and result worked out again: the
    history stands for its parent (see Core._parent)."""
    encoded, phase, to_play, hs, hd, info_key, play = saved
    us, ud, trick, led, over, ls, ld, tricks, closer = play
    info = _Info()
    (
        info.annulled,
        info.attack,
        info.bids,
        info.called,
        info.chelem,
        info.chien_d,
        info.chien_s,
        info.contract,
        info.deal_d,
        info.deal_s,
        info.dealer,
        info.declared,
        info.ecart_d,
        info.ecart_s,
        info.partner,
        info.poignees,
        info.taker,
    ) = info_key
    history = _decode_history(encoded)
    parent = history or None
    last = history[-1][1] if history else None
    if phase is _END:
        if info.annulled is None:
            tally = _settle(tables, info, tricks)[0]
            result = _score(tables, info, tally)
        else:
            tally = _NO_TALLY
            reason: Any = info.annulled
            result = DealResult.annulled_deal(players=tables.players, reason=reason)
        return _final(tables, parent, last, hs, hd, info, us, ud, tricks, tally, result)
    g = _trick_of(tables, hs, hd, info, tricks, closer)
    return _state(g, parent, last, phase, to_play, us, ud, trick, led, over, ls, ld)


def sampled_state(
    tables: Tables,
    history: tuple[tuple[int, Action], ...],
    dealer: int,
    deal_s: tuple[int, ...],
    deal_d: tuple[int, ...],
    chien: tuple[int, int],
    facts: tuple[Any, ...],
    play: tuple[Any, ...],
) -> Core | None:
    """A state of the card play (or its end) built from a deal and the public facts of
    a view, without replaying them: the view's sampler (``cardrules.tarot.view``) draws
    the deal and gives the facts, which are the same for every deal it draws; None if the
    deal was annulled at once (T-9), which the facts cannot say.

    ``facts``: the bids, contract, taker, called card's position, partner, the écart's
    words, the slam announcement, the poignées as the engine keeps them and the seats
    that declared. ``play``: the phase, the seat to play, the current trick's positions,
    the gathered tricks as ``(leader, positions, winner)`` (the kernel's winner), and
    the hands at the start of the play (two words per seat). The camps, and so the piles,
    depend on the deal: they are settled when asked for, as in any state.
    """
    if tables.options.petit_sec_annuls:
        for hand in deal_d:
            if hand == PETIT:
                return None
    bids, contract, taker, called, partner, ecart, chelem, poignees, declared = facts
    phase, to_play, trick, tricks, hs, hd = play
    info = _first_info(dealer, deal_s, deal_d, chien[0], chien[1])
    info.bids = bids
    info.contract = contract
    info.taker = taker
    info.called = called
    info.partner = partner
    info.attack = (1 << taker) | (1 << partner if partner >= 0 else 0)
    info.ecart_s, info.ecart_d = ecart
    info.chelem = chelem
    info.poignees = poignees
    info.declared = declared
    k = tables.kernel
    us = SIDE_ALL
    ud = DUTY_ALL
    for _, cards_, _ in tricks:
        for p in cards_:
            us ^= SIDE_BIT[p]
            ud ^= DUTY_BIT[p]
    for p in trick:
        us ^= SIDE_BIT[p]
        ud ^= DUTY_BIT[p]
    last = history[-1][1] if history else None
    if phase is _END:
        tally, tricks = _settle(tables, info, tricks)
        result = _score(tables, info, tally)
        return _final(tables, history, last, hs, hd, info, us, ud, tricks, tally, result)
    over = k.over_start
    led = -1
    for p in trick:
        over &= k.over_after[p]
        if led < 0:
            led = k.suit[p]
    hand_s = hs[to_play] & us
    hand_d = hd[to_play] & ud
    if not tricks and not trick:
        ls, ld = _first_lead(k, hand_s, hand_d, called)
    else:
        ls, ld = k.legal(hand_s, hand_d, k.suit_side[led], k.suit_duty[led], over)
    leader = (to_play - len(trick)) % tables.players
    g = _trick_of(tables, hs, hd, info, tricks, (leader - 1) % tables.players)
    return _state(g, history or None, last, phase, to_play, us, ud, trick, led, over, ls, ld)


# -- the bulk playout -------------------------------------------------------------------

# n.bit_length() for the numbers of choices (at most 24 cards and 3 declarations).
_BIT_LENGTH: Final = tuple(n.bit_length() for n in range(32))


# One loop over the whole deal, inlined for speed, hence its length.
def random_playout(state: Core, rng: random.Random) -> DealResult:  # noqa: PLR0912, PLR0915
    """The result of random legal play from ``state`` to the end, drawn as
    ``state.apply(rng.choice(state.legal_actions()))`` draws at every step (see
    :func:`cardrules.tarot.random_playout`), on the two words, without building a state:
    the kernel gives each card's successor its legal cards (T-22) and each trick its
    winner (T-24), and :func:`_settle` the piles at the end."""
    phase = state._phase
    if phase is _END:
        return state._res
    getrandbits = rng.getrandbits
    bit_length = _BIT_LENGTH
    g = state._g
    tables = g.tables
    k = g.kernel
    players = tables.players
    nxt = tables.next
    info = g.info.copy()
    # As in the states, each seat's cards are its cards at the start of the play, those
    # not played yet.
    hs: Sequence[int] = g.hs
    hd: Sequence[int] = g.hd
    if phase is not _PLAY:
        # The auction, call, écart and announcement, drawn as the states list them.
        dealt_s = list(hs)
        dealt_d = list(hd)
        leader = _before_play(state, rng, info, dealt_s, dealt_d)
        if leader < 0:
            reason: Any = info.annulled
            return DealResult.annulled_deal(players=players, reason=reason)
        hs = dealt_s
        hd = dealt_d
        ls, ld = _first_lead(k, hs[leader], hd[leader], info.called)
        seat = leader
        begun: Sequence[int] = ()
        led = -1
        over = k.over_start
        us = SIDE_ALL
        ud = DUTY_ALL
        tricks = list(g.tricks)
    else:
        us = state._us
        ud = state._ud
        begun = state._trick
        led = state._led
        over = state._over
        ls = state._ls
        ld = state._ld
        seat = state._to_play
        tricks = list(g.tricks)
    n = len(tricks)
    options = tables.options
    last = tables.tricks
    thresholds = tables.thresholds
    declarations = tables.declaration_levels
    # The kernel's tables in locals: T-22 below is the body of TrickKernel.legal on
    # them, inlined, and T-24 is TrickKernel.winner kept as a running best over its
    # by_led row (a call per card and per trick cost a quarter of the playout; the
    # tests check the playout against the checked states under every flip of the
    # declaration).
    by_led = k.by_led
    no_led = by_led[-1]
    row = by_led[led]
    # The index within the trick of its best card so far and that card's strength.
    best_at = k.winner(begun, led) if begun else -1
    best = row[begun[best_at]] if best_at >= 0 else -1
    suit_of = k.suit
    suit_side = k.suit_side
    suit_duty = k.suit_duty
    over_after = k.over_after
    over_start = k.over_start
    must_follow = k.must_follow
    always = k.always
    duty_trumps = k.duty_trumps
    trump_side = k.trump_side
    trump_duty = k.trump_duty
    fs = suit_side[led]
    fd = suit_duty[led]
    trumps_led = fd == trump_duty and fs == trump_side
    taker = info.taker
    forced = info.ecart_d & TRUMPS if options.poignee_counts_forced_discards else 0
    declared = info.declared
    poignees = list(info.poignees)
    left = players - len(begun)
    # The seats that may still declare a poignée: only in the first trick (T-19).
    undeclared = 0 if n else ~declared & ((1 << players) - 1)
    # Each gathered trick for _settle: its cards as two words (the cards not played when
    # the trick began less those not played when it ends) and the Excuse's index in it,
    # -1 without it; unknown for the tricks gathered before the playout. The tricks'
    # positions are not kept: _settle reads only these.
    masks: list[tuple[int, int, int] | None] = [None] * n
    excuse_at = begun.index(EXCUSE_POS) if EXCUSE_POS in begun else -1
    start_s = us
    start_d = ud
    for p in begun:
        start_s |= SIDE_BIT[p]
        start_d |= DUTY_BIT[p]
    while True:
        # A follower's legal cards are often in one word: no count of the other
        # (int.bit_count is a generic method call in compiled code).
        cs = ls.bit_count() if ls else 0
        count = cs + ld.bit_count() if ld else cs
        if undeclared and undeclared >> seat & 1:
            # The canonical declarations, drawn among the plays as legal_actions lists them.
            hand = hd[seat] & ud
            seat_forced = forced if seat == taker else 0
            trump_like = (hand & TRUMPS | seat_forced).bit_count() + (hand >> 21)
            offers = declarations[min(trump_like, 22)]
            # randbelow(rng, count + len(offers)), inlined like the draw below.
            total = count + len(offers)
            bits = bit_length[total]
            r = getrandbits(bits)
            while r >= total:
                r = getrandbits(bits)
            if r >= count:
                level = offers[r - count]
                shown = _canonical_of(hand, seat_forced, thresholds[level - 1])
                poignees.append((seat, level, shown))
                declared |= 1 << seat
                undeclared ^= 1 << seat
                continue
        else:
            # randbelow(rng, count) inlined: Random.choice draws the same way.
            bits = bit_length[count]
            r = getrandbits(bits)
            while r >= count:
                r = getrandbits(bits)
        # The r-th legal card in card order: the side word's, then the duty word's,
        # counted from the nearer end of the word.
        if r < cs:
            m = ls
            if r + r < cs:
                while r:
                    m &= m - 1
                    r -= 1
                bit = m & -m
                pos = bit.bit_length() - 1
            else:
                r = cs - 1 - r
                pos = m.bit_length() - 1
                while r:
                    m ^= 1 << pos
                    pos = m.bit_length() - 1
                    r -= 1
                bit = 1 << pos
            us ^= bit
        else:
            m = ld
            r -= cs
            while r:
                m &= m - 1
                r -= 1
            bit = m & -m
            ud ^= bit
            pos = SPLIT - 1 + bit.bit_length()
            if bit == EXCUSE:
                excuse_at = players - left
        if led < 0:
            led = suit_of[pos]  # T-23: the Excuse sets no suit
            fs = suit_side[led]
            fd = suit_duty[led]
            trumps_led = fd == trump_duty and fs == trump_side
            row = by_led[led]
        # T-24: only a strictly stronger card takes the lead; the cards before the
        # suit led is set are exempt, as weak in every row.
        strength = row[pos]
        if strength > best:
            best = strength
            best_at = players - left
        left -= 1
        if left:
            over &= over_after[pos]
            seat = nxt[seat]
            # T-22 for the next player, from the declaration: TrickKernel.legal.
            hand_s = hs[seat] & us
            hand_d = hd[seat] & ud
            ls = hand_s
            ld = hand_d
            if fs or fd:
                follow_s = hand_s & fs
                follow_d = hand_d & fd
                if follow_s or follow_d:
                    if must_follow:
                        if trumps_led:
                            follow_d = follow_d & over or follow_d
                        ls = follow_s
                        ld = follow_d | (hand_d & always)
                else:
                    t = hand_d & duty_trumps
                    if t:
                        ls = 0
                        ld = (t & over or t) | (hand_d & always)
            continue
        leader = nxt[seat]
        # T-24, from the declaration.
        winner = (leader + best_at) % players
        tricks.append((leader, (), winner))
        masks.append((start_s ^ us, start_d ^ ud, excuse_at))
        excuse_at = -1
        start_s = us
        start_d = ud
        n += 1
        if n == last:
            break
        seat = winner
        left = players
        undeclared = 0
        led = -1
        fs = fd = 0
        trumps_led = False
        row = no_led
        best = best_at = -1
        over = over_start
        # T-22: the kernel's lead, any card.
        ls = hs[seat] & us
        ld = hd[seat] & ud
    info.poignees = tuple(poignees)
    info.declared = declared
    return _score(tables, info, _settle(tables, info, tuple(tricks), masks)[0])


def _nth(word: int, k: int) -> int:
    """The index of the ``k``-th lowest set bit of ``word``."""
    while k:
        word &= word - 1
        k -= 1
    return (word & -word).bit_length() - 1


def _before_play(state: Core, rng: random.Random, info: _Info, hs: list[int], hd: list[int]) -> int:
    """Play the steps before the card play (T-10 … T-17) at random from ``state``, each
    choice drawn as ``rng.choice(state.legal_actions())`` would: update ``info`` and
    the hands in place and return the first leader, or -1 for a deal annulled because
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
        calls = _callable_entry(hs[taker])[2]
        pos = calls[randbelow(rng, len(calls))].card.index
        info.partner = _partner_of(hs, taker, pos)
        if info.partner >= 0:
            info.attack |= 1 << info.partner
        info.called = pos
    if phase is not _ECART and phase is not _ANNOUNCE:
        # After the auction or the call, as in _after_call.
        if info.contract is _PRISE or info.contract is _GARDE:
            hs[taker] |= info.chien_s  # T-14
            hd[taker] |= info.chien_d
            phase = _ECART
        else:
            phase = _PLAY  # T-16
    if phase is _ECART:
        remaining = tables.chien_size - info.ecart_s.bit_count() - info.ecart_d.bit_count()
        while remaining:
            # legal_actions: one discard per card that keeps the écart legal (T-15), in
            # card order: the side word's, then the duty word's.
            ls, ld = ecart_legal(hs[taker], hd[taker], remaining)
            cs = ls.bit_count()
            r = randbelow(rng, cs + ld.bit_count())
            if r < cs:
                bit = 1 << _nth(ls, r)
                hs[taker] ^= bit
                info.ecart_s |= bit
            else:
                bit = 1 << _nth(ld, r - cs)
                hd[taker] ^= bit
                info.ecart_d |= bit
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
        r = getrandbits(3 if n > 3 else n.bit_length())
        while r >= n:
            r = getrandbits(3 if n > 3 else n.bit_length())
        if r:
            highest += r
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
