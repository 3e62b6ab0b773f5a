"""The uniformly random bot: the baseline every other bot is measured against."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardrules.actions import Action
from cardrules.bots._checks import check_choice

__all__ = ["RandomBot"]


class RandomBot:
    """Picks uniformly among the legal actions, for any variant.

    It draws with ``rng.choice(legal)``, exactly as the reference random playout
    ``state.apply(rng.choice(state.legal_actions()))`` does, so a game of random bots
    under :func:`~cardrules.bots.play_game` is that playout, move for move.

    >>> import random
    >>> from cardrules import Pass
    >>> from cardrules.tarot import Bid, Contract
    >>> legal = (Pass(), Bid(Contract.PRISE), Bid(Contract.GARDE))
    >>> RandomBot().choose(None, legal, random.Random(5)) in legal
    True
    """

    __slots__ = ()

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        """Return one of ``legal``, each with the same probability.

        Args:
            view: The seat's view; ignored.
            legal: The legal actions.
            rng: The random source.

        Returns:
            An action of ``legal``.

        Raises:
            GameOverError: ``legal`` is empty (the game is over).
            InvalidArgumentError: ``legal`` is not a sequence of actions, or ``rng`` not
                a ``random.Random``.

        >>> from cardrules import Pass
        >>> RandomBot().choose(None, (Pass(),), 5)
        Traceback (most recent call last):
        ...
        cardrules.errors.InvalidArgumentError: rng must be a random.Random ... not 5
        """
        actions = check_choice(legal, rng)
        return rng.choice(actions)

    def __repr__(self) -> str:
        return "RandomBot()"
