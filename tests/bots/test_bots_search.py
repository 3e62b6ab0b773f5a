"""The search bot: whole deals under every option set, its choices against the solver's
scores, and every misuse of its arguments.

The deals are short in the default tier: the bot solves from two or three tricks before
the end (its ``horizon``) and samples two deals a decision; the deep tier plays more
deals with the solver's own horizon.
"""

from __future__ import annotations

import math
import random
import re
from typing import TYPE_CHECKING, Any

import pytest

import cardrules
from cardrules import InvalidArgumentError, Pass
from cardrules._util import quote
from cardrules.bots import Bot, SearchBot, bot_for, play_game, search
from cardrules.solving import solve, solver_for


def _param_id(value: object) -> str:
    # The same id in every xdist worker: an object's address differs between processes.
    return re.sub(r" at 0x[0-9a-f]+", "", quote(value))


if TYPE_CHECKING:
    from tests import tiers
    from tests.ai import option_sets
else:
    import cardrules_option_sets as option_sets  # loaded by tests/conftest.py
    import cardrules_test_tiers as tiers  # loaded by tests/conftest.py

DEALS = tiers.volume(1, 6)


def _search_bot() -> SearchBot:
    if tiers.DEEP:
        return SearchBot(worlds=4, choice_worlds=4)
    return SearchBot(worlds=2, choice_worlds=2, horizon=3)


@pytest.mark.deep
@pytest.mark.parametrize(("variant_id", "options"), option_sets.OPTION_SETS, ids=option_sets.IDS)
def test_search_bot_plays_whole_deals_under_every_option_set(
    variant_id: str, options: dict[str, Any]
) -> None:
    variant = option_sets.variant_of(variant_id, options)
    rng = random.Random(f"search {variant_id} {options}")
    n = variant.players
    for deal in range(DEALS):
        bots: list[Bot] = [bot_for(variant_id, "heuristic") for _ in range(n)]
        bots[deal % n] = _search_bot()
        bots[(deal + 1) % n] = bot_for(variant_id, "random")
        final = play_game(variant.new_game(rng=rng), bots, rng)
        assert final.is_terminal
        assert len(final.returns()) == n


def _endgame(variant_id: str, tricks: int, seed: int, **options: Any) -> Any:
    """A state of the card play, ``tricks`` tricks before the end, with a choice."""
    rng = random.Random(seed)
    variant = cardrules.get_variant(variant_id, **options)
    bots = [bot_for(variant_id) for _ in range(variant.players)]
    while True:
        state: Any = variant.new_game(rng=rng)
        while not state.is_terminal:
            seat = state.to_play
            if state.phase.value == "play" and len(state.hand(seat)) <= tricks:
                if len(state.legal_actions()) > 1:
                    return state
                break
            state = state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))


@pytest.mark.parametrize(
    ("variant_id", "options"),
    [("tarot", {"players": 3}), ("tarot", {"players": 5}), ("bid-euchre", {"joker": True})],
)
@pytest.mark.parametrize("seed", range(3))
def test_search_bot_plays_the_card_of_best_average_solved_score(
    variant_id: str, options: dict[str, Any], seed: int
) -> None:
    # Three tricks before the end, within every solver's horizon: each sampled deal is
    # solved. The bot asks its heuristic bot first, then samples: the same draws here.
    state = _endgame(variant_id, 3, seed, **options)
    seat = state.to_play
    view, legal = state.view(seat), state.legal_actions()
    bot = SearchBot(worlds=5)
    choice = bot.choose(view, legal, random.Random(seed))
    rng = random.Random(seed)
    favourite = bot_for(variant_id).choose(view, legal, rng)
    totals = dict.fromkeys(legal, 0.0)
    for _ in range(5):
        solution = solve(view.sample_state(rng), all_actions=True)
        for action, scores in solution.action_scores:
            totals[action] += float(scores[seat])
    assert bot.last == [(a, totals[a] / 5) for a in legal]
    best = max(totals.values())
    assert totals[choice] == best
    assert choice == favourite or totals[favourite] < best
    # The same generator state gives the same choice.
    assert SearchBot(worlds=5).choose(view, legal, random.Random(seed)) == choice


def test_search_bot_falls_back_to_playouts_past_its_budget_and_horizon() -> None:
    variant = cardrules.get_variant("bid-euchre")
    rng = random.Random(7)
    for bot in (
        SearchBot(worlds=2, choice_worlds=2, max_nodes=1),
        SearchBot(worlds=2, choice_worlds=2, horizon=0),
        SearchBot(seconds=0.01, max_choices=0),
    ):
        bots: list[Bot] = [bot, bot_for("bid-euchre"), bot, bot_for("bid-euchre")]
        assert play_game(variant.new_game(rng=rng), bots, rng).is_terminal


# -- misuse ------------------------------------------------------------------------------


def _in_play(variant_id: str) -> Any:
    return _endgame(variant_id, 5, 1)


BAD_RNGS = [None, 3, "seed", 1.5, random, [random.Random(1)]]
BAD_LEGAL = ["pass", b"pass", None, 3, {Pass()}, ["pass"], [None], iter([Pass()])]


