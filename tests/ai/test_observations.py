"""Observations (``view.observation()``) and action ids given to ``state.apply``."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import cardrules
from cardrules import CardrulesError, IllegalActionError, InvalidActionError, State, Variant
from cardrules.bid_euchre import BidEuchreView
from cardrules.bid_euchre.view import OBSERVATION_LAYOUT as EUCHRE_LAYOUT
from cardrules.tarot import TarotView
from cardrules.tarot.view import OBSERVATION_LAYOUT as TAROT_LAYOUT

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("tarot", {"players": 3}),
    ("tarot", {"players": 4}),
    ("tarot", {"players": 5}),
    ("tarot", {"players": 4, "poignee_counts_forced_discards": True}),
    ("bid-euchre", {}),
    ("bid-euchre", {"joker": True, "allow_no_trump": True}),
    ("bid-euchre", {"double_deck": True}),
    ("bid-euchre", {"renege_mode": "penalize", "ace_no_face": True}),
    (
        "bid-euchre",
        {"help_exchange_count": 2, "help_card_rule": "partner_choice", "joker": True},
    ),
]


def _states(variant: Variant, games: int, seed: int) -> Iterator[State]:
    rng = random.Random(seed)
    for _ in range(games):
        state = variant.new_game(rng=rng)
        yield state
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_action_ids()))
            yield state


@pytest.mark.parametrize(("variant_id", "options"), VARIANTS)
def test_observation_has_the_variants_fixed_size(variant_id: str, options: dict[str, Any]) -> None:
    variant = cardrules.get_variant(variant_id, **options)
    size = variant.observation_size  # type: ignore[attr-defined]
    assert isinstance(size, int)
    for state in _states(variant, 8, 1):
        for seat in range(variant.players):
            obs = state.view(seat).observation()
            assert type(obs) is tuple
            assert len(obs) == size
            assert all(type(x) is float for x in obs)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_tarot_observation_parts(players: int) -> None:
    variant = cardrules.get_variant("tarot", players=players)
    names = [name for name, _ in TAROT_LAYOUT]
    assert names[:3] == ["hand", "played", "trick"]
    for state in _states(variant, 6, players):
        for seat in range(players):
            view = state.view(seat)
            assert isinstance(view, TarotView)
            obs = view.observation()
            hand = {i for i in range(78) if obs[i]}
            assert hand == {c.index for c in view.hand}
            played = obs[78 : 78 + players * 78]
            # The viewer is block 0; every card played appears once, in its seat's block.
            seen = Counter(
                ((s - seat) % players, c.index)
                for trick in (*view.tricks, view.trick)
                for s, c in trick
            )
            assert sum(played) == sum(seen.values())
            for block, index in seen:
                assert played[block * 78 + index] == 1.0
            phase = obs[-(5 * players + 6) : -(5 * players)]
            assert sum(phase) == 1.0
            if view.result is not None:
                assert obs[-players:] == tuple(
                    float(view.result.scores[(seat + k) % players]) for k in range(players)
                )


def test_euchre_observation_parts() -> None:
    variant = cardrules.get_variant("bid-euchre", double_deck=True)
    assert [name for name, _ in EUCHRE_LAYOUT][:2] == ["hand", "played"]
    for state in _states(variant, 6, 2):
        for seat in range(4):
            view = state.view(seat)
            assert isinstance(view, BidEuchreView)
            obs = view.observation()
            # Double deck: two copies of a card count 2.
            assert sum(obs[:25]) == len(view.hand)
            assert max(obs[:25], default=0.0) <= 2.0
            played = sum(len(t.plays) for t in view.tricks) + len(view.trick)
            assert sum(obs[25 : 25 + 100]) == played


@pytest.mark.parametrize(("variant_id", "options"), VARIANTS)
def test_observation_is_equal_for_equal_views(variant_id: str, options: dict[str, Any]) -> None:
    # The observation is a function of the view: a hidden card never changes it.
    variant = cardrules.get_variant(variant_id, **options)
    for state in _states(variant, 3, 3):
        for seat in range(variant.players):
            assert state.view(seat).observation() == state.view(seat).observation()


@pytest.mark.parametrize(("variant_id", "options"), VARIANTS)
def test_apply_takes_the_ids_of_legal_action_ids(variant_id: str, options: dict[str, Any]) -> None:
    variant = cardrules.get_variant(variant_id, **options)
    rng = random.Random(4)
    for state in _states(variant, 5, 4):
        if state.is_terminal:
            continue
        ids = state.legal_action_ids()
        mask = state.legal_action_mask()
        assert [i for i, legal in enumerate(mask) if legal] == sorted(ids)
        chosen = rng.choice(ids)
        after = state.apply(chosen)
        assert after == state.apply(variant.action_from_id(chosen))
        assert after.history[-1] == (state.to_play, variant.action_from_id(chosen))
        state.check(chosen)
        assert state.is_legal(chosen)
        assert state.apply(chosen, seat=state.to_play) == after


@pytest.mark.parametrize(("variant_id", "options"), VARIANTS[::2])
def test_apply_rejects_ids_outside_the_action_space(
    variant_id: str, options: dict[str, Any]
) -> None:
    variant = cardrules.get_variant(variant_id, **options)
    state = variant.new_game(seed=9)
    before = state.record()
    for bad in (-1, variant.num_actions, 10**5000, True, False):
        with pytest.raises(InvalidActionError) as info:
            state.apply(bad)
        assert isinstance(info.value, CardrulesError)
        assert not state.is_legal(bad)
    assert state.record() == before
    with pytest.raises(InvalidActionError, match="ids run from 0"):
        state.apply(variant.num_actions)


@pytest.mark.parametrize(("variant_id", "options"), VARIANTS[::2])
def test_apply_rejects_an_illegal_id_as_the_action(
    variant_id: str, options: dict[str, Any]
) -> None:
    # An id of an action that is illegal here raises the action's own specific error.
    variant = cardrules.get_variant(variant_id, **options)
    for state in _states(variant, 2, 5):
        if state.is_terminal:
            continue
        legal = set(state.legal_action_ids())
        for number in range(variant.num_actions):
            if number in legal:
                continue
            action = variant.action_from_id(number)
            if state.is_legal(action):
                continue  # a non-canonical form of a legal action (a poignée's cards)
            with pytest.raises(IllegalActionError) as by_id:
                state.apply(number)
            with pytest.raises(IllegalActionError) as by_action:
                state.apply(action)
            assert type(by_id.value) is type(by_action.value)
            assert str(by_id.value) == str(by_action.value)
