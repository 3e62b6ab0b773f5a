"""E-40: every view of random Bid Euchre hands against an independent model.

The model here is written from the rules text (E-11, E-14, E-21, E-23, E-36, E-37, E-40),
without the view code. It follows each hand from its dealt cards and the actions applied,
and works out for each seat what it may know: its own hand; every call, the contract,
trump, who sits out, the suit named for a led joker, every card played and the trick
winners; the cards of a help exchange for the declarer and the partner only; the joker
discard for the dealer only; an Ace No Face claimant's hand for everyone; the reneges
once the hand is scored. The dead hand of a partner sitting out stays private. Every field
of ``state.view(seat)`` must equal the model's, and no card outside the model's set for
the seat may appear in the view's ``repr``, ``str`` or JSON form.

The hands are random playouts (random legal actions, biased towards the rarer ones),
hands rigged with an Ace No Face hand, and hands played by the project's bots, under
several option sets: 30 hands per option set in the default run, 300 in the deep tier
(``tests/tiers.py``), which also checks every state.
"""

from __future__ import annotations

import json
import pickle
import random
import re
from collections import Counter
from typing import TYPE_CHECKING, Any

import attrs
import pytest

import cardrules
from cardrules import JOKER, Action, Card, Pass, Play, Rank, Suit
from cardrules.bid_euchre import (
    NO_TRUMP,
    Bid,
    BidEuchreState,
    BidEuchreVariant,
    BidEuchreView,
    ClaimAceNoFace,
    Contract,
    ContractKind,
    Discard,
    Give,
    NameSuit,
    NameTrump,
    Phase,
    Trump,
)
from cardrules.bots import BidEuchreBot

if TYPE_CHECKING:
    from tests import tiers
else:
    import cardrules_test_tiers as tiers  # loaded by tests/conftest.py

DEEP = tiers.DEEP
HANDS = tiers.volume(30, 300)
WORD = re.compile(r"[0-9A-Za-z]+")

CONFIGS: dict[str, dict[str, Any]] = {
    "default": {},
    "joker before the auction": {"joker": True},
    "joker after trump": {"joker": True, "joker_discard_timing": "after_trump"},
    "no-trump": {"allow_no_trump": True},
    "no-trump with the joker": {"allow_no_trump": True, "joker": True},
    "double deck": {"double_deck": True},
    "ace no face": {"ace_no_face": True},
    "partner's choice": {"help_card_rule": "partner_choice", "help_exchange_count": 2},
    "renege penalized": {"renege_mode": "penalize"},
    "everything": {
        "ace_no_face": True,
        "joker": True,
        "joker_discard_timing": "after_trump",
        "allow_no_trump": True,
        "help_card_rule": "partner_choice",
        "renege_mode": "penalize",
    },
}
PLAIN = {Phase.AUCTION, Phase.TRUMP, Phase.EXCHANGE, Phase.PLAY, Phase.END}
PHASES = {
    "default": PLAIN,
    "joker before the auction": PLAIN | {Phase.DISCARD},
    "joker after trump": PLAIN | {Phase.DISCARD},
    "no-trump": PLAIN,
    "no-trump with the joker": PLAIN | {Phase.DISCARD, Phase.NAME_SUIT},
    "double deck": PLAIN,
    "ace no face": PLAIN | {Phase.CLAIM},
    "partner's choice": PLAIN,
    "renege penalized": PLAIN,
    "everything": set(Phase),
}


def codes_in(text: str, codes: frozenset[str]) -> set[str]:
    """The card codes that appear as words in ``text``."""
    return {w for w in WORD.findall(text) if w in codes}


def json_form(view: BidEuchreView) -> str:
    """The view as JSON, as a server might send it: its fields, cards as codes."""
    return json.dumps(attrs.asdict(view, recurse=False), default=str, sort_keys=True)


# -- the model -----------------------------------------------------------------------------


