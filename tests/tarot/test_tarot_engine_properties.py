"""Properties of random French Tarot deals, checked at every step (3, 4 and 5 players).

An independent, deliberately naive reference for the legal cards (T-22, T-23, T-43) and
the trick winner (T-24), written from the rules text with Card objects only, is compared
with the engine at every step of random playouts.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import (
    EXCUSE,
    Action,
    Card,
    CardKind,
    CardNotInHandError,
    IllegalActionError,
    LeadRestrictionError,
    MustFollowSuitError,
    MustOvertrumpError,
    MustTrumpError,
    Pass,
    Play,
    Rank,
    WrongPhaseError,
)
from cardrules.tarot import (
    Bid,
    Camp,
    Contract,
    Phase,
    TarotOptions,
    TarotState,
    TarotVariant,
    action_from_id,
    random_playout,
)

DECK = Counter(TarotVariant().deck)
TRICKS = {3: 24, 4: 18, 5: 15}
HAND = {3: 24, 4: 18, 5: 15}

# -- the naive reference -----------------------------------------------------------------


def ref_is_trump(card: Card) -> bool:
    return card.kind is CardKind.TRUMP


def ref_led_suit(trick: Sequence[Card]) -> str | None:
    """T-22.2: the suit of the first card that is not the Excuse ('T' for trumps)."""
    for card in trick:
        if card == EXCUSE:
            continue
        return "T" if ref_is_trump(card) else str(card.suit)
    return None


def ref_suit(card: Card) -> str | None:
    if card == EXCUSE:
        return None
    return "T" if ref_is_trump(card) else str(card.suit)


def ref_legal(hand: Sequence[Card], trick: Sequence[Card]) -> set[Card]:
    """T-22, written out clause by clause."""
    led = ref_led_suit(trick)
    if led is None:
        return set(hand)  # 1. leading, or only the Excuse so far: anything
    highest = max((c.rank for c in trick if ref_is_trump(c)), default=0)
    trumps = [c for c in hand if ref_is_trump(c)]
    higher = [c for c in trumps if c.rank > highest]
    excuse = {c for c in hand if c == EXCUSE}
    if led != "T":
        same = [c for c in hand if ref_suit(c) == led]
        if same:
            return set(same) | excuse  # 3. follow, no duty to go higher
        if trumps:
            return set(higher or trumps) | excuse  # 3. overtrump, else undertrump
        return set(hand)  # 3. discard anything
    if trumps:
        return set(higher or trumps) | excuse  # 4. trumps led: go higher if you can
    return set(hand)


# The order of suit cards, highest first (T-3).
SUIT_ORDER = [Rank.KING, Rank.QUEEN, Rank.KNIGHT, Rank.JACK, *range(10, 0, -1)]


def ref_strength(card: Card) -> int:
    return 100 - SUIT_ORDER.index(card.rank)


def ref_winner(trick: Sequence[Card]) -> int:
    """T-24: the highest trump, else the highest card of the suit led."""
    trumps = [(c.rank, i) for i, c in enumerate(trick) if ref_is_trump(c)]
    if trumps:
        return max(trumps)[1]
    led = ref_led_suit(trick)
    followers = [(ref_strength(c), i) for i, c in enumerate(trick) if ref_suit(c) == led]
    return max(followers)[1]


def ref_points(card: Card) -> Fraction:
    """T-4."""
    if card == EXCUSE or (ref_is_trump(card) and card.rank in (1, 21)):
        return Fraction(9, 2)
    if card.kind is CardKind.SUIT:
        return {
            Rank.KING: Fraction(9, 2),
            Rank.QUEEN: Fraction(7, 2),
            Rank.KNIGHT: Fraction(5, 2),
            Rank.JACK: Fraction(3, 2),
        }.get(Rank(card.rank), Fraction(1, 2))
    return Fraction(1, 2)


# -- the harness ---------------------------------------------------------------------------


def cards_everywhere(state: TarotState) -> Counter[Card]:
    counts: Counter[Card] = Counter()
    for seat in range(state.variant.players):
        counts.update(state.hand(seat))
    counts.update(state.chien_aside)
    counts.update(card for _, card in state.trick)
    counts.update(state.pile(Camp.ATTACK))
    counts.update(state.pile(Camp.DEFENCE))
    return counts


def check_step(state: TarotState, rng: random.Random, *, reject: bool) -> None:
    n = state.variant.players
    # 78 cards conserved across hands, chien, écart (in the attack's pile), trick and piles.
    if state.taker is not None:
        assert cards_everywhere(state) == DECK
    legal = state.legal_actions()
    assert legal, "no legal action before the end"
    assert len(set(legal)) == len(legal)
    seat = state.to_play
    assert seat is not None
    if state.phase is Phase.PLAY:
        hand = state.hand(seat)
        trick = [c for _, c in state.trick]
        expected = ref_legal(hand, trick)
        if n == 5 and state.tricks_played == 0 and not trick:
            called = state.called_card
            assert called is not None
            # T-43: no card of the called suit on the first lead, but the called card.
            expected = {c for c in expected if c.suit is not called.suit or c == called}
        plays = {a.card for a in legal if isinstance(a, Play)}
        assert plays == expected, (hand, trick)
        assert all(len(state.hand(s)) in (len(hand), len(hand) - 1) for s in range(n))
    if reject:
        check_rejections(state, legal, rng)


def ref_error(hand: Sequence[Card], trick: Sequence[Card], card: Card) -> type[Exception]:
    """The obligation an illegal card breaks (T-22, T-43), from the rules text."""
    if card not in hand:
        return CardNotInHandError
    led = ref_led_suit(trick)
    if led is None:
        return LeadRestrictionError
    if led != "T" and any(ref_suit(c) == led for c in hand):
        return MustFollowSuitError
    if ref_is_trump(card):
        return MustOvertrumpError
    return MustFollowSuitError if led == "T" else MustTrumpError


def check_rejections(state: TarotState, legal: tuple[Action, ...], rng: random.Random) -> None:
    before = pickle.dumps(state)
    snapshot = pickle.loads(before)  # noqa: S301 - own data
    others = [a for a in (action_from_id(i) for i in rng.sample(range(181), 6)) if a not in legal]
    seat = state.to_play
    assert seat is not None
    if state.phase is Phase.PLAY:
        # A few cards of the hand that are not legal, besides the sample from the ids.
        held = [a for a in (Play(c) for c in state.hand(seat)) if a not in legal]
        others += rng.sample(held, min(3, len(held)))
    for action in others:
        with pytest.raises(IllegalActionError) as info:
            state.apply(action)
        if state.phase is Phase.PLAY and isinstance(action, Play):
            trick = [c for _, c in state.trick]
            expected = ref_error(state.hand(seat), trick, action.card)
            assert type(info.value) is expected, (action, trick)
        elif isinstance(action, Play):
            assert isinstance(info.value, WrongPhaseError)
        assert not state.is_legal(action)
    assert state == snapshot
    assert pickle.dumps(state) == before


def play_deal(
    variant: TarotVariant,
    seed: int,
    *,
    reject: bool = False,
    contract: Contract | None = None,
    keep_excuse: bool = False,
) -> tuple[TarotState, list[tuple[int, tuple[Card, ...], int]]]:
    """Play a random deal checking every step; return the final state and every trick
    as (leader, cards, winner).

    With a ``contract`` the first to speak bids it and the others pass (random bids
    climb to Garde contre). With ``keep_excuse`` its holder keeps it for the last trick
    while the rules allow (T-26: at random it is rarely played there).
    """
    rng = random.Random(seed)
    state = variant.new_game(rng=rng)
    tricks: list[tuple[int, tuple[Card, ...], int]] = []
    steps = 0
    while not state.is_terminal:
        check_step(state, rng, reject=reject)
        before = state
        played_before = state.tricks_played
        trick_before = [c for _, c in state.trick]
        legal = state.legal_actions()
        if contract is not None and state.phase is Phase.BIDDING:
            action: Action = Pass() if state.bids else Bid(contract)
        else:
            if keep_excuse and len(legal) > 1:
                legal = tuple(a for a in legal if a != Play(EXCUSE))
            action = rng.choice(legal)
        state = state.apply(action)
        assert before.history == state.history[:-1]
        if state.tricks_played > played_before:
            full = (*trick_before, state.last_trick[-1][1])
            assert tuple(c for _, c in state.last_trick) == full
            winner = state.trick_winners[-1]
            tricks.append((state.last_trick[0][0], full, winner))
            if EXCUSE not in full:
                assert state.last_trick[ref_winner(full)][0] == winner
        steps += 1
        assert steps < 500
    return state, tricks


def ref_sweep_allowed(state: TarotState, camp: Camp) -> bool:
    """T-26b's option: which sweeping camp may win the last trick with the Excuse."""
    rule = state.variant.options.excuse_sweep_exception
    if rule == "any_sweeping_camp":
        return True
    if rule == "taker_camp_only":
        return camp is Camp.ATTACK
    return camp is Camp.ATTACK and state.chelem_announced


