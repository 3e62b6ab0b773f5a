"""The bot interface: the protocol, the factory, the game loop, the random bot, and
what a bot is allowed to see."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import Action, GameOverError, IllegalActionError, OptionsError, Pass, State
from cardrules.bid_euchre import BidEuchreView
from cardrules.bots import (
    BOT_KINDS,
    BidEuchreBot,
    Bot,
    RandomBot,
    TarotBot,
    bot_for,
    play_game,
)
from cardrules.errors import UnknownVariantError
from cardrules.tarot import Bid, Contract, TarotView

VIEW_CLASSES: dict[str, Any] = {"tarot": TarotView, "bid-euchre": BidEuchreView}


class SpyBot:
    """Records what it is given, then lets ``inner`` choose."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.views: list[Any] = []
        self.legal: list[tuple[Action, ...]] = []

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        self.views.append(view)
        self.legal.append(tuple(legal))
        return self.inner.choose(view, legal, rng)


class IllegalBot:
    """Always answers with an action that is never legal in a bidding phase."""

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        return cardrules.Play(cardrules.Card.parse("QH"))


# -- the protocol and the factory -----------------------------------------------------------


@pytest.mark.parametrize("bot", [RandomBot(), TarotBot(), BidEuchreBot()])
def test_every_bot_satisfies_the_protocol(bot: object) -> None:
    assert isinstance(bot, Bot)


def test_an_object_without_choose_is_not_a_bot() -> None:
    assert not isinstance(object(), Bot)


def test_bot_kinds() -> None:
    assert BOT_KINDS == ("heuristic", "random")


@pytest.mark.parametrize(
    ("name", "kind", "expected"),
    [
        ("tarot", "heuristic", TarotBot),
        ("french-tarot", "heuristic", TarotBot),
        ("bid-euchre", "heuristic", BidEuchreBot),
        ("bid_euchre", "heuristic", BidEuchreBot),
        ("tarot", "random", RandomBot),
        ("bid-euchre", "random", RandomBot),
    ],
)
def test_bot_for_builds_the_bot_of_the_variant_and_kind(
    name: str, kind: str, expected: type
) -> None:
    assert type(bot_for(name, kind)) is expected


def test_bot_for_defaults_to_the_heuristic() -> None:
    assert type(bot_for("tarot")) is TarotBot


def test_bot_for_rejects_an_unknown_kind() -> None:
    with pytest.raises(OptionsError, match="unknown bot kind 'smart'"):
        bot_for("tarot", "smart")


def test_bot_for_rejects_an_unknown_variant() -> None:
    with pytest.raises(UnknownVariantError):
        bot_for("whist")


def test_bot_reprs_evaluate_to_equivalent_bots() -> None:
    namespace = {"RandomBot": RandomBot, "TarotBot": TarotBot, "BidEuchreBot": BidEuchreBot}
    for bot in (RandomBot(), TarotBot(), BidEuchreBot()):
        rebuilt = eval(repr(bot), namespace)  # noqa: S307 - evaluating our own repr
        assert type(rebuilt) is type(bot)


# -- play_game --------------------------------------------------------------------------------


@pytest.mark.parametrize("variant_id", ["tarot", "bid-euchre"])
def test_play_game_plays_to_the_end_through_the_public_api(variant_id: str) -> None:
    variant = cardrules.get_variant(variant_id)
    start = variant.new_game(seed=11)
    bots = [bot_for(variant_id, "heuristic" if s % 2 else "random") for s in range(4)]
    final = play_game(start, bots, random.Random(12))
    assert final.is_terminal
    # Replaying the history through the checked apply reaches the same state.
    state = start
    for seat, action in final.history:
        state = state.apply(action, seat)
    assert state == final


def test_play_game_asks_the_bot_of_the_seat_to_play() -> None:
    variant = cardrules.get_variant("bid-euchre")
    spies = [SpyBot(BidEuchreBot()) for _ in range(4)]
    final = play_game(variant.new_game(seed=3), spies, random.Random(3))
    asked = Counter(seat for seat, _ in final.history)
    for seat, spy in enumerate(spies):
        assert len(spy.views) == asked[seat]
        assert all(view.seat == seat for view in spy.views)


def test_play_game_returns_a_finished_state_unchanged() -> None:
    variant = cardrules.get_variant("tarot")
    final = play_game(variant.new_game(seed=1), [RandomBot()] * 4, random.Random(1))
    assert play_game(final, [IllegalBot()] * 4, random.Random(1)) is final


@pytest.mark.parametrize("count", [0, 3, 5])
def test_play_game_needs_one_bot_per_seat(count: int) -> None:
    variant = cardrules.get_variant("tarot")
    with pytest.raises(OptionsError, match=f"4 bots, not {count}"):
        play_game(variant.new_game(seed=1), [RandomBot()] * count, random.Random(1))


def test_an_illegal_choice_is_rejected_by_the_checked_apply() -> None:
    variant = cardrules.get_variant("tarot")
    start = variant.new_game(seed=1)
    with pytest.raises(IllegalActionError) as caught:
        play_game(start, [IllegalBot()] * 4, random.Random(1))
    assert caught.value.seat == start.to_play
    assert start.history == ()


