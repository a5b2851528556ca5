"""The database file missing or read-only: the site answers with a clear,
translated page (503), never a traceback; reading keeps working on a
read-only file.  Runs the site in a subprocess against a real SQLite file."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

# A SQLite file of its own in every run, not the run's database: left out of the second run.
pytestmark = pytest.mark.database_free

ROOT = Path(__file__).resolve().parents[2]
PROBE = Path(__file__).with_name("probe.py")
CLAUSE = "/{}/berserk/comprehensive-rules/107.2/"
UNAVAILABLE = {"de": "Die Regeldatenbank ist gerade nicht erreichbar.",
               "ru": "База правил сейчас недоступна.",
               "en": "The rules database is not available at the moment."}
READ_ONLY = {"de": "Die Regeldatenbank ist gerade schreibgeschützt",
             "en": "The rules database is read-only at the moment"}


def environment(var_dir):
    env = {key: value for key, value in os.environ.items()
           if key not in {"DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE"}}
    env.update(RULESITE_VAR_DIR=str(var_dir), DEBUG="0", SECRET_KEY="fault-tests-" + "y" * 50)
    return env


@pytest.fixture(scope="module")
def site_database(tmp_path_factory):
    """A var folder with a migrated and seeded SQLite file (``db.sqlite3``)."""
    var_dir = tmp_path_factory.mktemp("var")
    for command in (["migrate", "--noinput", "-v0"], ["import_rules"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, check=True,
                       env=environment(var_dir), capture_output=True, timeout=300)
    return var_dir


def probe(var_dir, mode, *paths, language="en"):
    result = subprocess.run([sys.executable, str(PROBE), mode, *paths], cwd=ROOT,
                            env={**environment(var_dir), "PROBE_LANGUAGE": language},
                            capture_output=True, text=True, timeout=120)
    answers = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert len(answers) == len(paths), result.stderr[-3000:]
    return answers


def assert_clear_error_page(answer, language, message):
    assert answer["status"] == 503, answer["html"][:500]
    assert answer["retry_after"] == "60"
    assert f'<html lang="{language}">' in answer["html"]
    assert f'<span class="current" lang="{language}" aria-current="true">' in answer["html"]
    assert message in answer["html"]
    assert "Traceback" not in answer["html"] and "OperationalError" not in answer["html"]


def test_seeded_database_answers(site_database):
    (answer,) = probe(site_database, "rw", CLAUSE.format("de"))
    assert answer["status"] == 200


@pytest.mark.parametrize("language", ["de", "ru", "en"])
def test_missing_database_file_gives_a_translated_503(site_database, tmp_path, language):
    empty = tmp_path / "var"
    empty.mkdir()
    # No db.sqlite3 here: the site opens it mode=rw, so it is an error, and
    # no empty database is created in its place.
    for answer in probe(empty, "rw", CLAUSE.format(language), f"/{language}/"):
        assert_clear_error_page(answer, language, UNAVAILABLE[language])
    assert not (empty / "db.sqlite3").exists()


def test_unopenable_database_file_gives_a_503(tmp_path):
    var_dir = tmp_path / "var"
    var_dir.mkdir()
    (var_dir / "db.sqlite3").mkdir()  # a folder where the file should be: SQLite cannot open it
    (answer,) = probe(var_dir, "rw", CLAUSE.format("ru"))
    assert_clear_error_page(answer, "ru", UNAVAILABLE["ru"])


@pytest.mark.parametrize("language", ["de", "en"])
def test_read_only_database_still_serves_the_rules(site_database, language):
    page, home = probe(site_database, "ro", CLAUSE.format(language), f"/{language}/")
    assert page["status"] == 200
    # The site's translation of 107.2 in the reader's language.
    assert {"de": "Sie können von einem Spieler nur", "en": "They can be declared by a player only"}[
        language] in page["html"]
    assert home["status"] == 200


@pytest.mark.parametrize("language", ["de", "en"])
def test_a_write_to_a_read_only_database_gives_a_translated_503(site_database, language):
    # A login attempt must record the failure (django-axes): a write.
    (answer,) = probe(site_database, "ro", "POST /admin/login/", language=language)
    assert_clear_error_page(answer, language, READ_ONLY[language])
