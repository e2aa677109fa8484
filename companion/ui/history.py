"""History: every saved game, one game's table and chart, player statistics,
backup export/import (JSON) and CSV export.

Routes: /history (the list) and /history/:game_id (one game).
"""

from __future__ import annotations

from datetime import datetime, timezone
from functools import partial

import flet as ft

from companion import registry
from companion.pads import PadError, pad_from_doc
from companion.pads.base import join_names
from companion.stats import PlayerStats, export_csv
from companion.store import StoreError
from companion.ui import saving
from companion.ui.game_list import game_line, when_text
from companion.ui.games import game_ui
from companion.ui.score_table import MARKS_LEGEND, score_table
from companion.ui.state import announce_saved, navigate, use_session, use_store
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
    head = f"{stats.games} game{'s' if stats.games != 1 else ''}"
    if stats.win_rate is not None:
        head += f" · won {stats.wins} of {stats.finished} finished ({round(stats.win_rate * 100)}%)"
    lines = [head]
    for game in registry.GAMES:
        parts = game_ui(game.id).stats_parts(stats)
        if parts:
            lines.append(f"{game.title}: {', '.join(parts)}")
    return "\n".join(lines)


@ft.component
def PlayerStatistics() -> ft.Control:
    """Per-player statistics across every saved game (the store keeps them
    up to date as games are saved; read when shown)."""
    store = use_store()
    session = use_session()
    shown, set_shown = ft.use_state(False)

    def read() -> list[PlayerStats] | str:
        try:
            return store.player_stats() if shown else []
        except StoreError as exc:
            return str(exc)

    stats = ft.use_memo(read, [shown, session.revision])
    if isinstance(stats, str):
        return error_line(stats)
    if not shown:
        return ft.OutlinedButton(
            "Show player statistics", icon=ft.Icons.INSIGHTS, on_click=lambda: set_shown(True), height=TOUCH
        )
    lines: list[ft.Control] = [section_title("Players")]
    if not stats:
        lines.append(ft.Text("No games yet."))
    lines.extend(
        ft.ListTile(title=ft.Text(entry.name), subtitle=ft.Text(_stats_text(entry)), content_padding=0)
        for entry in stats
    )
    return ft.Semantics(identifier="player-stats", container=True, content=ft.Column(lines, spacing=0))


def import_message(added: int, file_name: str) -> str:
    """The message after a backup was read: how many games it added, or that
    every game in it was already on this device (none added)."""
    if not added:
        return f"Nothing new in {file_name}: its games are already on this device"
    return f"Imported {added} game{'s' if added != 1 else ''} from {file_name}"


