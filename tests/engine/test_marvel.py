"""Tests of engine.marvel: target validity (Marvel Champions, Referenzhandbuch "Ziel")."""

from __future__ import annotations

import doctest
from typing import Any, Mapping

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import engine.marvel as marvel
from engine.core import Field, FieldKind, InputError, Outcome, Ruling
from engine.marvel import RULESET, TARGET_VALIDITY as SCENARIO

# --------------------------------------------------------------------------
# The seed text, split by clause key (ziel.pN / ziel.pN.M)
# --------------------------------------------------------------------------

CLAUSE_TEXT: dict[str, str] = {
    "ziel.p1": "Falls eine Spielfunktion oder eine Kartenfähigkeit sich auf ein Spielelement "
               "fixiert (z.B. auf einen Angriff, der einem Gegner Schaden zufügt), wird das "
               "Spielelement während der Abhandlung der Funktion oder der Fähigkeit zum Ziel "
               "der Funktion oder der Fähigkeit.",
    "ziel.p2": "Beispiele für mögliche Ziele können unter anderem sein: „der Schurke“, „ein "
               "Scherge“, „ein Gegner“, „ein Plan“, „ein Held“, „ein Verbündeter“, „ein "
               "Charakter“, „ein Spieler“, „du“, „eine Karte“.",
    "ziel.p3": "Verlangt eine Fähigkeit oder Spielfunktion 1 oder mehr Ziele, kann die "
               "Fähigkeit oder Spielfunktion nur eingeleitet werden, falls sie mindestens 1 "
               "gültiges Ziel hat. (Beispiel: Eine Fähigkeit mit dem Text „Füge einem Schergen "
               "5 Schaden zu“ kann nicht eingeleitet werden, falls keine Schergen im Spiel "
               "sind.)",
    "ziel.p3.1": "Basiskräfte sind Spielfunktionen, die ein gültiges Ziel verlangen.",
    "ziel.p3.2": "Die Formulierung „wähle [ein Spielelement]“ gibt an, dass 1 oder mehr Ziele "
                 "ausgewählt werden müssen, damit eine Fähigkeit eingeleitet werden kann.",
    "ziel.p3.3": "Fähigkeiten, die dazu führen, dass ein Spieler 1 oder mehr Karten zieht, "
                 "haben ein gültiges Ziel, solange der Spieler mindestens 1 Karte in seinem "
                 "Deck hat.",
    "ziel.p4": "Ein Ziel ist für eine Fähigkeit oder Spielfunktion gültig, wenn ein beliebiger "
               "Teil der Fähigkeit oder Spielfunktion das Ziel betreffen kann.",
    "ziel.p4.1": "Beispiele für mögliche Effekte auf Ziele können unter anderem sein: Schaden "
                 "zufügen/heilen, Bedrohung hinzufügen/entfernen, eine Statuskarte "
                 "geben/entfernen, ein Ziel erschöpfen / spielbereit machen, ein Ziel "
                 "besiegen/ ablegen.",
    "ziel.p4.2": "Ausnahme: Ein Charakter kann auch mit einem ANG-, PLA- oder WID-Wert von 0 "
                 "eine Aktivierung oder Basiskraft gegen ein Ziel durchführen, das ansonsten "
                 "ein gültiges Ziel für eine solche Aktivierung oder Basiskraft ist. (Beispiel: "
                 "Ein Held mit 0 WID kann seine Basiskraft Widerstand gegen einen Plan mit "
                 "Bedrohung darauf durchführen.)",
    "ziel.p4.3": "Die Kosten einer Fähigkeit oder Spielfunktion werden nicht berücksichtigt, "
                 "wenn überprüft wird, ob eine Fähigkeit oder Spielfunktion ein Ziel betreffen "
                 "kann.",
    "ziel.p4.4": "Falls eine Fähigkeit oder Spielfunktion mehrere Effekte auf ihr Ziel hat, ist "
                 "das Ziel gültig, falls mindestens 1 der Effekte das Ziel betreffen kann.",
    "ziel.p4.5": "Ein Ziel ist für eine Fähigkeit nicht gültig, falls die Fähigkeit dazu führt, "
                 "dass das Ziel eine Spielfunktion durchführen müsste, die dem Ziel von einer "
                 "anderen Fähigkeit untersagt wird. (Beispiel: Ein Charakter hat ein Anhang mit "
                 "dem Text: „Der Charakter mit diesem Anhang kann nicht spielbereit gemacht "
                 "werden.“ Somit ist dieser Charakter kein gültiges Ziel für eine "
                 "Kartenfähigkeit, die ihn wieder spielbereit machen kann.)",
    "ziel.p4.6": "Schaden, der zugefügt, aber nicht genommen wird (wenn Schaden z.B. verhindert "
                 "wird), gilt, als würde er das Ziel betreffen.",
    "ziel.p4.7": "Ein Ziel, das „keinen Schaden nehmen kann“, ist kein gültiges Ziel für eine "
                 "Fähigkeit, die Schaden zufügt.",
    "ziel.p4.8": "Ein Ziel, das nicht angegriffen werden kann, ist kein gültiges Ziel für eine "
                 "Fähigkeit, die als Angriff gekennzeichnet ist.",
    "ziel.p4.9": "Ein Ziel, gegen das kein Widerstand geleistet werden kann, ist kein gültiges "
                 "Ziel für eine Fähigkeit, die als Widerstand gekennzeichnet ist.",
    "ziel.p4.10": "Ein Effekt, der „das [Ziel]“ verwendet, bezieht sich auf das Ziel eines "
                  "vorherigen Effekts und kann nur für ein gültiges Ziel des vorherigen Effekts "
                  "abgehandelt werden. (Beispiel: Eine Fähigkeit mit dem Text „Füge einem "
                  "Gegner 5 Schaden zu. Betäube den Gegner.“ kann nur verwendet werden, um "
                  "einen Gegner zu betäuben, dem Schaden zugefügt werden kann (bzw. der "
                  "Schaden nehmen kann).",
    "ziel.p5": "Eine Fähigkeit oder Spielfunktion, die mehrere Spielelemente eines bestimmten "
               "Typs zum Ziel hat (z.B. „jeder Gegner“), kann eingeleitet werden, wenn sich "
               "unter den Spielelementen mindestens 1 gültiges Ziel befindet.",
    "ziel.p5.1": "Die Fähigkeit oder Spielfunktion wird aber nicht gegen die Spielelemente "
                 "abgehandelt, die keine gültigen Ziele sind. Beispiel: Das Krisensymbol () "
                 "verhindert, dass Bedrohung vom Hauptplan entfernt werden kann. Eine "
                 "Fähigkeit mit dem Text „Entferne 1 Bedrohung von jedem Plan“ kann verwendet "
                 "werden, auch wenn sich ein Krisensymbol im Spiel befindet, solange es "
                 "mindestens 1 Plan gibt, von dem Bedrohung entfernt werden. In diesem Fall "
                 "würde aber keine Bedrohung vom Hauptplan entfernt werden.",
    "ziel.p6": "Eine Fähigkeit, die sich auf ein zukünftiges Ziel bezieht (z.B. auf „die "
               "nächste Karte, die du spielst“), benötigt kein Ziel, um eingeleitet zu werden.",
    "ziel.p7": "Siehe auch: Fähigkeit, Gekennzeichnete Fähigkeit, Kosten, Spielelement, "
               "Wählen (Spielelement)",
}

