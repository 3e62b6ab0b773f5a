"""The chien and the écart (T-14 … T-16), through ``cardrules.tarot``."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import (
    EXCUSE,
    Card,
    CardKind,
    CardNotInHandError,
    DiscardError,
    NotYourTurnError,
    Rank,
    WrongPhaseError,
)
from cardrules.tarot import (
    BOUTS,
    Camp,
    Contract,
    Discard,
    Phase,
    TarotState,
    TarotVariant,
    random_playout,
)


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def codes(cs: object) -> set[str]:
    return {str(c) for c in cs}  # type: ignore[attr-defined]


def forced_trumps_deal(**options: object) -> TarotState:
    """Seat 0 holds the four kings and trumps 2 … 15; the chien adds 2S, 3S and trumps
    16 … 19: after taking it, only two plain cards can go to the écart (T-15c)."""
    taker = cards("KS KH KD KC") + [Card.trump(n) for n in range(2, 16)]
    chien = cards("2S 3S 16T 17T 18T 19T")
    rest = [c for c in TarotVariant().deck if c not in taker and c not in chien]
    others = cards("1T 20T 21T EX") + [c for c in rest if c.kind is CardKind.SUIT]
    hands = [taker, others[0:18], others[18:36], others[36:54]]
    variant = TarotVariant(**options)  # type: ignore[arg-type]
    state = variant.deal(hands=hands, chien=chien, dealer=3)
    return state.apply("bid garde").apply("pass").apply("pass").apply("pass")


def discards(state: TarotState) -> set[str]:
    return {str(a.cards[0]) for a in state.legal_actions() if isinstance(a, Discard)}


def taking(contract: Contract, players: int = 4, seed: int = 0) -> TarotState:
    variant = TarotVariant(players=players)
    for s in range(seed, seed + 100):
        state = variant.new_game(seed=s)
        if state.is_terminal:
            continue
        taker = state.to_play
        while state.phase is Phase.BIDDING:
            state = state.apply(f"bid {contract}" if state.to_play == taker else "pass")
        if state.phase is Phase.CALL:
            state = state.apply(state.legal_actions()[0])
        return state
    raise AssertionError("no playable deal")


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("contract", [Contract.PRISE, Contract.GARDE])
def test_t14_chien_is_shown_and_joins_the_takers_hand(players: int, contract: Contract) -> None:
    state = taking(contract, players)
    size = {3: 24, 4: 18, 5: 15}[players]
    chien = 3 if players == 5 else 6
    assert state.legal_actions()[0].verb == "discard"
    taker = state.taker
    assert taker is not None
    assert state.to_play == taker
    assert len(state.hand(taker)) == size + chien
    assert set(state.chien) <= set(state.hand(taker))
    for seat in range(players):
        view = state.view(seat)
        assert set(view.chien) == set(state.chien)
        assert set(state.chien) <= view.public_cards
    rng = random.Random(players)
    while state.phase is Phase.ECART:
        state = state.apply(rng.choice(state.legal_actions()))
    assert len(state.ecart) == chien
    assert len(state.hand(taker)) == size
    # The écart belongs to the attack.
    assert set(state.ecart) == set(state.pile(Camp.ATTACK))


def test_t15a_kings_are_never_discarded() -> None:
    state = forced_trumps_deal()
    assert not any(c.rank == Rank.KING and c.suit for c in map(Card.parse, discards(state)))
    with pytest.raises(DiscardError, match="king") as info:
        state.apply("discard KS")
    assert info.value.rule_id == "T-15"


def test_t15b_bouts_are_never_discarded() -> None:
    for seed in range(60):
        state = taking(Contract.GARDE, seed=seed)
        taker = state.taker
        assert taker is not None
        bouts = [c for c in state.hand(taker) if c in BOUTS]
        if not bouts:
            continue
        for bout in bouts:
            assert str(bout) not in discards(state)
            with pytest.raises(DiscardError, match="bout"):
                state.apply(Discard(bout))
        return
    raise AssertionError("no taker with a bout")


def bouts_and_forced_trumps(players: int, **options: object) -> TarotState:
    """Seat 0 takes a garde holding the four kings, the three bouts and trumps from 2 up;
    the chien gives it one to four plain cards and the trumps left: trumps must go in
    the écart (T-15c), and the Petit, the 21 and the Excuse are in the hand."""
    size, chien_size = {3: (24, 6), 4: (18, 6), 5: (15, 3)}[players]
    mids = [Card.trump(n) for n in range(2, 21)]
    taker = cards("KS KH KD KC 1T 21T EX") + mids[: size - 7]
    left = mids[size - 7 :][: chien_size - 1]
    chien = left + cards("2S 3S 4S 5S")[: chien_size - len(left)]
    rest = [c for c in TarotVariant().deck if c not in taker and c not in chien]
    hands = [taker] + [rest[i * size : (i + 1) * size] for i in range(players - 1)]
    variant = TarotVariant(players=players, **options)  # type: ignore[arg-type]
    state = variant.deal(hands=hands, chien=chien, dealer=players - 1)
    state = state.apply("bid garde")
    while state.phase is Phase.BIDDING:
        state = state.apply("pass")
    if state.phase is Phase.CALL:
        state = state.apply(state.legal_actions()[0])  # a king of its own: alone
    assert state.phase is Phase.ECART
    assert state.taker == 0
    return state


@pytest.mark.parametrize("players", [3, 4, 5])
def test_t15b_bouts_are_never_discarded_when_trumps_are_forced(players: int) -> None:
    state = bouts_and_forced_trumps(players)
    hand = state.hand(0)
    plain = [c for c in hand if c.kind is CardKind.SUIT and c.rank != Rank.KING]
    size = 3 if players == 5 else 6
    assert 0 < len(plain) < size  # T-15c: trumps must make up the écart
    mids = {str(c) for c in hand if c.kind is CardKind.TRUMP and c not in BOUTS}
    while state.phase is Phase.ECART:
        # Before, between and after the plain cards, and as the forced trumps go in.
        legal = discards(state)
        assert not legal & {"1T", "21T", "EX"}
        assert legal <= codes(plain) | mids
        for bout in ("1T", "21T", "EX"):
            before = pickle.dumps(state)
            with pytest.raises(DiscardError, match="T-15b") as info:
                state.apply(f"discard {bout}")
            assert info.value.rule_id == "T-15"
            assert not state.is_legal(f"discard {bout}")
            with pytest.raises(DiscardError, match="T-15b"):
                state.check(f"discard {bout}")
            assert pickle.dumps(state) == before
        state = state.apply(f"discard {min(legal)}")
    assert not set(state.ecart) & set(BOUTS)
    assert {c for c in state.ecart if c.kind is CardKind.TRUMP}, "trumps were forced"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_t15b_a_whole_forced_ecart_naming_a_bout_is_refused(players: int) -> None:
    state = bouts_and_forced_trumps(players)
    size = 3 if players == 5 else 6
    plain = sorted(c for c in state.hand(0) if c.kind is CardKind.SUIT and c.rank != Rank.KING)
    trumps = [Card.trump(n) for n in range(2, 21) if Card.trump(n) in state.hand(0)]
    for bout in (Card.trump(1), Card.trump(21), EXCUSE):
        ecart = [*plain, *trumps[: size - len(plain) - 1], bout]
        text = "discard " + " ".join(map(str, ecart))
        before = pickle.dumps(state)
        with pytest.raises(DiscardError, match="T-15b") as info:
            state.apply(text)
        assert info.value.rule_id == "T-15"
        assert pickle.dumps(state) == before


@pytest.mark.parametrize("players", [3, 4, 5])
def test_t15b_random_playouts_never_discard_a_bout_when_trumps_are_forced(players: int) -> None:
    start = bouts_and_forced_trumps(players)
    for seed in range(40):
        # The checked loop: every écart it makes holds forced trumps and no bout ...
        rng = random.Random(seed)
        state = start
        while state.phase is Phase.ECART:
            state = state.apply(rng.choice(state.legal_actions()))
        assert not set(state.ecart) & set(BOUTS)
        assert any(c.kind is CardKind.TRUMP for c in state.ecart)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        # ... and the bulk playout draws among the same écart cards: the same deal.
        assert random_playout(start, random.Random(seed)) == state.result()


def test_t15c_trumps_only_when_the_plain_cards_cannot_fill_the_ecart() -> None:
    state = forced_trumps_deal()
    assert discards(state) == {"2S", "3S"} | {f"{n}T" for n in range(2, 20)}
    state = state.apply("discard 2T").apply("discard 3T").apply("discard 4T").apply("discard 5T")
    # Two places left and two plain cards: no more trumps.
    assert discards(state) == {"2S", "3S"}
    with pytest.raises(DiscardError, match="T-15c") as info:
        state.apply("discard 6T")
    assert info.value.rule_id == "T-15"
    state = state.apply("discard 2S").apply("discard 3S")
    assert state.phase is Phase.ANNOUNCE
    assert codes(state.ecart) == {"2S", "3S", "2T", "3T", "4T", "5T"}


def test_t15c_no_trump_when_plain_cards_suffice() -> None:
    for seed in range(60):
        state = taking(Contract.PRISE, seed=seed)
        taker = state.taker
        assert taker is not None
        plain = [c for c in state.hand(taker) if c.kind is CardKind.SUIT and c.rank != Rank.KING]
        trumps = [c for c in state.hand(taker) if c.kind is CardKind.TRUMP and c not in BOUTS]
        if len(plain) >= 6 and trumps:
            assert all(Card.parse(code).kind is CardKind.SUIT for code in discards(state))
            with pytest.raises(DiscardError, match="T-15c"):
                state.apply(Discard(trumps[0]))
            return
    raise AssertionError("no suitable deal")


def test_t15d_ecart_trumps_are_public_the_rest_is_not() -> None:
    state = forced_trumps_deal()
    state = state.apply("discard 2S 3S 2T 3T 4T 5T")
    for seat in (1, 2, 3):
        view = state.view(seat)
        assert codes(view.ecart) == {"2T", "3T", "4T", "5T"}
        assert {"2T", "3T", "4T", "5T"} <= codes(view.public_cards)
        assert "ecart=[2T 3T 4T 5T]" in repr(view)
    # The taker sees the whole écart until the play starts, then only its trumps.
    assert codes(state.view(0).ecart) == codes(state.ecart)
    playing = state.apply("pass")
    assert playing.phase is Phase.PLAY
    assert codes(playing.view(0).ecart) == {"2T", "3T", "4T", "5T"}


def test_t15_multi_card_discard_applies_each_card_in_order() -> None:
    state = forced_trumps_deal()
    done = state.apply("discard 2T 3T 4T 5T 2S 3S")
    assert done.phase is Phase.ANNOUNCE
    assert [str(a) for _, a in done.history[-6:]] == [
        "discard 2T",
        "discard 3T",
        "discard 4T",
        "discard 5T",
        "discard 2S",
        "discard 3S",
    ]
    step = state
    for code in ("2T", "3T", "4T", "5T", "2S", "3S"):
        step = step.apply(f"discard {code}")
    assert step == done
    part = state.apply(Discard(cards("2S 3S")))
    assert len(part.ecart) == 2
    assert part.phase is Phase.ECART


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("discard 2S 2S", DiscardError, "twice"),
        ("discard 2S 3S 2T 3T 4T 5T 6T", DiscardError, "6 more"),
        ("discard 2S KS", DiscardError, "king"),
        ("discard 2S 4S", CardNotInHandError, "does not hold"),
        ("discard 2T 3T 4T 5T 6T", DiscardError, "T-15c"),
    ],
)
def test_t15_bad_ecarts_are_rejected_and_change_nothing(
    text: str, error: type[Exception], message: str
) -> None:
    state = forced_trumps_deal()
    before = pickle.dumps(state)
    with pytest.raises(error, match=message):
        state.apply(text)
    assert not state.is_legal(text)
    assert pickle.dumps(state) == before


def test_t15_only_the_taker_discards_and_only_in_the_ecart_phase() -> None:
    state = forced_trumps_deal()
    with pytest.raises(NotYourTurnError):
        state.apply("discard 2S", seat=1)
    with pytest.raises(WrongPhaseError):
        state.apply("play 2S")
    with pytest.raises(WrongPhaseError):
        state.apply("pass")
    playing = state.apply("discard 2S 3S 2T 3T 4T 5T").apply("pass")
    with pytest.raises(WrongPhaseError):
        playing.apply("discard KS")


def naive_ecart_legal(enlarged: list[Card], done: list[Card], size: int) -> set[Card]:
    """T-15 from the text: no king, no bout; trumps only when the plain non-king cards
    of the enlarged hand cannot fill the écart, and then exactly as many as needed."""

    def plain(c: Card) -> bool:
        return c.kind is CardKind.SUIT and c.rank != Rank.KING

    p = sum(1 for c in enlarged if plain(c))
    trumps_needed = max(0, size - p)
    trumps_done = sum(1 for c in done if not plain(c))
    out = set()
    for c in enlarged:
        if c in done:
            continue
        if plain(c) or (
            c.kind is CardKind.TRUMP and c not in BOUTS and trumps_done < trumps_needed
        ):
            out.add(c)
    return out


@given(
    players=st.sampled_from([3, 4, 5]),
    seed=st.integers(0, 2**32),
    heavy=st.booleans(),
)
def test_t15_every_ecart_step_matches_the_rule_and_completes(
    players: int, seed: int, heavy: bool
) -> None:
    rng = random.Random(seed)
    state = taking(Contract.GARDE, players, seed=seed % 1000)
    taker = state.taker
    assert taker is not None
    enlarged = list(state.hand(taker))
    size = 3 if players == 5 else 6
    done: list[Card] = []
    while state.phase is Phase.ECART:
        legal = {a.cards[0] for a in state.legal_actions() if isinstance(a, Discard)}
        assert legal == naive_ecart_legal(enlarged, done, size)
        trumps = [c for c in legal if c.kind is CardKind.TRUMP]
        pick = rng.choice(sorted(trumps) if heavy and trumps else sorted(legal))
        done.append(pick)
        state = state.apply(Discard(pick))
    assert sorted(state.ecart) == sorted(done)
    assert not any(c in BOUTS or (c.rank == Rank.KING and c.suit) for c in done)


@pytest.mark.parametrize("contract", [Contract.GARDE_SANS, Contract.GARDE_CONTRE])
def test_t16_garde_sans_and_contre_leave_the_chien_unseen(contract: Contract) -> None:
    state = taking(contract)
    assert state.phase is Phase.ANNOUNCE
    taker = state.taker
    assert taker is not None
    assert len(state.hand(taker)) == 18
    assert state.ecart == ()
    for seat in range(4):
        assert state.view(seat).chien == ()
        assert not set(state.chien) & state.view(seat).public_cards
    rng = random.Random(5)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    camp = Camp.ATTACK if contract is Contract.GARDE_SANS else Camp.DEFENCE
    assert set(state.chien) <= set(state.pile(camp))
    assert set(state.view(0).chien) == set(state.chien)


def test_t16_no_discard_in_garde_sans() -> None:
    state = taking(Contract.GARDE_SANS)
    with pytest.raises(WrongPhaseError):
        state.apply(Discard(EXCUSE))
