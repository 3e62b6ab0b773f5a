"""Deprecated names kept for one release: a module's ``__getattr__`` built from a table,
and a class's renamed methods.

A name that moves or leaves a public module stays importable from it for one release,
with a :class:`DeprecationWarning` that says what to use instead.
:func:`deprecated_names` writes the module-level ``__getattr__`` (PEP 562) that serves
them, from a table of :class:`Deprecated` entries; the old value is looked up only when
asked for, so a module can keep a name of a module that imports it::

    __getattr__ = deprecated_names(__name__, {
        "points_of": Deprecated(
            "cardrules.tarot.cards:half_points_of",
            "points_of is deprecated and will be removed in 0.3: use half_points_of",
        ),
    })

>>> import sys, types, warnings
>>> module = types.ModuleType("old_home")
>>> module.__getattr__ = deprecated_names("old_home", {
...     "shuffle": Deprecated("cardrules.decks:shuffle", "old_home.shuffle is deprecated: "
...                           "use cardrules.decks.shuffle"),
... })
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     module.shuffle.__name__, str(caught[0].message)
('shuffle', 'old_home.shuffle is deprecated: use cardrules.decks.shuffle')
>>> module.nothing
Traceback (most recent call last):
...
AttributeError: module 'old_home' has no attribute 'nothing'
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from cardrules._util import quote
from cardrules.errors import InvalidArgumentError

__all__ = ["Deprecated", "deprecated_alias", "deprecated_names"]


@attrs.frozen
class Deprecated:
    """One deprecated name: where its value is now, and the warning that says so.

    Attributes:
        target: The value: a ``"module:attribute"`` path (``"module"`` alone for a
            module), imported when the name is asked for, or a function of no
            argument that returns it.
        message: The text of the :class:`DeprecationWarning`: what to use instead,
            and when the name goes.

    >>> entry = Deprecated("cardrules.decks:euchre_deck", "use cardrules.decks.euchre_deck")
    >>> entry.value() is importlib.import_module("cardrules.decks").euchre_deck
    True
    >>> Deprecated("", "gone")
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidArgumentError: target is a 'module:attribute' path or a function, \
not ''
    """

    target: str | Callable[[], Any]
    message: str

    def __attrs_post_init__(self) -> None:
        if not (callable(self.target) or (type(self.target) is str and self.target)):
            raise InvalidArgumentError(
                f"target is a 'module:attribute' path or a function, not {quote(self.target)}"
            )
        if type(self.message) is not str or not self.message:
            raise InvalidArgumentError(f"message is a non-empty str, not {quote(self.message)}")

    def value(self) -> Any:
        """The value the deprecated name stands for (no warning).

        Raises:
            AttributeError, ImportError: the target does not exist.
        """
        if callable(self.target):
            return self.target()
        module_name, _, attribute = self.target.partition(":")
        module = importlib.import_module(module_name)
        if not attribute:
            return module
        # The target may itself be a deprecated name of its module: one warning is enough.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return getattr(module, attribute)


def deprecated_names(module: str, names: Mapping[str, Deprecated]) -> Callable[[str], Any]:
    """The ``__getattr__`` of ``module`` that serves the deprecated ``names``.

    Each one warns with its entry's message (a :class:`DeprecationWarning`, pointing at
    the caller's line) and returns its value; any other name is an ``AttributeError``,
    as for a module without ``__getattr__``.

    Args:
        module: The module's ``__name__``.
        names: The deprecated names and their entries.

    Returns:
        The function to assign to the module's ``__getattr__``.

    Raises:
        InvalidArgumentError: an entry that is not a :class:`Deprecated`.

    A module keeps an old name for a release with
    ``__getattr__ = deprecated_names(__name__, {...})``:

    >>> message = "old_deck is deprecated and will be removed in 0.4; use euchre_deck"
    >>> entry = Deprecated("cardrules.decks:euchre_deck", message)
    >>> serve = deprecated_names("mymodule", {"old_deck": entry})
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     old_deck = serve("old_deck")
    >>> len(old_deck()), caught[0].category.__name__, str(caught[0].message) == message
    (24, 'DeprecationWarning', True)
    >>> serve("other")
    Traceback (most recent call last):
    ...
    AttributeError: module 'mymodule' has no attribute 'other'
    """
    table = dict(names)
    for name, entry in table.items():
        if type(name) is not str or not isinstance(entry, Deprecated):
            raise InvalidArgumentError(
                f"{quote(name)} needs a Deprecated entry, not {quote(entry)}"
            )

    def module_getattr(name: str) -> Any:
        entry = table.get(name)
        if entry is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        warnings.warn(entry.message, DeprecationWarning, stacklevel=2)
        return entry.value()

    module_getattr.__name__ = "__getattr__"
    module_getattr.__qualname__ = f"{module}.__getattr__"
    return module_getattr


class _Alias:
    """The descriptor :func:`deprecated_alias` returns."""

    __slots__ = ("message", "new")

    def __init__(self, new: str, message: str) -> None:
        self.new = new
        self.message = message

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        # Bound the way the new name is: a method to the instance, a classmethod to the
        # class, so the old name is called exactly as before.
        target = getattr(owner if instance is None else instance, self.new)
        message = self.message

        def alias(*args: Any, **kwargs: Any) -> Any:
            warnings.warn(message, DeprecationWarning, stacklevel=2)
            return target(*args, **kwargs)

        alias.__name__ = alias.__qualname__ = self.new
        alias.__doc__ = f"Deprecated: {message}"
        return alias


def deprecated_alias(new: str, message: str) -> Any:
    """A class attribute that keeps a renamed method (or classmethod) callable under its
    old name for one release: each call warns with ``message`` (a
    :class:`DeprecationWarning` pointing at the caller's line) and calls ``new``.

    Args:
        new: The method's new name, on the same class.
        message: The text of the warning: what to use instead, and when the name goes.

    Raises:
        InvalidArgumentError: ``new`` or ``message`` is not a non-empty str.

    >>> import warnings
    >>> class Point:
    ...     def to_dict(self):
    ...         return {"x": 1}
    ...     to_json = deprecated_alias("to_dict", "to_json is deprecated: use to_dict")
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     Point().to_json(), str(caught[0].message)
    ({'x': 1}, 'to_json is deprecated: use to_dict')
    """
    for value in (new, message):
        if type(value) is not str or not value:
            raise InvalidArgumentError(
                f"a deprecated alias needs non-empty str, not {quote(value)}"
            )
    return _Alias(new, message)
