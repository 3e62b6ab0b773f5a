"""Small immutable helpers shared by the core and the variants."""

from __future__ import annotations

import pkgutil
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final, NoReturn, TypeVar

K = TypeVar("K")
V = TypeVar("V")
S = TypeVar("S")

__all__ = [
    "MAX_POINTS",
    "FrozenDict",
    "fill_caller",
    "mypyc_attr",
    "public_dir",
    "quote",
    "seal",
    "seat_word",
    "show_by_notation",
]

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr

    from cardrules.errors import CardrulesError
else:

    def mypyc_attr(**kwargs: Any) -> Any:
        """mypyc's class options (the compiled build reads them from the source, where
        the type checker sees ``mypy_extensions.mypyc_attr``); a no-op when running, so
        ``mypy_extensions`` is no runtime dependency."""
        return lambda cls: cls


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


def quote(value: object) -> str:
    """``value`` as error messages show a caller's input: short, and never raising.

    A str is quoted and cut to 40 characters; an int is its digits, up to 38 of them,
    else the number of its digits (Python refuses to print an int of more than 4,300
    digits); a float is its repr; a card (or a value of any type marked with
    :func:`show_by_notation`) is its notation; anything else is its repr cut to 80
    characters, after its type unless the repr starts with it, with the ints of a tuple
    or list shown the same way, and the type alone if the repr raises.

    >>> quote("QH"), quote(7), quote(10**5000), quote(None), quote((10**400, 1))
    ("'QH'", '7', 'an int of 5001 digits', 'NoneType None', 'tuple (an int of 401 digits, 1)')
    """
    if type(value) is str:
        if len(value) > _SHOWN:
            return repr(value[:_SHOWN]) + f"... ({len(value)} characters)"
        return repr(value)
    if type(value) is int:
        return _int_text(value)
    if type(value) is float:
        return repr(value)
    if type(value) in _BY_NOTATION:
        return str(value)
    name = type(value).__name__
    text = _bounded_repr(value, 0)
    # A repr that names its type (``Play(Card.parse('QH'))``) is shown alone.
    return text if text.startswith(name) else f"{name} {text}"


_SHOWN: Final = 40
_SHOWN_ITEMS: Final = 6


def _int_text(value: int) -> str:
    # Below 2**126 (38 digits) str() is allowed whatever the interpreter's limit on
    # int-to-str conversions (640 digits at the least).
    if value.bit_length() < 126:
        return str(value)
    magnitude = -value if value < 0 else value
    # The digits of 2**(bits - 1) and of 2**bits differ by at most one: start below the
    # estimate and step up; powers of ten cost no conversion to text.
    digits = int((magnitude.bit_length() - 1) * 0.30102999566398120)
    while magnitude >= 10**digits:
        digits += 1
    if digits <= 38:
        return str(value)
    sign = "a negative" if value < 0 else "an"
    return f"{sign} int of {digits} digits"


def _bounded_repr(value: object, depth: int) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        text = _int_text(int(value)) if value.bit_length() >= 126 else _safe_repr(value)
    elif type(value) in (tuple, list) and depth < 2:
        items: Any = value
        shown = [_bounded_repr(x, depth + 1) for x in items[:_SHOWN_ITEMS]]
        if len(items) > _SHOWN_ITEMS:
            shown.append("...")
        inner = ", ".join(shown) + ("," if len(items) == 1 and type(value) is tuple else "")
        text = f"({inner})" if type(value) is tuple else f"[{inner}]"
    else:
        text = _safe_repr(value)
    return text if len(text) <= 2 * _SHOWN else text[: 2 * _SHOWN] + "..."


def _safe_repr(value: object) -> str:
    try:
        text = repr(value)
    except Exception:  # any object may come in: the message must still be made
        return "(its repr fails)"
    return text if type(text) is str else "(its repr fails)"


_BY_NOTATION: set[type] = set()


def show_by_notation(cls: type) -> type:
    """Have :func:`quote` show values of ``cls`` by their notation, ``str(value)``."""
    _BY_NOTATION.add(cls)
    return cls


def public_dir(names: Iterable[str], path: Iterable[str] = ()) -> list[str]:
    """What ``dir()`` of a public package lists: its exported ``names`` and its public
    submodules (found on ``path``, the package's ``__path__``), never the helpers it
    imports for its own use (``Any``, ``TYPE_CHECKING``, ``warnings``).

    >>> import cardrules.tarot
    >>> "TarotMatch" in dir(cardrules.tarot), "bidding" in dir(cardrules.tarot)
    (True, True)
    >>> "TYPE_CHECKING" in dir(cardrules.tarot)
    False
    """
    modules = {
        info.name
        for info in pkgutil.iter_modules(list(path), prefix="")
        if not info.name.startswith("_")
    }
    return sorted({*names, *modules})


def fill_caller(
    error: CardrulesError, action: object, seat: object, variant: str | None = None
) -> None:
    """Give ``error`` the action and the seat a caller sent, where it names none (for a
    state's checks, which raise before they know one or the other), and the id of the
    variant whose state refused them.

    A seat is an ``int`` (an invalid one too, as an invalid_seat error names it);
    another value is left out (the document's seat is then ``None``).
    """
    if error.action is None and action is not None:
        error.action = action
    if error.seat is None and type(seat) is int:
        error.seat = seat
    if error.variant is None:
        error.variant = variant


def seat_word(names: tuple[str, ...], seat: int) -> str:
    """How a message names ``seat`` of a table whose seats are ``names`` (a game's
    ``info.seat_names``): its name (``"S"``), or ``"seat 2"`` where seats go by number.

    >>> seat_word(("N", "E", "S", "W"), 2), seat_word(("0", "1", "2"), 2)
    ('S', 'seat 2')
    """
    if 0 <= seat < len(names) and names[seat] != str(seat):
        return names[seat]
    return f"seat {seat}"
