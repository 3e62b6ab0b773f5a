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
>>> match = BidEuchreMatch.start(scores=(28, 20))
>>> match = match.after(HandFacts(contract=Contract(4), declarer=0, tricks=(4, 2)))
>>> match.scores, match.winner, match.is_over, match.dealer
((32, 22), 0, True, 1)
>>> match.totals, match.leaders
((32, 22, 32, 22), (0, 2))
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, TypeGuard

import attrs

from cardrules._util import quote
from cardrules.bid_euchre.options import BidEuchreOptions
from cardrules.bid_euchre.scoring import HandFacts, HandResult, score_hand
from cardrules.bid_euchre.state import BidEuchreState
from cardrules.errors import GameOverError, ScoreInputError
from cardrules.registry import get_variant_class

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
    reachable match; a resumed match (:meth:`start` with ``scores``) is in progress
    whatever its scores, and is checked after its next scored hand. The keyword
    ``hands=`` is a deprecated spelling of ``results=``.

    Attributes:
        options: The rules of every hand (E-39).
        scores: The score of team 0 (NS) and team 1 (EW); may be negative (E-30).
        dealer: The seat that deals the next hand.
        results: The hands scored since :meth:`start`, in order.
        winner: The winning team (0 = NS, 1 = EW), or ``None`` while the match goes on.
        variant: The :class:`~cardrules.bid_euchre.BidEuchreVariant` that deals the
            hands (:meth:`next_deal`): the one that started the match
            (``variant.new_match()``), else the variant of :attr:`options`. Not part of
            the match's value (equality, hash).

    Raises:
        ScoreInputError: a field of the wrong type, a hand scored under other options,
            a winner below the target, or a variant of other options.
    """

    options: BidEuchreOptions
    scores: tuple[int, int]
    dealer: int
    results: tuple[HandResult, ...]
    winner: int | None
    variant: BidEuchreVariant = attrs.field(eq=False, repr=False)

    def __init__(
        self,
        *,
        options: BidEuchreOptions = _DEFAULT_OPTIONS,
        scores: tuple[int, int] = (0, 0),
        dealer: int,
        results: tuple[HandResult, ...] = (),
        winner: int | None = None,
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
        _check_match(options, scores, dealer, results, winner)
        self.__attrs_init__(
            options=options,
            scores=scores,
            dealer=dealer,
            results=results,
            winner=winner,
            variant=_variant_of(options, variant),
        )

    @classmethod
    def start(
        cls,
        options: BidEuchreOptions | None = None,
        *,
        scores: tuple[int, int] = (0, 0),
        dealer: int | None = None,
        variant: BidEuchreVariant | None = None,
    ) -> BidEuchreMatch:
        """A new match, or one resumed from a score sheet.

        Args:
            options: The rules of every hand; the variant's options, else the
                defaults, if ``None``.
            scores: The scores to start from (NS, EW), 0-0 for a new match.
            dealer: The first dealer; ``options.first_dealer`` by default (E-3).
            variant: The variant that deals the hands (``variant.new_match()`` gives
                itself); the variant of ``options`` if ``None``.

        Returns:
            A match in progress with no hands.

        Raises:
            ScoreInputError: a bad option object, score pair or seat, or a variant of
                other options.

        >>> BidEuchreMatch.start(BidEuchreOptions(first_dealer=3)).dealer
        3
        """
        if options is None:
            options = _DEFAULT_OPTIONS if variant is None else variant.options
        if type(options) is not BidEuchreOptions:
            raise ScoreInputError(f"options must be BidEuchreOptions, not {quote(options)}")
        first = options.first_dealer if dealer is None else dealer
        return cls(options=options, scores=scores, dealer=first, variant=variant)

    @property
    def is_over(self) -> bool:
        """True once a team has won (E-34)."""
        return self.winner is not None

    @property
    def totals(self) -> tuple[int, int, int, int]:
        """Each seat's running total, seat 0 (N) first, which is its team's score.

        >>> BidEuchreMatch.start(scores=(12, -3)).totals
        (12, -3, 12, -3)
        """
        ns, ew = self.scores
        return (ns, ew, ns, ew)

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats of the team ahead, or all four seats while the scores are level.

        >>> BidEuchreMatch.start(scores=(12, 20)).leaders, BidEuchreMatch.start().leaders
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
        """
        if self.winner is not None:
            raise GameOverError(
                f"the match is over: {_TEAMS[self.winner]} won {self.scores[0]}-"
                f"{self.scores[1]}; start a new match",
                rule_id="E-34",
            )
        if isinstance(result, Mapping):
            result = HandFacts.from_dict(result)
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
        # The same variant deals the next hand.
        _set(match, "variant", self.variant)
        return match

    def next_deal(self, rng: random.Random | None = None) -> BidEuchreState:
        """The first state of the next hand, dealt by :attr:`dealer` under the options.

        Args:
            rng: The random source of the shuffle; a fresh one seeded by the operating
                system when ``None``.

        Returns:
            The dealt state of the hand.

        Raises:
            GameOverError: the match is already over.

        >>> BidEuchreMatch.start().next_deal(random.Random(1)).dealer
        0
        """
        if self.winner is not None:
            raise GameOverError(
                f"the match is over: {_TEAMS[self.winner]} won; there is no next hand",
                rule_id="E-34",
            )
        return self.variant.new_game(rng=rng, dealer=self.dealer)

    def next_hand(self, rng: random.Random | None = None) -> BidEuchreState:
        """Deprecated name of :meth:`next_deal` (removed in 0.3)."""
        warnings.warn(
            "BidEuchreMatch.next_hand is deprecated and will be removed in 0.3; use next_deal",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.next_deal(rng)

    def explain(self) -> str:
        """The score sheet: each hand with its points and running score, then the state.

        Returns:
            Several lines for people, with the target and the house rules in words (as
            :meth:`BidEuchreOptions.house_rule_words` and
            :meth:`~BidEuchreOptions.target_rule_words` say them), the starting score,
            one line per hand, and who won or who deals next.

        >>> from cardrules.bid_euchre.bidding import Contract
        >>> from cardrules.bid_euchre.scoring import HandFacts
        >>> m = BidEuchreMatch.start(scores=(30, 29))
        >>> m = m.after(HandFacts(contract=Contract(3), declarer=0, tricks=(3, 3)))
        >>> print(m.explain())
        Bid Euchre match to 32 (if both reach 32 in one hand, the higher score wins)
        start: NS 30, EW 29
        1. N deals; 3 by N for NS: made with 3 of 6 tricks; NS +3, EW +3 -> NS 33, EW 32
           NS wins: both teams are at 32 or more and NS is higher (E-34)
        NS wins: NS 33, EW 32
        """
        options = self.options
        before = (
            self.scores[0] - sum(h.delta[0] for h in self.results),
            self.scores[1] - sum(h.delta[1] for h in self.results),
        )
        rules = "; ".join([*options.house_rule_words(), options.target_rule_words()])
        lines = [
            f"Bid Euchre match to {options.target_score} ({rules})",
            f"start: NS {before[0]}, EW {before[1]}",
        ]
        dealer = (self.dealer - len(self.results)) % 4
        for number, hand in enumerate(self.results, 1):
            after = (before[0] + hand.delta[0], before[1] + hand.delta[1])
            _, why = _end_check(options, before, after, hand)
            lines.append(
                f"{number}. {_SEATS[dealer]} deals; {hand.summary};"
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
                f" {_SEATS[self.dealer]} deals next"
            )
        return "\n".join(lines)
