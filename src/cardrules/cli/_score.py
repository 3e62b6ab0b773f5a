"""``cardrules score``: score a deal played at a real table from its facts alone.

``score tarot`` builds a :class:`~cardrules.tarot.DealFacts` and prints
:func:`~cardrules.tarot.score_deal`'s breakdown; ``score bid-euchre`` builds a
:class:`~cardrules.bid_euchre.HandFacts` and prints :func:`~cardrules.bid_euchre.score_hand`'s.
Both take a deal not played as ``--void REASON``; a Tarot table may give the defence's
pile (``--defence-points``, ``--defence-bouts``), a Bid Euchre one the declarer's tricks
(``--declarer-tricks``).
Facts that no deal can produce are reported with the library's message, and the
command exits with status 2.

>>> import argparse, io
>>> parser = argparse.ArgumentParser()
>>> add_score_parsers(parser.add_subparsers(dest="game"))
>>> args = parser.parse_args(["tarot", "--contract", "garde", "--taker", "0",
...                           "--points", "45", "--bouts", "2"])
>>> out = io.StringIO()
>>> args.score(args, out)
>>> out.getvalue().splitlines()[-1]
'Scores: seat 0: +174, seat 1: -58, seat 2: -58, seat 3: -58'
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from cardrules._util import quote
from cardrules.cli._common import UsageError, add_euchre_flags, flag_options, number, tarot_players
from cardrules.errors import CardrulesError

__all__ = ["add_score_parsers", "score_bid_euchre", "score_tarot"]


_NUMBER = number()


def _seat(text: str) -> int:
    key = text.strip().upper()
    if len(key) == 1 and key in "NESW":
        return "NESW".index(key)
    try:
        return _NUMBER(key)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            f"not a seat: {quote(text)}; a seat is 0 to 3, or N, E, S, W"
        ) from None


def add_score_parsers(sub: Any) -> None:
    """Add the ``tarot`` and ``bid-euchre`` parsers to the ``score`` command's subparsers.

    Args:
        sub: What ``add_subparsers`` returned for the ``score`` command.
    """
    tarot = sub.add_parser(
        "tarot",
        aliases=["french-tarot"],
        help="score a French Tarot deal",
        description="Score a French Tarot deal from its facts (T-28 … T-37).",
    )
    tarot.add_argument(
        "--players", type=tarot_players, default=4, metavar="{3,4,5}", help="3, 4 or 5 (default 4)"
    )
    tarot.add_argument("--contract", help="prise, garde, garde-sans or garde-contre")
    tarot.add_argument("--taker", type=_NUMBER, metavar="SEAT", help="the taker")
    tarot.add_argument(
        "--partner", type=_NUMBER, metavar="SEAT", help="the called partner (5 players)"
    )
    tarot.add_argument("--points", help="the attack's card points, 0 to 91, such as 40.5")
    tarot.add_argument(
        "--defence-points",
        metavar="POINTS",
        help="or the defence's card points, where the table counts its pile (T-28)",
    )
    tarot.add_argument("--bouts", type=_NUMBER, help="bouts in the attack's pile, 0 to 3")
    tarot.add_argument(
        "--defence-bouts", type=_NUMBER, metavar="BOUTS", help="or bouts in the defence's pile"
    )
    tarot.add_argument(
        "--petit-au-bout", choices=("attack", "defence"), help="the camp that took it (T-32)"
    )
    tarot.add_argument(
        "--poignee",
        choices=("simple", "double", "triple"),
        nargs="+",
        action="extend",
        default=[],
        help="each poignée declared, by anyone (T-33)",
    )
    tarot.add_argument(
        "--chelem", choices=("attack", "defence"), help="the camp that won every trick (T-27)"
    )
    tarot.add_argument(
        "--chelem-announced", action="store_true", help="the taker announced a slam (T-17)"
    )
    tarot.add_argument(
        "--void",
        choices=("all-pass", "petit-sec"),
        help="the deal was annulled before play (T-12, T-9)",
    )
    tarot.add_argument(
        "--rounding",
        choices=("to_winner", "floor", "none"),
        default="to_winner",
        help="how a half-point difference is rounded (T-30; default to_winner)",
    )
    tarot.set_defaults(score=score_tarot)

    euchre = sub.add_parser(
        "bid-euchre",
        aliases=["euchre"],
        help="score a Bid Euchre hand",
        description=(
            "Score a Bid Euchre hand from its facts (E-24 … E-32). --renege scores under "
            "--renege-mode penalize unless another mode is given, and --void ace-no-face "
            "under --ace-no-face."
        ),
    )
    euchre.add_argument("--contract", help="the winning bid: 3, 4, 5, 6H (help), 6M (moon) …")
    euchre.add_argument("--declarer", type=_seat, metavar="SEAT", help="0 to 3, or N, E, S, W")
    euchre.add_argument(
        "--tricks", type=_NUMBER, nargs=2, metavar=("NS", "EW"), help="tricks won by NS and EW"
    )
    euchre.add_argument(
        "--declarer-tricks",
        type=_NUMBER,
        metavar="N",
        help="or the tricks the declarer's team took, as a score sheet writes them",
    )
    euchre.add_argument(
        "--renege",
        type=_seat,
        nargs="+",
        action="extend",
        default=[],
        metavar="SEAT",
        help="the seat of each renege, once per renege (E-23, E-31)",
    )
    euchre.add_argument(
        "--void", choices=("all-pass", "ace-no-face"), help="the hand was thrown in (E-12, E-36)"
    )
    add_euchre_flags(euchre)
    euchre.set_defaults(score=score_bid_euchre)


def score_tarot(args: argparse.Namespace, out: TextIO) -> None:
    """Print the score of the Tarot deal described by ``args``.

    Raises:
        UsageError: missing or impossible facts.
    """
    from cardrules.tarot import Camp, DealFacts, PoigneeLevel, TarotOptions, score_deal
    from cardrules.tarot.scoring import points_from_text

    if args.void is None and (
        args.contract is None
        or args.taker is None
        or (args.points is None and args.defence_points is None)
        or (args.bouts is None and args.defence_bouts is None)
    ):
        raise UsageError(
            "give --contract, --taker, --points (or --defence-points) and --bouts (or "
            "--defence-bouts), or --void for a deal annulled before play"
        )
    try:
        facts = DealFacts(
            players=args.players,
            contract=args.contract,
            taker=args.taker,
            partner=args.partner,
            points=None if args.points is None else points_from_text(args.points),
            bouts=args.bouts,
            petit_au_bout=None if args.petit_au_bout is None else Camp(args.petit_au_bout),
            poignees=tuple(PoigneeLevel[level.upper()] for level in args.poignee),
            chelem_announced=args.chelem_announced,
            chelem=None if args.chelem is None else Camp(args.chelem),
            void_reason=None if args.void is None else args.void.replace("-", "_"),
            defence_points=(
                None if args.defence_points is None else points_from_text(args.defence_points)
            ),
            defence_bouts=args.defence_bouts,
        )
        options = TarotOptions(players=args.players, half_point_rounding=args.rounding)
        result = score_deal(facts, options)
    except CardrulesError as exc:
        raise UsageError(str(exc)) from None
    print(result.explain(), file=out)


def score_bid_euchre(args: argparse.Namespace, out: TextIO) -> None:
    """Print the score of the Bid Euchre hand described by ``args``.

    Raises:
        UsageError: missing or impossible facts.
    """
    from cardrules.bid_euchre import BidEuchreOptions, Contract, HandFacts, score_hand

    settings = flag_options(args)
    if args.renege:
        settings.setdefault("renege_mode", "penalize")
    if args.void == "ace-no-face":
        settings.setdefault("ace_no_face", True)
    try:
        options = BidEuchreOptions.from_dict(settings)
        if args.void is not None:
            if args.contract is not None or args.declarer is not None or args.renege:
                raise UsageError("a thrown-in hand (--void) has no contract, declarer or renege")
            if args.tricks is not None or args.declarer_tricks is not None:
                raise UsageError("no trick is played in a thrown-in hand (--void)")
            facts = HandFacts.void(args.void.replace("-", "_"))
        else:
            if (
                args.contract is None
                or args.declarer is None
                or (args.tricks is None and args.declarer_tricks is None)
            ):
                raise UsageError(
                    "give --contract, --declarer and --tricks NS EW or --declarer-tricks N"
                    " (or --void)"
                )
            contract = Contract.parse(args.contract, tricks_per_hand=options.tricks_per_hand)
            facts = HandFacts(
                contract=contract,
                declarer=args.declarer,
                tricks=None if args.tricks is None else (args.tricks[0], args.tricks[1]),
                declarer_tricks=args.declarer_tricks,
                reneges=tuple(args.renege),
            )
        result = score_hand(facts, options)
    except UsageError:
        raise
    except CardrulesError as exc:
        raise UsageError(str(exc)) from None
    print(result.explain(), file=out)
