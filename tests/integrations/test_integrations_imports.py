"""The integrations stay out of the core: ``import cardrules`` loads none of them, and
the package of integrations loads no framework until an adapter is imported."""

from __future__ import annotations

import subprocess
import sys

import pytest

FRAMEWORKS = ("cardrules.integrations", "pettingzoo", "gymnasium", "pyspiel", "numpy")


@pytest.mark.parametrize(
    ("name", "absent"),
    [
        ("cardrules", FRAMEWORKS),
        ("cardrules.bots", FRAMEWORKS),
        ("cardrules.integrations", FRAMEWORKS[1:]),
    ],
)
def test_importing_loads_no_framework(name: str, absent: tuple[str, ...]) -> None:
    code = f"import sys, {name}; print(sorted(m for m in sys.modules if m.startswith({absent!r})))"
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert run.stdout.strip() == "[]"
