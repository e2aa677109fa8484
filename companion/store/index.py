"""The archive of finished games and its summary index (history.json).

Finished games are spread over up to 256 shard files by a hash of their id;
``history.json`` keeps one small summary per archived game so the history can
be listed without parsing the games. :class:`History` is that index in memory.
"""

from __future__ import annotations

import bisect
import hashlib
import json
import marshal
import pickle
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from companion.document import SUMMARY_FIELDS, is_int, order_key, utc_seconds
from companion.errors import StoreError
from companion.i18n import lazy
from companion.stats import FrozenTally, TallySums, check_tally, freeze_tally, tally_winners, thaw_tally

SHARD_NAMES = frozenset(f"{n:02x}.json" for n in range(256))
"""The names an archive shard file may have."""


def check_summary(row: Any) -> dict[str, Any]:
    """A summary read from history.json, checked field by field; StoreError if malformed.

    The copy it returns holds ``players`` and ``winners`` as tuples: a cache
    of such summaries holds no container the garbage collector must scan,
    so a large history does not slow down every later allocation.
    """
    if not isinstance(row, dict):
        raise StoreError(lazy("a summary is not a JSON object"))
    types = {"id": str, "game": str, "players": list, "created": str, "updated": str,
             "finished": bool, "ended_early": bool, "winners": list}
    for field, kind in types.items():
        if not isinstance(row.get(field), kind):
            raise StoreError(lazy("a summary has a bad '{field}'", field=field))
    if not is_int(row.get("rounds")):
        raise StoreError(lazy("a summary has a bad '{field}'", field="rounds"))
    try:
        utc_seconds(row["created"])
        utc_seconds(row["updated"])
    except ValueError as error:
        raise StoreError(lazy("a summary has a bad date")) from error
    return kept_summary(row)


def checked_rows(data: dict[str, dict[str, Any]] | None) -> tuple[list[dict[str, Any]], dict[str, Any], bool]:
    """The summaries (checked, as kept: :func:`check_summary`) and statistics tallies by game id
    (of those that have one) of history.json's content ``data`` (None: no file), and whether
    every summary has a tally.
    Raises StoreError for a summary or a tally that is not one the store writes."""
    summaries, tallies, complete = [], {}, True
    for row in (data or {}).get("summaries", {}).values():
        summary = check_summary(row)
        summaries.append(summary)
        tally = row.get("tally")
        if tally is None:
            complete = False
            continue
        if not check_tally(tally):
            raise StoreError(lazy("a summary has a bad statistics tally"))
        tallies[summary["id"]] = tally
    return summaries, tallies, complete


def kept_summary(row: dict[str, Any]) -> dict[str, Any]:
    """The copy of a summary that the index keeps (see :func:`check_summary`), not checked:
    for a summary this store made itself (``companion.document.summarize`` of a checked document)."""
    summary = {field: row[field] for field in (*SUMMARY_FIELDS, "rounds")}
    summary["players"] = tuple(summary["players"])
    summary["winners"] = tuple(summary["winners"])
    return summary


def shown_summary(summary: dict[str, Any]) -> dict[str, Any]:
    """A fresh copy of a kept summary (:func:`kept_summary`) as the store hands it out: ``players``
    and ``winners`` as lists."""
    return {**summary, "players": list(summary["players"]), "winners": list(summary["winners"])}


