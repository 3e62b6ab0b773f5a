"""``cardrules simulate``: many deals between bots, and their statistics.

Deal ``i`` is dealt by seat ``i mod players`` and shuffled by
:func:`~cardrules.cli._common.deal_rng` ``(seed, i)``, which then drives the bots: every
deal is independent of the others, so the deals can be shared among worker processes
and the statistics are identical whatever the number of workers. Each deal is reduced
to a small record of facts (:func:`deal_facts`), and the facts are summed up in deal
order (:func:`summarise`).

>>> summary = simulate("bid-euchre", {}, deals=4, seed=1, bots=("random",) * 4)
>>> summary["hands"], len(summary["seats"])
(4, 4)
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Final, TextIO

from cardrules._util import quote
from cardrules.cli._common import (
    UsageError,
    add_variant_options,
    brief,
    build_variant,
    check_writable,
    deal_rng,
    max_workers,
    number,
    seed_of,
    write_text,
)
from cardrules.errors import UnknownVariantError
from cardrules.registry import get_variant_class
from cardrules.state import State, Variant

__all__ = [
    "MAX_SIMULATED_DEALS",
    "add_simulate_parser",
    "deal_facts",
    "report",
    "run",
    "simulate",
    "summarise",
]

MAX_SIMULATED_DEALS: Final = 1_000_000
"""The most deals one ``cardrules simulate`` run plays."""

_TAROT_CONTRACTS: Final = ("prise", "garde", "garde-sans", "garde-contre")
_POIGNEES: Final = ("simple", "double", "triple")
_CAMPS: Final = ("attack", "defence")


def deal_facts(final: State) -> dict[str, Any]:
    """The facts of a finished deal that the statistics need, as JSON values.

    Args:
        final: A terminal state.

    Returns:
        ``returns`` (each seat's score) and, for the built-in games, the contract and
        its outcome and the bonuses.
    """
    variant_id = final.variant.id
    facts: dict[str, Any] = {"returns": [float(x) for x in final.returns()]}
    if variant_id == "tarot":
        facts.update(_tarot_facts(final))
    elif variant_id == "bid-euchre":
        facts.update(_euchre_facts(final))
    return facts


def _tarot_facts(final: State) -> dict[str, Any]:
    result = final.result()
    if result.annulled is not None or result.facts is None:
        return {"annulled": result.annulled}
    f = result.facts
    return {
        "annulled": None,
        "contract": f.contract.code,
        "taker": f.taker,
        "partner": f.partner,
        "made": result.made,
        "points": float(f.points),
        "bouts": f.bouts,
        "petit_au_bout": None if f.petit_au_bout is None else str(f.petit_au_bout),
        "poignees": [str(p) for p in f.poignees],
        "chelem": None if f.chelem is None else str(f.chelem),
        "chelem_announced": f.chelem_announced,
    }


def _euchre_facts(final: State) -> dict[str, Any]:
    result = final.result()
    f = result.facts
    if f.contract is None:
        return {"void": f.void_reason}
    return {
        "void": None,
        "contract": str(f.contract),
        "rank": [f.contract.tricks, int(f.contract.kind)],
        "kind": f.contract.kind.name.lower(),
        "declarer": f.declarer,
        "made": result.made,
        "tricks": list(f.tricks),
        "reneges": len(f.reneges),
    }


def _one_deal(variant: Variant, kinds: Sequence[str], seed: int, index: int) -> dict[str, Any]:
    from cardrules.bots import bot_for, play_game

    rng = deal_rng(seed, index)
    state = variant.new_game(rng=rng, dealer=index % variant.players)
    # Fresh bots for every deal: a deal's play depends on nothing but its index.
    bots = [bot_for(variant.id, kind) for kind in kinds]
    return deal_facts(play_game(state, bots, rng))


def _run_chunk(job: tuple[str, dict[str, Any], tuple[str, ...], int, int, int]) -> list[Any]:
    variant_id, options, kinds, seed, start, stop = job
    variant = get_variant_class(variant_id).from_options_json(options)
    return [_one_deal(variant, kinds, seed, index) for index in range(start, stop)]


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


def simulate(
    variant_id: str,
    options: dict[str, Any],
    *,
    deals: int,
    seed: int,
    bots: Sequence[str],
    workers: int = 1,
    progress: TextIO | None = None,
) -> dict[str, Any]:
    """Play ``deals`` deals between bots and return their statistics.

    Args:
        variant_id: The variant's id.
        options: The variant's options as JSON values.
        deals: How many deals (Bid Euchre: hands) to play.
        seed: The seed of the whole run.
        bots: One bot kind per seat.
        workers: Worker processes, never more than one per deal; 1 plays in this
            process.
        progress: A stream for the progress bar, shown only if it is a terminal.

    Returns:
        The summary (see :func:`summarise`).
    """
    kinds = tuple(bots)
    workers = min(workers, deals)
    size = max(1, min(200, deals // max(1, workers * 8)))
    jobs = [
        (variant_id, options, kinds, seed, start, min(deals, start + size))
        for start in range(0, deals, size)
    ]
    bar = _Progress(deals, progress)
    chunks: list[list[Any]] = [[] for _ in jobs]
    if workers <= 1:
        for n, job in enumerate(jobs):
            chunks[n] = _run_chunk(job)
            bar.advance(len(chunks[n]))
    else:
        pool = ProcessPoolExecutor(max_workers=workers)
        try:
            futures: list[Future[list[Any]]] = [pool.submit(_run_chunk, job) for job in jobs]

            def done(future: Future[list[Any]]) -> None:
                if not future.cancelled() and future.exception() is None:
                    bar.advance(len(future.result()))

            for future in futures:
                future.add_done_callback(done)
            # Collected in deal order, whatever order the workers finish in.
            for n, future in enumerate(futures):
                chunks[n] = future.result()
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()
    facts = [f for chunk in chunks for f in chunk]
    players = get_variant_class(variant_id).from_options_json(options).players
    return summarise(variant_id, facts, players=players, bots=kinds)


def _stats(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "stdev": 0.0, "min": 0.0, "max": 0.0, "total": 0.0}
    return {
        "mean": statistics.fmean(values),
        "stdev": statistics.pstdev(values),
        "min": min(values),
        "max": max(values),
        "total": sum(values),
    }


def _rate(made: int, count: int) -> float | None:
    return made / count if count else None


def summarise(
    variant_id: str, facts: Sequence[dict[str, Any]], *, players: int, bots: Sequence[str]
) -> dict[str, Any]:
    """Sum up the facts of every deal, in deal order.

    Args:
        variant_id: The variant's id.
        facts: One :func:`deal_facts` per deal, in deal order.
        players: The number of seats.
        bots: The bot kind of each seat.

    Returns:
        JSON values: the per-seat score statistics (mean, population standard
        deviation, minimum, maximum, total), and per game the contracts with their
        success rates and the bonuses.
    """
    seats = [
        {"seat": seat, "bot": bots[seat], **_stats([f["returns"][seat] for f in facts])}
        for seat in range(players)
    ]
    if variant_id == "tarot":
        return {"deals": len(facts), **_tarot_summary(facts, players), "seats": seats}
    if variant_id == "bid-euchre":
        return {"hands": len(facts), **_euchre_summary(facts), "seats": seats}
    return {"deals": len(facts), "seats": seats}


def _tarot_summary(facts: Sequence[dict[str, Any]], players: int) -> dict[str, Any]:
    played = [f for f in facts if f["annulled"] is None]
    annulled = Counter(f["annulled"] for f in facts if f["annulled"] is not None)
    contracts = []
    for code in _TAROT_CONTRACTS:
        taken = [f for f in played if f["contract"] == code]
        made = sum(1 for f in taken if f["made"])
        contracts.append(
            {"contract": code, "count": len(taken), "made": made, "rate": _rate(made, len(taken))}
        )
    made = sum(1 for f in played if f["made"])
    takers = Counter(f["taker"] for f in played)
    return {
        "played": len(played),
        "annulled": {"all_pass": annulled["all_pass"], "petit_sec": annulled["petit_sec"]},
        "contracts": contracts,
        "made": made,
        "rate": _rate(made, len(played)),
        "takers": [takers[seat] for seat in range(players)],
        "slams": {
            "attack": sum(1 for f in played if f["chelem"] == "attack"),
            "defence": sum(1 for f in played if f["chelem"] == "defence"),
            "announced": sum(1 for f in played if f["chelem_announced"]),
        },
        "petit_au_bout": {
            camp: sum(1 for f in played if f["petit_au_bout"] == camp) for camp in _CAMPS
        },
        "poignees": {level: sum(f["poignees"].count(level) for f in played) for level in _POIGNEES},
    }


def _euchre_summary(facts: Sequence[dict[str, Any]]) -> dict[str, Any]:
    played = [f for f in facts if f["void"] is None]
    void = Counter(f["void"] for f in facts if f["void"] is not None)
    ranks = sorted({(tuple(f["rank"]), f["contract"]) for f in played})
    bids = []
    for _, contract in ranks:
        declared = [f for f in played if f["contract"] == contract]
        made = sum(1 for f in declared if f["made"])
        bids.append(
            {
                "contract": contract,
                "count": len(declared),
                "made": made,
                "rate": _rate(made, len(declared)),
            }
        )
    made = sum(1 for f in played if f["made"])
    declarers = Counter(f["declarer"] for f in played)

    def lone(kind: str) -> dict[str, Any]:
        bid = [f for f in played if f["kind"] == kind]
        won = sum(1 for f in bid if f["made"])
        return {"bid": len(bid), "made": won, "rate": _rate(won, len(bid))}

    teams = [
        {"team": name, **_stats([f["returns"][team] for f in facts])}
        for team, name in enumerate(("NS", "EW"))
    ]
    return {
        "played": len(played),
        "thrown_in": {"all_pass": void["all_pass"], "ace_no_face": void["ace_no_face"]},
        "bids": bids,
        "made": made,
        "rate": _rate(made, len(played)),
        "moons": lone("moon"),
        "help": lone("help"),
        "declarers": [declarers[seat] for seat in range(4)],
        "reneges": sum(f["reneges"] for f in played),
        "teams": teams,
    }


def _percent(rate: float | None) -> str:
    return "-" if rate is None else f"{100 * rate:.1f}%"


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


def report(variant_id: str, summary: dict[str, Any], *, seed: int) -> list[str]:
    """The summary as lines of text for people.

    Args:
        variant_id: The variant's id.
        summary: What :func:`simulate` returned.
        seed: The run's seed (printed so that the run can be repeated).

    Returns:
        The lines.
    """
    if variant_id == "bid-euchre":
        return _euchre_report(summary, seed)
    if variant_id == "tarot":
        return _tarot_report(summary, seed)
    names = [str(row["seat"]) for row in summary["seats"]]
    return [
        f"{summary['deals']} deals, seed {seed}",
        "Scores per deal:",
        *_seat_table(summary, names),
    ]


def _tarot_report(s: dict[str, Any], seed: int) -> list[str]:
    annulled = s["annulled"]
    lines = [
        f"French Tarot: {s['deals']} deals, seed {seed}",
        (
            f"Played: {s['played']}; annulled: {annulled['all_pass']} all passed, "
            f"{annulled['petit_sec']} petit sec"
        ),
        f"Contracts made: {s['made']} of {s['played']} ({_percent(s['rate'])})",
        "Contracts:",
        *(
            f"  {row['contract']:<13} {row['count']:>7} taken  {row['made']:>7} made  "
            f"{_percent(row['rate']):>7}"
            for row in s["contracts"]
        ),
    ]
    lines.append("Takers: " + ", ".join(f"seat {n}: {c}" for n, c in enumerate(s["takers"])))
    slams, pab, poignees = s["slams"], s["petit_au_bout"], s["poignees"]
    lines += [
        (
            f"Slams: {slams['attack']} by the attack, {slams['defence']} by the defence, "
            f"{slams['announced']} announced"
        ),
        f"Petit au bout: {pab['attack']} to the attack, {pab['defence']} to the defence",
        (
            f"Poignées: {poignees['simple']} simple, {poignees['double']} double, "
            f"{poignees['triple']} triple"
        ),
        "Scores per deal:",
        *_seat_table(s, [str(n) for n in range(len(s["seats"]))]),
    ]
    return lines


def _euchre_report(s: dict[str, Any], seed: int) -> list[str]:
    void = s["thrown_in"]
    lines = [
        f"Bid Euchre: {s['hands']} hands, seed {seed}",
        (
            f"Played: {s['played']}; thrown in: {void['all_pass']} all passed, "
            f"{void['ace_no_face']} ace no face"
        ),
        f"Contracts made: {s['made']} of {s['played']} ({_percent(s['rate'])})",
        "Bids won:",
        *(
            f"  {row['contract']:<5} {row['count']:>7} declared  {row['made']:>7} made  "
            f"{_percent(row['rate']):>7}"
            for row in s["bids"]
        ),
    ]
    moons, help_bids = s["moons"], s["help"]
    lines += [
        f"Moons: {moons['made']} made of {moons['bid']} ({_percent(moons['rate'])})",
        (
            f"Help bids: {help_bids['made']} made of {help_bids['bid']} "
            f"({_percent(help_bids['rate'])})"
        ),
        "Declarers: " + ", ".join(f"{'NESW'[n]}: {c}" for n, c in enumerate(s["declarers"])),
        f"Reneges: {s['reneges']}",
        "Points per hand:",
        *_seat_table(s, list("NESW")),
    ]
    for team in s["teams"]:
        lines.append(f"  team {team['team']}: mean {team['mean']:.2f}, stdev {team['stdev']:.2f}")
    return lines


def run(
    variant: Variant,
    *,
    deals: int,
    seed: int,
    bots: Sequence[str],
    workers: int,
    out: TextIO,
    err: TextIO | None = None,
) -> dict[str, Any]:
    """Simulate, print the report to ``out`` and the timing to ``err`` (default: stderr).

    Returns:
        The summary, with the variant, its options, the seed and the bots.
    """
    workers = min(workers, deals)
    # Looked up now, not when the module was imported: callers may redirect stderr.
    err = sys.stderr if err is None else err
    start = time.perf_counter()
    summary = simulate(
        variant.id,
        variant.options_json(),
        deals=deals,
        seed=seed,
        bots=bots,
        workers=workers,
        progress=err,
    )
    elapsed = time.perf_counter() - start
    for line in report(variant.id, summary, seed=seed):
        print(line, file=out)
    rate = deals / elapsed if elapsed > 0 else 0.0
    print(
        f"{deals} deals in {elapsed:.2f} s ({rate:.0f} per second) with {workers} process(es)",
        file=err,
    )
    return {
        "variant": variant.id,
        "options": variant.options_json(),
        "seed": seed,
        "bots": list(bots),
        "summary": summary,
    }


def add_simulate_parser(sub: Any) -> None:
    """Add the ``simulate`` command to the subparsers ``sub`` of the ``cardrules`` command."""
    simulate = sub.add_parser(
        "simulate",
        help="play many deals between bots and print statistics",
        description=(
            "Play N deals (Bid Euchre: hands) between bots and print the contracts, their "
            "success rates, the bonuses, and each seat's average score and spread. Deal i "
            "is seeded from the seed and i alone, so the results are the same whatever the "
            "number of workers."
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
        default=1,
        metavar="K",
        help=f"worker processes (1), at most {most} here (2 per CPU) and one per deal",
    )
    simulate.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    add_variant_options(simulate)
    simulate.set_defaults(run=_command)


def _command(args: argparse.Namespace) -> int:
    from cardrules.bots import BOT_KINDS, bot_for

    variant = build_variant(args.variant, args)
    kinds = [kind.strip() for kind in args.bots.split(",")]
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
            bot_for(variant.id, kind)
        except UnknownVariantError as exc:
            raise UsageError(f"{exc}; for example --bots random") from None
    if args.json is not None:
        check_writable(args.json)
    results = run(
        variant,
        deals=args.deals,
        seed=seed_of(args),
        bots=kinds,
        workers=args.workers,
        out=sys.stdout,
    )
    if args.json is not None:
        write_text(args.json, json.dumps(results, indent=2, sort_keys=True) + "\n")
        print(f"Wrote the results to {brief(args.json)}.", file=sys.stderr)
    return 0
