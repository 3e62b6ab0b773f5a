"""Random playouts of Bid Euchre hands, for bots (E-6 … E-23, E-35 … E-37).

:func:`~cardrules.bid_euchre.random_playout` plays a hand to the end with uniformly
random legal actions, without building intermediate states. It consumes ``rng`` exactly
as the public loop ``state = state.apply(rng.choice(state.legal_actions()))`` does (for
``random.Random``, whose ``choice`` draws with ``getrandbits``), so both give the same
hand from the same generator state. The loops are the engine's (``_engine.playout``),
on the same tables as :meth:`~cardrules.bid_euchre.BidEuchreState.apply`.

>>> import random
>>> from cardrules.bid_euchre import BidEuchreVariant, random_playout
>>> variant = BidEuchreVariant()
>>> state = variant.new_game(seed=7)
>>> rng = random.Random(1)
>>> a = random_playout(state, rng)
>>> rng = random.Random(1)
>>> while not state.is_terminal:
...     state = state.apply(rng.choice(state.legal_actions()))
>>> a == state.result()
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from cardrules.bid_euchre._engine import Core, playout
from cardrules.errors import InvalidArgumentError

if TYPE_CHECKING:
    from cardrules.bid_euchre.scoring import HandResult
    from cardrules.bid_euchre.state import BidEuchreState

__all__ = ["random_playout"]


def random_playout(state: BidEuchreState, rng: random.Random) -> HandResult:
    """Play ``state``'s hand to the end with uniformly random legal actions.

    The auction, trump, help exchange and card play run in loops over plain integers,
    without building states, with the same tables and the same draws from ``rng`` as the
    public loop, so the result is the one that loop would reach. The rarer steps (the
    joker discard, Ace No Face claims) go through the public ``apply``.

    Args:
        state: Any state of a hand (a finished one returns its result).
        rng: The generator to draw from.

    Returns:
        The hand's :class:`~cardrules.bid_euchre.HandResult`.

    Raises:
        TypeError: ``state`` is not a Bid Euchre state, or ``rng`` is not a
            ``random.Random`` (the library's ``InvalidArgumentError``, also a
            ``ValueError``).

    >>> from cardrules.bid_euchre import BidEuchreVariant
    >>> state = BidEuchreVariant().new_game(seed=5)
    >>> result = random_playout(state, random.Random(1))
    >>> result.summary, result.delta
    ('6M by S for NS: set with 4 of 6 tricks', (-6, 2))
    >>> rng = random.Random(1)
    >>> while not state.is_terminal:  # the public loop, slower, reaches the same result
    ...     state = state.apply(rng.choice(state.legal_actions()))
    >>> state.result() == result
    True
    """
    given: object = state
    if not isinstance(given, Core) or not isinstance(rng, random.Random):
        raise InvalidArgumentError(
            "random_playout takes a BidEuchreState and a random.Random, not"
            f" {type(given).__name__} and {type(rng).__name__}"
        )
    return playout(given, rng)
