"""The French Tarot engine: seats, dealing, annulments, views, 3 and 5 players, records.

Rules T-1, T-6 … T-9, T-39 … T-44, through ``cardrules.tarot`` (and the core's records
and conformance kit).
"""

from __future__ import annotations

import itertools
import pickle
import random
from typing import ClassVar

import pytest

import cardrules
from cardrules import (
    EXCUSE,
    Action,
    Card,
    CardKind,
    DealError,
    DeclarationError,
    GameOverError,
    ImmutableError,
    InvalidActionError,
    InvalidSeatError,
    NotationError,
    NotYourTurnError,
    OptionsError,
    Play,
    RecordError,
    Suit,
    decks,
)
from cardrules.records import dumps, final_state, loads
from cardrules.tarot import (
    NUM_ACTIONS,
    Call,
    Camp,
    Contract,
    Phase,
    TarotOptions,
    TarotState,
    TarotVariant,
    action_from_id,
    action_id,
    parse_action,
)
from cardrules.tarot.variant import deal_deck, fixed_chien_positions
from cardrules.testing import check_variant

SIZES = {3: (24, 6), 4: (18, 6), 5: (15, 3)}


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def playable(variant: TarotVariant, seed: int = 0, dealer: int | None = None) -> TarotState:
    for s in range(seed, seed + 100):
        state = variant.new_game(seed=s, dealer=dealer)
        if not state.is_terminal:
            return state
    raise AssertionError("no playable deal")


def random_finish(state: TarotState, seed: int = 0) -> TarotState:
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


# -- T-1 -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_t1_seats_act_in_order_next_is_plus_one(players: int) -> None:
    state = playable(TarotVariant(players=players), dealer=players - 1)
    assert state.to_play == 0
    state = random_finish(state, 3)
    if state.result().annulled:
        return
    # Every trick is played by consecutive seats from its leader.
    history = [(s, a) for s, a in state.history if isinstance(a, Play)]
    for k in range(0, len(history), players):
        seats = [s for s, _ in history[k : k + players]]
        assert seats == [(seats[0] + i) % players for i in range(players)]
    assert state.variant.players == players


# -- T-6, T-7 ----------------------------------------------------------------------------


def test_t6_dealer_is_a_parameter_and_rotates() -> None:
    variant = TarotVariant(dealer=2)
    state = variant.new_game(seed=1)
    assert state.dealer == 2
    assert state.next_dealer == 3
    assert variant.new_game(seed=1, dealer=3).next_dealer == 0
    with pytest.raises(InvalidSeatError):
        variant.new_game(seed=1, dealer=4)
    with pytest.raises(OptionsError):
        TarotVariant(dealer=4)


def test_t7_shuffles_are_seeded_and_never_global() -> None:
    variant = TarotVariant()
    a = variant.new_game(seed=99)
    b = variant.new_game(rng=random.Random(99))
    assert a == b
    assert [a.hand(s) for s in range(4)] == [b.hand(s) for s in range(4)]
    assert a != variant.new_game(seed=100)
    with pytest.raises(TypeError):
        variant.new_game(seed=1, rng=random.Random(1))
    with pytest.raises(TypeError):
        variant.new_game(seed="1")  # type: ignore[arg-type]


