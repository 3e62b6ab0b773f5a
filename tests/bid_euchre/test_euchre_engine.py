"""The engine as a library: views (E-40), records hooks, values, ids, bad input, and the
conformance kit of :mod:`cardrules.testing` under several option sets."""

from __future__ import annotations

import copy
import pickle
import random
import re
import threading
from collections import Counter

import pytest

import cardrules
from cardrules import (
    Card,
    CardNotInHandError,
    DealError,
    GameOverError,
    IllegalActionError,
    ImmutableError,
    InvalidActionError,
    InvalidArgumentError,
    InvalidSeatError,
    NotationError,
    NotYourTurnError,
    Play,
    RecordError,
    UnknownCardError,
    WrongPhaseError,
    records,
)
from cardrules.bid_euchre import (
    NUM_ACTIONS,
    PASS,
    Bid,
    BidEuchreState,
    BidEuchreVariant,
    BidEuchreView,
    Contract,
    Phase,
    action_from_id,
    action_id,
    parse_action,
    random_playout,
)
from cardrules.decks import euchre_deck
from cardrules.state import StateBase
from cardrules.testing import check_variant

OPTION_SETS: list[dict[str, object]] = [
    {},
    {"joker": True},
    {"joker": True, "joker_discard_timing": "after_trump", "allow_no_trump": True},
    {"double_deck": True, "help_exchange_count": 2},
    {"allow_no_trump": True, "allow_plain_six": True, "min_bid": 1},
    {"ace_no_face": True, "stick_the_dealer": True},
    {"renege_mode": "penalize", "bidding_style": "continuous"},
    {"help_card_rule": "partner_choice", "help_exchange_count": 3},
]


def drive(state: BidEuchreState, actions: list[str]) -> BidEuchreState:
    for action in actions:
        state = state.apply(action)
    return state


def finish(state: BidEuchreState, seed: int) -> BidEuchreState:
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def states_of(variant: BidEuchreVariant, seed: int) -> list[BidEuchreState]:
    rng = random.Random(seed)
    state = variant.new_game(rng=rng)
    out = [state]
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        out.append(state)
    return out


def hidden_codes(state: BidEuchreState, view: BidEuchreView) -> set[str]:
    """Codes of cards in other hands that ``view``'s seat may not know."""
    out = set()
    for seat in range(4):
        if seat == view.seat:
            continue
        for card in state.hand(seat):
            if card not in view.public_cards and card not in view.hand:
                out.add(str(card))
    return out


# -- E-40 visibility -----------------------------------------------------------------------


DECK_ORDER = [*euchre_deck(), cardrules.JOKER]


@pytest.mark.parametrize("options", OPTION_SETS, ids=[str(o) for o in OPTION_SETS])
def test_e40_views_never_show_a_hidden_card(options: dict[str, object]) -> None:
    variant = BidEuchreVariant(**options)  # type: ignore[arg-type]
    for seed in range(6):
        for state in states_of(variant, seed):
            for seat in range(4):
                view = state.view(seat)
                text = repr(view)
                for code in hidden_codes(state, view):
                    assert not re.search(rf"(?<![0-9A-Za-z]){code}(?![0-9A-Za-z])", text)
                # The same cards; with the double deck the view lists them in deck order,
                # not by which copy the seat holds (that depends on the other hands).
                assert sorted(view.hand, key=DECK_ORDER.index) == list(view.hand)
                assert Counter(view.hand) == Counter(state.hand(seat))
                if not variant.options.double_deck:
                    assert view.hand == state.hand(seat)


def test_e40_public_facts_are_in_every_view() -> None:
    variant = BidEuchreVariant()
    state = drive(variant.new_game(seed=4, dealer=3), ["bid 4", "pass", "bid 6M", "trump clubs"])
    state = state.apply(state.legal_actions()[0])
    for seat in range(4):
        view = state.view(seat)
        assert view.calls == state.calls
        assert view.contract == Contract.moon(6)
        assert view.declarer == 2
        assert str(view.trump) == "Suit.CLUBS"
        assert view.sitting_out == 0
        assert len(view.trick) == 1
        assert view.trick[0][1] in view.public_cards
        assert view.phase is Phase.PLAY
        assert view.to_play == state.to_play


