"""Positions of both games: the round trip and the continuation properties over random
states of every phase, player count and a sample of option sets, and the fuzz.

Figures: 3 x 4 Tarot option sets and 8 Bid Euchre ones, 12 deals each (240 deals);
4,631 states read back from their positions (each phase's first state, the last one
and one in four of the others, every phase of every variant), and a continuation to
the end from 4 states of each deal (960 continuations).
"""

from __future__ import annotations

import pickle
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import Pass, PositionError, State, errors, records
from cardrules.bid_euchre import BidEuchreVariant
from cardrules.tarot import TarotVariant

TAROT_OPTIONS: list[dict[str, Any]] = [
    {},
    {"excuse_compensation": "card", "chelem_announcement": False},
    {"poignee_counts_forced_discards": False, "petit_sec_annuls": False},
    {"excuse_last_trick": "to_trick_winner", "redeal_dealer": "same"},
]
EUCHRE_OPTIONS: list[dict[str, Any]] = [
    {},
    {"joker": True, "allow_no_trump": True, "ace_no_face": True, "help_exchange_count": 2},
    {"joker": True, "joker_discard_timing": "after_trump", "allow_no_trump": True},
    {"double_deck": True},
    {"bidding_style": "continuous", "stick_the_dealer": True},
    {"renege_mode": "penalize"},
    {"allow_plain_six": True, "help_card_rule": "partner_choice"},
    {
        "double_deck": True,
        "joker": False,
        "ace_no_face": True,
        "lone_set_penalty": "contract_value",
    },
]
VARIANTS: list[Any] = [
    *(TarotVariant(players=n, **o) for n in (3, 4, 5) for o in TAROT_OPTIONS),
    *(BidEuchreVariant(**o) for o in EUCHRE_OPTIONS),
]
DEALS = 12


def _deal(variant: Any, seed: int) -> list[State]:
    """Every state of one deal played at random, its first to its last; half the
    passes are taken, so that low contracts (Prise and Garde and their écart, help
    bids and their exchange) come up."""
    rng = random.Random(seed)
    state: State = variant.new_game(rng=rng, dealer=seed % variant.players)
    out = [state]
    while not state.is_terminal:
        legal = state.legal_actions()
        take_pass = Pass() in legal and rng.random() < 0.5
        state = state.apply(Pass() if take_pass else rng.choice(legal))
        out.append(state)
    return out


def _same(a: State, b: State) -> None:
    assert a == b
    assert a.position() == b.position()  # type: ignore[attr-defined]
    assert a.to_play == b.to_play
    assert a.legal_actions() == b.legal_actions()
    for seat in range(a.variant.players):
        assert a.view(seat) == b.view(seat)


def _play_out(state: State, seed: int) -> tuple[State, list[str]]:
    rng = random.Random(seed)
    texts = []
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        texts.append(str(action))
        state = state.apply(action)
    return state, texts


@pytest.mark.parametrize("variant", VARIANTS, ids=repr)
def test_every_state_reads_back_from_its_position(variant: Any) -> None:
    phases = set()
    for seed in range(DEALS):
        states = _deal(variant, seed)
        # Each phase's first state, the last one and a random one in four.
        rng = random.Random(seed)
        for k, state in enumerate(states):
            first = k == 0 or state.phase is not states[k - 1].phase  # type: ignore[attr-defined]
            if not (first or k == len(states) - 1 or rng.random() < 0.25):
                continue
            text = state.position()  # type: ignore[attr-defined]
            assert "\n" not in text
            assert "  " not in text
            _same(variant.from_position(text), state)
            phases.add(state.phase)  # type: ignore[attr-defined]
    names = {p.name for p in phases}
    if isinstance(variant, TarotVariant):
        assert names >= {"BIDDING", "ECART", "PLAY", "END"}
        assert ("CALL" in names) == (variant.players == 5)
        assert ("ANNOUNCE" in names) == variant.options.chelem_announcement
    else:
        assert names >= {"AUCTION", "TRUMP", "PLAY", "END"}
        assert ("DISCARD" in names) == variant.options.joker
        assert ("CLAIM" in names) == variant.options.ace_no_face


@pytest.mark.parametrize("variant", VARIANTS, ids=repr)
def test_play_continues_from_a_position_as_from_the_state(variant: Any) -> None:
    for seed in range(DEALS):
        states = _deal(variant, seed)
        for state in random.Random(seed).sample(states, min(4, len(states))):
            restored = variant.from_position(state.position())  # type: ignore[attr-defined]
            end_a, actions_a = _play_out(state, seed)
            end_b, actions_b = _play_out(restored, seed)
            assert actions_a == actions_b
            _same(end_a, end_b)
            assert end_a.result() == end_b.result()
            assert end_a.returns() == end_b.returns()


