"""Golden transcripts: seeded deals of each variant and option set, written step by step.

Every transcript records a deal's hands, every step's legal actions (in the engine's
order) with their integer ids and the action taken, the public facts as they change,
every trick and its winner, and the result with its ``explain()`` lines. A change of
the rules, the deal, the action order or the action ids then shows as a diff of these
files, to be reviewed like any other change.

Run from anywhere::

    python tests/golden/regenerate.py          # rewrite the files next to this script
    python tests/golden/regenerate.py --check  # compare; exit 1 with a diff if they differ

``test_golden.py`` loads this file by its path (the tests also run from a copy of
``tests/`` outside the repository) and compares the same way.

>>> transcript = render(CONFIGS[0])
>>> transcript.splitlines()[1]
'# variant tarot options {"players": 3}'
"""

from __future__ import annotations

import argparse
import difflib
import enum
import json
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Final

import cardrules
from cardrules import EXCUSE, JOKER, Action, Card, CardKind, Pass, State
from cardrules.bid_euchre import BidEuchreState, ClaimAceNoFace, ContractKind, NameSuit
from cardrules.bots import Bot, bot_for
from cardrules.tarot import PETIT, Camp, DeclarePoignee, TarotState

# HERE and CONFIGS are plain globals: the tests point them at a scratch copy.
HERE = Path(__file__).resolve().parent
HEADER: Final = (
    "# cardrules golden transcript (see README.md here); "
    "regenerate: python tests/golden/regenerate.py"
)
DRIVERS: Final = ("random", "heuristic")


@dataclass(frozen=True)
class Deal:
    """One recorded deal.

    Attributes:
        seed: ``variant.new_game(seed=seed)`` deals it.
        driver: ``"random"``: ``rng.choice(state.legal_actions())`` at every step;
            ``"heuristic"``: one ``cardrules.bots.bot_for(variant)`` per seat, each
            asked ``choose(state.view(seat), legal, rng)``.
        driver_seed: ``rng = random.Random(driver_seed)``, one for the whole deal.
    """

    seed: int
    driver: str
    driver_seed: int


@dataclass(frozen=True)
class Config:
    """A variant with one option set, and the deals recorded for it.

    Attributes:
        name: The file's name without ``.txt``.
        variant: The variant's id for ``cardrules.get_variant``.
        options: The keyword options for ``cardrules.get_variant``.
        deals: The deals, in the file's order.
    """

    name: str
    variant: str
    options: dict[str, Any] = field(default_factory=dict)
    deals: tuple[Deal, ...] = ()

    @property
    def path(self) -> Path:
        """The golden file's path."""
        return HERE / f"{self.name}.txt"


def _random(*seeds: int) -> tuple[Deal, ...]:
    """Deals played by ``random.Random(seed).choice``, each from its own seed."""
    return tuple(Deal(seed, "random", seed) for seed in seeds)


def _heuristic(*seeds: int) -> tuple[Deal, ...]:
    """Deals played by the heuristic bots, each from its own seed."""
    return tuple(Deal(seed, "heuristic", seed) for seed in seeds)


# Tarot with many options away from their defaults (chien, Petit sec, Excuse, rounding,
# slam, bonuses, multipliers).
_TAROT_HOUSE: Final[dict[str, Any]] = {
    "dealer": 2,
    "chien_schedule": "random",
    "chien_edge_exclusion": 3,
    "petit_sec_annuls": False,
    "poignee_counts_forced_discards": False,
    "excuse_compensation": "card",
    "excuse_last_trick": "to_trick_winner",
    "excuse_sweep_exception": "taker_camp_only",
    "half_point_rounding": "none",
    "announced_slam_then_defence_slam": "single",
    "poignee_bonuses": (10, 20, 30),
    "multipliers": {"prise": 1, "garde": 3, "garde_sans": 5, "garde_contre": 7},
}
# Tarot without slam announcements, with the floor rounding and a redeal by the same dealer.
_TAROT_PLAIN: Final[dict[str, Any]] = {
    "chelem_announcement": False,
    "half_point_rounding": "floor",
    "redeal_dealer": "same",
    "excuse_sweep_exception": "announced_slam_only",
}
# Bid Euchre with continuous bidding and other scoring values.
_EUCHRE_HOUSE: Final[dict[str, Any]] = {
    "first_dealer": 2,
    "bidding_style": "continuous",
    "min_bid": 2,
    "lone_set_penalty": "contract_value",
    "help_value": 10,
    "moon_value": 20,
    "renege_penalty": 3,
}

