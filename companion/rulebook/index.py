"""The rules search across games: the word index, stems, glossary words, ranking and snippets.

A section is read as a list of sentences ("units"): paragraphs split at
sentence ends, list items likewise, each table row as one sentence.  Every word is reduced
to its stem (English Snowball stemmer, irregular forms from words.json), so
"gives back" and "gave back" find "give back" and "ace" never finds "face".
A query word the texts do not use is looked up in the seeds' glossary
(Norwegian, German) and read as the English term of that game.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import snowballstemmer

from companion.rulebook import GAMES, RULES_DIR, Hit, RulebookError, _game_key, _standard_rules
from companion.rulebook.pieces import Table, pieces

WORDS_FILE = RULES_DIR / "words.json"
"""The search's word data: irregular forms, the app's own words, the seeds' glossary."""

SNIPPET_LENGTH = 180
"""The longest snippet, in characters; a longer sentence is cut around its first match."""

_STOP_WORDS = frozenset(
    "a an the of to in on at by for with and or is are be it its do does how what when can i my "
    "you your if".split()
)
_TOKEN_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)*[♠♥♦♣]?|[♠♥♦♣]")
_SENTENCE_END_RE = re.compile(r"(?<=[.!?])\s+(?=[\"'(A-Z0-9♠♥♦♣…])")
_LIST_ITEM_RE = re.compile(r"^\s*(?:[-*]|\d+\.)\s+")
_BOLD_RE = re.compile(r"\*\*(.+?)\*\*")
_SHORT_LEAD_WORDS = 3
_FULL_SENTENCE_WORDS = 8


@dataclass(frozen=True)
class _Unit:
    """One sentence of a section: its text and its words as (stem, start, end)."""

    text: str
    words: tuple[tuple[str, int, int], ...]


@dataclass(frozen=True)
class _Indexed:
    """A section ready to search."""

    game: str
    name: str
    key: str
    title: str
    order: int
    units: tuple[_Unit, ...]
    title_stems: tuple[str, ...]
    bold_stems: frozenset[str]


@dataclass(frozen=True)
class _Alternative:
    """One reading of a query word: consecutive stems, found only in ``game`` when set."""

    stems: tuple[str, ...]
    game: str | None = None


@dataclass(frozen=True)
class _Term:
    """One query word and its readings (itself, the app's words, a glossary term)."""

    word: str
    alternatives: tuple[_Alternative, ...]


