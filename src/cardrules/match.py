"""Matches: deals played in a row, the dealer moving on, the scores added up.

Every variant's :meth:`~cardrules.Variant.new_match` returns a :class:`Match`: French
Tarot's ``TarotMatch`` (deals with a rotating dealer and running totals), Bid
Euchre's ``BidEuchreMatch`` (the match to 32), or, for a variant that has no match
rules of its own, a :class:`Series` of deals. A match is an immutable value:
:meth:`~cardrules.Match.after` returns the match with one more deal's result.

A match serves a table the way a single deal does: ``new_match(seed=...)`` makes
every deal of the match reproducible (deal ``n`` is shuffled with
:func:`deal_seed` of the match's seed and ``n``, so a match saved and restored deals
the same cards), and ``require_seat=True`` is carried to every deal.

>>> import random
>>> import cardrules
>>> variant = cardrules.get_variant("bid-euchre")
>>> match = variant.new_match(seed=7, require_seat=True)
>>> isinstance(match, cardrules.Match), match.dealer, match.is_over
(True, 0, False)
>>> state = match.next_deal()
>>> state.requires_seat, state == variant.new_game(seed=deal_seed(7, 0), require_seat=True)
(True, True)
>>> while not state.is_terminal:
...     state = state.apply(state.legal_actions()[0], seat=state.to_play)
>>> match = match.after(state.result())
>>> match.dealer
1
"""

from __future__ import annotations

import hashlib
import inspect
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol, Self, runtime_checkable

from cardrules._documents import match_agrees, match_document, match_list, same_json
from cardrules._records import MatchRecord, Record, freeze, thaw
from cardrules._util import quote
from cardrules.envelope import MATCH_KEYS, RESULT_KEYS, game_key, match_envelope, result_document
from cardrules.errors import (
    GameOverError,
    ImmutableError,
    InvalidArgumentError,
    RecordError,
    ScoreInputError,
)
from cardrules.info import player_names

if TYPE_CHECKING:
    from cardrules.state import State, Variant

__all__ = [
    "Match",
    "RecordedMatch",
    "Result",
    "ScoredDeal",
    "Series",
    "deal_record",
    "deal_seed",
    "match_record",
    "match_seed",
    "next_deal_source",
]

# A match's seed is a number JSON carries exactly (2**53 in magnitude).
_MAX_SEED: Final = 1 << 53


def match_seed(seed: object = None, rng: object = None) -> int | None:
    """The seed a match keeps, from what ``new_match``/``start`` were given.

    Args:
        seed: The match's seed: an int at most 2**53 in magnitude (a JSON number).
        rng: Or a ``random.Random`` that draws one (53 bits).

    Returns:
        The seed, or ``None`` for a match whose deals are shuffled from the operating
        system's randomness.

    Raises:
        InvalidArgumentError: both given, or a seed or rng of the wrong type or size.

    >>> match_seed(seed=12), match_seed(rng=random.Random(1)), match_seed()
    (12, 5126933103096309, None)
    """
    if seed is not None and rng is not None:
        raise InvalidArgumentError("give seed or rng, not both")
    if rng is not None:
        if not isinstance(rng, random.Random):
            raise InvalidArgumentError(f"rng must be a random.Random, not {quote(rng)}")
        return rng.getrandbits(53)
    if seed is None:
        return None
    if type(seed) is not int or not -_MAX_SEED <= seed <= _MAX_SEED:
        raise InvalidArgumentError(
            f"a match's seed is an int at most 2**53 in magnitude, not {quote(seed)}"
        )
    return seed