# The seeds were picked from scans of a few thousand deals so that the files cover the
# rarer events; each deal's "covers" line says what it shows.
CONFIGS: tuple[Config, ...] = (
    Config(
        "tarot-3p-default",
        "tarot",
        {"players": 3},
        (*_heuristic(129, 33), *_random(1), *_heuristic(80), *_random(6561)),
    ),
    Config(
        "tarot-3p-house",
        "tarot",
        {"players": 3, **_TAROT_HOUSE},
        (*_heuristic(63), *_random(1), *_heuristic(24), *_random(33)),
    ),
    Config(
        "tarot-4p-default",
        "tarot",
        {},
        (*_heuristic(129), *_random(187), *_heuristic(77), *_random(33, 448), *_heuristic(4)),
    ),
    Config(
        "tarot-4p-house",
        "tarot",
        _TAROT_HOUSE,
        (*_heuristic(174), *_random(228, 224), *_heuristic(330, 29)),
    ),
    Config(
        "tarot-4p-plain",
        "tarot",
        _TAROT_PLAIN,
        (*_heuristic(4), *_random(31), *_heuristic(129, 27)),
    ),
    Config(
        "tarot-5p-default",
        "tarot",
        {"players": 5},
        (*_heuristic(41, 213), *_random(31, 206, 104), *_heuristic(371)),
    ),
    Config(
        "tarot-5p-house",
        "tarot",
        {"players": 5, **_TAROT_HOUSE},
        (*_heuristic(41, 71), *_random(53), *_heuristic(104, 43)),
    ),
    Config(
        "bid-euchre-default",
        "bid-euchre",
        {},
        (*_heuristic(1, 0, 27), *_random(159, 7, 2689)),
    ),
    Config(
        "bid-euchre-stick-the-dealer",
        "bid-euchre",
        {"stick_the_dealer": True},
        (*_random(2689), *_heuristic(515, 2)),
    ),
    Config(
        "bid-euchre-joker-before-auction",
        "bid-euchre",
        {"joker": True, "allow_no_trump": True},
        (*_random(352, 69), *_heuristic(0, 2)),
    ),
    Config(
        "bid-euchre-joker-after-trump",
        "bid-euchre",
        {"joker": True, "joker_discard_timing": "after_trump"},
        (*_heuristic(2, 3), *_random(0)),
    ),
    Config(
        "bid-euchre-no-trump",
        "bid-euchre",
        {"allow_no_trump": True},
        (*_random(3), *_heuristic(1)),
    ),
    Config(
        "bid-euchre-double-deck",
        "bid-euchre",
        {"double_deck": True},
        (*_heuristic(0, 4, 309), *_random(2)),
    ),
    Config(
        "bid-euchre-ace-no-face",
        "bid-euchre",
        {"ace_no_face": True},
        (*_heuristic(8, 25), *_random(8)),
    ),
    Config(
        "bid-euchre-partner-choice",
        "bid-euchre",
        {"help_card_rule": "partner_choice", "help_exchange_count": 2},
        (*_heuristic(0), *_random(7)),
    ),
    Config(
        "bid-euchre-renege-penalize",
        "bid-euchre",
        {"renege_mode": "penalize"},
        (*_random(29, 140), *_heuristic(1)),
    ),
    Config(
        "bid-euchre-plain-six",
        "bid-euchre",
        {"allow_plain_six": True},
        (*_random(32), *_heuristic(2)),
    ),
    Config(
        "bid-euchre-house",
        "bid-euchre",
        _EUCHRE_HOUSE,
        (*_heuristic(0, 8), *_random(15, 0)),
    ),
)


# -- text of the pieces ---------------------------------------------------------------


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _plays(plays: Sequence[tuple[int, Card]]) -> str:
    return " ".join(str(card) for _, card in plays)


