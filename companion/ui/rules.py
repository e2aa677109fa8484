"""The Rules tab: each game's rules by section, and a search across games.

Routes: ``/rules`` and ``/rules?game=<id>`` (a game's rules), plus
``&game_id=<id>`` from a score pad: the rules then show the house-rule
values that game was started with.  The texts and the search are
``companion.rulebook``'s; blocks that state an app preset carry a "preset"
chip, those a table may change a "house rule" chip.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from urllib.parse import parse_qs, urlparse

import flet as ft

from companion import rulebook
from companion.ui.ask_cards import SUIT_TEXT, game_tiles, suit_text
from companion.ui.state import navigate, use_store
from companion.ui.widgets import TOUCH, labelled, screen_header

PRESET_NOTE = "The original rules say nothing here: this is the app's choice (see Companion's rulings)."
"""What a "preset" chip means (its tooltip)."""

HOUSE_RULE_NOTE = "A table may change this when it starts a game."
"""What a "house rule" chip means (its tooltip)."""


_MARKDOWN_STYLE = ft.MarkdownStyleSheet(
    p_text_style=SUIT_TEXT,
    strong_text_style=ft.TextStyle(font_family_fallback=SUIT_TEXT.font_family_fallback, weight=ft.FontWeight.BOLD),
    table_head_text_style=ft.TextStyle(font_family_fallback=SUIT_TEXT.font_family_fallback,
                                       weight=ft.FontWeight.BOLD),
    table_body_text_style=SUIT_TEXT,
    list_bullet_text_style=SUIT_TEXT,
)
"""Markdown styles that can show suits (see ``ask_cards.SUIT_FONT``)."""


def _chip(text: str, tooltip: str, colour: str) -> ft.Control:
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=8, vertical=2),
        border_radius=8,
        border=ft.Border.all(1, colour),
        tooltip=tooltip,
        content=ft.Text(text, size=12, color=colour),
    )


def _block(block: rulebook.Block) -> ft.Control:
    """One paragraph, list or table, with its preset / house rule chips."""
    text = ft.Markdown(block.text, extension_set=ft.MarkdownExtensionSet.GITHUB_FLAVORED,
                       md_style_sheet=_MARKDOWN_STYLE)
    chips = []
    if block.preset:
        chips.append(_chip("preset", PRESET_NOTE, ft.Colors.TERTIARY))
    if block.house_rule:
        chips.append(_chip("house rule", HOUSE_RULE_NOTE, ft.Colors.PRIMARY))
    if not chips:
        return text
    return ft.Container(
        padding=ft.Padding.only(left=10),
        border=ft.Border.only(left=ft.BorderSide(3, ft.Colors.TERTIARY if block.preset else ft.Colors.PRIMARY)),
        content=ft.Column([ft.Row(chips, spacing=6), text], spacing=4),
    )


def _section(section: rulebook.Section, opened: bool, on_toggle: Callable[[], None]) -> ft.Control:
    """A section heading that opens and closes, and its blocks when open."""
    marks = " · preset inside" if section.has_preset else ""
    header = ft.ListTile(
        title=ft.Text(section.title, weight=ft.FontWeight.W_600, size=18),
        subtitle=ft.Text(marks.strip(" ·"), size=12, color=ft.Colors.TERTIARY) if marks else None,
        trailing=ft.Icon(ft.Icons.EXPAND_LESS if opened else ft.Icons.EXPAND_MORE),
        on_click=on_toggle,
        min_height=TOUCH,
        content_padding=ft.Padding.symmetric(horizontal=4),
    )
    parts: list[ft.Control] = [header]
    if opened:
        parts.append(labelled(f"section-{section.key}", ft.Column([_block(b) for b in section.blocks], spacing=10)))
    return ft.Column(parts, spacing=4)


def _house_rules(rules: rulebook.GameRules) -> ft.Control:
    """The values this game was started with."""
    lines = [
        ft.Text(f"{rule.label}: {rule.value}" + (f" (standard: {rule.standard})" if rule.changed else ""),
                size=16, weight=ft.FontWeight.W_600 if rule.changed else None,
                color=ft.Colors.ON_PRIMARY_CONTAINER)
        for rule in rules.house_rules
    ]
    return labelled("house-rules", ft.Container(
        padding=12,
        border_radius=12,
        bgcolor=ft.Colors.PRIMARY_CONTAINER,
        content=ft.Column(
            [ft.Text("This game's house rules", weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY_CONTAINER),
             *lines],
            spacing=4,
        ),
    ))


def _hit(hit: rulebook.Hit, on_open: Callable[[], None]) -> ft.Control:
    return ft.ListTile(
        title=ft.Text(f"{hit.name} · {hit.title}", weight=ft.FontWeight.W_600),
        subtitle=suit_text(hit.snippet),
        on_click=on_open,
        min_height=TOUCH,
        content_padding=ft.Padding.symmetric(horizontal=4),
    )


@ft.component
def RulesScreen() -> ft.Control:
    """The rules of the four games, searchable (route ``/rules``)."""
    query = parse_qs(urlparse(ft.context.page.route or "").query)
    asked = query.get("game", [""])[0]
    saved_id = query.get("game_id", [""])[0]
    store = use_store()
    game, set_game = ft.use_state(asked if asked in rulebook.GAMES else rulebook.GAMES[0])
    opened, set_opened = ft.use_state(frozenset({"cards"}))
    text, set_text = ft.use_state("")

    def choose(game_id: str):
        set_game(game_id)
        set_opened(frozenset({"cards"}))

    def toggle(key: str):
        set_opened(opened - {key} if key in opened else opened | {key})

    def open_hit(hit: rulebook.Hit):
        set_game(hit.game)
        set_opened(frozenset({hit.section}))
        set_text("")

    back_to_pad = partial(navigate, f"/pad/{saved_id}") if saved_id and store.get_game(saved_id) else None
    controls: list[ft.Control] = [
        screen_header("Rules", "All four games, in our own words.", back=back_to_pad),
        ft.Row([
            ft.TextField(
                label="Search all rules",
                hint_text="e.g. joker, wild, shield",
                prefix_icon=ft.Icons.SEARCH,
                suffix=ft.IconButton(ft.Icons.CLOSE, tooltip="Clear the search", on_click=lambda: set_text(""))
                if text else None,
                value=text,
                on_change=lambda e: set_text(e.control.value),
                autocorrect=False,
                expand=True,
            ),
        ]),
    ]
    if text.strip():
        hits = rulebook.search(text)
        games = len({hit.game for hit in hits})
        found = (f"{len(hits)} section{'s' if len(hits) != 1 else ''} in {games} game{'s' if games != 1 else ''}"
                 if hits else "Nothing found: try another word.")
        controls.append(ft.Text(found, color=ft.Colors.ON_SURFACE_VARIANT))
        controls.append(labelled("hits", ft.Column(
            [_hit(hit, partial(open_hit, hit)) for hit in hits], spacing=0,
        )))
        return ft.Column(controls, spacing=12)
    doc = store.get_game(saved_id) if saved_id else None
    options = doc.get("options") if doc is not None and doc.get("game") == game else None
    try:
        rules = rulebook.rules_for(game, options)
    except rulebook.RulebookError:
        rules = rulebook.rules_for(game)
    controls.append(game_tiles(rulebook.GAMES, game, choose))
    if options is not None and rules.house_rules:
        controls.append(_house_rules(rules))
    controls.append(ft.Text(rules.intro, color=ft.Colors.ON_SURFACE_VARIANT))
    controls.append(ft.Row(
        [_chip("preset", PRESET_NOTE, ft.Colors.TERTIARY),
         ft.Text("marks the app's choice where the original rules are silent.", size=13, expand=True)],
    ))
    controls.extend(_section(section, section.key in opened, partial(toggle, section.key))
                    for section in rules.sections)
    return ft.Column(controls, spacing=8)
