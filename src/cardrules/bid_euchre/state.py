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
slow-changing facts and the variant's tables between states. The only mutable objects
a state reaches are caches that grow with values computed from immutable inputs (the
successors of an :class:`~cardrules.bid_euchre.bidding.Auction`, the variant's results of
played hands, the tricks a state has read from its history); they never change what a
state means, so states can be shared between threads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardrules._util import quote
from cardrules.actions import Action, Pass, Play
from cardrules.bid_euchre._engine import (
    _AUCTION,
    _CLAIM,
    _DISCARD,
    _END,
    _EXCHANGE,
    _NAME_SUIT,
    _PLAY,
    _TRUMP,
    Core,
    _Record,
    partner_choices,
    restore,
)
from cardrules.bid_euchre._tables import TRUMP_CHOICES, Phase
from cardrules.bid_euchre.actions import (
    Bid,
    ClaimAceNoFace,
    Discard,
    Give,
    NameSuit,
    NameTrump,
)
from cardrules.bid_euchre.bidding import Auction, Contract
from cardrules.bid_euchre.cards import NoTrump, Trump, is_ace_no_face
from cardrules.bid_euchre.play import Renege, Trick
from cardrules.bid_euchre.scoring import HandResult
from cardrules.bid_euchre.view import BidEuchreView
from cardrules.cards import Card, Suit
from cardrules.errors import (
    BidError,
    CardNotInHandError,
    DeclarationError,
    ExchangeError,
    IllegalActionError,
    InvalidActionError,
    MustFollowSuitError,
    NotYourTurnError,
    TrumpError,
    UnknownCardError,
    WrongPhaseError,
)
from cardrules.state import StateBase, check_seat

