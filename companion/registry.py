"""The games Companion knows, in the order the app shows them: the one list.

Each :class:`Game` ties a game id to its rules module
(``companion.games.<id>``), its score pad class (``companion.pads``) and its
row of the setup table (``companion.setup.GAMES[id]``), where its title and
player range live.  The screens loop over :data:`GAMES`; the UI side of a
game is found from its id by ``companion.ui.games.game_ui``.  Adding a game
is one line here (see docs/adding-a-game.md).

No UI and no storage here: the icon is a Material icon *name* that the
screens turn into an icon.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from companion import setup
from companion.games import one_card, one_up, up_or_down, up_to_nine
from companion.pads.base import Pad
from companion.pads.one_card import OneCardPad
from companion.pads.one_up import OneUpPad
from companion.pads.up_or_down import UpOrDownPad
from companion.pads.up_to_nine import UpToNinePad


class UnknownGameError(LookupError):
    """A game id that is not in :data:`GAMES`; the message names the known ids."""


@dataclass(frozen=True)
class Game:
    """One game of the registry.

    Attributes:
        id: the game id saved in every game document (``"one_up"``).
        icon: the name of the Material icon shown beside its title
            (``"FILTER_1"``: an attribute of Flet's ``ft.Icons``).
        rules: the game's rules module (``companion.games.one_up``).
        pad: the game's score pad class (``OneUpPad``).
        figures: the game's ``rule_figures(options)``: the game's options
            (a mapping, or None for the standard game) -> placeholder name
            to text for its rules text (``{"one_up_limit": "40", ...}``);
            raises the rules module's ``ValueError`` for options it refuses.
    """

    id: str
    icon: str
    rules: ModuleType
    pad: type[Pad]
    figures: Callable[[Mapping[str, Any] | None], dict[str, str]]

    @property
    def setup(self) -> setup.GameSetup:
        """The game's row of the setup table, ``companion.setup.GAMES[id]``."""
        return setup.GAMES[self.id]

    @property
    def title(self) -> str:
        """The game's name as shown (``"Up or Down?"``), read from its setup row."""
        return self.setup.title

    @property
    def players(self) -> range:
        """The player counts the game is for (``range(2, 7)``: 2 to 6 players),
        from its setup row's deals."""
        return self.setup.players


GAMES: tuple[Game, ...] = (
    Game("one_up", "FILTER_1", one_up, OneUpPad, one_up.rule_figures),
    Game("one_card", "STYLE", one_card, OneCardPad, one_card.rule_figures),
    Game("up_to_nine", "STAIRS", up_to_nine, UpToNinePad, up_to_nine.rule_figures),
    Game("up_or_down", "SWAP_VERT", up_or_down, UpOrDownPad, up_or_down.rule_figures),
)
"""Every game, in the order the New game picker, the checker, the setup
guide and the rules show them."""

GAME_IDS: tuple[str, ...] = tuple(entry.id for entry in GAMES)
"""The ids of :data:`GAMES`, in the same order."""

_BY_ID: dict[str, Game] = {entry.id: entry for entry in GAMES}


def game(game_id: str) -> Game:
    """The registry entry of ``game_id`` (a ``str`` such as ``"up_to_nine"``).

    Raises:
        UnknownGameError: for an id (or a non-string) that is not a game,
            e.g. ``There is no game 'poker': choose one of one_up, ...``.
    """
    if not isinstance(game_id, str) or game_id not in _BY_ID:
        raise UnknownGameError(f"There is no game {game_id!r}: choose one of {', '.join(GAME_IDS)}")
    return _BY_ID[game_id]

