"""Bid Euchre's perfect-information solver (private; compiled in the compiled build).

From a state of the card play with every hand known, :func:`solve` finds the tricks each
team takes when every seat plays its best (E-18 … E-22): an alpha-beta search over the
rest of the hand, on its own bitmask representation of the position, with a
transposition table at the start of each trick, the best move of the table tried first,
equivalent cards searched once, and the cards that win the trick tried first.

The play rules are the trick kernel's (:class:`~cardrules._tricks.TrickKernel`), compiled
from the variant's declaration for the trump (``variant.trick_rules(trump)`` when the
variant declares it, else :func:`~cardrules.bid_euchre.cards.trick_rules`): following
suit (E-19), the winner (E-20, the first of identical cards, E-38), the joker (E-37).
Scores come from :func:`~cardrules.bid_euchre.play.hand_result`.

Assumptions: seats play lawfully (under ``renege_mode="penalize"`` a renege is never
searched: the solver's actions are ``state.lawful_actions()``; reneges already recorded
are scored). The team of a declarer whose partner sits out is the declarer alone
(E-21); the team's tricks are its seats' tricks (E-24).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, cast

from cardrules._tricks import TRUMP_BASE, TrickKernel
from cardrules.actions import Play
from cardrules.bid_euchre.cards import trick_rules
from cardrules.bid_euchre.play import hand_result
from cardrules.cards import JOKER, Card, Suit
from cardrules.errors import WrongPhaseError
from cardrules.solving import SearchLimitError, Solution

if TYPE_CHECKING:
    from cardrules.bid_euchre.state import BidEuchreState

__all__ = ["EuchreSearch", "solve"]

# A transposition-table entry packs its bounds and best move into one int.
_BOUND_BITS: Final = 8
_MOVE_SHIFT: Final = 16
_BOUND_MASK: Final = (1 << _BOUND_BITS) - 1
_INF: Final = 1 << 20
_NO_MOVE: Final = -1
# The suits a joker led under no-trump may name (E-37), in NameSuit's order.
_SUITS: Final = tuple(Suit)

# One kernel per variant and trump: compiled once (a kernel is immutable).
_KERNELS: dict[tuple[Any, Any], TrickKernel] = {}


def _kernel(variant: Any, trump: Any) -> TrickKernel:
    key = (variant, trump)
    kernel = _KERNELS.get(key)
    if kernel is None:
        hook = getattr(variant, "trick_rules", None)
        options = variant.options
        if callable(hook):
            rules = hook(trump)
        else:
            rules = trick_rules(trump, joker=options.joker, double_deck=options.double_deck)
        kernel = rules.compile().kernel
        if len(_KERNELS) > 256:
            _KERNELS.clear()
        _KERNELS[key] = kernel
    return kernel


class EuchreSearch:
    """The search over one position: the hands as position masks (one word: a Bid
    Euchre deck has at most 48 positions), the trick under way, the tricks left.

    The value of a node is the tricks NS (seats 0 and 2) take from there on; NS
    maximise it, EW minimise it.
    """

    kernel: TrickKernel
    hands: list[int]
    nxt: list[int]
    size: int
    left: int
    # The tricks under way, 4 slots per trick from the root's (``base`` is the
    # current trick's first slot): the positions and seats played, and the current
    # trick's length; the mask to follow; the index of its best card so far, that
    # card's strength, and the suit led.
    t_pos: list[int]
    t_seat: list[int]
    base: int
    n: int
    follow: int
    best: int
    best_key: int
    led: int
    trick_mask: int
    # The joker's position when it is led under no-trump and a suit is named (E-37),
    # else -1; and the follow mask of each suit it may name.
    joker_nt: int
    named_masks: list[int]
    # Equivalence: for each position, the positions of its effective suit with the same
    # strength (a double deck's copies), and the suits' strength levels, strongest first.
    levels: list[list[int]]
    suit_of: list[int]
    strength: list[int]
    table: dict[int, int]
    nodes: int
    limit: int

    def __init__(
        self,
        kernel: TrickKernel,
        hands: list[int],
        nxt: list[int],
        size: int,
        left: int,
        joker_nt: int,
        named_masks: list[int],
        limit: int,
    ) -> None:
        self.kernel = kernel
        self.hands = hands
        self.nxt = nxt
        self.size = size
        self.left = left
        self.t_pos = [0] * (4 * left + 4)
        self.t_seat = [0] * (4 * left + 4)
        self.base = 0
        self.n = 0
        self.follow = 0
        self.best = -1
        self.best_key = -1
        self.led = -1
        self.trick_mask = 0
        self.joker_nt = joker_nt
        self.named_masks = named_masks
        suits = max(kernel.suit) + 1
        by_level: list[dict[int, int]] = [{} for _ in range(suits)]
        for p in range(kernel.size):
            s = kernel.suit[p]
            if s >= 0:
                k = kernel.key[p]
                by_level[s][k] = by_level[s].get(k, 0) | 1 << p
        self.levels = [[d[k] for k in sorted(d, reverse=True)] for d in by_level]
        self.suit_of = list(kernel.suit)
        self.strength = list(kernel.key)
        self.table = {}
        self.nodes = 0
        self.limit = limit

    # -- the trick under way ------------------------------------------------------------

    def push(self, seat: int, pos: int, named: int) -> None:
        """Play ``pos`` from ``seat`` (``named``: the suit named for a joker led under
        no-trump, else -1)."""
        n = self.n
        self.hands[seat] ^= 1 << pos
        self.t_pos[self.base + n] = pos
        self.t_seat[self.base + n] = seat
        self.trick_mask |= 1 << pos
        kernel = self.kernel
        if n == 0:
            self.led = kernel.suit[pos]
            if pos == self.joker_nt and named >= 0:
                # E-37: the others follow the suit named for the joker.
                self.follow = self.named_masks[named]
            else:
                self.follow = kernel.follow_duty[pos]
            self.best = 0
            self.best_key = kernel.strength(pos, self.led)
        else:
            # E-20: only a strictly stronger card takes the lead (E-38: identical cards).
            k = kernel.strength(pos, self.led)
            if k > self.best_key:
                self.best = n
                self.best_key = k
        self.n = n + 1

    def set_trick(self, plays: list[tuple[int, int]], named: int) -> None:
        """Start from the trick under way of the state (``(seat, position)`` in order)."""
        for seat, pos in plays:
            self.hands[seat] |= 1 << pos
            self.push(seat, pos, named)

    # -- the search -----------------------------------------------------------------------

    def moves(self, seat: int) -> list[int]:
        """The legal cards of ``seat`` in the order they are searched, one card for each
        set of equivalent ones (cards of one suit with no card of another hand, nor of
        the trick, between them)."""
        hand = self.hands[seat]
        legal = self.kernel.legal(0, hand, 0, self.follow, -1)[1]
        # The cards that could still change a trick's outcome: the others' and the trick's.
        others = self.trick_mask
        for s in range(4):
            if s != seat:
                others |= self.hands[s]
        reps: list[int] = []
        rest = legal
        while rest:
            low = rest & -rest
            p = low.bit_length() - 1
            suit = self.suit_of[p]
            group_open = False
            if suit < 0:
                reps.append(p)
                rest ^= low
                continue
            for level in self.levels[suit]:
                mine = level & legal
                if level & others:
                    # A card of another hand or of the trick at this strength (a double
                    # deck's copy): the group ends, and this level's cards are one group.
                    if mine:
                        reps.append(_lowest(mine))
                    group_open = False
                elif mine and not group_open:
                    reps.append(_lowest(mine))
                    group_open = True
                rest &= ~level
        return self.ordered(reps, seat)

    def ordered(self, reps: list[int], seat: int) -> list[int]:
        """``reps`` in search order: cards that take the trick first (the weakest that
        does, unless the partner holds it), then the others, weakest first."""
        n = self.n
        kernel = self.kernel
        keyed: list[tuple[int, int]] = []
        if n == 0:
            for p in reps:
                # Leading: the strongest cards first (they take tricks or cut off).
                k = self.strength[p] + (TRUMP_BASE if self.suit_of[p] == kernel.trump_suit else 0)
                keyed.append((-k, p))
        else:
            partner_wins = (self.t_seat[self.base + self.best] - seat) & 1 == 0
            led = self.led
            for p in reps:
                k = kernel.strength(p, led)
                if k > self.best_key and not partner_wins:
                    keyed.append((k - 2 * _INF, p))
                else:
                    keyed.append((k + (TRUMP_BASE if k >= TRUMP_BASE else 0), p))
        keyed.sort()
        return [p for _, p in keyed]

    def play(self, seat: int, pos: int, named: int, alpha: int, beta: int) -> int:
        """The value after ``seat`` plays ``pos`` (the tricks NS take from the trick
        under way on)."""
        n = self.n
        follow = self.follow
        best = self.best
        best_key = self.best_key
        led = self.led
        self.push(seat, pos, named)
        if self.n < self.size:
            value = self.search(self.nxt[seat], alpha, beta)
        else:
            winner = self.t_seat[self.base + self.best]
            won = 1 - (winner & 1)
            trick_mask = self.trick_mask
            self.n = 0
            self.follow = 0
            self.trick_mask = 0
            self.left -= 1
            self.base += 4
            value = won + self.search(winner, alpha - won, beta - won)
            self.base -= 4
            self.left += 1
            self.trick_mask = trick_mask
        self.n = n
        self.follow = follow
        self.best = best
        self.best_key = best_key
        self.led = led
        self.trick_mask &= ~(1 << pos)
        self.hands[seat] ^= 1 << pos
        return value

    def search(self, seat: int, alpha: int, beta: int) -> int:  # noqa: PLR0912 - the hot path
        """The value of the node where ``seat`` is to play (fail-soft alpha-beta)."""
        self.nodes += 1
        if self.nodes > self.limit:
            # Out of budget: every value from here on is meaningless, and unwound.
            return 0
        left = self.left
        if self.n == 0:
            if left == 0:
                return 0
            if left == 1:
                return self.last_trick(seat)
            # The leader's sure tricks bound the value (its side takes at least them).
            sure = self.sure_tricks(seat)
            if seat & 1 == 0:
                if sure >= beta:
                    return sure
            elif left - sure <= alpha:
                return left - sure
            key = self.key(seat)
            entry = self.table.get(key, -1)
            lower = 0
            upper = left
            tt_move = _NO_MOVE
            if entry >= 0:
                lower = entry & _BOUND_MASK
                upper = entry >> _BOUND_BITS & _BOUND_MASK
                tt_move = (entry >> _MOVE_SHIFT) - 1
                if lower >= beta or lower == upper:
                    return lower
                if upper <= alpha:
                    return upper
            a = max(lower, alpha)
            b = min(upper, beta)
            value, move = self.expand(seat, a, b, tt_move)
            if self.nodes > self.limit:
                return 0
            if value <= a:
                upper = value
            elif value >= b:
                lower = value
            else:
                lower = upper = value
            self.table[key] = lower | upper << _BOUND_BITS | (move + 1) << _MOVE_SHIFT
            return value
        value, _ = self.expand(seat, alpha, beta, _NO_MOVE)
        return value

    def expand(self, seat: int, alpha: int, beta: int, first: int) -> tuple[int, int]:
        """The best value over the moves of ``seat`` and its move code (``first``: the
        move code to try first)."""
        maximise = seat & 1 == 0
        best_value = -_INF if maximise else _INF
        best_move = _NO_MOVE
        moves = self.moves(seat)
        if first >= 0:
            pos = first & 63
            if pos in moves:
                moves.remove(pos)
                moves.insert(0, pos)
        for pos in moves:
            # E-37: a joker led under no-trump is searched with each suit it may name.
            names = range(4) if pos == self.joker_nt and self.n == 0 else range(-1, 0)
            for named in names:
                v = self.play(seat, pos, named, alpha, beta)
                if self.nodes > self.limit:
                    return 0, _NO_MOVE
                code = pos if named < 0 else pos | (named + 1) << 6
                if maximise:
                    if v > best_value:
                        best_value = v
                        best_move = code
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                return best_value, best_move
                elif v < best_value:
                    best_value = v
                    best_move = code
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            return best_value, best_move
        return best_value, best_move

    def sure_tricks(self, leader: int) -> int:
        """Tricks the leader takes by leading its top cards: its trumps from the top
        while no other hand holds a higher one; and, when no other hand holds a trump,
        its top cards of each suit too (identical cards: the first played wins, E-38)."""
        hand = self.hands[leader]
        others = 0
        for s in range(4):
            if s != leader:
                others |= self.hands[s]
        trump = self.kernel.trump_suit
        count = 0
        if trump >= 0:
            count = _top(self.levels[trump], hand, others)
            if others & self.kernel.trump_duty:
                return count
        for s in range(len(self.levels)):
            if s != trump:
                count += _top(self.levels[s], hand, others)
        return min(self.left, count)

    def exact(self, seat: int, pos: int, guess: int) -> int:
        """The exact value of the root (``pos`` -1) or of ``seat`` playing ``pos`` there,
        by null-window searches from ``guess`` (MTD(f)): each proves a bound, and the
        table keeps what the earlier ones learnt."""
        lower = 0
        upper = self.left
        g = guess if lower <= guess <= upper else upper >> 1
        while lower < upper and not self.nodes > self.limit:
            beta = g + 1 if g == lower else g
            if pos < 0:
                g = self.expand(seat, beta - 1, beta, _NO_MOVE)[0]
            else:
                g = self.play(seat, pos, -1, beta - 1, beta)
            if g < beta:
                upper = g
            else:
                lower = g
        return lower

    def last_trick(self, leader: int) -> int:
        """The last trick: every seat holds one card (E-22)."""
        seat = leader
        self.n = 0
        for _ in range(self.size):
            pos = _lowest(self.hands[seat])
            self.push(seat, pos, 0 if pos == self.joker_nt else -1)
            seat = self.nxt[seat]
        base = self.base
        winner = self.t_seat[base + self.best]
        for k in range(self.size):
            self.hands[self.t_seat[base + k]] |= 1 << self.t_pos[base + k]
        self.n = 0
        self.follow = 0
        self.trick_mask = 0
        return 1 - (winner & 1)

    def key(self, leader: int) -> int:
        """The transposition key of a trick's start: the cards still held (each seat's
        cards follow from them) and the leader."""
        held = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        return held << 2 | leader


def _top(levels: list[int], hand: int, others: int) -> int:
    """How many of ``hand``'s cards of a suit (its ``levels``, strongest first) win in
    turn when led: those above every card of ``others``, and one card tied with one."""
    count = 0
    for level in levels:
        mine = level & hand
        if level & others:
            return count + 1 if mine else count
        if mine:
            count += mine.bit_count()
    return count


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


# -- the position of a state --------------------------------------------------------------


class _Position:
    """A state of the card play in the search's terms."""

    def __init__(self, state: BidEuchreState, limit: int) -> None:
        variant = state.variant
        options = variant.options
        trump = state.trump
        kernel = _kernel(variant, trump)
        cards = kernel_cards(variant, trump)
        self.options = options
        self.state = state
        self.cards = cards
        copies: dict[Card, list[int]] = {}
        for p, c in enumerate(cards):
            copies.setdefault(c, []).append(p)
        self.copies = copies
        sitting = state.sitting_out
        self.sitting = -1 if sitting is None else sitting
        hands = [0, 0, 0, 0]
        for seat in range(4):
            if seat != self.sitting:
                for card in state.hand(seat):
                    hands[seat] |= 1 << copies[card].pop(0)
        plays = [(seat, copies[card].pop(0)) for seat, card in state.trick]
        nxt = [(s + 1) % 4 for s in range(4)]
        if self.sitting >= 0:
            # E-21: the partner of a help or moon declarer is skipped.
            before = (self.sitting + 3) % 4
            nxt[before] = (self.sitting + 1) % 4
        joker_nt = -1
        named_masks = [0, 0, 0, 0]
        if options.joker and trump is not None and not isinstance(trump, Suit):
            joker_nt = cards.index(JOKER)
            for p, c in enumerate(cards):
                if c is not JOKER and c.suit is not None:
                    named_masks[_SUITS.index(c.suit)] = kernel.follow_duty[p]
        named = state.named_suit
        done = len(state.tricks)
        self.search = EuchreSearch(
            kernel,
            hands,
            nxt,
            3 if self.sitting >= 0 else 4,
            options.tricks_per_hand - done,
            joker_nt,
            named_masks,
            limit,
        )
        self.search.set_trick(plays, -1 if named is None else _SUITS.index(named))
        self.won = state.tricks_won

    def position_of(self, seat: int, card: Card) -> int:
        """The position ``seat`` plays for ``card``."""
        hand = self.search.hands[seat]
        for p, c in enumerate(self.cards):
            if c == card and hand >> p & 1:
                return p
        raise AssertionError(f"{card} is not in the hand")

    def scores(self, ns: int) -> tuple[int, ...]:
        """Each seat's score when NS end the hand with ``ns`` tricks."""
        state = self.state
        contract = state.contract
        declarer = state.declarer
        if contract is None or declarer is None:
            raise WrongPhaseError("the solver plays the cards of a hand in its play")
        tricks = (ns, self.options.tricks_per_hand - ns)
        return hand_result(self.options, contract, declarer, tricks, state.reneges).returns


