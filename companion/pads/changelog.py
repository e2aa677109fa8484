"""A game's change log: the records a pad keeps of every change, and their words.

Every change to a pad (a round added, edited or deleted, an option changed,
the game finished, ended early or reopened, and an undo) is one record in
the saved document's ``log`` (companion.document): plain JSON holding

``id``
    the change number (1, 2, ...; the document's ``seq`` is the newest).
``at``, ``by``
    when (ISO 8601 UTC) and who: the label the caller passed, e.g. "Ann's
    phone", or null.
``kind``
    one of ``companion.document.CHANGE_KINDS``.
``number``
    the round's number when the change was made (round changes only).
``option``
    the option's name (option changes only).
``round``
    only for a change that wrote a round: ``{"before": ..., "after": ...}``, where
    ``before`` is the whole saved round before the change (its entry fields,
    ``id`` and ``rev``; only ``id`` and ``rev`` in an undo record, which is
    never undone) or null for an add, and ``after`` is ``{"id", "rev"}`` of
    the round the change left, or null for a delete.
``value``
    ``{"before": value, "after": value}`` of the option (option changes only).
``flags``
    ``{"before": [finished, ended_early], "after": [finished, ended_early]}``,
    only when the change moved the end of the game.
``undoes``, ``undone_kind``
    for an undo: the number and the kind of the change it took back.
``hands``
    only for an add of a round entered hand by hand (``companion.pads.hands``):
    player -> the label of the phone that entered their hand (or null), in
    seating order. Records written before it was kept have none.

That is enough to undo any change: put back every ``before``; and to see
that nothing built on it since: the round's id and revision are still
``after``.  This module
reads the log (which change an undo takes back, who last touched a round)
and words it for the screen; :class:`companion.pads.base.Pad` writes it.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.document import ROUND_ID_PATTERN, is_int
from companion.i18n import LANGUAGES, N_, _, language, pgettext
from companion.wording import join_words

LABELS = {
    "add": N_("round {number} added"),
    "edit": N_("round {number} changed"),
    "delete": N_("round {number} deleted"),
    "option": N_("option '{option}' changed"),
    "finish": N_("game finished"),
    "end_early": N_("game ended early"),
    "reopen": N_("game reopened"),
}
"""Change kind -> its label, an English msgid with the round's ``{number}`` or the ``{option}`` ("round 4 added")."""

_UNDO_LABELS = {
    "add": N_("Undo: round {number}, added {time}"),
    "edit": N_("Undo: round {number}, changed {time}"),
    "delete": N_("Undo: round {number}, deleted {time}"),
    "option": N_("Undo: option '{option}', changed {time}"),
    "finish": N_("Undo: game, finished {time}"),
    "end_early": N_("Undo: game, ended early {time}"),
    "reopen": N_("Undo: game, reopened {time}"),
}

ROUND_KINDS = ("add", "edit", "delete")
"""The kinds of change that write one round."""

Record = dict[str, Any]


@dataclass(frozen=True)
class Change:
    """One line of a game's change log, as the screen lists it.

    Attributes:
        id: the change number (pass it to ``Pad.undo(expected=...)``).
        at: when, ISO 8601 UTC.
        by: who made it (the caller's label, e.g. "Ann's phone"), or None.
        kind: one of ``companion.document.CHANGE_KINDS``.
        label: in plain words: "round 4 added", "option 'limit' changed",
            "game reopened", "undo: round 4 added".
        time: ``at`` as hours and minutes on this machine's clock ("20:41").
        undone: True once an undo has taken this change back.
        hands: for a round saved hand by hand, who entered each hand in
            words (:func:`hands_text`); else None.
    """

    id: int
    at: str
    by: str | None
    kind: str
    label: str
    time: str
    undone: bool
    hands: str | None = None


def clock_time(at: str) -> str:
    """An ISO 8601 time as "HH:MM" in this machine's time zone."""
    return dt.datetime.fromisoformat(at).astimezone().strftime("%H:%M")


def _kind(record: Record) -> str:
    """The kind of a change, or of the change an undo took back."""
    return record["undone_kind"] if record["kind"] == "undo" else record["kind"]


def subject(record: Record) -> str:
    """What a change was made to, in the current language: "round 4", "option 'limit'" or "game"."""
    kind = _kind(record)
    if kind in ROUND_KINDS:
        return _("round {number}").format(number=record["number"])
    if kind == "option":
        return _("option '{option}'").format(option=record["option"])
    return pgettext("what a change was made to", "game")


