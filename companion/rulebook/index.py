"""The rules search across games and languages: readings of the query's words, BM25 ranking and snippets.

A section is read as a list of sentences ("units"): paragraphs split at
sentence ends, list items likewise, each table row as one sentence, each
knowing the block it comes from.  Every word is reduced to its stem by the
Snowball stemmer of the text's language (English, Norwegian, German; the
irregular forms of words.json first), so "gives back" and "gave back" find
"give back" and "ace" never finds "face".  The sentences of each language
are ranked with BM25 (the ``bm25s`` library); a section scores by its best
sentence and by the whole section as one document.  A word found in no text and no word list is read as the nearest
word the texts use, one letter off (two for words of six letters or more;
``rapidfuzz``'s Levenshtein distance): "jokr" is "joker".

The texts of a section in the three languages are translations block by
block, so a block in one language stands for the same block in the others.
A query word the current language's texts do not use is looked up in the
seeds' glossary (Norwegian, German: read as the English term of that game),
else in the texts of the other languages; a section it is found in there is
a hit in the current language, its snippet taken from the same block.

A query of several words is read whole in the language that reads the most
of its words itself (its texts' words, its short questions and stop words;
the session's language first among equals), and the sections it finds
there are the session's sections in the same order: "wer fängt an" in an
English session finds what it finds in a German one, its snippet the
English sentence at the same place.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any


from companion import i18n
from companion import registry
from companion.rulebook import RULES_DIR, Hit, RulebookError, _game_key, _language, _standard_rules
from companion.rulebook.pieces import Table, pieces

WORDS_FILE = RULES_DIR / "words.json"
"""The search's word data: irregular forms, the app's own words, the seeds' glossary."""

SNIPPET_LENGTH = 180
"""The longest snippet, in characters; a longer sentence is cut around its first match."""

STEMMERS: dict[str, str] = {"en": "english", "nb": "norwegian", "de": "german"}
"""The Snowball stemmer of each app language (``i18n.LANGUAGES``)."""

_STOP_WORDS: dict[str, frozenset[str]] = {
    "en": frozenset("a an the of to in on at by for with and or is are be it its do does how what when can i my "
                    "you your if who whom whose which where why".split()),
    "nb": frozenset("en et ei den det de og eller i på av til for med som er å kan jeg du hva når hvordan min "
                    "mitt din ditt om hvem hvilken hvilket hvilke hvor hvorfor".split()),
    "de": frozenset("der die das ein eine einer einen und oder in im auf an am zu zum zur für mit ist sind es "
                    "wie was wann kann ich du mein dein wenn von den dem des wer wen wem welche welcher welches "
                    "wo warum darf".split()),
}
"""Words a query drops in each language (unless nothing else is left)."""
_TOKEN_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)*[♠♥♦♣]?|[♠♥♦♣]")
_SENTENCE_END_RE = re.compile(r"(?<=[.!?])\s+(?=[\"'(«„A-ZÆØÅÄÖÜ0-9♠♥♦♣…])")
_LIST_ITEM_RE = re.compile(r"^\s*(?:[-*]|\d+\.)\s+")
_BOLD_RE = re.compile(r"\*\*(.+?)\*\*")
_SHORT_LEAD_WORDS = 3
_FULL_SENTENCE_WORDS = 8
_FUZZY_SHORTEST = 4
"""Words shorter than this are never read as a typo of another word."""
_FUZZY_TWO_LETTERS = 6
"""Words this long or longer may be two letters off the word they mean (shorter ones one letter)."""
_SECTION_LENGTH_NORM = 0.3
"""BM25's ``b`` for whole sections (the library's default 0.75 for sentences): a long
section that uses a word often is about it ("joker" is One-card's special cards)."""
_TITLE_BOOST = 1.5
"""What a query word in a section's heading adds to its score (in BM25 units), per word."""
_BOLD_BOOST = 1.5
"""What a query word in bold (where the rules define it) adds to its score, per word."""
_TOGETHER_BOOST = 1.0
"""What all the query words in one sentence add to its score."""
_NEXT_TO_BOOST = 2.0
"""What two query words standing next to each other in a sentence, in query order ("level 4"), add."""
_SECTION_SHARE = 1.0
"""The share of the section's own BM25 score (the whole section as one document) in its score."""


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


