"""Stopping a run: Ctrl-C and SIGTERM stop ``cardrules simulate`` at once with 130 and 143,
a KeyboardInterrupt stops :func:`cardrules.simulate`, and no worker process outlives its
run, whether the run was interrupted, lost a worker, or its process was killed.

The command runs in a subprocess and is signalled once it is running: once it handles
SIGTERM (its run has started) and its worker processes exist. The processes are read
from ``/proc``, so the module runs on Linux only.
"""

from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest

import cardrules
from cardrules import simulate
from cardrules.simulation import BackendError

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/task").is_dir(), reason="reads the processes from /proc (Linux)"
)

_PACKAGE_ROOT = str(Path(cardrules.__file__).resolve().parent.parent)

# A run long enough never to end by itself within a test: minutes of play on 2 cores.
_LONG_RUN = ("simulate", "tarot", "--deals", "100000", "--seed", "1")

# How soon a stopped run must have exited. It takes about 0.3 s on an idle machine;
# playing the remaining deals, as it used to, takes minutes.
_PROMPT = 5.0

# The command's own process, with Ctrl-C's default action: a test runner started in the
# background of a shell ignores SIGINT, and its children would inherit that.
_LAUNCH = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "os.execv(sys.executable, [sys.executable, '-m', 'cardrules', *sys.argv[1:]])"
)

Process = tuple[int, str]  # a pid and its start time: pids are reused


def _stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command's name, or None if gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    return text.rpartition(")")[2].split()


def _process(pid: int) -> Process | None:
    fields = _stat(pid)
    return None if fields is None else (pid, fields[19])


def _running(process: Process) -> bool:
    """Whether ``process`` still runs (a zombie has ended: only its exit status is left)."""
    fields = _stat(process[0])
    return fields is not None and fields[19] == process[1] and fields[0] not in "ZX"


def _children(pid: int) -> list[Process]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            text = (task / "children").read_text()
        except (FileNotFoundError, ProcessLookupError):
            continue  # a thread that has just ended
        found += [p for p in map(_process, map(int, text.split())) if p is not None]
    return found


def _descendants(pid: int) -> list[Process]:
    """The processes below ``pid``: its children, their children …"""
    found: list[Process] = []
    level = _children(pid)
    while level:
        found += level
        level = [child for parent, _ in level for child in _children(parent)]
    return found


def _workers(pid: int, before: Sequence[Process] = ()) -> list[Process]:
    """The worker processes of a run in ``pid``, started since ``before``.

    They are the processes below it with no child of their own, less the resource
    tracker that some start methods of ``multiprocessing`` run (the forkserver
    method forks the workers from a server process).
    """
    return [
        process
        for process in _descendants(pid)
        if process not in before
        and not _children(process[0])
        and b"resource_tracker" not in _cmdline(process[0])
    ]


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except (FileNotFoundError, ProcessLookupError):
        return b""


def _handles_sigterm(pid: int) -> bool:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) >> (signal.SIGTERM - 1) & 1)
    return False


def _until(condition: Callable[[], bool], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


class _Command:
    """``cardrules ARGS`` running in the background, its output in files."""

    def __init__(self, folder: Path, args: tuple[str, ...]) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [_PACKAGE_ROOT, env.get("PYTHONPATH")]))
        self.stderr = folder / "stderr.txt"
        # Files, not pipes: a worker left behind would hold a pipe open, and block the test.
        with self.stderr.open("w") as err:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", _LAUNCH, *args],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=err,
                env=env,
            )
        self.workers: list[Process] = []
        self.processes: list[Process] = []  # every process below the command's

    def wait_running(self, workers: int) -> None:
        """Wait until the run has started, with ``workers`` worker processes."""

        def running() -> bool:
            if self.proc.poll() is not None:
                return True
            self.workers = _workers(self.proc.pid)
            self.processes = _descendants(self.proc.pid)
            return _handles_sigterm(self.proc.pid) and len(self.workers) == workers

        assert _until(running, 60), f"not running after 60 s: {self.workers}"
        assert self.proc.poll() is None, self.stderr.read_text()

    def stop_time(self, signum: int) -> float:
        """Send ``signum`` and return how long the command took to exit."""
        start = time.monotonic()
        self.proc.send_signal(signum)
        try:
            self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            pytest.fail(f"still running 60 s after signal {signum}")
        return time.monotonic() - start

    def last_line(self) -> str:
        text = self.stderr.read_text()
        assert "Traceback" not in text, text
        return text.splitlines()[-1]

    def kill(self) -> None:
        """End whatever is left (only after a failed test)."""
        for pid, _ in [(self.proc.pid, ""), *(p for p in self.processes if _running(p))]:
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        self.proc.wait()


@contextmanager
def _command(folder: Path, *args: str) -> Iterator[_Command]:
    command = _Command(folder, args)
    try:
        yield command
    finally:
        command.kill()


