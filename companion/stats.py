"""Player statistics and CSV export over saved games.

Statistics are built in two steps so that a long history costs little to
show: :func:`game_tally` replays one game through its pad (the rules core
scores every round, so the figures agree with the score pads) and returns
that game's small per-player tally, plain JSON that the store keeps beside
each finished game (frozen in memory by :func:`freeze_tally`);
:func:`merge_tallies` adds tallies up into one
:class:`PlayerStats` per player. :func:`player_stats` does both over a list
of documents. A document that can not be replayed (damaged by hand, say) is
left out rather than stopping the whole history. No UI and no storage
imports.
"""

from __future__ import annotations

import csv
import datetime as dt
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, TextIO

from companion import rules_core
from companion.document import utc_seconds
from companion.i18n import N_, _, pgettext

CSV_COLUMNS: tuple[str, ...] = (
    "game_id", "game", "started_utc", "round", "dealer", "player", "points", "total",
    "level_after_round", "detail",
)
"""The columns of :func:`write_csv`, in order: the keys of :func:`csv_rows` and the English header."""


def csv_headings() -> list[str]:
    """Return the header line of :func:`write_csv`: ``CSV_COLUMNS`` in the current language.

    English keeps the column keys (``"game_id"``); Norwegian and German write
    their own words in the same style (``"spill_id"``, ``"spiel_id"``).
    """
    headings = {
        "game_id": pgettext("CSV column", "game_id"),
        "game": pgettext("CSV column", "game"),
        "started_utc": pgettext("CSV column", "started_utc"),
        "round": pgettext("CSV column", "round"),
        "dealer": pgettext("CSV column", "dealer"),
        "player": pgettext("CSV column", "player"),
        "points": pgettext("CSV column", "points"),
        "total": pgettext("CSV column", "total"),
        "level_after_round": pgettext("CSV column", "level_after_round"),
        "detail": pgettext("CSV column", "detail"),
    }
    return [headings[column] for column in CSV_COLUMNS]

LEVELS_DONE = N_("done")
"""The ``level_after_round`` cell of an Up to 9 player who has laid down level 9 (an English msgid:
:func:`level_after_round` writes it in the current language)."""

def penalty_note(game: str) -> str:
    """What the "penalty points a round" average of ``game`` (an id) leaves out, where a reader
    could expect it (an English msgid: show it through ``_()``), or ""; the game spec's
    ``penalty_note`` (see :func:`game_tally`)."""
    from companion import registry

    return registry.game(game).penalty_note

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""First characters that make a spreadsheet read a text cell as a formula."""


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
            the games that count penalties the player has rounds in; what a game leaves out is in
            :func:`penalty_note`.
        best_score: best single-round score of the games whose record it is
            (Up or Down?), ``None`` if none.
        highest_level: highest level laid down of the games whose record it
            is (Up to 9: 0-9; 9 = the game's last level), ``None`` if none.
    """

    name: str
    games: int
    finished: int
    wins: int
    win_rate: float | None
    avg_penalty: dict[str, float] = field(default_factory=dict)
    best_score: int | None = None
    highest_level: int | None = None


def _record(game: str) -> tuple[str, Callable[[rules_core.Pad, str], int | None]] | None:
    """The personal record of ``game`` (an id): (the :class:`PlayerStats` field, how one game's
    pad gives it for a player), from the game's spec; the best over all games is kept."""
    from companion import registry

    return registry.game(game).record


def game_tally(pad: rules_core.Pad) -> dict[str, dict[str, Any]]:
    """One game's contribution to each player's statistics (plain JSON).

    Takes a replayed pad; returns player name -> ``{"finished": bool, "won":
    bool, "penalty": [points, rounds] or None, "record": int or None}``:
    whether the game is finished (by the rules or early), whether the player
    is among its winners, the penalty points summed over its rounds and the
    number of rounds (games that count penalties), and
    the game's personal record (its spec's ``record``). It is
    :func:`thaw_tally` of :func:`frozen_game_tally`.
    """
    return thaw_tally(frozen_game_tally(pad))


def frozen_game_tally(pad: rules_core.Pad) -> FrozenTally:
    """:func:`game_tally` of a replayed pad as :func:`freeze_tally` keeps it, built as tuples at once."""
    finished = pad.finished
    winners = set(pad.winners) if finished else set()
    _title, record = _record(pad.GAME) or ("", None)
    penalties, counted = pad.penalty_totals()
    return tuple(
        (player, finished, player in winners, (penalties[player], counted) if counted else None,
         record(pad, player) if record else None)
        for player in pad.players
    )