# -- T-8 -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "positions"),
    [
        (4, (3, 16, 29, 42, 55, 68)),
        (3, (4, 17, 30, 43, 56, 69)),
        (5, (3, 34, 65)),
    ],
)
def test_t8_fixed_schedule_rebuilds_a_deal_from_the_deck_order(
    players: int, positions: tuple[int, ...]
) -> None:
    assert fixed_chien_positions(players) == positions
    deck = decks.shuffle(decks.tarot_deck(), random.Random(players))
    size, chien_size = SIZES[players]
    packet = 4 if players == 3 else 3
    for dealer in range(players):
        state = TarotVariant(players=players).deal_from_deck(deck, dealer=dealer)
        assert set(state.chien) == {deck[p] for p in positions}
        rest = [c for i, c in enumerate(deck) if i not in positions]
        for k in range(0, len(rest), packet):
            seat = (dealer + 1 + k // packet) % players
            assert set(rest[k : k + packet]) <= set(state.hand(seat))
        assert all(len(state.hand(s)) == size for s in range(players))
        assert len(state.chien) == chien_size


@pytest.mark.parametrize("players", [3, 4, 5])
def test_t8_new_game_deals_its_shuffled_deck_with_the_schedule(players: int) -> None:
    variant = TarotVariant(players=players)
    for seed in range(5):
        deck = decks.shuffle(decks.tarot_deck(), random.Random(seed))
        expected = variant.deal_from_deck(deck, dealer=1)
        assert variant.new_game(seed=seed, dealer=1) == expected


@pytest.mark.parametrize("edge", [1, 3])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_t8_random_schedule_keeps_the_chien_off_the_deck_ends(players: int, edge: int) -> None:
    variant = TarotVariant(players=players, chien_schedule="random", chien_edge_exclusion=edge)
    seen_positions = set()
    for seed in range(30):
        rng = random.Random(seed)
        deck = decks.shuffle(decks.tarot_deck(), random.Random(seed))
        state = variant.new_game(rng=rng)
        where = sorted(deck.index(c) for c in state.chien)
        assert where[0] >= edge
        assert where[-1] <= 77 - edge
        # One card at a time: never two chien cards side by side.
        assert all(b - a > 1 for a, b in itertools.pairwise(where))
        seen_positions.update(where)
        assert len(state.chien) == SIZES[players][1]
    assert len(seen_positions) > 10


def test_t8_deal_from_given_cards_is_validated() -> None:
    variant = TarotVariant()
    deck = list(decks.tarot_deck())
    hands = [deck[k * 18 : (k + 1) * 18] for k in range(4)]
    chien = deck[72:]
    assert variant.deal(hands=hands, chien=chien, dealer=0).phase is Phase.BIDDING
    text = [" ".join(str(c) for c in h) for h in hands]
    assert variant.deal(hands=text, chien=chien, dealer=0) == variant.deal(
        hands=hands, chien=chien, dealer=0
    )
    with pytest.raises(DealError, match="twice"):
        variant.deal(hands=[hands[0], hands[0], hands[2], hands[3]], chien=chien)
    with pytest.raises(DealError, match="4 hands"):
        variant.deal(hands=hands[:3], chien=chien)
    with pytest.raises(DealError, match="the chien has 5"):
        variant.deal(hands=hands, chien=chien[:5])
    with pytest.raises(DealError, match="not a card of the Tarot deck"):
        variant.deal(hands=[[*hands[0][:17], cardrules.JOKER], *hands[1:]], chien=chien)
    with pytest.raises(NotationError):
        variant.deal(hands=[["ZZ"] * 18, *hands[1:]], chien=chien)
    with pytest.raises(TypeError):
        variant.deal(hands="KH", chien=chien)
    with pytest.raises(DealError):
        deal_deck(deck[:70], players=4, dealer=0, chien_positions=(1, 2, 3, 4, 5, 6))


# -- T-9 ---------------------------------------------------------------------------------


def petit_sec_hands(partner_of_petit: list[Card]) -> tuple[list[list[Card]], list[Card]]:
    deck = [c for c in decks.tarot_deck() if c != Card.trump(1) and c not in partner_of_petit]
    suits = [c for c in deck if c.kind is CardKind.SUIT]
    others = [c for c in deck if c.kind is not CardKind.SUIT]
    first = [Card.trump(1), *partner_of_petit]
    first += suits[: 18 - len(first)]
    rest = suits[18 - (1 + len(partner_of_petit)) :] + others
    hands = [first, rest[0:18], rest[18:36], rest[36:54]]
    return hands, rest[54:]


def test_t9_petit_sec_annuls_the_deal() -> None:
    hands, chien = petit_sec_hands([])
    state = TarotVariant().deal(hands=hands, chien=chien, dealer=2)
    assert state.is_terminal
    assert state.result().annulled == "petit_sec"
    assert state.result().scores == (0, 0, 0, 0)
    assert state.legal_actions() == ()
    assert state.next_dealer == 3
    assert len(state.chien_aside) == 6
    with pytest.raises(GameOverError):
        state.apply("pass")


def test_t9_petit_with_the_excuse_or_another_trump_is_not_sec() -> None:
    for extra in ([EXCUSE], [Card.trump(5)]):
        hands, chien = petit_sec_hands(extra)
        assert not TarotVariant().deal(hands=hands, chien=chien, dealer=0).is_terminal


def test_t9_option_off_plays_a_petit_sec_deal() -> None:
    hands, chien = petit_sec_hands([])
    state = TarotVariant(petit_sec_annuls=False).deal(hands=hands, chien=chien, dealer=0)
    assert state.phase is Phase.BIDDING


def test_t9_redeal_dealer_option() -> None:
    hands, chien = petit_sec_hands([])
    state = TarotVariant(redeal_dealer="same").deal(hands=hands, chien=chien, dealer=2)
    assert state.next_dealer == 2


# -- T-39 --------------------------------------------------------------------------------


def test_t39_views_show_only_what_a_seat_may_know() -> None:
    state = playable(TarotVariant())
    state = state.apply("bid prise").apply("pass").apply("pass").apply("pass")
    taker = state.taker
    assert taker is not None
    for seat in range(4):
        view = state.view(seat)
        assert view.seat == seat
        assert view.hand == state.hand(seat)
        assert view.hand_sizes == tuple(len(state.hand(s)) for s in range(4))
        assert view.bids == state.bids
        assert view.contract is Contract.PRISE
        assert view.taker == taker
        hidden = {c for s in range(4) if s != seat for c in state.hand(s)} - set(state.chien)
        text = repr(view)
        for card in hidden:
            assert f" {card} " not in text.replace("[", " ").replace("]", " ")
    state = random_finish(state, 1)
    view = state.view(0)
    assert view.result == state.result()
    assert view.to_play is None


def test_t39_previous_trick_stays_visible_until_the_next_is_gathered() -> None:
    state = playable(TarotVariant())
    state = state.apply("bid garde-sans").apply("pass").apply("pass").apply("pass").apply("pass")
    plays = []
    for _ in range(4):
        action = next(a for a in state.legal_actions() if isinstance(a, Play))
        plays.append(action.card)
        state = state.apply(action)
    for seat in range(4):
        assert [c for _, c in state.view(seat).last_trick] == plays
        assert sum(state.view(seat).tricks_won) == 1
    state = state.apply(next(a for a in state.legal_actions() if isinstance(a, Play)))
    assert [c for _, c in state.view(1).last_trick] == plays


def test_t39_views_are_checked_by_the_conformance_kit() -> None:
    for options in ({}, {"players": 5}, {"players": 3, "excuse_compensation": "card"}):
        report = check_variant(TarotVariant(**options), games=1, seed=7)
        assert report.failures == 0
        assert report.games == 1


# -- T-40: three players ---------------------------------------------------------------


def test_t40_three_players_deal_and_settlement() -> None:
    variant = TarotVariant(players=3)
    state = playable(variant)
    assert [len(state.hand(s)) for s in range(3)] == [24, 24, 24]
    assert len(state.chien) == 6
    for seed in range(10):
        final = random_finish(playable(variant, seed), seed)
        result = final.result()
        if result.annulled:
            continue
        taker = final.taker
        assert taker is not None
        assert result.scores[taker] == 2 * result.unit
        assert sorted(result.scores)[0:2] == [-result.unit, -result.unit] or result.unit < 0
        assert sum(result.scores) == 0
        assert final.tricks_played == 24


# -- T-41 … T-44: five players -----------------------------------------------------------


def five_hands(taker_cards: list[Card], chien: list[Card] | None = None) -> TarotState:
    """A 5-player deal: seat 0 holds ``taker_cards`` plus low cards; dealer 4."""
    deck = list(decks.tarot_deck())
    chien = chien or []
    rest = [c for c in deck if c not in taker_cards and c not in chien]
    rest.sort(key=lambda c: (c.kind is not CardKind.SUIT, c.rank if c.suit else 0))
    taker = list(taker_cards)
    while len(taker) < 15:
        taker.append(rest.pop(0))
    chien = list(chien)
    while len(chien) < 3:
        chien.append(rest.pop(0))
    # Spread the trumps over the others so that nobody is Petit sec.
    rest.sort(key=lambda c: c.kind is CardKind.SUIT)
    others = [rest[k::4] for k in range(4)]
    return TarotVariant(players=5).deal(hands=[taker, *others], chien=chien, dealer=4)


def call_options(state: TarotState) -> set[str]:
    return {str(a.card) for a in state.legal_actions() if isinstance(a, Call)}


def test_t41_five_players_fifteen_cards_chien_of_three() -> None:
    state = playable(TarotVariant(players=5))
    assert [len(state.hand(s)) for s in range(5)] == [15] * 5
    assert len(state.chien) == 3
    taker = state.to_play
    while state.phase is Phase.BIDDING:
        state = state.apply("bid garde" if state.to_play == taker else "pass")
    state = state.apply(state.legal_actions()[0])
    assert state.phase is Phase.ECART
    assert taker is not None
    assert len(state.hand(taker)) == 18
    state = state.apply(state.legal_actions()[0]).apply(state.legal_actions()[1])
    assert len(state.ecart) == 2


@pytest.mark.parametrize(
    ("held", "rank"),
    [
        ("", "K"),
        ("KS KH KD KC", "Q"),
        ("KS KH KD KC QS QH QD QC", "N"),
        ("KS KH KD KC QS QH QD QC NS NH ND NC", "J"),
    ],
)
def test_t42_the_call_goes_down_a_rank_when_all_four_are_held(held: str, rank: str) -> None:
    state = five_hands(cards(held))
    state = state.apply("bid prise").apply("pass").apply("pass").apply("pass").apply("pass")
    assert state.phase is Phase.CALL
    assert state.to_play == 0
    assert call_options(state) == {f"{rank}{s.value}" for s in Suit}
    wrong = "QS" if rank == "K" else "KS"
    with pytest.raises(DeclarationError) as info:
        state.apply(f"call {wrong}")
    assert info.value.rule_id == "T-42"


def test_t42_the_holder_of_the_called_card_is_the_partner() -> None:
    state = five_hands([])
    state = state.apply("bid garde").apply("pass").apply("pass").apply("pass").apply("pass")
    holder = next(s for s in range(5) if Card.parse("KH") in state.hand(s))
    called = state.apply("call KH")
    assert called.partner == holder
    assert called.attack == tuple(sorted({0, holder}))
    assert called.camp_of(holder) is Camp.ATTACK
    # T-39: only the partner knows, until the called card is played.
    for seat in range(5):
        view = called.view(seat)
        assert view.called_card == Card.parse("KH")
        assert view.partner_known == (seat == holder)
        assert view.partner == (holder if seat == holder else None)
        assert Card.parse("KH") in view.public_cards


def test_t42_calling_ones_own_card_plays_alone() -> None:
    state = five_hands(cards("KS"))
    state = state.apply("bid prise").apply("pass").apply("pass").apply("pass").apply("pass")
    alone = state.apply("call KS")
    assert alone.partner is None
    assert alone.attack == (0,)
    assert alone.view(0).partner_known
    assert not alone.view(1).partner_known


def test_t42_called_card_in_the_chien_plays_alone() -> None:
    state = five_hands([], chien=cards("KD"))
    state = state.apply("bid prise").apply("pass").apply("pass").apply("pass").apply("pass")
    alone = state.apply("call KD")
    assert alone.partner is None
    # Prise: the chien is shown, so everybody knows.
    assert all(alone.view(s).partner_known for s in range(5))
    assert Card.parse("KD") in alone.hand(0)
    sans = five_hands([], chien=cards("KD"))
    sans = sans.apply("bid garde-sans").apply("pass").apply("pass").apply("pass").apply("pass")
    sans = sans.apply("call KD")
    assert sans.partner is None
    assert not any(sans.view(s).partner_known for s in range(1, 5))
    final = random_finish(sans)
    assert all(final.view(s).partner_known for s in range(5))


def test_t43_first_lead_may_not_be_the_called_suit() -> None:
    state = five_hands(cards("2H 3H 4H 5H"))
    state = state.apply("bid garde-sans").apply("pass").apply("pass").apply("pass").apply("pass")
    state = state.apply("call KH").apply("announce chelem")
    assert state.to_play == 0
    plays = {str(a.card) for a in state.legal_actions() if isinstance(a, Play)}
    assert not plays & {"2H", "3H", "4H", "5H"}
    state = state.apply(next(a for a in state.legal_actions() if isinstance(a, Play)))
    # After the first lead, no restriction.
    later = random_finish(state)
    assert later.is_terminal


def test_t43_the_called_card_itself_may_lead() -> None:
    state = five_hands(cards("KH 3H"))
    state = state.apply("bid garde-sans").apply("pass").apply("pass").apply("pass").apply("pass")
    state = state.apply("call KH").apply("announce chelem")
    plays = {str(a.card) for a in state.legal_actions() if isinstance(a, Play)}
    assert "KH" in plays
    assert "3H" not in plays


def test_t44_five_player_settlement() -> None:
    variant = TarotVariant(players=5)
    seen = set()
    for seed in range(40):
        final = random_finish(playable(variant, seed), seed)
        result = final.result()
        if result.annulled:
            continue
        taker, partner, m = final.taker, final.partner, result.unit
        assert taker is not None
        facts = result.facts
        assert facts is not None
        assert facts.partner == partner
        if partner is None:
            assert result.scores[taker] == 4 * m
            seen.add("alone")
        else:
            assert result.scores[taker] == 2 * m
            assert result.scores[partner] == m
            seen.add("partner")
        assert sum(result.scores) == 0
    assert seen == {"alone", "partner"}


# -- actions, notation, ids ---------------------------------------------------------------


def test_every_action_id_round_trips_through_notation() -> None:
    variant = TarotVariant()
    assert variant.num_actions == NUM_ACTIONS == 181
    for number in range(NUM_ACTIONS):
        action = action_from_id(number)
        assert action_id(action) == number == variant.action_id(action)
        assert parse_action(str(action)) == action
        assert variant.parse_action(str(action)) == action
    with pytest.raises(ValueError, match="action id"):
        action_from_id(181)
    with pytest.raises(ValueError, match="action id"):
        action_from_id(True)


@pytest.mark.parametrize(
    "text",
    [
        "",
        " pass",
        "pass ",
        "play",
        "play T22",
        "play 2T 3T",
        "bid",
        "bid all",
        "call 5H",
        "call 21T",
        "announce",
        "announce slam",
        "declare",
        "declare poignee",
        "declare x 1T",
        "discard",
        "play \uff31\uff28",
        "x" * 5000,
        "PLAY\n2T",
    ],
)
def test_malformed_notation_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)
    state = playable(TarotVariant())
    with pytest.raises(NotationError):
        state.apply(text)
    assert not state.is_legal(text)


