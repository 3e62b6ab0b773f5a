"""Small immutable helpers shared by the core and the variants."""

from __future__ import annotations

from typing import Any, Final, NoReturn, TypeVar

K = TypeVar("K")
V = TypeVar("V")

__all__ = ["MAX_POINTS", "FrozenDict"]

MAX_POINTS: Final = 1_000_000
"""The largest point value an option may hold (a score, a bonus, a multiplier, a target):
far beyond any house rule, and small enough that every score of a match stays exact as a
float and in a JSON record (2**53)."""


class FrozenDict(dict[K, V]):
    """A hashable, immutable ``dict`` for option tables (picklable, unlike a mapping proxy).

    >>> d = FrozenDict({"garde": 2})
    >>> d["garde"], hash(d) == hash(FrozenDict({"garde": 2}))
    (2, True)
    >>> d["garde"] = 3
    Traceback (most recent call last):
    ...
    TypeError: FrozenDict is immutable
    """

    __slots__ = ()

    def _immutable(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("FrozenDict is immutable")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _immutable  # type: ignore[assignment, unused-ignore]
    __ior__ = _immutable  # type: ignore[assignment, unused-ignore]

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenDict, (dict(self),))

    def __repr__(self) -> str:
        return f"FrozenDict({dict(self)!r})"
