"""A query's words as the rules search reads them, in the session's language or another.

A word is matched whole and by meaning: its stem in the language's texts
(``companion.rulebook.index``), the app's own words and players' words for
a rules term (words.json's ``same_as``: "go out" is also "their last card"
and "empty hand", as each game's text says it), the seeds' glossary
(Norwegian, German: read as the English term of that game, or of every game
when the term is common to them, "gå ut"), else the texts of the other
languages; a section it is found in there is a hit in the current language,
its snippet taken from the same block.  A word found in no text and no word
list is read as the nearest word the texts use, one letter off (two for
words of six letters or more; ``rapidfuzz``'s Levenshtein distance): "jokr"
is "joker".

A query of several words is read whole in the language that reads the most
of its words itself (its texts' words, its short questions in any of their
words' forms, "went out" asks "go out", and stop words;
the session's language first among equals; :func:`_readers`): "wer fängt
an" in an English session finds what it finds in a German one.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from companion import i18n
from companion.rulebook.index import (
    STEMMERS, _TOKEN_RE, _phrase, _snowball, _stem, _stems, _vocabulary, _words_data,
)

_STOP_WORDS: dict[str, frozenset[str]] = {
    "en": frozenset("a an the of to in on at by for with and or is are be it its do does how what when can i my "
                    "you your if who whom whose which where why happen happens happened many much".split()),
    "nb": frozenset("en et ei den det de og eller i på av til for med som er å kan jeg du hva når hvordan min "
                    "mitt din ditt om hvem hvilken hvilket hvilke hvor hvorfor skjer skjedde mange mye gjør".split()),
    "de": frozenset("der die das ein eine einer einen und oder in im auf an am zu zum zur für mit ist sind es "
                    "wie was wann kann ich du mein dein wenn von den dem des wer wen wem welche welcher welches "
                    "wo warum darf passiert geschieht viele viel macht tut".split()),
}
"""Words a query drops in each language (unless nothing else is left)."""
_FUZZY_SHORTEST = 4
"""Words shorter than this are never read as a typo of another word."""
_FUZZY_TWO_LETTERS = 6
"""Words this long or longer may be two letters off the word they mean (shorter ones one letter)."""


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
def _glossary(language: str) -> dict[tuple[str, str], tuple[_Alternative, ...]]:
    """(Snowball language, stem of a seed's word) -> the readings of the term it stands
    for, as the rules texts of ``language`` say it (English when the entry has no word
    for ``language``), with that language's other words for it (``_said``); in the
    entry's game, or in every game when the entry names none."""
    table = {}
    for entry in _words_data()["glossary"]:
        said = entry.get("in", {}).get(language)
        readings = _said(said, language, entry.get("game")) if said else _said(entry["means"], "en", entry.get("game"))
        for word in entry["words"]:
            table[(entry["language"], _snowball(word.lower(), entry["language"]))] = readings
    return table


@lru_cache(maxsize=None)
def _common_words() -> frozenset[str]:
    """The glossary's words whose entry is marked ``common``: a seed's word for a game's term that
    is also the word in everyday use ("jokeren", the joker), read both ways in its language."""
    return frozenset(word.lower() for entry in _words_data()["glossary"] if entry.get("common")
                     for word in entry["words"])


def _said(phrase: str, language: str, game: str | None) -> tuple[_Alternative, ...]:
    """``phrase`` as ``language``'s texts say it, and the phrases words.json's ``same_as``
    gives for it in that language ("go out" is also "their last card"), found in ``game``
    (every game when ``None``)."""
    same = _words_data()["same_as"].get(language, {}).get(phrase.lower(), ())
    return tuple(dict.fromkeys(_Alternative(_phrase(said, language), language, game) for said in (phrase, *same)))


def _own(word: str, language: str) -> list[_Alternative]:
    """``word`` read in ``language``, with that language's other words for the same thing
    (words.json's ``same_as``: "donate" is also "lay off"; "zurückgeben" also "zurück"),
    looked up as typed, else as the base word of an irregular form ("hinausgegangen" is
    "hinausgehen")."""
    lower = word.lower()
    same_as = _words_data()["same_as"].get(language, {})
    same = same_as.get(lower) or same_as.get(_words_data()["irregular"].get(language, {}).get(lower, ""), ())
    return [_Alternative((_stem(lower, language),), language),
            *(_Alternative(_phrase(phrase, language), language) for phrase in same)]


def _term(word: str, language: str = "en", typo: bool = True) -> _Term:
    """The readings of one query word typed in a ``language`` session.

    A word the rules texts of ``language`` use as it is typed is read in
    that language, with its other words for the same thing (``_own``).  Any other word is looked up in the seeds' glossary ("donere" is
    "lay off" in Up to 9, said "donere" in Norwegian and "anlegen" in
    German; a glossary word its entry marks ``common``, in the session's
    own language, is read both ways: in Norwegian "jokeren" is Up to 9's
    wild and every game's joker), then read in ``language`` when one of its forms is used there
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
        readings = _glossary(language).get((snowball, _snowball(lower, snowball)))
        if readings is not None and snowball == STEMMERS[language] and lower in _common_words():
            return _Term(word, tuple(dict.fromkeys((*own, *readings))))
        if readings is not None:
            return _Term(word, readings)
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
    among words as near, the first in alphabetical order, so that a query
    reads the same in every run; a word shorter than
    :data:`_FUZZY_SHORTEST` is never a typo.
    """
    from rapidfuzz import process
    from rapidfuzz.distance import Levenshtein

    if len(word) < _FUZZY_SHORTEST or not word.isalpha():
        return None
    languages = dict.fromkeys((language, *i18n.LANGUAGES))
    places = (*(_vocabulary(code) for code in languages), _listed_words())
    for cutoff in (1, 2) if len(word) >= _FUZZY_TWO_LETTERS else (1,):
        for words in places:
            choices = sorted(words) if cutoff == 1 else sorted(choice for choice in words if choice[:1] == word[:1])
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
    several words), each as its stems -> the phrases the texts use for it."""
    return {_phrase(key, language): said for key, said in _words_data()["same_as"].get(language, {}).items()
            if " " in key}


@lru_cache(maxsize=None)
def _whole_questions(language: str) -> frozenset[tuple[str, ...]]:
    """The short questions of ``language`` (as ``_questions`` keys them) that words.json's
    ``whole_questions`` reads as a question only when the query asks nothing more."""
    return frozenset(_phrase(key, language) for key in _words_data()["whole_questions"].get(language, ()))


def _asked(words: list[str], at: int, language: str) -> tuple[str, ...] | None:
    """The longest short question of ``language`` (``_questions``) that ``words`` ask from
    word ``at`` on, in any of its words' forms ("went out" asks "go out"), or ``None``; one of
    ``_whole_questions`` only when the other words are stop words ("how many cards do I
    draw" asks about drawing, not the setup)."""
    stems = tuple(_stem(word, language) for word in words[at:])
    asked = max((key for key in _questions(language) if stems[:len(key)] == key), key=len, default=None)
    if asked in _whole_questions(language):
        rest = words[:at] + words[at + len(asked):]
        if any(word.lower() not in _STOP_WORDS[language] for word in rest):
            return None
    return asked


def _query_terms(query: str, language: str = "en") -> list[_Term]:
    """The query's words, in order (the language's stop words dropped unless nothing
    else is left); a short question of words.json's ``same_as`` ("who starts", the
    longest that fits) is one term, read as the terms the texts use for it ("begin",
    "first to play")."""
    words = [m.group() for m in _TOKEN_RE.finditer(query)]
    items: list[str | _Term] = []
    at = 0
    while at < len(words):
        asked = _asked(words, at, language)
        if asked is None:
            items.append(words[at])
            at += 1
            continue
        readings = tuple(_Alternative(_phrase(phrase, language), language) for phrase in _questions(language)[asked])
        items.append(_Term(" ".join(words[at:at + len(asked)]), readings))
        at += len(asked)
    kept = [item for item in items if not isinstance(item, str) or item.lower() not in _STOP_WORDS[language]]
    terms: dict[str, _Term] = {}
    for item in kept or items:
        word = item if isinstance(item, str) else item.word
        if word not in terms:
            terms[word] = _term(item, language) if isinstance(item, str) else item
    return list(terms.values())


def _reads(query: str, language: str) -> int:
    """How many words of ``query`` ``language`` reads itself: a word of its
    short questions (words.json's ``same_as``, ``_asked``), a stop word of it, or a word
    whose reading (``_term``, typos aside: the app's words, the glossary's term
    as ``language`` says it) its rules texts use."""
    words = [m.group().lower() for m in _TOKEN_RE.finditer(query)]
    covered: set[int] = set()
    for at in range(len(words)):
        asked = _asked(words, at, language)
        covered.update(range(at, at + len(asked or ())))
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
