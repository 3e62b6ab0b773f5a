"""The Bid Euchre state machine for one hand: deal, auction, trump, exchange, play, score.

A hand runs through these phases (:class:`~cardrules.bid_euchre.Phase`), each skipped
when the options or the contract do not need it:

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
(<Phase.TRUMP: 'trump'>, 1, Contract(4))
>>> state = state.apply("trump hearts")
>>> state.phase, state.to_play, len(state.hand(1))
(<Phase.PLAY: 'play'>, 1, 6)

The engine keeps the cards as positions in bitmasks and shares the hand's
slow-changing facts, the finished tricks and the variant's tables between states. The
only mutable objects a state reaches are caches that grow with values computed from
immutable inputs (the successors of an :class:`~cardrules.bid_euchre.bidding.Auction`,
the variant's results of played hands, the public form of the finished tricks); they
never change what a state means, so states can be shared between threads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from cardrules.actions import Action
from cardrules.bid_euchre._engine import (
    Core,
    finished_tricks,
    restore,
    tricks_key,
)
from cardrules.bid_euchre._tables import TRUMP_CHOICES
from cardrules.bid_euchre.bidding import Auction, Contract
from cardrules.bid_euchre.cards import Trump
from cardrules.bid_euchre.phases import Phase
from cardrules.bid_euchre.play import Renege, Trick
from cardrules.bid_euchre.scoring import HandResult
from cardrules.bid_euchre.view import BidEuchreView
from cardrules.cards import Card, Suit
from cardrules.errors import WrongPhaseError
from cardrules.state import StateBase, check_seat

if TYPE_CHECKING:
    from cardrules.bid_euchre.variant import BidEuchreVariant

__all__ = ["BidEuchreState", "Phase"]


class BidEuchreState(Core, StateBase):
    """One moment of a Bid Euchre hand. Immutable; :meth:`apply` returns the next state.

    Create the first state with :meth:`BidEuchreVariant.new_game
    <cardrules.bid_euchre.BidEuchreVariant.new_game>` or :meth:`BidEuchreVariant.deal
    <cardrules.bid_euchre.BidEuchreVariant.deal>`.

    The public accessors return cards (the engine keeps positions in bitmasks). In
    ``renege_mode="penalize"`` every card in the hand of the seat to play is a legal
    action (the engine accepts it and records a renege, E-23); :meth:`lawful_actions`
    lists the actions that break no rule. ``is_terminal`` (an attribute) is True once
    the hand is over: scored, or thrown in.

    States are built by the variant; ``BidEuchreState()`` is refused.

    >>> from cardrules.bid_euchre import BidEuchreVariant
    >>> state = BidEuchreVariant().new_game(seed=5)
    >>> state.dealer, state.to_play, state.is_legal("bid 4"), state.is_legal("bid 2")
    (0, 1, True, False)
    >>> for call in ("bid 4", "pass", "pass", "pass", "trump hearts", "play 9H"):
    ...     state = state.apply(call)
    >>> state.contract, state.trump, state.to_play, [str(a) for a in state.legal_actions()]
    (Contract(4), <Suit.HEARTS: 'H'>, 2, ['play KH', 'play AH', 'play JD'])
    """

    __slots__ = ()

    _parent: BidEuchreState | None
    _game_word: ClassVar[str] = "hand"

    # -- public queries ---------------------------------------------------------------

    @property
    def to_play(self) -> int | None:
        """The seat to act, or ``None`` once the hand is over."""
        # A property over the engine's int slot (-1 at the end), which keeps None out of
        # the hot paths. A read costs about 0.1 us more than the former slot, and bots
        # read it once per decision: four BidEuchreBot played 507 hands/s against 504
        # with the slot (best of five interleaved runs of 150 hands), so no slower.
        seat = self._to_play
        return seat if seat >= 0 else None

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
        """The :class:`~cardrules.bid_euchre.bidding.Auction`: the calls so far and the contract."""
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
        return auction.declarer if auction.to_call is None else None

    @property
    def trump(self) -> Trump | None:
        """The trump suit or ``NO_TRUMP`` once named (E-13), else ``None``."""
        t = self._h.trump
        return TRUMP_CHOICES[t] if t >= 0 else None

    @property
    def sitting_out(self) -> int | None:
        """The declarer's partner in a help or moon contract (E-21), else ``None``."""
        return self._auction.sitting_out

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
        trick = self._trick
        if not trick:
            return ()
        p = self._h.play
        cards = p.deck.cards
        seats = p.seat_after[self._lead[2]]
        return tuple([(seats[i], cards[pos]) for i, pos in enumerate(trick)])

    @property
    def named_suit(self) -> Suit | None:
        """The suit named for the joker led to the current trick (E-37), else ``None``."""
        trick = self._trick
        p = self._h.play
        if not trick or trick[0] != p.joker_no_trump or self._lead[1] < 0:
            return None
        return p.led_label(self._lead[1])

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks, in order."""
        return finished_tricks(self._tricks, self._h.play)

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks won so far by NS (seats 0 and 2) and by EW (seats 1 and 3) (E-24)."""
        done = self._tricks.done
        ew = done & 15
        return ((done >> 4) - ew, ew)

    @property
    def reneges(self) -> tuple[Renege, ...]:
        """The reneges recorded so far (full information; public once scored, E-40)."""
        return self._h.reneges

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds, in deck order (full information: for servers).

        Raises:
            InvalidSeatError: ``seat`` is not an int from 0 to 3.
        """
        s = check_seat(seat, 4)
        return self._h.play.deck.cards_of(self._h.held[s] & self._left)

    def lawful_actions(self) -> tuple[Action, ...]:
        """The legal actions that break no rule.

        Equal to :meth:`legal_actions` except under ``renege_mode="penalize"``, where
        :meth:`legal_actions` also lists the cards that would be a renege (E-23).
        """
        p = self._h.play
        if self._h.phase is Phase.PLAY and p.penalize and self._trick:
            # E-19: the cards the kernel lets the seat play.
            lawful = p.kernel.legal_word(self._legal, self._lead[0], self._trick)
            return p.play_actions(lawful)
        return self._acts

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

        >>> from cardrules.bid_euchre import BidEuchreVariant
        >>> state = BidEuchreVariant().new_game(seed=5).apply("bid 4")
        >>> view = state.view(2)
        >>> view.seat, view.to_play, [str(card) for card in view.hand]
        (2, 2, ['JS', 'QS', 'KH', 'AH', '10D', 'JD'])
        >>> view.calls, [str(action) for action in view.legal_actions]
        (((1, Contract(4)),), ['pass', 'bid 5', 'bid 6H', 'bid 6M'])
        """
        return BidEuchreView.from_state(self, seat)

    def position(self) -> str:
        """This hand's position: one line of text that
        :meth:`BidEuchreVariant.from_position
        <cardrules.bid_euchre.BidEuchreVariant.from_position>` reads back (see
        "Positions" on the Notation page). Full information: it shows every hand.

        >>> from cardrules.bid_euchre import BidEuchreVariant
        >>> BidEuchreVariant().new_game(seed=1).position().split()[3:]
        ['-', '-', '-', '-', '-', '-', '0/0', '1']
        """
        return self.variant._position_text(self)

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
            h.phase,
            self._to_play,
            h.hands,
            self._left,
            tricks_key(self._tricks),
            self._trick,
            self._lead,
        )

    def __reduce__(self) -> tuple[Any, ...]:
        h = self._h
        actions = tuple(a for _, a in self.history)
        return (restore, (h.tables, h.cls, h.dealer, h.dealt, actions))

    def __repr__(self) -> str:
        result = self._h.result
        if result is not None:
            return f"<BidEuchreState phase=END delta={result.delta}>"
        phase = self._h.phase
        if phase is Phase.PLAY or phase is Phase.NAME_SUIT:
            return (
                f"<BidEuchreState phase={phase.name} trick {(self._tricks.done >> 4) + 1}"
                f" to_play={self.to_play}>"
            )
        return f"<BidEuchreState phase={phase.name} to_play={self.to_play}>"