def ref_aside(state: TarotState) -> set[Card]:
    """T-28: the écart (Prise, Garde) or the chien (Garde sans) counts for the attack."""
    if state.contract in (Contract.PRISE, Contract.GARDE):
        return set(state.ecart)
    if state.contract is Contract.GARDE_SANS:
        return set(state.chien)
    return set()


def ref_excuse_accounting(
    state: TarotState, tricks: list[tuple[int, tuple[Card, ...], int]]
) -> tuple[set[Card], Fraction, Camp | None, Camp | None]:
    """T-24 … T-28, T-32 from the text: the attack's final pile, its points P (with the
    compensations), the camp that took every trick, and the petit au bout's camp."""
    options = state.variant.options
    players = state.variant.players
    attack_seats = set(state.attack)

    def camp(seat: int) -> Camp:
        return Camp.ATTACK if seat in attack_seats else Camp.DEFENCE

    piles: dict[Camp, set[Card]] = {Camp.ATTACK: set(), Camp.DEFENCE: set()}
    comp = Fraction(0)
    won: list[Camp] = []
    swept_with_excuse = False
    for k, (leader, trick, engine_winner) in enumerate(tricks):
        last = k == len(tricks) - 1
        excuse_owner = next(
            ((leader + i) % players for i, c in enumerate(trick) if c == EXCUSE), None
        )
        exception = (
            last
            and trick[0] == EXCUSE
            and all(w is camp(leader) for w in won)
            and ref_sweep_allowed(state, camp(leader))
        )
        if exception:
            winner = leader
            swept_with_excuse = True
        else:
            winner = (leader + ref_winner(trick)) % players
        assert winner == engine_winner
        won.append(camp(winner))
        for card in trick:
            if card != EXCUSE or exception:
                piles[camp(winner)].add(card)
        if excuse_owner is not None and not exception:
            owner = camp(excuse_owner)
            if not last:
                piles[owner].add(EXCUSE)
                if owner is not camp(winner):
                    comp += Fraction(1, 2) if camp(winner) is Camp.ATTACK else -Fraction(1, 2)
            elif options.excuse_last_trick == "to_opponents":
                piles[owner.opponent].add(EXCUSE)
            else:
                piles[camp(winner)].add(EXCUSE)
    piles[Camp.ATTACK] |= ref_aside(state)
    points = sum((ref_points(c) for c in piles[Camp.ATTACK]), Fraction(0)) + comp
    slam = won[0] if all(w is won[0] for w in won) else None
    pab_trick = len(tricks) - 2 if swept_with_excuse else len(tricks) - 1
    petit = Card.trump(1)
    pab = camp(tricks[pab_trick][2]) if petit in tricks[pab_trick][1] else None
    return piles[Camp.ATTACK], points, slam, pab


