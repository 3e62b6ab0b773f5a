"""A Monte Carlo bot for Bid Euchre: sample the hidden hands, play each card out at random.

Run:  python examples/monte_carlo_bot.py [SEED]

In the card play the bot sees only its view: its own hand, the cards played, the
contract and trump. For each decision it samples complete deals *consistent with that
view*: the unseen cards are dealt to the other seats in the numbers they still hold,
never giving a seat a card of a suit it has shown it lacks (a seat that did not follow
the suit led is void in it, E-19), and cards whose place the view reveals (the help
exchange between partners) stay where they are. In every sampled deal it tries each
legal card, plays the rest of the hand with uniformly random legal cards on the
compiled trick table, scores the result with the score-only API (``score_hand``), and
keeps the card with the best average score for its team. The auction, trump and the
exchange are left to the heuristic bot.

The script seats the Monte Carlo bot at N against heuristic bots and prints its
decisions: the trick so far, the average score of every candidate, and its choice.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Sequence
from statistics import fmean

import cardrules
from cardrules import Action, Card, Play
from cardrules.bid_euchre import (
    NO_TRUMP,
    BidEuchreState,
    BidEuchreVariant,
    BidEuchreView,
    HandFacts,
    Phase,
    score_hand,
)
from cardrules.bots import Bot, bot_for
from cardrules.tricks import TrickTable


class MonteCarloBot:
    """Determinized Monte Carlo card play for Bid Euchre; a fallback bot for the rest.

    Args:
        variant: The variant (its options) of the hands the bot plays.
        worlds: How many deals to sample for each decision.
        fallback: The bot for the auction, trump and exchange (the heuristic bot).

    Attributes:
        last: The last decision: each candidate action with its average score.
    """

    def __init__(self, variant: BidEuchreVariant, worlds: int = 40, fallback: Bot | None = None):
        self.variant = variant
        self.worlds = worlds
        self.fallback = fallback if fallback is not None else bot_for("bid-euchre")
        self.last: list[tuple[Action, float]] = []

    def choose(self, view: BidEuchreView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The legal action with the best average score over the sampled deals."""
        options = self.variant.options
        if (
            view.phase is not Phase.PLAY
            or len(legal) == 1
            or view.trump is None
            # A joker led under no-trump takes a named suit, which finished tricks do
            # not record; the bot leaves that variant to the heuristic bot.
            or (options.joker and view.trump is NO_TRUMP)
        ):
            self.last = []
            return self.fallback.choose(view, legal, rng)
        table = self.variant.trick_table(view.trump)
        totals: dict[Action, list[float]] = {action: [] for action in legal}
        for _ in range(self.worlds):
            hands = self.sample(view, table, rng)
            for action in legal:
                assert isinstance(action, Play)  # the play phase offers only card plays
                totals[action].append(self.playout(view, table, hands, action.card, rng))
        self.last = [(action, fmean(scores)) for action, scores in totals.items()]
        best = max(score for _, score in self.last)
        return next(action for action, score in self.last if score == best)

    # -- sampling ------------------------------------------------------------------------

    def voids(self, view: BidEuchreView, table: TrickTable) -> dict[int, set[int]]:
        """The effective suits (table suit numbers) each seat has shown it lacks."""
        out: dict[int, set[int]] = {seat: set() for seat in range(4)}
        if self.variant.options.renege_mode == "penalize":
            return out  # a card off suit may be a renege, not a void
        tricks = [trick.plays for trick in view.tricks]
        if view.trick:
            tricks.append(view.trick)
        for plays in tricks:
            led = table.suit[table.positions[plays[0][1]][0]]
            for seat, card in plays[1:]:
                if table.suit[table.positions[card][0]] != led:
                    out[seat].add(led)  # E-19: it would have followed if it could
        return out

    def sample(
        self, view: BidEuchreView, table: TrickTable, rng: random.Random
    ) -> dict[int, list[Card]]:
        """The other seats' hidden cards in one deal consistent with ``view``."""
        options = self.variant.options
        n = options.tricks_per_hand
        played = Counter(card for trick in view.tricks for _, card in trick.plays)
        played.update(card for _, card in view.trick)
        counts = dict.fromkeys(range(4), n)
        for plays in (*(trick.plays for trick in view.tricks), view.trick):
            for seat, _ in plays:
                counts[seat] -= 1
        fixed: dict[int, list[Card]] = {seat: [] for seat in range(4)}
        sitting = view.sitting_out
        if sitting is not None and view.given:
            # The declarer saw what it gave its partner, who holds it out of play.
            fixed[sitting] = list(view.given)
        # The dealer's own joker discard is known to the dealer (E-37).
        unseen = Counter(self.variant.deck) - Counter(view.hand) - played - Counter(view.discard)
        unseen -= Counter(card for cards in fixed.values() for card in cards)
        needs = {seat: counts[seat] - len(fixed[seat]) for seat in range(4) if seat != view.seat}
        spare = sum(unseen.values()) - sum(needs.values())
        if spare:
            needs[-1] = spare  # the joker discard, face down (E-37)
        voids = self.voids(view, table)
        pool = list(unseen.elements())
        for attempt in range(100):
            rng.shuffle(pool)
            left = dict(needs)
            hands: dict[int, list[Card]] = {seat: list(fixed[seat]) for seat in needs}
            for card in pool:
                suit = table.suit[table.positions[card][0]]
                # Voids are ignored after many failures: the sample stays playable.
                open_seats = [
                    s for s in left if left[s] and (attempt > 90 or suit not in voids.get(s, ()))
                ]
                if not open_seats:
                    break
                weights = [left[s] for s in open_seats]
                seat = rng.choices(open_seats, weights)[0]
                hands[seat].append(card)
                left[seat] -= 1
            else:
                return hands
        raise RuntimeError("no deal is consistent with the view")

    # -- playouts ------------------------------------------------------------------------

    def playout(
        self,
        view: BidEuchreView,
        table: TrickTable,
        hidden: dict[int, list[Card]],
        first: Card,
        rng: random.Random,
    ) -> float:
        """Play ``first``, then random legal cards to the end; my team's score margin."""
        used = 0

        def mask(cards: Sequence[Card]) -> int:
            nonlocal used
            out = 0
            for card in cards:
                position = next(p for p in table.positions[card] if not used >> p & 1)
                used |= 1 << position
                out |= 1 << position
            return out

        trick = [mask([card]).bit_length() - 1 for _, card in view.trick]
        hands = {seat: mask(cards) for seat, cards in hidden.items() if seat >= 0}
        hands[view.seat] = mask(view.hand)
        playing = [seat for seat in range(4) if seat != view.sitting_out]
        size = len(playing)
        leader = view.trick[0][0] if view.trick else view.seat
        won = list(view.tricks_won)
        seat = view.seat
        card_position = next(p for p in table.positions[first] if hands[seat] >> p & 1)
        while True:
            if card_position < 0:
                legal = table.legal_mask(hands[seat], trick)
                choices = [p for p in range(legal.bit_length()) if legal >> p & 1]
                card_position = rng.choice(choices)
            hands[seat] &= ~(1 << card_position)
            trick.append(card_position)
            card_position = -1
            index = playing.index(seat)
            if len(trick) < size:
                seat = playing[(index + 1) % size]
                continue
            # E-20: the trick's winner leads the next.
            start = playing.index(leader)
            leader = playing[(start + table.winner_position(trick)) % size]
            won[leader % 2] += 1
            trick = []
            seat = leader
            if sum(won) == self.variant.options.tricks_per_hand:
                break
        assert view.contract is not None
        facts = HandFacts(contract=view.contract, declarer=view.declarer, tricks=(won[0], won[1]))
        delta = score_hand(facts, self.variant.options).delta
        mine = view.seat % 2
        return float(delta[mine] - delta[1 - mine])