class Model:
    """What each seat may know of one hand, from the deal and the actions (E-40)."""

    def __init__(self, root: BidEuchreState) -> None:
        self.dealer = root.dealer
        self.dealt = [Counter(root.hand(s)) for s in range(4)]
        self.calls: list[tuple[int, Contract | None]] = []
        self.auction_over = False
        self.contract: Contract | None = None
        self.declarer: int | None = None
        self.trump: Trump | None = None
        self.discard: list[Card] = []
        self.given: list[Card] = []
        self.returned: list[Card] = []
        self.claimant: int | None = None
        self.plays: list[tuple[int, Card]] = []
        self.named: dict[int, Suit] = {}
        self.reneges: list[tuple[int, int, Card]] = []

    @property
    def sitting_out(self) -> int | None:
        """E-21: the declarer's partner sits out a help or moon bid."""
        contract, declarer = self.contract, self.declarer
        if contract is None or declarer is None or contract.kind is ContractKind.ORDINARY:
            return None
        return (declarer + 2) % 4

    @property
    def trick_size(self) -> int:
        return 4 if self.sitting_out is None else 3

    def see(self, before: BidEuchreState, seat: int, action: Action) -> None:
        """Follow one action, as the table sees it happen (phases are public)."""
        phase = before.phase
        if phase is Phase.AUCTION:
            self.call(seat, action.contract if isinstance(action, Bid) else None)
        elif phase is Phase.CLAIM:
            if isinstance(action, ClaimAceNoFace):
                self.claimant = seat
        elif phase is Phase.TRUMP:
            assert isinstance(action, NameTrump)
            self.trump = action.trump
        elif phase is Phase.DISCARD:
            assert isinstance(action, Discard)
            assert seat == self.dealer
            self.discard.append(action.card)
        elif phase is Phase.EXCHANGE:
            assert isinstance(action, Give)
            (self.given if seat == self.declarer else self.returned).append(action.card)
        elif phase is Phase.NAME_SUIT:
            assert isinstance(action, NameSuit)
            self.named[len(self.plays) // self.trick_size] = action.suit
        else:
            assert isinstance(action, Play)
            if action not in before.lawful_actions():
                # E-23 (penalize): a card that breaks E-19 stands and is recorded.
                self.reneges.append((seat, len(self.plays) // self.trick_size + 1, action.card))
            self.plays.append((seat, action.card))

    def call(self, seat: int, contract: Contract | None) -> None:
        self.calls.append((seat, contract))
        if contract is not None and contract.kind is ContractKind.MOON:
            # E-11: nothing overcalls the moon; whoever has not called passes.
            called = {s for s, _ in self.calls}
            later = [(seat + k) % 4 for k in range(1, 4)]
            last = later.index(self.dealer) + 1 if self.dealer in later else 0
            self.calls += [(s, None) for s in later[:last] if s not in called]
        if len(self.calls) == 4 or (contract is not None and contract.kind is ContractKind.MOON):
            self.auction_over = True
            bids = [(s, c) for s, c in self.calls if c is not None]
            if bids:
                # E-8, E-13: each bid overcalls the last; the highest bidder declares.
                self.declarer, self.contract = bids[-1]

    # -- what one seat may know

    def hand(self, seat: int) -> Counter[Card]:
        """The seat's cards: as dealt, less the joker discard (E-37), after the help
        exchange (E-14), less the cards played."""
        hand = Counter(self.dealt[seat])
        if seat == self.dealer:
            hand -= Counter(self.discard)
        if seat == self.declarer:
            hand -= Counter(self.given)
            hand += Counter(self.returned)
        elif seat == self.sitting_out:
            hand += Counter(self.given)
            hand -= Counter(self.returned)
        hand -= Counter(card for s, card in self.plays if s == seat)
        return hand

    def partners(self, seat: int) -> bool:
        """E-40: the declarer and the partner know the cards of the help exchange."""
        return self.declarer is not None and seat % 2 == self.declarer % 2

    def public(self, seat: int, phase: Phase) -> set[Card]:
        """E-40: the cards whose place the seat may know, besides its hand."""
        cards = {card for _, card in self.plays}
        if self.claimant is not None:
            cards.update(self.hand(self.claimant))
        if self.partners(seat):
            cards.update(self.given)
            cards.update(self.returned)
        if seat == self.dealer:
            cards.update(self.discard)
        return cards

    def tricks(self) -> tuple[list[list[tuple[int, Card]]], list[tuple[int, Card]]]:
        """The finished tricks and the trick under way."""
        size = self.trick_size
        done = len(self.plays) // size
        finished = [self.plays[k * size : (k + 1) * size] for k in range(done)]
        return finished, self.plays[done * size :]


# -- checking one state ----------------------------------------------------------------------


class Checker:
    def __init__(self, variant: BidEuchreVariant) -> None:
        self.codes = frozenset(str(c) for c in variant.deck)
        self.phases: Counter[Phase] = Counter()
        self.events: Counter[str] = Counter()
        self.states = 0

    def check(self, model: Model, state: BidEuchreState) -> None:
        self.states += 1
        self.phases[state.phase] += 1
        hands = [model.hand(s) for s in range(4)]
        for seat in range(4):
            self.check_view(model, state, seat, hands)
        self.count_events(model, state)

    def check_view(
        self, model: Model, state: BidEuchreState, seat: int, hands: list[Counter[Card]]
    ) -> None:
        phase = state.phase
        view = state.view(seat)

        def where() -> str:
            return f"seat {seat}, {phase.name}, history {[str(a) for _, a in state.history]}"

        end = phase is Phase.END
        assert view.seat == seat
        assert view.phase is phase
        assert view.dealer == model.dealer
        assert view.to_play == state.to_play
        assert Counter(view.hand) == hands[seat], where()
        assert view.calls == tuple(model.calls), where()
        assert view.contract == model.contract, where()
        assert view.declarer == model.declarer, where()
        assert view.trump == model.trump, where()
        assert view.sitting_out == model.sitting_out, where()
        # E-40: the help exchange is known to the declarer and the partner only.
        partners = model.partners(seat)
        assert Counter(view.given) == Counter(model.given if partners else ()), where()
        assert Counter(view.returned) == Counter(model.returned if partners else ()), where()
        # E-40: the joker discard is known to the dealer only.
        discard = model.discard if seat == model.dealer else []
        assert Counter(view.discard) == Counter(discard), where()
        # E-36, E-40: a claim is public, with the claimant's hand as proof.
        assert view.claimant == model.claimant, where()
        claimed = hands[model.claimant] if model.claimant is not None else Counter()
        assert Counter(view.claimed_hand) == claimed, where()
        finished, current = model.tricks()
        assert list(view.trick) == current, where()
        assert [list(t.plays) for t in view.tricks] == finished, where()
        # E-20: the winner of a trick leads the next.
        for trick, following in zip(view.tricks, finished[1:], strict=False):
            assert trick.winner == following[0][0], where()
        assert view.tricks_won == state.tricks_won
        winners = [t.winner % 2 for t in view.tricks]
        assert view.tricks_won == (winners.count(0), winners.count(1)), where()
        named = model.named.get(len(finished)) if current else None
        assert view.named_suit == named, where()
        # E-37, E-40: the suit named for a joker led stays public with its trick.
        kept = [model.named.get(k) for k in range(len(finished))]
        assert [t.named_suit for t in view.tricks] == kept, where()
        assert [t["named_suit"] for t in view.to_dict()["tricks"]] == [
            None if suit is None else suit.value for suit in kept
        ], where()
        # E-23, E-40: the reneges are public once the hand is scored.
        reneges = [(r.seat, r.trick, r.card) for r in view.reneges]
        assert reneges == (model.reneges if end else []), where()
        assert view.result == (state.result() if end else None), where()
        public = model.public(seat, phase)
        assert set(view.public_cards) == public, where()
        # Every rendering shows only cards the seat may know, and only cards of the view.
        allowed = {str(c) for c in set(hands[seat]) | public}
        in_view = {str(c) for c in (*view.hand, *view.public_cards)}
        text = repr(view)
        assert str(view) == text
        for name, form in (("repr", text), ("JSON", json_form(view))):
            shown = codes_in(form, self.codes)
            assert shown <= allowed, f"{name} shows {sorted(shown - allowed)}: {where()}"
            assert shown <= in_view, f"{name} shows {sorted(shown - in_view)}: {where()}"
            assert {str(c) for c in (*view.hand, *view.given, *view.discard)} <= shown

    def count_events(self, model: Model, state: BidEuchreState) -> None:
        phase = state.phase
        contract = model.contract
        if phase is Phase.PLAY and contract is not None:
            self.events[f"play {contract.kind.name}"] += 1
            if model.given:
                self.events["help exchange made"] += 1
            if model.trump is NO_TRUMP:
                self.events["no-trump"] += 1
        if phase is Phase.END:
            if model.claimant is not None:
                self.events["ace no face claimed"] += 1
            elif contract is None:
                self.events["all passed"] += 1
            else:
                self.events["played to the end"] += 1
            if model.reneges:
                self.events["reneges scored"] += 1


# -- playouts ------------------------------------------------------------------------------


def ace_no_face_deal(variant: BidEuchreVariant, rng: random.Random) -> BidEuchreState:
    """A hand where one seat holds aces, tens and nines only (E-36)."""
    size = 12 if variant.options.double_deck else 6
    deck = list(variant.deck)
    low = [c for c in deck if c.rank in (Rank.TEN, Rank.NINE)]
    aces = [c for c in deck if c.rank is Rank.ACE]
    rng.shuffle(low)
    rng.shuffle(aces)
    qualifying = aces[: rng.randint(1, 3)]
    qualifying += low[: size - len(qualifying)]
    rest = deck.copy()
    for card in qualifying:
        rest.remove(card)
    rng.shuffle(rest)
    dealer = rng.randrange(4)
    seat = rng.randrange(4)
    hands = []
    for s in range(4):
        if s == seat:
            hands.append(qualifying)
        else:
            hands.append(rest[:size])
            rest = rest[size:]
    hands[dealer] += rest  # the joker's 25th card, if any (E-37)
    return variant.deal(hands=hands, dealer=dealer)


def choose(state: BidEuchreState, rng: random.Random, shy: bool) -> Action:
    """A random legal action, biased towards claims, help bids, no-trump and leading the
    joker; with ``shy`` every player passes."""
    legal = state.legal_actions()
    phase = state.phase
    if phase is Phase.AUCTION:
        if shy and isinstance(legal[0], Pass):
            return legal[0]
        helps = [a for a in legal if isinstance(a, Bid) and a.contract.kind is ContractKind.HELP]
        if helps and rng.random() < 0.25:
            return helps[0]
    elif phase is Phase.CLAIM:
        claims = [a for a in legal if isinstance(a, ClaimAceNoFace)]
        if claims and rng.random() < 0.7:
            return claims[0]
    elif phase is Phase.TRUMP:
        if rng.random() < 0.4 and NameTrump(NO_TRUMP) in legal:
            return NameTrump(NO_TRUMP)
    elif phase is Phase.PLAY and Play(JOKER) in legal and rng.random() < 0.5:
        return Play(JOKER)
    return rng.choice(legal)


def play_hand(
    state: BidEuchreState, rng: random.Random, checker: Checker, *, bots: bool, shy: bool
) -> None:
    model = Model(state)
    bot = BidEuchreBot()
    sample = random.Random(rng.random())
    checker.check(model, state)
    while not state.is_terminal:
        seat = state.to_play
        assert seat is not None
        if bots:
            action = bot.choose(state.view(seat), state.legal_actions(), rng)
        else:
            action = choose(state, rng, shy)
        after = state.apply(action)
        model.see(state, seat, action)
        state = after
        # In the default tier, a card played after the first trick is checked one time in
        # three; the model follows every action all the same.
        first_trick = len(model.plays) <= model.trick_size
        if DEEP or state.phase is not Phase.PLAY or first_trick or sample.random() < 1 / 3:
            checker.check(model, state)
    # The model followed the hand: its facts agree with the full-information accessors.
    assert Counter(state.given) == Counter(model.given)
    assert Counter(state.returned) == Counter(model.returned)
    assert Counter(state.discard) == Counter(model.discard)
    assert [(r.seat, r.trick, r.card) for r in state.reneges] == model.reneges


def run(name: str, hands: int) -> Checker:
    variant = cardrules.get_variant("bid-euchre", **CONFIGS[name])
    assert isinstance(variant, BidEuchreVariant)
    checker = Checker(variant)
    for k in range(hands):
        rng = random.Random(f"euchre views {name} {k}")
        kind = k % 4
        if kind == 1 and variant.options.ace_no_face:
            state = ace_no_face_deal(variant, rng)
        else:
            state = variant.new_game(rng=rng)
        play_hand(state, rng, checker, bots=kind == 2, shy=k % 10 == 3)
    return checker


# -- the tests -----------------------------------------------------------------------------


def expected_events(name: str) -> set[str]:
    options = CONFIGS[name]
    events = {"play ORDINARY", "play HELP", "play MOON", "help exchange made"}
    events |= {"all passed", "played to the end"}
    if options.get("allow_no_trump"):
        events.add("no-trump")
    if options.get("ace_no_face"):
        events.add("ace no face claimed")
    if options.get("renege_mode") == "penalize":
        events.add("reneges scored")
    return events


@pytest.mark.deep
@pytest.mark.parametrize("name", list(CONFIGS))
def test_e40_every_view_matches_the_model_in_every_phase(name: str) -> None:
    checker = run(name, HANDS)
    # Every phase the options allow was reached, and the situations E-40 names.
    assert set(checker.phases) == PHASES[name], checker.phases
    missing = expected_events(name) - set(checker.events)
    assert not missing, (missing, checker.events)


def test_e40_dealer_knows_the_place_of_his_discard() -> None:
    state = cardrules.get_variant("bid-euchre", joker=True).new_game(seed=4)
    assert isinstance(state, BidEuchreState)
    card = state.legal_actions()[0]
    assert isinstance(card, Discard)
    after = state.apply(card)
    assert after.view(after.dealer).discard == (card.card,)
    assert card.card in after.view(after.dealer).public_cards
    for seat in range(4):
        if seat != after.dealer:
            assert after.view(seat).discard == ()
            assert card.card not in after.view(seat).public_cards
            assert str(card.card) not in WORD.findall(repr(after.view(seat)))


# The joker led under no-trump (E-37), the leader naming hearts; seat 1 plays the 9H.
NAMED_HEARTS = (
    "bid-euchre#bc4c0db6 0 JS,JH,QH,AH,9D,AC/QS,AS,KH,AD,JC/9S,10H,KD,10C,KC/"
    "10S,10D,JD,QD,QC 9C - 4,6H,pass,pass no-trump 9D/10H 2:JK=hearts,KS,9H>2 1/0 2"
)


def test_e37_e40_the_suit_named_for_a_joker_led_stays_with_its_finished_trick() -> None:
    variant = cardrules.get_variant(
        "bid-euchre", joker=True, allow_no_trump=True, joker_discard_timing="after_trump"
    )
    state = variant.from_position(NAMED_HEARTS)
    assert isinstance(state, BidEuchreState)
    assert state.named_suit is None  # the trick is over
    (trick,) = state.tricks
    assert trick.named_suit is Suit.HEARTS
    names = {"Trick": type(trick), "Card": Card, "Suit": Suit}
    assert trick == eval(repr(trick), names)  # noqa: S307 - the repr is eval-able by design
    jsonschema = pytest.importorskip("jsonschema")
    schema = cardrules.json_schema("view", "bid-euchre")
    for seat in range(4):
        view = state.view(seat)
        assert view.tricks == (trick,)
        document = view.to_dict()
        assert document["tricks"][0]["named_suit"] == "H"
        jsonschema.validate(document, schema)
    # The trick read from a parent's trick list and from one walk of the history agree.
    replayed = variant.replay(state.record())
    steps = list(replayed)
    for step in steps:
        assert isinstance(step, BidEuchreState)
        step.tricks  # noqa: B018 - each state reads its trick list from its parent's
    restored = pickle.loads(pickle.dumps(state))  # noqa: S301 - pickled just above
    assert steps[-1] == state
    assert state.tricks == restored.tricks
    assert isinstance(steps[-1], BidEuchreState)
    assert steps[-1].tricks == state.tricks
