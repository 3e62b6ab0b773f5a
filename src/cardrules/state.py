"""The state machine every variant implements: :class:`Variant` and :class:`State`.

A :class:`Variant` is a game's rules plus its options (keyword-only, validated when the
variant is built). It creates immutable :class:`State` objects. A state knows whose turn
it is, which actions are legal, and produces the next state with
:meth:`~cardrules.State.apply`, which always checks the action first: there is no
unchecked public apply. A rejected action raises a specific
:class:`~cardrules.IllegalActionError` and changes nothing.

Servers pass the acting seat (``state.apply(action, seat=2)``) so that a move sent by
the wrong client is rejected as not its turn. ``seat=None`` means "whoever is to play".

States are values: they compare with ``==``, hash, pickle, and can be kept as
search-tree nodes. Their history is shared with their ancestors, so keeping many states
is cheap.
"""

from __future__ import annotations

import abc
import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, Self

import attrs

from cardrules._records import Record, check_rules_version, record_of, thaw
from cardrules._util import fill_caller, quote, seat_word
from cardrules.actions import Action, ActionSpace
from cardrules.cards import Card
from cardrules.decks import card_codes, deal, parse_codes, shuffle
from cardrules.errors import (
    CardrulesError,
    GameOverError,
    IllegalActionError,
    ImmutableError,
    InvalidActionError,
    InvalidArgumentError,
    InvalidSeatError,
    NotationError,
    NotYourTurnError,
    OptionsError,
    RecordError,
    SeatRequiredError,
)
from cardrules.info import GameInfo
from cardrules.match import Match, Series

__all__ = ["KitVariant", "SeatRequired", "State", "StateBase", "Variant", "check_seat"]


def check_seat(seat: object, players: int) -> int:
    """Return ``seat`` if it is an ``int`` seat number of this table, else raise.

    ``bool`` is rejected although it is an ``int`` subclass: ``True`` is never a seat.

    Raises:
        InvalidSeatError: ``seat`` is not an ``int`` from 0 to ``players - 1``.

    >>> check_seat(3, 4)
    3
    >>> check_seat(4, 4)
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidSeatError: seat 4 does not exist: seats run from 0 to 3
    """
    if type(seat) is not int:
        raise InvalidSeatError(f"a seat is an int from 0 to {players - 1}, not {quote(seat)}")
    if not 0 <= seat < players:
        raise InvalidSeatError(
            f"seat {quote(seat)} does not exist: seats run from 0 to {players - 1}", seat=seat
        )
    return seat


