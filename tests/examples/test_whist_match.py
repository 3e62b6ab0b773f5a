"""The Whist plugin's match saves itself and keeps a record of its deals, as the
built-in games' matches do."""

from __future__ import annotations

import json
from typing import Any

import pytest

import cardrules
from cardrules import CardrulesError, records
from cardrules.errors import RecordError, ScoreInputError


def _played(options: dict[str, Any]) -> Any:
    match: Any = cardrules.get_variant("whist", **options).new_match(seed=3, require_seat=True)
    while not match.is_over:
        state = match.next_deal()
        while not state.is_terminal:
            state = state.apply(state.legal_actions()[-1], seat=state.to_play)
        match = match.after_deal(state)
    return match


@pytest.mark.usefixtures("example_plugins")
@pytest.mark.parametrize("honours", [False, True])
def test_a_whist_match_record_replays_and_its_document_restores_it(honours: bool) -> None:
    match = _played({"honours": honours})
    text = cardrules.dumps(match.record().with_meta({"table": "t"}), key=b"k")
    replayed = records.replay_match(records.loads_match(text, key=b"k"))
    assert replayed == match
    assert (replayed.totals, replayed.dealer, replayed.winner) == (
        match.totals,
        match.dealer,
        match.winner,
    )
    document = json.loads(json.dumps(match.to_dict()))
    assert records.match_from_dict(document) == match
    with pytest.raises(RecordError, match="after_deal"):
        type(match).from_dict(document).record()


@pytest.mark.usefixtures("example_plugins")
def test_a_changed_whist_match_document_is_refused() -> None:
    match = _played({})
    document = json.loads(json.dumps(match.to_dict()))
    first = document["results"][0]["whist"]
    changed: Any
    for changed in (
        {**document, "totals": [0, 0, 0, 0]},
        {**document, "dealer": (document["dealer"] + 1) % 4},
        {**document, "require_seat": 1},
        {**document, "first_dealer": "0"},
        {**document, "seed": 1.5},
        {**document, "extra": 1},
        {**document, "options": {"honours": 1}},
        {**document, "results": "x"},
        {**document, "results": [{**document["results"][0], "whist": {**first, "tricks": [13]}}]},
        {**document, "results": [{"whist": {**first, "trump": ["H"]}}]},
        {**document, "results": [{"whist": {**first, "honours_held": [2, 2]}}]},
        {**document, "results": [*document["results"], document["results"][0]]},
        [],
    ):
        with pytest.raises(CardrulesError):
            records.match_from_dict(changed) if isinstance(changed, dict) else type(
                match
            ).from_dict(changed)
    with pytest.raises(ScoreInputError, match="'totals'"):
        type(match).from_dict({**document, "totals": [9, 9, 9, 9]})
