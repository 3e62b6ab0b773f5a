"""The variant registry: names, aliases, and plugins that load or fail to load.

Every test gives the registry fresh caches (``toy.sandbox_registry``): toy whist plays
the part of a built-in variant, and ``importlib.metadata.entry_points`` is replaced by a
list of fake plugins. The real built-ins are checked at the end when importable.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import textwrap
import typing
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from cardrules import (
    OptionsError,
    PluginError,
    UnknownVariantError,
    get_variant,
    get_variant_class,
    plugin_errors,
    registry,
    variant_ids,
)

if TYPE_CHECKING:
    from tests.core import toy
else:
    import cardrules_core_toy as toy  # loaded by tests/conftest.py

TOY = f"{toy.module_name()}:ToyVariant"


def plugin(name: str, target: str) -> metadata.EntryPoint:
    return toy.entry_point(name, target)


@pytest.mark.parametrize(
    "name",
    [
        "toy-whist",
        "TOY-WHIST",
        "toy_whist",
        "Toy Whist",
        " toy whist ",
        "toywhist",
        "ToyWhist",
        "three-handed toy",
        "Three_Handed TOY",
    ],
)
def test_lookup_by_id_and_aliases(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    toy.sandbox_registry(monkeypatch)
    assert get_variant_class(name) is toy.ToyVariant
    assert get_variant(name) == toy.ToyVariant()
    assert get_variant(name, trump="H") == toy.ToyVariant(trump="H")


def test_bad_options_through_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    toy.sandbox_registry(monkeypatch)
    with pytest.raises(OptionsError):
        get_variant("toy-whist", trump="X")
    with pytest.raises(OptionsError):
        get_variant("toy-whist", jokers=2)


@pytest.mark.parametrize("name", ["whist", "toy-whist-2", "", "   ", "x" * 5000, "toy\nwhist"])
def test_unknown_names_list_the_known_ids(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    toy.sandbox_registry(monkeypatch)
    with pytest.raises(UnknownVariantError) as info:
        get_variant(name)
    assert isinstance(info.value, LookupError)
    assert "known variants: toy-whist" in str(info.value)
    assert len(str(info.value)) < 300


@pytest.mark.parametrize("name", [None, 1, b"toy-whist", ["toy-whist"]])
def test_names_must_be_text(monkeypatch: pytest.MonkeyPatch, name: object) -> None:
    toy.sandbox_registry(monkeypatch)
    with pytest.raises(UnknownVariantError):
        get_variant_class(name)  # type: ignore[call-overload]


def test_a_broken_plugin_fails_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    toy.sandbox_registry(
        monkeypatch,
        entry_points=[
            plugin("broken-whist", "cardrules_no_such_plugin_module:Whist"),
            plugin("no_class", f"{toy.module_name()}:NoSuchVariant"),
            plugin("not-a-variant", f"{toy.module_name()}:ToyView"),
        ],
    )
    with pytest.raises(PluginError, match="ModuleNotFoundError") as info:
        get_variant("Broken Whist")
    assert "broken whist" in str(info.value).lower()
    with pytest.raises(PluginError, match="AttributeError"):
        get_variant("no-class")
    with pytest.raises(PluginError, match="TypeError"):
        get_variant("not_a_variant")
    assert get_variant("toy-whist") == toy.ToyVariant()
    assert variant_ids() == ("toy-whist",)
    errors = plugin_errors()
    assert sorted(errors) == ["broken-whist", "no-class", "not-a-variant"]
    assert errors["broken-whist"].startswith("ModuleNotFoundError")
    with pytest.raises(UnknownVariantError):
        get_variant("still-unknown")


def test_a_working_plugin_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    toy.sandbox_registry(monkeypatch, builtins={}, entry_points=[plugin("whisty", TOY)])
    assert get_variant_class("toy-whist") is toy.ToyVariant
    assert get_variant_class("Whisty") is toy.ToyVariant
    assert get_variant_class("toywhist") is toy.ToyVariant
    assert variant_ids() == ("toy-whist",)
    assert plugin_errors() == {}


def test_a_plugin_cannot_replace_a_built_in(monkeypatch: pytest.MonkeyPatch) -> None:
    # LeakyView is a ToyVariant subclass with the same id, "toy-whist".
    leaky = f"{toy.module_name()}:LeakyView"
    toy.sandbox_registry(
        monkeypatch, entry_points=[plugin("toy-whist", leaky), plugin("hijack", leaky)]
    )
    # plugin_errors() first: plugins are read only after the built-ins are registered.
    errors = plugin_errors()
    assert list(errors) == ["hijack"]
    assert "already taken" in errors["hijack"]
    assert get_variant_class("toy-whist") is toy.ToyVariant
    with pytest.raises(PluginError, match="already taken"):
        get_variant("hijack")


def test_entry_points_are_read_once_and_only_when_needed(monkeypatch: pytest.MonkeyPatch) -> None:
    toy.sandbox_registry(monkeypatch)
    fake = metadata.entry_points
    calls: list[str] = []

    def counting(*, group: str) -> object:
        calls.append(group)
        return fake(group=group)

    monkeypatch.setattr(metadata, "entry_points", counting)
    get_variant("toy-whist")
    assert calls == []
    for _ in range(3):
        with pytest.raises(UnknownVariantError):
            get_variant("whist")
    assert calls == [registry.ENTRY_POINT_GROUP]


@pytest.mark.parametrize(
    ("variant_id", "module"),
    [("tarot", "cardrules.tarot.variant"), ("bid-euchre", "cardrules.bid_euchre.variant")],
)
def test_the_built_in_variants(
    monkeypatch: pytest.MonkeyPatch, variant_id: str, module: str
) -> None:
    pytest.importorskip(module)
    toy.sandbox_registry(
        monkeypatch,
        builtins={variant_id: registry._BUILTINS[variant_id]},
        entry_points=[plugin("broken", "cardrules_no_such_plugin_module:X")],
    )
    cls = get_variant_class(variant_id)
    assert cls.id == variant_id
    for alias in (variant_id, *cls.aliases):
        for spelling in (alias, alias.upper(), alias.replace("-", "_"), alias.replace("-", " ")):
            assert get_variant_class(spelling) is cls
    assert type(get_variant(variant_id)) is cls
    assert variant_ids() == (variant_id,)
    with pytest.raises(PluginError):
        get_variant("broken")
    assert get_variant_class(variant_id) is cls


# -- types ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("literal", "target"),
    [("_TarotName", "tarot"), ("_BidEuchreName", "bid-euchre")],
)
def test_the_typed_names_are_the_built_in_ids_and_aliases(literal: str, target: str) -> None:
    module, _, name = registry._BUILTINS[target].partition(":")
    cls = getattr(pytest.importorskip(module), name)
    assert typing.get_args(getattr(registry, literal)) == (cls.id, *cls.aliases)


TYPED_USE = """
    import cardrules
    from cardrules.state import Variant

    def plugin(name: str) -> Variant:
        return cardrules.get_variant(name)

    reveal_type(cardrules.get_variant("tarot"))
    reveal_type(cardrules.get_variant("french-tarot", players=3).new_game(seed=1))
    reveal_type(cardrules.get_variant("bid-euchre"))
    reveal_type(cardrules.get_variant("bid euchre", joker=True).new_game())
    reveal_type(cardrules.get_variant_class("tarot-fr"))
    reveal_type(cardrules.get_variant_class("bideuchre"))
    reveal_type(cardrules.get_variant("whist"))
    reveal_type(cardrules.get_variant("whist").new_game())
    reveal_type(cardrules.get_variant_class("Tarot"))
    reveal_type(plugin("tarot"))
"""


def test_type_checkers_know_each_built_in_variant_by_its_names(tmp_path: Path) -> None:
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed (it comes with the test extra)")
    source = tmp_path / "typed_use.py"
    source.write_text(textwrap.dedent(TYPED_USE), encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"), "."],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    # 'Revealed type is "type[cardrules.tarot.variant.TarotVariant]"' -> type[TarotVariant]
    revealed = [
        re.sub(r"[\w.]+\.(\w+)", r"\1", line.split('"')[1])
        for line in run.stdout.splitlines()
        if "Revealed type" in line
    ]
    assert revealed == [
        "TarotVariant",
        "TarotState",
        "BidEuchreVariant",
        "BidEuchreState",
        "type[TarotVariant]",
        "type[BidEuchreVariant]",
        "Variant",
        "State",
        "type[Variant]",
        "Variant",
    ]
