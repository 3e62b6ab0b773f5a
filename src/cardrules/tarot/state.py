"""The French Tarot state machine: deal, auction, call, écart, announcements, play, score.

A deal goes through the phases of :class:`~cardrules.tarot.Phase`::

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

from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Final, NoReturn, cast

import attrs

from cardrules import errors as _errors
from cardrules._util import quote
from cardrules.actions import Action, Pass, Play
from cardrules.cards import EXCUSE, Card, CardKind, Rank
from cardrules.deprecation import Deprecated, deprecated_names
from cardrules.errors import (
    CardNotInHandError,
    DeclarationError,
    DiscardError,
    ImmutableError,
    InvalidActionError,
    LeadRestrictionError,
    MustFollowSuitError,
    MustOvertrumpError,
    MustTrumpError,
    UnknownCardError,
    WrongPhaseError,
)
from cardrules.state import StateBase, check_seat
from cardrules.tarot._engine import (
    _ANNOUNCE,
    _ATTACK,
    _BIDDING,
    _CALL,
    _COMP,
    _DEFENCE,
    _ECART,
    _END,
    _GARDE,
    _PLAY,
    _PREV,
    _PRISE,
    _WINNERS,
    Core,
    _canonical_of,
    _card_transfer,
    _raw_pile,
    _restored,
)
from cardrules.tarot._tables import (
    _BOUTS,
    _BY_ID,
    _CARD,
    _EXB,
    _ID_OF,
    _KINGS,
    _T,
    _TRUMP_SUIT,
    _TRUMPS,
    Phase,
    _cards,
    _ecart_legal,
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
from cardrules.tarot.bidding import Contract, check_bid
from cardrules.tarot.scoring import Camp, DealResult, PoigneeLevel
from cardrules.tarot.view import TarotView
from cardrules.tricks import Obligation

if TYPE_CHECKING:
    from cardrules.tarot.variant import TarotVariant

    # Deprecated here (see __getattr__ below).
    DealError = _errors.DealError

__all__ = ["Phase", "Poignee", "TarotState"]


@attrs.frozen
class Poignee:
    """A poignée shown by a player (T-18 … T-20).

    Attributes:
        seat: Who declared it.
        level: Its :class:`~cardrules.tarot.PoigneeLevel`.
        cards: The cards shown, in descending order (T-19).

    >>> from cardrules import Card
    >>> Poignee(seat=2, level=PoigneeLevel.SIMPLE, cards=(Card.trump(21), Card.trump(1)))
    Poignee(seat=2, level=PoigneeLevel.SIMPLE, cards=(Card.parse('21T'), Card.parse('1T')))
    """

    seat: int
    level: PoigneeLevel
    cards: tuple[Card, ...]

    def __repr__(self) -> str:
        # Eval-able, with the names of cardrules and cardrules.tarot.
        return (
            f"Poignee(seat={self.seat}, level=PoigneeLevel.{self.level.name}, cards={self.cards!r})"
        )


# Core types the parent slot as a Core and StateBase as a StateBase: every state is both.
class TarotState(Core, StateBase):  # type: ignore[misc]
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
    _game_word: ClassVar[str] = "deal"

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

    # -- the State interface ---------------------------------------------------------

    @property
    def variant(self) -> TarotVariant:
        """The :class:`~cardrules.tarot.TarotVariant` of this deal."""
        return self._g.tables.variant

    @property
    def to_play(self) -> int | None:
        """The seat to act, or ``None`` once the deal is over."""
        t = self._to_play
        return None if t < 0 else t

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
            return (0.0,) * self._g.tables.players
        return tuple(float(x) for x in self._res.scores)

    def view(self, seat: int) -> TarotView:
        """What ``seat`` may know (T-39): see :class:`~cardrules.tarot.TarotView`."""
        return TarotView.from_state(self, seat)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds, in card order (full information)."""
        return _cards(self._hands[check_seat(seat, self._g.tables.players)])

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
        if info.annulled is not None and self._g.tables.options.redeal_dealer == "same":
            return info.dealer
        return (info.dealer + 1) % self._g.tables.players

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
        return tuple(s for s in range(self._g.tables.players) if a >> s & 1)

    def camp_of(self, seat: int) -> Camp:
        """The camp of ``seat`` (full information with 5 players).

        Raises:
            WrongPhaseError: there is no taker yet (or the deal was annulled).
        """
        check_seat(seat, self._g.tables.players)
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
        n = self._g.tables.players
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
        n = self._g.tables.players
        return tuple(((leader + k) % n, _CARD[p]) for k, p in enumerate(trick))

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds, seat 0 first (public)."""
        return tuple([h.bit_count() for h in self._hands])

    @property
    def cards_played(self) -> tuple[Card, ...]:
        """Every card played to a trick so far, the current trick's included, in card
        order (public: T-39)."""
        return _cards(self._played)

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

    def position(self) -> str:
        """This state's position: one line of text that
        :meth:`TarotVariant.from_position <cardrules.tarot.TarotVariant.from_position>`
        reads back (see "Positions" on the Notation page). Full information: it shows
        every hand, the chien and the écart.

        >>> from cardrules.tarot import TarotVariant
        >>> TarotVariant().new_game(seed=1).position().split()[4:]
        ['-', '-', '-', '-', '-', '-', '-', '1']
        """
        return self.variant._position_text(self)

    # -- values, pickling, display --------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        tally = self._g.tally
        return (
            self._g.tables.variant,
            self._phase,
            self._to_play,
            self._hands,
            self._g.info.key(),
            self._trick,
            self._g.n,
            tally,
        )

    def __reduce__(self) -> tuple[Any, ...]:
        # The fields and the history as a tuple; the result is recomputed.
        return (
            _unpickle,
            (
                self._g.tables.variant,
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
                self.requires_seat,
            ),
        )

    def __repr__(self) -> str:
        phase = self._phase.name
        if self._phase is _PLAY:
            return f"<TarotState phase={phase} trick {self._g.n + 1} to_play={self._to_play}>"
        if self._phase is _END:
            why = f" annulled={self._g.info.annulled}" if self._g.info.annulled else ""
            return f"<TarotState phase={phase}{why}>"
        return f"<TarotState phase={phase} to_play={self._to_play}>"

    # -- internals ------------------------------------------------------------------

    def _card_moved(self) -> tuple[int, bool]:
        """T-25 with ``excuse_compensation="card"``: at the end of a played deal, the
        low card handed over for the Excuse and whether the attack gives it; ``(0, …)``
        when no card moves (the half point then stays an adjustment)."""
        if (
            self._phase is not _END
            or self._g.info.annulled is not None
            or self._g.tables.options.excuse_compensation != "card"
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

    def _trump_like(self, seat: int) -> tuple[int, int, bool]:
        """The seat's hand trumps, its forced écart trumps (T-20c) and whether it holds
        the Excuse, for the poignée."""
        hand = self._g.hands[seat] & ~self._played
        info = self._g.info
        forced = 0
        if seat == info.taker and self._g.tables.options.poignee_counts_forced_discards:
            forced = info.ecart & _TRUMPS
        return hand & _TRUMPS, forced, bool(hand & _EXB)

    def _canonical_mask(self, seat: int, level: PoigneeLevel) -> int:
        hand = self._g.hands[seat] & ~self._played
        info = self._g.info
        forced = 0
        if seat == info.taker and self._g.tables.options.poignee_counts_forced_discards:
            forced = info.ecart & _TRUMPS
        return _canonical_of(hand, forced, self._g.tables.thresholds[level - 1])

    def _validate(self, action: object, seat: object) -> tuple[Action, int]:
        """Check ``action`` completely; return it (parsed) and the acting seat."""
        s = self._require_turn(seat)
        action = self._parse(action, s)
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
        remaining = self._g.tables.chien_size - self._g.info.ecart.bit_count()
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
            need = self._g.tables.thresholds[(level or 1) - 1]
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
        thresholds = self._g.tables.thresholds
        level = poignee_level_of(len(cards), self._g.tables.options)
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


_SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")


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
    requires_seat: bool = False,
) -> TarotState:
    phase, to_play, hands, info_key = fields
    tables = v._tables_for(require_seat=requires_seat)
    state = _restored(tables, _decode_history(encoded), phase, to_play, hands, info_key, play)
    return cast("TarotState", state)


if not TYPE_CHECKING:
    # The deprecated name of 0.1, for one release.
    __getattr__ = deprecated_names(
        __name__,
        {
            "DealError": Deprecated(
                "cardrules.errors:DealError",
                f"{__name__}.DealError is deprecated and will be removed in 0.3; import"
                " DealError from cardrules",
            )
        },
    )