def kernel_cards(variant: Any, trump: Any) -> tuple[Card, ...]:
    """The deck in the kernel's position order."""
    hook = getattr(variant, "trick_rules", None)
    options = variant.options
    if callable(hook):
        rules = hook(trump)
    else:
        rules = trick_rules(trump, joker=options.joker, double_deck=options.double_deck)
    cards: tuple[Card, ...] = rules.cards
    return cards


def solve(
    state: BidEuchreState, *, all_actions: bool = False, max_nodes: int | None = None
) -> Solution:
    """Solve a Bid Euchre state (see :func:`cardrules.solving.solve`)."""
    phase = state.phase.value
    if phase == "end":
        result = state.result()
        tricks = cast(tuple[int, int], result.facts.tricks)  # scored facts hold the pair
        return Solution(seat=None, unit="tricks", value=tricks[0], scores=result.returns, best=())
    if phase not in ("play", "name_suit"):
        raise WrongPhaseError(
            f"the solver plays the cards: the hand is in its {phase} phase, not its play"
        )
    limit = max_nodes if max_nodes is not None else 1 << 62
    seat = state.to_play
    if seat is None:
        raise WrongPhaseError("the solver plays the cards of a hand in its play")
    team = seat & 1
    if phase == "name_suit":
        return _by_children(state, seat, team, all_actions, limit)
    position = _Position(state, limit)
    search = position.search
    ns_before = position.won[0]
    actions = state.lawful_actions()
    values: list[int] = []
    # The root's actions: each action's value, full window (all_actions) or a proof that
    # it reaches the best value (null windows around it).
    moves = [position.position_of(seat, a.card) for a in actions if isinstance(a, Play)]
    maximise = seat & 1 == 0
    best_ns = -1
    if all_actions:
        guess = search.left >> 1
        for pos in moves:
            guess = search.exact(seat, pos, guess)
            values.append(guess)
    else:
        best_ns = search.exact(seat, -1, search.left >> 1)
        for pos in moves:
            if maximise:
                v = search.play(seat, pos, -1, best_ns - 1, best_ns)
                values.append(best_ns if v >= best_ns else -1)
            else:
                v = search.play(seat, pos, -1, best_ns, best_ns + 1)
                values.append(best_ns if v <= best_ns else search.left + 1)
    if search.nodes > search.limit:
        raise SearchLimitError(
            f"the solver visited {max_nodes} positions without proving the value"
        )
    if all_actions:
        best_ns = max(values) if maximise else min(values)
    total = state.variant.options.tricks_per_hand

    def for_team(ns: int) -> int:
        final_ns = ns_before + ns
        return final_ns if team == 0 else total - final_ns

    best = tuple(a for a, v in zip(actions, values, strict=True) if v == best_ns)
    return Solution(
        seat=seat,
        unit="tricks",
        value=for_team(best_ns),
        scores=position.scores(ns_before + best_ns),
        best=best,
        values=tuple((a, for_team(v)) for a, v in zip(actions, values, strict=True))
        if all_actions
        else (),
        action_scores=tuple(
            (a, position.scores(ns_before + v)) for a, v in zip(actions, values, strict=True)
        )
        if all_actions
        else (),
        nodes=search.nodes,
    )


