"""What a player at the table asks reaches the section that answers it, in
English, Norwegian and German: going out (a word each game's text says its
own way: "went out", "plays their last card", "empties their hand")."""

from __future__ import annotations

import pytest

from companion.rulebook import reading
from companion.rulebook.ranking import search

GOING_OUT = {
    ("one_up", "turn"), ("one_up", "end"), ("one_up", "scoring"), ("one_up", "tips"), ("one_up", "variants"),
    ("one_card", "special"), ("one_card", "end"), ("one_card", "winning"),
    ("up_to_nine", "turn"), ("up_to_nine", "end"), ("up_to_nine", "scoring"),
}
"""Every section that speaks of a player going out (Up to 9's turn: laying off "is how a
hand gets empty"); Up or Down? has none: its one round ends when the last card of the
piles is in play."""

def places(query: str, code: str) -> list[tuple[str, str]]:
    return [(hit.game, hit.section) for hit in search(query, language=code)]


# ---- going out ------------------------------------------------------------------------

@pytest.mark.parametrize(("code", "query"), [
    ("en", "go out"), ("en", "went out"), ("en", "gå ut"),
    ("nb", "gå ut"), ("nb", "gikk ut"), ("nb", "go out"),
    ("de", "gå ut"), ("de", "ausgehen"), ("de", "hinausgehen"), ("de", "hinausgegangen"),
])
def test_going_out_finds_every_section_where_a_player_goes_out_and_no_other(code, query):
    found = places(query, code)
    assert set(found) == GOING_OUT
    assert len(found) == len(GOING_OUT)


@pytest.mark.parametrize(("code", "query", "snippet", "marks"), [
    ("en", "go out", "The round is over the moment someone legally plays their last card; that player wins it.",
     ["their last card"]),
    ("nb", "gå ut",
     "Runden er over i det øyeblikket noen lovlig spiller sitt siste kort; den spilleren vinner runden.",
     ["sitt siste kort"]),
    ("de", "ausgehen", "Die Runde ist in dem Moment vorbei, in dem jemand regelgerecht die letzte Karte spielt; "
                       "diese Person gewinnt sie.", ["letzte Karte spielt"]),
])
def test_going_out_shows_one_cards_round_end_in_its_own_words(code, query, snippet, marks):
    hit = next(hit for hit in search(query, language=code) if (hit.game, hit.section) == ("one_card", "end"))
    assert (hit.snippet, [hit.snippet[start:end] for start, end in hit.marks]) == (snippet, marks)


def test_a_german_word_for_going_out_is_not_read_as_a_typo_of_laying_down():
    stems = [alternative.stems for alternative in reading._term("ausgehen", "de").alternatives]
    assert stems[:3] == [("ausgeh",), ("hinausgeh",), ("du", "hinaus")]
    assert ("ausleg",) not in stems
    hit = next(hit for hit in search("ausgehen", language="de") if (hit.game, hit.section) == ("up_to_nine", "turn"))
    assert (hit.snippet, [hit.snippet[start:end] for start, end in hit.marks]) == (
        "So wird eine Hand leer.", ["Hand leer"])
