"""Match records: a match's start and every deal's record, from ``match.record()`` once
each deal was added with ``match.after_deal(final_state)``; signed by ``dumps(...,
key=)``, read by ``loads_match`` and replayed by ``replay_match`` into the very match
the live one is. Tampered or inconsistent match records are refused with RecordError.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections import Counter
from typing import TYPE_CHECKING, Any

import pytest

import cardrules
from cardrules import (
    GameOverError,
    InvalidArgumentError,
    RecordError,
    ScoreInputError,
)
from cardrules.bid_euchre import BidEuchreVariant
from cardrules.envelope import RECORD_KEYS
from cardrules.match import Series, deal_seed
from cardrules.records import (
    MAX_MATCH_DEALS,
    MAX_MATCH_TEXT,
    MatchRecord,
    dumps,
    loads,
    loads_match,
    match_from_dict,
    replay_match,
)
from cardrules.tarot import DealFacts, TarotVariant

if TYPE_CHECKING:
    from tests import tiers
else:
    import cardrules_test_tiers as tiers  # loaded by tests/conftest.py

jsonschema = pytest.importorskip("jsonschema")

KEY = b"table secret"


def finish(state: Any, rng: random.Random) -> Any:
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()), seat=state.to_play)
    return state


def played(match: Any, deals: int, seed: int = 1) -> Any:
    """``match`` after ``deals`` deals (or until its end), each added with after_deal."""
    rng = random.Random(seed)
    for _ in range(deals):
        if match.is_over:
            break
        match = match.after_deal(finish(match.next_deal(), rng))
    return match


MATCHES: dict[str, Any] = {
    "tarot4": lambda: TarotVariant().new_match(seed=11, deal_limit=4, require_seat=True),
    "tarot5-paper": lambda: TarotVariant(players=5, half_point_rounding="none").new_match(
        seed=12, target_score=900, totals=(10.5, -10.5, 0, 0, 0), dealer=3
    ),
    "tarot3-unseeded": lambda: TarotVariant(players=3).new_match(deal_limit=3),
    "euchre": lambda: BidEuchreVariant().new_match(seed=14, require_seat=True),
    "euchre-house": lambda: BidEuchreVariant(
        target_score=15, renege_mode="penalize", double_deck=True
    ).new_match(seed=15, totals=(5, -3), dealer=2),
    "series": lambda: Series(cardrules.get_variant("tarot", players=3), seed=16, deals=5),
}


@pytest.mark.parametrize("name", MATCHES)
def test_a_signed_match_record_replays_into_the_live_match(name: str) -> None:
    live = played(MATCHES[name](), 4)
    assert live.results
    book = live.record().with_meta({"table": name, "players": ["Ann", "Bo", "Cy"]})
    text = dumps(book, key=KEY)
    back = loads_match(text, key=KEY)
    assert back == book
    assert back.meta is not None
    assert back.meta["table"] == name
    match = replay_match(back)
    assert type(match) is type(live)
    assert match == live
    assert match.totals == live.totals
    assert match.dealer == live.dealer
    assert match.is_over == live.is_over
    assert match.to_dict() == live.to_dict()
    assert match.record() == live.record()
    if not match.is_over and match.seed is not None:  # type: ignore[attr-defined]
        assert match.next_deal() == live.next_deal()
        assert played(match, 3, seed=9).to_dict() == played(live, 3, seed=9).to_dict()


@pytest.mark.parametrize("name", MATCHES)
def test_a_match_record_document_carries_the_record_envelope(name: str) -> None:
    live = played(MATCHES[name](), 2)
    document = json.loads(dumps(live.record()))
    assert list(document)[:2] == ["format", "schema"]
    assert list(document)[2 : 2 + len(RECORD_KEYS)] == list(RECORD_KEYS)
    start = document["match"]
    assert (document["variant"], document["options"]) == (start["variant"], start["options"])
    assert (document["players"], document["seat_names"]) == (
        start["players"],
        start["seat_names"],
    )
    assert document["dealer"] == start["first_dealer"] == document["deals"][0]["dealer"]
    assert start["deals"] == 0
    assert start["results"] == []
    assert len(document["deals"]) == len(live.results)
    jsonschema.validate(document, cardrules.json_schema("record"))
    for deal in document["deals"]:
        jsonschema.validate(deal, cardrules.json_schema("record"))
    jsonschema.validate(start, cardrules.json_schema("match"))


def test_the_start_is_the_match_before_its_first_deal() -> None:
    live = played(MATCHES["tarot5-paper"](), 3)
    start = live.record().match
    assert start["totals"] == (10.5, -10.5, 0, 0, 0)
    assert start["first_dealer"] == start["dealer"] == 3
    assert start["tarot"] == {"deal_limit": None, "target_score": 900, "winner": None}
    euchre = played(MATCHES["euchre-house"](), 3)
    assert euchre.record().match["totals"] == (5, -3, 5, -3)
    assert euchre.record().dealer == 2


@pytest.mark.usefixtures("example_plugins")
def test_a_plugin_series_match_record_replays_with_the_deals_own_results() -> None:
    variant = cardrules.get_variant("oh-hell", players=3, hand_size=5)
    live = played(variant.new_match(seed=3, dealer=2), 4)
    assert isinstance(live, Series)
    match = replay_match(loads_match(dumps(live.record(), key=KEY), key=KEY))
    assert match == live
    # Replayed, not read back from a document: the game's own results.
    assert [type(r).__name__ for r in match.results] == ["OhHellResult"] * 4
    assert match.results == live.results


# -- what a match without a record of every deal does ------------------------------------------


@pytest.mark.parametrize("name", MATCHES)
def test_a_deal_entered_by_its_result_leaves_no_match_record(name: str) -> None:
    match = played(MATCHES[name](), 1)
    rng = random.Random(3)
    entered = match.after(finish(match.next_deal(), rng).result())
    with pytest.raises(RecordError, match="no record of its deals"):
        entered.record()
    if not entered.is_over:
        later = entered.after_deal(finish(entered.next_deal(), rng))
        with pytest.raises(RecordError, match="no record of its deals"):
            later.record()
    restored = (
        Series.from_dict(match.to_dict(), match.variant)
        if isinstance(match, Series)
        else type(match).from_dict(match.to_dict())
    )
    with pytest.raises(RecordError, match="restored from its document"):
        restored.record()
    # A match with no deal yet has its (empty) record whichever way it was built.
    start = replay_match(match.record()).record().to_dict()["match"]
    assert match_from_dict(start).record().deals == ()


def test_tarot_facts_leave_no_match_record() -> None:
    match = TarotVariant().new_match(deal_limit=3)
    match = match.after(DealFacts(players=4, contract="garde", taker=1, points=45, bouts=2))
    with pytest.raises(RecordError, match="entered as its result or facts"):
        match.record()


@pytest.mark.parametrize("name", MATCHES)
def test_matches_pickle_whichever_way_their_deals_were_added(name: str) -> None:
    match = played(MATCHES[name](), 1)
    rng = random.Random(4)
    entered = match.after(finish(match.next_deal(), rng).result())
    for value in (match, entered):
        again = pickle.loads(pickle.dumps(value))  # noqa: S301
        assert again == value
        assert again.to_dict() == value.to_dict()
    if not isinstance(match, Series):
        assert pickle.loads(pickle.dumps(match)).record() == match.record()  # noqa: S301


# -- after_deal refuses a deal that is not the match's next ------------------------------------


def test_after_deal_refuses_another_shuffle_in_a_seeded_match() -> None:
    match = TarotVariant().new_match(seed=5, deal_limit=3)
    other = finish(match.next_deal(seed=1), random.Random(1))
    with pytest.raises(ScoreInputError, match="not the match's deal 1, which its seed deals"):
        match.after_deal(other)
    # Entered by its result, as any deal may be.
    assert match.after(other.result()).results == (other.result(),)


def test_after_deal_refuses_another_dealer_variant_or_seat_rule() -> None:
    rng = random.Random(2)
    match = TarotVariant().new_match(deal_limit=3)
    with pytest.raises(ScoreInputError, match="dealt by seat 2; the match's next deal is seat 0"):
        match.after_deal(finish(TarotVariant().new_game(seed=1, dealer=2), rng))
    with pytest.raises(ScoreInputError, match="deals are of"):
        match.after_deal(finish(TarotVariant(players=3).new_game(seed=1), rng))
    with pytest.raises(ScoreInputError, match="requires the acting seat"):
        match.after_deal(finish(TarotVariant().new_game(seed=1, require_seat=True), rng))
    served = BidEuchreVariant().new_match(require_seat=True)
    with pytest.raises(ScoreInputError, match="require the acting seat"):
        served.after_deal(finish(BidEuchreVariant().new_game(seed=1), rng))


@pytest.mark.parametrize("name", MATCHES)
def test_after_deal_takes_a_finished_deal_only(name: str) -> None:
    match = MATCHES[name]()
    state = match.next_deal()
    for bad in (state, None, "state", 7):
        with pytest.raises(InvalidArgumentError, match="final state of a finished deal"):
            match.after_deal(bad)


def test_after_deal_refuses_a_deal_after_the_end() -> None:
    match = played(TarotVariant().new_match(seed=2, deal_limit=1), 5)
    assert match.is_over
    with pytest.raises(GameOverError):
        match.after_deal(finish(TarotVariant().new_game(seed=1, dealer=1), random.Random(1)))


# -- tampered and inconsistent match records ---------------------------------------------------


def book_document(name: str = "tarot4", deals: int = 3) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(dumps(played(MATCHES[name](), deals).record()))
    return document


def other_deal(document: dict[str, Any], number: int) -> dict[str, Any]:
    """Deal ``number`` (from 0) of the document's match, shuffled from another seed."""
    variant = cardrules.get_variant_class(document["variant"]).from_options_json(
        document["options"]
    )
    dealer = document["deals"][number]["dealer"]
    state = variant.new_game(seed=deal_seed(99, number), dealer=dealer, require_seat=True)
    deal: dict[str, Any] = json.loads(dumps(finish(state, random.Random(1)).record()))
    return deal


