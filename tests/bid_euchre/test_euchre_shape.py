"""The shape of the package: its module map and imports, its face and the names that
left it, the shared spellings, the match protocol, and values that show as eval-able
reprs."""

from __future__ import annotations

import ast
import pathlib
import random
import warnings
from typing import Any

import pytest

import cardrules
from cardrules import Card, Suit, bid_euchre
from cardrules.bid_euchre import (
    NUM_ACTIONS,
    PASS,
    Bid,
    BidEuchreMatch,
    BidEuchreOptions,
    BidEuchreState,
    BidEuchreVariant,
    BidEuchreView,
    Contract,
    ContractKind,
    HandFacts,
    Phase,
    Renege,
    action_from_id,
    action_id,
    bidding,
    cards,
    parse_action,
    play,
    random_playout,
    score_hand,
)
from cardrules.bid_euchre import _tables as tables
from cardrules.bid_euchre.actions import Notation

PACKAGE = pathlib.Path(bid_euchre.__file__).parent
MODULES = sorted(p.stem for p in PACKAGE.glob("*.py"))

# The package's names in 0.1.
OLD_FACE = [
    "JOKER_SUIT",
    "NO_TRUMP",
    "NUM_ACTIONS",
    "PASS",
    "TRUMP_CHOICES",
    "Auction",
    "AuctionRules",
    "Bid",
    "BidEuchreMatch",
    "BidEuchreOptions",
    "BidEuchreState",
    "BidEuchreVariant",
    "BidEuchreView",
    "Call",
    "ClaimAceNoFace",
    "Contract",
    "ContractKind",
    "DealError",
    "DeckTables",
    "Discard",
    "Give",
    "HandFacts",
    "HandResult",
    "NameSuit",
    "NameTrump",
    "NoTrump",
    "Phase",
    "PlayTables",
    "Renege",
    "ScoreInputError",
    "Trick",
    "Trump",
    "VoidReason",
    "action_from_id",
    "action_id",
    "bid_euchre_deck",
    "bidding_order",
    "effective_suit",
    "hand_result",
    "is_ace_no_face",
    "is_face_card",
    "is_trump",
    "left_bower",
    "parse_action",
    "partner_gives",
    "random_playout",
    "right_bower",
    "same_colour_suit",
    "score_hand",
    "trick_rules",
]

# Each name that left the face, and where it is now.
MOVED = {
    "Auction": bidding.Auction,
    "AuctionRules": bidding.AuctionRules,
    "Call": bidding.CallValue,
    "bidding_order": bidding.bidding_order,
    "is_ace_no_face": cards.is_ace_no_face,
    "is_face_card": cards.is_face_card,
    "is_trump": cards.is_trump,
    "same_colour_suit": cards.same_colour_suit,
    "hand_result": play.hand_result,
    "partner_gives": play.partner_gives,
    "DealError": cardrules.DealError,
    "ScoreInputError": cardrules.ScoreInputError,
}
# The engine's tables and labels that left the face.
INTERNAL = {
    "DeckTables": tables.DeckTables,
    "PlayTables": tables.PlayTables,
    "TRUMP_CHOICES": tables.TRUMP_CHOICES,
    "JOKER_SUIT": "joker",
}


def _tree(module: str) -> ast.Module:
    return ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))