TALLY_FIELDS = ("finished", "won", "penalty", "record")
"""The fields of one player's entry in a :func:`game_tally` result."""


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def check_tally(tally: Any) -> bool:
    """True when ``tally`` (read back from a file) has the shape :func:`game_tally` writes."""
    if not isinstance(tally, dict):
        return False
    for name, entry in tally.items():
        if not isinstance(name, str) or not isinstance(entry, dict) or set(entry) != set(TALLY_FIELDS):
            return False
        if not isinstance(entry["finished"], bool) or not isinstance(entry["won"], bool):
            return False
        penalty, record = entry["penalty"], entry["record"]
        if penalty is not None and not (
            isinstance(penalty, list) and len(penalty) == 2 and all(map(_is_count, penalty))
        ):
            return False
        if record is not None and not (isinstance(record, int) and not isinstance(record, bool)):
            return False
    return True


FrozenTally = tuple[tuple[Any, ...], ...]
"""A tally as :func:`freeze_tally` keeps it: one (player, finished, won,
(penalty points, rounds) or None, record) tuple per player."""


def freeze_tally(tally: Mapping[str, Mapping[str, Any]]) -> FrozenTally:
    """A :func:`game_tally` result as nested tuples of plain values (see :data:`FrozenTally`).

    A store keeps 10,000 of these in memory: tuples of plain values are
    not scanned again and again by the garbage collector, as dicts would be.
    """
    return tuple(
        (player, entry["finished"], entry["won"],
         tuple(entry["penalty"]) if entry["penalty"] is not None else None, entry["record"])
        for player, entry in tally.items()
    )


def tally_winners(frozen: FrozenTally) -> tuple[str, ...]:
    """The players a game's frozen tally counts as its winners, in seating order (``()`` for a game
    not finished, or left out of the statistics): the pad's ``winners`` once the game is finished,
    as :func:`frozen_game_tally` read them from the replayed game."""
    return tuple(player for player, _finished, won, _penalty, _record in frozen if won)


def thaw_tally(frozen: FrozenTally) -> dict[str, dict[str, Any]]:
    """The :func:`game_tally` result that :func:`freeze_tally` froze, as plain JSON again."""
    return {
        player: {"finished": finished, "won": won, "penalty": list(penalty) if penalty is not None else None,
                 "record": record}
        for player, finished, won, penalty, record in frozen
    }


