"""The shape of the package: its module map and imports, its face and the names that
left it, the match protocol, and values that show as eval-able reprs."""

from __future__ import annotations

import ast
import pathlib
import random
import warnings
from fractions import Fraction
from typing import Any

import pytest

import cardrules
from cardrules import Card, Pass, Play, tarot
from cardrules.tarot import (
    AnnounceChelem,
    Bid,
    Call,
    Camp,
    Contract,
    DealFacts,
    DealResult,
    DeclarePoignee,
    Discard,
    Phase,
    Poignee,
    PoigneeLevel,
    TarotMatch,
    TarotOptions,
    TarotState,
    TarotVariant,
    TarotView,
    TrickOutcome,
    bidding,
    cards,
    play,
    random_playout,
    resolve_trick,
    score_deal,
    scoring,
    state,
    variant,
)
from cardrules.tarot import actions as tarot_actions

PACKAGE = pathlib.Path(tarot.__file__).parent
EXCUSE_TRICK = [cardrules.EXCUSE, Card.parse("9C"), Card.parse("KC"), Card.parse("2C")]
MODULES = sorted(p.stem for p in PACKAGE.glob("*.py"))

# The package's names in 0.1.
OLD_FACE = [
    "BOUTS",
    "CALLABLE_RANKS",
    "NUM_ACTIONS",
    "PETIT",
    "TAROT_DECK",
    "TAROT_TABLE",
    "TAROT_TRICK_RULES",
    "TRUMP_LABEL",
    "TWENTY_ONE",
    "AnnounceChelem",
    "AnnulReason",
    "Bid",
    "Call",
    "Camp",
    "Contract",
    "DealError",
    "DealFacts",
    "DealResult",
    "DeclarePoignee",
    "Discard",
    "Phase",
    "Poignee",
    "PoigneeLevel",
    "Score",
    "ScoreInputError",
    "TarotMatch",
    "TarotOptions",
    "TarotState",
    "TarotVariant",
    "TarotView",
    "TrickOutcome",
    "action_from_id",
    "action_id",
    "auction_taker",
    "bidding_order",
    "bout_count",
    "card_points",
    "check_bid",
    "deal_deck",
    "fixed_chien_positions",
    "higher_contracts",
    "is_bout",
    "legal_cards",
    "parse_action",
    "poignee_level_of",
    "points_of",
    "random_playout",
    "resolve_trick",
    "score_deal",
    "target_points",
    "trick_winner",
]