#: Step message id -> words that appear verbatim in the text of the clause(s) it cites.
STEP_WORDS: dict[str, tuple[str, ...]] = {
    # every assumption cites the clauses in whose scope it came up (the tough status card:
    # prevented damage, ziel.p4.6; what a basic power does: ziel.p1, ziel.p3.1, ziel.p4.2)
    "Assumption from outside the published texts: %(fact)s": ("Ziel",),
    "The cost (%(cost)s) is not considered when checking whether the ability can affect "
    "a target.": ("Kosten", "nicht berücksichtigt"),
    "A Basiskraft is a game function that requires a valid target.":
        ("Basiskräfte", "gültiges Ziel verlangen"),
    "%(actor)s is exhausted; this is not considered for targets.":
        ("Basiskräfte", "Kosten", "nicht berücksichtigt"),
    "The target of the Basiskraft Verteidigung is taken to be the attacking enemy.":
        ("Basiskräfte", "Ziel betreffen"),
    "%(target)s cannot be attacked: not a valid target of the basic power Angriff.":
        ("nicht angegriffen werden", "Basiskräfte"),
    "%(target)s cannot be attacked: not a valid target of an ability labelled Angriff.":
        ("nicht angegriffen werden", "als Angriff gekennzeichnet"),
    "No Widerstand can be performed against %(target)s: not a valid target of the basic "
    "power Widerstand.": ("kein Widerstand geleistet", "Basiskräfte"),
    "No Widerstand can be performed against %(target)s: not a valid target of an ability "
    "labelled Widerstand.": ("kein Widerstand geleistet", "als Widerstand gekennzeichnet"),
    "Effect %(number)s of an ability labelled Widerstand on %(target)s.":
        ("als Widerstand gekennzeichnet",),
    "Another ability forbids it (%(condition)s): %(target)s is not a valid target of "
    "effect %(number)s.": ("von einer anderen Fähigkeit untersagt",),
    "%(actor)s has %(stat)s 0 but may still use the Basiskraft against %(target)s, which is "
    "otherwise a valid target.": ("Wert von 0", "Basiskraft", "ansonsten ein gültiges Ziel"),
    "Effect %(number)s has an amount of 0: %(target)s is not counted as affected.":
        ("Wert von 0", "Ziel betreffen"),
    "Effect %(number)s (%(effect)s) can affect %(target)s.": ("Ziel betreffen",),
    "Effect %(number)s would change nothing on %(target)s (%(what)s): not counted as "
    "affected.": ("Ziel betreffen", "Beispiele für mögliche Effekte"),
    "%(target)s cannot take damage: not a valid target of an effect that deals damage.":
        ("keinen Schaden nehmen kann", "Schaden zufügt"),
    "Damage dealt to %(target)s would be prevented but still counts as affecting it.":
        ("nicht genommen", "verhindert"),
    "A crisis icon is in play: threat cannot be removed from the main scheme, which is not "
    "a valid target of effect %(number)s.": ("Krisensymbol", "vom Hauptplan entfernt"),
    "%(target)s has no threat: not a valid target for removing threat.":
        ("Bedrohung hinzufügen/entfernen", "Plan mit Bedrohung"),
    "%(target)s has %(deck)s cards in the deck: a valid target for drawing.":
        ("Karte in seinem Deck", "Karten zieht"),
    "%(target)s has no card in the deck: not a valid target for drawing.":
        ("Karte in seinem Deck", "Karten zieht"),
    "%(target)s is not attacking: defending cannot affect it.": ("Ziel betreffen",),
    "%(actor)s has VER 0 and is counted as able to defend against %(target)s.":
        ("WID-Wert von 0",),
    "Effect %(number)s refers to a future target and needs no target to be initiated.":
        ("zukünftiges Ziel", "benötigt kein Ziel"),
    "Effect %(number)s fixes on %(type)s; game elements of that kind in play: %(count)s.":
        ("Beispiele für mögliche Ziele", "zum Ziel"),
    "'Charakter' is taken to mean heroes and allies.": ("ein Charakter",),
    "'Karte' is taken to mean the cards in play that the effect can apply to.":
        ("eine Karte",),
    "%(target)s is a valid target: %(count)s of the %(total)s effects on it can affect it.":
        ("mehrere Effekte", "mindestens 1 der Effekte"),
    "Effect %(number)s is not resolved against %(target)s, which is not a valid target.":
        ("nicht gegen die Spielelemente abgehandelt",),
    "Effect %(number)s refers to the targets of an 'each' effect.":
        ("das [Ziel]", "vorherigen Effekts"),
    "%(target)s is not a valid target of the earlier effect: effect %(number)s ('the "
    "[target]') is not resolved against it.":
        ("das [Ziel]", "gültiges Ziel des vorherigen Effekts"),
    "%(target)s stays a valid target through the earlier effect; effect %(number)s does not "
    "affect it.": ("mindestens 1 der Effekte", "vorherigen Effekts"),
    "Effect %(number)s is judged against the game state when the ability is initiated, "
    "not after effect %(earlier)s.": ("Ziel betreffen",),
    "The ability names no target in play and can be initiated without one.":
        ("benötigt kein Ziel",),
    "Effect %(number)s says 'wähle' but has no valid target: the ability cannot be "
    "initiated.": ("wähle", "eingeleitet werden kann"),
    "The ability requires a target and has no valid target: it cannot be initiated.":
        ("gültiges Ziel",),
    "Effect %(number)s targets each of several game elements and %(count)s of them are "
    "valid: it can be initiated.": ("mehrere Spielelemente", "mindestens 1 gültiges Ziel"),
    "Effect %(number)s has a valid target: the ability can be initiated.":
        ("haben ein gültiges Ziel",),
    "Effect %(number)s says 'wähle' and has %(count)s valid targets to choose from: the "
    "ability can be initiated.": ("wähle", "ausgewählt werden"),
    "Effect %(number)s says 'choose %(wanted)s' (wähle) and has %(count)s valid targets, "
    "enough to choose %(wanted)s: the ability can be initiated.": ("wähle", "ausgewählt werden"),
    "Not covered by the published rules: %(what)s": ("wähle", "1 oder mehr Ziele"),
    "Effect %(numbers)s refers to a future target, and the effects that require a target "
    "have no valid target: whether the ability can be initiated is open; both readings are "
    "shown.": ("gültiges Ziel", "zukünftiges Ziel", "benötigt kein Ziel"),
    "Whether effect %(numbers)s ('the [target]') counts toward the validity of the earlier "
    "effect's target is open; both readings are shown.":
        ("das [Ziel]", "mindestens 1 der Effekte", "ein beliebiger Teil"),
    "whether effect %(number)s (%(effect)s) can affect a game element of the kind %(kind)s: "
    "the entry \"Ziel\" lists such effects on targets without saying which game elements "
    "they apply to": ("ein beliebiger Teil", "Beispiele für mögliche Effekte"),
    "Effect %(number)s has %(count)s valid targets, one of which becomes its target: the "
    "ability can be initiated.": ("gültiges Ziel",),
    "Effect %(number)s has no valid target and is not resolved; the ability can still be "
    "initiated.": ("mindestens 1 gültiges Ziel", "beliebiger Teil"),
    "Effect %(number)s has no valid target: if the ability is initiated, it is not "
    "resolved.": ("mindestens 1 gültiges Ziel", "beliebiger Teil"),
    "If the ability is initiated: %(step)s": ("abgehandelt",),
    "As far as its targets decide: %(step)s": ("Ziel", "eingeleitet"),
    "Threat on %(target)s stays %(threat)s.": ("Bedrohung", "nicht gegen die Spielelemente"),
    "%(target)s has only %(before)s threat; %(amount)s is to be removed.":
        ("Bedrohung hinzufügen/entfernen",),
    "Threat on %(target)s: %(before)s becomes %(after)s.":
        ("Bedrohung", "mindestens 1 gültiges Ziel"),
}


# --------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------

def board(**parts: Any) -> dict[str, Any]:
    """JSON-style input: an empty board plus ``parts``."""
    data: dict[str, Any] = {"villain": [], "minions": [], "main_scheme": [],
                            "side_schemes": [], "characters": [], "other_cards": [],
                            "players": []}
    data.update(parts)
    return data


def card(*effects: dict[str, Any], **parts: Any) -> dict[str, Any]:
    return board(kind="card_ability", effects=list(effects), **parts)


