"""Every block of ``view.observation()`` against an independent reading of the view from
the seat's side, for every option set of both games, at every step of random deals.

The expected blocks are written here from the layout's specification (each game's
``OBSERVATION_LAYOUT`` for the names and sizes, the page "Observations" for the
conventions: seats counted from the viewer, so block ``k`` is the seat ``k`` places to
its left; cards in ``Card.index`` order in French Tarot and in deck order, then the joker,
in Bid Euchre; the viewer's team first), from the view's own fields, never from the
library's encoder. A block that differs is named, with the seat and the step.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest

from cardrules import JOKER, Card, State, Suit, Variant
from cardrules.bid_euchre import NO_TRUMP, Bid, BidEuchreView
from cardrules.bid_euchre import Phase as EuchrePhase
from cardrules.bid_euchre.view import OBSERVATION_LAYOUT as EUCHRE_LAYOUT
from cardrules.tarot import Contract, Phase, TarotView
from cardrules.tarot.view import OBSERVATION_LAYOUT as TAROT_LAYOUT

if TYPE_CHECKING:
    from tests import tiers
    from tests.ai import option_sets
else:
    import cardrules_option_sets as option_sets  # loaded by tests/conftest.py
    import cardrules_test_tiers as tiers  # loaded by tests/conftest.py

DEALS = tiers.volume(3, 30)

Block = list[float]


def shapes(layout: tuple[tuple[str, str], ...], players: int) -> list[tuple[str, int, int]]:
    """``(name, rows, columns)`` of each part, read from the size its description starts
    with: ``"78"``, ``"players"``, ``"players x 3"``, ``"4 x 25"``."""
    out = []
    for name, description in layout:
        size = description.split(":")[0].replace("players", str(players))
        rows, _, columns = size.partition(" x ")
        out.append((name, int(rows), int(columns)) if columns else (name, 1, int(rows)))
    return out


def by_seat(view: Any, players: int, value: Callable[[int], list[float]]) -> Block:
    """A per-seat part: block ``k`` is the seat ``k`` places to the viewer's left."""
    out: Block = []
    for k in range(players):
        out += value((view.seat + k) % players)
    return out


def one_hot(size: int, at: int | None) -> Block:
    out = [0.0] * size
    if at is not None:
        out[at] = 1.0
    return out


def seat_one_hot(view: Any, players: int, seat: int | None) -> Block:
    return by_seat(view, players, lambda s: [1.0 if s == seat else 0.0])


# -- French Tarot --------------------------------------------------------------------------

TAROT_PHASES = [Phase.BIDDING, Phase.CALL, Phase.ECART, Phase.ANNOUNCE, Phase.PLAY, Phase.END]
TAROT_BIDS = [None, Contract.PRISE, Contract.GARDE, Contract.GARDE_SANS, Contract.GARDE_CONTRE]


def tarot_cards(cards: Any) -> Block:
    out = [0.0] * 78
    for card in cards:
        out[card.index] = 1.0
    return out


def tarot_reading(view: TarotView) -> dict[str, Block]:
    n = view.players

    def played(seat: int) -> Block:
        return tarot_cards(c for trick in (*view.tricks, view.trick) for s, c in trick if s == seat)

    def bid(seat: int) -> Block:
        said = [b for s, b in view.bids if s == seat]
        return one_hot(5, TAROT_BIDS.index(said[-1]) if said else None)

    def level(seat: int) -> Block:
        shown = [p.level for p in view.poignees if p.seat == seat]
        return one_hot(3, int(shown[0]) - 1 if shown else None)

    result = view.result
    return {
        "hand": tarot_cards(view.hand),
        "played": by_seat(view, n, played),
        "trick": by_seat(view, n, lambda s: tarot_cards(c for t, c in view.trick if t == s)),
        "chien": tarot_cards(view.chien),
        "ecart": tarot_cards(view.ecart),
        "poignee_cards": tarot_cards(c for p in view.poignees for c in p.cards),
        "poignee_level": by_seat(view, n, level),
        "bids": by_seat(view, n, bid),
        "contract": one_hot(
            4, None if view.contract is None else TAROT_BIDS.index(view.contract) - 1
        ),
        "taker": seat_one_hot(view, n, view.taker),
        "called_card": tarot_cards(() if view.called_card is None else (view.called_card,)),
        "partner_known": [1.0 if view.partner_known else 0.0],
        "partner": seat_one_hot(view, n, view.partner),
        "chelem": [1.0 if view.chelem_announced else 0.0],
        "phase": one_hot(6, TAROT_PHASES.index(view.phase)),
        "to_play": seat_one_hot(view, n, view.to_play),
        "dealer": seat_one_hot(view, n, view.dealer),
        "hand_sizes": by_seat(view, n, lambda s: [float(view.hand_sizes[s])]),
        "tricks_won": by_seat(view, n, lambda s: [float(view.tricks_won[s])]),
        "scores": by_seat(view, n, lambda s: [0.0 if result is None else float(result.scores[s])]),
    }


