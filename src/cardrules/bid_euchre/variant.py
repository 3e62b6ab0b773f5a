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
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

import cardrules._position as _pos
from cardrules._util import quote
from cardrules.actions import Action, Pass, Play
from cardrules.bid_euchre import actions as _actions
from cardrules.bid_euchre import view as _view
from cardrules.bid_euchre._engine import new_hand, playout, root_state
from cardrules.bid_euchre._solver import horizon as solver_horizon
from cardrules.bid_euchre._solver import solve as solve_deal
from cardrules.bid_euchre._tables import TRUMP_CHOICES, Tables
from cardrules.bid_euchre.actions import Bid, ClaimAceNoFace, Give, Notation
from cardrules.bid_euchre.cards import NO_TRUMP, Trump, trick_rules
from cardrules.bid_euchre.match import BidEuchreMatch
from cardrules.bid_euchre.options import BidEuchreOptions
from cardrules.bid_euchre.phases import Phase
from cardrules.bid_euchre.scoring import HandResult
from cardrules.bid_euchre.state import BidEuchreState
from cardrules.bid_euchre.view import OBSERVATION_SIZE
from cardrules.cards import Card
from cardrules.decks import check_order
from cardrules.errors import (
    BidError,
    CardrulesError,
    DealError,
    InvalidArgumentError,
    NotationError,
    OptionsError,
    RecordError,
)
from cardrules.info import GameInfo, Statistic, observation_layout
from cardrules.solving import Solver
from cardrules.state import SeatRequired, Variant, check_seat
from cardrules.tricks import TrickRules, TrickTable

if TYPE_CHECKING:
    from cardrules.state import State

__all__ = ["BidEuchreVariant"]


class _SeatedBidEuchreState(SeatRequired, BidEuchreState):
    """A Bid Euchre state that requires the acting seat (``require_seat=True``)."""

    __slots__ = ()


@functools.lru_cache(maxsize=64)
def _variant_for(options: BidEuchreOptions) -> BidEuchreVariant:
    """A shared variant per options, so that unpickling states does not rebuild it."""
    return BidEuchreVariant(options)


