"""The conformance kit: random playouts that check what every variant must guarantee.

:func:`check_variant` plays random games of a variant through its public API and checks,
at every step:

* exactly one seat is to play; the legal actions are non-empty, have no duplicates,
  are the same when asked twice, play only cards of that seat's hand, and every one is
  accepted by ``is_legal``;
* no card is in two hands beyond the deck's copies (cards are conserved);
* a sample of other actions (from the whole action-id space, plus junk text and the
  right action from the wrong seat) is rejected with a documented error, and the state
  is unchanged afterwards (equal, same hash, same legal actions, and the same legal
  action then gives the same result);
* the state an action is applied to is unchanged, and the history grows by that action;
* pickling, and the JSON record replayed, reproduce the state;
* no view, and no error message, shows a card hidden in another seat's hand;
* the variant's own ``invariants``, when given, hold;
* every game terminates within ``max_steps``;
* what the variant declares (:attr:`Variant.info <cardrules.Variant.info>`) holds: the
  returns stay within its score bounds, a deal within its longest length, an
  observation has its declared size, a seat sees its own actions, the deal's piles
  give back the deal;
* for a variant whose ``new_game`` takes ``require_seat`` (every game on the kit's
  :class:`~cardrules.KitVariant`), the game dealt again with ``require_seat=True`` plays
  the same with the acting seat named, every state of it refuses a move without one
  (:class:`~cardrules.SeatRequiredError`, the state unchanged), and its pickle and its
  record keep the requirement;

and at the end of each game that pickling, the JSON record and replay reproduce the
final state exactly. A failure raises :class:`ConformanceError` naming the game's seed
and its actions so far, enough to replay it.

Long runs (``thorough`` below 1) give the checks above to a random share of the
states only, and quick checks to every state: one seat to play; the legal actions
non-empty, without duplicates, the same when asked twice, every card played from the
hand of the seat to play; on a sample of the action universe, ``is_legal`` agrees with
the list, a listed action applies and an unlisted one is refused; the state an action
was applied to unchanged afterwards; the variant's own ``invariants`` (such as the
conservation of its cards); and at the end, the history and the pickle round trip.
Thorough checks also pickle and replay the JSON record of states in mid-game.

Variant authors run it in their own test suite::

    from cardrules.testing import check_variant

    def test_my_variant_conforms():
        check_variant(MyVariant(), games=200, seed=1)

>>> import cardrules
>>> from cardrules.testing import check_variant
>>> report = check_variant(cardrules.get_variant("bid-euchre"), games=3, seed=1)
>>> report.games, report.failures
(3, 0)
"""

from __future__ import annotations

import inspect
import json
import pickle
import random
import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable
from typing import Any, Final

import attrs

from cardrules._util import quote
from cardrules.actions import Action, Play
from cardrules.cards import Card
from cardrules.errors import (
    CardrulesError,
    GameOverError,
    IllegalActionError,
    InvalidSeatError,
    NotationError,
    NotYourTurnError,
    OptionsError,
    SeatRequiredError,
)
from cardrules.records import dumps, final_state, loads
from cardrules.state import State, Variant

__all__ = ["ConformanceError", "ConformanceReport", "check_variant", "random_playout"]

JUNK: Final[tuple[object, ...]] = (
    "",
    " ",
    "play",
    "play ",
    " play QH",
    "play QH\n",
    "play \uff31\uff28",  # full-width QH
    "play T2_1",
    "bid",
    "x" * 5000,
    "pass pass",
    None,
    -1,  # an int is an action id: these two are no id of any variant
    10**40,
    1.0,
    True,
    b"pass",
    object(),
)

BAD_SEATS: Final[tuple[object, ...]] = (True, 1.0, "1", -1, 99)


class ConformanceError(CardrulesError, AssertionError):
    """A variant broke one of the guarantees :func:`check_variant` checks."""


