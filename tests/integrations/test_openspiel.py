"""The OpenSpiel games (``cardrules[openspiel]``): pyspiel's own random simulation test,
and what the games promise on top (deals as chance outcomes, parameters, bounds,
information states that hide what a seat cannot see, resampling, the example)."""

from __future__ import annotations

import doctest
import importlib.util
import random
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

REASON = "needs the openspiel extra: pip install 'cardrules[openspiel]'"
pyspiel = pytest.importorskip("pyspiel", reason=REASON)
np = pytest.importorskip("numpy", reason=REASON)

import cardrules  # noqa: E402
from cardrules.bots import bot_for  # noqa: E402
from cardrules.integrations import openspiel as co  # noqa: E402

if TYPE_CHECKING:
    from tests import tiers
else:
    import cardrules_test_tiers as tiers  # loaded by tests/conftest.py

GAMES = [
    "python_cardrules_tarot(players=3)",
    "python_cardrules_tarot",
    "python_cardrules_tarot(players=5,chien_schedule=random)",
    "python_cardrules_bid_euchre",
    "python_cardrules_bid_euchre(joker=True,joker_discard_timing=after_trump)",
    "python_cardrules_bid_euchre(double_deck=True,bidding_style=continuous)",
]


def random_play(game: Any, rng: random.Random) -> Any:
    """A pyspiel state played from the start to the end with random outcomes and actions."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def random_play_until(game: Any, rng: random.Random, stop: Any) -> Any:
    """A pyspiel state played at random until ``stop(state)`` holds after the deal, or
    ``None`` if the game ends first."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        elif stop(state):
            return state
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return None


def deal_of(game: Any, state: cardrules.State) -> Any:
    """The pyspiel state right after dealing ``state``'s deal as chance outcomes."""
    spiel = game.new_initial_state()
    for pile in game.piles_of(state):
        for card in pile:
            spiel.apply_action(game.card_index(card))
    return spiel


@pytest.mark.parametrize("name", GAMES)
def test_pyspiel_random_sim_test_passes(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=2, serialize=True, verbose=False)


def test_both_games_are_registered_with_the_options_as_parameters() -> None:
    names = pyspiel.registered_names()
    assert {"python_cardrules_tarot", "python_cardrules_bid_euchre"} <= set(names)
    tarot = pyspiel.load_game("python_cardrules_tarot(players=5,chelem_announcement=False)")
    assert tarot.num_players() == 5
    assert tarot.variant == cardrules.get_variant("tarot", players=5, chelem_announcement=False)
    assert tarot.num_distinct_actions() == tarot.variant.num_actions
    assert tarot.max_chance_outcomes() == 78
    euchre = pyspiel.load_game("python_cardrules_bid_euchre(double_deck=True)")
    # help_value and moon_value follow the deck unless given (-1: the rules' default).
    assert euchre.variant.options.help_value == 24
    assert euchre.max_chance_outcomes() == 24  # the double deck's copies count once
    given = pyspiel.load_game("python_cardrules_bid_euchre(double_deck=True,help_value=20)")
    assert given.variant.options.help_value == 20
    assert euchre.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert tarot.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        pyspiel.load_game("python_cardrules_tarot(jokers=2)")
    with pytest.raises(cardrules.OptionsError, match="players"):
        co.TarotGame({"players": 6})
    with pytest.raises(cardrules.OptionsError, match="joker"):
        co.BidEuchreGame({"joker": True, "double_deck": True})


@pytest.mark.parametrize(
    ("name", "variant_id", "options"),
    [
        ("python_cardrules_tarot(players=3)", "tarot", {"players": 3}),
        ("python_cardrules_tarot(dealer=2)", "tarot", {"dealer": 2}),
        ("python_cardrules_bid_euchre(joker=True)", "bid-euchre", {"joker": True}),
        ("python_cardrules_bid_euchre(double_deck=True)", "bid-euchre", {"double_deck": True}),
    ],
)
def test_a_deal_is_its_cards_as_chance_outcomes(
    name: str, variant_id: str, options: dict[str, Any]
) -> None:
    game = pyspiel.load_game(name)
    variant = cardrules.get_variant(variant_id, **options)
    for seed in range(5):
        state = variant.new_game(seed=seed)
        spiel = deal_of(game, state)
        assert spiel.state == state
        assert spiel.history()[: len(variant.deck)] == [
            game.card_index(c) for pile in game.piles_of(state) for c in pile
        ]