@pytest.mark.parametrize("variant_id", ["tarot", "bid-euchre"])
def test_search_bot_refuses_bad_arguments_to_choose(variant_id: str) -> None:
    state = _in_play(variant_id)
    seat = state.to_play
    view, legal = state.view(seat), state.legal_actions()
    bot = SearchBot(worlds=1)
    for rng in BAD_RNGS:
        with pytest.raises(InvalidArgumentError, match=r"rng must be a random\.Random"):
            bot.choose(view, legal, rng)  # type: ignore[arg-type]
    for bad in BAD_LEGAL:
        with pytest.raises(InvalidArgumentError, match="legal"):
            bot.choose(view, bad, random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="no legal action"):
        bot.choose(view, [], random.Random(1))
    for other in range(state.variant.players):
        if other != seat:
            with pytest.raises(InvalidArgumentError, match="seat to act"):
                bot.choose(state.view(other), legal, random.Random(1))
    others = [c for c in state.variant.deck if c not in view.hand]
    with pytest.raises(InvalidArgumentError, match="legal"):
        bot.choose(view, [cardrules.Play(others[0])], random.Random(1))
    for not_a_view in (None, state, "view", 3):
        with pytest.raises(InvalidArgumentError, match="view"):
            bot.choose(not_a_view, legal, random.Random(1))
    assert bot.choose(view, legal, random.Random(1)) in legal


BAD_COUNTS = [0, -1, True, 1.5, "10", None, 10**6 + 1, 10**5000, math.inf]


@pytest.mark.parametrize("name", ["worlds", "choice_worlds"])
@pytest.mark.parametrize("bad", BAD_COUNTS, ids=_param_id)
def test_search_bot_refuses_a_bad_sample_count(name: str, bad: object) -> None:
    with pytest.raises(InvalidArgumentError, match=name):
        SearchBot(**dict[str, Any]({name: bad}))


@pytest.mark.parametrize(
    ("name", "bad"),
    [
        ("seconds", 0),
        ("seconds", -1.0),
        ("seconds", math.nan),
        ("seconds", 10**5000),
        ("seconds", "1"),
        ("max_seconds", 0),
        ("max_seconds", math.nan),
        ("max_seconds", "0.5"),
        ("horizon", -1),
        ("horizon", 2.0),
        ("horizon", 10**5000),
        ("max_nodes", 0),
        ("max_nodes", 10**9 + 1),
        ("max_nodes", None),
        ("max_choices", -1),
        ("max_choices", True),
        ("margin", -0.5),
        ("margin", math.inf),
        ("margin", math.nan),
        ("margin", 10**5000),
        ("margin", "1"),
    ],
    ids=_param_id,
)
def test_search_bot_refuses_a_bad_budget(name: str, bad: object) -> None:
    with pytest.raises(InvalidArgumentError, match=name):
        SearchBot(**dict[str, Any]({name: bad}))


def test_search_bot_refuses_a_time_budget_and_a_cap_together() -> None:
    with pytest.raises(InvalidArgumentError, match="not both"):
        SearchBot(seconds=1, max_seconds=0.5)


class _Clock:
    """A ``time`` stand-in whose clock moves one second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 1.0
        return self.now


def _sampled(bot: SearchBot, state: Any, monkeypatch: pytest.MonkeyPatch) -> int:
    """How many deals ``bot`` samples from the view of the seat to act."""
    view = state.view(state.to_play)
    cls = type(view)
    sample_state = cls.sample_state
    count = [0]

    def counted(self: Any, rng: random.Random) -> Any:
        count[0] += 1
        return sample_state(self, rng)

    with monkeypatch.context() as patch:
        patch.setattr(cls, "sample_state", counted)
        assert bot.choose(view, state.legal_actions(), random.Random(3)) in state.legal_actions()
    return count[0]


def test_max_seconds_caps_the_deals_sampled_for_a_decision(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    in_play = _endgame("bid-euchre", 4, 2)
    auction = cardrules.get_variant("bid-euchre").new_game(seed=2)
    assert len(auction.legal_actions()) > 1
    # Without a cap, every deal the budget asks for.
    assert _sampled(SearchBot(worlds=5), in_play, monkeypatch) == 5
    assert _sampled(SearchBot(choice_worlds=5), auction, monkeypatch) == 5
    # With a clock that passes a second at each reading, the cap is reached after the
    # first deal of the card play, and the second of the other decisions (their margin
    # needs a spread).
    monkeypatch.setattr(search, "time", _Clock())
    assert _sampled(SearchBot(worlds=5, max_seconds=0.5), in_play, monkeypatch) == 1
    assert _sampled(SearchBot(choice_worlds=5, max_seconds=0.5), auction, monkeypatch) == 2
    # A cap that is not reached changes nothing.
    assert _sampled(SearchBot(worlds=5, max_seconds=10**6), in_play, monkeypatch) == 5


def test_the_hard_level_samples_what_the_variant_s_solver_declares() -> None:
    for variant_id in ("tarot", "bid-euchre"):
        solver = solver_for(cardrules.get_variant(variant_id))
        assert solver is not None
        bot = bot_for(variant_id, level="hard")
        assert isinstance(bot, SearchBot)
        assert (bot.worlds, bot.choice_worlds) == (solver.worlds, solver.choice_worlds)
        assert bot.max_seconds is not None
        assert bot.max_seconds < 1


def test_search_bot_reprs() -> None:
    assert repr(SearchBot(max_seconds=0.5)) == (
        "SearchBot(worlds=16, choice_worlds=12, max_seconds=0.5)"
    )
    assert repr(SearchBot()) == "SearchBot(worlds=16, choice_worlds=12)"
    assert repr(SearchBot(seconds=2)) == "SearchBot(seconds=2.0)"
    assert repr(SearchBot(seconds=10**300)) == "SearchBot(seconds=1e+300)"