def effect(verb: str, selector: str, target_type: str | None = None, **more: Any) -> dict:
    data = {"verb": verb, "selector": selector}
    if target_type is not None:
        data["target_type"] = target_type
    data.update(more)
    return data


def hero(**more: Any) -> dict[str, Any]:
    data = {"kind": "hero", "atk": 2, "thw": 2, "def": 2, "damage": 0}
    data.update(more)
    return data


def ally(**more: Any) -> dict[str, Any]:
    return hero(kind="ally", **more)


def to_form(fields: tuple[Field, ...], data: Mapping[str, Any], prefix: str = "") -> dict:
    """Flatten JSON-style input into form data as a browser would send it."""
    form: dict[str, Any] = {}
    for spec in fields:
        name = prefix + spec.name
        raw = data.get(spec.name)
        if spec.kind is FieldKind.GROUP:
            items = raw or []
            form[name] = str(len(items))
            for index, item in enumerate(items):
                form.update(to_form(spec.fields, item, f"{name}-{index}-"))
        elif raw is None:
            continue
        elif spec.kind is FieldKind.BOOLEAN:
            if raw:
                form[name] = "on"
        elif spec.kind is FieldKind.MULTIPLE_CHOICE:
            form[name] = list(raw)
        else:
            form[name] = str(raw)
    return form


def both(data: dict[str, Any]) -> Ruling:
    """Evaluate JSON-style and as form data; check both agree; return the ruling."""
    ruling = SCENARIO.evaluate(data)
    assert SCENARIO.evaluate_form(to_form(SCENARIO.fields, data)) == ruling
    return ruling


def keys(ruling: Ruling) -> set[str]:
    return {c.key for c in ruling.citations()}


def step_keys(ruling: Ruling, outcome: Outcome | None = None) -> list[tuple[str, ...]]:
    return [tuple(c.key for c in s.citations) for s in ruling.steps
            if outcome is None or s.outcome is outcome]


def decisive(ruling: Ruling) -> tuple[str, ...]:
    """Citations of the last step that decides initiation."""
    for step in reversed(ruling.steps):
        if "initiated" in step.message.id:
            return tuple(c.key for c in step.citations)
    raise AssertionError("no initiation step")


def silent_ids(ruling: Ruling) -> list[str]:
    return [s.message.id for s in ruling.by_outcome(Outcome.SILENT)]


# --------------------------------------------------------------------------
# Judge cases
# --------------------------------------------------------------------------

def test_MC_1_damage_a_minion_with_no_minion_in_play():
    ruling = both(card(effect("deal_damage", "one", "minion", amount=5),
                       villain=[{"damage": 0}], main_scheme=[{"threat": 3}]))
    assert ruling.value("can_initiate") is False
    assert ruling.value("target_required") is True
    assert ruling.value("effect_1_candidates") == ()
    assert ruling.value("effect_1_valid_targets") == ()
    assert decisive(ruling) == ("ziel.p3",)
    assert "ziel.p3" in keys(ruling)


def test_MC_2_remove_threat_from_each_scheme_with_crisis_icon():
    ruling = both(card(effect("remove_threat", "each", "scheme", amount=1),
                       main_scheme=[{"threat": 3}], side_schemes=[{"threat": 2}],
                       crisis_icon=True))
    assert ruling.value("can_initiate") is True
    assert ruling.value("effect_1_candidates") == ("main scheme", "side scheme 1")
    assert ruling.value("effect_1_valid_targets") == ("side scheme 1",)
    assert ruling.value("effect_1_resolves_against") == ("side scheme 1",)
    assert ruling.value("threat_after_side_scheme_1") == 1
    assert ruling.value("threat_after_main_scheme") == 3
    assert decisive(ruling) == ("ziel.p5",)
    assert ("ziel.p5.1",) in step_keys(ruling)
    assert {"ziel.p5", "ziel.p5.1"} <= keys(ruling)


def test_MC_3_remove_threat_from_each_scheme_only_main_scheme_in_play():
    ruling = both(card(effect("remove_threat", "each", "scheme", amount=1),
                       main_scheme=[{"threat": 3}], crisis_icon=True))
    assert ruling.value("can_initiate") is False
    assert ruling.value("effect_1_valid_targets") == ()
    assert ruling.value("effect_1_resolves_against") == ()
    assert decisive(ruling) == ("ziel.p3", "ziel.p5")
    assert {"ziel.p5", "ziel.p5.1"} <= keys(ruling)
    with pytest.raises(KeyError):
        ruling.value("threat_after_main_scheme")


def test_MC_4_hero_with_0_thw_basic_thwart():
    ruling = both(board(kind="basic_thwart", actor=1, characters=[hero(thw=0)],
                        main_scheme=[{"threat": 2}]))
    assert ruling.value("can_initiate") is True
    assert ruling.value("effect_1_valid_targets") == ("main scheme",)
    assert ("ziel.p4.2",) in step_keys(ruling, Outcome.APPLIED)
    assert ("ziel.p3.1",) in step_keys(ruling, Outcome.APPLIED)
    assert decisive(ruling) == ("ziel.p3.1",)
    assert not ruling.by_outcome(Outcome.SILENT)


def test_MC_5_ready_a_character_that_cannot_be_readied():
    ruling = both(card(effect("ready", "one", "character"),
                       characters=[hero(exhausted=True, conditions=["cannot_be_readied"])]))
    assert ruling.value("can_initiate") is False
    assert ruling.value("effect_1_candidates") == ("hero 1",)
    assert ruling.value("effect_1_valid_targets") == ()
    assert ("ziel.p4.5",) in step_keys(ruling, Outcome.APPLIED)
    assert decisive(ruling) == ("ziel.p3",)


def test_MC_6_damage_an_enemy_that_cannot_take_damage():
    ruling = both(card(effect("deal_damage", "one", "enemy", amount=3),
                       minions=[{"damage": 0, "conditions": ["cannot_take_damage"]}]))
    assert ruling.value("can_initiate") is False
    assert ruling.value("effect_1_valid_targets") == ()
    assert ("ziel.p4.7",) in step_keys(ruling, Outcome.APPLIED)
    assert decisive(ruling) == ("ziel.p3",)


def test_MC_6_variant_villain_is_the_only_enemy():
    ruling = both(card(effect("deal_damage", "one", "enemy", amount=3),
                       villain=[{"damage": 0, "conditions": ["cannot_take_damage"]}]))
    assert ruling.value("can_initiate") is False
    assert ruling.value("effect_1_candidates") == ("villain",)
    assert ("ziel.p4.7",) in step_keys(ruling)


def test_MC_7_next_card_you_play_costs_1_less_on_an_empty_board():
    ruling = both(card(effect("future", "future", amount=1)))
    assert ruling.value("can_initiate") is True
    assert ruling.value("target_required") is False
    assert set(keys(ruling)) == {"ziel.p6"}
    assert decisive(ruling) == ("ziel.p6",)


def test_MC_8_draw_1_card_with_1_card_in_deck():
    ruling = both(card(effect("draw", "you", amount=1), players=[{"deck": 1}]))
    assert ruling.value("can_initiate") is True
    assert ruling.value("effect_1_valid_targets") == ("player 1",)
    assert decisive(ruling) == ("ziel.p3.3",)
    assert keys(ruling) == {"ziel.p1", "ziel.p2", "ziel.p3.3"}


# --------------------------------------------------------------------------
# Worked examples, citations, doctests
# --------------------------------------------------------------------------

@pytest.mark.parametrize("example", SCENARIO.examples, ids=lambda e: e.slug)
def test_worked_example(example):
    ruling = SCENARIO.evaluate(example.inputs)
    for name, expected in example.expected.items():
        assert ruling.value(name) == expected, name
    assert example.source in ruling.citations()
    assert example.source in SCENARIO.citations


