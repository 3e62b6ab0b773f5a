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
from typing import TYPE_CHECKING, Any, ClassVar, Final

import attrs

from cardrules import errors as _errors
from cardrules.cards import Card, CardKind
from cardrules.deprecation import Deprecated, deprecated_names
from cardrules.errors import InvalidArgumentError, WrongPhaseError
from cardrules.state import StateBase, check_seat
from cardrules.tarot._engine import Core, fields, restore
from cardrules.tarot._tables import DUTY_ALL, SIDE_ALL, TRUMPS, cards
from cardrules.tarot.bidding import Contract
from cardrules.tarot.phases import Phase
from cardrules.tarot.scoring import Camp, DealResult, PoigneeLevel
from cardrules.tarot.view import TarotView

if TYPE_CHECKING:
    from cardrules.tarot.variant import TarotVariant

    # Deprecated here (see __getattr__ below).
    DealError = _errors.DealError

__all__ = ["Phase", "Poignee", "TarotState"]

_PLAY: Final = Phase.PLAY
_END: Final = Phase.END
_CALL: Final = Phase.CALL
_ECART: Final = Phase.ECART
_ANNOUNCE: Final = Phase.ANNOUNCE
_ATTACK: Final = Camp.ATTACK
_DEFENCE: Final = Camp.DEFENCE
_CARD: Final = tuple(Card.from_index(i) for i in range(78))
# T-42 … T-16: the contracts whose chien is shown once the taker has it (T-14).
_CHIEN_SHOWN: Final = (Contract.PRISE, Contract.GARDE)


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
    :meth:`view`. The checks and transitions are the engine's (``Core``).

    >>> from cardrules.tarot import TarotVariant
    >>> state = TarotVariant().new_game(seed=1)
    >>> state = state.apply("bid garde").apply("pass").apply("pass").apply("pass")
    >>> state.phase, state.taker, state.contract, len(state.hand(1))
    (<Phase.ECART: 'ecart'>, 1, <Contract.GARDE: 2>, 24)
    """

    __slots__ = ()
    _game_word: ClassVar[str] = "deal"

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
            return (0.0,) * self._g.players
        return tuple(float(x) for x in self._res.scores)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds, in card order (full information)."""
        return cards(*self._hand_words(check_seat(seat, self._g.players)))

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
        return (info.dealer + 1) % self._g.players

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
        return tuple(s for s in range(self._g.players) if a >> s & 1)

    def camp_of(self, seat: int) -> Camp:
        """The camp of ``seat`` (full information with 5 players).

        Raises:
            WrongPhaseError: there is no taker yet (or the deal was annulled).
        """
        check_seat(seat, self._g.players)
        if self._g.info.taker < 0:
            raise WrongPhaseError("there are no camps before a contract is taken")
        return _ATTACK if self._g.info.attack >> seat & 1 else _DEFENCE

    @property
    def chien(self) -> tuple[Card, ...]:
        """The chien as dealt (full information)."""
        info = self._g.info
        return cards(info.chien_s, info.chien_d)

    @property
    def chien_aside(self) -> tuple[Card, ...]:
        """The dealt chien while it belongs to nobody, during the auction, during the
        5-player call in Prise and Garde, and after an annulled deal. Empty once the taker
        takes it (T-14) or it is credited to a camp's pile (T-16)."""
        contract = self._g.info.contract
        if contract is None or (self._phase is _CALL and contract in _CHIEN_SHOWN):
            return self.chien
        return ()

    @property
    def ecart(self) -> tuple[Card, ...]:
        """The écart made so far (full information; players see only its trumps)."""
        info = self._g.info
        return cards(info.ecart_s, info.ecart_d)

    @property
    def chelem_announced(self) -> bool:
        """Whether the taker announced a slam (T-17)."""
        return self._g.info.chelem

    @property
    def poignees(self) -> tuple[Poignee, ...]:
        """The poignées declared so far, in order (T-19)."""
        return tuple(
            Poignee(seat, level, _shown(mask)) for seat, level, mask in self._g.info.poignees
        )

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The current trick as ``(seat, card)`` in playing order."""
        trick = self._trick
        if not trick:
            return ()
        n = self._g.players
        leader = (self._to_play - len(trick)) % n
        return tuple([((leader + k) % n, _CARD[p]) for k, p in enumerate(trick)])

    @property
    def last_trick(self) -> tuple[tuple[int, Card], ...]:
        """The previous trick as ``(seat, card)``, public until the next one is gathered
        (T-39); after the last trick, the last trick."""
        return self._g.public().last

    @property
    def tricks(self) -> tuple[tuple[tuple[int, Card], ...], ...]:
        """Every gathered trick, in order, each as ``(seat, card)`` in playing order
        (public: T-39).

        >>> from cardrules.tarot import TarotVariant
        >>> TarotVariant().new_game(seed=1).tricks
        ()
        """
        return self._g.public().tricks

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """How many tricks each seat has won, seat 0 first (public).

        >>> from cardrules.tarot import TarotVariant
        >>> TarotVariant(players=3).new_game(seed=1).tricks_won
        (0, 0, 0)
        """
        return self._g.public().won

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds, seat 0 first (public)."""
        g = self._g
        us = self._us
        ud = self._ud
        return tuple(
            [(s & us).bit_count() + (d & ud).bit_count() for s, d in zip(g.hs, g.hd, strict=True)]
        )

    @property
    def cards_played(self) -> tuple[Card, ...]:
        """Every card played to a trick so far, the current trick's included, in card
        order (public: T-39)."""
        return cards(SIDE_ALL ^ self._us, DUTY_ALL ^ self._ud)

    @property
    def tricks_played(self) -> int:
        """How many tricks have been gathered."""
        return self._g.n

    @property
    def trick_winners(self) -> tuple[int, ...]:
        """The winner of each gathered trick, in order."""
        return tuple([winner for _, _, winner in self._g.tricks])

    def pile(self, camp: Camp) -> tuple[Card, ...]:
        """The cards of ``camp``'s pile so far (T-28): the tricks it won, the Excuse where
        T-25 and T-26 send it, the écart (Prise, Garde) or the chien (Garde sans) for the
        attack, the chien for the defence in Garde contre. Full information."""
        return cards(*self._pile_words(camp is _ATTACK))

    def card_points(self, camp: Camp) -> Fraction:
        """``camp``'s card points so far (T-28): its pile's value plus the Excuse
        compensations it received, minus those it paid (T-25). The camps' points add up to
        91 once every card is in a pile."""
        return Fraction(self._half_points(camp is _ATTACK), 2)

    def canonical_poignee(self, level: PoigneeLevel) -> tuple[Card, ...] | None:
        """The cards the seat to play would show for a canonical poignée of ``level``
        (T-18 … T-20), or ``None`` if it does not qualify (full information)."""
        if self._to_play < 0 or type(level) is not PoigneeLevel:
            return None
        mask = self._canonical_mask(self._to_play, level)
        return _shown(mask) if mask else None

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

    # -- the view ----------------------------------------------------------------------

    def view(self, seat: int) -> TarotView:
        """What ``seat`` may know (T-39): see :class:`~cardrules.tarot.TarotView`.

        Built from what the engine keeps as it plays (the gathered tricks are worked out
        once per trick), so a view costs about the same late in a deal as early.

        Raises:
            InvalidSeatError: ``seat`` is not a seat of the table.

        >>> from cardrules.tarot import TarotVariant
        >>> TarotVariant().new_game(seed=1).view(2).hand_sizes
        (18, 18, 18, 18)
        """
        g = self._g
        players = g.players
        if type(seat) is not int or not 0 <= seat < players:
            seat = check_seat(seat, players)  # raises
        info = g.info
        phase = self._phase
        contract = info.contract
        taker = info.taker
        to_play = self._to_play
        end = phase is _END
        # T-42: with 5 players the taker calls before the chien is turned up, so a Prise or
        # Garde shows it only from the écart on (T-14); T-16: Garde sans and contre only
        # at the end. A deal annulled before any contract shows nothing.
        if end:
            shown_chien = contract is not None
        else:
            shown_chien = contract in _CHIEN_SHOWN and phase is not _CALL
        chien = cards(info.chien_s, info.chien_d) if shown_chien else ()
        if end or (seat == taker and (phase is _ECART or phase is _ANNOUNCE)):
            ecart = cards(info.ecart_s, info.ecart_d)
        else:
            ecart = cards(0, info.ecart_d & TRUMPS)  # T-15d
        public = g.public()
        us = self._us
        ud = self._ud
        called_pos = info.called
        called = None if called_pos < 0 else _CARD[called_pos]
        partner = info.partner
        partner_known = False
        if called is not None:
            partner_known = (
                end
                or seat == partner
                # The taker who called a card of his own hand plays alone and knows it,
                # even once that card is in the écart (a called queen may be discarded,
                # T-42); a called card in the chien leaves him alone too, unknowing.
                or (seat == taker and partner < 0 and not info.chien_s >> called_pos & 1)
                or called in chien
                or not us >> called_pos & 1
            )
        trick = self._trick
        seated: tuple[tuple[int, Card], ...] = ()
        if trick:
            leader = (to_play - len(trick)) % players
            seated = tuple([((leader + k) % players, _CARD[p]) for k, p in enumerate(trick)])
        poignees = self.poignees if info.poignees else ()
        # The cards whose identity is public: those of the tricks, the chien and the écart
        # shown, the poignées, the called card. In the card play the same for every seat:
        # worked out at the first view of a state (by its trick: the states of a search
        # tree's branches share their trick's part).
        known = public.seen.get(trick) if phase is _PLAY else None
        if known is None:
            shown = [*chien, *ecart, *[_CARD[p] for p in trick]]
            for poignee in poignees:
                shown += poignee.cards
            if called is not None:
                shown.append(called)
            known = public.played.union(shown)
            if phase is _PLAY:
                public.seen[trick] = known
        hs, hd = self._hand_words(seat)
        return TarotView(
            variant=g.tables.variant,
            options=g.tables.options,
            seat=seat,
            players=players,
            dealer=info.dealer,
            phase=phase,
            to_play=None if to_play < 0 else to_play,
            hand=cards(hs, hd),
            hand_sizes=tuple(
                [
                    (s & us).bit_count() + (d & ud).bit_count()
                    for s, d in zip(g.hs, g.hd, strict=True)
                ]
            ),
            bids=info.bids,
            contract=contract,
            taker=None if taker < 0 else taker,
            called_card=called,
            partner=(None if partner < 0 else partner) if partner_known else None,
            partner_known=partner_known,
            chien=chien,
            ecart=ecart,
            poignees=poignees,
            chelem_announced=info.chelem,
            trick=seated,
            last_trick=public.last,
            tricks=public.tricks,
            tricks_won=public.won,
            result=self._res if end else None,
            public_cards=known,
            # Only the seat to play gets its actions: another's would tell its hand.
            legal_actions=self.legal_actions() if seat == to_play else (),
        )

    # -- values, pickling, display --------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        g = self._g
        return (
            g.tables.variant,
            self._phase,
            self._to_play,
            g.hs,
            g.hd,
            self._us,
            self._ud,
            g.info.key(),
            self._trick,
            g.tricks,
        )

    def __reduce__(self) -> tuple[Any, ...]:
        # The fields and the history; the result is recomputed.
        return (_unpickle, (self._g.tables.variant, fields(self), self.requires_seat))

    def __repr__(self) -> str:
        phase = self._phase.name
        if self._phase is _PLAY:
            return f"<TarotState phase={phase} trick {self._g.n + 1} to_play={self._to_play}>"
        if self._phase is _END:
            why = f" annulled={self._g.info.annulled}" if self._g.info.annulled else ""
            return f"<TarotState phase={phase}{why}>"
        return f"<TarotState phase={phase} to_play={self._to_play}>"


def _poignee_sort(card: Card) -> tuple[int, int]:
    return (0, -card.rank) if card.kind is CardKind.TRUMP else (1, 0)


def _shown(duty: int) -> tuple[Card, ...]:
    """The cards of a poignée (a duty word) in the order shown: descending (T-19)."""
    return tuple(sorted(cards(0, duty), key=_poignee_sort))


def _unpickle(v: TarotVariant, saved: tuple[Any, ...], requires_seat: bool = False) -> TarotState:
    if not isinstance(saved, tuple):
        raise InvalidArgumentError("not a pickled French Tarot state")
    state: Any = restore(v._tables_for(require_seat=requires_seat), saved)
    return state  # type: ignore[no-any-return]


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
