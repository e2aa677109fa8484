"""Up to 9: its house rule (the level table), checked here and nowhere else.

Rule: rulings.md, Up to 9 (the level table is a **house rule**, agreed
before the first round; ``LEVELS`` is the app's preset).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.spec import HouseOption, OptionError, rules_mark, rules_text
from companion.games.up_to_nine.levels import LEVELS, Level, levels_from_json, levels_to_json
from companion.i18n import _

PRESET_LEVELS = levels_to_json(LEVELS)
"""The preset level table in its stored form (JSON)."""


def _levels(value: Any) -> list[Any]:
    """A level table (its JSON, or 9 ``Level`` values) in its stored form, else :class:`OptionError`."""
    try:
        if isinstance(value, Sequence) and value and all(isinstance(v, Level) for v in value):
            value = levels_to_json(value)
        return levels_to_json(levels_from_json(value))
    except ValueError as exc:
        raise OptionError(_("The level table can not be used: {error}").format(error=exc)) from exc


def _table_words(table: Any) -> str:
    """The rules screen's words for a stored level table: the preset, or edited for this game."""
    return rules_text("the app's preset") if table == PRESET_LEVELS else rules_text("edited for this game")


OPTIONS: tuple[HouseOption, ...] = (
    HouseOption("levels", rules_mark("Level table"), PRESET_LEVELS, _levels, _table_words),
)
"""Up to 9's house rule: the level table."""
