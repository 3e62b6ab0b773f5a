"""OpenSpiel's ISMCTS bot against uniform random play, on French Tarot and Bid Euchre.

The games are the OpenSpiel Python games of ``cardrules.integrations.openspiel``. One
seat (a different one each deal) is OpenSpiel's information-set Monte-Carlo tree search
bot, which samples the hidden cards from what its seat knows
(``resample_from_infostate``); the other seats play uniformly random legal actions.
The script prints each game's mean return per deal for the bot and for the random
seats. Needs the openspiel extra (``pip install 'cardrules[openspiel]'``); without it,
it says so and exits.

    python examples/openspiel_ismcts.py [--games 2] [--simulations 40] [--seed 0]
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
from typing import Any

GAMES = ("python_cardrules_tarot", "python_cardrules_bid_euchre")
# UCT's exploration constant, on the scale of a typical deal's score in each game.
UCT_C = {"python_cardrules_tarot": 100.0, "python_cardrules_bid_euchre": 5.0}


def play(game: Any, bot: Any, bot_seat: int, rng: random.Random) -> list[float]:
    """One deal: ``bot`` plays ``bot_seat``, the other seats random legal actions."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        elif state.current_player() == bot_seat:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    returns: list[float] = state.returns()
    return returns


def main(games: int = 2, simulations: int = 40, seed: int = 0) -> dict[str, float]:
    """Play ``games`` deals of each game; print and return the bot's mean return."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    import cardrules.integrations.openspiel  # noqa: F401 - registers the games

    results = {}
    for name in GAMES:
        game = pyspiel.load_game(name)
        numpy_rng = np.random.RandomState(seed)
        bot = ismcts.ISMCTSBot(
            game,
            mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=numpy_rng),
            uct_c=UCT_C[name],
            max_simulations=simulations,
            random_state=numpy_rng,
            # Its nodes are the seat's views, which every sampled state keeps (the Tarot
            # taker's view forgets the écart's other cards once play begins, T-39).
            use_observation_string=True,
        )
        rng = random.Random(seed)
        players = game.num_players()
        bot_total = others_total = 0.0
        for deal in range(games):
            seat = deal % players
            returns = play(game, bot, seat, rng)
            bot_total += returns[seat]
            others_total += (sum(returns) - returns[seat]) / (players - 1)
        mean = bot_total / games
        results[name] = mean
        print(
            f"{name}: ISMCTS ({simulations} simulations a move) {mean:+.2f} per deal, "
            f"random seats {others_total / games:+.2f}, over {games} deal(s)"
        )
    return results


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="deals per game (default 2)")
    parser.add_argument("--simulations", type=int, default=40, help="ISMCTS simulations a move")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if importlib.util.find_spec("pyspiel") is None:
        print("OpenSpiel is not installed: pip install 'cardrules[openspiel]'")
        sys.exit(0)
    main(args.games, args.simulations, args.seed)