TAMPERED: list[tuple[str, Any, str]] = [
    (
        "a deal shuffled from another seed",
        lambda d: d["deals"].__setitem__(1, other_deal(d, 1)),
        "deal 2 .* not the match's deal 2, which its seed deals",
    ),
    ("deals swapped", lambda d: d["deals"].reverse(), "deal 1 .* dealt by seat 2"),
    ("a deal removed", lambda d: d["deals"].pop(0), "deal 1 .* dealt by seat 1"),
    ("a deal repeated", lambda d: d["deals"].append(d["deals"][0]), "deal 4 .* dealt by seat 0"),
    ("a deal cut short", lambda d: d["deals"][2]["actions"].pop(), "deal 3 .* not finished"),
    (
        "an illegal action",
        lambda d: d["deals"][0]["actions"].__setitem__(0, "play 21T"),
        "deal 1 .* action 1",
    ),
    (
        "a deal's options",
        lambda d: d["deals"][0]["options"].update(players=5),
        "deal 1 .* variant and options",
    ),
    (
        "a deal of another variant",
        lambda d: d["deals"][0].update(variant="bid-euchre"),
        "deal 1 .* variant and options",
    ),
    (
        "a deal's table",
        lambda d: d["deals"][0].update(seat_names=["N", "E", "S", "W"]),
        "deal 1 .* names the seats",
    ),
    (
        "the seat rule of a deal",
        lambda d: d["deals"][0].pop("require_seat"),
        "deal 1 .* require the acting seat",
    ),
    ("the start's seed", lambda d: d["match"].update(seed=12), "deal 1 .* which its seed deals"),
    (
        "the start's totals",
        lambda d: d["match"].update(totals=[1, 2, 3, 4]),
        "starting match is refused",
    ),
    (
        "the start with a deal",
        lambda d: d["match"].update(dealer=1, deals=1, results=[d["deals"][0]]),
        "starting match is refused",
    ),
    (
        "the start's first dealer",
        lambda d: d["match"].update(first_dealer=1) or d.update(dealer=1),
        "starting match is refused",
    ),
    (
        "the start's length",
        lambda d: d["match"]["tarot"].update(deal_limit=2) or d["match"].update(deal_limit=2),
        "deal 3 .* follows the end",
    ),
]


