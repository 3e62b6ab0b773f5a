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
import json
import random
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Final

from cardrules.cards import _quote
from cardrules.errors import CardrulesError, OptionsError, RecordError
from cardrules.records import Record, dumps, loads
from cardrules.registry import get_variant_class
from cardrules.state import State, Variant

__all__ = [
    "EXIT_ERROR",
    "EXIT_INTERRUPTED",
    "EXIT_USAGE",
    "UsageError",
    "add_euchre_flags",
    "add_variant_options",
    "build_variant",
    "deal_rng",
    "flag_options",
    "fresh_seed",
    "parse_seat",
    "read_records",
    "write_records",
]

EXIT_ERROR: Final = 1
"""Exit status of a command that failed (a bad record, a file that cannot be read)."""

EXIT_USAGE: Final = 2
"""Exit status of a command given bad arguments or impossible facts."""

EXIT_INTERRUPTED: Final = 130
"""Exit status after Ctrl-C (128 + SIGINT), as shells report it."""


class UsageError(CardrulesError, ValueError):
    """Arguments that the command cannot use; the command exits with status 2."""


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

_OWNER: Final = {name: "bid-euchre" for _, name, _, _ in _EUCHRE_FLAGS} | {
    name: "tarot" for _, name, _, _ in _TAROT_FLAGS
}
_FLAG_OF: Final = {name: flag for flag, name, _, _ in (*_EUCHRE_FLAGS, *_TAROT_FLAGS)}
_DEST: Final = "opt_"


def _choice(choices: tuple[str, ...]) -> Any:
    def parse(text: str) -> str:
        value = text.replace("-", "_")
        if value not in choices:
            raise argparse.ArgumentTypeError(
                f"invalid choice {_quote(text)}: choose from {', '.join(choices)}"
            )
        return value

    return parse


def _add_flags(group: Any, flags: Iterable[tuple[str, str, Any, str]]) -> None:
    for flag, name, kind, text in flags:
        dest = _DEST + name
        if kind == "flag":
            group.add_argument(flag, dest=dest, action="store_const", const=True, help=text)
        elif kind == "int":
            group.add_argument(flag, dest=dest, type=int, metavar="N", help=text)
        elif isinstance(kind, tuple):
            group.add_argument(
                flag, dest=dest, type=_choice(kind), metavar="{" + ",".join(kind) + "}", help=text
            )
        else:
            group.add_argument(flag, dest=dest, action="store_const", const=kind, help=text)


def _key_value(text: str) -> tuple[str, Any]:
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, not {_quote(text)}")
    try:
        value = json.loads(raw)
    except ValueError:
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
            "--players", dest=_DEST + "players", type=int, choices=(3, 4, 5), help="3, 4 or 5"
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
        owner = _OWNER.get(option, "tarot")
        if owner != cls.id:
            flag = _FLAG_OF.get(option, "--" + option)
            game = "French Tarot" if owner == "tarot" else "Bid Euchre"
            raise UsageError(f"{flag} is a {game} option, not one of {cls.name}")
    for key, value in getattr(args, "options", []):
        options[key] = value
    try:
        return cls.from_options_json(options)
    except OptionsError as exc:
        raise UsageError(f"bad {cls.name} options: {exc}") from None


def parse_seat(text: str | None, variant: Variant, *, default: int = 0) -> int:
    """A seat from its number, or from ``N``, ``E``, ``S``, ``W`` in Bid Euchre.

    Raises:
        UsageError: not a seat of this table.

    >>> import cardrules
    >>> parse_seat("W", cardrules.get_variant("bid-euchre")), parse_seat(None, None, default=1)
    (3, 1)
    """
    if text is None:
        return default
    players = variant.players
    names = "NESW" if variant.id == "bid-euchre" else ""
    key = text.strip().upper()
    # A few ASCII digits at most: int() would take any digits and refuse 4,301 of them.
    if key.isdecimal() and key.isascii() and len(key) <= 2 and int(key) < players:
        return int(key)
    if len(key) == 1 and key in names:
        return names.index(key)
    hint = " or N, E, S, W" if names else ""
    raise UsageError(f"seat {_quote(text)} does not exist: seats run from 0 to {players - 1}{hint}")


def fresh_seed() -> int:
    """A new seed from the operating system, printed so that a game can be replayed."""
    return random.SystemRandom().randrange(1 << 32)


def deal_rng(seed: int, index: int) -> random.Random:
    """The generator of deal ``index`` of a run seeded with ``seed``.

    Every deal has its own generator, so deal ``index`` is the same whatever ran before
    it and in whatever process: ``simulate --workers`` gives the same results as a
    single process, and ``demo --seed S`` plays the first deal of ``simulate --seed S``.

    >>> deal_rng(7, 3).random() == deal_rng(7, 3).random()
    True
    """
    return random.Random(f"cardrules:{seed}:{index}")


def write_records(path: str, states: Sequence[State]) -> None:
    """Write the records of ``states``' games to ``path``, one JSON record per line.

    Raises:
        OSError: the file cannot be written.
    """
    text = "".join(dumps(state.record()) + "\n" for state in states)
    if path == "-":
        sys.stdout.write(text)
    else:
        Path(path).write_text(text, encoding="utf-8")


def read_records(path: str) -> list[Record]:
    """The records in ``path``: one JSON record, or one per line (as ``--save`` writes).

    Raises:
        OSError: the file cannot be read.
        RecordError: the text is not a record, or a line is not one (its number is
            given).
    """
    data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
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
