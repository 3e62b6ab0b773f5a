"""Hostile client text and JSON, class by class, at every entry point that reads it.

The entry points: ``loads`` without and with a key (and ``final_state`` of what it
reads), ``from_position`` of both variants, ``from_dict`` of every value type (the
facts of both games) and the options' JSON, ``decks.check_order`` (directly and as
``new_game(deck=...)``), and the score inputs (``points_from_text``, both matches'
``after`` given JSON). Each gets, in every field of valid documents of several option
sets, values of six classes:

* (c) non-finite numbers: ``NaN``, ``Infinity``, ``1e400`` and their negatives;
* (d) lone surrogates, in values and in keys;
* (e) deep nesting, of lists and objects, from past a record's depth to past Python's
  recursion limit;
* (f) duplicate keys, and a card or field listed twice;
* (g) huge integers, from 2**53 + 1 to 100,000 digits;
* (h) huge strings, up to 10 MB;
* (i) and, for the facts, every subset of their fields left out.

The only allowed outcomes are success or the entry point's documented error (a
:class:`~cardrules.CardrulesError` subclass, whose ``to_dict()`` JSON writes as UTF-8
text); an accepted input must round-trip (a
record through ``dumps``, a position through ``position()``, facts through
``to_dict()``). A call must change nothing it is given: each mutable argument (a
document, a deck order, a match) is compared with a snapshot taken before the call.
Wrong exception types and changes are collected and must be none; ``pytest -s`` prints
the tally per class and entry point. ``CARDRULES_DEEP=1`` tries every field of more
documents with every value.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import pickle
import random
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING, Any, Final

import pytest

import cardrules
from cardrules import (
    CardrulesError,
    OptionsError,
    PositionError,
    RecordError,
    ScoreInputError,
    State,
    decks,
    dumps,
    final_state,
    loads,
)
from cardrules.bid_euchre import BidEuchreMatch, BidEuchreVariant, HandFacts
from cardrules.tarot import DealFacts, TarotVariant
from cardrules.tarot.scoring import points_from_text

if TYPE_CHECKING:
    from tests import tiers
else:
    import cardrules_test_tiers as tiers  # loaded by tests/conftest.py

DEEP: Final = tiers.DEEP
# Documents of each kind, and the share of their fields that get every value (every
# field in the deep run; the quick run samples them, with every value).
DOCUMENTS: Final = 6 if DEEP else 1
FIELDS: Final = 10**9 if DEEP else 3
KEY: Final = b"hostile key"

VARIANTS: Final[list[Any]] = [
    TarotVariant(players=3),
    TarotVariant(players=5),
    TarotVariant(excuse_compensation="card", chelem_announcement=True),
    BidEuchreVariant(),
    BidEuchreVariant(joker=True, allow_no_trump=True, ace_no_face=True),
    BidEuchreVariant(double_deck=True, renege_mode="penalize"),
]

# -- the hostile values, by class ----------------------------------------------------------

# Each class as JSON literals (for text entry points), Python values (for documents a
# server's JSON reader has already parsed) and plain text (positions, deck orders,
# points). The most telling come first: the quick run takes the first three of each.
_QUICK: Final = 3


def _nested(depth: int, inner: object = 1) -> object:
    value: Any = inner
    for _ in range(depth):
        value = [value]
    return value


def _budget(classes: dict[str, list[Any]]) -> dict[str, list[Any]]:
    return classes if DEEP else {k: v[:_QUICK] for k, v in classes.items()}


LITERALS: Final[dict[str, list[str]]] = _budget(
    {
        "(c) non-finite numbers": ["1e400", "NaN", "-Infinity", "Infinity", "-1e400", "1e-400"],
        "(d) lone surrogates": ['"\\ud800"', '"x\\ud83dz"', '"\\udc00\\ud800"', '"\\udfff"'],
        # Around Python's recursion limit (the text parses, a re-serialisation overflows).
        "(e) deep nesting": [
            *("[" * d + "]" * d for d in (990, 9, 5000, 985, 995, 1000, 100)),
            *('{"a":' * d + "1" + "}" * d for d in (9, 990, 5000)),
        ],
        "(g) huge integers": [
            str(2**53 + 1),
            "-" + "9" * 4301,
            "1" * 100_000,
            str(-(2**63)),
            "1" + "0" * 400,
        ],
        "(h) huge strings": ['"' + "x" * 500_000 + '"', '"' + "9S," * 400_000 + '"'],
    }
)

VALUES: Final[dict[str, list[object]]] = _budget(
    {
        "(c) non-finite numbers": [float("nan"), float("inf"), -float("inf"), 1e-400],
        "(d) lone surrogates": ["\ud800", "garde\udc00", ["\ud800"], "\udfff", "x\ud83dz"],
        "(e) deep nesting": [
            _nested(990),
            {"a": {"b": {"c": {"d": {"e": {"f": {"g": {"h": {"i": 1}}}}}}}}},
            _nested(5000),
            _nested(9),
            _nested(100),
        ],
        "(g) huge integers": [2**53 + 1, -(10**5000), 10**400, -(2**63), 10**20000],
        "(h) huge strings": ["x" * 1_000_000, "9S " * 1_000_000, "garde" * 200_000],
    }
)

TEXTS: Final[dict[str, list[str]]] = _budget(
    {
        "(c) non-finite numbers": ["NaN", "1e400", "-inf", "nan", "inf", "Infinity", "-1e400"],
        "(d) lone surrogates": ["\ud800", "9S\ud800", "\udfff,KS", "garde\udc00"],
        "(e) deep nesting": ["[" * 1000 + "]" * 1000, "/" * 2000, "," * 2000, ":>" * 1000],
        "(g) huge integers": ["1" * 400, "-" + "1" * 4301, "1" * 100_000, "9" * 17],
        "(h) huge strings": ["x" * 1_000_000, "9S " * 3_400_000, "x" * 4097, "9S," * 1_000_000],
    }
)

# -- the tally -----------------------------------------------------------------------------

TALLY: Final[dict[tuple[str, str], Counter[str]]] = defaultdict(Counter)
# The current test's failures (each test checks its own), and every test's count.
WRONG: Final[list[str]] = []
CHANGED: Final[list[str]] = []
FAILURES: Final[Counter[str]] = Counter()


@pytest.fixture(autouse=True)
def _failures_of_each_test() -> Iterator[None]:
    WRONG.clear()
    CHANGED.clear()
    yield
    FAILURES["wrong"] += len(WRONG)
    FAILURES["changed"] += len(CHANGED)


@pytest.fixture(scope="module", autouse=True)
def _print_tally(request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    by_class: dict[str, Counter[str]] = defaultdict(Counter)
    for (klass, _), c in TALLY.items():
        by_class[klass].update(c)
    width = max((len(f"{k}: {e}") for k, e in TALLY), default=10)
    lines = [
        (
            f"\nhostile documents ({'deep' if DEEP else 'ci'} budgets): wrong exception types "
            f"{FAILURES['wrong']}, state changes {FAILURES['changed']}"
        ),
        f"  {'class: entry point':<{width}}  {'tries':>8}  {'rejected':>8}  {'accepted':>8}",
    ]
    for (klass, entry), c in sorted(TALLY.items()):
        name = f"{klass}: {entry}"
        lines.append(f"  {name:<{width}}  {c['tries']:>8}  {c['rejected']:>8}  {c['accepted']:>8}")
    for klass, c in sorted(by_class.items()):
        lines.append(f"  {klass + ' (all)':<{width}}  {c['tries']:>8}")
    total = sum(c["tries"] for c in TALLY.values())
    lines.append(f"  {'total':<{width}}  {total:>8}")
    print("\n".join(lines))


SNAPSHOT_DEPTH: Final = 4


def snapshot(value: object, depth: int = 0) -> object:
    """A comparable copy of ``value``'s contents, four levels deep (the documents'
    own depth; below it, a container is compared by identity and length: the values
    nest deeper than Python's recursion limit)."""
    if isinstance(value, dict):
        if depth >= SNAPSHOT_DEPTH:
            return ("dict", id(value), len(value))
        return ("dict", [(k, snapshot(v, depth + 1)) for k, v in value.items()])
    if isinstance(value, (list, tuple)):
        if depth >= SNAPSHOT_DEPTH:
            return (type(value).__name__, id(value), len(value))
        return (type(value).__name__, [snapshot(v, depth + 1) for v in value])
    if isinstance(value, float) and math.isnan(value):
        return ("nan",)
    if isinstance(value, int) and value.bit_length() > 4000:
        return ("int", hash(value))
    return (type(value).__name__, value)