def _tarot_facts(state: TarotState) -> dict[str, str]:
    facts = {
        "contract": _name(state.contract),
        "taker": str(state.taker),
        "called_card": str(state.called_card),
        "partner": str(state.partner),
        "attack": str(list(state.attack)),
        "chien_aside": _cards(state.chien_aside) or "-",
        "ecart": _cards(state.ecart) or "-",
        "chelem_announced": str(state.chelem_announced),
        "next_dealer": str(state.next_dealer),
    }
    for k, p in enumerate(state.poignees, 1):
        facts[f"poignee {k}"] = f"seat {p.seat} {p.level}: {_cards(p.cards)}"
    return facts


def _name(value: enum.Enum | None) -> str:
    return "None" if value is None else value.name.lower().replace("_", "-")


def _euchre_facts(state: BidEuchreState) -> dict[str, str]:
    return {
        "contract": str(state.contract),
        "declarer": str(state.declarer),
        "trump": _name(state.trump),
        "sitting_out": str(state.sitting_out),
        "claimant": str(state.claimant),
        "discard": _cards(state.discard) or "-",
        "given": _cards(state.given) or "-",
        "returned": _cards(state.returned) or "-",
        "named_suit": _name(state.named_suit),
        "reneges": "; ".join(
            f"seat {r.seat} trick {r.trick} {r.card} on {_name(r.led)}" for r in state.reneges
        )
        or "-",
    }


def _facts(state: State) -> dict[str, str]:
    if isinstance(state, TarotState):
        return _tarot_facts(state)
    if isinstance(state, BidEuchreState):
        return _euchre_facts(state)
    raise TypeError(f"no golden transcript for {type(state).__name__}")


def _finished_tricks(state: State) -> list[tuple[int, int, str]]:
    """``(leader, winner, cards)`` of every finished trick, from the public accessors.

    Bid Euchre lists its tricks (``state.tricks``). Tarot keeps only the previous trick
    (``last_trick``) and the winners (``trick_winners``), so this gives Tarot's newest
    trick alone, which the transcript prints as soon as it is gathered.
    """
    if isinstance(state, BidEuchreState):
        return [(t.leader, t.winner, _plays(t.plays)) for t in state.tricks]
    if isinstance(state, TarotState):
        if not state.tricks_played:
            return []
        last = state.last_trick
        return [(last[0][0], state.trick_winners[-1], _plays(last))]
    raise TypeError(f"no golden transcript for {type(state).__name__}")


def _phase(state: State) -> str:
    if isinstance(state, (TarotState, BidEuchreState)):
        return state.phase.name
    raise TypeError(f"no golden transcript for {type(state).__name__}")


def _trick_count(state: State) -> int:
    if isinstance(state, TarotState):
        return state.tricks_played
    if isinstance(state, BidEuchreState):
        return len(state.tricks)
    raise TypeError(f"no golden transcript for {type(state).__name__}")


def _end_lines(state: State) -> Iterator[str]:
    if isinstance(state, TarotState):
        yield f"end trick_winners {list(state.trick_winners)}"
        if state.taker is not None:
            attack, defence = state.card_points(Camp.ATTACK), state.card_points(Camp.DEFENCE)
            yield f"end card_points attack {attack} defence {defence}"
        yield f"result scores {state.result().scores}"
    elif isinstance(state, BidEuchreState):
        yield f"end tricks_won {state.tricks_won}"
        yield f"result delta {state.result().delta}"
    yield f"result returns {state.returns()}"
    yield from (f"explain | {line}" for line in state.result().explain().splitlines())


# -- what a deal covers -----------------------------------------------------------------


def _petit_sec(hand: Sequence[Card]) -> bool:
    """T-9: the Petit is the hand's only trump and the hand has no Excuse."""
    return PETIT in hand and not any(c.kind is not CardKind.SUIT and c != PETIT for c in hand)


