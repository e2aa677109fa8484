"""The rules of the four games, with no UI or storage imports.

One rules module or package per game, each with its ``TITLE`` and its
``rule_figures()``: ``one_up`` and ``up_or_down`` (modules), ``one_card``
and ``up_to_nine`` (packages split by role, their public API re-exported
from the package).
"""
