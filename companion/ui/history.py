"""History: every saved game, one game's table and chart, player statistics,
backup export/import (JSON) and CSV export.

Routes: /history (the list) and /history/:game_id (one game).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from datetime import datetime, timezone
from functools import partial
from pathlib import Path
from typing import Any

import flet as ft
from flet.components.hooks.use_ref import MutableRef

from companion import registry
from companion.i18n import _, format_number, format_seconds, ngettext
from companion.pads import Pad
from companion.pads.base import join_names
from companion.stats import PlayerStats
from companion.store import Store, StoreError
from companion.store.deleted import KEPT_DELETED
from companion.table import saving
from companion.ui.deleted import DELETED_SHOWN, DeletedGame, recently_deleted
from companion.ui.game_list import game_line, in_progress, when_text
from companion.ui.games import game_ui
from companion.transfers import MAX_UPLOAD_BYTES, MEGABYTE, UPLOAD_SECONDS, serving, too_big
from companion.long_work import import_backup_file, in_worker, write_backup, write_rounds_table
from companion.ui.round_rows import MARKS_LEGEND
from companion.ui.score_table import score_table
from companion.ui.state import (SessionState, announce_saved, navigate, use_game, use_games_list, use_read,
                                use_saves_of, use_session, use_store)
from companion.ui.totals_chart import FoldedChart
from companion.ui.widgets import TOUCH, error_line, screen_header, section_title, show_more_button, use_show_more

PAGE_SIZE = 20
"""Games listed at first, and added by each "Show more games": about two screens
of a phone, so History holds as many controls with 10,000 games as with 21."""


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


WORKING_TICK = 1.0
"""Seconds between two updates of the time a progress line shows."""


@ft.component
def Working(text: str) -> ft.Control:
    """A progress line for long work running off the path that serves taps ("Counting
    statistics..."): an hourglass, the words, and the time taken so far, counted up once a second.

    Nothing in it spins: a spinning ring has the phone draw a new frame sixty times a second for
    as long as the work lasts. A phone's browser drawing without a graphics chip (bench/files.py's)
    spent half a processor core on it during an import, and another phone sharing that
    processor lacked it; a line that changes once a second is one small frame a second.
    """
    started = ft.use_ref(time.monotonic)
    seconds = int(time.monotonic() - started.current)
    ticks, set_ticks = ft.use_state(0)

    async def tick() -> None:
        await asyncio.sleep(WORKING_TICK - (time.monotonic() - started.current) % WORKING_TICK + 0.01)
        set_ticks(ticks + 1)

    # Each tick starts the next, just past the next whole second from the start (the seconds are
    # counted from the start, however late a tick comes); the cleanup given has Flet cancel the
    # waiting tick when the line goes.
    ft.use_effect(tick, [ticks], cleanup=lambda: None)
    taken = _("{work} ({time})").format(work=text, time=format_seconds(seconds)) if seconds else text
    return ft.Semantics(
        identifier="working",
        container=True,
        content=ft.Row(
            [ft.Icon(ft.Icons.HOURGLASS_TOP, size=24), ft.Text(taken, expand=True)],
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
        return Working(_("Counting statistics over every game..."))
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


def _use_backup_import(store: Store, session: SessionState, set_problem: Callable[[str], None],
                       set_busy: Callable[[str], None]) -> ft.FilePicker:
    """History's "Import backup" (a hook: call it while drawing the screen): the file picker that
    sends the chosen backup to the web server with its progress in ``set_busy``, then imports it
    (:func:`_import_sent`); a file too big or not sent goes to ``set_problem``."""

    async def picked(e: ft.FilePickerResultEvent):
        if not e.files:
            return
        chosen = e.files[0]
        transfers = serving()
        if transfers is None:
            set_problem(_("Backups can be imported only through Companion's web server."))
            return
        if chosen.size > MAX_UPLOAD_BYTES:
            set_problem(too_big(chosen.size))
            return
        name = transfers.upload_name()
        sending[chosen.name] = name
        set_problem("")
        set_busy(_("Sending {file}...").format(file=chosen.name))
        url = ft.context.page.get_upload_url(name, UPLOAD_SECONDS)
        await picker.upload([ft.FilePickerUploadFile(url, id=chosen.id)])

    async def uploading(e: ft.FilePickerUploadEvent):
        shown_name = e.file_name
        name = sending.get(shown_name)
        transfers = serving()
        if name is None or transfers is None:
            return
        if e.error:
            sending.pop(shown_name, None)
            transfers.uploaded(name).unlink(missing_ok=True)
            set_busy("")
            set_problem(_("{file} could not be sent to Companion ({reason}). Nothing was imported. "
                          "Try again; a backup can be at most {most} MB.").format(
                file=shown_name, reason=e.error, most=format_number(MAX_UPLOAD_BYTES // MEGABYTE)))
            return
        if (e.progress or 0.0) < 1.0:
            set_busy(_("Sending {file}: {percent}%").format(
                file=shown_name, percent=format_number(round((e.progress or 0.0) * 100))))
            return
        sending.pop(shown_name, None)
        await _import_sent(store, session, transfers.uploaded(name), shown_name, set_problem, set_busy)

    sending: dict[str, str] = ft.use_state(dict)[0]
    picker, _set_picker = ft.use_state(lambda: ft.FilePicker(on_result=picked, on_upload=uploading))
    return picker


async def _import_sent(store: Store, session: SessionState, path: Path, shown_name: str,
                       set_problem: Callable[[str], None], set_busy: Callable[[str], None]) -> None:
    """Import the backup sent to ``path`` (the phone's file ``shown_name``) in the worker process,
    then tell every phone; the sent file is removed either way."""
    set_busy(_("Importing {file}...").format(file=shown_name))
    try:
        added, summaries = await in_worker(import_backup_file, store.data_dir, path)
        # The list of games the worker changed is brought up to date here in a thread, not while
        # this screen is drawn again on the event loop that serves every phone's taps.
        await asyncio.to_thread(store.catch_up, summaries)
    except StoreError as exc:
        session.dismissed(session.message_id)
        set_problem(str(exc))
        return
    finally:
        path.unlink(missing_ok=True)
        set_busy("")
    set_problem("")
    announce_saved(session, listed=True)
    session.tell(import_message(added, shown_name))


async def _export(store: Store, set_problem: Callable[[str], None], set_busy: Callable[[str], None], preparing: str,
                  make: Callable[[Path, Path], int], suffix: str, file_name: str) -> None:
    """Make an export (``make(data_dir, path)`` writes it to ``path``) in the worker process, with
    the progress line ``preparing``, then open its address on this phone, whose browser saves it
    as ``file_name``."""
    transfers = serving()
    if transfers is None:
        set_problem(_("Exports can be made only through Companion's web server."))
        return
    set_problem("")
    set_busy(preparing)
    path = transfers.new_download(suffix)
    try:
        await in_worker(make, store.data_dir, path)
    except StoreError as exc:
        path.unlink(missing_ok=True)
        set_problem(str(exc))
        return
    finally:
        set_busy("")
    await ft.UrlLauncher().launch_url(transfers.offer(path, file_name), web_only_window_name="_self")


def _file_buttons(store: Store, picker: ft.FilePicker, set_problem: Callable[[str], None],
                  set_busy: Callable[[str], None], exporting: MutableRef[bool]) -> ft.Control:
    """History's row of file buttons: "Export backup" (JSON), "Export CSV" (the rounds table) and
    "Import backup" (through ``picker``, from :func:`_use_backup_import`). ``exporting`` (a ref,
    True while an export of this phone runs) makes an export tapped while one runs (two taps
    before the repaint) not taken: one file is made and offered, and the progress line stays
    until it is."""

    async def once(*export: Any) -> None:
        if exporting.current:
            return
        exporting.current = True
        try:
            await _export(store, set_problem, set_busy, *export)
        finally:
            exporting.current = False

    async def export_backup():
        await once(_("Preparing the backup..."), write_backup, ".json", f"companion-backup-{_stamp()}.json")

    async def export_table():
        await once(_("Preparing the CSV table..."), write_rounds_table, ".csv", f"companion-rounds-{_stamp()}.csv")

    return ft.Row(
        [
            ft.OutlinedButton(_("Export backup"), icon=ft.Icons.DOWNLOAD, on_click=export_backup, height=TOUCH),
            ft.OutlinedButton(_("Export CSV"), icon=ft.Icons.TABLE_VIEW, on_click=export_table, height=TOUCH),
            ft.OutlinedButton(
                _("Import backup"), icon=ft.Icons.UPLOAD_FILE, height=TOUCH,
                action=ft.PickFiles(
                    picker,
                    file_type=ft.FilePickerFileType.CUSTOM,
                    allowed_extensions=["json"],
                ),
            ),
        ],
        wrap=True,
        spacing=8,
    )


@ft.component
def FileWork() -> ft.Control:
    """History's file buttons (:func:`_file_buttons`: export and import), with the line that says
    how far a file is and the line that says why one was refused.

    A component of its own: a backup being sent reports its progress a dozen times, and each
    report draws this again, not the list of games around it (which reads the store). It and
    the components in it are keyed: Flet matches a list's controls by position, so a line
    appearing above one (a problem) would otherwise start it afresh, losing the file in transit."""
    store = use_store()
    session = use_session(watch=())
    problem, set_problem = ft.use_state("")
    busy, set_busy = ft.use_state("")
    picker = _use_backup_import(store, session, set_problem, set_busy)
    exporting = ft.use_ref(False)
    shown = [error_line(problem), Working(busy, key="working") if busy else None,
             _file_buttons(store, picker, set_problem, set_busy, exporting)]
    return ft.Column([control for control in shown if control is not None], spacing=8)


@ft.component
def HistoryScreen() -> ft.Control:
    """All games newest first (a page at a time; the rounds of those in progress follow the saves
    made on other phones), statistics, and the file buttons (:func:`FileWork`)."""
    store = use_store()
    listed = use_games_list()
    count, set_count = ft.use_state(PAGE_SIZE)
    saves, set_saves = ft.use_state(0)
    # The read answers with the count it was made for: until a "Show more games" is read, the
    # page shown is the last one read, its button with it.
    read = use_read(lambda: (count, store.list_games(limit=count + 1)), [count, listed, saves])
    gone = use_read(store.deleted_games, [listed])
    (shown, games), problem = ((count, []), str(read)) if isinstance(read, StoreError) else (read, "")
    deleted, problem = ([], problem or str(gone)) if isinstance(gone, StoreError) else (gone, problem)
    more = len(games) > shown
    deleted_shown, more_deleted = use_show_more(len(deleted), DELETED_SHOWN, KEPT_DELETED,
                                                _("Show more deleted games"))
    use_saves_of(in_progress(games[:shown]), lambda: set_saves(lambda number: number + 1))
    controls: list[ft.Control | None] = [
        screen_header(_("History"), _("Every saved game, newest first")),
        error_line(problem),
        FileWork(key="files"),
        PlayerStatistics(key="statistics"),
        section_title(_("Games")),
    ]
    if not games:
        controls.append(ft.Text(_("No games saved yet. Start one from Play."), color=ft.Colors.ON_SURFACE_VARIANT))
    controls.extend(
        game_line(summary, partial(navigate, f"/history/{summary['id']}"))
        for summary in games[:shown]
    )
    if more:
        controls.append(show_more_button(_("Show more games"), lambda: set_count(count + PAGE_SIZE)))
    controls.extend(recently_deleted(deleted[:deleted_shown], more_deleted))
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

    return ft.Column(game_parts(pad, title, subtitle, problem, back, reopen, delete), spacing=10)


def game_parts(pad: Pad, title: str, subtitle: str, problem: str, back: Callable[[], None],
               reopen: Callable[[], None], delete: Callable[[], None]) -> list[ft.Control]:
    """The parts of History's screen of ``pad``: the header (``title``,
    ``subtitle``, ``back()``), the pad's summary, the ``problem`` if any,
    "Reopen" (``reopen()``) on a finished game or "Resume this game", the
    round table (:func:`score_table`, its newest rounds shown), the marks'
    legend, the chart behind a button for more than one round
    (:func:`FoldedChart`), and "Delete this game" (``delete()``)."""
    controls: list[ft.Control | None] = [
        screen_header(title, subtitle, back=back),
        ft.Text(pad.summary(), size=18, weight=ft.FontWeight.W_600),
        error_line(problem),
    ]
    if pad.finished:
        controls.append(ft.FilledButton(_("Reopen"), icon=ft.Icons.LOCK_OPEN, height=TOUCH, on_click=reopen))
    else:
        controls.append(
            ft.FilledButton(_("Resume this game"), icon=ft.Icons.PLAY_ARROW, height=TOUCH,
                            on_click=lambda: navigate(f"/pad/{pad.id}"))
        )
    controls.append(score_table(pad))
    if pad.rows:
        controls.append(ft.Text(_(MARKS_LEGEND), size=12, color=ft.Colors.ON_SURFACE_VARIANT))
    if len(pad.rows) > 1:
        controls.append(FoldedChart(pad))
    controls.append(
        ft.TextButton(_("Delete this game"), icon=ft.Icons.DELETE_OUTLINE, on_click=delete, height=TOUCH,
                      style=ft.ButtonStyle(color=ft.Colors.ERROR))
    )
    return [control for control in controls if control is not None]
