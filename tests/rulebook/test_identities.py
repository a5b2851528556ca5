"""Identities that survive a restore and do not depend on the address the
site is reached at: correction numbers, clause addresses, Atom ids."""

import datetime
import json
import xml.etree.ElementTree as ET

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from rulebook.importing import import_source, load_manifest
from rulebook.models import ClauseVersion, Correction, Game
from rulebook.versioning.exporting import export_game
from rulebook.versioning.publishing import (
    propose_version, publish_correction, submit_correction, update_translation,
)

ATOM = "{http://www.w3.org/2005/Atom}"


def publish(game, key, date, text, editor, publisher, *, repeal=False):
    correction = Correction.objects.create(game=game, language="de", title_de=f"Zu {key}",
                                           title_en=f"On {key}", effective_date=date)
    draft = propose_version(correction, game.documents.get().clauses.get(key=key), editor,
                            repeal=repeal)
    if not repeal:
        draft.text_de = text
        draft.save()
    submit_correction(correction, editor)
    return publish_correction(correction, publisher)


def power_duell(editor, publisher):
    """Power-Duell imported, corrected (in force, announced, a repeal) and translated."""
    spec = next(s for s in load_manifest() if s.game == "power-duell")
    import_source(spec)
    game = Game.objects.get(slug="power-duell")
    today = timezone.localdate()
    publish(game, "1.2.4.kartenaufbau.p2", today - datetime.timedelta(days=3),
            "Schutzgottkarten werden auf FELD A ausgespielt.", editor, publisher)
    publish(game, "1.2.4.kartenaufbau.p3", today - datetime.timedelta(days=2), "", editor,
            publisher, repeal=True)
    publish(game, "1.2.4.negativ-positiv-wirkung.p3", today + datetime.timedelta(days=20),
            "Angekündigter Text.", editor, publisher)
    version = ClauseVersion.objects.get(clause__key="1.2.4.kartenaufbau.p1", number=1)
    update_translation(version, "en", text="The basic attributes.", title="", user=editor)
    return game


def public_addresses(game):
    """Every public address of the game's rulebook, in two languages."""
    paths = []
    for language in ("de", "en"):
        prefix = f"/{language}/{game.slug}"
        paths += [f"{prefix}/", f"{prefix}/corrections/", f"{prefix}/corrections/feed/"]
        for document in game.documents.all():
            paths.append(f"{prefix}/{document.slug}/")
            paths += [f"{prefix}/{document.slug}/section/{s.slug}/"
                      for s in document.sections.all()]
            for clause in document.clauses.all():
                paths += [f"{prefix}/{document.slug}/{clause.key}/",
                          f"{prefix}/{document.slug}/{clause.key}/history/"]
        paths += [f"{prefix}/corrections/{c.number}/"
                  for c in game.corrections.published()]
    return paths


def answers(paths):
    client = Client()
    return {path: (response.status_code, response.content.decode())
            for path in paths for response in [client.get(path)]}


@pytest.mark.django_db(transaction=True)
def test_a_restore_keeps_every_public_address_and_page(editor, publisher, tmp_path):
    game = power_duell(editor, publisher)
    numbers = sorted(game.corrections.values_list("number", flat=True))
    assert numbers == [1, 2, 3, 4]  # the imported one, then three published
    paths = public_addresses(game)
    before = answers(paths)
    assert all(status == 200 for status, _html in before.values())
    path = tmp_path / "power-duell.json"
    call_command("export_rulebook", "power-duell", "--output", str(path))
    assert [c["number"] for c in json.loads(path.read_text())["corrections"]] == numbers

    call_command("flush", interactive=False, verbosity=0)  # a fresh database
    Correction.objects.create(game=Game.objects.create(slug="filler"), language="de",
                              title_de="x", effective_date=datetime.date(2020, 1, 1))
    call_command("import_rulebook", str(path))  # row ids now differ from before
    restored = Game.objects.get(slug="power-duell")
    assert sorted(restored.corrections.values_list("number", flat=True)) == numbers
    after = answers(paths)
    for address in paths:
        assert after[address] == before[address], address


