"""Run by tests/faults/test_database_faults.py in a subprocess: request pages
from the site with its database file opened as the environment says, and
print one JSON line per request.

Usage: [PROBE_LANGUAGE=de] probe.py MODE PATH...  (MODE: ``ro`` — the SQLite file opened
read-only, as SQLite does when the file or its folder is not writable;
``rw`` — as configured).  A path starting with ``POST `` is posted.
"""

import json
import os
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesite.settings")


def main(mode: str, paths: list[str]) -> None:
    """Request ``paths`` with the database opened as ``mode`` says; print one
    JSON line per answer (path, status, Retry-After, HTML)."""
    from django.conf import settings

    # Templates render without a collected static manifest.
    settings.STORAGES = {**settings.STORAGES, "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
    if mode == "ro":
        database = settings.DATABASES["default"]
        name = str(database["NAME"])
        database["NAME"] = (name.replace("mode=rw", "mode=ro") if name.startswith("file:")
                            else f"file:{name}?mode=ro")

    import django

    django.setup()

    from django.test import Client

    client = Client(raise_request_exception=False)
    for path in paths:
        if path.startswith("POST "):
            response = client.post(path[5:], {"username": "admin", "password": "x"},
                                   headers={"Accept-Language": os.environ.get("PROBE_LANGUAGE", "en")})
        else:
            response = client.get(path)
        print(json.dumps({"path": path, "status": response.status_code,
                          "retry_after": response.headers.get("Retry-After"),
                          "html": response.content.decode()}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
