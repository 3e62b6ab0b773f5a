"""Scoring one Bid Euchre hand (E-24 … E-32): a pure, exact, score-only API.

Score keepers describe a finished hand with :class:`HandFacts` (the contract, the
declarer, the tricks each team took, any reneges) and call
:func:`~cardrules.bid_euchre.score_hand`; the engine scores a hand with the same
arithmetic, skipping only the checks of facts it produced itself, so there is one code
path. Nothing here deals or plays cards.

Teams are numbered by seat: team 0 is NS (seats 0 and 2), team 1 is EW (seats 1 and 3).

>>> from cardrules.bid_euchre.bidding import Contract
>>> from cardrules.bid_euchre.scoring import HandFacts, score_hand
>>> result = score_hand(HandFacts(contract=Contract(4), declarer=0, tricks=(5, 1)))
>>> result.delta, result.made, result.returns
((5, 1), True, (5, 1, 5, 1))
>>> print(result.explain())
4 by N for NS: made with 5 of 6 tricks
NS +5
  bid 4 made with 5 tricks: +5
EW +1
  defended against 4 with 1 trick: +1
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Literal, NoReturn, cast

import attrs

from cardrules._util import quote
from cardrules.bid_euchre.bidding import Contract, ContractKind
from cardrules.bid_euchre.options import BidEuchreOptions
from cardrules.envelope import result_envelope
from cardrules.errors import NotationError, ScoreInputError
from cardrules.info import player_names
from cardrules.wire import facts_filled, facts_from_dict, result_from_dict

__all__ = ["HandFacts", "HandResult", "VoidReason", "score_hand"]

VoidReason = Literal["all_pass", "ace_no_face"]

_SEATS: Final = ("N", "E", "S", "W")
# The keys the envelope added to a result document: absent from those of 0.2.
_ADDED: Final = ("variant", "players", "seat_names", "contract", "declarer", "scores", "bid_euchre")
_TEAMS: Final = ("NS", "EW")

_VOID_REASONS: Final = {
    "all_pass": "all four passed (E-12)",
    "ace_no_face": "Ace No Face claim (E-36)",
}
_DEFAULT_OPTIONS: Final = BidEuchreOptions()
# E-38: the double deck's hands, the largest under any options.
_MOST_TRICKS: Final = 12


def _is_seat(value: object) -> bool:
    return type(value) is int and 0 <= value <= 3


def _check_tricks(tricks: object, declarer_tricks: object) -> None:
    """The trick counts, each on its own: a pair of counts, and the declarer's count."""
    if tricks is not None:
        if (
            type(tricks) is not tuple
            or len(tricks) != 2
            or type(tricks[0]) is not int
            or type(tricks[1]) is not int
            or tricks[0] < 0
            or tricks[1] < 0
        ):
            raise ScoreInputError(
                "tricks must be a list or tuple of two non-negative ints (NS, EW), not "
                f"{quote(tricks)}"
            )
        if tricks[0] > _MOST_TRICKS or tricks[1] > _MOST_TRICKS:
            raise ScoreInputError(
                f"a hand has at most {_MOST_TRICKS} tricks (E-38): tricks ({quote(tricks[0])}, "
                f"{quote(tricks[1])}) is no hand's"
            )
    if declarer_tricks is not None and (
        type(declarer_tricks) is not int or not 0 <= declarer_tricks <= _MOST_TRICKS
    ):
        raise ScoreInputError(
            f"declarer_tricks must be an int from 0 to {_MOST_TRICKS}, the tricks the "
            f"declarer's team took (E-24, E-38), not {quote(declarer_tricks)}"
        )


def _check_facts(facts: HandFacts) -> None:
    """The checks of :class:`HandFacts` that hold under any options."""
    # Converted, not yet checked: any value a caller gives.
    contract: object = facts.contract
    declarer: object = facts.declarer
    tricks: object = facts.tricks
    declarer_tricks: object = facts._declarer_tricks
    reneges: object = facts.reneges
    void_reason: object = facts.void_reason
    _check_tricks(tricks, declarer_tricks)
    if type(reneges) is not tuple or (reneges and not all(_is_seat(seat) for seat in reneges)):
        raise ScoreInputError(
            f"reneges must be a list or tuple of seats (ints 0 to 3), not {quote(reneges)}"
        )
    if contract is None:
        _check_void_hand(declarer, tricks, declarer_tricks, reneges, void_reason)
        return
    if (
        type(contract) is not Contract
        or type(contract.tricks) is not int
        or type(contract.kind) is not ContractKind
    ):
        raise ScoreInputError(f"contract must be a Contract or None, not {quote(contract)}")
    if not 1 <= contract.tricks <= _MOST_TRICKS:
        raise ScoreInputError(
            f"a contract bids 1 to {_MOST_TRICKS} tricks (E-8, E-38), not {quote(contract)}"
        )
    if not _is_seat(declarer):
        raise ScoreInputError(
            f"declarer must be a seat (an int from 0 to 3), not {quote(declarer)}"
        )
    if void_reason is not None:
        raise ScoreInputError(
            f"void_reason {quote(void_reason)} is only for a void hand (contract=None)"
        )
    if tricks is None:
        if declarer_tricks is None:
            raise ScoreInputError(
                "a played hand needs its tricks: tricks=(NS, EW), or declarer_tricks=, the "
                "tricks the declarer's team took (E-24)"
            )
        return
    team = cast(int, declarer) % 2
    pair = cast(tuple[int, int], tricks)
    if declarer_tricks is not None and declarer_tricks != pair[team]:
        raise ScoreInputError(
            f"tricks ({pair[0]}, {pair[1]}) give the declarer's team, {_TEAMS[team]}, "
            f"{pair[team]} tricks, but declarer_tricks is {declarer_tricks}: give one of "
            "them, or both alike"
        )


