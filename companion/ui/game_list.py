"""A saved game as one tappable line (Play's resume list, History's list)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

import flet as ft

from companion.pads import GAME_TITLES
from companion.pads.base import join_names

GAME_ICONS: dict[str, ft.IconData] = {
    "one_up": ft.Icons.FILTER_1,
    "one_card": ft.Icons.STYLE,
    "up_to_nine": ft.Icons.STAIRS,
    "up_or_down": ft.Icons.SWAP_VERT,
}
"""Game id -> the icon shown beside its name."""


def when_text(iso: str) -> str:
    """An ISO 8601 time as local date and time ("30 Nov 2026, 14:05"); the
    text itself when it can not be read."""
    try:
        moment = datetime.fromisoformat(iso).astimezone()
    except (TypeError, ValueError):
        return str(iso)
    return f"{moment.day} {moment:%b %Y, %H:%M}"


def game_line(summary: Mapping[str, Any], on_open: Callable[[], None]) -> ft.Control:
    """One saved game as a list tile.

    Takes a store summary (``game``, ``players``, ``updated``, ``rounds``,
    ``finished``, ``winners``) and the handler for a tap. Shows the game,
    the players, the date and either the winners or the rounds played.
    """
    rounds = summary.get("rounds", 0)
    if summary.get("finished"):
        result = f"won by {join_names(summary.get('winners') or [])}" if summary.get("winners") else "finished"
    else:
        result = f"in progress, {rounds} round{'s' if rounds != 1 else ''}"
    title = GAME_TITLES.get(summary.get("game"), str(summary.get("game")))
    return ft.ListTile(
        leading=ft.Icon(GAME_ICONS.get(summary.get("game"), ft.Icons.STYLE)),
        title=ft.Text(f"{title} · {join_names(list(summary.get('players', [])))}"),
        subtitle=ft.Text(f"{when_text(summary.get('updated', ''))} · {result}"),
        trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
        on_click=on_open,
        min_height=56,
    )