def _by_children(
    state: BidEuchreState, seat: int, team: int, all_actions: bool, limit: int
) -> Solution:
    """A root whose actions are not cards (the suit named for a joker led, E-37): each
    action's value is its child's."""
    actions = state.legal_actions()
    children: list[Solution] = []
    nodes = 0
    for action in actions:
        child = solve(state.apply(action), max_nodes=max(1, limit - nodes))
        nodes += child.nodes
        children.append(child)
    # A child's value is for the side of the child's seat to act.
    values = [
        c.value if c.seat is None or c.seat & 1 == team else _other(state, c) for c in children
    ]
    best_value = max(values)
    best = tuple(a for a, v in zip(actions, values, strict=True) if v == best_value)
    chosen = children[values.index(best_value)]
    return Solution(
        seat=seat,
        unit="tricks",
        value=best_value,
        scores=chosen.scores,
        best=best,
        values=tuple(zip(actions, values, strict=True)) if all_actions else (),
        action_scores=tuple((a, c.scores) for a, c in zip(actions, children, strict=True))
        if all_actions
        else (),
        nodes=nodes,
    )


def _other(state: BidEuchreState, child: Solution) -> int:
    value: int = child.value  # type: ignore[assignment]
    return state.variant.options.tricks_per_hand - value


def horizon(options: Any) -> int:
    """The tricks left from which a position of these options is solved in a few
    milliseconds, every action's value included (see ``cardrules.solving.Solver``):
    the whole hand of the single deck; measured for the double deck."""
    return 5 if options.double_deck else options.tricks_per_hand
