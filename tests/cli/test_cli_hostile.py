"""Hostile command lines: whatever the arguments, a documented exit status and a short
message, never a traceback, never a hang.

Each line of :data:`HOSTILE` runs in this process through :func:`cardrules.cli.main`
(quick), its output captured and under a deadline; :data:`THROUGH_THE_SCRIPT` runs a
representative few through the installed console script in a subprocess with a
timeout, arguments that are not UTF-8 included. (A single argument of 1 MB runs only in
this process: the kernel refuses to start a program with an argument over 128 KiB.)
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import pytest

import cardrules
from cardrules.cli import main

_PACKAGE_ROOT = str(Path(cardrules.__file__).resolve().parent.parent)
_DOCUMENTED = {0, 1, 2}
_STDERR_LIMIT = 4000  # the usage of the longest command and a bounded message

BIG = "9" * 5000
HUGE = "9" * 100_000
MEGA = "x" * (1 << 20)

# Every numeric argument, with {} for the number.
NUMERIC: dict[str, list[str]] = {
    "simulate --deals": ["simulate", "tarot", "--deals", "{}"],
    "simulate --workers": ["simulate", "tarot", "--deals", "2", "--workers", "{}"],
    "simulate --seed": ["simulate", "tarot", "--deals", "2", "--seed", "{}"],
    "demo --seed": ["demo", "tarot", "--seed", "{}"],
    "play --seed": ["play", "tarot", "--seed", "{}"],
    "play tarot --seat": ["play", "tarot", "--seat", "{}"],
    "play bid-euchre --seat": ["play", "bid-euchre", "--seat", "{}"],
    "demo --players": ["demo", "tarot", "--players", "{}"],
    "score tarot --players": [
        "score", "tarot", "--players", "{}", "--contract", "garde", "--taker", "0",
        "--points", "45", "--bouts", "2",
    ],
    "score tarot --taker": [
        "score", "tarot", "--contract", "garde", "--taker", "{}", "--points", "45", "--bouts", "2"
    ],
    "score tarot --partner": [
        "score", "tarot", "--players", "5", "--contract", "garde", "--taker", "0",
        "--partner", "{}", "--points", "45", "--bouts", "2",
    ],
    "score tarot --bouts": [
        "score", "tarot", "--contract", "garde", "--taker", "0", "--points", "45", "--bouts", "{}"
    ],
    "score tarot --points": [
        "score", "tarot", "--contract", "garde", "--taker", "0", "--points", "{}", "--bouts", "2"
    ],
    "score bid-euchre --declarer": [
        "score", "bid-euchre", "--contract", "4", "--declarer", "{}", "--tricks", "4", "2"
    ],
    "score bid-euchre --tricks": [
        "score", "bid-euchre", "--contract", "4", "--declarer", "N", "--tricks", "{}", "2"
    ],
    "score bid-euchre --renege": [
        "score", "bid-euchre", "--contract", "4", "--declarer", "N", "--tricks", "4", "2",
        "--renege", "{}",
    ],
    "score bid-euchre --contract": [
        "score", "bid-euchre", "--contract", "{}", "--declarer", "N", "--tricks", "4", "2"
    ],
    "score bid-euchre --target": [
        "score", "bid-euchre", "--contract", "4", "--declarer", "N", "--tricks", "4", "2",
        "--target", "{}",
    ],
    "score bid-euchre --min-bid": [
        "score", "bid-euchre", "--contract", "4", "--declarer", "N", "--tricks", "4", "2",
        "--min-bid", "{}",
    ],
    "score bid-euchre --moon-value": [
        "score", "bid-euchre", "--contract", "6M", "--declarer", "N", "--tricks", "6", "0",
        "--moon-value", "{}",
    ],
    "simulate --help-exchange": [
        "simulate", "bid-euchre", "--deals", "1", "--bots", "random", "--help-exchange", "{}"
    ],
    "simulate --help-value": [
        "simulate", "bid-euchre", "--deals", "1", "--bots", "random", "--help-value", "{}"
    ],
    "simulate --renege-penalty": [
        "simulate", "bid-euchre", "--deals", "1", "--bots", "random", "--renege-penalty", "{}"
    ],
    "demo --option players=": ["demo", "tarot", "--option", "players={}"],
}  # fmt: skip

# Values no numeric argument accepts (exit status 2), and one that some accept.
REFUSED_NUMBERS = {
    "5000 digits": BIG,
    "100000 digits": HUGE,
    "arabic-indic": "\u0663",
    "full-width": "\uff13",
}
NEGATIVE = "-1"

_GARDE = ["--contract", "garde", "--taker", "0", "--bouts", "2"]
_FOUR = ["--contract", "4", "--declarer", "N"]


def _writable(path: Path) -> bool:
    return os.access(path, os.W_OK)


def _files(tmp: Path) -> list[tuple[str, list[str], int | None]]:
    """Lines about files, built in ``tmp``: (id, arguments, expected exit status)."""
    binary = tmp / "binary.bin"
    binary.write_bytes(bytes(range(256)) * 16)
    text = tmp / "text.txt"
    text.write_text("not a record\n" * 100, encoding="utf-8")
    nested = tmp / "nested.json"
    nested.write_text("[" * 200_000, encoding="utf-8")
    lines = tmp / "lines.jsonl"
    lines.write_bytes(b"{}\n{\x00}\n")
    huge_int = tmp / "huge-int.json"
    huge_int.write_text('{"format": "cardrules-record", "schema": ' + BIG + "}", encoding="utf-8")
    unreadable = tmp / "unreadable.json"
    unreadable.write_text("{}", encoding="utf-8")
    unreadable.chmod(0)
    read_only = tmp / "read-only.json"
    read_only.write_text("", encoding="utf-8")
    read_only.chmod(0o444)
    missing = str(tmp / "no" / "such" / "folder" / "x.json")
    return [
        ("replay a missing file", ["replay", str(tmp / "missing.json")], 1),
        ("replay a folder", ["replay", str(tmp)], 1),
        ("replay a binary file", ["replay", str(binary)], 1),
        ("replay a text file", ["replay", str(text)], 1),
        ("replay deep nesting", ["replay", str(nested)], 1),
        ("replay broken lines", ["replay", str(lines)], 1),
        ("replay a 5000-digit number", ["replay", str(huge_int)], 1),
        ("replay an unreadable file", ["replay", str(unreadable)], 1),
        ("replay an empty name", ["replay", ""], 1),
        ("replay a 1 MB name", ["replay", MEGA], 1),
        ("replay /dev/zero", ["replay", "/dev/zero"], 1 if Path("/dev/zero").exists() else None),
        ("replay no file", ["replay"], 2),
        ("json in a missing folder", ["simulate", "tarot", "--deals", "1", "--json", missing], 1),
        ("json a folder", ["simulate", "tarot", "--deals", "1", "--json", str(tmp)], 1),
        ("json a read-only file", ["simulate", "tarot", "--deals", "1", "--json", str(read_only)],
         None if _writable(read_only) else 1),  # root may write it
        ("json an empty name", ["simulate", "tarot", "--deals", "1", "--json", ""], 1),
        ("json a 1 MB name", ["simulate", "tarot", "--deals", "1", "--json", MEGA], 1),
        ("save in a missing folder", ["demo", "tarot", "--save", missing], 1),
        ("save a folder", ["play", "tarot", "--save", str(tmp)], 1),
        ("save a 1 MB name", ["play", "tarot", "--save", MEGA], 1),
        ("save a NUL in the name", ["demo", "tarot", "--save", "a\x00b"], 1),
        ("save to /dev/full", ["play", "bid-euchre", "--save", "/dev/full"],
         1 if Path("/dev/full").exists() else None),
    ]  # fmt: skip


def _hostile(tmp: Path) -> list[tuple[str, list[str], int | None]]:
    """Every hostile line: (id, arguments, the exit status expected, None for any of 0-2)."""
    cases: list[tuple[str, list[str], int | None]] = []
    for flag, template in NUMERIC.items():
        for name, value in (*REFUSED_NUMBERS.items(), ("negative", NEGATIVE)):
            argv = [part.replace("{}", value) for part in template]
            expected = None if value == NEGATIVE else 2
            cases.append((f"{flag} {name}", argv, expected))
    cases += [
        # unknown flags and arguments
        ("unknown flag", ["demo", "tarot", "--bogus"], 2),
        ("unknown top-level flag", ["--bogus"], 2),
        ("unknown 1 MB flag", ["demo", "tarot", "--" + MEGA], 2),
        ("1 MB flag with a value", ["simulate", "tarot", "--deals=" + MEGA], 2),
        ("abbreviated flag, 1 MB value", ["simulate", "tarot", "--dea=" + MEGA], 2),
        ("a flag without its value", ["simulate", "tarot", "--deals"], 2),
        ("extra arguments", ["demo", "tarot", "extra", "args"], 2),
        ("100000 extra arguments", ["variants", *["x"] * 100_000], 2),
        ("a flag of the other game", ["demo", "tarot", "--joker"], 2),
        ("contradictory house rules", ["demo", "bid-euchre", "--joker", "--double-deck"], 2),
        # empty strings
        ("empty command", [""], 2),
        ("no command", [], 2),
        ("empty variant", ["demo", ""], 2),
        ("empty simulate variant", ["simulate", "", "--deals", "1"], 2),
        ("empty seed", ["demo", "tarot", "--seed", ""], 2),
        ("empty deals", ["simulate", "tarot", "--deals", ""], 2),
        ("empty seat", ["play", "tarot", "--seat", ""], 2),
        ("empty score game", ["score", ""], 2),
        ("empty bots", ["simulate", "tarot", "--deals", "1", "--bots", ""], 2),
        ("empty option", ["demo", "tarot", "--option", ""], 2),
        ("option without a key", ["demo", "tarot", "--option", "=4"], 2),
        ("option without a value", ["demo", "tarot", "--option", "players="], 2),
        ("empty points", ["score", "tarot", *_GARDE, "--points", ""], 2),
        ("empty contract", ["score", "bid-euchre", "--contract", "", "--declarer", "N",
                            "--tricks", "4", "2"], 2),
        # 1 MB arguments
        ("1 MB command", [MEGA], 2),
        ("1 MB variant", ["demo", MEGA], 2),
        ("1 MB bots", ["simulate", "tarot", "--deals", "1", "--bots", MEGA], 2),
        ("200000 bots", ["simulate", "tarot", "--deals", "1", "--bots",
                         ",".join(["random"] * 200_000)], 2),
        ("1 MB option", ["demo", "tarot", "--option", MEGA], 2),
        ("1 MB option key", ["demo", "tarot", "--option", MEGA + "=1"], 2),
        ("1 MB seat", ["play", "tarot", "--seat", MEGA], 2),
        ("1 MB rounding", ["demo", "tarot", "--rounding", MEGA], 2),
        ("1 MB opponents", ["play", "tarot", "--bots", MEGA], 2),
        ("1 MB tarot contract", ["score", "tarot", "--contract", MEGA, "--taker", "0",
                                 "--points", "4", "--bouts", "0"], 2),
        ("1 MB points", ["score", "tarot", *_GARDE, "--points", MEGA], 2),
        ("1 MB euchre contract", ["score", "bid-euchre", "--contract", MEGA, "--declarer", "N",
                                  "--tricks", "4", "2"], 2),
        ("1 MB declarer", ["score", "bid-euchre", "--contract", "4", "--declarer", MEGA,
                           "--tricks", "4", "2"], 2),
        ("1 MB poignee", ["score", "tarot", *_GARDE, "--points", "45", "--poignee", MEGA], 2),
        # bad variant names
        ("unknown variant", ["demo", "whist-of-the-moon"], 2),
        ("a path as a variant", ["simulate", "../../etc/passwd", "--deals", "1"], 2),
        ("a module as a variant", ["demo", "os:system"], 2),
        ("control characters in a variant", ["play", "\x1b[31mtarot\x07"], 2),
        ("right-to-left override", ["demo", "\u202etorat"], 2),
        ("a newline in a variant", ["demo", "tarot\n"], None),
        ("a lone surrogate", ["demo", "\udcff"], 2),
        ("unknown score game", ["score", "whist"], 2),
        # bad option values
        ("bad rounding", ["demo", "tarot", "--rounding", "up"], 2),
        ("bad joker discard", ["demo", "bid-euchre", "--joker-discard", "never"], 2),
        ("bad end rule", ["demo", "bid-euchre", "--end-rule", "coin-toss"], 2),
        ("seven players", ["demo", "tarot", "--option", "players=7"], 2),
        ("players as text", ["demo", "tarot", "--option", 'players="4"'], 2),
        ("players null", ["demo", "tarot", "--option", "players=null"], 2),
        ("players a list", ["demo", "tarot", "--option", "players=[4]"], 2),
        ("players 1e999", ["demo", "tarot", "--option", "players=1e999"], 2),
        ("players NaN", ["demo", "tarot", "--option", "players=NaN"], 2),
        ("players 400 digits", ["demo", "tarot", "--option", "players=" + "9" * 400], 2),
        ("players true", ["demo", "tarot", "--option", "players=true"], 2),
        ("deep option value", ["demo", "tarot", "--option", "multipliers=" + "[" * 980], 2),
        ("unknown option", ["demo", "tarot", "--option", "nonsense=1"], 2),
        ("unknown bot kind", ["simulate", "tarot", "--deals", "1", "--bots", "clever"], 2),
        ("too few bots", ["simulate", "tarot", "--deals", "1", "--bots", "random,random"], 2),
        ("points NaN", ["score", "tarot", *_GARDE, "--points", "nan"], 2),
        ("points 1e400", ["score", "tarot", *_GARDE, "--points", "1e400"], 2),
        ("points a quarter", ["score", "tarot", *_GARDE, "--points", "40.25"], 2),
        ("points negative", ["score", "tarot", *_GARDE, "--points", "-3"], 2),
        ("points full-width", ["score", "tarot", *_GARDE, "--points", "\uff14\uff15"], 2),
        ("void with a contract", ["score", "bid-euchre", "--void", "all-pass", *_FOUR], 2),
        ("tricks that do not add up", ["score", "bid-euchre", *_FOUR, "--tricks", "5", "5"], 2),
        ("unknown poignee", ["score", "tarot", *_GARDE, "--points", "45", "--poignee", "quad"], 2),
    ]  # fmt: skip
    return cases + _files(tmp)


class _HungError(Exception):
    """A command that did not answer within its deadline."""


@contextlib.contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """Fail with :class:`_HungError` after ``seconds`` (where a timer signal exists)."""
    if (
        not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield
        return

    def expired(signum: int, frame: FrameType | None) -> None:
        raise _HungError(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_here(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], stdin: bytes = b"q\n"
) -> tuple[int, str, str]:
    """Run the command in this process: its exit status, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    with _deadline(60), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exc:  # argparse exits on bad usage
            status = exc.code if isinstance(exc.code, int) else 2
    return status, out.getvalue(), err.getvalue()


