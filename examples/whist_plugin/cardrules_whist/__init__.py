"""Plain Whist for cardrules: a complete third-party variant, registered as a plugin.

The rules, with the IDs that the code and the error messages quote:

* W-1: four players in two partnerships, seats 0 and 2 against seats 1 and 3.
* W-2: the 52-card deck, ace high. The dealer deals the cards one at a time, starting
  with the player on the left, 13 to each player.
* W-3: the last card dealt, the dealer's, is turned up: its suit is trump for the deal.
  It stays in the dealer's hand, and everyone knows it is there until it is played.
* W-4: the player on the dealer's left leads to the first trick.
* W-5: each player must follow the suit led if able; otherwise any card may be played.
* W-6: the highest trump wins the trick or, if no trump was played, the highest card of
  the suit led. The winner leads to the next trick.
* W-7: after 13 tricks each partnership scores one point for every trick over six (the
  first six tricks are its *book*).
* W-8 (option ``honours=True``): a partnership dealt all four of the ace, king, queen
  and jack of trumps scores 4 more points; dealt three of them, 2 more points.

The card behaviour (W-5, W-6) is declared once per trump suit as a
:class:`cardrules.TrickRules` and compiled to a :class:`cardrules.TrickTable`; the state
keeps hands as bitmasks over the table's positions. Installing this package registers
the variant through the ``cardrules.variants`` entry-point group (see its
``pyproject.toml``), after which ``cardrules.get_variant("whist")`` finds it.

>>> import random
>>> variant = WhistVariant()
>>> state = variant.new_game(seed=3)
>>> state.to_play, len(state.hand(0)), state.trump
(1, 13, <Suit.HEARTS: 'H'>)
>>> rng = random.Random(3)
>>> while not state.is_terminal:
...     state = state.apply(rng.choice(state.legal_actions()))
>>> sum(state.result().tricks)
13
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Final

import attrs

from cardrules import decks
from cardrules.actions import Action, Play, split_notation
from cardrules.cards import Card, Rank, Suit
from cardrules.errors import (
    CardNotInHandError,
    CardrulesError,
    InvalidActionError,
    MustFollowSuitError,
    NotationError,
    OptionsError,
    RecordError,
    UnknownCardError,
    WrongPhaseError,
)
from cardrules.state import State, Variant, check_seat
from cardrules.tricks import Obligation, TrickRules, TrickTable

__all__ = [
    "BOOK",
    "DECK",
    "PLAYERS",
    "TRICKS",
    "DealError",
    "ScoreInputError",
    "WhistResult",
    "WhistState",
    "WhistTrick",
    "WhistVariant",
    "WhistView",
    "score_deal",
    "trick_table",
]

PLAYERS: Final = 4
"""W-1: four players, in two partnerships."""

TRICKS: Final = 13
"""W-2: 13 cards each, so 13 tricks."""

BOOK: Final = 6
"""W-7: the tricks a partnership must take before it scores."""

DECK: Final = decks.standard_deck()
"""W-2: the 52-card deck. A card's position in this tuple is its action id."""

_POSITION: Final = {card: i for i, card in enumerate(DECK)}
_PLAYS: Final = tuple(Play(card) for card in DECK)
_HONOURS: Final = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
_TEAMS: Final = ("seats 0 and 2", "seats 1 and 3")


class DealError(CardrulesError, ValueError):
    """Cards given for a deal that do not make one (sizes, duplicates, the turn-up).

    >>> WhistVariant().deal(hands=[["AS"]] * 4, turn_up="AS")
    Traceback (most recent call last):
    ...
    cardrules_whist.DealError: seat 0 is dealt 1 cards, not 13 (W-2)
    """


class ScoreInputError(CardrulesError, ValueError):
    """Facts given to :func:`score_deal` that no deal can produce.

    >>> score_deal((7, 7), trump=Suit.SPADES)
    Traceback (most recent call last):
    ...
    cardrules_whist.ScoreInputError: the partnerships' tricks add up to 14, not 13 (W-7)
    """


