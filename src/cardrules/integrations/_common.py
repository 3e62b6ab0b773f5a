"""What both integrations need of a built-in variant: its observation size, its bounds."""

from __future__ import annotations

from cardrules import InvalidArgumentError, Variant
from cardrules.bid_euchre import BidEuchreVariant
from cardrules.tarot import TarotVariant

__all__ = ["observation_size", "score_bound"]


def observation_size(variant: Variant) -> int:
    """The length of ``view.observation()`` for the views of ``variant``'s states.

    >>> import cardrules
    >>> observation_size(cardrules.get_variant("tarot")) > 0
    True

    Raises:
        InvalidArgumentError: ``variant`` is not French Tarot or Bid Euchre.
    """
    if isinstance(variant, (TarotVariant, BidEuchreVariant)):
        return variant.observation_size
    raise InvalidArgumentError(f"no observation is defined for the variant {variant.id!r}")


def score_bound(variant: Variant) -> float:
    """The largest score, in absolute value, any seat can get from one deal of ``variant``.

    >>> import cardrules
    >>> score_bound(cardrules.get_variant("bid-euchre"))
    72.0

    Raises:
        InvalidArgumentError: ``variant`` is not French Tarot or Bid Euchre.
    """
    options = variant.options_json()
    if variant.id == "tarot":
        # T-31 … T-37: a defender pays at most (25 + D + 10) × m plus every poignée and
        # every slam bonus, with D ≤ 57 (T-30); the taker receives from each defender.
        n = variant.players
        unit = (
            (25 + 57 + 10) * max(options["multipliers"].values())
            + n * max(options["poignee_bonuses"])
            + sum(abs(b) for b in options["chelem_bonuses"].values())
        )
        return float((n - 1) * unit)
    if variant.id == "bid-euchre":
        # E-23, E-27 … E-29: a hand scores at most the moon, the help bid or every trick,
        # and each card played may be a renege costing its penalty.
        tricks = 12 if options["double_deck"] else 6
        top = max(options["moon_value"], options["help_value"], tricks)
        return float(top + options["renege_penalty"] * 4 * tricks)
    raise InvalidArgumentError(f"no score bound is known for the variant {variant.id!r}")