@pytest.mark.parametrize(("what", "change", "why"), TAMPERED, ids=[t[0] for t in TAMPERED])
def test_an_inconsistent_match_record_is_refused_on_replay(
    what: str, change: Any, why: str
) -> None:
    document = book_document()
    change(document)
    book = loads_match(json.dumps(document))
    with pytest.raises(RecordError, match=why):
        replay_match(book)


@pytest.mark.parametrize(("what", "change", "why"), TAMPERED, ids=[t[0] for t in TAMPERED])
def test_any_change_to_a_signed_match_record_breaks_its_signature(
    what: str, change: Any, why: str
) -> None:
    document = json.loads(dumps(played(MATCHES["tarot4"](), 3).record(), key=KEY))
    change(document)
    with pytest.raises(RecordError, match="signature does not match"):
        loads_match(json.dumps(document), key=KEY)


@pytest.mark.parametrize(
    ("key", "value", "why"),
    [
        ("variant", "bid-euchre", "'variant'"),
        ("players", 5, "'players'"),
        ("players", True, "'players'"),
        ("seat_names", ["N", "E", "S", "W"], "'seat_names'"),
        ("dealer", 1, "'dealer'"),
        ("options", {"players": 4}, "'options'"),
        ("extra", 1, "unknown field"),
        ("format", "cardrules-record", "not a cardrules match record"),
        ("schema", 2, "version 2"),
        ("match", [], "'match' must be"),
        ("match", {"variant": "tarot"}, "no 'options' of the envelope"),
        ("deals", {}, "'deals' must be"),
        ("meta", [1], "meta is a JSON object"),
    ],
    ids=repr,
)
def test_a_malformed_match_record_is_refused_when_read(key: str, value: Any, why: str) -> None:
    document = {**book_document(deals=1), key: value}
    with pytest.raises(RecordError, match=why):
        loads_match(json.dumps(document))


