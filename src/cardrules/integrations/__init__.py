"""Adapters to the game-AI frameworks, each behind its own optional extra.

* :mod:`cardrules.integrations.pettingzoo`: PettingZoo AEC environments
  (``pip install 'cardrules[pettingzoo]'``).
* :mod:`cardrules.integrations.gymnasium`: a one-seat Gymnasium environment, the other
  seats played by the library's bots (the same extra).
* :mod:`cardrules.integrations.openspiel`: OpenSpiel Python games
  (``pip install 'cardrules[openspiel]'``).

Importing ``cardrules`` loads none of them, and this package imports nothing: each adapter is
imported by name, and needs its framework installed. They use only the public names of
the library (variants, states, views, action ids), so they follow its rules exactly.
"""

from __future__ import annotations

__all__: list[str] = []
