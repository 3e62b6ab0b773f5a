"""French Tarot's perfect-information solver (private; compiled in the compiled build).

From a state of the card play with every hand known (and with 5 players the partner),
:func:`solve` finds the deal's value when every seat plays its best: the unit ``M`` of
T-35, which the attack maximises and the defence minimises (each seat's score is a
fixed multiple of it, T-37). An alpha-beta search over the rest of the deal, on its own
two-word bitmask representation of the position, with a transposition table at the
start of each trick, the best move of the table tried first, equivalent cards searched
once (cards of one suit, of the same value, with no card of another hand or of the
trick between them), and an order that tries the cards taking the trick first.

Every rule comes from the game's own declarations and functions:

* the legal cards, the suit led and the winner (T-22 … T-24) from the trick kernel
  compiled from the variant's declaration (``variant.trick_rules`` when the variant
  declares it, else :data:`~cardrules.tarot.cards.TAROT_TRICK_RULES`);
* where a trick holding the Excuse goes (T-25, T-26) from
  :func:`~cardrules.tarot.play.resolve_trick`;
* the card points (T-4) from :func:`~cardrules.tarot.cards.card_half_points`;
* the score (T-29 … T-37) from :func:`~cardrules.tarot.scoring.score_deal`, with the
  facts a played deal gives (T-27, T-28, T-32).

Assumptions: only the poignées already declared count (no seat declares one later in
the first trick, a choice the solver does not search).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

from cardrules._tricks import TRUMP_BASE, TrickKernel
from cardrules.actions import Action, Play
from cardrules.cards import EXCUSE, Card
from cardrules.errors import WrongPhaseError
from cardrules.solving import SearchLimitError, Solution
from cardrules.tarot.cards import BOUTS, PETIT, TAROT_TRICK_RULES, card_half_points
from cardrules.tarot.play import resolve_trick
from cardrules.tarot.scoring import Camp, DealFacts, DealResult, score_deal

if TYPE_CHECKING:
    from cardrules.tarot.state import TarotState

__all__ = ["TarotSearch", "solve"]

# A transposition-table entry: its two bounds (offset to stay positive) and best move.
_FIELD: Final = 40
_OFFSET: Final = 1 << (_FIELD - 1)
_FIELD_MASK: Final = (1 << _FIELD) - 1
_INF: Final = 1 << 62
_NO_MOVE: Final = -1
_VALUABLE: Final = 5  # half points: a knight or better

# One kernel per declaration (a kernel is immutable).
_KERNELS: dict[int, tuple[Any, TrickKernel]] = {}


def _rules(variant: Any) -> Any:
    hook = getattr(variant, "trick_rules", None)
    if hook is None:
        return TAROT_TRICK_RULES
    return hook() if callable(hook) else hook


def _kernel(rules: Any) -> TrickKernel:
    entry = _KERNELS.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_KERNELS) > 64:
            _KERNELS.clear()
        entry = (rules, rules.compile().kernel)
        _KERNELS[id(rules)] = entry
    return entry[1]


class TarotSearch:
    """The search over one position. Hands are held as the kernel's two words (side:
    the suit cards; duty: the trumps and the Excuse). The value of a node is twice the
    deal's unit ``M`` (an int under every rounding option) once the deal is played out
    from there; the attack maximises it."""

    kernel: TrickKernel
    split: int
    side: list[int]
    duty: list[int]
    players: int
    nxt: list[int]
    attack: int
    total: int
    # The deal so far: tricks done, the attack's half points (its pile and the Excuse's
    # compensation, T-28) and bouts, the tricks it won, the trick that held the Petit
    # and whether the attack won it, whether the last trick was won by the Excuse.
    done: int
    halves: int
    bouts: int
    att_tricks: int
    petit_trick: int
    petit_att: int
    excuse_won: bool
    # The tricks under way, ``players`` slots per trick from the root's.
    t_pos: list[int]
    t_seat: list[int]
    base: int
    n: int
    fs: int
    fd: int
    over: int
    best: int
    best_key: int
    led: int
    trick_side: int
    trick_duty: int
    excuse_in: bool
    # Per position: half points, bout, and the strength order of each suit.
    points: list[int]
    is_bout: list[bool]
    suit_of: list[int]
    order: list[list[int]]
    cards: tuple[Card, ...]
    excuse_pos: int
    petit_pos: int
    chelem_announced: bool
    options: Any
    contract: Any
    taker: int
    partner: int | None
    poignees: tuple[Any, ...]
    leaf: dict[int, int]
    results: dict[int, DealResult]
    table: dict[int, int]
    outcomes: dict[tuple[int, ...], tuple[int, int, int, bool]]
    nodes: int
    limit: int

    def __init__(  # noqa: PLR0915 - every field of the search
        self, kernel: TrickKernel, cards: tuple[Card, ...], players: int, limit: int
    ) -> None:
        self.kernel = kernel
        self.split = kernel.split
        self.side = [0] * players
        self.duty = [0] * players
        self.players = players
        self.nxt = [(s + 1) % players for s in range(players)]
        self.attack = 0
        self.total = 0
        self.done = 0
        self.halves = 0
        self.bouts = 0
        self.att_tricks = 0
        self.petit_trick = -1
        self.petit_att = 0
        self.excuse_won = False
        self.base = 0
        self.n = 0
        self.fs = 0
        self.fd = 0
        self.over = kernel.over_start
        self.best = -1
        self.best_key = -1
        self.led = -1
        self.trick_side = 0
        self.trick_duty = 0
        self.excuse_in = False
        self.cards = cards
        self.points = [card_half_points(c) for c in cards]
        self.is_bout = [c in BOUTS for c in cards]
        self.suit_of = list(kernel.suit)
        suits = max(kernel.suit) + 1
        order: list[list[int]] = [[] for _ in range(suits)]
        for p in sorted(range(kernel.size), key=lambda q: -kernel.key[q]):
            if kernel.suit[p] >= 0:
                order[kernel.suit[p]].append(p)
        self.order = order
        self.excuse_pos = cards.index(EXCUSE)
        self.petit_pos = cards.index(PETIT)
        self.chelem_announced = False
        self.options = None
        self.contract = None
        self.taker = -1
        self.partner = None
        self.poignees = ()
        self.leaf = {}
        self.results = {}
        self.table = {}
        self.outcomes = {}
        self.nodes = 0
        self.limit = limit
        self.t_pos = []
        self.t_seat = []

    def start(self, total: int) -> None:
        """Size the trick slots for the ``total - done`` tricks left."""
        self.total = total
        slots = (total - self.done + 1) * self.players
        self.t_pos = [0] * slots
        self.t_seat = [0] * slots

    # -- cards and the trick under way ------------------------------------------------------

    def give(self, seat: int, pos: int) -> None:
        """Put ``pos`` into ``seat``'s hand (or take it out: the same flip)."""
        split = self.split
        if pos < split:
            self.side[seat] ^= 1 << pos
        else:
            self.duty[seat] ^= 1 << (pos - split)

    def push(self, seat: int, pos: int) -> None:
        """Play ``pos`` from ``seat``: the suit led (T-23), the trumps still above
        (T-22) and the best card so far (T-24)."""
        kernel = self.kernel
        n = self.n
        split = self.split
        if pos < split:
            self.side[seat] ^= 1 << pos
            self.trick_side |= 1 << pos
        else:
            self.duty[seat] ^= 1 << (pos - split)
            self.trick_duty |= 1 << (pos - split)
        self.t_pos[self.base + n] = pos
        self.t_seat[self.base + n] = seat
        if pos == self.excuse_pos:
            self.excuse_in = True
        if self.led < 0:
            suit = kernel.suit[pos]
            if suit >= 0:
                # T-23: the first card other than the Excuse sets the suit led.
                self.led = suit
                self.fs = kernel.follow_side[pos]
                self.fd = kernel.follow_duty[pos]
        self.over &= kernel.over_after[pos]
        k = kernel.strength(pos, self.led)
        if k > self.best_key:
            self.best = n
            self.best_key = k
        self.n = n + 1

    # -- the search -------------------------------------------------------------------------

    def moves(self, seat: int) -> list[int]:
        """The legal cards of ``seat`` (T-22), one for each set of equivalent cards, in
        search order."""
        kernel = self.kernel
        ls, ld = kernel.legal(self.side[seat], self.duty[seat], self.fs, self.fd, self.over)
        o_side = self.trick_side
        o_duty = self.trick_duty
        for s in range(self.players):
            if s != seat:
                o_side |= self.side[s]
                o_duty |= self.duty[s]
        split = self.split
        reps: list[int] = []
        if ld >> (self.excuse_pos - split) & 1:
            reps.append(self.excuse_pos)
        done_suits = 0
        for word in range(2):
            rest = ls if word == 0 else ld & ~(1 << (self.excuse_pos - split))
            while rest:
                low = rest & -rest
                p = (low.bit_length() - 1) + (0 if word == 0 else split)
                suit = self.suit_of[p]
                rest ^= low
                if done_suits >> suit & 1:
                    continue
                done_suits |= 1 << suit
                group_points = -1
                for q in self.order[suit]:
                    if q < split:
                        mine = ls >> q & 1
                        theirs = o_side >> q & 1
                    else:
                        mine = ld >> (q - split) & 1
                        theirs = o_duty >> (q - split) & 1
                    if theirs:
                        group_points = -1
                    elif mine and self.points[q] != group_points:
                        reps.append(q)
                        group_points = self.points[q]
        return self.ordered(reps, seat)

    def ordered(self, reps: list[int], seat: int) -> list[int]:
        """``reps`` in search order: a leader's strongest cards first; a follower's
        cards that take the trick for its camp first (the weakest first), then, when its
        camp holds the trick, its most valuable cards, else its least valuable."""
        kernel = self.kernel
        keyed: list[tuple[int, int]] = []
        if self.n == 0:
            for p in reps:
                s = self.suit_of[p]
                k = -1 if s < 0 else kernel.key[p] + (TRUMP_BASE if s == kernel.trump_suit else 0)
                keyed.append((-k, p))
        else:
            mine = self.attack >> seat & 1
            holder = self.t_seat[self.base + self.best] if self.best >= 0 else -1
            ours = holder >= 0 and (self.attack >> holder & 1) == mine
            for p in reps:
                k = kernel.strength(p, self.led)
                value = self.points[p]
                if k > self.best_key and not ours:
                    keyed.append((k - 4 * TRUMP_BASE - 100 * value, p))
                elif ours:
                    keyed.append((-100 * value + (max(k, 0)), p))
                else:
                    keyed.append((100 * value + (max(k, 0)), p))
        keyed.sort()
        return [p for _, p in keyed]

    def play(self, seat: int, pos: int, alpha: int, beta: int) -> int:
        """The value after ``seat`` plays ``pos``."""
        n = self.n
        fs = self.fs
        fd = self.fd
        over = self.over
        best = self.best
        best_key = self.best_key
        led = self.led
        excuse_in = self.excuse_in
        trick_side = self.trick_side
        trick_duty = self.trick_duty
        self.push(seat, pos)
        if self.n < self.players:
            value = self.search(self.nxt[seat], alpha, beta)
        else:
            value = self.gather(alpha, beta)
        self.n = n
        self.fs = fs
        self.fd = fd
        self.over = over
        self.best = best
        self.best_key = best_key
        self.led = led
        self.excuse_in = excuse_in
        self.trick_side = trick_side
        self.trick_duty = trick_duty
        self.give(seat, pos)
        return value

    def gather(self, alpha: int, beta: int) -> int:  # noqa: PLR0915 - the hot path
        """Gather the full trick under way (T-24 … T-28, T-32) and search on."""
        base = self.base
        players = self.players
        leader = self.t_seat[base]
        last = self.done == self.total - 1
        if self.excuse_in:
            winner, d_halves, d_bouts, excuse_won = self.outcome(leader, last)
            winner_att = self.attack >> winner & 1
        else:
            winner = self.t_seat[base + self.best]
            winner_att = self.attack >> winner & 1
            d_halves = 0
            d_bouts = 0
            excuse_won = False
            if winner_att:
                for k in range(players):
                    p = self.t_pos[base + k]
                    d_halves += self.points[p]
                    if self.is_bout[p]:
                        d_bouts += 1
        petit_trick = self.petit_trick
        petit_att = self.petit_att
        if self.trick_duty >> (self.petit_pos - self.split) & 1:
            self.petit_trick = self.done
            self.petit_att = winner_att
        self.halves += d_halves
        self.bouts += d_bouts
        self.att_tricks += winner_att
        self.done += 1
        if last:
            self.excuse_won = excuse_won
            value = self.final()
        else:
            self.base = base + players
            self.n = 0
            self.fs = 0
            self.fd = 0
            self.over = self.kernel.over_start
            self.best = -1
            self.best_key = -1
            self.led = -1
            self.excuse_in = False
            self.trick_side = 0
            self.trick_duty = 0
            value = self.search(winner, alpha, beta)
            self.base = base
        self.done -= 1
        self.att_tricks -= winner_att
        self.bouts -= d_bouts
        self.halves -= d_halves
        self.petit_trick = petit_trick
        self.petit_att = petit_att
        return value

    def outcome(self, leader: int, last: bool) -> tuple[int, int, int, bool]:
        """A trick holding the Excuse, by the game's :func:`resolve_trick` (T-25, T-26):
        the winner, the attack's half points and bouts from it, the T-26b win."""
        base = self.base
        players = self.players
        leader_att = self.attack >> leader & 1
        swept = self.att_tricks == self.done if leader_att else self.att_tricks == 0
        key_items = [self.t_pos[base + k] for k in range(players)]
        key_items.append(leader)
        key_items.append(1 if last else 0)
        key_items.append(1 if swept else 0)
        key = tuple(key_items)
        found = self.outcomes.get(key)
        if found is not None:
            return found
        trick = [self.cards[self.t_pos[base + k]] for k in range(players)]
        attack = [s for s in range(players) if self.attack >> s & 1]
        out = resolve_trick(
            trick,
            leader=leader,
            players=players,
            attack=attack,
            last=last,
            camp_swept=swept,
            chelem_announced=self.chelem_announced,
            options=self.options,
        )
        halves = sum(card_half_points(c) for c in out.attack_cards) + out.compensation_half_points
        bouts = sum(1 for c in out.attack_cards if c in BOUTS)
        result = (out.winner, halves, bouts, out.excuse_wins)
        self.outcomes[key] = result
        return result

    def final(self) -> int:
        """Twice the unit M of the deal played out (T-27, T-32, then score_deal)."""
        total = self.total
        # T-32: the last trick, or the penultimate after the Excuse won the last (T-26b).
        pab_trick = total - 2 if self.excuse_won else total - 1
        pab = 0
        if self.petit_trick == pab_trick:
            pab = 1 if self.petit_att else 2
        chelem = 1 if self.att_tricks == total else 2 if self.att_tricks == 0 else 0
        key = self.halves | self.bouts << 9 | pab << 11 | chelem << 13
        value = self.leaf.get(key)
        if value is None:
            value = self.score(self.halves, self.bouts, pab, chelem)
            self.leaf[key] = value
        return value

    def score(self, halves: int, bouts: int, pab: int, chelem: int) -> int:
        """Twice M for these facts, by :func:`score_deal`; the result is kept for the
        seats' scores (:meth:`result_of`)."""
        camps = (None, Camp.ATTACK, Camp.DEFENCE)
        facts = DealFacts(
            players=self.players,
            contract=self.contract,
            taker=self.taker,
            partner=self.partner,
            points=Fraction(halves, 2),
            bouts=bouts,
            petit_au_bout=camps[pab],
            poignees=self.poignees,
            chelem_announced=self.chelem_announced,
            chelem=camps[chelem],
        )
        result = score_deal(facts, self.options)
        value = int(result.unit * 2)
        self.results[value] = result
        return value

    def result_of(self, value: int) -> DealResult:
        """A result the search scored with twice-M ``value``: every such result gives
        the seats the same scores (T-37 settles M alone)."""
        return self.results[value]

    def search(self, seat: int, alpha: int, beta: int) -> int:
        """The value of the node where ``seat`` is to play (fail-soft alpha-beta)."""
        self.nodes += 1
        if self.nodes > self.limit:
            return 0
        if self.n == 0:
            key = self.key(seat)
            entry = self.table.get(key, -1)
            lower = -_INF
            upper = _INF
            tt_move = _NO_MOVE
            if entry >= 0:
                lower = (entry & _FIELD_MASK) - _OFFSET
                upper = (entry >> _FIELD & _FIELD_MASK) - _OFFSET
                tt_move = (entry >> (2 * _FIELD)) - 1
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
                if lower == -_INF:
                    lower = -_OFFSET
            elif value >= b:
                lower = value
                if upper == _INF:
                    upper = _OFFSET - 1
            else:
                lower = upper = value
            lower = max(lower, -_OFFSET)
            upper = min(upper, _OFFSET - 1)
            self.table[key] = (
                (lower + _OFFSET) | (upper + _OFFSET) << _FIELD | (move + 1) << (2 * _FIELD)
            )
            return value
        return self.expand(seat, alpha, beta, _NO_MOVE)[0]

    def expand(self, seat: int, alpha: int, beta: int, first: int) -> tuple[int, int]:
        """The best value over the moves of ``seat`` and its move (``first``: the move
        to try first)."""
        maximise = self.attack >> seat & 1 == 1
        best_value = -_INF if maximise else _INF
        best_move = _NO_MOVE
        moves = self.moves(seat)
        if first >= 0 and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        for pos in moves:
            v = self.play(seat, pos, alpha, beta)
            if self.nodes > self.limit:
                return 0, _NO_MOVE
            if maximise:
                if v > best_value:
                    best_value = v
                    best_move = pos
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best_value:
                best_value = v
                best_move = pos
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return best_value, best_move

    def exact(self, seat: int, pos: int, guess: int) -> int:
        """The exact value of the root (``pos`` -1) or of ``seat`` playing ``pos`` there,
        by null-window searches from ``guess`` (MTD(f))."""
        lower = -_INF
        upper = _INF
        g = guess
        while lower < upper and self.nodes <= self.limit:
            beta = g + 1 if g == lower else g
            if pos < 0:
                g = self.expand(seat, beta - 1, beta, _NO_MOVE)[0]
            else:
                g = self.play(seat, pos, beta - 1, beta)
            if g < beta:
                upper = g
            else:
                lower = g
        return lower

    def key(self, leader: int) -> int:
        """The transposition key of a trick's start: the cards held (each seat's follow
        from them), the leader, the attack's points and bouts so far, and whether a camp
        has won every trick so far (T-26b, T-27)."""
        held_side = 0
        held_duty = 0
        for s in range(self.players):
            held_side |= self.side[s]
            held_duty |= self.duty[s]
        sweep = (1 if self.att_tricks == self.done else 0) | (2 if self.att_tricks == 0 else 0)
        tail = leader | self.halves << 3 | self.bouts << 11 | sweep << 13
        return held_side | (held_duty | tail << 22) << self.split