def _term(word: str, language: str = "en", typo: bool = True) -> _Term:
    """The readings of one query word typed in a ``language`` session.

    A word the rules texts of ``language`` use as it is typed is read in
    that language, with its other words for the same thing (``_own``).  Any other word is looked up in the seeds' glossary ("donere" is
    "lay off" in Up to 9, said "donere" in Norwegian and "anlegen" in
    German), then read in ``language`` when one of its forms is used there
    ("gave"), else in the texts of the other languages that use it
    ("discard" in a Norwegian session is read in the English texts); a word
    found nowhere is read as the word it is a typo of (``_nearest``; only
    while ``typo``), else in ``language`` (and finds nothing).
    """
    lower = word.lower()
    own = _own(word, language)
    if lower in _vocabulary(language) or lower in _words_data()["same_as"].get(language, {}):
        return _Term(word, tuple(dict.fromkeys(own)))
    for snowball in ("norwegian", "german"):
        reading = _glossary(language).get((snowball, _stemmer(snowball).stemWord(lower)))
        if reading is not None:
            return _Term(word, (reading,))
    if _stem(lower, language) in _stems(language):
        return _Term(word, tuple(dict.fromkeys(own)))
    readings = [
        reading
        for other in i18n.LANGUAGES
        if other != language and (_stem(lower, other) in _stems(other)
                                  or lower in _words_data()["same_as"].get(other, {}))
        for reading in _own(word, other)
    ]
    if readings or not typo:
        return _Term(word, tuple(dict.fromkeys(readings or own)))
    meant = _nearest(lower, language)
    return _Term(word, _term(meant, language, typo=False).alternatives) if meant else _Term(word, tuple(own))


def _nearest(word: str, language: str) -> str | None:
    """The word of the rules texts ``word`` is most likely a typo of, or ``None``.

    One letter off (inserted, dropped or changed) first; for a word of
    :data:`_FUZZY_TWO_LETTERS` letters or more, two letters off when the first
    letter is right (a typo seldom hits the first letter, and two changes
    anywhere read "dronning" as "running").  Looked for in ``language``'s
    texts first, then the other languages', then the word lists' words;
    a word shorter than :data:`_FUZZY_SHORTEST` is never a typo.
    """
    from rapidfuzz import process
    from rapidfuzz.distance import Levenshtein

    if len(word) < _FUZZY_SHORTEST or not word.isalpha():
        return None
    languages = dict.fromkeys((language, *i18n.LANGUAGES))
    places = (*(_vocabulary(code) for code in languages), _listed_words())
    for cutoff in (1, 2) if len(word) >= _FUZZY_TWO_LETTERS else (1,):
        for choices in places:
            if cutoff == 2:
                choices = [choice for choice in choices if choice[:1] == word[:1]]
            found = process.extractOne(word, choices, scorer=Levenshtein.distance, score_cutoff=cutoff)
            if found is not None:
                return found[0]
    return None


@lru_cache(maxsize=None)
def _listed_words() -> frozenset[str]:
    """Every word a query may use that the texts do not: the words.json glossary's and ``same_as`` keys."""
    same = {word for words in _words_data()["same_as"].values() for word in words if " " not in word}
    return frozenset(same | {word.lower() for entry in _words_data()["glossary"] for word in entry["words"]})


@lru_cache(maxsize=None)
def _questions(language: str) -> dict[tuple[str, ...], list[str]]:
    """The short questions of words.json's ``same_as`` for ``language`` (its keys of
    several words), each as its words in lower case -> the phrases the texts use for it."""
    return {tuple(key.split()): said for key, said in _words_data()["same_as"].get(language, {}).items()
            if " " in key}


def _query_terms(query: str, language: str = "en") -> list[_Term]:
    """The query's words, in order (the language's stop words dropped unless nothing
    else is left); a short question of words.json's ``same_as`` ("who starts") is one
    term, read as the terms the texts use for it ("begin", "first to play")."""
    words = [m.group() for m in _TOKEN_RE.finditer(query)]
    questions = _questions(language)
    items: list[str | _Term] = []
    at = 0
    while at < len(words):
        lowered = tuple(word.lower() for word in words[at:])
        asked = next((key for key in questions if lowered[:len(key)] == key), None)
        if asked is None:
            items.append(words[at])
            at += 1
            continue
        readings = tuple(_Alternative(_phrase(phrase, language), language) for phrase in questions[asked])
        items.append(_Term(" ".join(words[at:at + len(asked)]), readings))
        at += len(asked)
    kept = [item for item in items if not isinstance(item, str) or item.lower() not in _STOP_WORDS[language]]
    terms: dict[str, _Term] = {}
    for item in kept or items:
        word = item if isinstance(item, str) else item.word
        if word not in terms:
            terms[word] = _term(item, language) if isinstance(item, str) else item
    return list(terms.values())


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


