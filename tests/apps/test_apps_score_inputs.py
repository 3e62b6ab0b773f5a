"""Score-only inputs, one convention for both games: what JSON gives is accepted, text
where a number is meant is refused, and the error names the field (T-4, T-11, T-18,
T-27, T-32, E-10, E-12, E-23, E-24)."""

from __future__ import annotations

import contextlib
import json
import random
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest

from cardrules import ScoreInputError
from cardrules.bid_euchre import BidEuchreMatch, BidEuchreVariant, Contract, HandFacts
from cardrules.tarot import Camp, DealFacts, PoigneeLevel, TarotMatch, TarotVariant
from cardrules.tarot.bidding import Contract as TarotContract
from cardrules.tarot.scoring import points_from_text, score_deal

TAROT: dict[str, Any] = {"players": 4, "contract": "garde", "taker": 0, "points": 45, "bouts": 2}
EUCHRE: dict[str, Any] = {"contract": "4", "declarer": 1, "tricks": [2, 4]}


@pytest.mark.parametrize(
    ("field", "given", "expected"),
    [
        ("contract", "garde-sans", TarotContract.GARDE_SANS),
        ("contract", "GARDE_SANS", TarotContract.GARDE_SANS),
        ("contract", "Garde-Contre", TarotContract.GARDE_CONTRE),
        ("petit_au_bout", "attack", Camp.ATTACK),
        ("petit_au_bout", "DEFENCE", Camp.DEFENCE),
        ("poignees", ["simple"], (PoigneeLevel.SIMPLE,)),
        ("poignees", ["SIMPLE", "double"], (PoigneeLevel.SIMPLE, PoigneeLevel.DOUBLE)),
        ("poignees", [PoigneeLevel.TRIPLE], (PoigneeLevel.TRIPLE,)),
        ("points", 45.0, Fraction(45)),
        ("points", Decimal(45), Fraction(45)),
    ],
)
def test_t32_t33_tarot_facts_accept_what_json_gives(field: str, given: Any, expected: Any) -> None:
    facts = DealFacts(**{**TAROT, "bouts": 2, field: given})
    assert getattr(facts, field) == expected


def test_t27_tarot_chelem_accepts_its_camp_as_text() -> None:
    facts = DealFacts(**{**TAROT, "points": 91, "bouts": 3, "chelem": "attack"})
    assert facts.chelem is Camp.ATTACK


@pytest.mark.parametrize(
    ("field", "given", "match"),
    [
        ("points", "45", "points must be a number .* not the text '45'"),
        ("points", "40.5", "points_from_text"),
        ("players", "4", "players must be 3, 4 or 5"),
        ("taker", "0", "taker must be a seat"),
        ("bouts", "2", "bouts must be an int"),
        ("chelem_announced", "true", "chelem_announced must be True or False"),
        ("contract", "garde sans", "contract must be a Contract or one of"),
        ("petit_au_bout", "attacker", "petit_au_bout must be a Camp"),
        ("chelem", 1, "chelem must be a Camp"),
        ("poignees", "simple", "poignees must be a list or tuple"),
        ("poignees", ["simples"], "each poignée must be a PoigneeLevel or one of"),
        ("poignees", [1], "each poignée must be"),
    ],
)
def test_t4_tarot_facts_name_the_wrong_field(field: str, given: Any, match: str) -> None:
    with pytest.raises(ScoreInputError, match=match):
        DealFacts(**{**TAROT, field: given})


def test_t4_points_from_text_reads_typed_points() -> None:
    assert points_from_text("40.5") == Fraction(81, 2)
    for bad in ("forty", " 45", "4e1", 45):
        with pytest.raises(ScoreInputError, match="points"):
            points_from_text(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"contract": "6M", "declarer": 3, "tricks": [0, 6]}, Contract.moon(6)),
        ({"contract": "moon", "declarer": 3, "tricks": [0, 6]}, Contract.moon(6)),
        ({"contract": "6h", "declarer": 0, "tricks": [6, 0]}, Contract.help(6)),
        ({"contract": "6P", "declarer": 0, "tricks": [6, 0]}, Contract(6)),
        ({"contract": "4", "declarer": 1, "tricks": [2, 4], "reneges": [0, 2]}, Contract(4)),
    ],
)
def test_e10_e23_euchre_facts_accept_what_json_gives(fields: dict[str, Any], expected: Any) -> None:
    facts = HandFacts(**fields)
    assert facts.contract == expected
    assert type(facts.tricks) is tuple
    assert type(facts.reneges) is tuple


