"""Up to 9: the contract game where every 2 and 3 is a wild and itself.

Source: seed ``003_5f63daae766756c0.txt`` (Up to 9, Norwegian) and
rulings.md, "Up to 9" (the level table and the penalty points the seed lost).

Terms (glossary.md):

level
    One of the 9 stages; each has a contract and a wild budget (``LEVELS``).
contract
    The groups a level asks for, laid down all at once ("straight of 4",
    "2 sets of 3").
straight
    Consecutive positions of one suit.  Positions run A(1) 2 3 .. K(13) A(14):
    an ace is low or high, one straight may have an ace at both ends
    (A 2 .. K A), it never wraps (Q K A 2 is no straight) and holds each
    position once.
set
    Cards of one rank, any suits.
wild
    A 2 or 3 standing for another card: another rank, or (in a straight)
    another suit.  A 2 or 3 standing for itself is a natural card and costs
    nothing: ``♥2 ♥3 ♥4 ♥5`` uses no wild, a set of 2s is all natural.
    Every other card is only ever itself.
natural
    A card standing for itself.  Every group needs at least one natural card:
    it fixes the straight's suit or the set's rank (the seed's "cards minus
    max wild is the least number of real cards"; with the preset budgets this
    always holds, with a house-rule table it is what makes a group mean
    something).
lay off (donate)
    Add one card to a group already on the table, at an end of a straight or
    to a set; a wild laid off is locked to the card it stands for.
penalty points
    What the cards left in a hand cost when a round ends (``PENALTY_GROUPS``).

Reading a meld: :func:`check_meld` and :func:`find_meld` search over the
contract's targets (a suit and a window of positions for a straight, a rank
for a set), count the natural cards each target can use, and fill the gaps
with the 2s and 3s left over.  They always return the cheapest reading: the
fewest wilds within the level's budget.
"""

from __future__ import annotations

import math
from collections import Counter, deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from companion.cards import (
    RANK_LABELS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    CardError,
    CardLike,
    CardsLike,
    as_card,
    as_cards,
    require_suit,
)
from companion.verdict import IllegalMove, Verdict

STRAIGHT = "straight"
"""``GroupSpec.kind`` and ``MeldGroup.kind`` of a straight."""

SET = "set"
"""``GroupSpec.kind`` and ``MeldGroup.kind`` of a set."""

KINDS: tuple[str, ...] = (STRAIGHT, SET)
"""The group kinds a contract is made of."""

WILD_RANKS: frozenset[int] = frozenset({2, 3})
"""Ranks that are wild as well as themselves (seed, "Hjertet i spillet")."""

LOW_ACE = 1
"""Straight position of an ace below the 2."""

HIGH_ACE = 14
"""Straight position of an ace above the king."""

FINISHED = 10
"""``Standing.level`` of a player who has laid down level 9."""

PENALTY_GROUPS: tuple[tuple[tuple[int, ...], int], ...] = (
    ((2, 3), 20),
    ((1,), 15),
    ((10, 11, 12, 13), 10),
    ((4, 5, 6, 7, 8, 9), 5),
)
"""(ranks, penalty points per card left in hand) rows: 2 and 3 = 20 (seed,
"Slutt på runden og straffepoeng"); A = 15, 10 J Q K = 10, 4-9 = 5
(rulings.md, Up to 9, preset)."""

PENALTY_POINTS: dict[int, int] = {
    rank: points for ranks, points in PENALTY_GROUPS for rank in ranks
}
"""Rank (1 = ace .. 13 = king) to penalty points, from ``PENALTY_GROUPS``."""

HAND_SIZE = 11
"""Cards dealt to each player (seed, "En runde, steg for steg": 11 kort).
A hand holds at most this many when a round ends: every turn draws one card
and discards one."""

MAX_HAND_PENALTY = HAND_SIZE * max(PENALTY_POINTS.values())
"""The most penalty points one hand can cost in a round (11 cards x 20)."""

PENALTY_STEP = math.gcd(*PENALTY_POINTS.values())
"""Every hand's penalty is a multiple of this (5 with the preset values)."""

_RANK_PLURALS = {1: "aces", 11: "jacks", 12: "queens", 13: "kings"}
_SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}
_WILD_TYPES = frozenset(s * 13 + rank - 1 for s in range(4) for rank in WILD_RANKS)


class LevelError(ValueError):
    """A level number or a level table that can not be used; the message says why."""


class ScoreError(ValueError):
    """Standings or round results that can not be scored; the message says what to fix."""


def position_rank(position: int) -> int:
    """The rank at a straight position: 1..13 as they are, 14 (the high ace) is 1.

    Raises:
        ValueError: for a position outside 1..14.

    Rule: seed, "Kombinasjonstypene" (ace low or high); rulings.md, Up to 9.
    """
    if not isinstance(position, int) or not LOW_ACE <= position <= HIGH_ACE:
        raise ValueError(f"a straight position is 1 (low ace) to 14 (high ace), not {position!r}")
    return LOW_ACE if position == HIGH_ACE else position


def _rank_plural(rank: int) -> str:
    return _RANK_PLURALS.get(rank, f"{rank}s")


def _wilds(count: int) -> str:
    if count == 0:
        return "no wilds"
    return "1 wild" if count == 1 else f"{count} wilds"


def _text(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards)


def _article(contract: str) -> str:
    return f"a {contract}" if contract.startswith(KINDS) else contract


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


# ---- the level table --------------------------------------------------------

