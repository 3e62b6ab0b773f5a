"""Dealing hidden cards uniformly among the places a view allows.

A view's hidden cards fall into groups: the cards of a group may lie in the same places
(the other seats' hands, a face-down chien or écart …), given as a bit mask of place
numbers. Each place holds a known number of cards. :func:`deal_hidden` draws one
assignment, uniformly among all those that put every card in an allowed place and fill
every place exactly: it counts the assignments of the groups that follow each choice
(exact integers), so no draw is rejected. The counts depend only on the group sizes, the
masks and the places' sizes, and are cached: drawing again from one view is cheap.
"""

from __future__ import annotations

import functools
import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from math import factorial
from typing import Any, Final, TypeVar

from cardrules.errors import CardrulesError, InconsistentViewError, InvalidArgumentError

__all__ = ["deal_hidden", "sample_state"]

T = TypeVar("T")
P = TypeVar("P")
S = TypeVar("S")

_REPLAYS: Final = 2000

_FACT: Final = tuple(factorial(k) for k in range(80))
_TRIES: Final = 1000


def deal_hidden(
    rng: random.Random, groups: Sequence[tuple[int, Sequence[T]]], sizes: Sequence[int]
) -> list[list[T]]:
    """The cards of each place, drawn uniformly among the consistent assignments.

    Args:
        rng: The generator.
        groups: ``(mask, cards)``: the cards that may lie in the places of ``mask`` (bit
            ``p`` for place ``p``). A mask may repeat; groups of one mask are merged.
        sizes: How many cards each place holds.

    Raises:
        InconsistentViewError: no assignment exists.

    >>> import random
    >>> hands = deal_hidden(random.Random(1), [(0b01, "ab"), (0b11, "cd")], (3, 1))
    >>> sorted(hands[0])[:2], len(hands[1])
    (['a', 'b'], 1)
    """
    merged: dict[int, list[T]] = {}
    for mask, cards in groups:
        if cards:
            merged.setdefault(mask, []).extend(cards)
    # The widest, largest group goes last: it fills what the others leave, in one way.
    order = sorted(merged, key=lambda m: (m.bit_count(), len(merged[m])))
    signature = tuple((m, len(merged[m])) for m in order)
    plan = _plan(signature, tuple(sizes))
    if plan is None:
        ordered = [(m, merged[m]) for m in order]
        for _ in range(_TRIES):
            drawn = _weighted(rng, ordered, tuple(sizes))
            if drawn is not None:
                return drawn
        raise InconsistentViewError(
            "no deal matches this view: its hidden cards cannot fill the hands and piles "
            "it shows (a view changed by hand?)"
        )
    if not plan.count(0, plan.sizes):
        raise InconsistentViewError(
            "no deal matches this view: its hidden cards cannot fill the hands and piles "
            "it shows (a view changed by hand?)"
        )
    out: list[list[T]] = [[] for _ in sizes]
    left = plan.sizes
    for i, mask in enumerate(order):
        cards = list(merged[mask])
        rng.shuffle(cards)
        split = plan.choose(i, left, rng)
        at = 0
        for place, k in split:
            out[place] += cards[at : at + k]
            at += k
        left = tuple(n - dict(split).get(p, 0) if mask >> p & 1 else n for p, n in enumerate(left))
    return out