def test_examples_cover_the_seed_examples():
    assert {e.source.key for e in SCENARIO.examples} == {
        "ziel.p3", "ziel.p4.2", "ziel.p4.5", "ziel.p4.10", "ziel.p5.1", "ziel.p6"}


def test_ruleset_shape():
    assert RULESET.game == "marvel-champions"
    assert RULESET.scenario("target-validity") is SCENARIO
    assert RULESET.documents == (SCENARIO.citations[0].document,)
    for citation in RULESET.citations():
        assert citation.document.game == "marvel-champions"
        assert citation.document.document == "referenzhandbuch"
        assert citation.version == 1
        assert citation.key in CLAUSE_TEXT
    # every clause of the entry except "Siehe auch" is used
    assert {c.key for c in RULESET.citations()} == set(CLAUSE_TEXT) - {"ziel.p7"}


def test_module_doctests():
    result = doctest.testmod(marvel)
    assert result.attempted > 0 and result.failed == 0


# --------------------------------------------------------------------------
# Further rules
# --------------------------------------------------------------------------

def test_cost_is_not_considered():
    ruling = both(dict(card(effect("deal_damage", "one", "minion", amount=2),
                            minions=[{"damage": 0}]), cost=4))
    assert ruling.value("can_initiate") is True
    assert step_keys(ruling)[0] == ("ziel.p4.3",)
    assert ruling.steps[0].message.param_dict() == {"cost": 4}


def test_prevented_damage_still_affects_the_target():
    ruling = both(card(effect("deal_damage", "one", "minion", amount=2),
                       minions=[{"damage": 0, "statuses": ["tough"]},
                                {"damage": 0, "conditions": ["damage_prevented"]}]))
    assert ruling.value("effect_1_valid_targets") == ("minion 1", "minion 2")
    assert step_keys(ruling, Outcome.APPLIED).count(("ziel.p4.6",)) == 2
    # "tough prevents damage" is not in the texts: marked as an assumption
    assert [s.message.param_dict()["fact"].param_dict()["target"].render()
            for s in ruling.by_outcome(Outcome.ASSUMED)] == ["minion 1"]


def test_cannot_take_damage_wins_over_prevention():
    ruling = SCENARIO.evaluate(card(
        effect("deal_damage", "one", "minion", amount=2),
        minions=[{"damage": 0, "statuses": ["tough"], "conditions": ["cannot_take_damage"]}]))
    assert ruling.value("can_initiate") is False
    assert ("ziel.p4.6",) not in step_keys(ruling)


def test_attack_label_and_cannot_be_attacked():
    data = card(effect("deal_damage", "one", "enemy", amount=2),
                minions=[{"damage": 0, "conditions": ["cannot_be_attacked"]}, {"damage": 0}])
    ruling = both(dict(data, labels=["attack"]))
    assert ruling.value("effect_1_valid_targets") == ("minion 2",)
    assert ("ziel.p4.8",) in step_keys(ruling, Outcome.APPLIED)
    unlabelled = SCENARIO.evaluate(data)
    assert unlabelled.value("effect_1_valid_targets") == ("minion 1", "minion 2")
    assert "ziel.p4.8" not in keys(unlabelled)


def test_basic_attack_against_an_enemy_that_cannot_be_attacked_is_silent():
    ruling = both(board(kind="basic_attack", actor=1, characters=[hero(atk=3)],
                        villain=[{"damage": 0, "conditions": ["cannot_be_attacked"]}]))
    assert ruling.value("can_initiate") is False
    assert step_keys(ruling, Outcome.SILENT) == [("ziel.p4.8", "ziel.p3.1")]
    assert decisive(ruling) == ("ziel.p3", "ziel.p3.1")


def test_basic_attack_with_0_atk():
    ruling = both(board(kind="basic_attack", actor=2, characters=[hero(), ally(atk=0)],
                        minions=[{"damage": 0}]))
    assert ruling.value("can_initiate") is True
    assert ruling.value("effect_1_valid_targets") == ("minion 1",)
    zero = [s for s in ruling.steps if s.citations[0].key == "ziel.p4.2"]
    assert len(zero) == 1
    assert zero[0].message.param_dict()["actor"].param_dict() == {"number": 2}
    assert zero[0].message.param_dict()["stat"].id == "ANG"  # a word to translate


def test_thwart_label_and_cannot_be_thwarted():
    data = card(effect("remove_threat", "each", "scheme", amount=2),
                main_scheme=[{"threat": 5}],
                side_schemes=[{"threat": 3, "conditions": ["cannot_be_thwarted"]}],
                labels=["thwart"])
    ruling = both(data)
    assert ruling.value("effect_1_resolves_against") == ("main scheme",)
    assert ruling.value("threat_after_main_scheme") == 3
    assert ruling.value("threat_after_side_scheme_1") == 3
    assert ("ziel.p4.9",) in step_keys(ruling, Outcome.APPLIED)


def test_basic_thwart_against_a_scheme_that_cannot_be_thwarted_is_silent():
    ruling = both(board(kind="basic_thwart", actor=1, characters=[hero()],
                        main_scheme=[{"threat": 2, "conditions": ["cannot_be_thwarted"]}],
                        side_schemes=[{"threat": 1}]))
    assert ruling.value("effect_1_valid_targets") == ("side scheme 1",)
    assert step_keys(ruling, Outcome.SILENT) == [("ziel.p4.9", "ziel.p3.1")]


def test_thwart_label_on_an_enemy_is_silent_about_cannot_be_thwarted():
    ruling = both(card(effect("deal_damage", "one", "villain", amount=1),
                       villain=[{"damage": 0}], labels=["thwart"]))
    assert ruling.value("can_initiate") is True
    assert step_keys(ruling, Outcome.SILENT) == [("ziel.p4.9",)]


def test_threat_cannot_be_removed_is_a_forbidden_game_function():
    ruling = both(card(effect("remove_threat", "one", "main_scheme", amount=1),
                       main_scheme=[{"threat": 4, "conditions": ["threat_cannot_be_removed"]}]))
    assert ruling.value("can_initiate") is False
    assert ("ziel.p4.5",) in step_keys(ruling)


def test_crisis_icon_on_a_side_scheme_protects_the_main_scheme():
    ruling = both(card(effect("remove_threat", "one", "scheme", amount=1),
                       main_scheme=[{"threat": 4}], side_schemes=[{"threat": 0, "crisis": True}]))
    assert ruling.value("can_initiate") is False
    assert ("ziel.p5.1",) in step_keys(ruling)
    assert silent_ids(ruling) == [
        "%(target)s has no threat: not a valid target for removing threat."]


def test_crisis_icon_does_not_stop_placing_threat_on_the_main_scheme():
    ruling = both(card(effect("add_threat", "each", "scheme", amount=2),
                       main_scheme=[{"threat": 4}], side_schemes=[{"threat": 1}],
                       crisis_icon=True))
    assert ruling.value("effect_1_resolves_against") == ("main scheme", "side scheme 1")
    assert ruling.value("threat_after_main_scheme") == 6
    assert ruling.value("threat_after_side_scheme_1") == 3


def test_removing_more_threat_than_there_is_stops_at_0():
    ruling = both(card(effect("remove_threat", "each", "side_scheme", amount=3),
                       side_schemes=[{"threat": 1}, {"threat": 5}, {"threat": 0}]))
    assert ruling.value("effect_1_resolves_against") == ("side scheme 1", "side scheme 2")
    assert ruling.value("threat_after_side_scheme_1") == 0
    assert ruling.value("threat_after_side_scheme_2") == 2
    assert ruling.value("threat_after_side_scheme_3") == 0
    assert len(ruling.by_outcome(Outcome.SILENT)) == 2  # 0 threat; below 0


