"""The shared option validators of ``cardrules.options``."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from cardrules import OptionsError
from cardrules.options import JSON_INT_LIMIT, choice, flag, int_in


@attrs.frozen(kw_only=True)
class House:
    target: int = attrs.field(default=32, validator=int_in(1, 100))
    big: int = attrs.field(default=0, validator=int_in())
    style: str = attrs.field(default="a", validator=choice("a", "b"))
    level: int = attrs.field(default=1, validator=choice(1, 2))
    on: bool = attrs.field(default=False, validator=flag)


def test_defaults_and_good_values_pass() -> None:
    House()
    House(target=100, big=-JSON_INT_LIMIT, style="b", level=2, on=True)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("target", 0),
        ("target", 101),
        ("target", True),
        ("target", 3.0),
        ("target", "3"),
        pytest.param("target", 10**5000, id="target-huge"),
        ("big", JSON_INT_LIMIT + 1),
        pytest.param("big", -(10**400), id="big-400-digits"),
        ("style", "c"),
        ("style", 1),
        ("level", True),
        ("level", 1.0),
        ("level", "1"),
        ("on", 1),
        ("on", "yes"),
        ("on", None),
    ],
)
def test_bad_values_name_the_option_briefly(field: str, value: Any) -> None:
    with pytest.raises(OptionsError) as info:
        House(**{field: value})
    message = str(info.value)
    assert message.startswith(f"{field} must be ")
    assert len(message) < 200