def attempt(
    klass: str,
    entry: str,
    call: Callable[[], object],
    documented: type[Exception] | tuple[type[Exception], ...],
    given: tuple[object, ...] = (),
    accepted: Callable[[Any], None] | None = None,
) -> None:
    """``call()``: success (then ``accepted`` checks the result) or a ``documented``
    error, and ``given`` (the mutable arguments) unchanged either way."""
    before = [snapshot(g) for g in given]
    TALLY[klass, entry]["tries"] += 1
    error: Exception | None = None
    try:
        result = call()
    except Exception as exc:  # every type is looked at: the wrong ones are collected
        error = exc
    if error is None:
        if accepted is not None:
            accepted(result)
        TALLY[klass, entry]["accepted"] += 1
    elif isinstance(error, documented) and isinstance(error, CardrulesError):
        assert len(str(error)) < 500, str(error)[:600]
        # The error's document is what a server answers with: JSON, as UTF-8 text.
        json.dumps(error.to_dict(), ensure_ascii=False, allow_nan=False).encode("utf-8")
        TALLY[klass, entry]["rejected"] += 1
    else:
        WRONG.append(f"{klass}: {entry}: {type(error).__name__}: {str(error)[:200]}")
    if [snapshot(g) for g in given] != before:
        CHANGED.append(f"{klass}: {entry}")