def test_e40_dead_hand_stays_hidden() -> None:
    state = drive(BidEuchreVariant().new_game(seed=4, dealer=3), ["bid 6M", "trump clubs"])
    state = finish(state, 1)
    dead = set(state.hand(2))
    assert len(dead) == 6
    for seat in (1, 3):
        assert not dead & state.view(seat).public_cards


def test_e40_reneges_public_once_scored() -> None:
    variant = BidEuchreVariant(renege_mode="penalize")
    for seed in range(50):
        states = states_of(variant, seed)
        final = states[-1]
        if final.reneges:
            assert all(s.view(0).reneges == () for s in states[:-1])
            assert final.view(0).reneges == final.reneges
            return
    pytest.fail("no renege in 50 random hands")


def test_e40_view_of_a_bad_seat() -> None:
    state = BidEuchreVariant().new_game(seed=1)
    for bad in (True, 4, -1, "1", 1.0):
        with pytest.raises(InvalidSeatError):
            state.view(bad)  # type: ignore[arg-type]


# -- records hooks --------------------------------------------------------------------------


@pytest.mark.parametrize("options", OPTION_SETS, ids=[str(o) for o in OPTION_SETS])
def test_records_round_trip_at_every_step(options: dict[str, object]) -> None:
    variant = BidEuchreVariant(**options)  # type: ignore[arg-type]
    for state in states_of(variant, 3)[::3]:
        text = records.dumps(state.record())
        assert records.final_state(records.loads(text)) == state


def test_deal_json_round_trip_and_tampering() -> None:
    variant = BidEuchreVariant(joker=True)
    state = variant.new_game(seed=2, dealer=1)
    deal = variant.deal_json(state)
    # The dealt cards only, as every variant writes them: the record holds the dealer.
    assert set(deal) == {"hands"}
    assert [len(h) for h in deal["hands"]] == [6, 7, 6, 6]
    assert variant.state_from_deal_json(1, deal) == state
    assert variant.state_from_deal_json(1, deal, require_seat=True).requires_seat
    twice = [list(h) for h in deal["hands"]]
    twice[0][0] = twice[2][0]
    bad_deals: list[object] = [
        {"hands": twice},
        {"hands": deal["hands"][:3]},
        {"hands": [[*h, "9S"] for h in deal["hands"]]},
        {"hands": deal["hands"], "extra": 1},
        {"hands": [["8S"] * 6] * 4},
        {"hands": "9S"},
        [],
    ]
    for bad in bad_deals:
        with pytest.raises(RecordError):
            variant.state_from_deal_json(1, bad)  # type: ignore[arg-type]
    with pytest.raises(RecordError):
        variant.state_from_deal_json(7, {"hands": deal["hands"]})


def test_options_json_round_trip() -> None:
    for options in OPTION_SETS:
        variant = BidEuchreVariant(**options)  # type: ignore[arg-type]
        assert BidEuchreVariant.from_options_json(variant.options_json()) == variant


def test_deal_rejects_impossible_hands() -> None:
    variant = BidEuchreVariant()
    good = ["9S 10S JS QS KS AS", "9H 10H JH QH KH AH", "9D 10D JD QD KD AD", "9C 10C JC QC KC AC"]
    with pytest.raises(DealError, match="more than once"):
        variant.deal(hands=[good[0], good[0], good[2], good[3]])
    with pytest.raises(DealError, match="6 cards"):
        variant.deal(hands=[good[0] + " 9S", *good[1:]])
    with pytest.raises(DealError, match="not a card"):
        variant.deal(hands=["XX", *good[1:]])
    with pytest.raises(DealError, match="not in this game"):
        variant.deal(hands=["JK 10S JS QS KS AS", *good[1:]])
    with pytest.raises(DealError, match="only with the joker"):
        variant.deal(hands=good, extra="JK")
    with pytest.raises(DealError):
        variant.deal(hands="9S")
    joker = BidEuchreVariant(joker=True).deal(hands=good, extra="JK", dealer=2)
    assert len(joker.hand(2)) == 7


# -- values -----------------------------------------------------------------------------------


@pytest.mark.parametrize("options", OPTION_SETS, ids=[str(o) for o in OPTION_SETS])
def test_states_pickle_hash_and_compare_by_value(options: dict[str, object]) -> None:
    variant = BidEuchreVariant(**options)  # type: ignore[arg-type]
    states = states_of(variant, 8)
    for state in states[::2]:
        copy = pickle.loads(pickle.dumps(state))  # noqa: S301 - our own bytes
        assert copy == state
        assert hash(copy) == hash(state)
        assert copy.legal_actions() == state.legal_actions()
    replayed = variant.new_game(rng=random.Random(8))
    for _, action in states[-1].history:
        replayed = replayed.apply(action)
    assert replayed == states[-1]
    assert replayed is not states[-1]
    assert len({*states}) == len(states)