def test_chance_outcomes_are_the_cards_left_with_their_copies() -> None:
    game = pyspiel.load_game("python_cardrules_bid_euchre(double_deck=True)")
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(i, 2 / 48) for i in range(24)]
    state.apply_action(5)
    outcomes = dict(state.chance_outcomes())
    assert outcomes[5] == pytest.approx(1 / 47)
    assert outcomes[0] == pytest.approx(2 / 47)
    state.apply_action(5)
    assert 5 not in dict(state.chance_outcomes())
    with pytest.raises(ValueError, match="not a card left to deal"):
        state.apply_action(5)
    assert state.history() == [5, 5]


def test_t9_an_annulled_deal_ends_the_game_with_zero_returns() -> None:
    game = pyspiel.load_game("python_cardrules_tarot(players=5)")
    variant = game.variant
    state = next(s for s in (variant.new_game(seed=n) for n in range(20_000)) if s.is_terminal)
    spiel = deal_of(game, state)
    assert spiel.is_terminal()
    assert spiel.returns() == [0.0] * 5


@pytest.mark.parametrize("name", GAMES)
def test_returns_lengths_and_legal_actions_keep_to_the_game_info(name: str) -> None:
    game = pyspiel.load_game(name)
    rng = random.Random(name)
    for _ in range(20):
        state = random_play(game, rng)
        assert state.returns() == [float(r) for r in state.state.returns()]
        assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())
        if game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM:
            assert sum(state.returns()) == 0
        decisions = len(state.history()) - len(game.variant.deck)
        assert decisions <= game.max_decisions
        assert len(state.history()) <= game.max_game_length()


def test_renege_penalties_keep_to_the_utility_bounds() -> None:
    game = pyspiel.load_game("python_cardrules_bid_euchre(renege_mode=penalize,renege_penalty=5)")
    rng = random.Random(9)
    for _ in range(30):
        state = random_play(game, rng)
        assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())


def test_legal_actions_are_the_sorted_action_ids() -> None:
    game = pyspiel.load_game("python_cardrules_tarot")
    spiel = deal_of(game, game.variant.new_game(seed=3))
    rng = random.Random(3)
    while not spiel.is_terminal():
        assert spiel.legal_actions() == sorted(spiel.state.legal_action_ids())
        mask = spiel.legal_actions_mask()
        assert [i for i, m in enumerate(mask) if m] == spiel.legal_actions()
        assert spiel.action_to_string(spiel.legal_actions()[0]) == game.variant.action_text(
            game.variant.action_from_id(spiel.legal_actions()[0])
        )
        spiel.apply_action(rng.choice(spiel.legal_actions()))


def test_t15_the_ecart_is_hidden_from_the_other_seats() -> None:
    game = pyspiel.load_game("python_cardrules_tarot")
    variant = game.variant
    dealt = variant.new_game(seed=2)
    spiel = deal_of(game, dealt)
    taker = dealt.to_play
    assert taker is not None
    spiel.apply_action(variant.action_id(variant.parse_action("bid prise")))
    while spiel.state.phase.name != "ECART":
        spiel.apply_action(variant.action_id(cardrules.Pass()))
    discard = spiel.legal_actions()[0]
    card = variant.action_from_id(discard).card
    before = [spiel.information_state_tensor(seat) for seat in range(4)]
    spiel.apply_action(discard)
    assert f"{taker}: discard {card}" in spiel.information_state_string(taker)
    for seat in range(4):
        if seat != taker:
            text = spiel.information_state_string(seat)
            assert f"{taker}: discard ?" in text
            assert f"discard {card}" not in text
        # Every seat learns that a card went to the écart.
        assert spiel.information_state_tensor(seat) != before[seat]