def label(record: Record) -> str:
    """A change in plain words, in the current language: "round 4 added"; an undo: "undo: round 4 added"."""
    text = _(LABELS[_kind(record)]).format(number=record.get("number"), option=record.get("option"))
    return _("undo: {change}").format(change=text) if record["kind"] == "undo" else text


PLAYERS_PHONE = N_("{player}'s phone")
"""The label of a phone a player holds ("Ann's phone"), an English msgid with the ``{player}``."""
UNNAMED_PHONE = N_("Phone {code}")
"""The label of a phone nobody has named ("Phone 3FA2"), an English msgid with four hex digits as ``{code}``."""


def phone_label(player: str) -> str:
    """The label of the phone ``player`` holds, in the current language:
    "Ann's phone" (nb "Telefonen til Ann", de "Handy von Ann")."""
    return _(PLAYERS_PHONE).format(player=player)


@functools.cache
def _label_patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Every language's wording of :data:`PLAYERS_PHONE` and
    :data:`UNNAMED_PHONE` as a pattern, with the part it names
    ("player" or "code")."""
    patterns = []
    for code in LANGUAGES:
        with language(code):
            for template, part, value in ((_(PLAYERS_PHONE), "player", ".+"), (_(UNNAMED_PHONE), "code", "[0-9A-F]{4}")):
                pattern = re.escape(template).replace(re.escape("{%s}" % part), f"(?P<{part}>{value})")
                patterns.append((re.compile(pattern + r"\Z", re.DOTALL | re.IGNORECASE), part))
    return tuple(patterns)


def label_parts(label: str) -> tuple[str, str] | None:
    """What a phone's label says, in whichever of the app's languages it was
    given: ("player", "Ben") for "Ben's phone" or "Handy von Ben",
    ("code", "3FA2") for "Phone 3FA2" or "Telefon 3FA2"; None for any
    other text."""
    for pattern, part in _label_patterns():
        found = pattern.match(label)
        if found:
            return part, found[part]
    return None


def who(by: str | None) -> str:
    """The phone that made a change, for a sentence, in the current language:
    a phone's label given in any of the app's languages is worded in this
    one ("Telefonen til Cy" reads "Cy's phone" in English: a phone keeps the
    label it was given, in its own language); any other label as it is;
    "another phone" when none is known."""
    if not by:
        return _("another phone")
    parts = label_parts(by)
    if parts is None:
        return by
    part, value = parts
    return phone_label(value) if part == "player" else _(UNNAMED_PHONE).format(code=value)


def hands_text(entered: dict[str, str | None]) -> str:
    """Who entered each hand of a round saved hand by hand, in the current language: the players
    (in the order of ``entered``, player -> phone label or None) grouped by the phone that entered
    their hand, "Hands: Ann and Ben (Ann's phone); Cy (Cy's phone)"."""
    by_phone: dict[str | None, list[str]] = {}
    for player, phone in entered.items():
        by_phone.setdefault(phone, []).append(player)
    groups = [_("{players} ({phone})").format(players=join_words(players), phone=who(phone))
              for phone, players in by_phone.items()]
    return _("Hands: {groups}").format(groups="; ".join(groups))


def opening(text: str) -> str:
    """``text`` with its first letter upper case, to open a sentence."""
    return text[:1].upper() + text[1:]


def undone_ids(log: Sequence[Record]) -> set[int]:
    """The numbers of the changes an undo has taken back."""
    return {record["undoes"] for record in log if record["kind"] == "undo"}


def undoable(log: Sequence[Record]) -> Record | None:
    """The change an undo takes back now: the newest that is not an undo and
    has not been undone; None when there is none (left in the log)."""
    undone = undone_ids(log)
    for record in reversed(log):
        if record["kind"] != "undo" and record["id"] not in undone:
            return record
    return None


def changes(log: Sequence[Record]) -> list[Change]:
    """The log as the screen lists it: :class:`Change` lines, newest first."""
    undone = undone_ids(log)
    return [
        Change(record["id"], record["at"], record["by"], record["kind"], label(record),
               clock_time(record["at"]), record["id"] in undone,
               hands_text(record["hands"]) if record.get("hands") else None)
        for record in reversed(log)
    ]


def undo_label(record: Record) -> str:
    """The undo button's words for the change it would take back, in the current language: "Undo: round 4, added 20:41"."""
    return _(_UNDO_LABELS[_kind(record)]).format(
        number=record.get("number"), option=record.get("option"), time=clock_time(record["at"]))


def flags_before(record: Record) -> tuple[bool, bool] | None:
    """(finished, ended_early) as they were before a change, or None when it left them alone."""
    flags = record.get("flags")
    return None if flags is None else (flags["before"][0], flags["before"][1])


