"""The rules search: the sections that hold every word of a query, ranked with BM25, and their snippets.

:func:`search` reads the query (``companion.rulebook.reading``) in the
language that reads it best, scores each section of the index
(``companion.rulebook.index``) by its best sentence and by the whole
section as one document, and cuts each hit's snippet around its first
match, in the session's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion import registry
from companion.rulebook import Hit, _game_key, _language
from companion.rulebook.index import _bm25, _first_unit, _index, _Indexed
from companion.rulebook.reading import _Alternative, _query_terms, _readers, _Term

SNIPPET_LENGTH = 180
"""The longest snippet, in characters; a longer sentence is cut around its first match."""

_FULL_SENTENCE_WORDS = 8
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


def _joined(marks: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sorted ``(start, end)`` marks with those that overlap or touch made one: two query words
    may mark the same words ("wild" and "wild budget" read from one Norwegian query), and a
    snippet shows each word once."""
    joined: list[tuple[int, int]] = []
    for start, end in marks:
        if joined and start <= joined[-1][1]:
            joined[-1] = (joined[-1][0], max(joined[-1][1], end))
        else:
            joined.append((start, end))
    return joined


def _cut(text: str, marks: list[tuple[int, int]]) -> tuple[str, tuple[tuple[int, int], ...]]:
    """``text`` cut to :data:`SNIPPET_LENGTH` around its first mark, at word ends, with "…";
    ``marks`` moved with it, a mark running past a cut kept up to it."""
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
    kept = tuple((max(start, left) + shift, min(end, right) + shift) for start, end in marks
                 if start < right and end > left)
    return head + text[left:right] + ("…" if right < len(text) else ""), kept


def search(query: str, games: Sequence[str] | None = None, language: str | None = None) -> list[Hit]:
    """Find the sections that speak of every word of ``query``, best first, in one language.

    Words are matched whole and by meaning: their forms through the
    language's Snowball stemmer and the irregular forms of ``words.json``
    ("gave back" finds "give back", "ace" does not find "face"), the app's
    own words and players' words for a rules term (``same_as``: "donate",
    "stacking", "king" is "K"; a short question such as "who starts" read
    as the texts' words for it), the seeds' Norwegian and German words of
    the glossary ("donere", "Reihe"), each read in its own game ("gå ut" in
    every game), any word of
    the other languages' texts ("discard" in Norwegian), and a word found
    nowhere as the word it is a typo of ("jokr" is "joker"; see
    ``companion.rulebook.reading._nearest``).  Stop words and question words ("the", "who"; "og",
    "hvem"; "und", "wer"; a question's filler: "happens", "many") are dropped, and so is a
    word no section holds ("can't" in "what if I can't play"); the section heading counts as
    text.

    Args:
        query: the words to look for, in any case; blank finds nothing.
            Read in the language that reads the most of its words itself,
            the current one first among equals, then in the next while
            nothing is found (``companion.rulebook.reading._readers``).
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


@dataclass(frozen=True)
class _Ranked:
    """A section found: its place in ``_index`` order, its score, its snippet's sentence number and
    marks, and the query's words no section holds (left out of the search)."""

    order: int
    score: float
    unit: int
    marks: tuple[tuple[int, int], ...]
    unheld: tuple[str, ...] = ()


def _ranked(query: str, code: str, allowed: Sequence[str]) -> list[_Ranked]:
    """The sections of ``allowed`` games that hold every word of ``query`` read
    in ``code`` that some section holds, best first (the ranking ``search``
    describes), in ``code``'s texts."""
    terms = _query_terms(query, code)
    readings = {reading for term in terms for reading in term.alternatives}
    scores = {reading: _bm25(reading.language).get_scores(list(reading.stems)) for reading in readings}
    whole = {reading: _bm25(reading.language, whole=True).get_scores(list(reading.stems)) for reading in readings}
    sections = [section for section in _index(code) if section.game in allowed]
    held, unheld, in_sections = _held_somewhere(terms, sections, scores)
    terms = [terms[index] for index in held]
    if not terms:
        return []
    ranked = []
    for section, (every, titles) in zip(sections, in_sections, strict=True):
        found, titled = [every[index] for index in held], [titles[index] for index in held]
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
        marks = _joined(sorted(mark for places in found for mark in places.get(unit, (0, ()))[1]))
        ranked.append(_Ranked(section.order, round(score, 3), unit, tuple(marks), unheld))
    return sorted(ranked, key=lambda entry: (-entry.score, entry.order))


def _held_somewhere(terms: list[_Term], sections: list[_Indexed], scores: dict) -> tuple[
        list[int], tuple[str, ...], list[tuple[list[dict[int, tuple[float, set]]], list[bool]]]]:
    """Where each of ``terms`` stands in ``sections`` (``scores``: each reading's BM25 scores),
    found once for the ranking: the places of the terms some section holds (their index in
    ``terms``), the words of those none holds, and for each section its terms' occurrences
    and whether each is in its heading. A word of the question that the rules never use
    ("can't", "say", "man") asks nothing of them; the words they use must all stand in a
    section found."""
    in_sections = [([_occurrences(term, section, scores) for term in terms], [_in_title(term, section) for term in terms])
                   for section in sections]
    held = [index for index in range(len(terms))
            if any(every[index] or titles[index] for every, titles in in_sections)]
    return held, tuple(term.word for index, term in enumerate(terms) if index not in held), in_sections


def _hit(found: _Ranked, reader: str, code: str) -> Hit:
    """The ``Hit`` in ``code``'s texts of a section found reading the query in
    ``reader``: the same section (the same place in every language's ``_index``),
    its snippet the sentence at the same place (``_Indexed.same_place``), marked
    only when ``reader`` is ``code``."""
    section = _index(code)[found.order]
    if not section.units:
        return Hit(section.game, section.name, section.key, section.title, "", (), found.score, found.unheld)
    if reader == code:
        unit, marks = found.unit, list(found.marks)
    else:
        unit, marks = section.same_place(_index(reader)[found.order], found.unit), []
    snippet, kept = _cut(section.units[unit].text, marks)
    return Hit(section.game, section.name, section.key, section.title, snippet, kept, found.score, found.unheld)
