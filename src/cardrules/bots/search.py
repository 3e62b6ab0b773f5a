"""A determinized search bot: hidden hands sampled from its view, each deal solved.

For each decision of the card play, :class:`SearchBot` draws full deals consistent with
what its seat knows (``view.sample_state(rng)``) and, in each, finds every legal card's
score for its seat under best play by every seat: with the game's perfect-information
solver (:func:`cardrules.solving.solve`) once few enough tricks are left (the solver's
``horizon``), and before that by playing the deal on with the variant's heuristic bot
until the horizon and solving from there. It plays the card with the best average score;
of equal cards, the one the heuristic bot would play. This is the approach of GIB at
bridge (determinized search over a double-dummy solver).

The other decisions (the auction, naming trump, the call, the help exchange …) with at
most ``max_choices`` options are weighed the same way: each option is tried in the same
sampled deals, the deal is played on by the heuristic bots (and solved from the
horizon), and the bot keeps the heuristic bot's choice unless another option scores
more by a clear margin (``margin`` standard errors of the paired difference), so that
the noise of a few samples does not override a tuned rule. Decisions with more options
(the écart, a double deck's auction) and poignée declarations are the heuristic bot's.

>>> import random
>>> import cardrules
>>> from cardrules.bots import SearchBot, bot_for, play_game
>>> variant = cardrules.get_variant("bid-euchre")
>>> bots = [SearchBot(worlds=4), *(bot_for("bid-euchre") for _ in range(3))]
>>> final = play_game(variant.new_game(seed=3), bots, random.Random(3))
>>> final.is_terminal
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from cardrules._util import quote
from cardrules.actions import Action, Play
from cardrules.bots._checks import check_choice, check_seconds
from cardrules.bots._loading import heuristic_bot
from cardrules.errors import InvalidArgumentError
from cardrules.solving import MAX_NODES, SearchLimitError, Solver, solver_for
from cardrules.state import State

if TYPE_CHECKING:
    from cardrules.bots.base import Bot

__all__ = ["SearchBot"]

_MAX_WORLDS: Final = 10**6


def _margin(value: object) -> float:
    """``value`` as a margin in standard errors: a finite int or float from 0."""
    if type(value) in (int, float):
        try:
            margin = float(value)  # type: ignore[arg-type]
        except OverflowError:
            margin = math.inf
        if 0 <= margin < math.inf:
            return margin
    raise InvalidArgumentError(f"margin must be a finite number from 0, not {quote(value)}")


def _count(value: object, name: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise InvalidArgumentError(
            f"{name} must be an int from {low} to {high}, not {quote(value)}"
        )
    return value


class SearchBot:
    """Determinized search over the game's solver (see the module documentation).

    Args:
        worlds: The deals sampled for each decision of the card play.
        choice_worlds: The deals sampled for each other decision weighed by search.
        seconds: A time budget per decision instead of ``worlds`` and
            ``choice_worlds``: deals are sampled until it is spent (at least one). The
            choice then depends on the machine's speed; with ``worlds`` the bot is
            deterministic given ``rng``.
        max_seconds: A cap on each decision's time with ``worlds`` and
            ``choice_worlds``: sampling stops early once the decision has taken this
            long (after one deal; two for the decisions other than the card play, whose
            margin needs a spread). Only a decision that reaches the cap depends on the
            machine's speed.
        horizon: The tricks left from which the deal is solved; ``None`` for the
            solver's own (``variant.solver().horizon``, a few milliseconds a deal).
        max_nodes: The solver's budget per deal; a deal it cannot solve within it is
            played on by the heuristic bots.
        max_choices: Decisions other than the card play with more options are left to
            the heuristic bot (0: all of them).
        margin: How many standard errors another option must score above the heuristic
            bot's choice to replace it, in the decisions other than the card play.

    Attributes:
        last: The last decision weighed by search: each option with its average score
            for the bot's seat (empty when the heuristic bot chose alone).

    Raises:
        InvalidArgumentError: a budget out of range, ``seconds`` and ``max_seconds``
            both given, or ``margin`` not a finite number from 0.

    >>> import random
    >>> import cardrules
    >>> state = cardrules.get_variant("tarot").new_game(seed=2)
    >>> bot = SearchBot(worlds=2, choice_worlds=2)
    >>> bot.choose(state.view(1), state.legal_actions(), random.Random(1)) in state.legal_actions()
    True
    """

    def __init__(
        self,
        *,
        worlds: int = 16,
        choice_worlds: int = 12,
        seconds: float | None = None,
        max_seconds: float | None = None,
        horizon: int | None = None,
        max_nodes: int = 200_000,
        max_choices: int = 8,
        margin: float = 1.0,
    ) -> None:
        self.worlds = _count(worlds, "worlds", 1, _MAX_WORLDS)
        self.choice_worlds = _count(choice_worlds, "choice_worlds", 1, _MAX_WORLDS)
        self.seconds = None if seconds is None else check_seconds(seconds)
        self.max_seconds = (
            None if max_seconds is None else check_seconds(max_seconds, "max_seconds")
        )
        if self.seconds is not None and self.max_seconds is not None:
            raise InvalidArgumentError(
                "give seconds (a time budget instead of worlds) or max_seconds (a cap on"
                " worlds), not both"
            )
        self.horizon = None if horizon is None else _count(horizon, "horizon", 0, 1000)
        self.max_nodes = _count(max_nodes, "max_nodes", 1, MAX_NODES)
        self.max_choices = _count(max_choices, "max_choices", 0, 1000)
        self.margin = _margin(margin)
        self.last: list[tuple[Action, float]] = []
        self._heuristics: dict[str, Bot] = {}

    def __repr__(self) -> str:
        if self.seconds is not None:
            budget = f"seconds={self.seconds}"
        else:
            budget = f"worlds={self.worlds}, choice_worlds={self.choice_worlds}"
            if self.max_seconds is not None:
                budget += f", max_seconds={self.max_seconds}"
        return f"SearchBot({budget})"

    # -- the decision ---------------------------------------------------------------------

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        """The legal action with the best average score over the sampled deals.

        Raises:
            InvalidArgumentError: ``legal`` is empty or not a sequence of the view's
                legal actions, ``view`` is not a view with ``sample_state`` of the seat
                to act, or ``rng`` is not a ``random.Random``.
            UnknownVariantError: the variant has no heuristic bot.
        """
        legal = check_choice(legal, rng, empty=InvalidArgumentError)
        variant_id = getattr(view, "variant_id", None)
        if not callable(getattr(view, "sample_state", None)) or type(variant_id) is not str:
            raise InvalidArgumentError(
                f"SearchBot plays from a view with sample_state(), not {quote(view)}"
            )
        seat = getattr(view, "seat", None)
        if seat is None or getattr(view, "to_play", None) != seat:
            raise InvalidArgumentError(
                f"SearchBot chooses from the view of the seat to act, not {quote(view)}"
            )
        known = getattr(view, "legal_actions", None)
        if known is not None and any(action not in known for action in legal):
            raise InvalidArgumentError(
                f"legal holds an action that is not legal for seat {quote(seat)}: pass "
                "state.legal_actions() with the view of the seat to act"
            )
        self.last = []
        heuristic = self._heuristic(variant_id)
        phase = getattr(view.phase, "value", None)
        if phase in ("play", "name_suit"):
            return self._play(view, legal, rng, heuristic)
        if len(legal) == 1 or len(legal) > self.max_choices:
            return heuristic.choose(view, legal, rng)
        return self._weigh(view, legal, rng, heuristic)

    def _heuristic(self, variant_id: str) -> Bot:
        bot = self._heuristics.get(variant_id)
        if bot is None:
            bot = self._heuristics[variant_id] = heuristic_bot(variant_id)
        return bot

    def _play(
        self, view: Any, legal: Sequence[Action], rng: random.Random, heuristic: Bot
    ) -> Action:
        """A decision of the card play: every card's score in each sampled deal."""
        cards = [a for a in legal if type(a) is Play] if view.phase.value == "play" else list(legal)
        favourite = heuristic.choose(view, legal, rng)
        if favourite not in cards:
            # A poignée before the first card: the heuristic bot's decision.
            return favourite
        if len(cards) == 1:
            return cards[0]
        state: State = view.sample_state(rng)
        # Under Bid Euchre's renege_mode="penalize" a renege is legal but never searched.
        lawful = getattr(state, "lawful_actions", state.legal_actions)()
        cards = [a for a in cards if a in lawful]
        if len(cards) == 1:
            return cards[0]
        totals, worlds = self._card_scores(view, cards, state, rng)
        self.last = [(a, totals[a] / worlds) for a in cards]
        best = max(totals.values())
        if totals.get(favourite, -math.inf) >= best:
            return favourite
        return next(a for a in cards if totals[a] >= best)

    def _card_scores(
        self, view: Any, cards: list[Action], state: State, rng: random.Random
    ) -> tuple[dict[Action, float], int]:
        """Each card's total score for the seat over the sampled deals (``state`` the
        first), and how many deals were sampled."""
        seat: int = view.seat
        left = len(view.hand)
        deadline, cap = self._deadlines()
        totals = dict.fromkeys(cards, 0.0)
        worlds = 0
        solvable = True
        while True:
            if worlds:
                state = view.sample_state(rng)
            solver = solver_for(state)
            horizon = self._horizon(solver)
            solved = False
            if solver is not None and solvable and left <= horizon:
                try:
                    solution = solver(state, all_actions=True, max_nodes=self.max_nodes)
                except SearchLimitError:
                    # Too deep for the budget here: play on to the horizon from now on.
                    solvable = False
                else:
                    scores = dict(solution.action_scores)
                    for action in cards:
                        totals[action] += float(scores[action][seat])
                    solved = True
            if not solved:
                for action in cards:
                    after = state.apply(action)
                    totals[action] += self._play_on(after, seat, rng, solver, horizon)[seat]
            worlds += 1
            if deadline is None:
                if worlds >= self.worlds or (cap is not None and time.perf_counter() >= cap):
                    return totals, worlds
            elif time.perf_counter() >= deadline:
                return totals, worlds

    def _weigh(
        self, view: Any, legal: Sequence[Action], rng: random.Random, heuristic: Bot
    ) -> Action:
        """A decision before the card play: each option tried in the same sampled deals;
        the heuristic bot's choice unless another is clearly better."""
        favourite = heuristic.choose(view, legal, rng)
        seat: int = view.seat
        samples: dict[Action, list[float]] = {a: [] for a in legal}
        deadline, cap = self._deadlines()
        worlds = 0
        while True:
            state: State = view.sample_state(rng)
            solver = solver_for(state)
            horizon = self._horizon(solver)
            for action in legal:
                after = state.apply(action)
                samples[action].append(self._play_on(after, seat, rng, solver, horizon)[seat])
            worlds += 1
            if deadline is None:
                if worlds >= self.choice_worlds or (
                    cap is not None and worlds >= 2 and time.perf_counter() >= cap
                ):
                    break
            elif time.perf_counter() >= deadline:
                break
        means = {a: sum(v) / worlds for a, v in samples.items()}
        self.last = [(a, means[a]) for a in legal]
        best = max(legal, key=lambda a: means[a])
        if best == favourite or worlds < 2:
            return favourite
        diffs = [x - y for x, y in zip(samples[best], samples[favourite], strict=True)]
        mean = sum(diffs) / worlds
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (worlds - 1) / worlds)
        return best if mean > self.margin * spread else favourite

    def _deadlines(self) -> tuple[float | None, float | None]:
        """The ``perf_counter`` times at which this decision's budget (``seconds``) is
        spent and its cap (``max_seconds``) is reached; None for each not given."""
        now = time.perf_counter()
        return (
            None if self.seconds is None else now + self.seconds,
            None if self.max_seconds is None else now + self.max_seconds,
        )

    def _horizon(self, solver: Solver | None) -> int:
        if solver is None:
            return -1
        return solver.horizon if self.horizon is None else self.horizon

    def _play_on(
        self,
        state: State,
        seat: int,
        rng: random.Random,
        solver: Solver | None,
        horizon: int,
    ) -> tuple[float, ...]:
        """Each seat's score once ``state`` is played on by the heuristic bots and solved
        from the horizon (at the start of a trick)."""
        heuristic = self._heuristic(state.variant.id)
        while True:
            seat_to_play = state.to_play
            if seat_to_play is None:
                break
            if solver is not None and horizon >= 0 and _trick_start(state, seat_to_play, horizon):
                try:
                    solution = solver(state, max_nodes=self.max_nodes)
                except SearchLimitError:
                    horizon = -1
                else:
                    return tuple(float(s) for s in solution.scores)
            action = heuristic.choose(state.view(seat_to_play), state.legal_actions(), rng)
            state = state.apply(action, seat_to_play)
        return state.returns()


def _trick_start(state: State, seat: int, horizon: int) -> bool:
    """Whether ``state`` is the start of a trick of the card play with at most
    ``horizon`` tricks left (the seat to play holds one card per trick left)."""
    phase = getattr(getattr(state, "phase", None), "value", None)
    return phase == "play" and not getattr(state, "trick", ()) and len(state.hand(seat)) <= horizon