@attrs.frozen
class ConformanceReport:
    """What :func:`check_variant` did.

    Attributes:
        variant: The variant's id.
        games: Games played to the end.
        steps: Actions applied in all.
        illegal_tried: Illegal or malformed actions tried.
        round_trips: Pickle, record and replay round trips checked.
        failures: Always 0 (a failure raises instead); kept for reports.
        checks: Invariant checks made: each guarantee checked on one state counts once.

    >>> import cardrules
    >>> report = check_variant(cardrules.get_variant("bid-euchre"), games=2, seed=1)
    >>> report.variant, report.games, report.failures, report.steps > 0, report.checks > 0
    ('bid-euchre', 2, 0, True, True)
    """

    variant: str
    games: int
    steps: int
    illegal_tried: int
    round_trips: int
    failures: int = 0
    checks: int = 0


def random_playout(state: State, rng: random.Random, *, max_steps: int = 100_000) -> State:
    """Play uniformly random legal actions from ``state`` to the end and return it.

    Raises:
        ConformanceError: the game did not end within ``max_steps`` actions or a legal
            action was refused.

    >>> import cardrules
    >>> final = random_playout(cardrules.get_variant("tarot").new_game(seed=7), random.Random(1))
    >>> final.is_terminal, sum(final.returns())  # the scores sum to zero
    (True, 0.0)
    """
    choice = rng.choice
    for _ in range(max_steps):
        if state.is_terminal:
            return state
        state = state.apply(choice(state.legal_actions()))
    raise ConformanceError(f"the game did not end within {max_steps} actions")


_WORD: Final = re.compile(r"[0-9A-Za-z]+")


def _code_pattern(cards: Iterable[Card]) -> re.Pattern[str] | None:
    codes = sorted({str(c) for c in cards}, key=len, reverse=True)
    if not codes:
        return None
    return re.compile(
        r"(?<![0-9A-Za-z])(?:" + "|".join(map(re.escape, codes)) + r")(?![0-9A-Za-z])"
    )


