"""Every bot over every option set of both games, and every bot entry point misused.

Whole deals are played by ``play_game`` with a :class:`MonteCarloBot` (which samples
the hidden cards at each of its card plays), the heuristic bot and the random bot at
the table; the seats rotate from deal to deal. Two deals per option set by default,
ten in the deep tier (``tests/tiers.py``).

A bot given what it cannot play from (no generator, a seed for a generator, actions as
text, another seat's view, actions whose cards the view's hand does not hold, a budget
or fallback of the wrong kind) raises one of the library's errors at the door.
"""

from __future__ import annotations

import math
import random
import re
from typing import TYPE_CHECKING, Any

import attrs
import pytest

import cardrules
from cardrules import CardrulesError, GameOverError, InvalidArgumentError, OptionsError, Pass
from cardrules._util import quote
from cardrules.bid_euchre import Discard
from cardrules.bots import (
    BidEuchreBot,
    Bot,
    MonteCarloBot,
    RandomBot,
    TarotBot,
    bot_for,
    play_game,
)


def _param_id(value: object) -> str:
    # The same id in every xdist worker: an object's address differs between processes.
    return re.sub(r" at 0x[0-9a-f]+", "", quote(value))


if TYPE_CHECKING:
    from tests import tiers
    from tests.ai import option_sets
else:
    import cardrules_option_sets as option_sets  # loaded by tests/conftest.py
    import cardrules_test_tiers as tiers  # loaded by tests/conftest.py

DEALS = tiers.volume(2, 10)
PLAYOUTS = tiers.volume(12, 40)


@pytest.mark.deep
@pytest.mark.parametrize(("variant_id", "options"), option_sets.OPTION_SETS, ids=option_sets.IDS)
def test_every_bot_plays_whole_deals_under_every_option_set(
    variant_id: str, options: dict[str, Any]
) -> None:
    variant = option_sets.variant_of(variant_id, options)
    rng = random.Random(f"bots {variant_id} {options}")
    n = variant.players
    for deal in range(DEALS):
        bots: list[Bot] = [bot_for(variant_id, "heuristic") for _ in range(n)]
        bots[deal % n] = MonteCarloBot(playouts=PLAYOUTS)
        bots[(deal + 1) % n] = RandomBot()
        final = play_game(variant.new_game(rng=rng), bots, rng)
        assert final.is_terminal
        assert len(final.returns()) == n


# -- misuse ------------------------------------------------------------------------------


def _bots() -> list[tuple[str, Bot]]:
    return [
        ("tarot", RandomBot()),
        ("tarot", TarotBot()),
        ("tarot", MonteCarloBot(playouts=4)),
        ("bid-euchre", RandomBot()),
        ("bid-euchre", BidEuchreBot()),
        ("bid-euchre", MonteCarloBot(playouts=4)),
    ]


def _in_play(variant_id: str) -> Any:
    """A state of the card play (where MonteCarloBot samples), seat to play known."""
    rng = random.Random(5)
    variant = cardrules.get_variant(variant_id)
    while True:
        state: Any = variant.new_game(rng=rng)
        while not state.is_terminal and state.phase.value != "play":
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal and len(state.legal_actions()) > 1:
            return state


BAD_RNGS = [None, 3, "seed", 1.5, random, [random.Random(1)]]
BAD_LEGAL = ["pass", b"pass", None, 3, {Pass()}, ["pass"], [None], iter([Pass()])]


@pytest.mark.parametrize(("variant_id", "bot"), _bots())
def test_a_bot_refuses_a_bad_rng_or_bad_legal_actions(variant_id: str, bot: Bot) -> None:
    state = _in_play(variant_id)
    seat = state.to_play
    assert seat is not None
    view, legal = state.view(seat), state.legal_actions()
    for rng in BAD_RNGS:
        with pytest.raises(InvalidArgumentError, match=r"rng must be a random\.Random"):
            bot.choose(view, legal, rng)  # type: ignore[arg-type]
    for bad in BAD_LEGAL:
        with pytest.raises(InvalidArgumentError, match="legal"):
            bot.choose(view, bad, random.Random(1))  # type: ignore[arg-type]
    empty = InvalidArgumentError if isinstance(bot, MonteCarloBot) else GameOverError
    with pytest.raises(empty):
        bot.choose(view, [], random.Random(1))
    assert bot.choose(view, legal, random.Random(1)) in legal


