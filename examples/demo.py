"""Play one French Tarot deal between four random players and print how it went.

Run:  python examples/demo.py [SEED]

Every action goes through the checked public API: the players choose uniformly among
``state.legal_actions()``, and the deal ends with the score breakdown.
"""

from __future__ import annotations

import random
import sys

import cardrules


def main(seed: int) -> None:
    tarot = cardrules.get_variant("tarot")
    rng = random.Random(seed)
    state = tarot.new_game(rng=rng)
    print(f"French Tarot, 4 players, seed {seed}; seat {state.dealer} deals.")
    for seat in range(tarot.players):
        print(f"  seat {seat}: {' '.join(str(c) for c in state.hand(seat))}")
    while not state.is_terminal:
        actor = state.to_play
        action = rng.choice(state.legal_actions())
        print(f"seat {actor}: {action}")
        state = state.apply(action, actor)
    print()
    print(state.result().explain())


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2026)
