"""Up to 9: the level table (data) and the shapes it is made of.

Source: seed ``003_5f63daae766756c0.txt``, "Nivåtabellen" and
"Kombinasjonstypene"; the preset table in rulings.md, Up to 9.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.i18n import N_, _, ngettext
from companion.wording import whole_number

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


class LevelError(ValueError):
    """A level number or a level table that can not be used; the message says why."""


_GROUP_NAMES = {STRAIGHT: N_("straight of {size}"), SET: N_("set of {size}")}
_CAP_PER = {STRAIGHT: N_("max {cap} per straight"), SET: N_("max {cap} per set"), "group": N_("max {cap} per group")}


def position_rank(position: int) -> int:
    """The rank at a straight position: 1..13 as they are, 14 (the high ace) is 1.

    Raises:
        LevelError: for a position outside 1..14.

    Rule: seed, "Kombinasjonstypene" (ace low or high); rulings.md, Up to 9.

    >>> position_rank(5), position_rank(14)
    (5, 1)
    """
    whole_number(position, "a straight position (1 low ace .. 14 high ace)",
                 least=LOW_ACE, most=HIGH_ACE, error=LevelError)
    return LOW_ACE if position == HIGH_ACE else position


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
            raise LevelError(_("a group is a straight or a set, not {kind}").format(kind=repr(self.kind)))
        largest = HIGH_ACE if self.kind == STRAIGHT else None
        what = _("the cards in a straight") if self.kind == STRAIGHT else _("the cards in a set")
        whole_number(self.size, what, least=2, most=largest, error=LevelError)
        whole_number(self.max_wild, _("a group's wild budget"), error=LevelError)

    @property
    def name(self) -> str:
        """The group in words, in the current language: ``"straight of 4"``, ``"set of 3"``."""
        return _(_GROUP_NAMES[self.kind]).format(size=self.size)


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
        whole_number(self.number, _("a level number"), least=1, error=LevelError)
        if not isinstance(self.groups, tuple) or not self.groups:
            raise LevelError(_("level {number} needs at least one group").format(number=self.number))
        if not all(isinstance(group, GroupSpec) for group in self.groups):
            raise LevelError(_("level {number}'s groups must be GroupSpec values").format(number=self.number))
        whole_number(self.max_wild, _("level {number}'s wild budget").format(number=self.number), error=LevelError)
        whole_number(self.min_clean, _("level {number}'s groups with no wild").format(number=self.number),
                     most=len(self.groups), error=LevelError)

    @property
    def card_count(self) -> int:
        """Cards in the whole contract (the sum of the group sizes)."""
        return sum(group.size for group in self.groups)

    @property
    def contract(self) -> str:
        """The contract in plain words, in the current language: ``"straight of 4 + set of 3"``, ``"2 sets of 3"``."""
        parts: list[tuple[GroupSpec, int]] = []
        for group in self.groups:
            if parts and (parts[-1][0].kind, parts[-1][0].size) == (group.kind, group.size):
                parts[-1] = (parts[-1][0], parts[-1][1] + 1)
            else:
                parts.append((group, 1))
        return " + ".join(
            group.name if count == 1
            else _groups_name(group, count)
            for group, count in parts
        )

    @property
    def budget_text(self) -> str:
        """The wild budget as the rulings table writes it, in the current language:
        ``"1"``, ``"1 + 1"``, ``"2 total, max 1 per set, at least one set with no wild"``."""
        rules = self.budget_rules
        if not rules:
            return str(self.max_wild)
        if self._split_budget:
            return rules
        return _("{count} total, {rules}").format(count=self.max_wild, rules=rules)

    @property
    def _split_budget(self) -> bool:
        """True when the groups' caps add up to the total and no group must be clean ("1 + 1")."""
        return sum(group.max_wild for group in self.groups) == self.max_wild and not self.min_clean

    @property
    def budget_rules(self) -> str:
        """What the wild budget says beyond its total, in the current language.

        ``""`` when the total is all (any group may hold every wild), the
        split ``"1 + 1"`` when the groups' caps add up to the total, else the
        caps and clean groups: ``"max 1 per set, at least one set with no wild"``.
        Rule: rulings.md, Up to 9 (the "max wild" column).
        """
        caps = [group.max_wild for group in self.groups]
        if all(cap >= self.max_wild for cap in caps) and not self.min_clean:
            return ""
        if self._split_budget:
            return " + ".join(str(cap) for cap in caps)
        if len(set(caps)) == 1:
            parts = [_(_CAP_PER[self.group_noun]).format(cap=caps[0])]
        else:
            parts = [_("max {caps}").format(caps=" + ".join(str(cap) for cap in caps))]
        if self.min_clean:
            parts.append(clean_groups_text(self))
        return ", ".join(parts)

    @property
    def group_noun(self) -> str:
        """What the contract's groups are called together: ``"straight"``, ``"set"`` or ``"group"`` (mixed)."""
        kinds = {group.kind for group in self.groups}
        return kinds.pop() if len(kinds) == 1 else "group"

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