def no_failures() -> None:
    assert not WRONG, f"{len(WRONG)} wrong exception types, first: {WRONG[:3]}"
    assert not CHANGED, f"{len(CHANGED)} state changes, first: {CHANGED[:3]}"


def sample(items: list[Any], k: int, seed: str) -> list[Any]:
    return items if len(items) <= k else random.Random(seed).sample(items, k)


def fields_for(klass: str) -> int:
    """Fields of each document to try: a megabyte string costs the same anywhere, so
    it goes in a few."""
    if klass == "(h) huge strings":
        return 8 if DEEP else 1
    return FIELDS


def states(
    variant: Any, seed: int, *, require_seat: bool = False, low: bool = False
) -> list[State]:
    """Every state of a random deal; with ``low``, the first seat to speak bids the
    lowest contract and the others pass."""
    rng = random.Random(seed)
    state: State = variant.new_game(rng=rng, require_seat=require_seat)
    out = [state]
    while not state.is_terminal:
        legal = state.legal_actions()
        bids = [a for a in legal if str(a).startswith("bid ")]
        action = rng.choice(legal)
        if low and bids:
            action = legal[0] if len(out) > 1 else bids[0]
        state = state.apply(action, state.to_play)
        out.append(state)
    return out


def paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if path:
        yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*path, index))


def replaced(document: Any, path: tuple[Any, ...], value: object) -> Any:
    changed: Any = json.loads(json.dumps(document))
    target = changed
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return changed


MARK: Final = "\x00HOSTILE\x00"


def with_literal(document: Any, path: tuple[Any, ...], literal: str) -> str:
    return json.dumps(replaced(document, path, MARK)).replace(json.dumps(MARK), literal, 1)


# -- loads, without and with a key ---------------------------------------------------------


def resigned(text: str) -> str:
    """``text`` with a signature that matches its values as Python's JSON reader reads
    them, where one can be computed (what a client holding the key would send), and
    the rest of the text as it was: the values are then read past the signature check."""
    try:
        data = json.loads(text)
        body = {k: v for k, v in data.items() if k != "signature"}
        canonical = json.dumps(
            body, sort_keys=True, separators=(",", ":"), ensure_ascii=False
        ).encode("utf-8")
    except (ValueError, RecursionError, AttributeError):
        return text
    signature = "hmac-sha256:" + hmac.new(KEY, canonical, hashlib.sha256).hexdigest()
    old = data.get("signature")
    if isinstance(old, str) and json.dumps(old) in text:
        return text.replace(json.dumps(old), json.dumps(signature), 1)
    return '{"signature": ' + json.dumps(signature) + ", " + text.lstrip()[1:]


