"""The score pad screen (/pad/:game_id): the table, the entry sheets, the end.

The pad object lives in this session (its undo history with it) and is
rebuilt from the store when another session changed the game. Every tap
that changes the game runs one pad operation and saves the pad's document;
the rules are the pad's, the layout is this module's.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion import registry
from companion.pads import Pad, PadError, pad_from_doc
from companion.pads.base import join_names
from companion.ui.games import game_ui
from companion.ui.round_detail import RoundDetail
from companion.ui.score_table import MARKS_LEGEND, TAP_HINT, round_rows, score_header
from companion.ui.state import announce_saved, navigate, use_session, use_store
from companion.ui.totals_chart import totals_chart
from companion.ui.widgets import TOUCH, error_line, icon_button, screen_header

NEW_ROUND = 0
"""``editing`` value meaning "the sheet is open for a new round"."""


def game_facts(pad: Pad) -> list[ft.Control]:
    """The lines under the title that differ by game (limits, contracts): the
    game's UI module's ``facts``, muted."""
    return [ft.Text(line, color=ft.Colors.ON_SURFACE_VARIANT) for line in game_ui(pad.GAME).facts(pad)]


def end_banner(pad: Pad, on_finish: Callable[[], None] | None) -> ft.Control | None:
    """The end of the game: winners announced; "Finish game" when the end is not accepted yet."""
    if not (pad.finished or pad.is_over):
        return None
    winners = pad.winners
    headline = (
        f"{join_names(winners)} {'wins' if len(winners) == 1 else 'share the win'}!"
        if winners else "The game is over"
    )
    lines: list[ft.Control] = [
        ft.Row(
            [
                ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.ON_TERTIARY_CONTAINER, size=32),
                ft.Text(
                    headline, size=22, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_TERTIARY_CONTAINER, expand=True
                ),
            ]
        ),
        ft.Text(pad.summary(), color=ft.Colors.ON_TERTIARY_CONTAINER),
    ]
    if not pad.finished and on_finish is not None:
        lines.append(ft.Text("Finish the game, or play on with another round.", color=ft.Colors.ON_TERTIARY_CONTAINER))
        lines.append(ft.FilledButton("Finish game", icon=ft.Icons.FLAG, on_click=on_finish, height=TOUCH))
    return ft.Semantics(
        identifier="game-over",
        container=True,
        content=ft.Container(
            bgcolor=ft.Colors.TERTIARY_CONTAINER,
            border_radius=16,
            padding=12,
            content=ft.Column(lines, spacing=6),
        ),
    )


def scrolling(control: ft.Control) -> ft.Control:
    """``control`` in a column that fills the screen and scrolls (the pad's
    screen does not scroll as a whole: its sheets and its rounds do)."""
    return ft.Column([control], scroll=ft.ScrollMode.AUTO, expand=True)


def pad_layout(
    pad: Pad,
    header: ft.Control,
    notes: list[ft.Control | None],
    *,
    on_row: Callable[[int], None],
    on_detail: Callable[[int], None],
    on_add: Callable[[], None],
) -> ft.Control:
    """The pad at the table: the title ``header`` and the names and totals
    stay at the top; ``notes`` (the game's facts, the end, a refusal), the
    rounds (newest in view), the legend and the finished game's chart scroll
    between them and the add button, which stays at the bottom within the
    thumb's reach (above the message bar, never under it)."""
    ui = game_ui(pad.GAME)
    middle: list[ft.Control | None] = [*notes, *round_rows(pad, on_row=on_row, on_detail=on_detail)]
    if pad.rows:
        middle.append(ft.Text(f"{MARKS_LEGEND} {TAP_HINT}", size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    if pad.finished and pad.rows:
        middle.append(totals_chart(pad))
    controls: list[ft.Control] = [
        header,
        score_header(pad),
        ft.Column(
            [control for control in middle if control is not None],
            scroll=ft.ScrollMode.AUTO, auto_scroll=True, expand=True, spacing=2,
        ),
    ]
    if not pad.finished:
        controls.append(
            ft.Row(
                [
                    ft.FilledButton(ui.add_label(pad), icon=ft.Icons.ADD, on_click=on_add, height=56, expand=True),
                    ft.OutlinedButton(
                        "Check", icon=ft.Icons.RULE, height=56,
                        on_click=lambda: navigate(f"/check/{pad.GAME}?game_id={pad.id}"),
                    ),
                ]
            )
        )
    return ft.Column(controls, spacing=8, expand=True)


@ft.component
def PadScreen() -> ft.Control:
    """The score pad of one game (route /pad/:game_id)."""
    game_id = ft.use_route_params().get("game_id", "")
    store = use_store()
    session = use_session()
    pad_ref = ft.use_ref(None)
    editing, set_editing = ft.use_state(None)
    detail, show_detail = ft.use_state(None)
    open_sheet = ft.use_ref(None)
    problem, set_problem = ft.use_state("")

    async def keep_awake():
        try:
            await session.wakelock.enable()
        except (RuntimeError, TimeoutError):
            pass

    async def let_sleep():
        try:
            await session.wakelock.disable()
        except (RuntimeError, TimeoutError):
            pass

    ft.use_effect(keep_awake, [], cleanup=let_sleep)

    doc = store.get_game(game_id)
    if doc is None:
        return ft.Column(
            [
                screen_header("Game not found", back=lambda: navigate("/")),
                ft.Text("This game is not saved on this device (it may have been deleted)."),
                ft.FilledButton("Go to Play", on_click=lambda: navigate("/"), height=TOUCH),
            ],
            spacing=12,
        )
    pad = pad_ref.current
    if pad is None or pad.id != game_id or pad.to_doc() != doc:
        try:
            pad = pad_from_doc(doc)
        except PadError as exc:
            return ft.Column(
                [
                    screen_header("This game can not be opened", back=lambda: navigate("/")),
                    error_line(str(exc)),
                ],
                spacing=12,
            )
        pad_ref.current = pad

    def apply(change: Callable[[], object]) -> str | None:
        """Run one pad operation and save; the pad's refusal as text, else None."""
        try:
            change()
        except PadError as exc:
            return str(exc)
        store.save_game(pad.to_doc())
        announce_saved(session)
        return None

    def edit_from_detail(number: int):
        """Leave a round's detail for its entry sheet (back to the table after)."""
        show_detail(None)
        show_sheet(number)

    def show_sheet(number: int | None):
        """Open the entry sheet (NEW_ROUND or a round number), or close it (None)."""
        open_sheet.current = number
        set_editing(number)

    def submit(entry: dict) -> str | None:
        number = open_sheet.current
        if number is None:
            return None  # a second tap on a sheet that is already saved and closed
        result = apply(lambda: pad.add_round(**entry) if number == NEW_ROUND else pad.edit_round(number, **entry))
        if result is None:
            show_sheet(None)
            set_problem("")
            session.tell(f"Round {pad.next_round - 1 if number == NEW_ROUND else number} saved")
        else:
            session.tell(f"Not saved: {result}")
        return result

    def delete_round():
        number = open_sheet.current
        if number is None:
            return
        result = apply(lambda: pad.delete_round(number))
        if result is None:
            show_sheet(None)
            session.tell(f"Round {number} deleted", undo=undo)
        else:
            set_problem(result)

    def undo():
        label = pad.undo_label
        result = apply(pad.undo)
        set_problem(result or "")
        if result is None:
            session.tell(f"Undone: {label}")

    def act(change: Callable[[], object]):
        set_problem(apply(change) or "")

    ui = game_ui(pad.GAME)
    title = registry.game(pad.GAME).title
    if editing is not None:
        return scrolling(ui.Entry(
            pad,
            None if editing == NEW_ROUND else editing,
            submit,
            lambda: show_sheet(None),
            delete_round,
            key=f"{pad.id}-{editing}",
        ))
    if detail is not None and detail <= len(pad.rows):
        return scrolling(RoundDetail(pad, detail, on_edit=edit_from_detail, on_close=lambda: show_detail(None)))

    if pad.finished:
        status = "Finished"
    else:
        starter = f", {pad.next_starter} starts" if pad.next_starter else ""
        status = f"Round {pad.next_round}: {pad.next_dealer} deals{starter}"
    actions: list[ft.Control] = [
        icon_button(ft.Icons.UNDO, f"Undo {pad.undo_label}" if pad.can_undo else "Undo", undo,
                    disabled=not pad.can_undo),
        ft.PopupMenuButton(
            icon=ft.Icons.MORE_VERT,
            tooltip="More",
            items=[
                ft.PopupMenuItem(
                    content="End the game now", icon=ft.Icons.STOP_CIRCLE_OUTLINED,
                    on_click=lambda: act(pad.end_early), disabled=pad.finished or not pad.rows,
                ),
                ft.PopupMenuItem(
                    content="How do I deal this?", icon=ft.Icons.HELP_OUTLINE,
                    on_click=lambda: navigate(
                        f"/setup?game={pad.GAME}&players={len(pad.players)}&back=/pad/{pad.id}"
                    ),
                ),
                ft.PopupMenuItem(
                    content="Rules", icon=ft.Icons.MENU_BOOK_OUTLINED, on_click=lambda: navigate(f"/rules?game={pad.GAME}&game_id={pad.id}"),
                ),
            ],
        ),
    ]
    return pad_layout(
        pad,
        screen_header(title, status, back=lambda: navigate("/"), actions=actions),
        [*game_facts(pad), end_banner(pad, lambda: act(pad.finish)), error_line(problem)],
        on_row=show_sheet,
        on_detail=show_detail,
        on_add=lambda: show_sheet(NEW_ROUND),
    )