@dataclass(frozen=True)
class GroupSpec:
    """One group a contract asks for.

    Attributes:
        kind: ``"straight"`` or ``"set"``.
        size: cards in the group (a straight 2..14, a set 2 or more).
        max_wild: the most wilds this group may hold (its share of the
            level's budget; equal to the level's total where the budget is
            not split).

    Raises:
        LevelError: for an unknown kind, a size out of range or a negative budget.

    Rule: seed, "Nivåtabellen" (split budgets "x + y"); rulings.md, Up to 9.
    """

    kind: str
    size: int
    max_wild: int

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise LevelError(f"a group is a straight or a set, not {self.kind!r}")
        largest = HIGH_ACE if self.kind == STRAIGHT else None
        if (isinstance(self.size, bool) or not isinstance(self.size, int) or self.size < 2
                or (largest is not None and self.size > largest)):
            span = "2 to 14" if largest else "2 or more"
            raise LevelError(f"a {self.kind} holds {span} cards, not {self.size!r}")
        if isinstance(self.max_wild, bool) or not isinstance(self.max_wild, int) or self.max_wild < 0:
            raise LevelError(f"a group's wild budget is a whole number from 0, not {self.max_wild!r}")

    @property
    def name(self) -> str:
        """The group in words: ``"straight of 4"``, ``"set of 3"``."""
        return f"{self.kind} of {self.size}"


@dataclass(frozen=True)
class Level:
    """One level of Up to 9: its contract and wild budget (rulings.md, Up to 9).

    Attributes:
        number: the level, 1..9.
        groups: the contract's groups, in the order they are named.
        max_wild: the most wilds in the whole lay-down (the budget).
        min_clean: how many groups at least must hold no wild (level 4: 1).

    Raises:
        LevelError: for a contract with no groups, a negative budget, or more
            clean groups asked for than there are groups.
    """

    number: int
    groups: tuple[GroupSpec, ...]
    max_wild: int
    min_clean: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.number, bool) or not isinstance(self.number, int) or self.number < 1:
            raise LevelError(f"a level number is a whole number from 1, not {self.number!r}")
        if not isinstance(self.groups, tuple) or not self.groups:
            raise LevelError(f"level {self.number} needs at least one group")
        if not all(isinstance(group, GroupSpec) for group in self.groups):
            raise LevelError(f"level {self.number}'s groups must be GroupSpec values")
        if isinstance(self.max_wild, bool) or not isinstance(self.max_wild, int) or self.max_wild < 0:
            raise LevelError(f"level {self.number}'s wild budget is a whole number from 0, not {self.max_wild!r}")
        if (isinstance(self.min_clean, bool) or not isinstance(self.min_clean, int)
                or not 0 <= self.min_clean <= len(self.groups)):
            raise LevelError(
                f"level {self.number} can ask for 0 to {len(self.groups)} groups with no wild, "
                f"not {self.min_clean!r}"
            )

    @property
    def card_count(self) -> int:
        """Cards in the whole contract (the sum of the group sizes)."""
        return sum(group.size for group in self.groups)

    @property
    def contract(self) -> str:
        """The contract in plain words: ``"straight of 4 + set of 3"``, ``"2 sets of 3"``."""
        parts: list[tuple[GroupSpec, int]] = []
        for group in self.groups:
            if parts and (parts[-1][0].kind, parts[-1][0].size) == (group.kind, group.size):
                parts[-1] = (parts[-1][0], parts[-1][1] + 1)
            else:
                parts.append((group, 1))
        return " + ".join(
            group.name if count == 1 else f"{count} {group.kind}s of {group.size}"
            for group, count in parts
        )

    @property
    def budget_text(self) -> str:
        """The wild budget as the rulings table writes it: ``"1"``, ``"1 + 1"``,
        ``"2 total, max 1 per set, at least one set with no wild"``."""
        caps = [group.max_wild for group in self.groups]
        if all(cap >= self.max_wild for cap in caps) and not self.min_clean:
            return str(self.max_wild)
        if sum(caps) == self.max_wild and not self.min_clean:
            return " + ".join(str(cap) for cap in caps)
        kinds = {group.kind for group in self.groups}
        noun = kinds.pop() if len(kinds) == 1 else "group"
        parts = [f"{self.max_wild} total"]
        if len(set(caps)) == 1:
            parts.append(f"max {caps[0]} per {noun}")
        else:
            parts.append("max " + " + ".join(str(cap) for cap in caps))
        if self.min_clean:
            count = "one" if self.min_clean == 1 else str(self.min_clean)
            plural = "" if self.min_clean == 1 else "s"
            parts.append(f"at least {count} {noun}{plural} with no wild")
        return ", ".join(parts)

    def relaxed(self) -> Level:
        """This contract with its wild budget lifted.

        Used to tell a player how many wilds their cards would need when a
        lay-down breaks the budget.

        Returns:
            A new ``Level`` with the same number and groups, each group's
            ``max_wild`` raised to its size, the level's ``max_wild`` to its
            card count and ``min_clean`` to 0; the checker still wants at
            least one natural card per group.

        Rule: rulings.md, Up to 9 (the budget is the "max wild" column; the
        checker finds the cheapest reading), seed "Nivåtabellen".
        """
        return replace(
            self,
            groups=tuple(replace(group, max_wild=group.size) for group in self.groups),
            max_wild=self.card_count,
            min_clean=0,
        )


def _straight(size: int, max_wild: int) -> GroupSpec:
    return GroupSpec(STRAIGHT, size, max_wild)


def _set(size: int, max_wild: int) -> GroupSpec:
    return GroupSpec(SET, size, max_wild)


LEVELS: tuple[Level, ...] = (
    Level(1, (_straight(4, 0),), max_wild=0),
    Level(2, (_set(3, 1), _set(3, 1)), max_wild=1),
    Level(3, (_straight(5, 1),), max_wild=1),
    Level(4, (_set(3, 1), _set(3, 1), _set(3, 1)), max_wild=2, min_clean=1),
    Level(5, (_straight(4, 1), _set(3, 1)), max_wild=2),
    Level(6, (_straight(6, 2),), max_wild=2),
    Level(7, (_straight(7, 3),), max_wild=3),
    Level(8, (_straight(6, 2), _set(3, 1)), max_wild=3),
    Level(9, (_straight(9, 4),), max_wild=4),
)
"""The preset level table (rulings.md, Up to 9; levels 1, 4, 7, 9 and the split
budgets of 5 and 8 from the seed, "Nivåtabellen").  ``LEVELS[n - 1]`` is level n.
A house-rule table is another sequence of 9 ``Level`` values."""