def deal_seed(seed: int, number: int) -> int:
    """The seed of deal ``number`` (0 first) of a match seeded with ``seed``.

    A hash of both, the same on every platform and Python version, so a match restored
    from its ``to_dict()`` deals the cards the live match would have dealt.

    >>> deal_seed(7, 0), deal_seed(7, 1)
    (215090346753737, 42653291588542)
    """
    digest = hashlib.sha256(f"cardrules-match:{seed}:{number}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def next_deal_source(
    seed: int | None, number: int, rng: object = None, deal: object = None
) -> dict[str, Any]:
    """The shuffle of a match's next deal, as ``new_game`` keywords: the ``rng`` or
    ``deal`` seed given to ``next_deal``, else the match's own :func:`deal_seed`, else
    nothing (the operating system's randomness).

    Args:
        seed: The match's seed, or None.
        number: The next deal's number (the deals played so far).
        rng: ``next_deal``'s rng argument.
        deal: ``next_deal``'s seed argument.

    Raises:
        InvalidArgumentError: both ``rng`` and ``deal`` given.

    >>> next_deal_source(7, 3), next_deal_source(None, 3), next_deal_source(7, 3, deal=1)
    ({'seed': 7165774664997}, {}, {'seed': 1})
    """
    if rng is not None and deal is not None:
        raise InvalidArgumentError("give next_deal an rng or a seed, not both")
    if rng is not None:
        return {"rng": rng}
    if deal is not None:
        return {"seed": deal}
    if seed is not None:
        return {"seed": deal_seed(seed, number)}
    return {}


@runtime_checkable
class Result(Protocol):
    """What every finished deal's result offers, whatever the game.

    ``state.result()`` of a built-in variant returns one (``DealResult`` in French Tarot,
    ``HandResult`` in Bid Euchre), and so does each score-only function.

    >>> import cardrules
    >>> from cardrules.tarot import DealFacts, score_deal
    >>> result = score_deal(DealFacts(players=4, contract="garde", taker=0, points=45, bouts=2))
    >>> isinstance(result, cardrules.Result), result.returns
    (True, (174.0, -58.0, -58.0, -58.0))
    >>> result.summary
    'Garde by seat 0: made by 4'
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

    >>> import cardrules
    >>> match = cardrules.get_variant("bid-euchre").new_match(seed=2)
    >>> isinstance(match, cardrules.Match)
    True
    >>> match.dealer, match.totals, match.leaders, match.is_over, match.winner
    (0, (0, 0, 0, 0), (0, 1, 2, 3), False, None)
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
        :attr:`dealer` (or, where the variant allows it, the deal's facts).

        >>> import cardrules
        >>> match = cardrules.get_variant("bid-euchre").new_match(seed=2)
        >>> state = match.next_deal()
        >>> while not state.is_terminal:
        ...     state = state.apply(state.legal_actions()[-1])
        >>> state.result().summary
        '6M by E for EW: set with 1 of 6 tricks'
        >>> match = match.after(state.result())
        >>> match.totals, match.dealer, len(match.results)
        ((5, -6, 5, -6), 1, 1)
        """
        ...

    def next_deal(self, rng: random.Random | None = None, *, seed: int | None = None) -> State:
        """Deal the next deal, :attr:`dealer` dealing: shuffled with ``rng``, or
        ``random.Random(seed)``, or (with neither) the match's own seed for this deal
        when it has one (:func:`~cardrules.match.deal_seed`); the deal requires the
        acting seat when the match does (``require_seat=True``).

        >>> import cardrules
        >>> variant = cardrules.get_variant("bid-euchre")
        >>> match = variant.new_match(seed=2)
        >>> state = match.next_deal()
        >>> state.dealer, state.to_play, state == variant.new_game(seed=deal_seed(2, 0))
        (0, 1, True)
        >>> match.next_deal(seed=3) == variant.new_game(seed=3)
        True
        """
        ...

    def explain(self) -> str:
        """The score sheet: each deal and the running totals, for people."""
        ...


