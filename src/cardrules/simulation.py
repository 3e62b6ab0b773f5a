"""Many deals between bots, and their statistics: the function behind ``cardrules simulate``.

:func:`~cardrules.simulate` plays deals between the built-in bots and returns a
:class:`~cardrules.Simulation`: the statistics every player or bot author asks for (each
seat's score, its spread and distribution, and the statistics the game declares: the
contracts chosen and made, the bonuses), as JSON values. What a game sums up is its
declaration (:attr:`GameInfo.statistics <cardrules.info.GameInfo.statistics>`), read
from :meth:`Variant.deal_statistics <cardrules.Variant.deal_statistics>` deal by deal:
nothing here names a game, and a plugin's statistics are summed up like the built-ins'.

Deal ``i`` is dealt by seat ``i mod players`` and shuffled by a generator seeded from the
run's seed and ``i`` alone, which then drives the bots: every deal is independent of the
others, so the deals can be shared among worker processes, or the machines of a Ray
cluster, and the statistics are the same whatever the number of workers and wherever
they ran. Each deal is reduced to a small record of facts
(:func:`~cardrules.simulation.deal_facts`), and the facts are summed up in deal order
(:func:`~cardrules.simulation.summarise`).

>>> from cardrules.simulation import simulate
>>> run = simulate("bid-euchre", deals=4, seed=1, bots="random")
>>> run.summary["hands"], len(run.summary["seats"])
(4, 4)
>>> run == simulate("bid-euchre", deals=4, seed=1, bots="random", workers=2)
True
"""

from __future__ import annotations

import contextlib
import importlib
import math
import os
import signal
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal

import attrs

from cardrules._util import quote
from cardrules.errors import CardrulesError, InvalidArgumentError
from cardrules.info import GameInfo, Statistic
from cardrules.registry import get_variant, get_variant_class
from cardrules.state import State, Variant

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor
    from types import FrameType
    from typing import TypeAlias

    # What signal.getsignal() returns.
    _Handler: TypeAlias = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None

__all__ = [
    "BACKENDS",
    "BackendError",
    "Simulation",
    "deal_facts",
    "declaration",
    "simulate",
    "summarise",
]

BACKENDS: Final = ("local", "ray")
"""Where :func:`~cardrules.simulate` plays the deals: processes of this machine, or Ray."""

_CHUNK: Final = 200  # the most deals one job plays: small enough to spread, big enough to pay
_SEED_LIMIT: Final = 10**100
_STOP_TIMEOUT: Final = 10.0  # seconds for killed workers to be gone: at once, unless stuck in I/O


class BackendError(CardrulesError, RuntimeError):
    """The backend asked for cannot run: Ray is not installed, cannot be started or
    reached, or lost a job; or a worker process of this machine died.

    >>> issubclass(BackendError, CardrulesError)
    True
    """