def _occurrences(term: _Term, section: _Indexed, scores: dict[_Alternative, Any]) -> dict[int, tuple[float, set]]:
    """Where ``term`` stands in ``section``: sentence number -> (its BM25 score
    for the reading found there, the (start, end) of each match).

    ``scores`` holds each reading's BM25 scores over all the sentences of
    its language; a sentence scored 0 holds none of its stems and is
    skipped.  A match in another language's text of the section counts for
    the sentence at the same place in ``section`` (see
    ``_Indexed.same_place``), with nothing to mark.
    """
    found: dict[int, tuple[float, set]] = {}
    for reading in term.alternatives:
        if reading.game is not None and reading.game != section.game:
            continue
        same = _index(reading.language)[section.order]
        first = _first_unit(reading.language)[section.order]
        size = len(reading.stems)
        ranked = scores[reading]
        for number, unit in enumerate(same.units):
            if ranked[first + number] <= 0:
                continue
            stems = [stem for stem, _, _ in unit.words]
            places = [at for at in range(len(stems) - size + 1) if tuple(stems[at:at + size]) == reading.stems]
            if not places:
                continue
            ours = number if same is section else section.same_place(same, number)
            score, marks = found.get(ours, (0.0, set()))
            if same is section:
                marks |= {(unit.words[at][1], unit.words[at + size - 1][2]) for at in places}
            found[ours] = (max(score, float(ranked[first + number])), marks)
    return found


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