def test_joint_effects_target_valid_if_one_effect_affects_it():
    """'Heal 3 damage from a character and ready it': p4.4."""
    ruling = both(card(effect("heal", "one", "character", amount=3),
                       effect("ready", "joint"),
                       characters=[hero(exhausted=True), ally(damage=2),
                                   ally(conditions=["cannot_be_readied"])]))
    assert ruling.value("effect_1_valid_targets") == ("hero 1", "ally 2")
    assert ruling.value("effect_1_resolves_against") == ("ally 2",)
    assert ruling.value("effect_2_resolves_against") == ("hero 1",)
    assert step_keys(ruling).count(("ziel.p4.4",)) == 2
    assert ruling.value("can_initiate") is True


def test_the_target_resolves_only_for_valid_targets_of_the_previous_effect():
    ruling = both(card(effect("deal_damage", "one", "enemy", amount=5),
                       effect("give_status", "the", status="stunned"),
                       villain=[{"damage": 0, "statuses": ["stunned"]}],
                       minions=[{"damage": 0, "conditions": ["cannot_take_damage"]}]))
    assert ruling.value("effect_1_valid_targets") == ("villain",)
    # the villain stays valid (damage), stunning it changes nothing
    assert ruling.value("effect_2_resolves_against") == ()
    assert ("ziel.p4.4", "ziel.p4.10") in step_keys(ruling)
    assert ("ziel.p4.10",) in step_keys(ruling)


def test_the_target_after_each_is_silent():
    ruling = both(card(effect("deal_damage", "each", "minion", amount=1),
                       effect("give_status", "the", status="confused"),
                       minions=[{"damage": 0}, {"damage": 0, "conditions": ["cannot_take_damage"]}]))
    assert ruling.value("effect_2_resolves_against") == ("minion 1",)
    assert ("ziel.p4.10", "ziel.p5.1") in step_keys(ruling, Outcome.SILENT)


def test_choose_without_valid_target_blocks_the_ability():
    ruling = both(card(effect("deal_damage", "one", "minion", amount=1),
                       effect("exhaust", "choose", "ally"),
                       minions=[{"damage": 0}], characters=[ally(exhausted=True)]))
    assert ruling.value("can_initiate") is False
    assert decisive(ruling) == ("ziel.p3.2",)
    assert ruling.value("effect_1_resolves_against") == ()


def test_choose_with_valid_target():
    ruling = both(card(effect("discard", "choose", "card"),
                       other_cards=[{"conditions": ["cannot_be_discarded"]}, {}],
                       villain=[{"damage": 0}]))
    assert ruling.value("effect_1_candidates") == ("card 1", "card 2")
    assert ruling.value("effect_1_valid_targets") == ("card 2",)
    assert decisive(ruling) == ("ziel.p3.2",)
    assert step_keys(ruling, Outcome.SILENT) == [("ziel.p2",)]


# --------------------------------------------------------------------------
# "choose N" (wähle): ruled from ziel.p3.2 only
# --------------------------------------------------------------------------

def test_choose_n_with_n_valid_targets_can_be_initiated():
    ruling = both(card(effect("exhaust", "choose", "character", count=2),
                       characters=[hero(), ally(), ally(exhausted=True)]))
    assert ruling.value("can_initiate") is True
    assert ruling.value("effect_1_valid_targets") == ("hero 1", "ally 2")
    assert decisive(ruling) == ("ziel.p3.2",)
    assert ruling.complete


def test_choose_n_with_no_valid_target_cannot_be_initiated():
    ruling = both(card(effect("exhaust", "choose", "character", count=2),
                       characters=[hero(exhausted=True)]))
    assert ruling.value("can_initiate") is False
    assert decisive(ruling) == ("ziel.p3.2",)
    assert ruling.complete


@pytest.mark.parametrize("scenario", [SCENARIO, marvel.SITUATION], ids=["focused", "situation"])
def test_choose_n_with_fewer_than_n_valid_targets_is_not_covered(scenario):
    data = card(effect("deal_damage", "choose", "minion", amount=1, count=3),
                minions=[{"damage": 0}, {"damage": 0, "conditions": ["cannot_take_damage"]},
                         {"damage": 0}])
    ruling = scenario.evaluate(data)
    # the text says only that "1 or more" targets must be chosen: no confident answer
    assert ruling.value("can_initiate") == marvel.NOT_COVERED_VALUE
    assert ruling.value("can_initiate") not in (True, False)
    (step,) = ruling.by_outcome(Outcome.NOT_COVERED)
    assert [c.key for c in step.citations] == ["ziel.p3.2"]
    assert "'choose 3'" in step.message.render() and "only 2 valid" in step.message.render()
    assert not ruling.complete and ruling.verdict.render().startswith("Incomplete")
    assert ruling.value("effect_1_valid_targets") == ("minion 1", "minion 3")


def test_choose_n_is_only_for_choose():
    with pytest.raises(InputError) as error:
        SCENARIO.evaluate(card(effect("exhaust", "one", "character", count=2),
                               characters=[hero()]))
    assert error.value.field == "effects.0.count"
    with pytest.raises(InputError):
        SCENARIO.evaluate(card(effect("exhaust", "choose", "character", count=0),
                               characters=[hero()]))


# --------------------------------------------------------------------------
# What a basic power does is not in the entry "Ziel": marked as assumptions
# --------------------------------------------------------------------------

@pytest.mark.parametrize("kind,stat,keys", [
    ("basic_attack", "atk", ["ziel.p1", "ziel.p3.1"]),
    ("basic_thwart", "thw", ["ziel.p4.2", "ziel.p3.1"]),
])
def test_what_a_basic_power_does_is_an_assumption(kind, stat, keys):
    ruling = both(board(kind=kind, actor=1, characters=[hero(**{stat: 3})],
                        villain=[{"damage": 0}], main_scheme=[{"threat": 2}]))
    (step,) = ruling.by_outcome(Outcome.ASSUMED)
    assert [c.key for c in step.citations] == keys
    assert "(3)" in step.message.render()
    assert ruling.complete and not ruling.settled
    # the damage or threat amount appears only after the assumption that gives it
    first_use = next(i for i, s in enumerate(ruling.steps) if "N = 3" in s.message.render())
    assert ruling.steps.index(step) < first_use


def test_one_effect_without_target_does_not_block_when_another_has_one():
    ruling = both(card(effect("deal_damage", "one", "minion", amount=1),
                       effect("remove_threat", "one", "scheme", amount=1),
                       main_scheme=[{"threat": 2}]))
    assert ruling.value("can_initiate") is True
    assert ruling.value("effect_1_resolves_against") == ()
    assert ruling.value("effect_2_resolves_against") == ("main scheme",)
    assert step_keys(ruling, Outcome.SILENT) == [("ziel.p3", "ziel.p4", "ziel.p3")]


def test_draw_with_empty_deck():
    ruling = both(card(effect("draw", "you", amount=2), players=[{"deck": 0}, {"deck": 5}]))
    assert ruling.value("can_initiate") is False
    assert ruling.value("effect_1_candidates") == ("player 1",)
    assert decisive(ruling) == ("ziel.p3", "ziel.p3.3")


def test_draw_with_empty_deck_and_a_future_target_shows_both_readings():
    """Ziel ¶3 (at least 1 valid target) and ¶6 (a future target needs none) both speak
    to "draw 2; the next card you play costs 1 less" with an empty deck."""
    ruling = both(card(effect("draw", "you", amount=2), effect("future", "future", amount=1),
                       players=[{"deck": 0}]))
    assert ruling.value("can_initiate") is False
    assert decisive(ruling) == ("ziel.p3", "ziel.p6")
    step = ruling.steps[-1]
    assert step.outcome is Outcome.SILENT and step.message.param_dict()["numbers"] == (2,)
    first, other = ruling.readings_of("future-target-initiation")
    assert first.presented_first and first.why.render()
    assert first.value("can_initiate") is False and other.value("can_initiate") is True
    assert other.value("effect_1_resolves_against") == ()
    assert [c.key for c in first.citations] == ["ziel.p3"]
    assert [c.key for c in other.citations] == ["ziel.p6"]
    assert not ruling.settled
    # the cannot-be-initiated step rests on the rule of ¶3, and ¶3.3 for drawing
    cannot = next(s for s in ruling.steps if s.message.id.startswith("The ability requires"))
    assert [c.key for c in cannot.citations] == ["ziel.p3", "ziel.p3.3"]