def _tarot_covers(state: TarotState, first: TarotState) -> list[str]:
    result = state.result()
    petit_sec = [
        f"petit sec in seat {s}'s hand"
        for s in range(state.variant.players)
        if _petit_sec(first.hand(s))
    ]
    if result.annulled is not None:
        return [f"annulled ({result.annulled})", *petit_sec]
    facts = result.facts
    assert facts is not None
    assert facts.points is not None  # a played deal's
    covers = [f"{_name(facts.contract).replace('-', ' ')} by seat {facts.taker}"]
    if state.called_card is not None:
        called = f"called {state.called_card}"
        if facts.partner is None:
            covers.append(f"{called}, taker alone")
        else:
            covers.append(f"{called}, partner seat {facts.partner}")
    covers.append("made" if result.made else "failed")
    covers.extend(f"poignee {p.level} by seat {p.seat}" for p in state.poignees)
    if facts.chelem_announced:
        covers.append("chelem announced")
    if facts.chelem is not None:
        covers.append(f"chelem by the {facts.chelem}")
    if facts.petit_au_bout is not None:
        covers.append(f"petit au bout by the {facts.petit_au_bout}")
    if state.last_trick and EXCUSE in (card for _, card in state.last_trick):
        covers.append("excuse in the last trick")
    if Fraction(facts.points).denominator != 1:
        covers.append(f"half point: the attack has {float(facts.points)}")
    return covers + petit_sec


def _euchre_covers(state: BidEuchreState, events: set[str]) -> list[str]:
    result = state.result()
    facts = result.facts
    if facts.contract is None:
        return [f"thrown in ({facts.void_reason})", *sorted(events)]
    contract = facts.contract
    kind = {ContractKind.HELP: "help", ContractKind.MOON: "moon"}.get(contract.kind, "bid")
    if kind == "bid" and contract.tricks == state.variant.options.tricks_per_hand:
        kind = "plain all-tricks bid"
    covers = [f"{kind} {contract} by seat {facts.declarer}", "made" if result.made else "set"]
    covers.append(f"trump {_name(state.trump)}")
    if any(t.plays[0][1] == JOKER for t in state.tricks):
        covers.append("joker led")
    if state.given:
        covers.append("help exchange")
    if state.reneges:
        covers.append(f"{len(state.reneges)} renege(s)")
    if len(state.calls) > 4:
        covers.append(f"auction of {len(state.calls)} calls")
    return [*covers, *sorted(events)]


def _step_events(state: State, legal: Sequence[Action], action: Action) -> set[str]:
    """Events seen only at a step: a forced dealer (E-35), a suit named for the joker."""
    events: set[str] = set()
    if isinstance(state, BidEuchreState):
        calls = state.calls
        if (
            state.variant.options.stick_the_dealer
            and state.to_play == state.dealer
            and len(calls) == 3
            and all(c is None for _, c in calls)
            and all(type(a) is not Pass for a in legal)
        ):
            events.add("dealer stuck")
        if type(action) is NameSuit:
            events.add("suit named for the joker")
        if any(type(a) is ClaimAceNoFace for a in legal) and type(action) is not ClaimAceNoFace:
            events.add(f"ace no face claim passed by seat {state.to_play}")
    return events


# -- a deal, a file ---------------------------------------------------------------------


def _driver(config: Config, deal: Deal, players: int) -> Callable[[State], Action]:
    rng = random.Random(deal.driver_seed)
    if deal.driver == "random":
        return lambda state: rng.choice(state.legal_actions())
    if deal.driver == "heuristic":
        bots: list[Bot] = [bot_for(config.variant) for _ in range(players)]

        def choose(state: State) -> Action:
            seat = state.to_play
            assert seat is not None
            return bots[seat].choose(state.view(seat), state.legal_actions(), rng)

        return choose
    raise ValueError(f"unknown driver {deal.driver!r}; drivers: {', '.join(DRIVERS)}")


