"""``view.sample_state(rng)``: a full state consistent with everything a seat knows.

Every view of ``GAMES`` whole deals per option set is sampled (``tests/tiers.py``: 3
French Tarot deals and 6 Bid Euchre hands in the default run, ten times as many in the
deep tier).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import Card, InconsistentViewError, InvalidArgumentError, State, Variant
from cardrules._sampling import deal_hidden
from cardrules.bid_euchre import Phase as EuchrePhase
from cardrules.bots import bot_for

if TYPE_CHECKING:
    from tests import tiers
else:
    import cardrules_test_tiers as tiers  # loaded by tests/conftest.py

TAROT = [{"players": 3}, {"players": 4}, {"players": 5}, {"players": 4, "dealer": 2}]
EUCHRE: list[dict[str, Any]] = [
    {},
    {"joker": True},
    {"double_deck": True},
    {"joker": True, "allow_no_trump": True},
    {"renege_mode": "penalize"},
    {"ace_no_face": True, "stick_the_dealer": True},
    {"bidding_style": "continuous", "help_exchange_count": 2, "help_card_rule": "partner_choice"},
    {"joker": True, "joker_discard_timing": "after_trump", "allow_no_trump": True},
    {"double_deck": True, "help_exchange_count": 3, "allow_no_trump": True},
]
VARIANTS = [("tarot", o) for o in TAROT] + [("bid-euchre", o) for o in EUCHRE]
# A French Tarot deal has several times the views of a Bid Euchre hand.
GAMES = {"tarot": tiers.volume(3, 30), "bid-euchre": tiers.volume(6, 60)}


def _states(variant: Variant, games: int, rng: random.Random) -> Iterator[State]:
    """Every state of ``games`` deals played by the heuristic bots (half of the seats)
    and random play (the other half), so that the deals reach every contract."""
    kinds = ("heuristic", "random")
    for g in range(games):
        bots = [bot_for(variant.id, kinds[(g + s) % 2]) for s in range(variant.players)]
        state = variant.new_game(rng=rng)
        yield state
        while not state.is_terminal:
            seat = state.to_play
            assert seat is not None
            state = state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
            yield state


def _check(state: State, seat: int, rng: random.Random) -> State:
    view = state.view(seat)
    sampled = view.sample_state(rng)
    assert type(sampled) is type(state)
    assert sampled.variant == state.variant
    assert sampled.view(seat) == view
    assert sorted(map(str, sampled.hand(seat))) == sorted(map(str, state.hand(seat)))
    return sampled


@pytest.mark.deep
@pytest.mark.parametrize(("variant_id", "options"), VARIANTS)
def test_sampled_states_show_the_same_view(variant_id: str, options: dict[str, Any]) -> None:
    # The defining property over every view of whole deals: thousands of views in all.
    variant = cardrules.get_variant(variant_id, **options)
    rng = random.Random(11)
    count = 0
    for state in _states(variant, GAMES[variant_id], rng):
        for seat in range(variant.players):
            _check(state, seat, rng)
            count += 1
    assert count > 300


@pytest.mark.parametrize(("variant_id", "options"), VARIANTS[::3])
def test_a_sampled_record_replays_through_the_checked_rules(
    variant_id: str, options: dict[str, Any]
) -> None:
    variant = cardrules.get_variant(variant_id, **options)
    rng = random.Random(12)
    for k, state in enumerate(_states(variant, 2, rng)):
        if k % 7:
            continue
        seat = k % variant.players
        sampled = _check(state, seat, rng)
        replayed = list(variant.replay(sampled.record()))[-1]
        assert replayed.view(seat) == state.view(seat)
        assert replayed.history == sampled.history


@given(
    case=st.sampled_from(VARIANTS),
    seed=st.integers(0, 2**32),
    cut=st.floats(0, 1),
    seat=st.integers(0, 4),
)
def test_sampling_property(
    case: tuple[str, dict[str, Any]], seed: int, cut: float, seat: int
) -> None:
    variant_id, options = case
    variant = cardrules.get_variant(variant_id, **options)
    rng = random.Random(seed)
    states = list(_states(variant, 1, rng))
    state = states[min(len(states) - 1, int(cut * len(states)))]
    _check(state, seat % variant.players, rng)


def test_tarot_voids_shown_in_play_are_kept() -> None:
    # A seat that did not follow suit holds no card of that suit in any sample (T-22).
    variant = cardrules.get_variant("tarot", players=4)
    rng = random.Random(13)
    checked = 0
    for state in _states(variant, 8, rng):
        view = state.view(0)
        for trick in (*view.tricks, view.trick):
            plays = [(s, c) for s, c in trick if c != cardrules.EXCUSE]
            if not plays or plays[0][1].suit is None:
                continue
            led = plays[0][1].suit
            for s, c in plays[1:]:
                if c.suit != led and s != 0:
                    sampled = view.sample_state(rng)
                    assert all(h.suit != led for h in sampled.hand(s))
                    checked += 1
    assert checked > 10


def test_tarot_taker_sees_the_chien_and_ecart_trumps() -> None:
    variant = cardrules.get_variant("tarot", players=4)
    rng = random.Random(14)
    seen = 0
    for state in _states(variant, 10, rng):
        for seat in range(4):
            view = state.view(seat)
            if not view.chien or view.phase is cardrules.tarot.Phase.END:
                continue
            sampled = view.sample_state(rng)
            assert sampled.chien == state.chien  # type: ignore[attr-defined]
            assert set(view.ecart) <= set(sampled.ecart)
            seen += 1
    assert seen > 20


def test_euchre_partners_keep_the_exchanged_cards() -> None:
    variant = cardrules.get_variant("bid-euchre", help_exchange_count=2)
    rng = random.Random(15)
    seen = 0
    for state in _states(variant, 60, rng):
        declarer = getattr(state, "declarer", None)
        if declarer is None or not getattr(state, "given", ()):
            continue
        for seat in (declarer, (declarer + 2) % 4):
            sampled = state.view(seat).sample_state(rng)
            assert Counter(sampled.given) == Counter(state.given)  # type: ignore[attr-defined]
            assert Counter(sampled.returned) == Counter(state.returned)  # type: ignore[attr-defined]
            seen += 1
    assert seen > 5


def test_sampling_is_deterministic_given_the_rng() -> None:
    state = cardrules.get_variant("tarot").new_game(seed=4).apply("bid prise")
    view = state.view(2)
    assert view.sample_state(random.Random(3)) == view.sample_state(random.Random(3))


def test_sampling_is_uniform_on_a_small_case() -> None:
    # Bid Euchre, seat 0 after the deal: the 18 hidden cards split 6/6/6 among seats 1-3.
    # The chance that seat 1 holds a given card is 1/3: the counts over 3000 samples
    # stay within 5 standard deviations of 1000 for every hidden card.
    state = cardrules.get_variant("bid-euchre").new_game(seed=21)
    view = state.view(0)
    rng = random.Random(22)
    counts: Counter[Card] = Counter()
    n = 3000
    for _ in range(n):
        counts.update(view.sample_state(rng).hand(1))
    hidden = [c for c in cardrules.get_variant("bid-euchre").deck if c not in view.hand]
    sd = (n * (1 / 3) * (2 / 3)) ** 0.5
    for card in hidden:
        assert abs(counts[card] - n / 3) < 5 * sd, card


def test_deal_hidden_is_uniform_with_constraints() -> None:
    # Four cards into two places of two, "a" barred from place 1: the 3 deals that put
    # "a" in place 0 are equally likely.
    rng = random.Random(23)
    counts: Counter[str] = Counter()
    for _ in range(6000):
        places = deal_hidden(rng, [(0b01, "a"), (0b11, "bcd")], (2, 2))
        counts["".join(sorted(places[0]))] += 1
    assert set(counts) == {"ab", "ac", "ad"}
    assert all(abs(c - 2000) < 200 for c in counts.values())


def test_deal_hidden_refuses_an_impossible_split() -> None:
    with pytest.raises(InconsistentViewError):
        deal_hidden(random.Random(1), [(0b01, "abc")], (2, 1))


@pytest.mark.parametrize(("variant_id", "options"), [VARIANTS[1], VARIANTS[4]])
def test_tampered_views_are_refused(variant_id: str, options: dict[str, Any]) -> None:
    variant = cardrules.get_variant(variant_id, **options)
    rng = random.Random(24)
    states = list(_states(variant, 1, rng))
    state = states[len(states) // 2]
    seat = state.to_play
    assert seat is not None
    view = state.view(seat)
    other = next(c for c in variant.deck if c not in view.hand)
    bad = [
        attrs.evolve(view, hand=view.hand[:-1]),
        attrs.evolve(view, hand=(*view.hand[:-1], other)),
        attrs.evolve(view, hand=(*view.hand, *view.hand)),
        attrs.evolve(view, dealer=7),
    ]
    for tampered in bad:
        with pytest.raises(InconsistentViewError, match="no deal matches this view"):
            tampered.sample_state(rng)
    with pytest.raises(InvalidArgumentError):
        view.sample_state(3)


NAMED_HEARTS = (
    "bid-euchre#bc4c0db6 0 JS,JH,QH,AH,9D,AC/QS,AS,KH,AD,JC/9S,10H,KD,10C,KC/"
    "10S,10D,JD,QD,QC 9C - 4,6H,pass,pass no-trump 9D/10H 2:JK=hearts,KS,9H>2 1/0 2"
)


def test_e37_a_view_after_a_joker_led_under_no_trump_is_sampled() -> None:
    # The leader named hearts; the followers' cards (KS, 9H) do not tell it. Every
    # sample names hearts, as the view shows.
    variant = cardrules.get_variant(
        "bid-euchre", joker=True, allow_no_trump=True, joker_discard_timing="after_trump"
    )
    state = variant.from_position(NAMED_HEARTS)
    for seat in range(4):
        view = state.view(seat)
        for k in range(20):
            sampled = view.sample_state(random.Random(k))
            assert sampled.view(seat) == view
            assert sampled.tricks[0].named_suit is cardrules.Suit.HEARTS


def test_e37_every_view_of_hands_that_lead_the_joker_is_sampled() -> None:
    # Random hands under no-trump, the joker led whenever it can be and any suit named
    # for it: every view after such a trick is sampled.
    variant = cardrules.get_variant("bid-euchre", joker=True, allow_no_trump=True)
    rng = random.Random(25)
    checked = 0
    for _ in range(60):
        state = variant.new_game(rng=rng)
        while not state.is_terminal:
            legal = state.legal_actions()
            trump = cardrules.bid_euchre.NameTrump(cardrules.bid_euchre.NO_TRUMP)
            joker = cardrules.Play(cardrules.JOKER)
            action = trump if trump in legal else joker if joker in legal else rng.choice(legal)
            state = state.apply(action)
            if any(t.named_suit is not None for t in state.tricks):
                seat = rng.randrange(4)
                assert state.view(seat).sample_state(rng).view(seat) == state.view(seat)
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("rule", ["highest_trump", "partner_choice"])
def test_e14_a_sample_of_the_other_team_keeps_how_many_cards_have_passed(rule: str) -> None:
    # E-40: the cards of the help exchange are hidden from the defenders, how many have
    # moved is not; a sample of their view stands at the same step of the exchange.
    variant = cardrules.get_variant(
        "bid-euchre", bidding_style="continuous", help_exchange_count=3, help_card_rule=rule
    )
    rng = random.Random(5)
    steps = 0
    for seed in range(400):
        state = variant.new_game(seed=seed)
        while not state.is_terminal and state.phase is not EuchrePhase.EXCHANGE:
            legal = state.legal_actions()
            helps = [a for a in legal if str(a).startswith("bid 6H")]
            state = state.apply(helps[0] if helps else rng.choice(legal))
        while not state.is_terminal and state.phase is EuchrePhase.EXCHANGE:
            declarer = state.declarer
            assert declarer is not None
            for seat in ((declarer + 1) % 4, (declarer + 3) % 4):
                sampled = _check(state, seat, rng)
                sizes = [len(sampled.hand(s)) for s in range(4)]
                assert sizes == [len(state.hand(s)) for s in range(4)]
                steps += 1
            state = state.apply(rng.choice(state.legal_actions()))
        if steps > 60:
            break
    assert steps > 60