# -- the position of a state ------------------------------------------------------------------


def _position(state: TarotState, limit: int) -> TarotSearch:
    variant = state.variant
    rules = _rules(variant)
    kernel = _kernel(rules)
    cards: tuple[Card, ...] = rules.cards
    players = variant.players
    search = TarotSearch(kernel, cards, players, limit)
    index = {c: p for p, c in enumerate(cards)}
    for seat in range(players):
        for card in state.hand(seat):
            search.give(seat, index[card])
    attack = 0
    for s in state.attack:
        attack |= 1 << s
    search.attack = attack
    search.options = variant.options
    search.chelem_announced = state.chelem_announced
    search.contract = state.contract
    search.taker = _seat(state.taker)
    search.partner = state.partner
    search.poignees = tuple(p.level for p in state.poignees)
    search.leaf = {}
    search.results = {}
    done = state.tricks_played
    search.done = done
    search.halves = int(state.card_points(Camp.ATTACK) * 2)
    search.bouts = sum(1 for c in state.pile(Camp.ATTACK) if c in BOUTS)
    winners = state.trick_winners
    search.att_tricks = sum(1 for w in winners if attack >> w & 1)
    total = done + len(state.hand(_seat(state.to_play)))
    if done and PETIT in (c for _, c in state.last_trick):
        # The Petit in the trick before: petit au bout if the Excuse wins the last (T-32).
        search.petit_trick = done - 1
        search.petit_att = attack >> winners[-1] & 1
    search.start(total)
    for s, card in state.trick:
        search.give(s, index[card])
        search.push(s, index[card])
    return search


