"""The machinery every score pad shares.

A pad is the model behind one game's score screen.  It holds what the table
entered, nothing more:

players
    the names in seating order (as many as the game's row of
    ``companion.setup.GAMES`` allows, unique, trimmed, not blank).
first dealer
    the seat that deals round 1; round ``n`` is dealt by seat
    ``(first_dealer + n - 1) % players``.
options
    the game's house rules (JSON values only), e.g. One Up's ``limit``.
rounds
    the raw entries, one JSON dict per round: the cards as text, the flags.

Every score, running total, level, winner and the end of the game is derived
by replaying the rounds through the rules core (``companion.games``), so an
edit or a delete of any past round recomputes everything after it.  A change
that the rules reject raises :class:`PadError` and leaves the pad exactly as
it was.  Every change (add, edit, delete, option, finish, end early) can be
undone, the last one first.

The saved form is the game document of companion.document, plain JSON with a
``schema`` version whose outer fields ``companion.store`` lists
(:meth:`Pad.to_doc` / :meth:`Pad.from_doc`); storing it is the store's job.
"""

from __future__ import annotations

import copy
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, ClassVar, NamedTuple

from companion import setup
from companion.document import SCHEMA

class PadError(ValueError):
    """An entry, option or operation a pad refuses; the message is for the user.

    Raised for bad names, an unknown card, a card the game does not use, an
    impossible score, a round number that does not exist, and so on.  The pad
    is unchanged when it is raised.
    """


@dataclass(frozen=True)
class Row:
    """One line of the score table, derived from one round's entry.

    Attributes:
        number: the round number, from 1.
        dealer: the name of the player who dealt the round.
        starter: the name of the player who started it, or ``None`` when the
            pad can not know (One Up's first round: the youngest starts).
        points: player -> change of the running total this round (points).
        totals: player -> running total after the round (points, or round
            wins in One-card).
        penalty: player -> penalty points scored this round (One Up: the hand
            penalty, 0 for the player who went out; Up to 9: the penalty);
            empty for games without penalties.
        level: player -> Up to 9 level after the round (1-9, 10 = level 9
            laid down); empty for the other games.
        detail: player -> a short note for the table ("went out, gave back
            10", "level 3 to 4"); ``""`` when there is nothing to say.
    """

    number: int
    dealer: str
    starter: str | None
    points: dict[str, int]
    totals: dict[str, int]
    penalty: dict[str, int] = field(default_factory=dict)
    level: dict[str, int] = field(default_factory=dict)
    detail: dict[str, str] = field(default_factory=dict)


class Place(NamedTuple):
    """One line of the standings, best first.

    Attributes:
        place: 1 for the leaders; tied players share a place (1, 1, 3).
        player: the name.
        total: the running total (points; round wins in One-card; penalty
            points in Up to 9).
        text: the standing in words ("12 points", "level 4, 25 penalty points").
    """

    place: int
    player: str
    total: int
    text: str


def now_iso() -> str:
    """The current time as ISO 8601 UTC with seconds ("2026-11-30T01:23:45+00:00")."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def join_names(names: Sequence[str]) -> str:
    """Names in plain English: "Ann", "Ann and Ben", "Ann, Ben and Cy"."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def points_text(points: int, unit: str = "point") -> str:
    """A count with its unit, singular or plural: "1 point", "12 points"."""
    return f"{points} {unit}" if points == 1 else f"{points} {unit}s"


def check_players(players: object, low: int, high: int, title: str) -> tuple[str, ...]:
    """Validate the names of the players in seating order.

    Args:
        players: a list of names.
        low, high: the game's player range.
        title: the game's name, for the message.

    Returns:
        The names, trimmed.

    Raises:
        PadError: not a list of texts, a blank name, a name twice (case does
            not matter), or a count outside ``low``-``high``.
    """
    if isinstance(players, (str, bytes)) or not isinstance(players, Iterable):
        raise PadError("Give the players as a list of names, in seating order")
    names = list(players)
    if not all(isinstance(name, str) for name in names):
        raise PadError("Every player needs a name written as text")
    trimmed = tuple(name.strip() for name in names)
    if any(not name for name in trimmed):
        raise PadError("A player's name is blank: give every player a name")
    seen: dict[str, str] = {}
    for name in trimmed:
        key = name.casefold()
        if key in seen:
            raise PadError(f"The name {name} is used twice: give each player a different name")
        seen[key] = name
    if not low <= len(trimmed) <= high:
        raise PadError(f"{title} is for {low} to {high} players, not {len(trimmed)}")
    return trimmed


