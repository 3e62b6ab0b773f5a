"""Test-suite configuration: Hypothesis settings profiles.

* ``ci``: deterministic and reproducible; used when ``CI=true``.
* ``dev``: quick local runs; the default.
* ``deep``: long exploratory runs; used when ``CARDRULES_DEEP=1``.
"""

import os

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