def _seat(seat: int | None) -> int:
    """A seat the play phase always has (the taker, the seat to play)."""
    if seat is None:
        raise WrongPhaseError("the solver plays the cards of a deal in its play")
    return seat


def _half(value: int) -> int | Fraction:
    return value >> 1 if value & 1 == 0 else Fraction(value, 2)


def solve(
    state: TarotState, *, all_actions: bool = False, max_nodes: int | None = None
) -> Solution:
    """Solve a French Tarot state (see :func:`cardrules.solving.solve`)."""
    phase = state.phase.value
    if phase == "end":
        result = state.result()
        return Solution(seat=None, unit="points", value=result.unit, scores=result.scores, best=())
    if phase != "play":
        raise WrongPhaseError(
            f"the solver plays the cards: the deal is in its {phase} phase, not its play"
        )
    limit = max_nodes if max_nodes is not None else 1 << 62
    seat = _seat(state.to_play)
    actions = state.legal_actions()
    if any(not isinstance(a, Play) for a in actions):
        return _by_children(state, seat, actions, all_actions, limit)
    search = _position(state, limit)
    index = {c: p for p, c in enumerate(search.cards)}
    maximise = search.attack >> seat & 1 == 1
    sign = 1 if maximise else -1
    moves = [index[a.card] for a in actions if isinstance(a, Play)]
    values: list[int] = []
    if all_actions:
        values = [search.play(seat, pos, -_INF, _INF) for pos in moves]
        best2 = max(values) if maximise else min(values)
    else:
        best2 = search.expand(seat, -_INF, _INF, _NO_MOVE)[0]
        for pos in moves:
            if maximise:
                v = search.play(seat, pos, best2 - 1, best2)
                values.append(best2 if v >= best2 else -_INF)
            else:
                v = search.play(seat, pos, best2, best2 + 1)
                values.append(best2 if v <= best2 else _INF)
    if search.nodes > search.limit:
        raise SearchLimitError(
            f"the solver visited {max_nodes} positions without proving the value"
        )
    best = tuple(a for a, v in zip(actions, values, strict=True) if v == best2)
    result = search.result_of(best2)
    return Solution(
        seat=seat,
        unit="points",
        value=_half(sign * best2),
        scores=result.scores,
        best=best,
        values=tuple((a, _half(sign * v)) for a, v in zip(actions, values, strict=True))
        if all_actions
        else (),
        action_scores=tuple(
            (a, search.result_of(v).scores) for a, v in zip(actions, values, strict=True)
        )
        if all_actions
        else (),
        nodes=search.nodes,
    )


