"""History: every saved game, one game's table and chart, player statistics,
backup export/import (JSON) and CSV export.

Routes: /history (the list) and /history/:game_id (one game).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime, timezone
from functools import partial
from pathlib import Path

import flet as ft

from companion import registry
from companion.i18n import _, format_number, ngettext
from companion.pads.base import join_names
from companion.stats import PlayerStats
from companion.store import StoreError
from companion.ui import saving
from companion.ui.deleted import DeletedGame, recently_deleted
from companion.ui.game_list import game_line, when_text
from companion.ui.games import game_ui
from companion.ui.long_work import backup_text, import_backup, in_worker, rounds_table
from companion.ui.score_table import MARKS_LEGEND, score_table
from companion.ui.state import announce_saved, navigate, use_game, use_games_list, use_session, use_store
from companion.ui.totals_chart import totals_chart
from companion.ui.widgets import TOUCH, error_line, screen_header, section_title

PAGE_SIZE = 50
"""Games listed at first, and added by each "Show more"."""


def _stamp() -> str:
    """Today's date for file names ("2026-11-30")."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%d")


def _stats_text(stats: PlayerStats) -> str:
    """One player's statistics in plain words: the games and wins, then a line
    per game in registry order (each game's UI module's ``stats_parts``)."""
    head = ngettext("{count} game", "{count} games", stats.games).format(count=format_number(stats.games))
    if stats.win_rate is not None:
        head = _("{games} · won {wins} of {finished} finished ({percent}%)").format(
            games=head, wins=format_number(stats.wins), finished=format_number(stats.finished),
            percent=format_number(round(stats.win_rate * 100)),
        )
    lines = [head]
    for game in registry.GAMES:
        parts = game_ui(game.id).stats_parts(stats)
        if parts:
            lines.append(f"{game.title}: {', '.join(parts)}")
    return "\n".join(lines)


def working(text: str) -> ft.Control:
    """A progress line for long work running off the path that serves taps
    ("Counting statistics..."): a spinning ring and the words."""
    return ft.Semantics(
        identifier="working",
        container=True,
        content=ft.Row(
            [ft.ProgressRing(width=24, height=24, stroke_width=3), ft.Text(text, expand=True)],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ),
    )


@ft.component
def PlayerStatistics() -> ft.Control:
    """Per-player statistics across every saved game (the store keeps them
    up to date as games are saved; read when shown, in a worker thread so
    that other phones' taps are served meanwhile, with a progress line)."""
    store = use_store()
    listed = use_games_list()
    shown, set_shown = ft.use_state(False)
    stats, set_stats = ft.use_state(None)

    async def read():
        if not shown:
            return
        try:
            set_stats(await asyncio.to_thread(store.player_stats))
        except StoreError as exc:
            set_stats(str(exc))

    ft.use_effect(read, [shown, listed])
    if isinstance(stats, str):
        return error_line(stats)
    if not shown:
        return ft.OutlinedButton(
            _("Show player statistics"), icon=ft.Icons.INSIGHTS, on_click=lambda: set_shown(True), height=TOUCH
        )
    if stats is None:
        return working(_("Counting statistics over every game..."))
    lines: list[ft.Control] = [section_title(_("Players"))]
    if not stats:
        lines.append(ft.Text(_("No games yet.")))
    lines.extend(
        ft.ListTile(title=ft.Text(entry.name), subtitle=ft.Text(_stats_text(entry)), content_padding=0)
        for entry in stats
    )
    return ft.Semantics(identifier="player-stats", container=True, content=ft.Column(lines, spacing=0))


def import_message(added: int, file_name: str) -> str:
    """The message after a backup was read: how many games it added, or that
    every game in it was already saved here (none added)."""
    if not added:
        return _("Nothing new in {file}: its games are already saved here").format(file=file_name)
    return ngettext("Imported {count} game from {file}", "Imported {count} games from {file}", added).format(
        count=format_number(added), file=file_name
    )


