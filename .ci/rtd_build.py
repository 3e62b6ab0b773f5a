"""Build the docs the way Read the Docs does, from `.readthedocs.yaml`.

Run with a Python that has PyYAML (the `docs` extra brings it, through myst-parser):

    python .ci/rtd_build.py OUTPUT_DIR

It installs the project as the config says (method, path, extras) into the running
interpreter, then runs Sphinx with the config's builder and configuration directory,
and `-W --keep-going` when `fail_on_warning` is set, as the hosting service does.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import yaml

root = Path(__file__).resolve().parent.parent
config = yaml.safe_load((root / ".readthedocs.yaml").read_text(encoding="utf-8"))
if config.get("version") != 2:
    sys.exit(f".readthedocs.yaml: version 2 expected, not {config.get('version')!r}")
for step in config["python"]["install"]:
    if step.get("method") != "pip":
        sys.exit(f".readthedocs.yaml: only pip installs are built here, not {step!r}")
    target = str(root / step["path"])
    extras = ",".join(step.get("extra_requirements", ()))
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", f"{target}[{extras}]" if extras else target],
        check=True,
    )
sphinx = config["sphinx"]
source = (root / sphinx["configuration"]).parent
args = [sys.executable, "-m", "sphinx", "-T", "-b", sphinx.get("builder", "html")]
if sphinx.get("fail_on_warning"):
    args += ["-W", "--keep-going"]
subprocess.run([*args, str(source), sys.argv[1]], check=True)
print(f"docs built as Read the Docs builds them, into {sys.argv[1]}")
