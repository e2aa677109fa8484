"""The games Companion knows, in the order the app shows them: the one list.

Each game is a package ``companion/games/<id>/`` whose ``SPEC`` (a
:class:`companion.games.spec.GameSpec`) ties its id to its pad class, its
setup row (title, player range, deals), the figures of its rules text, its
house rules, its statistics records and its document upgrades.  The
screens, the store, the statistics and the rules screen loop over
:data:`GAMES` or look a game up with :func:`game`; the UI side of a game is
found from its id by ``companion.ui.games.game_ui``.  Adding a game is one
line here (see docs/adding-a-game.md).

No UI and no storage here: a spec's icon is a Material icon *name* that the
screens turn into an icon.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from companion.games import one_card, one_up, up_or_down, up_to_nine
from companion.games.spec import GameSpec

Game = GameSpec
"""A registry entry: a game's :class:`GameSpec`."""


class UnknownGameError(LookupError):
    """A game id that is not in :data:`GAMES`; the message names the known ids."""


GAMES: tuple[GameSpec, ...] = (
    one_up.SPEC,
    one_card.SPEC,
    up_to_nine.SPEC,
    up_or_down.SPEC,
)
"""Every game, in the order the New game picker, the checker, the setup
guide and the rules show them."""

GAME_IDS: tuple[str, ...] = tuple(entry.id for entry in GAMES)
"""The ids of :data:`GAMES`, in the same order."""

_BY_ID: dict[str, GameSpec] = {entry.id: entry for entry in GAMES}


def game(game_id: str) -> GameSpec:
    """The registry entry of ``game_id`` (a ``str``, a game's id).

    Raises:
        UnknownGameError: for an id (or a non-string) that is not a game,
            e.g. ``There is no game 'poker': choose one of ...``.
    """
    if not isinstance(game_id, str) or game_id not in _BY_ID:
        raise UnknownGameError(f"There is no game {game_id!r}: choose one of {', '.join(GAME_IDS)}")
    return _BY_ID[game_id]


@contextmanager
def listing(games: tuple[GameSpec, ...]) -> Iterator[None]:
    """List ``games`` (specs, in menu order) instead of :data:`GAMES` inside a ``with`` block.

    For trying a game package out before its line joins :data:`GAMES` (the
    test of docs/adding-a-game.md builds a fifth game in a temporary
    folder): every screen, the store's checks, the setup guide and the
    rules read the registry when they run, so they all see ``games``.
    :data:`GAMES`, :data:`GAME_IDS` and the lookup are put back on leaving.
    Returns nothing.
    """
    global GAMES, GAME_IDS, _BY_ID
    kept = GAMES, GAME_IDS, _BY_ID
    GAMES, GAME_IDS, _BY_ID = games, tuple(entry.id for entry in games), {entry.id: entry for entry in games}
    try:
        yield
    finally:
        GAMES, GAME_IDS, _BY_ID = kept
