"""The test suite's tiers: how much volume (random deals, hands, sweeps) a test plays.

* The default tier, the README's ``python -m pytest``: every test, with volumes sized so
  that the whole run answers in a few minutes on two cores (hundreds of seeded random
  deals per variant and option set, every invariant checked).
* The deep tier, ``CARDRULES_DEEP=1``: the same tests with their deep volumes (100,000
  random deals per configuration, every card tried in every state) and the ``deep``
  Hypothesis profile. Run it before a release or after touching the engine rooms.
* The bounded deep tier, ``CARDRULES_DEEP=1 CARDRULES_DEEP_SCALE=0.01``: each volume
  that fraction of the way from its default size to its deep size (1,300 French Tarot
  deals per configuration of the random playouts, 1,500 Bid Euchre hands). CI runs it on
  the tests marked ``deep`` (``-m deep``): those whose volume grows in the deep tier.

Every test reads its volume from :func:`volume` and nowhere else, so one pair of
environment variables sizes the whole suite. ``tests/conftest.py`` loads this module as
``cardrules_test_tiers``.
"""

from __future__ import annotations

import math
import os
from typing import Final


def _deep() -> bool:
    return os.environ.get("CARDRULES_DEEP") == "1"


def _scale() -> float:
    text = os.environ.get("CARDRULES_DEEP_SCALE")
    if text is None:
        return 1.0
    if not _deep():
        raise ValueError("CARDRULES_DEEP_SCALE scales the deep tier: set CARDRULES_DEEP=1 too")
    try:
        scale = float(text)
    except ValueError:
        scale = math.nan
    if not 0 <= scale < math.inf:
        raise ValueError(f"CARDRULES_DEEP_SCALE must be a number from 0 to 1, not {text!r}")
    return scale


DEEP: Final = _deep()
"""True in the deep tier (``CARDRULES_DEEP=1``), at any scale."""

SCALE: Final = _scale()
"""The deep tier's scale (``CARDRULES_DEEP_SCALE``, 1 when unset)."""


def volume(default: int, deep: int) -> int:
    """A test's volume: ``default`` in the default tier, ``deep`` in the deep tier.

    Under ``CARDRULES_DEEP_SCALE`` the deep tier goes that fraction of the way from
    ``default`` to ``deep`` (0: the default volume, 1: the whole deep one).

    Args:
        default: The count in the default tier (``python -m pytest``).
        deep: The count in the deep tier at full scale.

    Returns:
        The count for this run.
    """
    if not DEEP:
        return default
    return default + round((deep - default) * SCALE)
