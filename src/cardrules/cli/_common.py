"""Shared pieces of the command line: variant options as flags, seeds, seats, records.

Every command that builds a variant takes the same option flags: ``--players`` for
French Tarot, the house rules of Bid Euchre (``--joker``, ``--stick-the-dealer`` …), and
``--option KEY=VALUE`` for any option of any variant, plugins included. The flags are
collected into the variant's JSON options and the variant is built with
``from_options_json``, which validates them.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_variant_options(parser)
>>> args = parser.parse_args(["--joker", "--target", "21"])
>>> variant = build_variant("bid-euchre", args)
>>> variant.options.joker, variant.options.target_score
(True, 21)
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final

from cardrules._util import quote
from cardrules.errors import CardrulesError, OptionsError, RecordError
from cardrules.records import Record, dumps, loads
from cardrules.registry import get_variant_class
from cardrules.state import State, Variant

__all__ = [
    "EXIT_ERROR",
    "EXIT_INTERRUPTED",
    "EXIT_TERMINATED",
    "EXIT_USAGE",
    "MAX_DIGITS",
    "MAX_OPTION_TEXT",
    "MAX_RECORD_FILE",
    "FileError",
    "Terminated",
    "UsageError",
    "add_euchre_flags",
    "add_flags_for",
    "add_variant_options",
    "bounded",
    "brief",
    "build_variant",
    "check_writable",
    "deal_rng",
    "flag_options",
    "fresh_seed",
    "max_workers",
    "number",
    "other_game_flag",
    "parse_seat",
    "read_records",
    "sigterm_raises",
    "tarot_players",
    "variant_flags",
    "write_records",
    "write_text",
]

EXIT_ERROR: Final = 1
"""Exit status of a command that failed (a bad record, a file that cannot be read)."""

EXIT_USAGE: Final = 2
"""Exit status of a command given bad arguments or impossible facts."""

EXIT_INTERRUPTED: Final = 130
"""Exit status after Ctrl-C (128 + SIGINT), as shells report it."""

EXIT_TERMINATED: Final = 143
"""Exit status of ``cardrules simulate`` stopped by SIGTERM (128 + SIGTERM)."""


MAX_DIGITS: Final = 18
"""The most digits a number on the command line may have."""

MAX_OPTION_TEXT: Final = 1000
"""The longest ``--option KEY=VALUE`` argument."""

MAX_RECORD_FILE: Final = 64 << 20
"""The largest record file ``cardrules replay`` reads, in bytes (64 MiB)."""

_MESSAGE_LIMIT: Final = 1000
_WHOLE: Final = re.compile(r"-?[0-9]+")
_LONG_WORD: Final = re.compile(r"\S{201,}")


class UsageError(CardrulesError, ValueError):
    """Arguments that the command cannot use; the command exits with status 2."""


class FileError(CardrulesError):
    """A file that cannot be read or written; the command exits with status 1."""


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the command was so that it stops like after Ctrl-C.

    A ``KeyboardInterrupt``: what stops cleanly on Ctrl-C (Ray's waits among them)
    stops cleanly on it, and nothing that handles errors catches it.
    """


@contextlib.contextmanager
def sigterm_raises() -> Iterator[None]:
    """Within the block, SIGTERM raises :class:`Terminated` in the main thread.

    Its default action ends the process at once, before the code that ends its worker
    processes can run. Left as it is when SIGTERM is ignored or already handled (the
    caller decided), and outside the main thread (only it receives signals).
    """
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL
    ):
        yield
        return
    received: list[int] = []

    def terminated(signum: int, frame: object) -> None:
        received.append(signum)
        raise Terminated

    signal.signal(signal.SIGTERM, terminated)
    try:
        yield
    except KeyboardInterrupt:
        # Ray turns it into a plain KeyboardInterrupt on its way through a wait.
        if received:
            raise Terminated from None
        raise
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


def brief(text: str) -> str:
    """``text`` as it is if it is printable and at most 160 characters, else quoted and cut.

    For file names repeated in messages: a hostile argument (a megabyte long, control
    characters, undecodable bytes) never floods or garbles the terminal.

    >>> brief("match.jsonl"), brief("x" * 200)
    ('match.jsonl', "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (200 characters)")
    """
    if 0 < len(text) <= 160 and text.isprintable():
        return text
    return quote(text)


