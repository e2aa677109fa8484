"""The Up to 9 score pad.

Each round the table enters, for every player, whether they laid down their
contract and what they have left: the cards in hand, or a penalty figure
counted at the table.  Levels, penalty points and the winners come from
:mod:`companion.games.up_to_nine` (seed 003, "Nivåprogresjon", "Slutt på
runden og straffepoeng", "Målet og seier"; rulings.md, Up to 9).

Option ``levels``: the level table of this game as JSON (the preset, or an
edited copy agreed before the first round), written and read by
``levels_to_json`` / ``levels_from_json``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from babel.support import LazyProxy

from companion.cards import CardError, as_cards
from companion.games.up_to_nine.levels import FINISHED, Level, levels_from_json
from companion.games.up_to_nine.options import OPTIONS
from companion.games.up_to_nine import scoring
from companion.games.up_to_nine.scoring import RoundResult, Standing, hand_penalty
from companion.games.up_to_nine.setup_row import SETUP
from companion.games.up_to_nine.upgrades import went_out_field
from companion.i18n import N_, _, lazy, ngettext
from companion.pads.base import Pad, PadError, Row, check_count, points_text
from companion.pads.table import stored_card_texts
from companion.wording import join_words

class UpToNineState(NamedTuple):
    """The game between rounds.

    Attributes:
        standings: player -> ``Standing`` (level, penalty points),
            in seating order.
        levels: the level table in force.
    """

    standings: dict[str, Standing]
    levels: tuple[Level, ...]


class UpToNinePad(Pad):
    """Score pad for Up to 9 (2-6 players, first to lay down level 9 wins).

    Raw round entry (JSON)::

        {"results": {"Ann": {"laid_down": true, "hand": [], "points": null},
                     "Ben": {"laid_down": false, "hand": ["♥2", "♠K"], "points": null},
                     "Cy":  {"laid_down": true, "hand": [], "points": 15}},
         "went_out": "Ann"}        # or None: nobody went out (the safety valve)

    ``hand`` holds the cards left (as text) and ``points`` a penalty figure
    entered instead of cards (``None`` when the cards are given).  The player
    who went out has no cards and no points; ``went_out`` names them.

    Row: ``points`` and ``penalty`` are the penalty points of the round,
    ``totals`` the accumulated penalty points, ``level`` each player's level
    after the round (10 = level 9 laid down).
    """

    GAME = "up_to_nine"
    SETUP = SETUP
    OPTIONS = OPTIONS
    ROUND_UPGRADES = {1: went_out_field}
    LEVEL_DONE = FINISHED
    HAND_BY_HAND = True

    def hand_part(self, entry: Mapping[str, Any], player: str) -> dict[str, Any]:
        """``player``'s part of a round entry: ``{"result": {"laid_down",
        "hand", "points"}, "went_out": bool}``.

        Raises:
            PadError: ``player`` is not playing.
        """
        player = self._player(player)
        result = entry.get("results", {}).get(player) or _blank_result()
        return {"result": dict(result), "went_out": entry.get("went_out") == player}

    def join_hands(self, parts: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
        """``{"results", "went_out"}`` from the players' parts
        (:meth:`hand_part`); a player without a part has not laid down and
        has no cards yet.

        Raises:
            PadError: two players each say they went out.
        """
        return {
            "results": {
                player: dict(parts.get(player, {}).get("result") or _blank_result()) for player in self.players
            },
            "went_out": self._marked(parts, "went_out", N_("{names} each say they went out: only one player can")),
        }

    def add_round(
        self,
        results: Mapping[str, Any],
        went_out: str | None = None,
        *,
        expected_round: int | None = None,
    ) -> Row:
        """Enter the next round and return its row.

        Args:
            results: player -> ``{"laid_down": bool, "hand": cards,
                "points": int | None}`` or an ``RoundResult``;
                ``hand`` is a list of cards/text or one string, ``points`` a
                penalty figure given instead of the cards.  Every player.
            went_out: the player who went out (nothing left), saved with the
                round; when None, the player whose hand is given as no cards
                (``went_out``), or nobody.
            expected_round: see ``companion.pads.versions.VersionedPad``.

        Raises:
            PadError: a missing or unknown player, an unknown card, both cards
                and points, a negative figure, a hand of more than 11 cards,
                hands that together hold more of a card than the decks for
                this many players, cards for the player who went out, two
                players with nothing left (only one can go out), a player
                who went out without laying down, or results the rules
                reject.
            ConflictError: the next round is no longer ``expected_round``.
        """
        return self._add(self._entry(results, went_out), expected_round)

    def edit_round(
        self,
        round: str | int,
        results: Mapping[str, Any],
        went_out: str | None = None,
        *,
        expected_rev: int | None = None,
    ) -> Row:
        """Replace a round (by id, or number from 1); later levels and penalties are recomputed.

        Raises:
            PadError: as :meth:`add_round`, or no such round.
            ConflictError: the round is gone, or changed since ``expected_rev``.
        """
        return self._edit(round, self._entry(results, went_out), expected_rev)

    def preview_round(self, results: Mapping[str, Any], went_out: str | None = None, *,
                      number: int | None = None) -> Row:
        """The row :meth:`add_round` would add, without adding it; with ``number``, the row
        :meth:`edit_round` would make of round ``number`` (from 1), on the levels reached before
        it (seed 003, "Nivåprogresjon": the level next depends on them).

        Raises:
            PadError: as :meth:`add_round`, or no round ``number``.
        """
        return self._preview(self._entry(results, went_out), number)

    def went_out(self, number: int) -> str | None:
        """Who went out in round ``number`` (from 1), or None (nobody: the safety valve).

        Raises:
            PadError: no such round.
        """
        return self._rounds[self._index(number)]["went_out"]

    def penalty_preview(self, cards: Any) -> int:
        """Penalty points for the cards left in one hand, while they are entered.

        Raises:
            PadError: a card that can not be read or is not used in Up to 9.
        """
        try:
            return hand_penalty(cards)
        except ValueError as exc:
            raise PadError(str(exc)) from exc

    def set_option(self, name: str, value: Any) -> None:
        """Change a house rule; the level table only before the first round.

        ``value`` for ``levels`` may be 9 ``Level`` values or their
        JSON form.

        Raises:
            PadError: as :meth:`Pad.set_option`, or a level table change once
                rounds are entered (rulings.md, Up to 9: the table is agreed
                before the game starts).
        """
        if name == "levels" and self._rounds:
            raise PadError(_("The level table is agreed before the game starts: it can not change after round 1"))
        super().set_option(name, value)

    @property
    def levels(self) -> tuple[Level, ...]:
        """The level table of this game (the preset or the house rule)."""
        return self._state.levels

    def level(self, player: str) -> int:
        """The level ``player`` plays next (1-9), or 10 once level 9 is laid down."""
        return self._state.standings[self._player(player)].level

    def current_contract(self, player: str) -> Level | None:
        """The ``Level`` ``player`` is on, or ``None`` once level 9 is laid down."""
        level = self.level(player)
        return None if level == FINISHED else self.levels[level - 1]

    def contract(self, player: str) -> str:
        """The contract ``player`` must lay down, in words ("2 sets of 3"); "" when finished."""
        level = self.current_contract(player)
        return level.contract if level else ""

    def wild_budget(self, player: str) -> int:
        """The most wilds ``player``'s contract may use (0 once finished)."""
        level = self.current_contract(player)
        return level.max_wild if level else 0

    def _entry(self, results: object, went_out: object = None) -> dict[str, Any]:
        named = self._per_player(results, N_("whether they laid down and what they have left"))
        stored = {player: self._result(player, value) for player, value in named.items()}
        out = self._went_out(stored, went_out)
        return {"results": stored, "went_out": out}

    def _check_dealt(self, entry: dict[str, Any]) -> None:
        """Refuse a hand of more than 11 cards (``scoring.check_hand_size``), and hands that
        together hold more of a card than the decks for this many players (rulings.md, Up to 9).

        Raises:
            PadError: naming the player, or the card and the counts.
        """
        try:
            for player, result in entry["results"].items():
                scoring.check_hand_size(player, result["hand"])
        except scoring.UpToNineScoreError as exc:
            raise PadError(str(exc)) from exc
        self._check_deck({player: result["hand"] for player, result in entry["results"].items()})

    def _went_out(self, stored: Mapping[str, dict[str, Any]], went_out: object) -> str | None:
        """Who went out: ``went_out`` checked against the results, or read from them.

        The player who went out has no cards left (seed 003, "Slutt på runden
        og straffepoeng": the round ends when a hand is empty); the rules core
        says whose result reads so (``scoring.went_out``) and, when the
        round is scored, that only one player went out and that they laid
        down (rulings.md, Up to 9). When ``went_out`` is named, every other
        player still holds cards, so one whose hand is given as nothing is
        refused by name (a hand left blank, not a second player going out).
        """
        try:
            empty = [player for player, result in stored.items() if scoring.went_out(_round_result(result), player)]
        except ValueError as exc:
            raise PadError(str(exc)) from exc
        if went_out is None:
            return empty[0] if len(empty) == 1 else None
        out = self._player(went_out, N_("player who went out"))
        if out not in empty:
            raise PadError(_("{name} went out, so {name} has no cards and no penalty points left: clear them, "
                             "or choose who went out").format(name=out))
        blank = [player for player in empty if player != out]
        if blank:
            raise PadError(ngettext(
                "{out} went out, so {names} still holds cards: enter what {names} has left "
                "(the cards or penalty points)",
                "{out} went out, so {names} still hold cards: enter what {names} have left "
                "(their cards or penalty points)",
                len(blank),
            ).format(out=out, names=join_words(blank)))
        return out

    def _result(self, player: str, value: object) -> dict[str, Any]:
        """One player's result as stored: laid_down, hand (cards as text), points."""
        if isinstance(value, Mapping):
            laid_down, hand, points = value.get("laid_down"), value.get("hand", ()), value.get("points")
        elif isinstance(value, RoundResult):
            laid_down, hand, points = value.laid_down, value.hand, value.points
        else:
            raise PadError(_("Enter whether {name} laid down and what {name} has left").format(name=player))
        if not isinstance(laid_down, bool):
            raise PadError(_("Say whether {name} laid down the contract (yes or no)").format(name=player))
        try:
            cards = stored_card_texts(hand if hand is not None else ())
        except CardError as exc:
            raise PadError(_("{name}'s cards: {error}").format(name=player, error=exc)) from exc
        if points is not None:
            check_count(points, _("{name}'s penalty points").format(name=player))
            if cards:
                raise PadError(_("Enter {name}'s cards or {name}'s penalty points, not both").format(name=player))
        return {"laid_down": laid_down, "hand": cards, "points": points}

    def _start(self, options: Mapping[str, Any]) -> UpToNineState:
        standings = {player: Standing(1, 0) for player in self.players}
        return UpToNineState(standings, levels_from_json(options["levels"]))

    def _play(
        self, state: UpToNineState, entry: Mapping[str, Any], number: int, options: Mapping[str, Any]
    ) -> tuple[UpToNineState, Row]:
        standings, levels = state.standings, state.levels
        results = {player: _round_result(entry["results"][player]) for player in self.players}
        penalty = {player: self._penalty(player, result) for player, result in results.items()}
        try:
            new = scoring.score_round(standings, results, levels=levels)
        except ValueError as exc:
            raise PadError(str(exc)) from exc
        notes: dict[str, LazyProxy] = {}
        for player in self.players:
            laid = results[player].laid_down
            level = standings[player].level
            if player == entry["went_out"]:
                notes[player] = lazy("went out, laid down level {level}", level=level) if laid else lazy("went out")
            elif laid:
                notes[player] = lazy("laid down level {level}", level=level)
        row = self.dealt_row(
            number,
            points={player: new[player].penalty - standings[player].penalty for player in self.players},
            totals={player: new[player].penalty for player in self.players},
            penalty=penalty,
            level={player: new[player].level for player in self.players},
            notes=notes,
        )
        return UpToNineState(new, levels), row

    @staticmethod
    def _penalty(player: str, result: RoundResult) -> int:
        """A player's penalty points this round: the figure entered, or their cards' worth."""
        if result.points is not None:
            return result.points
        try:
            return hand_penalty(result.hand)
        except ValueError as exc:
            raise PadError(_("{name}'s cards: {error}").format(name=player, error=exc)) from exc

    def _totals(self, state: UpToNineState) -> dict[str, int]:
        return {player: standing.penalty for player, standing in state.standings.items()}

    def _over(self, state: UpToNineState, options: Mapping[str, Any]) -> bool:
        return bool(scoring.winners(state.standings))

    def _rule_winners(self, state: UpToNineState) -> list[str]:
        winners = set(scoring.winners(state.standings))
        return [player for player in self.players if player in winners]

    def _rank_key(self, state: UpToNineState, player: str) -> tuple:
        standing = state.standings[player]
        return (-standing.level, standing.penalty)

    def _standing_text(self, state: UpToNineState, player: str) -> str:
        standing = state.standings[player]
        penalty = points_text(standing.penalty, "penalty point")
        if standing.level == FINISHED:
            return _("level 9 laid down, {penalty}").format(penalty=penalty)
        return _("level {level}, {penalty}").format(level=standing.level, penalty=penalty)


def _blank_result() -> dict[str, Any]:
    """A result with nothing entered yet: not laid down, no cards, no points."""
    return {"laid_down": False, "hand": [], "points": None}


def _round_result(stored: Mapping[str, Any]) -> RoundResult:
    """A stored result (laid_down, hand as card text, points) as the rules core's ``RoundResult``."""
    return RoundResult(stored["laid_down"], tuple(as_cards(stored["hand"])), stored["points"])


def highest_level_laid(pad: UpToNinePad, player: str) -> int:
    """The highest level ``player`` has laid down in the game of ``pad`` (0 = none yet;
    the level played next, less 1): the statistics' ``highest_level``."""
    return pad.level(player) - 1
