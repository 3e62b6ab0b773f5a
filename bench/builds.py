"""The pure and the compiled build side by side, in one run (a benchmark, not a test).

Runs the workloads of ``bench/peers_adapter.py`` (full deals and hands through the
checked public API, the bulk playouts, ``legal_actions()``), plus the check of one legal
card and the memory a retained state holds, in two Python interpreters: one with the
pure build, one with the compiled build (``CARDRULES_COMPILE=1``). The two alternate,
one repeat each in turn, and the table gives the median rates and the median of the
per-repeat ratios, compiled over pure.

Run (each interpreter must import its build; the script checks ``cardrules.compiled``)::

    python -m venv /tmp/pure && /tmp/pure/bin/pip install .
    python -m venv /tmp/compiled && CARDRULES_COMPILE=1 /tmp/compiled/bin/pip install .
    python bench/builds.py --pure /tmp/pure/bin/python --compiled /tmp/compiled/bin/python

``--pure-path src`` runs the pure side on this tree's source (``PYTHONPATH``) instead.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

#: (adapter name, label, unit): per-call workloads are shown in µs, others per second.
WORKLOADS = (
    ("cardrules.tarot.deals", "Tarot deals (checked API)", "/s"),
    ("cardrules.tarot.bulk", "Tarot bulk playouts", "/s"),
    ("cardrules.tarot.legal", "Tarot legal_actions()", "us"),
    ("cardrules.tarot.check", "Tarot check of one card", "us"),
    ("cardrules.bid_euchre.hands", "Bid Euchre hands (checked API)", "/s"),
    ("cardrules.bid_euchre.bulk", "Bid Euchre bulk playouts", "/s"),
    ("cardrules.bid_euchre.legal", "Bid Euchre legal_actions()", "us"),
    ("cardrules.bid_euchre.check", "Bid Euchre check of one card", "us"),
)


def _check(variant_id: str, seed: int) -> Callable[[int], dict[str, int]]:
    """``state.check(card)`` of a legal card, on prepared mid-trick states."""
    import cardrules
    from cardrules import Play

    variant = cardrules.get_variant(variant_id)
    rng = random.Random(seed)
    pairs: list[tuple[Any, Any]] = []
    while len(pairs) < 256:
        state = variant.new_game(rng=rng)
        while not state.is_terminal:
            legal = state.legal_actions()
            if all(type(a) is Play for a in legal) and rng.random() < 0.2:
                pairs.append((state, rng.choice(legal)))
            state = state.apply(rng.choice(legal))
    del pairs[256:]
    mask = 255

    def run(n: int) -> dict[str, int]:
        pool = pairs
        for i in range(n):
            state, action = pool[i & mask]
            state.check(action)
        return {"units": n}

    return run


def _bytes_per_state(variant_id: str, seed: int) -> float:
    """The memory each state of random games holds while all are retained."""
    import cardrules

    variant = cardrules.get_variant(variant_id)
    rng = random.Random(seed)
    games = [variant.new_game(rng=rng) for _ in range(20)]
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept: list[Any] = []
    for first in games:
        state = first
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
            kept.append(state)
    used = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return used / len(kept)


def _rate(work: Callable[[int], dict[str, int]], seconds: float) -> float:
    """Units per second over at least ``seconds`` (the batch grows until it lasts)."""
    n = 1
    while True:
        start = time.perf_counter()
        work(n)
        took = time.perf_counter() - start
        if took >= seconds:
            return n / took
        n *= 2 if took < seconds / 4 else 4


def worker(seconds: float, seed: int) -> None:
    """One repeat of every workload in this interpreter; prints one JSON line."""
    sys.path.insert(0, str(HERE))
    import peers_adapter

    import cardrules

    loads = peers_adapter.workloads(seed)
    loads["cardrules.tarot.check"] = _check("tarot", seed)
    loads["cardrules.bid_euchre.check"] = _check("bid-euchre", seed)
    rates = {name: _rate(loads[name], seconds) for name, _, _ in WORKLOADS}
    memory = {
        "tarot": _bytes_per_state("tarot", seed),
        "bid-euchre": _bytes_per_state("bid-euchre", seed),
    }
    print(json.dumps({"compiled": cardrules.compiled, "rates": rates, "bytes": memory}))


def _run(python: str, env: dict[str, str], seconds: float, seed: int) -> dict[str, Any]:
    out = subprocess.run(
        [python, str(Path(__file__).resolve()), "--worker", str(seconds), "--seed", str(seed)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
        cwd="/",  # never this tree's src/ by accident
    ).stdout
    result: dict[str, Any] = json.loads(out.splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pure", default=sys.executable, help="Python with the pure build")
    parser.add_argument("--pure-path", help="run the pure side on this source folder")
    parser.add_argument("--compiled", required="--worker" not in sys.argv)
    parser.add_argument("--seconds", type=float, default=1.0, help="per workload and repeat")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--worker", type=float, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker is not None:
        worker(args.worker, args.seed)
        return

    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    pure_env = dict(env)
    if args.pure_path:
        pure_env["PYTHONPATH"] = str(Path(args.pure_path).resolve())
    runs: dict[str, list[dict[str, Any]]] = {"pure": [], "compiled": []}
    for i in range(args.repeats):
        order = [("pure", args.pure, pure_env), ("compiled", args.compiled, env)]
        for side, python, side_env in order if i % 2 == 0 else order[::-1]:
            result = _run(python, side_env, args.seconds, args.seed)
            if result["compiled"] is not (side == "compiled"):
                sys.exit(f"{python} does not run the {side} build (cardrules.compiled)")
            runs[side].append(result)

    print(f"# pure {args.pure} vs compiled {args.compiled}: {args.repeats} repeats")
    print(f"{'workload':34} {'pure':>12} {'compiled':>12} {'compiled/pure':>14}")
    for name, label, unit in WORKLOADS:
        pure = [r["rates"][name] for r in runs["pure"]]
        comp = [r["rates"][name] for r in runs["compiled"]]
        ratio = statistics.median(c / p for p, c in zip(pure, comp, strict=True))
        if unit == "us":
            shown = [f"{1e6 / statistics.median(x):.3f} us" for x in (pure, comp)]
        else:
            shown = [f"{statistics.median(x):,.0f}/s" for x in (pure, comp)]
        print(f"{label:34} {shown[0]:>12} {shown[1]:>12} {ratio:>13.2f}x")
    for game in ("tarot", "bid-euchre"):
        sizes = [statistics.median(r["bytes"][game] for r in runs[side]) for side in runs]
        label = f"bytes per retained {game} state"
        print(f"{label:34} {sizes[0]:>12,.0f} {sizes[1]:>12,.0f}")


if __name__ == "__main__":
    main()