def _check_void_hand(
    declarer: object, tricks: object, declarer_tricks: object, reneges: object, void_reason: object
) -> None:
    """A void hand has a known reason and nothing of a played hand."""
    if type(void_reason) is not str or void_reason not in _VOID_REASONS:
        raise ScoreInputError(
            "a void hand (contract=None) needs a void_reason: 'all_pass' or 'ace_no_face'"
            + ("" if void_reason is None else f", not {quote(void_reason)}")
        )
    if declarer is not None:
        raise ScoreInputError(
            f"a void hand has no declarer: declarer must be None, not {quote(declarer)}"
        )
    if tricks is not None and tricks != (0, 0):
        pair = cast(tuple[int, int], tricks)
        raise ScoreInputError(
            "no trick is played in a void hand: tricks must be (0, 0), not "
            f"({quote(pair[0])}, {quote(pair[1])})"
        )
    if declarer_tricks is not None:
        raise ScoreInputError(
            "no trick is played in a void hand: declarer_tricks must be None, not "
            f"{quote(declarer_tricks)}"
        )
    if reneges:
        raise ScoreInputError(
            f"no card is played in a void hand, so it has no reneges, not {quote(reneges)}"
        )


def _to_contract(value: object) -> Any:
    # A contract as JSON gives it: its notation (4, 6H, 6M, 6P, moon), ASCII case ignored.
    if isinstance(value, str):
        try:
            return Contract.parse(value)
        except NotationError:
            raise ScoreInputError(
                f"contract must be a Contract, a bid's notation such as '4', '6H', '6M' or "
                f"'6P', or None, not {quote(value)}"
            ) from None
    return value


def _to_tuple(value: object) -> Any:
    # A list, as JSON gives a sequence, is taken as the tuple; the checks come after.
    return tuple(value) if type(value) is list else value


def _to_void_reason(value: object) -> Any:
    if type(value) is str and value.isascii():
        return value.lower()
    return value


def _tricks_repr(tricks: tuple[int, int] | None) -> str:
    # Counts up to the largest hand pass the constructor (score_hand checks the total
    # of the options in use); the repr shows any value it is given.
    return "None" if tricks is None else f"({quote(tricks[0])}, {quote(tricks[1])})"


