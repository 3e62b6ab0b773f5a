"""A French Tarot match: deals in a row, the dealer rotating, scores added up (T-6, T-38).

A :class:`TarotMatch` is an immutable value implementing the core ``cardrules.Match``
protocol. :meth:`~cardrules.tarot.TarotMatch.after` returns the
match with one more deal, given its :class:`~cardrules.tarot.DealResult` or its
:class:`~cardrules.tarot.DealFacts` (the player count left out: the match knows it);
annulled deals (Petit sec, all pass: ``DealFacts.void(reason)``) score nothing but
still move the deal on (T-6, ``redeal_dealer``).

With ``TarotOptions(single_deal=True)`` (the default, the seed's game) the match is the
one deal: it is over once a deal has been played, annulled deals being redealt. Pass
``single_deal=False`` for a series of deals ranked by their totals, or give the session
its length: ``deal_limit`` played deals, or until a seat's total reaches
``target_score``; the match then ends by itself (:attr:`~cardrules.tarot.TarotMatch.is_over`).

>>> from cardrules.tarot.options import TarotOptions
>>> from cardrules.tarot.scoring import DealFacts, DealResult
>>> match = TarotMatch.start(TarotOptions(single_deal=False))
>>> match = match.after(DealFacts.void("all_pass"))
>>> match = match.after(DealFacts(contract="garde", taker=1, points=45, bouts=2))
>>> match.dealer, match.totals, match.leaders
(2, (-58, 174, -58, -58), (1,))
"""

from __future__ import annotations

import math
import random
import warnings
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardrules._records import MatchRecord, Record
from cardrules._util import MAX_POINTS, quote
from cardrules.envelope import game_key, match_envelope
from cardrules.errors import GameOverError, OptionsError, ScoreInputError
from cardrules.info import player_names
from cardrules.match import deal_record, match_record, match_seed, next_deal_source
from cardrules.registry import get_variant_class
from cardrules.tarot.options import TarotOptions
from cardrules.tarot.scoring import DealFacts, DealResult, Score, score_deal
from cardrules.wire import match_agrees, match_document, match_list

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


# A total is a number JSON carries exactly (2**53 in magnitude), in half points at most.
_MAX_TOTAL: Final = 1 << 53

# The fields of every match document besides its format, version and variant; the
# envelope's, which a document written before it lacks; the fields from_dict reads (the
# others are checked against the match they give).
_DOCUMENT_FIELDS: Final = (
    "options",
    "seed",
    "require_seat",
    "deal_limit",
    "target_score",
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
    "tarot",
)
_READ_FIELDS: Final = (
    "options",
    "seed",
    "require_seat",
    "deal_limit",
    "target_score",
    "totals",
    "results",
)


def _total(value: object) -> Score:
    """One seat's total from paper or JSON: an int, or a half point (a Fraction or a
    float such as 40.5), exact."""
    if type(value) is int:
        exact: Fraction | int = value
    elif type(value) is Fraction:
        exact = value
    elif type(value) is float and math.isfinite(value) and (value * 2).is_integer():
        exact = Fraction(value)
    else:
        raise ScoreInputError(
            f"a total is an int or a half point (such as 40.5), not {quote(value)}"
        )
    if exact.denominator not in (1, 2) or not -_MAX_TOTAL <= exact <= _MAX_TOTAL:
        raise ScoreInputError(
            f"a total is a whole or half point at most 2**53 in magnitude, not {quote(value)}"
        )
    return _exact(exact)


def _to_totals(value: object, players: int) -> tuple[Score, ...]:
    if not isinstance(value, (tuple, list)) or len(value) != players:
        raise ScoreInputError(
            f"totals are the {players} seats' totals, seat 0 first, not {quote(value)}"
        )
    totals = tuple(_total(x) for x in value)
    if sum(totals) != 0:
        raise ScoreInputError(
            f"totals must add up to 0, as every deal's scores do (T-37), not {quote(value)}"
        )
    return totals


