"""The rules search across games and languages: the word index, stems, glossary words, ranking and snippets.

A section is read as a list of sentences ("units"): paragraphs split at
sentence ends, list items likewise, each table row as one sentence, each
knowing the block it comes from.  Every word is reduced to its stem by the
Snowball stemmer of the text's language (English, Norwegian, German; the
irregular forms of words.json first), so "gives back" and "gave back" find
"give back" and "ace" never finds "face".

The texts of a section in the three languages are translations block by
block, so a block in one language stands for the same block in the others.
A query word the current language's texts do not use is looked up in the
seeds' glossary (Norwegian, German: read as the English term of that game),
else in the texts of the other languages; a section it is found in there is
a hit in the current language, its snippet taken from the same block.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any


from companion import i18n
from companion.rulebook import GAMES, RULES_DIR, Hit, RulebookError, _game_key, _language, _standard_rules
from companion.rulebook.pieces import Table, pieces

WORDS_FILE = RULES_DIR / "words.json"
"""The search's word data: irregular forms, the app's own words, the seeds' glossary."""

SNIPPET_LENGTH = 180
"""The longest snippet, in characters; a longer sentence is cut around its first match."""

STEMMERS: dict[str, str] = {"en": "english", "nb": "norwegian", "de": "german"}
"""The Snowball stemmer of each app language (``i18n.LANGUAGES``)."""

_STOP_WORDS: dict[str, frozenset[str]] = {
    "en": frozenset("a an the of to in on at by for with and or is are be it its do does how what when can i my "
                    "you your if".split()),
    "nb": frozenset("en et ei den det de og eller i på av til for med som er å kan jeg du hva når hvordan min "
                    "mitt din ditt om".split()),
    "de": frozenset("der die das ein eine einer einen und oder in im auf an am zu zum zur für mit ist sind es "
                    "wie was wann kann ich du mein dein wenn von den dem des".split()),
}
"""Words a query drops in each language (unless nothing else is left)."""
_TOKEN_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)*[♠♥♦♣]?|[♠♥♦♣]")
_SENTENCE_END_RE = re.compile(r"(?<=[.!?])\s+(?=[\"'(«„A-ZÆØÅÄÖÜ0-9♠♥♦♣…])")
_LIST_ITEM_RE = re.compile(r"^\s*(?:[-*]|\d+\.)\s+")
_BOLD_RE = re.compile(r"\*\*(.+?)\*\*")
_SHORT_LEAD_WORDS = 3
_FULL_SENTENCE_WORDS = 8


