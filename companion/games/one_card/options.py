"""One-card: its house rule, checked here and nowhere else.

Rule: rulings.md, One-card (the round wins that take a match are a house
rule, ``MATCH_WINS`` by default).
"""

from __future__ import annotations

from typing import Any

from companion.games.one_card.deck import MATCH_WINS
from companion.games.spec import HouseOption, OptionError, rules_mark
from companion.i18n import _
from companion.wording import whole_number


def _target(value: Any) -> int:
    """The round wins that take the match: a whole number from 1, else :class:`OptionError`."""
    return whole_number(value, _("The round wins that take the match"), least=1, error=OptionError)


OPTIONS: tuple[HouseOption, ...] = (
    HouseOption("target", rules_mark("Round wins to take the match"), MATCH_WINS, _target, str),
)
"""One-card's house rule: the round wins that take the match."""
