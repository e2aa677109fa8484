"""The One-card match pad: a tally of round wins.

One-card itself keeps no score (seed 002, "Winning": the first player to
empty their hand wins the round).  The app keeps a tally of round wins per
player; the first to ``target`` round wins takes the match (rulings.md,
One-card: a **house rule**, default ``MATCH_WINS``).  The rules,
the match rule included (``match_winners``), live in
:mod:`companion.games.one_card`; this pad only counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from companion.games.one_card.deck import match_winners
from companion.games.one_card.options import OPTIONS
from companion.games.one_card.setup_row import SETUP
from companion.i18n import N_, _, lazy
from companion.pads.base import Pad, PadError, Row, points_text


class OneCardState(NamedTuple):
    """The match between rounds.

    Attributes:
        wins: player -> round wins so far, in seating order.
    """

    wins: dict[str, int]


class OneCardPad(Pad):
    """Match pad for One-card (2-6 players, first to ``target`` round wins).

    Raw round entry (JSON): ``{"winner": "Ann"}``.

    Row: ``points`` is 1 for the round's winner and 0 for everyone else;
    ``totals`` are round wins so far.
    """

    GAME = "one_card"
    SETUP = SETUP
    OPTIONS = OPTIONS

    def add_round(self, winner: str, *, expected_round: int | None = None) -> Row:
        """Enter the next round's winner and return its row.

        ``expected_round``: see ``companion.pads.versions.VersionedPad``.

        Raises:
            PadError: a name that is not playing (every round has exactly one
                winner: seed 002, "Winning").
            ConflictError: the next round is no longer ``expected_round``.
        """
        return self._add(self._entry(winner), expected_round)

    def edit_round(
        self, round: str | int, winner: str, *, expected_rev: int | None = None
    ) -> Row:
        """Change the winner of a round (by id, or number from 1); return the new row.

        Raises:
            PadError: no such round or an unknown name.
            ConflictError: the round is gone, or changed since ``expected_rev``.
        """
        return self._edit(round, self._entry(winner), expected_rev)

    def preview_round(self, winner: str) -> Row:
        """The row :meth:`add_round` would add, without adding it."""
        return self._preview(self._entry(winner))

    @property
    def target(self) -> int:
        """Round wins that take the match."""
        return self._options["target"]

    def _entry(self, winner: object) -> dict[str, Any]:
        if isinstance(winner, (list, tuple, set, frozenset)):
            raise PadError(_("Every round has exactly one winner: choose one player"))
        return {"winner": self._player(winner, N_("round's winner"))}

    def _start(self, options: Mapping[str, Any]) -> OneCardState:
        return OneCardState({player: 0 for player in self.players})

    def _play(
        self, state: OneCardState, entry: Mapping[str, Any], number: int, options: Mapping[str, Any]
    ) -> tuple[OneCardState, Row]:
        winner = entry["winner"]
        points = {player: int(player == winner) for player in self.players}
        wins = {player: state.wins[player] + points[player] for player in self.players}
        row = self.dealt_row(
            number,
            points=points,
            totals=wins,
            notes={winner: lazy("won the round")},
        )
        return OneCardState(wins), row

    def _totals(self, state: OneCardState) -> dict[str, int]:
        return dict(state.wins)

    def _over(self, state: OneCardState, options: Mapping[str, Any]) -> bool:
        return bool(match_winners(state.wins, options["target"]))

    def _rule_winners(self, state: OneCardState) -> list[str]:
        return match_winners(state.wins, self.target)

    def _rank_key(self, state: OneCardState, player: str) -> tuple:
        return (-state.wins[player],)

    def _standing_text(self, state: OneCardState, player: str) -> str:
        return points_text(state.wins[player], "round win")
