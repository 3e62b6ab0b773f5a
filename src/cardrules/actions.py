"""Actions: the moves a seat makes, as immutable values with a text notation.

The core defines the two actions every trick-taking game has, :class:`Play` (play a
card) and :class:`Pass`; variants add their own (bids, discards, declarations) by
subclassing :class:`Action`. ``str(action)`` is the action's notation, which the
variant's ``parse_action`` reads back.

>>> from cardrules import Card, Play, Pass
>>> a = Play(Card.parse("QH"))
>>> str(a), a == Play(Card.parse("qh")), a is Play(Card.parse("QH"))
('play QH', True, True)
>>> str(Pass())
'pass'
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from cardrules._util import quote
from cardrules.cards import Card
from cardrules.errors import ImmutableError, InvalidArgumentError, NotationError

__all__ = ["Action", "Pass", "Play", "split_notation"]


class Action:
    """Base class of all actions. Subclasses are immutable values with ``__slots__``.

    A subclass sets ``verb`` (the first word of its notation) and implements
    ``__str__``, ``_key`` (the tuple of fields used for equality and hashing) and
    ``__reduce__``.
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


class Play(Action):
    """Play a card to the current trick. Instances are interned per card.

    >>> Play(Card.parse("21T"))
    Play(Card.parse('21T'))
    """

    __slots__ = ("card",)
    verb: ClassVar[str] = "play"
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
    """Pass: decline to bid, to announce or to claim. A singleton."""

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
