"""An official ruling deciding an open point of the calculator (issue 26): the reading it
supports shown as decided ("decided by ruling N of <date>"), the other readings kept as set
aside, the ruling cited beside the clauses — on the page, in the answer-first summary and
in the API; before the ruling's date, and once a correction supersedes it, the point is open.

The rulings here are made up for the tests: the site ships none."""

from __future__ import annotations

import datetime
import json
import re

import pytest
from django.utils import translation
from django.utils.formats import date_format

from rulebook.calculator import decisions
from rulebook.models import Clause, Correction, ImmutableVersionError, RulingDecision
from rulebook.rulings import workflow
from rulebook.versioning.publishing import propose_version, publish_correction, submit_correction
from tests.rulebook.calculator.test_readings import DEFENDING
from tests.rulebook.rulings.conftest import make_draft, publish

GIVEN = datetime.date(2024, 3, 1)
NP_RULES = "1.2.4.negativ-positiv-wirkung.p2"
PAGE = "/en/calculator/power-duell/guardian-wirkung/"
API = "/api/scenarios/power-duell/guardian-wirkung/evaluate"
INPUTS = {"base_planet": "mars", "left_planet": "venus", "right_planet": "jupiter",
          "attribute": "dp", "amount": -30, "monster_planet": "mars", "combat": "defending",
          "opponent_planet": "venus", "opponent_effects": ["ap"]}


@pytest.fixture
def deciding(seeded, editor, publisher):
    """Ruling 1 of GIVEN on NP_RULES, deciding np-defending for the reading "attacker" (not
    the reading presented first)."""
    clause = Clause.objects.get(document__game__slug="power-duell", key=NP_RULES)
    draft = make_draft(clause.document.game, [clause], editor, date=GIVEN,
                       question="Wessen Planet entscheidet beim verteidigenden Monster?",
                       answer="Der des angreifenden Monsters.")
    RulingDecision.objects.create(ruling=draft, point="np-defending", reading="attacker")
    return {"ruling": publish(draft, editor, publisher), "clause": clause}


def _api(client, as_of: str = "") -> dict:
    body = {"inputs": INPUTS, **({"as_of": as_of} if as_of else {})}
    return client.post(API, json.dumps(body), content_type="application/json").json()


def _point(data: dict) -> tuple:
    (point,) = data["open_points"]
    return (point["decided_by"] and point["decided_by"]["number"],
            [(r["decided"], r["set_aside"], r["presented_first"],
              {v["name"]: v["value"] for v in r["values"]}["change"])
             for r in point["readings"]],
            {v["name"]: v["value"] for v in data["values"]}["change"])


def _page(client, as_of: str = "") -> str:
    response = client.get(f"{PAGE}?{DEFENDING}" + (f"&as_of={as_of}" if as_of else ""))
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db
def test_open_before_the_ruling_decided_from_its_date_on(deciding, client):
    # before the ruling's date: open, the reading presented first decides the values
    assert _point(_api(client, "2024-02-29")) == (
        None, [(False, False, True, -30), (False, False, False, -15)], -30)
    html = _page(client, "2024-02-29")
    assert "grounds--decided" not in html and "set aside" not in html
    # from its date on: the ruling's reading first and decided, the other set aside
    for as_of in ("2024-03-01", ""):
        data = _api(client, as_of)
        assert _point(data) == (1, [(True, False, False, -15), (False, True, True, -30)], -15)
        assert data["open_points"][0]["decided_by"]["url"] == \
            "http://testserver/en/power-duell/rulings/1/"
    # one open point fewer in the verdict: its readings and its silent step are one point
    before, after = _api(client, "2024-02-29")["verdict"], _api(client)["verdict"]
    assert _count(before) == _count(after) + 1, (before, after)


def _count(verdict: str) -> int:
    """How many points a verdict says the ruling rests on (0: settled)."""
    if "on one point the texts leave open" in verdict:
        return 1
    found = re.search(r"rests on (\d+) points|leave open \((\d+):", verdict)
    return int(found.group(1) or found.group(2)) if found else 0


@pytest.mark.django_db
def test_the_page_shows_the_decision_and_cites_the_ruling(deciding, client):
    html = _page(client)
    with translation.override("en"):
        label = f"decided by official ruling 1 of {date_format(GIVEN, 'SHORT_DATE_FORMAT')}"
    summary = re.search(r'<p class="grounds grounds--decided">(.*?)</p>', html).group(1)
    assert 'href="#open-point-1"' in summary
    assert f'<a href="/en/power-duell/rulings/1/">{label}</a>' in summary
    rulings = re.search(r'<p class="grounds grounds--rulings">(.*?)</p>', html).group(1)
    assert rulings.count("/en/power-duell/rulings/1/") == 1
    table = re.search(r'<table class="readings">(.*?)</table>', html, re.S).group(1)
    headers = re.findall(r'<th scope="col"[^>]*>(.*?)</th>', table)
    assert "decided" in headers[0] and "attacking monster" in headers[0]
    assert "set aside" in headers[1] and "The defending monster is itself" in headers[1]
    assert f'<p class="reading__decided">' in html and label in html


@pytest.mark.django_db
def test_a_correction_superseding_the_ruling_opens_the_point_again(deciding, client, editor,
                                                                   publisher):
    clause = deciding["clause"]
    correction = Correction.objects.create(game=clause.document.game, language="de",
                                           title_de="Klarstellung",
                                           effective_date=datetime.date(2024, 6, 1))
    draft = propose_version(correction, clause, editor)
    draft.text_de = draft.text_de + " (geändert)"
    draft.save()
    submit_correction(correction, editor)
    publish_correction(correction, publisher)
    workflow.supersede_ruling(deciding["ruling"], publisher, correction=correction,
                              reason="Regel geändert.")
    # superseded from the correction's effective date: open again then, decided before
    assert _point(_api(client))[0] is None
    assert _point(_api(client, "2024-06-01"))[0] is None
    assert _point(_api(client, "2024-05-31"))[0] == 1
    html = _page(client)
    assert "grounds--decided" not in html and "set aside" not in html