def _state_class(require_seat: object) -> type[BidEuchreState]:
    """The class of the states dealt with or without ``require_seat``."""
    if type(require_seat) is not bool:
        raise InvalidArgumentError(f"require_seat must be True or False, not {quote(require_seat)}")
    return _SeatedBidEuchreState if require_seat else BidEuchreState


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
        self._notation = Notation(tricks_per_hand=options.tricks_per_hand)
        # Every table the engine reads, compiled once for these options, the trick
        # tables from this variant's declarations (trick_rules).
        choices = TRUMP_CHOICES if options.allow_no_trump else TRUMP_CHOICES[:4]
        self._tables = Tables(
            options, self, [self.trick_rules(t) for t in choices], self._notation, BidEuchreState
        )

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

    # -- the declaration the layers above read (cardrules.info) ------------------------

    @functools.cached_property
    def info(self) -> GameInfo:
        """What Bid Euchre declares for the layers above its rules. The seats N, E, S, W,
        the longest hand, the score bounds, the observation's layout, the statistics of
        a simulation, the heuristic bot, each derived from the rules next to its rule
        IDs (the longest hand from E-7 … E-22, the score bounds from E-23 … E-32).

        >>> BidEuchreVariant(bidding_style="continuous").info.max_game_length
        31
        """
        return _game_info(self.options)

    def deal_statistics(self, final: State) -> dict[str, Any]:
        """The facts of a finished hand a simulation sums up: why it was thrown in, or
        its contract (with its rank among the bids and its kind), declarer, whether it
        was made, the tricks and the reneges."""
        return _deal_statistics(final)

    def action_seen_by(self, action: Action, actor: int, viewer: int) -> Action | None:
        """E-40: the help exchange passes face down between the declarer and the
        partner, so the other team sees a card go, not which; the dealer's joker
        discard is seen by the dealer alone. Every other action is public."""
        return _action_seen_by(action, actor, viewer)

    def new_game(
        self,
        *,
        rng: random.Random | None = None,
        seed: int | None = None,
        dealer: int | None = None,
        deck: Iterable[Card | str] | str | None = None,
        require_seat: bool = False,
    ) -> BidEuchreState:
        """Shuffle and deal a hand (E-4).

        Args:
            rng: The generator to shuffle with.
            seed: Or a seed for ``random.Random(seed)``; not both.
            dealer: The dealer's seat; ``options.first_dealer`` by default (E-3).
            deck: A deck order shuffled elsewhere (a physical table, pre-dealt boards),
                dealt instead of a shuffle: exactly ``variant.deck`` in any order, as
                cards, codes, or one string of codes. Card ``i`` goes to seat
                ``(dealer + 1 + i) % 4`` (E-4); with the joker the 25th card goes to the
                dealer (E-37). ``rng`` and ``seed`` are then not used.
            require_seat: For servers: this state and every state after it refuse
                ``apply``/``check`` without ``seat=`` (:class:`~cardrules.SeatRequiredError`),
                so a client's move is always checked against its own seat.

        Returns:
            The hand's first state.

        Raises:
            DealError: ``deck`` is not exactly this variant's deck (the message names
                the card missing, repeated or foreign).
            NotationError: a code of ``deck`` is not a card.
            InvalidArgumentError: ``deck`` is not a collection of cards or codes.
            InvalidSeatError: ``dealer`` is not a seat.

        >>> [str(c) for c in BidEuchreVariant().new_game(seed=1).hand(0)]
        ['QS', 'KS', '10H', 'KH', '9D', 'AD']
        >>> from cardrules import decks
        >>> state = BidEuchreVariant().new_game(deck=decks.euchre_deck(), dealer=3)
        >>> [str(c) for c in state.hand(0)]
        ['9S', 'KS', 'JH', '9D', 'KD', 'JC']
        """
        # The state class inline (not _state_class): new_game is on the bulk playouts' path.
        if require_seat is False:
            cls: type[BidEuchreState] = BidEuchreState
        else:
            cls = _state_class(require_seat)
        if deck is not None:
            order = check_order(deck, self.deck)
            d = self.options.first_dealer if dealer is None else check_seat(dealer, 4)
            self._rng(rng, seed)
            hands: list[list[Card]] = [[], [], [], []]
            for i, card in enumerate(order):
                # E-37: the 25th card (after 24, with the joker) goes to the dealer.
                hands[d if i == 24 and self.options.joker else (d + 1 + i) % 4].append(card)
            return self.deal(hands=hands, dealer=d, require_seat=require_seat)
        r = rng if seed is None and type(rng) is random.Random else self._rng(rng, seed)
        d = self.options.first_dealer if dealer is None else check_seat(dealer, 4)
        return new_hand(self._tables, cls, d, r)

    def deal(
        self,
        *,
        hands: Sequence[Sequence[Card | str] | str],
        dealer: int | None = None,
        extra: Card | str | None = None,
        require_seat: bool = False,
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
            require_seat: As in :meth:`new_game`.

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
        cls = _state_class(require_seat)
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
        return root_state(self._tables, cls, d, dealt)

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
        return self.options.to_dict()

    @classmethod
    def from_options_json(cls, options: Mapping[str, Any]) -> BidEuchreVariant:
        """The variant with the options of :meth:`options_json`.

        Raises:
            OptionsError: unknown or invalid options.
        """
        return cls(BidEuchreOptions.from_dict(options))

    def deal_json(self, state: Any) -> dict[str, Any]:
        """The hands as dealt (the dealer's 7 cards with the joker): ``{"hands": [[codes]
        …]}``, which :meth:`state_from_deal_json` reads back with the dealer.

        Raises:
            InvalidArgumentError: ``state`` is not a state of a Bid Euchre hand.

        .. versionchanged:: 0.3.0
           Without the dealer, as every variant's deal JSON (the record holds it).
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
        return {"hands": hands}

    def state_from_deal_json(
        self, dealer: int, deal: Mapping[str, Any], *, require_seat: bool = False
    ) -> BidEuchreState:
        """The first state of the deal of :meth:`deal_json`, dealt by ``dealer``.

        Args:
            dealer: The dealer's seat.
            deal: The dealt hands, as :meth:`deal_json` writes them.
            require_seat: As in :meth:`new_game`.

        Raises:
            RecordError: the deal is malformed or not a deal of this deck.

        >>> v = BidEuchreVariant(joker=True)
        >>> s = v.new_game(seed=1, dealer=3)
        >>> v.state_from_deal_json(3, v.deal_json(s)) == s
        True
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
            return self.deal(hands=hands, dealer=dealer, require_seat=require_seat)
        except DealError as exc:
            raise RecordError(f"the deal is invalid: {exc}") from None

    def _deal_from_record(
        self, dealer: int, deal: Mapping[str, Any], *, require_seat: bool
    ) -> BidEuchreState:
        return self.state_from_deal_json(dealer, deal, require_seat=require_seat)

    def new_match(
        self,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        dealer: int | None = None,
        require_seat: bool = False,
        totals: tuple[int, ...] | list[int] | None = None,
    ) -> BidEuchreMatch:
        """A match to the target score under these options, 0-0, dealt first by
        ``options.first_dealer`` (:class:`~cardrules.bid_euchre.BidEuchreMatch`); the
        keywords are :meth:`BidEuchreMatch.start
        <cardrules.bid_euchre.BidEuchreMatch.start>`'s.

        >>> match = BidEuchreVariant(target_score=10).new_match()
        >>> match.scores, match.options.target_score, match.is_over
        ((0, 0), 10, False)
        >>> BidEuchreVariant().new_match(seed=3, require_seat=True).next_deal().requires_seat
        True
        """
        return BidEuchreMatch.start(
            self.options,
            seed=seed,
            rng=rng,
            dealer=dealer,
            require_seat=require_seat,
            totals=totals,
            variant=self,
        )

    # -- positions ------------------------------------------------------------------------

    def from_position(self, text: str) -> BidEuchreState:
        """The state a position's text describes (see "Positions" on the Notation page).

        The position's actions are replayed through the checked rules from the deal
        they imply, so the state is exactly the one that wrote the text: same legal
        actions, views and result. Its :attr:`~BidEuchreState.history` is that replay,
        so its :meth:`~cardrules.State.record` replays to an equal state.

        Raises:
            PositionError: the text is not a position of this variant, with the name of
                the faulty field (``"variant"`` when it was written for other options).

        >>> v = BidEuchreVariant()
        >>> s = v.new_game(seed=5).apply("bid 4").apply("pass").apply("pass").apply("pass")
        >>> v.from_position(s.position()) == s
        True
        """
        return _read_position(self, text)

    def _position_text(self, state: BidEuchreState) -> str:
        return _pos.line(_position_fields(state), state)

    def _position_tag(self) -> str:
        defaults = BidEuchreOptions().to_dict()
        return _pos.tag("bid-euchre", self.options.to_dict(), defaults)

    # -- extras ---------------------------------------------------------------------------

    def random_playout(self, state: BidEuchreState, rng: random.Random) -> HandResult:
        """Play ``state``'s hand to the end with random legal actions; the result.

        Uses the same draws from ``rng`` as the public loop (see
        :func:`~cardrules.bid_euchre.random_playout`).

        Raises:
            TypeError: ``state`` is not a state of this variant, or ``rng`` not a
                ``random.Random`` (the library's ``InvalidArgumentError``).
        """
        given: object = state
        if not isinstance(given, BidEuchreState) or (
            given.variant is not self and given.variant != self
        ):
            raise InvalidArgumentError("random_playout takes a state of this variant")
        if not isinstance(rng, random.Random):
            raise InvalidArgumentError(f"rng must be a random.Random, not {type(rng).__name__}")
        return playout(state, rng)

    def trick_rules(self, trump: Trump) -> TrickRules:
        """How the cards behave in a trick under ``trump``: the declaration the engine,
        the playouts, the views and the helpers all compile (E-16, E-17, E-19, E-20,
        E-37, E-38), read once per trump choice when the variant is built.

        A subclass that overrides it changes the game everywhere at once; by default
        :func:`cardrules.bid_euchre.trick_rules` of this variant's deck.

        >>> from cardrules import Card, Suit
        >>> rules = BidEuchreVariant().trick_rules(Suit.HEARTS)
        >>> rules.suit_of[Card.parse("JD")], rules.must_follow, rules.must_trump
        (<Suit.HEARTS: 'H'>, True, False)
        """
        return trick_rules(trump, joker=self.options.joker, double_deck=self.options.double_deck)

    def trick_table(self, trump: Trump) -> TrickTable:
        """The compiled trick table of :meth:`trick_rules` for ``trump`` (built once per
        variant), which the engine reads too.

        Raises:
            ValueError: no-trump without ``allow_no_trump``, or not a trump choice.
        """
        if trump is NO_TRUMP and not self.options.allow_no_trump:
            raise InvalidArgumentError("no-trump needs allow_no_trump (E-13)")
        if trump not in TRUMP_CHOICES:
            raise InvalidArgumentError(f"not a trump choice: {quote(trump)}")
        return self._tables.trick_tables[TRUMP_CHOICES.index(trump)]

    def solver(self) -> Solver:
        """This game's perfect-information solver, the hook that
        :func:`cardrules.solving.solve` calls: the tricks each team takes under best play.

        >>> BidEuchreVariant().solver().horizon
        6
        """
        # The hard level's deals per decision (bench/levels_report.py measures them).
        return Solver(solve_deal, solver_horizon(self.options), worlds=16, choice_worlds=32)

    # -- values ---------------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        # A variant is its class (a subclass may declare other rules) and its options.
        if not isinstance(other, BidEuchreVariant):
            return NotImplemented
        return type(other) is type(self) and self.options == other.options

    def __hash__(self) -> int:
        return hash((type(self), self.options))

    def __reduce__(self) -> tuple[Any, ...]:
        if type(self) is BidEuchreVariant:
            return (_variant_for, (self.options,))
        return (type(self), (self.options,))

    def __repr__(self) -> str:
        # Defaults as derived for this deck: help_value and moon_value follow its size.
        default = BidEuchreOptions(double_deck=self.options.double_deck).to_dict()
        default["double_deck"] = False
        changed = [
            f"{name}={value!r}"
            for name, value in self.options.to_dict().items()
            if default[name] != value
        ]
        return f"cardrules.get_variant({', '.join([repr(self.id), *changed])})"


# -- positions (the grammar is on the Notation page) ----------------------------------

_FIELDS: Final = (
    "variant",
    "dealer",
    "hands",
    "discard",
    "claims",
    "auction",
    "trump",
    "exchange",
    "tricks",
    "won",
    "turn",
)
_CARD_SETS: Final = (2,)  # hands: any order


def _position_fields(state: BidEuchreState) -> list[str]:
    """The fields of ``state``'s position, from the steps of its deal so far."""
    v = state.variant
    claims: list[str] = []
    calls: list[str] = []
    trump = _pos.EMPTY
    passed: tuple[list[str], list[str]] = ([], [])
    tricks: list[str] = []
    trick: list[str] = []
    leader = 0
    root = functools.partial(v.deal, hands=v.deal_json(state)["hands"], dealer=state.dealer)
    for before, seat, action, s in _pos.steps(state, root):
        phase = before.phase
        if phase is Phase.CLAIM:
            claims.append("claim" if type(action) is ClaimAceNoFace else "pass")
        elif phase is Phase.AUCTION:
            calls.append(v.action_text(action).removeprefix("bid "))
        elif phase is Phase.TRUMP:
            trump = v.action_text(action).removeprefix("trump ")
        elif phase is Phase.EXCHANGE:
            # E-14: the declarer gives first, in order, then the partner gives back.
            passed[seat != before.declarer].append(v.action_text(action).removeprefix("give "))
        elif phase is Phase.NAME_SUIT:
            # E-37: the suit named for a joker led under no-trump follows the joker.
            trick[-1] += "=" + v.action_text(action).removeprefix("name ")
        elif type(action) is Play:
            if not trick:
                leader = seat
            trick.append(str(action.card))
            if not s.trick:
                tricks.append(f"{leader}:{','.join(trick)}>{s.tricks[-1].winner}")
                trick = []
    if trick:
        tricks.append(f"{leader}:{','.join(trick)}")
    exchange = _pos.EMPTY
    if passed[0]:
        exchange = f"{','.join(passed[0])}/{','.join(passed[1]) or _pos.EMPTY}"
    ns, ew = state.tricks_won
    turn = state.to_play
    return [
        v._position_tag(),
        str(state.dealer),
        "/".join(_pos.cards_text(state.hand(p)) for p in range(4)),
        _pos.cards_text(state.discard),
        ",".join(claims) or _pos.EMPTY,
        ",".join(calls) or _pos.EMPTY,
        trump,
        exchange,
        "/".join(tricks) or _pos.EMPTY,
        f"{ns}/{ew}",
        _pos.EMPTY if turn is None else str(turn),
    ]


def _take(field: str, cards: list[Card], taken: Sequence[Card], what: str) -> None:
    for c in taken:
        if c not in cards:
            _pos.fail(field, f"{what} {c} is not among that seat's cards")
        cards.remove(c)


def _read_position(v: BidEuchreVariant, text: str) -> BidEuchreState:  # noqa: PLR0912, PLR0915
    """:meth:`BidEuchreVariant.from_position`: parse, rebuild the deal, replay, compare."""
    f, require_seat = _pos.split(text, _FIELDS, "Bid Euchre", v._position_tag())
    dealer = _pos.seat("dealer", f[1], 4)
    parts = f[2].split("/")
    if len(parts) != 4:
        _pos.fail("hands", f"4 hands separated by '/', not {len(parts)}")
    hands = [_pos.cards("hands", part) for part in parts]
    discard = _pos.cards("discard", f[3])
    if len(discard) > 1 or (discard and not v.options.joker):
        _pos.fail("discard", "the dealer discards one card, in the joker variant only (E-37)")
    claims = _pos.items("claims", f[4], ",")
    if not set(claims) <= {"pass", "claim"} or len(claims) > 4:
        _pos.fail("claims", f"up to four of 'pass' and 'claim', not {quote(f[4][:40])}")
    calls = _pos.items("auction", f[5], ",")
    if len(calls) > 64:
        _pos.fail("auction", f"{len(calls)} calls are more than an auction holds")
    given: list[Card] = []
    returned: list[Card] = []
    if f[7] != _pos.EMPTY:
        out, slash, back = f[7].partition("/")
        if not slash:
            _pos.fail("exchange", f"the given cards '/' the returned ones, not {quote(f[7][:40])}")
        given, returned = _pos.cards("exchange", out), _pos.cards("exchange", back)
    tricks: list[tuple[int, list[tuple[Card, str]], str]] = []
    for item in _pos.items("tricks", f[8], "/"):
        head, _, winner = item.partition(">")
        who, _, listed = head.partition(":")
        played = []
        for token in _pos.items("tricks", listed or _pos.EMPTY, ","):
            code, _, named = token.partition("=")
            played.append((_pos.card("tricks", code), named))
        if not played or len(played) > 4:
            _pos.fail("tricks", f"a trick has 1 to 4 cards: {quote(item[:60])}")
        tricks.append((_pos.seat("tricks", who, 4), played, winner))

    # The deal: each hand with the cards it played and the dealer's discard, before the
    # help exchange (E-14) between the declarer and the partner.
    dealt = [list(h) for h in hands]
    declarer, sitting_out = _auction(v, dealer, calls)
    for leader, played, _ in tricks:
        seat = leader
        for c, _ in played:
            dealt[seat].append(c)
            seat = (seat + 1) % 4
            if seat == sitting_out:
                # E-21: the declarer's partner sits out of a help or moon hand.
                seat = (seat + 1) % 4
    dealt[dealer] += discard
    if given or returned:
        if declarer < 0:
            _pos.fail("exchange", "an exchange needs a declarer (E-14)")
        partner = (declarer + 2) % 4
        dealt[declarer] += given
        dealt[partner] += returned
        _take("exchange", dealt[declarer], returned, "the returned card")
        _take("exchange", dealt[partner], given, "the given card")
    try:
        state = v.deal(hands=dealt, dealer=dealer, require_seat=require_seat)
    except CardrulesError as exc:
        _pos.fail("hands", f"the hands, with the cards played and passed, are no deal: {exc}")

    before = v.options.joker_discard_timing == "before_auction"
    if discard and before:
        state = _pos.apply(state, "discard", "the discard", f"discard {discard[0]}")
    for k, word in enumerate(claims):
        claim = v.action_text(ClaimAceNoFace()) if word == "claim" else "pass"
        state = _pos.apply(state, "claims", f"claim {k + 1}", claim)
    for k, word in enumerate(calls):
        state = _pos.apply(
            state, "auction", f"call {k + 1}", word if word == "pass" else f"bid {word}"
        )
    if f[6] != _pos.EMPTY:
        state = _pos.apply(state, "trump", "naming trump", f"trump {f[6]}")
    if discard and not before:
        state = _pos.apply(state, "discard", "the discard", f"discard {discard[0]}")
    for c in given + returned:
        state = _pos.apply(state, "exchange", "passing a card", f"{Give(c)}")
    for k, (_, played, _) in enumerate(tricks):
        for c, named in played:
            state = _pos.apply(state, "tricks", f"card {c} of trick {k + 1}", f"play {c}")
            if named:
                state = _pos.apply(
                    state, "tricks", f"naming a suit in trick {k + 1}", f"name {named}"
                )

    rebuilt = _position_fields(state)
    given_fields = [
        f[0],
        str(dealer),
        "/".join(_pos.cards_text(h) for h in hands),
        _pos.cards_text(discard),
        f[4],
        f[5],
        f[6],
        _pos.EMPTY
        if f[7] == _pos.EMPTY
        else f"{_pos.cards_text(given)}/{_pos.cards_text(returned)}",
        "/".join(
            f"{leader}:"
            + ",".join(f"{c}={n}" if n else str(c) for c, n in played)
            + (f">{w}" if w else "")
            for leader, played, w in tricks
        )
        or _pos.EMPTY,
        f[9],
        f[10],
    ]
    for k in _CARD_SETS:
        given_fields[k], rebuilt[k] = (
            _pos.sorted_cards(given_fields[k]),
            _pos.sorted_cards(rebuilt[k]),
        )
    _pos.compare(_FIELDS, given_fields, rebuilt)
    return state


def _auction(v: BidEuchreVariant, dealer: int, calls: Sequence[str]) -> tuple[int, int]:
    """The declarer and the seat sitting out (E-21) that the calls make, ``-1`` for
    none, with the auction's rules checked (E-8 … E-12) before any card is."""
    auction = v._tables.auction_rules.start(dealer)
    for k, word in enumerate(calls):
        try:
            if auction.is_over:
                raise BidError("the auction is over")
            action = v.parse_action("pass" if word == "pass" else f"bid {word}")
            if not isinstance(action, (Bid, Pass)):
                raise NotationError(f"not a call: {quote(word[:20])}")
            auction = auction.call(action.contract if isinstance(action, Bid) else None)
        except CardrulesError as exc:
            _pos.fail("auction", f"call {k + 1} ({word[:20]}) is not possible: {exc}")
    if not auction.is_over or auction.declarer is None:
        return -1, -1
    out = auction.sitting_out
    return auction.declarer, -1 if out is None else out


# -- the declaration the layers above read (cardrules.info) -------------------------

_SLOTS: Final = 25  # the Euchre deck and the joker, each slot counting copies
_CALLS: Final = 17  # pass and the 16 bids with an action id
_SEATS: Final = ("N", "E", "S", "W")  # E-1
_TEAMS: Final = (("NS", (0, 2)), ("EW", (1, 3)))  # E-1

_STATISTICS: Final = (
    Statistic(
        name="thrown_in",
        label="thrown in",
        kind="void",
        fact="void",
        values=("all_pass", "ace_no_face"),
        text="{all_pass} all passed, {ace_no_face} ace no face",
    ),
    Statistic(
        name="bids",
        label="Bids won",
        kind="outcomes",
        fact="contract",
        order="rank",
        words=("declared", "set"),
        title="Bids won, made and set",
        heading="Bids and sets",
    ),
    Statistic(
        name="moons",
        label="Moons",
        kind="share",
        fact="kind",
        values=("moon",),
        key="bid",
        text="{made} made of {bid} ({rate})",
    ),
    Statistic(
        name="help",
        label="Help bids",
        kind="share",
        fact="kind",
        values=("help",),
        key="bid",
        text="{made} made of {bid} ({rate})",
    ),
    Statistic(name="declarers", label="Declarers", kind="per_seat", fact="declarer"),
    Statistic(name="reneges", label="Reneges", kind="sum", fact="reneges"),
    Statistic(name="teams", label="team", kind="teams"),
)
# The statistics of a simulation of Bid Euchre hands (see _deal_statistics).

_SHAPES: Final = {
    "hand": (_SLOTS,),
    "played": (4, _SLOTS),
    "trick": (4, _SLOTS),
    "given": (_SLOTS,),
    "returned": (_SLOTS,),
    "discard": (_SLOTS,),
    "claimed_hand": (_SLOTS,),
    "calls": (4, _CALLS),
    "contract": (_CALLS - 1,),
    "declarer": (4,),
    "trump": (5,),
    "sitting_out": (4,),
    "claimant": (4,),
    "named_suit": (4,),
    "phase": (8,),
    "to_play": (4,),
    "dealer": (4,),
    "tricks_won": (2,),
    "reneges": (4,),
    "delta": (2,),
}


def _max_game_length(options: BidEuchreOptions) -> int:
    """The most actions a hand can take, by the contract it ends with.

    E-8, E-10, E-11: the ordinary bids run from the minimum to one less than every
    trick, with the plain all-tricks bid (6P) when allowed; then help and moon. E-7:
    in a single round each seat calls once; bidding round and round, each bid is above
    the last and the auction ends when the three others have passed (a moon ends it at
    once, so at most two passes come before one). E-13: trump is named. E-14, E-21:
    a help bid's exchange, cards each way, with the partner out of the play, as after a
    moon. E-18: every card is played. E-36: a claim step per seat; E-37: the dealer's
    discard, and a suit named for the joker led under no-trump (one joker).
    """
    tricks = options.tricks_per_hand
    ordinary = (tricks - options.min_bid) + options.allow_plain_six
    single = options.bidding_style == "single_round"
    # (calls, plays) of a hand won by an ordinary bid, by help, by a moon.
    ends = [] if not ordinary else [(4 if single else ordinary + 3, 4 * tricks)]
    exchange = 2 * options.help_exchange_count
    ends.append((4 if single else ordinary + 1 + 3, 3 * tricks + exchange))
    ends.append((4 if single else ordinary + 2 + 2, 3 * tricks))
    named = int(options.joker and options.allow_no_trump)
    fixed = int(options.joker) + 4 * options.ace_no_face + named + 1
    return fixed + max(calls + plays for calls, plays in ends)


def _score_bounds(options: BidEuchreOptions) -> tuple[float, float]:
    """The lowest and highest return of a seat (its team's delta) in one hand.

    E-25 … E-28: a made contract scores its tricks (at most every trick), a made help
    bid or moon its value; defenders score their tricks (E-26). E-25, E-29: a set team
    loses its bid (at most every trick), or with ``lone_set_penalty="contract_value"``
    the value of its help bid or moon. E-23, E-31: under ``renege_mode="penalize"`` each
    renege costs ``renege_penalty``; a team reneges at most twice a trick, never in the
    last trick (one card left, it follows if it can). E-32: a void hand scores 0.
    """
    tricks = options.tricks_per_hand
    high = max(tricks, options.help_value, options.moon_value)
    lost = tricks
    if options.lone_set_penalty == "contract_value":
        lost = max(lost, options.help_value, options.moon_value)
    if options.renege_mode == "penalize":
        lost += options.renege_penalty * 2 * (tricks - 1)
    return (float(-lost), float(high))


def _game_info(options: BidEuchreOptions) -> GameInfo:
    """The declaration of Bid Euchre under ``options``.

    >>> _game_info(BidEuchreOptions(double_deck=True)).score_bounds
    (-12.0, 48.0)
    """
    layout = observation_layout(
        *(
            (name, _SHAPES[name], meaning.split(": ", 1)[1])
            for name, meaning in _view.OBSERVATION_LAYOUT
        )
    )
    values = options.to_dict()
    # The point values that follow the deck unless set stand as -1 (OpenSpiel's usage).
    deck_default = BidEuchreOptions(double_deck=options.double_deck)
    for name in ("help_value", "moon_value"):
        if values[name] == getattr(deck_default, name):
            values[name] = -1
    return GameInfo(
        players=4,
        seat_names=_SEATS,
        num_actions=_actions.NUM_ACTIONS,
        deal_word="hand",
        max_game_length=_max_game_length(options),
        score_bounds=_score_bounds(options),
        zero_sum=False,  # E-26: the defenders score their tricks too
        observation_layout=layout,
        statistics=_STATISTICS,
        teams=_TEAMS,
        bot="cardrules.bots.bid_euchre:BidEuchreBot",
        player_range=(4, 4),
        parameters={k: v for k, v in values.items() if isinstance(v, (bool, int, str))},
    )


def _deal_statistics(final: State) -> dict[str, Any]:
    """The facts of a finished hand that :data:`_STATISTICS` read: why it was thrown in,
    or its contract (with its rank among the bids and its kind), declarer, whether it
    was made, the tricks and the reneges."""
    result = final.result()
    f = result.facts
    if f.contract is None:
        return {"void": f.void_reason}
    return {
        "void": None,
        "contract": str(f.contract),
        "rank": [f.contract.tricks, int(f.contract.kind)],
        "kind": f.contract.kind.name.lower(),
        "declarer": f.declarer,
        "made": result.made,
        "tricks": list(f.tricks),
        "reneges": len(f.reneges),
    }


def _action_seen_by(action: Action, actor: int, viewer: int) -> Action | None:
    """E-40: the help exchange passes face down between the declarer and the partner,
    so the other team sees a card go, not which; the dealer's joker discard is seen by
    the dealer alone. Every other action is public."""
    if type(action) is _actions.Give and viewer % 2 != actor % 2:
        return None
    if type(action) is _actions.Discard and viewer != actor:
        return None
    return action
