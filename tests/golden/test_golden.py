"""The golden transcripts in this folder match the engine, step for step.

Each file is regenerated in memory by ``regenerate.py`` (loaded by its path: the tests
also run from a copy of ``tests/`` outside the repository) and compared line by line.
A difference fails with the start of a unified diff; if the change is intended,
``python tests/golden/regenerate.py`` rewrites the files, and the diff is reviewed.
"""

import importlib.util
import shutil
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

_DIFF_LINES = 60
_REGENERATE = "python tests/golden/regenerate.py"


def _load_regenerate() -> ModuleType:
    name = "cardrules_golden_regenerate"
    if name in sys.modules:
        return sys.modules[name]
    path = Path(__file__).with_name("regenerate.py")
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


golden = _load_regenerate()


@pytest.mark.parametrize("config", golden.CONFIGS, ids=lambda c: c.name)
def test_golden_transcript_matches(config: Any) -> None:
    assert config.path.is_file(), f"{config.path.name} is missing; run {_REGENERATE}"
    lines = golden.diff(config)
    if lines:
        shown = "".join(lines[:_DIFF_LINES])
        more = len(lines) - _DIFF_LINES
        tail = f"... and {more} more diff lines\n" if more > 0 else ""
        pytest.fail(
            f"the engine no longer writes {config.path.name}:\n{shown}{tail}"
            f"If the change is intended, run {_REGENERATE} and review the diff.",
            pytrace=False,
        )


def test_golden_files_live_next_to_the_test() -> None:
    assert Path(__file__).resolve().parent == golden.HERE
    written = {c.path.name for c in golden.CONFIGS}
    found = {p.name for p in golden.HERE.glob("*.txt")}
    assert written == found, f"missing {written - found}, stray {found - written}; {_REGENERATE}"


def test_configurations_have_distinct_names_and_deals() -> None:
    names = [c.name for c in golden.CONFIGS]
    assert len(set(names)) == len(names)
    for config in golden.CONFIGS:
        assert config.deals, config.name
        assert len(set(config.deals)) == len(config.deals), config.name
        assert {d.driver for d in config.deals} <= set(golden.DRIVERS), config.name


def test_check_reports_a_changed_line_and_write_restores_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # One small configuration keeps the test quick; main() reads CONFIGS and HERE.
    config = min(golden.CONFIGS, key=lambda c: c.path.stat().st_size)
    shutil.copy(config.path, tmp_path / config.path.name)
    monkeypatch.setattr(golden, "CONFIGS", (config,))
    monkeypatch.setattr(golden, "HERE", tmp_path)
    target = config.path
    assert target.parent == tmp_path
    text = target.read_text(encoding="utf-8")
    changed = text.replace(" -> ", " => ", 1)
    target.write_text(changed, encoding="utf-8")
    (tmp_path / "left-over.txt").write_text(golden.HEADER + "\n", encoding="utf-8")

    assert golden.main(["--check"]) == 1
    out = capsys.readouterr().out
    assert f"--- tests/golden/{target.name} (recorded)" in out
    assert "-" + next(line for line in changed.splitlines() if " => " in line) in out
    assert "stray golden file: left-over.txt" in out
    assert target.read_text(encoding="utf-8") == changed

    assert golden.main([]) == 0
    assert target.read_text(encoding="utf-8") == text
    assert not (tmp_path / "left-over.txt").exists()
    assert golden.main(["--check"]) == 0