@attrs.frozen(eq=True, hash=False, repr=False)
class Simulation:
    """What :func:`~cardrules.simulate` found: the run's settings and its statistics.

    Two runs with the same variant, options, seed, bots and number of deals are equal,
    however many workers played them and on which backend. It holds dictionaries, so it
    is not hashable.

    Attributes:
        variant: The variant's id.
        options: The variant's options as JSON values (``variant.options_json()``).
        seed: The run's seed.
        bots: The bot kind of each seat.
        summary: The statistics, as JSON values
            (see :func:`~cardrules.simulation.summarise`).
        info: The game's declaration (seat names, the word for a deal, the statistics),
            which the reports read; not part of the run's value. ``None`` for a run
            built by hand: the reports then ask the registry for the variant.

    >>> run = simulate("bid-euchre", deals=20, seed=2, bots="random")
    >>> run.deals, run.seed, run.summary["played"], run.summary["thrown_in"]
    (20, 2, 20, {'all_pass': 0, 'ace_no_face': 0})
    >>> run == simulate("bid-euchre", deals=20, seed=2, bots="random", workers=2)
    True
    """

    variant: str
    options: dict[str, Any]
    seed: int
    bots: tuple[str, ...]
    summary: dict[str, Any]
    info: GameInfo | None = attrs.field(default=None, eq=False, kw_only=True)

    def __repr__(self) -> str:
        """The run's settings, without its statistics.

        >>> simulate("bid-euchre", deals=3, seed=2, bots="random")
        Simulation('bid-euchre', deals=3, seed=2, bots=('random', 'random', 'random', 'random'))
        """
        settings = f"deals={self.deals}, seed={self.seed}, bots={self.bots!r}"
        return f"Simulation({self.variant!r}, {settings})"

    @property
    def deals(self) -> int:
        """The number of deals played (of hands, in Bid Euchre)."""
        count: int = self.summary[self.game_info().deals_word]
        return count

    def game_info(self) -> GameInfo:
        """The game's declaration: :attr:`info`, else the registered variant's of these
        options, else a plain one (seats by number, deals) for an unknown variant."""
        if self.info is not None:
            return self.info
        return declaration(self.variant, len(self.bots), self.options)

    def to_dict(self) -> dict[str, Any]:
        """The run as JSON values: ``variant``, ``options``, ``seed``, ``bots``, ``summary``.

        >>> import json
        >>> run = simulate("tarot", deals=2, seed=3, bots="random")
        >>> sorted(json.loads(json.dumps(run.to_dict())))
        ['bots', 'options', 'seed', 'summary', 'variant']
        """
        return {
            "variant": self.variant,
            "options": dict(self.options),
            "seed": self.seed,
            "bots": list(self.bots),
            "summary": self.summary,
        }

    def charts(self) -> dict[str, str]:
        """The run's charts as SVG documents, by name: each seat's score distribution
        (``scores-0``, ``scores-1`` …), and for the built-in games the contracts chosen
        and made (``contracts``; Bid Euchre: the bids won, made and set, ``bids``).

        >>> run = simulate("bid-euchre", deals=20, seed=1, bots="heuristic")
        >>> sorted(run.charts())
        ['bids', 'scores-0', 'scores-1', 'scores-2', 'scores-3']
        """
        from cardrules._report import charts

        return charts(self)

    def to_html(self) -> str:
        """A self-contained HTML page of the run: its settings, its charts as inline SVG
        and its tables. It needs no other file, no script and no network.

        >>> page = simulate("tarot", deals=5, seed=2, bots="random").to_html()
        >>> page.startswith("<!DOCTYPE html>"), page.count("<svg")
        (True, 5)
        """
        from cardrules._report import html_page

        return html_page(self)


def deal_facts(final: State) -> dict[str, Any]:
    """The facts of a finished deal that the statistics need, as JSON values.

    Args:
        final: A terminal state.

    Returns:
        ``returns`` (each seat's score) and the facts the game's declared statistics
        read (:meth:`Variant.deal_statistics <cardrules.Variant.deal_statistics>`): for
        the built-in games the contract and its outcome and the bonuses.

    >>> import random
    >>> import cardrules
    >>> from cardrules.testing import random_playout
    >>> final = random_playout(cardrules.get_variant("tarot").new_game(seed=7), random.Random(1))
    >>> facts = deal_facts(final)
    >>> facts["returns"], facts["contract"], facts["taker"], facts["made"], facts["points"]
    ([156.0, 156.0, 156.0, -468.0], 'garde-sans', 3, False, 37.0)
    """
    return {
        "returns": [float(x) for x in final.returns()],
        **final.variant.deal_statistics(final),
    }


def declaration(
    variant: Variant | str, players: int, options: dict[str, Any] | None = None
) -> GameInfo:
    """The declaration of ``variant`` (a variant, or a variant's id with its options as
    JSON values), or a plain one for ``players`` seats when no registered variant has
    that id or takes those options: the statistics of a run are summed up and shown
    whatever its variant.

    >>> declaration("toy", 2).seat_names, declaration("bid-euchre", 4).deal_word
    (('0', '1'), 'hand')
    """
    if isinstance(variant, Variant):
        return variant.info
    try:
        cls = get_variant_class(variant)
        built = cls() if options is None else cls.from_options_json(options)
        return built.info
    except CardrulesError:
        return GameInfo(players=max(1, players), num_actions=1)


_Job = tuple[str, dict[str, Any], tuple[str, ...], int, int, int]


def _run_chunk(job: _Job) -> list[dict[str, Any]]:
    """Play deals ``start`` to ``stop - 1`` of a run: one job of a worker."""
    from cardrules.bots import bot_for, play_game
    from cardrules.cli._common import deal_rng

    variant_id, options, kinds, seed, start, stop = job
    variant = get_variant_class(variant_id).from_options_json(options)
    facts = []
    for index in range(start, stop):
        rng = deal_rng(seed, index)
        state = variant.new_game(rng=rng, dealer=index % variant.players)
        # Fresh bots for every deal: a deal's play depends on nothing but its index.
        bots = [bot_for(variant, kind) for kind in kinds]
        facts.append(deal_facts(play_game(state, bots, rng)))
    return facts