OPTION_SETS = [
    {},
    {"excuse_last_trick": "to_trick_winner"},
    {"excuse_sweep_exception": "announced_slam_only", "excuse_compensation": "card"},
    {"chelem_announcement": False, "chien_schedule": "random", "chien_edge_exclusion": 3},
    {"excuse_sweep_exception": "taker_camp_only", "poignee_counts_forced_discards": False},
]


def test_random_deals_keep_every_invariant() -> None:
    reached: Counter[str] = Counter()

    @given(
        players=st.sampled_from([3, 4, 5]),
        seed=st.integers(0, 2**32),
        options=st.sampled_from(OPTION_SETS),
        contract=st.sampled_from([*Contract, None]),
        keep_excuse=st.booleans(),
    )
    def check(
        players: int,
        seed: int,
        options: dict[str, object],
        contract: Contract | None,
        keep_excuse: bool,
    ) -> None:
        variant = TarotVariant(players=players, **options)  # type: ignore[arg-type]
        state, tricks = play_deal(
            variant, seed, reject=seed % 4 == 0, contract=contract, keep_excuse=keep_excuse
        )
        check_deal(state, tricks, options)
        if state.result().annulled is None:
            reached["played"] += 1
            reached["ecart"] += bool(state.ecart)
            reached["excuse last"] += any(c == EXCUSE for _, c in state.last_trick)

    check()
    # At random, bids climb to Garde contre (an écart in 4 deals of 100) and the Excuse
    # is played before the last trick (0 of 100): the steered deals reach both often.
    share = settings().max_examples // 10
    assert reached["played"] >= 5 * share
    assert reached["ecart"] >= share
    assert reached["excuse last"] >= share