def check_count(value: object, what: str, *, least: int = 0) -> int:
    """A whole number of at least ``least``, or :class:`PadError` naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise PadError(f"{what} must be a whole number, {least} or more, not {value!r}")
    return value


@dataclass
class _Snapshot:
    """Everything an undo restores."""

    label: str
    rounds: list[dict[str, Any]]
    options: dict[str, Any]
    finished: bool
    ended_early: bool


class Pad:
    """A score pad: the players, their rounds, and everything derived.

    Subclasses set ``GAME`` (a key of ``companion.setup.GAMES``, whose player
    range becomes ``MIN_PLAYERS`` / ``MAX_PLAYERS``), ``TITLE``, ``DEFAULTS``
    and implement the hooks
    (``_check_option``, ``_entry``, ``_start``, ``_play``, ``_over``, ``_rule_winners``,
    ``_rank_key``, ``_standing_text``, ``_totals``), plus ``add_round`` /
    ``edit_round`` / ``preview_round`` with the game's own entry fields.

    Args:
        players: names in seating order (see :func:`check_players`).
        first_dealer: index into ``players`` of round 1's dealer.
        options: house rules; missing keys take ``DEFAULTS``.
        game_id: the document id (hex uuid4); a new one when ``None``.
        created: ISO 8601 UTC creation time; now when ``None``.

    Raises:
        PadError: bad names, player count, dealer index or option.
    """

    GAME: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""
    MIN_PLAYERS: ClassVar[int]
    MAX_PLAYERS: ClassVar[int]
    DEFAULTS: ClassVar[dict[str, Any]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Give a game's pad its player range from ``setup.GAMES[GAME].players``
        (``MIN_PLAYERS``, ``MAX_PLAYERS``), the one place the range lives."""
        super().__init_subclass__(**kwargs)
        if cls.GAME:
            counts = setup.GAMES[cls.GAME].players
            cls.MIN_PLAYERS, cls.MAX_PLAYERS = counts.start, counts.stop - 1

    def __init__(
        self,
        players: Sequence[str],
        *,
        first_dealer: int = 0,
        options: Mapping[str, Any] | None = None,
        game_id: str | None = None,
        created: str | None = None,
    ) -> None:
        self.players: tuple[str, ...] = check_players(
            players, self.MIN_PLAYERS, self.MAX_PLAYERS, self.TITLE
        )
        if isinstance(first_dealer, bool) or not isinstance(first_dealer, int) or not (
            0 <= first_dealer < len(self.players)
        ):
            raise PadError(
                f"The first dealer must be a seat from 0 to {len(self.players) - 1}, not {first_dealer!r}"
            )
        self.first_dealer: int = first_dealer
        self.id: str = game_id or uuid.uuid4().hex
        self.created: str = created or now_iso()
        self.updated: str = self.created
        self._options = self._check_options(options or {})
        self._rounds: list[dict[str, Any]] = []
        self._finished = False
        self._ended_early = False
        self._undo: list[_Snapshot] = []
        self._rows, self._state = self._replay(self._rounds, self._options)

    # ----- hooks for each game -------------------------------------------

    def _check_option(self, name: str, value: Any) -> Any:
        """Validate one option value; return it as stored (JSON). Raise PadError."""
        raise NotImplementedError

    def _start(self, options: Mapping[str, Any]) -> Any:
        """The state before round 1."""
        raise NotImplementedError

    def _entry(self, **fields: Any) -> dict[str, Any]:
        """Check one round's entry (the keyword arguments of ``add_round``) and
        return it as stored (JSON). Raise PadError."""
        raise NotImplementedError

    def _play(self, state: Any, entry: Mapping[str, Any], number: int, options: Mapping[str, Any]) -> tuple[Any, Row]:
        """Replay one round: (state after it, its row). May raise ValueError."""
        raise NotImplementedError

    def _totals(self, state: Any) -> dict[str, int]:
        """Player -> running total in ``state``."""
        raise NotImplementedError

    def _over(self, state: Any, options: Mapping[str, Any]) -> bool:
        """True when the rules end the game in ``state``."""
        raise NotImplementedError

    def _rule_winners(self, state: Any) -> list[str]:
        """The winners by the rules once the game is over."""
        raise NotImplementedError

    def _rank_key(self, state: Any, player: str) -> tuple:
        """Sort key for the standings, smaller is better; equal keys tie."""
        raise NotImplementedError

    def _standing_text(self, state: Any, player: str) -> str:
        """A player's standing in words ("12 points")."""
        raise NotImplementedError

    # ----- reading --------------------------------------------------------

    @property
    def options(self) -> dict[str, Any]:
        """The house rules in force (a copy; change them with :meth:`set_option`)."""
        return copy.deepcopy(self._options)

    @property
    def rounds(self) -> list[dict[str, Any]]:
        """The raw round entries, oldest first (copies; JSON only).

        Each entry's keys are the keyword arguments of the pad's
        ``add_round``, so ``pad.edit_round(n, **pad.rounds[n - 1])`` works.
        """
        return copy.deepcopy(self._rounds)

    @property
    def rows(self) -> list[Row]:
        """The score table, one :class:`Row` per round, oldest first."""
        return list(self._rows)

    @property
    def totals(self) -> dict[str, int]:
        """Player -> current running total, in seating order."""
        return self._totals(self._state)

    @property
    def next_round(self) -> int:
        """The number of the round to be entered next."""
        return len(self._rounds) + 1

    def dealer(self, number: int) -> str:
        """The name of the dealer of round ``number`` (1, 2, ...): the deal moves one seat each round."""
        check_count(number, "A round number", least=1)
        return self.players[(self.first_dealer + number - 1) % len(self.players)]

    def left_of(self, player: str) -> str:
        """The player seated after ``player`` (play goes round in seating order).

        Raises:
            PadError: ``player`` is not in this game.
        """
        return self.players[(self.players.index(self._player(player)) + 1) % len(self.players)]

    def dealt_row(self, number: int, **fields: Any) -> Row:
        """The score-table ``Row`` of round ``number`` where the player on the
        dealer's left starts (One-card, Up to 9, Up or Down?; setup.GAMES);
        ``fields`` are the Row's other attributes (points, totals, ...)."""
        dealer = self.dealer(number)
        return Row(number=number, dealer=dealer, starter=self.left_of(dealer), **fields)

    @property
    def next_dealer(self) -> str:
        """Who deals the next round."""
        return self.dealer(self.next_round)

    @property
    def next_starter(self) -> str | None:
        """Who starts the next round (here: the player after the dealer)."""
        return self.left_of(self.next_dealer)

    @property
    def standings(self) -> list[Place]:
        """Every player, best first, with tied players sharing a place."""
        order = sorted(self.players, key=lambda p: self._rank_key(self._state, p))
        totals = self.totals
        places: list[Place] = []
        for index, player in enumerate(order):
            tied = places and self._rank_key(self._state, places[-1].player) == self._rank_key(self._state, player)
            place = places[-1].place if tied else index + 1
            places.append(Place(place, player, totals[player], self._standing_text(self._state, player)))
        return places

    @property
    def leaders(self) -> list[str]:
        """The players in first place now, in seating order."""
        first = {place.player for place in self.standings if place.place == 1}
        return [player for player in self.players if player in first]

    @property
    def is_over(self) -> bool:
        """True when the rules say the game has ended (the table may still play on)."""
        return bool(self._rounds) and self._over(self._state, self._options)

    @property
    def finished(self) -> bool:
        """True once the end was accepted (:meth:`finish`) or the game ended early."""
        return self._finished

    @property
    def ended_early(self) -> bool:
        """True when the table stopped before the rules ended the game."""
        return self._ended_early

    @property
    def winners(self) -> list[str]:
        """Who wins: the leaders if the game ended early, the rules' winners
        once it is over, else ``[]``. Ties share the win."""
        if self._ended_early:
            return self.leaders
        if self.is_over:
            return self._rule_winners(self._state)
        return []

    def summary(self) -> str:
        """The state of the game in one sentence for the screen.

        "Ann wins with 12 points", "Ann and Ben share the win with 12
        points", "Ann leads with 3 points" while playing, "No rounds yet".
        A game ended early says so first.
        """
        winners = self.winners
        if winners:
            text = self._standing_text(self._state, winners[0])
            if len(winners) == 1:
                sentence = f"{winners[0]} wins with {text}"
            else:
                sentence = f"{join_names(winners)} share the win with {text}"
            return f"Ended early: {sentence}" if self._ended_early else sentence
        if not self._rounds:
            return "No rounds yet"
        leaders = self.leaders
        verb = "leads" if len(leaders) == 1 else "lead"
        return f"{join_names(leaders)} {verb} with {self._standing_text(self._state, leaders[0])}"

    @property
    def can_undo(self) -> bool:
        """True when there is a change to undo."""
        return bool(self._undo)

    @property
    def undo_label(self) -> str | None:
        """What :meth:`undo` would take back ("round 3 added"), or ``None``."""
        return self._undo[-1].label if self._undo else None

    # ----- changing -------------------------------------------------------

    def delete_round(self, number: int) -> None:
        """Delete round ``number``; every later round is recomputed.

        Raises:
            PadError: no such round, or a later round that the rules can not
                score without it (the pad stays unchanged).
        """
        index = self._index(number)
        rounds = self._rounds[:index] + self._rounds[index + 1:]
        self._change(f"round {number} deleted", rounds=rounds, reopen=True)

    def set_option(self, name: str, value: Any) -> None:
        """Change one house rule; every round is recomputed.

        Raises:
            PadError: an unknown option, a bad value, or rounds the rules can
                not score under the new value (the pad stays unchanged).
        """
        if name not in self.DEFAULTS:
            known = ", ".join(sorted(self.DEFAULTS)) or "none"
            raise PadError(f"{self.TITLE} has no option '{name}' (options: {known})")
        options = dict(self._options)
        options[name] = self._check_option(name, value)
        self._change(f"option '{name}' changed", options=options, reopen=True)

    def finish(self) -> None:
        """Accept the end the rules reached: the game is finished with :attr:`winners`.

        Raises:
            PadError: if the game is not over yet (use :meth:`end_early`).
        """
        if not self.is_over:
            raise PadError(
                f"The game is not over yet: {self.summary()}. Play on, or end it early"
            )
        self._change("game finished", finished=True, ended_early=False)

    def end_early(self) -> None:
        """Stop the game now: finished, with the current leaders as winners.

        Raises:
            PadError: if no round has been entered.
        """
        if not self._rounds:
            raise PadError("Enter at least one round before ending the game")
        self._change("game ended early", finished=True, ended_early=True)

    def undo(self) -> str:
        """Take back the last change (add, edit, delete, option, finish, end early).

        Returns:
            What was taken back, e.g. "round 3 added".

        Raises:
            PadError: if there is nothing to undo.
        """
        if not self._undo:
            raise PadError("There is nothing to undo")
        snap = self._undo.pop()
        self._rows, self._state = self._replay(snap.rounds, snap.options)
        self._rounds, self._options = snap.rounds, snap.options
        self._finished, self._ended_early = snap.finished, snap.ended_early
        self.updated = now_iso()
        return snap.label

    # ----- saved document -------------------------------------------------

    def to_doc(self) -> dict[str, Any]:
        """The game as its saved document (companion.document; plain JSON)."""
        return {
            "schema": SCHEMA,
            "id": self.id,
            "game": self.GAME,
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "options": copy.deepcopy(self._options),
            "rounds": copy.deepcopy(self._rounds),
            "created": self.created,
            "updated": self.updated,
            "finished": self._finished,
            "ended_early": self._ended_early,
            "winners": self.winners if self._finished else [],
        }

    @classmethod
    def from_doc(cls, doc: Mapping[str, Any]) -> "Pad":
        """Rebuild a pad from its saved document; every total is replayed.

        Args:
            doc: a dict in the shape of :meth:`to_doc` (``winners`` is not
                read: it is derived again).

        Raises:
            PadError: another game's document, a newer schema, wrong types,
                or rounds the rules can not score.
        """
        if not isinstance(doc, Mapping):
            raise PadError("A saved game must be a JSON object")
        if doc.get("game") != cls.GAME:
            raise PadError(f"This saved game is {doc.get('game')!r}, not {cls.GAME!r}")
        if doc.get("schema") != SCHEMA:
            raise PadError(
                f"This saved game has document version {doc.get('schema')!r}; "
                f"this app reads version {SCHEMA}"
            )
        rounds = doc.get("rounds", [])
        if not isinstance(rounds, list) or not all(isinstance(r, dict) for r in rounds):
            raise PadError("A saved game's rounds must be a list of JSON objects")
        for key in ("id", "created", "updated"):
            if key in doc and not isinstance(doc[key], str):
                raise PadError(f"A saved game's {key} must be text")
        for key in ("finished", "ended_early"):
            if not isinstance(doc.get(key, False), bool):
                raise PadError(f"A saved game's {key} must be true or false")
        options = doc.get("options", {})
        if not isinstance(options, Mapping):
            raise PadError("A saved game's options must be a JSON object")
        pad = cls(
            doc.get("players"),
            first_dealer=doc.get("first_dealer", 0),
            options=options,
            game_id=doc.get("id"),
            created=doc.get("created"),
        )
        pad._rows, pad._state = pad._replay(rounds, pad._options)
        pad._rounds = copy.deepcopy(rounds)
        pad._finished = doc.get("finished", False)
        pad._ended_early = doc.get("ended_early", False) and pad._finished
        pad.updated = doc.get("updated", pad.created)
        return pad

    # ----- machinery for subclasses ---------------------------------------

    def _add(self, entry: dict[str, Any]) -> Row:
        """Append a checked entry as the next round; return its row."""
        number = self.next_round
        self._change(f"round {number} added", rounds=[*self._rounds, entry], reopen=True)
        return self._rows[-1]

    def _edit(self, number: int, entry: dict[str, Any]) -> Row:
        """Replace round ``number`` with a checked entry; return its new row."""
        index = self._index(number)
        rounds = list(self._rounds)
        rounds[index] = entry
        self._change(f"round {number} changed", rounds=rounds, reopen=True)
        return self._rows[index]

    def _preview(self, entry: dict[str, Any]) -> Row:
        """The row ``entry`` would make as the next round, without saving it."""
        try:
            _, row = self._play(self._state, entry, self.next_round, self._options)
        except ValueError as exc:
            raise PadError(str(exc)) from exc
        return row

    def _index(self, number: int) -> int:
        """The list index of round ``number``, or PadError naming the rounds there are."""
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(self._rounds):
            count = len(self._rounds)
            have = "no rounds yet" if not count else f"rounds 1 to {count}"
            raise PadError(f"There is no round {number!r}: this game has {have}")
        return number - 1

    def _player(self, name: object, what: str = "player") -> str:
        """A name of this game's players (trimmed), or PadError."""
        if isinstance(name, str) and name.strip() in self.players:
            return name.strip()
        raise PadError(f"{name!r} is not playing in this game: choose the {what} from {join_names(self.players)}")

    def _per_player(self, values: object, what: str) -> dict[str, Any]:
        """A mapping player -> value, with every player and no strangers, in seating order."""
        if not isinstance(values, Mapping):
            raise PadError(f"Enter {what} for each player")
        named = {self._player(name): value for name, value in values.items()}
        missing = [player for player in self.players if player not in named]
        if missing:
            raise PadError(f"Enter {what} for {join_names(missing)}")
        return {player: named[player] for player in self.players}

    def _check_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Every option with its default, each value checked."""
        if not isinstance(options, Mapping):
            raise PadError("Options must be given as names and values")
        unknown = [name for name in options if name not in self.DEFAULTS]
        if unknown:
            known = ", ".join(sorted(self.DEFAULTS)) or "none"
            raise PadError(f"{self.TITLE} has no option '{unknown[0]}' (options: {known})")
        merged = copy.deepcopy(self.DEFAULTS)
        for name, value in options.items():
            merged[name] = self._check_option(name, value)
        return merged

    def _replay(self, rounds: list[dict[str, Any]], options: Mapping[str, Any]) -> tuple[list[Row], Any]:
        """Score every round from the start; PadError names the first round that fails.

        Each saved entry first passes the checks of a new one (``_entry``), so a
        document damaged outside the app is refused as the table's entry would be.
        """
        state = self._start(options)
        rows: list[Row] = []
        for number, entry in enumerate(rounds, 1):
            try:
                state, row = self._play(state, self._entry(**entry), number, options)
            except ValueError as exc:
                raise PadError(f"Round {number}: {exc}") from exc
            except (TypeError, KeyError, AttributeError) as exc:
                raise PadError(f"Round {number}: the saved entry is damaged ({exc!r})") from exc
            rows.append(row)
        return rows, state

    def _change(
        self,
        label: str,
        *,
        rounds: list[dict[str, Any]] | None = None,
        options: dict[str, Any] | None = None,
        finished: bool | None = None,
        ended_early: bool | None = None,
        reopen: bool = False,
    ) -> None:
        """Apply a change if the rounds still score, and remember how to undo it.

        ``reopen`` (round and option changes) takes a finished game back into
        play, since its end may have moved.
        """
        new_rounds = self._rounds if rounds is None else rounds
        new_options = self._options if options is None else options
        rows, state = self._replay(new_rounds, new_options)
        self._undo.append(_Snapshot(label, self._rounds, self._options, self._finished, self._ended_early))
        self._rounds, self._options = new_rounds, new_options
        self._rows, self._state = rows, state
        if reopen:
            self._finished = self._ended_early = False
        if finished is not None:
            self._finished = finished
        if ended_early is not None:
            self._ended_early = ended_early
        self.updated = now_iso()