def _strength(card: Card) -> int:
    # W-2: ace high. Rank values are labels (the ace is 1), so the ace is set above the king.
    return 15 if card.rank == Rank.ACE else int(card.rank)


@functools.cache
def trick_table(trump: Suit) -> TrickTable:
    """The compiled trick rules of a deal with ``trump`` as the trump suit (W-5, W-6).

    Built once per suit and shared by every state.

    Args:
        trump: The trump suit.

    Returns:
        The :class:`~cardrules.TrickTable` over :data:`DECK`.

    >>> table = trick_table(Suit.SPADES)
    >>> trick = [table.positions[Card.parse(c)][0] for c in ("KH", "AH", "2S", "QH")]
    >>> table.winner_position(trick)
    2
    """
    rules = TrickRules(
        cards=DECK,
        suit_of={card: card.suit for card in DECK},
        strength={card: _strength(card) for card in DECK},
        trump=trump,
    )
    return rules.compile()


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _cards(mask: int) -> tuple[Card, ...]:
    return tuple(DECK[i] for i in _bits(mask))


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


# -- scoring -------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class WhistResult:
    """The score of one deal (W-7, W-8).

    Attributes:
        trump: The trump suit of the deal.
        tricks: The tricks taken by seats 0 and 2, then by seats 1 and 3.
        honours_held: How many of the trump A, K, Q, J each partnership was dealt, or
            ``None`` when honours are not counted.
        points: The points each partnership scores.
    """

    trump: Suit
    tricks: tuple[int, int]
    honours_held: tuple[int, int] | None
    points: tuple[int, int]

    @property
    def returns(self) -> tuple[float, float, float, float]:
        """Each seat's points less the opponents' (zero-sum), seat 0 first."""
        diff = float(self.points[0] - self.points[1])
        return (diff, -diff, diff, -diff)

    def explain(self) -> str:
        """A readable breakdown of the score, one fact per line.

        >>> print(score_deal((8, 5), trump=Suit.HEARTS, honours_held=(3, 1)).explain())
        Trump: hearts
        Seats 0 and 2: 8 tricks, 2 over the book: +2
        Seats 1 and 3: 5 tricks, 0 over the book: 0
        Honours: seats 0 and 2 held 3 of the trump A K Q J: +2
        Score: seats 0 and 2 +4, seats 1 and 3 0
        """
        lines = [f"Trump: {self.trump.name.lower()}"]
        for team, taken in enumerate(self.tricks):
            over = max(0, taken - BOOK)
            name = _TEAMS[team].capitalize()
            lines.append(f"{name}: {taken} tricks, {over} over the book: {_signed(over)}")
        if self.honours_held is not None:
            counted = [
                f"{_TEAMS[team]} held {held} of the trump A K Q J: {_signed(_honour_points(held))}"
                for team, held in enumerate(self.honours_held)
                if _honour_points(held)
            ]
            lines.append("Honours: " + ("; ".join(counted) if counted else "none counted"))
        lines.append(
            "Score: " + ", ".join(f"{_TEAMS[t]} {_signed(p)}" for t, p in enumerate(self.points))
        )
        return "\n".join(lines)


def _honour_points(held: int) -> int:
    # W-8: four honours score 4, three score 2.
    return {4: 4, 3: 2}.get(held, 0)


def _pair(value: object) -> tuple[int, int] | None:
    """``value`` if it is a tuple of two non-negative ints, else ``None``."""
    if type(value) is not tuple or len(value) != 2:
        return None
    first, second = value
    if type(first) is not int or type(second) is not int or min(first, second) < 0:
        return None
    return (first, second)


