"""``cardrules play``, driven like a person at the keyboard, in a real subprocess.

A small expect-style driver reads the table the command prints (the hand, the numbered
legal actions), answers, and checks the answers to bad input: the reason with the rule
ID, then the same question again. The games use ``--bots random`` where a test depends
on the flow of play, so that it does not depend on how the heuristic bots play.

Every read from a child has a deadline, and every child is killed at the end of its
test, so that a command that stops answering fails its test instead of hanging the
run.
"""

from __future__ import annotations

import contextlib
import os
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import cardrules

_PACKAGE_ROOT = str(Path(cardrules.__file__).resolve().parent.parent)
_CELL = re.compile(r"(\d+)\) (\S+(?: \S+)*)")


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [_PACKAGE_ROOT, env.get("PYTHONPATH")]))
    return env


@contextlib.contextmanager
def _sigint_not_ignored() -> Iterator[None]:
    """Children started here get the default SIGINT, even if this process ignores it.

    A shell starts background jobs with SIGINT ignored, an ignored signal stays ignored
    across exec, and Python then installs no KeyboardInterrupt handler: a child of a
    test run started that way would never see the Ctrl-C it is sent.
    """
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        yield
        return
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def run(*args: str, stdin: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run ``python -m cardrules ARGS`` with all of ``stdin`` at once."""
    return subprocess.run(
        [sys.executable, "-m", "cardrules", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=_env(),
        check=False,
    )


class Session:
    """A running ``cardrules play``, talked to one answer at a time."""

    def __init__(self, *args: str) -> None:
        with _sigint_not_ignored():
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "cardrules", "play", *args],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=_env(),
            )
        self.transcript = ""

    def read(self, timeout: float = 60) -> str:
        """Everything printed up to the next prompt (or the end of the program)."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        chunks: list[bytes] = []
        deadline = time.monotonic() + timeout
        while True:
            text = b"".join(chunks).decode()
            if text.endswith("> "):
                break
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"no prompt within {timeout} s; got:\n{text[-2000:]}")
            ready, _, _ = select.select([fd], [], [], remaining)
            if ready:
                data = os.read(fd, 65536)
                if not data:
                    break
                chunks.append(data)
        self.transcript += text
        return text

    def answer(self, line: str) -> str:
        """Send one answer and return what comes back, up to the next prompt."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()
        return self.read()

    def wait(self, timeout: float = 60) -> int:
        """The exit status, once the command ends by itself (its input left open)."""
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"the command did not end within {timeout} s") from None

    def finish(self, timeout: float = 60) -> tuple[int, str, str]:
        """End the input and wait for the end: the exit status, the rest of stdout, stderr."""
        try:
            out, err = self.proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"the command did not end within {timeout} s") from None
        return self.proc.returncode, out.decode(), err.decode()

    def kill(self) -> None:
        """Kill the command if it still runs, and close its pipes."""
        if self.proc.poll() is None:
            self.proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.communicate(timeout=10)


def table(text: str) -> tuple[list[str], list[str]]:
    """The hand and the legal actions of the last question in ``text``."""
    question = text[text.rindex("-- Your turn") :]
    hand = question.split("Your hand: ", 1)[1].splitlines()[0].split()
    legal_part = question.split("Legal actions:", 1)[1]
    legal = [action for _, action in _CELL.findall(legal_part)]
    return hand, legal


def test_bad_input_is_answered_and_asked_again_then_end_of_input() -> None:
    session = Session("tarot", "--seed", "11", "--seat", "1", "--bots", "random")
    try:
        first = session.read()
        assert "you are seat 1" in first
        hand, legal = table(first)
        assert legal[0] == "pass"
        for bad, expected in [
            ("hello there", "Not understood"),
            ("0", "there is no action number 0"),
            (str(len(legal) + 1), f"choose 1 to {len(legal)}"),
            ("play 21T", "Not allowed"),
            ("bid petite-garde", "Not understood"),
        ]:
            reply = session.answer(bad)
            assert expected in reply, (bad, reply)
            # The same question again, not a new one.
            assert "-- Your turn" not in reply
        help_reply = session.answer("?")
        assert "Answer with the number of an action" in help_reply
        assert table(help_reply) == (hand, legal)
        # Play on, choosing the first legal action, until a card of the hand is not
        # allowed: that answer must name the rule.
        reply = session.answer("1")
        refused = None
        for _ in range(40):
            if "-- Your turn" not in reply:
                break
            hand, legal = table(reply)
            illegal = [c for c in hand if f"play {c}" not in legal]
            if legal[0].startswith("play ") and illegal:
                refused = session.answer(illegal[0])
                break
            reply = session.answer("1")
        assert refused is not None, session.transcript[-3000:]
        assert "Not allowed:" in refused
        assert re.search(r"\(T-\d+\) \[must_", refused), refused
        status, rest, err = session.finish()
    finally:
        session.kill()
    assert status == 0
    assert "End of input: the game is abandoned." in rest
    assert err == ""


def test_a_whole_tarot_deal_saved_and_replayed(tmp_path: Path) -> None:
    saved = tmp_path / "deal.jsonl"
    proc = run(
        "play", "tarot", "--seed", "5", "--seat", "2", "--save", str(saved), stdin="1\n" * 200
    )
    assert proc.returncode == 0, proc.stderr
    assert "Scores: seat 0: " in proc.stdout
    assert "Traceback" not in proc.stderr
    replayed = run("replay", str(saved), stdin="")
    assert replayed.returncode == 0, replayed.stderr
    score_line = [line for line in proc.stdout.splitlines() if line.startswith("Scores:")][-1]
    assert score_line in replayed.stdout


def test_a_whole_bid_euchre_match() -> None:
    proc = run(
        "play", "bid-euchre", "--seed", "2", "--seat", "S", "--target", "12", stdin="1\n" * 2000
    )
    assert proc.returncode == 0, proc.stderr
    assert "you are S" in proc.stdout
    assert "Your hand: " in proc.stdout
    assert re.search(r"^(NS|EW) wins: NS -?\d+, EW -?\d+$", proc.stdout, re.MULTILINE), proc.stdout[
        -2000:
    ]


def test_quit_saves_the_deal_in_progress(tmp_path: Path) -> None:
    saved = tmp_path / "partial.json"
    proc = run(
        "play", "bid-euchre", "--seed", "8", "--bots", "random", "--save", str(saved),
        stdin="1\n1\n1\nq\n",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "You left the table." in proc.stdout
    record = cardrules.loads(saved.read_text())
    state = cardrules.final_state(record)
    assert not state.is_terminal
    assert state.to_play == 0


def test_ctrl_c_exits_130_without_a_traceback(tmp_path: Path) -> None:
    saved = tmp_path / "interrupted.json"
    session = Session("bid-euchre", "--seed", "4", "--bots", "random", "--save", str(saved))
    try:
        # The prompt shows that the command waits for an answer, its Ctrl-C handling
        # in place; the input stays open, so only the signal can end it.
        assert "-- Your turn" in session.read()
        session.proc.send_signal(signal.SIGINT)
        status = session.wait()
        _, out, err = session.finish()
    finally:
        session.kill()
    assert status == 130
    assert "Interrupted." in err
    assert "Traceback" not in err
    assert "Saved 1 record(s)" in out
    assert cardrules.loads(saved.read_text()).variant == "bid-euchre"


@pytest.mark.parametrize(
    "answers",
    ["", "\n\n   \n", "q\n", "\x00\n\x1b[A\n" + "x" * 5000 + "\n"],
    ids=["nothing", "blank lines", "quit", "control characters and a long line"],
)
def test_odd_input_never_gives_a_traceback(answers: str) -> None:
    proc = run("play", "bid-euchre", "--seed", "1", "--bots", "random", stdin=answers)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""


@pytest.mark.parametrize(
    "answer",
    ["9" * 5000, "9" * 100_000, "0" * 5000 + "1", "-1", "\u0663", "\uff13", "1" + "\u0663"],
    ids=["5000 digits", "100000 digits", "leading zeros", "negative", "arabic-indic", "full-width",
         "mixed digits"],
)  # fmt: skip
def test_a_number_at_the_prompt_is_answered_and_asked_again(answer: str) -> None:
    session = Session("tarot", "--seed", "3", "--bots", "random")
    try:
        first = session.read()
        _, legal = table(first)
        reply = session.answer(answer)
        assert "Not understood" in reply, reply[:500]
        assert reply.endswith("> ")
        # One short line, whatever the length of the answer; then the same question.
        message = next(line for line in reply.splitlines() if "Not understood" in line)
        assert len(message) < 300, message[:500]
        assert "-- Your turn" not in reply
        if answer.isascii() and answer.isdigit():
            assert f"choose 1 to {len(legal)}" in message
        status, _, err = session.finish()
    finally:
        session.kill()
    assert status == 0
    assert err == ""


@pytest.mark.parametrize(
    "seat", ["9" * 5000, "9" * 100_000, "-1", "4", "\u0663", "\uff11", "", "NN"]
)
def test_a_bad_seat_is_a_usage_error(seat: str) -> None:
    proc = run("play", "bid-euchre", "--seat", seat, stdin="q\n", timeout=60)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.startswith("cardrules play: error: seat "), proc.stderr[:500]
    assert "seats run from 0 to 3 or N, E, S, W" in proc.stderr
    assert len(proc.stderr) < 300
