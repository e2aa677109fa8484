"""The board for the table (/board/:game_id): a read-only page for a tablet
or a TV in the middle of the table, readable from 2 m on a 1280x800
landscape screen.

It shows the game as saved now: the players best first with their places
(tied players share one), big totals, each player's score in the last
round, whose deal it is and who starts, and the end of the game with the
winners. It repaints whenever any phone saves (the session's ``revision``
moves through the pubsub, as on the pad). Nothing on it changes the game:
no navigation bar, no sheet, only a small "Open the pad" link.

Every figure comes from the pad (``pad.standings``, ``pad.rows``,
``pad.next_dealer``, ``pad.next_starter``, ``pad.winners``) and from the
game's UI module (``change_text``, ``board_unit``, ``board_note``); this
module only lays them out. :func:`board_view` gathers them as plain values
(tested without a browser), worked out once per save for every board and
phone watching the game; each part of the board (the title line, the end,
the headings, each player's line) is a memoised component of those values,
so a save builds and sends a board only the parts it changed. The board
holds as many controls at round 22 as at round 1: it shows the last round
only.

Test ids: ``board-status`` (whose deal, or "Finished"), ``board-winners``
(the end), ``board-round`` (the last round's heading), and per player
``board-place-<player>``, ``board-total-<player>``, ``board-last-<player>``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from companion import registry
from companion.i18n import _, current_language, format_number
from companion.pads import Pad
from companion.ui.access import use_gate
from companion.ui.board_sizes import TIGHT, BoardSizes, board_sizes
from companion.ui.games import game_ui
from companion.ui.lesson import board_lesson
from companion.ui.qr import qr_image
from companion.ui.score_table import deal_text, winners_text
from companion.ui.state import navigate, use_game, use_keep_awake
from companion.ui.widgets import TOUCH, labelled, screen_header
from companion.ui.worked_out import worked_out

def board_path(game_id: str) -> str:
    """The app's path of the board of ``game_id``: ``/board/<game_id>``."""
    return f"/board/{game_id}"


@dataclass(frozen=True)
class BoardLine:
    """One player's line on the board.

    Attributes:
        place: the place in the standings (1 for the leaders; tied players
            share one: 1, 1, 3), or None before the first round.
        player: the name.
        total: the running total (the game's unit: ``board_unit``).
        last: the player's score in the last round as the pad's cell shows
            it (the game's ``change_text``: "+13", "+20 L2"); "" before the
            first round.
        deals: the player deals the next round (never once the game is
            over, finished or not).
        starts: the player starts the next round (never once over, nor
            where the pad can not know: One Up's first round).
        wins: the player is one of the winners (once the game is over).
        note: the game's line under the name (``board_note``; "" for none).
    """

    place: int | None
    player: str
    total: int
    last: str
    deals: bool
    starts: bool
    wins: bool
    note: str


def board_lines(pad: Pad) -> tuple[BoardLine, ...]:
    """The board's lines for ``pad``, best first (the order of ``pad.standings``;
    tied players in the order the pad gives them), worked out once per pad,
    change and language for every board and phone showing it
    (:func:`companion.ui.worked_out.worked_out`)."""
    return worked_out(pad, "board lines", work_out_board_lines)


def work_out_board_lines(pad: Pad) -> tuple[BoardLine, ...]:
    """The board's lines for ``pad`` (:func:`board_lines`), worked out: the
    places once a round is in, the last round's change text (the game's
    ``change_text``), whose deal and who starts until the game is over,
    the winners and the game's ``board_note``."""
    ui = game_ui(pad.GAME)
    last_row = pad.rows[-1] if pad.rows else None
    over = pad.finished or pad.is_over
    dealer = None if over else pad.next_dealer
    starter = None if over else pad.next_starter
    winners = set(pad.winners)
    return tuple(
        BoardLine(
            place=standing.place if last_row is not None else None,
            player=standing.player,
            total=standing.total,
            last=ui.change_text(pad, last_row, standing.player) if last_row is not None else "",
            deals=standing.player == dealer,
            starts=standing.player == starter,
            wins=standing.player in winners,
            note=ui.board_note(pad, standing.player),
        )
        for standing in pad.standings
    )


