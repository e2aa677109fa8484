"""The Rules tab: each game's rules by section, and a search across games.

Routes: ``/rules`` and ``/rules?game=<id>`` (a game's rules; ``&section=<key>``
opens that section, as a lesson's "Tell me more" does), plus
``&game_id=<id>`` from a score pad: the rules then show the house-rule
values that game was started with.  The texts and the search are
``companion.rulebook``'s; blocks that state an app preset carry a "preset"
chip (its tooltip says what the original rules lack), those a table may
change a "house rule" chip.  Tables are laid out here, column widths
following their contents, so they stay readable on a 390 px phone.

A search shows ranked hits with the matched words highlighted; opening a
hit shows its whole section under the search field, and closing it returns
to the same hits: the search is kept until it is cleared.

Everything is shown in the session's current language
(``i18n.current_language()``): the texts and the search through
``companion.rulebook``, this screen's own words through the "rules"
catalogs (``rules_text``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from urllib.parse import parse_qs, urlparse

import flet as ft

from companion import registry, rulebook
from companion.rulebook import ranking, rules_mark, rules_ntext, rules_text
from companion.ui.ask_cards import game_tiles, suit_text
from companion.ui.state import navigate, use_store
from companion.ui.widgets import SUIT_TEXT, TOUCH, PhoneText, icon_button, labelled, screen_header
from companion.wording import join_words

HOUSE_RULE_NOTE = rules_mark("A table may change this when it starts a game.")
"""What a "house rule" chip means (its tooltip)."""

PRESET_LEGEND = rules_mark("marks the app's choice where the original rules are silent or lost a table.")
"""The line next to the sample "preset" chip above the sections."""

_MARKDOWN_STYLE = ft.MarkdownStyleSheet(
    p_text_style=SUIT_TEXT,
    strong_text_style=ft.TextStyle(font_family_fallback=SUIT_TEXT.font_family_fallback, weight=ft.FontWeight.BOLD),
    list_bullet_text_style=SUIT_TEXT,
)
"""Markdown styles that can show suits (see ``widgets.SUIT_FONT``)."""

_NARROW_COLUMN = 10
"""A column whose cells all have at most this many characters gets a fixed width."""

_CHAR_WIDTH = 10
_CELL_PADDING = 6
_MAX_WEIGHT = 28
"""Widths of a table cell: per character of a narrow column, padding each side (logical
pixels), and the largest share weight of a wide column (characters of its longest cell)."""


def _chip(text: str, tooltip: str, colour: str) -> ft.Control:
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=8, vertical=2),
        border_radius=8,
        border=ft.Border.all(1, colour),
        tooltip=tooltip,
        content=ft.Text(text, size=12, color=colour),
    )


def _column_widths(table: rulebook.Table) -> list[tuple[int | None, int | None]]:
    """(fixed width in pixels, or share weight) of each column of ``table``.

    A narrow column (a level number, a count) is as wide as its longest cell,
    so its heading is never broken; the others share the rest of the row in
    proportion to their longest cell (at most :data:`_MAX_WEIGHT`).
    """
    widths = []
    for i in range(len(table[0])):
        longest = max(len(row[i]) if i < len(row) else 0 for row in table)
        if longest <= _NARROW_COLUMN:
            widths.append((longest * _CHAR_WIDTH + 2 * _CELL_PADDING, None))
        else:
            widths.append((None, min(_MAX_WEIGHT, longest)))
    return widths


def _table(table: rulebook.Table) -> ft.Control:
    """A rules table as rows of wrapping cells, the header bold, rows striped."""
    widths = _column_widths(table)
    rows = []
    for number, row in enumerate(table):
        cells = [
            ft.Container(
                width=width,
                expand=weight,
                padding=ft.Padding.symmetric(horizontal=_CELL_PADDING, vertical=6),
                content=suit_text(row[i].replace("**", "") if i < len(row) else "", size=15,
                                  weight=ft.FontWeight.BOLD if number == 0 else None),
            )
            for i, (width, weight) in enumerate(widths)
        ]
        rows.append(ft.Container(
            bgcolor=ft.Colors.SECONDARY_CONTAINER if number == 0
            else (ft.Colors.SURFACE_CONTAINER_HIGHEST if number % 2 == 0 else None),
            content=ft.Row(cells, spacing=0, vertical_alignment=ft.CrossAxisAlignment.START),
        ))
    return labelled("rules-table", ft.Container(
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        border_radius=8,
        clip_behavior=ft.ClipBehavior.ANTI_ALIAS,
        content=ft.Column(rows, spacing=0),
    ))


def _block_body(block: rulebook.Block) -> ft.Control:
    """A block's paragraphs and lists (Markdown) and tables (laid out here)."""
    parts = [
        ft.Markdown(piece, extension_set=ft.MarkdownExtensionSet.GITHUB_FLAVORED, md_style_sheet=_MARKDOWN_STYLE)
        if isinstance(piece, str) else _table(piece)
        for piece in block.pieces
    ]
    return parts[0] if len(parts) == 1 else ft.Column(parts, spacing=8)


