"""Random playouts for bots: a whole French Tarot deal on integers (T-10 … T-37).

:func:`~cardrules.tarot.random_playout` plays uniformly random legal actions from any
state to the end without building a state per action, with the states' rule tables and
the same draws as the public loop ``state.apply(rng.choice(state.legal_actions()))``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from cardrules._util import quote
from cardrules.errors import InvalidArgumentError
from cardrules.tarot._engine import Core
from cardrules.tarot._engine import random_playout as _playout
from cardrules.tarot.scoring import DealResult

if TYPE_CHECKING:
    from cardrules.tarot.state import TarotState

__all__ = ["random_playout"]


def random_playout(state: TarotState, rng: random.Random) -> DealResult:
    """Play uniformly random legal actions from ``state`` to the end; return the result.

    For bots: the deal runs on bitmasks with the same rule tables as the states, without
    building a state per action. The result is *identical* to playing
    ``state = state.apply(rng.choice(state.legal_actions()))`` until the end with the same
    ``rng`` (a ``random.Random``): the choices are drawn the same way, among the same
    actions in the same order, in every phase (poignée declarations included).

    Args:
        state: Any state of a Tarot deal.
        rng: The generator to draw from.

    Returns:
        The deal's :class:`~cardrules.tarot.DealResult`.

    Raises:
        TypeError: ``state`` is not a Tarot state or ``rng`` not a ``random.Random``
            (the library's ``InvalidArgumentError``, also a ``ValueError``).

    >>> import random
    >>> from cardrules.tarot import TarotVariant
    >>> state = TarotVariant().new_game(seed=5)
    >>> a = random_playout(state, random.Random(1))
    >>> s = state
    >>> rng = random.Random(1)
    >>> while not s.is_terminal:
    ...     s = s.apply(rng.choice(s.legal_actions()))
    >>> a == s.result()
    True
    """
    # Every Core is a TarotState: the engine gives each state it builds that class.
    if not isinstance(state, Core):
        raise InvalidArgumentError(f"random_playout takes a TarotState, not {quote(state)}")
    if not isinstance(rng, random.Random):
        raise InvalidArgumentError(f"random_playout takes a random.Random, not {quote(rng)}")
    return _playout(state, rng)