@dataclass(frozen=True)
class _Unit:
    """One sentence of a section: the number of its block, its text and its words as (stem, start, end)."""

    block: int
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

    def block_units(self, block: int) -> list[int]:
        """The numbers of the sentences of block ``block``, in order."""
        return [number for number, unit in enumerate(self.units) if unit.block == block]

    def same_place(self, other: _Indexed, number: int) -> int:
        """The sentence of this section at the place of sentence ``number`` of
        ``other`` (the same section in another language): in the same block,
        as far into it (the same list item when the block is a list)."""
        block = other.units[number].block
        theirs, ours = other.block_units(block), self.block_units(block)
        if not ours:
            return 0
        return ours[theirs.index(number) * len(ours) // len(theirs)]


@dataclass(frozen=True)
class _Alternative:
    """One reading of a query word: consecutive stems of ``language``'s texts, found only in ``game`` when set."""

    stems: tuple[str, ...]
    language: str
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
    """The Snowball stemmer named ``language`` ("english", "norwegian", "german")."""
    import snowballstemmer  # imported at the first search, not when the app starts

    return snowballstemmer.stemmer(language)


@lru_cache(maxsize=4096)
def _stem(word: str, language: str = "en") -> str:
    """The stem of one word (lower case) in ``language`` (an app language code):
    the irregular forms of words.json first, then the language's Snowball stemmer."""
    word = word.lower().replace("’", "'")
    if language == "en" and word.endswith("'s"):
        word = word[:-2]
    word = _words_data()["irregular"].get(language, {}).get(word, word)
    if not word.isalpha():
        return word
    return _stemmer(STEMMERS[language]).stemWord(word)


def _tokens(text: str, language: str = "en") -> list[tuple[str, int, int]]:
    """Every word of ``text`` as (stem in ``language``, start, end)."""
    return [(_stem(m.group(), language), m.start(), m.end()) for m in _TOKEN_RE.finditer(text)]


def _phrase(text: str, language: str = "en") -> tuple[str, ...]:
    """The stems of a short phrase in ``language`` ("lay off" -> ("lay", "off"))."""
    return tuple(stem for stem, _, _ in _tokens(text, language))


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
def _index(language: str) -> tuple[_Indexed, ...]:
    """Every section of every game in ``language``, ready to search (standard
    figures, no house rules); the same sections in the same order in every language."""
    indexed = []
    for game in GAMES:
        rules = _standard_rules(game, language)
        for section in rules.sections:
            units = tuple(
                _Unit(number, text, tuple(_tokens(text, language)))
                for number, block in enumerate(section.blocks) for text in _units_of(block.text)
            )
            bold = frozenset(stem for phrase in _BOLD_RE.findall(section.markdown)
                             for stem in _phrase(phrase, language))
            indexed.append(_Indexed(game, rules.name, section.key, section.title, len(indexed), units,
                                    _phrase(section.title, language), bold))
    return tuple(indexed)


@lru_cache(maxsize=None)
def _vocabulary(language: str) -> frozenset[str]:
    """Every word the rules texts of ``language`` use, in lower case (not stemmed)."""
    return frozenset(
        match.group().lower()
        for section in _index(language)
        for text in (section.title, *(unit.text for unit in section.units))
        for match in _TOKEN_RE.finditer(text)
    )


@lru_cache(maxsize=None)
def _stems(language: str) -> frozenset[str]:
    """The stem of every word the rules texts of ``language`` use."""
    return frozenset(
        stem
        for section in _index(language)
        for stems in (section.title_stems, *((stem for stem, _, _ in unit.words) for unit in section.units))
        for stem in stems
    )


@lru_cache(maxsize=None)
def _glossary(language: str) -> dict[tuple[str, str], _Alternative]:
    """(Snowball language, stem of a seed's word) -> the term it stands for in its
    game, as the rules texts of ``language`` say it (English when the entry has
    no word for ``language``)."""
    table = {}
    for entry in _words_data()["glossary"]:
        said = entry.get("in", {}).get(language)
        reading = (_Alternative(_phrase(said, language), language, entry["game"]) if said
                   else _Alternative(_phrase(entry["means"]), "en", entry["game"]))
        for word in entry["words"]:
            table[(entry["language"], _stemmer(entry["language"]).stemWord(word.lower()))] = reading
    return table


def _own(word: str, language: str) -> list[_Alternative]:
    """``word`` read in ``language``, with that language's other words for the same thing
    (words.json's ``same_as``: "donate" is also "lay off"; "zurückgeben" also "zurück")."""
    lower = word.lower()
    same = _words_data()["same_as"].get(language, {}).get(lower, ())
    return [_Alternative((_stem(lower, language),), language),
            *(_Alternative(_phrase(phrase, language), language) for phrase in same)]


def _term(word: str, language: str = "en") -> _Term:
    """The readings of one query word typed in a ``language`` session.

    A word the rules texts of ``language`` use as it is typed is read in
    that language, with its other words for the same thing (``_own``).  Any other word is looked up in the seeds' glossary ("donere" is
    "lay off" in Up to 9, said "donere" in Norwegian and "anlegen" in
    German), then read in ``language`` when one of its forms is used there
    ("gave"), else in the texts of the other languages that use it
    ("discard" in a Norwegian session is read in the English texts); a word
    found nowhere is read in ``language`` (and finds nothing).
    """
    lower = word.lower()
    own = _own(word, language)
    if lower in _vocabulary(language):
        return _Term(word, tuple(dict.fromkeys(own)))
    for snowball in ("norwegian", "german"):
        reading = _glossary(language).get((snowball, _stemmer(snowball).stemWord(lower)))
        if reading is not None:
            return _Term(word, (reading,))
    if _stem(lower, language) in _stems(language):
        return _Term(word, tuple(dict.fromkeys(own)))
    readings = [
        reading
        for other in i18n.LANGUAGES if other != language and _stem(lower, other) in _stems(other)
        for reading in _own(word, other)
    ]
    return _Term(word, tuple(dict.fromkeys(readings or own)))


def _query_terms(query: str, language: str = "en") -> list[_Term]:
    """The query's words (the language's stop words dropped unless nothing else is left)."""
    words = [m.group() for m in _TOKEN_RE.finditer(query)]
    kept = [word for word in words if word.lower() not in _STOP_WORDS[language]] or words
    return [_term(word, language) for word in dict.fromkeys(kept)]


def _occurrences(term: _Term, section: _Indexed) -> list[tuple[int, int, int]]:
    """Where ``term`` stands in ``section``: (unit index, start, end) of each match.

    A match in another language's text of the section is given as the
    sentence at the same place in ``section`` (see ``_Indexed.same_place``),
    with start and end -1 (nothing to mark).
    """
    found = []
    for reading in term.alternatives:
        if reading.game is not None and reading.game != section.game:
            continue
        same = _index(reading.language)[section.order]
        size = len(reading.stems)
        for unit in same.units:
            stems = [stem for stem, _, _ in unit.words]
            for at in range(len(stems) - size + 1):
                if tuple(stems[at:at + size]) != reading.stems:
                    continue
                if same is section:
                    found.append((section.units.index(unit), unit.words[at][1], unit.words[at + size - 1][2]))
                else:
                    found.append((section.same_place(same, same.units.index(unit)), -1, -1))
    return sorted(set(found))


def _in_title(term: _Term, section: _Indexed) -> bool:
    return any(
        (reading.game in (None, section.game))
        and all(stem in _index(reading.language)[section.order].title_stems for stem in reading.stems)
        for reading in term.alternatives
    )


def _in_bold(term: _Term, section: _Indexed) -> bool:
    return any(
        (reading.game in (None, section.game))
        and all(stem in _index(reading.language)[section.order].bold_stems for stem in reading.stems)
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


def search(query: str, games: Sequence[str] | None = None, language: str | None = None) -> list[Hit]:
    """Find the sections that speak of every word of ``query``, best first, in one language.

    Words are matched whole and by meaning: their forms through the
    language's Snowball stemmer and the irregular forms of ``words.json``
    ("gave back" finds "give back", "ace" does not find "face"), the app's
    own words for a rules term ("donate", "run", "stock"), the seeds'
    Norwegian and German words of the glossary ("donere", "Reihe"), each
    read in its own game, and any word of the other languages' texts
    ("discard" in Norwegian).  Stop words ("the", "of"; "og", "und") are
    dropped; the section heading counts as text.

    Args:
        query: the words to look for, in any case; blank finds nothing.
        games: the game ids to search (default: all four).
        language: one of ``i18n.LANGUAGES``; ``None`` is the current
            language.  The hits' titles and snippets are in it.

    Returns:
        One ``Hit`` per section that holds every word, ranked: rarer words
        weigh more, a word in the heading or in bold (where the rules define
        it) more again, and all the words in one sentence, in order, more
        still; equal scores keep reading order.  Each hit's ``snippet`` is
        the sentence holding the most query words, its ``marks`` the
        matched words in it (a word found only through another language's
        text marks nothing).  The figures searched are the standard ones.

    Raises:
        RulebookError: for an unknown game id in ``games`` or an unknown
            language, or an unreadable word list.
    """
    code = _language(language)
    terms = _query_terms(query, code) if isinstance(query, str) else []
    if not terms:
        return []
    allowed = GAMES if games is None else [_game_key(g) for g in games]
    sections = _index(code)
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
        marks = sorted({(start, end) for places in found for u, start, end in places if u == unit and start >= 0})
        text = section.units[unit].text if section.units else ""
        snippet, kept = _cut(text, marks)
        hit = Hit(section.game, section.name, section.key, section.title, snippet, kept, round(score, 3))
        ranked.append((-hit.score, section.order, hit))
    return [hit for _, _, hit in sorted(ranked, key=lambda entry: entry[:2])]