class Variant(abc.ABC):
    """A game's rules with one set of options. Create states with :meth:`new_game`.

    Subclasses set the class attributes ``id``, ``aliases``, ``name`` and
    ``rules_version`` and implement the abstract methods.

    >>> import cardrules
    >>> tarot = cardrules.get_variant("tarot", players=3)
    >>> tarot.players, len(tarot.deck), tarot.num_actions
    (3, 78, 181)
    >>> tarot.new_game(seed=1).to_play
    1
    """

    id: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    name: ClassVar[str]
    rules_version: ClassVar[str] = "1"

    @property
    @abc.abstractmethod
    def players(self) -> int:
        """The number of seats at the table."""

    @property
    @abc.abstractmethod
    def deck(self) -> tuple[Card, ...]:
        """Every physical card of the game's deck (identical copies repeat)."""

    @property
    @abc.abstractmethod
    def num_actions(self) -> int:
        """The size of the integer action space used by :meth:`action_id`."""

    @abc.abstractmethod
    def new_game(
        self,
        *,
        rng: random.Random | None = None,
        seed: int | None = None,
        dealer: int | None = None,
    ) -> State:
        """Shuffle with ``rng`` (or ``random.Random(seed)``) and deal the first state.

        Exactly one of ``rng`` and ``seed`` may be given; with neither, a fresh
        ``random.Random()`` seeded from the operating system is used.

        >>> import cardrules
        >>> tarot = cardrules.get_variant("tarot")
        >>> tarot.new_game(seed=7) == tarot.new_game(seed=7)   # the same seed, the same deal
        True
        >>> tarot.new_game(seed=7, dealer=2).dealer
        2
        """

    @abc.abstractmethod
    def parse_action(self, text: str) -> Action:
        """Parse an action from its notation; raises :class:`~cardrules.NotationError`."""

    def action_text(self, action: Action) -> str:
        """The notation of ``action`` as this variant writes it (in records, on screen):
        ``str(action)`` unless the variant's options change how an action is written.
        :meth:`parse_action` reads it back.

        >>> import cardrules
        >>> cardrules.get_variant("tarot").action_text(cardrules.Pass())
        'pass'
        """
        return str(action)

    @abc.abstractmethod
    def action_id(self, action: Action) -> int:
        """The stable integer id of ``action`` (``0 <= id < num_actions``)."""

    @abc.abstractmethod
    def action_from_id(self, action_id: int) -> Action:
        """The action with this integer id.

        Raises:
            ValueError: not an id from 0 to ``num_actions - 1``; the built-in variants
                raise :class:`~cardrules.InvalidActionError`, a subclass.
        """

    @abc.abstractmethod
    def options_json(self) -> dict[str, Any]:
        """The options as JSON-compatible values (for records)."""

    @classmethod
    @abc.abstractmethod
    def from_options_json(cls, options: Mapping[str, Any]) -> Variant:
        """Rebuild the variant from :meth:`options_json`; raises ``OptionsError``."""

    @abc.abstractmethod
    def deal_json(self, state: State) -> dict[str, Any]:
        """The dealt cards of ``state``'s deal (every hand, the rest) as JSON values."""

    @abc.abstractmethod
    def state_from_deal_json(self, dealer: int, deal: Mapping[str, Any]) -> State:
        """The first state of a deal from :meth:`deal_json`; raises ``RecordError``."""

    # -- the declaration the layers above read (cardrules.info) --------------------------

    @property
    def info(self) -> GameInfo:
        """What this game declares for the layers above its rules (a
        :class:`~cardrules.info.GameInfo`): seat names, score bounds, the longest deal,
        the observation's layout, the statistics of a simulation, the heuristic bot.

        A variant overrides it with its own declaration; this default declares only what
        every variant has (its seats, by number, and its action space), so the layers
        that need more (an observation, bounds) say so with a specific error.

        >>> import cardrules
        >>> info = cardrules.get_variant("bid-euchre").info
        >>> info.seat_names, info.deal_word, info.score_bounds
        (('N', 'E', 'S', 'W'), 'hand', (-6.0, 24.0))
        """
        return GameInfo(players=self.players, num_actions=self.num_actions)

    def deal_statistics(self, final: State) -> dict[str, Any]:
        """The facts of a finished deal that the declared statistics read
        (:attr:`GameInfo.statistics <cardrules.info.GameInfo.statistics>`), as JSON
        values; :func:`~cardrules.simulation.deal_facts` adds each seat's returns.

        The default has none: a simulation then sums up the scores alone.

        >>> import cardrules
        >>> variant = cardrules.get_variant("bid-euchre")
        >>> state = variant.new_game(seed=1)
        >>> while not state.is_terminal:
        ...     state = state.apply(state.legal_actions()[-1])
        >>> sorted(variant.deal_statistics(state))[:3]
        ['contract', 'declarer', 'kind']
        """
        return {}

    def action_seen_by(self, action: Action, actor: int, viewer: int) -> Action | None:
        """``actor``'s ``action`` as ``viewer`` sees it at the table: the action, or
        ``None`` when ``viewer`` only sees that ``actor`` took an action of its kind (a
        card put face down). OpenSpiel's information states, the command line's
        narration and the other layers that replay what a seat saw read it.

        The default: every action is seen by every seat.

        >>> import cardrules
        >>> from cardrules.bid_euchre import Give
        >>> give = Give(cardrules.Card.parse("9C"))
        >>> variant = cardrules.get_variant("bid-euchre")
        >>> variant.action_seen_by(give, 0, 2), variant.action_seen_by(give, 0, 1)
        (Give(Card.parse('9C')), None)
        """
        return action

    def deal_piles(self, state: State) -> tuple[tuple[Card, ...], ...]:
        """The cards of ``state``'s deal as piles in dealing order: each seat's hand, then
        the piles :attr:`GameInfo.deal_piles <cardrules.info.GameInfo.deal_piles>` names
        (Tarot's chien). :meth:`state_from_piles` is its inverse; the integrations deal
        with them (OpenSpiel's chance outcomes).

        The default reads :meth:`deal_json`'s ``"hands"`` and the declared piles, each
        a list of card codes or one code; a variant whose deal is written otherwise
        overrides both hooks.

        Raises:
            InvalidArgumentError: the deal is not written as hands and piles of codes.

        >>> import cardrules
        >>> variant = cardrules.get_variant("tarot", players=3)
        >>> [len(pile) for pile in variant.deal_piles(variant.new_game(seed=1))]
        [24, 24, 24, 6]
        """
        deal = self.deal_json(state)
        piles = [deal.get("hands")]
        piles += [deal.get(name) for name in self.info.deal_piles]
        try:
            hands = [parse_codes(h, what="a hand") for h in piles[0] or ()]
            rest = [parse_codes(p, what="a pile") for p in piles[1:]]
        except CardrulesError:
            raise InvalidArgumentError(
                f"the deal of {self.name} is not written as hands and piles of card codes: "
                "override deal_piles and state_from_piles"
            ) from None
        if len(hands) != self.players:
            raise InvalidArgumentError(f"the deal of {self.name} has no hand per seat")
        return (*hands, *rest)

    def state_from_piles(self, dealer: int, piles: Sequence[Sequence[Card]]) -> State:
        """The first state of the deal whose piles (in :meth:`deal_piles` order) are
        ``piles``, dealt by ``dealer``.

        Raises:
            RecordError: the piles are not a deal of this variant.

        >>> import cardrules
        >>> variant = cardrules.get_variant("bid-euchre")
        >>> state = variant.new_game(seed=4)
        >>> variant.state_from_piles(state.dealer, variant.deal_piles(state)) == state
        True
        """
        names = self.info.deal_piles
        players = self.players
        if len(piles) != players + len(names):
            raise RecordError(
                f"a deal of {self.name} has {players + len(names)} piles, not {len(piles)}"
            )
        deal: dict[str, Any] = {"hands": [card_codes(pile) for pile in piles[:players]]}
        for name, pile in zip(names, piles[players:], strict=True):
            deal[name] = card_codes(pile)
        return self.state_from_deal_json(dealer, deal)

    def sample_state(self, view: Any, rng: random.Random) -> State:
        """A state drawn at random among those that give ``view`` to its seat, whose
        history replays by action ids (OpenSpiel's resampling). The default asks the
        view (``view.sample_state(rng)``).

        Raises:
            InvalidArgumentError: the view cannot be sampled from.
        """
        sample = getattr(view, "sample_state", None)
        if sample is None:
            raise InvalidArgumentError(
                f"the views of {self.name} cannot be sampled from: they have no sample_state"
            )
        state: State = sample(rng)
        return state

    def new_match(
        self,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        dealer: int | None = None,
        require_seat: bool = False,
    ) -> Match:
        """A match of this variant's deals, starting with an empty score sheet.

        The built-in variants return their own match (``TarotMatch``,
        ``BidEuchreMatch``, which take more keywords); any other variant gets a
        :class:`~cardrules.match.Series` of deals with the deal passing to the left.

        Args:
            seed: The match's seed: deal ``n`` is shuffled with
                :func:`~cardrules.match.deal_seed` of it, so the match is reproducible
                and a restored match deals as the live one would.
            rng: Or a ``random.Random`` that draws the match's seed.
            dealer: The first dealer; the variant's default when None.
            require_seat: Every deal of the match requires the acting seat
                (``new_game(..., require_seat=True)``).

        Raises:
            InvalidArgumentError: both ``seed`` and ``rng``, or one of the wrong type.
        """
        return Series(
            self,
            dealer=0 if dealer is None else dealer,
            seed=seed,
            rng=rng,
            require_seat=require_seat,
        )

    def _rng(self, rng: random.Random | None, seed: int | None) -> random.Random:
        if rng is not None and seed is not None:
            raise InvalidArgumentError("give rng or seed, not both")
        if rng is not None:
            if not isinstance(rng, random.Random):
                raise InvalidArgumentError(f"rng must be a random.Random, not {type(rng).__name__}")
            return rng
        if seed is not None and (type(seed) is not int):
            raise InvalidArgumentError(f"seed must be an int, not {type(seed).__name__}")
        return random.Random(seed)

    def replay(self, record: Record) -> Iterator[State]:
        """Yield every state of ``record``, from the deal to the last action.

        Each action goes through the checked :meth:`State.apply`.

        Raises:
            RecordError: the record is for another variant or its actions are illegal.
        """
        if not isinstance(record, Record):
            raise InvalidArgumentError(f"replay takes a Record, not {type(record).__name__}")
        if record.variant not in (self.id, *self.aliases):
            raise RecordError(f"the record is for {quote(record.variant)}, not {self.id!r}")
        yield from self._replay_record(record)

    def _deal_from_record(
        self, dealer: int, deal: Mapping[str, Any], *, require_seat: bool
    ) -> State:
        """The first state of a record's deal: :meth:`state_from_deal_json`, and with
        ``require_seat`` a state that requires the acting seat, which a variant that deals
        such states (``new_game(..., require_seat=True)``) overrides this hook to give.

        Raises:
            RecordError: the deal is invalid, or ``require_seat`` is asked of a variant
                that does not deal such states.
        """
        if require_seat:
            raise RecordError(
                f"the record is of a game that requires the acting seat, which {self.name} "
                "games do not"
            )
        return self.state_from_deal_json(dealer, deal)

    def _replay_record(self, record: Record) -> Iterator[State]:
        """:meth:`replay` once the record's variant name is known to be this variant's."""
        check_rules_version(record.rules_version, type(self))
        # The table as the record gives it (a record of 0.2 does not), as this variant's.
        if record.players is not None and record.players != self.players:
            raise RecordError(
                f"the record is of a {quote(record.players)}-seat table; its variant's"
                f" options give {self.players} seats"
            )
        if record.seat_names is not None and record.seat_names != self.info.seat_names:
            raise RecordError(
                f"the record names the seats {quote(list(record.seat_names))}; its variant"
                f" names them {list(self.info.seat_names)!r}"
            )
        if type(record.dealer) is not int or not 0 <= record.dealer < self.players:
            raise RecordError(
                f"the record's dealer {quote(record.dealer)} is not a seat of this table"
            )
        require_seat: object = record.require_seat
        if type(require_seat) is not bool:
            raise RecordError(
                f"the record's require_seat must be True or False, not {quote(require_seat)}"
            )
        try:
            state = self._deal_from_record(
                record.dealer, thaw(record.deal), require_seat=require_seat
            )
        except RecordError:
            raise
        except (CardrulesError, ValueError, TypeError, KeyError) as exc:
            raise RecordError(f"the record's deal is invalid: {exc}") from None
        yield state
        # A game that requires the acting seat is replayed naming it.
        seated = state.requires_seat
        for n, text in enumerate(record.actions, start=1):
            try:
                state = state.apply(self.parse_action(text), state.to_play if seated else None)
            except (IllegalActionError, NotationError) as exc:
                raise RecordError(
                    f"action {n} of the record ({quote(text)}) is rejected: {exc}"
                ) from None
            yield state

    def __repr__(self) -> str:
        return f"cardrules.get_variant({self.id!r})"