def score_deal(
    tricks: tuple[int, int], *, trump: Suit, honours_held: tuple[int, int] | None = None
) -> WhistResult:
    """Score a deal from its facts alone (W-7, W-8): the score keeper's entry point.

    Args:
        tricks: Tricks taken by seats 0 and 2, then by seats 1 and 3.
        trump: The trump suit.
        honours_held: How many of the trump A, K, Q, J each partnership was dealt, to
            count honours (W-8); ``None`` not to count them.

    Returns:
        The :class:`WhistResult`.

    Raises:
        ScoreInputError: the tricks are not two ints adding up to 13, or the honours
            are not two ints adding up to 4.

    >>> score_deal((9, 4), trump=Suit.CLUBS).points
    (3, 0)
    """
    taken = _pair(tricks)
    if taken is None:
        raise ScoreInputError(f"tricks must be two non-negative ints, not {tricks!r:.40}")
    if sum(taken) != TRICKS:
        raise ScoreInputError(
            f"the partnerships' tricks add up to {sum(taken)}, not {TRICKS} (W-7)"
        )
    if type(trump) is not Suit:
        raise ScoreInputError(f"trump must be a Suit, not {trump!r:.40}")
    # W-7: one point per trick over the book.
    points = [max(0, n - BOOK) for n in taken]
    held = None
    if honours_held is not None:
        held = _pair(honours_held)
        if held is None or sum(held) != len(_HONOURS):
            raise ScoreInputError(
                f"honours_held must be two non-negative ints adding up to 4, "
                f"not {honours_held!r:.40} (W-8)"
            )
        for team, count in enumerate(held):
            points[team] += _honour_points(count)
    return WhistResult(trump=trump, tricks=taken, honours_held=held, points=(points[0], points[1]))


# -- views ---------------------------------------------------------------------------------


@attrs.frozen
class WhistTrick:
    """A finished trick.

    Attributes:
        leader: The seat that led.
        plays: ``(seat, card)`` in playing order.
        winner: The seat that won the trick (W-6).
    """

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int

    def __repr__(self) -> str:
        plays = " ".join(f"{seat}:{card}" for seat, card in self.plays)
        return f"WhistTrick([{plays}] -> {self.winner})"


@attrs.frozen(kw_only=True, repr=False)
class WhistView:
    """What one seat may know: its own hand and the public facts.

    Attributes:
        seat: The seat this view is for.
        dealer: The dealer.
        to_play: The seat to play, ``None`` after the last trick.
        hand: This seat's cards.
        trump: The trump suit (W-3).
        turn_up: The dealer's turned-up card, which fixed the trump suit.
        trick: The current trick as ``(seat, card)``.
        tricks: The finished tricks.
        tricks_won: Tricks taken by seats 0 and 2, then by seats 1 and 3.
        hand_sizes: How many cards each seat holds.
        result: The deal's result once it is over.
        public_cards: Every card whose place is public: the cards played and the
            turn-up, which everyone knows the dealer holds until it is played.
    """

    seat: int
    dealer: int
    to_play: int | None
    hand: tuple[Card, ...]
    trump: Suit
    turn_up: Card
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[WhistTrick, ...]
    tricks_won: tuple[int, int]
    hand_sizes: tuple[int, ...]
    result: WhistResult | None
    public_cards: frozenset[Card]

    def __repr__(self) -> str:
        hand = " ".join(map(str, self.hand))
        trick = " ".join(f"{seat}:{card}" for seat, card in self.trick)
        return (
            f"<WhistView seat={self.seat} hand=[{hand}] trump={self.trump.value} "
            f"turn_up={self.turn_up} trick=[{trick}] to_play={self.to_play} "
            f"tricks_won={list(self.tricks_won)}>"
        )


# -- the state -----------------------------------------------------------------------------


@attrs.frozen(eq=False)
class _Deal:
    """The facts fixed for the whole deal, shared by all its states."""

    dealer: int
    dealt: tuple[int, ...]
    turn_up: int
    table: TrickTable

    def key(self) -> tuple[Any, ...]:
        return (self.dealer, self.dealt, self.turn_up)


class _WhistStateSlots:
    __slots__ = (
        "_acts",
        "_deal",
        "_hands",
        "_last",
        "_leader",
        "_legal",
        "_parent",
        "_to_play",
        "_trick",
        "_tricks",
        "_v",
        "_won",
    )

    _v: WhistVariant
    _deal: _Deal
    _hands: tuple[int, ...]
    _trick: tuple[int, ...]
    _leader: int
    _to_play: int | None
    _won: tuple[int, int]
    _tricks: tuple[tuple[int, tuple[int, ...], int], ...]
    _parent: WhistState | None
    _last: tuple[int, Action] | None
    _legal: int
    _acts: tuple[Action, ...] | None