def check(argv: object, status: int, err: str, expected: int | None) -> None:
    """What every hostile line must give, however it was run."""
    shown = repr(argv)[:200]
    assert "Traceback" not in err, (shown, err[-3000:])
    assert status in _DOCUMENTED, (shown, status, err[-1000:])
    if expected is not None:
        assert status == expected, (shown, status, err[-1000:])
    assert len(err) <= _STDERR_LIMIT, (shown, len(err), err[-1000:])
    if status != 0:
        message = err.rstrip("\n").splitlines()[-1]
        assert message.startswith("cardrules"), (shown, message[:500])
        assert len(message) <= 1100, (shown, message[:500])


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[list[str], int | None]]:
    tmp = tmp_path_factory.mktemp("hostile")
    return {name: (argv, expected) for name, argv, expected in _hostile(tmp)}


def test_there_are_many_hostile_lines(hostile: dict[str, tuple[list[str], int | None]]) -> None:
    assert len(hostile) >= 100
    assert len({tuple(argv) for argv, _ in hostile.values()}) == len(hostile)


def test_every_hostile_line_in_this_process(
    monkeypatch: pytest.MonkeyPatch, hostile: dict[str, tuple[list[str], int | None]]
) -> None:
    failures = []
    for name, (argv, expected) in hostile.items():
        try:
            status, _, err = run_here(monkeypatch, argv)
            check(argv, status, err, expected)
        except AssertionError as exc:
            failures.append(f"{name}: {str(exc)[:300]}")
        except Exception as exc:  # every line is tried, and each escape listed
            failures.append(f"{name}: {type(exc).__name__} escaped: {str(exc)[:300]}")
    assert not failures, "\n".join(failures)


