"""OpenSpiel games of the cardrules variants (extra ``cardrules[openspiel]``).

Every variant is a pyspiel Python game of one deal (hand), built from what it declares
(:attr:`Variant.info <cardrules.Variant.info>`: its score bounds, its longest deal, its
observation, who sees which action, its parameters). Importing this module registers
each variant the registry knows whose declaration has an observation, as
``python_cardrules_<id>`` with the id's dashes as underscores:

* ``python_cardrules_tarot``: French Tarot, 3 to 5 players (parameter ``players``);
* ``python_cardrules_bid_euchre``: Bid Euchre with its house rules as parameters;
* a plugin's variant the same way; :func:`register` registers one found later.

The game parameters are the variant's declared ones (:attr:`GameInfo.parameters
<cardrules.info.GameInfo.parameters>`): each option whose value is a bool, an int or a
string, of the same name and default
(``pyspiel.load_game("python_cardrules_bid_euchre(joker=True)")``); the options that are
mappings or lists (Tarot's multipliers, poignée thresholds and bonuses, slam bonuses)
keep their defaults, and Tarot's ``single_deal`` is left out (a game is one deal). A
parameter declared ``-1`` stands for a default that follows from other options (Bid
Euchre's ``help_value`` and ``moon_value``: twice and four times the tricks per hand).

Conventions:

* **Dealing** is a run of chance nodes, one per card: outcome ``i`` puts the ``i``-th
  distinct card of the variant's deck (``dict.fromkeys(variant.deck)``, the double
  deck's copies counted once) on the next place of the deal, with probability its
  remaining copies over the cards left. The places are filled pile by pile
  (:meth:`Variant.deal_piles <cardrules.Variant.deal_piles>`): seat 0's hand, seat 1's
  … then the rest (Tarot's chien). Every deal is reached with its exact
  probability, and a deal's chance outcomes are its cards, so a deal given as cards (a
  record, a puzzle) can be reproduced. The dealer is the ``dealer`` (Tarot) or
  ``first_dealer`` (Bid Euchre) parameter. A deal annulled at once (Petit sec, T-9)
  ends the game there, with zero returns.
* **Actions** are the variant's integer action ids (:meth:`~cardrules.Variant.action_id`),
  ``num_distinct_actions`` is ``variant.num_actions``, and the legal actions are
  :meth:`~cardrules.State.legal_action_ids`, sorted.
* **Returns** are the settlement of the deal, :meth:`~cardrules.State.returns`, between
  the variant's declared score bounds.
* **Observation** (tensor and string): the seat's view, ``view.observation()`` and
  ``repr(view)``; during the deal the tensor is all zeros and the string lists the
  seat's cards dealt so far.
* **Information state** (perfect recall): the string is the seat, its dealt hand, every
  action in order as the seat saw it (:meth:`Variant.action_seen_by
  <cardrules.Variant.action_seen_by>`; a hidden card as ``?``: another seat's écart
  card, whose trumps the view shows once made; a help-exchange card between the other
  two seats; the dealer's joker discard) and the current view. The tensor concatenates
  the dealt hand (copies per distinct card), the public cards of the view, the action
  history (one row per decision, one-hot over the action ids plus a last column for a
  hidden action) and the observation.
* **Resampling** (``resample_from_infostate``, which ISMCTS calls) draws a state with the
  same view for the seat, with :meth:`Variant.sample_state
  <cardrules.Variant.sample_state>` (uniformly among the deals the view allows; French
  Tarot poignées as their action ids declare them, by level), and
  replays it by action ids, the seat's own actions in the order it took them: the
  sample keeps the seat's view and information state. The view holds all the seat
  knows but for one thing: once play has begun, the French Tarot taker's view shows
  only the trumps of its own écart (T-39), so the sampled écart's other cards may
  differ and with them the taker's information state; key ISMCTS on the observation
  string (``use_observation_string=True``), which every sample keeps.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, cast

import numpy as np
import pyspiel

from cardrules import (
    Action,
    Card,
    CardrulesError,
    InvalidActionError,
    InvalidArgumentError,
    State,
    Variant,
    WrongPhaseError,
    get_variant,
    get_variant_class,
    variant_ids,
)
from cardrules._util import quote
from cardrules.integrations._common import max_game_length, observation_size, score_bounds
from cardrules.state import check_seat

__all__ = [
    "BidEuchreGame",
    "CardrulesGame",
    "CardrulesObserver",
    "CardrulesState",
    "TarotGame",
    "game_name",
    "parameter_specification",
    "register",
]

# A parameter declared -1 stands for a default that follows from other options.
_DEPENDENT = -1


def parameter_specification(variant_id: str) -> dict[str, bool | int | str]:
    """The game parameters of ``variant_id``: each scalar option and its default, as the
    variant declares them (:attr:`GameInfo.parameters
    <cardrules.info.GameInfo.parameters>`).

    >>> parameter_specification("tarot")["players"]
    4
    >>> parameter_specification("bid-euchre")["help_value"]
    -1
    """
    return _parameters(get_variant(variant_id))


def _parameters(variant: Variant) -> dict[str, bool | int | str]:
    """The declared parameters, or without a declaration each scalar option's value."""
    declared = variant.info.parameters
    if declared:
        return dict(declared)
    options = variant.options_json().items()
    return {name: value for name, value in options if isinstance(value, (bool, int, str))}


