"""Correction numbers are data: migrating the rulebook down and up again keeps
every correction's public number, so its address and its Atom id (the
``tag:`` id of the feeds) name the same correction before and after — on
SQLite and on PostgreSQL.

``0003_glossary`` is the last migration before ``0004_integrity`` (which
once added the number and gave published corrections their row id as
number); ``0001_initial`` is the earliest one that still has corrections.
"""

import datetime
import xml.etree.ElementTree as ET

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import Client

from rulebook.models import Correction, Game
from rulebook.versioning.publishing import propose_version, publish_correction, submit_correction

ATOM = "{http://www.w3.org/2005/Atom}"


def publish(game, key, text, date, editor, publisher):
    """A published correction of ``key`` (a clause of the game's first document)."""
    correction = Correction.objects.create(game=game, language="de", title_de=f"Zu {key}: {text}",
                                           effective_date=date)
    clause = game.documents.order_by("position").first().clauses.get(key=key)
    draft = propose_version(correction, clause, editor)
    draft.text_de = text
    draft.save()
    submit_correction(correction, editor)
    return publish_correction(correction, publisher)


def public_corrections():
    """Every published correction's address → (the title its page shows, its
    Atom id in the game's feed and in the site's feed)."""
    client = Client()
    site_feed = ET.fromstring(client.get("/en/corrections/feed/").content)
    site_ids = {e.find(f"{ATOM}title").text: e.find(f"{ATOM}id").text
                for e in site_feed.findall(f"{ATOM}entry")}
    seen = {}
    for game in Game.objects.all():
        feed = ET.fromstring(client.get(f"/en/{game.slug}/corrections/feed/").content)
        for entry in feed.findall(f"{ATOM}entry"):
            address = entry.find(f"{ATOM}link").get("href")
            title = entry.find(f"{ATOM}title").text
            page = client.get(address)
            assert page.status_code == 200
            seen[address] = (title, entry.find(f"{ATOM}id").text, site_ids.get(title),
                             page.content.decode().count(title.split(" (")[0]) > 0)
    return seen


def numbers():
    return sorted(Correction.objects.values_list("pk", "game__slug", "number", "published_at"))


@pytest.fixture
def renumberable(seeded, editor, publisher):
    """Published corrections whose numbers differ from their row ids: drafts
    left in between take ids (as on a real site, Berserk 1..5 at ids 2..8)."""
    power = Game.objects.get(slug="power-duell")
    day = datetime.date(2024, 1, 1)
    for n, key in enumerate(["1.2.4.negativ-positiv-wirkung.p3", "1.2.4.kartenaufbau.p1",
                             "1.2.4.negativ-positiv-wirkung.p3"]):
        Correction.objects.create(game=power, language="de", title_de=f"Entwurf {n}",
                                  effective_date=day)
        publish(power, key, f"Text {n}.", day + datetime.timedelta(days=n), editor, publisher)
    published = Correction.objects.published()
    assert any(c.number != c.pk for c in published) and published.count() >= 4
    return published


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("target", ["0003_glossary", "0001_initial"])
def test_migrating_down_and_up_keeps_every_correction_address_and_atom_id(renumberable, target):
    before, stored = public_corrections(), numbers()
    assert len(before) == renumberable.count()
    call_command("migrate", "rulebook", target, verbosity=0)
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT id, number FROM rulebook_correction ORDER BY id")
            kept = cursor.fetchall()
    finally:
        call_command("migrate", verbosity=0)  # the next tests need the whole schema
    assert kept == sorted((pk, number) for pk, _slug, number, _at in stored)
    assert numbers() == stored
    assert public_corrections() == before
    # ... and the guards are back: a published correction's number is still fixed.
    from django.db import IntegrityError, transaction

    correction = renumberable.first()
    with pytest.raises(IntegrityError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE rulebook_correction SET number = 99 WHERE id = %s",
                       [correction.pk])