# -- through the installed console script -------------------------------------------------


def _command() -> list[str]:
    """The installed ``cardrules`` script, or ``python -m cardrules`` in a source checkout."""
    script = shutil.which("cardrules", path=str(Path(sys.executable).parent))
    return [script] if script is not None else [sys.executable, "-m", "cardrules"]


THROUGH_THE_SCRIPT: list[tuple[str, list[str | bytes], bytes, int]] = [
    ("fork bomb", ["simulate", "tarot", "--deals", "5", "--workers", "100000"], b"", 2),
    ("100000-digit seat", ["play", "tarot", "--seat", HUGE], b"q\n", 2),
    ("arabic-indic deals", ["simulate", "tarot", "--deals", "\u0663"], b"", 2),
    ("full-width seed", ["demo", "tarot", "--seed", "\uff13"], b"", 2),
    ("5000-digit tricks", ["score", "bid-euchre", *_FOUR, "--tricks", BIG, "2"], b"", 2),
    ("100000-character variant", ["demo", "x" * 100_000], b"", 2),
    ("100000-character flag", ["demo", "tarot", "--" + "x" * 100_000], b"", 2),
    ("long option value", ["demo", "tarot", "--option", "players=" + "9" * 999], b"", 2),
    ("empty command", [""], b"", 2),
    ("a variant that is not UTF-8", ["demo", b"\xff\xfe"], b"", 2),
    ("a save file that is not UTF-8", ["demo", "tarot", "--save", b"/nonexistent/\xff"], b"", 1),
    ("json in a missing folder", ["simulate", "tarot", "--deals", "2", "--json",
                                  "/nonexistent/dir/x.json"], b"", 1),
    ("replay a missing file", ["replay", "/nonexistent/record.json"], b"", 1),
    ("replay binary input", ["replay", "-"], bytes(range(256)) * 64, 1),
    ("huge numbers at the prompt", ["play", "tarot", "--seed", "3"],
     ("9" * 100_000 + "\n" + "\uff13\n").encode(), 0),
]  # fmt: skip


@pytest.mark.parametrize(
    ("argv", "stdin", "expected"),
    [
        pytest.param(argv, stdin, expected, id=name)
        for name, argv, stdin, expected in THROUGH_THE_SCRIPT
    ],
)
def test_hostile_lines_through_the_console_script(
    argv: list[str | bytes], stdin: bytes, expected: int
) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [_PACKAGE_ROOT, env.get("PYTHONPATH")]))
    proc = subprocess.run(
        [*_command(), *argv], input=stdin, capture_output=True, timeout=60, env=env, check=False
    )
    err = proc.stderr.decode("utf-8", "replace")
    check(argv, proc.returncode, err, expected)
    if expected == 0:
        assert "there is no action number" in proc.stdout.decode()