def check_deal(
    state: TarotState,
    tricks: list[tuple[int, tuple[Card, ...], int]],
    options: dict[str, object],
) -> None:
    """The invariants of a finished deal, and the Excuse accounting from the rules."""
    players = state.variant.players
    result = state.result()
    if result.annulled is not None:
        assert result.scores == (0,) * players
        return
    # Random play ends with 24 / 18 / 15 tricks.
    assert len(tricks) == TRICKS[players] == state.tricks_played
    assert all(len(state.hand(s)) == 0 for s in range(players))
    assert cards_everywhere(state) == DECK
    # The camps' card points total exactly 182 half-points (91 points).
    attack = state.card_points(Camp.ATTACK)
    defence = state.card_points(Camp.DEFENCE)
    assert attack + defence == 91
    assert result.facts is not None
    assert result.facts.points == attack
    # The Excuse rules and the final pile, recomputed from the rules text.
    pile, points, slam, pab = ref_excuse_accounting(state, tricks)
    assert points == attack
    assert result.facts.chelem is slam
    assert result.facts.petit_au_bout is pab
    assert result.facts.bouts == len(pile & {EXCUSE, Card.trump(1), Card.trump(21)})
    engine_pile = set(state.pile(Camp.ATTACK))
    if options.get("excuse_compensation") == "card":
        # FFT's way: at most one low card changed sides for the Excuse.
        assert len(engine_pile ^ pile) <= 1
        assert all(ref_points(c) == Fraction(1, 2) for c in engine_pile ^ pile)
    else:
        assert engine_pile == pile
    # Settlements sum to zero with the right ratios (T-37).
    scores = result.scores
    assert sum(scores) == 0
    taker = state.taker
    assert taker is not None
    unit = result.unit
    partner = state.partner
    for seat in range(players):
        if seat == taker:
            share = 2 if partner is not None or players == 3 else players - 1
            assert scores[seat] == share * unit
        elif seat == partner:
            assert scores[seat] == unit
        else:
            assert scores[seat] == -unit
    assert state.returns() == tuple(float(s) for s in scores)


@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 2**32))
def test_random_playout_agrees_with_public_api_play(players: int, seed: int) -> None:
    variant = TarotVariant(players=players)
    start = variant.new_game(seed=seed)
    rng = random.Random(seed + 1)
    state = start
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    # The same rng draws give the identical result.
    assert random_playout(start, random.Random(seed + 1)) == state.result()
    assert variant.random_playout(start, random.Random(seed + 1)) == state.result()