@attrs.frozen(kw_only=True)
class HandFacts:
    """What happened in one hand, as far as scoring needs to know. Keyword-only.

    The constructor checks everything that holds under any options; :func:`score_hand`
    checks the facts against the options in use (the contracts they allow, the hand size,
    the renege mode).

    A table writes down the tricks the declarer's team took: give them as
    ``declarer_tricks``, and the other team's follow from the hand's size, 6 (or 12
    with the double deck, E-38). The facts do not know the size, so until they are
    scored they keep ``tricks=None``; :func:`score_hand` (under its options),
    :meth:`BidEuchreMatch.after <cardrules.bid_euchre.BidEuchreMatch.after>` (under the
    match's) and :meth:`from_dict` with ``tricks_per_hand`` fill in the (NS, EW) pair,
    and the result's facts hold both. Or give the pair as ``tricks``; given both, they
    must agree. :attr:`declarer_tricks` reads the declarer's team's share back.

    Attributes:
        contract: The winning bid, or ``None`` for a void hand (all four passed, E-12,
            or an Ace No Face claim, E-36).
        declarer: The seat (0 = N … 3 = W) of the highest bidder; ``None`` iff the hand
            is void.
        tricks: Tricks won by team 0 (NS) and team 1 (EW). For a played hand they add up
            to the tricks per hand (E-24); for a void hand they are ``(0, 0)``. ``None``
            for facts given by ``declarer_tricks`` until the hand's size is known.
        reneges: The seat of each renege recorded under ``renege_mode="penalize"``
            (E-23), one entry per renege. Empty for a void hand.
        void_reason: ``"all_pass"`` or ``"ace_no_face"`` for a void hand, else ``None``:
            the key French Tarot's :class:`~cardrules.tarot.DealFacts` uses.

    Every field takes what JSON gives (the convention of both games' facts): numbers
    as numbers (text is refused where a number is meant), lists for ``tricks`` and
    ``reneges``, the contract as a :class:`Contract` or its notation (``"4"``,
    ``"6H"``, ``"6M"``, ``"6P"``, ``"moon"``: ASCII case ignored, ``help`` and ``moon``
    for 6 tricks), ``void_reason`` in any ASCII case. ``HandFacts(**facts.to_dict())``
    rebuilds the facts, and :meth:`from_dict` reads such a document with a specific
    error for each field.

    Raises:
        ScoreInputError: a field of the wrong type (``bool`` is not an ``int`` here), out
            of range, or facts that contradict each other.

    >>> from cardrules.bid_euchre.bidding import Contract
    >>> HandFacts(contract=Contract.moon(6), declarer=3, tricks=(0, 6)).declarer_tricks
    6
    >>> HandFacts(contract="6M", declarer=3, tricks=[0, 6]) == HandFacts(
    ...     contract=Contract.moon(6), declarer=3, tricks=(0, 6))
    True
    >>> facts = HandFacts(contract="4", declarer=2, declarer_tricks=5)
    >>> facts.tricks, score_hand(facts).facts.tricks
    (None, (5, 1))
    >>> HandFacts(contract="4", declarer=1, tricks=["2", 4])
    Traceback (most recent call last):
    ...
    cardrules.errors.ScoreInputError: tricks must be a list or tuple of two non-negative ints \
(NS, EW), not tuple ('2', 4)
    >>> HandFacts(contract="4", declarer=1, tricks=[2, 4], declarer_tricks=2)
    Traceback (most recent call last):
    ...
    cardrules.errors.ScoreInputError: tricks (2, 4) give the declarer's team, EW, 4 tricks, \
but declarer_tricks is 2: give one of them, or both alike
    >>> HandFacts.void("all_pass").void_reason
    'all_pass'
    """

    contract: Contract | None = attrs.field(default=None, converter=_to_contract)
    declarer: int | None = None
    tricks: tuple[int, int] | None = attrs.field(
        default=None, converter=_to_tuple, repr=_tricks_repr
    )
    # Given as declarer_tricks=; kept only while the pair is unknown, so that facts
    # given either way are equal once the pair is known.
    _declarer_tricks: int | None = attrs.field(default=None)
    reneges: tuple[int, ...] = attrs.field(default=(), converter=_to_tuple)
    void_reason: VoidReason | None = attrs.field(default=None, converter=_to_void_reason)

    def __attrs_post_init__(self) -> None:
        _check_facts(self)
        if self.contract is None:
            # A void hand's document may leave out its tricks: none was played.
            object.__setattr__(self, "tricks", (0, 0))
        elif self.tricks is not None:
            object.__setattr__(self, "_declarer_tricks", None)

    def __repr__(self) -> str:
        taken = self._declarer_tricks
        given = "" if taken is None else f", declarer_tricks={taken!r}"
        return (
            f"HandFacts(contract={self.contract!r}, declarer={self.declarer!r}, "
            f"tricks={_tricks_repr(self.tricks)}{given}, reneges={self.reneges!r}, "
            f"void_reason={self.void_reason!r})"
        )

    @property
    def declarer_tricks(self) -> int | None:
        """The tricks the declarer's team took, as a score sheet writes them; ``None``
        for a void hand.

        >>> HandFacts(contract="4", declarer=1, tricks=(2, 4)).declarer_tricks
        4
        """
        if self.tricks is None or self.declarer is None:
            return self._declarer_tricks
        return self.tricks[self.declarer % 2]

    @classmethod
    def from_dict(
        cls, document: Mapping[str, Any], *, tricks_per_hand: int | None = None
    ) -> HandFacts:
        """The facts from a JSON object (as :meth:`to_dict` writes, or a client sends).

        A played hand's document gives ``contract``, ``declarer`` and ``tricks`` (or
        ``declarer_tricks``); a void hand's gives its ``void_reason`` and may leave out
        the rest (no contract, no declarer, no tricks).

        Args:
            document: The JSON object.
            tricks_per_hand: The hand's size (6, or 12 with the double deck), when known:
                the words ``help`` and ``moon`` then bid it, and ``declarer_tricks``
                gives the (NS, EW) pair. With None, the words bid 6 and the pair waits
                for :func:`score_hand`.

        Raises:
            ScoreInputError: ``document`` is not an object, lacks a field, has an unknown
                one, or a field is wrong (the message names it); ``tricks_per_hand`` is
                not 6 or 12, or fewer than ``declarer_tricks``.

        >>> HandFacts.from_dict({"contract": "5", "declarer": 1, "tricks": [2, 4]}).tricks
        (2, 4)
        >>> HandFacts.from_dict({"contract": None, "void_reason": "all_pass"}).declarer is None
        True
        >>> document = {"contract": "moon", "declarer": 0, "declarer_tricks": 12}
        >>> facts = HandFacts.from_dict(document, tricks_per_hand=12)
        >>> str(facts.contract), facts.tricks
        ('12M', (12, 0))
        """
        size: object = tricks_per_hand  # untrusted, as the document
        if size is not None and (type(size) is not int or size not in _HAND_SIZES):
            raise ScoreInputError(
                f"tricks_per_hand must be 6, or 12 with the double deck (E-38), not {quote(size)}"
            )
        # A void hand (a void_reason, no contract) has no declarer and no tricks to give.
        given: object = document  # untrusted: checked whatever its declared type
        void = (
            isinstance(given, Mapping)
            and given.get("void_reason") is not None
            and given.get("contract") is None
        )
        required: tuple[str, ...] = ()
        if isinstance(given, Mapping) and not void:
            # The declarer's count stands for the pair.
            required = ("contract", "declarer") if "declarer_tricks" in given else _PLAYED
            text = given.get("contract")
            if size is not None and isinstance(text, str):
                # The words help and moon bid the hand's size (E-10, E-38); a refused
                # notation is left for the constructor to name.
                try:
                    contract = Contract.parse(text, tricks_per_hand=size)
                except NotationError:
                    pass
                else:
                    document = {**given, "contract": contract}
        facts = cast(HandFacts, facts_from_dict(cls, document, _HAND_FIELDS, required))
        return facts if size is None else _with_hand_size(facts, size)

    def to_dict(self, *, tricks_per_hand: int = 6) -> dict[str, Any]:
        """The facts as JSON values; ``HandFacts(**facts.to_dict())`` rebuilds them.

        Args:
            tricks_per_hand: The hand size (6, or 12 with the double deck), for the
                contract's notation: the plain all-tricks bid is ``6P`` (E-10).

        >>> HandFacts(contract=Contract.moon(6), declarer=3, tricks=(0, 6)).to_dict()
        {'contract': '6M', 'declarer': 3, 'tricks': [0, 6], 'declarer_tricks': 6, \
'reneges': [], 'void_reason': None}
        """
        contract = self.contract
        return {
            "contract": None
            if contract is None
            else contract.notation(tricks_per_hand=tricks_per_hand),
            "declarer": self.declarer,
            "tricks": None if self.tricks is None else list(self.tricks),
            "declarer_tricks": self.declarer_tricks,
            "reneges": list(self.reneges),
            "void_reason": self.void_reason,
        }

    @classmethod
    def void(cls, reason: VoidReason) -> HandFacts:
        """The facts of a hand thrown in: ``"all_pass"`` (E-12) or ``"ace_no_face"`` (E-36),
        as French Tarot's ``DealFacts.void``.

        Args:
            reason: Why the hand was thrown in.

        Returns:
            Facts with no contract, no declarer and no tricks.

        Raises:
            ScoreInputError: ``reason`` is not one of the two reasons.

        >>> HandFacts.void("ace_no_face").tricks
        (0, 0)
        """
        return cls(contract=None, declarer=None, tricks=(0, 0), void_reason=reason)