def bounded(message: str) -> str:
    """``message`` with every word over 200 characters cut short, and at most 1000 in all.

    The last guard before a message is printed, whatever text it quotes.

    >>> bounded("unrecognized arguments: " + "y" * 10_000)
    'unrecognized arguments: yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy... (10000 characters)'
    """
    message = _LONG_WORD.sub(lambda m: f"{m[0][:40]}... ({len(m[0])} characters)", message)
    if len(message) > _MESSAGE_LIMIT:
        message = f"{message[:_MESSAGE_LIMIT]}... ({len(message)} characters)"
    return message


def number(
    *, low: int | None = None, high: int | None = None, note: str = ""
) -> Callable[[str], int]:
    """The argument type of a whole number from ``low`` to ``high`` (either may be open).

    A number is written with the ASCII digits 0-9 and an optional leading minus sign,
    at most :data:`MAX_DIGITS` digits; nothing else is read as one (not ``٣``, not
    full-width digits, not ``+3`` or ``3.0``), and the error quotes the argument briefly.

    Args:
        low: The smallest value allowed.
        high: The largest value allowed.
        note: Said after the range in the error, such as why the range is what it is.

    Returns:
        A function for ``argparse``'s ``type=``.

    >>> deals = number(low=1, high=100)
    >>> deals("42")
    42
    >>> deals("٤٢")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: not a whole number in the digits 0-9: '٤٢'
    """
    if low is not None and high is not None:
        wanted = f"must be from {low} to {high}"
    elif low is not None:
        wanted = f"must be at least {low}"
    elif high is not None:
        wanted = f"must be at most {high}"
    else:
        wanted = f"must have at most {MAX_DIGITS} digits"

    def parse(text: str) -> int:
        if _WHOLE.fullmatch(text) is None:
            raise argparse.ArgumentTypeError(f"not a whole number in the digits 0-9: {quote(text)}")
        # Counted on the text: int() of thousands of digits is slow, or refused.
        value = int(text) if len(text.lstrip("-")) <= MAX_DIGITS else None
        if (
            value is None
            or (low is not None and value < low)
            or (high is not None and value > high)
        ):
            raise argparse.ArgumentTypeError(f"{wanted}{note}, not {quote(text)}")
        return value

    return parse


def tarot_players(text: str) -> int:
    """The argument type of ``--players``: 3, 4 or 5 (French Tarot).

    >>> tarot_players("5")
    5
    """
    if text in ("3", "4", "5"):
        return int(text)
    raise argparse.ArgumentTypeError(f"must be 3, 4 or 5, not {quote(text)}")


def max_workers() -> int:
    """The most worker processes ``simulate --workers`` may start: 2 per CPU."""
    return 2 * (os.cpu_count() or 1)


# (flag, option name, kind, help). kind: "flag" (True when given), "int", a tuple of
# choices, or a constant value stored when the flag is given.
_EUCHRE_FLAGS: Final[tuple[tuple[str, str, Any, str], ...]] = (
    ("--stick-the-dealer", "stick_the_dealer", "flag", "the dealer may not pass (E-35)"),
    ("--ace-no-face", "ace_no_face", "flag", "an ace with no face card may be thrown in (E-36)"),
    ("--joker", "joker", "flag", "add the joker as the highest trump (E-37)"),
    (
        "--joker-discard",
        "joker_discard_timing",
        ("before_auction", "after_trump"),
        "when the dealer discards with the joker (E-37)",
    ),
    ("--double-deck", "double_deck", "flag", "48 cards and 12 tricks (E-38)"),
    ("--no-trump", "allow_no_trump", "flag", "the declarer may name no-trump (E-13)"),
    ("--plain-six", "allow_plain_six", "flag", "allow the plain bid of every trick (E-10)"),
    ("--continuous", "bidding_style", "continuous", "bid round and round, not once each (E-7)"),
    ("--target", "target_score", "int", "points that win the match (E-33; default 32)"),
    ("--min-bid", "min_bid", "int", "the lowest bid (E-8; default 3)"),
    (
        "--help-card",
        "help_card_rule",
        ("highest_trump", "partner_choice"),
        "which card the partner returns after a help bid (E-14)",
    ),
    ("--help-exchange", "help_exchange_count", "int", "cards passed each way (E-14)"),
    ("--help-value", "help_value", "int", "score of a made help bid (E-27)"),
    ("--moon-value", "moon_value", "int", "score of a made moon (E-28)"),
    (
        "--lone-set-penalty",
        "lone_set_penalty",
        ("bid", "contract_value"),
        "what a failed help bid or moon costs (E-29)",
    ),
    ("--renege-mode", "renege_mode", ("reject", "penalize"), "refuse or penalise reneges (E-23)"),
    ("--renege-penalty", "renege_penalty", "int", "points lost per renege (E-31)"),
    (
        "--end-rule",
        "simultaneous_target_rule",
        ("higher_score", "bidder_wins", "makers_or_setters", "always_replay"),
        "who wins when both teams reach the target (E-34)",
    ),
)

