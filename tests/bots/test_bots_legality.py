"""Bots never choose an illegal action, under every option set of both variants.

Each configuration plays ``DEALS`` random deals (``tests/tiers.py``: 100 in the default
run, 3,000 in the deep tier) with heuristic bots at every seat, and with heuristic bots
mixed with random ones (random players bid and play in ways a heuristic table never
would). Every choice must be one of the legal actions and accepted by the checked
``apply``; in Bid Euchre the heuristic bot must also never renege, even where
``renege_mode="penalize"`` would let it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pytest

import cardrules
from cardrules import State
from cardrules.bid_euchre import BidEuchreState
from cardrules.bots import BidEuchreBot, Bot, RandomBot, TarotBot, bot_for
from cardrules.tarot import Call, DeclarePoignee, Discard

if TYPE_CHECKING:
    from tests import tiers
else:
    import cardrules_test_tiers as tiers  # loaded by tests/conftest.py

DEALS = tiers.volume(100, 3000)

_LOW_POIGNEES = {3: (8, 10, 12), 4: (6, 8, 10), 5: (5, 7, 9)}

TAROT_CONFIGS: list[dict[str, Any]] = [
    {"players": 3},
    {"players": 4},
    {"players": 5},
    {"players": 4, "chien_schedule": "random", "chien_edge_exclusion": 3},
    {"players": 3, "petit_sec_annuls": False, "chelem_announcement": False},
    {"players": 5, "poignee_counts_forced_discards": False, "chien_schedule": "random"},
    {
        "players": 4,
        "poignee_thresholds": _LOW_POIGNEES,
        "excuse_last_trick": "to_trick_winner",
        "excuse_sweep_exception": "taker_camp_only",
        "petit_sec_annuls": False,
    },
    {
        "players": 5,
        "poignee_thresholds": _LOW_POIGNEES,
        "excuse_sweep_exception": "announced_slam_only",
        "half_point_rounding": "floor",
        "announced_slam_then_defence_slam": "single",
    },
    {
        "players": 3,
        "poignee_thresholds": _LOW_POIGNEES,
        "poignee_counts_forced_discards": False,
        "excuse_compensation": "card",
        "half_point_rounding": "none",
    },
]

EUCHRE_CONFIGS: list[dict[str, Any]] = [
    {},
    {"double_deck": True},
    {"joker": True},
    {"joker": True, "joker_discard_timing": "after_trump", "allow_no_trump": True},
    {"allow_no_trump": True, "allow_plain_six": True, "min_bid": 1},
    {"bidding_style": "continuous", "stick_the_dealer": True, "ace_no_face": True},
    {"help_card_rule": "partner_choice", "help_exchange_count": 2, "renege_mode": "penalize"},
    {
        "double_deck": True,
        "help_exchange_count": 3,
        "bidding_style": "continuous",
        "allow_plain_six": True,
        "help_card_rule": "partner_choice",
        "lone_set_penalty": "contract_value",
    },
    {
        "joker": True,
        "stick_the_dealer": True,
        "ace_no_face": True,
        "renege_mode": "penalize",
        "allow_no_trump": True,
        "min_bid": 4,
    },
]


def _ids(configs: list[dict[str, Any]]) -> list[str]:
    return [
        ",".join(f"{k}={v}" for k, v in c.items() if k != "poignee_thresholds") or "defaults"
        for c in configs
    ]


def _table(heuristic: Bot, players: int, deal: int) -> list[Bot]:
    """Even deals: heuristic bots only; odd deals: one or two random bots among them."""
    if deal % 2 == 0:
        return [heuristic] * players
    return [RandomBot() if (deal + seat) % 3 == 0 else heuristic for seat in range(players)]


def _play_checked(state: State, bots: list[Bot], rng: random.Random) -> State:
    """Play to the end like ``play_game``, checking every choice before applying it."""
    while not state.is_terminal:
        seat = state.to_play
        assert seat is not None
        legal = state.legal_actions()
        action = bots[seat].choose(state.view(seat), legal, rng)
        assert action in legal, f"seat {seat} chose {action} outside {legal}"
        if isinstance(state, BidEuchreState) and not isinstance(bots[seat], RandomBot):
            assert action in state.lawful_actions(), f"seat {seat} reneged with {action}"
        state = state.apply(action, seat)
    return state


@pytest.mark.deep
@pytest.mark.parametrize("options", TAROT_CONFIGS, ids=_ids(TAROT_CONFIGS))
def test_tarot_bot_only_chooses_legal_actions(options: dict[str, Any]) -> None:
    variant = cardrules.get_variant("tarot", **options)
    rng = random.Random(2024)
    heuristic = TarotBot()
    finished = 0
    for deal in range(DEALS):
        state = variant.new_game(seed=deal)
        final = _play_checked(state, _table(heuristic, variant.players, deal), rng)
        finished += final.result().annulled is None
    # Most deals get a taker and are played out: the play is exercised, not skipped.
    assert finished > DEALS // 2


@pytest.mark.deep
@pytest.mark.parametrize("options", EUCHRE_CONFIGS, ids=_ids(EUCHRE_CONFIGS))
def test_bid_euchre_bot_only_chooses_legal_actions(options: dict[str, Any]) -> None:
    variant = cardrules.get_variant("bid-euchre", **options)
    rng = random.Random(2024)
    heuristic = BidEuchreBot()
    played = 0
    for deal in range(DEALS):
        final = _play_checked(variant.new_game(seed=deal), _table(heuristic, 4, deal), rng)
        played += final.result().facts.contract is not None
    assert played > DEALS // 2


def test_the_tarot_bot_takes_every_kind_of_tarot_decision() -> None:
    """Over these tables the heuristic calls, discards and declares, not only bids and plays."""
    seen: set[type] = set()

    class Recorder:
        def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
            action = TarotBot().choose(view, legal, rng)
            if len(legal) > 1:
                seen.add(type(action))
            return action

    for options in ({"players": 5}, {"players": 4, "poignee_thresholds": _LOW_POIGNEES}):
        variant = cardrules.get_variant("tarot", **options)
        rng = random.Random(7)
        for deal in range(100):
            _play_checked(variant.new_game(seed=deal), [Recorder()] * variant.players, rng)
    assert {Call, Discard, DeclarePoignee} <= seen


@pytest.mark.deep
@pytest.mark.parametrize("variant_id", ["tarot", "bid-euchre"])
def test_random_bots_only_choose_legal_actions(variant_id: str) -> None:
    variant = cardrules.get_variant(variant_id)
    rng = random.Random(3)
    for deal in range(DEALS // 3):
        bots = [bot_for(variant_id, "random") for _ in range(variant.players)]
        _play_checked(variant.new_game(seed=deal), bots, rng)