def deal_record(match: Any, state: State) -> Record:
    """The record of ``state``, the final state of the deal ``match`` deals next, checked
    to be that deal: of the match's variant, dealt by its dealer, requiring the seat
    as its deals do, and, in a match with a seed, the very deal its ``next_deal()``
    deals (so that a match record replays). What a match's ``after_deal`` keeps.

    Args:
        match: The match (``TarotMatch``, ``BidEuchreMatch``, :class:`Series`, or a
            plugin's with ``next_deal`` and ``seed``).
        state: The deal's final state.

    Raises:
        InvalidArgumentError: ``state`` is not a finished deal's state.
        GameOverError: the match is over.
        ScoreInputError: the deal is not the match's next deal (the message says why).

    >>> import cardrules
    >>> match = cardrules.get_variant("bid-euchre").new_match(seed=4)
    >>> state = match.next_deal()
    >>> while not state.is_terminal:
    ...     state = state.apply(state.legal_actions()[0])
    >>> deal_record(match, state) == state.record()
    True
    >>> other = match.next_deal(seed=1)
    >>> while not other.is_terminal:
    ...     other = other.apply(other.legal_actions()[0])
    >>> deal_record(match, other)
    Traceback (most recent call last):
    ...
    cardrules.errors.ScoreInputError: this deal is not the match's deal 1, which its seed \
deals: ...
    """
    given: object = state
    finished = getattr(given, "is_terminal", None) is True
    if not finished or not callable(getattr(given, "record", None)):
        raise InvalidArgumentError(
            f"after_deal takes the final state of a finished deal, not {quote(state)}"
        )
    first = match.next_deal()
    if state.variant != first.variant:
        raise ScoreInputError(
            f"this deal is of {state.variant!r}; the match's deals are of {first.variant!r}"
        )
    if state.dealer != first.dealer:
        raise ScoreInputError(
            f"this deal was dealt by seat {state.dealer}; the match's next deal is seat"
            f" {first.dealer}'s"
        )
    if state.requires_seat is not first.requires_seat:
        raise ScoreInputError(
            "this deal requires the acting seat and the match's do not"
            if state.requires_seat
            else "the match's deals require the acting seat and this deal does not"
        )
    record = state.record()
    if getattr(match, "seed", None) is not None and record.deal != first.record().deal:
        raise ScoreInputError(
            f"this deal is not the match's deal {len(match.results) + 1}, which its seed"
            " deals: deal it with match.next_deal() (no rng, no seed), or enter its"
            " result with match.after(state.result())"
        )
    return record


def match_record(start: Any, records: tuple[Record, ...] | None) -> MatchRecord:
    """The match record of a match that began as ``start`` (a match with no deal) and
    whose deals' records are ``records``, in order (what ``match.record()`` gives).

    Raises:
        RecordError: ``records`` is None: a deal was entered as its result or facts
            (``after``), not played through ``after_deal``, or the match was restored
            from its document.

    >>> import cardrules
    >>> start = cardrules.get_variant("tarot").new_match(seed=1)
    >>> match_record(start, ()).dealer
    0
    """
    if records is None:
        raise RecordError(
            "this match has no record of its deals: a deal was entered as its result or"
            " facts (match.after), or the match was restored from its document; add each"
            " deal with match.after_deal(final_state), and restore a match with"
            " cardrules.records.replay_match"
        )
    return MatchRecord(match=start.to_dict(), deals=records)


@runtime_checkable
class RecordedMatch(Match, Protocol):
    """A :class:`Match` that saves itself and keeps the record of its deals:
    ``TarotMatch``, ``BidEuchreMatch`` and :class:`Series` (what
    :func:`cardrules.records.replay_match` and :func:`cardrules.records.match_from_dict`
    return).

    >>> import cardrules
    >>> match = cardrules.get_variant("tarot").new_match(seed=1)
    >>> isinstance(match, RecordedMatch), match.record().deals
    (True, ())
    """

    def to_dict(self) -> dict[str, Any]:
        """The match document (the envelope of ``cardrules.envelope.MATCH_KEYS`` first).

        >>> import cardrules
        >>> document = cardrules.get_variant("bid-euchre").new_match(seed=1).to_dict()
        >>> document["variant"], document["seat_names"], document["deals"]
        ('bid-euchre', ['N', 'E', 'S', 'W'], 0)
        """
        ...

    def after_deal(self, state: Any) -> Self:
        """The match with one more deal played through (its final state), whose record
        it keeps.

        >>> import cardrules
        >>> match = cardrules.get_variant("bid-euchre").new_match(seed=1)
        >>> state = match.next_deal()
        >>> while not state.is_terminal:
        ...     state = state.apply(state.legal_actions()[-1])
        >>> len(match.after_deal(state).record().deals)
        1
        """
        ...

    def record(self) -> MatchRecord:
        """The match's record: its start and each deal's record.

        >>> import cardrules
        >>> book = cardrules.get_variant("tarot").new_match(seed=1, dealer=2).record()
        >>> book.variant, book.dealer, book.deals
        ('tarot', 2, ())
        """
        ...