@ft.component
def HistoryScreen() -> ft.Control:
    """All games newest first, statistics, export and import."""
    store = use_store()
    session = use_session()
    count, set_count = ft.use_state(PAGE_SIZE)
    problem, set_problem = ft.use_state("")

    def picked(e: ft.FilePickerResultEvent):
        if not e.files:
            return
        chosen = e.files[0]
        try:
            added = store.import_json(chosen.bytes or b"")
        except StoreError as exc:
            session.dismissed(session.message_id)
            set_problem(str(exc))
            return
        set_problem("")
        announce_saved(session)
        session.tell(import_message(added, chosen.name))

    picker, _ = ft.use_state(lambda: ft.FilePicker(on_result=picked))

    async def export_backup():
        try:
            data = store.export_json().encode("utf-8")
        except StoreError as exc:
            set_problem(str(exc))
            return
        await picker.save_file(file_name=f"companion-backup-{_stamp()}.json", src_bytes=data)

    async def export_table():
        try:
            data = export_csv(store.iter_games()).encode("utf-8")
        except StoreError as exc:
            set_problem(str(exc))
            return
        await picker.save_file(file_name=f"companion-rounds-{_stamp()}.csv", src_bytes=data)

    try:
        games = store.list_games(limit=count + 1)
    except StoreError as exc:
        games, problem = [], problem or str(exc)
    more = len(games) > count
    controls: list[ft.Control | None] = [
        screen_header("History", "Every game on this device, newest first"),
        error_line(problem),
        ft.Row(
            [
                ft.OutlinedButton("Export backup", icon=ft.Icons.DOWNLOAD, on_click=export_backup, height=TOUCH),
                ft.OutlinedButton("Export CSV", icon=ft.Icons.TABLE_VIEW, on_click=export_table, height=TOUCH),
                ft.OutlinedButton(
                    "Import backup", icon=ft.Icons.UPLOAD_FILE, height=TOUCH,
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
        section_title("Games"),
    ]
    if not games:
        controls.append(ft.Text("No games saved yet. Start one from Play.", color=ft.Colors.ON_SURFACE_VARIANT))
    controls.extend(
        game_line(summary, partial(navigate, f"/history/{summary['id']}"))
        for summary in games[:count]
    )
    if more:
        controls.append(
            ft.TextButton("Show more", on_click=lambda: set_count(count + PAGE_SIZE), height=TOUCH)
        )
    return ft.Column([control for control in controls if control is not None], spacing=8)


@ft.component
def HistoryGameScreen() -> ft.Control:
    """One saved game: its round table, chart, resume or reopen (a finished
    game, to correct or continue it: logged in its changes), and delete
    (with undo)."""
    game_id = ft.use_route_params().get("game_id", "")
    store = use_store()
    session = use_session()
    problem, set_problem = ft.use_state("")
    try:
        doc = store.get_game(game_id)
    except StoreError as exc:
        return ft.Column([screen_header("This game can not be read", back=lambda: navigate("/history")),
                          error_line(str(exc))], spacing=12)

    def back():
        navigate("/history")

    if doc is None:
        return ft.Column(
            [
                screen_header("Game not found", back=back),
                ft.Text("This game is not saved on this device (it may have been deleted)."),
            ],
            spacing=12,
        )
    try:
        pad = pad_from_doc(doc)
    except PadError as exc:
        return ft.Column([screen_header("This game can not be opened", back=back), error_line(str(exc))])

    def delete():
        try:
            removed = store.delete_game(game_id)
        except StoreError as exc:
            set_problem(str(exc))
            return
        announce_saved(session)

        def restore():
            try:
                store.restore_game(removed)
            except StoreError as exc:
                session.tell(f"Not restored: {exc}")
                return
            announce_saved(session)

        session.tell(f"{registry.game(pad.GAME).title} game deleted", undo=restore, screen="/history")
        navigate("/history")

    subtitle = f"{join_names(list(pad.players))} · started {when_text(pad.created)}"
    def reopen():
        outcome = saving.change_game(store, game_id, lambda saved: saved.reopen(), session.phone or None)
        if not outcome.saved:
            set_problem(outcome.message)
            return
        announce_saved(session)
        session.tell(f"{registry.game(pad.GAME).title} game reopened", screen=f"/pad/{game_id}")
        navigate(f"/pad/{game_id}")

    controls: list[ft.Control | None] = [
        screen_header(registry.game(pad.GAME).title, subtitle, back=back),
        ft.Text(pad.summary(), size=18, weight=ft.FontWeight.W_600),
        error_line(problem),
    ]
    if pad.finished:
        controls.append(
            ft.FilledButton("Reopen", icon=ft.Icons.LOCK_OPEN, height=TOUCH, on_click=reopen)
        )
    else:
        controls.append(
            ft.FilledButton("Resume this game", icon=ft.Icons.PLAY_ARROW, height=TOUCH,
                            on_click=lambda: navigate(f"/pad/{game_id}"))
        )
    controls.append(score_table(pad))
    if pad.rows:
        controls.append(ft.Text(MARKS_LEGEND, size=12, color=ft.Colors.ON_SURFACE_VARIANT))
        controls.append(totals_chart(pad))
    controls.append(
        ft.TextButton("Delete this game", icon=ft.Icons.DELETE_OUTLINE, on_click=delete, height=TOUCH,
                      style=ft.ButtonStyle(color=ft.Colors.ERROR))
    )
    return ft.Column([control for control in controls if control is not None], spacing=10)
