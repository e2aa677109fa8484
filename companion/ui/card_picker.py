"""Card pickers: rows of big tap tiles for card values and ranks.

- :func:`value_toggles`: one tile per value, tapped on and off (One Up's
  values left in a hand: each value counts once).
- :func:`card_counter`: one tile per rank, each tap adds a card, and the
  chosen cards shown as removable chips (Up to 9's cards left in a hand).

Both take their labels from the caller (the rules core's tables), know no
rule, and name their tiles so tests and screen readers can find them: wrap
them with ``widgets.labelled(test_id, ...)`` to tell one player's from
another's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import flet as ft

from companion.i18n import _

from companion.ui.widgets import SUIT_TEXT, TOUCH, tile_button


def value_toggles(
    values: Sequence[str],
    selected: Sequence[str],
    on_toggle: Callable[[str], None],
    *,
    labels: dict[str, str] | None = None,
) -> ft.Control:
    """A wrapping row of toggle tiles, one per value.

    Takes the values in display order, the selected ones, the handler called
    with a value when its tile is tapped and optional display labels per
    value (``{"joker": "Jkr"}``).
    """
    labels = labels or {}
    return ft.Row(
        [
            tile_button(labels.get(value, value), selected=value in selected, on_click=partial(on_toggle, value))
            for value in values
        ],
        wrap=True,
        spacing=2,
        run_spacing=4,
    )


def card_counter(
    ranks: Sequence[str],
    cards: Sequence[str],
    on_add: Callable[[str], None],
    on_remove: Callable[[int], None],
    *,
    labels: dict[str, str] | None = None,
) -> ft.Control:
    """Tiles that add one card each, and the cards chosen so far.

    Takes the rank labels in display order, the cards chosen (labels, in the
    order added), ``on_add(rank)`` and ``on_remove(index)`` (tapping a chosen
    card takes it back out), and optional display labels per rank label
    (German ``{"J": "B", "Q": "D"}``): a tile and a chosen card show the
    display label, the handlers get the rank label.
    """
    labels = labels or {}
    tiles = ft.Row(
        [
            tile_button(labels.get(rank, rank), selected=False, on_click=partial(on_add, rank))
            for rank in ranks
        ],
        wrap=True,
        spacing=2,
        run_spacing=4,
    )
    chosen = ft.Row(
        [
            ft.OutlinedButton(
                content=ft.Text(labels.get(card, card), style=SUIT_TEXT,
                                semantics_label=_("Take out {card}").format(card=labels.get(card, card))),
                icon=ft.Icons.CLOSE,
                on_click=partial(on_remove, index),
                height=TOUCH,
            )
            for index, card in enumerate(cards)
        ],
        wrap=True,
        spacing=4,
        run_spacing=4,
    )
    return ft.Column([tiles, chosen] if cards else [tiles], spacing=6)
