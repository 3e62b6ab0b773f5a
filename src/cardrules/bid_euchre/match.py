"""A Bid Euchre match: hands scored one after another until a team reaches the target.

:class:`BidEuchreMatch` is an immutable score sheet that implements the core
``cardrules.Match`` protocol (``BidEuchreVariant().new_match()`` starts one).
:meth:`~cardrules.bid_euchre.BidEuchreMatch.after` adds a scored hand (E-30: scores may
go negative), passes the deal to the left after every hand, void hands included (E-5),
and runs the end-of-game check of E-34 after every scored hand under the
``simultaneous_target_rule`` option.

>>> from cardrules.bid_euchre.bidding import Contract
>>> from cardrules.bid_euchre.match import BidEuchreMatch
>>> from cardrules.bid_euchre.scoring import HandFacts
>>> match = BidEuchreMatch.start(totals=(28, 20))
>>> match = match.after(HandFacts(contract=Contract(4), declarer=0, tricks=(4, 2)))
>>> match.scores, match.winner, match.is_over, match.dealer
((32, 22), 0, True, 1)
>>> match.totals, match.leaders
((32, 22, 32, 22), (0, 2))
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeGuard

import attrs

from cardrules._records import MatchRecord, Record
from cardrules._util import quote
from cardrules.bid_euchre.options import BidEuchreOptions
from cardrules.bid_euchre.scoring import HandFacts, HandResult, score_hand
from cardrules.bid_euchre.state import BidEuchreState
from cardrules.envelope import game_key, match_envelope
from cardrules.errors import GameOverError, ScoreInputError
from cardrules.info import player_names
from cardrules.match import deal_record, match_record, match_seed, next_deal_source
from cardrules.registry import get_variant_class
from cardrules.wire import match_agrees, match_document, match_list

if TYPE_CHECKING:
    from cardrules.bid_euchre.variant import BidEuchreVariant

__all__ = ["BidEuchreMatch"]

# The seats and teams as the score sheet writes them (as HandResult.summary does).
_SEATS: Final = ("N", "E", "S", "W")
_TEAMS: Final = ("NS", "EW")

_DEFAULT_OPTIONS: Final = BidEuchreOptions()
_new = object.__new__
_set = object.__setattr__


# A resumed match's scores: the integers a JSON number holds exactly.
_MAX_SCORE: Final = 1 << 53


def _is_score_pair(value: object) -> TypeGuard[tuple[int, int]]:
    return (
        type(value) is tuple
        and len(value) == 2
        and all(type(x) is int and -_MAX_SCORE <= x <= _MAX_SCORE for x in value)
    )


# The fields of every match document besides its format, version and variant; the
# envelope's, which a document written before it lacks; the fields from_dict reads (the
# others are checked against the match they give).
_DOCUMENT_FIELDS: Final = (
    "options",
    "seed",
    "require_seat",
    "dealer",
    "totals",
    "results",
    "is_over",
    "winner",
)
_ADDED_FIELDS: Final = (
    "players",
    "seat_names",
    "first_dealer",
    "deals",
    "leaders",
    "winners",
    "bid_euchre",
)
_READ_FIELDS: Final = ("options", "seed", "require_seat", "totals", "results")


def _team_totals(value: object) -> tuple[int, int]:
    """The teams' totals (NS, EW) from ``totals=``: the pair a score sheet writes, or
    each seat's total as :attr:`BidEuchreMatch.totals` gives them (partners equal)."""
    if isinstance(value, (tuple, list)) and len(value) == 4:
        if not (_is_score_pair(tuple(value[:2])) and tuple(value[:2]) == tuple(value[2:])):
            raise ScoreInputError(
                "per-seat totals (N, E, S, W) give partners their team's total, so N and S,"
                f" E and W are equal ints from -2**53 to 2**53, not {quote(value)}"
            )
        value = value[:2]
    pair = tuple(value) if isinstance(value, (tuple, list)) else value
    if not _is_score_pair(pair):
        raise ScoreInputError(
            "totals are the teams' totals (NS, EW), or each seat's (N, E, S, W), ints from"
            f" -2**53 to 2**53, not {quote(value)}"
        )
    return pair


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