def test_a_future_target_with_a_valid_draw_target_is_not_open():
    ruling = both(card(effect("draw", "you", amount=2), effect("future", "future", amount=1),
                       players=[{"deck": 3}]))
    assert ruling.value("can_initiate") is True and ruling.readings == ()


def test_each_player_draws():
    ruling = both(card(effect("draw", "each", "player", amount=3),
                       players=[{"deck": 0}, {"deck": 1}, {"deck": 30}]))
    assert ruling.value("can_initiate") is True
    assert ruling.value("effect_1_resolves_against") == ("player 2", "player 3")
    assert decisive(ruling) == ("ziel.p5",)


def test_draw_more_cards_than_in_deck_is_still_valid():
    ruling = SCENARIO.evaluate(card(effect("draw", "one", "player", amount=5),
                                    players=[{"deck": 1}]))
    assert ruling.value("can_initiate") is True
    assert decisive(ruling) == ("ziel.p3", "ziel.p3.3")


def test_heal_undamaged_is_silent():
    ruling = both(card(effect("heal", "one", "character", amount=2),
                       characters=[hero(damage=0)]))
    assert ruling.value("can_initiate") is False
    assert ("ziel.p4", "ziel.p4.1") in step_keys(ruling, Outcome.SILENT)


def test_card_effect_of_0_is_silent():
    ruling = both(card(effect("deal_damage", "one", "minion", amount=0),
                       minions=[{"damage": 0}]))
    assert ruling.value("can_initiate") is False
    assert ("ziel.p4", "ziel.p4.2") in step_keys(ruling, Outcome.SILENT)


def test_status_cards():
    ruling = both(card(effect("give_status", "each", "enemy", status="tough"),
                       villain=[{"damage": 0, "statuses": ["tough"]}],
                       minions=[{"damage": 0, "conditions": ["cannot_get_tough"]},
                                {"damage": 0, "statuses": ["stunned"]}]))
    assert ruling.value("effect_1_resolves_against") == ("minion 2",)
    removal = both(card(effect("remove_status", "one", "enemy", status="stunned"),
                        minions=[{"damage": 0}, {"damage": 0, "statuses": ["stunned"]}]))
    assert removal.value("effect_1_valid_targets") == ("minion 2",)


def test_exhaust_defeat_discard():
    ruling = both(card(effect("exhaust", "each", "character"),
                       characters=[hero(), ally(exhausted=True),
                                   ally(conditions=["cannot_be_exhausted"])]))
    assert ruling.value("effect_1_resolves_against") == ("hero 1",)
    defeat = both(card(effect("defeat", "one", "minion"),
                       minions=[{"damage": 0, "conditions": ["cannot_be_defeated"]}]))
    assert defeat.value("can_initiate") is False
    assert ("ziel.p4.5",) in step_keys(defeat)
    discard = both(card(effect("discard", "one", "side_scheme"), side_schemes=[{"threat": 0}]))
    assert discard.value("can_initiate") is True


def test_basic_defend():
    ruling = both(board(kind="basic_defend", actor=1, characters=[hero(**{"def": 0})],
                        villain=[{"damage": 0, "attacking": True}], minions=[{"damage": 0}]))
    assert ruling.value("can_initiate") is True
    assert ruling.value("effect_1_valid_targets") == ("villain",)
    assert ("ziel.p4.2",) in step_keys(ruling, Outcome.SILENT)
    assert ("ziel.p3.1", "ziel.p4") in step_keys(ruling, Outcome.SILENT)
    nobody = both(board(kind="basic_defend", actor=1, characters=[hero()],
                        minions=[{"damage": 0}]))
    assert nobody.value("can_initiate") is False


def test_exhausted_actor_is_silent_cost():
    ruling = both(board(kind="basic_thwart", actor=1, characters=[hero(exhausted=True)],
                        main_scheme=[{"threat": 1}]))
    assert ruling.value("can_initiate") is True
    assert ("ziel.p3.1", "ziel.p4.3") in step_keys(ruling, Outcome.SILENT)


def test_later_effect_on_the_same_state_is_judged_at_initiation():
    ruling = both(card(effect("ready", "one", "hero"), effect("exhaust", "the"),
                       characters=[hero(exhausted=True)]))
    assert ruling.value("effect_1_resolves_against") == ("hero 1",)
    assert ruling.value("effect_2_resolves_against") == ()
    assert ("ziel.p4", "ziel.p4.10") in step_keys(ruling, Outcome.SILENT)
    unrelated = both(card(effect("ready", "one", "hero"), effect("heal", "joint", amount=1),
                          characters=[hero(exhausted=True, damage=1)]))
    assert not unrelated.by_outcome(Outcome.SILENT)
    defeat = both(card(effect("defeat", "one", "minion"), effect("discard", "the"),
                       minions=[{"damage": 0}]))
    assert ("ziel.p4", "ziel.p4.10") in step_keys(defeat, Outcome.SILENT)


def test_future_plus_targeted_effect_requires_the_target():
    ruling = both(card(effect("deal_damage", "one", "minion", amount=1),
                       effect("future", "future")))
    assert ruling.value("can_initiate") is False
    assert ruling.value("target_required") is True
    assert ("ziel.p6",) in step_keys(ruling)


# --------------------------------------------------------------------------
# Input errors
# --------------------------------------------------------------------------

@pytest.mark.parametrize("data, field", [
    (board(kind="basic_thwart", characters=[hero()]), "actor"),
    (board(kind="basic_thwart", actor=2, characters=[hero()]), "actor"),
    (dict(card(effect("draw", "you", amount=1), players=[{"deck": 1}]), actor=1), "actor"),
    (dict(board(kind="basic_attack", actor=1, characters=[hero()]),
          effects=[effect("ready", "one", "hero")]), "effects"),
    (board(kind="basic_attack", actor=1, characters=[hero()], labels=["attack"]), "labels"),
    (card(), "effects"),
    (card(effect("deal_damage", "one", "minion")), "effects.0.amount"),
    (card(effect("draw", "you", amount=0), players=[{"deck": 1}]), "effects.0.amount"),
    (card(effect("ready", "one", "hero", amount=1)), "effects.0.amount"),
    (card(effect("give_status", "one", "minion")), "effects.0.status"),
    (card(effect("ready", "one", "hero", status="tough")), "effects.0.status"),
    (card(effect("future", "one", "minion")), "effects.0.selector"),
    (card(effect("ready", "future")), "effects.0.selector"),
    (card(effect("ready", "one")), "effects.0.target_type"),
    (card(effect("ready", "the")), "effects.0.selector"),
    (card(effect("ready", "joint")), "effects.0.selector"),
    (card(effect("future", "future"), effect("ready", "the")), "effects.1.selector"),
    (card(effect("ready", "one", "hero"), effect("exhaust", "the", "ally")),
     "effects.1.target_type"),
    (card(effect("draw", "you", "minion", amount=1)), "effects.0.target_type"),
    (card(effect("draw", "you", amount=1)), "players"),
    (card(effect("future", "future", "card")), "effects.0.target_type"),
    (card(effect("draw", "one", "hero", amount=1)), "effects.0.target_type"),
    (card(effect("defend", "one", "enemy")), "effects.0.verb"),
    (card(effect("ready", "one", "hero")) | {"minions": [{"damage": -1}]}, "minions.0.damage"),
    (card(effect("ready", "one", "hero")) | {"villain": [{"damage": 0}, {"damage": 0}]},
     "villain"),
    (card(effect("ready", "one", "hero")) | {"minions": [{"damage": 0,
                                                           "conditions": ["cannot_be_readied"]}]},
     "minions.0.conditions"),
    ({"effects": []}, "kind"),
])
def test_input_errors(data, field):
    with pytest.raises(InputError) as error:
        SCENARIO.evaluate(data)
    assert error.value.field == field
    with pytest.raises(InputError) as form_error:
        SCENARIO.evaluate_form(to_form(SCENARIO.fields, data))
    assert form_error.value.field == field


