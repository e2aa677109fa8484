"""The Flet screens: thin over the rules core (companion.games), the score
pads (companion.pads) and the store; no rule is computed here.

``app`` holds the shell (theme, navigation bar, router); one module per screen,
each looping over the games of ``companion.registry``; the UI side of each
game (its round sheet, checker, house rules, pad lines, statistics) in
``games/<id>.py`` (a long checker in ``games/<id>_check.py``); shared widgets
in ``widgets``, ``card_picker``, ``score_table`` and ``round_rows``,
``entry_sheet``, ``ask_cards``, ``ask_pickers``.
"""
