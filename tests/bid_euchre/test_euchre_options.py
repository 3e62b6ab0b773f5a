"""The options of E-39 and the rules they switch on: E-3, E-4, E-7, E-13, E-23, E-35 …
E-39; worked cases J1, J4, J5 and S31."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import cardrules
from cardrules import (
    JOKER,
    Card,
    CardNotInHandError,
    DeclarationError,
    MustFollowSuitError,
    OptionsError,
    Play,
    Suit,
    WrongPhaseError,
    decks,
)
from cardrules.bid_euchre import (
    PASS,
    BidEuchreMatch,
    BidEuchreOptions,
    BidEuchreState,
    BidEuchreVariant,
    ClaimAceNoFace,
    Contract,
    Phase,
)
from cardrules.bid_euchre.cards import is_ace_no_face


def drive(state: BidEuchreState, actions: list[str]) -> BidEuchreState:
    for action in actions:
        state = state.apply(action)
    return state


def legal(state: BidEuchreState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def legal_cards(state: BidEuchreState) -> set[str]:
    return {str(a.card) for a in state.legal_actions() if isinstance(a, Play)}


def finish(state: BidEuchreState, seed: int) -> BidEuchreState:
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


# -- E-3 first dealer, E-4 dealing ---------------------------------------------------------


def test_e3_first_dealer_defaults_to_north() -> None:
    assert BidEuchreVariant().new_game(seed=1).dealer == 0
    assert BidEuchreVariant(first_dealer=2).new_game(seed=1).dealer == 2
    assert BidEuchreVariant(first_dealer=2).new_game(seed=1, dealer=1).dealer == 1
    with pytest.raises(OptionsError):
        BidEuchreOptions(first_dealer=4)


@pytest.mark.parametrize("dealer", range(4))
@pytest.mark.parametrize("seed", range(3))
def test_e4_card_i_goes_to_dealer_plus_one_plus_i(dealer: int, seed: int) -> None:
    state = BidEuchreVariant().new_game(seed=seed, dealer=dealer)
    deck = decks.shuffle(decks.euchre_deck(), random.Random(seed))
    for i, card in enumerate(deck):
        assert card in state.hand((dealer + 1 + i) % 4)
    # All 24 cards are dealt: no kitty, no up-card.
    assert sum(len(state.hand(s)) for s in range(4)) == 24


@pytest.mark.parametrize("dealer", range(4))
def test_e4_e37_joker_25th_card_goes_to_the_dealer(dealer: int) -> None:
    variant = BidEuchreVariant(joker=True)
    state = variant.new_game(seed=5, dealer=dealer)
    deck = decks.shuffle(decks.euchre_deck_with_joker(), random.Random(5))
    assert deck[24] in state.hand(dealer)
    assert [len(state.hand(s)) for s in range(4)] == [7 if s == dealer else 6 for s in range(4)]


def test_e4_e38_double_deck_deals_by_the_same_formula() -> None:
    state = BidEuchreVariant(double_deck=True).new_game(seed=7, dealer=1)
    deck = decks.shuffle(decks.double_euchre_deck(), random.Random(7))
    for seat in range(4):
        expected = Counter(deck[i] for i in range(48) if (1 + 1 + i) % 4 == seat)
        assert Counter(state.hand(seat)) == expected


# -- E-7 continuous bidding ------------------------------------------------------------------


def test_e7_continuous_bidding_option() -> None:
    variant = BidEuchreVariant(bidding_style="continuous")
    state = variant.deal(hands=DEAL, dealer=3)
    state = drive(state, ["bid 3", "bid 4", "bid 5", "pass", "pass", "pass"])
    assert state.declarer == 2
    assert state.contract == Contract(5)
    assert len(state.calls) == 6


# -- E-13 no-trump -------------------------------------------------------------------------

DEAL = [
    "9S 10S JS QS KS AS",
    "9H 10H JH QH KH AH",
    "9D 10D JD QD KD AD",
    "9C 10C JC QC KC AC",
]


def test_e13_no_trump_has_no_bowers() -> None:
    variant = BidEuchreVariant(allow_no_trump=True)
    deal = ["JD 9S 10S QS KS AS", "JH 10H 9C 10C QC KC", "9H QH KH AH 9D 10D", "QD KD AD JS JC AC"]
    state = drive(variant.deal(hands=deal, dealer=3), ["bid 3", "pass", "pass", "pass"])
    state = drive(state, ["trump no-trump", "play JD"])
    # JD led is a diamond; E holds no diamond, so any card, JH included.
    assert legal_cards(state) == {"JH", "10H", "9C", "10C", "QC", "KC"}


# -- E-23 renege modes (more in test_euchre_play) --------------------------------------------


def test_e23_reject_is_the_default() -> None:
    assert BidEuchreOptions().renege_mode == "reject"
    variant = BidEuchreVariant()
    deal = ["AD 9S 10S QS KS AS", "10D 9H QC 9C 10C JC", "KD JH QH KH AH 10H", "9D JD QD JS KC AC"]
    state = drive(variant.deal(hands=deal, dealer=3), ["bid 3", "pass", "pass", "pass"])
    state = drive(state, ["trump hearts", "play AD"])
    with pytest.raises(MustFollowSuitError):
        state.apply("play 9H")


def test_e23_penalize_records_no_renege_for_a_lawful_hand() -> None:
    variant = BidEuchreVariant(renege_mode="penalize")
    state = variant.new_game(seed=3)
    rng = random.Random(2)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.lawful_actions()))
    assert state.reneges == ()


# -- E-35 stick the dealer (more in test_euchre_auction) ---------------------------------------


def test_e35_option_off_by_default_and_void_hands_possible() -> None:
    assert not BidEuchreOptions().stick_the_dealer
    state = drive(BidEuchreVariant().deal(hands=DEAL, dealer=3), ["pass"] * 4)
    assert state.result().facts.void_reason == "all_pass"


# -- E-36 Ace No Face ------------------------------------------------------------------------

ANF_DEAL = [
    "9S 10S JS QS KS AS",
    "AH 10H 9H AD 10D 9D",
    "JH QH KH JD QD KD",
    "9C 10C JC QC KC AC",
]


def test_e36_qualifying_hand() -> None:
    assert is_ace_no_face(Card.parse(c) for c in ["AH", "10H", "9H", "AD", "10D", "9D"])
    assert not is_ace_no_face(Card.parse(c) for c in ["9H", "10H", "9D", "10D", "9C", "10C"])
    assert not is_ace_no_face(Card.parse(c) for c in ["AH", "10H", "9H", "AD", "10D", "JD"])
    # The joker is not a face card (section 6, decision 5).
    assert is_ace_no_face([JOKER, *(Card.parse(c) for c in ["AH", "10H", "9H", "AD", "10D"])])


def test_e36_every_player_gets_one_step_in_bidding_order() -> None:
    state = BidEuchreVariant(ace_no_face=True).deal(hands=ANF_DEAL, dealer=3)
    seen = []
    while state.phase is Phase.CLAIM:
        seen.append((state.to_play, legal(state)))
        state = state.apply("pass")
    assert [seat for seat, _ in seen] == [0, 1, 2, 3]
    assert seen[1][1] == {"pass", "claim ace-no-face"}
    assert all(actions == {"pass"} for seat, actions in seen if seat != 1)
    assert state.phase is Phase.AUCTION
    assert state.to_play == 0


def test_e36_claim_needs_a_qualifying_hand() -> None:
    state = BidEuchreVariant(ace_no_face=True).deal(hands=ANF_DEAL, dealer=3)
    with pytest.raises(DeclarationError) as info:
        state.apply(ClaimAceNoFace())
    assert info.value.rule_id == "E-36"


def test_s31_claim_throws_the_hand_in_and_shows_the_hand() -> None:
    state = BidEuchreVariant(ace_no_face=True).deal(hands=ANF_DEAL, dealer=3)
    state = drive(state, ["pass", "claim ace-no-face"])
    assert state.is_terminal
    assert state.claimant == 1
    result = state.result()
    assert result.delta == (0, 0)
    assert result.facts.void_reason == "ace_no_face"
    assert state.next_dealer == 0
    view = state.view(3)
    assert view.claimant == 1
    assert set(view.claimed_hand) == set(state.hand(1))
    assert set(state.hand(1)) <= view.public_cards
    match = BidEuchreMatch.start(BidEuchreOptions(ace_no_face=True), dealer=3).after(result)
    assert match.scores == (0, 0)
    assert match.dealer == 0


def test_e36_off_by_default() -> None:
    state = BidEuchreVariant().deal(hands=ANF_DEAL, dealer=3)
    assert state.phase is Phase.AUCTION
    assert not state.is_legal(ClaimAceNoFace())


def test_e36_joker_dealer_judged_after_the_discard() -> None:
    deal = [
        "9S 10S JS QS KS AS",
        "JH QH KH JD QD KD",
        "9C 10C JC QC KC AC",
        "AH 10H 9H AD 10D 9D JK",
    ]
    variant = BidEuchreVariant(ace_no_face=True, joker=True)
    state = variant.deal(hands=deal, dealer=3)
    assert state.phase is Phase.DISCARD
    state = drive(state, ["discard 9D", "pass", "pass", "pass"])
    # W (dealer) keeps AH 10H 9H AD 10D JK: an ace, no face card.
    assert legal(state) == {"pass", "claim ace-no-face"}


def test_e36_after_trump_timing_judges_the_dealer_on_seven_cards() -> None:
    deal = [
        "9S 10S JS QS KS AS",
        "JH QH KH JD QD KD",
        "9C 10C JC QC KC AC",
        "AH 10H 9H AD 10D 9D JK",
    ]
    variant = BidEuchreVariant(ace_no_face=True, joker=True, joker_discard_timing="after_trump")
    state = drive(variant.deal(hands=deal, dealer=3), ["pass", "pass", "pass"])
    assert len(state.hand(3)) == 7
    assert "claim ace-no-face" in legal(state)


# -- E-37 the joker ----------------------------------------------------------------------------

J1_DEAL = [
    "JK 9S 10S QS KS AS",
    "JC AH 9H 10H KH 9C",
    "9D QH 10D JD QD KD",
    "JS 10C JH AD QC KC AC",
]


def test_j1_joker_led_leads_trump() -> None:
    state = BidEuchreVariant(joker=True).deal(hands=J1_DEAL, dealer=3)
    state = drive(state, ["discard AD", "bid 3", "pass", "pass", "pass", "trump spades"])
    state = state.apply("play JK")
    assert legal_cards(state) == {"JC"}
    state = state.apply("play JC")
    assert {"9D", "QH"} <= legal_cards(state)
    state = state.apply("play 9D")
    assert legal_cards(state) == {"JS"}
    state = state.apply("play JS")
    assert state.tricks[0].winner == 0


J4_DEAL = [
    "JK 10S QS KS AS 9H",
    "9S AH 10H JH 9C 10C",
    "JS QH KH 9D 10D JD",
    "QD KD AD JC QC KC AC",
]


def test_j4_no_trump_joker_led_names_a_suit() -> None:
    variant = BidEuchreVariant(joker=True, allow_no_trump=True)
    state = drive(
        variant.deal(hands=J4_DEAL, dealer=3),
        ["discard AC", "bid 3", "pass", "pass", "pass", "trump no-trump", "play JK"],
    )
    assert state.phase is Phase.NAME_SUIT
    assert state.to_play == 0
    assert legal(state) == {"name spades", "name hearts", "name diamonds", "name clubs"}
    state = state.apply("name spades")
    assert state.named_suit is Suit.SPADES
    assert state.view(2).named_suit is Suit.SPADES
    assert legal_cards(state) == {"9S"}
    state = drive(state, ["play 9S", "play JS", "play QD"])
    assert state.tricks[0].winner == 0


def test_e37_joker_led_in_no_trump_must_name_before_play() -> None:
    variant = BidEuchreVariant(joker=True, allow_no_trump=True)
    state = drive(
        variant.deal(hands=J4_DEAL, dealer=3),
        ["discard AC", "bid 3", "pass", "pass", "pass", "trump no-trump", "play JK"],
    )
    with pytest.raises(WrongPhaseError, match="name a suit"):
        state.apply("play 9S", seat=0)


J5_DEALS = [
    (
        ["AH 9S 10S QS KS AS", "JK KH 9C 10C QC KC", "9H 10H JH QH 9D 10D", "JD QD KD AD JS JC AC"],
        {"KH"},
    ),
    (
        ["AH 9S 10S QS KS AS", "JK 9C 10C QC KC AC", "9H 10H JH QH KH 9D", "10D JD QD KD AD JS JC"],
        {"JK", "9C", "10C", "QC", "KC", "AC"},
    ),
]


@pytest.mark.parametrize(("deal", "expected"), J5_DEALS, ids=["J5-follow", "J5-void"])
def test_j5_no_trump_joker_is_its_own_suit(deal: list[str], expected: set[str]) -> None:
    variant = BidEuchreVariant(joker=True, allow_no_trump=True)
    state = drive(variant.deal(hands=deal, dealer=3), ["discard JC"])
    state = drive(state, ["bid 3", "pass", "pass", "pass", "trump no-trump", "play AH"])
    assert legal_cards(state) == expected
    if "JK" in expected:
        state = state.apply("play JK")
        state = state.apply(state.legal_actions()[0])
        state = state.apply(state.legal_actions()[0])
        assert state.tricks[0].winner == 1


def test_e37_only_trump_is_the_joker_must_be_played_to_a_trump_lead() -> None:
    deal = [
        "AS 9S 10S QS KS 9H",
        "JK AH 10H JH 9C 10C",
        "JS QH KH 9D 10D JD",
        "QD KD AD JC QC KC AC",
    ]
    state = BidEuchreVariant(joker=True).deal(hands=deal, dealer=3)
    state = drive(state, ["discard AC", "bid 3", "pass", "pass", "pass", "trump spades"])
    state = state.apply("play AS")
    assert legal_cards(state) == {"JK"}


def test_e37_void_player_may_play_the_joker_and_it_wins() -> None:
    # Diamonds are trump; E is void in hearts and plays the joker to a heart lead.
    deal = [
        "AH 9S 10S QS KS 9H",
        "JK AS JS 9C 10C QC",
        "10H QH KH 9D 10D JD",
        "QD KD AD JC JH KC AC",
    ]
    state = BidEuchreVariant(joker=True).deal(hands=deal, dealer=3)
    state = drive(state, ["discard AC", "bid 3", "pass", "pass", "pass", "trump diamonds"])
    state = drive(state, ["play AH", "play JK", "play 10H"])
    state = state.apply(state.legal_actions()[0])
    assert state.tricks[0].winner == 1


def test_e37_discard_any_card_even_the_joker_out_of_play() -> None:
    variant = BidEuchreVariant(joker=True)
    state = variant.deal(hands=J1_DEAL, dealer=3)
    state = state.apply("discard JS")
    assert len(state.hand(3)) == 6
    assert Card.parse("JS") not in state.hand(3)
    assert state.discard == (Card.parse("JS"),)
    # The discard is known to the dealer only (E-40).
    assert state.view(3).discard == (Card.parse("JS"),)
    assert state.view(0).discard == ()
    north_deals = ["JK 9S 10S QS KS AS AD", *J1_DEAL[1:3], "JS 10C JH QC KC AC"]
    joker_state = variant.deal(hands=north_deals, dealer=0)
    assert "discard JK" in legal(joker_state)
    with pytest.raises(CardNotInHandError):
        joker_state.apply("discard 9C")


def test_e37_after_trump_timing_holds_seven_through_the_auction() -> None:
    variant = BidEuchreVariant(joker=True, joker_discard_timing="after_trump")
    state = variant.deal(hands=J1_DEAL, dealer=3)
    assert state.phase is Phase.AUCTION
    assert len(state.hand(3)) == 7
    state = drive(state, ["bid 3", "pass", "pass", "pass", "trump hearts"])
    assert state.phase is Phase.DISCARD
    assert state.to_play == 3
    state = state.apply("discard AD")
    assert state.phase is Phase.PLAY
    assert state.to_play == 0


def test_e37_joker_does_not_change_scoring() -> None:
    state = finish(BidEuchreVariant(joker=True).new_game(seed=8), 8)
    facts = state.result().facts
    if facts.contract is not None:
        assert facts.tricks is not None
        assert sum(facts.tricks) == 6


# -- E-38 double deck ---------------------------------------------------------------------------


def test_e38_double_deck_bids_and_values() -> None:
    variant = BidEuchreVariant(double_deck=True)
    state = variant.new_game(seed=1, dealer=3)
    assert legal(state) == {"pass", *(f"bid {n}" for n in range(3, 12)), "bid 12H", "bid 12M"}
    assert variant.options.help_value == 24
    assert variant.options.moon_value == 48
    assert "bid 12" in legal(
        BidEuchreVariant(double_deck=True, allow_plain_six=True).new_game(seed=1)
    )
    assert variant.parse_action("bid moon") == variant.parse_action("bid 12M")


def test_e38_twelve_tricks() -> None:
    state = finish(BidEuchreVariant(double_deck=True).new_game(seed=2), 2)
    if state.result().facts.contract is not None:
        assert len(state.tricks) == 12
        assert sum(state.tricks_won) == 12


def test_e38_min_bid_six_for_double_deck_groups() -> None:
    state = BidEuchreVariant(double_deck=True, min_bid=6).new_game(seed=1, dealer=3)
    assert "bid 5" not in legal(state)
    assert "bid 6" in legal(state)


# -- E-39 option validation ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"joker": True, "double_deck": True},
        {"help_exchange_count": 0},
        {"help_exchange_count": 7},
        {"min_bid": 0},
        {"min_bid": 7},
        {"renege_mode": "ignore"},
        {"bidding_style": "open"},
        {"first_dealer": -1},
        {"stick_the_dealer": 1},
        {"no_such_option": True},
    ],
)
def test_e39_invalid_options_are_rejected(options: dict[str, object]) -> None:
    with pytest.raises(OptionsError):
        BidEuchreVariant(**options)  # type: ignore[arg-type]


HUGE = 10**5000
POINT_OPTIONS = ("target_score", "help_value", "moon_value", "renege_penalty")


@pytest.mark.parametrize("name", POINT_OPTIONS)
@pytest.mark.parametrize(
    "value",
    [2**53, 2**53 + 1, 1_000_001, 10**400, HUGE, -1, -HUGE, True, 1.0],
    ids=["2**53", "2**53+1", "1000001", "401 digits", "5001 digits", "-1", "-huge", "True", "1.0"],
)
def test_e23_e27_e28_e33_point_options_are_bounded(name: str, value: object) -> None:
    # help_value, moon_value and renege_penalty above 2**53 once made records that loads
    # refused; negative help and moon values made a made contract cost points.
    with pytest.raises(OptionsError, match=name) as info:
        BidEuchreVariant(**{name: value})  # type: ignore[arg-type]
    assert len(str(info.value)) < 120
    with pytest.raises(OptionsError, match=name):
        BidEuchreVariant.from_options_json({**BidEuchreOptions().to_dict(), name: value})


@pytest.mark.parametrize("name", POINT_OPTIONS)
def test_e39_the_largest_point_options_make_records_that_load(name: str) -> None:
    variant = BidEuchreVariant(**{name: 1_000_000})  # type: ignore[arg-type]
    state = finish(variant.new_game(seed=3), 3)
    assert cardrules.final_state(cardrules.loads(cardrules.dumps(state.record()))) == state
    lowest = BidEuchreOptions(target_score=1, help_value=0, moon_value=0, renege_penalty=0)
    assert (lowest.target_score, lowest.help_value, lowest.renege_penalty) == (1, 0, 0)


@pytest.mark.parametrize("name", ["first_dealer", "min_bid", "help_exchange_count"])
@pytest.mark.parametrize("value", [HUGE, -HUGE, 2**63, 13], ids=["huge", "-huge", "2**63", "13"])
def test_e39_counts_and_seats_of_any_size_are_refused_in_words(name: str, value: int) -> None:
    with pytest.raises(OptionsError, match=name) as info:
        BidEuchreVariant(**{name: value})  # type: ignore[arg-type]
    assert len(str(info.value)) < 120


def test_e39_options_object_or_keywords_not_both() -> None:
    options = BidEuchreOptions(joker=True)
    assert BidEuchreVariant(options).options is options
    with pytest.raises(OptionsError):
        BidEuchreVariant(options, joker=True)
    with pytest.raises(OptionsError):
        BidEuchreVariant({"joker": True})  # type: ignore[arg-type]


def test_e39_defaults_are_the_seed_base_game() -> None:
    variant = BidEuchreVariant()
    assert variant.options == BidEuchreOptions()
    assert repr(variant) == "cardrules.get_variant('bid-euchre')"
    assert repr(BidEuchreVariant(double_deck=True)) == (
        "cardrules.get_variant('bid-euchre', double_deck=True)"
    )
    assert BidEuchreVariant(joker=True) == BidEuchreVariant(BidEuchreOptions(joker=True))


def test_e39_help_exchange_count_up_to_the_hand_size() -> None:
    assert BidEuchreVariant(help_exchange_count=6).options.help_exchange_count == 6
    assert (
        BidEuchreVariant(double_deck=True, help_exchange_count=12).options.help_exchange_count == 12
    )


def test_e39_claim_pass_action_is_shared() -> None:
    state = BidEuchreVariant(ace_no_face=True).deal(hands=ANF_DEAL, dealer=3)
    assert state.legal_actions()[0] is PASS
