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

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from companion.document import DocGame
from companion.errors import PadError
from companion.games import one_card, one_up, up_or_down, up_to_nine
from companion.games.spec import GameSpec
from companion.i18n import _
from companion.pads.base import Pad


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



def doc_games() -> dict[str, DocGame]:
    """Game id -> what the saved-document checks need of it (its player
    counts and round upgrades, a ``companion.document.DocGame``), for every
    game of :data:`GAMES` in their order."""
    return {entry.id: DocGame(entry.players, entry.round_upgrades) for entry in GAMES}


def pad_class(game_id: str) -> type[Pad]:
    """The score pad class (a ``companion.pads.base.Pad`` subclass) of a game id.

    Raises:
        PadError: for an unknown game id, naming the known ones.
    """
    try:
        return game(game_id).pad
    except UnknownGameError as exc:
        raise PadError(str(exc)) from None


def new_pad(
    game_id: str,
    players: Sequence[str],
    *,
    first_dealer: int = 0,
    options: Mapping[str, Any] | None = None,
) -> Pad:
    """Start a new game's pad.

    Args:
        game_id: a game id of :data:`GAMES`.
        players: names in seating order (the game's player range, unique, not blank).
        first_dealer: seat (index into ``players``) of round 1's dealer.
        options: house rules (see each game's ``OPTIONS``).

    Raises:
        PadError: an unknown game, bad names or player count, bad options.
    """
    return pad_class(game_id)(players, first_dealer=first_dealer, options=options)


def pad_from_doc(doc: Mapping[str, Any]) -> Pad:
    """Rebuild the right pad from a saved game document (see ``Pad.to_doc``).

    Raises:
        PadError: not a game document, an unknown game, or rounds the rules
            can not score.
    """
    if not isinstance(doc, Mapping):
        raise PadError(_("A saved game must be a JSON object"))
    return pad_class(doc.get("game")).from_doc(doc)


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