class _Checker:
    def __init__(
        self,
        variant: Variant,
        seed: int,
        illegal_samples: int,
        max_steps: int,
        invariants: Callable[[State], object] | None = None,
        thorough: float = 1.0,
    ) -> None:
        self.variant = variant
        self.seed = seed
        self.illegal_samples = illegal_samples
        self.max_steps = max_steps
        self.invariants = invariants
        self.thorough = thorough
        self.deck = Counter(variant.deck)
        self.steps = 0
        self.illegal_tried = 0
        self.round_trips = 0
        self.checks = 0
        self.log: list[tuple[int, Action]] = []
        self.game_seed = ""
        self.info = variant.info
        # As Series asks: require_seat by name, or in the new_game's **kwargs.
        parameters = inspect.signature(variant.new_game).parameters.values()
        self.seated = any(p.name == "require_seat" or p.kind is p.VAR_KEYWORD for p in parameters)

    def fail(self, message: str) -> ConformanceError:
        actions = " | ".join(f"{seat}:{action}" for seat, action in self.log[-200:])
        return ConformanceError(
            f"{self.variant.id}: {message}\n  game seed: {self.game_seed!r} "
            f"(random.Random(seed) passed to new_game)\n  actions: {actions}"
        )

    def hidden_from(self, state: State, seat: int, view: Any) -> list[Card]:
        """Cards in other seats' hands that ``seat`` may not know about."""
        own = Counter(getattr(view, "hand", ()))
        public = set(getattr(view, "public_cards", ()))
        hidden = []
        for other in range(self.variant.players):
            if other == seat:
                continue
            for card in state.hand(other):
                if card in public or own[card]:
                    continue
                hidden.append(card)
        return hidden

    def check_text(
        self, text: str, hidden: list[Card], what: str, allowed: Collection[object] = ()
    ) -> None:
        pattern = _code_pattern(c for c in hidden if c not in allowed)
        if pattern is not None:
            found = pattern.search(text)
            if found:
                raise self.fail(f"{what} shows {found.group(0)}, a card hidden in another hand")

    def check_turn(self, state: State) -> tuple[Action, ...]:
        """The quick checks of a running game's state; returns its legal actions."""
        variant = self.variant
        seat = state.to_play
        if type(seat) is not int or not 0 <= seat < variant.players:
            raise self.fail(f"to_play is {quote(seat)} while the game is not over")
        legal = state.legal_actions()
        if not legal:
            raise self.fail("no legal action before the end of the game")
        if len(set(legal)) != len(legal):
            raise self.fail("legal_actions() lists an action twice")
        if state.legal_actions() != legal:
            raise self.fail("legal_actions() gives another answer when asked again")
        hand = set(state.hand(seat))
        for action in legal:
            if isinstance(action, Play) and action.card not in hand:
                raise self.fail(f"{action} is listed as legal but seat {seat} does not hold it")
        self.checks += 3
        return legal

    def check_held(self, state: State) -> None:
        """No card is held beyond the deck's copies."""
        counts: Counter[Card] = Counter()
        for seat in range(self.variant.players):
            counts.update(state.hand(seat))
        if counts - self.deck:
            raise self.fail(f"cards held beyond the deck: {sorted(map(str, counts - self.deck))}")
        self.checks += 1

    def check_invariants(self, state: State) -> None:
        if self.invariants is None:
            return
        try:
            self.invariants(state)
        except ConformanceError:
            raise
        except Exception as exc:
            raise self.fail(f"invariant broken: {type(exc).__name__}: {exc}") from exc
        self.checks += 1

    def check_sample(self, state: State, legal: tuple[Action, ...], rng: random.Random) -> None:
        """Quick: is_legal agrees with the list on a sample of the action universe; a
        listed action applies and an unlisted one is refused, changing nothing."""
        variant = self.variant
        legal_set = set(legal)
        for _ in range(self.illegal_samples):
            action = variant.action_from_id(rng.randrange(variant.num_actions))
            listed = action in legal_set
            if state.is_legal(action) is not listed:
                raise self.fail(f"is_legal({action}) is {not listed} but the list says {listed}")
            if listed:
                continue
            self.illegal_tried += 1
            try:
                state.apply(action)
            except IllegalActionError:
                pass
            except Exception as exc:
                raise self.fail(f"apply({action}) raised {type(exc).__name__}: {exc}") from exc
            else:
                raise self.fail(f"apply({action}) was accepted but is not listed as legal")
        action = rng.choice(legal)
        if not state.is_legal(action):
            raise self.fail(f"{action} is listed as legal but is_legal() says no")
        try:
            state.apply(action)
        except CardrulesError as exc:
            raise self.fail(f"legal action {action} was refused: {exc}") from exc
        if state.legal_actions() != legal:
            raise self.fail("trying actions changed the state")
        self.checks += self.illegal_samples + 2

    def check_state(self, state: State, rng: random.Random) -> None:
        """The thorough checks of a running game's state."""
        legal = state.legal_actions()
        for action in legal:
            if not state.is_legal(action):
                raise self.fail(f"{action} is listed as legal but is_legal() says no")
        self.check_held(state)
        self.check_views(state)
        self.check_rejections(state, legal, rng)
        self.check_round_trips(state)
        self.checks += 4

    def check_round_trips(self, state: State) -> None:
        """Pickle, and the JSON record replayed, give back an equal state mid-game."""
        copy = pickle.loads(pickle.dumps(state))  # noqa: S301 - our own bytes
        if copy != state or hash(copy) != hash(state):
            raise self.fail("pickling does not reproduce the state (equal, same hash)")
        if copy.legal_actions() != state.legal_actions():
            raise self.fail("a pickled copy has other legal actions")
        if self.replay(state) != state:
            raise self.fail("the JSON record does not replay to the state")
        self.round_trips += 2

    def replay(self, state: State) -> State:
        text = dumps(state.record())
        # Replay with the variant rebuilt from the record's own options: the variant
        # under test need not be registered, and options that do not round-trip show.
        try:
            rebuilt = type(self.variant).from_options_json(json.loads(text)["options"])
            replayed = final_state(loads(text), variant=rebuilt)
        except CardrulesError as exc:
            raise self.fail(f"the JSON record does not replay: {exc}") from exc
        if loads(text) != state.record():
            raise self.fail("the record does not round-trip through JSON")
        return replayed

    def check_views(self, state: State) -> None:
        size = self.info.observation_size
        for seat in range(self.variant.players):
            view = state.view(seat)
            self.check_text(repr(view), self.hidden_from(state, seat, view), f"view({seat})")
            if size:
                observation = view.observation()
                if len(observation) != size:
                    raise self.fail(
                        f"view({seat}).observation() has {len(observation)} values; the "
                        f"variant declares {size}"
                    )
                self.checks += 1

    def check_declared(self, state: State) -> None:
        """The final state keeps to what the variant declares of a deal."""
        info = self.info
        history = state.history
        if info.max_game_length is not None and len(history) > info.max_game_length:
            raise self.fail(
                f"the deal took {len(history)} actions; the variant declares at most "
                f"{info.max_game_length}"
            )
        bounds = info.score_bounds
        if bounds is not None and not all(bounds[0] <= r <= bounds[1] for r in state.returns()):
            raise self.fail(
                f"returns {list(state.returns())} leave the declared score bounds {bounds}"
            )
        for seat, action in history:
            if self.variant.action_seen_by(action, seat, seat) != action:
                raise self.fail(f"seat {seat} does not see its own {action}")
        first = self.variant.replay(state.record())
        dealt = next(first)
        try:
            piles = self.variant.deal_piles(dealt)
        except CardrulesError:
            return  # the variant does not write its deal as piles: no framework deals it
        if self.variant.state_from_piles(dealt.dealer, piles) != dealt:
            raise self.fail("state_from_piles(deal_piles(deal)) is not the deal")
        self.checks += 4

    def expect_rejected(
        self,
        state: State,
        action: object,
        seat: object,
        kinds: tuple[type[Exception], ...],
        hidden: list[Card],
    ) -> None:
        self.illegal_tried += 1
        before = pickle.dumps(state)
        before_hash = hash(state)
        try:
            state.apply(action, seat)  # type: ignore[arg-type]
        except kinds as exc:
            # A message may name the card the caller sent, or echo the caller's text.
            allowed: set[object] = {getattr(action, "card", None)}
            if isinstance(action, str):
                allowed.update(c for c in hidden if str(c) in _WORD.findall(action))
            self.check_text(str(exc), hidden, f"the error for {quote(action)}", allowed)
        except Exception as exc:
            raise self.fail(
                f"apply({quote(action)}, seat={quote(seat)}) raised {type(exc).__name__}: {exc}"
            ) from exc
        else:
            raise self.fail(f"apply({quote(action)}, seat={quote(seat)}) was accepted")
        if hash(state) != before_hash or pickle.loads(before) != state:  # noqa: S301 - our own bytes
            raise self.fail(f"a rejected {quote(action)} changed the state")
        if state.is_legal(action, seat):  # type: ignore[arg-type]
            raise self.fail(
                f"is_legal({quote(action)}, seat={quote(seat)}) is True but apply refused"
            )

    def check_rejections(self, state: State, legal: tuple[Action, ...], rng: random.Random) -> None:
        variant = self.variant
        seat = state.to_play
        if seat is None:
            raise self.fail("to_play is None while the game is not over")
        view = state.view(seat)
        hidden = self.hidden_from(state, seat, view)
        legal_set = set(legal)
        ids = list(range(variant.num_actions))
        for action_id in rng.sample(ids, min(len(ids), self.illegal_samples * 4)):
            action = variant.action_from_id(action_id)
            if action in legal_set:
                if not state.is_legal(action):
                    raise self.fail(f"{action} is legal but is_legal() says no")
                continue
            self.expect_rejected(state, action, None, (IllegalActionError,), hidden)
        for junk in rng.sample(JUNK, min(len(JUNK), self.illegal_samples)):
            self.expect_rejected(state, junk, None, (IllegalActionError, NotationError), hidden)
        other = (seat + 1 + rng.randrange(variant.players - 1)) % variant.players
        self.expect_rejected(state, legal[0], other, (NotYourTurnError,), hidden)
        bad = rng.choice(BAD_SEATS)
        self.expect_rejected(state, legal[0], bad, (InvalidSeatError,), hidden)
        # The same legal action gives the same result as on a fresh copy.
        action = rng.choice(legal)
        if state.apply(action) != pickle.loads(pickle.dumps(state)).apply(action):  # noqa: S301
            raise self.fail(f"{action} gives different results on a state and its copy")

    def check_end(self, state: State, thorough: bool) -> None:
        if state.to_play is not None or state.legal_actions():
            raise self.fail("a terminal state still has a player to act or legal actions")
        try:
            state.apply(self.variant.action_from_id(0))
        except GameOverError:
            pass
        else:
            raise self.fail("an action after the end did not raise GameOverError")
        state.result()
        if len(state.returns()) != self.variant.players:
            raise self.fail("returns() does not give one value per seat")
        copy = pickle.loads(pickle.dumps(state))  # noqa: S301 - our own bytes
        if copy != state or hash(copy) != hash(state):
            raise self.fail("pickling does not reproduce the final state")
        self.round_trips += 1
        self.checks += 4
        self.check_invariants(state)
        self.check_declared(state)
        if not thorough:
            return
        if self.replay(state) != state:
            raise self.fail("the JSON record does not replay to the final state")
        history = state.history
        if len(history) != len(state.record().actions):
            raise self.fail("the record does not list every action of the history")
        self.round_trips += 2
        self.checks += 2

    def check_seated(self, final: State) -> None:
        """The game of ``final`` dealt again with ``require_seat=True``, played with the
        acting seat named: the same game, each state of it requiring the seat."""
        variant: Any = self.variant
        try:
            state = variant.new_game(rng=random.Random(self.game_seed), require_seat=True)
        except CardrulesError as exc:
            raise self.fail(
                f"new_game(require_seat=True) raised {type(exc).__name__}: {exc}"
            ) from exc
        history = final.history
        # The refusals at the deal, at the last move and at two moves between.
        picker = random.Random(self.game_seed + ":seated")
        tried = {0, len(history) - 1, *picker.sample(range(len(history)), min(2, len(history)))}
        for step, (seat, action) in enumerate(history):
            if not state.requires_seat:
                raise self.fail(
                    f"state {step} of a game dealt with require_seat=True does not require the seat"
                )
            if step == 0:
                self.check_seated_copies(state)
            if step in tried:
                hidden = self.hidden_from(state, seat, state.view(seat))
                self.expect_rejected(state, action, None, (SeatRequiredError,), hidden)
                self.checks += 1
            try:
                state = state.apply(action, seat)
            except CardrulesError as exc:
                raise self.fail(
                    f"{action} by seat {seat}, legal in the plain game, was refused in the game"
                    f" dealt with require_seat=True: {exc}"
                ) from exc
        if (
            not state.requires_seat
            or state.history != history
            or state.returns() != final.returns()
        ):
            raise self.fail("the game dealt with require_seat=True does not end as the plain one")
        self.check_seated_copies(state)
        self.checks += 2

    def check_seated_copies(self, state: State) -> None:
        """A pickle and the JSON record of a state that requires the seat keep it."""
        if not state.record().require_seat:
            raise self.fail("the record of a game dealt with require_seat=True does not keep it")
        copy = pickle.loads(pickle.dumps(state))  # noqa: S301 - our own bytes
        for kept, how in ((copy, "pickling"), (self.replay(state), "the JSON record")):
            if kept != state or not kept.requires_seat:
                raise self.fail(f"{how} does not reproduce a state that requires the seat")
        self.round_trips += 2
        self.checks += 2

    def play_game(self, game: int) -> None:
        self.game_seed = f"{self.seed}:{game}"
        rng = random.Random(self.game_seed)
        picker = random.Random(self.game_seed + ":actions")
        sampler = random.Random(self.game_seed + ":checks")
        share = self.thorough
        state = self.variant.new_game(rng=rng)
        log: list[tuple[int, Action]] = []
        self.log = log
        for _ in range(self.max_steps):
            thorough = share >= 1 or sampler.random() < share
            if state.is_terminal:
                # Every entry of the history at once: cheaper than one by one.
                if state.history != tuple(log):
                    raise self.fail("the history is not the actions applied, in order")
                self.check_end(state, thorough)
                if thorough and self.seated:
                    self.check_seated(state)
                return
            legal = self.check_turn(state)
            self.check_invariants(state)
            key = hash(state)
            if thorough:
                self.check_state(state, picker)
                before = pickle.dumps(state)
            else:
                self.check_sample(state, legal, sampler)
            action = picker.choice(legal)
            seat: int = state.to_play  # type: ignore[assignment]  # check_turn: a seat
            log.append((seat, action))
            try:
                after = state.apply(action)
            except CardrulesError as exc:
                raise self.fail(f"legal action {action} was refused: {exc}") from exc
            if hash(state) != key or state.legal_actions() != legal:
                # Also what a rejected action tried by check_sample may have changed.
                raise self.fail(f"trying actions, or applying {action}, changed the state")
            if thorough:
                if pickle.loads(before) != state:  # noqa: S301 - our own bytes
                    raise self.fail(f"applying {action} changed the state it was applied to")
                history = after.history
                if not history or history[-1] != (seat, action) or history[:-1] != state.history:
                    raise self.fail(f"{action} by seat {seat} is not the last entry of the history")
            self.checks += 2
            self.steps += 1
            state = after
        raise self.fail(f"the game did not end within {self.max_steps} actions")


