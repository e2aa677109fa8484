"""The Check tab: "may I play this?" for every game of the registry.

Each game's checker panel is its UI module's ``Check``
(``companion.ui.games.<id>``); this screen holds the game tiles and, opened
from a score pad (``/check/<game>?game_id=<id>``), hands the panel that
game's house rules and player count.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any
from urllib.parse import parse_qs, urlparse

import flet as ft

from companion import registry
from companion.ui.ask_cards import game_tiles
from companion.ui.games import game_ui
from companion.ui.state import navigate, use_store
from companion.ui.widgets import screen_header


def _route_options() -> tuple[Mapping[str, Any], int | None, str | None]:
    """The saved game named by ``?game_id=`` in the address: (its options,
    its player count, its id).

    Returns ``({}, None, None)`` when there is none or it is not found.
    """
    query = parse_qs(urlparse(ft.context.page.route or "").query)
    game_id = query.get("game_id", [""])[0]
    if not game_id:
        return {}, None, None
    doc = use_store().get_game(game_id)
    if doc is None:
        return {}, None, None
    return doc.get("options", {}), len(doc.get("players", [])) or None, game_id


@ft.component
def CheckScreen(game: str | None) -> ft.Control:
    """The move checker (route ``/check`` and ``/check/<game>``).

    Takes the game id from the address (None or unknown: the registry's
    first game). With ``?game_id=`` it hands that saved game's house rules
    and player count to the game's checker panel.
    """
    current = game if game in registry.GAME_IDS else registry.GAME_IDS[0]
    options, players, saved_id = _route_options()
    return ft.Column(
        [
            screen_header(
                "Check a move", "Pick the cards on the table and in your hand.",
                back=partial(navigate, f"/pad/{saved_id}") if saved_id else None,
            ),
            game_tiles(registry.GAME_IDS, current, lambda game_id: navigate(f"/check/{game_id}")),
            game_ui(current).Check(options, players, key=current),
        ],
        spacing=12,
    )
