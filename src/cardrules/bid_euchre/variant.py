"""The Bid Euchre variant: options, deals, actions and records for one hand.

>>> from cardrules.bid_euchre import BidEuchreVariant
>>> variant = BidEuchreVariant(joker=True)
>>> variant
cardrules.get_variant('bid-euchre', joker=True)
>>> state = variant.new_game(seed=2, dealer=3)
>>> state.phase, state.to_play, len(state.hand(3))
(<Phase.DISCARD: 'discard'>, 3, 7)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardrules._util import quote
from cardrules.actions import Action
from cardrules.bid_euchre import actions as _actions
from cardrules.bid_euchre._engine import root_state
from cardrules.bid_euchre._tables import TRUMP_CHOICES, Tables
from cardrules.bid_euchre.actions import Notation
from cardrules.bid_euchre.cards import NO_TRUMP, Trump
from cardrules.bid_euchre.options import BidEuchreOptions
from cardrules.bid_euchre.playout import random_playout as _random_playout
from cardrules.bid_euchre.scoring import HandResult
from cardrules.bid_euchre.state import BidEuchreState
from cardrules.bid_euchre.view import OBSERVATION_SIZE
from cardrules.cards import Card
from cardrules.errors import (
    DealError,
    InvalidArgumentError,
    NotationError,
    OptionsError,
    RecordError,
)
from cardrules.state import Variant, check_seat
from cardrules.tricks import TrickTable

if TYPE_CHECKING:
    from cardrules.bid_euchre.match import BidEuchreMatch

__all__ = ["BidEuchreVariant"]

# For _deal: the bit of each position (copied, never changed), and the steps of the
# shuffle from card 23 down to card 4, four at a time: each card with the number of
# bits drawn for it.
_BITS: Final = [1 << pos for pos in range(25)]
_DEAL_STEPS: Final = tuple(
    tuple(x for c in range(top, top - 4, -1) for x in (c, (c + 1).bit_length()))
    for top in range(23, 4, -4)
)


@functools.lru_cache(maxsize=64)
def _variant_for(options: BidEuchreOptions) -> BidEuchreVariant:
    """A shared variant per options, so that unpickling states does not rebuild it."""
    return BidEuchreVariant(options)


class BidEuchreVariant(Variant):
    """Bid Euchre with one set of options (E-39), for one hand at a time.

    Build it with a :class:`~cardrules.bid_euchre.BidEuchreOptions` or with the options
    as keywords (not both). A match of several hands is
    :class:`~cardrules.bid_euchre.BidEuchreMatch`.

    Args:
        options: The options; the defaults (the seed's base game) if omitted.
        **kwargs: The options as keywords, instead of ``options``.

    Raises:
        OptionsError: an unknown or invalid option, or both ``options`` and keywords.

    >>> BidEuchreVariant(stick_the_dealer=True).options.stick_the_dealer
    True
    """

    id: ClassVar[str] = "bid-euchre"
    aliases: ClassVar[tuple[str, ...]] = ("bid_euchre", "bideuchre", "bid euchre")
    name: ClassVar[str] = "Bid Euchre"
    rules_version: ClassVar[str] = "1"

    def __init__(self, options: BidEuchreOptions | None = None, **kwargs: Any) -> None:
        if options is not None and kwargs:
            raise OptionsError("give a BidEuchreOptions or keyword options, not both")
        if options is None:
            try:
                options = BidEuchreOptions(**kwargs)
            except TypeError as exc:
                raise OptionsError(str(exc)) from None
        elif type(options) is not BidEuchreOptions:
            raise OptionsError(f"options must be a BidEuchreOptions, not {quote(options)}")
        self.options: BidEuchreOptions = options
        # Every table the engine reads, compiled once for these options.
        self._tables = Tables(options, self)
        self._notation = Notation(tricks_per_hand=options.tricks_per_hand)

    # -- Variant interface --------------------------------------------------------------

    @property
    def players(self) -> int:
        """Always 4 (E-1)."""
        return 4

    @property
    def deck(self) -> tuple[Card, ...]:
        """The deck of 24 cards, 25 with the joker, 48 with the double deck (E-2, E-37, E-38)."""
        return self._tables.deck.cards

    @property
    def num_actions(self) -> int:
        """The size of the action-id space, 102 for every option set."""
        return _actions.NUM_ACTIONS

    @property
    def observation_size(self) -> int:
        """The length of a view's :meth:`~cardrules.bid_euchre.BidEuchreView.observation`:
        454 for every option set (see :data:`cardrules.bid_euchre.view.OBSERVATION_LAYOUT`).

        >>> BidEuchreVariant(double_deck=True).observation_size
        454
        """
        return OBSERVATION_SIZE

    def new_game(
        self,
        *,
        rng: random.Random | None = None,
        seed: int | None = None,
        dealer: int | None = None,
    ) -> BidEuchreState:
        """Shuffle and deal a hand (E-4).

        Args:
            rng: The generator to shuffle with.
            seed: Or a seed for ``random.Random(seed)``; not both.
            dealer: The dealer's seat; ``options.first_dealer`` by default (E-3).

        Returns:
            The hand's first state.

        Raises:
            InvalidSeatError: ``dealer`` is not a seat.

        >>> [str(c) for c in BidEuchreVariant().new_game(seed=1).hand(0)]
        ['QS', 'KS', '10H', 'KH', '9D', 'AD']
        """
        r = rng if seed is None and type(rng) is random.Random else self._rng(rng, seed)
        d = self.options.first_dealer if dealer is None else check_seat(dealer, 4)
        if self.options.double_deck:
            return root_state(self._tables, BidEuchreState, d, self._double_deal(d, r.getrandbits))
        held = self._deal(d, r.getrandbits)
        w = self._tables.deck.size
        return root_state(
            self._tables,
            BidEuchreState,
            d,
            held[0] | held[1] << w | held[2] << 2 * w | held[3] << 3 * w,
            held,
        )

    # The shuffle unrolled four cards at a time, one per seat: PLR0912.
    def _deal(self, dealer: int, getrandbits: Any) -> tuple[int, int, int, int]:  # noqa: PLR0912
        """Shuffle and deal one deck (24 cards, or 25 with the joker): the seats' masks.

        The Fisher-Yates shuffle of :func:`cardrules.decks.shuffle` (the same draws),
        on positions, fused with the deal (E-4): card ``i`` of the shuffled deck goes to
        seat ``(dealer + 1 + i) % 4``, and is final once step ``i`` has drawn it.
        """
        # The shuffled deck, as the bit of each card's position.
        deck = _BITS[: self._tables.deck.size]
        extra = 0
        if len(deck) == 25:
            # E-37: the 25th card goes to the dealer.
            j = getrandbits(5)
            while j > 24:
                j = getrandbits(5)
            extra = deck[j]
            deck[j] = deck[24]
        # The masks of the seats that get cards 4q, 4q + 1, 4q + 2 and 4q + 3.
        h0 = h1 = h2 = h3 = 0
        for c3, k3, c2, k2, c1, k1, c0, k0 in _DEAL_STEPS:
            j = getrandbits(k3)
            while j > c3:
                j = getrandbits(k3)
            h3 |= deck[j]
            deck[j] = deck[c3]
            j = getrandbits(k2)
            while j > c2:
                j = getrandbits(k2)
            h2 |= deck[j]
            deck[j] = deck[c2]
            j = getrandbits(k1)
            while j > c1:
                j = getrandbits(k1)
            h1 |= deck[j]
            deck[j] = deck[c1]
            j = getrandbits(k0)
            while j > c0:
                j = getrandbits(k0)
            h0 |= deck[j]
            deck[j] = deck[c0]
        # Cards 3, 2 and 1, then card 0, which the shuffle leaves in place.
        j = getrandbits(3)
        while j > 3:
            j = getrandbits(3)
        h3 |= deck[j] | extra
        deck[j] = deck[3]
        j = getrandbits(2)
        while j > 2:
            j = getrandbits(2)
        h2 |= deck[j]
        deck[j] = deck[2]
        j = getrandbits(2)
        while j > 1:
            j = getrandbits(2)
        h1 |= deck[j]
        h0 |= deck[1 - j]
        # Card i goes to seat (dealer + 1 + i) % 4: h0 to the dealer's left.
        if dealer == 0:
            return (h3, h0, h1, h2)
        if dealer == 1:
            return (h2, h3, h0, h1)
        if dealer == 2:
            return (h1, h2, h3, h0)
        return (h0, h1, h2, h3)

    def _double_deal(self, dealer: int, getrandbits: Any) -> int:
        size = self._tables.deck.size
        perm = list(range(size))
        for n, k, i in self._tables.shuffle_steps:
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            perm[i], perm[j] = perm[j], perm[i]
        # Identical copies are interchangeable: the lower seat gets the first copy, as
        # in deal(), so that a record of the cards replays to an equal state.
        seat_of = [0] * size
        for i, pos in enumerate(perm):
            seat_of[pos] = (dealer + 1 + i) % 4
        dealt = 0
        for first in range(24):
            a, b = seat_of[first], seat_of[first + 24]
            if a > b:
                a, b = b, a
            dealt |= 1 << (first + a * size) | 1 << (first + 24 + b * size)
        return dealt

    def deal(
        self,
        *,
        hands: Sequence[Sequence[Card | str] | str],
        dealer: int | None = None,
        extra: Card | str | None = None,
    ) -> BidEuchreState:
        """The first state of a hand with the given cards, for tests, puzzles and records.

        Args:
            hands: Four hands, seats 0 (N) to 3 (W): each a sequence of cards or card
                codes, or a string of codes separated by spaces (``"JD AH 10S KC QD 9S"``).
                6 cards each (12 with the double deck); the dealer may hold 7 with the
                joker.
            dealer: The dealer's seat; ``options.first_dealer`` by default.
            extra: With the joker, the dealer's 7th card (the 25th card dealt, E-37), if
                the dealer's hand lists only 6.

        Returns:
            The hand's first state.

        Raises:
            DealError: the hands are not a deal of this deck.
            InvalidSeatError: ``dealer`` is not a seat.

        >>> v = BidEuchreVariant()
        >>> s = v.deal(hands=["9S 10S JS QS KS AS", "9H 10H JH QH KH AH",
        ...                   "9D 10D JD QD KD AD", "9C 10C JC QC KC AC"], dealer=3)
        >>> s.hand(2)[:2]
        (Card.parse('9D'), Card.parse('10D'))
        """
        d = self.options.first_dealer if dealer is None else check_seat(dealer, 4)
        given: object = hands
        if isinstance(given, (str, bytes)) or not isinstance(given, Sequence) or len(given) != 4:
            raise DealError(
                f"hands must be a sequence of four hands (seats 0 to 3), not {quote(given)}"
            )
        parsed = [self._parse_hand(hand, seat) for seat, hand in enumerate(hands)]
        if extra is not None:
            if not self.options.joker:
                raise DealError("extra is the dealer's 7th card: only with the joker (E-37)")
            parsed[d].append(self._parse_card(extra, d))
        size = self.options.tricks_per_hand
        for seat, cards in enumerate(parsed):
            want = size + 1 if self.options.joker and seat == d else size
            if len(cards) != want:
                raise DealError(
                    f"seat {seat} must be dealt {want} cards, not {len(cards)}"
                    + (" (E-37)" if want > size else " (E-4)")
                )
        used = 0
        dealt = 0
        width = self._tables.deck.size
        for seat, cards in enumerate(parsed):
            for card in cards:
                free = self._tables.deck.position_mask[card.index] & ~used
                if not free:
                    copies = "once" if not self.options.double_deck else "twice"
                    raise DealError(f"{card} is dealt more than {copies}")
                bit = free & -free
                used |= bit
                dealt |= bit << (seat * width)
        return root_state(self._tables, BidEuchreState, d, dealt)

    def _parse_card(self, card: object, seat: int) -> Card:
        if isinstance(card, str):
            try:
                card = Card.parse(card)
            except NotationError as exc:
                raise DealError(f"seat {seat}: {exc}") from None
        if type(card) is not Card:
            raise DealError(f"seat {seat}: not a card: {quote(card)}")
        if not self._tables.deck.position_mask[card.index]:
            raise DealError(f"seat {seat}: {card} is not in this game's deck")
        return card

    def _parse_hand(self, hand: object, seat: int) -> list[Card]:
        if isinstance(hand, str):
            items: Sequence[object] = hand.split()
        elif isinstance(hand, Sequence):
            items = hand
        else:
            raise DealError(f"seat {seat}: a hand is a sequence of cards, not {quote(hand)}")
        return [self._parse_card(c, seat) for c in items]

    def parse_action(self, text: str) -> Action:
        """Parse an action's notation (see :func:`~cardrules.bid_euchre.parse_action`).

        ``bid help`` and ``bid moon`` stand for this deck's all-tricks level.

        Raises:
            NotationError: ``text`` is not an action's notation.

        >>> BidEuchreVariant(double_deck=True).parse_action("bid moon")
        Bid(Contract(12, ContractKind.MOON))
        """
        return self._notation.parse(text)

    def action_text(self, action: Action) -> str:
        """The notation of ``action`` as this variant writes it: ``str(action)``, except
        the plain all-tricks bid of ``allow_plain_six``, written ``bid 6P`` (``bid 12P``
        with the double deck) as in the spec (E-10). :meth:`parse_action` reads both.

        >>> variant = BidEuchreVariant(allow_plain_six=True)
        >>> [variant.action_text(a) for a in variant.new_game(seed=5).legal_actions()]
        ['pass', 'bid 3', 'bid 4', 'bid 5', 'bid 6P', 'bid 6H', 'bid 6M']
        """
        return self._notation.text(action)

    def action_id(self, action: Action) -> int:
        """The stable integer id of ``action`` (see :func:`~cardrules.bid_euchre.action_id`).

        Raises:
            InvalidActionError: ``action`` has no Bid Euchre id.
        """
        return _actions.action_id(action)

    def action_from_id(self, action_id: int) -> Action:
        """The action with this id (see :func:`~cardrules.bid_euchre.action_from_id`).

        Raises:
            InvalidActionError: not an int id from 0 to 101.
        """
        return _actions.action_from_id(action_id)

    def options_json(self) -> dict[str, Any]:
        """The options as JSON values."""
        return self.options.to_json()

    @classmethod
    def from_options_json(cls, options: Mapping[str, Any]) -> BidEuchreVariant:
        """The variant with the options of :meth:`options_json`.

        Raises:
            OptionsError: unknown or invalid options.
        """
        return cls(BidEuchreOptions.from_json(options))

    def deal_json(self, state: Any) -> dict[str, Any]:
        """The dealer and the hands as dealt (the dealer's 7 cards with the joker).

        Raises:
            TypeError: ``state`` is not a state of a Bid Euchre hand.
        """
        if not isinstance(state, BidEuchreState):
            raise InvalidArgumentError(
                f"deal_json takes a BidEuchreState, not {type(state).__name__}"
            )
        h = state._h
        width = self._tables.deck.size
        full = (1 << width) - 1
        hands = [
            [str(c) for c in self._tables.deck.cards_of(h.dealt >> (seat * width) & full)]
            for seat in range(4)
        ]
        return {"dealer": h.dealer, "hands": hands}

    def state_from_deal_json(self, dealer: int, deal: Mapping[str, Any]) -> BidEuchreState:
        """The first state of the deal of :meth:`deal_json`.

        Raises:
            RecordError: the deal is malformed or not a deal of this deck.
        """
        data: object = deal  # untrusted: checked whatever its declared type
        if not isinstance(data, Mapping) or set(data) != {"hands"}:
            raise RecordError("a Bid Euchre deal is an object with exactly the key 'hands'")
        hands = data["hands"]
        if (
            not isinstance(hands, list)
            or len(hands) != 4
            or not all(isinstance(h, list) and all(isinstance(c, str) for c in h) for h in hands)
        ):
            raise RecordError("the deal's 'hands' must be four lists of card codes")
        seat: object = dealer
        if type(seat) is not int or not 0 <= seat <= 3:
            raise RecordError(f"the dealer must be a seat from 0 to 3, not {quote(seat)}")
        try:
            return self.deal(hands=hands, dealer=dealer)
        except DealError as exc:
            raise RecordError(f"the deal is invalid: {exc}") from None

    def new_match(self) -> BidEuchreMatch:
        """A match to the target score under these options, 0-0, dealt first by
        ``options.first_dealer`` (:class:`~cardrules.bid_euchre.BidEuchreMatch`).

        >>> match = BidEuchreVariant(target_score=10).new_match()
        >>> match.scores, match.options.target_score, match.is_over
        ((0, 0), 10, False)
        """
        # The one import inside a function: the match deals its hands with this class,
        # so match.py imports this module and not the other way (no circle).
        from cardrules.bid_euchre.match import BidEuchreMatch

        return BidEuchreMatch.start(self.options)

    # -- extras ---------------------------------------------------------------------------

    def random_playout(self, state: BidEuchreState, rng: random.Random) -> HandResult:
        """Play ``state``'s hand to the end with random legal actions; the result.

        Uses the same draws from ``rng`` as the public loop (see
        :func:`~cardrules.bid_euchre.random_playout`).

        Raises:
            TypeError: ``state`` is not a state of this variant.
        """
        given: object = state
        if not isinstance(given, BidEuchreState) or (
            given.variant is not self and given.variant != self
        ):
            raise InvalidArgumentError("random_playout takes a state of this variant")
        return _random_playout(state, rng)

    def trick_table(self, trump: Trump) -> TrickTable:
        """The compiled trick table for ``trump`` (built once per variant).

        Raises:
            ValueError: no-trump without ``allow_no_trump``, or not a trump choice.
        """
        if trump is NO_TRUMP and not self.options.allow_no_trump:
            raise InvalidArgumentError("no-trump needs allow_no_trump (E-13)")
        if trump not in TRUMP_CHOICES:
            raise InvalidArgumentError(f"not a trump choice: {quote(trump)}")
        return self._tables.deck.tables[TRUMP_CHOICES.index(trump)]

    # -- values ---------------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BidEuchreVariant):
            return NotImplemented
        return self.options == other.options

    def __hash__(self) -> int:
        return hash(self.options)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_variant_for, (self.options,))

    def __repr__(self) -> str:
        # Defaults as derived for this deck: help_value and moon_value follow its size.
        default = BidEuchreOptions(double_deck=self.options.double_deck).to_json()
        default["double_deck"] = False
        changed = [
            f"{name}={value!r}"
            for name, value in self.options.to_json().items()
            if default[name] != value
        ]
        return f"cardrules.get_variant({', '.join([repr(self.id), *changed])})"