_TAROT_FLAGS: Final[tuple[tuple[str, str, Any, str], ...]] = (
    (
        "--rounding",
        "half_point_rounding",
        ("to_winner", "floor", "none"),
        "how a half point difference is rounded (T-30)",
    ),
    ("--random-chien", "chien_schedule", "random", "deal the chien at random places (T-8)"),
)

_PLAYERS_FLAG: Final = ("--players", "players", tarot_players, "3, 4 or 5 (default 4)")
_FLAG_OF: Final = {
    name: flag for flag, name, _, _ in (*_EUCHRE_FLAGS, *_TAROT_FLAGS, _PLAYERS_FLAG)
}
_DEST: Final = "opt_"


def variant_flags() -> dict[type[Variant], tuple[tuple[str, str, Any, str], ...]]:
    """The option flags of each built-in variant class, by the option they set.

    A flag applies to its class and to subclasses of it.
    """
    from cardrules.bid_euchre import BidEuchreVariant
    from cardrules.tarot import TarotVariant

    return {TarotVariant: (_PLAYERS_FLAG, *_TAROT_FLAGS), BidEuchreVariant: _EUCHRE_FLAGS}


def _owner(option: str) -> type[Variant] | None:
    for cls, flags in variant_flags().items():
        if option in {name for _, name, _, _ in flags}:
            return cls
    return None


def _choice(choices: tuple[str, ...]) -> Any:
    def parse(text: str) -> str:
        value = text.replace("-", "_")
        if value not in choices:
            raise argparse.ArgumentTypeError(
                f"invalid choice {quote(text)}: choose from {', '.join(choices)}"
            )
        return value

    return parse


def _add_flags(group: Any, flags: Iterable[tuple[str, str, Any, str]]) -> None:
    for flag, name, kind, text in flags:
        dest = _DEST + name
        if kind == "flag":
            group.add_argument(flag, dest=dest, action="store_const", const=True, help=text)
        elif kind == "int":
            group.add_argument(flag, dest=dest, type=number(), metavar="N", help=text)
        elif isinstance(kind, tuple):
            group.add_argument(
                flag, dest=dest, type=_choice(kind), metavar="{" + ",".join(kind) + "}", help=text
            )
        elif callable(kind):
            group.add_argument(flag, dest=dest, type=kind, metavar="N", help=text)
        else:
            group.add_argument(flag, dest=dest, action="store_const", const=kind, help=text)


def _key_value(text: str) -> tuple[str, Any]:
    if len(text) > MAX_OPTION_TEXT:
        raise argparse.ArgumentTypeError(
            f"KEY=VALUE is at most {MAX_OPTION_TEXT} characters, not {len(text)}"
        )
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, not {quote(text)}")
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):
        # Not JSON (or too deeply nested to be an option): the text itself, which the
        # variant then accepts or refuses.
        value = raw
    return key.replace("-", "_"), value


def add_variant_options(parser: argparse.ArgumentParser, *, players: bool = True) -> None:
    """Add the variant option flags to ``parser``.

    Args:
        parser: The parser of a command that builds a variant.
        players: Also add ``--players`` (French Tarot: 3, 4 or 5).
    """
    tarot = parser.add_argument_group("French Tarot options")
    if players:
        tarot.add_argument(
            "--players",
            dest=_DEST + "players",
            type=tarot_players,
            metavar="{3,4,5}",
            help="3, 4 or 5",
        )
    _add_flags(tarot, _TAROT_FLAGS)
    euchre = parser.add_argument_group("Bid Euchre house rules")
    _add_flags(euchre, _EUCHRE_FLAGS)
    parser.add_argument(
        "--option",
        dest="options",
        type=_key_value,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="any option of the variant by its name, the value in JSON (repeatable)",
    )


