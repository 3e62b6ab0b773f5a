"""The ``cardrules`` command: play, watch, simulate, score and replay games.

Installed as the ``cardrules`` console script, and run by ``python -m cardrules``::

    cardrules play tarot [--players 3|4|5] [--seed S] [--seat N] [--save FILE]
    cardrules play bid-euchre [--seed S] [--seat N] [--stick-the-dealer] [--joker] … [--save FILE]
    cardrules demo VARIANT [--seed S] [flags of that game …] [--save FILE]
    cardrules play|demo VARIANT --help      (the flags of that game)
    cardrules simulate VARIANT --deals N [--seed S] [--bots KIND,KIND,…] [--workers K]
                       [--backend {local,ray}] [--address ADDRESS] [--json FILE|-]
                       [--report FILE.html]
    cardrules score tarot --contract C --taker N --points P --bouts B [--partner N]
                          [--petit-au-bout CAMP] [--poignee LEVEL …] [--chelem CAMP]
                          [--chelem-announced]
    cardrules score bid-euchre --contract C --declarer N --tricks NS EW [--renege SEAT …]
    cardrules replay FILE
    cardrules analyse FILE [--horizon N] [--json]
    cardrules variants

Exit status: 0 on success (also when a game is left with ``q`` or the input ends), 1
when a record is invalid or a file cannot be read or written, 2 for bad arguments or
impossible facts, 130 after Ctrl-C, 143 when ``simulate`` is stopped by SIGTERM. Error
messages are one line, and quote arguments briefly.

>>> main(["score", "bid-euchre", "--contract", "4", "--declarer", "N", "--tricks", "5", "1"])
4 by N for NS: made with 5 of 6 tricks
NS +5
  bid 4 made with 5 tricks: +5
EW +1
  defended against 4 with 1 trick: +1
0
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from cardrules.cli._common import (
    EXIT_ERROR,
    EXIT_INTERRUPTED,
    EXIT_TERMINATED,
    EXIT_USAGE,
    FileError,
    Terminated,
    UsageError,
    add_flags_for,
    bounded,
    brief,
    build_variant,
    check_writable,
    number,
    other_game_flag,
    parse_seat,
    read_records,
    seed_of,
    write_records,
)
from cardrules.errors import (
    CardrulesError,
    OptionsError,
    PluginError,
    RecordError,
    UnknownVariantError,
)
from cardrules.registry import get_variant_class
from cardrules.state import Variant

__all__ = ["build_parser", "game_parser", "main"]

_DESCRIPTION = """\
Play French Tarot or Bid Euchre against bots, watch bots play, simulate thousands of
deals, score a deal played at a real table, or check a saved game record."""

_EPILOG = """\
examples:
  cardrules demo tarot --seed 7
  cardrules play bid-euchre --stick-the-dealer --target 21
  cardrules simulate tarot --deals 1000 --bots heuristic,random,random,random --workers 2
  cardrules score tarot --contract garde --taker 0 --points 45 --bouts 2
  cardrules score bid-euchre --contract 6M --declarer E --tricks 0 6
  cardrules demo bid-euchre --seed 3 --save match.jsonl && cardrules replay match.jsonl"""


_PLAY_EPILOG = """\
Each game has its own flags, listed by:
  cardrules play tarot --help
  cardrules play bid-euchre --help
  cardrules play VARIANT --help    (a plugin's variant: --option KEY=VALUE)"""

_DEMO_EPILOG = _PLAY_EPILOG.replace("play", "demo")


class _Parser(argparse.ArgumentParser):
    """An argument parser whose error messages quote the arguments briefly."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {bounded(message)}\n")


def _add_game_flags(parser: argparse.ArgumentParser) -> None:
    """Everything after ``VARIANT``, for :func:`game_parser` of that game to read."""
    flags = parser.add_argument("flags", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    # The game's flags may all be left out: only VARIANT is required.
    flags.required = False


def game_parser(command: str, cls: type[Variant]) -> argparse.ArgumentParser:
    """The flags of ``cardrules COMMAND VARIANT``: the command's own, then the game's.

    Each game's command has its own parser, so that its help lists only the flags
    that apply to it, and a typo shows that command's short usage.

    >>> import cardrules
    >>> parser = game_parser("play", type(cardrules.get_variant("bid-euchre")))
    >>> help_text = parser.format_help()
    >>> "--stick-the-dealer" in help_text, "--players" in help_text
    (True, False)
    """
    prog = f"cardrules {command} {cls.id}"
    flags = "[--seed S] [--seat SEAT] [--bots KIND] [--no-auto-single] [--save FILE]"
    if command != "play":
        flags = "[--seed S] [--save FILE]"
    parser = _Parser(
        prog=prog,
        usage=f"{prog} {flags} [GAME OPTIONS]",
        description=(
            f"Play {cls.name} against bots."
            if command == "play"
            else f"Watch bots play {cls.name}, with the score explained."
        ),
    )
    if command == "play":
        parser.add_argument(
            "--seed", type=number(), help="deal the same cards again (default: random)"
        )
        parser.add_argument("--seat", help="your seat (default 0)")
        parser.add_argument(
            "--bots", choices=("heuristic", "random"), default="heuristic", help="the opponents"
        )
        parser.add_argument(
            "--auto-single",
            action=argparse.BooleanOptionalAction,
            default=True,
            help="play your only legal action without asking (the default; "
            "--no-auto-single asks every time)",
        )
    else:
        parser.add_argument(
            "--seed", type=number(), help="play the same game again (default: random)"
        )
    parser.add_argument("--save", metavar="FILE", help="write the game records to FILE")
    add_flags_for(parser, cls)
    return parser


def _game_args(args: argparse.Namespace) -> tuple[Variant, argparse.Namespace]:
    """The variant of ``cardrules play|demo VARIANT …`` and its own flags, parsed."""
    cls = get_variant_class(args.variant)
    flags: list[str] = args.flags
    wrong = other_game_flag(flags, cls)
    if wrong is not None:
        raise UsageError(wrong)
    game_args = game_parser(args.command, cls).parse_args(flags)
    return build_variant(args.variant, game_args), game_args


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``cardrules`` command, with one subparser per command.

    The flags after ``play VARIANT`` and ``demo VARIANT`` are that game's own, parsed by
    :func:`game_parser`:

    >>> build_parser().parse_args(["demo", "tarot", "--seed", "3"]).flags
    ['--seed', '3']
    """
    from cardrules import __version__, compiled

    parser = _Parser(
        prog="cardrules",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    build = "compiled" if compiled else "pure Python"
    parser.add_argument("--version", action="version", version=f"cardrules {__version__} ({build})")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    play = sub.add_parser(
        "play",
        help="play a game at the terminal against bots",
        usage="cardrules play VARIANT [flags of that game]",
        description=(
            "Play against bots: one French Tarot deal, or a Bid Euchre match to the\n"
            "target score. Answer with the number of a legal action or with its notation;\n"
            "'?' for help, 'q' to quit."
        ),
        epilog=_PLAY_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play.add_argument("variant", metavar="VARIANT", help="tarot, bid-euchre, or a plugin's id")
    _add_game_flags(play)
    play.set_defaults(run=_cmd_play)

    demo = sub.add_parser(
        "demo",
        help="watch bots play a deal (Bid Euchre: a match), with the score explained",
        usage="cardrules demo VARIANT [flags of that game]",
        description=(
            "Bots play one French Tarot deal, or a Bid Euchre match to the target score;\n"
            "the transcript shows every hand, bid and trick, and the score breakdown."
        ),
        epilog=_DEMO_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    demo.add_argument("variant", metavar="VARIANT", help="tarot, bid-euchre, or a plugin's id")
    _add_game_flags(demo)
    demo.set_defaults(run=_cmd_demo)

    from cardrules.cli._simulate import add_simulate_parser

    add_simulate_parser(sub)

    score = sub.add_parser(
        "score",
        help="score a deal played at a real table",
        description="Score a deal from its facts alone.",
    )
    from cardrules.cli._score import add_score_parsers

    add_score_parsers(score.add_subparsers(dest="game", metavar="GAME", required=True))
    score.set_defaults(run=_cmd_score)

    replay = sub.add_parser(
        "replay",
        help="check a saved game record and show its transcript and result",
        description=(
            "Replay a record through the rules (cardrules.dumps(state.record()), or one "
            "record per line as --save writes) and print its transcript and result. An "
            "invalid or tampered record is reported on stderr with exit status 1."
        ),
    )
    replay.add_argument("file", metavar="FILE", help="the record file; - for standard input")
    replay.set_defaults(run=_cmd_replay)

    analyse = sub.add_parser(
        "analyse",
        help="each seat's card play in a saved deal against the solver's best play",
        description=(
            "Replay a record (as for replay) and solve every card-play decision from the "
            "solver's horizon on, with every card known: the value of the card played "
            "against the best (tricks for Bid Euchre, points M for French Tarot), and "
            "what each seat lost."
        ),
    )
    analyse.add_argument("file", metavar="FILE", help="the record file; - for standard input")
    analyse.add_argument(
        "--horizon",
        type=number(low=0, high=1000),
        help="solve from this many tricks before the end (default: the solver's own)",
    )
    analyse.add_argument("--json", action="store_true", help="print the analyses as JSON")
    analyse.set_defaults(run=_cmd_analyse)

    variants = sub.add_parser(
        "variants",
        help="list the variants: built-in and from plugins",
        description="List every variant id: the built-in games, then those of plugins.",
    )
    variants.set_defaults(run=_cmd_variants)
    return parser


# -- commands ---------------------------------------------------------------------------


def _cmd_play(args: argparse.Namespace) -> int:
    from cardrules.cli._play import run_play

    variant, args = _game_args(args)
    seat = parse_seat(args.seat, variant)
    if args.save is not None:
        check_writable(args.save)
    # A closed standard input is an input that has ended.
    stdin = sys.stdin if sys.stdin is not None else io.StringIO()
    interactive = stdin.isatty()
    if interactive:
        # Importing readline gives input() line editing and history, where it exists.
        with contextlib.suppress(ImportError):
            importlib.import_module("readline")
    if isinstance(stdin, io.TextIOWrapper):
        # Undecodable bytes typed or piped in are answered like any other bad input.
        stdin.reconfigure(errors="replace")
    return run_play(
        variant,
        seat=seat,
        seed=seed_of(args),
        save=args.save,
        out=sys.stdout,
        inp=None if interactive else stdin,
        bot_kind=args.bots,
        auto_single=args.auto_single,
    )


def _cmd_demo(args: argparse.Namespace) -> int:
    from cardrules.cli._games import bot_chooser, make_bots, play_series

    variant, args = _game_args(args)
    if args.save is not None:
        check_writable(args.save)
    seed = seed_of(args)
    bots, note = make_bots(variant, ["heuristic"] * variant.players)
    print(f"{variant.name}, {variant.players} players, seed {seed}: bots play every seat.")
    if note:
        print(note)
    finals = play_series(variant, seed, bot_chooser(bots), out=sys.stdout, compact=True)
    if args.save is not None:
        _save(args.save, finals)
    return 0


def _save(path: str, finals: Sequence[Any]) -> None:
    write_records(path, finals)
    print(f"Saved {len(finals)} record(s) to {brief(path)}.", file=sys.stderr)


def _cmd_score(args: argparse.Namespace) -> int:
    args.score(args, sys.stdout)
    return 0


def _cmd_replay(args: argparse.Namespace) -> int:
    from cardrules.cli._games import replay_records

    name = "standard input" if args.file == "-" else brief(args.file)
    try:
        records = read_records(args.file)
        # Everything is checked before anything is printed: a bad record prints no
        # transcript at all, only the error.
        text = io.StringIO()
        replay_records(records, out=text)
    except FileError as exc:
        print(bounded(f"cardrules replay: {exc}"), file=sys.stderr)
        return EXIT_ERROR
    except CardrulesError as exc:
        print(bounded(f"cardrules replay: {name} is not a valid record: {exc}"), file=sys.stderr)
        return EXIT_ERROR
    sys.stdout.write(text.getvalue())
    print(f"{name}: {len(records)} valid record(s).")
    return 0


def _cmd_analyse(args: argparse.Namespace) -> int:
    from cardrules.cli._games import analyse_records

    name = "standard input" if args.file == "-" else brief(args.file)
    try:
        records = read_records(args.file)
        text = io.StringIO()
        analyse_records(records, out=text, horizon=args.horizon, as_json=args.json)
    except FileError as exc:
        print(bounded(f"cardrules analyse: {exc}"), file=sys.stderr)
        return EXIT_ERROR
    except RecordError as exc:
        print(bounded(f"cardrules analyse: {name} is not a valid record: {exc}"), file=sys.stderr)
        return EXIT_ERROR
    sys.stdout.write(text.getvalue())
    return 0


def _cmd_variants(args: argparse.Namespace) -> int:
    from cardrules.registry import get_variant_class, plugin_errors, variant_ids

    for variant_id in variant_ids():
        cls = get_variant_class(variant_id)
        module = cls.__module__
        origin = "built-in" if module.startswith("cardrules.") else f"plugin {module}"
        aliases = f"; also {', '.join(cls.aliases)}" if cls.aliases else ""
        print(f"{variant_id:<12} {cls.name} ({origin}{aliases})")
    for name, error in plugin_errors().items():
        print(f"cardrules variants: the plugin {name!r} failed to load: {error}", file=sys.stderr)
    return 0


# -- entry point -------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cardrules`` command with ``argv`` (default: the process's arguments).

    Args:
        argv: The arguments after the program name.

    Returns:
        The exit status (see the module documentation). Bad arguments make argparse
        exit with status 2 after printing the usage.

    >>> main(["score", "tarot", "--contract", "garde", "--taker", "0", "--points", "45",
    ...       "--bouts", "2"])
    Garde (x2), 4 players: taker seat 0
    ...
    Scores: seat 0: +174, seat 1: -58, seat 2: -58, seat 3: -58
    0
    >>> main(["score", "tarot", "--contract", "garde", "--taker", "0", "--points", "45",
    ...       "--bouts", "5"])  # the error goes to stderr
    2
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.run(args)
    except (UsageError, OptionsError, UnknownVariantError, PluginError) as exc:
        return _fail(args.command, str(exc), EXIT_USAGE)
    except CardrulesError as exc:
        # A file that cannot be written, and anything else the library refuses.
        return _fail(args.command, str(exc), EXIT_ERROR)
    except Terminated:
        print("\nTerminated.", file=sys.stderr)
        return EXIT_TERMINATED
    except KeyboardInterrupt:
        print("\nInterrupted.", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader of the output went away (cardrules demo … | head): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_ERROR
    except OSError as exc:
        # Output that cannot be written (a full disk, a closed terminal).
        return _fail(args.command, exc.strerror or type(exc).__name__, EXIT_ERROR)
    return status


def _fail(command: str, message: str, status: int) -> int:
    print(bounded(f"cardrules {command}: error: {message}"), file=sys.stderr)
    return status
