"""Player statistics and CSV export over saved games.

Both read the saved game documents (``Store.iter_games()``), rebuild each
game's pad and use what the pad derives by replaying its rounds through the
rules core, so the figures always agree with the score pads.  A document that
can not be replayed (damaged by hand, say) is left out rather than stopping
the whole history.  No UI and no storage imports.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.pads import GAME_TITLES, Pad, PadError, pad_from_doc

CSV_COLUMNS: tuple[str, ...] = (
    "game_id", "game", "date", "round", "dealer", "player", "points", "total", "level", "detail",
)
"""The columns of :func:`export_csv`, in order."""


@dataclass(frozen=True)
class PlayerStats:
    """One player's record across the saved games (players are matched by name).

    Attributes:
        name: the player's name.
        games: games the player took part in, finished or not.
        finished: of those, the finished ones (ended by the rules or early).
        wins: finished games the player won (a shared win counts).
        win_rate: ``wins / finished`` (0.0-1.0), ``None`` with no finished game.
        avg_penalty: game id -> average penalty points per round played, for
            the games that count penalties (``"one_up"``, ``"up_to_nine"``)
            the player has rounds in.
        best_score: best single-game score in Up or Down?, ``None`` if none.
        highest_level: highest Up to 9 level laid down (0-9; 9 = the game's
            last level), ``None`` if the player has no Up to 9 game.
    """

    name: str
    games: int
    finished: int
    wins: int
    win_rate: float | None
    avg_penalty: dict[str, float] = field(default_factory=dict)
    best_score: int | None = None
    highest_level: int | None = None


def load_pads(docs: Iterable[Mapping[str, Any]]) -> Iterator[Pad]:
    """The pads of the saved games that replay; damaged documents are skipped.

    Args:
        docs: saved game documents (see ``Pad.to_doc``).
    """
    for doc in docs:
        try:
            yield pad_from_doc(doc)
        except PadError:
            continue


def player_stats(docs: Iterable[Mapping[str, Any]]) -> list[PlayerStats]:
    """Statistics per player name over the saved games.

    Args:
        docs: saved game documents, e.g. ``store.iter_games()``.

    Returns:
        One :class:`PlayerStats` per name, sorted by name (case ignored).
    """
    games: dict[str, int] = {}
    finished: dict[str, int] = {}
    wins: dict[str, int] = {}
    penalty_sums: dict[str, dict[str, list[int]]] = {}
    best: dict[str, int] = {}
    highest: dict[str, int] = {}
    for pad in load_pads(docs):
        winners = set(pad.winners) if pad.finished else set()
        for player in pad.players:
            games[player] = games.get(player, 0) + 1
            if pad.finished:
                finished[player] = finished.get(player, 0) + 1
                wins[player] = wins.get(player, 0) + (player in winners)
            for row in pad.rows:
                if row.penalty:
                    sums = penalty_sums.setdefault(player, {}).setdefault(pad.GAME, [0, 0])
                    sums[0] += row.penalty[player]
                    sums[1] += 1
            if pad.GAME == "up_or_down":
                for row in pad.rows:
                    best[player] = max(best.get(player, row.points[player]), row.points[player])
            if pad.GAME == "up_to_nine":
                highest[player] = max(highest.get(player, 0), pad.level(player) - 1)
    return [
        PlayerStats(
            name=name,
            games=games[name],
            finished=finished.get(name, 0),
            wins=wins.get(name, 0),
            win_rate=wins.get(name, 0) / finished[name] if finished.get(name) else None,
            avg_penalty={game: total / count for game, (total, count) in penalty_sums.get(name, {}).items()},
            best_score=best.get(name),
            highest_level=highest.get(name),
        )
        for name in sorted(games, key=str.casefold)
    ]


def csv_rows(docs: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The history as one dict per player per round (the rows of :func:`export_csv`).

    Keys are :data:`CSV_COLUMNS`: ``game_id``, ``game`` (its name),
    ``date`` (the day the game started, YYYY-MM-DD, UTC), ``round``,
    ``dealer``, ``player``, ``points`` (this round), ``total`` (running
    total after the round), ``level`` (Up to 9: level after the round, else
    ``""``), ``detail`` (the pad's note, e.g. "went out, gave back 10").
    Games in the order given, rounds in order, players in seating order.
    """
    rows: list[dict[str, Any]] = []
    for pad in load_pads(docs):
        for row in pad.rows:
            for player in pad.players:
                rows.append({
                    "game_id": pad.id,
                    "game": GAME_TITLES[pad.GAME],
                    "date": pad.created[:10],
                    "round": row.number,
                    "dealer": row.dealer,
                    "player": player,
                    "points": row.points[player],
                    "total": row.totals[player],
                    "level": row.level.get(player, ""),
                    "detail": row.detail.get(player, ""),
                })
    return rows


def export_csv(docs: Iterable[Mapping[str, Any]]) -> str:
    """The whole history as CSV text: a header, then one line per player per round.

    Columns: :data:`CSV_COLUMNS` (see :func:`csv_rows`). Written by the
    ``csv`` module (comma separated, quoted where needed, CRLF line ends).
    """
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS)
    writer.writeheader()
    writer.writerows(csv_rows(docs))
    return out.getvalue()
