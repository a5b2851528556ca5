"""Finished response bodies kept as files and sent as static files are.

A large answer that depends only on what is published — the read API's
all-clauses answer, megabytes of JSON for a long document — is built once
per key (which holds the publication stamp), written to a file in
``settings.RESPONSE_FILES_DIR`` (default ``var/responses``) named by the
digest of the key, and every later request is answered from that file by
a :class:`~django.http.FileResponse`.  A WSGI server sends it through its
``wsgi.file_wrapper`` (gunicorn: ``sendfile``), as whitenoise sends the
static files: a hit reads, unpickles, copies and hashes nothing of the body
in Python (from Django's cache, a hit would unpickle the whole body, and
with Redis fetch it over the network, on every request).

The key holds the publication stamp, read from the database on every
request, so a publication through any server sharing the database changes
it at once and the next request builds afresh; servers that share the
folder share the files.  Files are written to a temporary name and renamed,
so no reader ever sees half of one.  Superseded files are removed when a
new one is written: any older than :data:`MAX_AGE` seconds, and the oldest
beyond :data:`MAX_FILES`.

The files are an accelerator, like the shared cache
(:mod:`rulebook.caching.degrading`): a folder that cannot be read or
written (disk full, read-only, wrong owner) is a miss — the body is built
and sent from memory, and the failure logged at most once a minute.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import time
from contextlib import suppress
from pathlib import Path
from typing import Callable

from django.conf import settings
from django.http import FileResponse, HttpResponse

from rulebook.caching import degrading
from rulebook.caching.conditional import FRAGMENT_TIMEOUT

#: At most this many files are kept (the oldest written go first).
MAX_FILES = 200
#: Files older than this (seconds) are removed when a new one is written.
MAX_AGE = FRAGMENT_TIMEOUT


def folder() -> Path:
    """The folder of the body files (``settings.RESPONSE_FILES_DIR``)."""
    return Path(settings.RESPONSE_FILES_DIR)


def path_for(key: str) -> Path:
    """The file that holds the body of ``key`` (whether it exists or not)."""
    return folder() / (hashlib.sha256(key.encode()).hexdigest()[:40] + ".body")


def file_response(key: str, build: Callable[[], bytes],
                  content_type: str) -> FileResponse | HttpResponse:
    """A response whose body is the file of ``key``, built by ``build()``
    (bytes) and written first when there is none.

    The response is streaming (``streaming_content``), with
    ``Content-Length`` and ``content_type``; the caller adds validators.
    When the file can be neither read nor written (the folder full,
    read-only or missing its rights), the body is built and answered from
    memory instead (a plain response, same headers).
    """
    path = path_for(key)
    try:
        try:
            handle = open(path, "rb")
        except FileNotFoundError:
            body = build()
            try:
                _write(path, body)
            except OSError as error:
                return _from_memory(body, content_type, error)
            handle = open(path, "rb")
    except OSError as error:  # e.g. PermissionError: the folder is not ours
        return _from_memory(build(), content_type, error)
    response = FileResponse(handle, content_type=content_type)
    # FileResponse names the file for a download; this is an answer, not a download.
    del response.headers["Content-Disposition"]
    return response


def _from_memory(body: bytes, content_type: str, error: OSError) -> HttpResponse:
    """``body`` as a plain response, the file's ``error`` reported."""
    degrading.report(f"Body files in {folder()}", error)
    response = HttpResponse(body, content_type=content_type)
    response.headers["Content-Length"] = str(len(body))
    return response


def _write(path: Path, body: bytes) -> None:
    """Write ``body`` to ``path`` atomically, then remove superseded files."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
    try:
        with os.fdopen(descriptor, "wb") as out:
            out.write(body)
        os.replace(temporary, path)
    except BaseException:
        with suppress(FileNotFoundError):
            os.unlink(temporary)
        raise
    try:
        prune(keep=path)
    except OSError as error:  # the file is written; cleaning up can wait
        degrading.report(f"Pruning the body files in {folder()}", error)


def prune(keep: Path | None = None) -> int:
    """Remove body files older than :data:`MAX_AGE` and the oldest beyond
    :data:`MAX_FILES` (never ``keep``); return how many were removed.

    A worker still sending a removed file goes on reading it (the file
    lives until it is closed); the next request for its key writes it anew.
    """
    entries = []
    for entry in os.scandir(folder()):
        if entry.name.endswith(".body"):
            with suppress(FileNotFoundError):
                entries.append((entry.stat().st_mtime, Path(entry.path)))
    entries.sort(reverse=True)  # newest first
    oldest_kept = time.time() - MAX_AGE
    removed = 0
    for index, (modified, path) in enumerate(entries):
        if path != keep and (index >= MAX_FILES or modified < oldest_kept):
            with suppress(FileNotFoundError):
                path.unlink()
                removed += 1
    return removed

