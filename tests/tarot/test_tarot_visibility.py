"""T-39 and T-42: every view of random French Tarot deals against an independent model.

The model here is written from the rules text (T-14 … T-16, T-39, T-42) and the decisions
of the rules page (docs/rules-tarot.md: the taker sees the écart until play starts, every
view shows the chien and the écart once a played deal is over, the partner knows from the
call), without the view code. It follows each deal from its dealt hands and chien and the
actions applied, and works out for each seat what it may know. Every field of
``state.view(seat)`` must equal the model's, and no card outside the model's set for the
seat may appear in the view's ``repr``, ``str`` or JSON form.

The deals are random playouts (random legal actions, biased towards the rarer actions),
deals rigged with a trump-heavy seat (poignées, forced écart trumps, calls of one's own
card), and deals played by the project's bots, with 3, 4 and 5 players: 24 deals per
player count in the default run, 240 in the deep tier (``tests/tiers.py``), which also
checks every state.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import TYPE_CHECKING

import pytest

import cardrules
from cardrules import Action, Card, CardKind, Pass, Play, Rank, Suit
from cardrules.bots import TarotBot
from cardrules.tarot import (
    TAROT_DECK,
    AnnounceChelem,
    Bid,
    Call,
    Contract,
    DeclarePoignee,
    Discard,
    Phase,
    TarotState,
    TarotVariant,
    TarotView,
)

if TYPE_CHECKING:
    from tests import tiers
else:
    import cardrules_test_tiers as tiers  # loaded by tests/conftest.py

DEEP = tiers.DEEP
DEALS = tiers.volume(24, 240)
CODES = frozenset(str(c) for c in TAROT_DECK)
WORD = re.compile(r"[0-9A-Za-z]+")
SHOWN_CONTRACTS = (Contract.PRISE, Contract.GARDE)


def codes_in(text: str) -> set[str]:
    """The card codes that appear as words in ``text``."""
    return {w for w in WORD.findall(text) if w in CODES}


def json_form(view: TarotView) -> str:
    """The view as JSON, as a server sends it (``to_dict``), cards as codes. Its legal
    actions are left out: on the taker's turn to call they name the cards T-42 lets it
    call, a rule of the game rather than where a card lies (checked apart)."""
    document = view.to_dict()
    calls = [a for a in document.pop("legal_actions") if a.startswith("call ")]
    assert all(view.phase is Phase.CALL for _ in calls)
    return json.dumps(document, sort_keys=True)


def is_trump(card: Card) -> bool:
    return card.kind is CardKind.TRUMP


# -- the model -----------------------------------------------------------------------------


class Model:
    """What each seat may know of one deal, from the deal and the actions (T-39)."""

    def __init__(self, root: TarotState) -> None:
        self.n = root.variant.players
        self.dealt = [frozenset(root.hand(s)) for s in range(self.n)]
        self.chien = frozenset(root.chien)
        self.bids: list[tuple[int, Contract | None]] = []
        self.called: Card | None = None
        self.chien_turned = False
        self.ecart: list[Card] = []
        self.chelem = False
        self.poignees: list[tuple[int, tuple[Card, ...]]] = []
        self.plays: list[tuple[int, Card]] = []
        self.contract: Contract | None = None
        self.taker: int | None = None

    # -- facts every seat knows

    @property
    def bidding_over(self) -> bool:
        return len(self.bids) == self.n

    @property
    def partner(self) -> int | None:
        """T-42: whoever holds the called card, unless the taker does or it is in the chien."""
        for seat, hand in enumerate(self.dealt):
            if seat != self.taker and self.called in hand:
                return seat
        return None

    def close_bidding(self) -> None:
        made = [(c, s) for s, c in self.bids if c is not None]
        if made:
            # T-10, T-13: the highest bid, once every seat has spoken, makes the taker.
            self.contract, self.taker = max(made)
        # T-14: with 3 or 4 players a Prise or Garde turns the chien up at once.
        if self.n != 5 and self.contract in SHOWN_CONTRACTS:
            self.chien_turned = True

    def see(self, seat: int, action: Action, after: TarotState) -> None:
        """Follow one action, as everyone at the table sees it happen."""
        if not self.bidding_over:
            assert isinstance(action, (Bid, Pass))
            self.bids.append((seat, action.contract if isinstance(action, Bid) else None))
            if len(self.bids) == self.n:
                self.close_bidding()
        elif isinstance(action, Call):
            # T-42: the card is called before the chien is turned up (or set aside).
            self.called = action.card
            if self.contract in SHOWN_CONTRACTS:
                self.chien_turned = True
        elif isinstance(action, Discard):
            self.ecart.extend(action.cards)
        elif isinstance(action, AnnounceChelem):
            self.chelem = True
        elif isinstance(action, DeclarePoignee):
            shown = action.cards if action.cards is not None else after.poignees[-1].cards
            self.poignees.append((seat, tuple(shown)))
        elif isinstance(action, Play):
            self.plays.append((seat, action.card))
        else:
            assert isinstance(action, Pass)  # the slam announcement declined (T-17)

    # -- what one seat may know

    def hand(self, seat: int) -> set[Card]:
        """The seat's cards: as dealt, the chien for a taker of a Prise or Garde (T-14),
        less the écart and the cards played."""
        hand = set(self.dealt[seat])
        if seat == self.taker and self.chien_turned:
            hand |= self.chien
            hand -= set(self.ecart)
        hand -= {card for s, card in self.plays if s == seat}
        return hand

    def shown_chien(self, phase: Phase) -> frozenset[Card]:
        # T-39: public in Prise/Garde once turned up; Garde sans and contre: private until
        # the end; decision: every view shows it once a played deal is over.
        if self.chien_turned or (phase is Phase.END and self.contract is not None):
            return self.chien
        return frozenset()

    def shown_ecart(self, seat: int, phase: Phase) -> set[Card]:
        # T-39, T-15d: its trumps are public. Decision: the taker sees it all until play
        # starts (FFT: not once play has started), everyone at the end of a played deal.
        if phase is Phase.END and self.contract is not None:
            return set(self.ecart)
        if seat == self.taker and phase in (Phase.ECART, Phase.ANNOUNCE):
            return set(self.ecart)
        return {card for card in self.ecart if is_trump(card)}

    def partner_known(self, seat: int, phase: Phase) -> bool:
        # T-39: the partner's identity is private until the called card is played (FFT §16);
        # the partner knows it from the call, so does a taker who called his own card, and
        # everyone when the chien shows the called card or (decision) at the end.
        called = self.called
        if called is None:
            return False
        played = {card for _, card in self.plays}
        return (
            phase is Phase.END
            or seat == self.partner
            or (seat == self.taker and called in self.dealt[seat])
            or called in self.shown_chien(phase)
            or called in played
        )

    def public(self, seat: int, phase: Phase) -> set[Card]:
        """T-39: the cards whose identity the seat may know, besides its hand."""
        cards = {card for _, card in self.plays}
        cards |= self.shown_chien(phase)
        cards |= self.shown_ecart(seat, phase)
        for _, shown in self.poignees:
            cards.update(shown)
        if self.called is not None:
            cards.add(self.called)
        return cards

    def tricks(self) -> tuple[list[tuple[int, Card]], list[tuple[int, Card]]]:
        """The trick under way and the previous trick (T-39: public until the next is
        gathered)."""
        done = len(self.plays) // self.n
        current = self.plays[done * self.n :]
        last = self.plays[(done - 1) * self.n : done * self.n] if done else []
        return current, last


# -- checking one state ----------------------------------------------------------------------


class Checker:
    def __init__(self) -> None:
        self.phases: Counter[Phase] = Counter()
        self.events: Counter[str] = Counter()
        self.states = 0

    def check(self, model: Model, state: TarotState) -> None:
        phase = state.phase
        self.states += 1
        self.phases[phase] += 1
        hands = [model.hand(s) for s in range(model.n)]
        for seat in range(model.n):
            self.check_view(model, state, seat, hands)
        self.count_events(model, state)

    def check_view(
        self, model: Model, state: TarotState, seat: int, hands: list[set[Card]]
    ) -> None:
        phase = state.phase
        view = state.view(seat)

        def where() -> str:
            return f"seat {seat}, {phase.name}, history {[str(a) for _, a in state.history]}"

        hand = hands[seat]
        assert view.seat == seat
        assert view.players == model.n
        assert view.phase is phase
        assert set(view.hand) == hand, where()
        assert view.hand_sizes == tuple(len(h) for h in hands), where()
        assert view.bids == tuple(model.bids), where()
        assert view.contract is model.contract, where()
        assert view.taker == model.taker, where()
        assert view.called_card == model.called, where()
        assert set(view.chien) == model.shown_chien(phase), where()
        assert len(view.chien) == len(set(view.chien))
        assert set(view.ecart) == model.shown_ecart(seat, phase), where()
        assert [(p.seat, p.cards) for p in view.poignees] == model.poignees, where()
        assert view.chelem_announced == model.chelem, where()
        current, last = model.tricks()
        assert list(view.trick) == current, where()
        assert list(view.last_trick) == last, where()
        assert view.tricks_won == tuple(state.trick_winners.count(s) for s in range(model.n))
        known = model.partner_known(seat, phase)
        assert view.partner_known == known, where()
        assert view.partner == (model.partner if known else None), where()
        assert set(view.public_cards) == model.public(seat, phase), where()
        if phase is Phase.END:
            assert view.to_play is None
            assert view.result == state.result()
        else:
            assert view.to_play == state.to_play
            assert view.result is None
        # Every rendering shows only cards the seat may know, and only cards of the view.
        allowed = {str(c) for c in hand | model.public(seat, phase)}
        in_view = {str(c) for c in view.hand} | {str(c) for c in view.public_cards}
        text = repr(view)
        assert str(view) == text
        for name, form in (("repr", text), ("JSON", json_form(view))):
            shown = codes_in(form)
            assert shown <= allowed, f"{name} shows {sorted(shown - allowed)}: {where()}"
            assert shown <= in_view, f"{name} shows {sorted(shown - in_view)}: {where()}"
            # What the view shows, its renderings show.
            assert {str(c) for c in (*view.hand, *view.chien, *view.ecart)} <= shown, where()

    def count_events(self, model: Model, state: TarotState) -> None:
        phase = state.phase
        contract = model.contract
        if phase is Phase.PLAY and contract is not None:
            self.events[f"play {contract.name}"] += 1
        if phase is Phase.END:
            self.events["annulled" if contract is None else "played to the end"] += 1
        if any(is_trump(c) for c in model.ecart) and phase is Phase.PLAY:
            self.events["écart trumps shown"] += 1
        if model.poignees and phase is Phase.PLAY:
            self.events["poignée shown"] += 1
        if model.chelem and phase is Phase.PLAY:
            self.events["slam announced"] += 1
        if model.called is not None and phase is Phase.PLAY:
            played = {c for _, c in model.plays}
            taker = model.taker
            assert taker is not None
            if model.called in model.chien:
                self.events["called card in the chien"] += 1
            elif model.called in model.dealt[taker]:
                self.events["taker called his own card"] += 1
            elif model.called in played:
                self.events["partner shown by the called card"] += 1
            else:
                self.events["partner still hidden"] += 1


# -- playouts ------------------------------------------------------------------------------


def rigged(variant: TarotVariant, rng: random.Random) -> tuple[TarotState, int]:
    """A deal where one seat holds many trumps (and often every king), and the chien
    often some trumps: it reaches poignées, forced écart trumps (T-15c, T-20c) and calls
    of one's own card (T-42). Returns the deal and that seat."""
    n = variant.players
    chien_size = 3 if n == 5 else 6
    size = (len(TAROT_DECK) - chien_size) // n
    trumps = [c for c in TAROT_DECK if is_trump(c)]
    rng.shuffle(trumps)
    count = rng.randint(size // 2, size - 2)
    heavy = trumps[:count]
    if rng.random() < 0.5:
        # Every king and a queen: with 5 players the taker must call a queen (T-42).
        count = size - 5 - rng.randint(0, 2)
        kings = [c for c in TAROT_DECK if c.kind is CardKind.SUIT and c.rank is Rank.KING]
        heavy = [*trumps[:count], *kings, Card(rng.choice(list(Suit)), Rank.QUEEN)]
    left = trumps[count:]
    in_chien = min(len(left), rng.randint(0, chien_size))
    chien = left[:in_chien]
    pool = [c for c in TAROT_DECK if c not in heavy and c not in chien]
    rng.shuffle(pool)
    fill = size - len(heavy)
    heavy += pool[:fill]
    chien += pool[fill : fill + chien_size - in_chien]
    pool = pool[fill + chien_size - in_chien :]
    seat = rng.randrange(n)
    hands = []
    for s in range(n):
        if s == seat:
            hands.append(heavy)
        else:
            hands.append(pool[:size])
            pool = pool[size:]
    return variant.deal(hands=hands, chien=chien, dealer=rng.randrange(n)), seat


def choose(state: TarotState, rng: random.Random, favoured: int | None) -> Action:
    """A random legal action, biased towards poignées, slam announcements and calls of
    one's own card, and towards a Prise or Garde by the ``favoured`` seat (the others
    then mostly pass)."""
    legal = state.legal_actions()
    if favoured is not None and state.phase is Phase.BIDDING:
        if state.to_play != favoured:
            # A favoured seat of -1: everyone passes (T-12).
            return legal[0] if favoured < 0 or rng.random() < 0.8 else rng.choice(legal)
        shown = [a for a in legal if isinstance(a, Bid) and a.contract in SHOWN_CONTRACTS]
        if shown:
            return rng.choice(shown)
    if state.phase is Phase.CALL and rng.random() < 0.7:
        # T-42: a card of the taker's own hand makes him play alone.
        hand = state.hand(state.to_play or 0)
        own = [a for a in legal if isinstance(a, Call) and a.card in hand]
        if own:
            return own[0]
    declares = [a for a in legal if isinstance(a, DeclarePoignee)]
    if declares and rng.random() < 0.7:
        return rng.choice(declares)
    announce = [a for a in legal if isinstance(a, AnnounceChelem)]
    if announce and rng.random() < 0.3:
        return announce[0]
    return rng.choice(legal)


def play_deal(
    state: TarotState,
    rng: random.Random,
    checker: Checker,
    *,
    bots: bool = False,
    favoured: int | None = None,
) -> None:
    model = Model(state)
    bot = TarotBot()
    sample = random.Random(rng.random())
    checker.check(model, state)
    while not state.is_terminal:
        seat = state.to_play
        assert seat is not None
        if bots:
            action = bot.choose(state.view(seat), state.legal_actions(), rng)
        else:
            action = choose(state, rng, favoured)
        after = state.apply(action)
        model.see(seat, action, after)
        state = after
        # In the default tier, after the first trick a card played is checked one time in
        # four; the model follows every action all the same.
        first_trick = len(model.plays) <= model.n
        if DEEP or state.phase is not Phase.PLAY or first_trick or sample.random() < 0.25:
            checker.check(model, state)
    # The model followed the deal: its facts agree with the full-information accessors.
    assert set(state.ecart) == set(model.ecart)
    assert state.called_card == model.called
    assert state.partner == (model.partner if model.called is not None else None)


def run(players: int, deals: int) -> Checker:
    variant = cardrules.get_variant("tarot", players=players)
    assert isinstance(variant, TarotVariant)
    checker = Checker()
    for k in range(deals):
        rng = random.Random(f"tarot views {players} {k}")
        kind = k % 3
        if kind == 1:
            state, seat = rigged(variant, rng)
            play_deal(state, rng, checker, favoured=seat)
        else:
            # Some deals are passed out: annulled deals (T-12) show nothing.
            shy = -1 if kind == 0 and k % 4 == 3 else None
            play_deal(variant.new_game(rng=rng), rng, checker, bots=kind == 2, favoured=shy)
    return checker


# -- the tests -----------------------------------------------------------------------------

EXPECTED_PHASES = {
    3: {Phase.BIDDING, Phase.ECART, Phase.ANNOUNCE, Phase.PLAY, Phase.END},
    4: {Phase.BIDDING, Phase.ECART, Phase.ANNOUNCE, Phase.PLAY, Phase.END},
    5: set(Phase),
}
EXPECTED_EVENTS = {
    "play PRISE",
    "play GARDE",
    "play GARDE_SANS",
    "play GARDE_CONTRE",
    "annulled",
    "played to the end",
    "écart trumps shown",
    "poignée shown",
    "slam announced",
}
EXPECTED_FIVE = {
    "called card in the chien",
    "taker called his own card",
    "partner shown by the called card",
    "partner still hidden",
}


@pytest.mark.deep
@pytest.mark.parametrize("players", [3, 4, 5])
def test_t39_every_view_matches_the_model_in_every_phase(players: int) -> None:
    checker = run(players, DEALS)
    # Every phase was reached, and the situations T-39 names.
    assert set(checker.phases) == EXPECTED_PHASES[players], checker.phases
    expected = EXPECTED_EVENTS | (EXPECTED_FIVE if players == 5 else set())
    assert expected <= set(checker.events), expected - set(checker.events)


def test_t42_five_player_chien_hidden_during_the_call() -> None:
    # The reproduction of the report: every seat saw the chien before the call.
    root = cardrules.get_variant("tarot", players=5).new_game(seed=0)
    assert isinstance(root, TarotState)
    state = root.apply("bid prise")
    while state.phase.name == "BIDDING":
        state = state.apply("pass")
    assert state.phase is Phase.CALL
    chien = {str(c) for c in state.chien}
    for seat in range(5):
        view = state.view(seat)
        assert view.chien == ()
        assert not set(state.chien) & view.public_cards
        for text in (repr(view), str(view), json_form(view)):
            assert not codes_in(text) & chien
    called = state.apply(state.legal_actions()[0])
    for seat in range(5):
        # T-14: once the card is called, the chien of a Prise is turned up for all.
        assert set(called.view(seat).chien) == set(state.chien)
        assert chien <= codes_in(repr(called.view(seat)))


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def test_t42_taker_who_discards_his_own_called_card_knows_he_is_alone() -> None:
    # Seat 0 holds the four kings and the queen of spades, so must call a queen (T-42);
    # calling his own and discarding it, he still knows he plays alone.
    taker = cards("KS KH KD KC QS 2S 3S 4S 5S 6S 1T 2T 3T 4T 5T")
    pool = [c for c in TAROT_DECK if c not in taker]
    hands = [taker] + [pool[k * 15 : (k + 1) * 15] for k in range(4)]
    state = TarotVariant(players=5).deal(hands=hands, chien=pool[60:], dealer=4)
    actions = ["bid prise", "pass", "pass", "pass", "pass", "call QS", "discard QS 2S 3S"]
    for action in [*actions, "pass"]:
        state = state.apply(action)
    assert state.phase is Phase.PLAY
    assert Card.parse("QS") in state.ecart
    assert state.partner is None
    assert state.view(0).partner_known
    assert state.view(0).partner is None
    assert not any(state.view(s).partner_known for s in range(1, 5))
