"""The rules search's index: each section of each game in each language, read as sentences of stems.

A section is read as a list of sentences ("units"): paragraphs split at
sentence ends, list items likewise, each table row as one sentence, each
knowing the block it comes from.  Every word is reduced to its stem by the
Snowball stemmer of the text's language (English, Norwegian, German; the
irregular forms of words.json first), so "gives back" and "gave back" find
"give back" and "ace" never finds "face".  The sentences of each language
are ranked with BM25 (the ``bm25s`` library; :func:`_bm25`), and so is each
section as one document.

The texts of a section in the three languages are translations block by
block, so a block in one language stands for the same block in the others
(``_Indexed.same_place``); every language's index holds the same sections
in the same order.  A query's words are read by
``companion.rulebook.reading``, the sections ranked by
``companion.rulebook.ranking``.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from companion import registry
from companion.rulebook import RULES_DIR, RulebookError, _standard_rules
from companion.rulebook.pieces import Table, pieces

WORDS_FILE = RULES_DIR / "words.json"
"""The search's word data: irregular forms, the app's own words, the seeds' glossary."""

STEMMERS: dict[str, str] = {"en": "english", "nb": "norwegian", "de": "german"}
"""The Snowball stemmer of each app language (``i18n.LANGUAGES``)."""

_TOKEN_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)*[♠♥♦♣]?|[♠♥♦♣]")
_SENTENCE_END_RE = re.compile(r"(?<=[.!?])\s+(?=[\"'(«„A-ZÆØÅÄÖÜ0-9♠♥♦♣…])")
_LIST_ITEM_RE = re.compile(r"^\s*(?:[-*]|\d+\.)\s+")
_BOLD_RE = re.compile(r"\*\*(.+?)\*\*")
_SHORT_LEAD_WORDS = 3
_SECTION_LENGTH_NORM = 0.3
"""BM25's ``b`` for whole sections (the library's default 0.75 for sentences): a long
section that uses a word often is about it ("joker" is One-card's special cards)."""


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


_STEMMING = threading.Lock()
"""Held while a Snowball stemmer stems a word (:func:`_snowball`): a stemmer
keeps the word it works on in itself, so two threads stemming at once (the
warming thread building the index while a phone searches) would read each
other's letters, giving wrong stems or raising (IndexError, AssertionError)."""


@lru_cache(maxsize=None)
def _stemmer(language: str) -> Any:
    """The Snowball stemmer named ``language`` ("english", "norwegian", "german"),
    one per language; stem only through :func:`_snowball`."""
    import snowballstemmer  # imported at the first search, not when the app starts

    return snowballstemmer.stemmer(language)


def _snowball(word: str, snowball: str) -> str:
    """The stem of ``word`` (lower case) by the Snowball stemmer named ``snowball``
    ("english", "norwegian", "german"), one thread at a time (:data:`_STEMMING`)."""
    stemmer = _stemmer(snowball)
    with _STEMMING:
        return stemmer.stemWord(word)


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
    return _snowball(word, STEMMERS[language])


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
    """A table's rows as sentences, each cell after its column's name as the
    table writes it (German nouns keep their capital): ``"Attack card A♠ ·
    Next player draws: 5."``."""
    header, body = table[0], table[1:]
    sentences = []
    for row in body:
        cells = (f"{name}: {cell}" for name, cell in zip(header[1:], row[1:], strict=False))
        sentences.append(" · ".join((f"{header[0]} {row[0]}", *cells)).replace("**", "") + ".")
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
    for game in registry.GAME_IDS:
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
def _bm25(language: str, whole: bool = False) -> Any:
    """A BM25 ranker (``bm25s``) over ``language``'s texts, each document its stems:
    every sentence of every section in ``_index(language)`` order, or (``whole``)
    every section, its heading included."""
    import bm25s  # imported at the first search, not when the app starts

    if whole:
        documents = [[*section.title_stems, *(stem for unit in section.units for stem, _, _ in unit.words)]
                     for section in _index(language)]
    else:
        documents = [[stem for stem, _, _ in unit.words] for section in _index(language) for unit in section.units]
    ranker = bm25s.BM25(b=_SECTION_LENGTH_NORM) if whole else bm25s.BM25()
    ranker.index(documents, show_progress=False)
    return ranker


@lru_cache(maxsize=None)
def _first_unit(language: str) -> tuple[int, ...]:
    """The place of each section's first sentence among all the sentences of ``language`` (``_bm25``'s order)."""
    places, count = [], 0
    for section in _index(language):
        places.append(count)
        count += len(section.units)
    return tuple(places)
