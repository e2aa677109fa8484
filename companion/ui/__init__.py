"""The Flet screens: thin over the rules core (companion.games), the score
pads (companion.pads) and the store; no rule is computed here.

``app`` holds the shell (theme, navigation bar, router); one module per screen;
shared widgets in ``widgets``, ``card_picker``, ``score_table``, ``ask_cards``.
"""
