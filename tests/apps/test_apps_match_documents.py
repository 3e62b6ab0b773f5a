"""One match document shape: the matches of both games and the generic Series write the
same envelope (``cardrules.envelope.MATCH_KEYS``), validate against the published match
schemas, and a Series (a plugin's match) round-trips mid-series and plays on exactly as
the live one; documents written before the envelope still load.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import cardrules
from cardrules import InvalidArgumentError, ScoreInputError
from cardrules.bid_euchre import BidEuchreMatch, BidEuchreVariant, HandFacts
from cardrules.envelope import MATCH_KEYS, game_key
from cardrules.match import ScoredDeal, Series
from cardrules.tarot import DealFacts, TarotMatch, TarotVariant

jsonschema = pytest.importorskip("jsonschema")


def play_deal(match: Any, rng: random.Random) -> Any:
    """The next deal of ``match``, dealt from its own seed and played at random: its
    final state."""
    state = match.next_deal()
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()), seat=state.to_play)
    return state


def play_on(match: Any, seed: int, deals: int) -> list[Any]:
    """What happens in the next ``deals`` deals: each deal's states' views and result
    document, and the match document after it."""
    rng = random.Random(seed)
    seen: list[Any] = []
    for _ in range(deals):
        if match.is_over:
            break
        final = play_deal(match, rng)
        match = match.after(final.result())
        seen.append((final.record(), match.totals, match.dealer, match.to_dict()))
    return seen


def played_matches() -> dict[str, Any]:
    """A match of each kind, a few deals in."""
    rng = random.Random(5)
    out: dict[str, Any] = {}
    for name, start in (
        ("tarot", TarotVariant(players=5).new_match(seed=3, deal_limit=9, require_seat=True)),
        ("bid-euchre", BidEuchreVariant().new_match(seed=4, totals=(12, -6), dealer=3)),
        ("series", Series(cardrules.get_variant("tarot", players=3), seed=5, deals=7)),
    ):
        match: Any = start
        for _ in range(3):
            match = match.after(play_deal(match, rng).result())
        out[name] = match
    return out


MATCHES = played_matches()


@pytest.mark.parametrize("name", MATCHES)
def test_every_match_document_starts_with_the_envelope(name: str) -> None:
    match = MATCHES[name]
    document = json.loads(json.dumps(match.to_dict(), allow_nan=False))
    assert list(document)[:2] == ["format", "schema"]
    assert list(document)[2 : 2 + len(MATCH_KEYS)] == list(MATCH_KEYS)
    players = document["players"]
    assert len(document["seat_names"]) == players == len(document["totals"])
    assert document["deals"] == len(document["results"]) == len(match.results) == 3
    assert [float(t) for t in document["totals"]] == [float(t) for t in match.totals]
    assert document["leaders"] == list(match.leaders)
    assert document["dealer"] == match.dealer
    assert document["is_over"] is match.is_over is False
    assert document["winners"] == []
    assert set(document["winners"]) <= set(document["leaders"])
    assert document["require_seat"] is match.require_seat
    assert document["seed"] == match.seed
    for result in document["results"]:
        assert result["variant"] == document["variant"]
        assert len(result["returns"]) == players
    # The match's own detail: the game's match under the game's key, a series' under
    # "series".
    assert ("series" if name == "series" else game_key(document["variant"])) in document
    jsonschema.validate(document, cardrules.json_schema("match"))


def test_the_first_dealer_is_who_dealt_the_first_deal() -> None:
    assert MATCHES["bid-euchre"].to_dict()["first_dealer"] == 3
    assert MATCHES["bid-euchre"].dealer == 2
    assert MATCHES["tarot"].to_dict()["first_dealer"] == 0
    assert TarotVariant(dealer=2).new_match().to_dict()["first_dealer"] == 2


def test_winners_are_seats_in_both_games() -> None:
    garde = DealFacts(players=4, contract="garde", taker=1, points=45, bouts=2)
    tarot = TarotMatch.start().after(garde).to_dict()
    assert (tarot["winners"], tarot["winner"], tarot["tarot"]["winner"]) == ([1], 1, 1)
    made = HandFacts(contract="4", declarer=1, tricks=(1, 5))
    match = BidEuchreMatch.start(totals=(0, 30)).after(made)
    euchre = match.to_dict()
    assert (euchre["winners"], euchre["winner"]) == ([1, 3], 1)
    assert euchre["bid_euchre"] == {"scores": list(match.scores), "winner": 1}
    assert euchre["is_over"] is True


@pytest.mark.parametrize("name", ["tarot", "bid-euchre"])
def test_documents_written_before_the_envelope_still_load(name: str) -> None:
    match = MATCHES[name]
    document = match.to_dict()
    added = {*MATCH_KEYS[1:], game_key(document["variant"])}
    kept = {"options", "seed", "require_seat", "dealer", "totals", "results", "is_over"}
    old = {k: v for k, v in document.items() if k not in added or k in kept}
    assert "players" not in old
    assert "first_dealer" not in old
    assert type(match).from_dict(old) == match
    assert type(match).from_dict(old).to_dict() == document


ENVELOPE_TAMPERING = [
    ("players", 9),
    ("seat_names", ["a", "b", "c", "d", "e"]),
    ("deals", 2),
    ("leaders", [0]),
    ("winners", [0]),
    ("first_dealer", 1),
    ("dealer", 4),
]


@pytest.mark.parametrize(("key", "value"), ENVELOPE_TAMPERING)
@pytest.mark.parametrize("name", MATCHES)
def test_a_tampered_envelope_key_is_refused(name: str, key: str, value: Any) -> None:
    match = MATCHES[name]
    document = {**match.to_dict(), key: value}
    if name == "bid-euchre" and key == "seat_names":
        value = document[key] = ["a", "b", "c", "d"]
    load = (
        (lambda d: Series.from_dict(d, match.variant))
        if name == "series"
        else type(match).from_dict
    )
    with pytest.raises(ScoreInputError, match=f"'{key}'|seat|dealer"):
        load(document)


@pytest.mark.parametrize("name", ["tarot", "bid-euchre"])
def test_a_tampered_game_key_is_refused(name: str) -> None:
    match = MATCHES[name]
    document = copy.deepcopy(match.to_dict())
    key = game_key(document["variant"])
    document[key]["winner"] = 0
    with pytest.raises(ScoreInputError, match=repr(key)):
        type(match).from_dict(document)


def test_from_dict_takes_the_variant_that_deals() -> None:
    class Subclass(TarotVariant):
        pass

    variant = Subclass(players=5)
    match = TarotMatch.from_dict(MATCHES["tarot"].to_dict(), variant=variant)
    assert match.next_deal().variant is variant
    with pytest.raises(ScoreInputError, match="variant"):
        TarotMatch.from_dict(MATCHES["tarot"].to_dict(), variant=TarotVariant())
    euchre = MATCHES["bid-euchre"]
    assert BidEuchreMatch.from_dict(euchre.to_dict(), variant=euchre.variant) == euchre
    with pytest.raises(ScoreInputError, match="variant"):
        BidEuchreMatch.from_dict(euchre.to_dict(), variant=BidEuchreVariant(target_score=10))


# -- the generic Series, for a plugin's deals -----------------------------------------------


@pytest.mark.usefixtures("example_plugins")
@pytest.mark.parametrize(("variant_id", "options"), [("oh-hell", {}), ("whist", {"honours": True})])
def test_a_plugin_series_restored_mid_series_plays_on_exactly(
    variant_id: str, options: dict[str, Any]
) -> None:
    variant = cardrules.get_variant(variant_id, **options)
    series = Series(variant, seed=21, dealer=1, deals=8)
    rng = random.Random(2)
    for _ in range(3):
        series = series.after(play_deal(series, rng).result())
    text = json.dumps(series.to_dict(), allow_nan=False)
    restored = Series.from_dict(json.loads(text), variant)
    assert restored == series
    assert restored.totals == series.totals
    assert restored.dealer == series.dealer
    assert restored.to_dict() == series.to_dict()
    assert restored.explain() == series.explain()
    assert all(isinstance(result, ScoredDeal) for result in restored.results)
    assert [r.returns for r in restored.results] == [r.returns for r in series.results]
    assert restored.next_deal() == series.next_deal()
    live, again = play_on(series, 7, 10), play_on(restored, 7, 10)
    assert live == again
    assert len(live) == 5
    assert live[-1][-1]["is_over"] is True
    jsonschema.validate(series.to_dict(), cardrules.json_schema("match"))


@pytest.mark.usefixtures("example_plugins")
def test_a_series_of_a_plugin_without_own_match_is_its_new_match() -> None:
    # Oh Hell declares no match of its own: new_match() is a Series, saved the same way.
    variant = cardrules.get_variant("oh-hell", players=3, hand_size=4)
    match = variant.new_match(seed=2, require_seat=False)
    assert isinstance(match, Series)
    rng = random.Random(1)
    match = match.after(play_deal(match, rng).result())
    document = match.to_dict()
    assert document["series"] == {"deal_limit": None}
    assert "oh_hell" not in document
    assert document["results"][0]["oh_hell"]["bids"] == list(match.results[0].bids)
    assert Series.from_dict(document, variant) == match


def series_document() -> tuple[Series, dict[str, Any]]:
    series = MATCHES["series"]
    return series, copy.deepcopy(series.to_dict())


SERIES_HOSTILE: list[tuple[tuple[Any, ...], Any, type[Exception], str]] = [
    (("format",), "cardrules-record", ScoreInputError, "not a cardrules match"),
    (("variant",), "whist", ScoreInputError, "match of 'whist'"),
    (("extra",), 1, ScoreInputError, "unknown field 'extra'"),
    (("options",), {"players": 4}, ScoreInputError, "options"),
    (("series",), {"deal_limit": 7, "x": 1}, ScoreInputError, "'series'"),
    (("series",), [], ScoreInputError, "'series'"),
    (("series", "deal_limit"), 0, ScoreInputError, "deals"),
    (("tarot",), {}, ScoreInputError, "unknown field 'tarot'"),
    (("seed",), "1", InvalidArgumentError, "seed"),
    (("first_dealer",), 3, ScoreInputError, "dealer"),
    (("require_seat",), 1, InvalidArgumentError, "require_seat"),
    (("results",), {}, ScoreInputError, "'results' is a list"),
    (("results", 0), [], ScoreInputError, "result 1 .* JSON object"),
    (("results", 0, "returns"), [1, 2], ScoreInputError, "'returns'"),
    (("results", 0, "returns", 0), "1", ScoreInputError, "'returns'"),
    (("results", 0, "returns", 0), True, ScoreInputError, "'returns'"),
    (("results", 1, "scores"), None, ScoreInputError, "'scores'"),
    (("results", 1, "variant"), "bid-euchre", ScoreInputError, "unknown field 'tarot'"),
    (("results", 1, "variant"), 7, ScoreInputError, "'variant'"),
    (("results", 1, "players"), 4, ScoreInputError, "'players'|'seat_names'"),
    (("results", 1, "seat_names"), ["N", "E", "S"], ScoreInputError, "'seat_names'"),
    (("results", 1, "declarer"), 3, ScoreInputError, "'declarer'"),
    (("results", 1, "summary"), 5, ScoreInputError, "'summary'"),
    (("results", 2, "tarot"), "x", ScoreInputError, "'tarot'"),
    (("results", 2, "extra"), 1, ScoreInputError, "unknown field 'extra'"),
    (("results", 2, "returns", 0), 1e6, ScoreInputError, "'totals'"),
    (("totals", 0), 1, ScoreInputError, "'totals'"),
    (("is_over",), True, ScoreInputError, "'is_over'"),
    (("totals", 0), float("nan"), ScoreInputError, "non-finite"),
]


@pytest.mark.parametrize(("path", "value", "error", "why"), SERIES_HOSTILE, ids=repr)
def test_hostile_series_documents_are_refused(
    path: tuple[Any, ...], value: Any, error: type[Exception], why: str
) -> None:
    series, document = series_document()
    target: Any = document
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    with pytest.raises(error, match=why):
        Series.from_dict(document, series.variant)


def test_a_series_document_with_a_deal_after_the_end_is_refused() -> None:
    series = MATCHES["series"]
    rng = random.Random(3)
    limited = Series(series.variant, deals=3)
    for _ in range(3):
        limited = limited.after(play_deal(limited, rng).result())
    assert limited.is_over
    document = limited.to_dict()
    document["results"].append(document["results"][0])
    with pytest.raises(ScoreInputError, match=r"deal 4 .* follows its end"):
        Series.from_dict(document, series.variant)


@pytest.mark.parametrize("document", [None, [], "{}", 7, {}], ids=repr)
def test_series_documents_that_are_not_objects_are_refused(document: Any) -> None:
    with pytest.raises(ScoreInputError):
        Series.from_dict(document, cardrules.get_variant("tarot"))


def test_a_series_document_for_other_options_is_refused() -> None:
    _, document = series_document()
    with pytest.raises(ScoreInputError, match="options"):
        Series.from_dict(document, cardrules.get_variant("tarot", players=4))


@pytest.mark.parametrize(
    "document",
    [None, [], {}, {"variant": "tarot"}, {"variant": ["tarot"]}, "junk"],
    ids=repr,
)
def test_a_scored_deal_is_a_result_document_or_a_score_input_error(document: Any) -> None:
    with pytest.raises(ScoreInputError):
        ScoredDeal(document)
    series = MATCHES["series"]
    good = series.to_dict()["results"][0]
    assert ScoredDeal(good).document == good
    assert ScoredDeal(good).returns == tuple(series.results[0].returns)
    assert ScoredDeal(good).summary == series.results[0].summary


def finished_and_running() -> list[Any]:
    """Matches of both games under several option sets, running and over."""
    rng = random.Random(8)
    made = HandFacts(contract="4", declarer=0, tricks=(4, 2))
    garde = DealFacts(players=5, contract="garde", taker=2, partner=4, points=45, bouts=2)
    out: list[Any] = [
        TarotVariant(players=3).new_match(seed=1, target_score=5000),
        TarotVariant(players=5, half_point_rounding="none").new_match(
            totals=(0.5, -0.5, 0, 0, 0), deal_limit=1
        ),
        BidEuchreVariant(target_score=5).new_match(seed=2),
        BidEuchreVariant(double_deck=True, joker=False).new_match(totals=(-3, 7), dealer=1),
    ]
    out[1] = out[1].after(garde)
    out[2] = out[2].after(made).after(made)
    for index in (0, 3):
        for _ in range(2):
            out[index] = out[index].after(play_deal(out[index], rng).result())
    return out


def test_match_documents_validate_against_their_variant_schemas() -> None:
    seen = set()
    for match in finished_and_running():
        document = json.loads(json.dumps(match.to_dict()))
        jsonschema.validate(document, cardrules.json_schema("match"))
        jsonschema.validate(document, cardrules.json_schema("match", document["variant"]))
        seen.add((document["variant"], document["is_over"]))
    assert seen == {("tarot", False), ("tarot", True), ("bid-euchre", False), ("bid-euchre", True)}