# Each name that left the face, and where it is now.
MOVED = {
    "CALLABLE_RANKS": tarot_actions.CALLABLE_RANKS,
    "poignee_level_of": tarot_actions.poignee_level_of,
    "auction_taker": bidding.auction_taker,
    "bidding_order": bidding.bidding_order,
    "check_bid": bidding.check_bid,
    "higher_contracts": bidding.higher_contracts,
    "TAROT_TRICK_RULES": cards.TAROT_TRICK_RULES,
    "bout_count": cards.bout_count,
    "is_bout": cards.is_bout,
    "card_points": cards.card_half_points,
    "points_of": cards.half_points_of,
    "target_points": scoring.target_points,
    "deal_deck": variant.deal_deck,
    "fixed_chien_positions": variant.fixed_chien_positions,
    "DealError": cardrules.DealError,
    "ScoreInputError": cardrules.ScoreInputError,
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
            if isinstance(child, ast.If) and ast.unparse(child.test) == "TYPE_CHECKING":
                for stmt in child.body:
                    visit_one(stmt, in_function, True)
                for stmt in child.orelse:
                    visit_one(stmt, in_function, type_only)
            else:
                visit_one(child, in_function, type_only)

    def visit_one(node: ast.AST, in_function: bool, type_only: bool) -> None:
        if isinstance(node, ast.ImportFrom) and not type_only:
            parts = (node.module or "").split(".")
            if parts[:2] == ["cardrules", "tarot"]:
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
                "play",
                "scoring",
                "state",
                "view",
                "variant",
                "match",
                "phases",
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
    # The state builds its views; the view's sampler builds states in the engine room:
    # the view loads neither the state nor the variant (it holds its variant). The engine
    # loads neither the state nor the variant, nor anything above them; the rules
    # modules load neither engine room. The match keeps the variant that deals for it
    # and loads none.
    assert not graph["view"] & {"state", "variant", "match"}
    assert not graph["_engine"] & {"state", "variant", "view", "playout", "match"}
    assert not graph["_tables"] & {"state", "variant", "view", "_engine", "play"}
    for rules in ("cards", "play", "bidding", "scoring", "actions", "options", "phases"):
        assert not graph[rules] & {"_engine", "_tables"}, rules
    assert not graph["match"] & {"variant", "state", "view", "_engine"}


def test_no_package_module_is_imported_inside_a_function() -> None:
    local = {m: _runtime_imports(m)[1] for m in MODULES}
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


def test_every_state_is_a_tarot_state_on_the_core_kit() -> None:
    rng = random.Random(4)
    s = TarotVariant(players=5).new_game(rng=rng)
    while not s.is_terminal:
        assert type(s) is TarotState
        s = s.apply(rng.choice(s.legal_actions()))
    assert type(s) is TarotState
    assert isinstance(s, cardrules.StateBase)


def test_the_engine_fills_deal_facts_with_their_own_slots() -> None:
    from cardrules.tarot import _engine

    assert _engine._Facts.__slots__ == scoring._DealFactsSlots.__slots__


# -- the face ----------------------------------------------------------------------------


def test_the_face_is_the_games_vocabulary_without_engine_tables() -> None:
    names = set(tarot.__all__)
    assert len(names) <= 40
    assert not names & {"TAROT_TABLE", "TRUMP_LABEL"}
    assert all(getattr(tarot, name) is not None for name in names)
    assert set(OLD_FACE) - names == set(MOVED) | {"TAROT_TABLE", "TRUMP_LABEL"}
    assert names - set(OLD_FACE) == {"card_half_points"}


@pytest.mark.parametrize("name", sorted(MOVED))
def test_names_that_left_the_face_warn_and_still_work(name: str) -> None:
    with pytest.warns(DeprecationWarning, match=f"cardrules.tarot.{name} is deprecated"):
        value = getattr(tarot, name)
    assert value is MOVED[name]


@pytest.mark.parametrize("name", ["TAROT_TABLE", "TRUMP_LABEL"])
def test_the_engine_tables_left_the_face_and_warn(name: str) -> None:
    with pytest.warns(DeprecationWarning, match="TAROT_TRICK_RULES") as caught:
        value = getattr(tarot, name)
    assert len(caught) == 1
    with pytest.warns(DeprecationWarning, match=f"cardrules.tarot.cards.{name} is deprecated"):
        assert getattr(cards, name) is value
    if name == "TRUMP_LABEL":
        assert value == cards.TAROT_TRICK_RULES.trump
    else:
        assert value.legal_cards([Card.parse("2H")], [Card.parse("KH")]) == (Card.parse("2H"),)


def test_every_old_name_still_imports_from_the_package() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        for name in OLD_FACE:
            assert getattr(tarot, name) is not None
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        getattr(tarot, "nothing")  # noqa: B009 - the attribute is looked up on purpose
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        getattr(cards, "nothing")  # noqa: B009


def test_half_point_counts_say_so_and_the_old_names_warn() -> None:
    king = Card.parse("KH")
    assert cards.card_half_points(king) == 9
    assert cards.half_points_of([king, Card.parse("2H")]) == 10
    with pytest.warns(DeprecationWarning, match="card_half_points"):
        assert cards.card_points(king) == 9
    with pytest.warns(DeprecationWarning, match="half_points_of"):
        assert cards.points_of([king]) == 9
    with pytest.warns(DeprecationWarning, match="import DealError from cardrules"):
        assert state.DealError is cardrules.DealError
    out = resolve_trick(EXCUSE_TRICK, leader=0, players=4, attack=[0])
    assert out.compensation_half_points == -1
    with pytest.warns(DeprecationWarning, match="compensation_half_points"):
        assert out.compensation == -1


def test_action_id_takes_the_action_alone() -> None:
    shown = DeclarePoignee(cards=[Card.trump(n) for n in range(1, 9)])
    five = TarotVariant(players=5)
    assert five.action_id(shown) == tarot.action_id(DeclarePoignee(PoigneeLevel.SIMPLE))
    with pytest.warns(DeprecationWarning, match="TarotVariant"):
        assert tarot.action_id(shown, five.options) == five.action_id(shown)
    assert tarot.action_id(Pass()) == five.action_id(Pass()) == 156
    assert bidding.bidding_order(dealer=1, players=3) == (2, 0, 1)


# -- the match protocol ------------------------------------------------------------------


def _played(match: TarotMatch, rng: random.Random) -> TarotState:
    s = match.next_deal(rng)
    while not s.is_terminal:
        s = s.apply(rng.choice(s.legal_actions()))
    return s


def test_t38_new_match_implements_the_core_match_protocol() -> None:
    v = TarotVariant(players=3, dealer=2, single_deal=False)
    match = v.new_match()
    assert isinstance(match, cardrules.Match)
    assert match == TarotMatch.start(v.options)
    assert (match.dealer, match.results, match.totals, match.winner) == (2, (), (0, 0, 0), None)
    rng = random.Random(6)
    for _ in range(3):
        final = _played(match, rng)
        assert final.variant == v
        match = match.after(final.result())
    assert len(match.results) == 3
    assert match.totals == tuple(sum(r.scores[s] for r in match.results) for s in range(3))
    # A series never ends by itself: no winner, whoever leads.
    assert not match.is_over
    assert match.winner is None
    assert match.leaders
    lines = match.explain().splitlines()
    assert lines[0] == "French Tarot match, 3 players, deals in a row (T-38)"
    assert len(lines) == 5
    assert lines[-1] == f"in progress; seat {match.dealer} deals next"


def test_t38_a_single_deal_match_has_a_winner_once_played() -> None:
    facts = DealFacts(players=4, contract="garde", taker=3, points=45, bouts=2)
    match = TarotVariant().new_match()
    annulled = DealResult.annulled_deal(players=4, reason="all_pass")
    match = match.after(annulled)
    assert (match.is_over, match.winner, match.dealer) == (False, None, 1)
    over = match.after(facts)
    assert over == match.after(score_deal(facts, match.options))
    assert over.is_over
    assert over.winner == 3
    assert over.explain().splitlines()[-1] == "seat 3 wins with 174"
    with pytest.raises(cardrules.GameOverError):
        over.next_deal()
    with pytest.raises(cardrules.ScoreInputError, match="DealResult or DealFacts"):
        match.after(facts.points)  # type: ignore[arg-type]


def test_t38_next_deal_without_an_rng_deals_from_a_fresh_one() -> None:
    match = TarotMatch.start(dealer=3)
    s = match.next_deal()
    assert (s.dealer, s.to_play) == (3, 0)
    assert TarotMatch.start(TarotOptions(dealer=1)).dealer == 1
    with pytest.raises(cardrules.OptionsError):
        TarotMatch.start(dealer=4)


def test_t38_old_match_spellings_warn_and_still_work() -> None:
    result = DealResult.annulled_deal(players=4, reason="petit_sec")
    with pytest.warns(DeprecationWarning, match="results="):
        old = TarotMatch(options=TarotOptions(single_deal=False), deals=(result,))
    assert old == TarotMatch(options=TarotOptions(single_deal=False), results=(result,))
    with pytest.warns(DeprecationWarning, match="TarotMatch.results"):
        assert old.deals == (result,)
    with (
        pytest.raises(cardrules.ScoreInputError, match="once"),
        pytest.warns(DeprecationWarning, match="results="),
    ):
        TarotMatch(results=(result,), deals=(result,))


# -- eval-able reprs ---------------------------------------------------------------------


def _namespace() -> dict[str, Any]:
    names: dict[str, Any] = {"cardrules": cardrules, "Fraction": Fraction}
    names.update((n, getattr(cardrules, n)) for n in cardrules.__all__)
    names.update((n, getattr(tarot, n)) for n in tarot.__all__)
    return names


def _values() -> list[object]:
    rng = random.Random(11)
    values: list[object] = [tarot_actions.action_from_id(i) for i in range(tarot.NUM_ACTIONS)]
    values += [
        Discard([Card.parse("3C"), Card.parse("4C")]),
        DeclarePoignee(cards=[Card.trump(3), cards.PETIT, cardrules.EXCUSE]),
        Bid(Contract.GARDE_CONTRE),
        Call(Card.parse("QS")),
        AnnounceChelem(),
        Play(Card.parse("21T")),
        TarotOptions(),
        TarotOptions(players=5, half_point_rounding="none", poignee_bonuses=(10, 20, 30)),
        TarotOptions(multipliers={"prise": 1, "garde": 3, "garde_sans": 5, "garde_contre": 7}),
        DealFacts(players=5, contract="garde-sans", taker=1, partner=3, points=40.5, bouts=1),
        DealResult.annulled_deal(players=3, reason="petit_sec"),
        Poignee(seat=1, level=PoigneeLevel.DOUBLE, cards=(Card.trump(2), cardrules.EXCUSE)),
        resolve_trick(EXCUSE_TRICK, leader=1, players=4, attack=[1]),
        TarotVariant(players=3, chien_schedule="random"),
    ]
    for players in (3, 4, 5):
        v = TarotVariant(players=players, half_point_rounding="none", single_deal=False)
        match = v.new_match()
        for _ in range(2):
            s = _played(match, rng)
            values += [s.result(), *s.poignees]
            match = match.after(s.result())
        values.append(match)
    return values


@pytest.mark.parametrize("value", _values(), ids=lambda v: type(v).__name__)
def test_public_values_have_eval_able_reprs(value: object) -> None:
    copy = eval(repr(value), _namespace())  # noqa: S307 - our own reprs
    assert copy == value
    assert type(copy) is type(value)


def test_states_and_views_keep_their_own_reprs() -> None:
    s = TarotVariant().new_game(seed=1)
    assert repr(s) == "<TarotState phase=BIDDING to_play=1>"
    assert repr(s.view(1)).startswith("TarotView(seat=1, phase=BIDDING")
    assert isinstance(TrickOutcome, type)
    assert Camp.ATTACK.opponent is Camp.DEFENCE


# -- the state's public accessors that the view is built from ---------------------------


def test_t39_the_view_is_built_from_public_accessors() -> None:
    rng = random.Random(2)
    s = TarotVariant(players=5).new_game(rng=rng)
    while not s.is_terminal:
        assert s.hand_sizes == tuple(len(s.hand(seat)) for seat in range(5))
        played = {c for _, c in s.trick} | {c for _, c in s.last_trick}
        assert played <= set(s.cards_played)
        if s.phase is Phase.PLAY:
            assert len(s.cards_played) + sum(s.hand_sizes) == 75
        for seat in range(5):
            assert TarotView.from_state(s, seat) == s.view(seat)
        s = s.apply(rng.choice(s.legal_actions()))
    assert len(s.cards_played) == 75
    for bad in (None, cardrules.get_variant("bid-euchre").new_game(seed=1)):
        with pytest.raises(cardrules.InvalidArgumentError, match="TarotState"):
            TarotView.from_state(bad, 0)  # type: ignore[arg-type]
    with pytest.raises(cardrules.InvalidSeatError):
        TarotView.from_state(s, 5)


def test_random_playout_refuses_what_is_not_a_random_generator() -> None:
    s = TarotVariant().new_game(seed=1)
    for bad in (None, 7, "rng", random):
        with pytest.raises(cardrules.InvalidArgumentError, match=r"random\.Random"):
            random_playout(s, bad)  # type: ignore[arg-type]
    with pytest.raises(cardrules.InvalidArgumentError, match="TarotState"):
        random_playout("state", random.Random(1))  # type: ignore[arg-type]


def test_resolve_trick_refuses_seats_and_options_that_are_not_the_tables() -> None:
    trick = EXCUSE_TRICK
    for attack in (["0"], [4], [-1], [True], [None]):
        with pytest.raises(cardrules.InvalidArgumentError, match="attack"):
            resolve_trick(trick, leader=0, players=4, attack=attack)  # type: ignore[arg-type]
    with pytest.raises(cardrules.InvalidArgumentError, match="TarotOptions"):
        resolve_trick(trick, leader=0, players=4, attack=[0], options={})  # type: ignore[arg-type]
    assert play.trick_winner(trick) == 2
