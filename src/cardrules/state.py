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
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, Self

from cardrules._records import Record, check_rules_version, record_of, thaw
from cardrules._util import quote
from cardrules.actions import Action
from cardrules.cards import Card
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
    RecordError,
    SeatRequiredError,
)
from cardrules.match import Match, Series

__all__ = ["SeatRequired", "State", "StateBase", "Variant", "check_seat"]


def check_seat(seat: object, players: int) -> int:
    """Return ``seat`` if it is an ``int`` seat number of this table, else raise.

    ``bool`` is rejected although it is an ``int`` subclass: ``True`` is never a seat.

    Raises:
        InvalidSeatError: ``seat`` is not an ``int`` from 0 to ``players - 1``.
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

    def new_match(self) -> Match:
        """A match of this variant's deals, starting with an empty score sheet.

        The built-in variants return their own match (``TarotMatch``,
        ``BidEuchreMatch``); any other variant gets a :class:`~cardrules.match.Series` of
        deals with the deal passing to the left.
        """
        return Series(self)

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


class State(abc.ABC):
    """One position of a game. Immutable; :meth:`apply` returns a new state.

    Subclasses implement the abstract members; the base class derives the rest.
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
        """The actions the seat to play may take, without duplicates (empty at the end)."""

    @abc.abstractmethod
    def check(self, action: Action | str | int, seat: int | None = None) -> None:
        """Raise the specific :class:`~cardrules.IllegalActionError` if ``action`` is illegal.

        Args:
            action: An action, its notation, or its integer id (:meth:`Variant.action_id`).
            seat: The seat claiming to act; ``None`` for the seat to play.
        """

    @abc.abstractmethod
    def apply(self, action: Action | str | int, seat: int | None = None) -> State:
        """Check ``action`` and return the state after it. ``self`` is never modified.

        ``action`` is an action, its notation, or its integer id, as in
        :meth:`legal_action_ids`: ``state.apply(state.legal_action_ids()[0])``. An id
        that is not an action of the variant raises
        :class:`~cardrules.InvalidActionError`; ``True`` and ``False`` are not ids.
        """

    @abc.abstractmethod
    def result(self) -> Any:
        """The variant's result object; raises ``WrongPhaseError`` before the end."""

    @abc.abstractmethod
    def returns(self) -> tuple[float, ...]:
        """Each seat's score for the finished game (zeros before the end)."""

    @abc.abstractmethod
    def view(self, seat: int) -> Any:
        """What ``seat`` may know of this state: its own hand and the public facts."""

    @abc.abstractmethod
    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds (full information: for servers, not for players)."""

    def is_legal(self, action: Action | str | int, seat: int | None = None) -> bool:
        """True if :meth:`apply` would accept ``action`` (never raises for bad input)."""
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
        """The JSON-serialisable record of this game so far (see ``cardrules.records``)."""
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
        """The error for ``seat`` acting while ``to_play`` is to act."""
        return NotYourTurnError(
            f"it is not seat {seat}'s turn: seat {to_play} is to play", seat=seat
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
        illegal (or :class:`~cardrules.NotationError` for bad text); builds no state."""
        self._validate(action, seat)

    def apply(self, action: Action | str | int, seat: int | None = None) -> Self:
        """Check ``action`` and return the state after it. ``self`` is never modified."""
        checked, acting = self._validate(action, seat)
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
    """

    __slots__ = ()

    requires_seat: ClassVar[bool] = True

    def apply(self, action: Action | str | int, seat: int | None = None) -> Any:
        """Check ``action`` for ``seat``, which must be given, and return the next state."""
        if seat is None:
            raise self._seat_required()
        return super().apply(action, seat)  # type: ignore[misc]

    def check(self, action: Action | str | int, seat: int | None = None) -> None:
        """Raise the specific error if ``seat``, which must be given, may not take ``action``."""
        if seat is None:
            raise self._seat_required()
        super().check(action, seat)  # type: ignore[misc]

    def is_legal(self, action: Action | str | int, seat: int | None = None) -> bool:
        """True if :meth:`apply` would accept ``action`` from ``seat`` (False without a seat)."""
        return seat is not None and bool(super().is_legal(action, seat))  # type: ignore[misc]

    def _seat_required(self) -> SeatRequiredError:
        to_play: int | None = self.to_play  # type: ignore[attr-defined]
        if to_play is None:
            return SeatRequiredError(
                "this game requires the acting seat: pass seat=, the seat of the client that "
                "sent the action (and the game is over)"
            )
        return SeatRequiredError(
            "this game requires the acting seat: pass seat=, the seat of the client that "
            f"sent the action (seat {to_play} is to play)"
        )


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