def entry_ids(response):
    root = ET.fromstring(response.content)
    return (root.find(f"{ATOM}id").text,
            [entry.find(f"{ATOM}id").text for entry in root.findall(f"{ATOM}entry")])


def test_atom_ids_are_tag_uris_the_same_for_every_host_and_scheme(seeded, settings):
    settings.ALLOWED_HOSTS = ["rules.example", "mirror.example.org"]
    correction = Correction.objects.get(game__slug="power-duell")
    ids = set()
    for host, secure in [("rules.example", True), ("rules.example", False),
                         ("mirror.example.org", True), ("mirror.example.org", False)]:
        response = Client().get("/de/power-duell/corrections/feed/", HTTP_HOST=host,
                                secure=secure)
        assert response.status_code == 200
        ids.add(json.dumps(entry_ids(response)))
    assert len(ids) == 1
    feed_id, entries = json.loads(ids.pop())
    assert feed_id == "tag:rules-reference.invalid,2026:de/power-duell/corrections"
    assert entries == [f"tag:rules-reference.invalid,2026:power-duell/corrections/"
                       f"{correction.number}"]


def test_an_entry_is_updated_when_its_announced_correction_comes_into_force(
        small_rulebook, draft_correction, editor, publisher, monkeypatch):
    Correction.objects.filter(pk=draft_correction.pk).update(
        effective_date=datetime.date(2030, 5, 1))
    draft_correction.refresh_from_db()
    submit_correction(draft_correction, editor)
    publish_correction(draft_correction, publisher,
                       now=timezone.make_aware(datetime.datetime(2030, 1, 10, 12)))
    tag = f"testspiel/corrections/{Correction.objects.get(pk=draft_correction.pk).number}"

    def entry_on(moment):
        monkeypatch.setattr(timezone, "now", lambda: timezone.make_aware(moment))
        root = ET.fromstring(Client().get("/en/testspiel/corrections/feed/").content)
        entry = next(e for e in root.findall(f"{ATOM}entry")
                     if e.find(f"{ATOM}id").text.endswith(tag))
        return entry.find(f"{ATOM}updated").text, entry.find(f"{ATOM}title").text

    announced = entry_on(datetime.datetime(2030, 2, 1, 12))
    still = entry_on(datetime.datetime(2030, 4, 30, 23))
    in_force = entry_on(datetime.datetime(2030, 5, 1, 9))
    assert announced == still and announced[0].startswith("2030-01-10T")
    assert "upcoming" in announced[1] and "upcoming" not in in_force[1]
    assert in_force[0] == "2030-05-01T00:00:00+02:00"


def test_migration_gives_old_corrections_their_old_address_as_number(small_rulebook, client):
    """Corrections published before numbers existed get their row id as number
    (migration 0003), so every address published then still opens them."""
    import importlib

    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    from rulebook.versioning.guards import install_guards, remove_guards

    from tests.site_role import as_owner

    migration = importlib.import_module("rulebook.migrations.0004_integrity")
    with as_owner():  # a migration: the owner's
        remove_guards(connection)  # as 0003 does before it changes the table
        with connection.cursor() as cursor:
            cursor.execute("UPDATE rulebook_correction SET number = NULL")
        state = MigrationExecutor(connection).loader.project_state(("rulebook", "0004_integrity"))
        migration.number_published_corrections(state.apps, None)
        install_guards(connection)
    for correction in small_rulebook["corrections"]:
        correction.refresh_from_db()
        assert correction.number == correction.pk
        html = client.get(f"/en/testspiel/corrections/{correction.pk}/").content.decode()
        assert correction.title_de in html
    assert client.get("/en/testspiel/corrections/999/").status_code == 404
