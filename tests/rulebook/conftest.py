"""Fixtures of the versioning tests: a small rulebook, editors and publishers."""

import datetime
import html
import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.utils import timezone

from rulebook.models import Clause, ClauseVersion, Correction, Document, Game, Section
from rulebook.versioning.roles import EDITORS, PUBLISHERS

D1, D2, D3 = datetime.date(2020, 1, 1), datetime.date(2021, 6, 1), datetime.date(2022, 3, 15)
TEXTS = ["Ein Spieler zieht zwei Karten.", "Ein Spieler zieht drei Karten.",
         "Jeder Spieler zieht drei Karten am Anfang."]


@pytest.fixture
def small_rulebook(db):
    """A German document with one clause "1.1" in three versions (D1, D2, D3).

    Versions 2 and 3 come with published corrections; returns a dict of the objects.
    """
    now = timezone.now()
    game = Game.objects.create(slug="testspiel", name_de="Testspiel", name_en="Test game")
    document = Document.objects.create(game=game, slug="regeln", title_de="Regeln",
                                       title_en="Rules", language="de")
    section = Section.objects.create(document=document, slug="ziehen", number="1",
                                     heading_de="Ziehen", position=1)
    clause = Clause.objects.create(document=document, section=section, key="1.1", position=1)
    other = Clause.objects.create(document=document, section=section, key="1.2", position=2)
    corrections = [None]
    for date in (D2, D3):
        corrections.append(Correction.objects.create(
            game=game, language="de", title_de=f"Korrektur vom {date:%d.%m.%Y}",
            effective_date=date, published_at=now))
    versions = []
    for number, (date, text, correction) in enumerate(zip((D1, D2, D3), TEXTS, corrections), 1):
        versions.append(ClauseVersion.objects.create(
            clause=clause, number=number, text_de=text, effective_date=date,
            correction=correction, published_at=now))
    ClauseVersion.objects.create(clause=other, number=1, text_de="Karten werden verdeckt gezogen.",
                                 effective_date=D1, published_at=now)
    return {"game": game, "document": document, "section": section, "clause": clause,
            "other": other, "versions": versions, "corrections": corrections[1:]}


def _staff(username, group):
    user = get_user_model().objects.create_user(username, is_staff=True)  # no password: tests
    # log in with force_login
    user.groups.add(Group.objects.get(name=group))
    return user


@pytest.fixture
def editor(db):
    """A staff user in the "Editors" group (created by the data migration)."""
    return _staff("erika", EDITORS)


@pytest.fixture
def publisher(db):
    """A staff user in the "Publishers" group."""
    return _staff("paul", PUBLISHERS)


@pytest.fixture
def draft_correction(small_rulebook, editor):
    """A draft correction (effective 2024-05-01) proposing new text for clause 1.1."""
    from rulebook.versioning.publishing import propose_version

    correction = Correction.objects.create(
        game=small_rulebook["game"], language="de", title_de="Korrektur Mai 2024",
        title_en="Correction May 2024", effective_date=datetime.date(2024, 5, 1),
        created_by=editor)
    draft = propose_version(correction, small_rulebook["clause"], editor)
    draft.text_de = "Jeder Spieler zieht vier Karten am Anfang."
    draft.save()
    return correction


def hidden_inputs(page: str) -> dict[str, str]:
    """The hidden inputs of an HTML page, name → value: what a form was opened with
    (revision, stamps), as a browser would send them back."""
    return {name: html.unescape(value) for name, value in re.findall(
        r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page)
        if name != "csrfmiddlewaretoken"}


def confirmation(correction) -> dict[str, str]:
    """What the "Publish now" form sends for ``correction`` as it is now in the database: the
    confirmation and the submission it shows (none if it is not submitted)."""
    submitted = Correction.objects.get(pk=correction.pk).submitted_at
    return {"confirm": "yes", "submitted": submitted.isoformat() if submitted else ""}


def publish_version(clause, number, *, published_at=None, **fields):
    """Store a published version of ``clause`` as the workflow leaves one: with a
    published correction of its own, of the same stamp (the database takes a
    published version only so, rulebook.versioning.guards).  ``fields`` are
    the version's (texts, ``effective_date``, ``is_repeal`` …)."""
    stamp = published_at or timezone.now()
    document = clause.document
    correction = Correction.objects.create(
        game_id=document.game_id, language=document.language,
        effective_date=fields.get("effective_date") or timezone.localdate(stamp),
        published_at=stamp, **{f"title_{document.language}": f"Zu {clause.key} v{number}"})
    version = ClauseVersion(clause=clause, number=number, correction=correction,
                            published_at=stamp, **fields)
    version.save()
    return version


def update_published_section(section, **fields):
    """Change a published section's row directly (``fields``: column → value), as only
    the database's owner can (the guards refuse a changed heading, slug or number of a
    section of a published document: a correction changes them).  For tests whose
    subject is what follows such a row change (caches, the search index); ``section``
    is saved through the ORM, so signals run as for any save."""
    from django.db import connection

    from rulebook.versioning.guards import install_guards, remove_guards
    from tests.site_role import as_owner

    with as_owner():
        remove_guards(connection, {"rulebook_section"})
        try:
            for name, value in fields.items():
                setattr(section, name, value)
            section.save()
        finally:
            install_guards(connection)


def publish_through_workflow(correction, clause, editor, publisher, **texts):
    """Propose a version of ``clause`` in draft ``correction`` with ``texts`` (``text_de``
    …), submit it as ``editor`` and publish it as ``publisher``, as the admin does;
    return the correction as stored."""
    from rulebook.versioning.publishing import (
        propose_version, publish_correction, submit_correction,
    )

    draft = propose_version(correction, clause, editor)
    for name, text in texts.items():
        setattr(draft, name, text)
    draft.save()
    submit_correction(correction, editor)
    publish_correction(correction, publisher)
    correction.refresh_from_db()
    return correction


@pytest.fixture
def wsgi_keeps_the_test_connection():
    """Requests through the WSGI application keep the test's database connection.

    At the end of a request Django closes a connection whose autocommit
    differs from the settings', which the test's transaction does — on
    PostgreSQL that would close the connection the test runs in.  Django's
    test client disconnects the same handler.  Closing a response outside the test client
    sends ``request_finished`` too.
    """
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)
