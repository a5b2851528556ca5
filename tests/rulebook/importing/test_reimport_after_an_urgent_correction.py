"""A changed source page after an urgent correction published before an
announced one (issue 25): the importer's draft replaces the version that
takes effect last — the announced one — and is dated no earlier, so the
urgent text is not proposed as the base of a text that would be in force
before the announcement."""

import datetime

from django.utils import timezone

from rulebook.importing import import_source
from rulebook.models import Clause, ClauseVersion, Correction
from rulebook.versioning.publishing import (
    propose_version, publish_correction, submit_correction,
)

DAY = datetime.timedelta(days=1)
OLD = "только в подфазу Выбора Главной фазы его хода."
NEW = "только в подфазу Выбора Главной фазы своего хода."


def _publish_text(clause, editor, publisher, date, title, text):
    correction = Correction.objects.create(game=clause.document.game, language="ru",
                                           title_ru=title, effective_date=date,
                                           created_by=editor)
    draft = propose_version(correction, clause, editor)
    draft.text_ru = text
    draft.save()
    submit_correction(correction, publisher)
    publish_correction(correction, publisher)
    return clause.versions.published().get(correction=correction)


def test_the_draft_replaces_the_announced_version_not_the_urgent_one(seeded, sources, editor,
                                                                     publisher):
    clause = Clause.objects.get(key="107.2")
    today = timezone.localdate()
    original = clause.versions.published().get().text_ru
    announced = _publish_text(clause, editor, publisher, today + 30 * DAY, "Анонс",
                              original + " (анонс)")
    urgent = _publish_text(clause, editor, publisher, today, "Срочно", original + " (срочно)")
    assert (announced.number, urgent.number) == (2, 3)

    spec = sources["berserk/comprehensive-rules"]
    raw = spec.path().read_text(encoding="utf-8")
    report = import_source(spec, raw.replace(OLD, NEW))
    assert report.drafted == 1
    draft = ClauseVersion.objects.drafts().get(clause=clause)
    assert draft.based_on_number == announced.number
    assert draft.effective_date >= announced.effective_date
    assert draft.number == 4
    assert draft.text_ru.endswith(NEW)  # the source page's new text
