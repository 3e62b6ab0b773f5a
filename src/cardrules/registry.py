"""Finding variants by name, and third-party variants from plugins.

Built-in variants are imported only when first asked for. Third-party packages add
variants through the entry-point group ``cardrules.variants``: each entry point names a
:class:`~cardrules.Variant` subclass, for example in the plugin's ``pyproject.toml``::

    [project.entry-points."cardrules.variants"]
    whist = "cardrules_whist:WhistVariant"

Plugins are loaded lazily, the first time a name is not found among the built-ins; a
plugin that fails to load raises :class:`~cardrules.PluginError` when asked for by
name and is skipped (with its error recorded) when listing, so it never breaks the
built-in variants.

>>> import cardrules
>>> cardrules.get_variant("french-tarot").id
'tarot'
>>> cardrules.get_variant("bid-euchre", joker=True).options.joker
True
>>> "tarot" in cardrules.variant_ids()
True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Final, Literal, overload

from cardrules._util import quote
from cardrules.errors import PluginError, UnknownVariantError
from cardrules.state import Variant

if TYPE_CHECKING:
    # For type checkers only: `import cardrules` loads no variant.
    from cardrules.bid_euchre.variant import BidEuchreVariant
    from cardrules.tarot.variant import TarotVariant

__all__ = ["ENTRY_POINT_GROUP", "get_variant", "get_variant_class", "plugin_errors", "variant_ids"]

ENTRY_POINT_GROUP: Final = "cardrules.variants"
"""The entry-point group third-party variants register in."""

_BUILTINS: Final = {
    "tarot": "cardrules.tarot.variant:TarotVariant",
    "bid-euchre": "cardrules.bid_euchre.variant:BidEuchreVariant",
}

# The built-in variants' ids and aliases, exactly as their classes spell them, so that a
# type checker gives get_variant("tarot") the type TarotVariant (tested against the
# classes). Any other spelling the registry reads is typed as a plain Variant.
_TarotName = Literal["tarot", "french-tarot", "french_tarot", "tarot-fr"]
_BidEuchreName = Literal["bid-euchre", "bid_euchre", "bideuchre", "bid euchre"]

_classes: dict[str, type[Variant]] = {}
_aliases: dict[str, str] = {}
_scanned: list[bool] = []  # non-empty once the entry points have been read
_plugin_errors: dict[str, str] = {}


def _normalise(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def _load(target: str) -> type[Variant]:
    module_name, _, attr = target.partition(":")
    obj = getattr(importlib.import_module(module_name), attr)
    if not (isinstance(obj, type) and issubclass(obj, Variant)):
        raise TypeError(f"{target} is not a cardrules.Variant subclass")
    return obj


def _register(cls: type[Variant]) -> None:
    _classes[cls.id] = cls
    for alias in (cls.id, *cls.aliases):
        _aliases.setdefault(_normalise(alias), cls.id)


def _load_builtins() -> None:
    if all(key in _classes for key in _BUILTINS):
        return
    for target in _BUILTINS.values():
        _register(_load(target))


def _scan_plugins() -> None:
    if _scanned:
        return
    # Built-ins first, so that a plugin can never take a built-in's name or id.
    _load_builtins()
    _scanned.append(True)
    # Imported here, on the first look-up of a name that is not built in: reading the
    # installed packages' metadata is most of what `import cardrules` would cost.
    from importlib import metadata

    for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
        key = _normalise(ep.name)
        if key in _aliases:
            continue
        try:
            cls = _load(ep.value)
            taken = _classes.get(cls.id, cls)
        except Exception as exc:  # a broken plugin must never break the built-ins
            _plugin_errors[key] = f"{type(exc).__name__}: {exc}"
            continue
        if taken is not cls:
            _plugin_errors[key] = f"variant id {cls.id!r} is already taken by {taken.__name__}"
            continue
        _register(cls)
        _aliases.setdefault(key, cls.id)


@overload
def get_variant_class(name: _TarotName) -> type[TarotVariant]: ...
@overload
def get_variant_class(name: _BidEuchreName) -> type[BidEuchreVariant]: ...
@overload
def get_variant_class(name: str) -> type[Variant]: ...
def get_variant_class(name: str) -> type[Variant]:
    """The :class:`~cardrules.Variant` subclass registered under ``name`` or an alias.

    Type checkers know the class of a built-in variant named by its id or an alias as
    written (``type[TarotVariant]`` for ``"tarot"``); other names give ``type[Variant]``.

    Raises:
        UnknownVariantError: no variant has that name.
        PluginError: the plugin registering that name failed to load.

    >>> import cardrules
    >>> cls = cardrules.get_variant_class("tarot")
    >>> cls.__name__, cls.id, cls(players=3).players
    ('TarotVariant', 'tarot', 3)
    >>> cardrules.get_variant_class("skat")
    Traceback (most recent call last):
    ...
    cardrules.errors.UnknownVariantError: no variant named 'skat'; known variants: tarot, ...
    """
    if not isinstance(name, str):
        raise UnknownVariantError(f"a variant name is a str, not {type(name).__name__}")
    _load_builtins()
    key = _normalise(name[:64])
    if key not in _aliases:
        _scan_plugins()
    if key in _plugin_errors and key not in _aliases:
        raise PluginError(
            f"the plugin for variant {quote(name)} failed to load: {_plugin_errors[key]}"
        )
    if key not in _aliases:
        known = ", ".join(variant_ids())
        raise UnknownVariantError(f"no variant named {quote(name)}; known variants: {known}")
    return _classes[_aliases[key]]


@overload
def get_variant(name: _TarotName, **options: Any) -> TarotVariant: ...
@overload
def get_variant(name: _BidEuchreName, **options: Any) -> BidEuchreVariant: ...
@overload
def get_variant(name: str, **options: Any) -> Variant: ...
def get_variant(name: str, **options: Any) -> Variant:
    """Build the variant registered under ``name`` (or an alias) with these options.

    Type checkers know the type of a built-in variant named by its id or an alias as
    written: ``get_variant("tarot")`` is a ``TarotVariant``, and its ``new_game()`` a
    ``TarotState``; other names (plugins) give a :class:`~cardrules.Variant`.

    Raises:
        UnknownVariantError: no variant has that name.
        OptionsError: an option is unknown or invalid.

    >>> import cardrules
    >>> cardrules.get_variant("tarot", players=5).players
    5
    >>> cardrules.get_variant("bid-euchre", target_score=48).options.target_score
    48
    """
    return get_variant_class(name)(**options)


def variant_ids() -> tuple[str, ...]:
    """The ids of every available variant, built-ins first, then plugins that loaded.

    >>> import cardrules
    >>> cardrules.variant_ids()[:2]
    ('tarot', 'bid-euchre')
    """
    _load_builtins()
    _scan_plugins()
    return tuple(_classes)


def plugin_errors() -> dict[str, str]:
    """The plugins that failed to load, by entry-point name, with their error.

    A plugin that fails to load is left out of :func:`variant_ids`; this says why.

    >>> import cardrules
    >>> errors = cardrules.plugin_errors()  # {} when every installed plugin loads
    >>> all(type(name) is str and type(error) is str for name, error in errors.items())
    True
    """
    _scan_plugins()
    return dict(_plugin_errors)