class KitVariant(Variant):
    """A :class:`Variant` that takes its plumbing from the core kit: a game declares its
    options as one frozen ``attrs`` class and its actions as an
    :class:`~cardrules.actions.ActionSpace`, and writes its deal as piles of cards.

    A subclass sets ``options_class`` (each option a keyword with a default, checked by
    its validators), ``actions`` and ``state_class`` (a
    :class:`cardrules.trickplay.TrickState`, or its own dealing: :meth:`new_game`,
    :meth:`deal_piles`, :meth:`state_from_piles`), and gets:

    * ``KitVariant(**options)`` (an unknown option is an :class:`~cardrules.OptionsError`
      naming the options there are), :attr:`options`, :meth:`options_json`,
      :meth:`from_options_json`;
    * equality, hashing and pickling by class and options, and the ``repr``
      ``cardrules.get_variant('id', option=value)`` of the options that differ from the
      defaults;
    * :attr:`num_actions`, :meth:`action_id`, :meth:`action_from_id` and
      :meth:`parse_action` from ``actions``;
    * :meth:`new_game`: the deck shuffled, the hands and piles of :meth:`deal_shape`
      dealt from the dealer's left (or a game's own :meth:`deal_cards`); with
      ``require_seat=True``, states that refuse a move without the acting seat, as the
      built-in games deal them for servers, kept and replayed by the game's records;
    * :meth:`deal_json` and :meth:`state_from_deal_json` from the piles: ``{"hands":
      [[codes] …], <pile>: [codes] …}`` for the piles of :attr:`GameInfo.deal_piles
      <cardrules.info.GameInfo.deal_piles>`, read back from untrusted JSON.

    >>> import attrs
    >>> from cardrules.options import flag
    >>> @attrs.frozen(kw_only=True)
    ... class Options:
    ...     honours: bool = attrs.field(default=False, validator=flag)
    >>> from cardrules.actions import ActionSpace
    >>> class Game(KitVariant):  # the rules themselves left out
    ...     id, name, options_class, actions = "toy-game", "Toy", Options, ActionSpace([])
    ...     players = deck = None
    >>> Game(honours=True) == Game(honours=True), Game(honours=True)
    (True, cardrules.get_variant('toy-game', honours=True))
    >>> Game(trumps=1)
    Traceback (most recent call last):
    ...
    cardrules.errors.OptionsError: unknown toy-game option(s): 'trumps' (the option is: honours)
    """

    options_class: ClassVar[type]
    """The ``attrs`` class of the options."""

    actions: ClassVar[ActionSpace]
    """The game's actions and their ids."""

    options: Any
    """The options of this variant, an instance of :attr:`options_class`."""

    def __init__(self, **options: Any) -> None:
        known = [field.name for field in attrs.fields(self.options_class)]
        unknown = sorted(name for name in options if name not in known)
        if unknown:
            there = (
                f"the option is: {known[0]}"
                if len(known) == 1
                else (f"the options are: {', '.join(known)}" if known else "it has none")
            )
            names = ", ".join(quote(n) for n in unknown)
            raise OptionsError(f"unknown {self.id} option(s): {names} ({there})")
        self.options = self.options_class(**options)

    # -- options ---------------------------------------------------------------------

    def options_json(self) -> dict[str, Any]:
        """The options as JSON values (tuples as lists)."""
        return attrs.asdict(self.options)

    @classmethod
    def from_options_json(cls, options: Mapping[str, Any]) -> Self:
        """The variant of these options (untrusted JSON values).

        Raises:
            OptionsError: not an object with string keys, or a bad option.
        """
        raw: object = options
        if not isinstance(raw, Mapping) or not all(type(key) is str for key in raw):
            raise OptionsError(f"{cls.id} options are a JSON object with string keys")
        return cls(**dict(raw))

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return bool(self.options == other.options)

    def __hash__(self) -> int:
        return hash((type(self), self.options))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_kit_variant, (type(self), attrs.asdict(self.options, recurse=False)))

    def __repr__(self) -> str:
        default = self.options_class()
        changed = [
            f"{field.name}={getattr(self.options, field.name)!r}"
            for field in attrs.fields(self.options_class)
            if getattr(self.options, field.name) != getattr(default, field.name)
        ]
        return "cardrules.get_variant(" + ", ".join([repr(self.id), *changed]) + ")"

    def game_info(self, **fields: Any) -> GameInfo:
        """A :class:`~cardrules.info.GameInfo` of this variant's seats and action count, and
        the other ``fields`` given: the start of a declaration (:attr:`info`).

        Raises:
            InvalidArgumentError: a field that does not describe a game.
        """
        return GameInfo(players=self.players, num_actions=self.num_actions, **fields)

    # -- actions ---------------------------------------------------------------------

    @property
    def num_actions(self) -> int:
        """The size of :attr:`actions`."""
        return len(self.actions)

    def action_id(self, action: Action) -> int:
        """The id of ``action`` in :attr:`actions`; raises ``InvalidActionError``."""
        return self.actions.id_of(action)

    def action_from_id(self, action_id: int) -> Action:
        """The action of this id in :attr:`actions`; raises ``InvalidActionError``."""
        return self.actions.action_of(action_id)

    def parse_action(self, text: str) -> Action:
        """Read an action of :attr:`actions`; raises :class:`~cardrules.NotationError`."""
        return self.actions.parse(text)

    # -- the deal: dealt by the kit's state class, written as piles ----------------------

    state_class: ClassVar[Any] = None
    """The state class that plays a deal (a :class:`cardrules.trickplay.TrickState`),
    or ``None`` for a variant that deals its states itself (its own :meth:`new_game`,
    :meth:`deal_piles` and :meth:`state_from_piles`)."""

    @property
    def players(self) -> int:
        """The number of seats, the ``players`` option (a game without one says its own).

        Raises:
            InvalidArgumentError: the options have no ``players``.
        """
        players = getattr(self.options, "players", None)
        if type(players) is not int:
            raise InvalidArgumentError(f"{type(self).__name__} says how many players it has")
        return players

    def deal_shape(self) -> tuple[int, ...]:
        """The cards of each hand, then of each declared pile: ``(7, 1)`` for hands of 7
        and a turn-up. The default: the whole deck dealt, no pile."""
        return (len(self.deck) // self.players,)

    def new_game(
        self,
        *,
        rng: random.Random | None = None,
        seed: int | None = None,
        dealer: int | None = None,
        require_seat: bool = False,
    ) -> State:
        """Shuffle with ``rng`` (or ``random.Random(seed)``) and deal: the piles of
        :meth:`deal_cards` (by default the hands one card at a time from the dealer's
        left, then each pile of :meth:`deal_shape` from the cards that follow), made a
        state by :meth:`state_from_piles`.

        Args:
            rng: The generator that shuffles.
            seed: Or a seed for a fresh ``random.Random``.
            dealer: The dealer's seat; 0 by default.
            require_seat: For servers: this state and every state after it refuse
                ``apply``/``check`` without ``seat=`` (:class:`~cardrules.SeatRequiredError`),
                so a client's move is always checked against its own seat. Records keep
                it, and replay it.

        Raises:
            InvalidSeatError: ``dealer`` is not a seat.
            InvalidArgumentError: ``require_seat`` is not a bool, or both ``rng`` and
                ``seed``.

        >>> import attrs
        >>> from cardrules import decks
        >>> from cardrules.trickplay import TrickState, TrickView
        >>> @attrs.frozen(kw_only=True)
        ... class Options:
        ...     players: int = 4
        >>> class Tricks(TrickState):
        ...     __slots__ = ()
        ...     def view(self, seat): return TrickView(**self._view_fields(seat))
        >>> class Whist(KitVariant):  # no trump, the whole deck dealt (deal_shape)
        ...     id, name, options_class, state_class = "toy-whist", "Toy whist", Options, Tricks
        ...     deck = decks.standard_deck()
        ...     actions = ActionSpace(deck, game="Toy whist")
        >>> state = Whist().new_game(seed=1, dealer=3)
        >>> state.dealer, state.to_play, [len(hand) for hand in state.deal_piles()]
        (3, 0, [13, 13, 13, 13])
        >>> Whist().new_game(seed=1, dealer=3) == state  # a seed deals the same cards
        True
        >>> served = Whist().new_game(seed=1, dealer=3, require_seat=True)
        >>> served.apply("play 3S", seat=0).requires_seat
        True
        >>> served.apply("play 3S")
        Traceback (most recent call last):
        ...
        cardrules.errors.SeatRequiredError: this game requires the acting seat: pass seat=, \
the seat of the client that sent the action (seat 0 is to play)
        """
        seated = _check_require_seat(require_seat)
        generator = self._rng(rng, seed)
        seat = check_seat(0 if dealer is None else dealer, self.players)
        state = self.state_from_piles(seat, self.deal_cards(shuffle(self.deck, generator), seat))
        return _requiring_seat(state) if seated else state

    def deal_cards(self, deck: Sequence[Card], dealer: int) -> tuple[tuple[Card, ...], ...]:
        """The piles (in :meth:`deal_piles` order) that ``dealer`` deals from the shuffled
        ``deck``: the hands of :meth:`deal_shape`, one card at a time from the dealer's
        left, then each pile from the cards that follow; the rest of the pack is not used.

        A game that deals otherwise (Whist turns up the dealer's last card, which stays
        in the dealer's hand) overrides it, and :meth:`new_game` deals its way.

        >>> import attrs
        >>> from cardrules import decks
        >>> class Duel(KitVariant):  # two hands of 3, then a turn-up
        ...     id, name, players, deck = "duel", "Duel", 2, decks.standard_deck()[:8]
        ...     options_class, actions = attrs.make_class("Options", []), ActionSpace([])
        ...     def deal_shape(self): return (3, 1)
        >>> [" ".join(map(str, pile)) for pile in Duel().deal_cards(Duel.deck, dealer=0)]
        ['2S 4S 6S', 'AS 3S 5S', '7S']
        """
        players = self.players
        size, *sizes = self.deal_shape()
        hands = deal(deck, players=players, packet=1, first=(dealer + 1) % players, hand_size=size)
        rest = deck[players * size :]
        piles = []
        for count in sizes:
            piles.append(tuple(rest[:count]))
            rest = rest[count:]
        return (*hands, *piles)

    def deal_piles(self, state: State) -> tuple[tuple[Card, ...], ...]:
        """The cards of ``state``'s deal: each seat's hand, then the declared piles.

        Raises:
            InvalidArgumentError: ``state`` is not a state of this variant's state class.
        """
        if self.state_class is None or not isinstance(state, self.state_class):
            raise InvalidArgumentError(f"not a state of {self.name}: {quote(state)}")
        piles: tuple[tuple[Card, ...], ...] = state.deal_piles()
        return piles

    def state_from_piles(self, dealer: int, piles: Sequence[Sequence[Card]]) -> State:
        """The first state of a deal from its piles (:attr:`state_class` deals it).

        Raises:
            DealError: the piles are not a deal of this variant.
            InvalidSeatError: ``dealer`` is not a seat.
        """
        if self.state_class is None:
            raise InvalidArgumentError(
                f"{type(self).__name__} has no state_class: it implements state_from_piles"
            )
        state: State = self.state_class.from_piles(self, dealer, piles)
        return state

    def deal_json(self, state: State) -> dict[str, Any]:
        """The dealt cards: ``{"hands": [[codes] …]}`` and each declared pile's codes.

        Raises:
            InvalidArgumentError: ``state`` is not a state of this variant.
        """
        given: object = state
        if not isinstance(given, State) or given.variant != self:
            raise InvalidArgumentError(
                f"deal_json takes a state of this variant, not {quote(given)}"
            )
        piles = self.deal_piles(state)
        players = self.players
        deal: dict[str, Any] = {"hands": [card_codes(pile) for pile in piles[:players]]}
        for name, pile in zip(self.info.deal_piles, piles[players:], strict=True):
            deal[name] = card_codes(pile)
        return deal

    def state_from_deal_json(self, dealer: int, deal: Mapping[str, Any]) -> State:
        """The first state of a recorded deal (untrusted JSON values).

        Raises:
            RecordError: the deal is malformed or impossible.
        """
        names = self.info.deal_piles
        raw: object = deal
        if not isinstance(raw, Mapping) or set(raw) != {"hands", *names}:
            keys = ", ".join(repr(k) for k in ("hands", *names))
            raise RecordError(f"a deal of {self.name} is an object with exactly {keys}")
        hands = raw["hands"]
        if not isinstance(hands, list) or len(hands) != self.players:
            raise RecordError(f"a deal of {self.name} has {self.players} hands")
        if type(dealer) is not int or not 0 <= dealer < self.players:
            raise RecordError(f"the dealer {quote(dealer)} is not a seat of this table")
        try:
            piles = [parse_codes(h, what=f"hand {n}") for n, h in enumerate(hands)]
            piles += [parse_codes(raw[name], what=name) for name in names]
            return self.state_from_piles(dealer, piles)
        except RecordError:
            raise
        except CardrulesError as exc:
            raise RecordError(f"the record's deal is invalid: {exc}") from None

    def _deal_from_record(
        self, dealer: int, deal: Mapping[str, Any], *, require_seat: bool
    ) -> State:
        """The record's first state, requiring the acting seat as the game that was
        recorded did (``new_game(..., require_seat=True)``)."""
        state = self.state_from_deal_json(dealer, deal)
        return _requiring_seat(state) if require_seat else state


def _kit_variant(cls: type[KitVariant], options: Mapping[str, Any]) -> KitVariant:
    """A :class:`KitVariant` rebuilt from its options (unpickling)."""
    return cls(**options)


class State(abc.ABC):
    """One position of a game. Immutable; :meth:`apply` returns a new state.

    Subclasses implement the abstract members; the base class derives the rest.

    >>> import cardrules
    >>> state = cardrules.get_variant("tarot").new_game(seed=7)
    >>> state.to_play, state.is_terminal, state.history
    (1, False, ())
    >>> after = state.apply("bid garde")
    >>> after.history, state.history                     # the first state is unchanged
    (((1, Bid(Contract.GARDE)),), ())
    """

    __slots__ = ()

    requires_seat: ClassVar[bool] = False
    """Whether :meth:`apply`, :meth:`check` and :meth:`is_legal` require the acting seat
    (a state dealt with ``require_seat=True``, and every state after it)."""

    @property
    @abc.abstractmethod
    def variant(self) -> Variant:
        """The variant (rules and options) this state belongs to."""

    @property
    @abc.abstractmethod
    def to_play(self) -> int | None:
        """The seat to act, or ``None`` once the game is over."""

    @property
    @abc.abstractmethod
    def dealer(self) -> int:
        """The seat that dealt this deal (hand)."""

    @property
    @abc.abstractmethod
    def is_terminal(self) -> bool:
        """True once the game (deal, hand) is over and :meth:`result` is available."""

    @property
    @abc.abstractmethod
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every ``(seat, action)`` applied since the deal, in order."""

    @abc.abstractmethod
    def legal_actions(self) -> tuple[Action, ...]:
        """The actions the seat to play may take, without duplicates (empty at the end).

        >>> import cardrules
        >>> state = cardrules.get_variant("tarot").new_game(seed=7)
        >>> [str(action) for action in state.legal_actions()]
        ['pass', 'bid prise', 'bid garde', 'bid garde-sans', 'bid garde-contre']
        """

    @abc.abstractmethod
    def check(self, action: Action | str | int, seat: int | None = None) -> None:
        """Raise the specific :class:`~cardrules.IllegalActionError` if ``action`` is illegal.

        Args:
            action: An action, its notation, or its integer id (:meth:`Variant.action_id`).
            seat: The seat claiming to act; ``None`` for the seat to play.

        >>> import cardrules
        >>> state = cardrules.get_variant("tarot").new_game(seed=7)
        >>> state.check("bid garde", seat=1)                 # legal: returns None
        >>> state.check("bid garde", seat=2)
        Traceback (most recent call last):
        ...
        cardrules.errors.NotYourTurnError: it is not seat 2's turn: seat 1 is to play
        """

    @abc.abstractmethod
    def apply(self, action: Action | str | int, seat: int | None = None) -> State:
        """Check ``action`` and return the state after it. ``self`` is never modified.

        ``action`` is an action, its notation, or its integer id, as in
        :meth:`legal_action_ids`: ``state.apply(state.legal_action_ids()[0])``. An id
        that is not an action of the variant raises
        :class:`~cardrules.InvalidActionError`; ``True`` and ``False`` are not ids.

        >>> import cardrules
        >>> state = cardrules.get_variant("tarot").new_game(seed=7)
        >>> state = state.apply("bid garde", seat=1)         # notation, checked seat
        >>> state = state.apply(state.legal_action_ids()[0])  # or an action id
        >>> [str(action) for _, action in state.history]
        ['bid garde', 'pass']
        >>> state.apply("bid prise")
        Traceback (most recent call last):
        ...
        cardrules.errors.BidError: prise is not higher than the garde already bid: ...
        """

    @abc.abstractmethod
    def result(self) -> Any:
        """The variant's result object; raises ``WrongPhaseError`` before the end."""

    @abc.abstractmethod
    def returns(self) -> tuple[float, ...]:
        """Each seat's score for the finished game (zeros before the end)."""

    @abc.abstractmethod
    def view(self, seat: int) -> Any:
        """What ``seat`` may know of this state: its own hand and the public facts.

        >>> import cardrules
        >>> view = cardrules.get_variant("tarot").new_game(seed=7).view(0)
        >>> view.seat, len(view.hand), view.to_play
        (0, 18, 1)
        """

    @abc.abstractmethod
    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds (full information: for servers, not for players)."""

    def is_legal(self, action: Action | str | int, seat: int | None = None) -> bool:
        """True if :meth:`apply` would accept ``action`` (never raises for bad input).

        >>> import cardrules
        >>> state = cardrules.get_variant("tarot").new_game(seed=7)
        >>> state.is_legal("bid garde"), state.is_legal("bid garde", seat=2)
        (True, False)
        >>> state.is_legal("no such action")
        False
        """
        try:
            self.check(action, seat)
        except (IllegalActionError, NotationError):
            return False
        return True

    def legal_action_ids(self) -> tuple[int, ...]:
        """The integer ids of :meth:`legal_actions` (see :meth:`Variant.action_id`)."""
        action_id = self.variant.action_id
        return tuple(action_id(a) for a in self.legal_actions())

    def legal_action_mask(self) -> tuple[bool, ...]:
        """A tuple of ``num_actions`` booleans, True at the ids of the legal actions."""
        mask = [False] * self.variant.num_actions
        for i in self.legal_action_ids():
            mask[i] = True
        return tuple(mask)

    def record(self) -> Record:
        """The JSON-serialisable record of this game so far (see ``cardrules.records``).

        >>> import cardrules
        >>> state = cardrules.get_variant("tarot").new_game(seed=7).apply("bid garde")
        >>> record = state.record()
        >>> record.variant, record.actions
        ('tarot', ('bid garde',))
        >>> cardrules.final_state(record) == state
        True
        """
        return record_of(self)

    def _require_turn(self, seat: object) -> int:
        """The acting seat: ``to_play`` if ``seat`` is None, else ``seat`` checked.

        A variant with its own reason for "not your turn" (a partner sitting out)
        overrides :meth:`_not_your_turn`.

        Raises:
            GameOverError: the game is over (in the words of :attr:`_game_word`).
            InvalidSeatError: ``seat`` is not a seat number of this table.
            NotYourTurnError: another seat is to act (or the hook's own error).
        """
        to_play = self.to_play
        if to_play is None:
            raise GameOverError(f"the {self._game_word} is over: no action is possible")
        if seat is None:
            return to_play
        s = check_seat(seat, self.variant.players)
        if s != to_play:
            raise self._not_your_turn(s, to_play)
        return s

    _game_word: ClassVar[str] = "game"
    """The word the messages use for one game ("the deal is over"), ``"deal"`` in French
    Tarot and ``"hand"`` in Bid Euchre."""

    def _not_your_turn(self, seat: int, to_play: int) -> IllegalActionError:
        """The error for ``seat`` acting while ``to_play`` is to act (seats named as the
        game declares them: ``info.seat_names``)."""
        names = self.variant.info.seat_names
        return NotYourTurnError(
            f"it is not {seat_word(names, seat)}'s turn: {seat_word(names, to_play)} is to play",
            seat=seat,
        )


class StateBase(State):
    """The kit a variant's state class is built on.

    It derives from a few hooks what every state needs: immutability, equality and
    hashing from one key, the history, :meth:`check` as validation only, :meth:`apply`
    as validation then transition, turn checks, copying and pickling.

    A subclass (or a ``__slots__`` class listed before it among its bases) stores the
    slots ``_parent`` (the previous state; ``None`` at the deal; or, in a state restored
    without its ancestors, the whole history as a tuple) and ``_act`` (the action that
    led here, ``None`` at the deal), and implements:

    * ``_key()``: everything that makes two states of one class equal;
    * ``_validate(action, seat)``: raise the specific error, or return the action
      (parsed from text) and the acting seat;
    * ``_transition(action, seat)``: the state after a validated action.

    It may override :attr:`~State._game_word` and :meth:`~State._not_your_turn` (turn
    checks), call :meth:`~State._require_turn` and :meth:`_parse` from ``_validate``, and
    builds states with :meth:`_new`. These underscore members are the kit's side for the
    classes of a variant, as stable as the public API; a state's callers never use them.

    :meth:`_new` is the one constructor, and deliberately not a public one (as there is
    no unchecked public ``apply``): ``StateBase()`` and ``XState()`` are refused, so every
    state comes from its variant. (The built-in variants' engines build states their
    own faster way on their hot paths.) Pickling replays the game's record through the
    checked rules; a variant with a faster way overrides ``__reduce__``.

    >>> from cardrules.state import StateBase
    >>> sorted(StateBase.__abstractmethods__)[:3]
    ['_key', '_transition', '_validate']
    """

    __slots__ = ()

    _parent: StateBase | tuple[tuple[int, Action], ...] | None
    _act: Action | None

    def __init__(self) -> None:
        raise InvalidArgumentError(
            f"{type(self).__name__} objects are built by their variant: use new_game() or deal()"
        )

    def __setattr__(self, name: str, value: object) -> None:
        raise ImmutableError(f"{type(self).__name__} is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise ImmutableError(f"{type(self).__name__} is immutable; cannot delete {name!r}")

    @classmethod
    def _new(cls, **slots: Any) -> Self:
        """A new state of this class with these slot values (for variants off the hot path)."""
        state = object.__new__(cls)
        for name, value in slots.items():
            object.__setattr__(state, name, value)
        return state

    # -- the hooks -------------------------------------------------------------------

    @abc.abstractmethod
    def _key(self) -> tuple[Any, ...]:
        """Everything that makes two states of this class equal (hashable values)."""

    @abc.abstractmethod
    def _validate(self, action: object, seat: object) -> tuple[Action, int]:
        """Raise the specific error if ``action`` is illegal for ``seat``; else return
        the action (parsed if it was text) and the acting seat. Changes nothing."""

    @abc.abstractmethod
    def _transition(self, action: Action, seat: int) -> Self:
        """The state after ``action``, which :meth:`_validate` accepted for ``seat``."""

    # -- derived behaviour -----------------------------------------------------------

    def check(self, action: Action | str | int, seat: int | None = None) -> None:
        """Raise the specific :class:`~cardrules.IllegalActionError` if ``action`` is
        illegal (or :class:`~cardrules.NotationError` for bad text); builds no state.

        >>> import cardrules
        >>> state = cardrules.get_variant("bid-euchre").new_game(seed=1)
        >>> state.check(state.legal_actions()[0])            # legal: returns None
        >>> state.check("bid 99")
        Traceback (most recent call last):
        ...
        cardrules.errors.NotationError: ...
        """
        try:
            self._validate(action, seat)
        except CardrulesError as error:
            fill_caller(error, action, seat, self.variant.id)
            raise

    def apply(self, action: Action | str | int, seat: int | None = None) -> Self:
        """Check ``action`` and return the state after it. ``self`` is never modified.

        >>> import cardrules
        >>> state = cardrules.get_variant("bid-euchre").new_game(seed=1)
        >>> after = state.apply(state.legal_actions()[0])
        >>> len(after.history), len(state.history)
        (1, 0)
        """
        try:
            checked, acting = self._validate(action, seat)
        except CardrulesError as error:
            # The checks raise before they know the action or the seat: the caller's.
            fill_caller(error, action, seat, self.variant.id)
            raise
        return self._transition(checked, acting)

    def _parse(self, action: object, seat: int) -> Action:
        """``action`` as an :class:`~cardrules.Action`: text is parsed with the variant's
        notation, an ``int`` is an action id; anything else that is not an action is
        refused (``bool`` included, though an ``int`` subclass)."""
        if isinstance(action, str):
            return self.variant.parse_action(action)
        if type(action) is int:
            return _action_of_id(self.variant, action, seat)
        if not isinstance(action, Action):
            raise InvalidActionError(
                f"not an action of {self.variant.name}: {quote(action)}", seat=seat
            )
        return action

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every ``(seat, action)`` applied since the deal, in order."""
        out: list[tuple[int, Action]] = []
        state: StateBase = self
        while state._act is not None:
            parent = state._parent
            # Not isinstance(parent, StateBase): an ABC check, the view's slowest step.
            if parent is None or isinstance(parent, tuple):
                # Restored without its ancestors: the parent slot holds the history.
                out.reverse()
                return (parent or ()) + tuple(out)
            seat = parent.to_play
            if seat is None:  # pragma: no cover - a finished state has no child
                raise AssertionError("a finished state has a child")
            out.append((seat, state._act))
            state = parent
        out.reverse()
        return tuple(out)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not type(self):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: Any) -> Self:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_replayed, (self.variant, self.record()))