def clean_groups_text(level: Level) -> str:
    """How many of a level's groups must hold no wild, in words of the current language.

    Takes a ``Level``; returns ``"at least one set with no wild"``, ``"at
    least 2 groups with no wild"`` (the level's ``min_clean`` and
    ``group_noun``). Rule: rulings.md, Up to 9 (level 4's clean set).
    """
    count, noun = level.min_clean, level.group_noun
    if noun == STRAIGHT:
        text = ngettext("at least one straight with no wild", "at least {count} straights with no wild", count)
    elif noun == SET:
        text = ngettext("at least one set with no wild", "at least {count} sets with no wild", count)
    else:
        text = ngettext("at least one group with no wild", "at least {count} groups with no wild", count)
    return text.format(count=count)


def _groups_name(group: GroupSpec, count: int) -> str:
    """``count`` groups like ``group`` in words: ``"2 sets of 3"``."""
    if group.kind == STRAIGHT:
        text = ngettext("{count} straight of {size}", "{count} straights of {size}", count)
    else:
        text = ngettext("{count} set of {size}", "{count} sets of {size}", count)
    return text.format(count=count, size=group.size)


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

    >>> len(check_levels(LEVELS))
    9
    """
    if isinstance(levels, (str, bytes, Mapping)) or not isinstance(levels, Sequence):
        raise LevelError(_("a level table is a list of {count} levels, not {value}").format(
            count=LEVEL_COUNT, value=type(levels).__name__))
    table = tuple(levels)
    if len(table) != LEVEL_COUNT:
        raise LevelError(_("a level table has exactly {count} levels, not {value}").format(count=LEVEL_COUNT, value=len(table)))
    for index, level in enumerate(table, start=1):
        if not isinstance(level, Level) or level.number != index:
            raise LevelError(_("entry {index} of the level table must be level {index}").format(index=index))
    return table


def get_level(level: int, levels: Sequence[Level] = LEVELS) -> Level:
    """The ``Level`` for a level number.

    Args:
        level: 1..9.
        levels: the level table (default: the preset ``LEVELS``).

    Raises:
        LevelError: for a number outside 1..9 or a bad table.

    Rule: seed, "Nivåtabellen"; the preset table in rulings.md, Up to 9.

    >>> get_level(5).contract
    'straight of 4 + set of 3'
    """
    table = levels if levels is LEVELS else check_levels(levels)
    whole_number(level, _("a level"), least=1, most=LEVEL_COUNT, error=LevelError)
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

    >>> levels_to_json()[0]
    {'groups': [{'kind': 'straight', 'size': 4, 'max_wild': 0}], 'max_wild': 0, 'min_clean': 0}
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

    >>> levels_from_json(levels_to_json()) == LEVELS
    True
    """
    if not isinstance(raw, list) or len(raw) != LEVEL_COUNT:
        raise LevelError(_("a level table is a list of {count} levels").format(count=LEVEL_COUNT))
    table = []
    for number, entry in enumerate(raw, start=1):
        if not isinstance(entry, dict) or not isinstance(entry.get("groups"), list):
            raise LevelError(_("level {number} needs a list of groups").format(number=number))
        groups = []
        for group in entry["groups"]:
            if not isinstance(group, dict) or set(group) != {"kind", "size", "max_wild"}:
                raise LevelError(_("each group of level {number} has a kind, a size and a max_wild").format(number=number))
            groups.append(GroupSpec(group["kind"], group["size"], group["max_wild"]))
        table.append(Level(number, tuple(groups), entry.get("max_wild"), entry.get("min_clean", 0)))
    return tuple(table)
