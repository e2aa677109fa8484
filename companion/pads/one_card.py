"""The One-card match pad: a tally of round wins.

One-card itself keeps no score (seed 002, "Winning": the first player to
empty their hand wins the round).  The app keeps a tally of round wins per
player; the first to ``target`` round wins takes the match (rulings.md,
One-card: a **house rule**, default ``one_card.MATCH_WINS``).  The rules,
the match rule included (``one_card.match_winners``), live in
:mod:`companion.games.one_card`; this pad only counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games import one_card
from companion.pads.base import Pad, PadError, Row, check_count, points_text


class OneCardPad(Pad):
    """Match pad for One-card (2-6 players, first to ``target`` round wins).

    Raw round entry (JSON): ``{"winner": "Ann"}``.

    Row: ``points`` is 1 for the round's winner and 0 for everyone else;
    ``totals`` are round wins so far.
    """

    GAME = "one_card"
    TITLE = "One-card"
    DEFAULTS = {"target": one_card.MATCH_WINS}

    def add_round(self, winner: str) -> Row:
        """Enter the next round's winner and return its row.

        Raises:
            PadError: a name that is not playing (every round has exactly one
                winner: seed 002, "Winning").
        """
        return self._add(self._entry(winner))

    def edit_round(self, number: int, winner: str) -> Row:
        """Change the winner of round ``number`` (from 1); return the new row.

        Raises:
            PadError: no such round or an unknown name.
        """
        return self._edit(number, self._entry(winner))

    def preview_round(self, winner: str) -> Row:
        """The row :meth:`add_round` would add, without adding it."""
        return self._preview(self._entry(winner))

    @property
    def target(self) -> int:
        """Round wins that take the match."""
        return self._options["target"]

    def _entry(self, winner: object) -> dict[str, Any]:
        if isinstance(winner, (list, tuple, set, frozenset)):
            raise PadError("Every round has exactly one winner: choose one player")
        return {"winner": self._player(winner, "round's winner")}

    def _check_option(self, name: str, value: Any) -> Any:
        return check_count(value, "The round wins that take the match", least=1)

    def _start(self, options: Mapping[str, Any]) -> dict[str, int]:
        return {player: 0 for player in self.players}

    def _play(self, state: Any, entry: Mapping[str, Any], number: int, options: Mapping[str, Any]) -> tuple[Any, Row]:
        winner = self._player(entry["winner"], "round's winner")
        points = {player: int(player == winner) for player in self.players}
        wins = {player: state[player] + points[player] for player in self.players}
        row = self.dealt_row(
            number,
            points=points,
            totals=wins,
            detail={player: "won the round" if player == winner else "" for player in self.players},
        )
        return wins, row

    def _totals(self, state: Any) -> dict[str, int]:
        return dict(state)

    def _over(self, state: Any, options: Mapping[str, Any]) -> bool:
        return bool(one_card.match_winners(state, options["target"]))

    def _rule_winners(self, state: Any) -> list[str]:
        return one_card.match_winners(state, self.target)

    def _rank_key(self, state: Any, player: str) -> tuple:
        return (-state[player],)

    def _standing_text(self, state: Any, player: str) -> str:
        return points_text(state[player], "round win")
