"""A thin mutable wrapper over immutable states: undo and redo for applications.

>>> import cardrules
>>> game = cardrules.Game(cardrules.get_variant("bid-euchre").new_game(seed=3))
>>> first = game.state
>>> game.play(game.state.legal_actions()[0])
>>> game.undo() == first
True
>>> game.can_redo
True
"""

from __future__ import annotations

from cardrules.actions import Action
from cardrules.errors import InvalidArgumentError
from cardrules.state import State

__all__ = ["Game"]


class Game:
    """The current state of one game plus undo and redo stacks of states.

    Since states are immutable, undo is a pop: nothing is recomputed or copied.

    Args:
        state: The starting state (usually ``variant.new_game(...)``).

    >>> import cardrules
    >>> game = cardrules.Game(cardrules.get_variant("tarot").new_game(seed=7))
    >>> game.play("bid garde", seat=1)
    >>> game.play("bid prise")  # refused: the game stays where it was
    Traceback (most recent call last):
    ...
    cardrules.errors.BidError: ...
    >>> game
    <Game <TarotState phase=BIDDING to_play=2> undo=1 redo=0>
    >>> game.undo().to_play, game.can_undo, game.can_redo
    (1, False, True)
    >>> game.redo().to_play
    2
    """

    __slots__ = ("_redo", "_undo", "state")

    def __init__(self, state: State) -> None:
        if not isinstance(state, State):
            raise InvalidArgumentError(f"Game takes a State, not {type(state).__name__}")
        self.state: State = state
        self._undo: list[State] = []
        self._redo: list[State] = []

    def play(self, action: Action | str | int, seat: int | None = None) -> None:
        """Apply ``action`` (checked); on error nothing changes. Clears the redo stack."""
        new = self.state.apply(action, seat)
        self._undo.append(self.state)
        self._redo.clear()
        self.state = new

    @property
    def can_undo(self) -> bool:
        """True if there is an action to undo."""
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        """True if there is an undone action to redo."""
        return bool(self._redo)

    def undo(self) -> State:
        """Go back one action and return the state; ``IndexError`` if nothing to undo."""
        if not self._undo:
            raise IndexError("nothing to undo")
        self._redo.append(self.state)
        self.state = self._undo.pop()
        return self.state

    def redo(self) -> State:
        """Re-apply the last undone action and return the state; ``IndexError`` if none."""
        if not self._redo:
            raise IndexError("nothing to redo")
        self._undo.append(self.state)
        self.state = self._redo.pop()
        return self.state

    def __repr__(self) -> str:
        return f"<Game {self.state!r} undo={len(self._undo)} redo={len(self._redo)}>"
