"""Run by tests/faults/test_publish_killed.py in a subprocess, against the
database the environment names (``RULESITE_VAR_DIR`` for SQLite, or
``DATABASE_URL``).

Usage: publish_killed.py setup | kill | publish | inspect CORRECTION_ID

- ``setup``: import the Berserk page, propose new texts of three clauses in
  a submitted correction; print its id;
- ``kill``: publish it, and SIGKILL this process right after the second
  clause version was written (inside the publication's transaction);
- ``publish``: publish it normally;
- ``inspect``: print the correction's state as JSON.
"""

import datetime
import json
import os
import signal
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesite.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402

from rulebook.importing import import_source, load_manifest  # noqa: E402
from rulebook.models import ClauseVersion, Correction, Game  # noqa: E402
from rulebook.versioning import publishing  # noqa: E402

KEYS = ("107.1", "107.2", "107.3")


def publisher():
    User = get_user_model()
    user = User.objects.filter(username="killed-publisher").first()
    return user or User.objects.create_superuser("killed-publisher", password=None)


def setup() -> None:
    import_source(next(s for s in load_manifest() if s.game == "berserk"))
    game = Game.objects.get(slug="berserk")
    user = publisher()
    correction = Correction.objects.create(game=game, language="ru", title_ru="Три правила",
                                           effective_date=datetime.date(2024, 1, 1))
    for key in KEYS:
        draft = publishing.propose_version(correction, game.documents.get().clauses.get(key=key),
                                           user)
        draft.text_ru = f"{key}. Исправленный текст."
        draft.save()
    publishing.submit_correction(correction, user)
    print(correction.pk)


def publish(correction_id: int, kill: bool) -> None:
    correction = Correction.objects.get(pk=correction_id)
    real_log = publishing._log
    written = []

    def log_then_die(user, obj, flag, message):
        real_log(user, obj, flag, message)
        if isinstance(obj, ClauseVersion):
            written.append(obj.pk)
            print(f"written {obj.pk}", flush=True)
            if kill and len(written) == 2:
                os.kill(os.getpid(), signal.SIGKILL)

    publishing._log = log_then_die
    publishing.publish_correction(correction, publisher())
    print("published", flush=True)


def inspect(correction_id: int) -> None:
    correction = Correction.objects.get(pk=correction_id)
    print(json.dumps({
        "published": correction.published_at is not None, "number": correction.number,
        "published_versions": correction.versions.published().count(),
        "drafts": correction.versions.drafts().count(),
        "latest_numbers": sorted(ClauseVersion.objects.published().filter(
            clause__key__in=KEYS).values_list("clause__key", "number")),
    }))


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "setup":
        setup()
    elif command in {"kill", "publish"}:
        publish(int(sys.argv[2]), kill=command == "kill")
    else:
        inspect(int(sys.argv[2]))
