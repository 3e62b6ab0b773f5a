"""What both integrations read of a variant's declaration (:attr:`Variant.info
<cardrules.Variant.info>`), with the error that says what a variant must declare."""

from __future__ import annotations

from cardrules import GameInfo, InvalidArgumentError, Variant

__all__ = ["max_game_length", "observation_size", "score_bound", "score_bounds"]


def _declared(variant: Variant) -> GameInfo:
    given: object = variant
    if not isinstance(given, Variant):
        raise InvalidArgumentError(f"a cardrules Variant is needed, not {type(given).__name__}")
    return variant.info


def observation_size(variant: Variant) -> int:
    """The length of ``view.observation()`` for the views of ``variant``'s states.

    >>> import cardrules
    >>> observation_size(cardrules.get_variant("tarot")) > 0
    True

    Raises:
        InvalidArgumentError: ``variant`` declares no observation
            (:attr:`GameInfo.observation_layout <cardrules.info.GameInfo.observation_layout>`).
    """
    size = _declared(variant).observation_size
    if not size:
        raise InvalidArgumentError(
            f"no observation is declared for the variant {variant.id!r}: its GameInfo "
            "needs an observation_layout, and its views an observation() method"
        )
    return size


def score_bounds(variant: Variant) -> tuple[float, float]:
    """The lowest and the highest score any seat can get from one deal of ``variant``.

    >>> import cardrules
    >>> score_bounds(cardrules.get_variant("bid-euchre"))
    (-6.0, 24.0)

    Raises:
        InvalidArgumentError: ``variant`` declares no score bounds.
    """
    bounds = _declared(variant).score_bounds
    if bounds is None:
        raise InvalidArgumentError(
            f"no score bounds are declared for the variant {variant.id!r}: its GameInfo "
            "needs score_bounds"
        )
    return (float(bounds[0]), float(bounds[1]))


def score_bound(variant: Variant) -> float:
    """The largest score, in absolute value, any seat can get from one deal of ``variant``.

    >>> import cardrules
    >>> score_bound(cardrules.get_variant("bid-euchre"))
    24.0

    Raises:
        InvalidArgumentError: ``variant`` declares no score bounds.
    """
    low, high = score_bounds(variant)
    return max(-low, high)


def max_game_length(variant: Variant) -> int:
    """The most actions one deal of ``variant`` can take.

    >>> import cardrules
    >>> max_game_length(cardrules.get_variant("bid-euchre"))
    29

    Raises:
        InvalidArgumentError: ``variant`` declares no longest deal.
    """
    most = _declared(variant).max_game_length
    if most is None:
        raise InvalidArgumentError(
            f"no longest deal is declared for the variant {variant.id!r}: its GameInfo "
            "needs max_game_length"
        )
    return most
