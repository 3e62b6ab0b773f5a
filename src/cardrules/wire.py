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
from fractions import Fraction
from importlib import resources
from typing import Any, Final

from cardrules._records import check_values
from cardrules._util import quote
from cardrules.cards import Card
from cardrules.errors import (
    InvalidArgumentError,
    RecordError,
    ScoreInputError,
    UnknownVariantError,
)
from cardrules.registry import get_variant_class

__all__ = ["SCHEMA_KINDS", "json_schema"]

SCHEMA_KINDS: Final = ("record", "view", "result", "error")
"""The kinds of documents :func:`cardrules.json_schema` describes."""

_BUILT_IN: Final = ("tarot", "bid-euchre")


def json_schema(kind: str, variant_id: str | None = None) -> dict[str, Any]:
    """The JSON Schema (Draft 2020-12) of one kind of document of a built-in variant,
    or, without a variant, the envelope (:mod:`cardrules.envelope`) that every
    variant's view and result documents share, plugins' included.

    The schemas ship with the package (``cardrules/schemas/<variant>-<kind>.json``,
    ``envelope-<kind>.json``); each call returns a fresh copy, which the caller may
    change. Each variant's view and result schema extends the envelope's: it has every
    key of the envelope, narrowed to the variant (its seats, cards, contracts).

    Args:
        kind: ``"record"`` (``dumps(state.record())``), ``"view"``
            (``state.view(seat).to_dict()``), ``"result"`` (``state.result().to_dict()``)
            or ``"error"`` (``error.to_dict()``).
        variant_id: ``"tarot"`` or ``"bid-euchre"`` (or one of their aliases), or
            ``None`` for the envelope (``"view"`` or ``"result"``).

    Raises:
        InvalidArgumentError: ``kind`` is not one of :data:`~cardrules.wire.SCHEMA_KINDS`,
            or has no envelope (``"record"``, ``"error"``) and no variant is given.
        UnknownVariantError: ``variant_id`` is not a built-in variant (plugins publish
            their own schemas, if any).

    >>> schema = json_schema("result", "bid-euchre")
    >>> schema["$schema"], sorted(schema["properties"])[:3]
    ('https://json-schema.org/draft/2020-12/schema', ['bid_euchre', 'bidding_team', 'contract'])
    >>> json_schema("view")["required"][:4]
    ['contract', 'dealer', 'declarer', 'hand']
    """
    given: object = kind
    if not isinstance(given, str) or given not in SCHEMA_KINDS:
        raise InvalidArgumentError(
            f"kind must be one of {', '.join(map(repr, SCHEMA_KINDS))}, not {quote(kind)}"
        )
    named: object = variant_id
    if named is None:
        if given not in ("view", "result"):
            raise InvalidArgumentError(
                f"the envelope describes views and results, not {quote(kind)}s: name a variant"
            )
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


# -- the conventions, for the to_dict() methods ---------------------------------------


def cards(items: Iterable[Card]) -> list[str]:
    """Cards as their notation, in the given order."""
    return [str(card) for card in items]


def card_set(items: Iterable[Card]) -> list[str]:
    """A set of cards as their notation, in card order."""
    return [str(card) for card in sorted(items, key=_card_order)]


def _card_order(card: Card) -> int:
    return card.index


def seated(pairs: Iterable[tuple[int, Card]]) -> list[list[Any]]:
    """``(seat, card)`` pairs as ``[seat, "QH"]`` lists."""
    return [[seat, str(card)] for seat, card in pairs]


def number(value: int | Fraction | None) -> int | float | None:
    """A score as JSON: an ``int``, or a float for a half point (exact in binary)."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    return value


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
        if not _same(document[key], value):
            raise ScoreInputError(
                f"the result's {key!r} is {quote(document[key])}, but its facts score"
                f" {quote(value)} under these options"
            )
    return result


def _same(given: object, expected: object) -> bool:
    """JSON equality, strict on types (``True`` is not ``1``; ``1.0`` is not ``1``)."""
    if isinstance(expected, list):
        return (
            isinstance(given, (list, tuple))
            and len(given) == len(expected)
            and all(_same(g, e) for g, e in zip(given, expected, strict=True))
        )
    if isinstance(expected, dict):
        return (
            isinstance(given, Mapping)
            and len(given) == len(expected)
            and all(k in given and _same(given[k], v) for k, v in expected.items())
        )
    return type(given) is type(expected) and given == expected


MATCH_FORMAT: Final = "cardrules-match"
"""The value of the ``format`` field of every match document (``match.to_dict()``)."""

MATCH_SCHEMA_VERSION: Final = 1
"""The match document version this library writes and reads."""


def match_header(variant_id: str) -> dict[str, Any]:
    """The first fields of a match document: its format, version and variant."""
    return {"format": MATCH_FORMAT, "schema": MATCH_SCHEMA_VERSION, "variant": variant_id}


def match_document(document: object, variant_id: str, fields: Iterable[str]) -> Mapping[str, Any]:
    """Check the frame of a match document (untrusted JSON, as ``match.to_dict()``
    writes): an object of JSON values a record could hold (the checks of
    :func:`cardrules.loads`), of this format, version and variant, with exactly
    ``fields`` besides those three.

    Raises:
        ScoreInputError: the first thing wrong, named.
    """
    if not isinstance(document, Mapping):
        raise ScoreInputError(f"a match document is a JSON object, not {quote(document)}")
    try:
        check_values(document)
    except RecordError as exc:
        raise ScoreInputError(str(exc).replace("the record", "the match document", 1)) from None
    if document.get("format") != MATCH_FORMAT:
        raise ScoreInputError(
            f"not a cardrules match document (format {quote(document.get('format'))},"
            f" not {MATCH_FORMAT!r})"
        )
    schema = document.get("schema")
    if type(schema) is not int or schema != MATCH_SCHEMA_VERSION:
        raise ScoreInputError(
            f"match document version {quote(schema)} is not supported (this library reads"
            f" {MATCH_SCHEMA_VERSION})"
        )
    if document.get("variant") != variant_id:
        raise ScoreInputError(
            f"this is a match of {quote(document.get('variant'))}, not of {variant_id!r}"
        )
    known = ("format", "schema", "variant", *fields)
    unknown = [key for key in document if key not in known]
    if unknown:
        raise ScoreInputError(f"the match document has the unknown field {quote(unknown[0])}")
    missing = [key for key in known if key not in document]
    if missing:
        raise ScoreInputError(f"the match document lacks the field {missing[0]!r}")
    return document


def match_list(document: Mapping[str, Any], key: str) -> list[Any]:
    """A match document's list field.

    Raises:
        ScoreInputError: the field is not a list.
    """
    value = document[key]
    if type(value) is not list:
        raise ScoreInputError(f"the match document's {key!r} is a list, not {quote(value)}")
    return value


def match_check(document: Mapping[str, Any], key: str, actual: object) -> None:
    """Refuse a match document whose derived field ``key`` is not what its deals give.

    Raises:
        ScoreInputError: naming the field, the document's value and the right one.
    """
    given = document[key]
    if not _same(given, actual):
        raise ScoreInputError(
            f"the match document's {key!r} is {_json_quote(given)}, "
            f"but its deals give {_json_quote(actual)}"
        )


def _json_quote(value: object) -> str:
    # A document's value as JSON writes it: null, true and false, not Python's names.
    if value is None or type(value) is bool:
        return json.dumps(value)
    return quote(value)
