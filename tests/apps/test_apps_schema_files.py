"""The schema files the package ships are what ``regenerate_schemas.py`` writes.

The script is loaded by its path (the tests also run from a copy of ``tests/`` outside
the repository, against the installed wheel) and its output is compared byte for byte
with the files of the installed package. If a change of the schemas is intended,
``python tests/apps/regenerate_schemas.py`` rewrites the files, and the diff is reviewed.
"""

import importlib.util
import itertools
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

import cardrules
from cardrules import json_schema

_DIFF_LINES = 60
_REGENERATE = "python tests/apps/regenerate_schemas.py"


def _load_regenerate_schemas() -> ModuleType:
    name = "cardrules_apps_regenerate_schemas"
    if name in sys.modules:
        return sys.modules[name]
    path = Path(__file__).with_name("regenerate_schemas.py")
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


schemas = _load_regenerate_schemas()

KINDS_AND_VARIANTS = list(
    itertools.product(sorted(cardrules.wire.SCHEMA_KINDS), ["tarot", "bid-euchre"])
)


def test_shipped_schema_files_are_the_script_output() -> None:
    lines = schemas.diff(schemas.shipped())
    if lines:
        shown = "".join(lines[:_DIFF_LINES])
        more = len(lines) - _DIFF_LINES
        tail = f"... and {more} more diff lines\n" if more > 0 else ""
        pytest.fail(
            f"the shipped schemas are not what the script writes:\n{shown}{tail}"
            f"If the change is intended, run {_REGENERATE} and review the diff.",
            pytrace=False,
        )


@pytest.mark.parametrize(("kind", "variant_id"), KINDS_AND_VARIANTS)
def test_script_writes_the_schema_json_schema_returns(kind: str, variant_id: str) -> None:
    assert json_schema(kind, variant_id) == schemas.SCHEMAS[f"{variant_id}-{kind}"]


def test_script_writes_one_file_per_kind_and_variant() -> None:
    envelope = {f"envelope-{kind}.json" for kind in cardrules.wire.SCHEMA_KINDS}
    expected = {f"{v}-{k}.json" for k, v in KINDS_AND_VARIANTS} | envelope
    assert set(schemas.render_all()) == expected


@pytest.mark.parametrize("kind", cardrules.wire.SCHEMA_KINDS)
def test_script_writes_the_envelope_json_schema_returns(kind: str) -> None:
    assert json_schema(kind) == schemas.SCHEMAS[f"envelope-{kind}"]


def test_check_reports_a_changed_file_and_a_stray_one(tmp_path: Path) -> None:
    written = schemas.write(tmp_path)
    assert sorted(p.name for p in written) == sorted(schemas.render_all())
    assert schemas.diff(tmp_path) == []
    assert schemas.write(tmp_path) == []
    view = tmp_path / "tarot-view.json"
    changed = json.loads(view.read_text(encoding="utf-8"))
    changed["title"] = "French Tarot view"
    view.write_text(json.dumps(changed, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    (tmp_path / "tarot-views.json").write_text("{}\n", encoding="utf-8")
    lines = schemas.diff(tmp_path)
    assert '-  "title": "French Tarot view",\n' in lines
    assert '+  "title": "French Tarot seat view",\n' in lines
    assert lines[-1] == "stray schema file: tarot-views.json\n"
    assert schemas.write(tmp_path) == [view]
    assert schemas.diff(tmp_path) == ["stray schema file: tarot-views.json\n"]


def test_check_command_exits_1_on_a_difference(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(schemas, "REPO_SCHEMAS", tmp_path)
    assert schemas.main(["--check"]) == 1
    assert "regenerate: python tests/apps/regenerate_schemas.py" in capsys.readouterr().out
    assert schemas.main([]) == 0
    assert capsys.readouterr().out.endswith("15 schema files, 15 changed\n")
    assert schemas.main(["--check"]) == 0
    assert capsys.readouterr().out == "15 schema files match\n"