class SeatRequired:
    """A state class's mixin that makes the acting seat mandatory, for servers: a
    variant deals states of ``class X(SeatRequired, XState)`` for
    ``new_game(..., require_seat=True)``, and every state after one is of the same class.

    :meth:`~cardrules.State.apply` and :meth:`~cardrules.State.check` without a seat
    raise :class:`~cardrules.SeatRequiredError` (and :meth:`~cardrules.State.is_legal` is
    False), so a
    server cannot forget to say which client sent a move and let it play for whoever
    is to play. The check costs one comparison per call; bots and playouts, which
    act for the seat to play, use states dealt without it.

    >>> import cardrules
    >>> state = cardrules.get_variant("tarot").new_game(seed=7, require_seat=True)
    >>> isinstance(state, SeatRequired), state.requires_seat
    (True, True)
    >>> state.apply("bid garde", seat=1).apply("pass", seat=2).requires_seat
    True
    """

    __slots__ = ()

    requires_seat: ClassVar[bool] = True

    def apply(self, action: Action | str | int, seat: int | None = None) -> Any:
        """Check ``action`` for ``seat``, which must be given, and return the next state.

        >>> import cardrules
        >>> state = cardrules.get_variant("tarot").new_game(seed=7, require_seat=True)
        >>> state.apply("bid garde", seat=1)
        <TarotState phase=BIDDING to_play=2>
        >>> state.apply("bid garde")
        Traceback (most recent call last):
        ...
        cardrules.errors.SeatRequiredError: this game requires the acting seat: pass seat=, \
the seat of the client that sent the action (seat 1 is to play)
        """
        if seat is None:
            raise self._seat_required(action)
        return super().apply(action, seat)  # type: ignore[misc]

    def check(self, action: Action | str | int, seat: int | None = None) -> None:
        """Raise the specific error if ``seat``, which must be given, may not take ``action``.

        >>> import cardrules
        >>> state = cardrules.get_variant("tarot").new_game(seed=7, require_seat=True)
        >>> state.check("bid garde", seat=1)  # None: seat 1 may bid
        >>> state.check("bid garde", seat=2)
        Traceback (most recent call last):
        ...
        cardrules.errors.NotYourTurnError: it is not seat 2's turn: seat 1 is to play
        >>> state.check("bid garde")
        Traceback (most recent call last):
        ...
        cardrules.errors.SeatRequiredError: ...
        """
        if seat is None:
            raise self._seat_required(action)
        super().check(action, seat)  # type: ignore[misc]

    def is_legal(self, action: Action | str | int, seat: int | None = None) -> bool:
        """True if :meth:`apply` would accept ``action`` from ``seat`` (False without a seat).

        >>> import cardrules
        >>> state = cardrules.get_variant("tarot").new_game(seed=7, require_seat=True)
        >>> state.is_legal("bid garde", seat=1), state.is_legal("bid garde")
        (True, False)
        """
        return seat is not None and bool(super().is_legal(action, seat))  # type: ignore[misc]

    def _seat_required(self, action: object = None) -> SeatRequiredError:
        to_play: int | None = self.to_play  # type: ignore[attr-defined]
        if to_play is None:
            return SeatRequiredError(
                "this game requires the acting seat: pass seat=, the seat of the client that "
                "sent the action (and the game is over)",
                action=action,
                variant=self.variant.id,  # type: ignore[attr-defined]
            )
        names: tuple[str, ...] = self.variant.info.seat_names  # type: ignore[attr-defined]
        return SeatRequiredError(
            "this game requires the acting seat: pass seat=, the seat of the client that "
            f"sent the action ({seat_word(names, to_play)} is to play)",
            action=action,
            variant=self.variant.id,  # type: ignore[attr-defined]
        )