def _jobs(
    variant: Variant, kinds: tuple[str, ...], seed: int, deals: int, workers: int
) -> list[_Job]:
    # About 8 jobs per worker, so that a slow job does not leave the others idle.
    size = max(1, min(_CHUNK, deals // max(1, workers * 8)))
    options = variant.options_json()
    return [
        (variant.id, options, kinds, seed, start, min(deals, start + size))
        for start in range(0, deals, size)
    ]


def _whole(name: str, value: object, low: int, high: int | None = None, note: str = "") -> int:
    if type(value) is not int or value < low or (high is not None and value > high):
        wanted = f"of at least {low}" if high is None else f"from {low} to {high}{note}"
        raise InvalidArgumentError(f"{name} must be a whole number {wanted}, not {quote(value)}")
    return value


def _variant(variant: Variant | str, options: dict[str, Any]) -> Variant:
    if isinstance(variant, Variant):
        if options:
            raise InvalidArgumentError(
                f"give the options with the variant's id, not with a {type(variant).__name__}: "
                f"{', '.join(sorted(options))}"
            )
        return variant
    if not isinstance(variant, str):
        raise InvalidArgumentError(
            f"variant must be a Variant or a variant's id, not {type(variant).__name__}"
        )
    return get_variant(variant, **options)


def _kinds(variant: Variant, bots: str | Sequence[str]) -> tuple[str, ...]:
    from cardrules.bots import bot_for

    kinds = (bots,) * variant.players if isinstance(bots, str) else tuple(bots)
    if not all(isinstance(kind, str) for kind in kinds):
        raise InvalidArgumentError("bots must be a bot kind, or one bot kind per seat")
    if len(kinds) != variant.players:
        raise InvalidArgumentError(
            f"bots names {len(kinds)} bots; {variant.name} has {variant.players} seats"
        )
    for kind in set(kinds):
        bot_for(variant, kind)  # raises OptionsError or UnknownVariantError
    return kinds


def simulate(
    variant: Variant | str,
    *,
    deals: int,
    seed: int,
    bots: str | Sequence[str] = "heuristic",
    workers: int | None = None,
    backend: Literal["local", "ray"] = "local",
    address: str | None = None,
    progress: Callable[[int], object] | None = None,
    **options: Any,
) -> Simulation:
    """Play ``deals`` deals between bots and return their statistics.

    Deal ``i`` is played from ``seed`` and ``i`` alone, so the result is the same for any
    ``workers`` and ``backend``.

    Args:
        variant: A variant, or a variant's id with its options as keyword arguments
            (``simulate("tarot", players=5, ...)``).
        deals: How many deals (Bid Euchre: hands) to play, at least 1.
        seed: The seed of the whole run, a whole number of at most 100 digits.
        bots: A bot kind for every seat (``"heuristic"``, ``"random"``), or one per seat.
        workers: ``"local"``: worker processes of this machine, at most 2 per CPU, and
            never more than one per deal (default 1: play in this process). ``"ray"``:
            the most Ray jobs at a time (default: every CPU of the Ray cluster).
        backend: ``"local"`` or ``"ray"`` (needs ``pip install 'cardrules[ray]'``).
        address: ``"ray"`` only: the address of a running Ray cluster (``"auto"``,
            ``"ray://host:10001"``). Without it, a Ray of this machine is started
            for the run, with ``workers`` CPUs, and stopped after it. If this process is
            already connected to Ray (``ray.init()``), that connection is used and kept.
        progress: Called with the number of deals just finished, as they finish.
        **options: The variant's options, when ``variant`` is an id.

    Returns:
        The :class:`~cardrules.Simulation`.

    Raises:
        UnknownVariantError: no variant has that id, or it has no heuristic bot.
        OptionsError: bad options, or an unknown bot kind.
        InvalidArgumentError: a bad number of deals, workers or bots, an unknown backend,
            or an address without Ray.
        BackendError: Ray is not installed, or cannot be reached, or a job or a worker
            process was lost.
        KeyboardInterrupt: Ctrl-C; the worker processes have been ended (Ray: the jobs
            in flight cancelled) when it reaches the caller.

    >>> run = simulate("tarot", players=3, deals=10, seed=7, bots=["heuristic", "random", "random"])
    >>> run.summary["deals"], [seat["bot"] for seat in run.summary["seats"]]
    (10, ['heuristic', 'random', 'random'])
    """
    the_variant = _variant(variant, options)
    deals = _whole("deals", deals, 1)
    if type(seed) is not int or abs(seed) >= _SEED_LIMIT:
        raise InvalidArgumentError(
            f"seed must be a whole number of at most 100 digits, not {quote(seed)}"
        )
    if workers is not None and backend == "local":
        # Processes of this machine: more than 2 per CPU only slow the run down.
        most = 2 * (os.cpu_count() or 1)
        workers = _whole("workers", workers, 1, most, " (2 per CPU of this machine)")
    elif workers is not None:
        workers = _whole("workers", workers, 1)
    if backend not in BACKENDS:
        raise InvalidArgumentError(
            f"unknown backend {quote(str(backend))}: choose from {', '.join(BACKENDS)}"
        )
    if address is not None and backend != "ray":
        raise InvalidArgumentError(
            "address is the address of a Ray cluster: give it with backend='ray'"
        )
    kinds = _kinds(the_variant, bots)
    report = progress if progress is not None else _ignore
    if backend == "ray":
        chunks = _on_ray(the_variant, kinds, seed, deals, workers, address, report)
    else:
        chunks = _on_this_machine(the_variant, kinds, seed, deals, workers or 1, report)
    facts = [f for chunk in chunks for f in chunk]
    return Simulation(
        variant=the_variant.id,
        options=the_variant.options_json(),
        seed=seed,
        bots=kinds,
        summary=summarise(the_variant, facts, players=the_variant.players, bots=kinds),
        info=the_variant.info,
    )


def _ignore(count: int) -> None:
    """No progress to show."""


def _on_this_machine(
    variant: Variant,
    kinds: tuple[str, ...],
    seed: int,
    deals: int,
    workers: int,
    progress: Callable[[int], object],
) -> list[list[dict[str, Any]]]:
    workers = min(workers, deals)
    jobs = _jobs(variant, kinds, seed, deals, workers)
    chunks: list[list[dict[str, Any]]] = []
    if workers <= 1:
        for job in jobs:
            chunks.append(_run_chunk(job))
            progress(len(chunks[-1]))
        return chunks
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    pool = ProcessPoolExecutor(max_workers=workers, initializer=_start_worker)
    try:
        futures = [pool.submit(_run_chunk, job) for job in jobs]

        def done(future: Future[list[dict[str, Any]]]) -> None:
            if not future.cancelled() and future.exception() is None:
                progress(len(future.result()))

        for future in futures:
            future.add_done_callback(done)
        # Collected in deal order, whatever order the workers finish in.
        chunks = [future.result() for future in futures]
    except BrokenProcessPool as exc:
        _stop_workers(pool)
        raise BackendError(f"a worker process of the run died: {exc}") from None
    except BaseException:
        # Ctrl-C, SIGTERM made an exception by the command, or a job's own error.
        _stop_workers(pool)
        raise
    pool.shutdown()
    return chunks


def _start_worker() -> None:
    """Make a worker process of :func:`_on_this_machine` leave the stopping to the caller.

    Ctrl-C at a terminal reaches every process of the foreground group: the workers
    ignore it, and the caller, interrupted, ends them (a worker interrupted on its own
    would print a traceback, or fail one job and go on with the next). A worker also
    ends when the caller's process does, however it ended (SIGKILL, a SIGTERM not
    handled): nothing else would tell it, and it would wait for jobs forever.
    """
    import multiprocessing

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None and parent.sentinel is not None:
        threading.Thread(
            target=_exit_with, args=(parent.sentinel,), name="cardrules-parent", daemon=True
        ).start()


def _exit_with(sentinel: int) -> None:
    """End this worker process when the process behind ``sentinel`` has ended."""
    from multiprocessing.connection import wait

    wait([sentinel])
    os._exit(1)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Cancel the jobs of ``pool`` and end its worker processes now, and wait for them.

    ``pool.shutdown(cancel_futures=True)`` alone is not enough: the jobs already
    running play to their end, and the pool's manager thread cancels the others only
    if the pool is still alive when it wakes up, which an exception unwinding the
    caller's frames does not ensure (it then plays every remaining job).
    """
    from multiprocessing.connection import wait

    # The workers, by the only name they have before Python 3.14's terminate_workers().
    processes = list((pool._processes or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        # Nothing of a worker is worth saving: its jobs are dropped with the run.
        process.kill()
    pending = {process.sentinel for process in processes}
    deadline = time.monotonic() + _STOP_TIMEOUT
    while pending and (left := deadline - time.monotonic()) > 0:
        pending.difference_update(wait(list(pending), left))


def _on_ray(
    variant: Variant,
    kinds: tuple[str, ...],
    seed: int,
    deals: int,
    workers: int | None,
    address: str | None,
    progress: Callable[[int], object],
) -> list[list[dict[str, Any]]]:
    try:
        # Imported by name: Ray is optional, and typed loosely where it is installed.
        ray: Any = importlib.import_module("ray")
    except ImportError:
        raise BackendError(
            "the ray backend needs Ray, which is not installed: pip install 'cardrules[ray]'"
        ) from None
    started = not ray.is_initialized()
    # ray.init() makes SIGTERM exit the process. A caller's own handler is kept (the
    # command's stops the run like Ctrl-C), and the caller's is back after the run.
    caller_sigterm = _sigterm_handler() if started else None
    if started:
        try:
            _start_ray(ray, workers, address)
        except BaseException:
            _restore_sigterm(caller_sigterm)
            raise
        if callable(caller_sigterm):
            signal.signal(signal.SIGTERM, caller_sigterm)
    running: dict[Any, int] = {}
    try:
        if workers is None:
            workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        jobs = _jobs(variant, kinds, seed, deals, workers)
        task = ray.remote(num_cpus=1, max_retries=3)(_run_chunk)
        waiting = iter(enumerate(jobs))
        chunks: list[list[dict[str, Any]]] = [[] for _ in jobs]

        def submit() -> None:
            following = next(waiting, None)
            if following is not None:
                running[task.remote(following[1])] = following[0]

        # At most `workers` jobs in flight, so that `workers` bounds the cluster's share.
        for _ in range(min(workers, len(jobs))):
            submit()
        while running:
            ready, _ = ray.wait(list(running), num_returns=1)
            n = running.pop(ready[0])
            # Put back in deal order, whatever order the jobs finish in.
            chunks[n] = ray.get(ready[0])
            progress(len(chunks[n]))
            submit()
        return chunks
    except BaseException as exc:
        # A lost job, Ctrl-C, SIGTERM made an exception: the jobs in flight are not
        # waited for, also on a cluster that outlives the run.
        for ref in running:
            with contextlib.suppress(Exception):
                ray.cancel(ref, force=True)
        if isinstance(exc, ray.exceptions.RayError):
            raise BackendError(f"the Ray run failed: {exc}") from None
        raise
    finally:
        if started:
            ray.shutdown()
            _restore_sigterm(caller_sigterm)


def _start_ray(ray: Any, workers: int | None, address: str | None) -> None:
    import logging

    try:
        if address is None:
            ray.init(
                num_cpus=workers,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.WARNING,
            )
        else:
            ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
    except Exception as exc:
        where = "start a local Ray" if address is None else f"connect to Ray at {quote(address)}"
        raise BackendError(f"cannot {where}: {exc}") from None


def _sigterm_handler() -> _Handler:
    """The caller's SIGTERM handler, or None outside the main thread (which alone may
    change it) and where it was not set from Python."""
    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.getsignal(signal.SIGTERM)


def _restore_sigterm(handler: _Handler) -> None:
    if handler is not None:
        signal.signal(signal.SIGTERM, handler)


def _stats(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "stdev": 0.0, "min": 0.0, "max": 0.0, "total": 0.0}
    total = math.fsum(values)
    mean = total / len(values)
    return {
        "mean": mean,
        "stdev": math.sqrt(math.fsum((x - mean) ** 2 for x in values) / len(values)),
        "min": min(values),
        "max": max(values),
        "total": total,
    }


def _distribution(values: Sequence[float]) -> list[list[float | int]]:
    return [[value, count] for value, count in sorted(Counter(values).items())]


def _rate(made: int, count: int) -> float | None:
    return made / count if count else None


def summarise(
    variant: Variant | str,
    facts: Sequence[dict[str, Any]],
    *,
    players: int,
    bots: Sequence[str],
) -> dict[str, Any]:
    """Sum up the facts of every deal, in deal order.

    Args:
        variant: The variant, or its id (a variant of default options is asked for its
            declaration; an unknown id sums up the scores alone).
        facts: One :func:`~cardrules.simulation.deal_facts` per deal, in deal order.
        players: The number of seats.
        bots: The bot kind of each seat.

    Returns:
        JSON values. The number of deals under the game's word for them (``deals``;
        ``hands`` in Bid Euchre); ``seats``: per seat its bot, its score statistics
        (mean, population standard deviation, minimum, maximum, total) and its
        ``scores``, the distribution as ``[score, how many deals]`` pairs in increasing
        score; and each statistic the game declares, under its name (see
        :class:`~cardrules.info.Statistic`): for French Tarot and Bid Euchre the
        contracts (bids) with their success rates, and the bonuses.

    >>> summarise("toy", [{"returns": [1.0, -1.0]}] * 3, players=2, bots=["random"] * 2)["seats"][0]
    {'seat': 0, 'bot': 'random', 'mean': 1.0, 'stdev': 0.0, 'min': 1.0, 'max': 1.0, 'total': 3.0, 'scores': [[1.0, 3]]}
    """  # noqa: E501
    info = declaration(variant, players)
    seats = []
    for seat in range(players):
        values = [f["returns"][seat] for f in facts]
        seats.append(
            {"seat": seat, "bot": bots[seat], **_stats(values), "scores": _distribution(values)}
        )
    out: dict[str, Any] = {info.deals_word: len(facts)}
    void = [s for s in info.statistics if s.kind == "void"]
    played = [f for f in facts if all(f.get(s.fact) is None for s in void)]
    for statistic in info.statistics:
        out.update(_summed(statistic, facts, played, players, info))
    out["seats"] = seats
    return out


def _count(fact: object, value: object) -> int:
    """How many times a deal's ``fact`` holds ``value``: its occurrences in a list, 1 if
    it is truthy for ``True``, 1 if it is equal."""
    if isinstance(fact, list):
        return fact.count(value)
    if value is True:
        return 1 if fact else 0
    return 1 if fact == value else 0


def _summed(
    statistic: Statistic,
    facts: Sequence[dict[str, Any]],
    played: Sequence[dict[str, Any]],
    players: int,
    info: GameInfo,
) -> dict[str, Any]:
    """The summary entries of one statistic (see :class:`~cardrules.info.Statistic`)."""
    kind, name, fact = statistic.kind, statistic.name, statistic.fact
    if kind == "void":
        reasons = Counter(f.get(fact) for f in facts if f.get(fact) is not None)
        return {"played": len(played), name: {v: reasons[v] for v in statistic.values}}
    if kind == "outcomes":
        if statistic.values:
            order = list(statistic.values)
        elif statistic.order:
            ranked = {(tuple(f[statistic.order]), f[fact]) for f in played}
            order = [contract for _, contract in sorted(ranked)]
        else:
            order = list(dict.fromkeys(f[fact] for f in played))
        rows = []
        for contract in order:
            taken = [f for f in played if f.get(fact) == contract]
            made = sum(1 for f in taken if f.get("made"))
            rows.append(
                {fact: contract, "count": len(taken), "made": made, "rate": _rate(made, len(taken))}
            )
        made = sum(1 for f in played if f.get("made"))
        return {name: rows, "made": made, "rate": _rate(made, len(played))}
    if kind == "per_seat":
        seats: Counter[object] = Counter()
        for f in played:
            value = f.get(fact)
            seats.update(value if isinstance(value, list) else [value])
        return {name: [seats[seat] for seat in range(players)]}
    if kind == "tally":
        return {
            name: {
                key: sum(_count(f.get(counted), value) for f in played)
                for key, counted, value in statistic.counts
            }
        }
    if kind == "share":
        chosen = [f for f in played if f.get(fact) == statistic.values[0]]
        won = sum(1 for f in chosen if f.get("made"))
        return {name: {statistic.key: len(chosen), "made": won, "rate": _rate(won, len(chosen))}}
    if kind == "sum":
        return {name: sum(f.get(fact) or 0 for f in played)}
    # "teams": each partnership's score is its first seat's.
    return {
        name: [
            {"team": team, **_stats([f["returns"][seats_of[0]] for f in facts])}
            for team, seats_of in info.teams
        ]
    }