@pytest.mark.parametrize(
    ("variant_id", "bot"), [b for b in _bots() if b[1].__class__ is not RandomBot]
)
def test_a_bot_refuses_another_seats_view(variant_id: str, bot: Bot) -> None:
    state = _in_play(variant_id)
    seat = state.to_play
    assert seat is not None
    legal = state.legal_actions()
    for other in range(state.variant.players):
        if other != seat:
            with pytest.raises(InvalidArgumentError, match="seat to act"):
                bot.choose(state.view(other), legal, random.Random(1))
    # The view of the seat to play, with actions whose cards its hand does not hold.
    view = state.view(seat)
    others = [c for c in state.variant.deck if c not in view.hand]
    foreign = [cardrules.Play(others[0])]
    with pytest.raises(InvalidArgumentError, match="legal"):
        bot.choose(view, foreign, random.Random(1))


def test_e37_the_euchre_bot_refuses_another_seats_view_with_the_joker_discards() -> None:
    # The dealer discards (E-37); another seat's view with the dealer's discards used to
    # end in list.remove's ValueError.
    state = cardrules.get_variant("bid-euchre", joker=True).new_game(seed=3)
    assert state.phase.value == "discard"
    legal = state.legal_actions()
    assert all(isinstance(a, Discard) for a in legal)
    dealer = state.to_play
    assert dealer is not None
    for seat in range(4):
        view = state.view(seat)
        if seat == dealer:
            assert BidEuchreBot().choose(view, legal, random.Random(1)) in legal
            continue
        with pytest.raises(InvalidArgumentError) as caught:
            BidEuchreBot().choose(view, legal, random.Random(1))
        assert type(caught.value) is InvalidArgumentError
        # Even with the turn forged, the dealer's cards are not in this hand.
        forged = attrs.evolve(view, to_play=seat)
        with pytest.raises(InvalidArgumentError, match="not in seat"):
            BidEuchreBot().choose(forged, legal, random.Random(1))


@pytest.mark.parametrize(
    "bad",
    [0, -1, True, 1.5, "10", None, 10**9 + 1, 10**5000, math.inf],
    ids=_param_id,
)
def test_monte_carlo_refuses_a_bad_playout_budget(bad: object) -> None:
    with pytest.raises(InvalidArgumentError, match="playouts"):
        MonteCarloBot(playouts=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "bad", [0, -1.0, True, "1", math.inf, math.nan, -math.inf, 10**5000, 10**400], ids=_param_id
)
def test_monte_carlo_refuses_a_bad_time_budget(bad: object) -> None:
    with pytest.raises(InvalidArgumentError, match="seconds"):
        MonteCarloBot(seconds=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [object(), "heuristic", 3, RandomBot, [RandomBot()]])
def test_monte_carlo_refuses_a_fallback_that_is_no_bot(bad: object) -> None:
    with pytest.raises(InvalidArgumentError, match="fallback must be a bot"):
        MonteCarloBot(fallback=bad)  # type: ignore[arg-type]


def test_monte_carlo_reprs_never_raise() -> None:
    assert repr(MonteCarloBot(playouts=10**9)) == "MonteCarloBot(playouts=1000000000)"
    assert repr(MonteCarloBot(seconds=10**300)) == "MonteCarloBot(seconds=1e+300)"
    assert repr(MonteCarloBot(seconds=2)) == "MonteCarloBot(seconds=2.0)"
    assert isinstance(MonteCarloBot(fallback=TarotBot()).fallback, TarotBot)


def test_play_game_refuses_what_it_cannot_play() -> None:
    variant = cardrules.get_variant("bid-euchre")
    state = variant.new_game(seed=1)
    bots: list[Bot] = [RandomBot()] * 4
    rng = random.Random(1)
    with pytest.raises(InvalidArgumentError, match="State"):
        play_game(state.view(0), bots, rng)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="rng"):
        play_game(state, bots, None)  # type: ignore[arg-type]
    for bad in (None, "four", 4, RandomBot()):
        with pytest.raises(InvalidArgumentError, match="bots"):
            play_game(state, bad, rng)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="bot"):
        play_game(state, [RandomBot(), RandomBot(), object(), RandomBot()], rng)  # type: ignore[list-item]
    with pytest.raises(OptionsError):
        play_game(state, bots[:3], rng)
    assert play_game(state, bots, rng).is_terminal


@pytest.mark.parametrize(
    "variant_id",
    [None, 3, 10**5000, "", "x" * 1_000_000, ["tarot"], b"tarot", "\ud800"],
    ids=_param_id,
)
@pytest.mark.parametrize(
    "kind", ["heuristic", "random", None, ["random"], 10**5000, "\ud800"], ids=_param_id
)
def test_bot_for_answers_any_input_with_a_library_error(variant_id: object, kind: object) -> None:
    with pytest.raises(CardrulesError):
        bot_for(variant_id, kind)  # type: ignore[arg-type]
