"""JSON for apps: what ``to_dict()`` writes, and the published JSON Schemas.

Every value an app sends over the wire has a ``to_dict()`` that returns plain JSON
values (``dict``, ``list``, ``str``, ``int``, ``float``, ``bool``, ``None``), so
``json.dumps(value.to_dict())`` always works: a seat's view (``state.view(seat)``), a
result (``state.result()``), an error (any :class:`~cardrules.CardrulesError`) and a
record (``state.record()``). One convention holds throughout:

* a card is its notation (``"QH"``, ``"21T"``, ``"EX"``), an action its notation as the
  variant writes it (``"play QH"``, ``"bid garde"``);
* an enum is its notation word or value (``"garde-contre"``, ``"attack"``, ``"H"``,
  ``"no-trump"``), a phase its value (``"play"``);
* a score with a half point is a float (``40.5``), every other number an ``int``;
* a ``(seat, card)`` pair is a two-item list.

:func:`cardrules.json_schema` gives the JSON Schema (Draft 2020-12) of each kind of
document for each built-in variant, so that a client team can code against it and validate what it
receives.

>>> import json, cardrules
>>> state = cardrules.get_variant("tarot").new_game(seed=1)
>>> document = state.view(2).to_dict()
>>> document["phase"], document["hand"][:3], json.loads(json.dumps(document)) == document
('bidding', ['JS', '3H', '6H'], True)
>>> cardrules.json_schema("view", "tarot")["title"]
'French Tarot seat view'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from importlib import resources
from typing import Any, Final

# The conventions of the variants' to_dict() and from_dict(), importable from here too
# (pyproject.toml lets mypy see them re-exported).
from cardrules._documents import (  # noqa: F401 - re-exported
    MATCH_FORMAT,
    MATCH_SCHEMA_VERSION,
    card_set,
    cards,
    facts_filled,
    match_agrees,
    match_check,
    match_document,
    match_header,
    match_list,
    number,
    same_json,
    seated,
)
from cardrules._util import quote
from cardrules.errors import (
    InvalidArgumentError,
    ScoreInputError,
    UnknownVariantError,
)
from cardrules.registry import get_variant_class

__all__ = ["SCHEMA_KINDS", "json_schema"]

SCHEMA_KINDS: Final = ("record", "view", "result", "error", "match")
"""The kinds of documents :func:`cardrules.json_schema` describes."""

_BUILT_IN: Final = ("tarot", "bid-euchre")


def json_schema(kind: str, variant_id: str | None = None) -> dict[str, Any]:
    """The JSON Schema (Draft 2020-12) of one kind of document of a built-in variant,
    or, without a variant, the envelope (:mod:`cardrules.envelope`) that every
    variant's documents of that kind share, plugins' included.

    The schemas ship with the package (``cardrules/schemas/<variant>-<kind>.json``,
    ``envelope-<kind>.json``); each call returns a fresh copy, which the caller may
    change. Each variant's schema extends the envelope's of its kind: it has every key
    of the envelope, narrowed to the variant (its seats, cards, contracts).

    Args:
        kind: ``"record"`` (``dumps(state.record())``; the record envelope describes
            match records too), ``"view"`` (``state.view(seat).to_dict()``), ``"result"``
            (``state.result().to_dict()``), ``"error"`` (``error.to_dict()``) or
            ``"match"`` (``match.to_dict()``).
        variant_id: ``"tarot"`` or ``"bid-euchre"`` (or one of their aliases), or
            ``None`` for the envelope.

    Raises:
        InvalidArgumentError: ``kind`` is not one of :data:`~cardrules.wire.SCHEMA_KINDS`.
        UnknownVariantError: ``variant_id`` is not a built-in variant (plugins publish
            their own schemas, if any).

    >>> schema = json_schema("result", "bid-euchre")
    >>> schema["$schema"], sorted(schema["properties"])[:3]
    ('https://json-schema.org/draft/2020-12/schema', ['bid_euchre', 'bidding_team', 'contract'])
    >>> json_schema("view")["required"][:4]
    ['contract', 'dealer', 'declarer', 'hand']
    >>> json_schema("match")["required"][:4], json_schema("error")["title"]
    (['dealer', 'deals', 'first_dealer', 'format'], 'Error envelope')
    """
    given: object = kind
    if not isinstance(given, str) or given not in SCHEMA_KINDS:
        raise InvalidArgumentError(
            f"kind must be one of {', '.join(map(repr, SCHEMA_KINDS))}, not {quote(kind)}"
        )
    named: object = variant_id
    if named is None:
        name = "envelope"
    elif not isinstance(named, str):
        raise UnknownVariantError(f"a variant id is a string, not {quote(variant_id)}")
    else:
        name = get_variant_class(named).id
    if name not in (*_BUILT_IN, "envelope"):
        raise UnknownVariantError(
            f"no published schema for the variant {quote(name)}: cardrules publishes the "
            "schemas of its built-in variants, 'tarot' and 'bid-euchre'"
        )
    text = (
        resources.files("cardrules")
        .joinpath("schemas", f"{name}-{kind}.json")
        .read_text(encoding="utf-8")
    )
    schema: dict[str, Any] = json.loads(text)
    return schema


# -- and back, for the from_dict() methods ----------------------------------------------


def facts_from_dict(
    cls: type[Any],
    document: object,
    fields: tuple[str, ...],
    required: tuple[str, ...],
    defaults: Mapping[str, Any] | None = None,
) -> Any:
    """``cls(**document)`` for a score-only facts document (untrusted JSON), with a
    :class:`~cardrules.ScoreInputError` for a document that is not such facts.

    Args:
        cls: The facts class; its constructor checks every value.
        document: The JSON object.
        fields: Every field the facts have.
        required: The fields the document must give.
        defaults: The values of fields the document may leave out where ``cls`` has no
            default of its own (a void hand's declarer and tricks).

    Raises:
        ScoreInputError: not an object, an unknown field, a missing one, or a field
            ``cls`` refuses.
    """
    if not isinstance(document, Mapping):
        raise ScoreInputError(f"the facts are a JSON object, not {quote(document)}")
    unknown = [k for k in document if k not in fields]
    if unknown:
        raise ScoreInputError(
            f"unknown field {quote(unknown[0])} in the facts: the fields are " + ", ".join(fields)
        )
    missing = [k for k in required if k not in document]
    if missing:
        raise ScoreInputError(f"the facts lack the field {missing[0]!r}")
    return cls(**{**(defaults or {}), **document})


def result_from_dict(
    document: object,
    rescore: Callable[[Mapping[str, Any]], Any],
    added: Iterable[str] = (),
) -> Any:
    """The result a result document (untrusted JSON, as ``to_dict()`` writes) describes.

    The result is scored again from the document's facts by ``rescore``, and the document
    must then be exactly what that result's ``to_dict()`` writes: a changed score, total
    or text is refused, so a document never carries a score its facts do not give.

    Args:
        document: The JSON object.
        rescore: Scores the document's facts (it checks them), under the caller's options.
        added: Fields a document written by an earlier version lacks (the envelope's):
            they may be absent, and are checked when present.

    Raises:
        ScoreInputError: not an object, a field missing or unknown, facts refused, or a
            field that differs from the facts' score (the message names it).
    """
    if not isinstance(document, Mapping):
        raise ScoreInputError(f"a result is a JSON object, not {quote(document)}")
    result = rescore(document)
    expected: dict[str, Any] = result.to_dict()
    unknown = [key for key in document if key not in expected]
    if unknown:
        raise ScoreInputError(
            f"unknown field {quote(unknown[0])} in the result: the fields are "
            + ", ".join(expected)
        )
    optional = frozenset(added)
    for key, value in expected.items():
        if key not in document and key in optional:
            continue
        if key not in document:
            raise ScoreInputError(f"the result lacks the field {key!r}")
        if not same_json(document[key], value):
            raise ScoreInputError(
                f"the result's {key!r} is {quote(document[key])}, but its facts score"
                f" {quote(value)} under these options"
            )
    return result
