"""Test-suite configuration: Hypothesis settings profiles and the helper modules.

* ``ci``: deterministic and reproducible; used when ``CI=true``.
* ``dev``: quick local runs; the default.
* ``deep``: long exploratory runs; used when ``CARDRULES_DEEP=1``.

pytest runs with ``--import-mode=importlib``, so ``tests/`` is not on ``sys.path``. The
toy variant of the core tests and the example Whist plugin are loaded here by path, under
top-level names, so that tests import them by those names and pickle and ``module:attr``
entry points find their classes anywhere.
"""

import importlib.util
import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    max_examples=100,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, max_examples=50)
settings.register_profile("deep", deadline=None, max_examples=2000)


def _profile_name() -> str:
    if os.environ.get("CARDRULES_DEEP") == "1":
        return "deep"
    if os.environ.get("CI", "").lower() == "true":
        return "ci"
    return "dev"


settings.load_profile(_profile_name())


def _load(name: str, path: Path) -> None:
    if name in sys.modules:
        return
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)


_HERE = Path(__file__).parent
_load("cardrules_core_toy", _HERE / "core" / "toy.py")
_PLUGIN = _HERE.parent / "examples" / "whist_plugin" / "cardrules_whist" / "__init__.py"
if _PLUGIN.is_file():  # not when the tests are copied without the examples
    _load("cardrules_whist", _PLUGIN)