@lru_cache(maxsize=None)
def _words_data() -> dict[str, Any]:
    """``words.json`` as read (cached).

    Raises:
        RulebookError: when the file is missing or not valid JSON.
    """
    try:
        return json.loads(WORDS_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise RulebookError(f"the search's word list can not be read from {WORDS_FILE}: {error}") from error


@lru_cache(maxsize=None)
def _stemmer(language: str) -> Any:
    return snowballstemmer.stemmer(language)


def _stem(word: str) -> str:
    """The English stem of one word (lower case): irregular forms first, then Snowball."""
    word = word.lower().replace("’", "'")
    if word.endswith("'s"):
        word = word[:-2]
    word = _words_data()["irregular"].get(word, word)
    if not word.isalpha():
        return word
    return _stemmer("english").stemWord(word)


def _tokens(text: str) -> list[tuple[str, int, int]]:
    """Every word of ``text`` as (stem, start, end)."""
    return [(_stem(m.group()), m.start(), m.end()) for m in _TOKEN_RE.finditer(text)]


def _phrase(text: str) -> tuple[str, ...]:
    """The stems of a short phrase ("lay off" -> ("lay", "off"))."""
    return tuple(stem for stem, _, _ in _tokens(text))


def _sentences(paragraph: str) -> list[str]:
    """A paragraph cut at sentence ends; a short bold lead ("Safety valve.") stays with what follows."""
    parts = _SENTENCE_END_RE.split(paragraph)
    sentences: list[str] = []
    carry = ""
    for number, part in enumerate(parts):
        part = f"{carry} {part}" if carry else part
        carry = part if len(part.split()) <= _SHORT_LEAD_WORDS and number < len(parts) - 1 else ""
        if not carry:
            sentences.append(part)
    return sentences


def _table_sentences(table: Table) -> list[str]:
    """A table's rows as sentences: ``"Attack card A♠: next player draws 5."``."""
    header, body = table[0], table[1:]
    sentences = []
    for row in body:
        rest = "; ".join(f"{name.lower()} {cell}" for name, cell in zip(header[1:], row[1:], strict=False))
        sentences.append(f"{header[0]} {row[0]}: {rest}.".replace("**", ""))
    return sentences


def _list_items(lines: Sequence[str]) -> list[str]:
    """The items of a Markdown list, continuation lines joined to their item."""
    items: list[str] = []
    for line in lines:
        marker = _LIST_ITEM_RE.match(line)
        if marker or not items:
            items.append(line[marker.end():] if marker else line.strip())
        else:
            items[-1] += " " + line.strip()
    return items


def _units_of(markdown: str) -> list[str]:
    """The readable sentences of a section's Markdown (see the note above)."""
    units: list[str] = []
    for piece in pieces(markdown):
        if not isinstance(piece, str):
            units += _table_sentences(piece)
            continue
        for chunk in re.split(r"\n\s*\n", piece.replace("**", "")):
            lines = chunk.splitlines()
            if _LIST_ITEM_RE.match(lines[0]):
                units += [sentence for item in _list_items(lines) for sentence in _sentences(" ".join(item.split()))]
            else:
                units += _sentences(" ".join(chunk.split()))
    return units


@lru_cache(maxsize=None)
def _index() -> tuple[_Indexed, ...]:
    """Every section of every game, ready to search (standard figures, no house rules)."""
    indexed = []
    for game in GAMES:
        rules = _standard_rules(game)
        for section in rules.sections:
            units = tuple(_Unit(text, tuple(_tokens(text))) for text in _units_of(section.markdown))
            bold = frozenset(stem for phrase in _BOLD_RE.findall(section.markdown) for stem in _phrase(phrase))
            indexed.append(_Indexed(game, rules.name, section.key, section.title, len(indexed), units,
                                    _phrase(section.title), bold))
    return tuple(indexed)


@lru_cache(maxsize=None)
def _vocabulary() -> frozenset[str]:
    """Every word the rules texts use, in lower case (not stemmed)."""
    return frozenset(
        match.group().lower()
        for section in _index()
        for text in (section.title, *(unit.text for unit in section.units))
        for match in _TOKEN_RE.finditer(text)
    )


@lru_cache(maxsize=None)
def _glossary() -> dict[tuple[str, str], _Alternative]:
    """(language, stem of a seed's word) -> the English term it stands for, in its game."""
    table = {}
    for entry in _words_data()["glossary"]:
        reading = _Alternative(_phrase(entry["means"]), entry["game"])
        for word in entry["words"]:
            table[(entry["language"], _stemmer(entry["language"]).stemWord(word.lower()))] = reading
    return table


def _term(word: str) -> _Term:
    """The readings of one query word.

    A word the rules texts use is read as English, with the app's own
    words for the same thing ("donate" is also "lay off"); any other word
    is looked up in the seeds' glossary first ("donere" is "lay off" in Up
    to 9), then read as English.
    """
    lower = word.lower()
    if lower not in _vocabulary():
        for language in ("norwegian", "german"):
            reading = _glossary().get((language, _stemmer(language).stemWord(lower)))
            if reading is not None:
                return _Term(word, (reading,))
    readings = [_Alternative((_stem(lower),))]
    readings += [_Alternative(_phrase(same)) for same in _words_data()["same_as"].get(lower, ())]
    return _Term(word, tuple(dict.fromkeys(readings)))


def _query_terms(query: str) -> list[_Term]:
    """The query's words (stop words dropped unless nothing else is left)."""
    words = [m.group() for m in _TOKEN_RE.finditer(query)]
    kept = [word for word in words if word.lower() not in _STOP_WORDS] or words
    return [_term(word) for word in dict.fromkeys(kept)]


def _occurrences(term: _Term, section: _Indexed) -> list[tuple[int, int, int]]:
    """Where ``term`` stands in ``section``: (unit index, start, end) of each match."""
    found = []
    for reading in term.alternatives:
        if reading.game is not None and reading.game != section.game:
            continue
        size = len(reading.stems)
        for number, unit in enumerate(section.units):
            stems = [stem for stem, _, _ in unit.words]
            for at in range(len(stems) - size + 1):
                if tuple(stems[at:at + size]) == reading.stems:
                    found.append((number, unit.words[at][1], unit.words[at + size - 1][2]))
    return sorted(set(found))


def _in_title(term: _Term, section: _Indexed) -> bool:
    return any(
        (reading.game in (None, section.game)) and all(stem in section.title_stems for stem in reading.stems)
        for reading in term.alternatives
    )


def _in_bold(term: _Term, section: _Indexed) -> bool:
    return any(
        (reading.game in (None, section.game)) and all(stem in section.bold_stems for stem in reading.stems)
        for reading in term.alternatives
    )


def _best_unit(units_text: Sequence[str], found: Sequence[list[tuple[int, int, int]]]) -> int:
    """The sentence holding the most query words (in query order, then a full sentence, first)."""
    units = sorted({unit for places in found for unit, _, _ in places})
    if not units:
        return 0

    def rank(unit: int) -> tuple[int, int, int, int]:
        starts = [min((s for u, s, _ in places if u == unit), default=None) for places in found]
        present = [s for s in starts if s is not None]
        in_order = int(len(present) == len(starts) and present == sorted(present))
        full = int(len(units_text[unit].split()) >= _FULL_SENTENCE_WORDS)
        return (len(present), in_order, full, -unit)

    return max(units, key=rank)


def _cut(text: str, marks: list[tuple[int, int]]) -> tuple[str, tuple[tuple[int, int], ...]]:
    """``text`` cut to :data:`SNIPPET_LENGTH` around its first mark, at word ends, with "…"."""
    if len(text) <= SNIPPET_LENGTH:
        return text, tuple(marks)
    first = marks[0][0] if marks else 0
    left = max(0, min(first - SNIPPET_LENGTH // 3, len(text) - SNIPPET_LENGTH))
    if left > 0:
        space = text.find(" ", left)
        left = space + 1 if -1 < space < first else left
    right = min(len(text), left + SNIPPET_LENGTH)
    if right < len(text):
        space = text.rfind(" ", left, right)
        right = space if space > first else right
    head = "…" if left > 0 else ""
    shift = len(head) - left
    kept = tuple((start + shift, end + shift) for start, end in marks if start >= left and end <= right)
    return head + text[left:right] + ("…" if right < len(text) else ""), kept


def search(query: str, games: Sequence[str] | None = None) -> list[Hit]:
    """Find the sections that speak of every word of ``query``, best first.

    Words are matched whole and by meaning: their forms through the English
    Snowball stemmer and the irregular forms of ``words.json`` ("gave back"
    finds "give back", "ace" does not find "face"), the app's own words for
    a rules term ("donate", "run", "stock"), and the seeds' Norwegian and
    German words of the glossary ("donere", "Reihe"), each read in its own
    game.  Stop words ("the", "of") are dropped; the section heading counts
    as text.

    Args:
        query: the words to look for, in any case; blank finds nothing.
        games: the game ids to search (default: all four).

    Returns:
        One ``Hit`` per section that holds every word, ranked: rarer words
        weigh more, a word in the heading or in bold (where the rules define
        it) more again, and all the words in one sentence, in order, more
        still; equal scores keep reading order.  Each hit's ``snippet`` is
        the sentence holding the most query words, its ``marks`` the
        matched words in it.  The figures searched are the standard ones.

    Raises:
        RulebookError: for an unknown game id in ``games``, or an unreadable
            word list.
    """
    terms = _query_terms(query) if isinstance(query, str) else []
    if not terms:
        return []
    allowed = GAMES if games is None else [_game_key(g) for g in games]
    sections = _index()
    found_in = {id(section): [_occurrences(term, section) for term in terms] for section in sections}

    def holds(section: _Indexed, number: int) -> bool:
        return bool(found_in[id(section)][number]) or _in_title(terms[number], section)

    weights = []
    for number in range(len(terms)):
        spread = sum(holds(section, number) for section in sections)
        weights.append(math.log(1 + len(sections) / max(spread, 1)))
    ranked = []
    for section in sections:
        if section.game not in allowed or not all(holds(section, n) for n in range(len(terms))):
            continue
        found = found_in[id(section)]
        score = 0.0
        for number, (term, places) in enumerate(zip(terms, found, strict=True)):
            weight = weights[number]
            score += weight * (1 + 0.5 * math.log(len(places)) if places else 0)
            score += 2 * weight * (_in_title(term, section) + _in_bold(term, section))
        unit = _best_unit([u.text for u in section.units], found)
        together = {number for number, places in enumerate(found) if any(u == unit for u, _, _ in places)}
        if len(terms) > 1 and len(together) == len(terms):
            score += 2.0
        marks = sorted({(start, end) for places in found for u, start, end in places if u == unit})
        text = section.units[unit].text if section.units else ""
        snippet, kept = _cut(text, marks)
        hit = Hit(section.game, section.name, section.key, section.title, snippet, kept, round(score, 3))
        ranked.append((-hit.score, section.order, hit))
    return [hit for _, _, hit in sorted(ranked, key=lambda entry: entry[:2])]