def test_a_deal_that_is_not_a_record_is_refused_with_its_number() -> None:
    document = book_document()
    document["deals"][1] = {**document["deals"][1], "dealer": "0"}
    with pytest.raises(RecordError, match="deal 2 of the match record: the record's 'dealer'"):
        loads_match(json.dumps(document))
    document = book_document()
    document["deals"][0]["signature"] = "hmac-sha256:" + "0" * 64
    with pytest.raises(RecordError, match="deal 1 of the match record is signed on its own"):
        loads_match(json.dumps(document))


def test_every_prefix_of_a_match_record_is_a_record_error() -> None:
    text = dumps(played(MATCHES["euchre"](), 2).record(), key=KEY)
    for end in range(0, len(text), max(1, len(text) // 300)):
        with pytest.raises(RecordError):
            replay_match(loads_match(text[:end], key=KEY))


def test_a_match_record_and_a_record_are_read_by_their_own_function() -> None:
    live = played(MATCHES["euchre"](), 1)
    with pytest.raises(RecordError, match=r"read it with cardrules\.records\.loads_match"):
        loads(dumps(live.record()))
    with pytest.raises(RecordError, match="not a cardrules match record"):
        loads_match(dumps(live.results[0] and live.record().deals[0]))
    with pytest.raises(InvalidArgumentError, match="replay_match takes a MatchRecord"):
        replay_match(live.record().deals[0])
    with pytest.raises(InvalidArgumentError, match="dumps takes a Record or a MatchRecord"):
        dumps(live)


def test_match_records_are_bounded() -> None:
    live = played(MATCHES["euchre"](), 1)
    book = live.record()
    with pytest.raises(RecordError, match=f"at most {MAX_MATCH_DEALS} deals"):
        MatchRecord(match=book.match, deals=book.deals * (MAX_MATCH_DEALS + 1))
    document = json.loads(dumps(book))
    document["deals"] = document["deals"] * (MAX_MATCH_DEALS + 1)
    with pytest.raises(RecordError, match=r"too many deals|too large"):
        loads_match(json.dumps(document))
    with pytest.raises(RecordError, match="too large"):
        loads_match(" " * (MAX_MATCH_TEXT + 1))
    with pytest.raises(RecordError, match="meta"):
        book.with_meta({"n": "x" * 20_000})


def test_match_from_dict_reads_every_kind_of_match() -> None:
    for start in MATCHES.values():
        match = played(start(), 2)
        assert match_from_dict(copy.deepcopy(match.to_dict())) == match
    with pytest.raises(ScoreInputError, match="names its variant"):
        match_from_dict({"variant": 3})
    with pytest.raises(cardrules.UnknownVariantError):
        match_from_dict({"variant": "chess", "options": {}})


MUTATIONS = tiers.volume(300, 20_000)


def mutated(text: str, rng: random.Random) -> str:
    """``text`` with a character replaced, a span deleted or a span repeated."""
    at = rng.randrange(len(text))
    kind = rng.randrange(3)
    if kind == 0:
        return text[:at] + rng.choice('0123456789"{}[],:-tfn ex\\') + text[at + 1 :]
    end = min(len(text), at + rng.randrange(1, 40))
    if kind == 1:
        return text[:at] + text[end:]
    return text[:end] + text[at:end] + text[end:]


def test_mutated_match_records_load_and_replay_or_are_record_errors() -> None:
    live = played(MATCHES["euchre-house"](), 2)
    text = dumps(live.record())
    rng = random.Random(5)
    outcomes: Counter[str] = Counter()
    for _ in range(MUTATIONS):
        changed = mutated(text, rng)
        try:
            match = replay_match(loads_match(changed))
        except RecordError:
            outcomes["refused"] += 1
            continue
        # What loads and replays is a match: its document and record round-trip.
        assert replay_match(loads_match(dumps(match.record()))) == match
        outcomes["replayed"] += 1
    assert outcomes["refused"] > MUTATIONS // 2
