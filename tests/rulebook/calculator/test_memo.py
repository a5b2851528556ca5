"""The calculator's per-process speed-ups (rulebook/calculator/memo.py): the same
answers as without them, one small query for citations already resolved, a new
answer after a publication, a failing cache taken as a miss."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.template.loader import get_template
from django.test.utils import CaptureQueriesContext
from django.utils import timezone, translation

from engine import powerduell
from rulebook.calculator import memo
from rulebook.calculator import services as calculator
from rulebook.calculator.citations import Drift, resolve_citations
from tests.rulebook.calculator.test_citations import BK7B, publish_correction

PD_1 = next(e for e in powerduell.SITUATION.examples if e.slug == "pd-1")


def _resolved(ruling, on):
    return {c: (r.clause.pk if r.clause else None, r.version.pk if r.version else None, r.drift)
            for c, r in memo.resolved_citations(ruling.citations(), on).items()}


@pytest.mark.django_db
def test_citations_resolved_again_cost_one_small_query_and_give_the_same(seeded):
    ruling = powerduell.SITUATION.evaluate(PD_1.inputs)
    today = timezone.localdate()
    with CaptureQueriesContext(connection) as first:
        kept = _resolved(ruling, today)
    with CaptureQueriesContext(connection) as again:
        assert _resolved(ruling, today) == kept
    assert len(first.captured_queries) == 3  # the stamp, the clauses, their versions
    assert len(again.captured_queries) == 1  # the stamp only
    fresh = resolve_citations(ruling.citations(), today)
    assert kept == {c: (r.clause.pk, r.version.pk, r.drift) for c, r in fresh.items()}
    assert len(kept) == 10 and all(drift is Drift.NONE for _c, _v, drift in kept.values())


@pytest.mark.django_db
def test_a_publication_gives_the_new_version_at_once(seeded, publisher, editor):
    scenario = calculator.find("berserk", "timing")
    ruling = scenario.evaluate(BK7B)
    today = timezone.localdate()
    before = calculator.present(ruling, today)  # kept by this process
    assert before.drift is False
    publish_correction("107.2", today - datetime.timedelta(days=10), publisher, editor)
    after = calculator.present(ruling, today)
    item = next(c for s in after.steps for c in s.citations if c.key == "107.2")
    assert item.drift is Drift.NEWER and item.version.number == 2 and after.drift is True


@pytest.mark.django_db
def test_a_failing_cache_is_a_miss(seeded, monkeypatch):
    ruling = powerduell.SITUATION.evaluate(PD_1.inputs)
    today = timezone.localdate()
    expected = calculator.present(ruling, today)

    def broken():
        raise RuntimeError("the stamp cannot be read")

    monkeypatch.setattr(memo, "rulebook_generation", broken)
    memo.CITATIONS.clear()
    view = calculator.present(ruling, today)
    assert [v.text for v in view.values] == [v.text for v in expected.values]
    assert [s.display_key for s in (x.citation for x in view.sources)] == [
        s.display_key for s in (x.citation for x in expected.sources)]
    assert memo.CITATIONS._values == {}  # nothing kept under a key that could not be made


@pytest.mark.parametrize("lang", ["de", "ru", "en"])
def test_a_blank_item_is_what_the_include_renders(lang):
    template = get_template("rulebook/calculator/includes/group_item.html")
    with translation.override(lang):
        bound = calculator.bind_form(powerduell.SITUATION, None)
        groups = [field for field in bound if field.kind == "group"]
        assert [g.html_name for g in groups] == ["guardians", "monsters", "effects"]
        for field in groups:
            memo.BLANK_ITEMS.clear()
            kept = memo.blank_item(powerduell.SITUATION, field)
            assert kept == template.render({"scenario": powerduell.SITUATION, "field": field,
                                            "item": field.template, "number": "__n__"})
            assert memo.blank_item(powerduell.SITUATION, field) is kept  # kept
            assert f'name="{field.html_name}-__i__-' in kept


def test_a_blank_item_is_kept_per_language():
    def blank(lang):
        with translation.override(lang):
            (field,) = [f for f in calculator.bind_form(powerduell.SITUATION, None)
                        if f.html_name == "monsters"]
            return memo.blank_item(powerduell.SITUATION, field)

    memo.BLANK_ITEMS.clear()
    german, russian = blank("de"), blank("ru")
    assert "<legend>Monsterkarten — Eintrag __n__</legend>" in german
    assert "<legend>Карты монстров — элемент __n__</legend>" in russian