@dataclass(frozen=True)
class BoardView:
    """The whole board of a game as plain values in the session's language:
    equal values paint the same board, so a save builds again, and sends
    the board, only the parts it changed (the memoised components below).

    Attributes:
        game_id: the game's id (the "Open the pad" link's).
        title: the game's title ("One Up").
        status: whose deal, or the end (:func:`deal_text`).
        winners: the end in a few words (:func:`winners_text`), "" while
            the game goes on.
        summary: the pad's summary under the winners ("" while it goes on).
        last_round: the last round's heading ("Round 12"; "" before the first).
        unit: the totals' unit (the game's ``board_unit``).
        lines: the players' lines, best first (:func:`board_lines`).
        highlighted: the players shown on a coloured ground: the leaders
            once a round is in, the winners once over.
        marks: the words of the marks beside a name ("deals", "starts").
        open_pad: the words of the link to the pad ("Open the pad").
    """

    game_id: str
    title: str
    status: str
    winners: str
    summary: str
    last_round: str
    unit: str
    lines: tuple[BoardLine, ...]
    highlighted: frozenset[str]
    marks: tuple[str, str]
    open_pad: str


def board_view(pad: Pad) -> BoardView:
    """The :class:`BoardView` of ``pad``, worked out once per pad, change and
    language for every board showing it (:func:`companion.ui.worked_out.worked_out`)."""
    return worked_out(pad, "board", work_out_board_view)


def work_out_board_view(pad: Pad) -> BoardView:
    """The :class:`BoardView` of ``pad``: every word of the board from the
    pad and the game's UI module (``board_unit``)."""
    over = pad.finished or pad.is_over
    return BoardView(
        game_id=pad.id,
        title=registry.game(pad.GAME).title,
        status=deal_text(pad),
        winners=winners_text(pad) if over else "",
        summary=pad.summary() if over else "",
        last_round=_("Round {number}").format(number=format_number(len(pad.rows))) if pad.rows else "",
        unit=game_ui(pad.GAME).board_unit(pad),
        lines=board_lines(pad),
        highlighted=frozenset(pad.winners or pad.leaders) if pad.rows else frozenset(),
        marks=(_("deals"), _("starts")),
        open_pad=_("Open the pad"),
    )