def test_e12_euchre_void_reason_in_any_case() -> None:
    assert HandFacts(contract=None, declarer=None, tricks=[0, 0], void_reason="ALL_PASS") == (
        HandFacts.void("all_pass")
    )


@pytest.mark.parametrize(
    ("field", "given", "match"),
    [
        ("tricks", ["2", 4], "tricks must be a list or tuple of two non-negative ints"),
        ("tricks", "2 4", "tricks must be"),
        ("declarer", "1", "declarer must be a seat"),
        ("reneges", ["0"], "reneges must be a list or tuple of seats"),
        ("contract", "4X", "contract must be a Contract, a bid's notation"),
        ("contract", 4, "contract must be a Contract or None"),
    ],
)
def test_e24_euchre_facts_name_the_wrong_field(field: str, given: Any, match: str) -> None:
    with pytest.raises(ScoreInputError, match=match):
        HandFacts(**{**EUCHRE, field: given})


def test_facts_documents_round_trip_and_from_dict_names_fields() -> None:
    rng = random.Random(4)
    variants: tuple[Any, ...] = (TarotVariant(players=5), BidEuchreVariant(renege_mode="penalize"))
    for variant in variants:
        for _ in range(40):
            result: Any = variant.random_playout(variant.new_game(rng=rng), rng)
            facts = result.facts
            if facts is None:
                continue
            document = json.loads(json.dumps(facts.to_dict()))
            cls: Any = DealFacts if variant.id == "tarot" else HandFacts
            assert cls(**document) == facts
            assert cls.from_dict(document) == facts
    with pytest.raises(ScoreInputError, match="unknown field 'point'"):
        DealFacts.from_dict({**TAROT, "point": 3})
    with pytest.raises(ScoreInputError, match="lack the field 'bouts'"):
        DealFacts.from_dict({k: v for k, v in TAROT.items() if k != "bouts"})
    with pytest.raises(ScoreInputError, match="a JSON object"):
        HandFacts.from_dict([1, 2])  # type: ignore[arg-type]
    with pytest.raises(ScoreInputError, match="lack the field 'tricks'"):
        HandFacts.from_dict({"contract": "4", "declarer": 1})
    assert HandFacts.from_dict({"void_reason": "all_pass"}) == HandFacts.void("all_pass")


def test_both_matches_take_a_result_facts_or_their_json_in_after() -> None:
    tarot = TarotVariant(single_deal=False).new_match()
    facts = DealFacts(**TAROT)
    by_result = tarot.after(score_deal(facts, tarot.options))
    assert tarot.after(facts) == by_result
    assert tarot.after(facts.to_dict()) == by_result
    euchre = BidEuchreMatch.start()
    hand = HandFacts(**EUCHRE)
    by_facts = euchre.after(hand)
    assert euchre.after(by_facts.results[-1]) == by_facts
    assert euchre.after(EUCHRE) == by_facts
    for match in (tarot, euchre):
        with pytest.raises(ScoreInputError):
            match.after({"nonsense": 1})
    assert isinstance(tarot, TarotMatch)