def _takes(function: Any, keyword: str) -> bool:
    """Whether ``function`` takes ``keyword`` (by name, or in its ``**kwargs``)."""
    parameters = inspect.signature(function).parameters.values()
    return any(p.name == keyword or p.kind is p.VAR_KEYWORD for p in parameters)


class ScoredDeal:
    """A finished deal's result as a :class:`Series`' match document keeps it: its
    returns, scores and texts, and the game's own detail, read back; a
    :class:`Result`. :meth:`Series.from_dict` gives one for each deal of the document,
    since a deal's own result type is the game's (a plugin's) and needs no way back
    from JSON; the series plays on from them exactly as from the live one. Replaying a
    match record (:func:`cardrules.records.replay_match`) gives the deals' own results.

    Args:
        document: A result document as :func:`~cardrules.envelope.result_document`
            writes them: the result envelope (``cardrules.envelope.RESULT_KEYS``) and
            the game's own detail under its key.

    Raises:
        ScoreInputError: ``document`` is not such a document (a key missing or unknown,
            a value of the wrong type).

    >>> import cardrules
    >>> from cardrules.tarot import DealFacts, score_deal
    >>> variant = cardrules.get_variant("tarot")
    >>> facts = DealFacts(players=4, contract="garde", taker=1, points=45, bouts=2)
    >>> series = Series(variant, deals=3).after(score_deal(facts))
    >>> deal = Series.from_dict(series.to_dict(), variant).results[0]
    >>> type(deal).__name__, deal.returns, deal.summary
    ('ScoredDeal', (-58.0, 174.0, -58.0, -58.0), 'Garde by seat 1: made by 4')
    """

    __slots__ = ("_document",)

    _document: Mapping[str, Any]

    def __init__(self, document: Mapping[str, Any]) -> None:
        _check_result_document(document, "the result document")
        object.__setattr__(self, "_document", freeze(document))

    def __setattr__(self, name: str, value: object) -> None:
        raise ImmutableError(f"ScoredDeal is immutable; cannot set {name!r}")

    @property
    def returns(self) -> tuple[float, ...]:
        """Each seat's return, seat 0 first."""
        return tuple(float(r) for r in self._document["returns"])

    @property
    def scores(self) -> tuple[int | float, ...]:
        """Each seat's score in the game's units, seat 0 first."""
        return tuple(self._document["scores"])

    @property
    def summary(self) -> str:
        """The result's one-line summary."""
        summary: str = self._document["summary"]
        return summary

    @property
    def contract(self) -> str | None:
        """The contract's notation, or None."""
        contract: str | None = self._document["contract"]
        return contract

    @property
    def declarer(self) -> int | None:
        """The seat that held the contract, or None."""
        declarer: int | None = self._document["declarer"]
        return declarer

    def explain(self) -> str:
        """The result's explanation, as the document wrote it."""
        text: str = self._document["explain"]
        return text

    def to_dict(self) -> dict[str, Any]:
        """The game's own detail of the result (the document's game key), as JSON values.

        >>> import cardrules
        >>> series = Series(cardrules.get_variant("tarot"))
        >>> document = series.to_dict()
        >>> document["results"].append({
        ...     "variant": "tarot", "players": 4, "seat_names": ["0", "1", "2", "3"],
        ...     "contract": None, "declarer": None, "returns": [3, -1, -1, -1],
        ...     "scores": [3, -1, -1, -1], "summary": "s", "explain": "e", "tarot": {"x": 1}})
        >>> document |= {"deals": 1, "totals": [3, -1, -1, -1], "leaders": [0], "dealer": 1}
        >>> Series.from_dict(document, series.variant).results[0].to_dict()
        {'x': 1}
        """
        own: dict[str, Any] = thaw(self._document[game_key(self._document["variant"])])
        return own

    @property
    def document(self) -> dict[str, Any]:
        """The whole result document, as JSON values (a fresh copy)."""
        whole: dict[str, Any] = thaw(self._document)
        return whole

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ScoredDeal):
            return NotImplemented
        return self._document == other._document

    def __hash__(self) -> int:
        return hash(self._document)

    def __repr__(self) -> str:
        return f"<ScoredDeal {self.summary!r} returns={self.returns}>"


