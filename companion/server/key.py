"""The table's access key: a random key kept in ``<data-dir>/table-key.txt``
that every browser must present when the app listens beyond this computer
(or when asked to with ``--require-key``), written in letters and digits that
can not be taken for one another (:data:`KEY_ALPHABET`), so it can be read
aloud; an address that presents wrong keys again and again waits longer and
longer before its next try (:class:`TableAccess`).
"""

from __future__ import annotations

import hmac
import os
import re
import secrets
import tempfile
import time
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlencode

from companion.errors import DiskFullError, ReadOnlyError, StoreError
from companion.i18n import _, lazy
from companion.store.guard import DISK_FULL_ERRNOS, READ_ONLY_ERRNOS

KEY_FILE = "table-key.txt"
"""The name of the key file inside the data folder."""

KEY_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""The characters of a key: Crockford's base 32, digits and capital letters without I, L, O and U,
so no two of them look or sound alike (5 bits each)."""

KEY_LENGTH = 20
"""Characters in a key: 100 random bits (the key before had 96)."""

KEY_GROUP = 5
"""A key is shown in groups of this many characters, to be read aloud group by group."""

SAME_SOUNDING = str.maketrans({"O": "0", "I": "1", "L": "1", "-": None, " ": None})
"""What a key typed or read back may carry for a key's own characters (letter O for zero, I or L
for one) and the separators of its groups, which are left out."""

NEW_KEY = re.compile(f"[{KEY_ALPHABET}]{{{KEY_LENGTH}}}")
"""A key as this version makes it."""

OLD_KEY = re.compile(r"[A-Za-z0-9_-]{16}")
"""A key as versions before made it (16 URL-safe characters): still accepted, so the phones that
hold it stay at the table; "Renew the key" makes one that can be read aloud."""

KEY_FILE_LIMIT = 256
"""The most bytes read of the key file: a key file longer than that is not a key."""

FREE_TRIES = 5
"""Wrong keys an address may present before it has to wait between tries."""

LONGEST_WAIT = 300.0
"""Seconds: the longest an address waits before its next key is checked."""

KNOWN_ADDRESSES = 1024
"""Addresses whose wrong keys are remembered (the oldest are forgotten first)."""

def key_refusal(folder: Path, error: OSError) -> StoreError:
    """The plain-words error for a new table key that the system refused to save in the data folder
    ``folder``: DiskFullError and ReadOnlyError for the errors that mean so to the store
    (``companion.store.guard``), StoreError for any other."""
    if error.errno in DISK_FULL_ERRNOS:
        return DiskFullError(_(
            "The disk that holds {folder} is full, so the new key was not saved; the table's key stays as it was. "
            "Free some space and try again."
        ).format(folder=folder))
    if error.errno in READ_ONLY_ERRNOS:
        return ReadOnlyError(_(
            "Companion can not write to its data folder {folder} ({cause}), so the new key was not saved; "
            "the table's key stays as it was. "
            "Make the folder writable, or start Companion with another folder (--data-dir)."
        ).format(folder=folder, cause=error.strerror or error))
    return StoreError(_(
        "Companion could not use its data folder {folder} ({cause}); the new key was not saved."
    ).format(folder=folder, cause=error.strerror or error))


def new_key() -> str:
    """A new random key: :data:`KEY_LENGTH` characters of :data:`KEY_ALPHABET` (100 bits)."""
    return "".join(secrets.choice(KEY_ALPHABET) for _position in range(KEY_LENGTH))


def spoken_key(key: str) -> str:
    """``key`` as the invite shows it, to be read aloud: a key of this version in groups of
    :data:`KEY_GROUP` ("7K3QM-9XPDA-..."), an older key as it is."""
    if not NEW_KEY.fullmatch(key):
        return key
    return "-".join(key[start:start + KEY_GROUP] for start in range(0, len(key), KEY_GROUP))


def as_key(presented: str) -> str:
    """A key as a browser presented it, read as a key of this version where it can be one: capitals,
    groups joined, a letter O read as zero and I or L as one (:data:`SAME_SOUNDING`); anything else
    as it came (an older key is compared as it is)."""
    read = presented.upper().translate(SAME_SOUNDING)
    return read if NEW_KEY.fullmatch(read) else presented


class TableAccess:
    """The table's access key and the address the invite link uses.

    Takes the data folder (the key lives in ``table-key.txt`` there), whether
    the key is asked for (``required``), and the ``host`` and ``port`` the
    invite link names; ``notices``, a list to which a plain-words notice
    (``companion.i18n.lazy``) is added when the key file held no key and a
    new key was made (the store's notices, so the phones show it);
    ``on_renew``, called with no argument after each renewal (the console
    prints the new link); ``clock``, the monotonic seconds the waits between
    wrong keys are counted in.

    When a key is asked for, it is read from its file (at most
    :data:`KEY_FILE_LIMIT` bytes), or made and saved there when the file is
    missing; a file that does not hold a key (empty, cut short, garbage, too
    long) is replaced by a new key, with a notice. An older key (16 URL-safe
    characters) is kept as it is. When none is asked for, the file is not
    touched (a read-only data folder still opens). Raises StoreError when
    the key file is a folder, OSError when it can not be read, and the
    errors of :meth:`renew` when a new key can not be saved.
    """

    def __init__(self, data_dir: Path, *, required: bool, host: str, port: int,
                 notices: list | None = None, on_renew: Callable[[], object] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.path = Path(data_dir) / KEY_FILE
        self.required = required
        self.host = host
        self.port = port
        self.on_renew = on_renew
        self.clock = clock
        self.key = ""
        self._wrong: OrderedDict[str, tuple[int, float]] = OrderedDict()
        if required:
            kept = self._kept_key()
            if kept is None or NEW_KEY.fullmatch(kept) or OLD_KEY.fullmatch(kept):
                self.key = kept or self._made_key()
            else:
                self.key = self._made_key()
                if notices is not None:
                    notices.append(lazy(
                        "The table's key file {path} did not hold a key, so a new key was made. "
                        "Every phone and the board must scan the new code: open Invite phones "
                        "in a game's menu on this computer.", path=self.path))

    def _kept_key(self) -> str | None:
        """The text of the key file, stripped (None when there is none); one longer than
        :data:`KEY_FILE_LIMIT` bytes reads as "" (not a key), without reading it all. Raises
        StoreError in plain words when it is a folder, OSError when it can not be read."""
        try:
            with open(self.path, "rb") as file:
                head = file.read(KEY_FILE_LIMIT + 1)
        except FileNotFoundError:
            return None
        except IsADirectoryError as error:
            raise StoreError(_(
                "The table's key file {path} is a folder. Move it out of the data folder, "
                "or start Companion with another folder (--data-dir)."
            ).format(path=self.path)) from error
        if len(head) > KEY_FILE_LIMIT:
            return ""
        return head.decode("utf-8", errors="replace").strip()

    def _made_key(self) -> str:
        """A new key, saved (see :meth:`renew`), without telling ``on_renew``."""
        key = new_key()
        self._save(key)
        return key

    def renew(self) -> str:
        """Make a new random key (:func:`new_key`), save it (replacing the file atomically,
        readable by the owner only), call ``on_renew`` and return it: every key handed out
        before no longer opens the app.

        Raises DiskFullError (a full disk), ReadOnlyError (a folder that can
        not be written) or StoreError (any other refusal of the system), all
        in plain words, when the key can not be saved: then no temp file is
        left, and the key and its file stay as they were.
        """
        key = new_key()
        self._save(key)
        self.key = key
        if self.on_renew is not None:
            self.on_renew()
        return key

    def _save(self, key: str) -> None:
        """Write ``key`` as the key file, atomically, readable by the owner only (errors as
        :meth:`renew`); ``self.key`` is left to the caller."""
        folder = self.path.parent
        try:
            handle, temporary = tempfile.mkstemp(dir=folder, prefix=".table-key-")
        except OSError as error:
            raise key_refusal(folder, error) from error
        try:
            with os.fdopen(handle, "w", encoding="ascii") as file:
                file.write(key + "\n")
                file.flush()
                os.fsync(file.fileno())
            os.chmod(temporary, 0o600)
            os.replace(temporary, self.path)
        except BaseException as error:
            Path(temporary).unlink(missing_ok=True)
            if isinstance(error, OSError):
                raise key_refusal(folder, error) from error
            raise

    def admits(self, key: object) -> bool:
        """Whether a browser presenting ``key`` (a str, or None when it has
        none) may open the app: always when no key is asked for; else only
        with the current key (read by :func:`as_key`, compared in constant time)."""
        if not self.required:
            return True
        return isinstance(key, str) and hmac.compare_digest(as_key(key).encode(), self.key.encode())

    def tries(self, key: object, address: str | None) -> bool:
        """Whether a key a browser at ``address`` (its IP address; None when unknown) offers now
        opens the app, as :meth:`admits`, counting wrong keys by address.

        After :data:`FREE_TRIES` wrong keys from one address, each further
        wrong key makes it wait twice as long as the one before (1 s, 2 s,
        4 s... at most :data:`LONGEST_WAIT`) before a key it offers is
        checked at all: while it waits, every key is refused. The right key
        forgets its wrong ones. Without a key asked for, always True.
        """
        if not self.required:
            return True
        where = address or ""
        wrong, until = self._wrong.get(where, (0, 0.0))
        if self.clock() < until:
            return False
        if self.admits(key):
            self._wrong.pop(where, None)
            return True
        wrong += 1
        wait = min(2.0 ** (wrong - FREE_TRIES - 1), LONGEST_WAIT) if wrong > FREE_TRIES else 0.0
        self._wrong[where] = (wrong, self.clock() + wait)
        self._wrong.move_to_end(where)
        while len(self._wrong) > KNOWN_ADDRESSES:
            self._wrong.popitem(last=False)
        return False

    def wait_left(self, address: str | None) -> float:
        """Seconds the browser at ``address`` must still wait after its wrong keys before a key it
        offers is checked at all (:meth:`tries`); 0.0 when it need not wait."""
        return max(0.0, self._wrong.get(address or "", (0, 0.0))[1] - self.clock())

    def invite_url(self, path: str = "/", *, host: str | None = None) -> str:
        """The link a phone opens to join: ``http://<host>:<port><path>``, with
        ``?key=...`` when a key is asked for (``host``: another address of
        this machine than the invite's own, such as 127.0.0.1)."""
        host = host or self.host
        host = f"[{host}]" if ":" in host else host
        query = f"?{urlencode({'key': self.key})}" if self.required else ""
        return f"http://{host}:{self.port}{path}{query}"
