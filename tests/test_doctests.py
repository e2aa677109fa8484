"""The examples in the rules core's docstrings run, and they are true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = (
    "companion.cards",
    "companion.wording",
    "companion.games.one_up.rules",
    "companion.games.one_up.scoring",
    "companion.games.one_up.figures",
    "companion.games.one_up.setup_row",
    "companion.games.one_up.lesson",
    "companion.games.one_card.setup_row",
    "companion.games.one_card.lesson",
    "companion.games.one_card.deck",
    "companion.games.one_card.figures",
    "companion.games.one_card.pile",
    "companion.games.up_or_down.rules",
    "companion.games.up_or_down.scoring",
    "companion.games.up_or_down.figures",
    "companion.games.up_or_down.setup_row",
    "companion.games.up_or_down.lesson",
    "companion.games.up_to_nine.explain",
    "companion.games.up_to_nine.figures",
    "companion.games.up_to_nine.lay_off",
    "companion.games.up_to_nine.levels",
    "companion.games.up_to_nine.melds",
    "companion.games.up_to_nine.readings",
    "companion.games.up_to_nine.scoring",
    "companion.games.up_to_nine.search",
    "companion.games.up_to_nine.setup_row",
    "companion.games.up_to_nine.lesson",
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
