"""Whose phone this is: the label a phone's changes carry in the change log
("Ann's phone", "Phone 3FA2") and the player it names.

Plain Python (no Flet): the session keeps the label
(``companion.ui.state.SessionState.phone``) and the pad reads it here.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from companion.i18n import _
from companion.pads.changelog import UNNAMED_PHONE, label_parts


def phone_player(players: Sequence[str], label: str) -> str | None:
    """The player among ``players`` who holds the phone labelled ``label``
    ("Ben's phone" -> "Ben"), or None when it is no player's phone.

    A label given in any of the app's languages is recognised ("Handy von
    Ben" is Ben's phone after the phone changed to English too):
    ``companion.pads.changelog.label_parts``. A phone keeps its label as it
    was given (``phone_label``, in the language of that moment); the change
    log words it in the reader's language (``changelog.who``).
    """
    parts = label_parts(label)
    return parts[1] if parts is not None and parts[0] == "player" and parts[1] in players else None


def unnamed_phone_label() -> str:
    """A short label for a phone nobody has named yet, in the current
    language: "Phone 3FA2" (four random hex digits, kept on the phone so it
    stays the same after a reload)."""
    return _(UNNAMED_PHONE).format(code=secrets.token_hex(2).upper())