def _check_result_document(item: object, where: str) -> Mapping[str, Any]:
    """``item``, if it is a result document of some variant: the result envelope and the
    game's key, each of its type; else the error."""
    if not isinstance(item, Mapping):
        raise ScoreInputError(f"{where} is a JSON object, not {quote(item)}")
    variant = item.get("variant")
    if type(variant) is not str:
        raise ScoreInputError(f"{where} has a wrong 'variant': {quote(variant)}")
    key = game_key(variant)
    fields = (*RESULT_KEYS, key)
    unknown = [k for k in item if k not in fields]
    if unknown:
        raise ScoreInputError(f"{where} has the unknown field {quote(unknown[0])}")
    missing = [k for k in fields if k not in item]
    if missing:
        raise ScoreInputError(f"{where} lacks the field {missing[0]!r}")
    players = item["players"]
    if type(players) is not int or players < 1:
        raise ScoreInputError(f"{where} has a wrong 'players': {quote(players)}")
    names = item["seat_names"]
    checks = {
        "seat_names": isinstance(names, (list, tuple))
        and len(names) == players
        and all(type(name) is str for name in names),
        "contract": item["contract"] is None or type(item["contract"]) is str,
        "declarer": item["declarer"] is None
        or (type(item["declarer"]) is int and 0 <= item["declarer"] < players),
        "returns": _numbers(item["returns"], players),
        "scores": _numbers(item["scores"], players),
        "summary": type(item["summary"]) is str,
        "explain": type(item["explain"]) is str,
        key: isinstance(item[key], Mapping),
    }
    for field, good in checks.items():
        if not good:
            raise ScoreInputError(f"{where} has a wrong {field!r}: {quote(item[field])}")
    return item


def _scored_deal(item: object, variant: Variant, number: int) -> ScoredDeal:
    """Deal ``number`` of a series' match document: a result document as
    :func:`~cardrules.envelope.result_document` writes them for ``variant``, checked."""
    where = f"result {number} of the match document"
    document = _check_result_document(item, where)
    checks = {
        "variant": document["variant"] == variant.id,
        "players": same_json(document["players"], variant.players),
        "seat_names": same_json(document["seat_names"], list(variant.info.seat_names)),
    }
    for field, good in checks.items():
        if not good:
            raise ScoreInputError(f"{where} has a wrong {field!r}: {quote(document[field])}")
    return ScoredDeal(document)


def _numbers(value: object, count: int) -> bool:
    """Whether ``value`` is a list of ``count`` JSON numbers."""
    return (
        isinstance(value, (list, tuple))
        and len(value) == count
        and all(type(x) is int or type(x) is float for x in value)
    )


