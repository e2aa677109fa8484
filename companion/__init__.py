"""Companion: a phone app that sits beside a real deck of cards.

Packages:
    companion.cards      the card value type and the text parser
    companion.games      the rules of the four games, pure Python
    companion.setup      the dealer's setup guide
    companion.pads       score pads (plain Python state and operations)
    companion.store      saving games in TinyDB
    companion.ui         the Flet screens (thin over the above)
"""