def _deal_lines(config: Config, number: int, deal: Deal) -> list[str]:
    variant = cardrules.get_variant(config.variant, **config.options)
    state = first = variant.new_game(seed=deal.seed)
    choose = _driver(config, deal, variant.players)
    lines = [f"deal {number} seed {deal.seed} driver {deal.driver} driver_seed {deal.driver_seed}"]
    body = [f"dealer {state.dealer}"]
    body.extend(f"hand seat {s}: {_cards(state.hand(s))}" for s in range(variant.players))
    if isinstance(state, TarotState):
        body.append(f"chien: {_cards(state.chien)}")
    facts = _facts(state)
    body.extend(f"  {k} {v}" for k, v in facts.items())
    events: set[str] = set()
    poignee_offered = False
    tricks = 0
    step = 0
    while not state.is_terminal:
        step += 1
        seat = state.to_play
        legal = state.legal_actions()
        action = choose(state)
        events |= _step_events(state, legal, action)
        poignee_offered |= any(type(a) is DeclarePoignee for a in legal)
        text = state.variant.action_text
        names = ", ".join(text(a) for a in legal)
        ids = ", ".join(str(i) for i in state.legal_action_ids())
        body.append(
            f"step {step} {_phase(state)} seat {seat} legal [{names}] ids [{ids}] -> {text(action)}"
        )
        if isinstance(state, BidEuchreState):
            lawful = state.lawful_actions()
            if lawful != legal:
                body.append(f"  lawful [{', '.join(text(a) for a in lawful)}]")
        state = state.apply(action, seat)
        after = _facts(state)
        body.extend(f"  {k} {v}" for k, v in after.items() if facts.get(k) != v)
        facts = after
        if _trick_count(state) > tricks:
            tricks = _trick_count(state)
            leader, winner, cards = _finished_tricks(state)[-1]
            body.append(f"trick {tricks} led by seat {leader} won by seat {winner}: {cards}")
    body.extend(_end_lines(state))
    if isinstance(state, TarotState) and isinstance(first, TarotState):
        covers = _tarot_covers(state, first)
        if poignee_offered and not state.poignees:
            covers.append("poignee offered, not declared")
    elif isinstance(state, BidEuchreState):
        covers = _euchre_covers(state, events)
    else:
        raise TypeError(f"no golden transcript for {type(state).__name__}")
    lines.append(f"covers: {'; '.join(covers)}")
    return lines + body


def render(config: Config) -> str:
    """The golden transcript of ``config``, as the file holds it."""
    how = (
        f'# each deal: cardrules.get_variant("{config.variant}", **options).new_game(seed=SEED),'
        " then each action chosen by DRIVER with random.Random(DRIVER_SEED) (Deal in regenerate.py)"
    )
    lines = [
        HEADER,
        f"# variant {config.variant} options {json.dumps(config.options, sort_keys=True)}",
        how,
    ]
    for number, deal in enumerate(config.deals, 1):
        lines.append("")
        lines.extend(_deal_lines(config, number, deal))
    return "\n".join(lines) + "\n"


def diff(config: Config, limit: int | None = None) -> list[str]:
    """The unified diff from ``config``'s file to its transcript now (empty if equal)."""
    recorded = config.path.read_text(encoding="utf-8") if config.path.exists() else ""
    out = list(
        difflib.unified_diff(
            recorded.splitlines(keepends=True),
            render(config).splitlines(keepends=True),
            fromfile=f"tests/golden/{config.path.name} (recorded)",
            tofile=f"tests/golden/{config.path.name} (engine now)",
        )
    )
    return out if limit is None or len(out) <= limit else out[:limit]


def stray_files() -> list[Path]:
    """Golden-looking files here that no configuration writes."""
    known = {c.path for c in CONFIGS}
    return sorted(p for p in HERE.glob("*.txt") if p not in known)


def write() -> list[Path]:
    """Rewrite every golden file and delete stray ones; return the files that changed."""
    changed = []
    for config in CONFIGS:
        text = render(config)
        if not config.path.exists() or config.path.read_text(encoding="utf-8") != text:
            config.path.write_text(text, encoding="utf-8")
            changed.append(config.path)
    for path in stray_files():
        if path.read_text(encoding="utf-8").startswith(HEADER):
            path.unlink()
            changed.append(path)
    return changed


def check() -> list[str]:
    """Every difference between the files and the transcripts now, as diff lines."""
    out: list[str] = []
    for config in CONFIGS:
        out.extend(diff(config))
    out.extend(f"stray golden file: {p.name}\n" for p in stray_files())
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: rewrite the files, or compare them with ``--check``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="compare without writing; exit 1 on a difference"
    )
    args = parser.parse_args(argv)
    if args.check:
        differences = check()
        sys.stdout.writelines(differences)
        if differences:
            print("golden transcripts differ; regenerate: python tests/golden/regenerate.py")
            return 1
        print(f"{len(CONFIGS)} golden transcripts match")
        return 0
    changed = write()
    for path in changed:
        print(f"wrote {path.name}" if path.exists() else f"deleted {path.name}")
    print(f"{len(CONFIGS)} golden transcripts, {len(changed)} changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
