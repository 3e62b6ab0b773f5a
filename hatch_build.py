"""The build hook of the compiled build: ``CARDRULES_COMPILE=1`` compiles the engine rooms.

With ``CARDRULES_COMPILE=1`` in the environment, ``python -m pip install .`` and
``python -m build`` compile the modules of :data:`COMPILED` with mypyc (from the same
typed source, checked by mypy under the settings of ``[tool.mypy]``) and the wheel gets
the C extensions beside the ``.py`` files, which Python then never imports. Without the
variable the hook does nothing and the wheel stays pure Python (``py3-none-any``).
Editable installs are never compiled.

The build needs mypy, setuptools and the runtime dependencies (for their types), which
the hook asks for only when it compiles, and a C compiler with the Python headers.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: The modules compiled, from the project root: the trick kernel and the engine rooms,
#: where every hot path (``apply``, ``legal_actions``, the playouts) runs, and the
#: perfect-information solvers.
COMPILED = (
    "src/cardrules/_tricks.py",
    "src/cardrules/tarot/_tables.py",
    "src/cardrules/tarot/_engine.py",
    "src/cardrules/tarot/_solver.py",
    "src/cardrules/bid_euchre/_tables.py",
    "src/cardrules/bid_euchre/_engine.py",
    "src/cardrules/bid_euchre/_solver.py",
)

#: What the compiled build needs to build (only then).
BUILD_REQUIRES = ("mypy>=1.18", "setuptools>=70")

#: The runtime library of mypyc shared by the compiled modules: one extension module
#: inside the package, not a top-level name in site-packages.
GROUP_NAME = "cardrules._compiled"


def compile_requested() -> bool:
    """True when the environment asks for the compiled build."""
    return os.environ.get("CARDRULES_COMPILE", "").strip() not in {"", "0"}


def compile_modules(root: Path, out: Path) -> list[Path]:
    """Compile :data:`COMPILED` into ``out`` (C sources, objects and the built
    extensions); returns the extensions, as paths relative to ``out / "lib"``."""
    # Imported here: they are build requirements of the compiled build only.
    from mypyc.build import mypycify
    from setuptools import Distribution

    lib = out / "lib"
    cwd = Path.cwd()
    # mypy names the modules from the paths given and the settings' mypy_path (src).
    os.chdir(root)
    try:
        extensions = mypycify(
            [
                "--config-file",
                str(root / "pyproject.toml"),
                "--cache-dir",
                str(out / "mypy-cache"),
                *COMPILED,
            ],
            opt_level="3",
            target_dir=str(out / "c"),
            group_name=GROUP_NAME,
        )
        # setuptools' build_ext alone: setup() would read pyproject.toml as its own.
        dist = Distribution({"name": "cardrules", "ext_modules": extensions})
        build_ext: Any = dist.get_command_obj("build_ext")
        build_ext.build_lib = str(lib)
        build_ext.build_temp = str(out / "obj")
        build_ext.inplace = False
        dist.run_command("build_ext")
    finally:
        os.chdir(cwd)
    built = sorted(p.relative_to(lib) for p in lib.rglob("*") if p.is_file())
    if not built:
        raise RuntimeError("CARDRULES_COMPILE=1: mypyc built no extension module")
    return built


class CompileHook(BuildHookInterface):  # type: ignore[type-arg]
    """Adds the compiled engine rooms to the wheel when ``CARDRULES_COMPILE=1``."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """The build requirements of the compiled build, when it is asked for: mypy
        checks the modules against the runtime dependencies' types, so those too."""
        if not compile_requested():
            return []
        return [*BUILD_REQUIRES, *self.metadata.core.dependencies]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile, and add the extensions to the wheel (which gets a platform tag)."""
        if self.target_name != "wheel" or version == "editable" or not compile_requested():
            return
        self._out = Path(tempfile.mkdtemp(prefix="cardrules-mypyc-"))
        lib = self._out / "lib"
        for path in compile_modules(Path(self.root), self._out):
            build_data["force_include"][str(lib / path)] = path.as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the build's temporary files."""
        out = getattr(self, "_out", None)
        if out is not None:
            shutil.rmtree(out, ignore_errors=True)
