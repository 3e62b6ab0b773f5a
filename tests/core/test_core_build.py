"""``cardrules.compiled`` tells the build that runs, in the pure and the compiled build."""

from __future__ import annotations

import importlib
from importlib.machinery import ExtensionFileLoader

import pytest

import cardrules


@pytest.mark.parametrize("variant", ["tarot", "bid_euchre"])
def test_compiled_matches_the_loader_of_each_engine_room(variant: str) -> None:
    engine = importlib.import_module(f"cardrules.{variant}._engine")
    assert engine.__spec__ is not None
    assert isinstance(engine.__spec__.loader, ExtensionFileLoader) is cardrules.compiled


def test_compiled_is_a_bool_in_all() -> None:
    assert type(cardrules.compiled) is bool
    assert "compiled" in cardrules.__all__