def _length(value: object, name: str) -> int | None:
    if value is not None and (type(value) is not int or not 1 <= value <= MAX_POINTS):
        raise ScoreInputError(
            f"{name} must be None or an int from 1 to {MAX_POINTS}, not {quote(value)}"
        )
    return value


@attrs.frozen(kw_only=True, init=False, repr=False)
class TarotMatch:
    """A series of deals with the dealer rotating and running totals (T-38).

    Start with :meth:`start` (or a variant's ``new_match()``) and add each deal with
    :meth:`after`; or rebuild a match from its options and results,
    ``TarotMatch(options=..., results=...)``: the dealer and the totals follow from them
    (``totals=`` gives the totals after the results instead, for a match resumed from
    paper). Save it with :meth:`to_dict` and restore it with :meth:`from_dict`.

    Attributes:
        options: The variant's options: ``players``, the first ``dealer``,
            ``redeal_dealer`` and ``single_deal`` shape the match.
        results: Every deal's result so far, annulled deals included, in order.
        dealer: The seat that deals next (T-6): the next seat after each deal, or the
            same seat after an annulled deal with ``redeal_dealer="same"``.
        totals: Each seat's running total, seat 0 first.
        seed: The match's seed (deal ``n`` is shuffled with
            ``cardrules.match.deal_seed(seed, n)``), or None.
        require_seat: Whether every deal requires the acting seat.
        deal_limit: The session's length in played deals (annulled deals are redealt
            and do not count), or None.
        target_score: The session ends after the played deal that takes a seat's total
            to this or more, or never by score when None.

    The match ends by itself (:attr:`is_over`) after ``deal_limit`` played deals or at
    ``target_score``, whichever comes first; with neither, after one played deal when
    ``options.single_deal`` (the default) and never otherwise.

    Raises:
        OptionsError: ``options`` is not a TarotOptions.
        ScoreInputError: A result is not a DealResult, is for another number of players,
            or follows the end of the match; bad totals or session length.
        InvalidArgumentError: a bad seed or ``require_seat``.

    >>> from cardrules.tarot.scoring import DealResult
    >>> match = TarotMatch.start().after(DealResult.annulled_deal(players=4, reason="all_pass"))
    >>> match == eval(repr(match))
    True
    """

    options: TarotOptions
    results: tuple[DealResult, ...]
    dealer: int = attrs.field(eq=False)
    totals: tuple[Score, ...]
    seed: int | None
    require_seat: bool
    deal_limit: int | None
    target_score: int | None
    # The played (not annulled) deals among the results: kept, so that is_over and
    # after() stay constant-time in a long session.
    _played: int = attrs.field(init=False, eq=False, repr=False)
    # The variant that deals the next deal: the one whose new_match() began the match,
    # else the variant of the options, found when the match first deals.
    _variant: TarotVariant | None = attrs.field(eq=False, repr=False)
    # The records of the deals added with after_deal, in order: () at the start, None
    # once a deal was added otherwise (after() leaves it unset: see _deal_records).
    _records: tuple[Record, ...] | None = attrs.field(init=False, eq=False, repr=False)

    def __init__(
        self,
        *,
        options: TarotOptions | None = None,
        results: tuple[DealResult, ...] | list[DealResult] = (),
        totals: tuple[Score | float, ...] | list[Score | float] | None = None,
        seed: int | None = None,
        require_seat: bool = False,
        deal_limit: int | None = None,
        target_score: int | None = None,
        deals: tuple[DealResult, ...] | list[DealResult] | None = None,
    ) -> None:
        if deals is not None:
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
        players = options.players
        if type(require_seat) is not bool:
            raise ScoreInputError(f"require_seat must be True or False, not {quote(require_seat)}")
        object.__setattr__(self, "options", options)
        object.__setattr__(self, "results", checked)
        object.__setattr__(self, "seed", match_seed(seed))
        object.__setattr__(self, "require_seat", require_seat)
        object.__setattr__(self, "deal_limit", _length(deal_limit, "deal_limit"))
        object.__setattr__(self, "target_score", _length(target_score, "target_score"))
        for deal in checked:
            if deal.players != players:
                raise ScoreInputError(
                    f"a {deal.players}-player deal cannot join a {players}-player match"
                )
        running: list[Score] = [0] * players
        if totals is not None:
            # Resumed from paper: the totals after the results, so they start below.
            final = _to_totals(totals, players)
            for deal in checked:
                final = tuple(_exact(t - s) for t, s in zip(final, deal.scores, strict=True))
            running = list(final)
        dealer = options.dealer
        played = 0
        previous: DealResult | None = None
        for deal in checked:
            if self._ends(played, previous, running):
                raise ScoreInputError(
                    f"a deal cannot follow the end of the match: {self._end_words(played)}"
                )
            previous = deal
            played += deal.annulled is None
            dealer = self._next_dealer(dealer, deal)
            running = [_exact(t + s) for t, s in zip(running, deal.scores, strict=True)]
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "totals", tuple(running))
        object.__setattr__(self, "_played", played)
        object.__setattr__(self, "_variant", None)
        object.__setattr__(self, "_records", None if checked else ())

    def _limit(self) -> int | None:
        """The number of played deals after which the match is over, if any."""
        if self.deal_limit is not None or self.target_score is not None:
            return self.deal_limit
        return 1 if self.options.single_deal else None

    def _ends(self, played: int, last: DealResult | None, totals: Any) -> bool:
        """Whether a match with ``played`` played deals, ``last`` the latest deal and
        these totals is over (T-38 and the session's length)."""
        if last is None:
            return False
        limit = self._limit()
        if limit is not None and played >= limit:
            return True
        target = self.target_score
        return target is not None and last.annulled is None and max(totals) >= target

    def _end_words(self, played: int) -> str:
        if self.deal_limit is None and self.target_score is None:
            return (
                "this match is a single deal (TarotOptions.single_deal=True) and it has been "
                "played; use single_deal=False for a series of deals (T-38)"
            )
        limit = self.deal_limit
        if limit is not None and played >= limit:
            return f"it has had its {limit} deal{'s' * (limit != 1)}"
        return f"a seat has reached the target score, {self.target_score}"

    def _next_dealer(self, dealer: int, deal: DealResult) -> int:
        # T-6: the deal passes to the next seat, even after an annulled deal by default.
        if deal.annulled is not None and self.options.redeal_dealer == "same":
            return dealer
        return (dealer + 1) % self.options.players

    @classmethod
    def start(
        cls,
        options: TarotOptions | None = None,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        dealer: int | None = None,
        require_seat: bool = False,
        totals: tuple[Score | float, ...] | list[Score | float] | None = None,
        deal_limit: int | None = None,
        target_score: int | None = None,
    ) -> TarotMatch:
        """A match with no deal yet, new or resumed from a score sheet.

        Args:
            options: The variant's options; ``TarotOptions()`` when None.
            seed: The match's seed: deal ``n`` is shuffled with
                ``cardrules.match.deal_seed(seed, n)``, so the match is reproducible.
            rng: Or a ``random.Random`` that draws the match's seed.
            dealer: The first dealer; ``options.dealer`` by default (T-6).
            require_seat: Every deal requires the acting seat (for servers).
            totals: The seats' totals to start from, seat 0 first (a paper score
                sheet): ints or half points, adding up to 0 (T-37).
            deal_limit: End the session after this many played deals.
            target_score: Or end it after the deal that takes a seat to this total.

        Raises:
            OptionsError: ``options`` is not a TarotOptions, or ``dealer`` not a seat.
            ScoreInputError: bad totals (the wrong number, not whole or half points,
                not adding up to 0) or a session length that is not a positive int.
            InvalidArgumentError: both ``seed`` and ``rng``, or one of the wrong type.

        >>> TarotMatch.start().totals, TarotMatch.start(dealer=2).dealer
        ((0, 0, 0, 0), 2)
        >>> match = TarotMatch.start(totals=(120, -40, -40, -40), target_score=300)
        >>> match.totals, match.is_over
        ((120, -40, -40, -40), False)
        """
        if options is None:
            options = TarotOptions()
        if type(options) is not TarotOptions:
            raise OptionsError(f"options must be a TarotOptions, not {quote(options)}")
        if dealer is not None:
            options = attrs.evolve(options, dealer=dealer)
        return cls(
            options=options,
            totals=totals,
            seed=match_seed(seed, rng),
            require_seat=require_seat,
            deal_limit=deal_limit,
            target_score=target_score,
        )

    @classmethod
    def _dealt_by(cls, variant: TarotVariant, **start: Any) -> TarotMatch:
        """A match with no deal yet whose deals ``variant`` deals (its ``new_match``),
        ``start`` the keywords of :meth:`start`."""
        match = cls.start(variant.options, **start)
        # A first dealer given to new_match is the match's options' dealer: the deals
        # are the variant's of those options (its class kept), as their records say.
        chosen = variant if match.options == variant.options else type(variant)._of(match.options)
        object.__setattr__(match, "_variant", chosen)
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
        """Whether the session has had its length (T-38).

        That is ``deal_limit`` played deals, a seat at ``target_score``, or (with
        neither) the played deal of a single-deal match. A match of
        ``single_deal=False`` with neither never ends by itself.

        >>> from cardrules.tarot.scoring import DealFacts
        >>> garde = DealFacts(players=4, contract="garde", taker=1, points=45, bouts=2)
        >>> match = TarotMatch.start(target_score=300).after(garde)
        >>> match.totals, match.is_over
        ((-58, 174, -58, -58), False)
        >>> match = match.after(garde)
        >>> match.totals, match.is_over, match.winner
        ((-116, 348, -116, -116), True, 1)
        """
        results = self.results
        if not results:
            return False
        return self._ends(self._played, results[-1], self.totals)

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
        Facts need not repeat what the match knows: without ``players`` they are the
        match's deal. A deal annulled before play is ``DealFacts.void("all_pass")`` (or
        ``"petit_sec"``), as in Bid Euchre, or its result ``DealResult.annulled_deal``.

        Args:
            result: The result of the deal dealt by :attr:`dealer`, or its facts, which
                are then scored under the match's options: a :class:`DealFacts` or its
                JSON object (see :meth:`DealFacts.from_dict`).

        Returns:
            A new match; ``self`` is unchanged.

        Raises:
            GameOverError: The match is over (a single-deal match whose deal was played).
            ScoreInputError: ``result`` is neither, is for another number of players, or
                its facts are impossible at this table (a taker who is not one of its
                seats, a void deal the options rule out).

        >>> match = TarotMatch.start(TarotOptions(single_deal=False), dealer=3)
        >>> match = match.after(DealFacts(contract="garde", taker=1, points=45, bouts=2))
        >>> match = match.after(DealFacts.void("all_pass"))
        >>> prise = {"contract": "prise", "taker": 2, "defence_points": 61, "bouts": 1}
        >>> match = match.after(prise)  # facts as JSON, scored under the match's options
        >>> match.totals, match.dealer
        ((-12, 220, -196, -12), 2)
        >>> [deal.summary for deal in match.results]
        ['Garde by seat 1: made by 4', 'deal annulled: every player passed', \
'Prise by seat 2: failed by 21']
        """
        if self.is_over:
            raise GameOverError(f"the match is over: {self._over_words()}")
        if isinstance(result, Mapping):
            result = DealFacts.from_dict(result)
        if type(result) is DealFacts:
            result = score_deal(self._at_table(result), self.options)
        elif type(result) is not DealResult:
            raise ScoreInputError(f"result must be a DealResult or DealFacts, not {quote(result)}")
        if result.players != self.options.players:
            raise ScoreInputError(
                f"a {result.players}-player deal cannot join a {self.options.players}-player match"
            )
        # Built without __init__: every field is already valid, and re-checking every
        # earlier deal would make a long match quadratic.
        match = object.__new__(TarotMatch)
        for name in ("options", "seed", "require_seat", "deal_limit", "target_score"):
            object.__setattr__(match, name, getattr(self, name))
        object.__setattr__(match, "results", (*self.results, result))
        object.__setattr__(match, "_played", self._played + (result.annulled is None))
        object.__setattr__(match, "dealer", self._next_dealer(self.dealer, result))
        object.__setattr__(
            match,
            "totals",
            tuple([_exact(t + s) for t, s in zip(self.totals, result.scores, strict=True)]),
        )
        object.__setattr__(match, "_variant", self._variant)
        return match

    def _at_table(self, facts: DealFacts) -> DealFacts:
        """``facts`` with the match's player count, checked against this table."""
        players = self.options.players
        if facts.players is None:
            # Built again, so every check that needs the table's size runs.
            return attrs.evolve(facts, players=players)
        if facts.players != players:
            raise ScoreInputError(
                f"a {facts.players}-player deal cannot join a {players}-player match"
            )
        return facts

    def _start_totals(self) -> tuple[Score, ...]:
        """The totals before the first result (not 0 for a match resumed from paper)."""
        totals = self.totals
        for deal in self.results:
            totals = tuple(_exact(t - s) for t, s in zip(totals, deal.scores, strict=True))
        return totals

    def _over_words(self) -> str:
        if self.deal_limit is None and self.target_score is None:
            return (
                "its single deal has been played "
                "(use TarotOptions(single_deal=False) for a series of deals)"
            )
        return self._end_words(self._played)

    def next_deal(self, rng: random.Random | None = None, *, seed: int | None = None) -> TarotState:
        """Shuffle and deal the next deal, :attr:`dealer` dealing, requiring the acting
        seat when the match does.

        Args:
            rng: The random generator that shuffles.
            seed: Or a seed for a fresh ``random.Random``. With neither, the match's
                own seed for this deal (``cardrules.match.deal_seed(match.seed, n)``,
                ``n`` the deals so far), or the operating system's randomness when the
                match has no seed.

        Returns:
            The deal's first state; when it ends, pass ``state.result()`` to :meth:`after`.

        Raises:
            GameOverError: The match is over.
            InvalidArgumentError: both ``rng`` and ``seed``, or one of the wrong type.

        >>> match = TarotMatch.start(seed=5, require_seat=True)
        >>> state = match.next_deal()
        >>> state.requires_seat, state == match.next_deal(), state == match.next_deal(seed=1)
        (True, True, False)
        """
        if self.is_over:
            raise GameOverError(f"the match is over: {self._over_words()}")
        source = next_deal_source(self.seed, len(self.results), rng, seed)
        variant = self._variant
        if variant is None:
            # A match begun from its options: the variant of these options, kept.
            variant = get_variant_class("tarot")._of(self.options)
            object.__setattr__(self, "_variant", variant)
        return variant.new_game(dealer=self.dealer, require_seat=self.require_seat, **source)

    def _deal_records(self) -> tuple[Record, ...] | None:
        """The records of the deals, if every deal was added with :meth:`after_deal`."""
        records: tuple[Record, ...] | None = getattr(self, "_records", None)
        return records

    def __getstate__(self) -> dict[str, Any]:
        # A match built by after() has no _records slot set: pickled as None.
        return {field.name: getattr(self, field.name, None) for field in attrs.fields(TarotMatch)}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)

    def after_deal(self, state: TarotState) -> TarotMatch:
        """The match with one more deal played through: ``state`` is its final state
        (dealt by :meth:`next_deal`), whose result is added as :meth:`after` adds it and
        whose record the match keeps for :meth:`record`.

        Raises:
            InvalidArgumentError: ``state`` is not a finished deal's state.
            GameOverError: the match is over.
            ScoreInputError: the deal is not the match's next deal (another variant,
                dealer or ``require_seat``; in a match with a seed, not the deal it deals).

        >>> match = TarotMatch.start(seed=4, deal_limit=3)
        >>> state = match.next_deal()
        >>> while not state.is_terminal:
        ...     state = state.apply(state.legal_actions()[-1])
        >>> match = match.after_deal(state)
        >>> match.totals, match.dealer, len(match.record().deals)
        ((686, -2058, 686, 686), 1, 1)
        """
        record = deal_record(self, state)
        match = self.after(state.result())
        records = self._deal_records()
        object.__setattr__(match, "_records", None if records is None else (*records, record))
        return match

    def record(self) -> MatchRecord:
        """The match's record: its start (the options, the seed, the first dealer, the
        starting totals, ``require_seat``, the session's length) and each deal's record,
        replayable (``cardrules.records.replay_match``) and signable
        (``cardrules.dumps(match.record(), key=...)``).

        Raises:
            RecordError: a deal was entered as its result or facts (:meth:`after`), not
                played through :meth:`after_deal`, or the match was restored from its
                document (:meth:`from_dict`).

        >>> book = TarotMatch.start(seed=4, totals=(30, -10, -10, -10)).record()
        >>> book.match["totals"], book.deals
        ((30, -10, -10, -10), ())
        """
        start = TarotMatch(
            options=self.options,
            totals=self._start_totals(),
            seed=self.seed,
            require_seat=self.require_seat,
            deal_limit=self.deal_limit,
            target_score=self.target_score,
        )
        object.__setattr__(start, "_variant", self._variant)
        return match_record(start, self._deal_records())

    def _the_variant(self) -> TarotVariant:
        """The variant that deals the match's deals (see :meth:`next_deal`)."""
        variant = self._variant
        if variant is None:
            variant = get_variant_class("tarot")._of(self.options)
            object.__setattr__(self, "_variant", variant)
        return variant

    def to_dict(self) -> dict[str, Any]:
        """The match as JSON values, from which :meth:`from_dict` restores it exactly.

        The envelope every match document has (``cardrules.envelope.MATCH_KEYS``: the
        variant and its options, the table, the seed, the dealers, the totals, who leads
        and who won, each result's ``to_dict()``), then the session's length and the
        winning seat, at the top as before the envelope and under the ``"tarot"`` key.
        A half point is a float (``40.5``), as in every document: exact in binary.

        >>> import json
        >>> match = TarotMatch.start(seed=3, deal_limit=4)
        >>> document = json.loads(json.dumps(match.to_dict()))
        >>> document["variant"], document["totals"], document["seed"], document["deals"]
        ('tarot', [0, 0, 0, 0], 3, 0)
        >>> document["tarot"]
        {'deal_limit': 4, 'target_score': None, 'winner': None}
        >>> TarotMatch.from_dict(document) == match
        True
        """
        winner = self.winner
        own = {"deal_limit": self.deal_limit, "target_score": self.target_score, "winner": winner}
        return {
            **match_envelope(
                self._the_variant(),
                seed=self.seed,
                require_seat=self.require_seat,
                first_dealer=self.options.dealer,
                dealer=self.dealer,
                totals=self.totals,
                leaders=self.leaders,
                is_over=self.is_over,
                winners=() if winner is None else (winner,),
                results=[result.to_dict() for result in self.results],
            ),
            **own,
            game_key("tarot"): dict(own),
        }

    @classmethod
    def from_dict(
        cls, document: Mapping[str, Any], *, variant: TarotVariant | None = None
    ) -> TarotMatch:
        """The match a :meth:`to_dict` document describes (untrusted JSON): play goes on
        from it exactly as from the match that wrote it.

        Each result is scored again from its facts under the document's options; every
        other field (the dealers, the totals' leaders, whether it is over and who won)
        must be what the deals give. A document written before the envelope (without
        its keys) loads too.

        Args:
            document: The JSON object, as :meth:`to_dict` writes it.
            variant: The variant that deals the match's next deals: a French Tarot
                variant of the document's options (a subclass's too); by default the
                registered one.

        Raises:
            ScoreInputError: not a Tarot match document, a field missing, unknown or of
                the wrong type, a tampered result, a derived field that differs (the
                message names it), or a variant of other options.
            OptionsError: the options are refused.
            InvalidArgumentError: the seed is not an int at most 2**53 in magnitude.

        >>> garde = DealFacts(players=4, contract="garde", taker=1, points=45, bouts=2)
        >>> document = TarotMatch.start(seed=3, deal_limit=4).after(garde).to_dict()
        >>> match = TarotMatch.from_dict(document)
        >>> match.totals, match.dealer, match.seed, match.is_over
        ((-58, 174, -58, -58), 1, 3, False)
        >>> TarotMatch.from_dict({**document, "winner": 1})
        Traceback (most recent call last):
        ...
        cardrules.errors.ScoreInputError: the match document's 'winner' is 1, but its deals \
give null
        """
        data = match_document(document, "tarot", _DOCUMENT_FIELDS, _ADDED_FIELDS)
        options = TarotOptions.from_dict(data["options"])
        results = [DealResult.from_dict(item, options) for item in match_list(data, "results")]
        match = cls(
            options=options,
            results=results,
            totals=match_list(data, "totals"),
            seed=data["seed"],
            require_seat=data["require_seat"],
            deal_limit=data["deal_limit"],
            target_score=data["target_score"],
        )
        if variant is not None:
            given: object = variant
            if getattr(given, "id", None) != "tarot" or getattr(given, "options", None) != options:
                raise ScoreInputError(
                    "the match's variant must be a French Tarot variant of the document's"
                    f" options, not {quote(variant)}"
                )
            object.__setattr__(match, "_variant", variant)
        match_agrees(data, match.to_dict(), skip=_READ_FIELDS)
        return match

    def explain(self, names: Sequence[str] | None = None) -> str:
        """The score sheet: each deal with its scores and the running totals, then who won
        or who deals next; the seats named ``names`` (the players', seat 0 first) if given.

        >>> from cardrules.tarot.scoring import DealFacts
        >>> match = TarotMatch.start()
        >>> match = match.after(DealFacts(players=4, contract="garde", taker=1, points=45, bouts=2))
        >>> print(match.explain())
        French Tarot match, 4 players, a single deal (T-38)
        1. seat 0 deals; Garde by seat 1: made by 4; -58, +174, -58, -58 -> -58, 174, -58, -58
        seat 1 wins with 174

        Raises:
            InvalidArgumentError: ``names`` is not one distinct name per seat.
        """
        options = self.options
        given = player_names(names, options.players)

        def who(seat: int) -> str:
            return f"seat {seat}" if given is None else given[seat]

        if self.deal_limit is not None or self.target_score is not None:
            ends = []
            if self.deal_limit is not None:
                ends.append(f"{self.deal_limit} deal{'s' * (self.deal_limit != 1)}")
            if self.target_score is not None:
                ends.append(f"to {self.target_score} points")
            kind = " or ".join(ends)
        else:
            kind = "a single deal" if options.single_deal else "deals in a row"
        lines = [f"French Tarot match, {options.players} players, {kind} (T-38)"]
        dealer = options.dealer
        totals = list(self._start_totals())
        if any(totals):
            lines.append("start: " + ", ".join(_shown(t) for t in totals))
        for count, deal in enumerate(self.results, 1):
            totals = [_exact(t + s) for t, s in zip(totals, deal.scores, strict=True)]
            scores = ", ".join(_signed(s) for s in deal.scores)
            running = ", ".join(_shown(t) for t in totals)
            lines.append(
                f"{count}. {who(dealer)} deals; {deal._summary(given)}; {scores} -> {running}"
            )
            dealer = self._next_dealer(dealer, deal)
        winner = self.winner
        if winner is not None:
            lines.append(f"{who(winner)} wins with {_shown(self.totals[winner])}")
        elif self.is_over:
            if given is None:
                level = "seats " + ", ".join(str(s) for s in self.leaders)
            else:
                level = ", ".join(given[s] for s in self.leaders)
            lines.append(f"over, {level} level with {_shown(max(self.totals))}")
        else:
            lines.append(f"in progress; {who(self.dealer)} deals next")
        return "\n".join(lines)

    def __repr__(self) -> str:
        results = ", ".join(repr(r) for r in self.results)
        if len(self.results) == 1:
            results += ","
        extra = ""
        if any(self._start_totals()):
            extra += f", totals={self.totals!r}"
        for name in ("seed", "require_seat", "deal_limit", "target_score"):
            value = getattr(self, name)
            if value is not None and value is not False:
                extra += f", {name}={value!r}"
        return f"TarotMatch(options={self.options!r}, results=({results}){extra})"
