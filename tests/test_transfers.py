"""Files over HTTP (companion/transfers.py) through the app's own server, without a browser:
the download route and Flet's upload route behind the app's guard, tried with Starlette's
TestClient on the app ``companion.server.build_app`` makes."""

from __future__ import annotations

import json

import pytest
from flet_web.uploads import build_upload_url
from starlette.testclient import TestClient

from companion import transfers as transfers_module
from companion.server import build_app
from companion.transfers import Transfers, too_big

OWN = "127.0.0.1:8550"
BACKUP = json.dumps({"format": "companion-backup", "schema": 1, "games": []}).encode("utf-8")


def _nothing(page) -> None:
    """A Flet entry point the tests never reach (no session is opened)."""


@pytest.fixture
def files(tmp_path):
    """The Transfers of a test, in its own folder."""
    made = Transfers(tmp_path / "files")
    yield made
    made.close()


def client_for(files: Transfers) -> TestClient:
    """A client of the whole app (guard, file routes, Flet's routes) at the app's own address."""
    app = build_app(_nothing, assets_dir=".", allowed={OWN}, transfers=files)
    return TestClient(app, base_url=f"http://{OWN}")


def upload_url(files: Transfers, name: str, seconds: int = 60) -> str:
    """A signed upload URL for ``name`` as a session's ``page.get_upload_url`` makes it."""
    return build_upload_url(transfers_module.UPLOAD_PATH, name, seconds, files.secret)


def test_an_offered_file_is_downloaded_as_an_attachment_with_its_name(files):
    path = files.new_download(".json")
    path.write_bytes(BACKUP)
    address = files.offer(path, "companion-backup-2026-12-03.json")
    answer = client_for(files).get(address)
    assert answer.status_code == 200
    assert answer.content == BACKUP
    assert answer.headers["content-disposition"] == 'attachment; filename="companion-backup-2026-12-03.json"'
    assert answer.headers["cache-control"] == "no-store"


def test_an_expired_or_unknown_download_is_refused_in_plain_words_and_its_file_removed(files):
    path = files.new_download(".csv")
    path.write_text("game,round\n", encoding="utf-8")
    address = files.offer(path, "rounds.csv", seconds=0)
    client = client_for(files)
    for tried in (address, "/files/not-a-token"):
        answer = client.get(tried)
        assert answer.status_code == 404
        assert answer.text == "This download has expired. Tap Export again on the phone."
    files.expire()
    assert not path.exists()


def test_the_download_refusal_is_in_the_browser_s_language(files):
    answer = client_for(files).get("/files/gone", headers={"Accept-Language": "nb-NO,nb;q=0.9"})
    assert answer.status_code == 404
    assert answer.text == "Denne nedlastingen har gått ut. Trykk Eksporter igjen på telefonen."


def test_a_download_asked_by_another_site_or_address_is_refused_by_the_guard(files):
    path = files.new_download(".json")
    path.write_bytes(BACKUP)
    address = files.offer(path, "backup.json")
    client = client_for(files)
    assert client.get(address, headers={"Origin": "http://evil.example"}).status_code == 403
    assert client.get(address, headers={"Host": "evil.example:8550"}).status_code == 403
    assert client.get(address).status_code == 200


def test_a_signed_upload_is_streamed_to_its_file(files):
    name = files.upload_name()
    answer = client_for(files).put(upload_url(files, name), content=BACKUP)
    assert answer.status_code == 200
    assert files.uploaded(name).read_bytes() == BACKUP


def test_an_upload_with_a_forged_signature_or_another_file_name_leaves_no_file(files):
    name = files.upload_name()
    signed = upload_url(files, name)
    forged = signed[:-4] + ("0000" if not signed.endswith("0000") else "1111")
    client = client_for(files)
    assert client.put(forged, content=BACKUP).status_code == 403
    other = files.upload_name()
    assert client.put(signed.replace(name, other), content=BACKUP).status_code == 403
    assert list(files.uploads.iterdir()) == []


def test_an_expired_upload_url_is_refused_and_leaves_no_file(files):
    name = files.upload_name()
    answer = client_for(files).put(upload_url(files, name, seconds=-1), content=BACKUP)
    assert answer.status_code == 410
    assert list(files.uploads.iterdir()) == []


def test_an_upload_from_another_site_is_refused_by_the_guard(files):
    name = files.upload_name()
    answer = client_for(files).put(upload_url(files, name), content=BACKUP, headers={"Origin": "http://evil.example"})
    assert answer.status_code == 403
    assert answer.text == "Requests from other web sites are refused."
    assert list(files.uploads.iterdir()) == []


def test_an_upload_over_the_size_limit_is_refused_before_it_is_read(files, monkeypatch):
    monkeypatch.setattr(transfers_module, "MAX_UPLOAD_BYTES", 3 * 1024 * 1024)
    name = files.upload_name()
    answer = client_for(files).put(upload_url(files, name), content=b" " * (5 * 1024 * 1024))
    assert answer.status_code == 413
    assert answer.text == "This file is 5 MB; a backup can be at most 3 MB. Nothing was imported."
    assert answer.text == too_big(5 * 1024 * 1024)
    assert list(files.uploads.iterdir()) == []


def test_an_upload_without_its_size_is_refused(files):
    name = files.upload_name()

    def chunks():
        yield BACKUP

    answer = client_for(files).put(upload_url(files, name), content=chunks())
    assert answer.status_code == 411
    assert answer.text == "A backup must be sent with its size."
    assert list(files.uploads.iterdir()) == []


def test_closing_removes_the_folder_and_every_offer(tmp_path):
    files = Transfers(tmp_path / "files")
    path = files.new_download(".json")
    path.write_bytes(BACKUP)
    token = files.offer(path, "backup.json").rsplit("/", 1)[1]
    files.close()
    assert files.offered(token) is None
    assert not (tmp_path / "files").exists()
