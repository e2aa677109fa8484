"""The answer of every rules check: legal or not, and why in plain words."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Verdict:
    """The outcome of "may I play this?".

    Attributes:
        legal: True when the move is allowed.
        reason: why it is not allowed, in plain words for the table, in the
            language current when the check ran;
            an empty string when ``legal`` is True.

    A ``Verdict`` is truthy exactly when it is legal, so ``if check(...):``
    reads naturally.
    """

    legal: bool
    reason: str = ""

    def __bool__(self) -> bool:
        """True when the move is legal."""
        return self.legal

    @classmethod
    def ok(cls) -> "Verdict":
        """A legal verdict with no reason."""
        return cls(True, "")

    @classmethod
    def no(cls, reason: str) -> "Verdict":
        """An illegal verdict carrying ``reason`` (plain words in the current language, one sentence)."""
        return cls(False, reason)


class IllegalMove(ValueError):
    """A move was made that the rules do not allow; the message says why."""
