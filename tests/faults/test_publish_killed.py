"""A publication killed half-way (SIGKILL of the process inside
``publish_correction``) leaves all or nothing: here nothing, since the
process dies before the transaction commits.  Runs the publication in a
subprocess against a real database: a SQLite file, or this test run's
PostgreSQL database."""

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(__file__).with_name("publish_killed.py")

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def environment(tmp_path):
    """The child's environment: a migrated SQLite file, or this run's PostgreSQL database."""
    env = {key: value for key, value in os.environ.items()
           if key not in {"DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE"}}
    env.update(SECRET_KEY="fault-tests-" + "k" * 50, RULESITE_VAR_DIR=str(tmp_path))
    if connection.vendor == "postgresql":
        db = connection.settings_dict
        env["DATABASE_URL"] = (f"postgres://{db['USER']}:{db['PASSWORD'] or ''}@{db['HOST']}:"
                               f"{db['PORT'] or 5432}/{db['NAME']}")
    else:
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT,
                       env=env, check=True, capture_output=True, timeout=300)
    return env


def run(env, *args):
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def state(env, correction_id):
    result = run(env, "inspect", correction_id)
    assert result.returncode == 0, result.stderr[-2000:]
    return json.loads(result.stdout)


def test_a_publication_killed_half_way_publishes_nothing(environment):
    setup = run(environment, "setup")
    assert setup.returncode == 0, setup.stderr[-2000:]
    correction_id = setup.stdout.split()[-1]
    before = state(environment, correction_id)
    assert before["drafts"] == 3 and not before["published"]

    killed = run(environment, "kill", correction_id)
    assert killed.returncode == -signal.SIGKILL
    assert killed.stdout.count("written") == 2 and "published" not in killed.stdout
    after = state(environment, correction_id)
    assert after == before  # nothing of it published: no version, no stamp, no number

    # The same publication, not interrupted, publishes the whole correction.
    done = run(environment, "publish", correction_id)
    assert done.returncode == 0, done.stderr[-2000:]
    published = state(environment, correction_id)
    assert published["published"] and published["published_versions"] == 3
    assert published["drafts"] == 0 and published["number"] == 1
    assert published["latest_numbers"] == [["107.1", 1], ["107.1", 2], ["107.2", 1],
                                           ["107.2", 2], ["107.3", 1], ["107.3", 2]]
