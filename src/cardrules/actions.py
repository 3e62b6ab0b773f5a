"""Actions: the moves a seat makes, as immutable values with a text notation.

The core defines the two actions every trick-taking game has, :class:`Play` (play a
card) and :class:`Pass`; variants add their own (bids, discards, declarations) by
subclassing :class:`Action`, or :class:`ValueAction` for the common action of one verb
and one value (``bid 3``, ``call KH``). ``str(action)`` is the action's notation, which
the variant's ``parse_action`` reads back. An :class:`ActionSpace` numbers a game's
actions (the play of each card, then the game's own) and reads their notation.

>>> from cardrules import Card, Play, Pass
>>> a = Play(Card.parse("QH"))
>>> str(a), a == Play(Card.parse("qh")), a is Play(Card.parse("QH"))
('play QH', True, True)
>>> str(Pass())
'pass'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, Final, Generic, Self, TypeVar

from cardrules._util import quote
from cardrules.cards import Card
from cardrules.errors import (
    ImmutableError,
    InvalidActionError,
    InvalidArgumentError,
    NotationError,
)

__all__ = ["Action", "ActionSpace", "Pass", "Play", "ValueAction", "split_notation"]


class Action:
    """Base class of all actions. Subclasses are immutable values with ``__slots__``.

    A subclass sets ``verb`` (the first word of its notation) and implements
    ``__str__``, ``_key`` (the tuple of fields used for equality and hashing) and
    ``__reduce__``.

    >>> import cardrules
    >>> actions = cardrules.get_variant("tarot").new_game(seed=7).legal_actions()
    >>> actions[:2], [action.verb for action in actions[:2]]
    ((Pass(), Bid(Contract.PRISE)), ['pass', 'bid'])
    >>> str(actions[1]), all(isinstance(action, Action) for action in actions)
    ('bid prise', True)
    """

    __slots__ = ()
    verb: ClassVar[str] = ""

    def _key(self) -> tuple[Any, ...]:
        return ()

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not type(self):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._key()))

    def __setattr__(self, name: str, value: Any) -> None:
        raise ImmutableError(f"{type(self).__name__} is immutable; cannot set {quote(name)}")

    def __delattr__(self, name: str) -> None:
        raise ImmutableError(f"{type(self).__name__} is immutable; cannot delete {quote(name)}")

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: Any) -> Action:
        return self

    def __str__(self) -> str:
        return self.verb

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


V = TypeVar("V")


class ValueAction(Action, Generic[V]):
    """The base of an action made of a verb and one value: ``bid 3``, ``call KH``.

    A subclass names the type of its value (``ValueAction[int]``), sets ``verb``, names
    its one field in ``__slots__`` and sets ``value_type``, the exact type its value must
    have at run time (``bool`` is never an ``int``).
    It gets equality and hashing on the value, ``str`` (``"<verb> <value>"``), ``repr``,
    pickling, and interning: ``Bid(3) is Bid(3)`` for the values given to
    :meth:`intern` (do it once, where the class is defined); other values make a new,
    equal action each time. A subclass may override ``__str__`` and ``__repr__``,
    and ``_uninterned`` to refuse values that were not interned.

    >>> class Bid(ValueAction[int]):
    ...     __slots__ = ("tricks",)
    ...     verb = "bid"
    ...     value_type = int
    >>> Bid.intern(*range(14))
    >>> Bid(3), str(Bid(3)), Bid(3) is Bid(3), Bid(3).tricks
    (Bid(3), 'bid 3', True, 3)
    >>> Bid("3")
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidArgumentError: Bid takes an int, not '3'
    """

    __slots__ = ()
    value_type: ClassVar[type]
    _field: ClassVar[str]
    _interned: ClassVar[dict[Any, Any]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        slots = cls.__dict__.get("__slots__", ())
        slots = (slots,) if isinstance(slots, str) else tuple(slots)
        if len(slots) > 1:
            raise TypeError(f"a ValueAction has one field, not {len(slots)}: {slots}")
        if slots:
            cls._field = slots[0]
        # Each class interns its own values (a subclass shares no instance with its base).
        cls._interned = {}

    def __new__(cls, value: V) -> Self:
        if type(value) is not cls.value_type:
            raise InvalidArgumentError(
                f"{cls.__name__} takes {_a(cls.value_type.__name__)}, not {quote(value)}"
            )
        found: Self | None = cls._interned.get(value)
        return cls._uninterned(value) if found is None else found

    @classmethod
    def intern(cls, *values: V) -> None:
        """Make ``cls(value)`` return one shared action for each of ``values``."""
        for value in values:
            if type(value) is not cls.value_type:
                raise InvalidArgumentError(
                    f"{cls.__name__} takes {_a(cls.value_type.__name__)}, not {quote(value)}"
                )
            cls._interned.setdefault(value, cls._make(value))

    @classmethod
    def _make(cls, value: V) -> Self:
        action = object.__new__(cls)
        object.__setattr__(action, cls._field, value)
        return action

    @classmethod
    def _uninterned(cls, value: V) -> Self:
        """The action of a value that was not interned: a new one (a subclass may refuse
        the value instead, with :class:`~cardrules.InvalidArgumentError`)."""
        return cls._make(value)

    @property
    def value(self) -> V:
        """The action's one value (also readable by its field's name)."""
        value: V = getattr(self, self._field)
        return value

    def _key(self) -> tuple[Any, ...]:
        return (getattr(self, self._field),)

    def __str__(self) -> str:
        return f"{self.verb} {getattr(self, self._field)}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({getattr(self, self._field)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (getattr(self, self._field),))


def _a(noun: str) -> str:
    return f"an {noun}" if noun[:1] in "aeiouAEIOU" else f"a {noun}"


class Play(ValueAction[Card]):
    """Play a card to the current trick. Instances are interned per card.

    >>> Play(Card.parse("21T"))
    Play(Card.parse('21T'))
    """

    __slots__ = ("card",)
    verb: ClassVar[str] = "play"
    value_type: ClassVar[type] = Card
    card: Card

    def __new__(cls, card: Card) -> Play:
        # An exact type check: other objects have an ``index`` too (``Suit.HEARTS.index``).
        if type(card) is not Card:
            raise InvalidArgumentError(f"Play takes a Card, not {quote(card)}")
        return _PLAYS[card.index]

    def _key(self) -> tuple[Any, ...]:
        return (self.card,)

    def __hash__(self) -> int:
        return hash(self.card) ^ 0x5A5A

    def __str__(self) -> str:
        return f"play {self.card}"

    def __repr__(self) -> str:
        return f"Play({self.card!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Play, (self.card,))


def _make_play(card: Card) -> Play:
    play = object.__new__(Play)
    object.__setattr__(play, "card", card)
    return play


_PLAYS: Final = [_make_play(Card.from_index(i)) for i in range(79)]


class Pass(Action):
    """Pass: decline to bid, to announce or to claim. A singleton.

    >>> import cardrules
    >>> state = cardrules.get_variant("bid-euchre").new_game(seed=5)
    >>> Pass() is Pass(), str(Pass()), state.apply(Pass()) == state.apply("pass")
    (True, 'pass', True)
    """

    __slots__ = ()
    verb: ClassVar[str] = "pass"
    _instance: ClassVar[Pass | None] = None

    def __new__(cls) -> Pass:
        if cls._instance is None:
            cls._instance = object.__new__(cls)
        return cls._instance

    def __reduce__(self) -> tuple[Any, ...]:
        return (Pass, ())


def split_notation(text: object) -> list[str]:
    """Split action text into words, rejecting anything that is not plain notation.

    Words are separated by single ASCII spaces; leading, trailing or doubled spaces,
    other whitespace, empty text and very long text raise :class:`~cardrules.NotationError`.

    >>> split_notation("play QH")
    ['play', 'QH']
    """
    if type(text) is not str:
        raise NotationError(f"action notation must be a str, not {quote(text)}")
    if not text or len(text) > 200:
        raise NotationError(f"not an action: {quote(text)}")
    words = text.split(" ")
    if any(not w or not w.isprintable() for w in words):
        raise NotationError(f"not an action: {quote(text)} (words are separated by one space)")
    return words


_ASCII_LOWER: Final = {c: c + 32 for c in range(ord("A"), ord("Z") + 1)}


class ActionSpace:
    """The integer ids of a game's actions, and its notation: the play of each distinct
    card of ``cards`` (ids 0, 1 …, in deck order), then ``actions``, the game's own.

    :meth:`parse` reads ``play CARD`` for any card (the state, not the notation, says
    whether the card is in the game) and the notation of each of ``actions``, ignoring
    ASCII case.

    Args:
        cards: The deck (identical copies count once).
        actions: The game's other actions, each once.
        game: The game's name, for messages (``"Oh Hell"``).

    Raises:
        InvalidArgumentError: an action given twice, or not an :class:`Action`.

    >>> from cardrules import decks
    >>> space = ActionSpace(decks.standard_deck(), [Pass()], game="Whist")
    >>> len(space), space.id_of(Pass()), space.action_of(0), space.parse("PLAY as")
    (53, 52, Play(Card.parse('AS')), Play(Card.parse('AS')))
    >>> space.parse("bid 3")
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: not a Whist action: 'bid 3' (expected 'play CARD' or 'pass')
    """

    __slots__ = ("_ids", "_texts", "actions", "cards", "game")

    def __init__(
        self, cards: Iterable[Card], actions: Iterable[Action] = (), *, game: str = ""
    ) -> None:
        self.cards: tuple[Card, ...] = tuple(dict.fromkeys(cards))
        own = tuple(actions)
        for action in own:
            if not isinstance(action, Action):
                raise InvalidArgumentError(f"an ActionSpace holds actions, not {quote(action)}")
        self.actions: tuple[Action, ...] = (*(Play(c) for c in self.cards), *own)
        self._ids: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}
        if len(self._ids) != len(self.actions):
            raise InvalidArgumentError("an ActionSpace lists each action once")
        self._texts: dict[str, Action] = {str(a).translate(_ASCII_LOWER): a for a in own}
        self.game = game

    def __len__(self) -> int:
        return len(self.actions)

    def __repr__(self) -> str:
        return f"<ActionSpace of {len(self.actions)} actions>"

    def id_of(self, action: Action) -> int:
        """The id of ``action``.

        Raises:
            InvalidActionError: ``action`` is not one of the space's actions.
        """
        given: object = action
        found = self._ids.get(given) if isinstance(given, Action) else None
        if found is None:
            raise InvalidActionError(
                f"{quote(given)} is not an action of {self.game or 'this game'}", action=action
            )
        return found

    def action_of(self, number: int) -> Action:
        """The action whose id is ``number``.

        Raises:
            InvalidActionError: ``number`` is not an int from 0 to ``len(self) - 1``.
        """
        if type(number) is not int or not 0 <= number < len(self.actions):
            raise InvalidActionError(
                f"an action id of {self.game or 'this game'} is an int from 0 to "
                f"{len(self.actions) - 1}, "
                f"not {quote(number)}"
            )
        return self.actions[number]

    def parse(self, text: str) -> Action:
        """The action whose notation is ``text`` (ASCII case ignored).

        Raises:
            NotationError: ``text`` is not the notation of an action of the space.
        """
        words = split_notation(text)
        key = text.translate(_ASCII_LOWER)
        found = self._texts.get(key)
        if found is not None:
            return found
        if len(words) == 2 and key.startswith("play "):
            return Play(Card.parse(words[1]))
        verbs = dict.fromkeys(
            f"'{a.verb} ...'" if " " in str(a) else f"'{a}'" for a in self._texts.values()
        )
        expected = " or ".join(["'play CARD'", *verbs])
        what = f"{_a(self.game)} action" if self.game else "an action of this game"
        raise NotationError(f"not {what}: {quote(text)} (expected {expected})")