def round_mark(saved: Record | None) -> Record | None:
    """What a record keeps of a round it need not restore: ``{"id", "rev"}`` (None stays None)."""
    return None if saved is None else {"id": saved["id"], "rev": saved["rev"]}


def round_ids_of(record: Record) -> set[str]:
    """The ids of the rounds a change wrote (none for option and game changes)."""
    written = record.get("round") or {}
    return {saved["id"] for saved in (written.get("before"), written.get("after")) if saved}


def touches(record: Record) -> set[str]:
    """What a change wrote: the ids of its rounds, "option <name>", and "end"
    when it moved the end of the game. Two changes that share one build on each other."""
    parts = round_ids_of(record)
    if record.get("option") is not None:
        parts.add(f"option {record['option']}")
    if record.get("flags") is not None:
        parts.add("end")
    return parts


def last_touch(log: Sequence[Record], round_id: str) -> Record | None:
    """The newest change that wrote the round ``round_id``, or None (not in the log)."""
    return next((record for record in reversed(log) if round_id in round_ids_of(record)), None)


def written_round(log: Sequence[Record], rev: int) -> str | None:
    """The id of the round that change number ``rev`` left behind, or None when
    that change is not in the log or left no round (a delete)."""
    for record in log:
        if record["id"] == rev:
            after = (record.get("round") or {}).get("after")
            return after["id"] if after else None
    return None


def deletion(log: Sequence[Record], round_id: str) -> Record | None:
    """The change that deleted round ``round_id`` (a delete, or the undo of its
    add), or None when the log does not say."""
    record = last_touch(log, round_id)
    if record is not None and record["round"]["after"] is None:
        return record
    return None


def gone_message(log: Sequence[Record], round_id: str, doing: str) -> str | None:
    """Why the round ``round_id`` is not there, for a user who was ``doing``
    something to it ("editing", "looking at" or "deleting"): "Ben's phone
    deleted round 4 while you were editing it"; None when the log does not know the round."""
    record = deletion(log, round_id)
    if record is None:
        return None
    if doing == "deleting":
        text = _("{who} already deleted round {number}")
    elif doing == "looking at":
        text = _("{who} deleted round {number} while you were looking at it")
    else:
        text = _("{who} deleted round {number} while you were editing it")
    return opening(text.format(who=who(record["by"]), number=record["number"]))


def changed_message(log: Sequence[Record], round_id: str, number: int, doing: str) -> str:
    """A round changed since the user's sheet showed it: "Ann's phone changed
    round 4 while you were editing it" (``doing``: "editing" or "deleting")."""
    record = last_touch(log, round_id)
    if doing == "deleting":
        text = _("{who} changed round {number} while you were deleting it")
    else:
        text = _("{who} changed round {number} while you were editing it")
    return opening(text.format(who=who(record["by"] if record else None), number=number))


def add_conflict_message(log: Sequence[Record], expected: int, next_round: int) -> str:
    """A new round entered as round ``expected`` while the game moved on to
    ``next_round``: "Round 4 was just saved on Ben's phone: save yours as round
    5, or drop it?" (or, when rounds were deleted, who did it)."""
    newest = log[-1] if log else None
    by = who(newest["by"] if newest else None)
    if expected < next_round:
        return _("Round {expected} was just saved on {by}: save yours as round {next_round}, or drop it?").format(
            expected=expected, by=by, next_round=next_round)
    return _("The rounds were changed on {by}: save yours as round {next_round}, or drop it?").format(
        by=by, next_round=next_round)


def ended_record(log: Sequence[Record]) -> Record | None:
    """The newest change in ``log`` that finished the game or ended it early
    (its flags after it say finished), or None when the log holds none."""
    return next((record for record in reversed(log) if (record.get("flags") or {}).get("after", [False])[0]), None)


def ended_message(log: Sequence[Record], deleting: bool = False) -> str:
    """Why a change entered while the game was in play (a round saved, or
    deleted when ``deleting``) is put as a question now that the game has
    been finished or ended early since.

    Takes the game's change log; returns the question in the current
    language, with who ended the game and when (:func:`ended_record`):
    "Ben's phone ended this game (20:41) while this sheet was open: save
    yours and play on, or drop it?" ("... delete the round and play on, or
    keep it?" when deleting; without who and when when the log does not
    know them)."""
    ended = ended_record(log)
    if ended is None:
        if deleting:
            return _("This game was ended while this sheet was open: delete the round and play on, or keep it?")
        return _("This game was ended while this sheet was open: save yours and play on, or drop it?")
    if deleting:
        text = _("{who} ended this game ({time}) while this sheet was open: delete the round and play on, or keep it?")
    else:
        text = _("{who} ended this game ({time}) while this sheet was open: save yours and play on, or drop it?")
    return opening(text.format(who=who(ended["by"]), time=clock_time(ended["at"])))