def test_states_are_immutable() -> None:
    state = BidEuchreVariant().new_game(seed=1)
    with pytest.raises(AttributeError):
        state.to_play = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del state.is_terminal


def test_states_are_built_on_the_core_kit_by_their_variant_only() -> None:
    with pytest.raises(InvalidArgumentError, match="built by their variant"):
        BidEuchreState()
    state = BidEuchreVariant().new_game(seed=1)
    assert isinstance(state, StateBase)
    with pytest.raises(ImmutableError, match="BidEuchreState is immutable"):
        state._to_play = 2
    with pytest.raises(ImmutableError):
        del state._h
    assert copy.copy(state) is state
    assert copy.deepcopy({"s": state})["s"] is state


def test_to_play_is_a_seat_until_the_end_then_none() -> None:
    state = BidEuchreVariant().new_game(seed=4, dealer=1)
    seats = []
    while not state.is_terminal:
        seats.append(state.to_play)
        state = state.apply(state.legal_actions()[-1])
    assert all(type(s) is int and 0 <= s <= 3 for s in seats)
    assert state.to_play is None
    assert [seat for seat, _ in state.history] == seats
    with pytest.raises(GameOverError, match="the hand is over"):
        state.check("pass")


def test_history_is_seat_action_pairs() -> None:
    state = drive(BidEuchreVariant().new_game(seed=1, dealer=3), ["bid 3", "pass", "pass"])
    assert state.history == ((0, Bid(Contract(3))), (1, PASS), (2, PASS))


def test_repr_hides_the_hands() -> None:
    state = drive(BidEuchreVariant().new_game(seed=1, dealer=3), ["bid 3", "pass"])
    assert repr(state) == "<BidEuchreState phase=AUCTION to_play=2>"
    final = finish(state, 2)
    assert repr(final).startswith("<BidEuchreState phase=END delta=")


def test_result_before_the_end_is_an_error() -> None:
    state = BidEuchreVariant().new_game(seed=1)
    with pytest.raises(WrongPhaseError):
        state.result()
    assert state.returns() == (0, 0, 0, 0)


def test_one_state_shared_by_threads() -> None:
    state = BidEuchreVariant().new_game(seed=6)
    expected = finish(state, 9)
    results: list[BidEuchreState] = []

    def work() -> None:
        results.append(finish(state, 9))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [expected] * 4


# -- actions and ids -----------------------------------------------------------------------------


def test_action_ids_are_stable_and_round_trip() -> None:
    variant = BidEuchreVariant()
    assert variant.num_actions == NUM_ACTIONS == 102
    for n in range(NUM_ACTIONS):
        action = action_from_id(n)
        assert action_id(action) == n == variant.action_id(action)
        assert parse_action(str(action)) == action
    assert action_id(PASS) == 0
    assert str(action_from_id(27)) == "play 9S"
    for bad in (-1, 102, True, "1", 1.5):
        with pytest.raises(ValueError, match="action ids"):
            action_from_id(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no Bid Euchre action id"):
        action_id(Play(Card.parse("8S")))


def test_legal_action_ids_and_mask() -> None:
    state = BidEuchreVariant().new_game(seed=1)
    ids = state.legal_action_ids()
    mask = state.legal_action_mask()
    assert [i for i, on in enumerate(mask) if on] == sorted(ids)
    assert ids == tuple(action_id(a) for a in state.legal_actions())


@pytest.mark.parametrize(
    "text",
    [
        *("", " ", "bid", "bid 6x", "bid \u0663", "bid 3 4", "trump", "trump purple"),
        *("name", "name nt", "claim", "claim everything", "play", "play \uff31\uff28"),
        *("play T2_1", "give 1X", "PASS ", "x" * 500),
    ],
)
def test_malformed_notation_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)
    state = BidEuchreVariant().new_game(seed=1)
    with pytest.raises((NotationError, IllegalActionError)):
        state.apply(text)


