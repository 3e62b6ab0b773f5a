"""Perfect-information solving: the value of a position when every seat sees every card.

:func:`solve` asks the position's variant for its solver (the ``solver()`` hook of the
variant class: the built-in games compile theirs in the compiled build) and returns a
:class:`Solution`: the value under best play by every seat, the actions of the seat to
act that reach it, and each seat's score of the deal under that play. The value is the
game's own measure, seen from the side of the seat to act:

* Bid Euchre: the tricks its team takes in the whole hand (the tricks already won
  included). Every score of a hand rises with the bidding team's tricks and falls with
  the defenders', so the most tricks is the best play for the score too.
* French Tarot: its camp's share of the deal, the unit ``M`` of T-35 (what each
  defender pays the taker), positive for the attack, negated for the defence.

Solvers search the card play only: the state must be in its play phase (or over).
Seats play lawfully (no renege under Bid Euchre's ``renege_mode="penalize"``), and no
seat declares a poignée it has not declared yet.

>>> import cardrules
>>> puzzle = ("bid-euchre 0 10S,KS,QD/9H,KH,KD/10H,QH,AH/9S,9D,10D - - pass,pass,4,5 "
...           "hearts - 0:JS,AS,AD,QS>1/1:JD,JH,10C,9C>2/2:KC,JC,AC,QC>0 2/1 0")
>>> state = cardrules.get_variant("bid-euchre").from_position(puzzle)
>>> solution = solve(state)
>>> solution.unit, solution.value, solution.scores
('tricks', 4, (-5, 2, -5, 2))
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any, ClassVar, Final, Literal

import attrs

from cardrules._util import quote
from cardrules.actions import Action
from cardrules.errors import (
    CardrulesError,
    InvalidArgumentError,
    UnknownVariantError,
    WrongPhaseError,
)
from cardrules.state import State, Variant

__all__ = [
    "MAX_NODES",
    "Analysis",
    "Decision",
    "SearchLimitError",
    "Solution",
    "Solver",
    "analyse",
    "solve",
    "solver_for",
]

Score = int | Fraction

MAX_NODES: Final = 10**9
"""The largest node budget :func:`solve` takes."""


class SearchLimitError(CardrulesError, RuntimeError):
    """The solver visited its node budget (``max_nodes``) before it could prove a value.

    >>> SearchLimitError("out of nodes").code
    'search_limit'
    """

    code: ClassVar[str] = "search_limit"


def _number(value: Score) -> int | float:
    return value if isinstance(value, int) else float(value)


@attrs.frozen(kw_only=True)
class Solution:
    """The solved value of a position (see the module documentation).

    Attributes:
        seat: The seat to act (``None`` when the deal is over).
        unit: ``"tricks"`` (Bid Euchre) or ``"points"`` (French Tarot, the unit ``M``).
        value: The value under best play, for the side of ``seat`` (for a finished
            deal, the value of the first seat's side).
        scores: Each seat's score of the deal under best play, seat 0 first, as the
            game's scoring gives it.
        best: Every action of ``seat`` that reaches ``value``, in the order of
            ``state.legal_actions()``.
        values: Each action of ``seat`` with its value, when asked for
            (``all_actions=True``); else empty.
        action_scores: Each action of ``seat`` with each seat's score of the deal under
            best play after it, with :attr:`values`; else empty.
        nodes: The positions the search visited.

    >>> from cardrules.bid_euchre import BidEuchreVariant
    >>> state = BidEuchreVariant().new_game(seed=5)
    >>> for action in ("bid 4", "pass", "pass", "pass", "trump hearts"):
    ...     state = state.apply(action)
    >>> solution = solve(state, all_actions=True)
    >>> solution.seat, solution.unit, solution.value, solution.scores  # seat 1 bid 4: made
    (1, 'tricks', 4, (2, 4, 2, 4))
    >>> [str(action) for action in solution.best]
    ['play QD', 'play 9C', 'play JC', 'play KC']
    >>> [(str(action), value) for action, value in solution.values[:2]]  # a low trump loses one
    [('play 9H', 3), ('play 10H', 3)]
    """

    seat: int | None
    unit: Literal["tricks", "points"]
    value: Score
    scores: tuple[Score, ...]
    best: tuple[Action, ...]
    values: tuple[tuple[Action, Score], ...] = ()
    action_scores: tuple[tuple[Action, tuple[Score, ...]], ...] = ()
    nodes: int = 0

    def value_of(self, action: Action) -> Score:
        """The value after ``action`` (best play from there), for ``seat``'s side.

        Raises:
            InvalidArgumentError: ``action`` is not one of :attr:`values` (solve with
                ``all_actions=True`` to have every action's value).
        """
        for a, v in self.values:
            if a == action:
                return v
        if action in self.best:
            return self.value
        raise InvalidArgumentError(
            f"no value for {quote(action)}: solve with all_actions=True for every legal action"
        )

    def loss(self, action: Action) -> Score:
        """What ``action`` gives away against best play: ``value - value_of(action)``,
        0 for a best action.

        >>> import cardrules
        >>> state = cardrules.get_variant("bid-euchre").from_position(
        ...     "bid-euchre 0 AS,9D,KD/9H,QD/10H,KC/9S,JS - - 4,pass,pass,pass diamonds - "
        ...     "1:QC,JC,9C,AC>0/0:10S,JD,QS,KS>1/1:AH,KH,QH,10C>1/1:AD,JH,10D 1/2 0")
        >>> s = solve(state, all_actions=True)
        >>> [(str(a), s.loss(a)) for a, _ in s.values]
        [('play 9D', 0), ('play KD', 1)]
        """
        return self.value - self.value_of(action)

    def to_dict(self) -> dict[str, Any]:
        """The solution as JSON values (actions in their notation).

        >>> import cardrules
        >>> state = cardrules.get_variant("bid-euchre").from_position(
        ...     "bid-euchre 0 AS,9D,KD/9H,QD/10H,KC/9S,JS - - 4,pass,pass,pass diamonds - "
        ...     "1:QC,JC,9C,AC>0/0:10S,JD,QS,KS>1/1:AH,KH,QH,10C>1/1:AD,JH,10D 1/2 0")
        >>> solve(state).to_dict()["best"]
        ['play 9D']
        """
        return {
            "seat": self.seat,
            "unit": self.unit,
            "value": _number(self.value),
            "scores": [_number(s) for s in self.scores],
            "best": [str(a) for a in self.best],
            "values": [[str(a), _number(v)] for a, v in self.values],
            "action_scores": [
                [str(a), [_number(s) for s in scores]] for a, scores in self.action_scores
            ],
            "nodes": self.nodes,
        }


@attrs.frozen
class Solver:
    """A game's solver, as its variant's ``solver()`` hook returns it.

    Attributes:
        solve: ``solve(state, *, all_actions=False, max_nodes=None) -> Solution``.
        horizon: The tricks left from which the solver answers a position of this
            variant in a few milliseconds (its median, with every action's value, in
            this build): search bots solve from there and play heuristic playouts
            before.
        worlds: The deals the hard level of :func:`~cardrules.bots.bot_for` samples
            for each decision of the card play (``SearchBot(worlds=...)``), measured
            under a second a decision (``bench/levels_report.py``).
        choice_worlds: The same for its other decisions (``choice_worlds``).

    >>> import cardrules
    >>> cardrules.get_variant("bid-euchre").solver().horizon
    6
    """

    solve: Callable[..., Solution]
    horizon: int
    worlds: int = 8
    choice_worlds: int = 8

    def __call__(
        self, state: State, *, all_actions: bool = False, max_nodes: int | None = None
    ) -> Solution:
        """``self.solve(state, ...)``."""
        return self.solve(state, all_actions=all_actions, max_nodes=max_nodes)


def solver_for(game: State | Variant) -> Solver | None:
    """The solver of ``game``'s variant (a state's, or a variant's own: its ``solver()``
    hook), or ``None`` when the variant has none.

    Raises:
        InvalidArgumentError: ``game`` is neither a state nor a variant.

    >>> import cardrules
    >>> solver_for(cardrules.get_variant("tarot").new_game(seed=1)) is not None
    True
    >>> solver_for(cardrules.get_variant("bid-euchre")).horizon
    6
    """
    given: object = game
    if isinstance(given, Variant):
        variant = given
    elif isinstance(given, State):
        variant = given.variant
    else:
        raise InvalidArgumentError(f"solver_for takes a State or a Variant, not {quote(given)}")
    hook = getattr(variant, "solver", None)
    if not callable(hook):
        return None
    solver: object = hook()
    return solver if isinstance(solver, Solver) else None


def solve(state: State, *, all_actions: bool = False, max_nodes: int | None = None) -> Solution:
    """Solve ``state`` with every card known: the value under best play by every seat.

    Args:
        state: A state in its card play (or over), of a variant with a solver.
        all_actions: Also give the value of every legal action (:attr:`Solution.values`).
        max_nodes: Stop after visiting this many positions (``None``: no limit).

    Returns:
        The :class:`Solution`.

    Raises:
        InvalidArgumentError: ``state`` is not a state, or ``max_nodes`` not an int from
            1 to :data:`MAX_NODES`.
        UnknownVariantError: the variant has no solver.
        WrongPhaseError: the deal is not in its card play yet.
        SearchLimitError: the budget ran out before the value was proved.

    >>> from cardrules.bid_euchre import BidEuchreVariant
    >>> state = BidEuchreVariant().new_game(seed=5)
    >>> for action in ("bid 4", "pass", "pass", "pass", "trump hearts"):
    ...     state = state.apply(action)
    >>> solution = solve(state)
    >>> solution.value, str(solution.best[0]), solution.nodes > 0
    (4, 'play QD', True)
    >>> solve(state, max_nodes=100)
    Traceback (most recent call last):
    ...
    cardrules.solving.SearchLimitError: ...
    """
    given: object = state
    if not isinstance(given, State):
        raise InvalidArgumentError(f"solve takes a State, not {quote(given)}")
    if type(all_actions) is not bool:
        raise InvalidArgumentError(f"all_actions must be True or False, not {quote(all_actions)}")
    solver = _solver_within(state, max_nodes)
    return solver(state, all_actions=all_actions, max_nodes=max_nodes)


# -- post-deal analysis ---------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class Decision:
    """One decision of a deal's card play, against the solver's best play.

    Attributes:
        index: The decision's place in the deal's ``history`` (0 is the first action).
        seat: The seat that decided.
        action: The action it took.
        value: The value after that action, under best play by every seat from there,
            for the side of ``seat`` (in the :class:`Analysis`'s ``unit``).
        best_value: The value under best play, for that side.
        best: The actions that reach ``best_value``.
        tricks_left: The tricks left to play, the current one included.

    >>> import random
    >>> import cardrules
    >>> from cardrules.bots import bot_for, play_game
    >>> variant = cardrules.get_variant("bid-euchre")
    >>> bots = [bot_for(variant, "random")] + [bot_for(variant) for _ in range(3)]
    >>> final = play_game(variant.new_game(seed=5), bots, random.Random(5))
    >>> worst = max(analyse(final).decisions, key=lambda d: d.loss)
    >>> str(worst.action), worst.value, worst.best_value, worst.loss
    ('play QC', 1, 2, 1)
    """

    index: int
    seat: int
    action: Action
    value: Score
    best_value: Score
    best: tuple[Action, ...]
    tricks_left: int

    @property
    def loss(self) -> Score:
        """What the action gave away, ``best_value - value`` (0 for a best action)."""
        return self.best_value - self.value

    def to_dict(self) -> dict[str, Any]:
        """The decision as JSON values (actions in their notation).

        >>> from cardrules import Card, Play
        >>> Decision(index=5, seat=0, action=Play(Card.parse("QC")), value=1, best_value=2,
        ...          best=(Play(Card.parse("9D")),), tricks_left=6).to_dict()["loss"]
        1
        """
        return {
            "index": self.index,
            "seat": self.seat,
            "action": str(self.action),
            "value": _number(self.value),
            "best_value": _number(self.best_value),
            "best": [str(a) for a in self.best],
            "loss": _number(self.loss),
            "tricks_left": self.tricks_left,
        }


@attrs.frozen(kw_only=True)
class Analysis:
    """A deal's card-play decisions against the solver's (see :func:`analyse`).

    Attributes:
        unit: ``"tricks"`` (Bid Euchre) or ``"points"`` (French Tarot, the unit ``M``).
        players: The seats of the deal.
        horizon: The tricks left from which decisions were solved.
        decisions: Every decision analysed, in the order of the deal: those with more
            than one lawful card, at most ``horizon`` tricks before the end.
        unsolved: The decisions within the horizon the solver could not prove within
            its node budget (not in ``decisions``).

    >>> import random
    >>> import cardrules
    >>> from cardrules.bots import bot_for, play_game
    >>> variant = cardrules.get_variant("bid-euchre")
    >>> bots = [bot_for(variant, "random")] + [bot_for(variant) for _ in range(3)]
    >>> final = play_game(variant.new_game(seed=5), bots, random.Random(5))
    >>> analysis = analyse(final)
    >>> analysis.unit, analysis.losses, len(analysis.decisions), analysis.unsolved
    ('tricks', (1, 0, 0, 0), 13, 0)
    """

    unit: Literal["tricks", "points"]
    players: int
    horizon: int
    decisions: tuple[Decision, ...]
    unsolved: int = 0

    @property
    def losses(self) -> tuple[Score, ...]:
        """Each seat's total loss over its decisions, seat 0 first."""
        totals: list[Score] = [0] * self.players
        for decision in self.decisions:
            totals[decision.seat] += decision.loss
        return tuple(totals)

    def to_dict(self) -> dict[str, Any]:
        """The analysis as JSON values.

        >>> Analysis(unit="tricks", players=4, horizon=6, decisions=()).to_dict()
        {'unit': 'tricks', 'horizon': 6, 'losses': [0, 0, 0, 0], 'unsolved': 0, 'decisions': []}
        """
        return {
            "unit": self.unit,
            "horizon": self.horizon,
            "losses": [_number(loss) for loss in self.losses],
            "unsolved": self.unsolved,
            "decisions": [d.to_dict() for d in self.decisions],
        }


def _solver_within(state: State, max_nodes: object) -> Solver:
    """The solver of ``state``'s variant, once ``max_nodes`` (a budget) is checked."""
    if max_nodes is not None and (type(max_nodes) is not int or not 1 <= max_nodes <= MAX_NODES):
        raise InvalidArgumentError(
            f"max_nodes must be an int from 1 to 10**9 or None, not {quote(max_nodes)}"
        )
    solver = solver_for(state)
    if solver is None:
        raise UnknownVariantError(
            f"variant {state.variant.id!r} has no solver (its variant class has no solver() hook)"
        )
    return solver


def analyse(
    state: State, *, horizon: int | None = None, max_nodes: int | None = 1_000_000
) -> Analysis:
    """Each card-play decision of ``state``'s deal against the solver's best play.

    The deal is replayed from its record (``state.record()``): every decision of the
    card play with more than one lawful card, taken at most ``horizon`` tricks before
    the end, is solved with every card known: the value of the action taken against
    the best value, for the deciding seat's side (tricks for Bid Euchre, the deal's
    unit ``M`` for French Tarot). A seat's loss is what its cards gave away against
    perfect play from there, each seat assumed to play perfectly afterwards; a
    decision made without seeing the other hands can lose value and still be sound.
    A Bid Euchre renege under ``renege_mode="penalize"`` is not solved, so not listed.

    Args:
        state: The last state of a finished deal.
        horizon: The tricks left from which decisions are solved; ``None`` for the
            solver's own (:attr:`Solver.horizon`, a few milliseconds a decision).
        max_nodes: The solver's budget per decision (``None``: no limit); a decision
            it cannot prove within it is counted in :attr:`Analysis.unsolved`.

    Returns:
        The :class:`Analysis`.

    Raises:
        InvalidArgumentError: ``state`` is not a state, ``horizon`` not an int from 0,
            or ``max_nodes`` not an int from 1 to :data:`MAX_NODES` or ``None``.
        UnknownVariantError: the variant has no solver.
        WrongPhaseError: the deal is not over.

    >>> import random
    >>> import cardrules
    >>> from cardrules.bots import bot_for, play_game
    >>> variant = cardrules.get_variant("bid-euchre")
    >>> bots = [bot_for(variant, "random")] + [bot_for(variant) for _ in range(3)]
    >>> final = play_game(variant.new_game(seed=5), bots, random.Random(5))
    >>> analysis = analyse(final)
    >>> analysis.unit, analysis.losses
    ('tricks', (1, 0, 0, 0))
    """
    given: object = state
    if not isinstance(given, State):
        raise InvalidArgumentError(f"analyse takes a State, not {quote(given)}")
    if horizon is not None and (type(horizon) is not int or not 0 <= horizon <= 1000):
        raise InvalidArgumentError(
            f"horizon must be an int from 0 to 1000 or None, not {quote(horizon)}"
        )
    solver = _solver_within(state, max_nodes)
    if not state.is_terminal:
        raise WrongPhaseError("analyse takes a finished deal: this one is not over")
    depth = solver.horizon if horizon is None else horizon
    unit = solver(state).unit  # the finished deal's: instant
    decisions: list[Decision] = []
    unsolved = 0
    history = state.history
    for index, before in enumerate(state.variant.replay(state.record())):
        if index >= len(history):
            break
        seat, action = history[index]
        tricks_left = len(before.hand(seat))
        if tricks_left > depth or len(before.legal_actions()) < 2:
            continue
        try:
            solution = solver(before, all_actions=True, max_nodes=max_nodes)
        except WrongPhaseError:
            continue  # not the card play: the auction, the écart ...
        except SearchLimitError:
            unsolved += 1
            continue
        values = dict(solution.values)
        if len(values) < 2 or action not in values:
            continue  # one lawful card, or a renege the solver does not play
        decisions.append(
            Decision(
                index=index,
                seat=seat,
                action=action,
                value=values[action],
                best_value=solution.value,
                best=solution.best,
                tricks_left=tricks_left,
            )
        )
    return Analysis(
        unit=unit,
        players=state.variant.players,
        horizon=depth,
        decisions=tuple(decisions),
        unsolved=unsolved,
    )
