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

It is built on the core's kit, as any plugin can be:

* the state is a :class:`cardrules.trickplay.TrickState`: it names the trump suit of
  a deal (W-3), and the kit plays the common trick rules with it (W-5, W-6, compiled
  once per trump on the core's trick kernel): the turns, the legal cards, the errors
  with Whist's rule IDs, the tricks and who leads; immutability, equality, the
  history and pickling come from :class:`cardrules.StateBase` beneath it. Whist
  writes its score (W-7, W-8) and its view;
* the variant is a :class:`cardrules.KitVariant`: its options (one ``attrs`` class),
  its action ids and notation (a :class:`cardrules.actions.ActionSpace`), its
  equality, hashing, pickling and the deal's JSON come from its declarations;
* its :class:`cardrules.GameInfo` declares what the layers above read: the longest
  deal, the score bounds, the observation's layout, the teams, so that ``cardrules
  simulate``, the bots and the PettingZoo and OpenSpiel integrations take it as they
  take the built-in games;
* a game of deals is a :class:`cardrules.Match`.

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
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Final

import attrs

from cardrules import decks
from cardrules.actions import ActionSpace
from cardrules.cards import Card, Rank, Suit
from cardrules.envelope import game_key, match_envelope, result_document
from cardrules.errors import (
    DealError,
    GameOverError,
    InvalidArgumentError,
    ScoreInputError,
)
from cardrules.info import GameInfo, Statistic, observation_layout, player_names
from cardrules.match import deal_record, match_record, match_seed, next_deal_source
from cardrules.options import flag
from cardrules.records import MatchRecord, Record
from cardrules.state import KitVariant, State, check_seat
from cardrules.trickplay import Deal, TrickState, TrickView, play_layout

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
    "WhistVariant",
    "WhistView",
    "score_deal",
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

_HONOURS: Final = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
_TEAMS: Final = ("seats 0 and 2", "seats 1 and 3")


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
        return self._summary(_TEAMS)

    def _summary(self, teams: Sequence[str]) -> str:
        """:attr:`summary`, the partnerships called ``teams``."""
        first, second = (f"{teams[t]} take {n}" for t, n in enumerate(self.tricks))
        points = " and ".join(map(_signed, self.points))
        return f"{self.trump.name.lower()}: {first} tricks, {second}: {points}"

    def to_dict(self) -> dict[str, Any]:
        """The game's own detail of the result document (its ``"whist"`` key).

        >>> score_deal((8, 5), trump=Suit.HEARTS).to_dict()
        {'trump': 'H', 'tricks': [8, 5], 'honours_held': None, 'points': [2, 0]}
        """
        held = self.honours_held
        return {
            "trump": self.trump.value,
            "tricks": list(self.tricks),
            "honours_held": None if held is None else list(held),
            "points": list(self.points),
        }

    def explain(self, names: Sequence[str] | None = None) -> str:
        """A readable breakdown of the score, one fact per line; the partnerships named
        by their players if ``names`` (seat 0 first) are given.

        Raises:
            InvalidArgumentError: ``names`` is not four distinct names.

        >>> print(score_deal((8, 5), trump=Suit.HEARTS, honours_held=(3, 1)).explain())
        Trump: hearts
        Seats 0 and 2: 8 tricks, 2 over the book: +2
        Seats 1 and 3: 5 tricks, 0 over the book: 0
        Honours: seats 0 and 2 held 3 of the trump A K Q J: +2
        Score: seats 0 and 2 +4, seats 1 and 3 0
        """
        teams = _team_names(names)
        lines = [f"Trump: {self.trump.name.lower()}"]
        for team, taken in enumerate(self.tricks):
            over = max(0, taken - BOOK)
            name = teams[team][0].upper() + teams[team][1:]
            lines.append(f"{name}: {taken} tricks, {over} over the book: {_signed(over)}")
        if self.honours_held is not None:
            counted = [
                f"{teams[team]} held {held} of the trump A K Q J: {_signed(_honour_points(held))}"
                for team, held in enumerate(self.honours_held)
                if _honour_points(held)
            ]
            lines.append("Honours: " + ("; ".join(counted) if counted else "none counted"))
        lines.append(
            "Score: " + ", ".join(f"{teams[t]} {_signed(p)}" for t, p in enumerate(self.points))
        )
        return "\n".join(lines)


def _team_names(names: Sequence[str] | None) -> tuple[str, str]:
    """The partnerships' names (W-1): by their seats, or by their players' ``names``.

    Raises:
        InvalidArgumentError: ``names`` is not four distinct names, seat 0 first.
    """
    given = player_names(names, PLAYERS)
    if given is None:
        return _TEAMS
    return (f"{given[0]} and {given[2]}", f"{given[1]} and {given[3]}")


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


@attrs.frozen(kw_only=True, repr=False)
class WhistView(TrickView):
    """What one seat may know: its own hand and the public facts (a
    :class:`cardrules.trickplay.TrickView`: the seat, the dealer, the seat to play, the
    hand, the trick in progress, the tricks, the hand sizes, the public cards: the
    cards played and the turn-up, which everyone knows the dealer holds until it is
    played).

    Attributes:
        tricks_won: Tricks taken by seats 0 and 2, then by seats 1 and 3 (W-1).
        trump: The trump suit (W-3).
        turn_up: The dealer's turned-up card, which fixed the trump suit.
        result: The deal's result once it is over.
    """

    trump: Suit
    turn_up: Card
    result: WhistResult | None

    def _game_dict(self) -> dict[str, Any]:
        """The game's own detail of the view document: the trump, the turn-up and the
        tricks of each partnership (W-1)."""
        return {
            "trump": self.trump.value,
            "turn_up": str(self.turn_up),
            "tricks_won": list(self.tricks_won),
        }

    def _observation(self) -> list[float]:
        """After the card play (:func:`cardrules.trickplay.play_layout`): the trump
        suit, and the turn-up while the dealer still holds it.

        >>> view = WhistVariant().new_game(seed=1).view(2)
        >>> len(view.observation()) == WhistVariant().info.observation_size
        True
        """
        trump = [0.0] * 4
        trump[self.trump.index] = 1.0
        turn_up = [0.0] * len(DECK)
        if self.turn_up not in self.play.played():
            turn_up[DECK.index(self.turn_up)] = 1.0
        return trump + turn_up

    def __repr__(self) -> str:
        hand = " ".join(map(str, self.hand))
        trick = " ".join(f"{seat}:{card}" for seat, card in self.trick)
        return (
            f"<WhistView seat={self.seat} hand=[{hand}] trump={self.trump.value} "
            f"turn_up={self.turn_up} trick=[{trick}] to_play={self.to_play} "
            f"tricks_won={list(self.tricks_won)}>"
        )


# -- the state -----------------------------------------------------------------------------


class WhistState(TrickState):
    """One position of a Whist deal. Immutable: :meth:`apply` returns a new state.

    Build the first one with :meth:`WhistVariant.new_game` or :meth:`WhistVariant.deal`.
    The kit's :class:`cardrules.trickplay.TrickState` plays it: the turns, the checks
    (with the rule IDs below), the tricks; this class says which trump (W-3), how a deal
    is scored (W-7, W-8) and what a seat sees. :meth:`apply` raises the specific
    :class:`~cardrules.IllegalActionError`, with the rule's ID, for a card that breaks
    a rule:

    >>> state = WhistVariant().new_game(seed=1, dealer=3)
    >>> state
    <WhistState trick 1 to_play=0>
    >>> card = state.legal_actions()[0]
    >>> state.apply(card).history == ((0, card),)
    True
    >>> state.apply("play 21T")
    Traceback (most recent call last):
    ...
    cardrules.errors.UnknownCardError: 21T is not in the deck (W-2)
    """

    __slots__ = ()

    # W-2 (a card of the deck), W-5 (follow suit), W-7 (a deal is scored when it is over).
    rule_ids: ClassVar[Mapping[str, str]] = {"deck": "W-2", "follow": "W-5", "score": "W-7"}

    @classmethod
    def trump_of(cls, deal: Deal) -> Suit | None:
        """W-3: the turn-up's suit is trump; W-5, W-6 are the common trick rules."""
        return deal.piles[0][0].suit

    def _result(self) -> WhistResult:
        """The deal's score (W-7, W-8)."""
        honours = None
        if self.variant.options.honours:
            held = [0, 0]
            for seat, hand in enumerate(self._deal.hands):
                held[seat % 2] += sum(
                    1 for card in hand if card.suit is self.trump and card.rank in _HONOURS
                )
            honours = (held[0], held[1])
        return score_deal(self.tricks_won, trump=self.trump, honours_held=honours)

    def result(self) -> WhistResult:
        """The deal's score (W-7, W-8).

        Raises:
            WrongPhaseError: the deal is not over.
        """
        result: WhistResult = super().result()
        return result

    def view(self, seat: int) -> WhistView:
        """What ``seat`` may know: its hand and the public facts (the turn-up's place
        is public until it is played, W-3).

        Raises:
            InvalidSeatError: ``seat`` is not a seat number.
        """
        fields = self._view_fields(seat)
        fields["tricks_won"] = self.tricks_won  # the partnerships' (W-1)
        return WhistView(
            **fields,
            trump=self.trump,
            turn_up=self.turn_up,
            result=self.result() if self.is_terminal else None,
        )

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
        return self._deal.piles[0][0]

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks taken so far by seats 0 and 2, then by seats 1 and 3."""
        won = self._play.tricks_won
        return (won[0] + won[2], won[1] + won[3])

    def __repr__(self) -> str:
        if self.is_terminal:
            return f"<WhistState over tricks={list(self.tricks_won)}>"
        return f"<WhistState trick {len(self._play.done) + 1} to_play={self.to_play}>"


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
        seed: The match's seed (deal ``n`` is shuffled with
            ``cardrules.match.deal_seed(seed, n)``), or None.
        require_seat: Every deal requires the acting seat (``new_game(...,
            require_seat=True)``), for servers.

    Raises:
        ScoreInputError: a dealer that is not a seat, a result that is not a
            :class:`WhistResult`, or a ``require_seat`` that is not a bool.

    >>> match = WhistVariant().new_match()
    >>> match = match.after(score_deal((9, 4), trump=Suit.CLUBS))
    >>> match = match.after(score_deal((8, 5), trump=Suit.HEARTS))
    >>> match.scores, match.dealer, match.is_over, match.winner
    ((5, 0), 2, True, 0)
    """

    variant: WhistVariant
    dealer: int = 0
    results: tuple[WhistResult, ...] = ()
    seed: int | None = None
    require_seat: bool = False
    # The records of the deals added with after_deal, in order; None once a deal was
    # added with after (its result alone), which a match record cannot replay.
    _records: tuple[Record, ...] | None = attrs.field(default=(), init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if type(self.dealer) is not int or not 0 <= self.dealer < PLAYERS:
            raise ScoreInputError(f"the dealer must be a seat from 0 to {PLAYERS - 1}")
        given: object = self.require_seat  # any value a caller gave
        if type(given) is not bool:
            kind = type(given).__name__
            raise ScoreInputError(f"require_seat must be True or False, not a {kind}")
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
        match = attrs.evolve(
            self, dealer=(self.dealer + 1) % PLAYERS, results=(*self.results, result)
        )
        object.__setattr__(match, "_records", None)
        return match

    def after_deal(self, state: WhistState) -> WhistMatch:
        """The match with one more deal played through: ``state`` is its final state
        (dealt by :meth:`next_deal`), whose result is added as :meth:`after` adds it and
        whose record the match keeps for :meth:`record`.

        Raises:
            InvalidArgumentError: ``state`` is not a finished deal's state.
            GameOverError: the game is already won.
            ScoreInputError: the deal is not the match's next deal (another variant,
                dealer or ``require_seat``; with a seed, not the deal it deals).

        >>> match = WhistVariant().new_match(seed=4)
        >>> state = match.next_deal()
        >>> while not state.is_terminal:
        ...     state = state.apply(state.legal_actions()[0])
        >>> match = match.after_deal(state)
        >>> match.dealer, len(match.record().deals)
        (1, 1)
        """
        record = deal_record(self, state)
        match = self.after(state.result())
        records = self._records
        object.__setattr__(match, "_records", None if records is None else (*records, record))
        return match

    def record(self) -> MatchRecord:
        """The match's record: its start (the options, the seed, the first dealer,
        ``require_seat``) and each deal's record, replayable
        (``cardrules.records.replay_match``) and signable
        (``cardrules.dumps(match.record(), key=...)``).

        Raises:
            RecordError: a deal was entered as its result (:meth:`after`), not played
                through :meth:`after_deal`, or the match was restored from its document.

        >>> book = WhistVariant().new_match(seed=4, dealer=2).record()
        >>> book.variant, book.dealer, book.deals
        ('whist', 2, ())
        """
        start = WhistMatch(
            self.variant,
            dealer=self._first_dealer,
            seed=self.seed,
            require_seat=self.require_seat,
        )
        return match_record(start, self._records)

    @property
    def _first_dealer(self) -> int:
        return (self.dealer - len(self.results)) % PLAYERS

    def to_dict(self) -> dict[str, Any]:
        """The match as JSON values, from which :meth:`from_dict` restores it exactly:
        the envelope every match document has (``cardrules.envelope.MATCH_KEYS``), then
        the partnerships' scores and the winning partnership under ``"whist"``.

        >>> match = WhistVariant().new_match(seed=4).after(score_deal((9, 4), trump=Suit.CLUBS))
        >>> document = match.to_dict()
        >>> document["totals"], document["dealer"], document["whist"]
        ([3, 0, 3, 0], 1, {'scores': [3, 0], 'winner': None})
        """
        winner = self.winner
        return {
            **match_envelope(
                self.variant,
                seed=self.seed,
                require_seat=self.require_seat,
                first_dealer=self._first_dealer,
                dealer=self.dealer,
                totals=self.totals,
                leaders=self.leaders,
                is_over=self.is_over,
                winners=() if winner is None else (winner, winner + 2),
                results=[result_document(self.variant, result) for result in self.results],
            ),
            game_key(WhistVariant.id): {"scores": list(self.scores), "winner": winner},
        }

    @classmethod
    def from_dict(
        cls, document: Mapping[str, Any], *, variant: WhistVariant | None = None
    ) -> WhistMatch:
        """The match a :meth:`to_dict` document describes (untrusted JSON): play goes on
        from it exactly as from the match that wrote it.

        Each deal is scored again from its tricks, trump and honours (W-7, W-8), and the
        whole document must be what the deals give (the dealers, the totals, who leads,
        whether it is over, who won).

        Args:
            document: The JSON object, as :meth:`to_dict` writes it.
            variant: The variant that deals the match's next deals, of the document's
                options; by default one built from them.

        Raises:
            ScoreInputError: not a Whist match document, a field missing, unknown or of
                the wrong type, other options, a deal after the end, or a field that
                differs from what the deals give (the message names it).
            OptionsError: the options are refused.
            InvalidArgumentError: a bad seed.

        >>> match = WhistVariant().new_match(seed=4).after(score_deal((9, 4), trump=Suit.CLUBS))
        >>> WhistMatch.from_dict(match.to_dict()) == match
        True
        >>> WhistMatch.from_dict({**match.to_dict(), "totals": [5, 0, 5, 0]})
        Traceback (most recent call last):
        ...
        cardrules.errors.ScoreInputError: the match document's 'totals' is not what its deals give
        """
        given: object = document  # any JSON a caller read
        if not isinstance(given, Mapping) or document.get("variant") != WhistVariant.id:
            raise ScoreInputError("not a whist match document")
        options = document.get("options")
        if not isinstance(options, Mapping):
            raise ScoreInputError("the match document's options are not an object")
        if variant is None:
            variant = WhistVariant.from_options_json(options)
        elif not _same_json(options, variant.options_json()):
            raise ScoreInputError("the match document's options are not the variant's")
        results = document.get("results")
        if not isinstance(results, list):
            raise ScoreInputError("the match document's 'results' is not a list")
        match = cls(
            variant,
            dealer=_seat_field(document, "first_dealer"),
            seed=match_seed(document.get("seed")),
            require_seat=document.get("require_seat", False),  # checked by the match
        )
        for number, item in enumerate(results, 1):
            if match.is_over:
                raise ScoreInputError(f"deal {number} of the match document follows its end (W-9)")
            match = match.after(_read_result(item, variant, number))
        expected = match.to_dict()
        for key in (*document.keys(), *expected.keys()):
            if key not in expected or key not in document:
                raise ScoreInputError(f"the match document's keys are not a whist match's: {key!r}")
            if not _same_json(document[key], expected[key]):
                raise ScoreInputError(f"the match document's {key!r} is not what its deals give")
        return match

    def next_deal(self, rng: random.Random | None = None, *, seed: int | None = None) -> WhistState:
        """Deal the next deal, :attr:`dealer` dealing: shuffled with ``rng``, or
        ``random.Random(seed)``, or the match's own seed for this deal; it requires the
        acting seat when the match does (:attr:`require_seat`).

        Raises:
            GameOverError: the game is already won.

        >>> from cardrules.match import deal_seed
        >>> match = WhistVariant().new_match(seed=4, require_seat=True)
        >>> state = match.next_deal()
        >>> state.requires_seat, state == WhistVariant().new_game(
        ...     seed=deal_seed(4, 0), require_seat=True
        ... )
        (True, True)
        """
        if self.is_over:
            raise GameOverError("the game is over (W-9): there is no next deal")
        source = next_deal_source(self.seed, len(self.results), rng, seed)
        state = self.variant.new_game(dealer=self.dealer, require_seat=self.require_seat, **source)
        assert isinstance(state, WhistState)  # the kit deals with deal_cards and deal()
        return state

    def explain(self, names: Sequence[str] | None = None) -> str:
        """Each deal's summary, then the score of the game.

        Args:
            names: The players' names, seat 0 first: the partnerships are then named
                by their players (W-1).

        Raises:
            InvalidArgumentError: ``names`` is not four distinct names.

        >>> match = WhistVariant().new_match().after(score_deal((9, 4), trump=Suit.CLUBS))
        >>> print(match.explain())
        1. clubs: seats 0 and 2 take 9 tricks, seats 1 and 3 take 4: +3 and 0
        Game to 5: seats 0 and 2 3, seats 1 and 3 0
        >>> print(match.explain(names=("Ann", "Bob", "Cy", "Di")))
        1. clubs: Ann and Cy take 9 tricks, Bob and Di take 4: +3 and 0
        Game to 5: Ann and Cy 3, Bob and Di 0
        """
        teams = _team_names(names)
        lines = [f"{n}. {result._summary(teams)}" for n, result in enumerate(self.results, 1)]
        score = ", ".join(
            f"{team} {points}" for team, points in zip(teams, self.scores, strict=True)
        )
        ending = "" if self.winner is None else f": {teams[self.winner]} win"
        return "\n".join([*lines, f"Game to {GAME}: {score}{ending}"])


def _same_json(given: object, expected: object) -> bool:
    """JSON equality, strict on types (``True`` is not ``1``, ``1.0`` is not ``1``)."""
    if isinstance(expected, list):
        return (
            isinstance(given, list)
            and len(given) == len(expected)
            and all(_same_json(a, b) for a, b in zip(given, expected, strict=True))
        )
    if isinstance(expected, dict):
        return (
            isinstance(given, Mapping)
            and set(given) == set(expected)
            and all(_same_json(given[k], expected[k]) for k in expected)
        )
    return type(given) is type(expected) and given == expected


def _seat_field(document: Mapping[str, Any], key: str) -> int:
    """A match document's seat field."""
    value = document.get(key)
    if type(value) is not int or not 0 <= value < PLAYERS:
        raise ScoreInputError(f"the match document's {key!r} is not a seat from 0 to 3")
    return value


def _read_result(item: object, variant: WhistVariant, number: int) -> WhistResult:
    """A deal's result from its result document, scored again from its facts."""
    where = f"deal {number} of the match document"
    own = item.get(game_key(WhistVariant.id)) if isinstance(item, Mapping) else None
    if not isinstance(own, Mapping):
        raise ScoreInputError(f"{where} is not a whist result document")
    trump, tricks, held = own.get("trump"), own.get("tricks"), own.get("honours_held")
    suits = {suit.value: suit for suit in Suit}
    if not isinstance(trump, str) or trump not in suits:
        raise ScoreInputError(f"{where} has no trump suit")
    if not isinstance(tricks, list) or len(tricks) != 2:
        raise ScoreInputError(f"{where}'s tricks are not two numbers (W-7)")
    if (held is None) is variant.options.honours or (
        held is not None and (not isinstance(held, list) or len(held) != 2)
    ):
        raise ScoreInputError(f"{where}'s honours are not what the options count (W-8)")
    # score_deal checks the numbers themselves.
    return score_deal(
        (tricks[0], tricks[1]),
        trump=suits[trump],
        honours_held=None if held is None else (held[0], held[1]),
    )


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


class WhistVariant(KitVariant):
    """Plain Whist (W-1 … W-9) with one set of options (:class:`WhistOptions`).

    Args:
        honours: Count honours (W-8).

    Raises:
        OptionsError: an unknown option, or ``honours`` that is not a bool.

    >>> WhistVariant(honours=True)
    cardrules.get_variant('whist', honours=True)
    >>> WhistVariant(trumps="H")
    Traceback (most recent call last):
    ...
    cardrules.errors.OptionsError: unknown whist option(s): 'trumps' (the option is: honours)
    """

    id: ClassVar[str] = "whist"
    aliases: ClassVar[tuple[str, ...]] = ("plain-whist", "english-whist")
    name: ClassVar[str] = "Whist"
    rules_version: ClassVar[str] = "2"
    options_class: ClassVar[type] = WhistOptions
    # One action per card: its position in DECK.
    actions: ClassVar[ActionSpace] = ActionSpace(DECK, game="whist")

    options: WhistOptions

    @property
    def players(self) -> int:
        """Four seats (W-1)."""
        return PLAYERS

    @property
    def deck(self) -> tuple[Card, ...]:
        """The 52-card deck (W-2)."""
        return DECK

    @functools.cached_property
    def info(self) -> GameInfo:
        """What Whist declares for the layers above: 52 plays a deal (W-2), each seat
        scoring its partnership's points less the other's, at most every trick over the
        book (W-7) and four honours (W-8); the observation of the card play, the trump
        and the turn-up; the partnerships (W-1).

        >>> WhistVariant(honours=True).info.score_bounds
        (-11, 11)
        """
        most = TRICKS - BOOK + 4 * self.options.honours
        return self.game_info(
            max_game_length=len(DECK),
            score_bounds=(-most, most),
            zero_sum=True,
            observation_layout=observation_layout(
                *play_layout(PLAYERS, len(DECK)),
                ("trump", (4,), "the trump suit: spades, hearts, diamonds, clubs"),
                ("turn_up", (len(DECK),), "the turn-up while the dealer still holds it"),
            ),
            statistics=(Statistic(name="teams", label="team", kind="teams"),),
            teams=(("0 and 2", (0, 2)), ("1 and 3", (1, 3))),
            deal_piles=("turn_up",),
        )

    def deal_cards(self, deck: Sequence[Card], dealer: int) -> tuple[tuple[Card, ...], ...]:
        """The deal of the shuffled ``deck``, as :meth:`deal_piles` writes it: one card at
        a time from the dealer's left (W-2), the last card, the dealer's, turned up (W-3).
        The kit's ``new_game`` shuffles and deals with it.

        >>> state = WhistVariant().new_game(seed=3, dealer=1)
        >>> state.turn_up in state.hand(1), state.to_play
        (True, 2)
        """
        hands = decks.deal(deck, players=PLAYERS, packet=1, first=(dealer + 1) % PLAYERS)
        # W-3: the last card dealt is the dealer's, and it is turned up.
        turn_up = deck[-1]
        return (*(tuple(c for c in hand if c != turn_up) for hand in hands), (turn_up,))

    def new_match(
        self,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        dealer: int | None = None,
        require_seat: bool = False,
    ) -> WhistMatch:
        """A game to 5 points (W-9), seat 0 dealing first unless ``dealer`` says.

        Args:
            seed: The match's seed, for reproducible deals (see ``cardrules.match``).
            rng: Or a ``random.Random`` that draws it.
            dealer: The first dealer.
            require_seat: Every deal requires the acting seat, for servers.

        Raises:
            InvalidArgumentError: a bad seed or rng.
            ScoreInputError: a dealer that is not a seat, or a ``require_seat`` that is
                not a bool.

        >>> WhistVariant().new_match().scores
        (0, 0)
        >>> match = WhistVariant().new_match(seed=4, require_seat=True)
        >>> match.next_deal() == match.next_deal(), match.next_deal().requires_seat
        (True, True)
        """
        return WhistMatch(
            self,
            dealer=0 if dealer is None else dealer,
            seed=match_seed(seed, rng),
            require_seat=require_seat,
        )

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
        cards = [tuple(c if isinstance(c, Card) else Card.parse(c) for c in h) for h in hands]
        for seat, hand in enumerate(cards):
            if len(hand) != TRICKS:
                raise DealError(f"seat {seat} is dealt {len(hand)} cards, not {TRICKS} (W-2)")
        card = turn_up if isinstance(turn_up, Card) else Card.parse(turn_up)
        if card not in cards[dealer] or card.suit is None:
            raise DealError(f"the turn-up {card} must be one of the dealer's cards (W-3)")
        # W-4: the player on the dealer's left leads (TrickState's default); the first
        # state refuses a card that is not of the deck, or dealt twice (W-2).
        hands_dealt = tuple(tuple(hand) for hand in cards)
        return WhistState.first(Deal(self, dealer, hands_dealt, ((card,),)))

    # -- the deal as piles: the hands, the dealer's without the turn-up, then the turn-up

    def deal_piles(self, state: State) -> tuple[tuple[Card, ...], ...]:
        """The hands as dealt face down (the dealer's 12 cards), then the turn-up (W-3).

        Raises:
            InvalidArgumentError: ``state`` is not a whist state.
        """
        if not isinstance(state, WhistState):
            raise InvalidArgumentError(f"not a whist state: {type(state).__name__}")
        turn_up = state.turn_up
        hands = [tuple(c for c in hand if c != turn_up) for hand in state.deal_piles()[:PLAYERS]]
        return (*hands, (turn_up,))

    def state_from_piles(self, dealer: int, piles: Sequence[Sequence[Card]]) -> WhistState:
        """The deal whose piles are :meth:`deal_piles`'s.

        Raises:
            DealError: the piles are not four hands and a turn-up.
            InvalidSeatError: ``dealer`` is not a seat.
        """
        dealer = check_seat(dealer, PLAYERS)
        if len(piles) != PLAYERS + 1 or len(piles[-1]) != 1:
            raise DealError("a whist deal is four hands and the turn-up (W-3)")
        hands = [list(pile) for pile in piles[:PLAYERS]]
        hands[dealer].extend(piles[-1])
        return self.deal(hands=hands, turn_up=piles[-1][0], dealer=dealer)