@given(seed=st.integers(0, 2**32), stop=st.integers(0, 80))
def test_random_playout_from_any_state(seed: int, stop: int) -> None:
    variant = TarotVariant(players=4, excuse_compensation="card")
    rng = random.Random(seed)
    state = variant.new_game(rng=rng)
    for _ in range(stop):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    copy = random.Random(seed * 7)
    expected = state
    while not expected.is_terminal:
        expected = expected.apply(copy.choice(expected.legal_actions()))
    assert random_playout(state, random.Random(seed * 7)) == expected.result()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_playout_from_a_trick_with_the_excuse_in_it(players: int) -> None:
    # The bulk playout keeps only the Excuse's place in a trick (T-25, T-26b): from a
    # trick the Excuse is already in, and from one it joins later, it must still send
    # it where the public loop does.
    variant = TarotVariant(players=players)
    found = {"before": 0, "after": 0}
    seed = 0
    while min(found.values()) < 6:
        seed += 1
        rng = random.Random(seed)
        state = variant.new_game(rng=rng)
        while not state.is_terminal:
            trick = [c for _, c in state.trick]
            key = "before" if EXCUSE in trick else "after" if trick else None
            if key and found[key] < 6 and rng.random() < 0.3:
                found[key] += 1
                copy = random.Random(seed * 11)
                expected = state
                while not expected.is_terminal:
                    expected = expected.apply(copy.choice(expected.legal_actions()))
                assert random_playout(state, random.Random(seed * 11)) == expected.result()
            state = state.apply(rng.choice(state.legal_actions()))


def test_random_playout_statistics_match_public_api_play() -> None:
    variant = TarotVariant(players=4)
    made_a = made_b = 0
    for seed in range(150):
        state = variant.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        made_a += bool(state.result().made)
        made_b += bool(random_playout(variant.new_game(seed=seed), random.Random(seed)).made)
    assert made_a == made_b


def test_random_playout_rejects_other_states() -> None:
    with pytest.raises(TypeError):
        random_playout("state", random.Random(1))  # type: ignore[arg-type]


def test_every_listed_action_is_accepted_and_nothing_else_from_the_id_space() -> None:
    variant = TarotVariant(players=5)
    rng = random.Random(3)
    for game in range(3):
        state = variant.new_game(seed=game)
        while not state.is_terminal:
            legal = set(state.legal_actions())
            for number in range(variant.num_actions):
                action = variant.action_from_id(number)
                assert state.is_legal(action) == (action in legal)
            assert set(state.legal_action_ids()) == {variant.action_id(a) for a in legal}
            mask = state.legal_action_mask()
            assert sum(mask) == len(legal)
            state = state.apply(rng.choice(state.legal_actions()))


def test_equal_states_hash_equal_and_copies_resume_identically() -> None:
    variant = TarotVariant()
    rng = random.Random(9)
    a = variant.new_game(seed=4)
    b = variant.new_game(seed=4)
    while not a.is_terminal:
        assert a == b
        assert hash(a) == hash(b)
        action = rng.choice(a.legal_actions())
        copy = pickle.loads(pickle.dumps(a))  # noqa: S301 - own data
        assert copy == a
        assert copy.history == a.history
        assert copy.apply(action) == a.apply(action)
        a = a.apply(action)
        b = b.apply(str(action))
    assert a.result() == b.result()
    assert pickle.loads(pickle.dumps(a)).result() == a.result()  # noqa: S301 - own data


def test_options_are_rejected_when_invalid() -> None:
    from cardrules import OptionsError

    with pytest.raises(OptionsError):
        TarotVariant(players=6)
    with pytest.raises(OptionsError):
        TarotVariant(TarotOptions(), players=3)
    with pytest.raises(OptionsError):
        TarotVariant(colour="blue")