def undo_conflict_message(log: Sequence[Record], expected: Any, target: Record | None) -> str:
    """Why an undo of change ``expected`` (what the screen showed) was refused
    when the change an undo takes back now is ``target``."""
    shown = next((record for record in log if record["id"] == expected), None)
    if shown is None:
        return _("That change is no longer in this game's log: nothing was undone")
    if shown["id"] in undone_ids(log):
        undo = next(record for record in log if record["kind"] == "undo" and record["undoes"] == shown["id"])
        return opening(_("{who} already undid {change}: nothing was undone").format(
            who=who(undo["by"]), change=label(shown)))
    undone = undone_ids(log)
    later = [record for record in log if record["id"] > shown["id"] and record["kind"] != "undo"
             and record["id"] not in undone]
    over = next((record for record in reversed(later) if touches(shown) & touches(record)), None)
    if over is not None:
        return opening(_("{change} can not be undone: {who} changed {what} since ({since}, {time})").format(
            change=label(shown), who=who(over["by"]), what=subject(over), since=label(over),
            time=clock_time(over["at"])))
    newest = target if target is not None else shown
    return opening(_("{who} made a newer change ({change}, {time}): undo now takes back that one").format(
        who=who(newest["by"]), change=label(newest), time=clock_time(newest["at"])))


def _saved_round(saved: Any) -> bool:
    """True for a round as a log record holds it (a dict with an id and a rev)."""
    if type(saved) is not dict and not isinstance(saved, dict):
        return False
    round_id, rev = saved.get("id"), saved.get("rev")
    return isinstance(round_id, str) and _is_round_id(round_id) is not None and (type(rev) is int or is_int(rev))


_is_round_id = ROUND_ID_PATTERN.fullmatch
"""Whether text is a round id (:data:`companion.document.ROUND_ID_PATTERN`): a match, or None."""


def _flags(value: Any) -> bool:
    """True for ``[finished, ended_early]``."""
    return isinstance(value, list) and len(value) == 2 and all(isinstance(flag, bool) for flag in value)


def check_record(record: Record) -> None:
    """Check the inner shape of one saved log record (the fields this module
    and the pad's undo read; see the module docstring).

    The outer fields (``id``, ``at``, ``by``, ``kind``) are checked by
    ``companion.document.validate_doc``; the round entries and option values
    a record holds are checked by the pad that loads it.  Raises ValueError
    naming the change.
    """
    get = record.get
    number = get("id")
    kind = get("kind")
    moved = get("undone_kind") if kind == "undo" else kind
    if kind == "undo" and (not is_int(get("undoes")) or moved not in LABELS):
        raise ValueError(_("change {number} does not say which change it undid").format(number=number))
    flags = get("flags")
    if flags is not None and not (
        isinstance(flags, dict) and _flags(flags.get("before")) and _flags(flags.get("after"))
    ):
        raise ValueError(_("change {number} has damaged finished/ended early flags").format(number=number))
    place, option = get("number"), get("option")
    if place is not None and not ((type(place) is int or is_int(place)) and place >= 1):
        raise ValueError(_("change {number} has a bad round number").format(number=number))
    if option is not None and not isinstance(option, str):
        raise ValueError(_("change {number} has a bad option name").format(number=number))
    written, value = get("round"), get("value")
    if moved in ROUND_KINDS:
        if place is None or type(written) is not dict and not isinstance(written, dict):
            raise ValueError(_("change {number} does not hold the round it changed").format(number=number))
        before, after = written.get("before"), written.get("after")
        if not (before or after) or not ((before is None or _saved_round(before))
                                         and (after is None or _saved_round(after))):
            raise ValueError(_("change {number} holds a damaged round").format(number=number))
    elif written is not None:
        raise ValueError(_("change {number} holds a round it did not change").format(number=number))
    if moved == "option":
        if option is None or not isinstance(value, dict) or not {"before", "after"} <= set(value):
            raise ValueError(_("change {number} does not hold the option it changed").format(number=number))
    elif value is not None:
        raise ValueError(_("change {number} holds an option it did not change").format(number=number))
    hands = get("hands")
    if hands is not None and not (
        kind == "add" and isinstance(hands, dict)
        and all(isinstance(phone, str) or phone is None for phone in hands.values())
    ):
        raise ValueError(_("change {number} has a damaged list of who entered each hand").format(number=number))