# -- RandomBot --------------------------------------------------------------------------------


def test_random_bot_is_uniform_over_the_legal_actions() -> None:
    legal = (Pass(), Bid(Contract.PRISE), Bid(Contract.GARDE), Bid(Contract.GARDE_SANS))
    rng = random.Random(99)
    counts = Counter(RandomBot().choose(None, legal, rng) for _ in range(8000))
    assert set(counts) == set(legal)
    assert all(1800 < n < 2200 for n in counts.values())


def test_random_bot_draws_like_the_reference_random_playout() -> None:
    variant = cardrules.get_variant("tarot")
    rng = random.Random(5)
    state: State = variant.new_game(seed=5)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    final = play_game(variant.new_game(seed=5), [RandomBot()] * 4, random.Random(5))
    assert final.history == state.history


def test_random_bot_has_nothing_to_choose_once_the_game_is_over() -> None:
    with pytest.raises(GameOverError):
        RandomBot().choose(None, (), random.Random(0))


@pytest.mark.parametrize(
    ("bot", "variant_id"), [(TarotBot(), "tarot"), (BidEuchreBot(), "bid-euchre")]
)
def test_heuristic_bots_have_nothing_to_choose_from_an_empty_legal_set(
    bot: Bot, variant_id: str
) -> None:
    view = cardrules.get_variant(variant_id).new_game(seed=0).view(0)
    with pytest.raises(GameOverError):
        bot.choose(view, (), random.Random(0))


# -- the bot sees the view only -------------------------------------------------------------


@pytest.mark.parametrize("variant_id", ["tarot", "bid-euchre"])
@pytest.mark.parametrize("kind", BOT_KINDS)
def test_a_bot_receives_the_view_and_nothing_that_reaches_the_state(
    variant_id: str, kind: str
) -> None:
    variant = cardrules.get_variant(variant_id)
    spies = [SpyBot(bot_for(variant_id, kind)) for _ in range(variant.players)]
    play_game(variant.new_game(seed=21), spies, random.Random(21))
    views = [view for spy in spies for view in spy.views]
    assert views
    for view in views:
        assert type(view) is VIEW_CLASSES[variant_id]
        for field in attrs.fields(VIEW_CLASSES[variant_id]):
            value = getattr(view, field.name)
            assert not isinstance(value, State)
            # A view holds its variant (the rules and options), which reaches no state.
            assert field.name == "variant" or not isinstance(value, cardrules.Variant)


@pytest.mark.parametrize(
    ("bot", "variant_id"), [(TarotBot(), "tarot"), (BidEuchreBot(), "bid-euchre")]
)
def test_a_heuristic_bot_refuses_a_state_in_place_of_a_view(bot: Bot, variant_id: str) -> None:
    state = cardrules.get_variant(variant_id).new_game(seed=2)
    with pytest.raises(TypeError, match="View, not"):
        bot.choose(state, state.legal_actions(), random.Random(0))


@pytest.mark.parametrize(("bot", "other"), [(TarotBot(), "bid-euchre"), (BidEuchreBot(), "tarot")])
def test_a_heuristic_bot_refuses_another_variants_view(bot: Bot, other: str) -> None:
    state = cardrules.get_variant(other).new_game(seed=2)
    seat = state.to_play
    assert seat is not None
    with pytest.raises(TypeError):
        bot.choose(state.view(seat), state.legal_actions(), random.Random(0))


# -- determinism --------------------------------------------------------------------------------


@pytest.mark.parametrize("variant_id", ["tarot", "bid-euchre"])
@pytest.mark.parametrize("kind", BOT_KINDS)
def test_a_fixed_rng_gives_the_same_game(variant_id: str, kind: str) -> None:
    variant = cardrules.get_variant(variant_id)
    histories = []
    for _ in range(2):
        bots = [bot_for(variant_id, kind) for _ in range(variant.players)]
        final = play_game(variant.new_game(seed=8), bots, random.Random(9))
        histories.append(final.history)
    assert histories[0] == histories[1]


@pytest.mark.parametrize("variant_id", ["tarot", "bid-euchre"])
def test_a_heuristic_bot_is_stateless_one_instance_plays_every_seat(variant_id: str) -> None:
    variant = cardrules.get_variant(variant_id)
    shared = bot_for(variant_id)
    one = play_game(variant.new_game(seed=4), [shared] * variant.players, random.Random(4))
    own = [bot_for(variant_id) for _ in range(variant.players)]
    many = play_game(variant.new_game(seed=4), own, random.Random(4))
    assert one.history == many.history


@pytest.mark.parametrize("variant_id", ["tarot", "bid-euchre"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_bots_play_the_variants_bulk_random_playout(variant_id: str, seed: int) -> None:
    variant: Any = cardrules.get_variant(variant_id)
    state = variant.new_game(seed=seed)
    bots = [RandomBot()] * variant.players
    final = play_game(state, bots, random.Random(seed))
    assert final.result() == variant.random_playout(state, random.Random(seed))