class Series:
    """A match for any variant: deals in a row, the deal passing to the left, each
    seat's :attr:`~cardrules.Result.returns` added up. Over after ``deals`` deals (never, when
    ``deals`` is None); the :attr:`winner` is then the single seat with the best total.

    Args:
        variant: The variant whose deals are played.
        dealer: The first dealer.
        deals: How many deals the series has, or None for no limit.
        seed: The series' seed (see :func:`match_seed`): deal ``n`` is shuffled with
            :func:`deal_seed` of it.
        rng: Or a ``random.Random`` that draws the seed.
        require_seat: Every deal requires the acting seat; the variant's ``new_game``
            must take ``require_seat``.

    Raises:
        ScoreInputError: a dealer or deal count out of range.
        InvalidArgumentError: a bad seed or rng, or ``require_seat`` for a variant whose
            ``new_game`` does not take it.

    >>> import cardrules
    >>> from cardrules.match import Series
    >>> series = Series(cardrules.get_variant("tarot"), deals=1)
    >>> series.dealer, series.totals, series.is_over
    (0, (0.0, 0.0, 0.0, 0.0), False)
    """

    __slots__ = (
        "_dealer",
        "_first",
        "_limit",
        "_records",
        "_require_seat",
        "_results",
        "_seed",
        "_totals",
        "_variant",
    )

    _variant: Variant
    _first: int
    _limit: int | None
    _results: tuple[Any, ...]
    _totals: tuple[float, ...]
    _dealer: int
    _seed: int | None
    _require_seat: bool
    # The records of the deals added with after_deal, in order; None once a deal was
    # added with after (its result alone).
    _records: tuple[Record, ...] | None

    def __init__(
        self,
        variant: Variant,
        *,
        dealer: int = 0,
        deals: int | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
        require_seat: bool = False,
    ) -> None:
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
        object.__setattr__(self, "_seed", match_seed(seed, rng))
        if type(require_seat) is not bool:
            raise InvalidArgumentError(
                f"require_seat must be True or False, not {quote(require_seat)}"
            )
        if require_seat and not _takes(variant.new_game, "require_seat"):
            raise InvalidArgumentError(
                f"{variant.name} deals no state that requires the seat: its new_game takes no"
                " require_seat"
            )
        object.__setattr__(self, "_require_seat", require_seat)
        object.__setattr__(self, "_records", ())

    def __setattr__(self, name: str, value: object) -> None:
        raise ImmutableError(f"Series is immutable; cannot set {name!r}")

    def __getstate__(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in Series.__slots__}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)

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
    def seed(self) -> int | None:
        """The series' seed (deal ``n`` is shuffled with ``deal_seed(seed, n)``), or None."""
        return self._seed

    @property
    def require_seat(self) -> bool:
        """Whether every deal requires the acting seat."""
        return self._require_seat

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

        >>> import cardrules
        >>> from cardrules.tarot import DealFacts, score_deal
        >>> series = Series(cardrules.get_variant("tarot"), deals=2)
        >>> facts = DealFacts(players=4, contract="garde", taker=1, points=45, bouts=2)
        >>> series = series.after(score_deal(facts))
        >>> series.totals, series.dealer, series.leaders, series.is_over
        ((-58.0, 174.0, -58.0, -58.0), 1, (1,), False)
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
        for name in ("_variant", "_first", "_limit", "_seed", "_require_seat"):
            object.__setattr__(new, name, getattr(self, name))
        object.__setattr__(new, "_records", None)
        object.__setattr__(new, "_results", (*self._results, result))
        object.__setattr__(
            new, "_totals", tuple(t + float(r) for t, r in zip(self._totals, returns, strict=True))
        )
        object.__setattr__(new, "_dealer", (self._dealer + 1) % players)
        return new

    def after_deal(self, state: State) -> Series:
        """The series with one more deal played through: ``state`` is its final state
        (dealt by :meth:`next_deal`), whose result is added as :meth:`after` adds it and
        whose record the series keeps for :meth:`record`.

        Raises:
            InvalidArgumentError: ``state`` is not a finished deal's state.
            GameOverError: the series is over.
            ScoreInputError: the deal is not the series' next deal (another variant,
                dealer or ``require_seat``; with a seed, not the deal it deals).

        >>> import cardrules
        >>> series = Series(cardrules.get_variant("tarot"), seed=6, deals=2)
        >>> state = series.next_deal()
        >>> while not state.is_terminal:
        ...     state = state.apply(state.legal_actions()[0])
        >>> series = series.after_deal(state)
        >>> series.totals == state.returns(), len(series.record().deals)
        (True, 1)
        """
        record = deal_record(self, state)
        new = self.after(state.result())
        records = self._records
        object.__setattr__(new, "_records", None if records is None else (*records, record))
        return new

    def record(self) -> MatchRecord:
        """The series' match record: its start and each deal's record, replayable
        (:func:`cardrules.records.replay_match`) and signable (``dumps(..., key=)``).

        Raises:
            RecordError: a deal was added with :meth:`after` (its result alone) rather
                than :meth:`after_deal`, or the series was restored from its document.

        >>> import cardrules
        >>> book = Series(cardrules.get_variant("tarot"), seed=6, dealer=3).record()
        >>> book.dealer, book.deals, book.match["seed"]
        (3, (), 6)
        """
        start = Series(
            self._variant,
            dealer=self._first,
            deals=self._limit,
            seed=self._seed,
            require_seat=self._require_seat,
        )
        return match_record(start, self._records)

    def next_deal(self, rng: random.Random | None = None, *, seed: int | None = None) -> State:
        """The first state of the next deal, :attr:`dealer` dealing.

        Args:
            rng: The generator that shuffles.
            seed: Or a seed for a fresh ``random.Random``. With neither, the series'
                own :attr:`seed` for this deal, or the operating system's randomness.

        Raises:
            GameOverError: the series is over.
            InvalidArgumentError: both ``rng`` and ``seed``.

        >>> import cardrules
        >>> variant = cardrules.get_variant("tarot")
        >>> series = Series(variant, seed=5, dealer=2)
        >>> state = series.next_deal()
        >>> state.dealer, state == variant.new_game(seed=deal_seed(5, 0), dealer=2)
        (2, True)
        """
        if self.is_over:
            raise GameOverError("the series is over: there is no next deal")
        source = next_deal_source(self._seed, len(self._results), rng, seed)
        if self._require_seat:
            source["require_seat"] = True
        state: State = self._variant.new_game(dealer=self._dealer, **source)
        return state

    def explain(self, names: Sequence[str] | None = None) -> str:
        """One line per deal with its scores, then the totals, each with its player's name
        if ``names`` (seat 0 first) are given.

        >>> import cardrules
        >>> print(Series(cardrules.get_variant("tarot")).explain())
        French Tarot series, 0 deals: totals 0, 0, 0, 0

        Raises:
            InvalidArgumentError: ``names`` is not one distinct name per seat.
        """
        given = player_names(names, self._variant.players)
        lines = []
        for number, result in enumerate(self._results, 1):
            summary = getattr(result, "summary", None)
            text = summary if isinstance(summary, str) else type(result).__name__
            lines.append(f"{number}. {text}")
        if given is None:
            totals = ", ".join(f"{t:g}" for t in self._totals)
        else:
            totals = ", ".join(f"{n} {t:g}" for n, t in zip(given, self._totals, strict=True))
        count = len(self._results)
        lines.append(
            f"{self._variant.name} series, {count} deal{'s' * (count != 1)}: totals {totals}"
        )
        return "\n".join(lines)

    def _result_documents(self) -> list[dict[str, Any]]:
        """Each deal's result document, in order."""
        return [
            result.document
            if isinstance(result, ScoredDeal)
            else result_document(self._variant, result)
            for result in self._results
        ]

    def to_dict(self) -> dict[str, Any]:
        """The series as JSON values, from which :meth:`from_dict` restores it.

        The envelope every match document has (``cardrules.envelope.MATCH_KEYS``), each
        deal's result document (``cardrules.envelope.result_document``), then the
        series' own detail under ``"series"`` (its length, ``{"deal_limit": ...}``),
        which tells a series' document from the document of a game's own match.

        >>> import json
        >>> import cardrules
        >>> series = Series(cardrules.get_variant("bid-euchre"), seed=4, dealer=1, deals=2)
        >>> document = json.loads(json.dumps(series.to_dict()))
        >>> document["first_dealer"], document["totals"], document["series"]
        (1, [0, 0, 0, 0], {'deal_limit': 2})
        """
        variant = self._variant
        winner = self.winner
        return {
            **match_envelope(
                variant,
                seed=self._seed,
                require_seat=self._require_seat,
                first_dealer=self._first,
                dealer=self._dealer,
                totals=self._totals,
                leaders=self.leaders,
                is_over=self.is_over,
                winners=() if winner is None else (winner,),
                results=self._result_documents(),
            ),
            "series": {"deal_limit": self._limit},
        }

    @classmethod
    def from_dict(cls, document: Mapping[str, Any], variant: Variant) -> Series:
        """The series a :meth:`to_dict` document describes (untrusted JSON): its next
        deals, totals and end are exactly the live series'.

        Each deal comes back as a :class:`ScoredDeal` (its returns, scores and texts):
        a deal's result is not scored again, since a game's result has no facts to score
        from, so an app that hands documents to clients signs them, or keeps a match
        record (:func:`cardrules.records.replay_match` replays every deal). Every
        derived field (the dealer, the totals, who leads, whether it is over, who won)
        must be what the deals give.

        Args:
            document: The JSON object, as :meth:`to_dict` writes it.
            variant: The series' variant, with the document's options.

        Raises:
            ScoreInputError: not a match document of ``variant``, a field missing,
                unknown or of the wrong type, other options, a deal after the end, or a
                derived field that differs (the message names it).
            InvalidArgumentError: a bad seed.

        >>> import cardrules
        >>> from cardrules.tarot import DealFacts, score_deal
        >>> variant = cardrules.get_variant("tarot")
        >>> facts = DealFacts(players=4, contract="garde", taker=1, points=45, bouts=2)
        >>> series = Series(variant, seed=8, deals=3).after(score_deal(facts))
        >>> restored = Series.from_dict(series.to_dict(), variant)
        >>> restored == series, restored.totals, restored.next_deal() == series.next_deal()
        (True, (-58.0, 174.0, -58.0, -58.0), True)
        >>> Series.from_dict({**series.to_dict(), "dealer": 0}, variant)
        Traceback (most recent call last):
        ...
        cardrules.errors.ScoreInputError: the match document's 'dealer' is 0, but its deals give 1
        """
        key = "series"
        data = match_document(document, variant.id, (*MATCH_KEYS[1:], key))
        if not same_json(data["options"], variant.options_json()):
            raise ScoreInputError(
                f"the match document's options are not those of the variant {variant!r}"
            )
        own = data[key]
        if not isinstance(own, Mapping) or set(own) != {"deal_limit"}:
            raise ScoreInputError(
                f"the match document's {key!r} is an object with 'deal_limit', not {quote(own)}"
            )
        series = cls(
            variant,
            dealer=data["first_dealer"],
            deals=own["deal_limit"],
            seed=data["seed"],
            require_seat=data["require_seat"],
        )
        for number, item in enumerate(match_list(data, "results"), 1):
            if series.is_over:
                raise ScoreInputError(f"deal {number} of the match document follows its end")
            series = series.after(_scored_deal(item, variant, number))
        match_agrees(data, series.to_dict(), skip=("options", "first_dealer", "results"))
        return series

    def __eq__(self, other: object) -> bool:
        # Deals compare by their documents: a series restored from its own document,
        # whose deals are ScoredDeals, equals the live one.
        if not isinstance(other, Series):
            return NotImplemented
        return (
            self._variant,
            self._first,
            self._limit,
            self._seed,
            self._require_seat,
            len(self._results),
        ) == (
            other._variant,
            other._first,
            other._limit,
            other._seed,
            other._require_seat,
            len(other._results),
        ) and self._result_documents() == other._result_documents()

    def __hash__(self) -> int:
        return hash((self._variant, self._first, self._limit, len(self._results)))

    def __repr__(self) -> str:
        return (
            f"<Series of {self._variant.id} deals={len(self._results)}"
            f" dealer={self._dealer} totals={self._totals}>"
        )
