"""The admin in the editors' languages, under the site's name, in their time zone."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import User

ROOT = Path(__file__).resolve().parents[2]


def test_the_admin_carries_the_sites_name_in_the_readers_language(client, db):
    german = client.get("/admin/login/", headers={"Accept-Language": "de"}).content.decode()
    assert '<a href="/admin/">Regelnachschlagewerk</a>' in german
    assert "Django" not in german.split("<body")[1]
    russian = client.get("/admin/login/", headers={"Accept-Language": "ru"}).content.decode()
    assert '<a href="/admin/">Справочник по правилам</a>' in russian
    assert "<title>Войти | Справочник по правилам</title>" in russian


def test_an_editor_switches_the_admins_language_from_its_header(client, db):
    User.objects.create_user("erika", password="pw-erika-1", is_staff=True)
    client.login(username="erika", password="pw-erika-1")
    english = client.get("/admin/", headers={"Accept-Language": "en"}).content.decode()
    assert '<select name="language" id="admin-language">' in english
    assert '<option value="ru" lang="ru">Русский</option>' in english
    assert "Site administration" in english
    answer = client.post("/i18n/setlang/", {"language": "ru", "next": "/admin/"},
                         headers={"Accept-Language": "en"})
    assert answer.status_code == 302 and answer.headers["Location"] == "/admin/"
    russian = client.get("/admin/", headers={"Accept-Language": "en"}).content.decode()
    assert "Администрирование сайта" in russian
    assert '<option value="ru" lang="ru" selected>Русский</option>' in russian


def test_the_time_zone_comes_from_the_environment(tmp_path):
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("DJANGO_SETTINGS_MODULE", "TIME_ZONE")}
    environment.update(RULESITE_VAR_DIR=str(tmp_path), DJANGO_SETTINGS_MODULE="rulesite.settings")
    code = "from django.conf import settings; print(settings.TIME_ZONE)"
    default = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=environment,
                             capture_output=True, text=True, timeout=120)
    moscow = subprocess.run([sys.executable, "-c", code], cwd=ROOT,
                            env={**environment, "TIME_ZONE": "Europe/Moscow"},
                            capture_output=True, text=True, timeout=120)
    assert (default.stdout.strip(), moscow.stdout.strip()) == ("Europe/Berlin", "Europe/Moscow")


@pytest.mark.parametrize("lang, heading", [("de", "Anmeldesperre"), ("ru", "Блокировка входа"),
                                           ("en", "Login lockout")])
def test_the_login_lockout_is_headed_in_the_admins_language(admin_client, lang, heading):
    """django-axes' app is named in the admin's language (its own name "Axes" is none)."""
    page = admin_client.get("/admin/", headers={"Accept-Language": lang}).content.decode()
    assert heading in page and ">Axes<" not in page
