"""The rules of the four games, one module each, with no UI or storage imports.

Modules: one_up, one_card, up_to_nine, up_or_down.
"""
