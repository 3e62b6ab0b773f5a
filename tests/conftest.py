"""Test-suite configuration: Hypothesis settings profiles and the helper modules.

* ``ci``: deterministic and reproducible; used when ``CI=true``.
* ``dev``: quick local runs; the default.
* ``deep``: long exploratory runs; used when ``CARDRULES_DEEP=1`` (its example budget
  scaled by ``CARDRULES_DEEP_SCALE``, see ``tests/tiers.py``).

pytest runs with ``--import-mode=importlib``, so ``tests/`` is not on ``sys.path``. The
tiers' volume knob (``tests/tiers.py``), the toy variant of the core tests, the option
sets of the sweeps in ``tests/ai`` and ``tests/bots``, and the example Whist and Oh Hell
plugins are loaded here by path, under top-level names, so that tests import them by those names
and pickle and ``module:attr`` entry points find their classes anywhere (in
pytest-xdist's workers too, each of which loads this file).
"""

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import pytest
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
_EXAMPLES = _HERE.parent / "examples"
for _name, _folder in (("cardrules_whist", "whist_plugin"), ("cardrules_ohhell", "ohhell_plugin")):
    _plugin = _EXAMPLES / _folder / _name / "__init__.py"
    if _plugin.is_file():  # not when the tests are copied without the examples
        _load(_name, _plugin)


@pytest.fixture
def example_plugins(monkeypatch: pytest.MonkeyPatch) -> tuple[str, ...]:
    """The example plugins registered in the ``cardrules.variants`` entry-point group,
    as an installed package registers them (``importlib.metadata.entry_points`` replaced
    in this process, the registry's caches fresh and restored after the test): the ids
    of their variants. Skips the test where the examples are not next to the tests."""
    import tomllib
    from importlib import metadata

    from cardrules import registry

    found = []
    for name, folder in (
        ("cardrules_whist", "whist_plugin"),
        ("cardrules_ohhell", "ohhell_plugin"),
    ):
        pyproject = _EXAMPLES / folder / "pyproject.toml"
        if name not in sys.modules or not pyproject.is_file():
            pytest.skip("the examples folder is not next to the tests")
        project = tomllib.loads(pyproject.read_text(encoding="utf-8"))
        points = project["project"]["entry-points"][registry.ENTRY_POINT_GROUP]
        found += [
            metadata.EntryPoint(name=key, value=value, group=registry.ENTRY_POINT_GROUP)
            for key, value in points.items()
        ]
    monkeypatch.setattr(registry, "_classes", {})
    monkeypatch.setattr(registry, "_aliases", {})
    monkeypatch.setattr(registry, "_plugin_errors", {})
    monkeypatch.setattr(registry, "_scanned", [])

    def entry_points(*, group: str) -> tuple[metadata.EntryPoint, ...]:
        return tuple(found) if group == registry.ENTRY_POINT_GROUP else ()

    monkeypatch.setattr(metadata, "entry_points", entry_points)
    return tuple(point.name for point in found)