def _all_gone(workers: list[Process]) -> bool:
    # Generous: ended workers are reaped by a thread of the pool, or by init.
    return _until(lambda: not any(map(_running, workers)), 20)


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize(
    ("signum", "status", "said"),
    [(signal.SIGINT, 130, "Interrupted."), (signal.SIGTERM, 143, "Terminated.")],
    ids=["ctrl-c", "sigterm"],
)
def test_a_signal_stops_the_command_and_its_workers_at_once(
    tmp_path: Path, signum: int, status: int, said: str, workers: int
) -> None:
    with _command(tmp_path, *_LONG_RUN, "--workers", str(workers)) as command:
        command.wait_running(workers if workers > 1 else 0)
        time.sleep(0.3)  # deals being played, the others waiting
        elapsed = command.stop_time(signum)
        assert command.proc.returncode == status
        assert elapsed < _PROMPT, f"stopped {elapsed:.1f} s after the signal"
        assert command.last_line() == said
        assert _all_gone(command.processes), command.processes


def test_a_worker_that_dies_ends_the_run_with_an_error(tmp_path: Path) -> None:
    with _command(tmp_path, *_LONG_RUN, "--workers", "2") as command:
        command.wait_running(2)
        start = time.monotonic()
        os.kill(command.workers[0][0], signal.SIGKILL)
        command.proc.wait(timeout=60)
        elapsed = time.monotonic() - start
        assert command.proc.returncode == 1
        assert elapsed < _PROMPT
        assert command.last_line().startswith(
            "cardrules simulate: error: a worker process of the run died: "
        )
        assert _all_gone(command.processes), command.processes


def test_workers_end_with_their_run_killed_outright(tmp_path: Path) -> None:
    # SIGKILL leaves the run no time to stop its workers: they notice on their own.
    with _command(tmp_path, *_LONG_RUN, "--workers", "2") as command:
        command.wait_running(2)
        command.proc.kill()
        command.proc.wait(timeout=60)
        assert _all_gone(command.processes), command.processes


@pytest.mark.skipif(
    importlib.util.find_spec("ray") is None, reason="needs Ray: pip install 'cardrules[ray]'"
)
@pytest.mark.parametrize(
    ("signum", "status", "said"),
    [(signal.SIGINT, 130, "Interrupted."), (signal.SIGTERM, 143, "Terminated.")],
    ids=["ctrl-c", "sigterm"],
)
def test_a_signal_stops_a_run_on_a_ray_of_its_own(
    tmp_path: Path, signum: int, status: int, said: str
) -> None:
    with _command(tmp_path, *_LONG_RUN, "--backend", "ray", "--workers", "2") as command:

        def playing() -> bool:
            if command.proc.poll() is not None:
                return True
            command.processes = _descendants(command.proc.pid)
            return any(_cmdline(pid).startswith(b"ray::_run_chunk") for pid, _ in command.processes)

        assert _until(playing, 120), "no Ray job running after 120 s"
        assert command.proc.poll() is None, command.stderr.read_text()
        elapsed = command.stop_time(signum)
        assert command.proc.returncode == status
        # Ray's own shutdown takes about 2 s of it.
        assert elapsed < 2 * _PROMPT, f"stopped {elapsed:.1f} s after the signal"
        assert command.last_line() == said
        assert _all_gone(command.processes), command.processes


@pytest.fixture
def ctrl_c_raises() -> Iterator[None]:
    """SIGINT raises KeyboardInterrupt in this process for the test, as in a terminal."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.mark.usefixtures("ctrl_c_raises")
def test_a_keyboard_interrupt_stops_the_function_and_its_workers() -> None:
    before = _descendants(os.getpid())
    workers: list[Process] = []
    sent: list[float] = []

    def progress(count: int) -> None:
        # Told as the first jobs end, while the others wait: Ctrl-C now.
        if not workers:
            workers.extend(_workers(os.getpid(), before))
            sent.append(time.monotonic())
            os.kill(os.getpid(), signal.SIGINT)

    with pytest.raises(KeyboardInterrupt):
        simulate("tarot", deals=100_000, seed=1, bots="random", workers=2, progress=progress)
    assert time.monotonic() - sent[0] < _PROMPT
    assert len(workers) == 2
    # Killed before the interrupt reaches the caller (the last moments of their exit
    # may follow); left running, they would play for minutes.
    assert _all_gone(workers), workers


def test_the_function_reports_a_dead_worker_as_a_backend_error() -> None:
    before = _descendants(os.getpid())
    workers: list[Process] = []

    def progress(count: int) -> None:
        if not workers:
            workers.extend(_workers(os.getpid(), before))
            os.kill(workers[0][0], signal.SIGKILL)

    with pytest.raises(BackendError, match="a worker process of the run died"):
        simulate("tarot", deals=100_000, seed=1, bots="random", workers=2, progress=progress)
    assert len(workers) == 2
    assert _all_gone(workers), workers