def digest(doc: dict[str, Any]) -> str:
    """A fingerprint of a document's content, used to tell which copy a cut-short move wrote."""
    text = json.dumps(doc, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def shard_name(game_id: str) -> str:
    """The archive shard file that holds a finished game: two hex digits of a hash of its id."""
    return hashlib.sha1(game_id.encode("utf-8")).hexdigest()[:2] + ".json"


def agreeing(summary: dict[str, Any], frozen: FrozenTally) -> dict[str, Any]:
    """A kept summary whose ``winners`` are those of the game's statistics tally (``frozen``, made by
    replaying the game: ``companion.stats.tally_winners``): the list of games and the player
    statistics name the same winners, those the rules give (the pad's ``winners``), whatever
    the saved document's own ``winners`` field says. ``summary`` itself when they agree already."""
    winners = tally_winners(frozen)
    return summary if summary["winners"] == winners else {**summary, "winners": winners}


PackedTally = bytes
"""A frozen statistics tally (``companion.stats.freeze_tally``) as the index keeps it: one bytes
object (:func:`pack_tally`) instead of a tuple per player and per figure, so that 10,000 games
add 10,000 objects to the heap, not 130,000 containers for the garbage collector to walk."""


def pack_tally(frozen: FrozenTally) -> PackedTally:
    """``frozen`` (tuples of text, numbers, booleans and None) as one bytes object (``marshal``)."""
    return marshal.dumps(frozen)


def unpack_tally(packed: PackedTally) -> FrozenTally:
    """The frozen tally :func:`pack_tally` packed."""
    return marshal.loads(packed)


IndexState = tuple[tuple[int, int, int, int, int] | None, tuple[int, int] | None, int, int]
"""Which version of the index's files a :class:`History` holds: history.json's signature
(``companion.store.files.signature``), and history.log's (device, inode), bytes and lines applied."""

ADDED_CHUNK = 1000
"""Games per pickled chunk of :class:`AddedSummaries`: one chunk is read back in a few milliseconds."""


@dataclass(frozen=True)
class AddedSummaries:
    """The summaries an import added to the history index, as another process's Store on the same
    folder takes them (``Store.catch_up``) instead of reading and checking the whole of history.json
    again: the index's :data:`IndexState` before the import and after it, and the (summary as kept,
    see :func:`kept_summary`; :data:`PackedTally`) pairs added, pickled in chunks of :data:`ADDED_CHUNK`.

    Chunks, so that the thread reading them back holds the interpreter's lock a few milliseconds
    at a time: one ``pickle.loads`` of 10,000 games holds it for about 50 ms at once.
    """

    before: IndexState
    after: IndexState
    chunks: tuple[bytes, ...]

    @classmethod
    def of(cls, before: IndexState, after: IndexState,
           games: list[tuple[dict[str, Any], PackedTally]]) -> AddedSummaries:
        """The record of ``games`` added to an index that went from state ``before`` to ``after``."""
        return cls(before, after, tuple(
            pickle.dumps(games[start:start + ADDED_CHUNK], pickle.HIGHEST_PROTOCOL)
            for start in range(0, len(games), ADDED_CHUNK)
        ))

    def games(self) -> list[tuple[dict[str, Any], PackedTally]]:
        """The (summary, packed tally) pairs added, read back chunk by chunk."""
        games: list[tuple[dict[str, Any], PackedTally]] = []
        for chunk in self.chunks:
            games.extend(pickle.loads(chunk))
        return games


@dataclass(frozen=True)
class NewGames:
    """Games to add to a :class:`History` that does not list them yet (:meth:`History.put_new`),
    in the form it keeps them, worked out without it: summaries :func:`agreeing` with their
    tallies by id, packed tallies (:data:`PackedTally`) by id, how many of them each shard file
    holds, (order key, summary) pairs oldest first, and the sums of their tallies."""

    by_id: dict[str, dict[str, Any]]
    tallies: dict[str, PackedTally]
    shards: Counter[str]
    ordered: list[tuple[tuple[float, float, str], dict[str, Any]]]
    sums: TallySums

    @classmethod
    def of(cls, games: list[tuple[dict[str, Any], FrozenTally]], sums: TallySums) -> NewGames:
        """The games of (summary as kept, see :func:`kept_summary`; frozen tally) pairs, with
        ``sums`` the sums of their tallies."""
        by_id = {summary["id"]: agreeing(summary, tally) for summary, tally in games}
        return cls._made(by_id, {summary["id"]: pack_tally(tally) for summary, tally in games}, sums)

    @classmethod
    def of_packed(cls, games: list[tuple[dict[str, Any], PackedTally]]) -> NewGames:
        """The games of (summary as kept, packed tally) pairs (``AddedSummaries.games``), the sums
        of their tallies added up here: each tally is unpacked for a moment only, so the games
        add few objects for the garbage collector to walk while the index takes them in."""
        by_id, sums = {}, TallySums()
        for summary, packed in games:
            frozen = unpack_tally(packed)
            by_id[summary["id"]] = agreeing(summary, frozen)
            sums.add(summary["game"], frozen)
        return cls._made(by_id, {summary["id"]: packed for summary, packed in games}, sums)

    @classmethod
    def _made(cls, by_id: dict[str, dict[str, Any]], tallies: dict[str, PackedTally], sums: TallySums) -> NewGames:
        """The games whose summaries (agreeing with their tallies) are ``by_id``."""
        ordered = sorted(((order_key(summary), summary) for summary in by_id.values()), key=itemgetter(0))
        return cls(by_id, tallies, Counter(shard_name(game_id) for game_id in by_id), ordered, sums)

    def added(self) -> list[tuple[dict[str, Any], PackedTally]]:
        """The (summary, packed tally) pairs of these games, for :class:`AddedSummaries`."""
        return [(summary, self.tallies[game_id]) for game_id, summary in self.by_id.items()]


EMPTY_SHARD_BYTES = 32
"""A shard file at most this many bytes long holds no game (``{"games":{}}``);
one saved game document alone is longer."""


@dataclass
class History:
    """history.json in memory: the file's signature, summaries by id,
    (order key, summary) pairs oldest first, each game's statistics tally
    (``companion.stats.game_tally``, frozen by :func:`freeze_tally`, packed by
    :func:`pack_tally`) by id, how many listed games each
    shard file holds, the sums of those tallies (``companion.stats.TallySums``,
    kept up to date as games are put and dropped, so the statistics need not
    add up every game), and how much of history.log it has applied: the
    log file's (device, inode), the bytes and the lines read.

    The store keeps it in step with its own writes (put, drop), so only a
    change by another process makes it parse the file again.
    """

    signature: tuple[int, int, int, int, int] | None
    by_id: dict[str, dict[str, Any]]
    ordered: list[tuple[tuple[float, float, str], dict[str, Any]]]
    tallies: dict[str, PackedTally]
    shards: Counter[str]
    sums: TallySums
    log_id: tuple[int, int] | None = None
    log_offset: int = 0
    log_lines: int = 0

    @classmethod
    def build(
        cls,
        signature: tuple[int, int, int, int, int] | None,
        summaries: Iterable[dict[str, Any]],
        tallies: dict[str, dict[str, Any]],
    ) -> History:
        """The cache of freshly read (or rebuilt) summaries and their tallies (by game id); each
        summary with a tally names that tally's winners (:func:`agreeing`)."""
        frozen = {game_id: freeze_tally(tally) for game_id, tally in tallies.items()}
        by_id = {
            summary["id"]: agreeing(summary, frozen[summary["id"]]) if summary["id"] in frozen else summary
            for summary in summaries
        }
        ordered = sorted(((order_key(s), s) for s in by_id.values()), key=itemgetter(0))
        sums = TallySums.of((by_id[game_id]["game"], tally) for game_id, tally in frozen.items())
        packed = {game_id: pack_tally(tally) for game_id, tally in frozen.items()}
        return cls(signature, by_id, ordered, packed, Counter(shard_name(gid) for gid in by_id), sums)

    def state(self) -> IndexState:
        """Which version of the index's files this index holds (see :data:`IndexState`)."""
        return self.signature, self.log_id, self.log_offset, self.log_lines

    def rows(self) -> dict[str, dict[str, Any]]:
        """The ``summaries`` table of history.json: one row per game, its summary plus ``tally``."""
        return {
            str(number): {**summary, "tally": thaw_tally(unpack_tally(self.tallies[game_id]))
                          if game_id in self.tallies else {}}
            for number, (game_id, summary) in enumerate(self.by_id.items(), start=1)
        }

    def newest_first(self) -> Iterator[tuple[tuple[float, float, str], dict[str, Any]]]:
        """(order key, summary) pairs, newest first."""
        return reversed(self.ordered)

    def drop(self, game_ids: Iterable[str]) -> None:
        """Forget the summaries of these games (ids not present are ignored)."""
        for game_id in game_ids:
            old = self.by_id.pop(game_id, None)
            if old is not None:
                del self.ordered[bisect.bisect_left(self.ordered, order_key(old), key=itemgetter(0))]
                packed = self.tallies.pop(game_id, None)
                if packed is not None:
                    self.sums.remove(old["game"], unpack_tally(packed))
                self.shards[shard_name(game_id)] -= 1

    def put_new(self, new: NewGames) -> None:
        """Add games this index does not list yet, all at once (``new``, worked out beforehand by
        :meth:`NewGames.of`, so that a caller holding the folder lock only merges them). The index
        is the one :meth:`put` of each, one by one, would make."""
        self.by_id.update(new.by_id)
        self.tallies.update(new.tallies)
        self.shards.update(new.shards)
        self.ordered.extend(new.ordered)
        self.ordered.sort(key=itemgetter(0))
        self.sums.merge(new.sums)

    def put(self, summary: dict[str, Any], tally: dict[str, Any]) -> None:
        """Add or replace one checked summary (see check_summary) and its statistics tally; the
        summary kept names the tally's winners (:func:`agreeing`)."""
        self.drop([summary["id"]])
        frozen = freeze_tally(tally)
        self.tallies[summary["id"]] = pack_tally(frozen)
        summary = agreeing(summary, frozen)
        self.by_id[summary["id"]] = summary
        self.sums.add(summary["game"], frozen)
        self.shards[shard_name(summary["id"])] += 1
        bisect.insort(self.ordered, (order_key(summary), summary), key=itemgetter(0))