def check_variant(  # noqa: PLR0913 - keyword-only settings of one run
    variant: Variant,
    *,
    games: int = 100,
    seed: int = 0,
    illegal_samples: int = 3,
    max_steps: int = 5_000,
    progress: Callable[[int], None] | None = None,
    first_game: int = 0,
    invariants: Callable[[State], object] | None = None,
    thorough: float = 1.0,
) -> ConformanceReport:
    """Play ``games`` random games of ``variant`` and check every guarantee (module docs).

    Args:
        variant: The variant to check, with the options to check it under.
        games: How many games to play.
        seed: Seeds every game (game ``g`` uses ``random.Random(f"{seed}:{g}")``).
        illegal_samples: How many illegal actions (and junk inputs) to try per step.
        max_steps: The longest game allowed.
        progress: Called with the number of games finished, after each game.
        first_game: The number of the first game: games ``first_game`` to
            ``first_game + games - 1`` are played, so that a long run can be split.
        invariants: The variant's own checks, called with every state reached (the
            final one too); an exception it raises is reported with the seed.
        thorough: The share of states (from 0 to 1) given the thorough checks; the
            others get the quick ones (module docs).

    >>> import cardrules
    >>> def every_trick_counted(state):
    ...     assert sum(state.tricks_won) == len(state.tricks), state.tricks_won
    >>> report = check_variant(cardrules.get_variant("bid-euchre", min_bid=5), games=20,
    ...                        first_game=100, invariants=every_trick_counted, thorough=0.05)
    >>> report.games, report.failures, report.checks > 10 * report.steps
    (20, 0, True)

    Returns:
        A :class:`ConformanceReport` of what was checked.

    Raises:
        ConformanceError: the first guarantee broken, with the seed and the actions.
        OptionsError: ``thorough`` is not a number from 0 to 1.
    """
    if type(thorough) not in (int, float) or not 0 <= thorough <= 1:
        raise OptionsError(f"thorough is a share from 0 to 1, not {thorough!r:.40}")
    checker = _Checker(variant, seed, illegal_samples, max_steps, invariants, thorough)
    for game in range(first_game, first_game + games):
        try:
            checker.play_game(game)
        except ConformanceError:
            raise
        except Exception as exc:
            # Whatever the variant raised, the report must name the seed to replay it.
            raise checker.fail(f"unexpected {type(exc).__name__}: {exc}") from exc
        if progress is not None:
            progress(game + 1 - first_game)
    return ConformanceReport(
        variant=variant.id,
        games=games,
        steps=checker.steps,
        illegal_tried=checker.illegal_tried,
        round_trips=checker.round_trips,
        checks=checker.checks,
    )