def _next_to(text: str, found: Sequence[dict[int, tuple[float, set]]], unit: int) -> int:
    """How many pairs of consecutive query words stand next to each other, in that order, in sentence ``unit``."""
    pairs = 0
    for before, after in zip(found, found[1:]):
        ends = [end for _, end in before.get(unit, (0, ()))[1]]
        starts = [start for start, _ in after.get(unit, (0, ()))[1]]
        pairs += any(0 <= start - end <= 2 and not text[end:start].strip(" :-") for end in ends for start in starts)
    return pairs


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
    own words and players' words for a rules term (``same_as``: "donate",
    "stacking", "king" is "K"; a short question such as "who starts" read
    as the texts' words for it), the seeds' Norwegian and German words of
    the glossary ("donere", "Reihe"), each read in its own game, any word of
    the other languages' texts ("discard" in Norwegian), and a word found
    nowhere as the word it is a typo of ("jokr" is "joker"; see
    ``_nearest``).  Stop words and question words ("the", "who"; "og",
    "hvem"; "und", "wer") are dropped; the section heading counts as text.

    Args:
        query: the words to look for, in any case; blank finds nothing.
            Read in the language that reads the most of its words itself,
            the current one first among equals, then in the next while
            nothing is found (``_readers``).
        games: the game ids to search (default: all four).
        language: one of ``i18n.LANGUAGES``; ``None`` is the current
            language.  The hits' titles and snippets are in it.

    Returns:
        One ``Hit`` per section that holds every word, ranked by BM25
        (``bm25s``): the section's best sentence (its query words' BM25
        scores, more when all the words stand in it and when two stand
        next to each other in query order, "level 4") plus the whole
        section's BM25 score, plus a bonus per word in the heading or in
        bold (where the rules define it); equal scores keep reading order.
        Each hit's ``snippet`` is the sentence holding the most query words
        (then: words next to each other, in query order, the best BM25
        score where several words stand apart, a full sentence, the
        first), its ``marks`` the matched words in it (a word found only
        through another language's text, or in a query read in another
        language, marks nothing).  The figures searched are the standard
        ones.

    Raises:
        RulebookError: for an unknown game id in ``games`` or an unknown
            language, or an unreadable word list.
    """
    code = _language(language)
    if not isinstance(query, str):
        return []
    allowed = registry.GAME_IDS if games is None else [_game_key(g) for g in games]
    for reader in _readers(query, code):
        ranked = _ranked(query, reader, allowed)
        if ranked:
            return [_hit(entry, reader, code) for entry in ranked]
    return []


def _reads(query: str, language: str) -> int:
    """How many words of ``query`` ``language`` reads itself: a word of its
    short questions (words.json's ``same_as``), a stop word of it, or a word
    whose reading (``_term``, typos aside: the app's words, the glossary's term
    as ``language`` says it) its rules texts use."""
    words = [m.group().lower() for m in _TOKEN_RE.finditer(query)]
    covered: set[int] = set()
    for at in range(len(words)):
        for key in _questions(language):
            if tuple(words[at:at + len(key)]) == key:
                covered.update(range(at, at + len(key)))
    stems = _stems(language)
    return sum(
        at in covered or word in _STOP_WORDS[language] or any(
            reading.language == language and all(stem in stems for stem in reading.stems)
            for reading in _term(word, language, typo=False).alternatives)
        for at, word in enumerate(words)
    )


def _readers(query: str, language: str) -> list[str]:
    """The languages to read ``query`` in, in turn, for a ``language`` session:
    those that read the most of its words first (``_reads``), the session's
    language first among equals; a language that reads none of them only when
    it is the session's (which then reads typos and words of the others)."""
    reads = {code: _reads(query, code) for code in i18n.LANGUAGES}
    ordered = sorted(i18n.LANGUAGES, key=lambda code: (-reads[code], code != language))
    return [code for code in ordered if reads[code] or code == language]


@dataclass(frozen=True)
class _Ranked:
    """A section found: its place in ``_index`` order, its score, its snippet's sentence number and marks."""

    order: int
    score: float
    unit: int
    marks: tuple[tuple[int, int], ...]


def _ranked(query: str, code: str, allowed: Sequence[str]) -> list[_Ranked]:
    """The sections of ``allowed`` games that hold every word of ``query`` read
    in ``code``, best first (the ranking ``search`` describes), in ``code``'s texts."""
    terms = _query_terms(query, code)
    if not terms:
        return []
    readings = {reading for term in terms for reading in term.alternatives}
    scores = {reading: _bm25(reading.language).get_scores(list(reading.stems)) for reading in readings}
    whole = {reading: _bm25(reading.language, whole=True).get_scores(list(reading.stems)) for reading in readings}
    ranked = []
    for section in _index(code):
        if section.game not in allowed:
            continue
        found = [_occurrences(term, section, scores) for term in terms]
        titled = [_in_title(term, section) for term in terms]
        if not all(places or title for places, title in zip(found, titled, strict=True)):
            continue
        best, unit, chosen = 0.0, 0, ()
        for number, text in enumerate(u.text for u in section.units):
            present = [places[number][0] for places in found if number in places]
            if not present:
                continue
            next_to = _next_to(text, found, number)
            value = sum(present) + _NEXT_TO_BOOST * next_to
            value += _TOGETHER_BOOST * (len(terms) > 1 and len(present) == len(terms))
            best = max(best, value)
            firsts = [min(places[number][1], default=(-1, -1))[0] for places in found if number in places]
            rank = (len(present), next_to, firsts == sorted(firsts), value if len(present) > 1 and not next_to else 0.0,
                    len(text.split()) >= _FULL_SENTENCE_WORDS, -number)
            if rank > chosen:
                unit, chosen = number, rank
        score = best + _SECTION_SHARE * sum(
            max((float(whole[reading][section.order]) for reading in term.alternatives
                 if reading.game in (None, section.game)), default=0.0)
            for term in terms)
        score += sum(_TITLE_BOOST * title + _BOLD_BOOST * _in_bold(term, section)
                     for term, title in zip(terms, titled, strict=True))
        marks = sorted(mark for places in found for mark in places.get(unit, (0, ()))[1])
        ranked.append(_Ranked(section.order, round(score, 3), unit, tuple(marks)))
    return sorted(ranked, key=lambda entry: (-entry.score, entry.order))


def _hit(found: _Ranked, reader: str, code: str) -> Hit:
    """The ``Hit`` in ``code``'s texts of a section found reading the query in
    ``reader``: the same section (the same place in every language's ``_index``),
    its snippet the sentence at the same place (``_Indexed.same_place``), marked
    only when ``reader`` is ``code``."""
    section = _index(code)[found.order]
    if not section.units:
        return Hit(section.game, section.name, section.key, section.title, "", (), found.score)
    if reader == code:
        unit, marks = found.unit, list(found.marks)
    else:
        unit, marks = section.same_place(_index(reader)[found.order], found.unit), []
    snippet, kept = _cut(section.units[unit].text, marks)
    return Hit(section.game, section.name, section.key, section.title, snippet, kept, found.score)