@pytest.mark.django_db
def test_a_withdrawn_ruling_decides_nothing(deciding, client, publisher):
    workflow.withdraw_ruling(deciding["ruling"], publisher, reason="Falsch.",
                             date=datetime.date(2024, 4, 1))
    assert _point(_api(client))[0] is None
    assert _point(_api(client, "2024-03-15"))[0] == 1


@pytest.mark.django_db
def test_the_decision_is_fixed_with_the_published_ruling(deciding):
    decision = deciding["ruling"].decisions.get()
    decision.reading = "attacker"
    with pytest.raises(ImmutableVersionError):
        decision.save()
    with pytest.raises(ImmutableVersionError):
        decision.delete()


def test_the_admin_check_names_the_declared_points_and_readings():
    assert decisions.check("power-duell", "np-defending", "self") == {}
    assert "np-defending" in decisions.check("power-duell", "nowhere", "self")["point"]
    errors = decisions.check("power-duell", "np-defending", "nobody")
    assert "attacker" in errors["reading"] and "self" in errors["reading"]
    assert "point" in decisions.check("berserk", "np-defending", "self")


@pytest.mark.django_db
def test_an_editor_declares_the_decision_in_the_rulings_admin(seeded, client, editor):
    from tests.rulebook.rulings.test_admin import form_data

    clause = Clause.objects.get(document__game__slug="power-duell", key=NP_RULES)
    client.force_login(editor)
    add = "/admin/rulebook/ruling/add/"
    data = form_data(clause, game=str(clause.document.game.pk), **{
        "decisions-TOTAL_FORMS": "1", "decisions-0-point": "np-defending",
        "decisions-0-reading": "nobody"})
    page = client.post(add, data).content.decode()
    assert "nobody" in page and not RulingDecision.objects.exists()  # not a declared choice
    data["decisions-0-point"] = "np-scope"
    data["decisions-0-reading"] = "self"  # a reading of np-defending, not of np-scope
    page = client.post(add, data).content.decode()
    assert "has no reading “self”" in page and not RulingDecision.objects.exists()
    data["decisions-0-point"] = "np-defending"
    response = client.post(add, data)
    assert response.status_code == 302
    assert list(RulingDecision.objects.values_list("point", "reading")) == [
        ("np-defending", "self")]


DECISION_SQL = {
    "changing the reading": "UPDATE rulebook_rulingdecision SET reading = 'attacker' "
                            "WHERE ruling_id = %(ruling)s",
    "deleting the decision": "DELETE FROM rulebook_rulingdecision WHERE ruling_id = %(ruling)s",
    "adding a decision": "INSERT INTO rulebook_rulingdecision (ruling_id, point, reading) "
                         "VALUES (%(ruling)s, 'np-scope', 'x')",
}


@pytest.mark.django_db
@pytest.mark.parametrize("route", list(DECISION_SQL))
def test_raw_sql_cannot_change_what_a_published_ruling_decides(small_rulebook, editor,
                                                                publisher, route):
    from django.db import IntegrityError, connection, transaction

    draft = make_draft(small_rulebook["game"], [small_rulebook["clause"]], editor)
    RulingDecision.objects.create(ruling=draft, point="np-defending", reading="self")
    ruling = publish(draft, editor, publisher)
    with pytest.raises(IntegrityError, match="published rules are immutable"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(DECISION_SQL[route], {"ruling": ruling.pk})
    assert list(RulingDecision.objects.values_list("point", "reading")) == [
        ("np-defending", "self")]


def test_the_admin_choices_of_points_and_readings_show_no_placeholder():
    """A reading whose label the calculator fills in when it rules ("The
    card keeps feature %(feature)s …") is offered with "…", never the raw placeholder."""
    from rulebook.calculator.admin import _point_choices, _reading_choices

    labels = [label for choices in (_point_choices(), _reading_choices())
              for _group, items in choices[1:] for _value, label in items]
    assert labels and not [label for label in labels if "%(" in label]
    assert any("The card keeps feature … (… to strike against …)" in label for label in labels)


@pytest.mark.django_db
def test_the_ruling_admin_offers_only_the_open_points_of_the_rulings_game(seeded, client,
                                                                         editor):
    """On a ruling's page the choices are its game's open points and their
    readings; another game's point, posted anyway, is a field error."""
    clause = Clause.objects.get(document__game__slug="power-duell", key=NP_RULES)
    draft = make_draft(clause.document.game, [clause], editor, date=GIVEN,
                       question="Wessen Planet?", answer="Sein eigener.")
    others = [(game, points) for game, points in decisions.choices()
              if game != "power-duell" and points]
    assert others, "another game declares open points"
    foreign = others[0][1][0][0]
    client.force_login(editor)
    page = client.get(f"/admin/rulebook/ruling/{draft.pk}/change/").content.decode()
    points = page[page.index('name="decisions-__prefix__-point"'):]
    points = points[:points.index("</select>")]
    assert 'value="np-defending"' in points
    assert f'value="{foreign}"' not in points and f'label="{others[0][0]}"' not in points
    readings = page[page.index('name="decisions-__prefix__-reading"'):]
    readings = readings[:readings.index("</select>")]
    assert 'label="power-duell: np-defending"' in readings
    assert f'label="{others[0][0]}:' not in readings
