"""Recently deleted games on screen: History's list of them, and what a
screen says in place of a game that was deleted, each with "Restore".

The store keeps the games deleted most recently
(``companion.store.deleted``), so a game deleted by a slip of the thumb,
on any phone, can be brought back from any phone, after a reload too.
Restoring tells every screen that shows the game or the list, as a save does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.i18n import _
from companion.pads.base import join_names
from companion.pads.changelog import opening, who
from companion.store import StoreError
from companion.ui.game_list import game_icon, game_title, when_text
from companion.ui.state import announce_saved, use_session, use_store
from companion.ui.widgets import TOUCH, error_line, screen_header, section_title


def deleted_text(summary: dict[str, Any]) -> str:
    """When and where a recently deleted game (a ``Store.deleted_games``
    entry) was deleted: "Deleted 12/2/26, 8:41 PM · Ann's phone"."""
    return _("Deleted {when} · {phone}").format(when=when_text(summary["deleted"]), phone=who(summary["by"]))


def use_restore(game_id: str) -> tuple[str, Callable[[], None]]:
    """A hook: the refusal of the last restore of game ``game_id`` ("" when
    none) and the handler that restores it (``Store.restore_deleted``),
    then tells every screen and says so in this phone's message bar (which
    replaces a delete's "Undo" there)."""
    store = use_store()
    session = use_session()
    problem, set_problem = ft.use_state("")

    def restore():
        try:
            doc = store.restore_deleted(game_id)
        except StoreError as exc:
            set_problem(str(exc))
            return
        set_problem("")
        announce_saved(session, game_id, listed=True)
        session.tell(_("{game} game restored").format(game=game_title(doc["game"])))

    return problem, restore


@ft.component
def DeletedLine(summary: dict[str, Any]) -> ft.Control:
    """One recently deleted game in History's list: the game and its
    players, when and on which phone it was deleted, and "Restore"."""
    problem, restore = use_restore(summary["id"])
    players = join_names(list(summary["players"]))
    line = ft.ListTile(
        leading=ft.Icon(game_icon(summary["game"])),
        title=ft.Text(f"{game_title(summary['game'])} · {players}"),
        subtitle=ft.Text(deleted_text(summary)),
        trailing=ft.TextButton(_("Restore"), icon=ft.Icons.RESTORE, on_click=restore, height=TOUCH),
        min_height=56,
    )
    return ft.Column([control for control in (line, error_line(problem)) if control is not None], spacing=0)


DELETED_SHOWN = 3
"""Recently deleted games History lists at first (the newest); its button
shows the others the store keeps (``companion.store.deleted.KEPT_DELETED``)."""


def recently_deleted(deleted: list[dict[str, Any]], more: ft.Control | None = None) -> list[ft.Control]:
    """History's section of recently deleted games (``Store.deleted_games``,
    newest first, as many as it shows): its title, a :func:`DeletedLine`
    each and ``more``, the button that shows the others (None: none);
    nothing when there are none. Each line is keyed "deleted <id>" (no game
    id holds a space), apart from the keys of History's own parts."""
    if not deleted:
        return []
    return [
        section_title(_("Recently deleted")),
        *(DeletedLine(summary, key=f"deleted {summary['id']}") for summary in deleted),
        *([more] if more is not None else []),
    ]


@ft.component
def DeletedGame(game_id: str, back: Callable[[], None]) -> ft.Control:
    """What a screen shows where game ``game_id`` is not saved, under a title
    whose back arrow calls ``back``: "Game deleted", who deleted it and
    when, with "Restore this game", when it is among the recently deleted
    games; otherwise "Game not found" and that it is not saved here."""
    store = use_store()
    problem, restore = use_restore(game_id)
    try:
        summary = store.deleted_game(game_id)
    except StoreError:
        summary = None
    if summary is None:
        return ft.Column(
            [
                screen_header(_("Game not found"), back=back),
                ft.Text(_("This game is not saved here (it may have been deleted).")),
            ],
            spacing=12,
        )
    said = _("{phone} deleted this game ({when}).").format(phone=who(summary["by"]), when=when_text(summary["deleted"]))
    controls = [
        screen_header(_("Game deleted"), back=back),
        ft.Text(opening(said)),
        ft.FilledButton(_("Restore this game"), icon=ft.Icons.RESTORE, on_click=restore, height=TOUCH),
        error_line(problem),
    ]
    return ft.Column([control for control in controls if control is not None], spacing=12)