def _runtime_imports(module: str) -> tuple[set[str], list[str]]:
    """The package modules that loading ``module`` loads, and those it imports inside
    its functions."""
    loaded: set[str] = set()
    local: list[str] = []

    def visit(node: ast.AST, in_function: bool, type_only: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and ast.unparse(child.test) in (
                "TYPE_CHECKING",
                "not TYPE_CHECKING",
            ):
                typed = ast.unparse(child.test) == "TYPE_CHECKING"
                for stmt in child.body:
                    visit_one(stmt, in_function, type_only or typed)
                for stmt in child.orelse:
                    visit_one(stmt, in_function, type_only or not typed)
            else:
                visit_one(child, in_function, type_only)

    def visit_one(node: ast.AST, in_function: bool, type_only: bool) -> None:
        if isinstance(node, ast.ImportFrom) and not type_only:
            parts = (node.module or "").split(".")
            if parts[:2] == ["cardrules", "bid_euchre"]:
                names = parts[2:3] or [a.name for a in node.names]
                (local.extend if in_function else loaded.update)(n for n in names if n in MODULES)
        inner = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        visit(node, inner, type_only)

    visit(_tree(module), False, False)
    return loaded, local


# -- the module map and its imports ------------------------------------------------------


def test_the_module_map_is_the_shared_one() -> None:
    assert (
        sorted(
            [
                "__init__",
                "options",
                "cards",
                "bidding",
                "actions",
                "phases",
                "play",
                "scoring",
                "state",
                "view",
                "variant",
                "match",
                "playout",
                "_tables",
                "_engine",
                "_solver",
            ]
        )
        == MODULES
    )


def test_the_imports_run_one_way_without_circles() -> None:
    graph = {m: _runtime_imports(m)[0] for m in MODULES}
    done: set[str] = set()

    def walk(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, f"import circle: {' -> '.join((*path, module))}"
        if module in done:
            return
        for imported in graph[module]:
            walk(imported, (*path, module))
        done.add(module)

    for module in MODULES:
        walk(module, ())
    # The view is built from the state's public accessors and samples through the
    # engine: it loads neither the state nor the variant; the engine loads no public
    # module above the rules (the checks are its own: nothing calls up); the rules
    # modules load nothing of the engine rooms; playout.py is one call into the engine;
    # the variant deals and makes matches, and the match deals with the variant it was
    # given (no circle between them).
    assert not graph["view"] & {"state", "variant"}
    assert not graph["_engine"] & {"state", "variant", "view", "playout", "match"}
    assert not graph["_tables"] & {"state", "variant", "view", "_engine", "play"}
    for rules in ("cards", "play", "bidding", "actions", "scoring", "options", "phases"):
        assert not graph[rules] & {"_engine", "_tables"}, rules
    assert graph["playout"] == {"_engine"}
    assert not graph["match"] & {"variant"}


def test_package_modules_are_imported_inside_functions_only_where_a_circle_needs_it() -> None:
    local = {m: _runtime_imports(m)[1] for m in MODULES}
    # None: the match is imported at the top of the variant (the match deals with the
    # variant it was given), and the deprecated engine tables of cards.py and play.py
    # are named by their path (cardrules.deprecation).
    assert {m: names for m, names in local.items() if names} == {}


def test_no_public_module_imports_a_private_name_of_another_public_module() -> None:
    for module in MODULES:
        for node in ast.walk(_tree(module)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("cardrules"):
                if any(part.startswith("_") for part in (node.module or "").split(".")):
                    continue
                private = [a.name for a in node.names if a.name.startswith("_")]
                assert not private, f"{module} imports {private} from {node.module}"


def test_states_are_built_only_in_the_engine() -> None:
    for module in MODULES:
        for node in ast.walk(_tree(module)):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Attribute) and target.attr == "__class__":
                        assert module == "_engine", f"{module}.py:{node.lineno} sets __class__"


def test_every_state_is_a_bid_euchre_state_on_the_core_kit() -> None:
    rng = random.Random(4)
    for options in ({}, {"joker": True, "allow_no_trump": True}, {"renege_mode": "penalize"}):
        s = BidEuchreVariant(**options).new_game(rng=rng)
        while not s.is_terminal:
            assert type(s) is BidEuchreState
            s = s.apply(rng.choice(s.legal_actions()))
        assert type(s) is BidEuchreState
        assert isinstance(s, cardrules.StateBase)


# -- the face ----------------------------------------------------------------------------


def test_the_face_is_the_games_vocabulary_without_engine_tables() -> None:
    names = set(bid_euchre.__all__)
    assert len(names) <= 40
    assert not names & {"DeckTables", "PlayTables", "TRUMP_CHOICES", "JOKER_SUIT"}
    assert all(getattr(bid_euchre, name) is not None for name in names)
    assert set(OLD_FACE) - names == set(MOVED) | set(INTERNAL)
    assert names <= set(OLD_FACE)


@pytest.mark.parametrize("name", sorted(MOVED))
def test_names_that_left_the_face_warn_and_still_work(name: str) -> None:
    with pytest.warns(DeprecationWarning, match=f"cardrules.bid_euchre.{name} is deprecated"):
        value = getattr(bid_euchre, name)
    assert value is MOVED[name]


@pytest.mark.parametrize("name", sorted(INTERNAL))
def test_the_engine_tables_left_the_face_and_warn(name: str) -> None:
    with pytest.warns(DeprecationWarning, match=f"cardrules.bid_euchre.{name} is deprecated"):
        value = getattr(bid_euchre, name)
    assert value == INTERNAL[name]
    if name != "PlayTables":
        with pytest.warns(DeprecationWarning, match=f"bid_euchre.cards.{name} is deprecated"):
            assert getattr(cards, name) == value
    else:
        with pytest.warns(DeprecationWarning, match="bid_euchre.play.PlayTables is deprecated"):
            assert play.PlayTables is value  # type: ignore[attr-defined]


def test_the_old_submodule_spellings_warn_and_still_work() -> None:
    with pytest.warns(DeprecationWarning, match="use CallValue"):
        assert bidding.Call is bidding.CallValue
    with pytest.warns(DeprecationWarning, match=r"bidding_order\(dealer=dealer\)"):
        assert bidding.bidding_order(2) == (3, 0, 1, 2)
    with pytest.warns(DeprecationWarning, match=r"Notation\(tricks_per_hand=\.\.\.\)\.parse"):
        old = parse_action("bid moon", tricks_per_hand=12)
    assert old == Bid(Contract.moon(12)) == Notation(tricks_per_hand=12).parse("bid moon")


def test_e14_partner_gives_warns_and_still_gives_what_the_state_allows() -> None:
    hands = ["JS QS KS AS 9H 10H", "9S 10S JH QH KH AH", "9D 10D JD QD KD AD", "9C JC 10C QC KC AC"]
    state = BidEuchreVariant(help_card_rule="partner_choice").deal(hands=hands, dealer=3)
    for call in ("bid 6H", "pass", "pass", "pass", "trump spades", "give 9H"):
        state = state.apply(call)
    assert state.phase is Phase.EXCHANGE
    assert state.to_play == 2
    h = state._h
    with pytest.warns(DeprecationWarning, match="partner_gives is deprecated"):
        mask = play.partner_gives(h.play, h.hands, 2, h.given, forced=False)
    gives = {str(a) for a in state.legal_actions()}
    assert {f"give {c}" for c in h.play.deck.cards_of(mask)} == gives
    assert gives == {f"give {c}" for c in hands[2].split()}  # E-14: not the 9H received


def test_every_old_name_still_imports_from_the_package() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        for name in OLD_FACE:
            assert getattr(bid_euchre, name) is not None
    for module in (bid_euchre, cards, play, bidding):
        with pytest.raises(AttributeError, match="no attribute 'nothing'"):
            getattr(module, "nothing")  # noqa: B009 - the attribute is looked up on purpose


# -- the shared spellings ----------------------------------------------------------------


def test_e6_bidding_order_takes_the_dealer_and_the_players_by_keyword() -> None:
    assert bidding.bidding_order(dealer=0) == (1, 2, 3, 0)
    assert bidding.bidding_order(dealer=3, players=4) == (0, 1, 2, 3)
    with pytest.raises(cardrules.InvalidArgumentError, match="4 players"):
        bidding.bidding_order(dealer=0, players=5)
    with pytest.raises(cardrules.InvalidArgumentError, match="dealer="):
        bidding.bidding_order()
    with pytest.raises(cardrules.InvalidSeatError):
        bidding.bidding_order(dealer=4)
    with pytest.raises(cardrules.InvalidArgumentError, match="once"):
        bidding.bidding_order(1, dealer=1)


def test_parse_action_and_action_id_take_the_action_alone() -> None:
    assert parse_action("bid help") == Bid(Contract.help(6))
    assert action_id(parse_action("bid 6P")) == action_id(Bid(Contract(6))) == 6
    with pytest.raises(cardrules.InvalidArgumentError, match="text only"):
        parse_action("pass", level=6)
    double = BidEuchreVariant(double_deck=True)
    assert double.parse_action("bid help") == Bid(Contract.help(12))
    assert double.action_id(PASS) == action_id(PASS) == 0
    with pytest.raises(cardrules.InvalidArgumentError, match="6, or 12"):
        Notation(tricks_per_hand=7)


def test_e10_the_plain_six_is_written_6p_by_the_variant_and_read_both_ways() -> None:
    variant = BidEuchreVariant(allow_plain_six=True)
    state = variant.new_game(seed=5)
    texts = [variant.action_text(a) for a in state.legal_actions()]
    assert texts == ["pass", "bid 3", "bid 4", "bid 5", "bid 6P", "bid 6H", "bid 6M"]
    assert [variant.parse_action(t) for t in texts] == list(state.legal_actions())
    assert variant.parse_action("bid 6") == variant.parse_action("bid 6P")
    assert state.apply("bid 6P") == state.apply("bid 6")
    # The double deck: the plain all-tricks bid is 12P, its ordinary 6 stays 6.
    double = BidEuchreVariant(double_deck=True, allow_plain_six=True)
    assert double.action_text(Bid(Contract(12))) == "bid 12P"
    assert double.action_text(Bid(Contract(6))) == "bid 6"
    assert Contract(6).notation() == "6P"
    facts = HandFacts(contract=Contract(6), declarer=0, tricks=(6, 0))
    assert score_hand(facts, variant.options).summary.startswith("6P by N")


# -- the match protocol ------------------------------------------------------------------


def _played(match: BidEuchreMatch, rng: random.Random) -> BidEuchreState:
    s = match.next_deal(rng)
    while not s.is_terminal:
        s = s.apply(rng.choice(s.legal_actions()))
    return s


def test_e33_new_match_implements_the_core_match_protocol() -> None:
    variant = BidEuchreVariant(target_score=8, first_dealer=2)
    match = variant.new_match()
    assert isinstance(match, cardrules.Match)
    assert match == BidEuchreMatch.start(variant.options)
    assert (match.dealer, match.results, match.totals, match.winner) == (2, (), (0, 0, 0, 0), None)
    assert match.leaders == (0, 1, 2, 3)
    rng = random.Random(6)
    while not match.is_over:
        final = _played(match, rng)
        assert final.variant == variant
        assert final.dealer == match.dealer
        match = match.after(final.result())
    ns, ew = match.scores
    assert match.totals == (ns, ew, ns, ew)
    assert match.winner in (0, 1)
    # E-34: the winning team leads (here no tie is possible once the match is over).
    assert match.leaders == ((0, 2) if match.winner == 0 else (1, 3))
    assert match.scores == tuple(sum(r.delta[t] for r in match.results) for t in (0, 1))
    lines = match.explain().splitlines()
    assert lines[0] == "Bid Euchre match to 8 (if both reach 8 in one hand, the higher score wins)"
    assert len(lines) == 3 + 2 * len(match.results)
    with pytest.raises(cardrules.GameOverError, match="E-34"):
        match.next_deal(rng)


def test_e5_after_takes_a_result_or_its_facts_and_next_deal_needs_no_rng() -> None:
    match = BidEuchreMatch.start(None, dealer=3)
    facts = HandFacts(contract=Contract(4), declarer=1, tricks=(2, 4))
    by_facts = match.after(facts)
    assert by_facts == match.after(score_hand(facts, match.options))
    assert (by_facts.dealer, by_facts.scores, by_facts.leaders) == (0, (2, 4), (1, 3))
    assert (by_facts.next_deal().dealer, by_facts.next_deal().to_play) == (0, 1)
    with pytest.raises(cardrules.ScoreInputError, match="HandResult or HandFacts"):
        match.after(facts.tricks)  # type: ignore[arg-type]


def test_old_match_spellings_warn_and_still_work() -> None:
    result = score_hand(HandFacts.void("all_pass"))
    with pytest.warns(DeprecationWarning, match="results="):
        old = BidEuchreMatch(dealer=1, hands=(result,))
    assert old == BidEuchreMatch(dealer=1, results=(result,))
    with pytest.warns(DeprecationWarning, match="BidEuchreMatch.hands"):
        assert old.hands == (result,)
    with pytest.warns(DeprecationWarning, match="next_deal"):
        state = old.next_hand(random.Random(3))
    assert state == old.next_deal(random.Random(3))
    with (
        pytest.raises(cardrules.ScoreInputError, match="not both"),
        pytest.warns(DeprecationWarning, match="results="),
    ):
        BidEuchreMatch(dealer=1, results=(result,), hands=(result,))


# -- eval-able reprs ---------------------------------------------------------------------


def _namespace() -> dict[str, Any]:
    names: dict[str, Any] = {"cardrules": cardrules}
    names.update((n, getattr(cardrules, n)) for n in cardrules.__all__)
    names.update((n, getattr(bid_euchre, n)) for n in bid_euchre.__all__)
    names["Notation"] = Notation
    return names


def _values() -> list[object]:
    rng = random.Random(11)
    values: list[object] = [action_from_id(i) for i in range(NUM_ACTIONS)]
    values += [
        Contract(4),
        Contract.help(12),
        Contract(6, ContractKind.MOON),
        BidEuchreOptions(),
        BidEuchreOptions(
            double_deck=True, renege_mode="penalize", joker_discard_timing="after_trump"
        ),
        HandFacts(contract=Contract(5), declarer=2, tricks=(1, 5), reneges=(1, 3)),
        HandFacts.void("ace_no_face"),
        Renege(2, 3, Card.parse("JD"), Suit.CLUBS),
        BidEuchreVariant(joker=True, allow_no_trump=True),
        Notation(tricks_per_hand=12),
    ]
    for options in ({"renege_mode": "penalize"}, {"joker": True, "allow_no_trump": True}):
        match = BidEuchreVariant(**options).new_match()
        for _ in range(3):
            s = _played(match, rng)
            values += [s.result(), *s.tricks, *s.reneges]
            match = match.after(s.result())
        values.append(match)
    return values


@pytest.mark.parametrize("value", _values(), ids=lambda v: type(v).__name__)
def test_public_values_have_eval_able_reprs(value: object) -> None:
    copy = eval(repr(value), _namespace())  # noqa: S307 - our own reprs
    assert copy == value
    assert type(copy) is type(value)


def test_states_and_views_keep_their_own_reprs() -> None:
    s = BidEuchreVariant().new_game(seed=5)
    assert repr(s) == "<BidEuchreState phase=AUCTION to_play=1>"
    view = s.apply("bid 4").view(0)
    assert repr(view) == (
        "BidEuchreView(seat=0, phase=AUCTION, dealer=0, to_play=2, hand=[10S AS 9D KD 10C QC],"
        " calls=[1:4], contract=None, declarer=None, trump=None, trick=[], tricks_won=[0, 0])"
    )


# -- the state's public accessors that the view is built from ---------------------------


def test_e40_the_view_is_built_from_public_accessors() -> None:
    rng = random.Random(2)
    variant = BidEuchreVariant(joker=True, allow_no_trump=True, ace_no_face=True)
    for _ in range(5):
        s = variant.new_game(rng=rng)
        while True:
            for seat in range(4):
                assert BidEuchreView.from_state(s, seat) == s.view(seat)
            if s.is_terminal:
                break
            s = s.apply(rng.choice(s.legal_actions()))
    for bad in (None, cardrules.get_variant("tarot").new_game(seed=1)):
        with pytest.raises(cardrules.InvalidArgumentError, match="BidEuchreState"):
            BidEuchreView.from_state(bad, 0)  # type: ignore[arg-type]
    with pytest.raises(cardrules.InvalidSeatError):
        BidEuchreView.from_state(s, 4)
    assert s.view(0).phase is Phase.END


def test_random_playout_refuses_what_is_not_a_state_or_a_random_generator() -> None:
    s = BidEuchreVariant().new_game(seed=1)
    for bad in (None, 7, "rng", random):
        with pytest.raises(cardrules.InvalidArgumentError, match=r"random\.Random"):
            random_playout(s, bad)  # type: ignore[arg-type]
    with pytest.raises(cardrules.InvalidArgumentError, match="BidEuchreState"):
        random_playout("state", random.Random(1))  # type: ignore[arg-type]


@pytest.mark.parametrize("double_deck", [False, True])
def test_e10_records_write_the_plain_all_tricks_bid_as_in_the_spec(double_deck: bool) -> None:
    variant = BidEuchreVariant(allow_plain_six=True, double_deck=double_deck)
    state = variant.new_game(seed=5)
    while state.phase is Phase.AUCTION and len(state.history) < 3:
        state = state.apply("pass")
    tricks = 12 if double_deck else 6
    state = state.apply(f"bid {tricks}P")
    record = state.record()
    assert record.actions[-1] == f"bid {tricks}P"
    assert cardrules.final_state(cardrules.loads(cardrules.dumps(record))) == state