def test_e12_e36_a_void_hands_document_may_leave_out_what_a_void_hand_lacks() -> None:
    # The document of the issue: no declarer (a void hand has none).
    document = {"contract": None, "tricks": [0, 0], "void_reason": "ace_no_face"}
    assert HandFacts.from_dict(document) == HandFacts.void("ace_no_face")
    match = BidEuchreMatch.start(BidEuchreVariant(ace_no_face=True).options)
    assert match.after(document) == match.after(HandFacts.void("ace_no_face"))
    # Without ace_no_face, the facts are read and the match refuses them by the rule.
    with pytest.raises(ScoreInputError, match="E-36"):
        BidEuchreMatch.start().after(document)
    for fields in ({"void_reason": "all_pass", "declarer": None}, {"void_reason": "all_pass"}):
        assert HandFacts.from_dict(fields) == HandFacts.void("all_pass")
    # A void hand's fields must still be a void hand's.
    with pytest.raises(ScoreInputError, match="no declarer"):
        HandFacts.from_dict({"void_reason": "all_pass", "declarer": 1})
    with pytest.raises(ScoreInputError, match="no trick is played"):
        HandFacts.from_dict({"void_reason": "all_pass", "tricks": [1, 5]})
    # With a contract, the hand was played: its declarer and tricks are required.
    with pytest.raises(ScoreInputError, match="lack the field 'declarer'"):
        HandFacts.from_dict({"contract": "4", "tricks": [2, 4], "void_reason": "all_pass"})


def _documents(full: dict[str, Any]) -> list[dict[str, Any]]:
    """Every subset of ``full``'s fields, and each with one field set to None."""
    keys = sorted(full)
    out = []
    for mask in range(1 << len(keys)):
        subset = {k: full[k] for n, k in enumerate(keys) if mask >> n & 1}
        out.append(subset)
        out.extend({**subset, k: None} for k in subset)
    return out


def test_every_facts_document_lacking_fields_gives_facts_or_a_score_input_error() -> None:
    euchre_full = {
        "contract": "4",
        "declarer": 1,
        "tricks": [2, 4],
        "reneges": [],
        "void_reason": "all_pass",
    }
    tarot_full = {
        **TAROT,
        "partner": None,
        "petit_au_bout": None,
        "poignees": [],
        "chelem_announced": False,
        "chelem": None,
    }
    cases: list[tuple[Any, Any, dict[str, Any]]] = [
        (HandFacts, BidEuchreMatch.start(), euchre_full),
        (DealFacts, TarotVariant(single_deal=False).new_match(), tarot_full),
    ]
    tried = 0
    for cls, match, full in cases:
        for document in _documents(full):
            for read in (cls.from_dict, match.after):
                with contextlib.suppress(ScoreInputError):
                    read(document)
                tried += 1
    assert tried > 1000


@pytest.mark.parametrize(
    ("cls", "reason", "match"),
    [
        (DealFacts, "all_pass", TarotVariant(single_deal=False).new_match()),
        (DealFacts, "petit_sec", TarotVariant(players=3, single_deal=False).new_match()),
        (HandFacts, "all_pass", BidEuchreMatch.start()),
        (HandFacts, "ace_no_face", BidEuchreVariant(ace_no_face=True).new_match()),
    ],
)
def test_t9_t12_e12_e36_a_void_deal_is_entered_alike_in_both_games(
    cls: Any, reason: str, match: Any
) -> None:
    void = cls.void(reason)
    document = void.to_dict()
    assert document["void_reason"] == reason
    assert cls.from_dict({"void_reason": reason}) == void
    assert cls.from_dict(json.loads(json.dumps(document))) == void
    assert cls(void_reason=reason.upper()) == void
    after = match.after(void)
    assert after == match.after({"void_reason": reason})
    assert after.totals == match.totals
    assert after.dealer == (match.dealer + 1) % len(match.totals)
    assert len(after.results) == 1
    # The played facts of both games write the same key, null.
    played = TAROT if cls is DealFacts else EUCHRE
    assert cls(**played).to_dict()["void_reason"] is None


def test_t4_e24_facts_given_to_a_match_leave_out_what_it_knows() -> None:
    tarot = TarotVariant(players=5, single_deal=False).new_match()
    bare = {k: v for k, v in TAROT.items() if k != "players"}
    assert tarot.after(bare).totals == tarot.after({**TAROT, "players": 5}).totals
    euchre = BidEuchreVariant(double_deck=True).new_match()
    sheet = {"contract": "7", "declarer": 1, "declarer_tricks": 8}
    assert euchre.after(sheet) == euchre.after({**sheet, "tricks": [4, 8]})
    # Outside a match, the Tarot facts must say how many players sat at the table.
    with pytest.raises(ScoreInputError, match="how many players"):
        score_deal(DealFacts(**bare))