def _check_require_seat(require_seat: object) -> bool:
    """``require_seat`` if it is a bool, else the error a caller can act on."""
    if type(require_seat) is not bool:
        raise InvalidArgumentError(f"require_seat must be True or False, not {quote(require_seat)}")
    return require_seat


# The seat-requiring subclass of each kit state class, made once: two would make states
# of one game unequal.
_SEATED_CLASSES: dict[type[StateBase], type[StateBase]] = {}


def _seated_class(cls: type[StateBase]) -> type[StateBase]:
    """``class X(SeatRequired, cls)``: the states of ``cls`` that require the acting seat,
    the class the built-in games declare for themselves, made here for a kit game. It
    keeps the name of ``cls``, so its messages and ``repr`` read the same."""
    if issubclass(cls, SeatRequired):
        return cls
    found = _SEATED_CLASSES.get(cls)
    if found is None:
        made = type(
            cls.__name__,
            (SeatRequired, cls),
            {
                "__slots__": (),
                "__module__": cls.__module__,
                "__qualname__": cls.__qualname__,
                "__doc__": f"A {cls.__name__} that requires the acting seat (require_seat=True).",
            },
        )
        # setdefault: two threads dealing the first seated game keep one class.
        found = _SEATED_CLASSES.setdefault(cls, made)
    return found