@pytest.mark.parametrize("name", GAMES)
def test_tensors_and_strings_are_the_seat_s_view(name: str) -> None:
    game = pyspiel.load_game(name)
    rng = random.Random(1)
    state = game.new_initial_state()
    while not state.is_terminal():
        checked = len(state.history()) % 5 == 0  # every seat, at one state in five
        for seat in range(game.num_players() if checked else 0):
            observation = state.observation_tensor(seat)
            info = state.information_state_tensor(seat)
            assert len(observation) == game.observation_tensor_size()
            assert len(info) == game.information_state_tensor_size()
            if state.state is None:
                assert not any(observation)
                assert f"seat {seat}, dealt: " in state.observation_string(seat)
            else:
                view = state.state.view(seat)
                assert np.allclose(observation, view.observation())
                assert np.array_equal(info[-len(observation) :], observation)
                assert state.observation_string(seat) == repr(view)
                assert state.information_state_string(seat).endswith(repr(view))
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", GAMES)
def test_a_resampled_state_has_the_same_information_state(name: str) -> None:
    game = pyspiel.load_game(name)
    rng = random.Random(5)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    dealt = len(game.variant.deck)
    # During the deal, in the auction, early and late in the play.
    for stop in (10, dealt + 1, dealt + 8, dealt + 20, dealt + 40, dealt + 60):
        state = game.new_initial_state()
        while not state.is_terminal() and len(state.history()) < stop:
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        for seat in range(game.num_players()):
            sampled = state.resample_from_infostate(seat, sampler)
            assert sampled.observation_string(seat) == state.observation_string(seat)
            assert sampled.observation_tensor(seat) == state.observation_tensor(seat)
            if seat == state.current_player():
                assert sampled.legal_actions() == state.legal_actions()
            if not forgets_its_ecart(state, seat):
                key = state.information_state_string(seat)
                assert sampled.information_state_string(seat) == key
                tensor = state.information_state_tensor(seat)
                assert sampled.information_state_tensor(seat) == tensor


def forgets_its_ecart(state: Any, seat: int) -> bool:
    """Whether ``seat`` is the Tarot taker whose view no longer shows its whole écart
    (T-39: once play has begun, only its trumps)."""
    real = state.state
    if real is None or real.variant.id != "tarot" or real.taker is None or seat != real.taker:
        return False
    return len(state.view(seat).ecart) < len(real.ecart)


def test_t39_the_taker_s_resampled_ecart_keeps_its_trumps_and_the_view() -> None:
    game = pyspiel.load_game("python_cardrules_tarot(players=3)")
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    rng = random.Random(8)
    checked = 0
    for _ in range(100):
        state = random_play_until(game, rng, lambda s: forgets_its_ecart(s, s.state.taker))
        if state is None:
            continue
        taker = state.state.taker
        sampled = state.resample_from_infostate(taker, sampler)
        trumps = {c for c in state.state.ecart if c.kind is cardrules.CardKind.TRUMP}
        assert trumps <= set(sampled.state.ecart)
        assert sampled.state.view(taker) == state.state.view(taker)
        checked += 1
    assert checked > 10


