"""The words and shapes a score pad's screen shows: its errors, rows and places.

:class:`PadError` (what a pad refuses, in words for the user), :class:`Row`
(one line of the score table), :class:`Place` (one line of the standings),
and the small helpers every pad uses to check names and counts and to write
them out.  ``companion.pads.base`` re-exports them all.
"""

from __future__ import annotations

import pickle
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, NamedTuple

from babel.support import LazyProxy

from companion.cards import CardsLike, card_texts
from companion.errors import PadError
from companion.i18n import _, format_number, ngettext
from companion.wording import join_words, whole_number


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
        notes: player -> a short note for the table, made with
            ``companion.i18n.lazy`` ("went
            out, gave back 10", "laid down level 3"), kept untranslated: a
            pad is replayed once and shared by phones in different languages;
            a player with nothing to say has no note. Read as text through
            :attr:`detail`.
    """

    number: int
    dealer: str
    starter: str | None
    points: dict[str, int]
    totals: dict[str, int]
    penalty: dict[str, int] = field(default_factory=dict)
    level: dict[str, int] = field(default_factory=dict)
    notes: dict[str, LazyProxy] = field(default_factory=dict)

    @property
    def detail(self) -> dict[str, str]:
        """Player -> the round's note in the current language, ``""`` for a
        player with nothing to say (every player of the row's ``points``)."""
        return {player: str(self.notes[player]) if player in self.notes else "" for player in self.points}


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


JOINERS = "\u200c\u200d"
"""The zero-width non-joiner and joiner: invisible, but they shape some scripts and join emoji (a family, a flag)."""


def clean_name(name: str) -> str:
    """A player's name as typed, made plain: in Unicode's composed form (NFC,
    so "Å" typed as one character or as "A" and a ring is the same text),
    without invisible format characters (zero-width space, direction marks,
    a byte-order mark; the joiners of :data:`JOINERS` are kept), with every
    run of spaces (``str.isspace``: tabs and line breaks too) made one and
    the ends trimmed. Takes and returns text. Plain ASCII text is composed
    already and holds no format character: only its spaces are made plain."""
    if name.isascii():
        return " ".join(name.split())
    composed = unicodedata.normalize("NFC", name)
    shown = "".join(char for char in composed if char in JOINERS or unicodedata.category(char) != "Cf")
    return " ".join(shown.split())


NAME_LIMIT = 24
"""The most characters in a player's name (made plain by :func:`clean_name`): as long a name as
the pad's header and rows show whole on a phone."""

HIDDEN_MARKS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""The direction embeddings, overrides and isolates: invisible characters that turn the text after
them around (a name could show as another, or reverse the words after it)."""

LINE_SPACES = "\t\n\r"
"""The control characters a name may hold: tabs and line breaks, which :func:`clean_name` makes spaces."""


def is_hidden(char: str) -> bool:
    """Whether ``char`` (one character) is one a name or a phone's label may not hold: a control
    character (Unicode category Cc: NUL, ESC, DEL, ...) other than those of :data:`LINE_SPACES`,
    or a direction mark of :data:`HIDDEN_MARKS`."""
    return char in HIDDEN_MARKS or (unicodedata.category(char) == "Cc" and char not in LINE_SPACES)


def name_problem(name: str) -> str | None:
    """Why ``name`` (text, as typed on a phone or as a backup holds it) can not be a new player's
    name, in plain words in the current language; None when it can.

    Refused: a character of :func:`is_hidden` (a control character or a
    direction mark), which a phone would show as a box or obey unseen (the
    message names it without them); a name longer than
    :data:`NAME_LIMIT` characters once made plain (the message shows its
    first characters and the count). Saved games are not held to this:
    their names stay as they were saved.
    """
    if any(map(is_hidden, name)):
        shown = clean_name("".join(char for char in name if not is_hidden(char)))
        return _("The name {name} holds hidden control characters or direction marks, "
                 "which a name can not have").format(name=shown)
    clean = clean_name(name)
    if len(clean) > NAME_LIMIT:
        return _("A player's name is at most {limit} characters: {name} has {count}").format(
            limit=NAME_LIMIT, name=clean[:NAME_LIMIT] + "…", count=format_number(len(clean)))
    return None


def name_key(name: str) -> str:
    """What two players' names are told apart by (text): :func:`clean_name`
    without the joiners, case folded. "Ann" and "ann ", "Åse" in either
    form, "Ben" and "Ben" with a zero-width space have the same key, so a
    table can not seat them as two players."""
    clean = clean_name(name)
    if clean.isascii():
        return clean.casefold()
    return "".join(char for char in clean if char not in JOINERS).casefold()


_SEATED: dict[tuple[Any, ...], tuple[str, ...]] = {}
"""(low, high, *names as given) -> the names :func:`check_players` accepted, trimmed: games
(a backup's thousands) seat the same few tables again and again."""

_SEATED_KEPT = 1024
"""How many accepted seatings :data:`_SEATED` keeps before it starts again."""


def check_players(players: object, low: int, high: int, title: str) -> tuple[str, ...]:
    """Validate the names of the players in seating order.

    Args:
        players: a list of names.
        low, high: the game's player range.
        title: the game's name, for the message.

    Returns:
        The names, trimmed.

    Raises:
        PadError: not a list of texts, a blank name, a name twice (two names
            with the same :func:`name_key`: case, spaces and invisible
            characters do not matter), or a count outside ``low``-``high``.

    A list or tuple of names accepted before is answered from :data:`_SEATED`
    without reading each name again; a refusal is worked out each time.
    """
    key: tuple[Any, ...] | None = None
    if type(players) is list or type(players) is tuple:
        key = (low, high, *players)
        try:
            return _SEATED[key]
        except KeyError:
            pass
        except TypeError:
            key = None
    seated = _check_players(players, low, high, title)
    if key is not None:
        if len(_SEATED) >= _SEATED_KEPT:
            _SEATED.clear()
        _SEATED[key] = seated
    return seated


def _check_players(players: object, low: int, high: int, title: str) -> tuple[str, ...]:
    """:func:`check_players` read name by name."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Iterable):
        raise PadError(_("Give the players as a list of names, in seating order"))
    names = list(players)
    if not all(isinstance(name, str) for name in names):
        raise PadError(_("Every player needs a name written as text"))
    trimmed = tuple(name.strip() for name in names)
    keys = [name_key(name) for name in trimmed]
    if not all(keys):
        raise PadError(_("A player's name is blank: give every player a name"))
    if len(set(keys)) < len(keys):
        seen: set[str] = set()
        for name, key in zip(trimmed, keys):
            if key in seen:
                raise PadError(_("The name {name} is used twice: give each player a different name").format(name=name))
            seen.add(key)
    if not low <= len(trimmed) <= high:
        raise PadError(_("{game} is for {least} to {most} players, not {count}").format(
            game=title, least=low, most=high, count=len(trimmed)))
    return trimmed


def join_names(names: Sequence[str]) -> str:
    """Names as a sentence lists them, in the current language ("Ann, Ben and Cy"): ``wording.join_words``."""
    return join_words(names)


def points_text(points: int, unit: str = "point") -> str:
    """A count with its unit, singular or plural, in the current language ("1 point", "12 points").

    ``unit`` is ``"point"``, ``"penalty point"`` or ``"round win"``; raises
    ``ValueError`` for another.
    """
    if unit == "point":
        text = ngettext("{count} point", "{count} points", points)
    elif unit == "penalty point":
        text = ngettext("{count} penalty point", "{count} penalty points", points)
    elif unit == "round win":
        text = ngettext("{count} round win", "{count} round wins", points)
    else:
        raise ValueError(f"unknown unit {unit!r}: use 'point', 'penalty point' or 'round win'")
    return text.format(count=points)


def check_count(value: object, what: str, *, least: int = 0) -> int:
    """A whole number of at least ``least`` (``wording.whole_number``), or
    :class:`PadError` naming ``what`` (shown as given: translate it first)."""
    return whole_number(value, what, least=least, error=PadError)


_UNCHANGED_TEXTS: set[str] = set()
"""Card texts that ``companion.cards.card_texts`` writes back as they are, added as they are first met."""


def stored_card_texts(cards: CardsLike) -> list[str]:
    """``companion.cards.card_texts`` of ``cards``: a new list, one text per card in the one notation.

    A list of texts already written that way (as a saved round holds them)
    is copied after one set lookup, without reading each card again; a
    text joins that set the first time card_texts gives it back unchanged.

    Raises:
        CardError: as card_texts, naming the first item that is not a card.
    """
    if type(cards) is list:
        try:
            if _UNCHANGED_TEXTS.issuperset(cards):
                return list(cards)
        except TypeError:
            pass
    texts = card_texts(cards)
    for text in texts:
        if text not in _UNCHANGED_TEXTS and card_texts([text]) == [text]:
            _UNCHANGED_TEXTS.add(text)
    return texts


def copy_json(value: Any) -> Any:
    """A deep copy of a JSON value (dicts, lists, text, numbers, true/false, null).

    The same result as ``copy.deepcopy``, made by a ``pickle`` round trip,
    which copies the pads' saved entries, options and change log several
    times faster; a dict of text, numbers, true/false and null alone (as
    most games' options are) is copied as a dict, as its values can not change.
    """
    if type(value) is dict and _PLAIN_TYPES.issuperset(map(type, value.values())):
        return dict(value)
    return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


_PLAIN_TYPES = frozenset({str, int, float, bool, type(None)})
"""The JSON types whose values can not be changed in place (see :func:`copy_json`)."""