def _add_option(parser: Any) -> None:
    parser.add_argument(
        "--option",
        dest="options",
        type=_key_value,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="any option of the variant by its name, the value in JSON (repeatable)",
    )


def add_flags_for(parser: argparse.ArgumentParser, cls: type[Variant]) -> None:
    """Add the option flags of the variant class ``cls`` to ``parser``, and ``--option``.

    French Tarot gets ``--players`` and its house rules, Bid Euchre its house rules, a
    plugin's variant ``--option KEY=VALUE`` only: each command shows the flags that
    apply to its game.

    >>> import cardrules
    >>> parser = argparse.ArgumentParser()
    >>> add_flags_for(parser, type(cardrules.get_variant("tarot")))
    >>> flag_options(parser.parse_args(["--players", "5", "--rounding", "floor"]))
    {'half_point_rounding': 'floor', 'players': 5}
    """
    for owner, flags in variant_flags().items():
        if not issubclass(cls, owner):
            continue
        _add_flags(parser.add_argument_group(f"{owner.name} options"), flags)
    _add_option(parser)


def other_game_flag(args: Sequence[str], cls: type[Variant]) -> str | None:
    """The first flag in ``args`` that belongs to another built-in variant than ``cls``,
    said as an error (``--joker is a Bid Euchre option, not one of French Tarot``)."""
    owners = {flag: owner for owner, flags in variant_flags().items() for flag, *_ in flags}
    for arg in args:
        flag = arg.partition("=")[0]
        owner = owners.get(flag)
        if owner is not None and not issubclass(cls, owner):
            return f"{flag} is a {owner.name} option, not one of {cls.name}"
    return None


def add_euchre_flags(parser: argparse.ArgumentParser) -> None:
    """Add only the Bid Euchre house-rule flags to ``parser`` (see :func:`flag_options`)."""
    _add_flags(parser.add_argument_group("Bid Euchre house rules"), _EUCHRE_FLAGS)


def flag_options(args: argparse.Namespace) -> dict[str, Any]:
    """The options given as flags in ``args``, by option name (flags not given are left out).

    >>> parser = argparse.ArgumentParser()
    >>> add_euchre_flags(parser)
    >>> flag_options(parser.parse_args(["--double-deck", "--renege-mode", "penalize"]))
    {'double_deck': True, 'renege_mode': 'penalize'}
    """
    return {
        dest[len(_DEST) :]: value
        for dest, value in sorted(vars(args).items())
        if dest.startswith(_DEST) and value is not None
    }


def build_variant(name: str, args: argparse.Namespace) -> Variant:
    """The variant ``name`` with the options given as flags in ``args``.

    Args:
        name: A variant id or alias, built-in or from a plugin.
        args: Parsed arguments of a parser given :func:`add_variant_options`.

    Returns:
        The variant.

    Raises:
        UsageError: a flag of another game, or options the variant rejects.
        UnknownVariantError: no variant has that name.
        PluginError: the plugin of that name failed to load.
    """
    cls = get_variant_class(name)
    options = flag_options(args)
    for option in options:
        owner = _owner(option)
        if owner is not None and not issubclass(cls, owner):
            flag = _FLAG_OF.get(option, "--" + option)
            raise UsageError(f"{flag} is a {owner.name} option, not one of {cls.name}")
    for key, value in getattr(args, "options", []):
        options[key] = value
    try:
        return cls.from_options_json(options)
    except OptionsError as exc:
        raise UsageError(f"bad {cls.name} options: {exc}") from None


def parse_seat(text: str | None, variant: Variant, *, default: int = 0) -> int:
    """A seat from its number, or from the letters the table names seats by (``N``,
    ``E``, ``S``, ``W`` in Bid Euchre).

    Raises:
        UsageError: not a seat of this table.

    >>> import cardrules
    >>> parse_seat("W", cardrules.get_variant("bid-euchre")), parse_seat(None, None, default=1)
    (3, 1)
    """
    if text is None:
        return default
    from cardrules.cli._present import presenter_for

    presenter = presenter_for(variant)
    names = presenter.seat_codes
    key = text.strip().upper()
    # Matched against the seats' own names: never int() of the text, however long.
    if key in {str(seat) for seat in range(variant.players)}:
        return int(key)
    if len(key) == 1 and key in names:
        return names.index(key)
    raise UsageError(f"seat {quote(text)} does not exist: seats run from {presenter.seat_range()}")


