"""Rounds with ids and revisions, and the change log a pad writes and undoes from.

:class:`VersionedPad` is the base of every score pad
(``companion.pads.base.Pad``): it names each round by a stable id and a
revision, refuses a change made against a version that has moved on
(``companion.errors.ConflictError``), applies every change through one door
(:meth:`VersionedPad._commit`) that logs it, and undoes from that log.  The
log's records and words are companion.pads.changelog's.

What it needs from the pad built on it: ``DEFAULTS``, ``_title()``,
``_check_option``, ``_checked_entries`` (saved entries checked as new ones),
``_replay`` (entries scored from the start: the state before round 1 and
after each round), ``_set_replay`` (which takes those states) and ``rows``
(the score table), and the attributes ``_rounds`` (saved rounds: entry
fields plus ``id`` and ``rev``), ``_options``, ``_finished``,
``_ended_early``, ``_seq``, ``_log``, ``_state`` and ``updated``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.document import LOG_LIMIT, ROUND_KEYS, check_log_record, new_round_id
from companion.errors import ConflictError
from companion.i18n import N_, _
from companion.pads import changelog
from companion.pads.changelog import Change
from companion.pads.table import PadError, Row, check_count, copy_json, now_iso


class VersionedPad:
    """The rounds-and-changes part of a score pad (see the module docstring).

    Rounds: each round has a stable id (8 hex digits, :meth:`round_id`) and a
    revision (:meth:`round_rev`: the number of the change that wrote its
    current entry; an undo puts back the revision with the entry).
    ``edit_round`` and ``delete_round`` take the round by id (``str``) or by
    number (``int``, from 1); given ``expected_rev`` (the revision the
    user's sheet showed) they raise ``companion.errors.ConflictError`` when
    the round has changed or gone since.

    New rounds: ``add_round(..., expected_round=n)`` (the number the user's
    sheet was opened for) raises ConflictError when the next round is no
    longer ``n`` ("Round 4 was just saved on Ben's phone: save yours as round
    5, or drop it?"); call again without it to save as the next round.

    Who: the attribute ``by`` (a phone or session label such as "Ann's
    phone", or None; set by whoever hands the pad to a user, e.g. the store's
    ``update_game``) is recorded with every change made through this pad
    object and named in conflict messages ("Ben's phone deleted round 4
    while you were editing it"). It is not a field of the game: a pad rebuilt
    from its document starts with ``by = None``. Likewise ``hands_by``
    (player -> the label of the phone that entered their hand, or None) is
    recorded with the next round added through this pad object, for a round
    entered hand by hand (``companion.pads.hands``). And ``add_at`` (a round
    number, or None) puts the next round added through this pad object at
    that number, the rounds from there on moving one down: a round another
    phone deleted while it was being edited goes back in its place, where
    the order of rounds decides the deal (and in One Up the give-backs and
    who starts).
    """

    _rounds: list[dict[str, Any]]
    _options: dict[str, Any]
    _finished: bool
    _ended_early: bool
    _seq: int
    _log: list[dict[str, Any]]
    _state: Any
    updated: str
    by: str | None
    hands_by: dict[str, str | None] | None
    add_at: int | None
    DEFAULTS: dict[str, Any]

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

    # ----- the change log -------------------------------------------------

    @property
    def changes(self) -> list[Change]:
        """The change log for the screen, newest first (at most
        ``companion.document.LOG_LIMIT`` changes are kept)."""
        return changelog.changes(self._log)

    @property
    def latest_change_id(self) -> int:
        """The number of the newest change in the log (0 before the first):
        it grows with every change saved, so a screen can tell whether what
        it shows is older or newer than a refusal it was given."""
        return self._log[-1]["id"] if self._log else 0

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

    # ----- changing rounds ------------------------------------------------

    def delete_round(self, round: str | int, expected_rev: int | None = None) -> None:
        """Delete a round (by id or number); every later round is recomputed.

        Args:
            round: the round's id, or its number (from 1).
            expected_rev: the revision the user's screen showed, or None.

        Raises:
            ConflictError: the round was deleted already, or (with
                ``expected_rev``) changed since.
            PadError: no such round, or a later round that the rules can not
                score without it (the pad stays unchanged).
        """
        index = self._locate(round, expected_rev, "deleting")
        saved = self._rounds[index]
        rounds = self._rounds[:index] + self._rounds[index + 1:]
        self._commit("delete", rounds=rounds, number=index + 1, round_change=(saved, None), reopen=True)

    def expect_in_play(self, deleting: bool = False) -> None:
        """Refuse a change that was entered while the game was in play (an
        entry sheet opened then) now that the game is finished or ended
        early: saving it would take the game back into play (a round change
        reopens a finished game) without the user knowing it had ended.
        ``deleting`` is True for the delete of a round (the question's words).

        Raises:
            ConflictError: the game is finished; the message says who ended
                it and asks whether to go on and play on
                (``changelog.ended_message``).
        """
        if self._finished:
            raise ConflictError(changelog.ended_message(self._log, deleting))

    @property
    def ended_by(self) -> str | None:
        """The label of the phone whose change last finished the game or
        ended it early (None: not known, or the game was never ended)."""
        record = changelog.ended_record(self._log)
        return None if record is None else record["by"]

    def reopen(self) -> None:
        """Take a finished game (or one ended early) back into play, to correct
        or continue it; logged, and undone like any change.

        Raises:
            PadError: the game is not finished.
        """
        if not self._finished:
            raise PadError(_("This game is still being played: only a finished game can be reopened"))
        self._commit("reopen", flags=(False, False))

    def undo(self, expected: int | None = None) -> str:
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
            raise PadError(_("There is nothing to undo"))
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
            "undo", rounds=rounds, options=options, flags=changelog.flags_before(target),
            number=target.get("number"), option=target.get("option"), round_change=change, value_change=value_change,
            undoes=target["id"], undone_kind=target["kind"],
        )
        return changelog.label(target)

    # ----- machinery for subclasses ---------------------------------------

    def _add(self, entry: dict[str, Any], expected_round: int | None) -> Row:
        """Append a checked entry as the next round, or put it at round
        ``add_at`` (then cleared); return its row (see the class docstring
        for ``expected_round`` and ``add_at``).

        Raises:
            ConflictError: the next round is no longer ``expected_round``.
            PadError: ``add_at`` is past the next round, or the rounds do
                not score with the entry there.
        """
        self._check_dealt(entry)
        at, self.add_at = self.add_at, None
        if expected_round is not None and expected_round != self.next_round:
            raise ConflictError(changelog.add_conflict_message(self._log, expected_round, self.next_round))
        number = self.next_round if at is None else at
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= self.next_round:
            raise PadError(_("There is no place for round {number}: this game has rounds 1 to {count}").format(
                number=repr(number), count=len(self._rounds)))
        saved = {"id": new_round_id({r["id"] for r in self._rounds}), "rev": self._seq + 1, **entry}
        rounds = [*self._rounds[:number - 1], saved, *self._rounds[number - 1:]]
        self._commit("add", rounds=rounds, number=number, round_change=(None, saved), reopen=True)
        return self.rows[number - 1]

    def _edit(self, round: str | int, entry: dict[str, Any], expected_rev: int | None) -> Row:
        """Replace a round (by id or number) with a checked entry; return its new row."""
        self._check_dealt(entry)
        index = self._locate(round, expected_rev, "editing")
        old = self._rounds[index]
        saved = {"id": old["id"], "rev": self._seq + 1, **entry}
        rounds = list(self._rounds)
        rounds[index] = saved
        self._commit("edit", rounds=rounds, number=index + 1, round_change=(old, saved), reopen=True)
        return self.rows[index]

    def _index(self, number: int) -> int:
        """The list index of round ``number``, or PadError naming the rounds there are."""
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(self._rounds):
            count = len(self._rounds)
            if not count:
                raise PadError(_("There is no round {number}: this game has no rounds yet").format(number=repr(number)))
            raise PadError(_("There is no round {number}: this game has rounds 1 to {count}").format(
                number=repr(number), count=count))
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
        raise PadError(_("There is no round with id {id} in this game").format(id=repr(round_id)))

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
            check_count(expected_rev, _("The round's revision"))
        if isinstance(round, str):
            round_id = round
        else:
            known = changelog.written_round(self._log, expected_rev) if expected_rev is not None else None
            round_id = known or self._rounds[self._index(round)]["id"]
        index = self._position(round_id, doing)
        if expected_rev is not None and self._rounds[index]["rev"] != expected_rev:
            raise ConflictError(changelog.changed_message(self._log, round_id, index + 1, doing))
        return index

    def _checked_log(self, log: list[dict[str, Any]], doc: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        """A change log just loaded, checked: each record readable, each whole
        round in it a valid entry, each option value valid; given the
        document ``doc`` whose log it is, each record's outer fields first
        (``companion.document.check_log_record``), in the same walk.

        Returns a new list of the records: a record that holds a whole round
        not already in its stored form (``_stored_states``), or an option
        value, is a new one holding them in their checked form (``log`` is
        left as it was); the others are those of ``log``.

        Raises:
            PadError: "The saved change log is damaged: ...".
            StoreError: an outer field is wrong (with ``doc`` only).
        """
        checked = []
        previous = 0
        for record in log:
            if doc is not None:
                previous = check_log_record(doc, record, previous)
            try:
                changelog.check_record(record)
            except ValueError as exc:
                raise PadError(_("The saved change log is damaged: {error}").format(error=exc)) from exc
            written = record.get("round")
            saved = written.get("before") if written else None
            if saved and record["kind"] != "undo" and self._stored_states([saved], self._options) is None:
                try:
                    [entry] = self._checked_entries([entry_fields(saved)], N_("Round {number}"), record["number"])
                except PadError as exc:
                    raise PadError(_("{damaged}: {error}").format(damaged=_damaged(record), error=exc)) from exc
                record = {**record, "round": {**written, "before": {key: saved[key] for key in ROUND_KEYS} | entry}}
            value = record.get("value")
            if value is not None:
                if record["option"] not in self.DEFAULTS:
                    raise PadError(_("{damaged}: {game} has no option '{name}'").format(
                        damaged=_damaged(record), game=self._title(), name=record["option"]))
                sides = {}
                for side in ("before", "after"):
                    try:
                        sides[side] = self._check_option(record["option"], value[side])
                    except PadError as exc:
                        raise PadError(_("{damaged}: {error}").format(damaged=_damaged(record), error=exc)) from exc
                record = {**record, "value": {**value, **sides}}
            checked.append(record)
        return checked

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
            if changelog.round_mark(now) != after:
                problem = _("round {number} has been changed since").format(number=target["number"])
        if target["kind"] == "option" and self._options.get(target["option"]) != target["value"]["after"]:
            problem = _("option '{name}' has been changed since").format(name=target["option"])
        if "flags" in target and [self._finished, self._ended_early] != target["flags"]["after"]:
            problem = problem or _("the game has been finished or reopened since")
        if problem:
            raise ConflictError(changelog.opening(_("{change} can not be undone: {problem}").format(
                change=changelog.label(target), problem=problem)))

    def _undo_round(
        self, before: dict[str, Any] | None, after: dict[str, Any] | None, number: int
    ) -> tuple[list[dict[str, Any]], tuple[dict[str, Any] | None, dict[str, Any] | None]]:
        """The rounds with a round change taken back, and that undo's own round change."""
        rounds = list(self._rounds)
        restored = copy_json(before)
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
        ``LOG_LIMIT`` records. A record keeps a whole round only where an undo
        needs it (the round before an add, edit or delete); elsewhere the
        round's id and revision.

        Raises:
            PadError: the rounds do not score (nothing changes).
        """
        by = self.by
        if by is not None and not isinstance(by, str):
            raise PadError(_("Who made a change is given as text, not {value}").format(value=repr(by)))
        new_rounds = self._rounds if rounds is None else rounds
        new_options = self._options if options is None else options
        states = self._replay([entry_of(saved) for saved in new_rounds], new_options)
        old_flags = [self._finished, self._ended_early]
        new_flags = [False, False] if reopen else list(flags) if flags is not None else old_flags
        self._seq += 1
        at = now_iso()
        record: dict[str, Any] = {"id": self._seq, "at": at, "by": by, "kind": kind}
        if number is not None:
            record["number"] = number
        if option is not None:
            record["option"] = option
        if new_flags != old_flags:
            record["flags"] = {"before": old_flags, "after": new_flags}
        if round_change is not None:
            before, after = round_change
            kept = changelog.round_mark(before) if kind == "undo" else copy_json(before)
            record["round"] = {"before": kept, "after": changelog.round_mark(after)}
        if value_change is not None:
            record["value"] = {"before": copy_json(value_change[0]), "after": copy_json(value_change[1])}
        if kind == "undo":
            record["undoes"], record["undone_kind"] = undoes, undone_kind
        if kind == "add" and self.hands_by is not None:
            record["hands"], self.hands_by = dict(self.hands_by), None
        self._log = [*self._log, record][-LOG_LIMIT:]
        self._rounds, self._options = new_rounds, new_options
        self._set_replay(states)
        self._finished, self._ended_early = new_flags
        self.updated = at



def _damaged(record: Mapping[str, Any]) -> str:
    """The start of a refusal of a damaged change record: "The saved change log is damaged: change 4"."""
    return _("The saved change log is damaged: change {number}").format(number=record["id"])


def entry_of(saved: Mapping[str, Any]) -> dict[str, Any]:
    """A saved round's entry: its fields without the document's ``id`` and ``rev`` (a deep copy)."""
    return copy_json(entry_fields(saved))


def entry_fields(saved: Mapping[str, Any]) -> dict[str, Any]:
    """A saved round's entry fields (without ``id`` and ``rev``) in a new dict
    whose values are the saved ones, not copies: for a pad's
    ``_checked_entries``, whose ``_entry`` builds the stored form anew."""
    fields = dict(saved)
    for key in ROUND_KEYS:
        fields.pop(key, None)
    return fields
