"""Small immutable helpers shared by the core and the variants."""

from __future__ import annotations

from typing import Any, NoReturn, TypeVar

K = TypeVar("K")
V = TypeVar("V")
S = TypeVar("S")

__all__ = ["FrozenDict", "seal"]


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


def seal(slots: Any, cls: type[S]) -> S:
    """Give a filled-in slots object its state class: the one construction trick.

    Building a state as a plain ``__slots__`` object and then setting its class is the
    fastest way to make an immutable state (the state class refuses ``setattr``). The
    class of ``slots`` must have exactly the slot layout of ``cls`` (``cls`` adds no
    slots of its own).
    """
    slots.__class__ = cls
    result: S = slots
    return result