def game_name(variant_id: str) -> str:
    """The pyspiel name of the game of ``variant_id``: ``python_cardrules_`` and the
    variant's id, its dashes as underscores.

    >>> game_name("bid-euchre")
    'python_cardrules_bid_euchre'
    """
    return "python_cardrules_" + get_variant_class(variant_id).id.replace("-", "_")


def _game_type(variant: Variant) -> Any:
    utility = pyspiel.GameType.Utility
    info = variant.info
    players = info.player_range
    return pyspiel.GameType(
        short_name=game_name(variant.id),
        long_name=f"Python cardrules {variant.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if info.zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        min_num_players=players[0],
        max_num_players=players[1],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_parameters(variant),
    )


class CardrulesGame(pyspiel.Game):  # type: ignore[misc]
    """A pyspiel game of one deal of a cardrules variant (see the module's documentation).

    Attributes:
        variant: The variant built from the game's parameters.
        cards: The distinct cards of the deck; chance outcome ``i`` deals ``cards[i]``.
        dealer: The dealer's seat.
        piles: How many cards each pile of the deal takes, in dealing order.
        max_decisions: An upper bound on the players' actions in one deal.
    """

    variant_id: ClassVar[str]
    game_type: ClassVar[Any]
    parameters: ClassVar[Mapping[str, bool | int | str]]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        given = dict(params or {})
        declared = self.parameters
        options = {
            name: value
            for name, value in given.items()
            if not (value == _DEPENDENT and declared.get(name) == _DEPENDENT)
        }
        self.variant: Variant = get_variant(self.variant_id, **options)
        deck = self.variant.deck
        self.cards: tuple[Card, ...] = tuple(dict.fromkeys(deck))
        self.copies: tuple[int, ...] = tuple(deck.count(card) for card in self.cards)
        self._index = {card: i for i, card in enumerate(self.cards)}
        sample = self.variant.new_game(seed=0)
        self.dealer: int = sample.dealer
        self.piles: tuple[int, ...] = tuple(len(pile) for pile in self.piles_of(sample))
        self.max_decisions: int = max_game_length(self.variant)
        low, high = score_bounds(self.variant)
        observation_size(self.variant)  # the game needs an observation
        zero_sum = self.game_type.utility == pyspiel.GameType.Utility.ZERO_SUM
        info = pyspiel.GameInfo(
            num_distinct_actions=self.variant.num_actions,
            max_chance_outcomes=len(self.cards),
            num_players=self.variant.players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=sum(self.piles) + self.max_decisions,
        )
        super().__init__(self.game_type, info, given)

    # -- the pyspiel interface -------------------------------------------------------

    def new_initial_state(self) -> CardrulesState:
        """The state before the first card is dealt."""
        return CardrulesState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> CardrulesObserver:
        """The observer of the observation (default) or information state
        (``perfect_recall``) of one seat."""
        return CardrulesObserver(
            self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )

    # -- the variant's side, from its declaration --------------------------------------

    def card_index(self, card: Card) -> int:
        """The chance outcome that deals ``card``."""
        return self._index[card]

    def deal(self, piles: Sequence[Sequence[Card]]) -> State:
        """The first state of the deal with these piles (in :attr:`piles` order)."""
        return self.variant.state_from_piles(self.dealer, piles)

    def piles_of(self, state: State) -> tuple[tuple[Card, ...], ...]:
        """The piles of ``state``'s deal, in dealing order (the inverse of :meth:`deal`)."""
        return self.variant.deal_piles(state)

    def seen(self, state: State, seat: int, actor: int, action: Action) -> bool:
        """Whether ``seat`` saw ``actor``'s ``action``, one of ``state``'s history."""
        return self.variant.action_seen_by(action, actor, seat) is not None

    def sample(self, view: Any, rng: random.Random) -> State:
        """A state drawn with the same ``view``, whose history replays by action ids."""
        return self.variant.sample_state(view, rng)


