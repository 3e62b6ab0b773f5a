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
* W-9: a game is won by the first partnership to reach 5 points at the end of a deal;
  if both reach 5 in the same deal, the one with more points wins, and level scores
  play on. The deal passes to the left.

It is built from the core's kit, as any plugin can be. The card behaviour (W-5, W-6)
is declared once per trump suit as a :class:`cardrules.TrickRules` and compiled to a
:class:`cardrules.TrickTable`, over which hands are bitmasks. The state is a
:class:`cardrules.StateBase`: it implements three hooks and inherits immutability,
equality, the history, checking, turn checks and pickling. The option is checked by a
:mod:`cardrules.options` validator, and a game of deals is a :class:`cardrules.Match`.
Installing this package registers the variant through the ``cardrules.variants``
entry-point group (see its ``pyproject.toml``), after which
``cardrules.get_variant("whist")`` finds it.

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
from typing import Any, ClassVar, Final, Self

import attrs

from cardrules import decks
from cardrules.actions import Action, Play, split_notation
from cardrules.cards import Card, Rank, Suit
from cardrules.errors import (
    CardNotInHandError,
    CardrulesError,
    DealError,
    GameOverError,
    InvalidActionError,
    MustFollowSuitError,
    NotationError,
    OptionsError,
    RecordError,
    ScoreInputError,
    UnknownCardError,
    WrongPhaseError,
)
from cardrules.options import flag
from cardrules.state import State, StateBase, Variant, check_seat
from cardrules.tricks import Obligation, TrickRules, TrickTable

