"""Validators for variant options, shared by every variant (and usable by plugins).

Options are keyword-only ``attrs`` classes whose fields are checked when the object is
built; these validators give one wording to every variant's :class:`~cardrules.OptionsError`.
Integers are bounded: an option must be something a JSON record can hold exactly
(at most ``2**53`` in size) and what the rules mean.

>>> import attrs
>>> from cardrules.options import choice, flag, int_in
>>> @attrs.frozen(kw_only=True)
... class HouseRules:
...     target: int = attrs.field(default=32, validator=int_in(1, 1000))
...     scoring: str = attrs.field(default="plain", validator=choice("plain", "double"))
...     jokers: bool = attrs.field(default=False, validator=flag)
>>> HouseRules(target=0)
Traceback (most recent call last):
...
cardrules.errors.OptionsError: target must be an int from 1 to 1000, not 0
>>> HouseRules(scoring="triple")
Traceback (most recent call last):
...
cardrules.errors.OptionsError: scoring must be one of 'plain', 'double', not 'triple'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import attrs

from cardrules._util import quote
from cardrules.errors import OptionsError

__all__ = ["JSON_INT_LIMIT", "choice", "flag", "int_in"]

JSON_INT_LIMIT: Final = 2**53
"""The largest integer size every JSON reader holds exactly (IEEE double precision)."""


def choice(*allowed: object) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    """A validator accepting exactly one of ``allowed`` (never ``True`` for ``1``).

    >>> import attrs
    >>> @attrs.frozen(kw_only=True)
    ... class Options:
    ...     scoring: str = attrs.field(default="tricks", validator=choice("tricks", "points"))
    >>> Options(scoring="points").scoring
    'points'
    >>> Options(scoring="goals")
    Traceback (most recent call last):
    ...
    cardrules.errors.OptionsError: scoring must be one of 'tricks', 'points', not 'goals'
    """

    def check(inst: object, attr: attrs.Attribute[Any], value: object) -> None:
        if type(value) is bool or not any(type(value) is type(a) and value == a for a in allowed):
            names = ", ".join(repr(a) for a in allowed)
            raise OptionsError(f"{attr.name} must be one of {names}, not {quote(value)}")

    return check


def flag(inst: object, attr: attrs.Attribute[Any], value: object) -> None:
    """A validator accepting ``True`` or ``False`` only (not ``1``, not ``"yes"``).

    >>> import attrs
    >>> @attrs.frozen(kw_only=True)
    ... class Options:
    ...     honours: bool = attrs.field(default=False, validator=flag)
    >>> Options(honours=True).honours
    True
    >>> Options(honours=1)
    Traceback (most recent call last):
    ...
    cardrules.errors.OptionsError: honours must be True or False, not 1
    """
    if type(value) is not bool:
        raise OptionsError(f"{attr.name} must be True or False, not {quote(value)}")


def int_in(
    low: int = -JSON_INT_LIMIT, high: int = JSON_INT_LIMIT
) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    """A validator accepting an ``int`` (not a ``bool``) from ``low`` to ``high``.

    >>> import attrs
    >>> @attrs.frozen(kw_only=True)
    ... class Options:
    ...     players: int = attrs.field(default=4, validator=int_in(2, 6))
    >>> Options(players=6).players
    6
    >>> Options(players=7)
    Traceback (most recent call last):
    ...
    cardrules.errors.OptionsError: players must be an int from 2 to 6, not 7
    """

    def check(inst: object, attr: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not int or not low <= value <= high:
            raise OptionsError(
                f"{attr.name} must be an int from {low} to {high}, not {quote(value)}"
            )

    return check
