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
it was.

Every round has a stable id and a revision, and every change (add, edit,
delete, option, finish, end early, reopen, undo) is a record in the game's
change log (companion.pads.changelog) with its time and who made it; undo
works from that log, so it survives a reload and works from any phone.  A
change made against a round or a round count that has moved on since
raises ``companion.errors.ConflictError``.

The saved form is the game document of companion.document, plain JSON with a
``schema`` version (:meth:`Pad.to_doc` / :meth:`Pad.from_doc`); storing it is
the store's job.
"""

from __future__ import annotations

import copy
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, ClassVar, NamedTuple

from companion import setup
from companion.document import LOG_LIMIT, ROUND_KEYS, SCHEMA, migrate_doc, new_round_id, validate_doc
from companion.errors import ConflictError, StoreError
from companion.pads import changelog
from companion.pads.changelog import Change

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


class Pad:
    """A score pad: the players, their rounds, everything derived, and the change log.

    Subclasses set ``GAME`` (a key of ``companion.setup.GAMES``, whose player
    range becomes ``MIN_PLAYERS`` / ``MAX_PLAYERS`` and whose ``title`` names
    the game in messages) and ``DEFAULTS``, and implement the hooks
    (``_check_option``, ``_entry``, ``_start``, ``_play``, ``_over``,
    ``_rule_winners``, ``_rank_key``, ``_standing_text``, ``_totals``), plus
    ``add_round`` / ``edit_round`` / ``preview_round`` with the game's own
    entry fields.

    Rounds: each round has a stable id (8 hex digits, :meth:`round_id`) and a
    revision (:meth:`round_rev`: the number of the change that wrote its
    current entry; an undo puts back the revision with the entry). ``edit_round`` and ``delete_round`` take the round by id (``str``)
    or by number (``int``, from 1); given ``expected_rev`` (the revision the
    user's sheet showed) they raise ``companion.errors.ConflictError`` when
    the round has changed or gone since.

    New rounds: ``add_round(..., expected_round=n)`` (the number the user's
    sheet was opened for) raises ConflictError when the next round is no
    longer ``n`` ("Round 4 was just saved on Ben's phone: save yours as round
    5, or drop it?"); call again without it to save as the next round.

    Who: every changing operation takes a keyword ``by`` (a phone or session
    label such as "Ann's phone", or None) that the change log records and
    that conflict messages name.

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
            players, self.MIN_PLAYERS, self.MAX_PLAYERS, self._title()
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
        self._seq = 0
        self._log: list[dict[str, Any]] = []
        self._rows, self._state = self._replay(self._rounds, self._options)

    @classmethod
    def _title(cls) -> str:
        """The game's name as shown ("One Up"): ``setup.GAMES[GAME].title``."""
        return setup.GAMES[cls.GAME].title

    # ----- hooks for each game -------------------------------------------

    def _check_option(self, name: str, value: Any) -> Any:
        """Validate one option value; return it as stored (JSON). Raise PadError."""
        raise NotImplementedError

    def _start(self, options: Mapping[str, Any]) -> Any:
        """The state before round 1 (the game's own named type)."""
        raise NotImplementedError

    def _entry(self, **fields: Any) -> dict[str, Any]:
        """Check one round's entry (the keyword arguments of ``add_round``) and
        return it as stored (JSON). Raise PadError."""
        raise NotImplementedError

    def _play(self, state: Any, entry: Mapping[str, Any], number: int, options: Mapping[str, Any]) -> tuple[Any, Row]:
        """Replay one checked entry: (state after it, its row). May raise ValueError."""
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
        """The raw round entries, oldest first (copies; JSON only; no id or rev).

        Each entry's keys are the keyword arguments of the pad's
        ``add_round``, so ``pad.edit_round(n, **pad.rounds[n - 1])`` works.
        """
        return [_entry_of(saved) for saved in self._rounds]

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

    def round_id(self, number: int) -> str:
        """The stable id of round ``number`` (from 1): 8 hex digits.

        Raises:
            PadError: no such round.
        """
        return self._rounds[self._index(number)]["id"]

    def round_number(self, round_id: str) -> int:
        """The number (from 1) round ``round_id`` has now.

        Raises:
            ConflictError: the round was deleted (the message says by whom).
            PadError: no round of this game ever had that id (as far as the
                log remembers).
        """
        return self._position(round_id, "looking at") + 1

    def round_rev(self, round: str | int) -> int:
        """The revision of a round (by id or number): the number of the change
        that wrote its current entry; an edit or delete given it as
        ``expected_rev`` succeeds only while the round is unchanged.

        Raises:
            ConflictError / PadError: as :meth:`round_number` and :meth:`round_id`.
        """
        index = self._position(round, "looking at") if isinstance(round, str) else self._index(round)
        return self._rounds[index]["rev"]

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

    # ----- the change log -------------------------------------------------

    @property
    def changes(self) -> list[Change]:
        """The change log for the screen, newest first (at most
        ``companion.document.LOG_LIMIT`` changes are kept)."""
        return changelog.changes(self._log)

    @property
    def can_undo(self) -> bool:
        """True when there is a change to undo."""
        return changelog.undoable(self._log) is not None

    @property
    def undo_id(self) -> int | None:
        """The number of the change :meth:`undo` would take back (pass it as
        ``expected``), or ``None``."""
        record = changelog.undoable(self._log)
        return record["id"] if record else None

    @property
    def undo_label(self) -> str | None:
        """What :meth:`undo` would take back, for its button: "Undo: round 4,
        added 20:41" (the time on this machine's clock), or ``None``."""
        record = changelog.undoable(self._log)
        return changelog.undo_label(record) if record else None

    # ----- changing -------------------------------------------------------

    def delete_round(self, round: str | int, expected_rev: int | None = None, *, by: str | None = None) -> None:
        """Delete a round (by id or number); every later round is recomputed.

        Args:
            round: the round's id, or its number (from 1).
            expected_rev: the revision the user's screen showed, or None.
            by: who deletes it (see the class docstring).

        Raises:
            ConflictError: the round was deleted already, or (with
                ``expected_rev``) changed since.
            PadError: no such round, or a later round that the rules can not
                score without it (the pad stays unchanged).
        """
        index = self._locate(round, expected_rev, "deleting")
        saved = self._rounds[index]
        rounds = self._rounds[:index] + self._rounds[index + 1:]
        self._commit("delete", by, rounds=rounds, number=index + 1, round_change=(saved, None), reopen=True)

    def set_option(self, name: str, value: Any, *, by: str | None = None) -> None:
        """Change one house rule; every round is recomputed.

        Raises:
            PadError: an unknown option, a bad value, or rounds the rules can
                not score under the new value (the pad stays unchanged).
        """
        if name not in self.DEFAULTS:
            known = ", ".join(sorted(self.DEFAULTS)) or "none"
            raise PadError(f"{self._title()} has no option '{name}' (options: {known})")
        options = dict(self._options)
        options[name] = self._check_option(name, value)
        self._commit(
            "option", by, options=options, option=name,
            value_change=(self._options[name], options[name]), reopen=True,
        )

    def finish(self, *, by: str | None = None) -> None:
        """Accept the end the rules reached: the game is finished with :attr:`winners`.

        Raises:
            PadError: if the game is not over yet (use :meth:`end_early`).
        """
        if not self.is_over:
            raise PadError(
                f"The game is not over yet: {self.summary()}. Play on, or end it early"
            )
        self._commit("finish", by, flags=(True, False))

    def end_early(self, *, by: str | None = None) -> None:
        """Stop the game now: finished, with the current leaders as winners.

        Raises:
            PadError: if no round has been entered.
        """
        if not self._rounds:
            raise PadError("Enter at least one round before ending the game")
        self._commit("end_early", by, flags=(True, True))

    def reopen(self, *, by: str | None = None) -> None:
        """Take a finished game (or one ended early) back into play, to correct
        or continue it; logged, and undone like any change.

        Raises:
            PadError: the game is not finished.
        """
        if not self._finished:
            raise PadError("This game is still being played: only a finished game can be reopened")
        self._commit("reopen", by, flags=(False, False))

    def undo(self, expected: int | None = None, *, by: str | None = None) -> str:
        """Take back the newest change not yet undone (add, edit, delete,
        option, finish, end early, reopen), from the log: it works after a
        reload and from any phone, and is itself logged (an undo is not
        undone in turn: the next undo takes back the change before).

        Undoing an add removes the round; an edit puts the old entry back; a
        delete puts the round back with its id at its old number (later
        rounds move down one again). A round put back has the revision it
        had, so a phone that still shows that version may edit it, and one
        that showed the undone version gets a ConflictError.

        Args:
            expected: the change number the screen offered to undo
                (:attr:`undo_id`), or None for whatever is newest.
            by: who undoes (see the class docstring).

        Returns:
            What was taken back, e.g. "round 3 added".

        Raises:
            ConflictError: ``expected`` is no longer the change an undo takes
                back (undone already, or a newer change was made: when that
                newer change built on it, e.g. edited the same round, the
                message says so), or the game is no longer as the change left
                it (nothing is undone).
            PadError: there is nothing to undo.
        """
        target = changelog.undoable(self._log)
        if expected is not None and (target is None or expected != target["id"]):
            raise ConflictError(changelog.undo_conflict_message(self._log, expected, target))
        if target is None:
            raise PadError("There is nothing to undo")
        self._check_undoable(target)
        rounds, change = self._rounds, None
        written = target.get("round")
        if written is not None:
            rounds, change = self._undo_round(written["before"], written["after"], target["number"])
        options, value_change = self._options, None
        if target["kind"] == "option":
            options = {**self._options, target["option"]: target["value"]["before"]}
            value_change = (self._options[target["option"]], target["value"]["before"])
        self._commit(
            "undo", by, rounds=rounds, options=options, flags=tuple(target["flags"]["before"]),
            number=target["number"], option=target["option"], round_change=change, value_change=value_change,
            undoes=target["id"], undone_kind=target["kind"],
        )
        return changelog.label(target)

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
            "seq": self._seq,
            "log": copy.deepcopy(self._log),
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
            doc: a dict in the shape of :meth:`to_doc`, of this or an older
                schema (migrated by ``companion.document.migrate_doc``;
                ``winners`` is not read: it is derived again).

        Raises:
            PadError: another game's document, a newer schema, wrong types,
                rounds the rules can not score, or a damaged entry or change
                record ("Round 3: the saved entry is damaged").
        """
        if not isinstance(doc, Mapping):
            raise PadError("A saved game must be a JSON object")
        if doc.get("game") != cls.GAME:
            raise PadError(f"This saved game is {doc.get('game')!r}, not {cls.GAME!r}")
        rounds = doc.get("rounds", [])
        if not isinstance(rounds, list) or not all(isinstance(r, dict) for r in rounds):
            raise PadError("A saved game's rounds must be a list of JSON objects")
        for key in ("finished", "ended_early"):
            if not isinstance(doc.get(key, False), bool):
                raise PadError(f"A saved game's {key} must be true or false")
        try:
            doc = migrate_doc(dict(doc))
            validate_doc(doc)
        except StoreError as exc:
            raise PadError(str(exc)) from exc
        pad = cls(
            doc["players"],
            first_dealer=doc["first_dealer"],
            options=doc["options"],
            game_id=doc["id"],
            created=doc["created"],
        )
        entries = pad._checked_entries([_entry_of(saved) for saved in doc["rounds"]], "Round {number}: the saved entry")
        pad._rows, pad._state = pad._replay(entries, pad._options)
        pad._rounds = [{key: saved[key] for key in ROUND_KEYS} | entry for saved, entry in zip(doc["rounds"], entries)]
        pad._seq = doc["seq"]
        pad._log = copy.deepcopy(doc["log"])
        pad._check_log()
        pad._finished = doc["finished"]
        pad._ended_early = doc["ended_early"] and pad._finished
        pad.updated = doc["updated"]
        return pad

    # ----- machinery for subclasses ---------------------------------------

    def _add(self, entry: dict[str, Any], expected_round: int | None, by: str | None) -> Row:
        """Append a checked entry as the next round; return its row (see the
        class docstring for ``expected_round`` and ``by``)."""
        if expected_round is not None and expected_round != self.next_round:
            raise ConflictError(changelog.add_conflict_message(self._log, expected_round, self.next_round))
        saved = {"id": new_round_id({r["id"] for r in self._rounds}), "rev": self._seq + 1, **entry}
        self._commit(
            "add", by, rounds=[*self._rounds, saved], number=self.next_round, round_change=(None, saved), reopen=True,
        )
        return self._rows[-1]

    def _edit(self, round: str | int, entry: dict[str, Any], expected_rev: int | None, by: str | None) -> Row:
        """Replace a round (by id or number) with a checked entry; return its new row."""
        index = self._locate(round, expected_rev, "editing")
        old = self._rounds[index]
        saved = {"id": old["id"], "rev": self._seq + 1, **entry}
        rounds = list(self._rounds)
        rounds[index] = saved
        self._commit("edit", by, rounds=rounds, number=index + 1, round_change=(old, saved), reopen=True)
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

    def _position(self, round_id: str, doing: str) -> int:
        """The list index of the round with id ``round_id``.

        Raises:
            ConflictError: the log says the round was deleted (who, when).
            PadError: the id is not one of this game's rounds.
        """
        for index, saved in enumerate(self._rounds):
            if saved["id"] == round_id:
                return index
        gone = changelog.gone_message(self._log, round_id, doing)
        if gone is not None:
            raise ConflictError(gone)
        raise PadError(f"There is no round with id {round_id!r} in this game")

    def _locate(self, round: str | int, expected_rev: int | None, doing: str) -> int:
        """The list index of the round a user is ``doing`` something to ("editing").

        ``round`` is an id or a number; with ``expected_rev`` given as well, a
        number names the round that revision belonged to (found in the log),
        so a round that moved or went is told apart from its new neighbour.

        Raises:
            ConflictError: the round is gone, or its revision is no longer
                ``expected_rev``.
            PadError: no such round, or a bad ``expected_rev``.
        """
        if expected_rev is not None:
            check_count(expected_rev, "The round's revision")
        if isinstance(round, str):
            round_id = round
        else:
            known = changelog.written_round(self._log, expected_rev) if expected_rev is not None else None
            round_id = known or self._rounds[self._index(round)]["id"]
        index = self._position(round_id, doing)
        if expected_rev is not None and self._rounds[index]["rev"] != expected_rev:
            raise ConflictError(changelog.changed_message(self._log, round_id, index + 1, doing))
        return index

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
            raise PadError(f"{self._title()} has no option '{unknown[0]}' (options: {known})")
        merged = copy.deepcopy(self.DEFAULTS)
        for name, value in options.items():
            merged[name] = self._check_option(name, value)
        return merged

    def _checked_entries(self, entries: list[dict[str, Any]], what: str) -> list[dict[str, Any]]:
        """Saved entries passed through the checks of a new one (``_entry``).

        For data read from a saved document only: an entry that can not even
        be read (a missing or stray field) is "damaged"; ``what`` names it,
        with ``{number}`` for its place ("Round {number}: the saved entry").

        Raises:
            PadError: "<what> is damaged (...)", or the refusal a new entry
                would get, prefixed with "Round n: ".
        """
        checked = []
        for number, entry in enumerate(entries, 1):
            try:
                checked.append(self._entry(**entry))
            except PadError as exc:
                raise PadError(f"Round {number}: {exc}") from exc
            except (TypeError, KeyError, AttributeError) as exc:
                raise PadError(f"{what.format(number=number)} is damaged ({exc!r})") from exc
        return checked

    def _check_log(self) -> None:
        """Check the change log just loaded: each record readable, each round in it a valid entry.

        Raises:
            PadError: "The saved change log is damaged (...)".
        """
        for record in self._log:
            try:
                changelog.check_record(record)
            except ValueError as exc:
                raise PadError(f"The saved change log is damaged: {exc}") from exc
            written = record.get("round") or {}
            sides = [saved for saved in (written.get("before"), written.get("after")) if saved]
            try:
                self._checked_entries([_entry_of(saved) for saved in sides], f"Change {record['id']}: a saved round")
            except PadError as exc:
                raise PadError(f"The saved change log is damaged: change {record['id']}: {exc}") from exc

    def _replay(self, entries: list[dict[str, Any]], options: Mapping[str, Any]) -> tuple[list[Row], Any]:
        """Score checked entries from the start; PadError names the first round that fails."""
        state = self._start(options)
        rows: list[Row] = []
        for number, entry in enumerate(entries, 1):
            try:
                state, row = self._play(state, entry, number, options)
            except ValueError as exc:
                raise PadError(f"Round {number}: {exc}") from exc
            rows.append(row)
        return rows, state

    def _check_undoable(self, target: dict[str, Any]) -> None:
        """Refuse to undo ``target`` unless the game is as that change left it.

        Raises:
            ConflictError: the round it wrote, the option it set or the
                game's end is no longer what the change made them.
        """
        problem = ""
        written = target.get("round")
        if written is not None:
            after = written["after"]
            rid = (after or written["before"])["id"]
            now = next((saved for saved in self._rounds if saved["id"] == rid), None)
            if now != after:
                problem = f"round {target['number']} has been changed since"
        if target["kind"] == "option" and self._options.get(target["option"]) != target["value"]["after"]:
            problem = f"option '{target['option']}' has been changed since"
        if [self._finished, self._ended_early] != target["flags"]["after"]:
            problem = problem or "the game has been finished or reopened since"
        if problem:
            raise ConflictError(f"{changelog.opening(changelog.label(target))} can not be undone: {problem}")

    def _undo_round(
        self, before: dict[str, Any] | None, after: dict[str, Any] | None, number: int
    ) -> tuple[list[dict[str, Any]], tuple[dict[str, Any] | None, dict[str, Any] | None]]:
        """The rounds with a round change taken back, and that undo's own round change."""
        rounds = list(self._rounds)
        restored = copy.deepcopy(before)
        if after is None:
            rounds.insert(min(number - 1, len(rounds)), restored)
            return rounds, (None, restored)
        index = next(i for i, saved in enumerate(rounds) if saved["id"] == after["id"])
        current = rounds[index]
        if restored is None:
            del rounds[index]
        else:
            rounds[index] = restored
        return rounds, (current, restored)

    def _commit(
        self,
        kind: str,
        by: str | None,
        *,
        rounds: list[dict[str, Any]] | None = None,
        options: dict[str, Any] | None = None,
        flags: tuple[bool, bool] | None = None,
        reopen: bool = False,
        number: int | None = None,
        option: str | None = None,
        round_change: tuple[dict[str, Any] | None, dict[str, Any] | None] | None = None,
        value_change: tuple[Any, Any] | None = None,
        undoes: int | None = None,
        undone_kind: str | None = None,
    ) -> None:
        """Apply a change if the rounds still score, and log it.

        ``reopen`` (round and option changes) takes a finished game back into
        play, since its end may have moved; ``flags`` sets (finished,
        ended_early). The record (see companion.pads.changelog) keeps what
        each changed part was before and after. The log keeps the newest
        ``LOG_LIMIT`` records.

        Raises:
            PadError: the rounds do not score (nothing changes).
        """
        if by is not None and not isinstance(by, str):
            raise PadError(f"Who made a change is given as text, not {by!r}")
        new_rounds = self._rounds if rounds is None else rounds
        new_options = self._options if options is None else options
        rows, state = self._replay([_entry_of(saved) for saved in new_rounds], new_options)
        old_flags = [self._finished, self._ended_early]
        new_flags = [False, False] if reopen else list(flags) if flags is not None else old_flags
        self._seq += 1
        at = now_iso()
        record: dict[str, Any] = {
            "id": self._seq, "at": at, "by": by, "kind": kind, "number": number, "option": option,
            "round": None, "value": None, "flags": {"before": old_flags, "after": new_flags},
        }
        if round_change is not None:
            record["round"] = {"before": copy.deepcopy(round_change[0]), "after": copy.deepcopy(round_change[1])}
        if value_change is not None:
            record["value"] = {"before": copy.deepcopy(value_change[0]), "after": copy.deepcopy(value_change[1])}
        if kind == "undo":
            record["undoes"], record["undone_kind"] = undoes, undone_kind
        self._log = [*self._log, record][-LOG_LIMIT:]
        self._rounds, self._options = new_rounds, new_options
        self._rows, self._state = rows, state
        self._finished, self._ended_early = new_flags
        self.updated = at


def _entry_of(saved: Mapping[str, Any]) -> dict[str, Any]:
    """A saved round's entry: its fields without the document's ``id`` and ``rev`` (a deep copy)."""
    return copy.deepcopy({key: value for key, value in saved.items() if key not in ROUND_KEYS})