LEVEL_COUNT = len(LEVELS)
"""Levels in a game (9: the game is "Up to 9")."""


def check_levels(levels: Sequence[Level]) -> tuple[Level, ...]:
    """Check a level table and return it as a tuple.

    Args:
        levels: 9 ``Level`` values, level n at index n - 1.

    Returns:
        The same levels as a tuple.

    Raises:
        LevelError: if it is not a sequence of 9 ``Level`` values numbered
            1 to 9 in order.

    Rule: seed, "Nivåtabellen" (nine levels); rulings.md, Up to 9 (a table
    may replace the preset before a game starts, still nine levels).
    """
    if isinstance(levels, (str, bytes, Mapping)) or not isinstance(levels, Sequence):
        raise LevelError(f"a level table is a list of {LEVEL_COUNT} levels, not {type(levels).__name__}")
    table = tuple(levels)
    if len(table) != LEVEL_COUNT:
        raise LevelError(f"a level table has exactly {LEVEL_COUNT} levels, not {len(table)}")
    for index, level in enumerate(table, start=1):
        if not isinstance(level, Level) or level.number != index:
            raise LevelError(f"entry {index} of the level table must be level {index}")
    return table


def get_level(level: int, levels: Sequence[Level] = LEVELS) -> Level:
    """The ``Level`` for a level number.

    Args:
        level: 1..9.
        levels: the level table (default: the preset ``LEVELS``).

    Raises:
        LevelError: for a number outside 1..9 or a bad table.

    Rule: seed, "Nivåtabellen"; the preset table in rulings.md, Up to 9.
    """
    table = levels if levels is LEVELS else check_levels(levels)
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= LEVEL_COUNT:
        raise LevelError(f"a level is a whole number from 1 to {LEVEL_COUNT}, not {level!r}")
    return table[level - 1]


def levels_to_json(levels: Sequence[Level] = LEVELS) -> list[dict[str, Any]]:
    """A level table as plain JSON (for a saved game's options).

    Args:
        levels: 9 ``Level`` values (default: the preset ``LEVELS``).

    Returns:
        One dict per level: ``{"groups": [{"kind", "size", "max_wild"}, ...],
        "max_wild": int, "min_clean": int}``; the level number is the position.

    Raises:
        LevelError: for a bad table (see :func:`check_levels`).

    Rule: rulings.md, Up to 9 (the level table is a **house rule**, saved
    with the game it was agreed for).
    """
    return [
        {
            "groups": [{"kind": g.kind, "size": g.size, "max_wild": g.max_wild} for g in level.groups],
            "max_wild": level.max_wild,
            "min_clean": level.min_clean,
        }
        for level in check_levels(levels)
    ]


def levels_from_json(raw: Any) -> tuple[Level, ...]:
    """Read a level table written by :func:`levels_to_json` (a house rule).

    Args:
        raw: a list of 9 dicts as :func:`levels_to_json` writes them
            (``min_clean`` may be left out: 0).

    Returns:
        The 9 ``Level`` values as a tuple, level n at index n - 1.

    Raises:
        LevelError: naming the level and the field that is wrong (not 9
            entries, no list of groups, a group without exactly kind, size
            and max_wild, or a value ``GroupSpec`` / ``Level`` refuses).

    Rule: rulings.md, Up to 9 (the level table is a **house rule**).
    """
    if not isinstance(raw, list) or len(raw) != LEVEL_COUNT:
        raise LevelError(f"a level table is a list of {LEVEL_COUNT} levels")
    table = []
    for number, entry in enumerate(raw, start=1):
        if not isinstance(entry, dict) or not isinstance(entry.get("groups"), list):
            raise LevelError(f"level {number} needs a list of groups")
        groups = []
        for group in entry["groups"]:
            if not isinstance(group, dict) or set(group) != {"kind", "size", "max_wild"}:
                raise LevelError(f"each group of level {number} has a kind, a size and a max_wild")
            groups.append(GroupSpec(group["kind"], group["size"], group["max_wild"]))
        table.append(Level(number, tuple(groups), entry.get("max_wild"), entry.get("min_clean", 0)))
    return tuple(table)


# ---- cards ------------------------------------------------------------------

def _meld_card(card: CardLike) -> Card:
    """A card for Up to 9: parsed, with a suit, never a joker."""
    parsed = require_suit(as_card(card))
    if parsed.is_joker:
        raise CardError(f"'{parsed}' is a joker: Up to 9 is played without jokers, take it out of the deck")
    return parsed


def _meld_cards(cards: CardsLike) -> list[Card]:
    return [_meld_card(card) for card in as_cards(cards)]


def _type(card: Card) -> int:
    return _SUIT_INDEX[card.suit] * 13 + card.rank - 1


def _is_wild_card(card: Card) -> bool:
    return card.rank in WILD_RANKS


# ---- readings ---------------------------------------------------------------

@dataclass(frozen=True)
class MeldCard:
    """One card of a group on the table and what it stands for.

    Attributes:
        card: the physical card.
        rank: the rank it stands for (1 = ace .. 13 = king).
        suit: the suit it stands for; ``None`` for a wild in a set (any suit).
        position: its straight position 1..14 (14 = high ace); ``None`` in a set.
        wild: True when a 2 or 3 stands for another card (it costs budget).

    Rule: seed, "Hjertet i spillet" (a wild on the table is locked to the
    card it stands for); rulings.md, Up to 9.
    """

    card: Card
    rank: int
    suit: str | None
    position: int | None
    wild: bool

    @property
    def stands_for(self) -> Card:
        """The card it counts as (``Card(rank, None)`` for a wild in a set)."""
        return Card(self.rank, self.suit)

    def __str__(self) -> str:
        """``"♥5"`` for a natural card, ``"♠2=♥7"`` for a wild."""
        return f"{self.card}={self.stands_for}" if self.wild else str(self.card)


