"""Every public name carries a runnable ``>>>`` example in its own docstring.

The walk starts from the ``__all__`` of every public module of the package (the
modules whose dotted name has no part starting with ``_``, the optional framework
integrations excepted) and keeps the classes and functions defined in cardrules,
exceptions aside (their examples are the refusals on the pages of the states). For
classes it also checks the methods and properties a user calls first.

Run as a script, it prints the counts of names without an example::

    python tests/docs/test_docs_examples.py
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
from collections.abc import Iterator
from typing import Any

import cardrules

# Needs their optional frameworks; tests/integrations runs their doctests.
_OPTIONAL = frozenset(
    {
        "cardrules.integrations.gymnasium",
        "cardrules.integrations.openspiel",
        "cardrules.integrations.pettingzoo",
    }
)

# The methods a newcomer calls first: each public class that defines one of these
# (in its own body) shows it in a runnable example.
FIRST_METHODS = frozenset(
    {
        "after",
        "apply",
        "check",
        "from_dict",
        "is_legal",
        "legal_actions",
        "new_game",
        "next_deal",
        "record",
        "to_dict",
        "view",
    }
)


def public_modules() -> list[str]:
    """The dotted names of the public modules, the package first."""
    names = ["cardrules"]
    for info in pkgutil.walk_packages(cardrules.__path__, "cardrules."):
        parts = info.name.split(".")
        if any(part.startswith("_") for part in parts) or info.name in _OPTIONAL:
            continue
        names.append(info.name)
    return names


def _own(obj: Any) -> bool:
    return getattr(obj, "__module__", "").startswith("cardrules")


def public_objects() -> dict[str, Any]:
    """Each public class and function, once, under the first public name found."""
    seen: dict[int, str] = {}
    found: dict[str, Any] = {}
    for module_name in public_modules():
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if not (inspect.isclass(obj) or inspect.isfunction(obj)) or not _own(obj):
                continue
            if inspect.isclass(obj) and issubclass(obj, BaseException):
                continue
            if id(obj) in seen:
                continue
            seen[id(obj)] = f"{module_name}.{name}"
            found[f"{module_name}.{name}"] = obj
    return found


def _callable_of(member: Any) -> Any:
    """The function or property behind a class attribute, or None for data."""
    if isinstance(member, (classmethod, staticmethod)):
        return member.__func__
    if isinstance(member, property) or inspect.isfunction(member):
        return member
    # functools.cached_property keeps its function as ``func``.
    func = getattr(member, "func", None)
    return func if inspect.isfunction(func) else None


def public_members(cls: type) -> Iterator[tuple[str, str | None]]:
    """(name, docstring) of the public methods and properties ``cls`` defines itself."""
    for name, member in vars(cls).items():
        target = _callable_of(member)
        if not name.startswith("_") and target is not None:
            yield name, target.__doc__


def _has_example(doc: str | None) -> bool:
    return doc is not None and ">>>" in doc


def missing_names() -> list[str]:
    """The public classes and functions without an example."""
    return sorted(n for n, o in public_objects().items() if not _has_example(o.__doc__))


def missing_members(*, first_only: bool) -> list[str]:
    """Public methods and properties without an example (``first_only``: FIRST_METHODS)."""
    missing = []
    for qualname, obj in public_objects().items():
        if not inspect.isclass(obj):
            continue
        for name, doc in public_members(obj):
            if first_only and name not in FIRST_METHODS:
                continue
            if not _has_example(doc):
                missing.append(f"{qualname}.{name}")
    return sorted(missing)


def counts() -> dict[str, int]:
    """The figures the issue quotes, and the first methods' count."""
    objects = public_objects()
    members = [
        (f"{q}.{n}", d)
        for q, o in objects.items()
        if inspect.isclass(o)
        for n, d in public_members(o)
    ]
    return {
        "public classes and functions": len(objects),
        "public classes and functions without an example": len(missing_names()),
        "public methods and properties": len(members),
        "public methods and properties without an example": len(missing_members(first_only=False)),
        "first methods": sum(1 for q, _ in members if q.rsplit(".", 1)[1] in FIRST_METHODS),
        "first methods without an example": len(missing_members(first_only=True)),
    }


def test_public_names_have_examples() -> None:
    missing = missing_names()
    assert not missing, f"public names without a >>> example: {missing}"


def test_first_methods_have_examples() -> None:
    missing = missing_members(first_only=True)
    assert not missing, f"methods without a >>> example: {missing}"


if __name__ == "__main__":
    for label, value in counts().items():
        print(f"{label}: {value}")
    if "-v" in sys.argv:
        print("\n".join(missing_names()))
        print("\n".join(missing_members(first_only=True)))