def _by_children(
    state: TarotState, seat: int, actions: tuple[Action, ...], all_actions: bool, limit: int
) -> Solution:
    """A root whose actions are not all cards (a poignée before the first card): each
    action's value is its child's."""
    children: list[Solution] = []
    nodes = 0
    for action in actions:
        child = solve(state.apply(action), max_nodes=max(1, limit - nodes))
        nodes += child.nodes
        children.append(child)
    attack = seat in state.attack
    values: list[int | Fraction] = []
    for c in children:
        # A child's value is for the camp of its seat to act (the attack's at the end).
        same = attack if c.seat is None else (c.seat in state.attack) == attack
        values.append(c.value if same else -c.value)
    best_value = max(values)
    best = tuple(a for a, v in zip(actions, values, strict=True) if v == best_value)
    chosen = children[values.index(best_value)]
    return Solution(
        seat=seat,
        unit="points",
        value=best_value,
        scores=chosen.scores,
        best=best,
        values=tuple(zip(actions, values, strict=True)) if all_actions else (),
        action_scores=tuple((a, c.scores) for a, c in zip(actions, children, strict=True))
        if all_actions
        else (),
        nodes=nodes,
    )


# The tricks left solved in a few milliseconds, by player count, in the compiled build;
# the pure-Python build searches about six times fewer positions in the same time: one
# trick less.
_HORIZON: Final = {3: 6, 4: 5, 5: 4}


def horizon(options: Any) -> int:
    """The tricks left from which a position of these options is solved in a few
    milliseconds, every action's value included (see ``cardrules.solving.Solver``)."""
    import cardrules

    return _HORIZON[options.players] - (0 if cardrules.compiled else 1)
