"""``cardrules simulate``: the command over :func:`~cardrules.simulate`.

The statistics are printed for people (:func:`report`), and written as JSON with
``--json FILE`` and as an HTML page of charts with ``--report FILE``. With ``--json -``
the JSON goes to standard output and the report for people to standard error, so that
the output can be piped into another program.

>>> from cardrules.simulation import simulate
>>> run = simulate("bid-euchre", deals=4, seed=1, bots="random")
>>> report("bid-euchre", run.summary, seed=1)[0]
'Bid Euchre: 4 hands, seed 1'
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import Any, Final, TextIO

from cardrules._report import statistic_lines, team_lines
from cardrules._util import quote
from cardrules.cli._common import (
    UsageError,
    add_variant_options,
    brief,
    build_variant,
    check_writable,
    max_workers,
    number,
    seed_of,
    sigterm_raises,
    write_text,
)
from cardrules.errors import CardrulesError, UnknownVariantError
from cardrules.registry import get_variant_class
from cardrules.simulation import BACKENDS, Simulation, declaration, simulate
from cardrules.state import Variant

__all__ = [
    "MAX_SIMULATED_DEALS",
    "add_simulate_parser",
    "report",
    "run",
]

MAX_SIMULATED_DEALS: Final = 1_000_000
"""The most deals one ``cardrules simulate`` run plays."""


class _Progress:
    """A progress bar on a terminal; silent otherwise."""

    def __init__(self, total: int, stream: TextIO | None) -> None:
        self.total = total
        self.stream = stream if stream is not None and stream.isatty() else None
        self.done = 0

    def advance(self, count: int) -> None:
        self.done += count
        if self.stream is None:
            return
        filled = 30 * self.done // max(1, self.total)
        bar = "#" * filled + "." * (30 - filled)
        self.stream.write(f"\r  [{bar}] {self.done}/{self.total} deals")
        if self.done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


def _seat_table(summary: dict[str, Any], names: Sequence[str]) -> list[str]:
    header = f"  {'seat':<6} {'bot':<10} {'mean':>9} {'stdev':>9} {'min':>8} {'max':>8}"
    return [
        header,
        *(
            f"  {names[row['seat']]:<6} {row['bot']:<10} {row['mean']:>9.2f} "
            f"{row['stdev']:>9.2f} {row['min']:>8g} {row['max']:>8g}"
            for row in summary["seats"]
        ),
    ]


def report(variant: Variant | str, summary: dict[str, Any], *, seed: int) -> list[str]:
    """The summary as lines of text for people: the game's declared statistics, then
    each seat's score (and each team's).

    Args:
        variant: The variant, or its id.
        summary: A run's statistics (:attr:`~cardrules.Simulation.summary`).
        seed: The run's seed (printed so that the run can be repeated).

    Returns:
        The lines.
    """
    info = declaration(variant, len(summary["seats"]))
    name = variant.name if isinstance(variant, Variant) else _name_of(variant)
    count = f"{summary.get(info.deals_word, 0)} {info.deals_word}, seed {seed}"
    names = [*info.seat_names, *(str(n) for n in range(info.players, len(summary["seats"])))]
    return [
        f"{name}: {count}" if name else count,
        *statistic_lines(info, summary),
        f"Scores per {info.deal_word}:",
        *_seat_table(summary, names),
        *team_lines(info, summary),
    ]


def _name_of(variant_id: str) -> str:
    try:
        return get_variant_class(variant_id).name
    except CardrulesError:
        return ""


def run(
    variant: Variant,
    *,
    deals: int,
    seed: int,
    bots: Sequence[str],
    workers: int | None,
    out: TextIO,
    backend: str = "local",
    address: str | None = None,
) -> Simulation:
    """Simulate, print the report to ``out`` and the progress and timing to stderr.

    Returns:
        The run.
    """
    # Looked up now, not when the module was imported: callers may redirect stderr.
    err = sys.stderr
    bar = _Progress(deals, err)
    start = time.perf_counter()
    result = simulate(
        variant,
        deals=deals,
        seed=seed,
        bots=bots,
        workers=workers,
        backend="ray" if backend == "ray" else "local",
        address=address,
        progress=bar.advance,
    )
    elapsed = time.perf_counter() - start
    for line in report(variant, result.summary, seed=seed):
        print(line, file=out)
    rate = deals / elapsed if elapsed > 0 else 0.0
    if backend == "ray":
        jobs = "1 job" if workers == 1 else f"{workers} jobs"
        how = "on Ray" if workers is None else f"on Ray, at most {jobs} at a time"
    else:
        how = f"with {min(workers or 1, deals)} process(es)"
    print(f"{deals} deals in {elapsed:.2f} s ({rate:.0f} per second) {how}", file=err)
    return result


def add_simulate_parser(sub: Any) -> None:
    """Add the ``simulate`` command to the subparsers ``sub`` of the ``cardrules`` command."""
    simulate = sub.add_parser(
        "simulate",
        help="play many deals between bots and print statistics",
        description=(
            "Play N deals (Bid Euchre: hands) between bots and print the contracts, their "
            "success rates, the bonuses, and each seat's average score and spread. Deal i "
            "is seeded from the seed and i alone, so the results are the same whatever the "
            "number of workers, here or on a Ray cluster. --report FILE.html draws them."
        ),
    )
    simulate.add_argument("variant", metavar="VARIANT", help="tarot, bid-euchre, or a plugin's id")
    simulate.add_argument(
        "--deals",
        type=number(low=1, high=MAX_SIMULATED_DEALS),
        required=True,
        metavar="N",
        help=f"how many deals to play, at most {MAX_SIMULATED_DEALS:,}",
    )
    simulate.add_argument("--seed", type=number(), help="the run's seed (default: random)")
    simulate.add_argument(
        "--bots",
        default="heuristic",
        metavar="KIND,…",
        help="one bot kind per seat, heuristic or random; one kind for every seat",
    )
    most = max_workers()
    simulate.add_argument(
        "--workers",
        type=number(low=1, high=most, note=" (2 per CPU of this machine)"),
        metavar="K",
        help=(
            f"worker processes (default 1), at most {most} here (2 per CPU) and one per "
            "deal; with --backend ray, the most Ray jobs at a time (default: every CPU "
            "of the cluster)"
        ),
    )
    simulate.add_argument(
        "--backend",
        choices=BACKENDS,
        default="local",
        help="play on processes of this machine (local), or on Ray: pip install 'cardrules[ray]'",
    )
    simulate.add_argument(
        "--address",
        metavar="ADDRESS",
        help="with --backend ray: a running Ray cluster (auto, ray://HOST:10001); "
        "default: start a Ray on this machine for the run",
    )
    simulate.add_argument(
        "--json",
        metavar="FILE",
        help="also write the results as JSON; - for standard output (the report then "
        "goes to standard error)",
    )
    simulate.add_argument(
        "--report",
        metavar="FILE.html",
        help="also write an HTML page of charts (needs no other file, nor a script)",
    )
    add_variant_options(simulate)
    simulate.set_defaults(run=_command)


def _bot_kinds(text: str, variant: Variant) -> list[str]:
    from cardrules.bots import BOT_KINDS, bot_for

    kinds = [kind.strip() for kind in text.split(",")]
    if len(kinds) == 1:
        kinds *= variant.players
    if len(kinds) != variant.players:
        raise UsageError(
            f"--bots names {len(kinds)} bots; {variant.name} has {variant.players} seats"
        )
    for kind in kinds:
        if kind not in BOT_KINDS:
            raise UsageError(f"unknown bot kind {quote(kind)}: choose from {', '.join(BOT_KINDS)}")
        try:
            bot_for(variant, kind)
        except UnknownVariantError as exc:
            raise UsageError(f"{exc}; for example --bots random") from None
    return kinds


def _command(args: argparse.Namespace) -> int:
    variant = build_variant(args.variant, args)
    kinds = _bot_kinds(args.bots, variant)
    if args.address is not None and args.backend != "ray":
        raise UsageError("--address is the address of a Ray cluster: give it with --backend ray")
    for path in (args.json, args.report):
        if path is not None:
            check_writable(path)
    if args.report == "-":
        raise UsageError("--report needs a file name, not -")
    to_stdout = args.json == "-"
    # SIGTERM stops the run like Ctrl-C: its worker processes are ended with it.
    with sigterm_raises():
        result = run(
            variant,
            deals=args.deals,
            seed=seed_of(args),
            bots=kinds,
            workers=args.workers,
            out=sys.stderr if to_stdout else sys.stdout,
            backend=args.backend,
            address=args.address,
        )
    if args.json is not None:
        text = json.dumps(result.to_dict(), indent=2, sort_keys=True) + "\n"
        if to_stdout:
            sys.stdout.write(text)
        else:
            write_text(args.json, text)
            print(f"Wrote the results to {brief(args.json)}.", file=sys.stderr)
    if args.report is not None:
        write_text(args.report, result.to_html())
        print(f"Wrote the report to {brief(args.report)}.", file=sys.stderr)
    return 0
