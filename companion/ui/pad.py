"""The score pad screen (/pad/:game_id): the table, the entry sheets, the
change log, whose phone this is, the end.

The screen shows the game through ``use_game``: the pad every session
shares, replayed once per change, and a change saved on another phone
repaints this one (the game's pubsub topic; sessions on other games are not
told).
No pad is kept across a user's think time to be saved: an entry sheet keeps
only a ``SheetMark`` (the round id and revision it showed, or the number a
new round gets) and every tap that changes the game is one transaction on
the latest saved version (companion/ui/saving.py); what the open sheet holds
is kept for this phone at each tap (companion/ui/kept_sheets.py) and comes
back after a restart or a reload. A change the game moved
past meanwhile is put to the user as a question; the store's refusals
(read-only folder, full disk, game deleted) are shown in plain words. The
rules are the pad's, the layout is this module's.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import flet as ft

from companion import registry
from companion.errors import ConflictError
from companion.i18n import _, current_language
from companion.pads import Pad, PadError
from companion.pads.changelog import opening, phone_label, who
from companion.ui import hands, kept_sheets, saving
from companion.ui.board import BoardInvite
from companion.ui.deleted import DeletedGame
from companion.ui.games import game_ui
from companion.ui.hands_view import MY_HAND, HandsBox
from companion.ui.invite import InviteView
from companion.ui.saving import DELETE, Conflict, Outcome, SheetMark
from companion.ui.round_detail import RoundDetail
from companion.ui.round_rows import MARKS_LEGEND, TAP_HINT, RoundRows, round_lines
from companion.ui.score_table import deal_text, score_header, winners_text
from companion.ui.state import (
    SessionState,
    announce_hands,
    announce_saved,
    name_phone,
    navigate,
    phone_player,
    unnamed_phone_label,
    use_game,
    use_keep_awake,
    use_latest,
    use_session,
    use_store,
)
from companion.ui.totals_chart import totals_chart
from companion.ui.widgets import TOUCH, error_line, icon_button, screen_header

NEW_ROUND = 0
"""``editing`` value meaning "the sheet is open for a new round"."""

UNDO_SETTLE = 2.0
"""Seconds after another phone's change moved what the undo button takes
back during which a tap on it is taken as a tap on what it offered before:
the phone may have been tapped before it painted the new words."""


@dataclass(frozen=True)
class UndoOffered:
    """What a phone's undo button offers, as the pad screen last drew it.

    Attributes:
        undo_id: the change it takes back (``Pad.undo_id``; None: none).
        before: the change it took back until another phone's change moved
            it (None when this phone moved it, or it has not moved).
        since: when it moved (``time.monotonic()`` seconds).
    """

    undo_id: int | None
    before: int | None = None
    since: float = 0.0


def use_undo_offered(pad: Pad | None, session: SessionState, screen: object) -> Callable[[int | None], int | None]:
    """The change a tap on the pad's undo button meant to take back; call
    inside the pad's component on every render.

    ``pad`` is the game as shown now (None: none is shown); ``screen`` tells
    what the pad screen shows (the table, a sheet, a view: any value that
    changes when that does). Returns ``offered(expected)``: ``expected``
    (the ``pad.undo_id`` the server drew the button with), or, within
    :data:`UNDO_SETTLE` seconds after a change made on another phone moved
    it, the change the button offered before that, when the button was
    already on the screen then. Undoing that one is then refused with the
    pad's words ("Ben's phone already undid round 3 ...: nothing was
    undone") instead of a second change being undone that nobody asked to
    undo (``Pad.undo(expected=...)``). A change this phone saved (its number
    is the session's ``own_changes`` for the game) starts no wait; a
    reconnect or a hand entered does not count as one. A screen shown after
    the change (the Changes view opened, the table uncovered) showed the new
    words only, so a tap there means them."""
    seen = ft.use_ref(None)
    drawn = ft.use_ref(None)
    now = time.monotonic()
    if drawn.current is None or drawn.current[0] != screen:
        drawn.current = (screen, now)
    undo_id = None if pad is None else pad.undo_id
    if seen.current is None:
        seen.current = UndoOffered(undo_id)
    elif seen.current.undo_id != undo_id:
        own = pad is not None and session.own_changes.get(pad.id) == pad.latest_change_id
        seen.current = UndoOffered(undo_id, None if own else seen.current.undo_id, now)

    def offered(expected: int | None) -> int | None:
        shown = seen.current
        if (expected == shown.undo_id and shown.before is not None and drawn.current[1] < shown.since
                and time.monotonic() - shown.since < UNDO_SETTLE):
            return shown.before
        return expected

    return offered


@ft.component
def _Facts(lines: tuple[str, ...]) -> ft.Control:
    """The lines under the title that differ by game (limits, contracts), muted."""
    return ft.Column([ft.Text(line, color=ft.Colors.ON_SURFACE_VARIANT) for line in lines], spacing=2)


Facts = ft.memo(_Facts)
"""The game's facts (:func:`_Facts`, from its UI module's ``facts``), built
again only when their words change."""


def end_banner(pad: Pad, on_finish: Callable[[], None] | None) -> ft.Control | None:
    """The end of the game: winners announced; "Finish game" when the end is not accepted yet."""
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
        lines.append(ft.Text(_("Finish the game, or play on with another round."), color=ft.Colors.ON_TERTIARY_CONTAINER))
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
    """What changed on another phone while a sheet stayed open ("" when nothing did);
    for a round changed meanwhile, its values as saved now (:func:`round_now`)."""
    newest = pad.changes[0].by if pad.changes else None
    if mark.in_play and pad.finished:
        return _("This game was ended on {phone} while this sheet was open. Saving will ask whether to play on.").format(
            phone=who(pad.ended_by))
    if mark.new:
        if pad.next_round == mark.number:
            return ""
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


def changes_view(
    pad: Pad, problem: str, on_undo: Callable[[int | None], None], back: Callable[[], None]
) -> ft.Control:
    """The game's change log ("Changes"): who changed what and when, newest
    first, with the undo of the newest change not yet undone (passing its
    number: ``on_undo(expected)``) and ``problem``, why the last one was
    refused ("" for none)."""
    lines: list[ft.Control] = [screen_header(_("Changes"), registry.game(pad.GAME).title, back=back)]
    refusal = error_line(problem)
    if refusal is not None:
        lines.append(refusal)
    if pad.can_undo:
        expected = pad.undo_id
        lines.append(
            ft.FilledButton(pad.undo_label, icon=ft.Icons.UNDO, on_click=lambda: on_undo(expected), height=TOUCH)
        )
    if not pad.changes:
        lines.append(ft.Text(_("No changes yet."), color=ft.Colors.ON_SURFACE_VARIANT))
    for change in pad.changes:
        lines.append(
            ChangeLine(
                change.id,
                _("{change} (undone)").format(change=opening(change.label)) if change.undone
                else opening(change.label),
                "\n".join(filter(None, [f"{change.time} · {opening(who(change.by))}", change.hands])),
                change.undone,
            )
        )
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
"""A line of the change log (:func:`_ChangeLine`): a new change adds one
line, the lines already shown are not built again."""


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
) -> ft.Control:
    """The pad at the table: the title ``header`` and the names and totals
    stay at the top; ``notes`` (the game's facts, a refusal), the
    rounds (newest in view), the legend and the finished game's chart scroll
    between them and the add button, which stays at the bottom within the
    thumb's reach (above the message bar, never under it). A game entered
    hand by hand has ``hands_control`` (the round being entered, above the
    buttons) and ``on_hand``, the "My hand" button's handler. ``end`` (the
    winners, :func:`end_banner`) stays under the rounds, above the buttons,
    so the winner is in view however far the rounds scroll. ``covered``
    True keeps the pad built but unseen under a sheet or a view (see
    :func:`cover`): not painted, out of the accessibility tree, and
    disabled, so the keyboard can not reach it either. Its opacity always
    goes through a zero-length animation, so the phone keeps one wrapper
    around the pad and covering it never builds it anew.

    The handlers should stay the same from one render to the next
    (``companion.ui.state.use_latest``): the names and totals, the rounds
    and the buttons are memoised, so drawing the pad again after a save
    builds only what the save changed."""
    ui = game_ui(pad.GAME)
    language = current_language()
    middle: list[ft.Control | None] = [*notes, RoundRows(round_lines(pad), on_row, on_detail)]
    if pad.rows:
        middle.append(ft.Text(f"{_(MARKS_LEGEND)} {_(TAP_HINT)}", size=13, color=ft.Colors.ON_SURFACE_VARIANT))
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
        controls.append(PadButtons(ui.add_label(pad), f"/check/{pad.GAME}?game_id={pad.id}", language, on_add, on_hand))
    return ft.Column(
        controls, spacing=8, expand=True, opacity=0 if covered else 1, animate_opacity=0, disabled=covered
    )


def cover(above: ft.Control) -> ft.Control:
    """``above`` (a sheet or a view) over the whole pad, on the page's own
    colour: it takes every tap there, so none reaches the covered pad."""
    return ft.Container(content=above, bgcolor=ft.Colors.SURFACE)


@ft.component
def _PadButtons(
    add_label: str, check_route: str, language: str, on_add: Callable[[], None], on_hand: Callable[[], None] | None
) -> ft.Control:
    """The buttons under the pad: ``add_label`` ("Add round"), "My hand"
    when ``on_hand`` is given, and "Check" (opening ``check_route``), in
    ``language`` (a language code)."""
    return ft.Row(
        [
            ft.FilledButton(add_label, icon=ft.Icons.ADD, on_click=lambda: on_add(), height=56, expand=True),
            *([ft.OutlinedButton(_(MY_HAND), on_click=lambda: on_hand(), height=56)] if on_hand else []),
            ft.OutlinedButton(_("Check"), icon=ft.Icons.RULE, height=56, on_click=lambda: navigate(check_route)),
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
    ``undo_id`` is None) and the menu (:data:`PadMenu`)."""
    return screen_header(
        title,
        status,
        back=lambda: navigate("/"),
        actions=[
            icon_button(ft.Icons.UNDO, undo_label, lambda: on_undo(undo_id), disabled=undo_id is None),
            PadMenu(menu, on_go, on_end),
        ],
    )