# -- Bid Euchre ----------------------------------------------------------------------------

EUCHRE_SLOTS = [Card.parse(f"{r}{s}") for s in "SHDC" for r in ("9", "10", "J", "Q", "K", "A")]
EUCHRE_SLOTS.append(JOKER)
EUCHRE_PHASES = [
    EuchrePhase.DISCARD,
    EuchrePhase.CLAIM,
    EuchrePhase.AUCTION,
    EuchrePhase.TRUMP,
    EuchrePhase.EXCHANGE,
    EuchrePhase.PLAY,
    EuchrePhase.NAME_SUIT,
    EuchrePhase.END,
]
SUITS = [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS]


def euchre_cards(cards: Any) -> Block:
    """The copies of each card (two of a card with the double deck)."""
    out = [0.0] * 25
    for card in cards:
        out[EUCHRE_SLOTS.index(card)] += 1.0
    return out


def euchre_reading(view: BidEuchreView, variant: Variant) -> dict[str, Block]:
    plays = [p for t in view.tricks for p in t.plays] + list(view.trick)
    team = view.seat % 2

    def call(seat: int) -> Block:
        said = [c for s, c in view.calls if s == seat]
        if not said:
            return [0.0] * 17
        last = said[-1]
        return one_hot(17, 0 if last is None else variant.action_id(Bid(last)))

    won = [t.winner % 2 for t in view.tricks]
    result = view.result
    trump = view.trump
    return {
        "hand": euchre_cards(view.hand),
        "played": by_seat(view, 4, lambda s: euchre_cards(c for p, c in plays if p == s)),
        "trick": by_seat(view, 4, lambda s: euchre_cards(c for p, c in view.trick if p == s)),
        "given": euchre_cards(view.given),
        "returned": euchre_cards(view.returned),
        "discard": euchre_cards(view.discard),
        "claimed_hand": euchre_cards(view.claimed_hand),
        "calls": by_seat(view, 4, call),
        "contract": one_hot(
            16, None if view.contract is None else variant.action_id(Bid(view.contract)) - 1
        ),
        "declarer": seat_one_hot(view, 4, view.declarer),
        "trump": one_hot(
            5, None if trump is None else 4 if trump is NO_TRUMP else SUITS.index(trump)
        ),
        "sitting_out": seat_one_hot(view, 4, view.sitting_out),
        "claimant": seat_one_hot(view, 4, view.claimant),
        "named_suit": one_hot(4, None if view.named_suit is None else SUITS.index(view.named_suit)),
        "phase": one_hot(8, EUCHRE_PHASES.index(view.phase)),
        "to_play": seat_one_hot(view, 4, view.to_play),
        "dealer": seat_one_hot(view, 4, view.dealer),
        "tricks_won": [float(won.count(team)), float(won.count(1 - team))],
        "reneges": by_seat(view, 4, lambda s: [float(sum(r.seat == s for r in view.reneges))]),
        "delta": [0.0, 0.0]
        if result is None
        else [float(result.delta[team]), float(result.delta[1 - team])],
    }


# -- the check -----------------------------------------------------------------------------


def check(state: State, seat: int, variant: Variant) -> None:
    view = state.view(seat)
    if isinstance(view, TarotView):
        layout, reading = TAROT_LAYOUT, tarot_reading(view)
    else:
        assert isinstance(view, BidEuchreView)
        layout, reading = EUCHRE_LAYOUT, euchre_reading(view, variant)
    observation = view.observation()
    at = 0
    for name, rows, columns in shapes(layout, variant.players):
        part = list(observation[at : at + rows * columns])
        where = state.position()  # type: ignore[attr-defined]
        assert part == reading[name], f"block {name!r}, seat {seat}: {where}"
        at += rows * columns
    assert at == len(observation)
    assert set(reading) == {name for name, _ in layout}


@pytest.mark.deep
@pytest.mark.parametrize(("variant_id", "options"), option_sets.OPTION_SETS, ids=option_sets.IDS)
def test_every_block_of_the_observation_reads_as_the_seat_sees_it(
    variant_id: str, options: dict[str, Any]
) -> None:
    variant = option_sets.variant_of(variant_id, options)
    rng = random.Random(f"observations {variant_id} {options}")
    checked = 0
    for step, state in enumerate(option_sets.deals(variant, DEALS, rng)):
        seats = range(variant.players) if tiers.DEEP else (step % variant.players,)
        for seat in seats:
            check(state, seat, variant)
            checked += 1
    assert checked >= 10 * DEALS
