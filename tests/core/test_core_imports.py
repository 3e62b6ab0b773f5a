"""The core's import graph: no circle, no import inside a function, a light ``import cardrules``.

The core modules (``src/cardrules`` outside the variant packages) import each other
only at the top of a module, so the order they build on each other is plain: the
record format, then states and variants, then the registry, then the public records
functions. Three places load modules on demand and are left out on purpose: the command
line (a command's modules load when it runs), the bots' ``bot_for`` (a variant's bot
loads when asked for) and ``simulation`` (the bots, the worker pool or Ray load when a
run starts).
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

import cardrules

PACKAGE = Path(cardrules.__file__).resolve().parent
VARIANTS = ("tarot", "bid_euchre")
ON_DEMAND = ("bots", "simulation")  # and the command line, the cli/ package


def core_modules() -> dict[str, ast.Module]:
    """Every core module's syntax tree, by dotted name."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        first = parts[0]
        if first in VARIANTS or first in ON_DEMAND or first == "cli":
            continue
        name = ".".join(("cardrules", *parts)).removesuffix(".__init__")
        out[name] = ast.parse(path.read_text(encoding="utf-8"))
    return out


def is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def imported(node: ast.Import | ast.ImportFrom) -> list[str]:
    """The project modules an import statement loads."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    elif node.module == "cardrules":
        names = [f"cardrules.{alias.name}" for alias in node.names]
    else:
        names = [node.module or ""]
    return [name for name in names if name == "cardrules" or name.startswith("cardrules.")]


def run_time_imports(tree: ast.Module, modules: set[str]) -> set[str]:
    """The core modules ``tree`` imports when it runs (type-checking imports left out)."""
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.update(name for name in imported(node) if name in modules)
    return found


def test_no_core_module_imports_a_project_module_inside_a_function() -> None:
    inside = []
    for name, tree in core_modules().items():
        for func in ast.walk(tree):
            if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            inside += [
                f"{name}.{func.name}: {ast.unparse(node)}"
                for node in ast.walk(func)
                if isinstance(node, (ast.Import, ast.ImportFrom)) and imported(node)
            ]
    assert inside == []


def test_the_core_import_graph_has_no_circle() -> None:
    trees = core_modules()
    graph = {name: run_time_imports(tree, set(trees)) - {name} for name, tree in trees.items()}
    # The deprecation tables sit on the same floor: a record's renamed methods use them.
    assert graph["cardrules.deprecation"] <= {"cardrules._util", "cardrules.errors"}
    assert graph["cardrules._records"] <= {
        "cardrules._util",
        "cardrules.deprecation",
        "cardrules.errors",
    }
    assert "cardrules.registry" not in graph["cardrules.state"]
    assert "cardrules.state" in graph["cardrules.registry"]
    assert {"cardrules.registry", "cardrules._records"} <= graph["cardrules.records"]
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, "an import circle: " + " -> ".join((*path, name))
        if name in done:
            return
        for other in sorted(graph[name]):
            visit(other, (*path, name))
        done.add(name)

    for name in graph:
        visit(name, ())
    assert done == set(graph)


def test_type_checking_imports_are_the_only_upward_ones() -> None:
    # The record format and the match protocol name states in annotations only.
    trees = core_modules()
    for name in ("cardrules._records", "cardrules.match"):
        guarded = [node for node in trees[name].body if is_type_checking(node)]
        assert guarded, name
        assert "cardrules.state" not in run_time_imports(trees[name], set(trees))


@pytest.mark.parametrize("name", ["cardrules", "cardrules.records", "cardrules.registry"])
def test_importing_the_core_loads_no_variant(name: str) -> None:
    code = (
        f"import sys, {name}; "
        "print(sorted(m for m in sys.modules if m.startswith(('cardrules.tarot', "
        "'cardrules.bid_euchre', 'cardrules.bots', 'cardrules.cli', 'mypy'))))"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert run.stdout.strip() == "[]"


def test_plugins_are_looked_up_only_when_asked_for() -> None:
    """`import cardrules` and the built-in variants never read the installed packages'
    metadata (most of the import time it used to cost); a name that is not built in does."""
    code = (
        "import sys, cardrules\n"
        "cardrules.get_variant('tarot'); cardrules.get_variant('bid-euchre')\n"
        "before = 'importlib.metadata' in sys.modules\n"
        "cardrules.variant_ids()\n"
        "print(before, 'importlib.metadata' in sys.modules)\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert run.stdout.split() == ["False", "True"]


# -- the layers above read the games' declarations -----------------------------------------

_GAME_IDS = ("tarot", "bid-euchre", "french-tarot", "bid_euchre")
_GAME_CLASSES = re.compile(r"\b(Tarot|BidEuchre)(Variant|State|View|Options|Match|Bot)\b")
# The command line's per-game presenters and score commands, and each game's own bot,
# speak of one game by design; the registry lists the built-in games.
_PER_GAME = {
    "cli/_present.py",
    "cli/_score.py",
    "bots/tarot.py",
    "bots/bid_euchre.py",
    "registry.py",
}


def test_no_module_outside_the_games_switches_on_a_game() -> None:
    """Outside the variant packages no code compares a variant's id with a game's, nor
    checks a value against a game's classes: simulation, reports, bots, the command
    line and the integrations read the declaration (``variant.info``) instead."""
    switches = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.split("/")[0] in VARIANTS or rel in _PER_GAME:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                values = [node.left, *node.comparators]
                if any(isinstance(v, ast.Constant) and v.value in _GAME_IDS for v in values):
                    switches.append(f"{rel}:{node.lineno}: {ast.unparse(node)}")
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", "") in ("isinstance", "issubclass", "type")
                and _GAME_CLASSES.search(ast.unparse(node))
            ):
                switches.append(f"{rel}:{node.lineno}: {ast.unparse(node)}")
    assert switches == []


def test_the_integrations_and_the_simulation_import_no_game() -> None:
    """The layers above load a game only through the registry, when asked for it."""
    loaded = []
    for name in (
        "simulation.py",
        "_report.py",
        "integrations/_common.py",
        "integrations/openspiel.py",
        "integrations/pettingzoo.py",
        "bots/base.py",
    ):
        tree = ast.parse((PACKAGE / name).read_text(encoding="utf-8"))
        loaded += [
            f"{name}: {ast.unparse(node)}"
            for node in ast.walk(tree)
            if isinstance(node, (ast.Import, ast.ImportFrom))
            and any(
                n.startswith(("cardrules.tarot", "cardrules.bid_euchre")) for n in imported(node)
            )
        ]
    assert loaded == []


def test_the_games_are_lazy_attributes_of_the_package() -> None:
    code = (
        "import sys, cardrules\n"
        "assert 'cardrules.tarot' not in sys.modules\n"
        "assert {'tarot', 'bid_euchre'} <= set(dir(cardrules))\n"
        "assert cardrules.tarot.TarotVariant().id == 'tarot'\n"
        "assert cardrules.bid_euchre.BidEuchreVariant().id == 'bid-euchre'\n"
        "assert 'cardrules.bid_euchre' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    with pytest.raises(AttributeError, match="no attribute 'whist'"):
        cardrules.__getattr__("whist")


@pytest.mark.parametrize("name", ["cardrules", "cardrules.tarot", "cardrules.bid_euchre"])
def test_a_face_lists_only_its_public_names(name: str) -> None:
    module = sys.modules[name] if name in sys.modules else __import__(name, fromlist=["_"])
    listed = dir(module)
    assert set(module.__all__) <= set(listed)
    assert not [n for n in listed if n.startswith("_") and n != "__version__"]
    for helper in ("Any", "TYPE_CHECKING", "warnings", "Final", "annotations"):
        assert helper not in listed
    for listed_name in listed:
        assert getattr(module, listed_name) is not None
