"""Bid Euchre contracts and the auction (E-6 … E-12, E-35).

A contract is a number of tricks and a kind: an ordinary bid (3, 4, 5; with
``allow_plain_six`` also the plain all-tricks bid 6P), six asking for help (6H) or
shooting the moon (6M). With the double deck the all-tricks level is 12.

>>> from cardrules.bid_euchre.bidding import Contract, ContractKind
>>> Contract(4) < Contract(6, ContractKind.HELP) < Contract.moon(6)
True
>>> str(Contract(6, ContractKind.HELP)), str(Contract.moon(12)), str(Contract(5))
('6H', '12M', '5')
>>> Contract.moon(6), Contract(6).notation(tricks_per_hand=6)
(Contract(6, ContractKind.MOON), '6P')

The auction is an immutable :class:`Auction` value, started by
:meth:`~cardrules.bid_euchre.bidding.AuctionRules.start`; each call returns the next value:

>>> from cardrules.bid_euchre.bidding import AuctionRules
>>> from cardrules.bid_euchre import BidEuchreOptions
>>> auction = AuctionRules(BidEuchreOptions()).start(dealer=3)
>>> auction = auction.call(Contract(3)).call(None).call(Contract(4)).call(None)
>>> auction.is_over, auction.contract, auction.declarer
(True, Contract(4), 2)
"""

from __future__ import annotations

import enum
import warnings
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, TypeAlias

import attrs

from cardrules._util import quote, seal
from cardrules.deprecation import Deprecated, deprecated_names
from cardrules.errors import BidError, ImmutableError, InvalidArgumentError, NotationError
from cardrules.state import check_seat

if TYPE_CHECKING:
    from cardrules.bid_euchre.options import BidEuchreOptions

__all__ = ["Auction", "AuctionRules", "CallValue", "Contract", "ContractKind", "bidding_order"]


class ContractKind(enum.IntEnum):
    """Ordinary bids (with the partner playing), help bids and moons, in rank order.

    >>> Contract.parse("6H").kind, Contract.moon(6) > Contract.help(6) > Contract(5)
    (<ContractKind.HELP: 1>, True)
    """

    ORDINARY = 0
    HELP = 1
    MOON = 2


@attrs.frozen(order=False, repr=False)
class Contract:
    """A bid: ``tricks`` (the level) and ``kind``. Ordered as the auction ranks them.

    Attributes:
        tricks: Tricks contracted for (3, 4, 5 … or all of them for 6P, 6H, 6M).
        kind: :class:`ContractKind`.

    The fields are not checked here: the auction and
    :class:`~cardrules.bid_euchre.HandFacts` refuse a contract that is not a bid. Its
    ``str`` and ``repr`` never raise, whatever the fields hold; the ``repr`` of a
    contract of an int and a :class:`ContractKind` is an expression that rebuilds it.

    >>> Contract(4), Contract.help(6), eval(repr(Contract.moon(12))) == Contract.moon(12)
    (Contract(4), Contract(6, ContractKind.HELP), True)
    """

    tricks: int
    kind: ContractKind = ContractKind.ORDINARY

    @classmethod
    def help(cls, tricks: int) -> Contract:
        """The help bid for a hand of ``tricks`` tricks (6H, or 12H with the double deck)."""
        return cls(tricks, ContractKind.HELP)

    @classmethod
    def moon(cls, tricks: int) -> Contract:
        """The moon for a hand of ``tricks`` tricks (6M, or 12M with the double deck)."""
        return cls(tricks, ContractKind.MOON)

    @property
    def is_lone(self) -> bool:
        """True for 6H and 6M, where the declarer's partner sits out (E-21)."""
        return self.kind is not ContractKind.ORDINARY

    def _rank(self) -> tuple[int, int]:
        return (self.tricks, int(self.kind))

    def __lt__(self, other: Any) -> bool:
        if not isinstance(other, Contract):
            return NotImplemented
        return self._rank() < other._rank()

    def __le__(self, other: Any) -> bool:
        if not isinstance(other, Contract):
            return NotImplemented
        return self._rank() <= other._rank()

    def __gt__(self, other: Any) -> bool:
        if not isinstance(other, Contract):
            return NotImplemented
        return self._rank() > other._rank()

    def __ge__(self, other: Any) -> bool:
        if not isinstance(other, Contract):
            return NotImplemented
        return self._rank() >= other._rank()

    def __str__(self) -> str:
        kind = self.kind
        suffix = _SUFFIXES[kind] if type(kind) is ContractKind else f"?{quote(kind)}"
        return f"{quote(self.tricks)}{suffix}"

    def __repr__(self) -> str:
        kind = self.kind
        if type(kind) is not ContractKind:
            return f"Contract({quote(self.tricks)}, {quote(kind)})"
        if kind is ContractKind.ORDINARY:
            return f"Contract({quote(self.tricks)})"
        return f"Contract({quote(self.tricks)}, ContractKind.{kind.name})"

    def notation(self, *, tricks_per_hand: int = 6) -> str:
        """The contract as the rules write it in a hand of ``tricks_per_hand`` tricks:
        as ``str()``, except the plain all-tricks bid (``allow_plain_six``), ``6P``
        (``12P`` with the double deck), as the spec writes it (E-10).

        >>> Contract(6).notation(), Contract(6).notation(tricks_per_hand=12)
        ('6P', '6')
        """
        if self.kind is ContractKind.ORDINARY and self.tricks == tricks_per_hand:
            return f"{quote(self.tricks)}P"
        return str(self)

    @classmethod
    def parse(cls, text: str, *, tricks_per_hand: int = 6) -> Contract:
        """Parse ``4``, ``6h``, ``6m``, ``help``, ``moon`` (ASCII case ignored).

        ``help`` and ``moon`` mean the all-tricks level ``tricks_per_hand``.

        >>> str(Contract.parse("moon")), Contract.parse("6H") == Contract.help(6)
        ('6M', True)
        """
        if type(text) is str and 0 < len(text) <= 8 and text.isascii():
            key = text.lower()
            if key == "moon":
                return cls.moon(tricks_per_hand)
            if key == "help":
                return cls.help(tricks_per_hand)
            kind = {"h": ContractKind.HELP, "m": ContractKind.MOON, "p": ContractKind.ORDINARY}
            digits, last = key, ""
            if key[-1] in kind:
                digits, last = key[:-1], key[-1]
            if digits in _LEVELS:
                return cls(_LEVELS[digits], kind[last] if last else ContractKind.ORDINARY)
        raise NotationError(f"not a Bid Euchre bid: {quote(text)}")