def _requiring_seat(state: State) -> State:
    """The first state of a deal as a state of its seat-requiring class: the same deal,
    whose every later state requires the acting seat (the kit's states build the next
    state of their own class).

    Raises:
        InvalidArgumentError: ``state`` is not a deal's first state on the kit
            (:class:`StateBase`).
    """
    if state.requires_seat:
        return state
    if not isinstance(state, StateBase) or state.history:
        raise InvalidArgumentError(
            f"{state.variant.name} deals no state that requires the seat: the kit makes a"
            " deal's first state require it, on cardrules.StateBase"
        )
    # Every slot of every class of the state (a private one by its mangled name), and
    # its __dict__ if it has one: the state as it was dealt.
    values: dict[str, object] = {}
    for klass in type(state).__mro__:
        slots = klass.__dict__.get("__slots__", ())
        for slot in (slots,) if isinstance(slots, str) else slots:
            private = slot.startswith("__") and not slot.endswith("__")
            name = f"_{klass.__name__.lstrip('_')}{slot}" if private else slot
            if slot not in ("__dict__", "__weakref__") and hasattr(state, name):
                values[name] = object.__getattribute__(state, name)
    values.update(getattr(state, "__dict__", {}))
    return _seated_class(type(state))._new(**values)


def _action_of_id(variant: Variant, number: int, seat: int) -> Action:
    """The action with id ``number`` of ``variant``, or the specific error."""
    try:
        action = variant.action_from_id(number)
    except ValueError:
        action = None
    if not isinstance(action, Action):
        raise InvalidActionError(
            f"{quote(number)} is not an action id of {variant.name}: "
            f"ids run from 0 to {variant.num_actions - 1}",
            seat=seat,
        )
    return action


def _replayed(variant: Variant, record: Record) -> State:
    """The last state of ``record`` replayed with ``variant`` (unpickling)."""
    state: State | None = None
    for state in variant.replay(record):  # noqa: B007 - only the last state is wanted
        pass
    if state is None:  # pragma: no cover - a replay yields at least the deal
        raise AssertionError("an empty replay")
    return state