def main(seed: int) -> None:
    """Seat the Monte Carlo bot at N against heuristic bots and show its decisions."""
    variant = cardrules.get_variant("bid-euchre")
    assert isinstance(variant, BidEuchreVariant)
    rng = random.Random(seed)
    monte_carlo = MonteCarloBot(variant, worlds=40)
    bots: list[Bot] = [monte_carlo, *(bot_for("bid-euchre") for _ in range(3))]
    decisions = 0
    for hand in range(1, 6):
        state = variant.new_game(rng=rng, dealer=(hand - 1) % 4)
        assert isinstance(state, BidEuchreState)
        print(f"Hand {hand}, seed {seed}: N is the Monte Carlo bot")
        while not state.is_terminal:
            seat = state.to_play
            assert seat is not None
            view = state.view(seat)
            action = bots[seat].choose(view, state.legal_actions(), rng)
            if seat == 0 and monte_carlo.last:
                decisions += 1
                trick = " ".join(f"{'NESW'[s]}:{c}" for s, c in view.trick) or "(N leads)"
                trump = getattr(view.trump, "name", "?").lower()
                print(f"  contract {view.contract} by {'NESW'[view.declarer or 0]}, trump {trump}")
                print(f"  N holds {' '.join(map(str, view.hand))}; trick so far: {trick}")
                for candidate, score in sorted(monte_carlo.last, key=lambda x: -x[1]):
                    print(f"    {candidate}: {score:+.2f}")
                print(f"  -> N chooses {action}")
            state = state.apply(action, seat)
        print("  " + state.result().summary)
        if decisions >= 4:
            break
    assert decisions > 0


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2026)