def test_bad_inputs_are_rejected_with_documented_errors() -> None:
    state = playable(TarotVariant())

    class Foreign(Action):
        __slots__ = ()
        verb: ClassVar[str] = "foreign"

    for junk in (None, -1, 181, True, 1.0, b"pass", object(), Foreign()):
        with pytest.raises(InvalidActionError):
            state.apply(junk)  # type: ignore[call-overload]
    for seat in (True, 1.0, "1", -1, 9):
        with pytest.raises(InvalidSeatError):
            state.apply("pass", seat=seat)  # type: ignore[arg-type]
    with pytest.raises(NotYourTurnError):
        state.apply("pass", seat=0)
    assert state.apply("pass", seat=1) == state.apply("pass")
    with pytest.raises(InvalidActionError):
        action_id(Foreign())


def test_states_are_immutable_values() -> None:
    state = playable(TarotVariant())
    with pytest.raises(ImmutableError, match="TarotState is immutable"):
        state._phase = Phase.END
    with pytest.raises(ImmutableError, match="TarotState is immutable"):
        del state._us
    with pytest.raises(ImmutableError, match="TarotState is immutable"):
        state.is_terminal = True
    assert state.phase is Phase.BIDDING
    assert not state.is_terminal
    with pytest.raises(TypeError):
        TarotState()
    assert repr(state) == "<TarotState phase=BIDDING to_play=1>"
    assert "KH" not in repr(state)


