"""The UI side of each game: one module per game, found from its registry id.

``companion.ui.games.<id>`` (for every id of ``companion.registry.GAMES``)
offers the same hooks, and the screens reach them only through
:func:`game_ui`:

- ``Entry(pad, number, submit, close, delete)``: the round-entry sheet (a
  component; the contract is in ``companion/ui/entry_sheet.py``), and
  ``sheet_entry(pad, number, entry)``, the entry it holds when it starts
  from ``entry`` (a kept sheet brought back);
- ``Check(options, players)``: the checker panel (a component), given the
  followed saved game's house rules (``{}`` when no game of its kind is
  followed) and the player count (the saved game's, else the one picked on
  the Check screen: always a whole number the game supports), and the
  keywords of ``check_start``;
- ``check_start(pad, player)`` (optional; Up to 9 has it): where the
  checker opens for ``player`` of the followed game ``pad`` when the phone
  is theirs (``dict`` of ``Check`` keywords, e.g. ``{"level": 7}``);
- ``options_panel(chosen, set_option)``: the house rules block of the New
  game screen (None: the game has none), given every option's value and
  ``set_option(name, value)`` (``value`` a function of the value now for a
  step from it: a tap's step counts even before the screen is repainted);
- ``facts(pad)``: the lines the pad shows under its title (``list[str]``);
- ``end_hint(pad)`` (optional; Up to 9 has it): what the end banner offers
  in place of "finish, or play on" (``str``; None: the usual offer);
- ``add_label(pad)``: the text of the pad's add button;
- ``total_extras(pad, player)``: what goes under a player's big total, as
  plain values (a tuple of ``companion.ui.score_table.Extra``: chips, a
  note), which the score table draws;
- ``change_text(pad, row, player)``: the small text of a round cell;
- ``entry_lines(pad, number, player)``: what was entered for a player in
  round ``number`` (``list[str]``), for the round's detail;
- ``stats_parts(stats)``: a player's statistics for the game (``list[str]``,
  empty: no line);
- ``board_unit(pad)``: what the big numbers on the board for the table
  count, as their heading ("Points", "Round wins");
- ``board_note(pad, player)``: the line under a player's name on the board
  (``str``, "" for none), e.g. the Up to 9 level and contract.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from companion import registry
from companion.i18n import N_, _, format_decimal
from companion.stats import PlayerStats, penalty_note

ADD_ROUND = N_("Add round")
"""The pad's add button in most games (marked; translate where shown)."""


def game_ui(game_id: str) -> ModuleType:
    """The UI module of ``game_id`` (``companion.ui.games.<id>``).

    Raises:
        companion.registry.UnknownGameError: ``game_id`` is not a game.
    """
    return importlib.import_module(f"{__name__}.{registry.game(game_id).id}")


def penalty_parts(stats: PlayerStats, game_id: str) -> list[str]:
    """``["12.5 penalty points a round"]`` when ``stats`` has an average for
    ``game_id`` (a game that counts penalty points), followed by what the
    average leaves out where the game has a note (``stats.penalty_note``)
    (One Up: "(hands only, give-backs not taken off)"); else ``[]``."""
    average = stats.avg_penalty.get(game_id)
    if average is None:
        return []
    note = penalty_note(game_id)
    if note:
        return [_("{average} penalty points a round ({note})").format(average=format_decimal(average, 1), note=_(note))]
    return [_("{average} penalty points a round").format(average=format_decimal(average, 1))]
