"""A Monte Carlo bot for Bid Euchre, built from the library's parts, showing its reasoning.

Run:  python examples/monte_carlo_bot.py [SEED]

In the card play the bot sees only its view: its own hand, the cards played, the
contract and trump. For each decision it samples complete states *consistent with that
view* with ``view.sample_state(rng)``: the unseen cards are dealt to the other seats
uniformly among the deals the view allows (voids shown by a failure to follow suit,
E-19, the help exchange between partners, the joker discard are all respected), and the
public history is replayed through the checked rules. In every sampled state it tries
each legal card, plays the rest of the hand with uniformly random legal cards
(``variant.random_playout``), and keeps the card with the best average score margin for
its team. The auction, trump and the exchange are left to the heuristic bot.

:class:`cardrules.bots.MonteCarloBot` is the same idea, ready to use; this script
spells it out and prints the decisions: the trick so far, the average margin of every
candidate, and the choice.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from statistics import fmean

import cardrules
from cardrules import Action
from cardrules.bid_euchre import BidEuchreState, BidEuchreVariant, BidEuchreView, Phase
from cardrules.bots import Bot, bot_for


class SampledPlayBot:
    """Determinized Monte Carlo card play for Bid Euchre; a fallback bot for the rest.

    Args:
        variant: The variant (its options) of the hands the bot plays.
        worlds: How many states to sample for each decision.
        fallback: The bot for the auction, trump and exchange (the heuristic bot).

    Attributes:
        last: The last decision: each candidate action with its average margin.
    """

    def __init__(self, variant: BidEuchreVariant, worlds: int = 40, fallback: Bot | None = None):
        self.variant = variant
        self.worlds = worlds
        self.fallback = fallback if fallback is not None else bot_for("bid-euchre")
        self.last: list[tuple[Action, float]] = []

    def choose(self, view: BidEuchreView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The legal action with the best average margin over the sampled states."""
        if view.phase is not Phase.PLAY or len(legal) == 1:
            self.last = []
            return self.fallback.choose(view, legal, rng)
        mine = view.seat % 2
        margins: dict[Action, list[float]] = {action: [] for action in legal}
        for _ in range(self.worlds):
            state = view.sample_state(rng)
            for action in legal:
                after = state.apply(action)
                result = (
                    after.result() if after.is_terminal else self.variant.random_playout(after, rng)
                )
                margins[action].append(float(result.delta[mine] - result.delta[1 - mine]))
        self.last = [(action, fmean(scores)) for action, scores in margins.items()]
        best = max(score for _, score in self.last)
        return next(action for action, score in self.last if score == best)


def main(seed: int) -> None:
    """Seat the Monte Carlo bot at N against heuristic bots and show its decisions."""
    variant = cardrules.get_variant("bid-euchre")
    assert isinstance(variant, BidEuchreVariant)
    rng = random.Random(seed)
    monte_carlo = SampledPlayBot(variant, worlds=40)
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
