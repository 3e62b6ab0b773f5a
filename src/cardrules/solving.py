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
from cardrules.errors import CardrulesError, InvalidArgumentError, UnknownVariantError
from cardrules.state import State, Variant

__all__ = ["MAX_NODES", "SearchLimitError", "Solution", "Solver", "solve", "solver_for"]

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

    >>> import cardrules
    >>> cardrules.get_variant("bid-euchre").solver().horizon
    6
    """

    solve: Callable[..., Solution]
    horizon: int

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
    """
    given: object = state
    if not isinstance(given, State):
        raise InvalidArgumentError(f"solve takes a State, not {quote(given)}")
    if type(all_actions) is not bool:
        raise InvalidArgumentError(f"all_actions must be True or False, not {quote(all_actions)}")
    if max_nodes is not None and (type(max_nodes) is not int or not 1 <= max_nodes <= MAX_NODES):
        raise InvalidArgumentError(
            f"max_nodes must be an int from 1 to 10**9 or None, not {quote(max_nodes)}"
        )
    solver = solver_for(state)
    if solver is None:
        raise UnknownVariantError(
            f"variant {state.variant.id!r} has no solver (its variant class has no solver() hook)"
        )
    return solver(state, all_actions=all_actions, max_nodes=max_nodes)