class _Plan:
    """The counts of one signature: ``count(i, left)`` assignments of groups ``i`` … to
    places with ``left`` free seats, and the weighted splits of group ``i``."""

    def __init__(self, signature: tuple[tuple[int, int], ...], sizes: tuple[int, ...]) -> None:
        self.signature = signature
        self.sizes = sizes
        self.work = 0
        self.budget = _BUDGET
        self._counts: dict[tuple[int, tuple[int, ...]], int] = {}
        self._choices: dict[
            tuple[int, tuple[int, ...]], tuple[list[int], list[tuple[tuple[int, int], ...]]]
        ] = {}

    def count(self, i: int, left: tuple[int, ...]) -> int:
        if i == len(self.signature):
            return 0 if any(left) else 1
        key = (i, left)
        found = self._counts.get(key)
        if found is not None:
            return found
        if i == len(self.signature) - 1:
            mask, m = self.signature[i]
            total = 0
            if sum(left) == m and all(mask >> p & 1 or not n for p, n in enumerate(left)):
                total = _FACT[m]
                for n in left:
                    total //= _FACT[n]
        else:
            total = sum(w for w, _ in self._splits(i, left))
        self._counts[key] = total
        return total

    def _splits(
        self, i: int, left: tuple[int, ...]
    ) -> list[tuple[int, tuple[tuple[int, int], ...]]]:
        """Every split of group ``i`` over its places, with its number of assignments."""
        mask, m = self.signature[i]
        places = [p for p in range(len(left)) if mask >> p & 1 and left[p]]
        out: list[tuple[int, tuple[tuple[int, int], ...]]] = []

        # The room left in the places after place k, to cut dead branches.
        room = [0] * (len(places) + 1)
        for k in range(len(places) - 1, -1, -1):
            room[k] = room[k + 1] + left[places[k]]

        def walk(k: int, rest: int, parts: list[tuple[int, int]]) -> None:
            if k == len(places) - 1 or rest == 0:
                if rest:
                    p = places[k]
                    if rest > left[p]:
                        return
                    parts = [*parts, (p, rest)]
                self.work += 1
                if self.work > self.budget:
                    raise _TooLargeError
                after = list(left)
                ways = _FACT[m]
                for p, n in parts:
                    after[p] -= n
                    ways //= _FACT[n]
                ways *= self.count(i + 1, tuple(after))
                if ways:
                    out.append((ways, tuple(parts)))
                return
            p = places[k]
            low = max(0, rest - room[k + 1])
            for n in range(min(rest, left[p]), low - 1, -1):
                walk(k + 1, rest - n, [*parts, (p, n)] if n else parts)

        if m > room[0]:
            return out
        if places:
            walk(0, m, [])
        return out

    def choose(
        self, i: int, left: tuple[int, ...], rng: random.Random
    ) -> tuple[tuple[int, int], ...]:
        """A split of group ``i``, drawn with the weight of its assignments."""
        if i == len(self.signature) - 1:
            # The last group fills every free seat left, in one way.
            return tuple((p, n) for p, n in enumerate(left) if n)
        key = (i, left)
        entry = self._choices.get(key)
        if entry is None:
            cumulative: list[int] = []
            splits: list[tuple[tuple[int, int], ...]] = []
            total = 0
            for ways, split in self._splits(i, left):
                total += ways
                cumulative.append(total)
                splits.append(split)
            entry = self._choices[key] = (cumulative, splits)
        cumulative, splits = entry
        if len(splits) == 1:
            return splits[0]
        return splits[bisect_right(cumulative, rng.randrange(cumulative[-1]))]


class _TooLargeError(Exception):
    """The exact counts would take too long to work out."""


# The splits the exact counts may try (some milliseconds); beyond, the weighted draw.
_BUDGET: Final = 3_000


@functools.lru_cache(maxsize=512)
def _plan(signature: tuple[tuple[int, int], ...], sizes: tuple[int, ...]) -> _Plan | None:
    plan = _Plan(signature, sizes)
    try:
        plan.count(0, sizes)
    except _TooLargeError:
        return None
    plan.budget = 1 << 62  # every count is known: the draws only look them up
    return plan


def _weighted(
    rng: random.Random, groups: list[tuple[int, list[T]]], sizes: tuple[int, ...]
) -> list[list[T]] | None:
    """One card at a time, the most constrained first, each to an allowed place with a
    chance in proportion to the room it has left; None at a dead end."""
    left = list(sizes)
    out: list[list[T]] = [[] for _ in sizes]
    cards = [(mask, card) for mask, group in groups for card in group]
    rng.shuffle(cards)
    cards.sort(key=lambda mc: mc[0].bit_count())
    for mask, card in cards:
        places = [p for p in range(len(left)) if mask >> p & 1 and left[p]]
        if not places:
            return None
        pick = rng.randrange(sum(left[p] for p in places))
        for p in places:
            pick -= left[p]
            if pick < 0:
                break
        out[p].append(card)
        left[p] -= 1
    return out


def sample_state(
    view: Any,
    rng: random.Random,
    places_of: Callable[[], tuple[Sequence[tuple[int, Sequence[T]]], Sequence[int], P]],
    replayed: Callable[[list[list[T]], P], S | None],
) -> S:
    """A state whose view is ``view``: hidden cards drawn by :func:`deal_hidden` among the
    places ``places_of()`` allows, then ``replayed(places, plan)`` through the rules,
    drawn again (so the draw stays uniform) while the replay fails or its view differs.

    Any failure to read the view becomes :class:`~cardrules.InconsistentViewError`.
    """
    if not isinstance(rng, random.Random):
        raise InvalidArgumentError(f"rng must be a random.Random, not {type(rng).__name__}")
    try:
        groups, sizes, plan = places_of()
        for _ in range(_REPLAYS):
            state = replayed(deal_hidden(rng, groups, sizes), plan)
            if state is not None and state.view(view.seat) == view:  # type: ignore[attr-defined]
                return state
    except InconsistentViewError:
        raise
    except (CardrulesError, TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        # A view edited by hand can break any reading of it: one error says so.
        raise InconsistentViewError(f"no deal matches this view: {exc}") from None
    raise InconsistentViewError(
        f"no deal matches this view: none of {_REPLAYS} consistent deals replays its "
        "history (a view changed by hand?)"
    )
