"""Least privilege on PostgreSQL: migrations as the owner, the site as a role
with only SELECT, INSERT, UPDATE and DELETE (README, "Least privilege").

The site's whole write path — importing the sources, an editor's correction
from draft to publication, the glossary, a login — works as that role, while
what only an owner may do (``TRUNCATE``, ``ALTER TABLE … DISABLE TRIGGER``,
``DROP TRIGGER``) is refused; ``check --deploy`` warns (``rulebook.W001``) for
the owner role and not for the site's role.
"""

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

from rulebook.checks import role_powers, site_role_has_least_privilege
from tests import site_role
from tests.site_role import as_owner

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(connection.vendor != "postgresql",
                                reason="roles and grants are PostgreSQL's")

#: Run by the site's role: every write the site makes, then what only an owner may do.
SCRIPT = r'''
import datetime, json
from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.db import DatabaseError, connection, transaction
from django.test import Client
from rulebook.checks import site_role_has_least_privilege
from rulebook.models import Correction, Game, GlossaryTerm
from rulebook.versioning.publishing import propose_version, publish_correction, submit_correction

from django.conf import settings
settings.STORAGES = {**settings.STORAGES, "staticfiles": {
    "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}  # no collected manifest
result = {}
call_command("import_rules", verbosity=0)
game = Game.objects.get(slug="power-duell")
clause = game.documents.get().clauses.get(key="1.2.4.kartenaufbau.p2")
editor = User.objects.create_user("erika", password="pw-erika-1", is_staff=True)
editor.groups.add(*Group.objects.all())
correction = Correction.objects.create(game=game, language="de", title_de="Klarstellung",
                                       effective_date=datetime.date(2024, 2, 1))
draft = propose_version(correction, clause, editor)
draft.text_de = draft.text_de + " (korrigiert)"
draft.save()
submit_correction(correction, editor)
publish_correction(correction, editor)
GlossaryTerm.objects.create(game=game, slug="feld-a", language="de", term_de="Feld A")
client = Client()
result["page"] = client.get("/de/power-duell/schutzgottkarten/1.2.4.kartenaufbau.p2/",
                            headers={"Accept-Language": "de"}).status_code
result["corrected"] = "(korrigiert)" in client.get(
    "/de/power-duell/schutzgottkarten/1.2.4.kartenaufbau.p2/").content.decode()
result["login"] = client.post("/admin/login/?next=/admin/",
                              {"username": "erika", "password": "pw-erika-1"}).status_code
result["warnings"] = [message.id for message in site_role_has_least_privilege()]
for name, sql in [("truncate", "TRUNCATE rulebook_clauseversion CASCADE"),
                  ("disable_triggers", "ALTER TABLE rulebook_clauseversion DISABLE TRIGGER ALL"),
                  ("drop_table", "DROP TABLE rulebook_correction CASCADE")]:
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql)
        result[name] = "done"
    except DatabaseError as error:
        result[name] = type(getattr(error, "__cause__", None) or error).__name__
print("RESULT " + json.dumps(result))
'''


@pytest.mark.django_db(transaction=True)
def test_the_site_runs_as_a_role_that_cannot_alter_its_tables(tmp_path):
    with as_owner():  # the suite's own role: the owner, which creates the site's role
        powers = role_powers()
        assert powers["superuser"] is True
        assert [message.id for message in site_role_has_least_privilege()] == ["rulebook.W001"]
        settings_dict = connection.settings_dict
        role, password = f"{settings_dict['NAME']}_site"[:60], secrets.token_hex(12)
        with connection.cursor() as cursor:
            cursor.execute(f'DROP ROLE IF EXISTS "{role}"')
            cursor.execute(f"CREATE ROLE \"{role}\" LOGIN PASSWORD '{password}'")
            cursor.execute(f'GRANT CONNECT ON DATABASE "{settings_dict["NAME"]}" TO "{role}"')
            cursor.execute(f'GRANT USAGE ON SCHEMA public TO "{role}"')
            cursor.execute(f'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA '
                           f'public TO "{role}"')
            cursor.execute(f'GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO "{role}"')
    try:
        environment = {key: value for key, value in os.environ.items()
                       if not key.startswith(("DJANGO_SETTINGS", "REDIS_URL"))}
        environment.update(
            RULESITE_VAR_DIR=str(tmp_path), SECRET_KEY=secrets.token_urlsafe(60),
            DJANGO_SETTINGS_MODULE="rulesite.settings",
            DATABASE_URL=f"postgres://{role}:{password}@{settings_dict['HOST'] or '127.0.0.1'}:"
                         f"{settings_dict['PORT'] or 5432}/{settings_dict['NAME']}")
        run = subprocess.run([sys.executable, "-c", "import django; django.setup()\n" + SCRIPT],
                             cwd=ROOT, env=environment, capture_output=True, text=True,
                             timeout=600)
        assert run.returncode == 0, run.stderr[-3000:]
        result = json.loads(run.stdout.split("RESULT ", 1)[1])
    finally:
        with as_owner(), connection.cursor() as cursor:
            cursor.execute(f'DROP OWNED BY "{role}"')
            cursor.execute(f'DROP ROLE "{role}"')
    assert result == {"page": 200, "corrected": True, "login": 302, "warnings": [],
                      "truncate": "InsufficientPrivilege",
                      "disable_triggers": "InsufficientPrivilege",
                      "drop_table": "InsufficientPrivilege"}


@pytest.mark.skipif(not site_role.wanted(), reason="the suite runs as the owner "
                    "(RULEBOOK_TEST_SITE_ROLE is not set)")
def test_the_suite_itself_runs_as_the_site_role(db):
    """With ``RULEBOOK_TEST_SITE_ROLE`` (``make test-postgres``) every test runs as a
    role with the README's grants only: the deploy check has nothing to warn about."""
    assert role_powers() == {"role": site_role.ROLE, "superuser": False, "owns": 0,
                             "truncates": 0, "creates": False}
    assert site_role_has_least_privilege() == []
