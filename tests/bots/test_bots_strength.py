"""The heuristic bots play clearly better than random ones (fixed seeds: deterministic).

Two comparisons per variant, on the same seeded deals:

* the whole bot: a seat (a team in Bid Euchre) played by the heuristic bot or by the
  random bot, the other seats heuristic; the heuristic seat scores far more;
* the card play alone: the seat bids, calls, discards and announces with the heuristic
  in both runs (so the auction and the contract are the same) and plays its cards with
  the heuristic or at random; the heuristic play scores more both as taker (declarer)
  and as defender.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence
from typing import Any

import cardrules
from cardrules import Action
from cardrules.bid_euchre import Phase as EuchrePhase
from cardrules.bots import BidEuchreBot, Bot, RandomBot, TarotBot, play_game
from cardrules.tarot import Phase as TarotPhase

TAROT_DEALS = 160
EUCHRE_HANDS = 600


class RandomCardPlay:
    """The heuristic's auction and preparation, then uniformly random card play."""

    def __init__(self, heuristic: Bot, play_phases: frozenset[object]) -> None:
        self.heuristic = heuristic
        self.play_phases = play_phases

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase in self.play_phases:
            return rng.choice(legal)
        return self.heuristic.choose(view, legal, rng)


def _tarot_scores(seat_bot: Bot, *, players: int = 4) -> dict[str, list[int]]:
    """The score of the tested seat (deal ``d``: seat ``d % players``) by its role."""
    variant = cardrules.get_variant("tarot", players=players)
    scores: dict[str, list[int]] = {"all": [], "taker": [], "defender": []}
    for deal in range(TAROT_DEALS):
        seat = deal % players
        bots = [seat_bot if s == seat else TarotBot() for s in range(players)]
        result = play_game(variant.new_game(seed=deal), bots, random.Random(deal)).result()
        score = result.scores[seat]
        scores["all"].append(score)
        if result.annulled is None:
            role = "taker" if result.facts.taker == seat else "defender"
            scores[role].append(score)
    return scores


def _euchre_scores(team_bot: Bot) -> dict[str, list[int]]:
    """The points of the tested team (hand ``d``: team ``d % 2``) by its role."""
    variant = cardrules.get_variant("bid-euchre")
    scores: dict[str, list[int]] = {"all": [], "makers": [], "defenders": []}
    for hand in range(EUCHRE_HANDS):
        team = hand % 2
        bots = [team_bot if s % 2 == team else BidEuchreBot() for s in range(4)]
        result = play_game(variant.new_game(seed=hand), bots, random.Random(hand)).result()
        points = result.delta[team]
        scores["all"].append(points)
        if result.facts.contract is not None:
            role = "makers" if result.facts.declarer % 2 == team else "defenders"
            scores[role].append(points)
    return scores


def test_tarot_heuristic_seat_outscores_a_random_seat() -> None:
    heuristic = _tarot_scores(TarotBot())
    random_seat = _tarot_scores(RandomBot())
    # A random seat overbids and loses hundreds of points per deal on average.
    assert statistics.mean(heuristic["all"]) > statistics.mean(random_seat["all"]) + 200
    assert statistics.mean(heuristic["taker"]) > statistics.mean(random_seat["taker"]) + 200


def test_tarot_heuristic_card_play_beats_random_card_play() -> None:
    heuristic = _tarot_scores(TarotBot())
    random_play = _tarot_scores(RandomCardPlay(TarotBot(), frozenset({TarotPhase.PLAY})))
    # Same auctions: the same deals have the tested seat as taker in both runs.
    assert len(heuristic["taker"]) == len(random_play["taker"]) > 20
    assert statistics.mean(heuristic["taker"]) > statistics.mean(random_play["taker"]) + 50
    assert statistics.mean(heuristic["defender"]) > statistics.mean(random_play["defender"]) + 3


def test_tarot_heuristic_bids_only_hands_it_mostly_makes() -> None:
    variant = cardrules.get_variant("tarot")
    made = []
    for deal in range(TAROT_DEALS):
        result = play_game(variant.new_game(seed=deal), [TarotBot()] * 4, random.Random(deal))
        if result.result().annulled is None:
            made.append(result.result().made)
    assert 0.55 < sum(made) / len(made) < 0.9


def test_bid_euchre_heuristic_team_outscores_a_random_team() -> None:
    heuristic = _euchre_scores(BidEuchreBot())
    random_team = _euchre_scores(RandomBot())
    assert statistics.mean(heuristic["all"]) > statistics.mean(random_team["all"]) + 2


def test_bid_euchre_heuristic_card_play_beats_random_card_play() -> None:
    play_phases = frozenset({EuchrePhase.PLAY, EuchrePhase.NAME_SUIT})
    heuristic = _euchre_scores(BidEuchreBot())
    random_play = _euchre_scores(RandomCardPlay(BidEuchreBot(), play_phases))
    assert len(heuristic["makers"]) == len(random_play["makers"]) > 200
    assert statistics.mean(heuristic["makers"]) > statistics.mean(random_play["makers"]) + 1.5
    assert statistics.mean(heuristic["defenders"]) > statistics.mean(random_play["defenders"])