def _variant_of(options: object, variant: object) -> BidEuchreVariant:
    """The match's variant: ``variant``, checked, or the variant of ``options``."""
    if variant is None:
        # A match started by its own constructor: the registered Bid Euchre variant
        # of its options, built once for the match and kept by every match after it.
        made: BidEuchreVariant = get_variant_class("bid-euchre")(options)  # type: ignore[arg-type]
        return made
    if getattr(variant, "id", None) != "bid-euchre" or getattr(variant, "options", None) != options:
        raise ScoreInputError(
            f"the match's variant must be a Bid Euchre variant of its options, not {quote(variant)}"
        )
    return variant  # type: ignore[return-value]


def _check_match(
    options: object, scores: object, dealer: object, results: object, winner: object
) -> None:
    if type(options) is not BidEuchreOptions:
        raise ScoreInputError(f"options must be BidEuchreOptions, not {quote(options)}")
    if not _is_score_pair(scores):
        raise ScoreInputError(
            f"scores must be a tuple of two ints from -2**53 to 2**53 (NS, EW), not {quote(scores)}"
        )
    if type(dealer) is not int or not 0 <= dealer <= 3:
        raise ScoreInputError(f"dealer must be a seat (an int from 0 to 3), not {quote(dealer)}")
    if type(results) is not tuple:
        raise ScoreInputError(f"results must be a tuple of HandResult, not {quote(results)}")
    for hand in results:
        if type(hand) is not HandResult:
            raise ScoreInputError(f"results must hold HandResult objects, not {quote(hand)}")
        if hand.options is not options and hand.options != options:
            raise ScoreInputError("every hand of a match must be scored under the match's options")
    if winner is not None:
        if type(winner) is not int or winner not in (0, 1):
            raise ScoreInputError(f"winner must be None, 0 (NS) or 1 (EW), not {quote(winner)}")
        if scores[winner] < options.target_score:
            raise ScoreInputError(
                f"{_TEAMS[winner]} cannot have won with {scores[winner]} points:"
                f" the target is {options.target_score} (E-33)"
            )


def _totals_argument(totals: object, scores: object, *, stacklevel: int) -> tuple[int, int]:
    """The teams' totals from ``totals=``, or from ``scores=``, its deprecated name."""
    if scores is not None:
        warnings.warn(
            "BidEuchreMatch's scores= is deprecated and will be removed in 0.4; use totals=",
            DeprecationWarning,
            stacklevel=stacklevel + 1,
        )
        if totals is not None:
            raise ScoreInputError("give totals or scores (its old name), not both")
        totals = scores
    return (0, 0) if totals is None else _team_totals(totals)


def _end_check(
    options: BidEuchreOptions,
    before: tuple[int, int],
    after: tuple[int, int],
    result: HandResult,
) -> tuple[int | None, str]:
    """E-34, after a scored hand: the winning team, or ``None``, and why."""
    target = options.target_score
    rule = options.simultaneous_target_rule
    team = result.bidding_team
    if team is None:
        # E-34: a thrown-in hand is not checked and never counts as the tie-break hand.
        return None, "hand thrown in: no end-of-game check (E-34)"
    if rule == "makers_or_setters":
        # E-34 (PAG): only the team that made its bid, or set the bidders, can win.
        eligible = team if result.made else 1 - team
        how = "made its bid" if result.made else "set the bidding team"
        if after[eligible] >= target:
            return eligible, f"{_TEAMS[eligible]} wins: it {how} and reached {target} (E-34)"
        return None, (
            f"{_TEAMS[eligible]} {how} but is below {target}; only makers or setters can win (E-34)"
        )
    reached = (after[0] >= target, after[1] >= target)
    if reached[0] and reached[1]:
        if not (before[0] >= target and before[1] >= target):
            # Both reached the target in this very hand.
            if rule == "bidder_wins":
                return team, (
                    f"{_TEAMS[team]} wins: both teams reached {target} in the same hand and"
                    f" {_TEAMS[team]} bid (E-34)"
                )
            if rule == "always_replay":
                return None, (
                    f"both teams reached {target} in the same hand: one more hand is played (E-34)"
                )
        if after[0] == after[1]:
            return None, (
                f"both teams are at {target} or more with equal scores: another hand is played"
                " (E-34)"
            )
        higher = 0 if after[0] > after[1] else 1
        return higher, (
            f"{_TEAMS[higher]} wins: both teams are at {target} or more and"
            f" {_TEAMS[higher]} is higher (E-34)"
        )
    if reached[0] or reached[1]:
        only = 0 if reached[0] else 1
        return only, f"{_TEAMS[only]} wins: the only team at {target} or more (E-34)"
    return None, f"neither team has reached {target}"


