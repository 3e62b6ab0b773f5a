"""The pieces both variants' position notations share (see the Notation page).

A position is one line of fields separated by single spaces; a field that lists
several items separates them with ``/`` (one per seat, per trick) and ``,`` (cards,
calls); ``-`` is an empty field. Each variant's ``variant.py`` reads and writes its own
fields with these helpers. The position of a game that requires the acting seat
(``require_seat=True``) ends with one more field, ``require-seat``, in every variant.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, NoReturn

from cardrules._util import quote
from cardrules.cards import Card
from cardrules.errors import CardrulesError, NotationError, PositionError
from cardrules.state import StateBase

MAX_LENGTH: Final = 4096
"""The longest position text read: a full Tarot deal writes about 600 characters."""

EMPTY: Final = "-"

REQUIRE_SEAT: Final = "require-seat"
"""The last field of the position of a game that requires the acting seat; the
positions of other games (and those of 0.2) have no such field."""

_PRINTABLE: Final = frozenset(map(chr, range(33, 127)))


def fail(field: str, message: str) -> NoReturn:
    """Raise the :class:`~cardrules.PositionError` of ``field``."""
    raise PositionError(f"{field}: {message}", field=field)


def tag(variant_id: str, options: dict[str, Any], defaults: dict[str, Any]) -> str:
    """The variant field: the id, and a fingerprint of the options when they are not
    the defaults (8 hex digits of the SHA-256 of their canonical JSON)."""
    if options == defaults:
        return variant_id
    canonical = json.dumps(options, sort_keys=True, separators=(",", ":"))
    return f"{variant_id}#{hashlib.sha256(canonical.encode()).hexdigest()[:8]}"


def line(fields: Sequence[str], state: Any) -> str:
    """The position's text: ``fields``, then :data:`REQUIRE_SEAT` if ``state`` requires
    the acting seat."""
    return " ".join([*fields, REQUIRE_SEAT] if state.requires_seat else fields)


def split(
    text: object, names: Sequence[str], game: str, variant_tag: str
) -> tuple[list[str], bool]:
    """The fields of ``text``, one per name, the first being ``variant_tag``, and
    whether the position ends with :data:`REQUIRE_SEAT`; refuses anything that is not
    such a line."""
    if not isinstance(text, str):
        fail("position", f"a position is a str, not {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        fail("position", f"a position is at most {MAX_LENGTH} characters, not {len(text)}")
    fields = text.split(" ")
    if not all(fields) or any(c.isspace() for c in text.replace(" ", "")):
        fail("position", f"fields are separated by single spaces: {quote(text[:80])}")
    if fields[0] != variant_tag and (fields[0][:5] in ("tarot", "bid-e") or len(fields) > 1):
        fail(
            "variant",
            f"the position is for {quote(fields[0][:40])}, this variant writes "
            f"{variant_tag!r} (another game, player count or options)",
        )
    if len(fields) == len(names) + 1 and fields[-1] == REQUIRE_SEAT:
        fields.pop()
        require_seat = True
    else:
        require_seat = False
    if len(fields) != len(names):
        fail(
            "position",
            f"a {game} position has {len(names)} fields separated by single spaces "
            f"({' '.join(names)}), then {REQUIRE_SEAT!r} for a game that requires the "
            f"acting seat, not {quote(text[:80])}",
        )
    for name, value in zip(names, fields, strict=True):
        if not set(value) <= _PRINTABLE:
            fail(name, f"a field is printable ASCII, not {quote(value[:80])}")
    return fields, require_seat


def items(field: str, value: str, sep: str) -> list[str]:
    """The items of a list field (``-`` is the empty list); no item is empty."""
    if value == EMPTY:
        return []
    out = value.split(sep)
    if not all(out):
        fail(field, f"an empty item in {quote(value[:80])}")
    return out


def card(field: str, text: str) -> Card:
    """The card ``text`` names, or the error of ``field``."""
    try:
        return Card.parse(text)
    except NotationError:
        fail(field, f"{quote(text[:20])} is not a card")


def cards(field: str, value: str) -> list[Card]:
    """The cards of a comma-separated list (``-`` for none)."""
    return [card(field, c) for c in items(field, value, ",")]


def distinct(field: str, cards: list[Card]) -> list[Card]:
    """``cards``, refused if a card is listed twice (a field of a single deck)."""
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            fail(field, f"{c} is listed twice")
        seen.add(c)
    return cards


def holds(cards: Iterable[Card], taken: Iterable[Card]) -> bool:
    """Whether ``cards`` hold every card of ``taken``, as many times as it is listed
    there (so that removing them one by one cannot fail)."""
    return not Counter(taken) - Counter(cards)


def cards_text(cards: Iterable[Card]) -> str:
    """A card list as a field item: codes joined with commas, ``-`` for none."""
    return ",".join(str(c) for c in cards) or EMPTY


def seat(field: str, text: str, players: int) -> int:
    """The seat ``text`` names (one digit from 0 to ``players - 1``)."""
    if len(text) != 1 or not "0" <= text <= str(players - 1):
        fail(field, f"a seat is a digit from 0 to {players - 1}, not {quote(text[:20])}")
    return int(text)


def sorted_cards(value: str) -> str:
    """A field of card lists with each list's codes sorted, to compare two fields that
    list the same sets of cards in any order."""
    return "/".join(",".join(sorted(part.split(","))) for part in value.split("/"))


def apply(state: Any, field: str, what: str, action: str) -> Any:
    """``action`` by the seat to play, the rules' refusal reported as the error of
    ``field``."""
    try:
        return state.apply(state.variant.parse_action(action), state.to_play)
    except CardrulesError as exc:
        # The action is text read from the position (printable ASCII): shown cut short.
        shown = action if len(action) <= 60 else action[:60] + "..."
        fail(field, f"{what} ({shown}) is not possible: {exc}")


def compare(names: Sequence[str], given: Sequence[str], rebuilt: Sequence[str]) -> None:
    """Raise the error of the first field where the text read differs from the text
    the rebuilt state writes (both with their card sets sorted where order is free)."""
    for name, a, b in zip(names, given, rebuilt, strict=True):
        if a == b:
            continue
        if "/" in a or "/" in b:
            parts_a, parts_b = a.split("/"), b.split("/")
            for k, (x, y) in enumerate(zip(parts_a, parts_b, strict=False)):
                if x != y:
                    fail(
                        name, f"item {k + 1} is {quote(x[:60])} but the rules give {quote(y[:60])}"
                    )
            fail(name, f"{len(parts_a)} items where the rules give {len(parts_b)}")
        fail(name, f"{quote(a[:60])} in the position, but the rules give {quote(b[:60])}")


def steps(state: Any, root: Callable[[], Any]) -> list[tuple[Any, int, Any, Any]]:
    """Each ``(before, seat, action, after)`` from the deal to ``state``: from the
    states it keeps, or, for a state restored without them (unpickled), from a replay
    of its history from ``root()``."""
    chain = [state]
    s = state
    while s._act is not None:
        s = s._parent
        if not isinstance(s, StateBase):
            break
        chain.append(s)
    else:
        chain.reverse()
        return [(a, a.to_play, b._act, b) for a, b in itertools.pairwise(chain)]
    out = []
    s = root()
    for seat, action in state.history:
        after = s.apply(action, seat)
        out.append((s, seat, action, after))
        s = after
    return out
