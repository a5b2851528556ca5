"""The publish summary of a structural correction on a phone (390 px), in real
Chromium: a clause renumbered, one moved, one with a new text and a section
renamed (Berserk, whose document slug and calculator rules make long words);
nothing is wider than the page, no table wider than the admin's content box,
and each change is named (found by the breaker: the summary was 7–12 px too
wide, and it called a renumbering "new text")."""


import pytest

from tests.browser.test_admin import log_in

TITLE = "Browser-Reise Umbau 390"
# Prepared once on the server's database: a submitted, unpublished correction
# (readers see nothing of it; no other journey reads Berserk's drafts).
SETUP = f'''
import datetime
from django.contrib.auth import get_user_model
from rulebook.models import Correction, Document, StructureChange
from rulebook.versioning import structure
from rulebook.versioning.publishing import propose_version, submit_correction
existing = Correction.objects.filter(title_ru={TITLE!r}).first()
if existing is None:
    admin = get_user_model().objects.get(username="admin")
    doc = Document.objects.get(game__slug="berserk")
    sections = list(doc.sections.order_by("position"))
    clauses = list(doc.clauses.order_by("position"))
    existing = Correction.objects.create(
        game=doc.game, language=doc.language, title_ru={TITLE!r}, created_by=admin,
        effective_date=datetime.date.today() + datetime.timedelta(days=30))
    renumbered = propose_version(existing, clauses[1], admin)
    renumbered.key = renumbered.label = clauses[1].key + "9"
    renumbered.save()
    moved = propose_version(existing, clauses[2], admin)
    moved.section = sections[-1]
    moved.position = structure.position_at_end(sections[-1], clauses[2])
    moved.save()
    changed = propose_version(existing, clauses[3], admin)
    changed.text_ru = (changed.text_ru or "") + " Дополнение."
    changed.save()
    StructureChange.objects.create(correction=existing, section=sections[0],
                                   name_ru="Новое длинное название раздела правил")
    submit_correction(existing, admin)
print(existing.pk)
'''
RENUMBERED = {"de": "umnummeriert", "ru": "перенумерован", "en": "renumbered"}
OVERFLOW = """() => {
  const content = document.querySelector('#content');
  const right = content.getBoundingClientRect().right
      - parseFloat(getComputedStyle(content).paddingRight);
  return {page: document.documentElement.scrollWidth,
          over: [...content.querySelectorAll('table, .module')]
              .filter(e => e.getBoundingClientRect().right > right + 0.5)
              .map(e => `${e.tagName}.${e.className} +${Math.round(e.getBoundingClientRect().right - right)}px`)};
}"""


@pytest.fixture(scope="module")
def structural_correction(site_server) -> int:
    return int(site_server.shell(SETUP).split()[-1])


def test_the_publish_summary_fits_a_phone_and_names_each_change(journey, language,
                                                               structural_correction):
    page = journey.page
    log_in(journey, language)
    page.set_viewport_size({"width": 390, "height": 844})
    journey.goto(f"/admin/rulebook/correction/{structural_correction}/publish/")
    summary = page.locator("table.publish-summary").inner_text()
    assert RENUMBERED[language] in summary
    measured = page.evaluate(OVERFLOW)
    journey.screenshot("390")
    assert measured["page"] <= 390, measured
    assert measured["over"] == [], measured