@dataclass(frozen=True)
class MeldGroup:
    """One straight or set on the table (an item of ``MeldVerdict.groups``).

    Attributes:
        kind: ``"straight"`` or ``"set"``.
        slots: the cards with what they stand for; a straight's in position
            order, a set's naturals first.

    Rule: seed, "Kombinasjonstypene"; rulings.md, Up to 9 (straight, set).
    """

    kind: str
    slots: tuple[MeldCard, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The physical cards in order."""
        return tuple(slot.card for slot in self.slots)

    @property
    def stands_for(self) -> tuple[Card, ...]:
        """What each card counts as, in order."""
        return tuple(slot.stands_for for slot in self.slots)

    @property
    def wilds(self) -> int:
        """How many cards are wilds."""
        return sum(slot.wild for slot in self.slots)

    @property
    def suit(self) -> str | None:
        """A straight's suit; ``None`` for a set."""
        return self.slots[0].suit if self.kind == STRAIGHT else None

    @property
    def rank(self) -> int | None:
        """A set's rank; ``None`` for a straight."""
        return self.slots[0].rank if self.kind == SET else None

    @property
    def low(self) -> int | None:
        """A straight's lowest position (1..14); ``None`` for a set."""
        return self.slots[0].position if self.kind == STRAIGHT else None

    @property
    def high(self) -> int | None:
        """A straight's highest position (1..14); ``None`` for a set."""
        return self.slots[-1].position if self.kind == STRAIGHT else None

    @property
    def name(self) -> str:
        """The group in words: ``"hearts straight 5 to J"``, ``"set of kings"``."""
        if self.kind == SET:
            return f"set of {_rank_plural(self.rank)}"
        low, high = (RANK_LABELS[position_rank(p)] for p in (self.low, self.high))
        return f"{SUIT_NAMES[self.suit]} straight {low} to {high}"

    def __str__(self) -> str:
        """The slots in order, wilds as ``"♠2=♥7"``."""
        return " ".join(str(slot) for slot in self.slots)


@dataclass(frozen=True)
class MeldVerdict(Verdict):
    """The answer of :func:`check_meld` and :func:`find_meld`.

    Attributes:
        legal: True when the cards make the level's contract.
        reason: why not, in plain English; empty when legal.
        wilds_used: wilds in the cheapest legal reading (0 when illegal).
        groups: one ``MeldGroup`` per straight or set, in the contract's
            order (empty when illegal).

    Rule: seed, "Nivåtabellen"; rulings.md, Up to 9 (cheapest reading).
    """

    wilds_used: int = 0
    groups: list[MeldGroup] = field(default_factory=list, hash=False)

    @property
    def cards(self) -> list[Card]:
        """Every physical card of the reading, group by group."""
        return [card for group in self.groups for card in group.cards]


@dataclass(frozen=True)
class LayOffVerdict(Verdict):
    """The answer of :func:`check_lay_off`.

    Attributes:
        legal: True when the card may be laid off on the group.
        reason: why not, in plain English; empty when legal.
        slot: where the card goes and what it stands for (``None`` when illegal).
        at: ``"low"`` or ``"high"`` end of a straight; ``None`` for a set or when illegal.

    Rule: seed, "Donering"; rulings.md, Up to 9.
    """

    slot: MeldCard | None = None
    at: str | None = None

    @property
    def stands_for(self) -> Card | None:
        """The card the laid-off card counts as, or ``None`` when illegal."""
        return self.slot.stands_for if self.slot else None


# ---- the search -------------------------------------------------------------

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
            counts[_type(card)] += 1
        self.counts = counts
        self.pool = sum(counts[t] for t in _WILD_TYPES)
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
            used = natural_wilds + sum(1 for _, t in takes if t in _WILD_TYPES)
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
        queues.setdefault(_type(card), deque()).append(index)
    taken: dict[int, list[tuple[int, int | None]]] = {}
    for step in plan:
        taken[step.group] = sorted((queues[t].popleft(), position) for position, t in step.takes)
    used = {index for pairs in taken.values() for index, _ in pairs}
    slots_of: dict[int, _Plan] = {}
    for spec in dict.fromkeys(level.groups):
        places = [i for i, group in enumerate(level.groups) if group == spec]
        steps = sorted((step for step in plan if step.group in places), key=lambda s: taken[s.group][0][0])
        slots_of.update(zip(places, steps, strict=True))
    pool = deque(i for i, card in enumerate(hand) if _is_wild_card(card) and i not in used)
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


def _read(hand: Sequence[Card], level: Level) -> MeldVerdict | None:
    plan = _Search(hand, level).run()
    return None if plan is None else _build(hand, level, plan)


# ---- explaining an illegal meld ---------------------------------------------

def _wrap_hint(level: Level, cards: Sequence[Card]) -> str:
    """A note, on a level with a straight, when one suit has an ace, a Q or K
    and a 2 or 3: straights do not wrap."""
    if all(spec.kind != STRAIGHT for spec in level.groups):
        return ""
    for suit in SUITS:
        ranks = {card.rank for card in cards if card.suit == suit}
        if 1 in ranks and ranks & {12, 13} and ranks & WILD_RANKS:
            return " (a straight stops at the ace: Q K A 2 does not wrap around)"
    return ""


def _straight_problem(cards: Sequence[Card], size: int) -> str:
    """Why these cards are no straight of ``size`` with any number of wilds."""
    fixed = [card for card in cards if not _is_wild_card(card)]
    suits = list(dict.fromkeys(card.suit for card in fixed))
    if len(suits) > 1:
        return "mixes " + _and([SUIT_NAMES[s] for s in suits])
    repeats = Counter(fixed)
    for card, count in repeats.items():
        if count > (2 if card.rank == 1 else 1):
            return f"has {card} {count} times; a straight holds each position once"
    positions = sorted(card.rank for card in fixed if card.rank != 1)
    aces = repeats[Card(1, suits[0])]
    spans = []
    if aces == 2:
        spans.append((LOW_ACE, HIGH_ACE))
    elif aces == 1:
        spans += [(LOW_ACE, max(positions, default=LOW_ACE)), (min(positions, default=HIGH_ACE), HIGH_ACE)]
    else:
        spans.append((positions[0], positions[-1]))
    low, high = min(spans, key=lambda span: span[1] - span[0])
    suit = SUIT_SYMBOLS[suits[0]]
    return (f"runs from {suit}{RANK_LABELS[position_rank(low)]} to {suit}{RANK_LABELS[position_rank(high)]}: "
            f"{high - low + 1} positions, more than a straight of {size} holds")


def _set_problem(cards: Sequence[Card]) -> str:
    """Why these cards are no set with any number of wilds."""
    ranks = list(dict.fromkeys(card.rank for card in cards if not _is_wild_card(card)))
    return "mixes " + _and([_rank_plural(rank) for rank in ranks])


def _budget_problem(level: Level, reading: MeldVerdict) -> str:
    """Which part of the budget the cheapest reading with any wilds breaks."""
    if reading.wilds_used > level.max_wild:
        allowed = level.max_wild if level.max_wild else "none"
        return f"needs {_wilds(reading.wilds_used)} but level {level.number} allows {allowed}"
    for spec, group in zip(level.groups, reading.groups, strict=True):
        if group.wilds > spec.max_wild:
            same = sum(1 for other in level.groups if other.kind == spec.kind)
            scope = f"per {spec.kind}" if same > 1 else f"in the {spec.kind}"
            return (f"the {group.name} needs {_wilds(group.wilds)} but level {level.number} "
                    f"allows {spec.max_wild} {scope}")
    kinds = {spec.kind for spec in level.groups}
    noun = kinds.pop() if len(kinds) == 1 else "group"
    count = "one" if level.min_clean == 1 else str(level.min_clean)
    return (f"level {level.number} needs at least {count} {noun}{'' if level.min_clean == 1 else 's'} "
            f"with no wild (and at most {_wilds(level.max_wild)} in all); these cards can not do that")


def _explain(level: Level, cards: list[Card]) -> str:
    """A plain-words reason why ``cards`` (of the right count) are not the contract."""
    shown = _text(cards)
    reading = _read(cards, level.relaxed())
    if reading is not None:
        return f"{shown}: {_budget_problem(level, reading)}{_wrap_hint(level, cards)}"
    head = f"Level {level.number} needs {_article(level.contract)}"
    if len(level.groups) == 1:
        spec = level.groups[0]
        if spec.kind == STRAIGHT:
            return f"{head} in one suit: {shown} {_straight_problem(cards, spec.size)}{_wrap_hint(level, cards)}"
        return f"{head} of one rank: {shown} {_set_problem(cards)}"
    ranks = list(dict.fromkeys(card.rank for card in cards if not _is_wild_card(card)))
    if all(spec.kind == SET for spec in level.groups) and len(ranks) > len(level.groups):
        names = _and([_rank_plural(rank) for rank in ranks])
        return f"{head}: {shown} has {len(ranks)} ranks ({names}) for only {len(level.groups)} sets"
    return f"{head}: {shown} can not be split that way{_wrap_hint(level, cards)}"


# ---- public checks ----------------------------------------------------------

def check_meld(level: int, cards: CardsLike, *, levels: Sequence[Level] = LEVELS) -> MeldVerdict:
    """Are these cards exactly the level's contract?  (seed, "Nivåtabellen";
    rulings.md, Up to 9)

    Args:
        level: the level number, 1..9.
        cards: the cards laid down (a list of cards or card strings, or one
            string such as ``"♥2 ♥3 ♥4 ♥5"``); every card needs a suit.
        levels: the level table (default: the preset ``LEVELS``).

    Returns:
        A ``MeldVerdict``.  Legal: ``wilds_used`` is the cheapest reading's
        wild count and ``groups`` holds one ``MeldGroup`` per straight or set
        in the contract's order, every card with what it stands for.
        Illegal: ``reason`` says why (wrong number of cards, mixed suits, a
        wrapped straight, more wilds than the budget allows, ...).

    Raises:
        CardError: for a card that can not be read, has no suit, or is a joker.
        LevelError: for a level outside 1..9 or a bad level table.
    """
    spec = get_level(level, levels)
    hand = _meld_cards(cards)
    if len(hand) != spec.card_count:
        return MeldVerdict.no(
            f"Level {spec.number} needs {_article(spec.contract)}: exactly {spec.card_count} cards, not {len(hand)}"
        )
    reading = _read(hand, spec)
    return reading if reading is not None else MeldVerdict.no(_explain(spec, hand))


def check_group(kind: str, cards: CardsLike) -> MeldVerdict:
    """Do these cards make one straight or one set, with any number of wilds?

    The cheapest reading, with no level's budget (a group still needs one
    natural card).  ``check_group("set", "K♣ K♦ A♦")`` is illegal;
    ``check_group("set", "2♥ 2♠ 2♣")`` is legal with 0 wilds.

    Args:
        kind: ``"straight"`` or ``"set"``.
        cards: the group's cards (at least 2; a straight at most 14).

    Returns:
        A ``MeldVerdict`` with one group when legal.

    Raises:
        ValueError: for an unknown kind.
        CardError: for a card that can not be read, has no suit, or is a joker.

    Rule: seed, "Kombinasjonstypene" and "Hjertet i spillet"; rulings.md, Up to 9.
    """
    if kind not in KINDS:
        raise ValueError(f"a group is a straight or a set, not {kind!r}")
    hand = _meld_cards(cards)
    if len(hand) < 2 or (kind == STRAIGHT and len(hand) > HIGH_ACE):
        most = " and at most 14" if kind == STRAIGHT else ""
        return MeldVerdict.no(f"a {kind} has at least 2{most} cards, not {len(hand)}")
    level = Level(1, (GroupSpec(kind, len(hand), len(hand)),), max_wild=len(hand))
    reading = _read(hand, level)
    if reading is not None:
        return reading
    problem = _straight_problem(hand, len(hand)) if kind == STRAIGHT else _set_problem(hand)
    return MeldVerdict.no(f"{_text(hand)} is no {kind}: it {problem}")


def find_meld(level: int, hand: CardsLike, *, levels: Sequence[Level] = LEVELS) -> MeldVerdict | None:
    """Find the level's contract inside a hand, with the fewest wilds.

    Args:
        level: the level number, 1..9.
        hand: the cards held (usually up to 12); every card needs a suit.
        levels: the level table (default: the preset ``LEVELS``).

    Returns:
        A legal ``MeldVerdict`` whose groups use only cards of the hand (each
        physical card at most once), with the fewest wilds the level allows;
        the same hand always gives the same reading.  ``None`` when no part
        of the hand makes the contract.

    Raises:
        CardError: for a card that can not be read, has no suit, or is a joker.
        LevelError: for a level outside 1..9 or a bad level table.

    Rule: seed, "Nivåtabellen" and "Hjertet i spillet"; rulings.md, Up to 9
    (the checker always finds the cheapest reading).
    """
    spec = get_level(level, levels)
    return _read(_meld_cards(hand), spec)


_ENDS = ("high", "low")


def _lay_off_ends(group: MeldGroup, at: str | None) -> list[tuple[str, int]]:
    """The open ends of a straight as (end, position), high end first."""
    ends = []
    if group.high < HIGH_ACE:
        ends.append(("high", group.high + 1))
    if group.low > LOW_ACE:
        ends.append(("low", group.low - 1))
    return [end for end in ends if at in (None, end[0])]


def check_lay_off(group: MeldGroup, card: CardLike, *, at: str | None = None) -> LayOffVerdict:
    """May this card be laid off (donated) on a group on the table?  (seed,
    "Donering"; rulings.md, Up to 9)

    On a straight the card must continue one end in the straight's suit,
    never past an ace (positions 1 and 14 are the ends).  On a set it must
    have the set's rank, any suit.  A 2 or 3 that does not fit as itself is
    laid off as a wild standing for such a card (and is locked to it).

    Args:
        group: one item of ``MeldVerdict.groups`` (or a group returned by
            :func:`lay_off`).
        card: the card to lay off; it needs a suit.
        at: ``"low"`` or ``"high"`` to choose a straight's end; ``None``
            takes the card as itself where it fits, else a wild at the high
            end if open, else at the low end.

    Returns:
        A ``LayOffVerdict``; when legal, ``slot`` says what the card stands
        for and where it goes (``at``).

    Raises:
        ValueError: if ``group`` is not a ``MeldGroup`` or ``at`` is not
            ``"low"``, ``"high"`` or ``None`` (``at`` is for straights only).
        CardError: for a card that can not be read, has no suit, or is a joker.
    """
    if not isinstance(group, MeldGroup):
        raise ValueError(f"lay off onto a group from check_meld or find_meld (MeldVerdict.groups), not {group!r}")
    if at not in (None, *_ENDS):
        raise ValueError(f"at is 'low' or 'high' (an end of a straight), not {at!r}")
    laid = _meld_card(card)
    if group.kind == SET:
        if at is not None:
            raise ValueError("a set has no ends: leave out at when laying off on a set")
        if laid.rank == group.rank:
            return LayOffVerdict(True, "", MeldCard(laid, laid.rank, laid.suit, None, False))
        if _is_wild_card(laid):
            return LayOffVerdict(True, "", MeldCard(laid, group.rank, None, None, True))
        return LayOffVerdict.no(
            f"{laid} does not fit the {group.name}: it takes only {_rank_plural(group.rank)} "
            f"(or a 2 or 3 as a wild)"
        )
    ends = _lay_off_ends(group, at)
    if not ends:
        where = f"its {at} end" if at else "either end"
        return LayOffVerdict.no(f"the {group.name} can not grow at {where}: it stops at the ace")
    for end, position in ends:
        if laid.suit == group.suit and laid.rank == position_rank(position):
            return LayOffVerdict(True, "", MeldCard(laid, laid.rank, laid.suit, position, False), end)
    if _is_wild_card(laid):
        end, position = ends[0]
        return LayOffVerdict(True, "", MeldCard(laid, position_rank(position), group.suit, position, True), end)
    wanted = [str(Card(position_rank(position), group.suit)) for _, position in reversed(ends)]
    fits = "fits" if len(wanted) == 1 else "fit"
    stop = " (nothing goes past an ace)" if at is None and len(ends) == 1 else ""
    return LayOffVerdict.no(
        f"{laid} does not continue the {group.name}: only {' or '.join(wanted)} {fits}{stop}"
    )


def lay_off(group: MeldGroup, card: CardLike, *, at: str | None = None) -> MeldGroup:
    """The group after laying off one card (see :func:`check_lay_off`).

    Args:
        group: one item of ``MeldVerdict.groups`` or an earlier ``lay_off`` result.
        card: the card to lay off; it needs a suit.
        at: ``"low"``, ``"high"`` or ``None``, as in :func:`check_lay_off`.

    Returns:
        A new ``MeldGroup``: a straight one position longer at that end, a
        set one card larger.

    Raises:
        IllegalMove: when the card may not be laid off there; the message says why.
        ValueError, CardError: as :func:`check_lay_off`.

    Rule: seed, "Donering"; rulings.md, Up to 9 (a laid-off wild is locked).
    """
    verdict = check_lay_off(group, card, at=at)
    if not verdict.legal:
        raise IllegalMove(verdict.reason)
    if verdict.at == "low":
        return MeldGroup(group.kind, (verdict.slot, *group.slots))
    return MeldGroup(group.kind, (*group.slots, verdict.slot))


# ---- penalty points and scoring -----------------------------------------------

def penalty_groups() -> list[tuple[list[str], int]]:
    """The penalty table for display: ``[(["2", "3"], 20), (["A"], 15), ...]``.

    Rule: seed, "Slutt på runden og straffepoeng" (2 and 3); the rest is the
    preset in rulings.md, Up to 9.
    """
    return [([RANK_LABELS[rank] for rank in ranks], points) for ranks, points in PENALTY_GROUPS]


def hand_penalty(cards: CardsLike) -> int:
    """Penalty points for the cards left in a hand when a round ends.

    2 and 3 = 20 each (seed, "Slutt på runden og straffepoeng"); A = 15,
    10 J Q K = 10, 4-9 = 5 (rulings.md, Up to 9).  Suits do not matter here,
    so a rank alone (``"K"``) is accepted.

    Args:
        cards: a list of cards or card strings, or one string (``"K 2♥ 5"``).

    Returns:
        The sum in penalty points (0 for no cards).

    Raises:
        CardError: for a card that can not be read, or a joker.
    """
    total = 0
    for card in as_cards(cards):
        if card.is_joker:
            raise CardError(f"'{card}' is a joker: Up to 9 is played without jokers, take it out of the deck")
        total += PENALTY_POINTS[card.rank]
    return total


class Standing(NamedTuple):
    """Where a player stands between rounds.

    Attributes:
        level: the contract the player is on now, 1..9; 10 once they have
            laid down level 9 (finished).
        penalty: accumulated penalty points.

    A standing reads as a ``(level, penalty)`` pair, by attribute, or by
    key (``standing["level"]``), and equals a pair or a mapping with those
    two keys, so callers that keep standings as JSON-like dicts compare
    without converting.

    Rule: seed, "Nivåprogresjon"; the shape serves issue 2's
    ``score_round(standings, results)``.
    """

    level: int
    penalty: int

    def __getitem__(self, key):
        """``standing[0]``/``standing[1]`` as a tuple, or ``standing["level"]``/``["penalty"]``.

        Raises:
            KeyError: for a text key other than "level" or "penalty".
        """
        if isinstance(key, str):
            if key not in self._fields:
                raise KeyError(key)
            return getattr(self, key)
        return tuple.__getitem__(self, key)

    def __eq__(self, other: object) -> bool:
        """Equal to a standing or pair with the same values, or a mapping ``{"level", "penalty"}``."""
        if isinstance(other, Mapping):
            return dict(other) == self._asdict()
        return tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        """The opposite of ``==``."""
        return not self == other

    __hash__ = tuple.__hash__


@dataclass(frozen=True)
class RoundResult:
    """What one player did in a round.

    Attributes:
        laid_down: True when the player laid down their contract this round.
        hand: the cards left in hand (empty for the player who went out).
        points: a penalty figure entered instead of cards; used when not None.

    Rule: seed, "Nivåprogresjon" and "Slutt på runden og straffepoeng";
    the shape is issue 3's Up to 9 round entry (laid down or not, the cards
    left in hand or a point figure).
    """

    laid_down: bool
    hand: CardsLike = ()
    points: int | None = None


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _players(what: str, value: Any) -> Mapping[str, Any]:
    """``value`` if it maps player names to entries, else a ``ScoreError`` naming ``what``."""
    if not isinstance(value, Mapping):
        raise ScoreError(f"the {what} must map each player's name to an entry, not {value!r}")
    return value


def _standing(name: str, raw: Any) -> Standing:
    """Read a standing given as a ``Standing``, a (level, penalty) pair or a mapping."""
    if isinstance(raw, Mapping):
        if set(raw) != {"level", "penalty"}:
            raise ScoreError(f"{name}'s standing needs exactly a level and a penalty, got {sorted(raw)}")
        level, penalty = raw["level"], raw["penalty"]
    elif isinstance(raw, (tuple, list)) and len(raw) == 2:
        level, penalty = raw
    else:
        raise ScoreError(f"{name}'s standing is a (level, penalty) pair, not {raw!r}")
    if not _whole(level) or not 1 <= level <= FINISHED:
        raise ScoreError(f"{name}'s level must be 1 to {LEVEL_COUNT} (or {FINISHED} when finished), not {level!r}")
    if not _whole(penalty) or penalty < 0:
        raise ScoreError(f"{name}'s penalty points must be a whole number from 0, not {penalty!r}")
    return Standing(level, penalty)


def _result(name: str, raw: Any) -> RoundResult:
    """Read a round result given as a ``RoundResult`` or a mapping."""
    if isinstance(raw, Mapping):
        unknown = set(raw) - {"laid_down", "hand", "cards", "points"}
        if "laid_down" not in raw or unknown or ("hand" in raw and "cards" in raw):
            raise ScoreError(f"{name}'s round result needs laid_down, and may have hand (or cards) and points only")
        raw = RoundResult(raw["laid_down"], raw.get("hand", raw.get("cards", ())), raw.get("points"))
    elif isinstance(raw, (tuple, list)) and len(raw) == 2:
        raw = RoundResult(*raw)
    elif not isinstance(raw, RoundResult):
        raise ScoreError(f"{name}'s round result must be a RoundResult or a mapping, not {raw!r}")
    if not isinstance(raw.laid_down, bool):
        raise ScoreError(f"{name}'s laid_down must be true or false, not {raw.laid_down!r}")
    if raw.points is not None:
        _check_points(name, raw.points)
    return raw


def _check_points(name: str, points: Any) -> None:
    """Refuse a penalty figure no hand can cost (rulings.md, Up to 9: penalties)."""
    if not _whole(points) or points < 0:
        raise ScoreError(f"{name}'s penalty points must be a whole number from 0, not {points!r}")
    if points > MAX_HAND_PENALTY:
        raise ScoreError(
            f"{name}'s {points} penalty points are more than a hand can cost: at most {HAND_SIZE} cards "
            f"x {max(PENALTY_POINTS.values())} = {MAX_HAND_PENALTY}. Check the figure, or enter the cards instead."
        )
    if points % PENALTY_STEP:
        raise ScoreError(
            f"{name}'s {points} penalty points can not come from a hand: every card costs a multiple of "
            f"{PENALTY_STEP}. Check the figure, or enter the cards instead."
        )


def score_round(
    standings: Mapping[str, Any],
    results: Mapping[str, Any],
    *,
    levels: Sequence[Level] = LEVELS,
) -> dict[str, Standing]:
    """The standings after a round (seed, "Nivåprogresjon" and "Slutt på runden
    og straffepoeng"; rulings.md, Up to 9).

    Everyone who laid down moves up one level (from 9 to 10 = finished);
    everyone's penalty points grow by their cards left in hand (or the
    points entered), 0 for the player who went out.

    Args:
        standings: player name to ``Standing``, ``(level, penalty)`` or
            ``{"level": .., "penalty": ..}``.
        results: player name to ``RoundResult`` or ``{"laid_down": bool,
            "hand": cards, "points": int | None}``; one per player in standings.
        levels: the level table (checked; a game has 9 levels).

    Returns:
        Player name to the new ``Standing``, in the order of ``standings``.

    Raises:
        ScoreError: (a ValueError) for standings or results that are not a
            mapping, a missing or unknown player, a level outside 1..10,
            a points figure no hand can cost (negative, over
            ``MAX_HAND_PENALTY`` = 220, or not a multiple of 5), a finished player laying down again, a hand
            that can not be read, two or more players who went out (only one
            can), or a player who went out without laying down.
        LevelError: for a bad level table.

    A player went out when their hand is given as no cards (see
    :func:`went_out`); a penalty figure of 0 is not going out.
    """
    check_levels(levels)
    standings = _players("standings", standings)
    results = _players("round results", results)
    missing = [name for name in standings if name not in results]
    if missing:
        raise ScoreError(f"no round result for {_and(missing)}: say whether they laid down and what they hold")
    unknown = [name for name in results if name not in standings]
    if unknown:
        raise ScoreError(f"{_and(unknown)} {'is' if len(unknown) == 1 else 'are'} not in this game's standings")
    read: dict[str, tuple[Standing, RoundResult, int]] = {}
    for name, raw in standings.items():
        standing = _standing(name, raw)
        result = _result(name, results[name])
        if result.laid_down and standing.level == FINISHED:
            raise ScoreError(f"{name} has already laid down level {LEVEL_COUNT}: there is no level after it")
        if result.points is not None:
            points = result.points
        else:
            try:
                points = hand_penalty(result.hand)
            except CardError as error:
                raise ScoreError(f"{name}'s hand: {error}") from error
        read[name] = (standing, result, points)
    out = [name for name, (_, result, _) in read.items() if went_out(result)]
    if len(out) > 1:
        raise ScoreError(
            f"{_and(out)} have nothing left, but only one player can go out in a round: "
            "enter the cards or penalty points of the others"
        )
    if out and not read[out[0]][1].laid_down:
        name = out[0]
        raise ScoreError(
            f"{name} has nothing left, so {name} went out and must have laid down: "
            f"mark {name} as laid down, or enter {name}'s cards"
        )
    return {
        name: Standing(standing.level + result.laid_down, standing.penalty + points)
        for name, (standing, result, points) in read.items()
    }


def went_out(result: Any) -> bool:
    """True when a round result says the player went out: an empty hand given
    as cards (not a penalty figure of 0).

    Args:
        result: a ``RoundResult`` or a mapping ``{"laid_down": bool, "hand":
            cards, "points": int | None}``.

    Returns:
        True when ``points`` is None and the hand holds no cards.

    Raises:
        ScoreError: for a result that can not be read (see :func:`score_round`),
            or a hand that can not be read.

    Rule: seed, "Slutt på runden og straffepoeng" (the round ends when one
    player has no cards left).
    """
    read = _result("the player", result)
    if read.points is not None:
        return False
    try:
        return not as_cards(read.hand)
    except CardError as error:
        raise ScoreError(f"the hand: {error}") from error


def winners(standings: Mapping[str, Any]) -> list[str]:
    """Who has won (seed, "Målet og seier"; rulings.md, Up to 9).

    Args:
        standings: player name to ``Standing``, pair or mapping, as in
            :func:`score_round`.

    Returns:
        The players at level 10 (laid down level 9); if several, those with
        the fewest accumulated penalty points (equal ones share the win), in
        the order of ``standings``.  ``[]`` while nobody has finished.

    Raises:
        ScoreError: for standings that are not a mapping, or a standing
            that can not be read.
    """
    read = {name: _standing(name, raw) for name, raw in _players("standings", standings).items()}
    finished = {name: s.penalty for name, s in read.items() if s.level == FINISHED}
    if not finished:
        return []
    fewest = min(finished.values())
    return [name for name, penalty in finished.items() if penalty == fewest]