@pytest.mark.parametrize("variant", [VARIANTS[0], VARIANTS[-3]], ids=repr)
def test_a_state_read_from_a_position_has_a_record_that_replays_to_it(variant: Any) -> None:
    # The history of a state read from a position is the replay the position implies,
    # so records, dumps/loads and pickling keep working from it.
    for seed in range(4):
        states = _deal(variant, seed)
        state = states[len(states) // 2]
        restored = variant.from_position(state.position())  # type: ignore[attr-defined]
        assert len(restored.history) <= len(state.history)
        *_, replayed = variant.replay(records.loads(records.dumps(restored.record())))
        _same(replayed, restored)
        _same(pickle.loads(pickle.dumps(restored)), state)  # noqa: S301 - own bytes


def test_the_variant_field_tells_the_game_players_and_options() -> None:
    texts = {v.new_game(seed=0).position().split()[0] for v in VARIANTS}
    assert len(texts) == len(VARIANTS)
    assert TarotVariant(players=5).new_game(seed=0).position().startswith("tarot5 ")
    assert BidEuchreVariant().new_game(seed=0).position().startswith("bid-euchre ")
    for v in VARIANTS:
        for other in VARIANTS:
            if other != v:
                with pytest.raises(PositionError) as info:
                    other.from_position(v.new_game(seed=1).position())
                assert info.value.field == "variant"


def test_position_error_names_its_field_and_pickles() -> None:
    exc = PositionError("tricks: trick 2 is won by seat 1", field="tricks")
    assert str(exc) == "tricks: trick 2 is won by seat 1"
    assert isinstance(exc, errors.CardrulesError)
    assert isinstance(exc, ValueError)
    again = pickle.loads(pickle.dumps(exc))  # noqa: S301 - own bytes
    assert (again.field, str(again)) == (exc.field, str(exc))
    assert PositionError("no position").field == "position"


@pytest.mark.parametrize("text", [None, 3, b"tarot4", "", " ", "x" * 5000, "é" * 12])
def test_anything_but_a_position_is_refused(text: Any) -> None:
    for v in (TarotVariant(), BidEuchreVariant()):
        with pytest.raises(PositionError) as info:
            v.from_position(text)
        assert info.value.field == "position"


def test_a_truncated_position_is_refused_as_a_whole() -> None:
    with pytest.raises(PositionError, match="has 12 fields") as info:
        TarotVariant().from_position("tarot4 0")
    assert info.value.field == "position"
    with pytest.raises(PositionError) as info:
        BidEuchreVariant().from_position("tarot4 0")
    assert info.value.field == "variant"


_SAMPLES = {
    id(v): [s.position() for s in _deal(v, 99)[::9]]  # type: ignore[attr-defined]
    for v in (VARIANTS[4], VARIANTS[9], VARIANTS[12], VARIANTS[13], VARIANTS[15])
}


def _fuzz(variant: Any, text: str) -> None:
    try:
        state = variant.from_position(text)
    except PositionError as exc:
        field = exc.field
    else:
        field = ""
    if field:
        assert field in {"position", *_FIELD_NAMES}
        return
    # Accepted: then it is the position of the state it built.
    assert variant.from_position(state.position()) == state


_FIELD_NAMES = {
    "variant", "dealer", "hands", "chien", "auction", "call", "ecart", "chelem",
    "poignees", "tricks", "piles", "turn", "discard", "claims", "trump", "exchange", "won",
}  # fmt: skip


@settings(max_examples=settings().max_examples * 3)
@given(data=st.data())
def test_fuzzed_positions_raise_only_position_errors(data: st.DataObject) -> None:
    variant = data.draw(st.sampled_from([VARIANTS[i] for i in (4, 9, 12, 13, 15)]))
    text = data.draw(st.sampled_from(_SAMPLES[id(variant)]))
    fields = text.split(" ")
    k = data.draw(st.integers(0, len(fields) - 1))
    how = data.draw(st.sampled_from(["text", "chars", "swap", "drop", "repeat"]))
    if how == "repeat":
        # An item of a field in place of another of the same field: a card listed twice.
        items = re.split(r"([,/:>=])", fields[k])
        a = data.draw(st.integers(0, len(items) // 2)) * 2
        b = data.draw(st.integers(0, len(items) // 2)) * 2
        items[a] = items[b]
        fields[k] = "".join(items)
    elif how == "text":
        fields[k] = data.draw(st.text(min_size=1, max_size=40))
    elif how == "chars":
        alphabet = st.sampled_from(list("0123456789/,:>=-#ATKQJNHSDCEXP hmpsgrc"))
        value = list(fields[k])
        for _ in range(data.draw(st.integers(1, 4))):
            at = data.draw(st.integers(0, len(value)))
            value[at:at + data.draw(st.integers(0, 2))] = data.draw(alphabet)  # fmt: skip
        fields[k] = "".join(value)
    elif how == "swap":
        j = data.draw(st.integers(0, len(fields) - 1))
        fields[k], fields[j] = fields[j], fields[k]
    else:
        del fields[k]
    _fuzz(variant, " ".join(fields))


@given(st.text(max_size=300))
def test_random_text_raises_only_position_errors(text: str) -> None:
    _fuzz(TarotVariant(players=5), text)
    _fuzz(BidEuchreVariant(joker=True), text)
