"""Matches: deals played in a row, the dealer moving on, the scores added up.

Every variant's :meth:`~cardrules.Variant.new_match` returns a :class:`Match`: French
Tarot's ``TarotMatch`` (deals with a rotating dealer and running totals), Bid
Euchre's ``BidEuchreMatch`` (the match to 32), or, for a variant that has no match
rules of its own, a :class:`Series` of deals. A match is an immutable value:
:meth:`~cardrules.Match.after` returns the match with one more deal's result.

>>> import random
>>> import cardrules
>>> variant = cardrules.get_variant("bid-euchre")
>>> match = variant.new_match()
>>> isinstance(match, cardrules.Match), match.dealer, match.is_over
(True, 0, False)
>>> state = match.next_deal(random.Random(5))
>>> while not state.is_terminal:
...     state = state.apply(state.legal_actions()[0])
>>> match = match.after(state.result())
>>> match.dealer
1
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol, Self, runtime_checkable

from cardrules.errors import GameOverError, ImmutableError, ScoreInputError

if TYPE_CHECKING:
    from cardrules.state import State, Variant

__all__ = ["Match", "Result", "Series"]


@runtime_checkable
class Result(Protocol):
    """What every finished deal's result offers, whatever the game.

    ``state.result()`` of a built-in variant returns one (``DealResult`` in French Tarot,
    ``HandResult`` in Bid Euchre), and so does each score-only function.
    """

    @property
    def returns(self) -> tuple[float, ...]:
        """Each seat's score for the deal, seat 0 first."""
        ...

    @property
    def summary(self) -> str:
        """One line for people, with the contract, who played it and how it went."""
        ...

    def explain(self) -> str:
        """The score's breakdown, one fact per line."""
        ...