def _block(block: rulebook.Block) -> ft.Control:
    """One paragraph, list or table, with its preset / house rule chips."""
    text = _block_body(block)
    chips = []
    if block.preset:
        chips.append(_chip(rules_text("preset"), block.why, ft.Colors.TERTIARY))
    if block.house_rule:
        chips.append(_chip(rules_text("house rule"), rules_text(HOUSE_RULE_NOTE), ft.Colors.PRIMARY))
    if not chips:
        return text
    return ft.Container(
        padding=ft.Padding.only(left=10),
        border=ft.Border.only(left=ft.BorderSide(3, ft.Colors.TERTIARY if block.preset else ft.Colors.PRIMARY)),
        content=ft.Column([ft.Row(chips, spacing=6), text], spacing=4),
    )


def _blocks(section: rulebook.Section) -> ft.Control:
    return labelled(f"section-{section.key}", ft.Column([_block(b) for b in section.blocks], spacing=10))


def _section(section: rulebook.Section, opened: bool, on_toggle: Callable[[], None]) -> ft.Control:
    """A section heading that opens and closes, and its blocks when open."""
    header = ft.ListTile(
        title=ft.Text(section.title, weight=ft.FontWeight.W_600, size=18),
        subtitle=(ft.Text(rules_text("preset inside"), size=12, color=ft.Colors.TERTIARY)
                  if section.has_preset else None),
        trailing=ft.Icon(ft.Icons.EXPAND_LESS if opened else ft.Icons.EXPAND_MORE),
        on_click=on_toggle,
        min_height=TOUCH,
        content_padding=ft.Padding.symmetric(horizontal=4),
    )
    parts: list[ft.Control] = [header]
    if opened:
        parts.append(_blocks(section))
    return ft.Column(parts, spacing=4, key=ft.ScrollKey(f"section-{section.key}"))


def _house_rules(rules: rulebook.GameRules) -> ft.Control:
    """The values this game was started with."""
    lines = [
        ft.Text((rules_text("{label}: {value} (standard: {standard})") if rule.changed
                 else rules_text("{label}: {value}")).format(label=rule.label, value=rule.value,
                                                             standard=rule.standard),
                size=16, weight=ft.FontWeight.W_600 if rule.changed else None,
                color=ft.Colors.ON_PRIMARY_CONTAINER)
        for rule in rules.house_rules
    ]
    return labelled("house-rules", ft.Container(
        padding=12,
        border_radius=12,
        bgcolor=ft.Colors.PRIMARY_CONTAINER,
        content=ft.Column(
            [ft.Text(rules_text("This game's house rules"), weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY_CONTAINER),
             *lines],
            spacing=4,
        ),
    ))


def _marked(snippet: str, marks: Sequence[tuple[int, int]]) -> ft.Text:
    """The snippet with its matched words in bold on a highlight."""
    mark = ft.TextStyle(weight=ft.FontWeight.BOLD, bgcolor=ft.Colors.TERTIARY_CONTAINER,
                        color=ft.Colors.ON_TERTIARY_CONTAINER)
    spans = []
    at = 0
    for start, end in marks:
        if start > at:
            spans.append(ft.TextSpan(snippet[at:start]))
        spans.append(ft.TextSpan(snippet[start:end], style=mark))
        at = end
    if at < len(snippet):
        spans.append(ft.TextSpan(snippet[at:]))
    return ft.Text(spans=spans, style=SUIT_TEXT)


