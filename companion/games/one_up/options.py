"""One Up: its house rules, checked here and nowhere else.

Rule: seed 000, "Variants" (the wild joker) and "Winning the game" (the
limit, 40, or 30 for the short game); rulings.md, One Up.
"""

from __future__ import annotations

from typing import Any

from companion.games.one_up.rules import GAME_LIMIT
from companion.games.spec import HouseOption, OptionError, points_words, rules_mark, switch_words
from companion.i18n import _
from companion.wording import whole_number


def _joker(value: Any) -> bool:
    """The wild joker switch: True or False, else :class:`OptionError`."""
    if not isinstance(value, bool):
        raise OptionError(_("The joker option is on (true) or off (false)"))
    return value


def _limit(value: Any) -> int:
    """The penalty total that ends the game: a whole number from 1, else :class:`OptionError`."""
    if type(value) is int and value >= 1:
        return value
    return whole_number(value, _("The game limit"), least=1, error=OptionError)


OPTIONS: tuple[HouseOption, ...] = (
    HouseOption("joker", rules_mark("Wild joker"), False, _joker, switch_words),
    HouseOption("limit", rules_mark("Game ends at"), GAME_LIMIT, _limit, points_words),
)
"""One Up's house rules: the wild joker (off) and the limit (``GAME_LIMIT`` points)."""
