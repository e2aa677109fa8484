"""The Up or Down? score pad.

Up or Down? is scored once, when all cards are played out: for every player
up to 3 rows (each as the colours of its cards, or as its length and the
count of its commonest colour) and the cards on their personal discard pile.
Row scores, player scores and the winners come from
:mod:`companion.games.up_or_down` (seed 004, scoring; rulings.md).

A table that plays a match of several games enters one scoring entry per
game; totals add up and the highest total wins.  One entry is a whole game,
so the game is over as soon as it is entered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from babel.support import LazyProxy

from companion.games.up_or_down import scoring
from companion.games.up_or_down.rules import MAX_ROWS, RING_SIZE, RowSummary, cards_in_play, colour_name
from companion.games.up_or_down.setup_row import SETUP
from companion.i18n import N_, _, lazy
from companion.pads.base import Pad, PadError, Row, check_count, points_text

_PLAYER_REFUSED = N_("{name}: {reason}")


class UpOrDownState(NamedTuple):
    """The match between games.

    Attributes:
        totals: player -> points of every game entered so far, in seating order.
    """

    totals: dict[str, int]


class UpOrDownPad(Pad):
    """Score pad for Up or Down? (2-6 players, highest score wins).

    Raw round entry (JSON)::

        {"scores": {"Ann": {"rows": [["yellow", "blue", ...], [8, 5]],
                            "discarded": 0},
                    "Ben": {...}}}

    A row is a list of colour names (one per card) or a ``[cards,
    commonest]`` pair.  Row: ``points`` is each player's score for the game;
    ``detail`` shows its parts ("24 + 2 + 40 + 0 discarded").
    """

    GAME = "up_or_down"
    SETUP = SETUP
    HAND_BY_HAND = True

    def hand_part(self, entry: Mapping[str, Any], player: str) -> dict[str, Any]:
        """``player``'s part of the count: ``{"rows": [...], "discarded": int}``
        (their own display and discard pile).

        Raises:
            PadError: ``player`` is not playing.
        """
        player = self._player(player)
        part = entry.get("scores", {}).get(player) or {}
        return {"rows": list(part.get("rows", [])), "discarded": part.get("discarded", 0)}

    def join_hands(self, parts: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
        """``{"scores"}`` from the players' parts (:meth:`hand_part`); a
        player without a part has no rows and no discards yet."""
        return {
            "scores": {
                player: {"rows": list(parts.get(player, {}).get("rows", [])),
                         "discarded": parts.get(player, {}).get("discarded", 0)}
                for player in self.players
            }
        }

    def add_round(
        self,
        scores: Mapping[str, Mapping[str, Any]],
        *,
        expected_round: int | None = None,
    ) -> Row:
        """Enter the end-of-game count and return its row.

        Args:
            scores: player -> ``{"rows": [...], "discarded": int}``; each row
                a list of colour names, a ``[cards, commonest]`` pair, a
                ``{"cards": n, "commonest": k}`` mapping or an
                ``RowSummary``; ``rows`` may be left out (no rows)
                and ``discarded`` too (0).
            expected_round: see ``companion.pads.versions.VersionedPad``.

        Raises:
            PadError: a missing or unknown player, more than 3 rows, an
                unknown colour, an impossible count (a row of 8 with no
                colour twice, more cards than are in play).
            ConflictError: the next entry is no longer ``expected_round``.
        """
        return self._add(self._entry(scores), expected_round)

    def edit_round(
        self,
        round: str | int,
        scores: Mapping[str, Mapping[str, Any]],
        *,
        expected_rev: int | None = None,
    ) -> Row:
        """Replace an entry (by id, or number from 1); returns the new row.

        Raises:
            PadError: as :meth:`add_round`, or no such entry.
            ConflictError: the entry is gone, or changed since ``expected_rev``.
        """
        return self._edit(round, self._entry(scores), expected_rev)

    def preview_round(self, scores: Mapping[str, Mapping[str, Any]]) -> Row:
        """The row :meth:`add_round` would add, without adding it."""
        return self._preview(self._entry(scores))

    def score_preview(self, rows: Sequence[Any], discarded: int = 0) -> int:
        """One player's score while it is being entered.

        Raises:
            PadError: as :meth:`add_round` for that player's part.
        """
        entry = self._player_entry(_("This player"), {"rows": rows, "discarded": discarded})
        try:
            return scoring.player_score([_display_row(row) for row in entry["rows"]], entry["discarded"])
        except ValueError as exc:
            raise PadError(str(exc)) from exc

    def _entry(self, scores: object) -> dict[str, Any]:
        named = self._per_player(scores, N_("the rows and the discard pile"))
        return {"scores": {player: self._player_entry(player, value) for player, value in named.items()}}

    def _player_entry(self, player: str, value: object) -> dict[str, Any]:
        """One player's rows and discard count as stored; PadError names the player."""
        if not isinstance(value, Mapping):
            raise PadError(_("Enter {name}'s rows and discard pile").format(name=player))
        rows = value.get("rows", [])
        if isinstance(rows, (str, bytes, Mapping)) or not isinstance(rows, Sequence):
            raise PadError(_("{name}: give the rows as a list").format(name=player))
        if len(rows) > MAX_ROWS:
            raise PadError(_("{name} has {count} rows: a display holds at most {most}").format(
                name=player, count=len(rows), most=MAX_ROWS))
        try:
            stored = [self._row(row) for row in rows]
        except ValueError as exc:
            raise PadError(_(_PLAYER_REFUSED).format(name=player, reason=exc)) from exc
        discarded = check_count(value.get("discarded", 0), _("{name}'s discard pile").format(name=player))
        return {"rows": stored, "discarded": discarded}

    @staticmethod
    def _row(row: object) -> list[Any]:
        """A row as stored: colour names, or a [cards, commonest] pair."""
        if isinstance(row, Mapping):
            return [
                check_count(row.get("cards"), _("The cards in a row")),
                check_count(row.get("commonest"), _("The count of a row's commonest colour")),
            ]
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence):
            raise PadError(_("give each row as its colours or as its cards and commonest colour count"))
        items = list(row)
        if _is_counts(items):
            return items
        return [colour_name(colour) for colour in items]

    def _start(self, options: Mapping[str, Any]) -> UpOrDownState:
        return UpOrDownState({player: 0 for player in self.players})

    def _play(
        self, state: UpOrDownState, entry: Mapping[str, Any], number: int, options: Mapping[str, Any]
    ) -> tuple[UpOrDownState, Row]:
        displays = {
            player: [_display_row(row) for row in entry["scores"][player]["rows"]] for player in self.players
        }
        discarded = {player: entry["scores"][player]["discarded"] for player in self.players}
        in_play = len(cards_in_play(len(self.players)))
        room = in_play - RING_SIZE
        counted = sum(
            _row_length(row) for rows in displays.values() for row in rows
        ) + sum(discarded.values())
        if counted > room:
            raise PadError(_(
                "The rows and discard piles hold {counted} cards, but with {players} players "
                "only {in_play} are in play and {ring} of them stay in the ring, "
                "so at most {room} can be in rows or on discard piles: check the counts"
            ).format(counted=counted, players=len(self.players), in_play=in_play, ring=RING_SIZE,
                     room=room))
        points: dict[str, int] = {}
        notes: dict[str, LazyProxy] = {}
        for player, rows in displays.items():
            try:
                points[player] = scoring.player_score(rows, discarded[player])
                parts = [str(scoring.player_score([row], 0)) for row in rows]
            except ValueError as exc:
                raise PadError(_(_PLAYER_REFUSED).format(name=player, reason=exc)) from exc
            count = discarded[player]
            notes[player] = (lazy("{rows} + {count} discarded", rows=" + ".join(parts), count=count)
                             if parts else lazy("{count} discarded", count=count))
        totals = {player: state.totals[player] + points[player] for player in self.players}
        row = self.dealt_row(
            number,
            points=points,
            totals=totals,
            notes=notes,
        )
        return UpOrDownState(totals), row

    def _totals(self, state: UpOrDownState) -> dict[str, int]:
        return dict(state.totals)

    def _over(self, state: UpOrDownState, options: Mapping[str, Any]) -> bool:
        return True

    def _rule_winners(self, state: UpOrDownState) -> list[str]:
        return scoring.winners(state.totals)

    def _rank_key(self, state: UpOrDownState, player: str) -> tuple:
        return (-state.totals[player],)

    def _standing_text(self, state: UpOrDownState, player: str) -> str:
        return points_text(state.totals[player])


DisplayRow = list[str] | RowSummary
"""One row of a display as the rules core takes it: colour names, or its counts."""


def _is_counts(row: Sequence[Any]) -> bool:
    """True for a stored row given by its counts: ``[cards, commonest]``."""
    return len(row) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in row)


def _display_row(row: Sequence[Any]) -> DisplayRow:
    """A stored row (colour names or ``[cards, commonest]``) as the rules core's row."""
    return RowSummary(*row) if _is_counts(row) else list(row)


def _row_length(row: DisplayRow) -> int:
    """Cards in a row."""
    return row.cards if isinstance(row, RowSummary) else len(row)


def best_round_score(pad: UpOrDownPad, player: str) -> int | None:
    """``player``'s best score of a single round in the game of ``pad`` (points), None before
    round 1: the statistics' ``best_score``."""
    return max((row.points[player] for row in pad.rows), default=None)