@runtime_checkable
class Match(Protocol):
    """A series of deals under one variant's rules: whose deal is next, who leads, and
    when it is over. Implemented by ``TarotMatch``, ``BidEuchreMatch`` and
    :class:`~cardrules.match.Series`; build one with
    :meth:`Variant.new_match() <cardrules.Variant.new_match>`.
    """

    @property
    def dealer(self) -> int:
        """The seat that deals the next deal."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the match has ended (some matches never end by themselves)."""
        ...

    @property
    def results(self) -> tuple[Any, ...]:
        """Every deal's result so far, in order."""
        ...

    @property
    def totals(self) -> tuple[Any, ...]:
        """Each seat's running total, seat 0 first (partners share their side's score)."""
        ...

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats in the lead (partners together; every seat when all are level)."""
        ...

    @property
    def winner(self) -> int | None:
        """Who won once the match is over (a seat, or in a partnership game a team
        number, as the variant documents); ``None`` while it goes on or if it ended level."""
        ...

    def after(self, result: Any) -> Self:
        """The match with one more deal: ``state.result()`` of the deal dealt by
        :attr:`dealer` (or, where the variant allows it, the deal's facts)."""
        ...

    def next_deal(self, rng: random.Random | None = None) -> State:
        """Shuffle with ``rng`` and deal the next deal, :attr:`dealer` dealing."""
        ...

    def explain(self) -> str:
        """The score sheet: each deal and the running totals, for people."""
        ...


class Series:
    """A match for any variant: deals in a row, the deal passing to the left, each
    seat's :attr:`~cardrules.Result.returns` added up. Over after ``deals`` deals (never, when
    ``deals`` is None); the :attr:`winner` is then the single seat with the best total.

    Args:
        variant: The variant whose deals are played.
        dealer: The first dealer.
        deals: How many deals the series has, or None for no limit.

    >>> import cardrules
    >>> from cardrules.match import Series
    >>> series = Series(cardrules.get_variant("tarot"), deals=1)
    >>> series.dealer, series.totals, series.is_over
    (0, (0.0, 0.0, 0.0, 0.0), False)
    """

    __slots__ = ("_dealer", "_first", "_limit", "_results", "_totals", "_variant")

    _variant: Variant
    _first: int
    _limit: int | None
    _results: tuple[Any, ...]
    _totals: tuple[float, ...]
    _dealer: int

    def __init__(self, variant: Variant, *, dealer: int = 0, deals: int | None = None) -> None:
        players = variant.players
        if type(dealer) is not int or not 0 <= dealer < players:
            raise ScoreInputError(f"dealer must be a seat from 0 to {players - 1}")
        object.__setattr__(self, "_variant", variant)
        object.__setattr__(self, "_first", dealer)
        if deals is not None and (type(deals) is not int or deals < 1):
            raise ScoreInputError(
                f"deals must be a positive int or None, not {type(deals).__name__}"
            )
        object.__setattr__(self, "_limit", deals)
        object.__setattr__(self, "_results", ())
        object.__setattr__(self, "_totals", (0.0,) * players)
        object.__setattr__(self, "_dealer", self._first)

    def __setattr__(self, name: str, value: object) -> None:
        raise ImmutableError(f"Series is immutable; cannot set {name!r}")

    @property
    def variant(self) -> Variant:
        """The variant whose deals are played."""
        return self._variant

    @property
    def results(self) -> tuple[Any, ...]:
        """Every deal's result so far, in order."""
        return self._results

    @property
    def totals(self) -> tuple[float, ...]:
        """Each seat's running total, seat 0 first."""
        return self._totals

    @property
    def dealer(self) -> int:
        """The seat that deals next."""
        return self._dealer

    @property
    def is_over(self) -> bool:
        """True once the series has had its number of deals."""
        return self._limit is not None and len(self._results) >= self._limit

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats with the best total."""
        best = max(self._totals)
        return tuple(seat for seat, total in enumerate(self._totals) if total == best)

    @property
    def winner(self) -> int | None:
        """The single leader once the series is over, else None."""
        leaders = self.leaders
        return leaders[0] if self.is_over and len(leaders) == 1 else None

    def after(self, result: Any) -> Series:
        """The series with ``result`` (a finished deal's :meth:`~cardrules.State.result`).

        Raises:
            GameOverError: the series is over.
            ScoreInputError: ``result`` has no ``returns`` for this table.
        """
        if self.is_over:
            raise GameOverError("the series is over: it has had all its deals")
        returns = getattr(result, "returns", None)
        if callable(returns):
            returns = returns()
        players = self._variant.players
        if (
            not isinstance(returns, tuple)
            or len(returns) != players
            or not all(type(x) in (int, float) for x in returns)
        ):
            raise ScoreInputError(
                f"a result gives each of the {players} seats a score in its returns;"
                f" this is a {type(result).__name__}"
            )
        new = object.__new__(Series)
        for name in ("_variant", "_first", "_limit"):
            object.__setattr__(new, name, getattr(self, name))
        object.__setattr__(new, "_results", (*self._results, result))
        object.__setattr__(
            new, "_totals", tuple(t + float(r) for t, r in zip(self._totals, returns, strict=True))
        )
        object.__setattr__(new, "_dealer", (self._dealer + 1) % players)
        return new

    def next_deal(self, rng: random.Random | None = None) -> State:
        """The first state of the next deal, :attr:`dealer` dealing.

        Raises:
            GameOverError: the series is over.
        """
        if self.is_over:
            raise GameOverError("the series is over: there is no next deal")
        return self._variant.new_game(rng=rng, dealer=self._dealer)

    def explain(self) -> str:
        """One line per deal with its scores, then the totals.

        >>> import cardrules
        >>> print(Series(cardrules.get_variant("tarot")).explain())
        French Tarot series, 0 deals: totals 0, 0, 0, 0
        """
        lines = []
        for number, result in enumerate(self._results, 1):
            summary = getattr(result, "summary", None)
            text = summary if isinstance(summary, str) else type(result).__name__
            lines.append(f"{number}. {text}")
        totals = ", ".join(f"{t:g}" for t in self._totals)
        count = len(self._results)
        lines.append(
            f"{self._variant.name} series, {count} deal{'s' * (count != 1)}: totals {totals}"
        )
        return "\n".join(lines)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Series):
            return NotImplemented
        return (self._variant, self._first, self._limit, self._results) == (
            other._variant,
            other._first,
            other._limit,
            other._results,
        )

    def __hash__(self) -> int:
        return hash((self._variant, self._first, self._limit, len(self._results)))

    def __repr__(self) -> str:
        return (
            f"<Series of {self._variant.id} deals={len(self._results)}"
            f" dealer={self._dealer} totals={self._totals}>"
        )