def test_notation_aliases() -> None:
    assert parse_action("BID Moon") == parse_action("bid 6m") == Bid(Contract.moon(6))
    assert parse_action("bid help") == Bid(Contract.help(6))
    assert parse_action("bid 6P") == Bid(Contract(6))
    assert str(parse_action("trump ♥")) == "trump hearts"
    assert str(parse_action("trump NoTrump")) == "trump no-trump"
    assert str(parse_action("claim anf")) == "claim ace-no-face"
    assert str(parse_action("name S")) == "name spades"


def test_registry_names() -> None:
    for name in ("bid-euchre", "bid_euchre", "bideuchre", "Bid Euchre"):
        assert isinstance(cardrules.get_variant(name), BidEuchreVariant)


# -- bad input ----------------------------------------------------------------------------------


def test_bad_input_table() -> None:
    state = drive(BidEuchreVariant().new_game(seed=3, dealer=3), ["bid 3", "pass", "pass"])
    state = drive(state, ["pass", "trump hearts"])
    before = pickle.dumps(state)
    right = state.legal_actions()[0]
    cases: list[tuple[object, object, type[Exception]]] = [
        (right, 1, NotYourTurnError),
        (right, 7, InvalidSeatError),
        (right, True, InvalidSeatError),
        (right, 1.0, InvalidSeatError),
        (right, "0", InvalidSeatError),
        (Play(Card.parse("8S")), None, UnknownCardError),
        (Play(Card.trump(21)), None, UnknownCardError),
        (Play(cardrules.JOKER), None, UnknownCardError),
        (Play(state.hand(1)[0]), None, CardNotInHandError),
        (PASS, None, WrongPhaseError),
        (Bid(Contract(4)), None, WrongPhaseError),
        (None, None, InvalidActionError),
        (-1, None, InvalidActionError),
        (102, None, InvalidActionError),
        (True, None, InvalidActionError),
        (b"pass", None, InvalidActionError),
        (object(), None, InvalidActionError),
        ("play 8S", None, UnknownCardError),
        ("play QH\n", None, NotationError),
    ]
    for action, seat, error in cases:
        with pytest.raises(error) as info:
            state.apply(action, seat)  # type: ignore[call-overload]
        assert pickle.dumps(state) == before
        assert not state.is_legal(action, seat)  # type: ignore[call-overload]
        if isinstance(info.value, IllegalActionError) and not isinstance(
            info.value, (InvalidActionError, InvalidSeatError)
        ):
            assert info.value.code
    # A card held by another seat: the same message as any card not held.
    with pytest.raises(CardNotInHandError, match="does not hold"):
        state.apply(Play(state.hand(2)[0]))


def test_anything_after_the_end_is_game_over() -> None:
    final = finish(BidEuchreVariant().new_game(seed=3), 3)
    for action in (PASS, action_from_id(0), action_from_id(50), "pass"):
        with pytest.raises(GameOverError):
            final.apply(action)
    assert final.legal_actions() == ()
    assert final.to_play is None


# -- bulk playouts ----------------------------------------------------------------------


@pytest.mark.parametrize("options", OPTION_SETS, ids=[str(o) for o in OPTION_SETS])
def test_random_playout_matches_the_public_loop(options: dict[str, object]) -> None:
    variant = BidEuchreVariant(**options)  # type: ignore[arg-type]
    for seed in range(15):
        state = variant.new_game(seed=seed)
        bulk = random_playout(state, random.Random(seed))
        assert bulk == finish(state, seed).result()
        assert variant.random_playout(state, random.Random(seed)) == bulk


@pytest.mark.parametrize("options", OPTION_SETS, ids=[str(o) for o in OPTION_SETS])
def test_random_playout_from_the_middle_of_a_hand(options: dict[str, object]) -> None:
    variant = BidEuchreVariant(**options)  # type: ignore[arg-type]
    for seed in (11, 12, 13):
        for state in states_of(variant, seed)[::2]:
            assert random_playout(state, random.Random(2)) == finish(state, 2).result()
    with pytest.raises(TypeError):
        BidEuchreVariant(double_deck=True).random_playout(state, random.Random(1))


# -- the conformance kit ----------------------------------------------------------------


@pytest.mark.parametrize("options", OPTION_SETS, ids=[str(o) for o in OPTION_SETS])
def test_conformance_kit(options: dict[str, object]) -> None:
    variant = BidEuchreVariant(**options)  # type: ignore[arg-type]
    report = check_variant(variant, games=4, seed=1)
    assert report.games == 4
    assert report.failures == 0