_GAMES: dict[str, type[CardrulesGame]] = {}


def register(variant_id: str) -> type[CardrulesGame]:
    """Register the variant ``variant_id`` (an id or an alias) as the pyspiel game
    :func:`game_name` names, once, and return its game class: a plugin found after this
    module was imported.

    Raises:
        UnknownVariantError: no variant has that name.
        InvalidArgumentError: the variant does not declare what a game needs: an
            observation, score bounds, a longest deal.

    >>> register("tarot") is TarotGame
    True
    """
    cls = get_variant_class(variant_id)
    known = _GAMES.get(cls.id)
    if known is not None:
        return known
    variant = cls()
    for needed in (observation_size, score_bounds, max_game_length):
        needed(variant)
    game_type = _game_type(variant)
    name = "".join(part.capitalize() for part in cls.id.replace("_", "-").split("-"))
    game = type(
        f"{name}Game",
        (CardrulesGame,),
        {
            "__doc__": f"``{game_type.short_name}``: one deal of {cls.name}.",
            "__module__": __name__,
            "variant_id": cls.id,
            "game_type": game_type,
            "parameters": _parameters(variant),
        },
    )
    pyspiel.register_game(game_type, game)
    _GAMES[cls.id] = game
    return game


def _cards(codes: Iterable[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes)


class CardrulesState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state: the deal so far, then the cardrules :class:`~cardrules.State`.

    Attributes:
        state: The cardrules state once every card is dealt, else ``None``.
    """

    def __init__(self, game: CardrulesGame) -> None:
        super().__init__(game)
        self._dealt: list[int] = []
        self._left = list(game.copies)
        self.state: State | None = None
        # Views and seen_history by seat, for the current state only.
        self._views: dict[int, Any] = {}
        self._seen: dict[int, list[tuple[int, int | None, str]]] = {}

    @property
    def _game(self) -> CardrulesGame:
        # Asked for each time: a clone deep-copies the state's attributes, and a copied
        # game would be rebuilt without them.
        game: CardrulesGame = self.get_game()
        return game

    # -- the pyspiel interface -------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, or pyspiel's ``CHANCE`` while dealing, ``TERMINAL`` at the end."""
        if self.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.state.is_terminal:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self.state.to_play
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        if self.state is None or self.state.to_play != player:
            return []
        return sorted(self.state.legal_action_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card still to deal, with its remaining copies over the cards left."""
        total = sum(self._left)
        return [(i, n / total) for i, n in enumerate(self._left) if n]

    def _apply_action(self, action: int) -> None:
        self._views = {}
        self._seen = {}
        if self.state is None:
            if not 0 <= action < len(self._left) or not self._left[action]:
                raise InvalidActionError(f"{quote(action)} is not a card left to deal")
            self._left[action] -= 1
            self._dealt.append(action)
            if len(self._dealt) == sum(self._game.piles):
                self.state = self._game.deal(self._piles())
            return
        self.state = self.state.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            cards = self._game.cards
            if not 0 <= action < len(cards):
                raise InvalidActionError(
                    f"{quote(action)} is no card to deal: outcomes run from 0 to {len(cards) - 1}"
                )
            return f"deal {cards[action]}"
        variant = self._game.variant
        return variant.action_text(variant.action_from_id(action))

    def is_terminal(self) -> bool:
        """True once the deal is over (scored or annulled)."""
        return self.state is not None and self.state.is_terminal

    def returns(self) -> list[float]:
        """The settlement of the deal (zeros before the end)."""
        if self.state is None:
            return [0.0] * self._game.variant.players
        return [float(r) for r in self.state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CardrulesState:
        """A state drawn at random with the same view for ``player_id`` (as ISMCTS asks
        for): after the deal, the hidden cards are placed by ``view.sample_state``,
        consistently with the seat's view, and the actions replayed (see the module's
        documentation for the Tarot taker's écart); during the deal, the cards dealt to
        the other seats are drawn from the cards the seat does not hold.
        ``probability_sampler`` (pyspiel's, uniform floats) seeds the draw.
        """
        game = self._game
        check_seat(player_id, game.variant.players)
        rng = random.Random(int(probability_sampler() * 2**53))
        out = game.new_initial_state()
        if self.state is not None:
            variant = game.variant
            sampled = game.sample(self.view(player_id), rng)
            for pile in game.piles_of(sampled):
                for card in pile:
                    out.apply_action(game.card_index(card))
            real = self.state.history
            ids = [variant.action_id(action) for _, action in sampled.history]
            # The actions the seat saw, in the order it saw them, which its information
            # state recalls: a view lists an écart or a help exchange in card order.
            seen = [
                k
                for k, (seat, action) in enumerate(sampled.history[: len(real)])
                if real[k][0] == seat
                and type(real[k][1]) is type(action)
                and game.seen(self.state, player_id, *real[k])
            ]
            order = [variant.action_id(real[k][1]) for k in seen]
            if sorted(order) == sorted(ids[k] for k in seen):
                for k, action_id in zip(seen, order, strict=True):
                    ids[k] = action_id
            for action_id in ids:
                out.apply_action(action_id)
            # E-40: a Bid Euchre view does not count the cards passed so far in the other
            # team's help exchange, which the sample starts afresh: pass as many as the
            # seat saw go, each a card the rules allow.
            for _, action in real[len(ids) :]:
                dealt = cast(State, out.state)
                legal = [a for a in dealt.legal_actions() if type(a) is type(action)]
                out.apply_action(variant.action_id(rng.choice(legal)))
            return out
        start = sum(game.piles[:player_id])
        own = range(start, start + game.piles[player_id])
        pool = [i for i, n in enumerate(game.copies) for _ in range(n)]
        for k in own[: max(0, len(self._dealt) - start)]:
            pool.remove(self._dealt[k])
        rng.shuffle(pool)
        for k, index in enumerate(self._dealt):
            out.apply_action(index if k in own else pool.pop())
        return out

    def __str__(self) -> str:
        """The deal so far (every pile: the whole state, as pyspiel's states show it)
        and the actions, in the variant's notation."""
        piles = " | ".join(" ".join(str(c) for c in pile) for pile in self._piles())
        if self.state is None:
            return f"dealing: {piles}"
        variant = self._game.variant
        actions = " ".join(f"{s}:{variant.action_text(a)}" for s, a in self.state.history)
        return f"deal: {piles}\nactions: {actions}"

    # -- helpers ---------------------------------------------------------------------

    def _piles(self) -> list[tuple[Card, ...]]:
        """The cards dealt so far, pile by pile."""
        cards = [self._game.cards[i] for i in self._dealt]
        out = []
        start = 0
        for size in self._game.piles:
            out.append(tuple(cards[start : start + size]))
            start += size
        return out

    def view(self, seat: int) -> Any:
        """``seat``'s view of the deal once dealt (``state.view(seat)``).

        Raises:
            WrongPhaseError: the cards are still being dealt.
            InvalidSeatError: ``seat`` is not a seat of the game.
        """
        if self.state is None:
            raise WrongPhaseError("the cards are still being dealt: no seat has a view yet")
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.state.view(seat)
        return view

    def dealt_hand(self, seat: int) -> tuple[Card, ...]:
        """The cards dealt to ``seat`` so far, in deck order.

        Raises:
            InvalidSeatError: ``seat`` is not a seat of the game.
        """
        check_seat(seat, self._game.variant.players)
        piles = self._piles()
        cards = piles[seat] if seat < len(piles) else ()
        return tuple(sorted(cards, key=self._game.card_index))

    def seen_history(self, seat: int) -> list[tuple[int, int | None, str]]:
        """``(actor, action id or None if hidden, text)`` of every action, as ``seat``
        saw it.

        Raises:
            InvalidSeatError: ``seat`` is not a seat of the game.
        """
        check_seat(seat, self._game.variant.players)
        if self.state is None:
            return []
        cached = self._seen.get(seat)
        if cached is not None:
            return cached
        game = self._game
        variant = game.variant
        out: list[tuple[int, int | None, str]] = []
        for actor, action in self.state.history:
            if game.seen(self.state, seat, actor, action):
                out.append((actor, variant.action_id(action), variant.action_text(action)))
            else:
                verb = variant.action_text(action).split()[0]
                out.append((actor, None, f"{verb} ?"))
        self._seen[seat] = out
        return out


class CardrulesObserver:
    """Observation and information-state tensors and strings of one seat (pyspiel's
    Python observer protocol: :attr:`tensor`, :attr:`dict`, :meth:`set_from`,
    :meth:`string_from`)."""

    def __init__(
        self, game: CardrulesGame, iig_obs_type: Any, params: Mapping[str, Any] | None
    ) -> None:
        if params:
            raise InvalidArgumentError(f"the observer takes no parameters, not {quote(params)}")
        if (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise InvalidArgumentError(
                "only one seat's observation or information state is provided "
                "(public_info=True, private_info=SINGLE_PLAYER)"
            )
        self._game = game
        self.perfect_recall: bool = bool(iig_obs_type.perfect_recall)
        variant = game.variant
        cards = len(game.cards)
        pieces: list[tuple[str, tuple[int, ...]]] = []
        if self.perfect_recall:
            pieces += [
                ("dealt", (cards,)),
                ("public_cards", (cards,)),
                ("history", (game.max_decisions, variant.num_actions + 1)),
            ]
        pieces.append(("observation", (observation_size(variant),)))
        self.tensor = np.zeros(sum(int(np.prod(shape)) for _, shape in pieces), np.float32)
        self.dict: dict[str, Any] = {}
        start = 0
        for name, shape in pieces:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[start : start + size].reshape(shape)
            start += size

    def set_from(self, state: CardrulesState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` knows of ``state``."""
        self.tensor.fill(0)
        game = self._game
        if self.perfect_recall:
            dealt = self.dict["dealt"]
            for card in state.dealt_hand(player):
                dealt[game.card_index(card)] += 1
        if state.state is None:
            return
        view = state.view(player)
        self.dict["observation"][:] = view.observation()
        if self.perfect_recall:
            public = self.dict["public_cards"]
            for card in view.public_cards:
                public[game.card_index(card)] = 1
            history = self.dict["history"]
            hidden = game.variant.num_actions
            for step, (_, action_id, _) in enumerate(state.seen_history(player)):
                history[step, hidden if action_id is None else action_id] = 1

    def string_from(self, state: CardrulesState, player: int) -> str:
        """What ``player`` knows of ``state``, as text."""
        hand = " ".join(str(c) for c in state.dealt_hand(player))
        if state.state is None:
            return f"seat {player}, dealt: {hand}"
        view = repr(state.view(player))
        if not self.perfect_recall:
            return view
        lines = [f"seat {player}", f"hand {hand}"]
        lines += [f"{actor}: {text}" for actor, _, text in state.seen_history(player)]
        lines.append(view)
        return "\n".join(lines)


def _register_all() -> None:
    """Register every variant the registry knows whose declaration makes a game."""
    for variant_id in variant_ids():
        try:
            register(variant_id)
        except CardrulesError:
            continue  # a plugin that declares no observation: register() says why


_register_all()
TarotGame: type[CardrulesGame] = register("tarot")
"""``python_cardrules_tarot``: one French Tarot deal; the piles are the hands, then the
chien."""
BidEuchreGame: type[CardrulesGame] = register("bid-euchre")
"""``python_cardrules_bid_euchre``: one Bid Euchre hand; the piles are the hands (the
dealer's with the joker's 25th card)."""
