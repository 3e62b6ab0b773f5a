"""A French Tarot match: deals in a row, the dealer rotating, scores added up (T-6, T-38).

A :class:`TarotMatch` is an immutable value. :meth:`~cardrules.tarot.TarotMatch.after`
returns the match with one more deal's :class:`~cardrules.tarot.scoring.DealResult`;
annulled deals (Petit sec, all pass) score nothing but still move the deal on (T-6,
``redeal_dealer``).

With ``TarotOptions(single_deal=True)`` (the default, the seed's game) the match is the
one deal: it is over once a deal has been played, annulled deals being redealt. Pass
``single_deal=False`` for a series of deals ranked by their totals.

>>> from cardrules.tarot.options import TarotOptions
>>> from cardrules.tarot.scoring import DealFacts, DealResult, score_deal
>>> match = TarotMatch.start(TarotOptions(single_deal=False))
>>> match = match.after(DealResult.annulled_deal(players=4, reason="all_pass"))
>>> facts = DealFacts(players=4, contract="garde", taker=1, points=45, bouts=2)
>>> match = match.after(score_deal(facts))
>>> match.dealer, match.totals, match.leaders
(2, (-58, 174, -58, -58), (1,))
"""

from __future__ import annotations

import importlib
import random
from fractions import Fraction
from typing import Any

import attrs

from cardrules.errors import GameOverError, OptionsError
from cardrules.state import State
from cardrules.tarot.options import TarotOptions
from cardrules.tarot.scoring import DealResult, Score, ScoreInputError

__all__ = ["TarotMatch"]


def _to_deals(value: tuple[DealResult, ...] | list[DealResult]) -> tuple[DealResult, ...]:
    if not isinstance(value, (tuple, list)):
        raise ScoreInputError(f"deals must be a tuple of DealResult, not {type(value).__name__}")
    for deal in value:
        if type(deal) is not DealResult:
            raise ScoreInputError(f"each deal must be a DealResult, not {type(deal).__name__}")
    return tuple(value)


def _exact(value: Score) -> Score:
    """An int when whole: totals mix int and half-point Fraction scores."""
    if type(value) is Fraction and value.denominator == 1:
        return value.numerator
    return value


@attrs.frozen(kw_only=True)
class TarotMatch:
    """A series of deals with the dealer rotating and running totals (T-38).

    Start with :meth:`start` and add each deal with :meth:`after`; or rebuild a match
    from its options and results, ``TarotMatch(options=..., deals=...)``: the dealer and
    the totals follow from them.

    Attributes:
        options: The variant's options: ``players``, the first ``dealer``,
            ``redeal_dealer`` and ``single_deal`` shape the match.
        deals: Every deal's result so far, annulled deals included, in order.
        dealer: The seat that deals next (T-6): the next seat after each deal, or the
            same seat after an annulled deal with ``redeal_dealer="same"``.
        totals: Each seat's running total, seat 0 first.

    Raises:
        OptionsError: ``options`` is not a TarotOptions.
        ScoreInputError: A deal is not a DealResult, is for another number of players,
            or follows the played deal of a single-deal match.
    """

    options: TarotOptions = attrs.field(factory=TarotOptions)
    deals: tuple[DealResult, ...] = attrs.field(default=(), converter=_to_deals)
    dealer: int = attrs.field(init=False, repr=False, eq=False)
    totals: tuple[Score, ...] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        options = self.options
        if type(options) is not TarotOptions:
            raise OptionsError(f"options must be a TarotOptions, not {type(options).__name__}")
        dealer = options.dealer
        totals: list[Score] = [0] * options.players
        previous: DealResult | None = None
        for deal in self.deals:
            self._check_next(previous, deal)
            previous = deal
            dealer = self._next_dealer(dealer, deal)
            totals = [_exact(t + s) for t, s in zip(totals, deal.scores, strict=True)]
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "totals", tuple(totals))

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
    def start(cls, options: TarotOptions | None = None) -> TarotMatch:
        """A match with no deal yet; ``options.dealer`` deals first.

        Args:
            options: The variant's options; ``TarotOptions()`` when None.

        Raises:
            OptionsError: ``options`` is not a TarotOptions.

        >>> TarotMatch.start().totals
        (0, 0, 0, 0)
        """
        return cls(options=TarotOptions() if options is None else options)

    @property
    def is_over(self) -> bool:
        """True when a single-deal match has had its deal played (T-38).

        A match of ``single_deal=False`` never ends by itself.
        """
        return self.options.single_deal and bool(self.deals) and self.deals[-1].annulled is None

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats with the highest total; several when tied (T-38 does not break ties).

        >>> TarotMatch.start().leaders
        (0, 1, 2, 3)
        """
        best = max(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == best)

    def after(self, result: DealResult) -> TarotMatch:
        """The match with ``result`` added: totals updated, the next dealer chosen (T-6).

        Args:
            result: The result of the deal dealt by :attr:`dealer`.

        Returns:
            A new match; ``self`` is unchanged.

        Raises:
            GameOverError: The match is over (a single-deal match whose deal was played).
            ScoreInputError: ``result`` is not a DealResult, or is for another number of
                players.
        """
        if self.is_over:
            raise GameOverError(
                "the match is over: its single deal has been played "
                "(use TarotOptions(single_deal=False) for a series of deals)"
            )
        if type(result) is not DealResult:
            raise ScoreInputError(f"result must be a DealResult, not {type(result).__name__}")
        self._check_next(self.deals[-1] if self.deals else None, result)
        match = object.__new__(TarotMatch)
        object.__setattr__(match, "options", self.options)
        object.__setattr__(match, "deals", (*self.deals, result))
        object.__setattr__(match, "dealer", self._next_dealer(self.dealer, result))
        object.__setattr__(
            match,
            "totals",
            tuple([_exact(t + s) for t, s in zip(self.totals, result.scores, strict=True)]),
        )
        return match

    def next_deal(self, rng: random.Random) -> State:
        """Shuffle and deal the next deal with the engine, :attr:`dealer` dealing.

        Args:
            rng: The random generator that shuffles.

        Returns:
            The deal's first state; when it ends, pass ``state.result()`` to :meth:`after`.

        Raises:
            GameOverError: The match is over.
        """
        if self.is_over:
            raise GameOverError("the match is over: its single deal has been played")
        # Loaded on first use: score keepers use matches without ever loading the engine.
        variant: Any = importlib.import_module("cardrules.tarot.variant").TarotVariant
        state: State = variant(self.options).new_game(rng=rng, dealer=self.dealer)
        return state
