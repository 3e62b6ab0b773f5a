"""The option sets that the sampler, observation and bot sweeps run over, and the deals
they play: every player count and house rule that changes what a seat sees or what a
view may hide (loaded by ``tests/conftest.py`` as ``cardrules_option_sets``). Each sweep
sizes its volume with ``tests/tiers.py``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Final

from cardrules import State, Variant, get_variant
from cardrules.bots import bot_for

# Low poignée thresholds, so that poignées (and the Excuse in them) come up often.
_LOW_POIGNEES: Final = {3: (8, 10, 12), 4: (6, 8, 10), 5: (4, 6, 8)}

TAROT: Final[list[dict[str, Any]]] = [
    {"players": 3},
    {"players": 4},
    {"players": 5},
    {"players": 4, "dealer": 2, "chien_schedule": "random", "chien_edge_exclusion": 3},
    {"players": 5, "chelem_announcement": False, "excuse_last_trick": "to_trick_winner"},
    {"players": 3, "petit_sec_annuls": False, "poignee_thresholds": _LOW_POIGNEES},
    {"players": 4, "poignee_thresholds": _LOW_POIGNEES, "poignee_counts_forced_discards": False},
    {"players": 5, "poignee_thresholds": _LOW_POIGNEES, "redeal_dealer": "same"},
    {"players": 4, "chelem_announcement": False, "excuse_sweep_exception": "taker_camp_only"},
]
EUCHRE: Final[list[dict[str, Any]]] = [
    {},
    {"joker": True},
    {"joker": True, "joker_discard_timing": "after_trump"},
    {"joker": True, "allow_no_trump": True},
    {"joker": True, "allow_no_trump": True, "joker_discard_timing": "after_trump"},
    {"double_deck": True},
    {"double_deck": True, "help_exchange_count": 3, "allow_no_trump": True},
    {"ace_no_face": True, "stick_the_dealer": True, "first_dealer": 2},
    {"help_card_rule": "partner_choice", "help_exchange_count": 2, "joker": True},
    {"renege_mode": "penalize", "renege_penalty": 3},
    {"renege_mode": "penalize", "joker": True, "allow_no_trump": True},
    {"bidding_style": "continuous", "allow_plain_six": True, "min_bid": 1},
    {
        "help_exchange_count": 3,
        "joker": True,
        "allow_no_trump": True,
        "joker_discard_timing": "after_trump",
        "ace_no_face": True,
    },
    {
        "double_deck": True,
        "help_exchange_count": 2,
        "help_card_rule": "partner_choice",
        "renege_mode": "penalize",
        "stick_the_dealer": True,
    },
]
OPTION_SETS: Final = [("tarot", o) for o in TAROT] + [("bid-euchre", o) for o in EUCHRE]
IDS: Final = [
    f"{v}-{'-'.join(f'{k}={x}' for k, x in o.items() if k != 'poignee_thresholds') or 'default'}"
    + ("-low-poignees" if "poignee_thresholds" in o else "")
    for v, o in OPTION_SETS
]


def variant_of(variant_id: str, options: dict[str, Any]) -> Variant:
    return get_variant(variant_id, **options)


def deals(variant: Variant, count: int, rng: random.Random) -> Iterator[State]:
    """Every state of ``count`` whole deals, the seats played by random and heuristic
    bots in turn (random seats bid, name and call anything; heuristic ones reach the
    contracts and poignées that good play reaches)."""
    for g in range(count):
        kinds = ["heuristic" if (g + s) % 3 == 0 else "random" for s in range(variant.players)]
        bots = [bot_for(variant.id, kind) for kind in kinds]
        state = variant.new_game(rng=rng)
        yield state
        while not state.is_terminal:
            seat = state.to_play
            assert seat is not None
            action = bots[seat].choose(state.view(seat), state.legal_actions(), rng)
            state = state.apply(action, seat)
            yield state
