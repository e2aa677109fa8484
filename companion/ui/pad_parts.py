"""The parts the score pad screen (``companion.ui.pad``) is drawn from: its
title row and menu, the table's layout and buttons, the winners, the
conflict question and the notes over an open sheet, the change log and
"Whose phone is this?". They draw what they are given and hand taps to the
handlers they are given; what a tap does is ``companion.table.pad_session``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import flet as ft

from companion import registry
from companion.errors import ConflictError
from companion.i18n import _, current_language
from companion.pads import Pad, PadError
from companion.pads.changelog import opening, phone_label, who
from companion.table.phones import unnamed_phone_label
from companion.table.saving import Conflict, SheetMark
from companion.ui.games import game_ui
from companion.ui.hands_view import MY_HAND
from companion.ui.round_rows import MARKS_LEGEND, ROUNDS_SHOWN, TAP_HINT, pad_rounds
from companion.ui.score_table import score_header, winners_text
from companion.ui.state import navigate
from companion.ui.totals_chart import totals_chart
from companion.ui.widgets import (
    SIDE_BUTTON,
    TOUCH,
    back_button,
    error_line,
    icon_button,
    screen_header,
    title_text,
    use_show_more,
)


@ft.component
def _Facts(lines: tuple[str, ...]) -> ft.Control:
    """The lines under the title that differ by game (limits, contracts), muted, in one text."""
    return ft.Text("\n".join(lines), color=ft.Colors.ON_SURFACE_VARIANT)


Facts = ft.memo(_Facts)
"""The game's facts (:func:`_Facts`, from its UI module's ``facts``), built
again only when their words change."""


def end_banner(pad: Pad, on_finish: Callable[[], None] | None) -> ft.Control | None:
    """The end of the game: winners announced; "Finish game" when the end is not accepted yet, with
    the offer to play on, or the game's own words where it has them (its UI's ``end_hint``)."""
    if not (pad.finished or pad.is_over):
        return None
    headline = winners_text(pad)
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
        hint = getattr(game_ui(pad.GAME), "end_hint", lambda _pad: None)(pad)
        offer = hint or _("Finish the game, or play on with another round.")
        lines.append(ft.Text(offer, color=ft.Colors.ON_TERTIARY_CONTAINER))
        lines.append(ft.FilledButton(_("Finish game"), icon=ft.Icons.FLAG, on_click=on_finish, height=TOUCH))
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


def round_now(pad: Pad, number: int) -> str:
    """Round ``number`` of ``pad`` as it is saved now, in one line:
    "Round 4 now: Ann +1, Ben 0" (each player's cell text)."""
    row = pad.rows[number - 1]
    cells = ", ".join(f"{player} {game_ui(pad.GAME).change_text(pad, row, player)}" for player in pad.players)
    return _("Round {number} now: {cells}").format(number=number, cells=cells)


def conflict_card(
    pad: Pad, conflict: Conflict, on_apply: Callable[[], None], on_drop: Callable[[], None],
    on_also: Callable[[], None] | None = None,
) -> ft.Control:
    """The question put when another phone changed the game under an open
    sheet: what happened, the round as it is now (an edit or a delete), and
    the answers (apply mine again / keep the game as it is; ``on_also``,
    the conflict's third answer when it has one: save over the round that
    has the deleted one's number now)."""
    lines: list[ft.Control] = [
        ft.Row(
            [
                ft.Icon(ft.Icons.SYNC_PROBLEM, color=ft.Colors.ON_ERROR_CONTAINER),
                ft.Text(conflict.message, color=ft.Colors.ON_ERROR_CONTAINER, weight=ft.FontWeight.W_600, expand=True),
            ]
        )
    ]
    if not conflict.mark.new:
        lines.append(ft.Text(round_now(pad, conflict.mark.number), color=ft.Colors.ON_ERROR_CONTAINER))
    lines.append(
        ft.Row(
            [
                ft.FilledButton(conflict.apply_label, on_click=on_apply, height=TOUCH, expand=True),
                ft.OutlinedButton(conflict.drop_label, on_click=on_drop, height=TOUCH, expand=True),
            ],
        )
    )
    if conflict.also is not None and on_also is not None:
        lines.append(ft.OutlinedButton(conflict.also[0], on_click=on_also, height=TOUCH))
    return ft.Semantics(
        identifier="conflict",
        container=True,
        content=ft.Container(
            bgcolor=ft.Colors.ERROR_CONTAINER, border_radius=16, padding=12, content=ft.Column(lines, spacing=8)
        ),
    )


def sheet_notice(pad: Pad, mark: SheetMark) -> str:
    """What changed on another phone while a sheet stayed open ("" when nothing did): for a
    new round's sheet, a round saved with its number, or a round taken away (deleted or
    undone) so that the next round's number is lower; for a round changed meanwhile, its
    values as saved now (:func:`round_now`)."""
    newest = pad.changes[0].by if pad.changes else None
    if mark.in_play and pad.finished:
        return _("This game was ended on {phone} while this sheet was open. Saving will ask whether to play on.").format(
            phone=who(pad.ended_by))
    if mark.new:
        if pad.next_round == mark.number:
            return ""
        if pad.next_round < mark.number:
            return _(
                "A round was deleted or undone on {phone} while this sheet was open: the next round is round "
                "{number} now. Saving yours will ask whether it is that round."
            ).format(number=pad.next_round, phone=who(newest))
        return _(
            "Round {number} was just saved on {phone}. Saving yours will ask whether it is another round."
        ).format(number=mark.number, phone=who(newest))
    try:
        number = pad.round_number(mark.round_id)
    except (ConflictError, PadError) as gone:
        return _("{problem}. Saving yours will ask what to do.").format(problem=gone)
    if pad.round_rev(number) == mark.rev:
        return ""
    return _(
        "Round {number} was changed on {phone} while this sheet was open. {now}. Saving will ask which to keep."
    ).format(number=number, phone=who(newest), now=round_now(pad, number))


def notice_line(text: str, identifier: str = "sheet-notice") -> ft.Control | None:
    """A highlighted line above an open sheet (None for no text), its test id ``identifier``."""
    if not text:
        return None
    return ft.Semantics(
        identifier=identifier,
        container=True,
        content=ft.Container(
            bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=12, padding=10,
            content=ft.Row(
                [
                    ft.Icon(ft.Icons.INFO_OUTLINE, color=ft.Colors.ON_SECONDARY_CONTAINER),
                    ft.Text(text, color=ft.Colors.ON_SECONDARY_CONTAINER, expand=True),
                ]
            ),
        ),
    )


CHANGES_SHOWN = 10
"""Changes the change log shows at first (the newest): a game's log keeps up
to ``companion.document.LOG_LIMIT`` changes, and the view costs the phone
as much at the hundredth as at the tenth."""
CHANGES_MORE = 20
"""Changes each "Show older changes" adds to the change log."""


@ft.component
def ChangesView(
    pad: Pad, problem: str, on_undo: Callable[[int | None], None], back: Callable[[], None]
) -> ft.Control:
    """The game's change log ("Changes"): who changed what and when, newest
    first (the newest :data:`CHANGES_SHOWN`, "Show older changes" for
    :data:`CHANGES_MORE` more), with the undo of the newest change not yet
    undone (passing its number: ``on_undo(expected)``) and ``problem``, why
    the last one was refused ("" for none)."""
    changes = pad.changes
    shown, more = use_show_more(len(changes), CHANGES_SHOWN, CHANGES_MORE, _("Show older changes"))
    lines: list[ft.Control] = [screen_header(_("Changes"), registry.game(pad.GAME).title, back=back)]
    refusal = error_line(problem)
    if refusal is not None:
        lines.append(refusal)
    if pad.can_undo:
        expected = pad.undo_id
        lines.append(
            ft.FilledButton(pad.undo_label, icon=ft.Icons.UNDO, on_click=lambda: on_undo(expected), height=TOUCH)
        )
    if not changes:
        lines.append(ft.Text(_("No changes yet."), color=ft.Colors.ON_SURFACE_VARIANT))
    for change in changes[:shown]:
        lines.append(
            ChangeLine(
                change.id,
                _("{change} (undone)").format(change=opening(change.label)) if change.undone
                else opening(change.label),
                "\n".join(filter(None, [f"{change.time} · {opening(who(change.by))}", change.hands])),
                change.undone,
                key=f"change-{change.id}",
            )
        )
    if more is not None:
        lines.append(more)
    return ft.Column(lines, spacing=6)


@ft.component
def _ChangeLine(number: int, text: str, when: str, undone: bool) -> ft.Control:
    """One line of the change log: change ``number``'s ``text`` ("round 4
    added"), ``when`` and by whom under it (and, for a round entered hand by
    hand, who entered each hand), its icon telling whether it was undone."""
    return ft.Semantics(
        identifier=f"change-{number}",
        container=True,
        content=ft.ListTile(
            leading=ft.Icon(ft.Icons.REPLAY if undone else ft.Icons.EDIT_NOTE),
            title=ft.Text(text),
            subtitle=ft.Text(when),
            content_padding=0,
        ),
    )


ChangeLine = ft.memo(_ChangeLine)
"""A line of the change log (:func:`_ChangeLine`), keyed by its change's
number: a new change adds one line, the lines already shown are not built
again though each moves down a place."""


def phone_view(pad: Pad, current: str, on_pick: Callable[[str], None], back: Callable[[], None]) -> ft.Control:
    """"Whose phone is this?": one button per player of the game, and one for
    a phone no player holds; the label goes into the change log."""
    lines: list[ft.Control] = [
        screen_header(
            _("Whose phone is this?"), _("Changes made here are marked {phone}").format(phone=current), back=back
        ),
        ft.Text(_("Other phones at the table see who changed what."), color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    for player in pad.players:
        label = phone_label(player)
        lines.append(
            (ft.FilledButton if label == current else ft.OutlinedButton)(
                opening(label), icon=ft.Icons.PHONE_ANDROID, on_click=partial(on_pick, label), height=TOUCH,
            )
        )
    lines.append(ft.TextButton(_("No player's phone"), on_click=lambda: on_pick(unnamed_phone_label()), height=TOUCH))
    return ft.Column(lines, spacing=8)


def problem_screen(title: str, text: str) -> ft.Control:
    """A screen saying why a game can not be shown, with the way home."""
    return ft.Column(
        [
            screen_header(title, back=lambda: navigate("/")),
            error_line(text),
            ft.FilledButton(_("Go to Play"), on_click=lambda: navigate("/"), height=TOUCH),
        ],
        spacing=12,
    )


def pinned(*notes: ft.Control | None, sheet: ft.Control) -> ft.Control:
    """An entry ``sheet`` under ``notes`` (None left out: the question
    another phone's change puts, what changed meanwhile, why a save was
    refused): the notes stay at the top, in view on the shortest phone
    whichever part of the sheet the user had scrolled to and tapped "Save"
    in, and only the sheet scrolls under them. The sheet keeps its place
    in the tree whether notes are shown or not, so a note coming or going
    never builds the sheet anew (the user's taps are kept)."""
    shown = [note for note in notes if note is not None]
    return ft.Column(
        [ft.Column(shown, spacing=10, visible=bool(shown)), scrolling(sheet)], expand=True, spacing=10 if shown else 0
    )


def scrolling(*controls: ft.Control | None, spacing: int = 10) -> ft.Control:
    """``controls`` (None left out), ``spacing`` px apart, in one column that
    fills the screen and scrolls (the pad's screen does not scroll as a
    whole: its sheets and its rounds do)."""
    return ft.Column(
        [control for control in controls if control is not None], scroll=ft.ScrollMode.AUTO, expand=True, spacing=spacing
    )


def pad_layout(
    pad: Pad,
    header: ft.Control,
    notes: list[ft.Control | None],
    *,
    on_row: Callable[[int], None],
    on_detail: Callable[[int], None],
    on_add: Callable[[], None],
    hands_control: ft.Control | None = None,
    on_hand: Callable[[], None] | None = None,
    covered: bool = False,
    end: ft.Control | None = None,
    unfolded: bool = False,
    on_fold: Callable[[bool], None] | None = None,
) -> ft.Control:
    """The pad at the table: the title ``header`` and the names and totals
    stay at the top; ``notes`` (the game's facts, a refusal), the
    rounds (newest in view), the legend and the finished game's chart scroll
    between them and the add button, which stays at the bottom within the
    thumb's reach (above the message bar, never under it). A game entered
    hand by hand has ``hands_control`` (the round being entered, above the
    buttons) and ``on_hand``, the "My hand" button's handler. ``end`` (the
    winners, :func:`end_banner`) stays under the rounds, above the buttons,
    so the winner is in view however far the rounds scroll. ``unfolded``
    shows every round rather than the newest (the table's fold button calls
    ``on_fold``, :func:`~companion.ui.round_rows.pad_rounds`). ``covered`` True keeps the pad's controls
    but puts them out of sight under a sheet or a view (:func:`out_of_sight`).

    The handlers should stay the same from render to render (the pad's
    ``companion.ui.pad.Taps``): a save then builds only what it changed, and
    the legend and buttons are kept (``ft.use_memo``, so call this at each
    render of the component that shows it)."""
    ui = game_ui(pad.GAME)
    language = current_language()
    legend = ft.use_memo(lambda: ft.Text(f"{_(MARKS_LEGEND)} {_(TAP_HINT)}", size=13,
                                         color=ft.Colors.ON_SURFACE_VARIANT), [language])
    add_label, check_route = ui.add_label(pad), f"/check/{pad.GAME}?game_id={pad.id}"
    buttons = ft.use_memo(lambda: PadButtons(add_label, check_route, language, on_add, on_hand),
                          [add_label, check_route, language, on_add, on_hand])
    middle: list[ft.Control | None] = [*notes, pad_rounds(pad, unfolded, on_row, on_detail, on_fold)]
    if pad.rows:
        middle.append(legend)
    if pad.finished and len(pad.rows) > 1:
        middle.append(totals_chart(pad))
    controls: list[ft.Control] = [
        header,
        score_header(pad),
        ft.Column(
            [control for control in middle if control is not None],
            scroll=ft.ScrollMode.AUTO, auto_scroll=True, expand=True, spacing=2,
        ),
    ]
    if end is not None:
        controls.append(end)
    if hands_control is not None:
        controls.append(hands_control)
    if not pad.finished:
        controls.append(buttons)
    return out_of_sight(ft.Column(controls, spacing=8, expand=True), covered, unfolded and len(pad.rows) > ROUNDS_SHOWN)


def out_of_sight(table: ft.Control, covered: bool, unfolded: bool) -> ft.Control:
    """``table`` (the pad's column) out of sight while ``covered``: not
    drawn, out of the accessibility tree and of the keyboard's reach (Tab),
    its controls kept, so that shown again the phones are sent only that and
    what changed meanwhile. Folded (``unfolded`` False: the newest rounds
    only, or no more rounds than those), it is hidden, and the phone draws
    it anew when it shows again. Unfolded, it stays drawn
    under the cover, transparent and disabled, so the rounds keep where they
    were scrolled to (drawn anew, a scrolled column starts from its top and
    scrolls down to the newest round). Hiding is the cheaper for the phone:
    enabling a disabled table makes it rebuild every control under it (about
    5 ms of the 25 ms "Save round" cost a phone, bench/live.py --phone-cpu).
    The opacity always goes through a zero-length animation, so the phone
    keeps one wrapper around the pad whichever way it is covered. Returns
    ``table``."""
    kept_drawn = covered and unfolded
    table.visible = kept_drawn or not covered
    table.opacity, table.animate_opacity, table.disabled = (0 if kept_drawn else 1), 0, kept_drawn
    return table


def cover(above: ft.Control, shown: bool = True) -> ft.Control:
    """``above`` (a sheet or a view) over the whole pad, on the page's own colour: it takes every tap
    there, so none reaches the covered pad; ``shown`` False keeps it, out of sight."""
    return ft.Container(content=above, bgcolor=ft.Colors.SURFACE, visible=shown)


@ft.component
def _PadButtons(
    add_label: str, check_route: str, language: str, on_add: Callable[[], None], on_hand: Callable[[], None] | None
) -> ft.Control:
    """The buttons under the pad: ``add_label`` ("Add round"), "My hand" when ``on_hand`` is given,
    and "Check" (opening ``check_route``), the last two narrow, in ``language`` (a language code)."""
    return ft.Row(
        [
            ft.FilledButton(add_label, icon=ft.Icons.ADD, on_click=lambda: on_add(), height=56, expand=True),
            *([ft.OutlinedButton(_(MY_HAND), on_click=lambda: on_hand(), height=56, style=SIDE_BUTTON)]
              if on_hand else []),
            ft.OutlinedButton(_("Check"), icon=ft.Icons.RULE, height=56, style=SIDE_BUTTON,
                              on_click=lambda: navigate(check_route)),
        ]
    )


PadButtons = ft.memo(_PadButtons)
"""The pad's buttons (:func:`_PadButtons`), built again only when their
words change."""


@dataclass(frozen=True)
class MenuFacts:
    """What the pad's ⋮ menu depends on.

    Attributes:
        game: the game's registry id.
        game_id: the saved game's id.
        players: how many players the game has.
        can_end: whether "End the game now" is offered (a game in progress
            with a round, not over by the rules: that one is finished).
        language: the language code the menu is written in.
    """

    game: str
    game_id: str
    players: int
    can_end: bool
    language: str


@ft.component
def _PadMenu(facts: MenuFacts, on_go: Callable[[str], None], on_end: Callable[[], None]) -> ft.Control:
    """The pad's ⋮ menu: "Changes", "Invite phones", "Whose phone is this?"
    and "Board for the table" (``on_go(view)``), "End the game now"
    (``on_end``), the setup guide and the rules."""
    return ft.PopupMenuButton(
        icon=ft.Icons.MORE_VERT,
        tooltip=_("More"),
        items=[
            ft.PopupMenuItem(content=_("Changes"), icon=ft.Icons.HISTORY, on_click=lambda: on_go("changes")),
            ft.PopupMenuItem(content=_("Invite phones"), icon=ft.Icons.QR_CODE_2, on_click=lambda: on_go("invite")),
            ft.PopupMenuItem(
                content=_("Whose phone is this?"), icon=ft.Icons.PHONE_ANDROID, on_click=lambda: on_go("phone"),
            ),
            ft.PopupMenuItem(content=_("Board for the table"), icon=ft.Icons.TV, on_click=lambda: on_go("board")),
            ft.PopupMenuItem(
                content=_("End the game now"), icon=ft.Icons.STOP_CIRCLE_OUTLINED,
                on_click=lambda: on_end(), disabled=not facts.can_end,
            ),
            ft.PopupMenuItem(
                content=_("How do I deal this?"), icon=ft.Icons.HELP_OUTLINE,
                on_click=lambda: navigate(
                    f"/setup?game={facts.game}&players={facts.players}&back=/pad/{facts.game_id}"
                ),
            ),
            ft.PopupMenuItem(
                content=_("Rules"), icon=ft.Icons.MENU_BOOK_OUTLINED,
                on_click=lambda: navigate(f"/rules?game={facts.game}&game_id={facts.game_id}"),
            ),
        ],
    )


PadMenu = ft.memo(_PadMenu)
"""The pad's menu (:func:`_PadMenu`), built again only when its
:class:`MenuFacts` change (hardly ever: a save does not)."""


@ft.component
def _PadBar(
    title: str, status: str, undo_label: str, undo_id: int | None, menu: MenuFacts,
    on_undo: Callable[[int | None], None], on_go: Callable[[str], None], on_end: Callable[[], None],
) -> ft.Control:
    """The pad's title row: back, the game's ``title`` and ``status`` (whose
    deal), undo (``undo_label``; ``on_undo(undo_id)``, disabled when
    ``undo_id`` is None) and the menu (:data:`PadMenu`). The back button,
    the title and the menu are kept from one render to the next
    (``ft.use_memo``): a save builds whose deal and undo again."""
    back = ft.use_memo(lambda: back_button(lambda: navigate("/")), [menu.language])
    heading = ft.use_memo(lambda: title_text(title), [title])
    return screen_header(
        heading,
        status,
        back=back,
        actions=[
            icon_button(ft.Icons.UNDO, undo_label, lambda: on_undo(undo_id), disabled=undo_id is None),
            ft.use_memo(lambda: PadMenu(menu, on_go, on_end), [menu, on_go, on_end]),
        ],
    )


PadBar = ft.memo(_PadBar)
"""The pad's title row (:func:`_PadBar`), built again only when its words
change (a save changes whose deal and the undo, not the menu)."""