PadBar = ft.memo(_PadBar)
"""The pad's title row (:func:`_PadBar`), built again only when its words
change (a save changes whose deal and the undo, not the menu)."""


@ft.component
def PadScreen() -> ft.Control:
    """The score pad of one game (route /pad/:game_id), as saved now: a
    :func:`GamePad` keyed on the game, so going from one game's address
    straight to another's starts afresh (no sheet or view of the first
    game stays open)."""
    game_id = ft.use_route_params().get("game_id", "")
    return GamePad(game_id, key=game_id)


@ft.component
def GamePad(game_id: str) -> ft.Control:
    """The score pad of saved game ``game_id``: the table, its sheets and views."""
    store = use_store()
    session = use_session(watch=("phone",))
    sheet, set_sheet = ft.use_state(None)
    sheet_ref = ft.use_ref(None)
    opened = ft.use_ref(None)
    question, set_question = ft.use_state(None)
    view, set_view = ft.use_state("pad")
    detail, set_detail = ft.use_state(None)
    refusal, set_refusal = ft.use_state(("", 0))
    mine, set_mine = ft.use_state(None)
    hand_next = ft.use_ref(False)
    hand_mark = ft.use_ref(None)
    sheet_start = ft.use_ref(None)
    typed = ft.use_ref(None)
    writer = ft.use_ref(kept_sheets.SheetWriter).current
    restored, set_restored = ft.use_state(None)
    saving_now = ft.use_ref(False)
    page = ft.context.page

    use_keep_awake()
    ft.use_effect(lambda: session.showed_pad(game_id), [game_id])

    shown = use_game(game_id)
    undo_offered = use_undo_offered(shown.pad, session, (view, sheet, detail, mine))
    # The handlers handed to the memoised parts of the pad stay the same
    # objects from render to render and call this render's functions below.
    on_undo = use_latest(lambda expected: page.run_task(undo, undo_offered(expected)))
    on_go = use_latest(lambda name: go(name))
    on_end = use_latest(lambda: page.run_task(act, lambda saved: saved.end_early(), _("Game ended")))
    on_row = use_latest(lambda number: open_sheet(number))
    on_detail = use_latest(lambda number: show_detail(number))
    on_add = use_latest(lambda: open_sheet(NEW_ROUND))
    on_hand = use_latest(lambda: my_hand())
    on_typed = use_latest(lambda entry: keep_sheet(sheet_ref.current, entry))
    on_save_hands = use_latest(lambda: page.run_task(save_hands))
    on_clear_hands = use_latest(lambda: page.run_task(clear_stale_hands))
    ft.use_effect(lambda: bring_back() if shown.pad is not None else None, [session.phone, shown.pad is None])
    if shown.problem:
        return problem_screen(_("This game can not be opened"), shown.problem)
    if shown.pad is None:
        return ft.Column(
            [
                DeletedGame(game_id, back=lambda: navigate("/")),
                ft.FilledButton(_("Go to Play"), on_click=lambda: navigate("/"), height=TOUCH),
            ],
            spacing=12,
        )
    pad = shown.pad
    by = session.phone or None
    problem, refused_at = refusal
    # A refusal shown on the table is about the game as it was: once another
    # change is shown, it no longer holds ("undo now takes back that one").
    table_problem = problem if refused_at >= pad.latest_change_id else ""

    def set_problem(text: str, at: int | None = None):
        """Show ``text`` (why this phone's last action was refused; "" for
        nothing), as of change number ``at`` (None: the change shown now)."""
        set_refusal((text, pad.latest_change_id if at is None else at))
    table_hands = hands.table_hands(pad, shown.draft)
    me = phone_player(pad.players, session.phone)

    def keep_sheet(mark: SheetMark | None, entry: dict | None):
        """Keep this phone's sheet, open on ``mark`` with ``entry`` as typed
        (None: as opened), in the data folder; ``mark`` None drops it."""
        typed.current = entry
        kept = None if mark is None else kept_sheets.KeptSheet(mark, entry)
        writer.put(partial(kept_sheets.keep, store, game_id, session.phone, kept))

    def leave():
        """What the pad shows changes (a sheet or a view opens or closes):
        the message shown over what it showed goes with it, so its Undo is
        never tapped over a screen it does not name."""
        session.dismissed(session.message_id)

    def show_sheet(mark: SheetMark | None, restored_notice: str | None = None):
        """Open an entry sheet on ``mark``, or close it (None); a sheet kept
        from before comes back with ``restored_notice`` ("" or what happened
        to it meanwhile) and is marked not saved yet."""
        leave()
        sheet_ref.current = mark
        set_sheet(mark)
        set_question(None)
        set_restored(restored_notice)
        keep_sheet(mark, sheet_start.current if mark is not None else None)

    def bring_back():
        """Once this phone's label is known, open again the sheet it had
        open on this game (kept as typed: the server restarted, the page was
        reloaded, the connection came back), unless a sheet is open now."""
        if session.phone and sheet_ref.current is None:
            page.run_task(open_kept, session.phone)

    async def open_kept(phone: str):
        kept = await asyncio.to_thread(kept_sheets.restore, store, game_id, phone, game_ui(pad.GAME).sheet_entry)
        if kept is None or sheet_ref.current is not None or phone != session.phone:
            return
        sheet, opened.current = kept
        sheet_start.current = sheet.entry
        show_sheet(sheet.mark, sheet.notice)

    def close_sheet():
        """Back to the table without saving: a refusal of the sheet's entry goes with it."""
        show_sheet(None)
        set_problem("")

    def show_detail(number: int | None):
        """Show round ``number``'s detail, or close it (None)."""
        leave()
        set_detail(number)

    def show_hand(player: str | None):
        """Show ``player``'s "My hand" sheet, or close it (None)."""
        leave()
        set_mine(player)

    def open_sheet(number: int):
        """Open the sheet for round ``number``, or for a new round (NEW_ROUND)."""
        opened.current = pad
        sheet_start.current, clash = hands.sheet_start(pad, table_hands) if number == NEW_ROUND else (None, "")
        set_problem(clash)
        show_sheet(saving.mark_new(pad) if number == NEW_ROUND else saving.mark_round(pad, number))

    def open_hand(player: str):
        """Open ``player``'s "My hand" sheet, marked with the game as it is now."""
        hand_mark.current = hands.mark_hand(pad, table_hands.draft, player)
        show_hand(player)

    def my_hand():
        """Open this phone's player's own hand; ask first whose phone it is when nobody said."""
        set_problem("")
        if me is None:
            hand_next.current = True
            go("phone")
            return
        open_hand(me)

    def submit_hand(entry: dict) -> str | None:
        refusal, hand_mark.current = hands.send_hand(store, game_id, mine, entry, by, hand_mark.current)
        if refusal:
            return refusal
        show_hand(None)
        announce_hands(session, game_id)
        session.tell(_("{player}'s hand is in").format(player=mine))
        return None

    async def save_hands():
        outcome = await asyncio.to_thread(hands.save_hands, store, game_id, by)
        set_problem("" if outcome.saved else outcome.message)
        announce_saved(session, game_id, outcome.pad if outcome.saved else None)
        if outcome.saved:
            session.tell(outcome.message, undo=undo_from_bar(outcome))

    async def clear_stale_hands():
        await asyncio.to_thread(hands.clear_hands, store, game_id)
        announce_hands(session, game_id)

    def settle(outcome: Outcome, entry: dict | None) -> str | None:
        """After a save from the sheet: close it and tell, put the conflict
        question, or hand back the refusal."""
        if outcome.saved:
            show_sheet(None)
            announce_saved(session, game_id, outcome.pad)
            session.tell(outcome.message, undo=undo_from_bar(outcome))
            return None
        if outcome.conflict is not None:
            set_question((outcome.conflict, entry))
            return None
        return outcome.message

    def undo_from_bar(outcome: Outcome) -> Callable[[], None] | None:
        """The message bar's "Undo" for the change just saved (by its number in the log)."""
        expected = outcome.pad.undo_id if outcome.pad is not None else None
        return None if expected is None else lambda: page.run_task(undo, expected)

    def edit_from_detail(number: int):
        """Leave a round's detail for its entry sheet (back to the table after)."""
        show_detail(None)
        open_sheet(number)

    def submit(entry: dict) -> str | None:
        """Save the sheet's entry in a task of its own (the store's work off
        the event loop, so no other phone waits for it); a tap while that
        save runs is not a second save. A refusal is shown over the sheet.
        While another phone's change is put as a question, "Save" says so
        (the answer then saves this entry, as it is now)."""
        mark = sheet_ref.current
        if mark is None or saving_now.current:
            return None
        if question is not None:
            set_question((question[0], entry))
            set_problem(_("First answer the question above: \u201c{apply}\u201d or \u201c{drop}\u201d").format(
                apply=question[0].apply_label, drop=question[0].drop_label))
            return None
        saving_now.current = True
        page.run_task(save_entry, mark, entry)
        return None

    async def save_from_sheet(mark: SheetMark, entry: dict) -> Outcome:
        """Save the sheet's entry on ``mark``; a new round the sheet started
        from the hands entered hand by hand uses them up (they are cleared)."""
        outcome = await asyncio.to_thread(saving.save_round, store, game_id, mark, entry, by)
        if outcome.saved and mark.new and sheet_start.current is not None:
            await asyncio.to_thread(hands.clear_hands, store, game_id)
        return outcome

    async def save_entry(mark: SheetMark, entry: dict):
        try:
            outcome = await save_from_sheet(mark, entry)
        finally:
            saving_now.current = False
        set_problem(settle(outcome, entry) or "")

    async def delete_round():
        mark = sheet_ref.current
        if mark is None:
            return
        outcome = await asyncio.to_thread(saving.delete_round, store, game_id, mark, by)
        if outcome.saved or outcome.conflict is not None:
            settle(outcome, None)
        else:
            show_sheet(None)
            set_problem(outcome.message)

    async def answer(keep_mine: bool, mark: SheetMark | None = None):
        """The user's answer to the conflict question: keep theirs, or save
        mine on the question's mark (``mark``: the third answer's)."""
        conflict, entry = question
        set_problem("")
        if not keep_mine:
            show_sheet(None)
            session.tell(_("Nothing changed: the game stays as saved on the other phone"))
            return
        mark = mark or conflict.mark
        sheet_ref.current = mark
        set_sheet(mark)
        keep_sheet(mark, typed.current)
        if conflict.kind == DELETE:
            outcome = await asyncio.to_thread(saving.delete_round, store, game_id, mark, by)
        else:
            outcome = await save_from_sheet(mark, entry)
        set_question(None)
        refusal = settle(outcome, entry)
        if refusal:
            set_problem(refusal)

    async def undo(expected: int | None):
        outcome = await asyncio.to_thread(saving.undo, store, game_id, expected, by)
        if outcome.saved:
            set_problem("")
            announce_saved(session, game_id, outcome.pad)
            session.tell(outcome.message)
        else:
            set_problem(outcome.message, outcome.at)

    async def act(change: Callable[[Pad], object], done: str):
        """Save ``change`` to the game (finish it, end it now) and say ``done``
        in the message bar, with its Undo, in place of any older message."""
        outcome = await asyncio.to_thread(saving.change_game, store, game_id, change, by)
        set_problem("" if outcome.saved else outcome.message, outcome.at)
        if outcome.saved and outcome.pad.finished:
            await asyncio.to_thread(kept_sheets.drop_game, store, game_id)
        if outcome.saved:
            announce_saved(session, game_id, outcome.pad)
            session.tell(done, undo=undo_from_bar(outcome))

    def go(name: str):
        """Show the pad ("pad"), its change log ("changes"), the phone's label
        ("phone"), the board's QR code ("board") or the invite ("invite")."""
        set_problem("")
        leave()
        set_view(name)

    def pick_phone(label: str):
        ft.context.page.run_task(name_phone, session, label)
        go("pad")
        session.tell(_("This phone is now {phone}").format(phone=label))
        player = phone_player(pad.players, label)
        if hand_next.current and player is not None:
            open_hand(player)
        hand_next.current = False

    ui = game_ui(pad.GAME)
    title = registry.game(pad.GAME).title

    def over_the_pad() -> ft.Control | None:
        """What is shown instead of the table now (a sheet, a view), or None for the table."""
        if mine is not None and not pad.finished:
            hand_mark.current = hands.follow(pad, table_hands.draft, mine, hand_mark.current)
            return pinned(
                notice_line(hand_mark.current.notice),
                sheet=ui.Entry(
                    pad, None, submit_hand, lambda: show_hand(None), None,
                    only=mine, start=hands.sheet_start(pad, table_hands, mine)[0],
                    key=f"{game_id}-hand-{mine}-{hand_mark.current.restarts}",
                ),
            )
        if sheet is not None:
            shown, number = pad, sheet.number
            if not sheet.new:
                try:
                    number = pad.round_number(sheet.round_id)
                except (ConflictError, PadError):
                    shown = opened.current or pad
            return pinned(
                None if restored is None else notice_line(" ".join(filter(None, [_(kept_sheets.NOT_SAVED), restored])), "not-saved"),
                conflict_card(pad, question[0], lambda: page.run_task(answer, True), lambda: page.run_task(answer, False),
                              lambda: page.run_task(answer, True, question[0].also[1] if question[0].also else None))
                if question is not None else notice_line(sheet_notice(pad, sheet)),
                error_line(problem),
                sheet=ui.Entry(
                    shown,
                    None if sheet.new else number,
                    submit,
                    close_sheet,
                    delete_round,
                    on_change=on_typed,
                    key=f"{game_id}-{sheet.round_id or 'new'}",
                    **({"start": sheet_start.current} if sheet_start.current is not None else {}),
                ),
            )
        if view == "changes":
            return scrolling(changes_view(pad, table_problem, on_undo, lambda: go("pad")))
        if view == "board":
            return scrolling(BoardInvite(pad.id, lambda: go("pad")))
        if view == "invite":
            return scrolling(InviteView(f"/pad/{pad.id}", title, lambda: go("pad")))
        if view == "phone":
            return scrolling(phone_view(pad, session.phone, pick_phone, lambda: go("pad")))
        if detail is not None and detail <= len(pad.rows):
            return scrolling(RoundDetail(pad, detail, on_edit=edit_from_detail, on_close=lambda: show_detail(None)))
        return None

    # The table stays built, covered, under a sheet or a view: closing the
    # sheet after a save then sends, and the phone builds, only what the save
    # changed, not the whole table anew (nor scrolls it again from its top to
    # the newest round); opening a sheet builds only the sheet.
    above = over_the_pad()
    table = pad_layout(
        pad,
        PadBar(
            title, deal_text(pad), pad.undo_label if pad.can_undo else _("Undo"), pad.undo_id,
            MenuFacts(pad.GAME, pad.id, len(pad.players), not (pad.finished or pad.is_over) and bool(pad.rows),
                      current_language()),
            on_undo, on_go, on_end,
        ),
        [
            Facts(tuple(ui.facts(pad))),
            error_line(table_problem) if above is None else None,
        ],
        on_row=on_row,
        on_detail=on_detail,
        on_add=on_add,
        hands_control=HandsBox(table_hands, current_language(), on_save_hands, on_clear_hands)
        if table_hands.stale or table_hands.status is not None else None,
        on_hand=on_hand if pad.HAND_BY_HAND else None,
        covered=above is not None,
        end=end_banner(pad, lambda: page.run_task(act, lambda saved: saved.finish(), _("Game finished"))),
    )
    return ft.Stack([table] if above is None else [table, cover(above)], fit=ft.StackFit.EXPAND, expand=True)