_HAND_FIELDS: Final = (
    "contract",
    "declarer",
    "tricks",
    "declarer_tricks",
    "reneges",
    "void_reason",
)
_PLAYED: Final = ("contract", "declarer", "tricks")
_HAND_SIZES: Final = (6, 12)  # E-38: 12 tricks with the double deck


def _with_hand_size(facts: HandFacts, n: int) -> HandFacts:
    """``facts`` with the (NS, EW) pair their ``declarer_tricks`` give in a hand of ``n``
    tricks (E-24: every trick is won by one team); facts that have it, as they are."""
    if facts.tricks is not None:
        return facts
    taken = cast(int, facts.declarer_tricks)
    if taken > n:
        raise ScoreInputError(
            f"declarer_tricks {taken} is more than the {n} tricks of a hand (E-24, E-38)"
        )
    team = _seat(facts.declarer) % 2
    pair = (n - taken, taken) if team else (taken, n - taken)
    return attrs.evolve(facts, tricks=pair)


@attrs.frozen(kw_only=True)
class HandResult:
    """The score of one hand, made by :func:`score_hand`.

    Attributes:
        facts: The :class:`HandFacts` scored.
        options: The options they were scored under.
        bidding_team: The declarer's team (0 = NS, 1 = EW); ``None`` for a void hand.
        made: Whether the bidding team made its contract; ``None`` for a void hand.
        delta: The change to each team's score (NS, EW), renege penalties included.

    >>> from cardrules.bid_euchre.bidding import Contract
    >>> r = score_hand(HandFacts(contract=Contract(5), declarer=1, tricks=(2, 4)))
    >>> r.bidding_team, r.made, r.delta
    (1, False, (2, -5))
    >>> r.reasons
    (('defended against 5 with 2 tricks: +2',), ('bid 5 set with 4 tricks: -5',))
    """

    facts: HandFacts
    options: BidEuchreOptions
    bidding_team: int | None
    made: bool | None
    delta: tuple[int, int]

    @property
    def returns(self) -> tuple[int, int, int, int]:
        """Each seat's change of score (N, E, S, W), which is its team's delta."""
        d0, d1 = self.delta
        return (d0, d1, d0, d1)

    @property
    def reasons(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Human-readable lines explaining each team's delta (NS lines, EW lines).

        Every line ends with the points it is worth, and each team's points add up to
        its delta.
        """
        return self._reasons(_SEATS)

    def _reasons(self, seats: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """:attr:`reasons`, the seats named ``seats``."""
        facts = self.facts
        contract = facts.contract
        if contract is None:
            line = f"hand thrown in, {_void_text(facts)}: 0"
            return ((line,), (line,))
        options = self.options
        team = _seat(facts.declarer) % 2
        name = _contract_name(contract, options)
        tricks = _pair(facts)
        t_b, t_d = tricks[team], tricks[1 - team]
        verb = "made" if self.made else "set"
        bid_points = (
            (t_b if self.made else -contract.tricks)
            if contract.kind is ContractKind.ORDINARY
            else _lone_points(contract, bool(self.made), options)
        )
        kind = {ContractKind.HELP: "help ", ContractKind.MOON: "moon "}.get(contract.kind, "bid ")
        lines: list[list[str]] = [[], []]
        lines[team].append(f"{kind}{name} {verb} with {_tricks(t_b)}: {_signed(bid_points)}")
        lines[1 - team].append(f"defended against {name} with {_tricks(t_d)}: {_signed(t_d)}")
        penalty = _signed(-options.renege_penalty)
        for seat in facts.reneges:
            lines[seat % 2].append(f"renege by {seats[seat]}: {penalty}")
        return (tuple(lines[0]), tuple(lines[1]))

    @property
    def summary(self) -> str:
        """One line with the contract, who declared it and whether it was made.

        >>> from cardrules.bid_euchre.bidding import Contract
        >>> score_hand(HandFacts(contract=Contract.moon(6), declarer=1, tricks=(1, 5))).summary
        '6M by E for EW: set with 5 of 6 tricks'
        """
        return self._summary(_SEATS)

    def _summary(self, seats: tuple[str, ...]) -> str:
        """:attr:`summary`, the seats named ``seats``."""
        facts = self.facts
        contract = facts.contract
        if contract is None:
            return f"hand thrown in: {_void_text(facts)}"
        declarer = _seat(facts.declarer)
        team = declarer % 2
        return (
            f"{_contract_name(contract, self.options)} by {seats[declarer]}"
            f" for {_TEAMS[team]}: {'made' if self.made else 'set'} with"
            f" {_pair(facts)[team]} of {self.options.tricks_per_hand} tricks"
        )

    @classmethod
    def _trusted(
        cls,
        options: BidEuchreOptions,
        contract: Contract | None,
        declarer: int | None,
        tricks: tuple[int, int],
        reneges: tuple[int, ...] = (),
        void_reason: VoidReason | None = None,
    ) -> HandResult:
        """Score facts the engine produced itself, without checking them again.

        For the engine only: the facts must be ones ``HandFacts`` and ``score_hand``
        accept (the engine reaches no others), and the arithmetic is ``score_hand``'s.

        >>> from cardrules.bid_euchre.bidding import Contract
        >>> facts = dict(contract=Contract(4), declarer=1, tricks=(2, 4))
        >>> HandResult._trusted(_DEFAULT_OPTIONS, **facts) == score_hand(HandFacts(**facts))
        True
        """
        facts = _new(HandFacts)
        _SET_CONTRACT(facts, contract)
        _SET_DECLARER(facts, declarer)
        _SET_TRICKS(facts, tricks)
        _SET_DECLARER_TRICKS(facts, None)  # the pair is known
        _SET_RENEGES(facts, reneges)
        _SET_VOID_REASON(facts, void_reason)
        return _score(facts, options)

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON values: the facts, each team's delta and every line of its
        :attr:`reasons`, each seat's change, and the :attr:`summary` and :meth:`explain`
        texts (see ``cardrules.json_schema``).

        >>> r = score_hand(HandFacts(contract=Contract(5), declarer=1, tricks=(2, 4)))
        >>> document = r.to_dict()
        >>> document["delta"], document["reasons"]
        ([2, -5], [['defended against 5 with 2 tricks: +2'], ['bid 5 set with 4 tricks: -5']])
        """
        facts = self.facts
        facts_json = facts.to_dict(tricks_per_hand=self.options.tricks_per_hand)
        summary, explain = self.summary, self.explain()
        own: dict[str, Any] = {
            "facts": facts_json,
            "bidding_team": self.bidding_team,
            "made": self.made,
            "delta": list(self.delta),
            "returns": list(self.returns),
            "reasons": [list(lines) for lines in self.reasons],
            "summary": summary,
            "explain": explain,
        }
        envelope = result_envelope(
            "bid-euchre",
            seat_names=_SEATS,
            contract=facts_json["contract"],
            declarer=facts.declarer,
            returns=self.returns,
            scores=self.returns,  # a seat scores its team's delta
            summary=summary,
            explain=explain,
        )
        game = {k: v for k, v in own.items() if k not in envelope}
        return {**envelope, **own, "bid_euchre": game}

    @classmethod
    def from_dict(
        cls, document: Mapping[str, Any], options: BidEuchreOptions | None = None
    ) -> HandResult:
        """The result a :meth:`to_dict` document describes, scored again from its facts.

        Args:
            document: The JSON object, as :meth:`to_dict` writes it.
            options: The options the hand was scored under; ``BidEuchreOptions()`` when
                None.

        Raises:
            ScoreInputError: ``document`` is not such an object, its facts are refused,
                or a field differs from what the facts score under ``options`` (a
                tampered delta or text; the message names the field).

        >>> r = score_hand(HandFacts(contract=Contract(5), declarer=1, tricks=(2, 4)))
        >>> HandResult.from_dict(r.to_dict()) == r
        True
        """
        chosen = _DEFAULT_OPTIONS if options is None else options
        if type(chosen) is not BidEuchreOptions:
            raise ScoreInputError(f"options must be BidEuchreOptions, not {quote(options)}")

        def rescore(given: Mapping[str, Any]) -> HandResult:
            facts: Any = given.get("facts")  # untrusted: HandFacts.from_dict checks it
            # The contract's notation depends on the hand's size (E-10, E-38).
            size = chosen.tricks_per_hand
            return score_hand(HandFacts.from_dict(facts, tricks_per_hand=size), chosen)

        return cast(HandResult, result_from_dict(_upgraded(document), rescore, _ADDED))

    def explain(self, names: Sequence[str] | None = None) -> str:
        """A few lines for people: the contract and outcome, then each team's points.

        Args:
            names: The players' names, N first (N, E, S, W), for the seats' letters;
                a team is then shown with its players (``NS (Ann and Cy)``).

        Returns:
            The :attr:`summary`, then each team's delta followed by its
            :attr:`reasons`, indented.

        Raises:
            InvalidArgumentError: ``names`` is not four distinct names.

        >>> print(score_hand(HandFacts.void("all_pass")).explain())
        hand thrown in: all four passed (E-12)
        NS 0
          hand thrown in, all four passed (E-12): 0
        EW 0
          hand thrown in, all four passed (E-12): 0
        """
        given = player_names(names, 4)
        seats = _SEATS if given is None else given
        lines = [self._summary(seats)]
        for team, reasons in enumerate(self._reasons(seats)):
            lines.append(f"{_team_words(team, given)} {_signed(self.delta[team])}")
            lines.extend(f"  {reason}" for reason in reasons)
        return "\n".join(lines)


def _upgraded(document: object) -> object:
    """A result document whose facts lack ``declarer_tricks`` (written by 0.2, when the
    facts had none) with the value its facts give; any other document as it is."""
    return facts_filled(document, "bid_euchre", "declarer_tricks", _declarers_share)


def _declarers_share(facts: Mapping[str, Any]) -> object:
    """What the constructor derives from an untrusted facts document's declarer and
    tricks, where they are well formed (else the facts are refused when read)."""
    declarer, tricks = facts.get("declarer"), facts.get("tricks")
    if type(declarer) is int and 0 <= declarer <= 3 and isinstance(tricks, (list, tuple)):
        return tricks[declarer % 2] if len(tricks) == 2 else None
    return None


def _pair(facts: HandFacts) -> tuple[int, int]:
    """The (NS, EW) tricks of facts a result holds: scored, so never None."""
    return cast(tuple[int, int], facts.tricks)


def _team_words(team: int, names: tuple[str, ...] | None) -> str:
    """A team as the texts for people name it: ``NS``, or ``NS (Ann and Cy)`` with the
    players' names."""
    if names is None:
        return _TEAMS[team]
    return f"{_TEAMS[team]} ({names[team]} and {names[team + 2]})"


def _seat(declarer: int | None) -> int:
    # HandFacts guarantees a seat whenever there is a contract.
    return cast(int, declarer)


def _void_text(facts: HandFacts) -> str:
    return _VOID_REASONS[cast(str, facts.void_reason)]


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


def _tricks(count: int) -> str:
    return f"{count} trick" if count == 1 else f"{count} tricks"


def _contract_name(contract: Contract, options: BidEuchreOptions) -> str:
    """The contract as the spec writes it: ``4``, ``6P`` (plain all-tricks), ``6H``, ``12M``."""
    return contract.notation(tricks_per_hand=options.tricks_per_hand)


def _lone_points(contract: Contract, made: bool, options: BidEuchreOptions) -> int:
    """The bidding team's points for a 6H or 6M (12H, 12M), before reneges."""
    value = options.help_value if contract.kind is ContractKind.HELP else options.moon_value
    if made:
        # E-27 / E-28: the help or moon value replaces the trick points.
        return value
    # E-29: a failed 6H or 6M costs the tricks bid (all of them), or the contract's value.
    return -options.tricks_per_hand if options.lone_set_penalty == "bid" else -value


def _check_void(facts: HandFacts, options: BidEuchreOptions) -> None:
    if facts.void_reason == "all_pass" and options.stick_the_dealer:
        raise ScoreInputError(
            "under stick_the_dealer the dealer must bid, so a hand cannot be thrown in"
            " because all four passed (E-35)"
        )
    if facts.void_reason == "ace_no_face" and not options.ace_no_face:
        raise ScoreInputError("an Ace No Face claim needs ace_no_face=True (E-36)")


def _reject_contract(contract: Contract, options: BidEuchreOptions) -> NoReturn:
    """Raise the error that says why ``options`` do not allow ``contract``."""
    n = options.tricks_per_hand
    level = contract.tricks
    if contract.kind is not ContractKind.ORDINARY:
        kind = "help" if contract.kind is ContractKind.HELP else "moon"
        raise ScoreInputError(
            f"contract {contract} is not possible: a {kind} bid is for all {n} tricks"
            f" ({n}{str(contract)[-1]}) (E-10, E-38)"
        )
    if level == n:
        raise ScoreInputError(
            f"contract {level}P (all tricks with the partner playing) needs"
            " allow_plain_six=True (E-10)"
        )
    raise ScoreInputError(
        f"contract {contract} is not possible: ordinary bids run from min_bid"
        f" {options.min_bid} to {n - 1} with {n} tricks per hand (E-8)"
    )


def _check_reneges(facts: HandFacts, contract: Contract, options: BidEuchreOptions) -> None:
    if options.renege_mode != "penalize":
        raise ScoreInputError(
            "reneges are recorded only under renege_mode='penalize'; under 'reject' an"
            f" illegal card is refused, so a hand cannot have reneges {quote(facts.reneges)}"
            " (E-23)"
        )
    partner = (_seat(facts.declarer) + 2) % 4
    n = options.tricks_per_hand
    for seat in set(facts.reneges):
        if contract.is_lone and seat == partner:
            raise ScoreInputError(
                f"{_SEATS[seat]} sits out of contract {contract} and plays no card,"
                " so cannot renege (E-21)"
            )
        count = facts.reneges.count(seat)
        if count >= n:
            # A seat's last card is always legal, so it reneges at most n - 1 times.
            raise ScoreInputError(
                f"{_SEATS[seat]} cannot renege {count} times in a hand of {n} tricks:"
                " the last card a seat plays is always legal (E-19, E-23)"
            )


def score_hand(facts: HandFacts, options: BidEuchreOptions = _DEFAULT_OPTIONS) -> HandResult:
    """Score one hand under ``options`` (E-24 … E-32).

    * Ordinary contracts (3, 4, 5 …, and 6P with ``allow_plain_six``): made, the bidding
      team scores its tricks; set, minus the bid (E-25).
    * The defenders always score their tricks (E-26).
    * 6H or 6M made scores ``help_value`` or ``moon_value`` (E-27, E-28); failed, minus
      the tricks per hand, or minus the value under
      ``lone_set_penalty="contract_value"`` (E-29).
    * Each renege costs the offending team ``renege_penalty`` (E-31).
    * A void hand scores 0 for both teams (E-32).

    Facts given by ``declarer_tricks`` get their (NS, EW) pair from
    ``options.tricks_per_hand``: the result's facts hold both.

    Args:
        facts: What happened in the hand.
        options: The rules in force; the defaults by default.

    Returns:
        The :class:`HandResult`.

    Raises:
        ScoreInputError: ``facts`` or ``options`` of the wrong type, or facts the options
            make impossible: a contract they do not allow, tricks that do not add up to
            the tricks per hand (or a declarer's count above it), a void reason that
            cannot happen, reneges under ``renege_mode="reject"``.

    >>> from cardrules.bid_euchre.bidding import Contract
    >>> score_hand(HandFacts(contract=Contract.help(6), declarer=2, tricks=(6, 0))).delta
    (12, 0)
    >>> options = BidEuchreOptions(lone_set_penalty="contract_value")
    >>> score_hand(HandFacts(contract=Contract.moon(6), declarer=0, tricks=(5, 1)), options).delta
    (-24, 1)
    """
    if type(facts) is not HandFacts:
        raise ScoreInputError(f"facts must be HandFacts, not {quote(facts)}")
    if type(options) is not BidEuchreOptions:
        raise ScoreInputError(f"options must be BidEuchreOptions, not {quote(options)}")
    contract = facts.contract
    if contract is None:
        _check_void(facts, options)
        return _score(facts, options)
    n = options.tricks_per_hand
    level = contract.tricks
    if (
        not (options.min_bid <= level < n or (level == n and options.allow_plain_six))
        if contract.kind is ContractKind.ORDINARY
        else level != n
    ):
        _reject_contract(contract, options)
    facts = _with_hand_size(facts, n)
    t0, t1 = _pair(facts)
    if t0 + t1 != n:
        # E-24: every trick of the hand is won by one team.
        raise ScoreInputError(
            f"tricks ({quote(t0)}, {quote(t1)}) add up to {quote(t0 + t1)}, but a hand has"
            f" {n} tricks (E-24)"
        )
    if facts.reneges:
        _check_reneges(facts, contract, options)
    return _score(facts, options)


def _score(facts: HandFacts, options: BidEuchreOptions) -> HandResult:
    """The arithmetic of ``score_hand``, on facts that fit ``options``.

    ``score_hand`` calls it once its checks pass; the engine calls it through
    ``HandResult._trusted`` with facts it produced itself. One code path for both.
    """
    contract = facts.contract
    if contract is None:
        # E-32: a void hand scores nothing.
        return _result(facts, options, None, None, (0, 0))
    n = options.tricks_per_hand
    level = contract.tricks
    t0, t1 = _pair(facts)
    team = _seat(facts.declarer) % 2
    t_b = t1 if team else t0
    if contract.kind is ContractKind.ORDINARY:
        # E-25: made, one point per trick, overtricks included; set, minus the bid.
        made = t_b >= level
        points = t_b if made else -level
    else:
        made = t_b == n
        points = _lone_points(contract, made, options)
    # E-26: the defenders score their tricks whether the contract is made or set.
    d0, d1 = (t0, points) if team else (points, t1)
    if facts.reneges:
        # E-31: each renege costs the offending team, on top of the normal score.
        penalty = options.renege_penalty
        for seat in facts.reneges:
            if seat % 2:
                d1 -= penalty
            else:
                d0 -= penalty
    return _result(facts, options, team, made, (d0, d1))


_new = object.__new__


def _slot_setter(cls: type[object], name: str) -> Callable[[object, object], None]:
    """The setter of the slot ``name`` of the frozen ``cls``: what attrs' ``__init__``
    assigns with, without the frozen class's ``__setattr__`` and the name's lookup."""
    setter: Callable[[object, object], None] = cls.__dict__[name].__set__
    return setter


# Scoring runs once per hand of every bot playout: the engine's results are built slot by
# slot, with the slots' own setters.
_SET_CONTRACT: Final = _slot_setter(HandFacts, "contract")
_SET_DECLARER: Final = _slot_setter(HandFacts, "declarer")
_SET_TRICKS: Final = _slot_setter(HandFacts, "tricks")
_SET_DECLARER_TRICKS: Final = _slot_setter(HandFacts, "_declarer_tricks")
_SET_RENEGES: Final = _slot_setter(HandFacts, "reneges")
_SET_VOID_REASON: Final = _slot_setter(HandFacts, "void_reason")
_SET_FACTS: Final = _slot_setter(HandResult, "facts")
_SET_OPTIONS: Final = _slot_setter(HandResult, "options")
_SET_BIDDING_TEAM: Final = _slot_setter(HandResult, "bidding_team")
_SET_MADE: Final = _slot_setter(HandResult, "made")
_SET_DELTA: Final = _slot_setter(HandResult, "delta")


def _result(
    facts: HandFacts,
    options: BidEuchreOptions,
    team: int | None,
    made: bool | None,
    delta: tuple[int, int],
) -> HandResult:
    # The same assignments as attrs' __init__.
    result = _new(HandResult)
    _SET_FACTS(result, facts)
    _SET_OPTIONS(result, options)
    _SET_BIDDING_TEAM(result, team)
    _SET_MADE(result, made)
    _SET_DELTA(result, delta)
    return result