# -- the variant, records ----------------------------------------------------------------


def test_variant_identity_options_and_registry() -> None:
    variant = TarotVariant(players=5, excuse_last_trick="to_trick_winner")
    assert variant == TarotVariant(TarotOptions(players=5, excuse_last_trick="to_trick_winner"))
    assert hash(variant) == hash(TarotVariant(players=5, excuse_last_trick="to_trick_winner"))
    assert variant != TarotVariant()
    assert pickle.loads(pickle.dumps(variant)) == variant  # noqa: S301 - own data
    assert repr(variant) == (
        "cardrules.get_variant('tarot', players=5, excuse_last_trick='to_trick_winner')"
    )
    assert repr(TarotVariant()) == "cardrules.get_variant('tarot')"
    for name in ("tarot", "french-tarot", "french_tarot", "tarot-fr"):
        assert cardrules.get_variant(name, players=5) == TarotVariant(players=5)
    assert TarotVariant.from_options_json(variant.options_json()) == variant
    with pytest.raises(OptionsError):
        TarotVariant.from_options_json({"players": 9})


def test_records_round_trip_and_replay() -> None:
    variant = TarotVariant(players=5, chien_schedule="random")
    state = random_finish(playable(variant, 3), 5)
    record = state.record()
    assert record.variant == "tarot"
    assert final_state(loads(dumps(record))) == state
    assert len(record.actions) == len(state.history)
    deal = variant.deal_json(state)
    assert variant.state_from_deal_json(state.dealer, deal) == playable(variant, 3)
    # Half-played deals too.
    half = playable(variant, 4)
    for _ in range(20):
        half = half.apply(half.legal_actions()[-1])
    assert final_state(loads(dumps(half.record()))) == half


