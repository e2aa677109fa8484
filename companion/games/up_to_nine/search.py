"""Up to 9: the search for the cheapest reading of a contract in a hand.

Groups are looked for over targets (a suit and a window of positions for a
straight, a rank for a set); the natural cards each target can use are
counted and the gaps filled with the 2s and 3s left over (rulings.md,
Up to 9: the fewest wilds within the level's budget).
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Sequence
from typing import NamedTuple

from companion.cards import SUITS, Card
from companion.games.up_to_nine.levels import (
    HIGH_ACE,
    LOW_ACE,
    SET,
    STRAIGHT,
    WILD_RANKS,
    GroupSpec,
    Level,
    position_rank,
)
from companion.games.up_to_nine.readings import MeldCard, MeldGroup, MeldVerdict, card_type, is_wild

WILD_TYPES = frozenset(s * 13 + rank - 1 for s in range(4) for rank in WILD_RANKS)
"""The card types (see ``readings.card_type``) of every 2 and 3."""


class _Target(NamedTuple):
    """Where one group could be: a suit and window (straight) or a rank (set)."""

    bound: int  # most natural cards this target can use on its own
    suit: int  # straight: suit index; set: -1
    start: int  # straight: first position; set: the rank
    accepts: frozenset[int]  # card types natural here


class _Plan(NamedTuple):
    """One group of a found reading: its spec index, target, natural takes, wilds."""

    group: int
    target: _Target
    takes: tuple[tuple[int | None, int], ...]  # (position or None, card type)
    wilds: int


class _Search:
    """The cheapest reading of a level's contract inside a multiset of cards.

    Groups are searched straights first, then sets.  For each group the
    targets (suit and window, or rank) are ranked by how many natural cards
    they could use; a combination of targets is abandoned as soon as the
    wilds it must need reach the best found.  For a full combination the
    natural cards are shared out: a card only one group can use goes to it,
    a card two groups could use is tried both ways.  What the naturals leave
    open is filled from the 2s and 3s not used as themselves.
    """

    def __init__(self, hand: Sequence[Card], level: Level) -> None:
        self.hand = hand
        self.level = level
        counts = [0] * 52
        for card in hand:
            counts[card_type(card)] += 1
        self.counts = counts
        self.pool = sum(counts[t] for t in WILD_TYPES)
        self.order = sorted(
            range(len(level.groups)),
            key=lambda i: (level.groups[i].kind != STRAIGHT, level.groups[i].size,
                           level.groups[i].max_wild, i),
        )
        self.specs = [level.groups[i] for i in self.order]
        self.same_as_previous = [
            i > 0 and self.specs[i] == self.specs[i - 1] for i in range(len(self.specs))
        ]
        targets_of = {spec: self._targets(spec) for spec in dict.fromkeys(self.specs)}
        self.targets = [targets_of[spec] for spec in self.specs]
        floors = [spec.size - (targets[0].bound if targets else 0) for spec, targets in
                  zip(self.specs, self.targets, strict=True)]
        self.floor_after = [sum(floors[i:]) for i in range(len(floors) + 1)]
        self.best_wilds = level.max_wild + 1
        self.best: list[_Plan] | None = None

    def _targets(self, spec: GroupSpec) -> list[_Target]:
        need = max(1, spec.size - spec.max_wild)
        counts = self.counts
        found: list[tuple[tuple, _Target]] = []
        if spec.kind == SET:
            for rank in range(1, 14):
                types = frozenset(s * 13 + rank - 1 for s in range(4))
                bound = min(spec.size, sum(counts[t] for t in types))
                if bound >= need:
                    found.append(((-bound, rank), _Target(bound, -1, rank, types)))
        else:
            for suit in range(4):
                base = suit * 13
                present = [0] + [
                    1 if counts[base + position_rank(p) - 1] else 0 for p in range(1, HIGH_ACE + 1)
                ]
                running = [0]
                for flag in present[1:]:
                    running.append(running[-1] + flag)
                for start in range(1, HIGH_ACE + 2 - spec.size):
                    end = start + spec.size - 1
                    bound = running[end] - running[start - 1]
                    if start == LOW_ACE and end == HIGH_ACE and counts[base] == 1:
                        bound -= 1
                    if bound >= need:
                        types = frozenset(base + position_rank(p) - 1 for p in range(start, end + 1))
                        key = (-bound, -present[start], start, suit)
                        found.append((key, _Target(bound, suit, start, types)))
        found.sort(key=lambda item: item[0])
        return [target for _, target in found]

    def run(self) -> list[_Plan] | None:
        """Search; return the plan of the cheapest reading, or None."""
        if len(self.hand) >= self.level.card_count and all(self.targets):
            self._combine(0, [], 0)
        return self.best

    def _done(self) -> bool:
        return self.best_wilds <= self.floor_after[0]

    def _combine(self, i: int, chosen: list[tuple[_Target, int]], floor: int) -> None:
        if i == len(self.specs):
            self._share([target for target, _ in chosen])
            return
        spec, targets = self.specs[i], self.targets[i]
        first = chosen[-1][1] if self.same_as_previous[i] else 0
        for index in range(first, len(targets)):
            target = targets[index]
            reach = floor + spec.size - target.bound + self.floor_after[i + 1]
            if reach >= self.best_wilds:
                break
            chosen.append((target, index))
            self._combine(i + 1, chosen, floor + spec.size - target.bound)
            chosen.pop()
            if self._done():
                return

    def _share(self, targets: list[_Target]) -> None:
        later: frozenset[int] = frozenset()
        contested: list[frozenset[int]] = [frozenset()] * len(targets)
        for i in range(len(targets) - 1, -1, -1):
            contested[i] = targets[i].accepts & later
            later = later | targets[i].accepts
        floors = [spec.size - target.bound for spec, target in zip(self.specs, targets, strict=True)]
        rest = [sum(floors[i:]) for i in range(len(floors) + 1)]
        self._assign(0, targets, contested, rest, 0, 0, 0, [])

    def _assign(self, i: int, targets: list[_Target], contested: list[frozenset[int]],
                rest: list[int], wilds: int, natural_wilds: int, clean: int,
                plan: list[_Plan]) -> None:
        if i == len(targets):
            if clean >= self.level.min_clean:
                self.best_wilds = wilds
                self.best = list(plan)
            return
        spec, target = self.specs[i], targets[i]
        for takes in self._takes(spec, target, contested[i]):
            group_wilds = spec.size - len(takes)
            total = wilds + group_wilds
            used = natural_wilds + sum(1 for _, t in takes if t in WILD_TYPES)
            if (not takes or group_wilds > spec.max_wild or total + rest[i + 1] >= self.best_wilds
                    or total > self.pool - used):
                continue
            for _, t in takes:
                self.counts[t] -= 1
            plan.append(_Plan(self.order[i], target, takes, group_wilds))
            self._assign(i + 1, targets, contested, rest, total, used,
                         clean + (group_wilds == 0), plan)
            plan.pop()
            for _, t in takes:
                self.counts[t] += 1
            if self._done():
                return

    def _takes(self, spec: GroupSpec, target: _Target, contested: frozenset[int]):
        """The ways a group may take natural cards, most naturals first.

        A card no later group can use is always taken; cards a later group
        could use are tried taken and left.
        """
        counts = self.counts
        if spec.kind == SET:
            rank = target.start
            available = [(s * 13 + rank - 1) for s in range(4) for _ in range(counts[s * 13 + rank - 1])]
            most = min(spec.size, len(available))
            fewest = max(1, spec.size - spec.max_wild) if contested else most
            for count in range(most, fewest - 1, -1):
                yield tuple((None, t) for t in available[:count])
            return
        base = target.suit * 13
        fixed: list[tuple[int, int]] = []
        optional: list[tuple[int, int]] = []
        planned: Counter[int] = Counter()
        for position in range(target.start, target.start + spec.size):
            t = base + position_rank(position) - 1
            if counts[t] > planned[t]:
                planned[t] += 1
                (optional if t in contested else fixed).append((position, t))
        for mask in range((1 << len(optional)) - 1, -1, -1):
            chosen = [item for bit, item in enumerate(optional) if mask >> bit & 1]
            yield tuple(sorted(fixed + chosen))


def _build(hand: Sequence[Card], level: Level, plan: list[_Plan]) -> MeldVerdict:
    """Turn a found plan into groups of physical cards with what they stand for.

    Duplicate cards are taken in hand order, wilds too; groups with the same
    spec are ordered by their first natural card in the hand, and a set's
    natural cards keep the hand's order, so a reading follows how the cards
    were given.
    """
    queues: dict[int, deque[int]] = {}
    for index, card in enumerate(hand):
        queues.setdefault(card_type(card), deque()).append(index)
    taken: dict[int, list[tuple[int, int | None]]] = {}
    for step in plan:
        taken[step.group] = sorted((queues[t].popleft(), position) for position, t in step.takes)
    used = {index for pairs in taken.values() for index, _ in pairs}
    slots_of: dict[int, _Plan] = {}
    for spec in dict.fromkeys(level.groups):
        places = [i for i, group in enumerate(level.groups) if group == spec]
        steps = sorted((step for step in plan if step.group in places), key=lambda s: taken[s.group][0][0])
        slots_of.update(zip(places, steps, strict=True))
    pool = deque(i for i, card in enumerate(hand) if is_wild(card) and i not in used)
    groups: list[MeldGroup] = []
    for place, spec in enumerate(level.groups):
        step = slots_of[place]
        slots = [MeldCard(hand[i], hand[i].rank, hand[i].suit, position, False) for i, position in taken[step.group]]
        if spec.kind == SET:
            rank = step.target.start
            slots += [MeldCard(hand[pool.popleft()], rank, None, None, True) for _ in range(step.wilds)]
        else:
            suit = SUITS[step.target.suit]
            filled = {slot.position for slot in slots}
            slots += [
                MeldCard(hand[pool.popleft()], position_rank(p), suit, p, True)
                for p in range(step.target.start, step.target.start + spec.size) if p not in filled
            ]
            slots.sort(key=lambda slot: slot.position)
        groups.append(MeldGroup(spec.kind, tuple(slots)))
    return MeldVerdict(True, "", sum(step.wilds for step in plan), groups)


def cheapest_reading(hand: Sequence[Card], level: Level) -> MeldVerdict | None:
    """The reading of a level's contract inside ``hand`` with the fewest wilds.

    Args:
        hand: suited cards, no jokers (see ``readings.meld_cards``).
        level: the contract and its wild budget.

    Returns:
        A legal ``MeldVerdict`` using each physical card at most once, or
        ``None`` when no part of the hand makes the contract.

    Rule: rulings.md, Up to 9 (the checker always finds the cheapest reading).

    >>> from companion.cards import parse_cards
    >>> from companion.games.up_to_nine.levels import LEVELS
    >>> str(cheapest_reading(parse_cards("5♥ 6♥ 2♠ 8♥ 9♥ 3♥"), LEVELS[2]).groups[0])
    '5♥ 6♥ 2♠=7♥ 8♥ 9♥'
    """
    plan = _Search(hand, level).run()
    return None if plan is None else _build(hand, level, plan)