def _hit(hit: rulebook.Hit, on_open: Callable[[], None]) -> ft.Control:
    return ft.ListTile(
        title=ft.Text(f"{hit.name} · {hit.title}", weight=ft.FontWeight.W_600),
        subtitle=_marked(hit.snippet, hit.marks),
        on_click=on_open,
        min_height=TOUCH,
        content_padding=ft.Padding.symmetric(horizontal=4),
    )


def _opened_hit(hit: rulebook.Hit, on_close: Callable[[], None], on_all: Callable[[], None]) -> list[ft.Control]:
    """A hit's whole section, with a way back to the hits and one to the game's rules."""
    section = rulebook.rules_for(hit.game).section(hit.section)
    return [
        ft.Row([
            icon_button(ft.Icons.ARROW_BACK, rules_text("Back to the results"), on_close),
            ft.Text(f"{hit.name} · {hit.title}", weight=ft.FontWeight.W_600, size=18, expand=True),
        ]),
        _blocks(section),
        ft.TextButton(rules_text("All {game} rules").format(game=hit.name), on_click=on_all),
    ]


def _search_field(text: str, search: PhoneText, searched: Callable[..., None]) -> ft.Control:
    """The search field: ``text`` searched, painted as the phone holds it (``search``), and a
    button that clears it while it holds any; each keystroke goes to ``searched(value,
    typed=True)``, the clear button to ``searched("")``."""
    return ft.Row([
        ft.TextField(
            label=rules_text("Search all rules"),
            hint_text=rules_text("e.g. joker, give back, Reihe"),
            prefix_icon=ft.Icons.SEARCH,
            suffix=icon_button(ft.Icons.CLOSE, rules_text("Clear the search"), partial(searched, "")) if text else None,
            value=search.value(text),
            ref=search.field,
            on_change=lambda e: searched(e.control.value, typed=True),
            autocorrect=False,
            expand=True,
        ),
    ])


def _hits(hits: list[rulebook.Hit], show: Callable[[tuple[str, str]], None]) -> list[ft.Control]:
    """The search's hits: how many sections in how many games (or that nothing was found), and the
    query's words no rule speaks of (left out of the search), then one line each; a tap opens its
    section (``show((game, section))``)."""
    games = len({hit.game for hit in hits})
    found = rules_text("{sections} in {games}").format(
        sections=rules_ntext("{count} section", "{count} sections", len(hits)).format(count=len(hits)),
        games=rules_ntext("{count} game", "{count} games", games).format(count=games),
    ) if hits else rules_text("Nothing found: try another word.")
    left_out = [ft.Text(rules_text("No rule speaks of {words}, so these sections hold your other words.").format(
        words=join_words(list(hits[0].unheld), "or")))] if hits and hits[0].unheld else []
    return [
        ft.Text(found, color=ft.Colors.ON_SURFACE_VARIANT),
        *left_out,
        labelled("hits", ft.Column([_hit(hit, partial(show, (hit.game, hit.section))) for hit in hits], spacing=0)),
    ]


def _game_rules(rules: rulebook.GameRules, of_a_game: bool, opened: frozenset[str],
                toggle: Callable[[str], None]) -> list[ft.Control]:
    """One game's rules: its house rules when they are a saved game's (``of_a_game``) and it has
    any, its intro, what "preset" means, then each section, open when its key is in ``opened``
    (a tap on its heading: ``toggle(key)``)."""
    controls: list[ft.Control] = [_house_rules(rules)] if of_a_game and rules.house_rules else []
    controls.append(ft.Text(rules.intro, color=ft.Colors.ON_SURFACE_VARIANT))
    controls.append(ft.Row(
        [_chip(rules_text("preset"), rules_text(rulebook.PRESET_WHY), ft.Colors.TERTIARY),
         ft.Text(rules_text(PRESET_LEGEND), size=13, expand=True)],
    ))
    controls.extend(_section(section, section.key in opened, partial(toggle, section.key))
                    for section in rules.sections)
    return controls


