"""Finding a variant's heuristic bot: the variant of a name, and the bot its declaration
names (:attr:`GameInfo.bot <cardrules.info.GameInfo.bot>`), loaded on first use.

Apart from :mod:`cardrules.bots.base`, so that the bots that play a heuristic bot's
moves (the search bot) find it without importing the factory that builds them.
"""

from __future__ import annotations

import functools
import importlib
from typing import TYPE_CHECKING

from cardrules._util import quote
from cardrules.bots._checks import check_bot
from cardrules.errors import PluginError, UnknownVariantError
from cardrules.registry import get_variant_class
from cardrules.state import Variant

if TYPE_CHECKING:
    from cardrules.bots.base import Bot

__all__ = ["heuristic_bot", "variant_of"]


def variant_of(variant: Variant | str) -> Variant:
    """``variant``, or the variant of that name (or alias) with its default options.

    Raises:
        UnknownVariantError: no variant has that name.
    """
    given: object = variant
    if isinstance(given, Variant):
        return given
    return _default_variant(get_variant_class(variant))  # type: ignore[arg-type]


def heuristic_bot(variant: Variant | str) -> Bot:
    """A new heuristic bot of ``variant`` (or of the variant of that name).

    Raises:
        UnknownVariantError: no variant has that name, or it declares no heuristic bot.
        PluginError: the bot it declares cannot be loaded.
    """
    found = variant_of(variant)
    path = found.info.bot
    if path is None:
        raise UnknownVariantError(
            f"variant {found.id!r} has no heuristic bot; use kind='random' or write a Bot of "
            "your own"
        )
    return _load_bot(path)


@functools.cache
def _default_variant(variant_class: type[Variant]) -> Variant:
    """The variant of ``variant_class`` with its default options."""
    return variant_class()


def _load_bot(path: str) -> Bot:
    """A new bot of the class at the lazy ``"module:Class"`` path."""
    module_name, _, class_name = path.partition(":")
    try:
        bot_class = getattr(importlib.import_module(module_name), class_name)
        bot: object = bot_class()
    except Exception as exc:  # a plugin's bot must fail as the library's error
        raise PluginError(f"the bot {quote(path)} cannot be loaded: {exc}") from None
    check_bot(bot, f"the bot {path}")
    return bot  # type: ignore[return-value]