# --------------------------------------------------------------------------
# Step words and coverage of every step message
# --------------------------------------------------------------------------

def _all_rulings() -> list[Ruling]:
    """Rulings of the examples and of a set of inputs that reach every step."""
    inputs = [example.inputs for example in SCENARIO.examples] + [
        card(effect("deal_damage", "one", "minion", amount=5)),
        card(effect("draw", "you", amount=2), effect("future", "future", amount=1),
             players=[{"deck": 0}]),
        card(effect("remove_threat", "each", "scheme", amount=1),
             main_scheme=[{"threat": 3}], side_schemes=[{"threat": 2}], crisis_icon=True),
        board(kind="basic_thwart", actor=1, characters=[hero(thw=0, exhausted=True)],
              main_scheme=[{"threat": 2, "conditions": ["cannot_be_thwarted"]}],
              side_schemes=[{"threat": 2}], cost=0),
        board(kind="basic_attack", actor=1, characters=[hero()],
              villain=[{"damage": 0, "conditions": ["cannot_be_attacked"]}]),
        board(kind="basic_defend", actor=1, characters=[hero(**{"def": 0})],
              villain=[{"damage": 0, "attacking": True}], minions=[{"damage": 0}]),
        dict(card(effect("deal_damage", "one", "enemy", amount=1),
                  effect("remove_threat", "each", "scheme", amount=3),
                  villain=[{"damage": 0, "conditions": ["cannot_be_attacked"]}],
                  minions=[{"damage": 0, "statuses": ["tough"]},
                           {"damage": 0, "conditions": ["cannot_take_damage"]}],
                  main_scheme=[{"threat": 1, "conditions": ["cannot_be_thwarted"]}],
                  side_schemes=[{"threat": 0}, {"threat": 5}, {"threat": 2}]),
             labels=["attack", "thwart"]),
        card(effect("heal", "one", "character", amount=3), effect("ready", "joint"),
             effect("exhaust", "the"),
             characters=[hero(exhausted=True), ally(damage=1, conditions=["cannot_be_healed"])]),
        card(effect("deal_damage", "each", "minion", amount=0), effect("defeat", "the"),
             minions=[{"damage": 0}]),
        card(effect("deal_damage", "one", "minion", amount=1), effect("exhaust", "choose", "ally"),
             minions=[{"damage": 0}]),
        card(effect("discard", "choose", "card"), effect("draw", "you", amount=1),
             effect("add_threat", "each", "scheme", amount=1),
             other_cards=[{}], players=[{"deck": 0}], main_scheme=[{"threat": 0}]),
        card(effect("give_status", "one", "enemy", status="stunned"),
             effect("remove_status", "joint", status="stunned"),
             minions=[{"damage": 0, "statuses": ["stunned"]}]),
        card(effect("draw", "you", amount=1), players=[{"deck": 3}]),
        card(effect("exhaust", "one", "minion"), minions=[{"damage": 0}]),
        card(effect("future", "future")),
        card(effect("deal_damage", "choose", "minion", amount=1, count=2),
             minions=[{"damage": 0}, {"damage": 0}]),
        card(effect("deal_damage", "choose", "minion", amount=1, count=3),
             minions=[{"damage": 0}, {"damage": 0}]),
        # "choose 3" short of targets: what else the ability does is only "if initiated"
        card(effect("deal_damage", "choose", "minion", amount=1, count=3),
             effect("remove_threat", "each", "scheme", amount=1),
             effect("heal", "one", "villain", amount=1),
             minions=[{"damage": 0}, {"damage": 0}], main_scheme=[{"threat": 3}],
             side_schemes=[{"threat": 2}], crisis_icon=True),
    ]
    return [SCENARIO.evaluate(data) for data in inputs]


KIND_NOT_COVERED = ("whether effect %(number)s (%(effect)s) can affect a game element of the "
                    "kind %(kind)s: the entry \"Ziel\" lists such effects on targets without "
                    "saying which game elements they apply to")


def kinds_not_covered(ruling) -> list:
    """The steps saying the texts do not cover whether an effect can affect a kind."""
    return [step for step in ruling.by_outcome(Outcome.NOT_COVERED)
            if step.message.param_dict()["what"].id == KIND_NOT_COVERED]


def step_key(step) -> str:
    """The id a step's words are listed under: what a step on an input not covered names,
    where that has words of its own, else the step's message id."""
    if step.outcome is Outcome.NOT_COVERED:
        what = step.message.param_dict()["what"].id
        if what in STEP_WORDS:
            return what
    return step.message.id


def test_every_step_message_is_reached_and_has_step_words():
    emitted = {step_key(step) for ruling in _all_rulings() for step in ruling.steps}
    assert emitted == set(STEP_WORDS)


def test_step_words_appear_in_the_cited_clauses():
    for ruling in _all_rulings():
        for step in ruling.steps:
            text = " ".join(CLAUSE_TEXT[c.key] for c in step.citations).lower()
            for word in STEP_WORDS[step_key(step)]:
                assert word.lower() in text, (step.message.id, word)


def test_step_messages_render_and_not_applicable_or_silent_have_reasons():
    for ruling in _all_rulings():
        for step in ruling.steps:
            assert step.message.render()
            if step.outcome is not Outcome.APPLIED:
                assert step.reason is not None and step.reason.render()
        for value in ruling.values:
            assert value.label.render()


def test_field_labels_render():
    def walk(fields):
        for spec in fields:
            assert spec.label.render()
            for choice in spec.choices:
                assert choice.label.render()
            walk(spec.fields)
    walk(SCENARIO.fields)


# --------------------------------------------------------------------------
# Property tests: nothing but a Ruling or an InputError
# --------------------------------------------------------------------------

_junk = st.one_of(st.none(), st.booleans(), st.integers(-5, 300), st.text(max_size=6),
                  st.lists(st.text(max_size=4), max_size=3), st.floats(allow_nan=True))


def _value_for(spec: Field) -> st.SearchStrategy:
    """Mostly well-typed values for ``spec``, sometimes junk."""
    if spec.kind is FieldKind.GROUP:
        item = st.fixed_dictionaries({}, optional={f.name: _value_for(f) for f in spec.fields})
        good = st.lists(item, max_size=spec.max_items + 1)
    elif spec.kind is FieldKind.INTEGER:
        good = st.integers((spec.minimum or 0) - 1, (spec.maximum or 10) + 1)
    elif spec.kind is FieldKind.BOOLEAN:
        good = st.booleans()
    elif spec.kind is FieldKind.CHOICE:
        good = st.sampled_from(spec.choice_values())
    else:
        good = st.lists(st.sampled_from(spec.choice_values()), max_size=3)
    return st.one_of(good, good, good, _junk)


_json_inputs = st.fixed_dictionaries(
    {}, optional={spec.name: _value_for(spec) for spec in SCENARIO.fields})


def _form_strategy() -> st.SearchStrategy:
    def flat(fields, prefix="", depth=0):
        entries = {}
        for spec in fields:
            name = prefix + spec.name
            if spec.kind is FieldKind.GROUP:
                entries[name] = st.one_of(st.sampled_from(["0", "1", "2", "3", "9", "x", ""]),
                                          st.text(max_size=3))
                for index in range(3):
                    entries.update(flat(spec.fields, f"{name}-{index}-", depth + 1))
            elif spec.kind in (FieldKind.CHOICE, FieldKind.MULTIPLE_CHOICE):
                options = st.sampled_from(spec.choice_values() + ("", "bogus"))
                entries[name] = st.one_of(options, st.lists(options, max_size=3))
            elif spec.kind is FieldKind.BOOLEAN:
                entries[name] = st.sampled_from(["on", "", "true", "0", "maybe"])
            else:
                entries[name] = st.one_of(st.integers(-2, 12).map(str), st.text(max_size=4))
        return entries
    return st.fixed_dictionaries({}, optional=flat(SCENARIO.fields))