def _sealed(s: Any) -> WhistState:
    """Finish a state built on the plain slots class and give it its public class.

    Building on ``_WhistStateSlots`` and then setting ``__class__`` is much cheaper than
    ``object.__setattr__`` on the immutable class, and a state is built for every card.
    """
    # The legal set is computed once, when the state is built (W-5).
    s._legal = 0 if s._to_play is None else s._deal.table.legal_mask(s._hands[s._to_play], s._trick)
    s._acts = None
    s.__class__ = WhistState
    state: WhistState = s
    return state


class WhistState(_WhistStateSlots, State):
    """One position of a Whist deal. Immutable: :meth:`apply` returns a new state.

    Build the first one with :meth:`WhistVariant.new_game` or :meth:`WhistVariant.deal`.

    >>> state = WhistVariant().new_game(seed=1, dealer=3)
    >>> state
    <WhistState trick 1 to_play=0>
    >>> card = state.legal_actions()[0]
    >>> state.apply(card).history == ((0, card),)
    True
    """

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"WhistState is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"WhistState is immutable; cannot delete {name!r}")

    # -- the State interface ---------------------------------------------------------------

    @property
    def variant(self) -> WhistVariant:
        """The variant (and its options) of this deal."""
        return self._v

    @property
    def to_play(self) -> int | None:
        """The seat to play, ``None`` once the 13 tricks are played."""
        return self._to_play

    @property
    def dealer(self) -> int:
        """The seat that dealt."""
        return self._deal.dealer

    @property
    def is_terminal(self) -> bool:
        """True after the 13th trick (W-7)."""
        return self._to_play is None

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every ``(seat, action)`` since the deal, in order (walks the parent states)."""
        out = []
        state: WhistState | None = self
        while state is not None and state._last is not None:
            out.append(state._last)
            state = state._parent
        out.reverse()
        return tuple(out)

    def legal_actions(self) -> tuple[Action, ...]:
        """The cards the seat to play may play (W-5), in deck order."""
        acts = self._acts
        if acts is None:
            acts = tuple(_PLAYS[i] for i in _bits(self._legal))
            # A cache, invisible from outside: the state stays immutable in effect.
            object.__setattr__(self, "_acts", acts)
        return acts

    def check(self, action: Action | str, seat: int | None = None) -> None:
        """Raise the specific error if ``action`` is illegal (see :meth:`apply`).

        Args:
            action: A :class:`~cardrules.Play` or its notation, ``"play QH"``.
            seat: The seat claiming to act; ``None`` for the seat to play.
        """
        self._checked(action, seat)

    def apply(self, action: Action | str, seat: int | None = None) -> WhistState:
        """Check ``action`` and return the state after it.

        Args:
            action: A :class:`~cardrules.Play` or its notation, ``"play QH"``.
            seat: The seat claiming to act; ``None`` for the seat to play.

        Returns:
            The next state; ``self`` is unchanged.

        Raises:
            GameOverError: the deal is over.
            NotYourTurnError: ``seat`` is not the seat to play.
            InvalidSeatError: ``seat`` is not a seat number.
            NotationError: text that is not ``play CARD``.
            InvalidActionError: not a card play.
            UnknownCardError: a card that is not in the 52-card deck (W-2).
            CardNotInHandError: a card the seat does not hold.
            MustFollowSuitError: the seat can follow the suit led (W-5).

        >>> state = WhistVariant().new_game(seed=1)
        >>> state.apply("play 21T")
        Traceback (most recent call last):
        ...
        cardrules.errors.UnknownCardError: 21T is not in the 52-card whist deck (W-2)
        """
        # The fast path: a legal card from the seat to play.
        if type(action) is Play and (seat is None or (type(seat) is int and seat == self._to_play)):
            position = _POSITION.get(action.card)
            if position is not None and self._legal >> position & 1:
                return self._play(self._to_play, position)  # type: ignore[arg-type]
        acting, position = self._checked(action, seat)
        return self._play(acting, position)

    def result(self) -> WhistResult:
        """The deal's score (W-7, W-8).

        Raises:
            WrongPhaseError: the deal is not over.
        """
        if self._to_play is not None:
            raise WrongPhaseError(
                f"the deal is not over: {TRICKS - len(self._tricks)} tricks to play",
                rule_id="W-7",
            )
        honours = None
        if self._v.honours:
            trump = self.trump
            held = [0, 0]
            for seat, mask in enumerate(self._deal.dealt):
                held[seat % 2] += sum(
                    1 for card in _cards(mask) if card.suit is trump and card.rank in _HONOURS
                )
            honours = (held[0], held[1])
        return score_deal(self._won, trump=self.trump, honours_held=honours)

    def returns(self) -> tuple[float, ...]:
        """Each seat's points less the opponents' at the end; zeros before."""
        if self._to_play is not None:
            return (0.0,) * PLAYERS
        return self.result().returns

    def view(self, seat: int) -> WhistView:
        """What ``seat`` may know: its hand and the public facts.

        Raises:
            InvalidSeatError: ``seat`` is not a seat number.
        """
        seat = check_seat(seat, PLAYERS)
        played = 0
        for _, positions, _ in self._tricks:
            for position in positions:
                played |= 1 << position
        for position in self._trick:
            played |= 1 << position
        return WhistView(
            seat=seat,
            dealer=self.dealer,
            to_play=self._to_play,
            hand=_cards(self._hands[seat]),
            trump=self.trump,
            turn_up=self.turn_up,
            trick=self.trick,
            tricks=self.tricks,
            tricks_won=self._won,
            hand_sizes=tuple(mask.bit_count() for mask in self._hands),
            result=None if self._to_play is not None else self.result(),
            # W-3: the turn-up's place is public until it is played, and then it is played.
            public_cards=frozenset(_cards(played | 1 << self._deal.turn_up)),
        )

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds (full information: for servers, not for players)."""
        return _cards(self._hands[check_seat(seat, PLAYERS)])

    # -- Whist accessors -------------------------------------------------------------------

    @property
    def trump(self) -> Suit:
        """The trump suit: the turn-up's suit (W-3)."""
        suit = DECK[self._deal.turn_up].suit
        assert suit is not None  # every card of the 52-card deck has a suit
        return suit

    @property
    def turn_up(self) -> Card:
        """The dealer's turned-up card (W-3)."""
        return DECK[self._deal.turn_up]

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The current trick as ``(seat, card)`` in playing order."""
        return tuple(((self._leader + k) % PLAYERS, DECK[p]) for k, p in enumerate(self._trick))

    @property
    def tricks(self) -> tuple[WhistTrick, ...]:
        """The finished tricks, in order."""
        return tuple(
            WhistTrick(
                leader,
                tuple(((leader + k) % PLAYERS, DECK[p]) for k, p in enumerate(positions)),
                winner,
            )
            for leader, positions, winner in self._tricks
        )

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks taken so far by seats 0 and 2, then by seats 1 and 3."""
        return self._won

    # -- checking and playing --------------------------------------------------------------

    def _checked(self, action: object, seat: object) -> tuple[int, int]:
        """The acting seat and the card's position, or the specific error."""
        acting = self._require_turn(seat)
        if isinstance(action, str):
            action = self._v.parse_action(action)
        if not isinstance(action, Action):
            raise InvalidActionError(
                f"not an action: a {type(action).__name__}; send 'play CARD'", seat=acting
            )
        if type(action) is not Play:
            raise InvalidActionError(
                f"whist has only card plays ('play CARD'), not {str(action)!r:.40}",
                action=action,
                seat=acting,
            )
        card = action.card
        position = _POSITION.get(card)
        if position is None:
            raise UnknownCardError(
                f"{card} is not in the 52-card whist deck",
                action=action,
                seat=acting,
                rule_id="W-2",
            )
        obligation = self._deal.table.why_illegal(self._hands[acting], self._trick, position)
        if obligation is Obligation.NOT_IN_HAND:
            raise CardNotInHandError(
                f"seat {acting} does not hold {card}", action=action, seat=acting
            )
        if obligation is not None:
            # W-5 is the only obligation: the table declares no duty to trump.
            led = DECK[self._trick[0]].suit
            assert led is not None  # every card of the 52-card deck has a suit
            raise MustFollowSuitError(
                f"{card} does not follow the suit led: seat {acting} holds "
                f"{led.name.lower()} and must play one",
                action=action,
                seat=acting,
                rule_id="W-5",
            )
        return acting, position

    def _play(self, seat: int, position: int) -> WhistState:
        s: Any = object.__new__(_WhistStateSlots)
        s._v = self._v
        s._deal = self._deal
        hands = list(self._hands)
        hands[seat] &= ~(1 << position)
        s._hands = tuple(hands)
        s._parent = self
        s._last = (seat, _PLAYS[position])
        trick = (*self._trick, position)
        if len(trick) < PLAYERS:
            s._trick = trick
            s._leader = self._leader
            s._to_play = (seat + 1) % PLAYERS
            s._won = self._won
            s._tricks = self._tricks
            return _sealed(s)
        # W-6: the trick's winner takes it and leads next.
        winner = (self._leader + self._deal.table.winner_position(trick)) % PLAYERS
        ns, ew = self._won
        s._won = (ns + 1, ew) if winner % 2 == 0 else (ns, ew + 1)
        s._tricks = (*self._tricks, (self._leader, trick, winner))
        s._trick = ()
        s._leader = winner
        # W-7: the deal ends after the 13th trick.
        s._to_play = winner if len(s._tricks) < TRICKS else None
        return _sealed(s)

    # -- values ----------------------------------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        return (
            self._v,
            self._deal.key(),
            self._hands,
            self._trick,
            self._leader,
            self._to_play,
            self._tricks,
        )

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, WhistState):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[Any, ...]:
        # The deal and the positions played: unpickling replays them, so the history
        # (the parent states) is rebuilt as well.
        played = tuple(p for _, positions, _ in self._tricks for p in positions) + self._trick
        deal = self._deal
        return (_restore, (self._v, deal.dealer, deal.dealt, deal.turn_up, played))

    def __copy__(self) -> WhistState:
        return self

    def __deepcopy__(self, memo: Any) -> WhistState:
        return self

    def __repr__(self) -> str:
        if self._to_play is None:
            return f"<WhistState over tricks={list(self._won)}>"
        return f"<WhistState trick {len(self._tricks) + 1} to_play={self._to_play}>"


