"""Test-suite configuration: Hypothesis settings profiles and the helper modules.

* ``ci``: deterministic and reproducible; used when ``CI=true``.
* ``dev``: quick local runs; the default.
* ``deep``: long exploratory runs; used when ``CARDRULES_DEEP=1`` (its example budget
  scaled by ``CARDRULES_DEEP_SCALE``, see ``tests/tiers.py``).

pytest runs with ``--import-mode=importlib``, so ``tests/`` is not on ``sys.path``. The
tiers' volume knob (``tests/tiers.py``), the toy variant of the core tests, the option
sets of the sweeps in ``tests/ai`` and ``tests/bots``, and the example Whist plugin are
loaded here by path, under top-level names, so that tests import them by those names
and pickle and ``module:attr`` entry points find their classes anywhere (in
pytest-xdist's workers too, each of which loads this file).
"""

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from hypothesis import HealthCheck, settings


def _load(name: str, path: Path) -> ModuleType:
    known = sys.modules.get(name)
    if known is not None:
        return known
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


_HERE = Path(__file__).parent
if TYPE_CHECKING:
    from tests import tiers
else:
    tiers = _load("cardrules_test_tiers", _HERE / "tiers.py")

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    max_examples=100,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, max_examples=50)
settings.register_profile("deep", deadline=None, max_examples=tiers.volume(100, 2000))


def _profile_name() -> str:
    if tiers.DEEP:
        return "deep"
    if os.environ.get("CI", "").lower() == "true":
        return "ci"
    return "dev"


settings.load_profile(_profile_name())

_load("cardrules_core_toy", _HERE / "core" / "toy.py")
_load("cardrules_option_sets", _HERE / "ai" / "option_sets.py")
_PLUGIN = _HERE.parent / "examples" / "whist_plugin" / "cardrules_whist" / "__init__.py"
if _PLUGIN.is_file():  # not when the tests are copied without the examples
    _load("cardrules_whist", _PLUGIN)