def _outcome(call, data) -> None:
    try:
        ruling = call(data)
    except InputError as error:
        assert error.message.render()
        return
    assert isinstance(ruling, Ruling)
    assert set(ruling.citations()) <= set(SCENARIO.citations)
    assert isinstance(ruling.value("can_initiate"), bool)
    for step in ruling.steps:
        assert step.message.id in STEP_WORDS


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_json_inputs)
def test_property_json_input(data):
    _outcome(SCENARIO.evaluate, data)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_form_strategy())
def test_property_form_input(data):
    _outcome(SCENARIO.evaluate_form, data)


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=5)),
                    lambda inner: st.one_of(st.lists(inner, max_size=3),
                                            st.dictionaries(st.text(max_size=8), inner,
                                                            max_size=4)),
                    max_leaves=12))
def test_property_arbitrary_json(data):
    _outcome(SCENARIO.evaluate, data)


from tests.engine.situations import marvel_effects as _valid_effects  # noqa: E402


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_valid_effects(), st.integers(0, 3), st.integers(0, 3), st.booleans(), st.integers(0, 3))
def test_property_rules_invariants(effects, minions, threat, crisis, deck):
    """Every generated situation is valid, and its ruling keeps the entry's invariants."""
    data = card(*effects, minions=[{"damage": i % 2, "statuses": ["stunned"] * (i % 2)}
                                   for i in range(minions)],
                main_scheme=[{"threat": threat}], side_schemes=[{"threat": threat + 1}],
                characters=[hero(exhausted=True), ally(damage=1)], other_cards=[{}],
                villain=[{"damage": 1}], players=[{"deck": deck}], crisis_icon=crisis)
    ruling = SCENARIO.evaluate(data)  # no InputError: every example reaches the checks
    n = len(effects)
    any_valid = any(ruling.value(f"effect_{i}_valid_targets") for i in range(1, n + 1))
    open_kinds = kinds_not_covered(ruling)
    # p3/p5: initiated only with a valid target somewhere; open where the texts do not
    # say whether an effect can affect the elements it names
    if ruling.value("target_required") and not any_valid:
        assert ruling.value("can_initiate") is False or (
            open_kinds and ruling.value("can_initiate") == marvel.NOT_COVERED_VALUE)
    for i in range(1, n + 1):
        valid = set(ruling.value(f"effect_{i}_valid_targets"))
        assert valid <= set(ruling.value(f"effect_{i}_candidates"))
        # p5.1 / p4.10: never resolved against an invalid target
        resolves = ruling.value(f"effect_{i}_resolves_against")
        if resolves == marvel.NOT_COVERED_VALUE:  # "choose N" short of targets: texts silent
            assert ruling.value("can_initiate") == marvel.NOT_COVERED_VALUE or open_kinds
            continue
        assert set(resolves) <= valid
        if crisis and effects[i - 1]["verb"] == "remove_threat":
            assert "main scheme" not in ruling.value(f"effect_{i}_resolves_against")
    if not ruling.value("can_initiate"):
        for i in range(1, n + 1):
            assert ruling.value(f"effect_{i}_resolves_against") == ()
    # p3.2: "choose N" is decided only with none or at least N valid targets
    short = [i for i, e in enumerate(effects, 1) if e["selector"] == "choose"
             and 0 < len(ruling.value(f"effect_{i}_valid_targets")) < e["count"]]
    if ruling.value("can_initiate") is not False and short:
        assert ruling.value("can_initiate") == marvel.NOT_COVERED_VALUE
    assert ruling.complete is (ruling.value("can_initiate") != marvel.NOT_COVERED_VALUE
                               and not open_kinds)


def test_an_effect_on_a_kind_the_texts_do_not_name_is_not_covered_not_refused():
    """ziel.p4.1 lists "ein Ziel erschöpfen" without saying which game elements can be
    exhausted: "exhaust a minion" is ruled as not covered, not refused as bad input."""
    ruling = both(card(effect("exhaust", "one", "minion"), minions=[{"damage": 0}]))
    assert ruling.value("can_initiate") == marvel.NOT_COVERED_VALUE
    assert ruling.value("effect_1_candidates") == ("minion 1",)
    assert ruling.value("effect_1_valid_targets") == ()
    assert ruling.complete is False
    (step,) = kinds_not_covered(ruling)
    assert step.message.param_dict()["what"].render() == (
        "whether effect 1 (exhaust) can affect a game element of the kind minion (Scherge): "
        "the entry \"Ziel\" lists such effects on targets without saying which game elements "
        "they apply to")
    assert [c.key for c in step.citations] == ["ziel.p4", "ziel.p4.1"]
    # with a valid target of another effect the ability can be initiated; what the open
    # effect resolves against is not stated as a fact
    mixed = both(card(effect("deal_damage", "one", "minion", amount=1),
                      effect("remove_threat", "the", amount=1), minions=[{"damage": 0}]))
    assert mixed.value("can_initiate") is True
    assert mixed.value("effect_2_resolves_against") == marvel.NOT_COVERED_VALUE
    assert mixed.complete is False and len(kinds_not_covered(mixed)) == 1


def test_drawing_is_by_a_player_and_stays_an_input_error():
    with pytest.raises(InputError) as error:
        SCENARIO.evaluate(card(effect("draw", "one", "hero", amount=1)))
    assert error.value.field == "effects.0.target_type"
    assert error.value.message.render() == (
        "A player draws cards (Ziel ¶3.3): choose the player as the target, or 'you'.")


THE_OPEN = ("Whether effect %(numbers)s ('the [target]') counts toward the validity of the "
            "earlier effect's target is open; both readings are shown.")


def test_damage_then_stun_the_enemy_that_cannot_take_damage_shows_both_readings():
    """ziel.p4.10 (and its example) against ziel.p4/p4.4: not a silent choice."""
    ruling = both(card(effect("deal_damage", "one", "enemy", amount=3),
                       effect("give_status", "the", status="stunned"),
                       villain=[{"damage": 0, "conditions": ["cannot_take_damage"]}]))
    # the values follow ziel.p4.10, presented first
    assert ruling.value("can_initiate") is False
    (step,) = [s for s in ruling.steps if s.message.id == THE_OPEN]
    assert step.outcome is Outcome.SILENT
    assert [c.key for c in step.citations] == ["ziel.p4", "ziel.p4.4", "ziel.p4.10"]
    assert "ziel.p4.4" in keys(ruling)
    assert ruling.open_points() == (marvel.THE_TARGET_POINT,)
    first, other = ruling.readings_of(marvel.THE_TARGET_POINT)
    assert first.presented_first and [c.key for c in first.citations] == ["ziel.p4.10"]
    assert first.value("can_initiate") is False and first.value("effect_2_resolves_against") == ()
    assert [c.key for c in other.citations] == ["ziel.p4", "ziel.p4.4"]
    assert other.value("can_initiate") is True
    assert other.value("effect_1_valid_targets") == ("villain",)
    assert other.value("effect_1_resolves_against") == ()
    assert other.value("effect_2_resolves_against") == ("villain",)
    assert ruling.settled is False
    assert ruling.verdict.id.startswith("Every input is covered by the published rules, but")


def test_the_target_readings_only_where_they_differ():
    ruling = both(card(effect("deal_damage", "one", "enemy", amount=3),
                       effect("give_status", "the", status="stunned"),
                       villain=[{"damage": 0}]))
    assert ruling.readings == () and ruling.value("can_initiate") is True
    assert all(s.message.id != THE_OPEN for s in ruling.steps)