@pytest.mark.parametrize(
    "tamper",
    [
        lambda d: {**d, "chien": d["chien"][:-1]},
        lambda d: {**d, "chien": [*d["chien"][:-1], d["hands"][0][0]]},
        lambda d: {**d, "extra": 1},
        lambda d: {"hands": "x", "chien": d["chien"]},
        lambda d: {**d, "hands": [[*h[:-1], "T22"] for h in d["hands"]]},
        lambda d: {**d, "hands": [[1] * 18 for _ in d["hands"]]},
    ],
)
def test_tampered_deals_are_record_errors(tamper: object) -> None:
    variant = TarotVariant()
    state = playable(variant)
    deal = variant.deal_json(state)
    with pytest.raises(RecordError):
        variant.state_from_deal_json(0, tamper(deal))  # type: ignore[operator]
    with pytest.raises(RecordError):
        variant.state_from_deal_json(7, deal)


def test_pickled_states_keep_their_history() -> None:
    state = playable(TarotVariant(players=3))
    rng = random.Random(8)
    for _ in range(30):
        state = state.apply(rng.choice(state.legal_actions()))
    copy = pickle.loads(pickle.dumps(state))  # noqa: S301 - own data
    assert copy == state
    assert hash(copy) == hash(state)
    assert copy.history == state.history
    assert copy.apply(copy.legal_actions()[0]).history[:-1] == state.history
