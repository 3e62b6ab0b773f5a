"""Micro-benchmarks of the generic core (a benchmark script, never a timed test).

Measures, on prepared random positions: the legal-card mask of a hand facing a trick
(``TrickTable.legal_mask``) for a Tarot-style and a Euchre-style declaration, the trick
winner, the Card-level ``legal_cards``, card parsing, the seeded shuffle, and
``State.apply`` of a legal card on built-in variant states.

Run:  python bench/core_bench.py            (about 20 s)
      python bench/core_bench.py --quick
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import timeit
from collections.abc import Callable
from typing import Any

import cardrules
from cardrules import EXCUSE, Card, Play, State, Suit, decks
from cardrules.tricks import TrickRules, TrickTable


def tarot_table() -> TrickTable:
    deck = decks.tarot_deck()
    return TrickRules(
        cards=deck,
        suit_of={c: ("T" if c.is_trump else c.suit) for c in deck},
        strength={c: int(c.rank) for c in deck},
        trump="T",
        must_trump=True,
        must_overtrump=True,
        always_playable={EXCUSE},
        exempt={EXCUSE},
    ).compile()


def euchre_table() -> TrickTable:
    deck = decks.euchre_deck()
    trump = Suit.HEARTS
    left = Card.parse("JD")

    def suit(c: Card) -> Suit | None:
        return trump if c is left else c.suit

    def strength(c: Card) -> int:
        if c is Card.parse("JH"):
            return 100
        if c is left:
            return 99
        return int(c.rank)

    return TrickRules(
        cards=deck,
        suit_of={c: suit(c) for c in deck},
        strength={c: strength(c) for c in deck},
        trump=trump,
    ).compile()


def positions(
    table: TrickTable, players: int, rng: random.Random, count: int = 256
) -> list[tuple[int, list[int]]]:
    out = []
    n = len(table.cards)
    hand_size = n // players
    while len(out) < count:
        order = list(range(n))
        rng.shuffle(order)
        trick_len = rng.randrange(1, players)
        trick = order[:trick_len]
        hand = sum(1 << i for i in order[trick_len : trick_len + hand_size])
        out.append((hand, trick))
    return out


def per_call(fn: Callable[[], object], number: int, repeat: int) -> float:
    times = timeit.repeat(fn, number=number, repeat=repeat)
    return statistics.median(times) / number * 1e6


def mid_trick_states(name: str, rng: random.Random, count: int = 64) -> list[State]:
    variant = cardrules.get_variant(name)
    out: list[State] = []
    while len(out) < count:
        state = variant.new_game(rng=rng)
        while not state.is_terminal:
            legal = state.legal_actions()
            if all(type(a) is Play for a in legal) and rng.random() < 0.1:
                out.append(state)
                break
            state = state.apply(rng.choice(legal))
    return out


def cycling(items: list[tuple[Any, ...]], fn: Callable[..., object]) -> Callable[[], object]:
    """A zero-argument callable that applies ``fn`` to the items in turn."""
    it = itertools.cycle(items)
    return lambda: fn(*next(it))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    number, repeat = (2_000, 3) if args.quick else (20_000, 7)
    rng = random.Random(2026)
    rows: list[tuple[str, float]] = []
    for label, table in (("tarot", tarot_table()), ("euchre", euchre_table())):
        pos = positions(table, 4, rng)
        cards_pos = [(table.cards_of(h), [table.cards[i] for i in t]) for h, t in pos]
        tricks = [(t,) for _, t in pos]
        rows += [
            (
                f"{label}: TrickTable.legal_mask",
                per_call(cycling(pos, table.legal_mask), number, repeat),
            ),
            (
                f"{label}: TrickTable.winner_position",
                per_call(cycling(tricks, table.winner_position), number, repeat),
            ),
            (
                f"{label}: TrickTable.legal_cards (Card lists)",
                per_call(cycling(cards_pos, table.legal_cards), number // 10, repeat),
            ),
        ]
    deck = decks.tarot_deck()
    rows += [
        ("Card.parse('QH')", per_call(lambda: Card.parse("QH"), number, repeat)),
        (
            "decks.shuffle(78 cards)",
            per_call(lambda: decks.shuffle(deck, rng), number // 20, repeat),
        ),
    ]
    for name in cardrules.variant_ids():
        plays = [(s, s.legal_actions()[0]) for s in mid_trick_states(name, rng)]
        rows += [
            (
                f"{name}: State.apply(legal card)",
                per_call(cycling(plays, State.apply), number, repeat),
            ),
            (
                f"{name}: State.is_legal(card)",
                per_call(cycling(plays, State.is_legal), number, repeat),
            ),
        ]
    width = max(len(r[0]) for r in rows)
    print(f"{'operation':{width}s}  us/call (median of {repeat})")
    for label, us in rows:
        print(f"{label:{width}s}  {us:8.3f}")


if __name__ == "__main__":
    main()