class TallySums:
    """The sums of many games' tallies (:func:`freeze_tally` of :func:`game_tally`),
    kept up to date one game at a time, so statistics over a long history are
    shown without adding up every game again.

    :meth:`add` and :meth:`remove` take one game (its game id and frozen
    tally) in or out; :meth:`stats` gives what :func:`merge_tallies` gives
    for the games in the sums. Per player: games, finished games, wins,
    per game id [penalty points, rounds, games counted], and per record
    field how many games reached each value (so a removed best is replaced
    by the next best).
    """

    __slots__ = ("games", "finished", "wins", "penalties", "records")

    def __init__(self) -> None:
        self.games: dict[str, int] = {}
        self.finished: dict[str, int] = {}
        self.wins: dict[str, int] = {}
        self.penalties: dict[str, dict[str, list[int]]] = {}
        self.records: dict[str, dict[str, Counter[int]]] = {}

    @classmethod
    def of(cls, tallies: Iterable[tuple[str, FrozenTally]]) -> TallySums:
        """The sums of (game id, frozen tally) pairs."""
        sums = cls()
        for game, tally in tallies:
            sums.add(game, tally)
        return sums

    def add(self, game: str, tally: FrozenTally) -> None:
        """Count one game (its game id and frozen tally) in."""
        self._count(game, tally, 1)

    def remove(self, game: str, tally: FrozenTally) -> None:
        """Count out one game that :meth:`add` counted in (the same game id and tally)."""
        self._count(game, tally, -1)

    def _count(self, game: str, tally: FrozenTally, step: int) -> None:
        record = _record(game)
        field_name = record[0] if record else ""
        for player, ended, won, penalty, record in tally:
            _bump(self.games, player, step)
            if ended:
                _bump(self.finished, player, step)
                _bump(self.wins, player, step * won)
            if penalty is not None:
                by_game = self.penalties.setdefault(player, {})
                sums = by_game.setdefault(game, [0, 0, 0])
                sums[0] += step * penalty[0]
                sums[1] += step * penalty[1]
                sums[2] += step
                if not sums[2]:
                    del by_game[game]
                    if not by_game:
                        del self.penalties[player]
            if field_name and record is not None:
                fields = self.records.setdefault(player, {})
                reached = fields.setdefault(field_name, Counter())
                reached[record] += step
                if reached[record] <= 0:
                    del reached[record]
                    if not reached:
                        del fields[field_name]
                        if not fields:
                            del self.records[player]

    def __eq__(self, other: object) -> bool:
        """True for sums of the same counts (the same games counted in, in any order)."""
        if not isinstance(other, TallySums):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)

    def merge(self, other: TallySums) -> None:
        """Count in every game that ``other`` counts: the same sums as adding those games one by one
        (``other`` is not changed)."""
        for counts, more in ((self.games, other.games), (self.finished, other.finished), (self.wins, other.wins)):
            for player, value in more.items():
                _bump(counts, player, value)
        for player, by_game in other.penalties.items():
            mine = self.penalties.setdefault(player, {})
            for game, (points, rounds, games) in by_game.items():
                sums = mine.setdefault(game, [0, 0, 0])
                sums[0] += points
                sums[1] += rounds
                sums[2] += games
        for player, fields in other.records.items():
            mine_fields = self.records.setdefault(player, {})
            for field_name, reached in fields.items():
                mine_fields.setdefault(field_name, Counter()).update(reached)

    def copy(self) -> TallySums:
        """Sums that can be changed without changing these."""
        other = TallySums()
        other.games, other.finished, other.wins = dict(self.games), dict(self.finished), dict(self.wins)
        other.penalties = {player: {game: list(sums) for game, sums in by_game.items()}
                           for player, by_game in self.penalties.items()}
        other.records = {player: {name: Counter(reached) for name, reached in fields.items()}
                         for player, fields in self.records.items()}
        return other

    def stats(self) -> list[PlayerStats]:
        """One :class:`PlayerStats` per player name in the sums, sorted by name (case ignored)."""
        wins, finished = self.wins, self.finished
        return [
            PlayerStats(
                name=name,
                games=self.games[name],
                finished=finished.get(name, 0),
                wins=wins.get(name, 0),
                win_rate=wins.get(name, 0) / finished[name] if finished.get(name) else None,
                avg_penalty={game: total / count for game, (total, count, _games) in self.penalties.get(name, {}).items()},
                **{field_name: max(reached) for field_name, reached in self.records.get(name, {}).items()},
            )
            for name in sorted(self.games, key=str.casefold)
        ]


def _bump(counts: dict[str, int], key: str, step: int) -> None:
    """Add ``step`` to ``counts[key]`` (missing counts as 0), dropping the key when it comes to 0."""
    value = counts.get(key, 0) + step
    if value:
        counts[key] = value
    else:
        counts.pop(key, None)


def merge_tallies(tallies: Iterable[tuple[str, FrozenTally]]) -> list[PlayerStats]:
    """Statistics per player name from the tallies of many games.

    Takes (game id, :func:`freeze_tally` of a :func:`game_tally` result)
    pairs; returns one :class:`PlayerStats` per name, sorted by name (case
    ignored): the :meth:`TallySums.stats` of their :class:`TallySums`.
    """
    return TallySums.of(tallies).stats()


def load_pads(docs: Iterable[Mapping[str, Any]]) -> Iterator[rules_core.Pad]:
    """The pads of the saved games that replay; damaged documents are skipped.

    Args:
        docs: saved game documents (see ``Pad.to_doc``).
    """
    for doc in docs:
        try:
            yield rules_core.pad_from_doc(doc)
        except rules_core.PadError:
            continue


def player_stats(docs: Iterable[Mapping[str, Any]]) -> list[PlayerStats]:
    """Statistics per player name over the saved games (each replayed once).

    Args:
        docs: saved game documents. The store keeps the tallies up to date
            as games are saved: ``Store.player_stats()`` gives the same
            result without replaying the history.

    Returns:
        One :class:`PlayerStats` per name, sorted by name (case ignored).
    """
    return merge_tallies((pad.GAME, freeze_tally(game_tally(pad))) for pad in load_pads(docs))