@ft.component
def HistoryScreen() -> ft.Control:
    """All games newest first, statistics, export and import."""
    store = use_store()
    session = use_session()
    use_games_list()
    count, set_count = ft.use_state(PAGE_SIZE)
    problem, set_problem = ft.use_state("")
    busy, set_busy = ft.use_state("")

    async def picked(e: ft.FilePickerResultEvent):
        if not e.files:
            return
        chosen = e.files[0]
        set_busy(_("Importing {file}...").format(file=chosen.name))
        try:
            added = await in_worker(import_backup, store.data_dir, chosen.bytes or b"")
        except StoreError as exc:
            session.dismissed(session.message_id)
            set_problem(str(exc))
            return
        finally:
            set_busy("")
        set_problem("")
        announce_saved(session, listed=True)
        session.tell(import_message(added, chosen.name))

    picker, _set_picker = ft.use_state(lambda: ft.FilePicker(on_result=picked))

    async def export(preparing: str, make: Callable[[Path], str], file_name: str):
        """Make an export (``make(data_dir)``: its text) in the worker process,
        with the progress line ``preparing``, then offer it to save as ``file_name``."""
        set_busy(preparing)
        try:
            data = (await in_worker(make, store.data_dir)).encode("utf-8")
        except StoreError as exc:
            set_problem(str(exc))
            return
        finally:
            set_busy("")
        await picker.save_file(file_name=file_name, src_bytes=data)

    async def export_backup():
        await export(_("Preparing the backup..."), backup_text, f"companion-backup-{_stamp()}.json")

    async def export_table():
        await export(_("Preparing the CSV table..."), rounds_table, f"companion-rounds-{_stamp()}.csv")

    try:
        games = store.list_games(limit=count + 1)
        deleted = store.deleted_games()
    except StoreError as exc:
        games, deleted, problem = [], [], problem or str(exc)
    more = len(games) > count
    controls: list[ft.Control | None] = [
        screen_header(_("History"), _("Every saved game, newest first")),
        error_line(problem),
        working(busy) if busy else None,
        ft.Row(
            [
                ft.OutlinedButton(_("Export backup"), icon=ft.Icons.DOWNLOAD, on_click=export_backup, height=TOUCH),
                ft.OutlinedButton(_("Export CSV"), icon=ft.Icons.TABLE_VIEW, on_click=export_table, height=TOUCH),
                ft.OutlinedButton(
                    _("Import backup"), icon=ft.Icons.UPLOAD_FILE, height=TOUCH,
                    action=ft.PickFiles(
                        picker,
                        file_type=ft.FilePickerFileType.CUSTOM,
                        allowed_extensions=["json"],
                        with_data=True,
                    ),
                ),
            ],
            wrap=True,
            spacing=8,
        ),
        PlayerStatistics(),
        section_title(_("Games")),
    ]
    if not games:
        controls.append(ft.Text(_("No games saved yet. Start one from Play."), color=ft.Colors.ON_SURFACE_VARIANT))
    controls.extend(
        game_line(summary, partial(navigate, f"/history/{summary['id']}"))
        for summary in games[:count]
    )
    if more:
        controls.append(
            ft.TextButton(_("Show more"), on_click=lambda: set_count(count + PAGE_SIZE), height=TOUCH)
        )
    controls.extend(recently_deleted(deleted))
    return ft.Column([control for control in controls if control is not None], spacing=8)


@ft.component
def HistoryGameScreen() -> ft.Control:
    """One saved game (route /history/:game_id): a :func:`HistoryGame` keyed
    on the game, so another game's address starts afresh."""
    game_id = ft.use_route_params().get("game_id", "")
    return HistoryGame(game_id, key=game_id)


@ft.component
def HistoryGame(game_id: str) -> ft.Control:
    """Saved game ``game_id``: its round table, chart, resume or reopen (a
    finished game, to correct or continue it: logged in its changes), and
    delete (with undo here, and "Restore" from any phone afterwards; a
    deleted game's address says who deleted it). The game comes from ``use_game``: read once per
    change for every screen showing it, and drawn again when another phone
    changes it."""
    store = use_store()
    session = use_session()
    problem, set_problem = ft.use_state("")
    shown = use_game(game_id)

    def back():
        navigate("/history")

    if shown.problem:
        return ft.Column([screen_header(_("This game can not be read"), back=back), error_line(shown.problem)],
                         spacing=12)
    if shown.pad is None:
        return DeletedGame(game_id, back=back)
    pad = shown.pad
    title = registry.game(pad.GAME).title

    def delete():
        try:
            store.delete_game(game_id, by=session.phone or None)
        except StoreError as exc:
            set_problem(str(exc))
            return
        announce_saved(session, game_id, listed=True)

        def restore():
            try:
                store.restore_deleted(game_id)
            except StoreError as exc:
                session.tell(_("Not restored: {reason}").format(reason=exc))
                return
            announce_saved(session, game_id, listed=True)

        session.tell(_("{game} game deleted").format(game=title), undo=restore, screen="/history")
        navigate("/history")

    subtitle = _("{players} · started {when}").format(players=join_names(list(pad.players)),
                                                      when=when_text(pad.created))

    def reopen():
        outcome = saving.change_game(store, game_id, lambda saved: saved.reopen(), session.phone or None)
        if not outcome.saved:
            set_problem(outcome.message)
            return
        announce_saved(session, game_id, outcome.pad, listed=True)
        session.tell(_("{game} game reopened").format(game=title), screen=f"/pad/{game_id}")
        navigate(f"/pad/{game_id}")

    controls: list[ft.Control | None] = [
        screen_header(title, subtitle, back=back),
        ft.Text(pad.summary(), size=18, weight=ft.FontWeight.W_600),
        error_line(problem),
    ]
    if pad.finished:
        controls.append(
            ft.FilledButton(_("Reopen"), icon=ft.Icons.LOCK_OPEN, height=TOUCH, on_click=reopen)
        )
    else:
        controls.append(
            ft.FilledButton(_("Resume this game"), icon=ft.Icons.PLAY_ARROW, height=TOUCH,
                            on_click=lambda: navigate(f"/pad/{game_id}"))
        )
    controls.append(score_table(pad))
    if pad.rows:
        controls.append(ft.Text(_(MARKS_LEGEND), size=12, color=ft.Colors.ON_SURFACE_VARIANT))
        controls.append(totals_chart(pad))
    controls.append(
        ft.TextButton(_("Delete this game"), icon=ft.Icons.DELETE_OUTLINE, on_click=delete, height=TOUCH,
                      style=ft.ButtonStyle(color=ft.Colors.ERROR))
    )
    return ft.Column([control for control in controls if control is not None], spacing=10)
