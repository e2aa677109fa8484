"""Damaged files: an unreadable file is set aside unchanged and the user told which games it held.

:class:`DamagedFiles` is the part of a Store that moves a file it can not
read to ``<name>.corrupt-<UTC timestamp>`` (never overwriting one) and adds
a plain-words notice naming the games the file held, from their summaries
in the history index where they are known.
"""

from __future__ import annotations

import datetime as dt
import itertools
import os
from collections.abc import Iterable
from pathlib import Path

from companion.errors import CorruptFileError, StoreError
from companion.pads import GAME_TITLES
from companion.pads.base import join_names
from companion.store.files import fsync_folder
from companion.store.folder import FolderState

NAMED_GAMES = 5
"""How many games a notice about a damaged file names before "and N more"."""


class DamagedFiles(FolderState):
    """The part of a Store that sets unreadable files aside and writes the notices about them."""

    def _describe(self, game_ids: Iterable[str]) -> str:
        """Plain words for some archived games, from their summaries: "One Up with Ann and Ben (2026-01-01)"."""
        history = self._folder.history
        described = []
        for game_id in game_ids:
            summary = history.by_id.get(game_id) if history else None
            if summary is None:
                described.append(f"game {game_id}")
            else:
                title = GAME_TITLES.get(summary["game"], summary["game"])
                described.append(f"{title} with {join_names(list(summary['players']))} ({summary['created'][:10]})")
        if len(described) > NAMED_GAMES:
            described = described[:NAMED_GAMES] + [f"{len(described) - NAMED_GAMES} more"]
        return "; ".join(described)

    def _set_aside(self, error: StoreError, path: Path, consequence: str) -> None:
        """Move an unreadable file to ``<name>.corrupt-<timestamp>`` and tell the user.

        A file already gone (set aside a moment ago) is left alone. A
        read-only store can not move it: the notice says it was left as it is.
        """
        reason = error.reason if isinstance(error, CorruptFileError) else str(error)
        if self.read_only:
            self.notices.append(
                f"Companion could not read its file {path}: {reason}. It was left as it is "
                f"(the data folder is read-only). {consequence}"
            )
            return
        stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y%m%dT%H%M%S")
        target = path.with_name(f"{path.name}.corrupt-{stamp}")
        for n in itertools.count(2):
            if not target.exists():
                break
            target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        try:
            os.replace(path, target)
            fsync_folder(path.parent)
        except FileNotFoundError:
            return
        except OSError as move_error:
            raise StoreError(
                f"Companion could not read its file {path} ({reason}) nor move it aside "
                f"({move_error.strerror or move_error}). Check the data folder's permissions."
            ) from move_error
        self.notices.append(
            f"Companion could not read its file {path}: {reason}. The file was not changed; "
            f"it was moved to {target}. {consequence}"
        )
