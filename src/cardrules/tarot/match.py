"""A French Tarot match: deals in a row, the dealer rotating, scores added up (T-6, T-38).

A :class:`TarotMatch` is an immutable value implementing the core ``cardrules.Match``
protocol. :meth:`~cardrules.tarot.TarotMatch.after` returns the
match with one more deal, given its :class:`~cardrules.tarot.DealResult` or its
:class:`~cardrules.tarot.DealFacts`; annulled deals (Petit sec, all pass) score nothing
but still move the deal on (T-6, ``redeal_dealer``).

With ``TarotOptions(single_deal=True)`` (the default, the seed's game) the match is the
one deal: it is over once a deal has been played, annulled deals being redealt. Pass
``single_deal=False`` for a series of deals ranked by their totals.

>>> from cardrules.tarot.options import TarotOptions
>>> from cardrules.tarot.scoring import DealFacts, DealResult
>>> match = TarotMatch.start(TarotOptions(single_deal=False))
>>> match = match.after(DealResult.annulled_deal(players=4, reason="all_pass"))
>>> match = match.after(DealFacts(players=4, contract="garde", taker=1, points=45, bouts=2))
>>> match.dealer, match.totals, match.leaders
(2, (-58, 174, -58, -58), (1,))
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardrules._util import quote
from cardrules.errors import GameOverError, OptionsError, ScoreInputError
from cardrules.registry import get_variant_class
from cardrules.tarot.options import TarotOptions
from cardrules.tarot.scoring import DealFacts, DealResult, Score, score_deal

if TYPE_CHECKING:
    from cardrules.tarot.state import TarotState
    from cardrules.tarot.variant import TarotVariant

__all__ = ["TarotMatch"]


def _to_results(value: object) -> tuple[DealResult, ...]:
    if not isinstance(value, (tuple, list)):
        raise ScoreInputError(f"results must be a tuple of DealResult, not {quote(value)}")
    for deal in value:
        if type(deal) is not DealResult:
            raise ScoreInputError(f"each result must be a DealResult, not {quote(deal)}")
    return tuple(value)


def _exact(value: Score) -> Score:
    """An int when whole: totals mix int and half-point Fraction scores."""
    if type(value) is Fraction and value.denominator == 1:
        return value.numerator
    return value


def _shown(value: Score) -> str:
    return str(value) if type(value) is int else f"{float(value):g}"


def _signed(value: Score) -> str:
    return ("+" if value > 0 else "") + _shown(value)


_UNSET: Final[Any] = object()


@attrs.frozen(kw_only=True, init=False, repr=False)
class TarotMatch:
    """A series of deals with the dealer rotating and running totals (T-38).

    Start with :meth:`start` (or a variant's ``new_match()``) and add each deal with
    :meth:`after`; or rebuild a match from its options and results,
    ``TarotMatch(options=..., results=...)``: the dealer and the totals follow from them.

    Attributes:
        options: The variant's options: ``players``, the first ``dealer``,
            ``redeal_dealer`` and ``single_deal`` shape the match.
        results: Every deal's result so far, annulled deals included, in order.
        dealer: The seat that deals next (T-6): the next seat after each deal, or the
            same seat after an annulled deal with ``redeal_dealer="same"``.
        totals: Each seat's running total, seat 0 first.

    Raises:
        OptionsError: ``options`` is not a TarotOptions.
        ScoreInputError: A result is not a DealResult, is for another number of players,
            or follows the played deal of a single-deal match.

    >>> from cardrules.tarot.scoring import DealResult
    >>> match = TarotMatch.start().after(DealResult.annulled_deal(players=4, reason="all_pass"))
    >>> match == eval(repr(match))
    True
    """

    options: TarotOptions
    results: tuple[DealResult, ...]
    dealer: int = attrs.field(eq=False)
    totals: tuple[Score, ...] = attrs.field(eq=False)
    # The variant that deals the next deal: the one whose new_match() began the match,
    # else the variant of the options, found when the match first deals.
    _variant: TarotVariant | None = attrs.field(eq=False, repr=False)

    def __init__(
        self,
        *,
        options: TarotOptions | None = None,
        results: tuple[DealResult, ...] | list[DealResult] = (),
        deals: tuple[DealResult, ...] | list[DealResult] = _UNSET,
    ) -> None:
        if deals is not _UNSET:
            warnings.warn(
                "TarotMatch(deals=...) is deprecated and will be removed in 0.3; pass results=...",
                DeprecationWarning,
                stacklevel=2,
            )
            if results:
                raise ScoreInputError("give the results once: results=..., not also deals=...")
            results = deals
        if options is None:
            options = TarotOptions()
        if type(options) is not TarotOptions:
            raise OptionsError(f"options must be a TarotOptions, not {quote(options)}")
        checked = _to_results(results)
        object.__setattr__(self, "options", options)
        object.__setattr__(self, "results", checked)
        dealer = options.dealer
        totals: list[Score] = [0] * options.players
        previous: DealResult | None = None
        for deal in checked:
            self._check_next(previous, deal)
            previous = deal
            dealer = self._next_dealer(dealer, deal)
            totals = [_exact(t + s) for t, s in zip(totals, deal.scores, strict=True)]
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "totals", tuple(totals))
        object.__setattr__(self, "_variant", None)

    def _check_next(self, previous: DealResult | None, deal: DealResult) -> None:
        players = self.options.players
        if deal.players != players:
            raise ScoreInputError(
                f"a {deal.players}-player deal cannot join a {players}-player match"
            )
        if self.options.single_deal and previous is not None and previous.annulled is None:
            raise ScoreInputError(
                "this match is a single deal (TarotOptions.single_deal=True) and it has been "
                "played; use single_deal=False for a series of deals (T-38)"
            )

    def _next_dealer(self, dealer: int, deal: DealResult) -> int:
        # T-6: the deal passes to the next seat, even after an annulled deal by default.
        if deal.annulled is not None and self.options.redeal_dealer == "same":
            return dealer
        return (dealer + 1) % self.options.players

    @classmethod
    def start(cls, options: TarotOptions | None = None, *, dealer: int | None = None) -> TarotMatch:
        """A match with no deal yet.

        Args:
            options: The variant's options; ``TarotOptions()`` when None.
            dealer: The first dealer; ``options.dealer`` by default (T-6).

        Raises:
            OptionsError: ``options`` is not a TarotOptions, or ``dealer`` not a seat.

        >>> TarotMatch.start().totals, TarotMatch.start(dealer=2).dealer
        ((0, 0, 0, 0), 2)
        """
        if options is None:
            options = TarotOptions()
        if type(options) is not TarotOptions:
            raise OptionsError(f"options must be a TarotOptions, not {quote(options)}")
        if dealer is not None:
            options = attrs.evolve(options, dealer=dealer)
        return cls(options=options)

    @classmethod
    def _dealt_by(cls, variant: TarotVariant) -> TarotMatch:
        """A match with no deal yet whose deals ``variant`` deals (its ``new_match``)."""
        match = cls(options=variant.options)
        object.__setattr__(match, "_variant", variant)
        return match

    @property
    def deals(self) -> tuple[DealResult, ...]:
        """The deprecated name of :attr:`results`."""
        warnings.warn(
            "TarotMatch.deals is deprecated and will be removed in 0.3; use TarotMatch.results",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.results

    @property
    def is_over(self) -> bool:
        """True when a single-deal match has had its deal played (T-38).

        A match of ``single_deal=False`` never ends by itself.
        """
        results = self.results
        return self.options.single_deal and bool(results) and results[-1].annulled is None

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats with the highest total; several when tied (T-38 does not break ties).

        >>> TarotMatch.start().leaders
        (0, 1, 2, 3)
        """
        best = max(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == best)

    @property
    def winner(self) -> int | None:
        """The seat with the best total once the match is over; ``None`` while it goes
        on, or when the best total is shared (T-38)."""
        leaders = self.leaders
        return leaders[0] if self.is_over and len(leaders) == 1 else None

    def after(self, result: DealResult | DealFacts | Mapping[str, Any]) -> TarotMatch:
        """The match with one more deal: totals updated, the next dealer chosen (T-6).

        The same convention as ``BidEuchreMatch.after``: a result, or facts to score.

        Args:
            result: The result of the deal dealt by :attr:`dealer`, or its facts, which
                are then scored under the match's options: a :class:`DealFacts` or its
                JSON object (see :meth:`DealFacts.from_dict`).

        Returns:
            A new match; ``self`` is unchanged.

        Raises:
            GameOverError: The match is over (a single-deal match whose deal was played).
            ScoreInputError: ``result`` is neither, or is for another number of players.
        """
        if self.is_over:
            raise GameOverError(
                "the match is over: its single deal has been played "
                "(use TarotOptions(single_deal=False) for a series of deals)"
            )
        if isinstance(result, Mapping):
            result = DealFacts.from_dict(result)
        if type(result) is DealFacts:
            result = score_deal(result, self.options)
        elif type(result) is not DealResult:
            raise ScoreInputError(f"result must be a DealResult or DealFacts, not {quote(result)}")
        self._check_next(self.results[-1] if self.results else None, result)
        # Built without __init__: every field is already valid, and re-checking every
        # earlier deal would make a long match quadratic.
        match = object.__new__(TarotMatch)
        object.__setattr__(match, "options", self.options)
        object.__setattr__(match, "results", (*self.results, result))
        object.__setattr__(match, "dealer", self._next_dealer(self.dealer, result))
        object.__setattr__(
            match,
            "totals",
            tuple([_exact(t + s) for t, s in zip(self.totals, result.scores, strict=True)]),
        )
        object.__setattr__(match, "_variant", self._variant)
        return match

    def next_deal(self, rng: random.Random | None = None) -> TarotState:
        """Shuffle and deal the next deal, :attr:`dealer` dealing.

        Args:
            rng: The random generator that shuffles; a fresh one seeded by the operating
                system when ``None``.

        Returns:
            The deal's first state; when it ends, pass ``state.result()`` to :meth:`after`.

        Raises:
            GameOverError: The match is over.
        """
        if self.is_over:
            raise GameOverError("the match is over: its single deal has been played")
        variant = self._variant
        if variant is None:
            # A match begun from its options: the variant of these options, kept.
            variant = get_variant_class("tarot")._of(self.options)
            object.__setattr__(self, "_variant", variant)
        return variant.new_game(rng=rng, dealer=self.dealer)

    def explain(self) -> str:
        """The score sheet: each deal with its scores and the running totals, then who won
        or who deals next.

        >>> from cardrules.tarot.scoring import DealFacts
        >>> match = TarotMatch.start()
        >>> match = match.after(DealFacts(players=4, contract="garde", taker=1, points=45, bouts=2))
        >>> print(match.explain())
        French Tarot match, 4 players, a single deal (T-38)
        1. seat 0 deals; Garde by seat 1: made by 4; -58, +174, -58, -58 -> -58, 174, -58, -58
        seat 1 wins with 174
        """
        options = self.options
        kind = "a single deal" if options.single_deal else "deals in a row"
        lines = [f"French Tarot match, {options.players} players, {kind} (T-38)"]
        dealer = options.dealer
        totals: list[Score] = [0] * options.players
        for number, deal in enumerate(self.results, 1):
            totals = [_exact(t + s) for t, s in zip(totals, deal.scores, strict=True)]
            scores = ", ".join(_signed(s) for s in deal.scores)
            running = ", ".join(_shown(t) for t in totals)
            lines.append(f"{number}. seat {dealer} deals; {deal.summary}; {scores} -> {running}")
            dealer = self._next_dealer(dealer, deal)
        winner = self.winner
        if winner is not None:
            lines.append(f"seat {winner} wins with {_shown(self.totals[winner])}")
        elif self.is_over:
            seats = ", ".join(str(s) for s in self.leaders)
            lines.append(f"over, seats {seats} level with {_shown(max(self.totals))}")
        else:
            lines.append(f"in progress; seat {self.dealer} deals next")
        return "\n".join(lines)

    def __repr__(self) -> str:
        results = ", ".join(repr(r) for r in self.results)
        if len(self.results) == 1:
            results += ","
        return f"TarotMatch(options={self.options!r}, results=({results}))"
