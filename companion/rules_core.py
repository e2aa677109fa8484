"""The rules core as the store, the document checks and the statistics see it: imported at its first use.

Those modules need the games, their pads and the registry only where a
saved game is checked, replayed, scored or named; opening the data folder
and starting the web server need none of it.  Imported at their top, the
rules core was loaded before the server listened (0.14-0.25 s of CPU after
Flet and the web server, the biggest part of what Companion loads before
it listens beyond a hello-world Flet app).  So they call the functions
here, each of which imports what it needs inside its body (a real import,
run once and then a lookup in ``sys.modules``), and catch
:class:`PadError`, which lives in ``companion.errors``.  The web server's
start-up calls :func:`load_all` as soon as it listens, so that no tap
waits for the imports.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from companion.errors import PadError

if TYPE_CHECKING:
    from companion.document import DocGame
    from companion.pads.base import Pad

__all__ = [
    "Pad", "PadError", "copy_json", "doc_games", "game_title", "join_names", "load_all", "name_problem", "now_iso",
    "pad_class", "pad_from_doc",
]


def pad_class(game: str) -> type[Pad]:
    """The pad class of a game id (``companion.registry.pad_class``); PadError for an unknown game."""
    from companion import registry

    return registry.pad_class(game)


def pad_from_doc(doc: Mapping[str, Any]) -> Pad:
    """The pad of a saved game document (``companion.registry.pad_from_doc``); PadError as it raises."""
    from companion import registry

    return registry.pad_from_doc(doc)


def doc_games() -> dict[str, DocGame]:
    """Game id -> what the saved-document checks need of it (``companion.registry.doc_games``):
    the ``games`` argument of ``companion.document.load_doc`` and its kin."""
    from companion import registry

    return registry.doc_games()


def game_title(game: str) -> str:
    """The shown name of a game id (``"One Up"``), or the id itself when no game has it."""
    from companion import registry

    try:
        return registry.game(game).title
    except registry.UnknownGameError:
        return game


def copy_json(value: Any) -> Any:
    """A deep copy of JSON data (``companion.pads.table.copy_json``)."""
    from companion.pads import table

    return table.copy_json(value)


def name_problem(name: object) -> str | None:
    """What is wrong with a player's name, or None (``companion.pads.table.name_problem``)."""
    from companion.pads import table

    return table.name_problem(name)


def join_names(names: list[str]) -> str:
    """Names joined as a sentence lists them (``companion.pads.table.join_names``)."""
    from companion.pads import table

    return table.join_names(names)


def now_iso() -> str:
    """The time now, ISO 8601 in UTC (``companion.pads.table.now_iso``)."""
    from companion.pads import table

    return table.now_iso()


def load_all() -> None:
    """Import the registry (every game package) and the pads' engine now; returns nothing.

    Raises:
        ImportError: when one of them can not be imported.
    """
    from companion import pads, registry  # noqa: F401 - imported for their loading alone
