"""The rules text is written in our own words: no sentence of it, in any of
the three languages, copies or closely follows a sentence of a rule document
written in the same language.

Every sentence of every game's text (intro, blocks, the presets' reasons)
is compared with every sentence of every seed in that language: One Up's
and One-card's seeds are English, Up to 9's Norwegian, Up or Down?'s German.
A Norwegian or German sentence of ours is a translation of our English, so a
sentence of ours that translates a Norwegian or German seed shows up as its
Norwegian or German translation matching that seed.

Two sentences match closely when, after lower-casing and dropping
punctuation, they share a run of :data:`RUN` words, or their words are
:data:`SIMILAR` alike or more (rapidfuzz's Indel similarity over the word
sequences: twice the longest common word subsequence over both lengths).
Runs made mostly of card values and numbers ("4 5 6 7 8") are facts, not
sentences, and are not counted.  The thresholds are the lowest that flag the
copies listed when the text was rewritten (:data:`KNOWN_COPIES`).

Run as a script to list the close matches: ``python tests/test_rules_own_words.py``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from rapidfuzz import fuzz
from rapidfuzz.distance import Indel

ROOT = Path(__file__).resolve().parents[1]
if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))

from companion.registry import GAME_IDS as GAMES  # noqa: E402
from companion.rulebook import rules_for  # noqa: E402

SEEDS = ROOT.parent / "shared" / "seeds"
SEED_LANGUAGE = {
    "000_02c14a96903c59d4.txt": "en",
    "002_7ca371b2d702903f.txt": "en",
    "003_5f63daae766756c0.txt": "nb",
    "004_f6f235c439507bc6.txt": "de",
}
"""Each rule document and the language it is written in."""

RUN = 5
"""Words in a row shared with a seed sentence that make a copy."""

SIMILAR = 0.6
"""Word-sequence similarity (0..1) with a seed sentence that makes a close copy."""

SHORTEST = 7
"""Sentences with fewer words than this are not compared by similarity (headings, table cells)."""

CLAUSE = 72
"""Character similarity (rapidfuzz's ``fuzz.ratio``, 0..100) of two clauses that makes a close copy."""

SHORTEST_CLAUSE = 6
"""Clauses (a sentence's parts between commas, colons, dashes, brackets) with fewer words are not compared."""

KNOWN_COPIES = (
    ("nb", "Spilleren til venstre for giver begynner, og turen går med klokka.",
     "Spilleren til venstre for giveren begynner; turen går med klokka."),
    ("nb", "I sjeldne tilfeller gjør det runden umulig å fullføre: ingen av spillerne som venter på å legge ned, "
           "kan noensinne klare nivået sitt.",
     "Lagte kort blir liggende på bordet til runden er over, så av og til setter en runde seg fast: ingen "
     "spiller som fortsatt må legge ned, kan noen gang klare nivået sitt med det som er igjen i spill."),
    ("nb", "Da avsluttes runden automatisk uten at noen går ut — de som hadde lagt ned, rykker opp som normalt, "
           "alle får straffepoeng for kortene sine, og neste runde deles ut.",
     "Runden stopper da uten at noen går ut."),
    ("de", "Wenn sie keine Karte in einer Reihe ablegen können oder wollen - in der von ihnen festgelegten "
           "aufsteigenden oder absteigenden Reihenfolge - nehmen sie alle Karten einer Reihe nach Wahl, drehen "
           "sie verdeckt auf den persönlichen Ablagestapel und beginnen dann mit der aktuellen Karte eine neue "
           "Reihe.",
     "Passt eine Karte an keine Reihe oder soll sie an keine, wähle eine deiner Reihen, leg alle ihre Karten "
     "verdeckt auf deinen persönlichen Ablagestapel und beginne mit der Karte eine neue Reihe."),
    ("de", "Um den Zug zu beenden, ziehen sie eine Karte von einem der Stapel im Ring.",
     "Zieh eine Karte von einem der beiden Stapel im Ring, und dein Zug endet."),
    ("en", "Put the rest face down in the middle as the draw pile. Turn its top card face up next to it: this "
           "starts the discard pile.",
     "Flip its top card over next to it: that card starts the discard pile."),
)
"""(language, a rule document's sentence, a sentence the rules text had that follows it): the
issue's examples of copies, each of which the comparison must flag."""

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+|\s*•\s*")
_CLAUSE_END = re.compile(r"[,;:()—–]|\s-\s")
_FACT = re.compile(r"^(?:\d+|[a-zæøåäöü]|[♠♥♦♣])$")


def words(text: str) -> list[str]:
    """``text`` lower-cased as a list of words (letters and digits; suit signs kept as words)."""
    return re.findall(r"[^\W_]+|[♠♥♦♣]", text.lower())


def sentences(text: str) -> list[list[str]]:
    """The sentences of ``text`` as word lists: split at sentence ends, line breaks and bullets.

    A Markdown block's wrapped lines are joined first; list items and table rows stay lines of their own.
    Clause marks are kept as the word ``","`` (see :func:`clauses`).
    """
    joined = re.sub(r"\n(?![-|]|\d+\.)", " ", text)
    joined = re.sub(r"[*|#`]", " ", joined)
    joined = _CLAUSE_END.sub(" , ", joined)
    return [found for part in _SENTENCE_END.split(joined) if (found := _words_and_marks(part))]


def _words_and_marks(text: str) -> list[str]:
    """Like :func:`words`, with each clause mark kept as ``","`` (none first, last or twice in a row)."""
    found: list[str] = []
    for word in re.findall(r"[^\W_]+|[♠♥♦♣]|,", text.lower()):
        if word != "," or (found and found[-1] != ","):
            found.append(word)
    while found and found[-1] == ",":
        found.pop()
    return found


def clauses(sentence: list[str]) -> list[str]:
    """The clauses of ``sentence`` (split at its ``","`` marks) with :data:`SHORTEST_CLAUSE` words or more,
    each as one string of words."""
    text = " ".join(sentence)
    return [part.strip() for part in text.split(",") if len(part.split()) >= SHORTEST_CLAUSE]


def seed_sentences(language: str) -> list[list[str]]:
    """Every sentence of every rule document written in ``language``."""
    return [sentence for name, code in SEED_LANGUAGE.items() if code == language
            for sentence in sentences((SEEDS / name).read_text(encoding="utf-8"))]


def our_sentences(language: str) -> list[tuple[str, list[str]]]:
    """(game, sentence) for every sentence of the rules text in ``language``: intro, blocks, presets' reasons."""
    found = []
    for game in GAMES:
        rules = rules_for(game, language=language)
        texts = [rules.intro] + [text for section in rules.sections for block in section.blocks
                                 for text in (block.text, block.why) if text]
        found += [(game, sentence) for text in texts for sentence in sentences(text)]
    return found


def _runs(sentence: list[str]) -> set[tuple[str, ...]]:
    """The :data:`RUN`-word runs of ``sentence`` that are words, not lists of card values and numbers."""
    plain = [word for word in sentence if word != ","]
    return {
        run for run in (tuple(plain[i:i + RUN]) for i in range(len(plain) - RUN + 1))
        if sum(bool(_FACT.match(word)) for word in run) < 3
    }


def close_match(ours: list[str], seed: list[str]) -> str:
    """Why ``ours`` closely follows ``seed`` ("run: ...", "similar 0.72", "clause 80: ..."), or ``""``.

    Both are sentences as :func:`sentences` gives them.
    """
    shared = _runs(ours) & _runs(seed)
    if shared:
        return "run: " + " ".join(sorted(shared)[0])
    mine, theirs = [w for w in ours if w != ","], [w for w in seed if w != ","]
    if min(len(mine), len(theirs)) >= SHORTEST:
        similarity = Indel.normalized_similarity(mine, theirs)
        if similarity >= SIMILAR:
            return f"similar {similarity:.2f}"
    for clause in clauses(ours):
        for other in clauses(seed):
            ratio = fuzz.ratio(clause, other)
            if ratio >= CLAUSE:
                return f"clause {ratio:.0f}: {other}"
    return ""


def close_matches(language: str) -> list[tuple[str, str, str, str]]:
    """(game, our sentence, the seed's sentence, why) for every close match in ``language``."""
    seeds = seed_sentences(language)
    return [
        (game, " ".join(w for w in ours if w != ","), " ".join(w for w in seed if w != ","), why)
        for game, ours in our_sentences(language) for seed in seeds
        if (why := close_match(ours, seed))
    ]


def _need_seeds() -> None:
    if not all((SEEDS / name).exists() for name in SEED_LANGUAGE):
        pytest.skip("the rule documents are not next to this checkout")


@pytest.mark.parametrize(("language", "seed", "ours"), KNOWN_COPIES)
def test_the_comparison_flags_the_copies_found_in_the_old_text(language, seed, ours):
    assert any(close_match(mine, theirs) for mine in sentences(ours) for theirs in sentences(seed))


def test_the_comparison_passes_sentences_that_only_share_the_games_words():
    def sentence(text):
        return sentences(text)[0]

    assert close_match(sentence("Turns go clockwise, starting left of the dealer."),
                       sentence("The player to the left of the dealer starts; play goes clockwise.")) == ""
    assert close_match(sentence("Lay 4 5 6 7 8 of hearts down."), sentence("A run 4 5 6 7 8 in clubs.")) == ""


@pytest.mark.parametrize("language", ["en", "nb", "de"])
def test_no_sentence_of_the_rules_closely_follows_a_rule_document(language):
    _need_seeds()
    assert close_matches(language) == []


if __name__ == "__main__":
    for code in ("en", "nb", "de"):
        for game, ours, seed, why in close_matches(code):
            print(f"{code} {game} [{why}]\n  ours: {ours}\n  seed: {seed}")