@attrs.frozen(kw_only=True, init=False)
class BidEuchreMatch:
    """A match to the target score: the scores, the next dealer and the hands so far.

    Build one with :meth:`start` (or ``BidEuchreVariant.new_match()``); each
    :meth:`after` returns the match after one more hand. It implements the core
    ``cardrules.Match`` protocol; in this partnership game :attr:`winner` is a
    team (0 = NS, 1 = EW), and :attr:`totals` gives each seat its team's score.

    The constructor validates its fields but cannot check that they describe a
    reachable match; a resumed match (:meth:`start` with ``totals``) is in progress
    whatever its totals, and is checked after its next scored hand. The keywords
    ``hands=`` is a deprecated spelling of ``results=``; ``totals=`` gives the totals
    after the results (the teams' or each seat's), as ``scores=`` (the teams') does.
    Save a match with :meth:`to_dict` and restore it with :meth:`from_dict`.

    Attributes:
        options: The rules of every hand (E-39).
        scores: The score of team 0 (NS) and team 1 (EW); may be negative (E-30).
            :attr:`totals` gives each seat its team's score, as in every game.
        dealer: The seat that deals the next hand.
        results: The hands scored since :meth:`start`, in order.
        winner: The winning team (0 = NS, 1 = EW), or ``None`` while the match goes on.
        seed: The match's seed (hand ``n`` is shuffled with
            ``cardrules.match.deal_seed(seed, n)``), or None.
        require_seat: Whether every hand requires the acting seat.
        variant: The :class:`~cardrules.bid_euchre.BidEuchreVariant` that deals the
            hands (:meth:`next_deal`): the one that started the match
            (``variant.new_match()``), else the variant of :attr:`options`. Not part of
            the match's value (equality, hash).

    Raises:
        ScoreInputError: a field of the wrong type, a hand scored under other options,
            a winner below the target, or a variant of other options.
        InvalidArgumentError: a bad seed.

    >>> match = BidEuchreMatch.start(totals=(28, 30), dealer=3)
    >>> match = match.after({"contract": "4", "declarer": 0, "tricks": [5, 1]})
    >>> match.scores, match.totals, match.dealer
    ((33, 31), (33, 31, 33, 31), 0)
    >>> match.is_over, match.winner
    (True, 0)
    """

    options: BidEuchreOptions
    scores: tuple[int, int]
    dealer: int
    results: tuple[HandResult, ...]
    winner: int | None
    seed: int | None
    require_seat: bool
    variant: BidEuchreVariant = attrs.field(eq=False, repr=False)
    # The records of the hands added with after_deal, in order: () at the start, None
    # once a hand was added otherwise (after() leaves it unset: see _deal_records).
    _records: tuple[Record, ...] | None = attrs.field(
        init=False, default=None, eq=False, repr=False
    )

    def __init__(  # noqa: PLR0913 - the fields, and two deprecated spellings
        self,
        *,
        options: BidEuchreOptions = _DEFAULT_OPTIONS,
        totals: tuple[int, ...] | list[int] | None = None,
        dealer: int,
        results: tuple[HandResult, ...] = (),
        winner: int | None = None,
        seed: int | None = None,
        require_seat: bool = False,
        scores: tuple[int, int] | None = None,
        hands: tuple[HandResult, ...] | None = None,
        variant: BidEuchreVariant | None = None,
    ) -> None:
        if hands is not None:
            warnings.warn(
                "BidEuchreMatch(hands=...) is deprecated and will be removed in 0.3; use results=",
                DeprecationWarning,
                stacklevel=2,
            )
            if results:
                raise ScoreInputError("give results or hands (its old name), not both")
            results = hands
        # scores= is the field itself (attrs.evolve passes it), so it does not warn here.
        if scores is not None and totals is not None:
            raise ScoreInputError("give totals or scores, not both")
        team_totals: Any = (0, 0) if scores is None else scores  # checked below
        if totals is not None:
            team_totals = _team_totals(totals)
        if type(require_seat) is not bool:
            raise ScoreInputError(f"require_seat must be True or False, not {quote(require_seat)}")
        _check_match(options, team_totals, dealer, results, winner)
        self.__attrs_init__(
            options=options,
            scores=team_totals,
            dealer=dealer,
            results=results,
            winner=winner,
            seed=match_seed(seed),
            require_seat=require_seat,
            variant=_variant_of(options, variant),
        )
        _set(self, "_records", None if results else ())

    @classmethod
    def start(
        cls,
        options: BidEuchreOptions | None = None,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        dealer: int | None = None,
        require_seat: bool = False,
        totals: tuple[int, ...] | list[int] | None = None,
        scores: tuple[int, int] | None = None,
        variant: BidEuchreVariant | None = None,
    ) -> BidEuchreMatch:
        """A new match, or one resumed from a score sheet.

        Args:
            options: The rules of every hand; the variant's options, else the
                defaults, if ``None``.
            seed: The match's seed: hand ``n`` is shuffled with
                ``cardrules.match.deal_seed(seed, n)``, so the match is reproducible.
            rng: Or a ``random.Random`` that draws the match's seed.
            dealer: The first dealer; ``options.first_dealer`` by default (E-3).
            require_seat: Every hand requires the acting seat (for servers).
            totals: The totals to start from: the teams' (NS, EW) as a score sheet
                writes them, or each seat's (N, E, S, W) as :attr:`totals` gives them;
                0-0 for a new match.
            scores: The deprecated name of ``totals`` (removed in 0.4).
            variant: The variant that deals the hands (``variant.new_match()`` gives
                itself); the variant of ``options`` if ``None``.

        Returns:
            A match in progress with no hands.

        Raises:
            ScoreInputError: a bad option object, totals or seat, or a variant of
                other options.
            InvalidArgumentError: both ``seed`` and ``rng``, or one of the wrong type.

        >>> BidEuchreMatch.start(BidEuchreOptions(first_dealer=3)).dealer
        3
        >>> match = BidEuchreMatch.start(totals=(28, 20), seed=4, require_seat=True)
        >>> match.totals, match.next_deal().requires_seat
        ((28, 20, 28, 20), True)
        """
        if options is None:
            options = _DEFAULT_OPTIONS if variant is None else variant.options
        if type(options) is not BidEuchreOptions:
            raise ScoreInputError(f"options must be BidEuchreOptions, not {quote(options)}")
        first = options.first_dealer if dealer is None else dealer
        return cls(
            options=options,
            totals=_totals_argument(totals, scores, stacklevel=3),
            dealer=first,
            seed=match_seed(seed, rng),
            require_seat=require_seat,
            variant=variant,
        )

    @property
    def is_over(self) -> bool:
        """True once a team has won (E-34)."""
        return self.winner is not None

    @property
    def totals(self) -> tuple[int, int, int, int]:
        """Each seat's running total, seat 0 (N) first, which is its team's score.

        >>> BidEuchreMatch.start(totals=(12, -3)).totals
        (12, -3, 12, -3)
        """
        ns, ew = self.scores
        return (ns, ew, ns, ew)

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats of the team ahead, or all four seats while the scores are level.

        >>> BidEuchreMatch.start(totals=(12, 20)).leaders, BidEuchreMatch.start().leaders
        ((1, 3), (0, 1, 2, 3))
        """
        ns, ew = self.scores
        if ns == ew:
            return (0, 1, 2, 3)
        return (0, 2) if ns > ew else (1, 3)

    @property
    def hands(self) -> tuple[HandResult, ...]:
        """Deprecated name of :attr:`results` (removed in 0.3)."""
        warnings.warn(
            "BidEuchreMatch.hands is deprecated and will be removed in 0.3; use results",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.results

    def after(self, result: HandResult | HandFacts | Mapping[str, Any]) -> BidEuchreMatch:
        """The match after one more hand.

        Adds the hand's delta (renege penalties included, E-31), passes the deal to the
        left (E-5, void hands included) and, after a scored hand, runs the end-of-game
        check of E-34 under ``options.simultaneous_target_rule``.

        Facts need not repeat what the match knows: given by the declarer's tricks
        (``declarer_tricks``), the other team's follow from the match's hand size (6,
        or 12 with the double deck), which also reads the words ``help`` and ``moon``
        of a JSON object's contract.

        Args:
            result: The hand, scored by :func:`score_hand` under this match's options,
                or its facts, which are then scored here: a :class:`HandFacts` or its JSON
                object (see :meth:`HandFacts.from_dict`). The same convention as
                ``TarotMatch.after``.

        Returns:
            The new match; ``self`` is unchanged.

        Raises:
            GameOverError: the match is already over.
            ScoreInputError: ``result`` is neither, was scored under other options, or
                its facts are impossible under them.

        >>> from cardrules.bid_euchre.scoring import HandFacts
        >>> m = BidEuchreMatch.start().after(HandFacts.void("all_pass"))
        >>> m.scores, m.dealer, len(m.results)
        ((0, 0), 1, 1)
        >>> double = BidEuchreMatch.start(BidEuchreOptions(double_deck=True))
        >>> double.after({"contract": "8", "declarer": 1, "declarer_tricks": 9}).scores
        (3, 9)
        """
        if self.winner is not None:
            raise GameOverError(
                f"the match is over: {_TEAMS[self.winner]} won {self.scores[0]}-"
                f"{self.scores[1]}; start a new match",
                rule_id="E-34",
            )
        if isinstance(result, Mapping):
            # The match knows the hand's size: for help and moon, and declarer_tricks.
            result = HandFacts.from_dict(result, tricks_per_hand=self.options.tricks_per_hand)
        if type(result) is HandFacts:
            result = score_hand(result, self.options)
        elif type(result) is HandResult:
            if result.options is not self.options and result.options != self.options:
                raise ScoreInputError(
                    "this hand was scored under other options than the match's; score its"
                    " facts with the match's options"
                )
            if score_hand(result.facts, self.options) != result:
                raise ScoreInputError(
                    "this HandResult does not match its facts; build results with score_hand"
                )
        else:
            raise ScoreInputError(f"result must be a HandResult or HandFacts, not {quote(result)}")
        d0, d1 = result.delta
        # E-30: no floor; a set can take a team below zero.
        scores = (self.scores[0] + d0, self.scores[1] + d1)
        winner, _ = _end_check(self.options, self.scores, scores, result)
        # Built without __init__: every field is already valid, and re-checking every
        # earlier hand would make a long match quadratic.
        match = _new(BidEuchreMatch)
        _set(match, "options", self.options)
        _set(match, "scores", scores)
        # E-5: the deal passes to the left after every hand, thrown in or not.
        _set(match, "dealer", (self.dealer + 1) % 4)
        _set(match, "results", (*self.results, result))
        _set(match, "winner", winner)
        _set(match, "seed", self.seed)
        _set(match, "require_seat", self.require_seat)
        # The same variant deals the next hand.
        _set(match, "variant", self.variant)
        return match

    def next_deal(
        self, rng: random.Random | None = None, *, seed: int | None = None
    ) -> BidEuchreState:
        """The first state of the next hand, dealt by :attr:`dealer` under the options,
        requiring the acting seat when the match does.

        Args:
            rng: The random source of the shuffle.
            seed: Or a seed for a fresh ``random.Random``. With neither, the match's
                own seed for this hand (``cardrules.match.deal_seed(match.seed, n)``,
                ``n`` the hands so far), or the operating system's randomness when the
                match has no seed.

        Returns:
            The dealt state of the hand.

        Raises:
            GameOverError: the match is already over.
            InvalidArgumentError: both ``rng`` and ``seed``, or one of the wrong type.

        >>> BidEuchreMatch.start().next_deal(random.Random(1)).dealer
        0
        >>> from cardrules.bid_euchre import BidEuchreVariant
        >>> BidEuchreMatch.start().next_deal(seed=1) == BidEuchreVariant().new_game(seed=1)
        True
        """
        if self.winner is not None:
            raise GameOverError(
                f"the match is over: {_TEAMS[self.winner]} won; there is no next hand",
                rule_id="E-34",
            )
        source = next_deal_source(self.seed, len(self.results), rng, seed)
        return self.variant.new_game(dealer=self.dealer, require_seat=self.require_seat, **source)

    def _deal_records(self) -> tuple[Record, ...] | None:
        """The records of the hands, if every hand was added with :meth:`after_deal`."""
        records: tuple[Record, ...] | None = getattr(self, "_records", None)
        return records

    def __getstate__(self) -> dict[str, Any]:
        # A match built by after() has no _records slot set: pickled as None.
        return {
            field.name: getattr(self, field.name, None) for field in attrs.fields(BidEuchreMatch)
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            _set(self, name, value)

    def after_deal(self, state: BidEuchreState) -> BidEuchreMatch:
        """The match after one more hand played through: ``state`` is its final state
        (dealt by :meth:`next_deal`), whose result is added as :meth:`after` adds it and
        whose record the match keeps for :meth:`record`.

        Raises:
            InvalidArgumentError: ``state`` is not a finished hand's state.
            GameOverError: the match is over.
            ScoreInputError: the hand is not the match's next hand (another variant,
                dealer or ``require_seat``; in a match with a seed, not the hand it deals).

        >>> match = BidEuchreMatch.start(seed=4, require_seat=True)
        >>> state = match.next_deal()
        >>> while not state.is_terminal:
        ...     state = state.apply(state.legal_actions()[0], seat=state.to_play)
        >>> match = match.after_deal(state)
        >>> match.scores, match.dealer, match.record().deals[0].require_seat
        ((0, 0), 1, True)
        """
        record = deal_record(self, state)
        match = self.after(state.result())
        records = self._deal_records()
        _set(match, "_records", None if records is None else (*records, record))
        return match

    def record(self) -> MatchRecord:
        """The match's record: its start (the options, the seed, the first dealer, the
        starting totals, ``require_seat``) and each hand's record, replayable
        (``cardrules.records.replay_match``) and signable
        (``cardrules.dumps(match.record(), key=...)``).

        Raises:
            RecordError: a hand was entered as its result or facts (:meth:`after`), not
                played through :meth:`after_deal`, or the match was restored from its
                document (:meth:`from_dict`).

        >>> book = BidEuchreMatch.start(seed=4, totals=(12, 7), dealer=2).record()
        >>> book.dealer, book.match["totals"], book.deals
        (2, (12, 7, 12, 7), ())
        """
        if not self.results:
            return match_record(self, self._deal_records())
        start = BidEuchreMatch.start(
            self.options,
            totals=(
                self.scores[0] - sum(hand.delta[0] for hand in self.results),
                self.scores[1] - sum(hand.delta[1] for hand in self.results),
            ),
            dealer=(self.dealer - len(self.results)) % 4,
            seed=self.seed,
            require_seat=self.require_seat,
            variant=self.variant,
        )
        return match_record(start, self._deal_records())

    def to_dict(self) -> dict[str, Any]:
        """The match as JSON values, from which :meth:`from_dict` restores it exactly.

        The envelope every match document has (``cardrules.envelope.MATCH_KEYS``: the
        variant and its options, the table, the seed, the dealers, each seat's total as
        :attr:`totals` gives it, who leads, whether it is over and the winning seats,
        each hand's ``to_dict()``), then the winning team (0 = NS, 1 = EW), at the top
        as before the envelope, and under the ``"bid_euchre"`` key with the teams'
        :attr:`scores`.

        >>> import json
        >>> match = BidEuchreMatch.start(totals=(10, 3), seed=2)
        >>> document = json.loads(json.dumps(match.to_dict()))
        >>> document["variant"], document["totals"], document["dealer"], document["leaders"]
        ('bid-euchre', [10, 3, 10, 3], 0, [0, 2])
        >>> document["bid_euchre"]
        {'scores': [10, 3], 'winner': None}
        >>> BidEuchreMatch.from_dict(document) == match
        True
        """
        winner = self.winner
        return {
            **match_envelope(
                self.variant,
                seed=self.seed,
                require_seat=self.require_seat,
                first_dealer=(self.dealer - len(self.results)) % 4,
                dealer=self.dealer,
                totals=self.totals,
                leaders=self.leaders,
                is_over=self.is_over,
                winners=() if winner is None else (winner, winner + 2),
                results=[result.to_dict() for result in self.results],
            ),
            "winner": winner,
            game_key("bid-euchre"): {"scores": list(self.scores), "winner": winner},
        }

    @classmethod
    def from_dict(
        cls, document: Mapping[str, Any], *, variant: BidEuchreVariant | None = None
    ) -> BidEuchreMatch:
        """The match a :meth:`to_dict` document describes (untrusted JSON): play goes on
        from it exactly as from the match that wrote it.

        The hands are scored again from their facts under the document's options and
        played again from the totals before them (E-34 after each), so every other
        field (the dealers, who leads, whether it is over and who won) must be what the
        hands give. A document written before the envelope (without its keys) loads too.

        Args:
            document: The JSON object, as :meth:`to_dict` writes it.
            variant: The variant that deals the match's next hands: a Bid Euchre
                variant of the document's options; by default the registered one.

        Raises:
            ScoreInputError: not a Bid Euchre match document, a field missing, unknown or
                of the wrong type, a tampered hand, a hand after the end, a derived field
                that differs (the message names it), or a variant of other options.
            OptionsError: the options are refused.
            InvalidArgumentError: the seed is not an int at most 2**53 in magnitude.

        >>> match = BidEuchreMatch.start(seed=2)
        >>> document = match.after(HandFacts(contract="5", declarer=1, tricks=(2, 4))).to_dict()
        >>> restored = BidEuchreMatch.from_dict(document)
        >>> restored.scores, restored.dealer, restored.seed
        ((2, -5), 1, 2)
        >>> BidEuchreMatch.from_dict({**document, "winner": 0})
        Traceback (most recent call last):
        ...
        cardrules.errors.ScoreInputError: ...
        """
        data = match_document(document, "bid-euchre", _DOCUMENT_FIELDS, _ADDED_FIELDS)
        options = BidEuchreOptions.from_dict(data["options"])
        results = [HandResult.from_dict(item, options) for item in match_list(data, "results")]
        final = _team_totals(match_list(data, "totals"))
        # The first dealer: the envelope's, else the dealer before the hands (E-5).
        first = data.get("first_dealer", data["dealer"])
        if type(first) is not int or not 0 <= first <= 3:
            key = "first_dealer" if "first_dealer" in data else "dealer"
            raise ScoreInputError(
                f"the match document's {key!r} is a seat from 0 to 3, not {quote(first)}"
            )
        if "first_dealer" not in data:
            first = (first - len(results)) % 4
        start = (
            final[0] - sum(hand.delta[0] for hand in results),
            final[1] - sum(hand.delta[1] for hand in results),
        )
        match = cls.start(
            options,
            totals=start,
            dealer=first,
            seed=data["seed"],
            require_seat=data["require_seat"],
            variant=variant,
        )
        for number, hand in enumerate(results, 1):
            if match.is_over:
                raise ScoreInputError(f"hand {number} of the match document follows its end (E-34)")
            match = match.after(hand)
        if not results and data["winner"] is not None:
            # A match built over: its winner is the one field the hands cannot give.
            match = cls(
                options=options,
                totals=start,
                dealer=first,
                winner=data["winner"],
                seed=match.seed,
                require_seat=match.require_seat,
                variant=match.variant,
            )
        match_agrees(data, match.to_dict(), skip=_READ_FIELDS)
        return match

    def next_hand(self, rng: random.Random | None = None) -> BidEuchreState:
        """Deprecated name of :meth:`next_deal` (removed in 0.3)."""
        warnings.warn(
            "BidEuchreMatch.next_hand is deprecated and will be removed in 0.3; use next_deal",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.next_deal(rng)

    def explain(self, names: Sequence[str] | None = None) -> str:
        """The score sheet: each hand with its points and running score, then the state.

        Args:
            names: The players' names, N first (N, E, S, W), for the seats' letters;
                the first line then says who sits where.

        Returns:
            Several lines for people, with the target and the house rules in words (as
            :meth:`BidEuchreOptions.house_rule_words` and
            :meth:`~BidEuchreOptions.target_rule_words` say them), the starting score,
            one line per hand, and who won or who deals next.

        >>> from cardrules.bid_euchre.bidding import Contract
        >>> from cardrules.bid_euchre.scoring import HandFacts
        >>> m = BidEuchreMatch.start(totals=(30, 29))
        >>> m = m.after(HandFacts(contract=Contract(3), declarer=0, tricks=(3, 3)))
        >>> print(m.explain())
        Bid Euchre match to 32 (if both reach 32 in one hand, the higher score wins)
        start: NS 30, EW 29
        1. N deals; 3 by N for NS: made with 3 of 6 tricks; NS +3, EW +3 -> NS 33, EW 32
           NS wins: both teams are at 32 or more and NS is higher (E-34)
        NS wins: NS 33, EW 32

        Raises:
            InvalidArgumentError: ``names`` is not four distinct names.
        """
        options = self.options
        given = player_names(names, 4)
        seats = _SEATS if given is None else given
        before = (
            self.scores[0] - sum(h.delta[0] for h in self.results),
            self.scores[1] - sum(h.delta[1] for h in self.results),
        )
        rules = "; ".join([*options.house_rule_words(), options.target_rule_words()])
        lines = [
            f"Bid Euchre match to {options.target_score} ({rules})",
            f"start: NS {before[0]}, EW {before[1]}",
        ]
        if given is not None:
            teams = (f"{t} ({given[i]} and {given[i + 2]})" for i, t in enumerate(_TEAMS))
            lines.insert(1, "teams: " + ", ".join(teams))
        dealer = (self.dealer - len(self.results)) % 4
        for number, hand in enumerate(self.results, 1):
            after = (before[0] + hand.delta[0], before[1] + hand.delta[1])
            _, why = _end_check(options, before, after, hand)
            lines.append(
                f"{number}. {seats[dealer]} deals; {hand._summary(seats)};"
                f" NS {_signed(hand.delta[0])}, EW {_signed(hand.delta[1])}"
                f" -> NS {after[0]}, EW {after[1]}"
            )
            lines.append(f"   {why}")
            before = after
            dealer = (dealer + 1) % 4
        if self.winner is not None:
            lines.append(f"{_TEAMS[self.winner]} wins: NS {self.scores[0]}, EW {self.scores[1]}")
        else:
            lines.append(
                f"in progress at NS {self.scores[0]}, EW {self.scores[1]};"
                f" {seats[self.dealer]} deals next"
            )
        return "\n".join(lines)