def _mark(text: str, sizes: BoardSizes, shown: bool) -> ft.Control:
    """A badge beside a name ("deals", "starts"), drawn only when ``shown``."""
    return ft.Container(
        visible=shown,
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
        border_radius=sizes.gap // 2 + 2,
        padding=ft.Padding.symmetric(horizontal=sizes.gap * 3 // 4, vertical=2),
        content=ft.Text(text, size=sizes.note, color=ft.Colors.ON_SECONDARY_CONTAINER),
    )


@ft.component
def _PlayerLine(line: BoardLine, highlighted: bool, marks: tuple[str, str], language: str,
                sizes: BoardSizes) -> ft.Control:
    """One player's line: place, name with the marks (their words:
    ``marks``, "deals" and "starts") and the note, the last round's score
    and the big total (written the way of ``language``, the session's: it
    is an argument so that the memoised line is built again when the
    language changes); the leaders (winners once over) on a coloured
    ground. Its controls are the same whatever it shows (the cup, the marks
    and the note are hidden when not shown, not left out): Flet 1.0
    misplaced the marks when a keyed line moved and the number of its
    controls changed in the same repaint. Each part is kept
    (``ft.use_memo``) while what it shows stays: a save that changes the
    total builds the total again, not the name or the marks (Flet skips a
    kept control whole)."""
    colour = ft.Colors.ON_PRIMARY_CONTAINER if highlighted else None
    cup = ft.use_memo(lambda: ft.Icon(ft.Icons.EMOJI_EVENTS, size=sizes.name, color=colour, visible=line.wins),
                      [line.wins, colour, sizes])
    name = ft.use_memo(lambda: ft.Text(line.player, size=sizes.name, weight=ft.FontWeight.W_600, color=colour,
                                       style=TIGHT, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                       [line.player, colour, sizes])
    deals = ft.use_memo(lambda: _mark(marks[0], sizes, line.deals), [marks[0], sizes, line.deals])
    starts = ft.use_memo(lambda: _mark(marks[1], sizes, line.starts), [marks[1], sizes, line.starts])
    note = ft.use_memo(
        lambda: ft.Text(line.note, size=sizes.note, color=colour or ft.Colors.ON_SURFACE_VARIANT,
                        visible=bool(line.note)),
        [line.note, colour, sizes])
    place = ft.use_memo(
        lambda: labelled(f"board-place-{line.player}",
                         ft.Text("" if line.place is None else format_number(line.place), size=sizes.name,
                                 color=colour, width=sizes.place)),
        [line.player, line.place, colour, sizes, language])
    last = ft.use_memo(
        lambda: _right(sizes.last_column, f"board-last-{line.player}",
                       ft.Text(line.last, size=sizes.last, color=colour or ft.Colors.ON_SURFACE_VARIANT)),
        [line.player, line.last, colour, sizes])
    total = ft.use_memo(
        lambda: _right(sizes.total_column, f"board-total-{line.player}",
                       ft.Text(format_number(line.total), size=sizes.total, weight=ft.FontWeight.BOLD,
                               color=colour, style=TIGHT)),
        [line.player, line.total, colour, sizes, language])
    who: list[ft.Control] = [
        # Wrapped: the marks go under a name they do not fit beside, and a
        # name longer than the line is cut short (a wrapped row gives each
        # part at most the line's width).
        ft.Row([cup, name, deals, starts], spacing=sizes.gap, run_spacing=2, wrap=True,
               vertical_alignment=ft.CrossAxisAlignment.CENTER),
        note,
    ]
    return ft.Container(
        bgcolor=ft.Colors.PRIMARY_CONTAINER if highlighted else None,
        border_radius=sizes.gap + 4,
        padding=ft.Padding.symmetric(horizontal=sizes.gap, vertical=4),
        content=ft.Row(
            [place, ft.Column(who, spacing=0, expand=True), last, total],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ),
    )


PlayerLine = ft.memo(_PlayerLine)
"""A player's line (:func:`_PlayerLine`), built again only when its
:class:`BoardLine`, its highlight, the marks' words, the language or the sizes changed: a save builds and
sends the lines whose place, total, last round, marks or note it changed.
Keyed on the player, so a line moves with its player when the places change."""


def _right(width: int, test_id: str, text: ft.Text) -> ft.Control:
    """``text`` as a column of ``width``, aligned on its right, under ``test_id``
    (two controls: no container around it)."""
    text.width = width
    text.text_align = ft.TextAlign.RIGHT
    return labelled(test_id, text)


@ft.component
def _Headings(last_round: str, unit: str, sizes: BoardSizes) -> ft.Control:
    """The column headings over the lines: the last round's heading
    (``last_round``, "Round 12") and the totals' ``unit``; all but the
    round's heading kept (``ft.use_memo``) while the sizes and the unit stay."""
    muted = ft.Colors.ON_SURFACE_VARIANT
    room = ft.use_memo(
        lambda: (ft.Padding.symmetric(horizontal=sizes.gap), ft.Container(width=sizes.place), ft.Container(expand=True)),
        [sizes])
    total = ft.use_memo(
        lambda: ft.Container(width=sizes.total_column, alignment=ft.Alignment.CENTER_RIGHT,
                             content=ft.Text(unit, size=sizes.note, color=muted)),
        [unit, sizes])
    return ft.Container(
        padding=room[0],
        content=ft.Row(
            [
                room[1],
                room[2],
                _right(sizes.last_column, "board-round", ft.Text(last_round, size=sizes.note, color=muted)),
                total,
            ]
        ),
    )


Headings = ft.memo(_Headings)
"""The column headings (:func:`_Headings`), built again when the round or the unit changed."""


@ft.component
def _End(winners: str, summary: str, sizes: BoardSizes) -> ft.Control:
    """The end of the game: the ``winners`` in a few words and the pad's ``summary``."""
    colour = ft.Colors.ON_TERTIARY_CONTAINER
    return labelled(
        "board-winners",
        ft.Container(
            bgcolor=ft.Colors.TERTIARY_CONTAINER,
            border_radius=sizes.gap + 4,
            padding=ft.Padding.symmetric(horizontal=sizes.gap * 3 // 2, vertical=sizes.gap // 2),
            content=ft.Row(
                [
                    ft.Icon(ft.Icons.EMOJI_EVENTS, size=sizes.status + 12, color=colour),
                    ft.Column(
                        [
                            ft.Text(winners, size=sizes.status + 8, weight=ft.FontWeight.BOLD, color=colour),
                            ft.Text(summary, size=sizes.note, color=colour),
                        ],
                        spacing=0,
                        expand=True,
                    ),
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
        ),
    )


End = ft.memo(_End)
"""The end of the game (:func:`_End`), built once when the game ends."""


@ft.component
def _Title(title: str, status: str, game_id: str, open_pad: str, sizes: BoardSizes) -> ft.Control:
    """The title line: the game's ``title``, whose deal (``status``) and
    the link to the pad of ``game_id`` (its words: ``open_pad``). The title
    and the link are kept (``ft.use_memo``): a save builds whose deal again."""
    heading = ft.use_memo(lambda: ft.Text(title, size=sizes.status, weight=ft.FontWeight.BOLD), [title, sizes])
    link = ft.use_memo(lambda: ft.TextButton(open_pad, icon=ft.Icons.EDIT_NOTE, height=TOUCH,
                                             on_click=lambda: navigate(f"/pad/{game_id}")),
                       [open_pad, game_id])
    return ft.Row(
        [
            heading,
            ft.Container(
                expand=True,
                content=labelled(
                    "board-status",
                    ft.Text(status, size=sizes.status, color=ft.Colors.ON_SURFACE_VARIANT,
                            max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                ),
            ),
            link,
        ],
        spacing=sizes.gap * 2,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


Title = ft.memo(_Title)
"""The title line (:func:`_Title`), built again when whose deal changed."""


def board_content(view: BoardView, sizes: BoardSizes) -> ft.Control:
    """The whole board of ``view`` (:func:`board_view`): the title line (the
    game, whose deal, the link to the pad), the end when reached, the
    headings and one line per player, best first; each part memoised, so a
    save builds and sends only the parts whose values it changed."""
    parts: list[ft.Control] = [Title(view.title, view.status, view.game_id, view.open_pad, sizes)]
    if view.winners:
        parts.append(End(view.winners, view.summary, sizes))
    parts.append(Headings(view.last_round, view.unit, sizes))
    parts.extend(PlayerLine(line, line.player in view.highlighted, view.marks, current_language(), sizes,
                            key=f"line-{line.player}")
                 for line in view.lines)
    return ft.Column(parts, spacing=sizes.gap // 2, scroll=ft.ScrollMode.AUTO, expand=True)


def _plain(sizes: BoardSizes, text: str, detail: str = "") -> ft.Control:
    """A board that can not show a game: the reason in big type, and the way home."""
    lines: list[ft.Control] = [ft.Text(text, size=sizes.status, weight=ft.FontWeight.W_600)]
    if detail:
        lines.append(ft.Text(detail, size=sizes.note, color=ft.Colors.ON_SURFACE_VARIANT))
    lines.append(ft.TextButton(_("Go to Play"), on_click=lambda: navigate("/"), height=TOUCH))
    return ft.Column(lines, spacing=sizes.gap)


@ft.component
def BoardScreen() -> ft.View:
    """The board of one game (route /board/:game_id) as saved now and
    repainted on every save of it (``use_game``), in a view
    of its own (no navigation bar, no message bar), sized to the screen
    (:func:`~companion.ui.board_sizes.board_sizes`: every player's line fits its width and
    height, followed when the window is resized); a missing game says so plainly."""
    game_id = ft.use_route_params().get("game_id", "")
    shown = use_game(game_id)
    use_keep_awake()
    page = ft.context.page
    screen, set_screen = ft.use_state((page.width, page.height))

    def follow_screen():
        page.on_resize = lambda event: set_screen((event.width, event.height))

    def stop_following():
        page.on_resize = None

    ft.use_effect(follow_screen, [], cleanup=stop_following)
    if shown.problem or shown.pad is None:
        sizes = board_sizes(screen[0])
        content = (_plain(sizes, _("This game can not be opened"), shown.problem) if shown.problem
                   else _plain(sizes, _("This game is not here (deleted?)")))
    else:
        view = board_view(shown.pad)
        sizes = board_sizes(*screen, lines=len(view.lines), ended=bool(view.winners),
                            marked=sum(line.deals or line.starts for line in view.lines))
        content = board_content(view, sizes)
    return ft.View(
        route=ft.use_view_path(),
        padding=ft.Padding.symmetric(horizontal=sizes.gap * 2, vertical=sizes.gap),
        controls=[*board_lesson(shown.pad, sizes.status), content],
    )


@ft.component
def BoardInvite(game_id: str, back: Callable[[], None]) -> ft.Control:
    """The pad's "Board for the table": the board's QR code and address (the
    machine's address on the network, with the table's key when one is
    asked), to scan with the tablet or TV in the middle of the table, and a
    button that opens the board on this screen; ``back()`` returns to the pad."""
    link = use_gate().access.invite_url(board_path(game_id))
    return ft.Column(
        [
            screen_header(_("Board for the table"), _("Big totals for a tablet or a TV"), back=back),
            ft.Text(_("Scan this with the tablet or TV in the middle of the table, or open its address there."),
                    color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Container(
                alignment=ft.Alignment.CENTER,
                content=ft.Container(bgcolor=ft.Colors.WHITE, border_radius=12, content=qr_image(link)),
            ),
            ft.Text(link, selectable=True, text_align=ft.TextAlign.CENTER),
            ft.FilledButton(_("Open the board here"), icon=ft.Icons.TV, height=TOUCH,
                            on_click=lambda: navigate(board_path(game_id))),
        ],
        spacing=12,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