def test_the_module_examples_run() -> None:
    result = doctest.testmod(co, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0
    assert result.failed == 0


ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "openspiel_ismcts.py"
DOCS = ROOT / "docs" / "integrations.md"


@pytest.mark.skipif(not EXAMPLE.is_file(), reason="the examples are not beside these tests")
def test_the_ismcts_example_plays_and_prints_its_results(
    capsys: pytest.CaptureFixture[str],
) -> None:
    spec = importlib.util.spec_from_file_location("openspiel_ismcts", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    results = module.main(games=1, simulations=10, seed=1)
    out = capsys.readouterr().out
    assert set(results) == {"python_cardrules_tarot", "python_cardrules_bid_euchre"}
    for name, mean in results.items():
        assert name in out
        assert f"{mean:+.2f}" in out


@pytest.mark.skipif(not DOCS.is_file(), reason="the docs are not beside these tests")
def test_the_docs_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.DOTALL)
    code = next(b for b in blocks if "integrations.openspiel" in b)
    exec(compile(code, str(DOCS), "exec"), {})  # noqa: S102 - the docs' own example
    assert capsys.readouterr().out


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    game = pyspiel.load_game("python_cardrules_bid_euchre")
    spiel = deal_of(game, game.variant.new_game(seed=4))
    before = (spiel.history(), spiel.state)
    illegal = next(i for i in range(game.num_distinct_actions()) if i not in spiel.legal_actions())
    with pytest.raises(cardrules.IllegalActionError):
        spiel.apply_action(illegal)
    assert (spiel.history(), spiel.state) == before


RESAMPLED_GAMES = [
    "python_cardrules_tarot(players=3)",
    "python_cardrules_tarot(players=4)",
    "python_cardrules_tarot(players=5)",
    "python_cardrules_bid_euchre(help_exchange_count=3,joker=True,allow_no_trump=True)",
]


def bot_play(game: Any, rng: random.Random, check: Any, every: int) -> None:
    """A deal played by the heuristic bots (which declare every poignée they may) and
    random seats, through action ids; ``check(state)`` at one decision in ``every``. In
    French Tarot a seat is dealt the trumps of a poignée."""
    variant = game.variant
    kinds = ["heuristic" if rng.random() < 0.7 else "random" for _ in range(variant.players)]
    bots = [bot_for(variant.id, kind) for kind in kinds]
    state = (
        deal_of(game, rich_deal(game, rng)) if variant.id == "tarot" else game.new_initial_state()
    )
    step = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
            continue
        if step % every == 0:
            check(state)
        step += 1
        seat = state.current_player()
        action = bots[seat].choose(state.state.view(seat), state.state.legal_actions(), rng)
        state.apply_action(variant.action_id(action))


def rich_deal(game: Any, rng: random.Random) -> Any:
    """A French Tarot deal in which one seat (at random) holds enough trumps for a
    poignée (T-18), often two seats."""
    variant = game.variant
    n = variant.players
    size = (78 - game.piles[-1]) // n
    need = variant.options.poignee_thresholds[n][0]
    trumps = [c for c in variant.deck if c.kind is cardrules.CardKind.TRUMP]
    rest = [c for c in variant.deck if c.kind is not cardrules.CardKind.TRUMP]
    rng.shuffle(trumps)
    rich = rng.randrange(n)
    held = trumps[: need + rng.randrange(3)]
    rest += trumps[len(held) :]
    rng.shuffle(rest)
    hands = []
    for seat in range(n):
        take = size - len(held) if seat == rich else size
        hands.append([*held, *rest[:take]] if seat == rich else rest[:take])
        rest = rest[take:]
    return variant.deal(hands=hands, chien=rest, dealer=game.dealer)


@pytest.mark.deep
@pytest.mark.parametrize("name", RESAMPLED_GAMES)
def test_t19_a_resample_keeps_the_seat_s_view_and_information_state(name: str) -> None:
    # A poignée's action id stands for its level (the lowest trumps of the hand), so a
    # resample replayed by ids must give each declarer no lower trump than it showed;
    # the seat's own écart or help-exchange cards are replayed in the order it gave them.
    game = pyspiel.load_game(name)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    rng = random.Random(name)
    counts = {"views": 0, "strings": 0, "with a poignée": 0, "taker forgot the écart": 0}

    def check(state: Any) -> None:
        for seat in range(game.num_players()):
            sampled = state.resample_from_infostate(seat, sampler)
            assert sampled.state.view(seat) == state.state.view(seat), str(state)
            counts["views"] += 1
            counts["with a poignée"] += bool(getattr(state.view(seat), "poignees", ()))
            if forgets_its_ecart(state, seat):
                counts["taker forgot the écart"] += 1
                continue
            key = state.information_state_string(seat)
            assert sampled.information_state_string(seat) == key, str(state)
            assert sampled.information_state_tensor(seat) == state.information_state_tensor(seat)
            counts["strings"] += 1

    deals = tiers.volume(2, 40) if "tarot" in name else tiers.volume(8, 80)
    for _ in range(deals):
        bot_play(game, rng, check, 1 if tiers.DEEP else 3)
    print(name, counts)
    assert counts["strings"] > 50
    if "tarot" in name:
        assert counts["with a poignée"] > 10


def test_the_entry_points_answer_bad_arguments_with_the_library_errors() -> None:
    game = pyspiel.load_game("python_cardrules_tarot")
    state = game.new_initial_state()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for bad in (78, 999, -1):
        with pytest.raises(cardrules.InvalidActionError, match="no card to deal"):
            state.action_to_string(pyspiel.PlayerId.CHANCE, bad)
    for bad in (78, 10**6):
        with pytest.raises(cardrules.InvalidActionError, match="not a card left to deal"):
            state.apply_action(bad)
    with pytest.raises(cardrules.WrongPhaseError, match="still being dealt"):
        state.view(0)
    for seat in (-1, 4, 10**6):
        with pytest.raises(cardrules.InvalidSeatError):
            state.dealt_hand(seat)
        with pytest.raises(cardrules.InvalidSeatError):
            state.seen_history(seat)
        with pytest.raises(cardrules.InvalidSeatError):
            state.resample_from_infostate(seat, sampler)
    with pytest.raises(cardrules.InvalidArgumentError, match="no parameters"):
        game.make_py_observer(None, {"x": 1})
    dealt = deal_of(game, game.variant.new_game(seed=2))
    before = (dealt.history(), dealt.state)
    dealt.apply_action(np.int64(dealt.legal_actions()[0]))  # a numpy id is an id
    assert dealt.history() == [*before[0], dealt.history()[-1]]
    for bad in (game.num_distinct_actions(), 10**6):
        with pytest.raises(cardrules.InvalidActionError):
            dealt.apply_action(bad)
        with pytest.raises(cardrules.InvalidActionError):
            dealt.action_to_string(0, bad)
