"""A saved game as one tappable line (Play's resume list, History's list)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from typing import Any

import flet as ft

from companion import registry
from companion.i18n import _, format_datetime, ngettext
from companion.pads.base import join_names
from companion.store.tables import is_ended


def game_icon(game_id: str) -> ft.IconData:
    """The icon shown beside a game's name: the registry's icon name as a
    Material icon (a card for an id the registry does not know)."""
    try:
        return getattr(ft.Icons, registry.game(game_id).icon)
    except registry.UnknownGameError:
        return ft.Icons.STYLE


def game_title(game_id: str) -> str:
    """A game's shown name from the registry; the id itself for an id the
    registry does not know (the line still shows)."""
    try:
        return registry.game(game_id).title
    except registry.UnknownGameError:
        return str(game_id)


def when_text(iso: str) -> str:
    """An ISO 8601 time as local date and time in the current language's short
    form ("11/30/26, 2:05 PM", "30.11.2026, 14:05", "30.11.26, 14:05"); the
    text itself when it can not be read."""
    try:
        moment = datetime.fromisoformat(iso).astimezone()
    except (TypeError, ValueError):
        return str(iso)
    return format_datetime(moment, "short")


def in_progress(summaries: Iterable[Mapping[str, Any]]) -> list[str]:
    """The ids of the games in progress (not ended: ``companion.store.tables.is_ended``) among store
    ``summaries``: the lines whose rounds another phone's save changes."""
    return [summary["id"] for summary in summaries if not is_ended(summary)]


def game_line(summary: Mapping[str, Any], on_open: Callable[[], None]) -> ft.Control:
    """One saved game as a list tile.

    Takes a store summary (``game``, ``players``, ``created``, ``rounds``,
    ``finished``, ``winners``) and the handler for a tap. Shows the game,
    the players, when it was started (the lists' order: the newest started
    first) and either the winners or the rounds played.
    """
    rounds = summary.get("rounds", 0)
    if summary.get("finished"):
        winners = summary.get("winners") or []
        result = _("won by {names}").format(names=join_names(winners)) if winners else _("finished")
    else:
        result = ngettext("in progress, {count} round", "in progress, {count} rounds", rounds).format(count=rounds)
    return ft.ListTile(
        leading=ft.Icon(game_icon(summary.get("game"))),
        title=ft.Text(f"{game_title(summary.get('game'))} · {join_names(list(summary.get('players', [])))}"),
        subtitle=ft.Text(f"{when_text(summary.get('created', ''))} · {result}"),
        trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
        on_click=on_open,
        min_height=56,
    )