def fresh_seed() -> int:
    """A new seed from the operating system, printed so that a game can be replayed."""
    return random.SystemRandom().randrange(1 << 32)


def seed_of(args: argparse.Namespace) -> int:
    """The seed given with ``--seed``, or a fresh one."""
    seed: int | None = args.seed
    return fresh_seed() if seed is None else seed


def deal_rng(seed: int, index: int) -> random.Random:
    """The generator of deal ``index`` of a run seeded with ``seed``.

    Every deal has its own generator, so deal ``index`` is the same whatever ran before
    it and in whatever process: ``simulate --workers`` gives the same results as a
    single process, and ``demo --seed S`` plays the first deal of ``simulate --seed S``.

    >>> deal_rng(7, 3).random() == deal_rng(7, 3).random()
    True
    """
    return random.Random(f"cardrules:{seed}:{index}")


def _os_reason(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def check_writable(path: str) -> None:
    """Fail now, before a long game or run, if ``path`` clearly cannot be written.

    Raises:
        FileError: ``path`` is empty or a folder, its folder does not exist, or either
            is read-only (``-`` always passes: ``--save -`` writes to standard output).
    """
    if path == "-":
        return
    try:
        target = Path(path)
        folder = target.parent
        if not path:
            reason = "the name is empty"
        elif target.is_dir():
            reason = "it is a folder"
        elif not folder.is_dir():
            reason = "its folder does not exist"
        elif target.exists() and not os.access(target, os.W_OK):
            reason = "it is read-only"
        elif not target.exists() and not os.access(folder, os.W_OK):
            reason = "its folder is read-only"
        else:
            return
    except (OSError, ValueError) as exc:
        # ValueError: a name with a NUL character, which no file can have.
        reason = _os_reason(exc) if isinstance(exc, OSError) else "not a file name"
    raise FileError(f"cannot write {brief(path)}: {reason}")


def write_text(path: str, text: str) -> None:
    """Write ``text`` to the file ``path``.

    Raises:
        FileError: the file cannot be written.
    """
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise FileError(f"cannot write {brief(path)}: {_os_reason(exc)}") from None
    except ValueError:
        raise FileError(f"cannot write {brief(path)}: not a file name") from None


def write_records(path: str, states: Sequence[State]) -> None:
    """Write the records of ``states``' games to ``path``, one JSON record per line.

    Args:
        path: The file; ``-`` for standard output.
        states: The games, each at its end or where it was left.

    Raises:
        FileError: the file cannot be written.
    """
    text = "".join(dumps(state.record()) + "\n" for state in states)
    if path == "-":
        sys.stdout.write(text)
    else:
        write_text(path, text)


def _read_bytes(path: str) -> bytes:
    name = "standard input" if path == "-" else brief(path)
    try:
        if path == "-":
            if sys.stdin is None:
                raise FileError("cannot read standard input: it is closed")
            data = sys.stdin.buffer.read(MAX_RECORD_FILE + 1)
        else:
            with open(path, "rb") as file:
                data = file.read(MAX_RECORD_FILE + 1)
    except OSError as exc:
        raise FileError(f"cannot read {name}: {_os_reason(exc)}") from None
    except ValueError:
        raise FileError(f"cannot read {name}: not a file name") from None
    if len(data) > MAX_RECORD_FILE:
        raise FileError(f"cannot read {name}: a record file is at most {MAX_RECORD_FILE >> 20} MiB")
    return data


def read_records(path: str) -> list[Record]:
    """The records in ``path``: one JSON record, or one per line (as ``--save`` writes).

    Args:
        path: The file; ``-`` for standard input. At most :data:`MAX_RECORD_FILE`
            bytes are read.

    Raises:
        FileError: the file cannot be read, or is too large.
        RecordError: the text is not a record, or a line is not one (its number is
            given).
    """
    data = _read_bytes(path)
    lines = [line for line in data.splitlines() if line.strip()]
    if len(lines) > 1 and all(line.lstrip().startswith(b"{") for line in lines):
        records = []
        for number, line in enumerate(lines, 1):
            try:
                records.append(loads(line))
            except RecordError as exc:
                raise RecordError(f"line {number}: {exc}") from None
        return records
    return [loads(data)]