def _root(variant: WhistVariant, dealer: int, dealt: tuple[int, ...], turn_up: int) -> WhistState:
    trump = DECK[turn_up].suit
    assert trump is not None  # every card of the 52-card deck has a suit
    s: Any = object.__new__(_WhistStateSlots)
    s._v = variant
    s._deal = _Deal(dealer, dealt, turn_up, trick_table(trump))
    s._hands = dealt
    s._trick = ()
    # W-4: the player on the dealer's left leads.
    s._leader = s._to_play = (dealer + 1) % PLAYERS
    s._won = (0, 0)
    s._tricks = ()
    s._parent = None
    s._last = None
    return _sealed(s)


def _restore(
    variant: WhistVariant,
    dealer: int,
    dealt: tuple[int, ...],
    turn_up: int,
    played: tuple[int, ...],
) -> WhistState:
    state = _root(variant, dealer, dealt, turn_up)
    for position in played:
        to_play = state.to_play
        assert to_play is not None  # the positions come from a state of this deal
        state = state._play(to_play, position)
    return state


# -- the variant ---------------------------------------------------------------------------


class WhistVariant(Variant):
    """Plain Whist (W-1 … W-8) with one set of options.

    Args:
        honours: Count honours (W-8).
        **unknown: Any other keyword is an error.

    Raises:
        OptionsError: an unknown option, or ``honours`` that is not a bool.

    >>> WhistVariant(honours=True)
    cardrules.get_variant('whist', honours=True)
    >>> WhistVariant(trumps="H")
    Traceback (most recent call last):
    ...
    cardrules.errors.OptionsError: unknown whist option(s): trumps (the option is: honours)
    """

    id: ClassVar[str] = "whist"
    aliases: ClassVar[tuple[str, ...]] = ("plain-whist", "english-whist")
    name: ClassVar[str] = "Whist"
    rules_version: ClassVar[str] = "1"

    def __init__(self, *, honours: bool = False, **unknown: Any) -> None:
        if unknown:
            names = ", ".join(sorted(unknown))
            raise OptionsError(f"unknown whist option(s): {names} (the option is: honours)")
        if type(honours) is not bool:
            raise OptionsError(f"honours must be True or False, not {honours!r:.20}")
        self.honours = honours

    @property
    def players(self) -> int:
        """Four seats (W-1)."""
        return PLAYERS

    @property
    def deck(self) -> tuple[Card, ...]:
        """The 52-card deck (W-2)."""
        return DECK

    @property
    def num_actions(self) -> int:
        """One action per card: its position in :data:`DECK`."""
        return len(DECK)

    def new_game(
        self,
        *,
        rng: random.Random | None = None,
        seed: int | None = None,
        dealer: int | None = None,
    ) -> WhistState:
        """Shuffle, deal one card at a time (W-2) and turn up the last card (W-3).

        Args:
            rng: The generator that shuffles.
            seed: Or a seed for a fresh ``random.Random``.
            dealer: The dealer's seat; 0 by default.

        Returns:
            The state before the first card.
        """
        rng = self._rng(rng, seed)
        dealer = check_seat(0 if dealer is None else dealer, PLAYERS)
        deck = decks.shuffle(DECK, rng)
        hands = decks.deal(deck, players=PLAYERS, packet=1, first=(dealer + 1) % PLAYERS)
        dealt = tuple(sum(1 << _POSITION[card] for card in hand) for hand in hands)
        # W-3: the last card dealt is the dealer's, and it is turned up.
        return _root(self, dealer, dealt, _POSITION[deck[-1]])

    def deal(
        self,
        *,
        hands: Sequence[Iterable[Card | str]],
        turn_up: Card | str,
        dealer: int = 0,
    ) -> WhistState:
        """The first state of a deal made of given cards (tests, a real table).

        Args:
            hands: One hand of 13 cards (Cards or codes) per seat.
            turn_up: The dealer's turned-up card, which must be in the dealer's hand.
            dealer: The dealer's seat.

        Returns:
            The state before the first card.

        Raises:
            DealError: a hand of the wrong size, a card dealt twice, or a turn-up that
                is not in the dealer's hand.
            NotationError: a code that is not a card.

        >>> suits = [[f"{r}{s}" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()] for s in "SHDC"]
        >>> state = WhistVariant().deal(hands=suits, turn_up="KC", dealer=3)
        >>> state.trump, state.to_play
        (<Suit.CLUBS: 'C'>, 0)
        """
        dealer = check_seat(dealer, PLAYERS)
        if isinstance(hands, str) or len(hands) != PLAYERS:
            raise DealError(f"a whist deal has {PLAYERS} hands (W-1)")
        masks = []
        seen = 0
        for seat, hand in enumerate(hands):
            cards = [card if isinstance(card, Card) else Card.parse(card) for card in hand]
            if len(cards) != TRICKS:
                raise DealError(f"seat {seat} is dealt {len(cards)} cards, not {TRICKS} (W-2)")
            mask = 0
            for card in cards:
                position = _POSITION.get(card)
                if position is None:
                    raise DealError(f"{card} is not in the 52-card whist deck (W-2)")
                if (seen | mask) >> position & 1:
                    raise DealError(f"{card} is dealt twice")
                mask |= 1 << position
            seen |= mask
            masks.append(mask)
        card = turn_up if isinstance(turn_up, Card) else Card.parse(turn_up)
        position = _POSITION.get(card)
        if position is None or not masks[dealer] >> position & 1:
            raise DealError(f"the turn-up {card} must be one of the dealer's cards (W-3)")
        return _root(self, dealer, tuple(masks), position)

    def parse_action(self, text: str) -> Action:
        """Read ``play CARD`` (the verb in any ASCII case).

        Raises:
            NotationError: anything else.

        >>> WhistVariant().parse_action("PLAY qh")
        Play(Card.parse('QH'))
        """
        words = split_notation(text)
        if len(words) != 2 or not words[0].isascii() or words[0].lower() != Play.verb:
            raise NotationError(f"not a whist action: {text!r:.40} (expected 'play CARD')")
        return Play(Card.parse(words[1]))

    def action_id(self, action: Action) -> int:
        """The position of the card played in :data:`DECK`.

        Raises:
            InvalidActionError: not the play of a card of the deck.
        """
        if type(action) is Play and action.card in _POSITION:
            return _POSITION[action.card]
        raise InvalidActionError(f"{action!r:.40} is not an action of whist", action=action)

    def action_from_id(self, action_id: int) -> Action:
        """The play of the card at position ``action_id`` of :data:`DECK`.

        Raises:
            InvalidActionError: ``action_id`` is not an int from 0 to 51.
        """
        if type(action_id) is not int or not 0 <= action_id < len(DECK):
            raise InvalidActionError(f"a whist action id runs from 0 to {len(DECK) - 1}")
        return _PLAYS[action_id]

    def options_json(self) -> dict[str, Any]:
        """``{"honours": bool}``."""
        return {"honours": self.honours}

    @classmethod
    def from_options_json(cls, options: Mapping[str, Any]) -> WhistVariant:
        """Rebuild the variant from :meth:`options_json` (untrusted JSON values).

        Raises:
            OptionsError: not an object with string keys, or a bad option.
        """
        raw: object = options
        if not isinstance(raw, Mapping) or not all(type(key) is str for key in raw):
            raise OptionsError("whist options are a JSON object with string keys")
        return cls(**dict(raw))

    def deal_json(self, state: State) -> dict[str, Any]:
        """The cards as dealt, by seat, and the turn-up.

        Raises:
            TypeError: ``state`` is not a whist state.
        """
        if not isinstance(state, WhistState):
            raise TypeError(f"not a whist state: {type(state).__name__}")
        deal = state._deal
        return {
            "hands": [[str(card) for card in _cards(mask)] for mask in deal.dealt],
            "turn_up": str(DECK[deal.turn_up]),
        }

    def state_from_deal_json(self, dealer: int, deal: Mapping[str, Any]) -> WhistState:
        """The first state of a recorded deal (untrusted JSON values).

        Raises:
            RecordError: the deal is malformed or impossible.
        """
        raw: object = deal
        if not isinstance(raw, Mapping) or set(raw) != {"hands", "turn_up"}:
            raise RecordError("a whist deal is an object with exactly 'hands' and 'turn_up'")
        hands, turn_up = raw["hands"], raw["turn_up"]
        if (
            not isinstance(hands, list)
            or not all(isinstance(hand, list) for hand in hands)
            or not all(type(code) is str for hand in hands for code in hand)
            or type(turn_up) is not str
        ):
            raise RecordError("a whist deal lists its cards as code strings")
        if type(dealer) is not int or not 0 <= dealer < PLAYERS:
            raise RecordError(f"the dealer {dealer!r:.20} is not a seat of whist")
        try:
            return self.deal(hands=hands, turn_up=turn_up, dealer=dealer)
        except CardrulesError as exc:
            raise RecordError(f"the record's deal is invalid: {exc}") from None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, WhistVariant):
            return NotImplemented
        return self.honours == other.honours

    def __hash__(self) -> int:
        return hash((WhistVariant, self.honours))

    def __reduce__(self) -> tuple[Any, ...]:
        return (WhistVariant.from_options_json, (self.options_json(),))

    def __repr__(self) -> str:
        extra = ", honours=True" if self.honours else ""
        return f"cardrules.get_variant({self.id!r}{extra})"
