"""The read API's body files (rulebook.caching.bodies) when ``var/`` cannot take
them: a folder that is not one, a full disk, a body file that cannot be
read — the answer is built in memory, the same as from a file, never a 500."""

from __future__ import annotations

import logging
import os

import pytest

from rulebook.caching import bodies, degrading

CLAUSES = "/api/games/berserk/documents/comprehensive-rules/clauses"


def answer(client, path=CLAUSES):
    response = client.get(path)
    assert response.status_code == 200, response.content[:300]
    body = b"".join(response.streaming_content) if response.streaming else response.content
    return response, body


@pytest.fixture
def expected(client, seeded, settings, tmp_path):
    """The answer sent from a body file in a writable folder (then removed)."""
    response, body = answer(client)
    assert response.streaming and len(os.listdir(settings.RESPONSE_FILES_DIR)) == 1
    for name in os.listdir(settings.RESPONSE_FILES_DIR):
        os.unlink(os.path.join(settings.RESPONSE_FILES_DIR, name))
    return response, body


def assert_same(response, body, expected):
    expected_response, expected_body = expected
    assert body == expected_body
    for header in ("Content-Type", "Content-Length", "ETag", "Last-Modified", "Cache-Control",
                   "X-Content-Type-Options", "X-Frame-Options"):
        assert response[header] == expected_response[header], header


def test_a_folder_that_cannot_be_made_is_a_miss(client, expected, settings, tmp_path, caplog):
    caplog.set_level(logging.WARNING, logger="rulebook.caching.degrading")
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where var/responses/ should be")
    settings.RESPONSE_FILES_DIR = blocker / "responses"
    for _ in range(3):
        response, body = answer(client)
        assert not response.streaming  # built in memory
        assert_same(response, body, expected)
    # The failure is logged once, not per request.
    lines = [r.getMessage() for r in caplog.records if "Body files" in r.getMessage()]
    assert len(lines) == 1 and "NotADirectoryError" in lines[0]


def test_a_full_disk_is_a_miss_and_leaves_no_half_file(client, expected, settings,
                                                        monkeypatch):
    real_fdopen = os.fdopen

    def full_disk(descriptor, mode="r", *args, **kwargs):
        # The temporary file is written through /dev/full: ENOSPC on write.
        if "w" in mode:
            os.close(descriptor)
            return open("/dev/full", mode)
        return real_fdopen(descriptor, mode, *args, **kwargs)

    monkeypatch.setattr(bodies.os, "fdopen", full_disk)
    monkeypatch.setattr(degrading, "_REPORTED", {})
    response, body = answer(client)
    assert not response.streaming
    assert_same(response, body, expected)
    assert os.listdir(settings.RESPONSE_FILES_DIR) == []  # the temporary file was removed


def test_a_body_file_that_cannot_be_read_is_a_miss(client, expected, settings):
    os.makedirs(settings.RESPONSE_FILES_DIR, exist_ok=True)
    # What the next request would open: a folder, not a readable file.
    response, body = answer(client)
    (name,) = os.listdir(settings.RESPONSE_FILES_DIR)
    path = os.path.join(settings.RESPONSE_FILES_DIR, name)
    os.unlink(path)
    os.mkdir(path)
    response, body = answer(client)
    assert not response.streaming
    assert_same(response, body, expected)


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_folder_is_a_miss(client, expected, settings):
    folder = settings.RESPONSE_FILES_DIR
    os.chmod(folder, 0o500)
    try:
        response, body = answer(client)
    finally:
        os.chmod(folder, 0o700)
    assert not response.streaming
    assert_same(response, body, expected)


def test_a_conditional_request_needs_no_body_file(client, expected, settings, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    settings.RESPONSE_FILES_DIR = blocker / "responses"
    response = client.get(CLAUSES, headers={"If-None-Match": expected[0]["ETag"]})
    assert response.status_code == 304
