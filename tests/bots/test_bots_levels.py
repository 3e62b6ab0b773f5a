"""The difficulty levels of ``bot_for`` (``level=``) and the easy level's NoisyBot: every
level plays whole deals of every game, the example Oh Hell plugin included, reproducibly
from its rng; bad levels and noise are refused with the library's errors."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pytest

import cardrules
from cardrules import InvalidArgumentError, OptionsError, Play
from cardrules.bots import (
    LEVELS,
    BidEuchreBot,
    Bot,
    NoisyBot,
    RandomBot,
    SearchBot,
    TarotBot,
    bot_for,
    play_game,
)
from cardrules.state import State, Variant

if TYPE_CHECKING:
    from examples.ohhell_plugin import cardrules_ohhell
else:
    cardrules_ohhell = pytest.importorskip("cardrules_ohhell")  # loaded by tests/conftest.py

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("tarot", {"players": 3}),
    ("tarot", {"players": 4}),
    ("tarot", {"players": 5}),
    ("bid-euchre", {}),
    ("bid-euchre", {"joker": True, "allow_no_trump": True}),
]
IDS = ["tarot-3", "tarot-4", "tarot-5", "bid-euchre", "bid-euchre-joker-no-trump"]


def _play(variant: Variant, level: str, seed: int) -> State:
    """A deal with the level's bot in seat ``seed % players``, medium bots elsewhere."""
    bots: list[Bot] = [bot_for(variant, level="medium") for _ in range(variant.players)]
    bots[seed % variant.players] = bot_for(variant, level=level)
    return play_game(variant.new_game(seed=seed), bots, random.Random(seed))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("variant_id", "options"), GAMES, ids=IDS)
def test_every_level_plays_every_game_reproducibly(
    variant_id: str, options: dict[str, Any], level: str
) -> None:
    variant = cardrules.get_variant(variant_id, **options)
    first = _play(variant, level, 2)
    assert first.is_terminal
    assert len(first.returns()) == variant.players
    if level != "hard" or variant_id == "bid-euchre":  # a hard Tarot deal takes seconds
        assert _play(variant, level, 2).history == first.history


@pytest.mark.parametrize(("variant_id", "options"), GAMES, ids=IDS)
def test_the_levels_are_the_noisy_heuristic_and_search_bots(
    variant_id: str, options: dict[str, Any]
) -> None:
    variant = cardrules.get_variant(variant_id, **options)
    heuristic = TarotBot if variant_id == "tarot" else BidEuchreBot
    easy = bot_for(variant, level="easy")
    assert isinstance(easy, NoisyBot)
    assert isinstance(easy.bot, heuristic)
    assert 0 < easy.noise < 1
    assert isinstance(bot_for(variant, level="medium"), heuristic)
    assert isinstance(bot_for(variant, level="hard"), SearchBot)
    # By name, with the default options, the same bots.
    assert repr(bot_for(variant_id, level="hard")) == repr(bot_for(variant, level="hard"))


def test_the_hard_bot_decides_the_same_from_the_same_rng() -> None:
    variant = cardrules.get_variant("tarot")
    bots = [bot_for(variant) for _ in range(4)]
    rng = random.Random(4)
    state: Any = variant.new_game(rng=rng)
    # Four tricks before the end: well below the hard level's cap on a busy machine, so
    # that the choice is the budget's, never the clock's.
    while not (state.phase.value == "play" and len(state.hand(state.to_play)) == 4):
        seat = state.to_play
        if seat is None:  # passed out
            state = variant.new_game(rng=rng)
            continue
        state = state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
    view, legal = state.view(state.to_play), state.legal_actions()
    choices = {bot_for(variant, level="hard").choose(view, legal, random.Random(9)) for _ in "ab"}
    assert len(choices) == 1
    assert choices <= set(legal)


def test_a_plugin_without_a_bot_or_solver_gets_the_random_bot_at_every_level(
    example_plugins: tuple[str, ...],
) -> None:
    assert "oh-hell" in example_plugins
    variant = cardrules.get_variant("oh-hell")
    assert variant.info.bot is None
    for level in LEVELS:
        assert isinstance(bot_for("oh-hell", level=level), RandomBot)
        bots = [bot_for(variant, level=level) for _ in range(variant.players)]
        finals = [play_game(variant.new_game(seed=1), bots, random.Random(1)) for _ in "ab"]
        assert finals[0].is_terminal
        assert finals[0].history == finals[1].history


def test_a_variant_with_a_bot_and_no_solver_plays_its_heuristic_bot_when_hard() -> None:
    class NoSolver(type(cardrules.get_variant("bid-euchre"))):  # type: ignore[misc]
        def solver(self) -> None:
            return None

    variant = NoSolver()
    assert isinstance(bot_for(variant, level="hard"), BidEuchreBot)
    assert isinstance(bot_for(variant, level="easy"), NoisyBot)


@pytest.mark.parametrize("level", ["expert", "Easy", "", 2, None.__class__, ("easy",)])
def test_an_unknown_level_is_refused_with_the_levels(level: Any) -> None:
    with pytest.raises(InvalidArgumentError, match="levels: 'easy', 'medium', 'hard'"):
        bot_for("tarot", level=level)


def test_a_kind_and_a_level_together_are_refused() -> None:
    with pytest.raises(InvalidArgumentError, match="not both"):
        bot_for("tarot", "random", level="easy")
    with pytest.raises(OptionsError, match="bot kinds"):
        bot_for("tarot", "easy")
    with pytest.raises(cardrules.UnknownVariantError):
        bot_for("no-such-game", level="easy")


def test_the_noisy_bot_plays_random_cards_only_in_the_card_play() -> None:
    variant = cardrules.get_variant("tarot")
    heuristic = TarotBot()
    always = NoisyBot(heuristic, noise=1)
    never = NoisyBot(heuristic, noise=0)
    rng = random.Random(3)
    state: Any = variant.new_game(seed=3)
    differ = 0
    while not state.is_terminal:
        seat = state.to_play
        view, legal = state.view(seat), state.legal_actions()
        expected = heuristic.choose(view, legal, rng)
        assert never.choose(view, legal, rng) == expected
        noisy = always.choose(view, legal, rng)
        assert noisy in legal
        if not all(type(a) is Play for a in legal):
            assert noisy == expected  # the auction, the écart, the poignées: no noise
        differ += noisy != expected
        state = state.apply(expected, seat)
    assert differ > 0


@pytest.mark.parametrize("noise", [-0.1, 1.5, float("nan"), "0.3", True, None])
def test_a_bad_noise_is_refused(noise: Any) -> None:
    with pytest.raises(InvalidArgumentError, match="noise must be a number from 0 to 1"):
        NoisyBot(TarotBot(), noise=noise)


def test_a_noisy_bot_wraps_only_a_bot() -> None:
    with pytest.raises(InvalidArgumentError, match="bot must be a bot"):
        NoisyBot(TarotBot)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match=r"rng must be a random\.Random"):
        NoisyBot(RandomBot()).choose(None, [Play(cardrules.Card.parse("AS"))], 3)  # type: ignore[arg-type]


@pytest.mark.parametrize("level", LEVELS)
def test_a_level_given_as_a_kind_is_refused_with_the_keyword_to_use(level: str) -> None:
    with pytest.raises(OptionsError, match=rf"pass level='{level}'"):
        bot_for("tarot", level)