_set: Final = object.__setattr__

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
        self, tricks: tuple[tuple[int, tuple[int, ...], int, int, int], ...]
    ) -> tuple[Trick, ...]:
        p = self._h.play
        out = []
        for leader, positions, winner, _, named in tricks:
            plays = []
            seat = leader
            for pos in positions:
                plays.append((seat, p.deck.cards[pos]))
                seat = p.next_seat[seat]
            # E-37, E-40: the suit named for a joker led stays public with its trick.
            suit = p.led_suit(named) if named else None
            out.append(Trick(leader, tuple(plays), winner, named_suit=suit))
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
            action = state._act
            if type(action) is Play:
                out.append((parent._to_play, parent._position_of(action), state))
                last -= 1
            state = parent
            parent = state._parent
        out.reverse()
        return out

    def _record(self) -> _Record:
        """The finished tricks ``(leader, positions, winner, EW's tricks so far, named)``
        (``named``: the follow mask of the suit named for a joker led, else 0) and the
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
        action = self._act
        if type(action) is not Play:
            return before
        parent: BidEuchreState = self._parent  # type: ignore[assignment]
        finished, trick = before
        trick = (*trick, (parent._to_play, parent._position_of(action)))
        if self._n:
            return (finished, trick)
        # The card finished the trick: this state keeps the trick's best (E-20).
        winner = self._best & 3
        ew = (finished[-1][3] if finished else 0) + (winner & 1)
        named = parent._named_follow(trick[0][1])
        return ((*finished, (trick[0][0], tuple(pos for _, pos in trick), winner, ew, named)), ())

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
            last = plays[start + size - 1][2]
            winner = last._best & 3
            ew += winner & 1
            # The state before the last card still follows the suit named (E-37).
            before: BidEuchreState = last._parent  # type: ignore[assignment]
            named = before._named_follow(positions[start])
            trick = tuple(positions[start : start + size])
            out.append((plays[start][0], trick, winner, ew, named))
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
    def _tricks(self) -> tuple[tuple[int, tuple[int, ...], int, int, int], ...]:
        """The finished tricks, each ``(leader, positions, winner, EW's tricks so far,
        the follow mask of the suit named for a joker led or 0)``."""
        return self._record()[0]

    def _named(self, first: int) -> Suit | None:
        """The suit named for the joker, if ``first`` (the position led) is the joker
        led under no-trump and its leader has named a suit (E-37)."""
        named = self._named_follow(first)
        return self._h.play.led_suit(named) if named else None

    def _named_follow(self, first: int) -> int:
        """The follow mask of the suit named for the joker in the trick under way, if
        ``first`` (the position led) is the joker led under no-trump and a suit is
        named (E-37); else 0."""
        if first == self._h.play.joker_no_trump:
            return self._lead[0]
        return 0

    @property
    def _follow(self) -> int:
        """The mask of the suit to follow in the trick under way, 0 if none (yet)."""
        return self._lead[0]

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
        if self._h.phase is _PLAY and p.penalize:
            return p.play_actions(p.lawful(self._legal, self._follow))
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
        """
        return BidEuchreView.from_state(self, seat)

    # -- the checks -------------------------------------------------------------------

    def _validate(self, action: object, seat: object) -> tuple[Action, int]:
        """The action (parsed if it was text) and the acting seat, if ``apply`` accepts
        them; else the specific error (see :meth:`apply`). Builds no state."""
        s = self._require_turn(seat)
        h = self._h
        action = self._parse(action, s)
        kind = type(action)
        if kind is Play or kind is Give or kind is Discard:
            card = action.card  # type: ignore[attr-defined]
            if type(card) is not Card or not h.play.position_mask[card.index]:
                raise UnknownCardError(
                    f"{quote(card)} is not in this game's deck", action=action, seat=s
                )
        phase = h.phase
        if phase is _PLAY and type(action) is Play:
            self._check_play(action, s)
        elif phase is _AUCTION and (kind is Bid or kind is Pass):
            self._check_call(action, s)
        elif phase is _TRUMP and type(action) is NameTrump:
            self._check_trump(action, s)
        elif phase is _EXCHANGE and type(action) is Give:
            self._check_give(action, s)
        elif phase is _DISCARD and type(action) is Discard:
            self._check_discard(action, s)
        elif phase is _CLAIM and (kind is ClaimAceNoFace or kind is Pass):
            self._check_claim(action, s)
        elif not (phase is _NAME_SUIT and kind is NameSuit):
            # E-37: any of the four suits may be named; everything else is refused.
            if kind not in _ACTION_TYPES:
                raise InvalidActionError(
                    f"{quote(action)} is not a Bid Euchre action", action=action, seat=s
                )
            raise WrongPhaseError(_PHASE_HINTS[phase], action=action, seat=s)
        return action, s

    def _check_play(self, action: Play, seat: int) -> None:
        card = action.card
        p = self._h.play
        if self._legal & p.position_mask[card.index]:
            return
        if not self._hand_of(seat) & p.position_mask[card.index]:
            raise CardNotInHandError(
                f"seat {seat} does not hold {card}", action=action, seat=seat, rule_id="E-19"
            )
        # E-19: a card is illegal only if it does not follow the effective suit led
        # while the player holds one (under renege_mode="reject").
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

    def _check_call(self, action: Action, seat: int) -> None:
        auction = self._auction
        rank = self._h.tables.rank_by_id.get(id(action), -2)
        if rank <= auction._high and (rank >= 0 or rank == -2 or auction._stuck):
            # Not known to be legal: let the auction say which rule it breaks, if any.
            call = action.contract if isinstance(action, Bid) else None
            try:
                auction.check(call)
            except BidError as exc:
                raise BidError(exc.message, action=action, seat=seat, rule_id=exc.rule_id) from None

    def _check_trump(self, action: NameTrump, seat: int) -> None:
        if isinstance(action.trump, NoTrump) and not self.variant.options.allow_no_trump:
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
                f"seat {seat} does not hold {action.card}", action=action, seat=seat, rule_id="E-14"
            )
        partner = (self._auction._declarer + 2) % 4
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
                f"seat {seat} does not hold {action.card}", action=action, seat=seat, rule_id="E-37"
            )

    def _check_claim(self, action: Action, seat: int) -> None:
        if isinstance(action, ClaimAceNoFace) and not is_ace_no_face(self.hand(seat)):
            raise DeclarationError(
                f"seat {seat}'s hand does not qualify for Ace No Face: it needs an ace"
                " and no jack, queen or king",
                action=action,
                seat=seat,
                rule_id="E-36",
            )

    def _not_your_turn(self, seat: int, to_play: int) -> IllegalActionError:
        if seat == self._auction._sitting_out and self._h.phase in (_PLAY, _NAME_SUIT):
            # E-21: the partner of a help or moon declarer plays no card.
            return NotYourTurnError(
                f"seat {seat} sits out this hand: the partner of a help or moon bid does not play",
                seat=seat,
                rule_id="E-21",
            )
        return super()._not_your_turn(seat, to_play)

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
            self._h.phase,
            self._to_play,
            h.hands,
            self._left,
            self._tricks,
            self._trick,
            self._follow,
        )

    def __reduce__(self) -> tuple[Any, ...]:
        h = self._h
        actions = tuple(a for _, a in self.history)
        return (restore, (h.tables, h.cls, h.dealer, h.dealt, actions))

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
