"""Up to 9: the figures its rules text uses, taken from the rules core.

Each key is a placeholder of the game's rules text; each value is the text
that takes its place, for the preset table or a table's house rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games import setup_rows
from companion.games.spec import check_options
from companion.games.up_to_nine.levels import LEVELS, Level, levels_from_json
from companion.games.up_to_nine.options import OPTIONS
from companion.games.up_to_nine.scoring import penalty_groups
from companion.games.up_to_nine.setup_row import SETUP
from companion.i18n import _, ngettext
from companion.wording import markdown_table, player_counts_text


def game_levels(options: Mapping[str, Any] | None = None) -> Sequence[Level]:
    """The level table a game plays with: its house rule ``levels``, else ``LEVELS``.

    Args:
        options: the game's options; ``"levels"`` as ``levels_to_json`` writes it.

    Returns:
        ``LEVELS`` itself when no table is given or the given one equals it.

    Raises:
        OptionError: for options the game refuses (:data:`OPTIONS`).

    Rule: rulings.md, Up to 9 (the level table is a **house rule**).

    >>> game_levels() is LEVELS
    True
    """
    table = levels_from_json(check_options(OPTIONS, options, SETUP.title)["levels"])
    return LEVELS if table == LEVELS else table


def rule_figures(options: Mapping[str, Any] | None = None) -> dict[str, str]:
    """The figures Up to 9's rules text uses, by placeholder name.

    Args:
        options: the game's options (house rule ``levels``); ``None`` for the preset.

    Returns:
        ``up_to_nine_decks``, ``up_to_nine_hand``, ``up_to_nine_levels`` (a
        Markdown table), ``up_to_nine_min_natural``,
        ``up_to_nine_last_contract`` and ``up_to_nine_penalties`` (a table).

    Raises:
        OptionError: for options the game refuses (:data:`OPTIONS`).

    Rule: seed 003 and rulings.md, Up to 9 (level table, decks, penalty points).

    >>> rule_figures()["up_to_nine_last_contract"]
    'straight of 9'
    """
    levels = game_levels(options)
    table = markdown_table(
        [_("Level"), _("Contract"), _("Max wild")],
        [(level.number, level.contract, level.budget_text) for level in levels],
    )
    last = levels[-1]
    decks = [
        ngettext("{players}: {decks} standard deck without jokers ({cards} cards)",
                 "{players}: {decks} standard decks without jokers ({cards} cards)", plan.decks).format(
            players=player_counts_text(counts), decks=plan.decks, cards=plan.deck_size)
        for counts, plan in setup_rows.plans_by_deck(SETUP)
    ]
    return {
        "up_to_nine_decks": "; ".join(decks) + ".",
        "up_to_nine_hand": str(setup_rows.plan(SETUP, SETUP.players.start).hand_size),
        "up_to_nine_levels": table if levels is LEVELS else _("This game plays with its own level table:") + "\n\n" + table,
        "up_to_nine_min_natural": ngettext(
            "level {number} ({contract}, max {wilds} wild) needs at least {natural} natural card.",
            "level {number} ({contract}, max {wilds} wild) needs at least {natural} natural cards.",
            last.card_count - last.max_wild,
        ).format(number=last.number, contract=last.contract, wilds=last.max_wild,
                 natural=last.card_count - last.max_wild),
        "up_to_nine_last_contract": last.contract,
        "up_to_nine_penalties": markdown_table(
            [_("Card left in hand"), _("Penalty points")],
            [(" ".join(labels), points) for labels, points in penalty_groups()],
        ),
    }
