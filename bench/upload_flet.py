"""The floor of bench/files.py's imports: a plain Flet page that sends a file to Flet's own upload
route and does nothing with it, served like main.py.

    python bench/upload_flet.py PORT

Web mode on 127.0.0.1:PORT, no CDN, no browser window: a "Send file" button opens the browser's
file chooser; the chosen file goes to Flet's upload route (into a temporary folder, removed when
the page has it), with its progress shown, then "Sent <file name>" (test id ``message``; "Nothing
sent yet" before). That is what any Flet app pays for a backup to reach its server, on the phone
that sends it and on the server, before Companion reads a byte of it.
"""

from __future__ import annotations

import os
import secrets
import sys
import tempfile
from pathlib import Path

import flet as ft

UPLOADS = Path(tempfile.mkdtemp(prefix="plain-uploads-"))
"""The folder Flet's upload route writes to."""


@ft.component
def Sender() -> ft.Control:
    """The "Send file" button and the line that tells how far the file is."""
    told, set_told = ft.use_state("Nothing sent yet")

    async def picked(e: ft.FilePickerResultEvent) -> None:
        if e.files:
            chosen = e.files[0]
            set_told(f"Sending {chosen.name}...")
            url = ft.context.page.get_upload_url(chosen.name, 600)
            await picker.upload([ft.FilePickerUploadFile(url, id=chosen.id)])

    def uploading(e: ft.FilePickerUploadEvent) -> None:
        if (e.progress or 0.0) < 1.0 and not e.error:
            set_told(f"Sending {e.file_name}: {round((e.progress or 0.0) * 100)}%")
            return
        (UPLOADS / e.file_name).unlink(missing_ok=True)
        set_told(f"Not sent: {e.error}" if e.error else f"Sent {e.file_name}")

    picker = ft.use_state(lambda: ft.FilePicker(on_result=picked, on_upload=uploading))[0]
    return ft.Column([
        ft.FilledButton("Send file", action=ft.PickFiles(picker)),
        ft.Semantics(identifier="message", content=ft.Text(told)),
    ])


def main(page: ft.Page) -> None:
    """Render the sender."""
    page.render(Sender)


if __name__ == "__main__":
    os.environ["FLET_FORCE_WEB_SERVER"] = "1"
    os.environ.setdefault("FLET_SECRET_KEY", secrets.token_hex(16))
    ft.run(main, view=ft.AppView.WEB_BROWSER, host="127.0.0.1", port=int(sys.argv[1]), no_cdn=True,
           upload_dir=str(UPLOADS))