def started_text(created: str) -> str:
    """A game's start time for a spreadsheet, in UTC: ISO 8601 ``created``
    ("2026-11-30T01:23:45+00:00"; another offset is turned to UTC, as the
    column's name says) as "2026-11-30 01:23:45"; a value without a time
    part or an offset is cut to its date and time as it is."""
    try:
        moment = dt.datetime.fromtimestamp(utc_seconds(created), dt.timezone.utc)
    except ValueError:
        day, _mark, clock = created.partition("T")
        return f"{day} {clock[:8]}" if clock else day
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def level_after_round(level: int | None, done: int | None) -> int | str:
    """The ``level_after_round`` cell: the level a player plays after the round
    (Up to 9: 1-9), :data:`LEVELS_DONE` (in the current language) when it is
    ``done``, the pad's ``LEVEL_DONE`` (Up to 9's 10, seed 003 "levels"),
    ``""`` for the games without levels (``None``)."""
    if level is None:
        return ""
    return _(LEVELS_DONE) if level == done else level


def _started(doc: Mapping[str, Any]) -> float:
    """When a saved document's game started (seconds since the epoch), to put games in the order
    they started before any is replayed (-inf for a document without a start time, which does
    not replay)."""
    try:
        return utc_seconds(doc.get("created") if isinstance(doc, Mapping) else None)
    except ValueError:
        return float("-inf")


def csv_lines(
    docs: Iterable[Mapping[str, Any]], text: Callable[[Any], Any] = lambda cell: cell
) -> Iterator[list[Any]]:
    """The history as one list of cells per player per round (the lines of :func:`write_csv`).

    Args:
        docs: saved game documents; one that does not replay is left out
            (:func:`load_pads`).
        text: applied to each cell that may hold text (all but ``round``,
            ``points`` and ``total``); :func:`write_csv` passes
            :func:`as_text_cell`.

    Yields:
        Lists of cells in the order of :data:`CSV_COLUMNS` (see
        :func:`csv_rows` for what each holds and the order of the lines).
        The documents are put in order first; each game is then replayed
        only when its lines are reached, and its rows read once, so a long
        history is written a game at a time.
    """
    for pad in load_pads(sorted(docs, key=_started)):
        game = [text(pad.id), text(pad.SETUP.title), text(started_text(pad.created))]
        players = [(player, text(player)) for player in pad.players]
        for row in pad.rows:
            number, dealer, detail, level = row.number, text(row.dealer), row.detail, row.level
            for player, cell in players:
                yield [*game, number, dealer, cell, row.points[player], row.totals[player],
                       text(level_after_round(level.get(player), pad.LEVEL_DONE)), text(detail[player])]


def csv_rows(docs: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The history as one dict per player per round (the rows of :func:`write_csv`).

    Keys are :data:`CSV_COLUMNS`: ``game_id``, ``game`` (its name),
    ``started_utc`` (when the game started, "YYYY-MM-DD HH:MM:SS", UTC),
    ``round``, ``dealer``, ``player``, ``points`` (this round), ``total``
    (running total after the round), ``level_after_round`` (see
    :func:`level_after_round`), ``detail`` (the pad's note, e.g. "went out,
    gave back 10"). Games in the order they started (oldest first, equal
    times in the order given), rounds in order, players in seating order.
    """
    return [dict(zip(CSV_COLUMNS, line)) for line in csv_lines(docs)]


def as_text_cell(value: Any) -> Any:
    """A CSV cell a spreadsheet shows as typed: text starting with ``=``, ``+``,
    ``-``, ``@``, a tab or a carriage return gets a leading apostrophe so it is
    not run as a formula; numbers and other text are returned unchanged."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def write_csv(docs: Iterable[Mapping[str, Any]], out: TextIO) -> None:
    """Write the whole history to the text stream ``out`` as CSV: a header, then
    one line per player per round (:func:`csv_lines`), a game at a time.

    Columns: :data:`CSV_COLUMNS` (see :func:`csv_rows`), headed in the
    current language (:func:`csv_headings`). Written by the ``csv`` module
    (comma separated, quoted where needed, CRLF line ends: open a file with
    ``newline=""``); text cells that a spreadsheet would run as a formula
    are written as text (:func:`as_text_cell`). Raises what ``out.write``
    raises (OSError for a full disk).
    """
    writer = csv.writer(out)
    writer.writerow(csv_headings())
    writer.writerows(csv_lines(docs, as_text_cell))