_SUFFIXES: Final = {ContractKind.ORDINARY: "", ContractKind.HELP: "H", ContractKind.MOON: "M"}
# Fixed table: int() would accept '٣', ' 3 ' and '1_2'.
_LEVELS = {str(n): n for n in range(1, 13)}


CallValue: TypeAlias = Contract | None
"""A call in the auction: a :class:`Contract` bid, or ``None`` for a pass."""


# Deprecated names of this module, for one release.
__getattr__ = deprecated_names(
    __name__,
    {
        "Call": Deprecated(
            lambda: CallValue,
            "cardrules.bid_euchre.bidding.Call is deprecated and will be removed in 0.3;"
            " use CallValue (Call is the name of French Tarot's call action)",
        )
    },
)


def bidding_order(*args: int, dealer: int | None = None, players: int = 4) -> tuple[int, ...]:
    """The seats in calling order: from the dealer's left, clockwise; the dealer last (E-6).

    Args:
        dealer: The dealer's seat.
        players: The number of seats: always 4 (E-1).

    Returns:
        Every seat once, in the order they call.

    Raises:
        TypeError: no dealer, or a number of players other than 4 (the library's
            ``InvalidArgumentError``, also a ``ValueError``).
        InvalidSeatError: ``dealer`` is not a seat.

    The old call with the dealer as the only positional argument still works, with a
    :class:`DeprecationWarning` (removed in 0.3).

    >>> bidding_order(dealer=3)
    (0, 1, 2, 3)
    """
    if args:
        if len(args) != 1 or dealer is not None:
            raise InvalidArgumentError("bidding_order takes the dealer as dealer=, once")
        warnings.warn(
            "bidding_order(dealer) is deprecated and will be removed in 0.3;"
            " call bidding_order(dealer=dealer)",
            DeprecationWarning,
            stacklevel=2,
        )
        dealer = args[0]
    if dealer is None:
        raise InvalidArgumentError("bidding_order needs dealer=, the dealer's seat")
    if type(players) is not int or players != 4:
        raise InvalidArgumentError(f"Bid Euchre has 4 players, not {quote(players)}")
    seat = check_seat(dealer, 4)
    return ((seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4, seat)


class AuctionRules:
    """The auction rules of one set of options: the bids and their order, computed once.

    Attributes:
        ladder: Every bid in rank order (E-8, E-10, E-11, E-38): ordinary bids from
            ``min_bid`` to one less than the tricks per hand, the plain all-tricks bid
            (``allow_plain_six``), the help bid, the moon.
        continuous: ``bidding_style == "continuous"`` (E-7).
        stick_the_dealer: The option of E-35.

    >>> from cardrules.bid_euchre import BidEuchreOptions
    >>> [str(c) for c in AuctionRules(BidEuchreOptions(allow_plain_six=True)).ladder]
    ['3', '4', '5', '6', '6H', '6M']
    """

    __slots__ = (
        "_calls",
        "_nodes",
        "_rank",
        "_roots",
        "continuous",
        "ladder",
        "options",
        "stick_the_dealer",
    )

    def __init__(self, options: BidEuchreOptions) -> None:
        n = options.tricks_per_hand
        ladder = [Contract(level) for level in range(options.min_bid, n)]
        if options.allow_plain_six:
            ladder.append(Contract(n))
        ladder += [Contract.help(n), Contract.moon(n)]
        self.options = options
        self.ladder: tuple[Contract, ...] = tuple(ladder)
        self._rank = {(c.tricks, c.kind): i for i, c in enumerate(self.ladder)}
        self.continuous = options.bidding_style == "continuous"
        self.stick_the_dealer = options.stick_the_dealer
        # _calls[high + 1]: the legal calls over the bid of rank ``high`` (-1: no bid).
        self._calls: tuple[tuple[CallValue, ...], ...] = tuple(
            (None, *self.ladder[high + 1 :]) for high in range(-1, len(self.ladder))
        )
        # Auctions are values: each call sequence is built once and its successors
        # are remembered, up to a bound (continuous bidding has many sequences).
        self._nodes = 0
        self._roots = tuple(_auction(self, d, (), -1, -1, 0, (d + 1) % 4) for d in range(4))

    def rank(self, contract: Contract) -> int:
        """The position of ``contract`` in :attr:`ladder`, or -1 if it is not a bid here."""
        if type(contract.tricks) is not int or type(contract.kind) is not ContractKind:
            return -1
        return self._rank.get((contract.tricks, contract.kind), -1)

    def start(self, dealer: int) -> Auction:
        """The auction before the first call; the dealer's left calls first (E-6)."""
        return self._roots[dealer]


class _AuctionSlots:
    __slots__ = (
        "_next",
        "_passed",
        "calls",
        "contract",
        "dealer",
        "dealer_is_stuck",
        "declarer",
        "high_rank",
        "rules",
        "sitting_out",
        "successors",
        "to_call",
    )

    rules: AuctionRules
    dealer: int
    calls: tuple[tuple[int, CallValue], ...]
    to_call: int | None
    high_rank: int
    declarer: int | None
    dealer_is_stuck: bool
    contract: Contract | None
    sitting_out: int | None
    successors: Mapping[int, Auction]
    _passed: int
    _next: dict[int, Auction]


class Auction(_AuctionSlots):
    """The auction of one hand: the calls so far and whose call it is. Immutable.

    Build it with :meth:`AuctionRules.start` and advance it with :meth:`call` (or
    :meth:`call_rank`).

    Attributes:
        rules: The :class:`AuctionRules`.
        dealer: The dealer's seat.
        calls: Every call as ``(seat, call)``, in order; once a moon ends the auction,
            the players who never called are recorded as passing (E-11).
        to_call: The seat to call, or ``None`` once the auction is over.
        high_rank: The position of the highest bid in ``rules.ladder``, -1 before any
            bid.
        declarer: The highest bidder so far (E-13); ``None`` before any bid.
        dealer_is_stuck: True if the dealer is to call, may not pass, and must bid
            (E-35).
        contract: The winning bid once the auction is over (``None`` while it runs or
            if void).
        sitting_out: The declarer's partner once a help or moon bid has won (E-21),
            else ``None``.
        successors: The auctions after the calls made from this one so far, by the
            call's rank (-1 for a pass): a read-only view of what :meth:`call_rank`
            has built, which engines read before calling it.

    >>> from cardrules.bid_euchre import BidEuchreOptions
    >>> a = AuctionRules(BidEuchreOptions()).start(dealer=3).call(Contract(4))
    >>> a.high_rank, a.declarer, a.to_call, a.contract
    (1, 0, 1, None)
    """

    __slots__ = ()

    @property
    def is_over(self) -> bool:
        """True once the auction has ended (with a contract, or all four passing)."""
        return self.to_call is None

    @property
    def high_bid(self) -> Contract | None:
        """The highest bid so far, ``None`` before any bid."""
        return self.rules.ladder[self.high_rank] if self.high_rank >= 0 else None

    @property
    def all_passed(self) -> bool:
        """True if the auction ended with four passes, which voids the hand (E-12)."""
        return self.to_call is None and self.high_rank < 0

    def legal_calls(self) -> tuple[CallValue, ...]:
        """The calls the seat to call may make, pass (``None``) first, then the bids upward.

        >>> from cardrules.bid_euchre import BidEuchreOptions
        >>> a = AuctionRules(BidEuchreOptions()).start(dealer=3).call(Contract(4))
        >>> [str(c) for c in a.legal_calls()]
        ['None', '5', '6H', '6M']
        """
        if self.to_call is None:
            return ()
        calls = self.rules._calls[self.high_rank + 1]
        return calls[1:] if self.dealer_is_stuck else calls

    def check(self, call: CallValue) -> None:
        """Raise :class:`~cardrules.BidError` if ``call`` is not legal now.

        Raises:
            BidError: the auction is over, a bid that is not higher than the current
                bid (E-8), below ``min_bid`` (E-8), a level or kind the options do not
                have (E-8, E-10, E-38), or a pass by a stuck dealer (E-35).

        >>> from cardrules.bid_euchre import BidEuchreOptions
        >>> auction = AuctionRules(BidEuchreOptions()).start(dealer=3).call(Contract(4))
        >>> auction.check(Contract(5))  # None: a legal call
        >>> auction.check(Contract(4))
        Traceback (most recent call last):
        ...
        cardrules.errors.BidError: bid 4 does not overcall 4: bid higher than 4, or pass (E-8)
        """
        seat = self.to_call
        if seat is None:
            raise BidError("the auction is over", rule_id="E-7")
        given: object = call
        if given is not None and (
            not isinstance(given, Contract)
            or type(given.tricks) is not int
            or type(given.kind) is not ContractKind
        ):
            raise BidError(f"a call is a Contract or None (a pass), not {quote(given)}", seat=seat)
        if call is None:
            if self.dealer_is_stuck:
                raise BidError(
                    "the dealer may not pass after three passes: bid at least "
                    f"{self.rules.ladder[0]} (stick the dealer)",
                    seat=seat,
                    rule_id="E-35",
                )
            return
        rules = self.rules
        rank = rules.rank(call)
        if rank < 0:
            raise BidError(_why_not_a_bid(call, rules), seat=seat, rule_id=_rule_of(call, rules))
        if rank <= self.high_rank:
            high = rules.ladder[self.high_rank]
            raise BidError(
                f"bid {call} does not overcall {high}: bid higher than {high}, or pass",
                seat=seat,
                rule_id="E-8",
            )

    def call(self, call: CallValue) -> Auction:
        """The auction after ``call`` by :attr:`to_call` (checked first).

        Raises:
            BidError: as :meth:`check`.
        """
        self.check(call)
        # check() raised if the auction were over, so to_call is a seat.
        seat: int = self.to_call  # type: ignore[assignment]
        return self._after(seat, -1 if call is None else self.rules.rank(call))

    def call_rank(self, rank: int) -> Auction:
        """The auction after the seat to call calls the bid of ``rank`` in
        ``rules.ladder``, or passes (``rank`` -1): :meth:`call` by the bid's rank, for
        engines and bots that count bids by rank. Each auction's successors are built
        once and shared.

        Raises:
            BidError: as :meth:`call` (a rank that is no bid of the ladder included).

        >>> from cardrules.bid_euchre import BidEuchreOptions
        >>> a = AuctionRules(BidEuchreOptions()).start(dealer=3)
        >>> a.call_rank(1) is a.call(Contract(4)), a.call_rank(-1).calls
        (True, ((0, None),))
        """
        known = self._next.get(rank)
        if known is not None:
            # A successor is kept only once its call was checked.
            return known
        ladder = self.rules.ladder
        if type(rank) is not int or not -1 <= rank < len(ladder):
            raise BidError(
                f"no bid has rank {quote(rank)}: ranks run from -1 (pass) to {len(ladder) - 1}",
                seat=self.to_call,
            )
        return self.call(ladder[rank] if rank >= 0 else None)

    def _after(self, seat: int, rank: int) -> Auction:
        """The auction after ``seat`` calls the bid of ``rank`` (-1: pass), checked."""
        known = self._next.get(rank)
        if known is not None:
            return known
        after = self._successor(seat, rank)
        rules = self.rules
        if rules._nodes < _MAX_NODES:
            rules._nodes += 1
            self._next[rank] = after
        return after

    def _successor(self, seat: int, rank: int) -> Auction:
        rules = self.rules
        calls = (*self.calls, (seat, rules.ladder[rank] if rank >= 0 else None))
        high, passed = self.high_rank, self._passed
        declarer = -1 if self.declarer is None else self.declarer
        if rank < 0:
            passed |= 1 << seat
        else:
            high, declarer = rank, seat
        dealer = self.dealer
        if rank == len(rules.ladder) - 1:
            # E-11: nothing overcalls the moon; whoever has not called is recorded passing.
            called = {s for s, _ in calls}
            implied = tuple((s, None) for s in bidding_order(dealer=dealer) if s not in called)
            return _auction(rules, dealer, calls + implied, high, declarer, passed, None)
        if rules.continuous:
            # E-7: round and round; a player who passed is out; over when all but the
            # high bidder (or all four) have passed.
            active = 0b1111 ^ passed
            if active == 0 or (declarer >= 0 and active == 1 << declarer):
                return _auction(rules, dealer, calls, high, declarer, passed, None)
            nxt = (seat + 1) % 4
            while not active >> nxt & 1:
                nxt = (nxt + 1) % 4
            return _auction(rules, dealer, calls, high, declarer, passed, nxt)
        # E-7: a single round; the dealer calls last.
        nxt_seat: int | None = None if seat == dealer else (seat + 1) % 4
        return _auction(rules, dealer, calls, high, declarer, passed, nxt_seat)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Auction):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def _fields(self) -> tuple[Any, ...]:
        return (self.rules.ladder, self.dealer, self.calls, self.to_call)

    def __setattr__(self, name: str, value: Any) -> None:
        raise ImmutableError(f"Auction is immutable; cannot set {quote(name)}")

    def __delattr__(self, name: str) -> None:
        raise ImmutableError(f"Auction is immutable; cannot delete {quote(name)}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_replay_auction, (self.rules.options, self.dealer, self.calls))

    def __repr__(self) -> str:
        calls = ", ".join(f"{s}:{'pass' if c is None else c}" for s, c in self.calls)
        return f"<Auction dealer={self.dealer} calls=[{calls}] to_call={self.to_call}>"


_MAX_NODES: Final = 100_000


def _auction(
    rules: AuctionRules,
    dealer: int,
    calls: tuple[tuple[int, CallValue], ...],
    high: int,
    declarer: int,
    passed: int,
    to_call: int | None,
) -> Auction:
    a = object.__new__(_AuctionSlots)
    a.rules = rules
    a.dealer = dealer
    a.calls = calls
    a.high_rank = high
    a.declarer = declarer if declarer >= 0 else None
    a._passed = passed
    a.to_call = to_call
    # E-35: three passes and the dealer to call: the dealer may not pass.
    a.dealer_is_stuck = (
        rules.stick_the_dealer
        and to_call == dealer
        and high < 0
        and passed == 0b1111 ^ (1 << dealer)
    )
    a._next = {}
    a.successors = MappingProxyType(a._next)
    contract = rules.ladder[high] if to_call is None and high >= 0 else None
    a.contract = contract
    # E-21: the partner of a help or moon declarer sits out.
    a.sitting_out = (
        (declarer + 2) % 4
        if contract is not None and contract.kind is not ContractKind.ORDINARY
        else None
    )
    return seal(a, Auction)


def _replay_auction(
    options: BidEuchreOptions, dealer: int, calls: tuple[tuple[int, CallValue], ...]
) -> Auction:
    auction = AuctionRules(options).start(dealer)
    for seat, call in calls:
        if auction.to_call == seat:
            auction = auction.call(call)
    return auction


def _rule_of(call: Contract, rules: AuctionRules) -> str:
    n = rules.options.tricks_per_hand
    if call.kind is not ContractKind.ORDINARY or call.tricks == n:
        return "E-38" if call.tricks != n and rules.options.double_deck else "E-10"
    return "E-8"


def _why_not_a_bid(call: Contract, rules: AuctionRules) -> str:
    options = rules.options
    n = options.tricks_per_hand
    if call.kind is not ContractKind.ORDINARY:
        return f"bid {call} does not exist: the help bid and the moon are for all {n} tricks"
    if call.tricks == n:
        return f"the plain all-tricks bid {call} needs allow_plain_six (two ways to bid {n})"
    if call.tricks < options.min_bid:
        return f"bid {call} is below the minimum bid {options.min_bid}"
    return f"bid {call} does not exist: ordinary bids run from {options.min_bid} to {n - 1}"