def load_record(klass: str, text: str, key: bytes | None) -> None:
    entry = "loads" if key is None else "loads(key=...)"

    def accepted(record: cardrules.Record) -> None:
        # What loads reads, dumps writes (signed or not), and it reads back equal.
        assert loads(dumps(record, key=KEY), key=KEY) == record
        assert loads(dumps(record)) == record
        attempt(klass, "final_state", lambda: final_state(record), RecordError)

    attempt(klass, entry, lambda: loads(text, key=key), RecordError, accepted=accepted)


def record_documents() -> list[dict[str, Any]]:
    out = []
    for n, variant in enumerate(VARIANTS):
        for d in range(DOCUMENTS):
            run = states(variant, d, require_seat=d % 2 == 1)
            state = run[len(run) * (d + 1) // (DOCUMENTS + 1)] if d else run[-1]
            out.append(json.loads(dumps(state.record(), key=KEY if (n + d) % 2 else None)))
    return out


RECORDS: Final = record_documents()


@pytest.mark.parametrize("klass", sorted(LITERALS))
def test_records_with_hostile_values_at_every_field(klass: str) -> None:
    for n, document in enumerate(RECORDS):
        chosen = sample(list(paths(document)), fields_for(klass), f"{klass}{n}")
        for path in chosen:
            for literal in LITERALS[klass]:
                text = with_literal(document, path, literal)
                load_record(klass, text, None)
                load_record(klass, resigned(text), KEY)
    no_failures()


def _duplicated(document: Any, path: tuple[Any, ...], value: object) -> str:
    """``document``'s text with the object at ``path`` given its first key twice."""
    target = document
    for key in path:
        target = target[key]
    first = next(iter(target))
    marker = {MARK: 0, **target}
    text = json.dumps(replaced(document, path, marker) if path else marker)
    return text.replace(json.dumps(MARK), json.dumps(first), 1).replace(
        f"{json.dumps(first)}: 0", f"{json.dumps(first)}: {json.dumps(value)}", 1
    )


def test_records_with_duplicate_keys_in_every_object() -> None:
    klass = "(f) duplicates"
    for n, document in enumerate(RECORDS):
        objects = [()] + [p for p in paths(document) if isinstance(_at(document, p), dict)]
        for path in objects:
            if not _at(document, path):
                continue
            first = next(iter(_at(document, path)))
            for value in (_at(document, path)[first], None, "x"):
                text = _duplicated(document, path, value)
                assert text.count(json.dumps(first)) >= 2
                load_record(klass, text, None)
                load_record(klass, resigned(text), KEY)
        # A card or an action listed twice.
        for field in ("actions", "deal"):
            for path in sample(
                [p for p in paths(document) if p[0] == field and len(p) > 1], FIELDS, f"dup{n}"
            ):
                parent = _at(document, path[:-1])
                if isinstance(parent, list) and len(parent) > 1 and isinstance(path[-1], int):
                    text = json.dumps(replaced(document, path, parent[path[-1] - 1]))
                    load_record(klass, text, None)
                    load_record(klass, resigned(text), KEY)
    no_failures()


def _at(document: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        document = document[key]
    return document


def test_record_texts_that_are_hostile_as_a_whole() -> None:
    text = json.dumps(RECORDS[0])
    wholes: dict[str, list[str | bytes]] = {
        "(c) non-finite numbers": ["NaN", "[Infinity]", "1e400"],
        "(d) lone surrogates": ["\ud800", text + "\ud800", '"\\ud800"', text.encode() + b"\xed"],
        "(e) deep nesting": ["[" * 100_000, "[" * 990 + "]" * 990, '{"a":' * 50_000],
        "(g) huge integers": ["1" * 100_000, "-" + "1" * 4301],
        "(h) huge strings": [" " * (1 << 20) + text, text + " " * (1 << 20), "x" * 10**7],
    }
    for klass, texts in wholes.items():
        for whole in texts:
            for key in (None, KEY):
                entry = "loads" if key is None else "loads(key=...)"
                attempt(klass, entry, partial(loads, whole, key=key), RecordError)
    no_failures()


# -- positions of both variants ---------------------------------------------------------------


def position_texts() -> list[tuple[Any, str]]:
    """Positions of the first state of each phase of a few deals, and of the last."""
    out = []
    for variant in VARIANTS:
        for d in range(DOCUMENTS):
            # Deals where a low contract is bid, so that the chien is taken (T-14).
            run = states(variant, 100 + d, require_seat=d % 2 == 0, low=True)
            for k, state in enumerate(run):
                phase = state.phase  # type: ignore[attr-defined]
                if k == 0 or phase is not run[k - 1].phase or k == len(run) - 1:  # type: ignore[attr-defined]
                    out.append((variant, state.position()))  # type: ignore[attr-defined]
    return out


POSITIONS: Final = position_texts()


def read_position(klass: str, variant: Any, text: str) -> None:
    def accepted(state: Any) -> None:
        assert variant.from_position(state.position()) == state

    attempt(
        klass, "from_position", lambda: variant.from_position(text), PositionError, (), accepted
    )


@pytest.mark.parametrize("klass", sorted(TEXTS))
def test_positions_with_hostile_text_in_every_field(klass: str) -> None:
    for n, (variant, text) in enumerate(POSITIONS):
        fields = text.split(" ")
        for k in sample(list(range(len(fields))), FIELDS, f"{klass}{n}"):
            for value in TEXTS[klass]:
                changed = list(fields)
                changed[k] = value
                read_position(klass, variant, " ".join(changed))
                # Inside the field too, in place of one of its items.
                items = fields[k].replace("/", ",").split(",")
                if len(items) > 1:
                    item = items[len(items) // 2]
                    read_position(klass, variant, text.replace(item, value[:64], 1))
    no_failures()


def test_positions_with_a_field_or_an_item_given_twice() -> None:
    klass = "(f) duplicates"
    for variant, text in POSITIONS:
        fields = text.split(" ")
        for k in range(len(fields)):
            twice = [*fields[: k + 1], fields[k], *fields[k + 1 :]]
            read_position(klass, variant, " ".join(twice))
            for sep in (",", "/"):
                items = fields[k].split(sep)
                for i in range(1, min(len(items), FIELDS + 1)):
                    again = list(items)
                    again[i] = items[i - 1]
                    changed = list(fields)
                    changed[k] = sep.join(again)
                    read_position(klass, variant, " ".join(changed))
    no_failures()


# -- from_dict of every value type, the options' JSON and the score inputs ---------------------


def facts_documents() -> list[tuple[type[Any], dict[str, Any]]]:
    out: list[tuple[type[Any], dict[str, Any]]] = []
    rng = random.Random(5)
    for variant in VARIANTS:
        for _ in range(DOCUMENTS * 2):
            result = variant.random_playout(variant.new_game(rng=rng), rng)
            facts = result.facts
            if facts is not None:
                out.append((type(facts), json.loads(json.dumps(facts.to_dict()))))
    out.append((HandFacts, HandFacts.void("all_pass").to_dict()))
    out.append((HandFacts, HandFacts.void("ace_no_face").to_dict()))
    return out


FACTS: Final = facts_documents()
MATCHES: Final[dict[type[Any], list[Any]]] = {
    DealFacts: [TarotVariant(players=n, single_deal=False).new_match() for n in (3, 4, 5)],
    HandFacts: [
        BidEuchreMatch.start(),
        BidEuchreVariant(ace_no_face=True, renege_mode="penalize").new_match(),
        BidEuchreVariant(double_deck=True).new_match(),
    ],
}


def read_facts(klass: str, cls: type[Any], document: Any) -> None:
    def accepted(facts: Any) -> None:
        assert cls.from_dict(json.loads(json.dumps(facts.to_dict()))) == facts

    name = cls.__name__
    attempt(
        klass,
        f"{name}.from_dict",
        lambda: cls.from_dict(document),
        ScoreInputError,
        (document,),
        accepted,
    )
    for match in MATCHES[cls] if DEEP else MATCHES[cls][:1]:
        copy = pickle.loads(pickle.dumps(match))  # noqa: S301 - our own bytes
        attempt(
            klass,
            f"{type(match).__name__}.after",
            partial(match.after, document),
            ScoreInputError,
            (document,),
        )
        if match != copy:
            CHANGED.append(f"{klass}: {type(match).__name__}.after changed the match")


@pytest.mark.parametrize("klass", sorted(VALUES))
def test_facts_documents_with_hostile_values_at_every_field(klass: str) -> None:
    for n, (cls, document) in enumerate(FACTS):
        chosen = sample(list(paths(document)), fields_for(klass), f"{klass}{n}")
        for path in chosen:
            for value in VALUES[klass]:
                read_facts(klass, cls, replaced(document, path, value))
        # A key no facts have, and a hostile value as a key.
        for value in VALUES[klass][:2]:
            if isinstance(value, str):
                read_facts(klass, cls, {**document, value: 1})
    no_failures()


def test_facts_documents_with_duplicate_keys() -> None:
    klass = "(f) duplicates"
    for cls, document in FACTS:
        for key in document:
            for value in (None, "x", 10**5000, [document[key]] * 2):
                text = json.dumps(document)[:-1] + f", {json.dumps(key)}: {json.dumps('VALUE')}}}"
                # What a server's JSON reader gives for it: the last value wins.
                parsed = json.loads(text)
                parsed[key] = value
                read_facts(klass, cls, parsed)
        # Pairs, as a reader that keeps duplicates gives them: not an object.
        pairs = [*document.items(), *document.items()]
        read_facts(klass, cls, pairs)
    no_failures()


def test_facts_documents_with_fields_left_out() -> None:
    # Every subset of each document's fields: a void hand's lacks its declarer, say.
    klass = "(i) fields left out"
    for n, (cls, document) in enumerate(FACTS):
        keys = sorted(document)
        masks = range(1 << len(keys))
        for mask in sample(list(masks), 10**9 if DEEP else 24, f"{klass}{n}"):
            read_facts(klass, cls, {k: document[k] for i, k in enumerate(keys) if mask >> i & 1})
    no_failures()


OPTIONS: Final = [(type(v), v.options_json()) for v in VARIANTS]


def _options_read_back(variant: Any) -> None:
    assert type(variant).from_options_json(variant.options_json()) == variant


@pytest.mark.parametrize("klass", sorted(VALUES))
def test_options_json_with_hostile_values_at_every_field(klass: str) -> None:
    for n, (cls, document) in enumerate(OPTIONS):
        for path in sample(list(paths(document)), FIELDS * 2, f"{klass}{n}"):
            for value in VALUES[klass]:
                changed = replaced(document, path, value)

                attempt(
                    klass,
                    "from_options_json",
                    partial(cls.from_options_json, changed),
                    OptionsError,
                    (changed,),
                    _options_read_back,
                )
    no_failures()


@pytest.mark.parametrize("klass", sorted(TEXTS))
def test_points_from_text_with_hostile_text(klass: str) -> None:
    for text in TEXTS[klass]:
        attempt(klass, "points_from_text", partial(points_from_text, text), ScoreInputError)
    no_failures()


# -- deck orders ------------------------------------------------------------------------------

ORDER_ERRORS: Final = (cardrules.DealError, cardrules.NotationError, cardrules.InvalidArgumentError)


@pytest.mark.parametrize("klass", sorted(VALUES))
def test_deck_orders_with_hostile_items(klass: str) -> None:
    for variant in VARIANTS:
        codes = [str(c) for c in variant.deck]
        for k in sample(list(range(len(codes))), FIELDS, klass):
            for value in VALUES[klass]:
                order: list[Any] = list(codes)
                order[k] = value
                attempt(
                    klass,
                    "check_order",
                    partial(decks.check_order, order, variant.deck),
                    ORDER_ERRORS,
                    (order,),
                )
                attempt(
                    klass,
                    "new_game(deck=...)",
                    partial(variant.new_game, deck=order),
                    ORDER_ERRORS,
                    (order,),
                )
        for text in TEXTS[klass]:
            for whole in (text, " ".join([*codes[:-1], text])):
                attempt(
                    klass,
                    "check_order",
                    partial(decks.check_order, whole, variant.deck),
                    ORDER_ERRORS,
                )
    no_failures()


def test_deck_orders_with_a_card_listed_twice() -> None:
    klass = "(f) duplicates"
    for variant in VARIANTS:
        codes = [str(c) for c in variant.deck]
        for k in sample(list(range(1, len(codes))), FIELDS * 2, "dup"):
            order = list(codes)
            order[k] = order[k - 1]
            for given in (order, " ".join(order), [*codes, codes[k]]):
                attempt(
                    klass,
                    "check_order",
                    partial(decks.check_order, given, variant.deck),
                    ORDER_ERRORS,
                    (given,) if isinstance(given, list) else (),
                )
    no_failures()