__all__ = [
    "BOOK",
    "DECK",
    "GAME",
    "PLAYERS",
    "TRICKS",
    "WhistMatch",
    "WhistOptions",
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

GAME: Final = 5
"""W-9: the points that win a game."""

DECK: Final = decks.standard_deck()
"""W-2: the 52-card deck. A card's position in this tuple is its action id."""

_POSITION: Final = {card: i for i, card in enumerate(DECK)}
_PLAYS: Final = tuple(Play(card) for card in DECK)
_HONOURS: Final = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
_TEAMS: Final = ("seats 0 and 2", "seats 1 and 3")


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
    """The score of one deal (W-7, W-8); a :class:`cardrules.Result`.

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

    @property
    def summary(self) -> str:
        """One line: the trump, the tricks and the points.

        >>> score_deal((8, 5), trump=Suit.HEARTS).summary
        'hearts: seats 0 and 2 take 8 tricks, seats 1 and 3 take 5: +2 and 0'
        """
        first, second = (f"{_TEAMS[t]} take {n}" for t, n in enumerate(self.tricks))
        points = " and ".join(map(_signed, self.points))
        return f"{self.trump.name.lower()}: {first} tricks, {second}: {points}"

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


def _pair(value: object, total: int) -> tuple[int, int] | None:
    """``value`` if it is a tuple of two non-negative ints adding up to ``total``."""
    if type(value) is not tuple or len(value) != 2:
        return None
    first, second = value
    if type(first) is not int or type(second) is not int or min(first, second) < 0:
        return None
    return (first, second) if first + second == total else None


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
    >>> score_deal((7, 7), trump=Suit.SPADES)
    Traceback (most recent call last):
    ...
    cardrules.errors.ScoreInputError: tricks must be two non-negative ints adding up to 13 (W-7)
    """
    # Messages do not echo the values: they may be anything a caller sends.
    taken = _pair(tricks, TRICKS)
    if taken is None:
        raise ScoreInputError(f"tricks must be two non-negative ints adding up to {TRICKS} (W-7)")
    if type(trump) is not Suit:
        raise ScoreInputError(f"trump must be a Suit, not a {type(trump).__name__}")
    # W-7: one point per trick over the book.
    points = [max(0, n - BOOK) for n in taken]
    held = None
    if honours_held is not None:
        held = _pair(honours_held, len(_HONOURS))
        if held is None:
            raise ScoreInputError("honours_held must be two non-negative ints adding up to 4 (W-8)")
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

    variant: WhistVariant
    dealer: int
    dealt: tuple[int, ...]
    turn_up: int
    table: TrickTable

    def key(self) -> tuple[Any, ...]:
        return (self.variant, self.dealer, self.dealt, self.turn_up)


class WhistState(StateBase):
    """One position of a Whist deal. Immutable: :meth:`apply` returns a new state.

    Build the first one with :meth:`WhistVariant.new_game` or :meth:`WhistVariant.deal`.
    :meth:`apply` raises the specific :class:`~cardrules.IllegalActionError`, with the
    rule's ID, for a card that breaks a rule:

    >>> state = WhistVariant().new_game(seed=1, dealer=3)
    >>> state
    <WhistState trick 1 to_play=0>
    >>> card = state.legal_actions()[0]
    >>> state.apply(card).history == ((0, card),)
    True
    >>> state.apply("play 21T")
    Traceback (most recent call last):
    ...
    cardrules.errors.UnknownCardError: 21T is not in the 52-card whist deck (W-2)
    """

    __slots__ = ("_act", "_deal", "_hands", "_leader", "_parent", "_to_play", "_trick", "_tricks")

    _deal: _Deal
    _hands: tuple[int, ...]
    _trick: tuple[int, ...]
    _leader: int
    _to_play: int | None
    _tricks: tuple[tuple[int, tuple[int, ...], int], ...]

    # What the error messages call one game of Whist.
    _game_word = "deal"

    # -- the three hooks of StateBase ------------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        # The facts, not the parent link: two states reached by the same cards are equal.
        return (self._deal.key(), self._hands, self._trick, self._tricks)

    def _validate(self, action: object, seat: object) -> tuple[Action, int]:
        """The action and the acting seat, or the specific error; changes nothing."""
        acting = self._require_turn(seat)
        action = self._parse(action, acting)
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
        return action, acting

    def _transition(self, action: Action, seat: int) -> Self:
        assert type(action) is Play  # _validate accepts card plays only
        position = _POSITION[action.card]
        hands = list(self._hands)
        hands[seat] &= ~(1 << position)
        trick, leader, tricks = (*self._trick, position), self._leader, self._tricks
        to_play: int | None = (seat + 1) % PLAYERS
        if len(trick) == PLAYERS:
            # W-6: the trick's winner takes it and leads next; W-7: 13 tricks to a deal.
            winner = (leader + self._deal.table.winner_position(trick)) % PLAYERS
            tricks = (*tricks, (leader, trick, winner))
            trick, leader = (), winner
            to_play = winner if len(tricks) < TRICKS else None
        return self._new(
            _deal=self._deal,
            _hands=tuple(hands),
            _trick=trick,
            _leader=leader,
            _to_play=to_play,
            _tricks=tricks,
            _parent=self,
            _act=action,
        )

    # -- the State interface ---------------------------------------------------------------

    @property
    def variant(self) -> WhistVariant:
        """The variant (and its options) of this deal."""
        return self._deal.variant

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

    def legal_actions(self) -> tuple[Action, ...]:
        """The cards the seat to play may play (W-5), in deck order."""
        if self._to_play is None:
            return ()
        legal = self._deal.table.legal_mask(self._hands[self._to_play], self._trick)
        return tuple(_PLAYS[i] for i in _bits(legal))

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
        won = [0, 0]
        for _, _, winner in self._tricks:
            won[winner % 2] += 1
        honours = None
        if self.variant.options.honours:
            held = [0, 0]
            for seat, mask in enumerate(self._deal.dealt):
                held[seat % 2] += sum(
                    1 for card in _cards(mask) if card.suit is self.trump and card.rank in _HONOURS
                )
            honours = (held[0], held[1])
        return score_deal((won[0], won[1]), trump=self.trump, honours_held=honours)

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
        played = sum(1 << p for _, positions, _ in self._tricks for p in positions)
        played += sum(1 << p for p in self._trick)
        return WhistView(
            seat=seat,
            dealer=self.dealer,
            to_play=self._to_play,
            hand=_cards(self._hands[seat]),
            trump=self.trump,
            turn_up=self.turn_up,
            trick=self.trick,
            tricks=self.tricks,
            tricks_won=self.tricks_won,
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
        suit = self.turn_up.suit
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
        north_south = sum(1 for _, _, winner in self._tricks if winner % 2 == 0)
        return (north_south, len(self._tricks) - north_south)

    def __repr__(self) -> str:
        if self._to_play is None:
            return f"<WhistState over tricks={list(self.tricks_won)}>"
        return f"<WhistState trick {len(self._tricks) + 1} to_play={self._to_play}>"


def _root(variant: WhistVariant, dealer: int, dealt: tuple[int, ...], turn_up: int) -> WhistState:
    trump = DECK[turn_up].suit
    assert trump is not None  # every card of the 52-card deck has a suit
    return WhistState._new(
        _deal=_Deal(variant, dealer, dealt, turn_up, trick_table(trump)),
        _hands=dealt,
        _trick=(),
        # W-4: the player on the dealer's left leads.
        _leader=(dealer + 1) % PLAYERS,
        _to_play=(dealer + 1) % PLAYERS,
        _tricks=(),
        _parent=None,
        _act=None,
    )


# -- the match -----------------------------------------------------------------------------


@attrs.frozen
class WhistMatch:
    """A game of Whist: deals until a partnership has 5 points (W-9); a
    :class:`cardrules.Match`. Build it with :meth:`WhistVariant.new_match`.

    The :attr:`winner` is a partnership: 0 for seats 0 and 2, 1 for seats 1 and 3.

    Attributes:
        variant: The variant whose deals are played.
        dealer: The seat that deals the next deal; the deal passes to the left.
        results: Every deal's result so far, in order.

    Raises:
        ScoreInputError: a dealer that is not a seat, or a result that is not a
            :class:`WhistResult`.

    >>> match = WhistVariant().new_match()
    >>> match = match.after(score_deal((9, 4), trump=Suit.CLUBS))
    >>> match = match.after(score_deal((8, 5), trump=Suit.HEARTS))
    >>> match.scores, match.dealer, match.is_over, match.winner
    ((5, 0), 2, True, 0)
    """

    variant: WhistVariant
    dealer: int = 0
    results: tuple[WhistResult, ...] = ()

    def __attrs_post_init__(self) -> None:
        if type(self.dealer) is not int or not 0 <= self.dealer < PLAYERS:
            raise ScoreInputError(f"the dealer must be a seat from 0 to {PLAYERS - 1}")
        if not all(type(result) is WhistResult for result in self.results):
            raise ScoreInputError("a whist match adds up the WhistResult of each deal")

    @property
    def scores(self) -> tuple[int, int]:
        """The points of seats 0 and 2, then of seats 1 and 3."""
        return (sum(r.points[0] for r in self.results), sum(r.points[1] for r in self.results))

    @property
    def totals(self) -> tuple[int, int, int, int]:
        """Each seat's running total, its partnership's points, seat 0 first."""
        first, second = self.scores
        return (first, second, first, second)

    @property
    def is_over(self) -> bool:
        """True once a partnership has won the game (W-9)."""
        first, second = self.scores
        return max(first, second) >= GAME and first != second

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats of the partnership ahead; every seat while the scores are level."""
        first, second = self.scores
        return (0, 1, 2, 3) if first == second else (0, 2) if first > second else (1, 3)

    @property
    def winner(self) -> int | None:
        """The winning partnership (0: seats 0 and 2; 1: seats 1 and 3) once it is over."""
        return None if not self.is_over else 0 if self.leaders == (0, 2) else 1

    def after(self, result: WhistResult) -> WhistMatch:
        """The match with one more deal's result (``state.result()`` or :func:`score_deal`).

        Raises:
            GameOverError: the game is already won.
            ScoreInputError: ``result`` is not a :class:`WhistResult`.
        """
        if self.is_over:
            raise GameOverError("the game is over (W-9): start a new match")
        return attrs.evolve(
            self, dealer=(self.dealer + 1) % PLAYERS, results=(*self.results, result)
        )

    def next_deal(self, rng: random.Random | None = None) -> WhistState:
        """Shuffle with ``rng`` and deal the next deal, :attr:`dealer` dealing.

        Raises:
            GameOverError: the game is already won.
        """
        if self.is_over:
            raise GameOverError("the game is over (W-9): there is no next deal")
        return self.variant.new_game(rng=rng, dealer=self.dealer)

    def explain(self) -> str:
        """Each deal's summary, then the score of the game.

        >>> print(WhistVariant().new_match().after(score_deal((9, 4), trump=Suit.CLUBS)).explain())
        1. clubs: seats 0 and 2 take 9 tricks, seats 1 and 3 take 4: +3 and 0
        Game to 5: seats 0 and 2 3, seats 1 and 3 0
        """
        lines = [f"{n}. {result.summary}" for n, result in enumerate(self.results, 1)]
        score = ", ".join(
            f"{team} {points}" for team, points in zip(_TEAMS, self.scores, strict=True)
        )
        ending = "" if self.winner is None else f": {_TEAMS[self.winner]} win"
        return "\n".join([*lines, f"Game to {GAME}: {score}{ending}"])


# -- the variant ---------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class WhistOptions:
    """The options of Whist, each checked when the object is built.

    Attributes:
        honours: Count honours (W-8).

    >>> WhistOptions(honours="yes")
    Traceback (most recent call last):
    ...
    cardrules.errors.OptionsError: honours must be True or False, not 'yes'
    """

    honours: bool = attrs.field(default=False, validator=flag)


class WhistVariant(Variant):
    """Plain Whist (W-1 … W-9) with one set of options.

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

    options: WhistOptions
    """The :class:`WhistOptions` of this variant."""

    def __init__(self, *, honours: bool = False, **unknown: Any) -> None:
        if unknown:
            names = ", ".join(sorted(unknown))
            raise OptionsError(f"unknown whist option(s): {names} (the option is: honours)")
        self.options = WhistOptions(honours=honours)

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

    def new_match(self) -> WhistMatch:
        """A game to 5 points (W-9), seat 0 dealing first.

        >>> WhistVariant().new_match().scores
        (0, 0)
        """
        return WhistMatch(self)

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
            DealError: not four hands of 13 cards, a card dealt twice, or a turn-up
                that is not in the dealer's hand.
            NotationError: a code that is not a card.

        >>> suits = [[f"{r}{s}" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()] for s in "SHDC"]
        >>> state = WhistVariant().deal(hands=suits, turn_up="KC", dealer=3)
        >>> state.trump, state.to_play
        (<Suit.CLUBS: 'C'>, 0)
        >>> WhistVariant().deal(hands=[["AS"]] * 4, turn_up="AS")
        Traceback (most recent call last):
        ...
        cardrules.errors.DealError: seat 0 is dealt 1 cards, not 13 (W-2)
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
        given: object = action  # any value may come in, whatever the annotation says
        shown = repr(str(given)) if isinstance(given, Action) else type(given).__name__
        raise InvalidActionError(f"{shown:.40} is not an action of whist", action=action)

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
        return attrs.asdict(self.options)

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
            raise RecordError(f"the dealer must be a seat from 0 to {PLAYERS - 1}")
        try:
            return self.deal(hands=hands, turn_up=turn_up, dealer=dealer)
        except CardrulesError as exc:
            raise RecordError(f"the record's deal is invalid: {exc}") from None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, WhistVariant):
            return NotImplemented
        return self.options == other.options

    def __hash__(self) -> int:
        return hash((WhistVariant, self.options))

    def __reduce__(self) -> tuple[Any, ...]:
        return (WhistVariant.from_options_json, (self.options_json(),))

    def __repr__(self) -> str:
        extra = ", honours=True" if self.options.honours else ""
        return f"cardrules.get_variant({self.id!r}{extra})"