def _scrolling(controls: list[ft.Control], spacing: int, scroller: ft.Ref[ft.Column]) -> ft.Column:
    """The screen's column, which scrolls itself (``companion.ui.app.SCROLLING_SCREENS``) so
    that a section asked for by the address can be scrolled into view (``scroller``)."""
    return ft.Column(controls, spacing=spacing, scroll=ft.ScrollMode.AUTO, expand=True, ref=scroller)


def use_section_in_view(section: str) -> ft.Ref[ft.Column]:
    """The ref of the rules screen's scrolling column, which scrolls the section keyed
    ``section`` (a lesson's "Tell me more") into view once the screen is up ("": none)."""
    scroller = ft.use_ref(ft.Ref).current

    async def show_section():
        if section and scroller.current is not None:
            await scroller.current.scroll_to(scroll_key=f"section-{section}", duration=300)

    ft.use_effect(show_section, [section])
    return scroller


def _rules_with(game: str, options: dict | None) -> rulebook.GameRules:
    """``game``'s rules with a saved game's house rules ``options``, or its standard rules when
    there are none or they can not be read (a damaged game still shows its rules)."""
    try:
        return rulebook.rules_for(game, options)
    except rulebook.RulebookError:
        return rulebook.rules_for(game)


@ft.component
def RulesScreen() -> ft.Control:
    """The rules of the four games, searchable (route ``/rules``).

    The search field is painted as the phone holds it (``PhoneText``) and
    sent a text of the screen's only when the screen clears it, so no
    repaint writes an older text over the keys typed since.
    """
    query = parse_qs(urlparse(ft.context.page.route or "").query)
    asked = query.get("game", [""])[0]
    saved_id = query.get("game_id", [""])[0]
    store = use_store()
    game, set_game = ft.use_state(asked if asked in registry.GAME_IDS else registry.GAME_IDS[0])
    asked_section = query.get("section", [""])[0]
    opened, set_opened = ft.use_state(frozenset({asked_section or "cards"}))
    scroller = use_section_in_view(asked_section)
    text, set_text = ft.use_state("")
    search = ft.use_ref(PhoneText).current
    shown, set_shown = ft.use_state(None)

    def choose(game_id: str):
        set_game(game_id)
        set_opened(frozenset({"cards"}))

    def toggle(key: str):
        set_opened(opened - {key} if key in opened else opened | {key})

    def searched(value: str, typed: bool = False):
        set_text(value)
        set_shown(None)
        if not typed:
            search.put(value)

    def all_rules(hit: rulebook.Hit):
        set_game(hit.game)
        set_opened(frozenset({hit.section}))
        searched("")

    back_to_pad = partial(navigate, f"/pad/{saved_id}") if saved_id and store.get_game(saved_id) else None
    controls: list[ft.Control] = [
        screen_header(rules_text("Rules"), rules_text("All four games, in our own words."), back=back_to_pad),
        _search_field(text, search, searched),
    ]
    if text.strip():
        hits = ranking.search(text)
        hit = next((h for h in hits if (h.game, h.section) == shown), None)
        if hit is not None:
            controls += _opened_hit(hit, partial(set_shown, None), partial(all_rules, hit))
            return _scrolling(controls, 12, scroller)
        controls += _hits(hits, set_shown)
        return _scrolling(controls, 12, scroller)
    doc = store.get_game(saved_id) if saved_id else None
    options = doc.get("options") if doc is not None and doc.get("game") == game else None
    rules = _rules_with(game, options)
    controls.append(game_tiles(registry.GAME_IDS, game, choose))
    if registry.game(game).lesson is not None:
        controls.append(ft.OutlinedButton(rules_text("Learn to play"), icon=ft.Icons.SCHOOL_OUTLINED, height=TOUCH,
                                          on_click=partial(navigate, f"/new?game={game}&lesson=1")))
    controls += _game_rules(rules, options is not None, opened, toggle)
    return _scrolling(controls, 8, scroller)
