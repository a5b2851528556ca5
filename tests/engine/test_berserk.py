"""Tests of the Berserk ruleset (engine.berserk): judge cases BK-1..BK-8, worked
examples, clause-word checks, exhaustive sweeps and property-based tests."""

from __future__ import annotations

import itertools
import random
import string

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine.berserk import (
    FLIGHT_ICON, NONE_LABEL, NOT_COVERED_VALUE, NOT_STATED, RULESET, AdditionalProperty, CardType, Element,
    Relation, Status, Subtype,
)
from engine.core import FieldKind, InputError, Outcome, Ruling

# The seed text of each clause key, verbatim (list items and examples joined).
CLAUSE_TEXT: dict[str, str] = {
    '106.p1': (
        'Если особенность карты может быть использована против карты определённой стихии, то эта особенность используется против любой карты, обладающей этой стихией. '
        'ПРИМЕР. Баграх имеет +2 к удару по болотным. Он имеет +2 к удару против любой карты, обладающей болотной стихией. '
    ),
    '106.p2': (
        'Карта А является картой той же стихии, что и карта Б, если есть стихия, к которой принадлежит и карта А, и карта Б. Если такой стихии нет, то карты А и Б - карты разных стихий (кроме нейтральных карт). '
    ),
    '106.p3': (
        'Карта не может получать стихию, которую уже имеет. '
    ),
    '106.3': (
        '106.3. Тип карты. Карта принадлежит к одному из следующих типов: " Существо", " Артефакт", " Местность", " Экипировка", “Условие”. Принадлежность карты к тому или иному типу определяют его базовые свойства. '
    ),
    '106.4': (
        '106.4. Подтип карты – это разновидность существ, артефактов, местностей и экипировок. " Существо" имеет разновидности " летающее существо", " нелетающее существо", " самостоятельное существо" и " симбиот". Артефакты, местности, условия и экипировки не имеют подтипов. '
    ),
    '107.1': (
        '107.1. Кроме базовых и небазовых свойств, указанных в оформлении карты, имеются свойства, которые никак не обозначены на картах. Такие свойства называются дополнительными свойствами и по умолчанию имеются у любой карты соответствующего типа (подтипа). Никакая особенность не может отнять у карты соответствующего типа дополнительные свойства, однако может влиять на возможность их использования. '
        'Дополнительные свойства карт: '
        '· Атака простым ударом (этим свойством обладают все существа в игровой зоне); '
        '· Отражение простого удара (этим свойством обладают все существа в игровой зоне); '
        '· Назначение защитника от простого удара (этим свойством обладают все существа в игровой зоне); '
        '· Закрытие на удар по летающему существу (этим свойством обладают все нелетающие существа в игровой зоне); '
    ),
    '107.2': (
        '107.2. Атака простым ударом и закрытие на удар по летающему существу – это невнезапные (медленные) играемые свойства (имеют вид " : Простой удар", " : В свой следующий ход может 1 раз объявить простой удар по летающему существу противника" ). Они могут быть объявлены игроком только в подфазу Выбора Главной фазы его хода. '
    ),
    '107.3': (
        '107.3. Назначение защитника – это внезапное (быстрое) играемое свойство (имеет вид " : Выступить защитником от простого удара" ); оно может быть объявлено игроком при объявлении простого удара, когда соблюдаются все необходимые условия для использования данного свойства. '
    ),
    '108.p1': (
        'Начальный тип (подтип) – это тип (подтип) карты, который она имеет до начала игры. '
    ),
    '108.1': (
        '108.1. Если карта приобретает какое-либо свойство, то оно заменяет свойство, расположенное в той же области на карте. Например: '
        '· если существо становится артефактом, то оно перестаёт быть существом (теряя при этом свойства и особенности, которые не может иметь артефакт); '
        '· если элитная карта становится рядовой, то она перестаёт быть элитной; '
        '· если нелетающее существо становится летающим, то оно перестаёт обладать свойством " запас движения". '
        'Когда карта меняет свой тип (или подтип), все свойства в поле базовых свойств становятся такими, чтобы соответствовать этому типу (и подтипу) карты. Когда карта теряет тип, но её новый подтип не указан, то карте возвращается начальный подтип (вместе с численными значениями). '
        'Например, если нелетающее существо с запасом движения 2 " получает полёт", то запас движения этого существа заменяется значком " полёт". Если такая карта впоследствии " теряет полёт", то ей возвращается запас движения 2. '
    ),
    '109.p1': (
        'Неигровые элементы – это неигровой текст и служебная информация. '
    ),
    '109.1': (
        '109.1. Неигровые элементы на карте служат для художественного и вспомогательного оформления карты. Неигровые элементы – это: '
        '· легенда; · художественный текст; · автор идеи; · иллюстрация; · значок сета; · порядковый коллекционный номер; '
    ),
}

# Step message id -> words that appear verbatim (case-insensitive) in the cited clauses.
STEP_WORDS: dict[str, tuple[str, ...]] = {
    # 108.1: a gain or loss of flight and a later change of type (open point)
    "Change %(number)s makes the card a creature again without naming a subtype; whether "
    "change %(earlier)s (%(change)s) still applies is open; both readings are shown.": (
        "возвращается начальный подтип", "теряет полёт"),
    # 106.p1
    "The feature against %(element)s applies: the target has that element "
    "(%(bonus)s to strike).": ("против любой карты", "обладающей этой стихией"),
    "The feature against %(element)s (%(bonus)s to strike) does not apply.":
        ("против любой карты, обладающей этой стихией",),
    "The feature against neutral cards is treated like a feature against an "
    "element (стихия).": ("против карты определённой стихии", "кроме нейтральных карт"),
    # 106.p2
    "The cards are neither of the same nor of different elements: %(which)s.":
        ("кроме нейтральных карт", "разных стихий"),
    "Both cards are neutral: whether neutral is an element they share, making them cards of "
    "the same element, is open; both readings are shown.":
        ("кроме нейтральных карт", "той же стихии", "есть стихия"),
    "Both cards have the %(element)s element: they are cards of the same element.":
        ("той же стихии", "принадлежит и карта А, и карта Б"),
    "No element belongs to both cards and neither is neutral: they are cards of "
    "different elements.": ("разных стихий", "такой стихии нет"),
    # 106.p3
    "The card already has the %(element)s element: it does not gain it again, nothing "
    "changes.": ("не может получать стихию", "уже имеет"),
    "The neutral card gains the %(element)s element and is no longer neutral.":
        ("получать стихию", "нейтральных карт"),
    "The card gains the %(element)s element.": ("не может получать стихию",),
    "The gained element is added to the card's elements.":
        ("получать стихию", "заменяет свойство", "той же стихии"),
    # 106.3, 106.4, 108.p1, 108.1
    "Initial type: %(type)s, subtype: %(subtype)s (the ones the card has before the game "
    "starts).": ("начальный тип", "до начала игры", "тип карты"),
    "The card becomes %(status)s.": ("элитной", "рядовой"),
    "The card becomes %(new)s and stops being %(old)s.":
        ("элитная карта становится рядовой", "перестаёт быть элитной"),
    "The card does not gain flight.": ("летающее существо", "не имеют подтипов"),
    "The card gains flight.": ("становится летающим",),
    "The card gains flight: flying creature replaces the subtype %(old)s, and the flight "
    "icon (полёт) replaces its movement %(movement)s.":
        ("получает полёт", "запас движения этого существа заменяется значком"),
    "The card gains flight: flying creature replaces the subtype %(old)s, and the flight "
    "icon (полёт) takes the place of movement.": ("становится летающим", "полёт"),
    "The card loses flight.": ("теряет полёт",),
    "The card loses %(lost)s; no new subtype is named, so it gets back its initial "
    "subtype %(subtype)s with its numeric values (movement %(movement)s).":
        ("возвращается начальный подтип", "вместе с численными значениями",
         "возвращается запас движения 2"),
    "The card loses %(lost)s and becomes a non-flying creature with no stated movement.":
        ("теряет полёт", "начальный подтип"),
    "The card loses an acquired type.": ("до начала игры", "начальный тип"),
    "The card loses the type %(lost)s and gets back its initial type %(type)s and subtype "
    "%(subtype)s, with its numeric values.":
        ("теряет тип", "возвращается начальный подтип", "начальный тип"),
    "The card's type becomes %(type)s.": ("приобретает какое-либо свойство", "заменяет"),
    "Type %(new)s replaces type %(old)s; the card's base properties now match its new "
    "type.": ("меняет свой тип", "поле базовых свойств", "тип карты"),
    "It loses its subtype %(subtype)s and its movement: only creatures have subtypes.":
        ("не имеют подтипов", "перестаёт быть существом"),
    "The card becomes a creature.": ("заменяет свойство",),
    "Subtype %(new)s replaces subtype %(old)s.": ("или подтип", "заменяет свойство"),
    "The effect names its subtype: %(subtype)s.": ("имеет разновидности", "подтип"),
    "No new subtype is named: the card gets back its initial subtype %(subtype)s with its "
    "numeric values (movement %(movement)s).":
        ("новый подтип не указан", "возвращается начальный подтип"),
    "Its base properties now match the new subtype: movement %(movement)s, as the effect "
    "states.": ("поле базовых свойств", "подтипу"),
    "The card gets its initial movement %(movement)s back.":
        ("численными значениями", "начальный"),
    "The card's movement is not stated.": ("поле базовых свойств", "подтипу"),
    "Only creatures have subtypes.": ("не имеют подтипов", "разновидность существ"),
    # 107.1
    "The card no longer has %(property)s: only %(holders)s have it. No feature can take "
    "an additional property away, but this change of type or subtype does, as the card "
    "no longer is of the matching type (subtype).":
        ("никакая особенность не может отнять", "соответствующего типа",
         "перестаёт быть существом"),
    "The card has %(property)s again: it is again one of the %(holders)s.":
        ("соответствующего типа", "этим свойством обладают все"),
    "The card has %(property)s: all %(holders)s have it.": ("этим свойством обладают все",),
    "The card now has %(property)s: it is one of the %(holders)s.":
        ("этим свойством обладают все",),
    "the subtype of a card whose initial type is %(type)s and that becomes a creature with no "
    "subtype named: 108.1 gives back the initial subtype, and the card has none":
        ("возвращается начальный подтип", "до начала игры"),
    "%(card)s is given as neutral and also with the elements %(elements)s; the texts do not "
    "say whether a neutral card can have an element": ("кроме нейтральных карт",),
    "The card does not have %(property)s.": ("этим свойством обладают все",),
    "A feature stops the card from using %(property)s; it keeps the property, as no "
    "feature can take it away.": ("влиять на возможность их использования",
                                  "не может отнять"),
    # 107.2
    "%(property)s is slow (невнезапное) and may not be declared now.":
        ("только в подфазу Выбора Главной фазы его хода",),
    "%(property)s is slow (невнезапное): it may be declared now, in its player's Choice "
    "sub-phase of the Main phase.": ("невнезапные", "подфазу Выбора Главной фазы"),
    # 107.3
    "%(property)s may not be declared now.": ("при объявлении простого удара",),
    "A defender against its own player's simple strike is taken as not allowed.":
        ("при объявлении простого удара", "назначение защитника"),
    "%(property)s is fast (внезапное): it may be declared now, as the opponent declares "
    "a simple strike.": ("внезапное (быстрое)", "при объявлении простого удара"),
    "The other conditions for using this property are taken as met.":
        ("все необходимые условия",),
}

FEATURE = RULESET.scenario("element-feature")
SAME = RULESET.scenario("same-element")
GAIN = RULESET.scenario("element-gain")
REPLACEMENT = RULESET.scenario("property-replacement")
TIMING = RULESET.scenario("timing")

FLIGHT_START = {"initial_type": "creature", "initial_subtype": "non-flying",
                "initial_status": "ordinary", "initial_movement": 2, "in_play_zone": True}


def keys(ruling: Ruling) -> set[str]:
    return {c.key for c in ruling.citations()}


def steps_with(ruling: Ruling, message_id: str):
    return [s for s in ruling.steps if s.message.id == message_id]


def only_step(ruling: Ruling, message_id: str):
    found = steps_with(ruling, message_id)
    assert len(found) == 1, [s.message.id for s in ruling.steps]
    return found[0]


def step_key(step) -> str:
    """The message id a step is known by; a step on an input not covered by what it names."""
    if step.outcome is Outcome.NOT_COVERED:
        return step.message.param_dict()["what"].id
    return step.message.id


def check_ruling(scenario, ruling: Ruling) -> None:
    """Structural invariants every ruling of this module must satisfy."""
    allowed = set(scenario.citations)
    words = {**STEP_WORDS, **SITUATION_STEP_WORDS} if scenario.slug == "situation" \
        else STEP_WORDS
    for step in ruling.steps:
        assert set(step.citations) <= allowed, (step.message.id, step.citations)
        assert all(c.version == 1 and c.document == scenario.citations[0].document
                   for c in step.citations)
        key = step_key(step)
        assert key in words, key
        text = " ".join(CLAUSE_TEXT[c.key] for c in step.citations).lower()
        for word in words[key]:
            assert word.lower() in text, (step.message.id, word, [c.key for c in step.citations])
        step.message.render()
        if step.reason is not None:
            step.reason.render()
    names = [v.name for v in ruling.values]
    assert len(names) == len(set(names))


# --------------------------------------------------------------------------
# Judge cases
# --------------------------------------------------------------------------

def test_BK_1_bagrakh_strikes_swamp_forest():
    data = {"feature_element": "swamp", "strike_bonus": 2, "target_elements": ["swamp", "forest"]}
    for ruling in (FEATURE.evaluate(data),
                   FEATURE.evaluate_form({"feature_element": "swamp", "strike_bonus": "2",
                                          "target_elements": ["swamp", "forest"]})):
        assert ruling.value("strike_bonus") == 2
        assert ruling.value("feature_applies") is True
        assert keys(ruling) == {"106.p1"}
        step = only_step(ruling, "The feature against %(element)s applies: the target has "
                                 "that element (%(bonus)s to strike).")
        assert step.outcome is Outcome.APPLIED
        assert step.message.param_dict() == {"element": Element.SWAMP.label, "bonus": "+2"}
        check_ruling(FEATURE, ruling)


def test_BK_2_bagrakh_strikes_mountains():
    ruling = FEATURE.evaluate({"feature_element": "swamp", "strike_bonus": 2,
                               "target_elements": ["mountains"]})
    assert ruling.value("strike_bonus") == 0
    assert ruling.value("feature_applies") is False
    assert keys(ruling) == {"106.p1"}
    assert ruling.by_outcome(Outcome.APPLIED) == ()
    (step,) = ruling.by_outcome(Outcome.NOT_APPLICABLE)
    assert step.message.id == "The feature against %(element)s (%(bonus)s to strike) does not apply."
    assert step.message.param_dict()["bonus"] == "+2"
    assert step.reason.param_dict() == {"element": Element.SWAMP.label}
    check_ruling(FEATURE, ruling)


def test_BK_3_same_element():
    a = SAME.evaluate({"card_a_elements": ["forest", "swamp"],
                       "card_b_elements": ["swamp", "darkness"]})
    assert a.value("same_element") is True
    assert a.value("different_elements") is False
    assert a.value("relation") == Relation.SAME.label
    assert a.value("shared_elements") == (Element.SWAMP.label,)
    assert keys(a) == {"106.p2"}
    assert [s.outcome for s in a.steps] == [Outcome.APPLIED]
    b = SAME.evaluate_form({"card_a_elements": "forest", "card_b_elements": "mountains"})
    assert b.value("same_element") is False
    assert b.value("different_elements") is True
    assert b.value("relation") == Relation.DIFFERENT.label
    assert b.value("shared_elements") == ()
    assert keys(b) == {"106.p2"}
    for ruling in (a, b):
        check_ruling(SAME, ruling)


def test_BK_4_swamp_creature_gains_swamp():
    for ruling in (GAIN.evaluate({"card_elements": ["swamp"], "gained_elements": ["swamp"]}),
                   GAIN.evaluate_form({"card_elements": "swamp", "gained_elements": "swamp"})):
        assert ruling.value("changed") is False
        assert ruling.value("elements") == (Element.SWAMP.label,)
        assert ruling.value("gained") == ()
        assert ruling.value("not_gained") == (Element.SWAMP.label,)
        assert keys(ruling) == {"106.p3"}
        (step,) = ruling.steps
        assert step.outcome is Outcome.APPLIED
        assert step.message.id.startswith("The card already has the %(element)s element")
        check_ruling(GAIN, ruling)


def test_BK_5_non_flying_gains_then_loses_flight():
    gained = REPLACEMENT.evaluate({**FLIGHT_START, "changes": [{"change": "gain-flight"}]})
    assert gained.value("type") == CardType.CREATURE.label
    assert gained.value("subtype") == Subtype.FLYING.label
    assert gained.value("movement") == FLIGHT_ICON
    assert gained.value("closing") is False
    assert gained.value("simple_strike") is True
    assert {"108.1", "107.1"} <= keys(gained)
    flight = only_step(gained, "The card gains flight: flying creature replaces the subtype "
                               "%(old)s, and the flight icon (полёт) replaces its movement "
                               "%(movement)s.")
    assert flight.outcome is Outcome.APPLIED and [c.key for c in flight.citations] == ["108.1"]
    assert flight.message.param_dict()["movement"] == 2
    lost = [s for s in gained.steps if s.message.id.startswith("The card no longer has")]
    assert len(lost) == 1
    assert lost[0].message.param_dict()["property"] == AdditionalProperty.CLOSING.label
    assert {c.key for c in lost[0].citations} == {"107.1", "108.1"}

    form = {"initial_type": "creature", "initial_subtype": "non-flying",
            "initial_status": "ordinary", "initial_movement": "2", "in_play_zone": "on",
            "changes": "2", "changes-0-change": "gain-flight", "changes-1-change": "lose-flight"}
    for back in (REPLACEMENT.evaluate({**FLIGHT_START, "changes": [
            {"change": "gain-flight"}, {"change": "lose-flight"}]}),
            REPLACEMENT.evaluate_form(form)):
        assert back.value("subtype") == Subtype.NON_FLYING.label
        assert back.value("movement") == 2
        assert back.value("closing") is True
        restore = only_step(back, "The card loses %(lost)s; no new subtype is named, so it gets "
                                  "back its initial subtype %(subtype)s with its numeric values "
                                  "(movement %(movement)s).")
        assert restore.outcome is Outcome.APPLIED
        assert {c.key for c in restore.citations} == {"108.1", "108.p1"}
        again = only_step(back, "The card has %(property)s again: it is again one of the "
                                "%(holders)s.")
        assert [c.key for c in again.citations] == ["107.1"]
        assert {"108.1", "107.1"} <= keys(back)
        check_ruling(REPLACEMENT, back)
    check_ruling(REPLACEMENT, gained)


def test_BK_6_elite_becomes_ordinary():
    data = {"initial_type": "artifact", "initial_status": "elite", "in_play_zone": True,
            "changes": [{"change": "become-ordinary"}]}
    ruling = REPLACEMENT.evaluate(data)
    assert ruling.value("status") == Status.ORDINARY.label
    assert ruling.value("type") == CardType.ARTIFACT.label
    step = only_step(ruling, "The card becomes %(new)s and stops being %(old)s.")
    assert step.outcome is Outcome.APPLIED
    assert [c.key for c in step.citations] == ["108.1"]
    assert step.message.param_dict() == {"new": Status.ORDINARY.label, "old": Status.ELITE.label}
    form = REPLACEMENT.evaluate_form({"initial_type": "creature", "initial_subtype": "flying",
                                      "initial_status": "elite", "changes": "1",
                                      "changes-0-change": "become-ordinary"})
    assert form.value("status") == Status.ORDINARY.label
    assert "108.1" in keys(form)
    check_ruling(REPLACEMENT, ruling)
    check_ruling(REPLACEMENT, form)


TIMING_BASE = {"card_type": "creature", "card_subtype": "non-flying", "in_play_zone": True,
               "strike_declared": "none"}


def test_BK_7_simple_strike_timing():
    a = TIMING.evaluate({**TIMING_BASE, "turn": "own", "phase": "main", "subphase": "choice"})
    b = TIMING.evaluate({**TIMING_BASE, "turn": "opponent", "phase": "main", "subphase": "choice"})
    c = TIMING.evaluate({**TIMING_BASE, "turn": "own", "phase": "main", "subphase": "other"})
    c2 = TIMING.evaluate_form({"card_type": "creature", "card_subtype": "non-flying",
                               "in_play_zone": "on", "strike_declared": "none", "turn": "own",
                               "phase": "other"})
    assert a.value("simple_strike") is True
    assert b.value("simple_strike") is False
    assert c.value("simple_strike") is False
    assert c2.value("simple_strike") is False
    slow_ok = ("%(property)s is slow (невнезапное): it may be declared now, in its player's "
               "Choice sub-phase of the Main phase.")
    slow_no = "%(property)s is slow (невнезапное) and may not be declared now."
    strike = AdditionalProperty.SIMPLE_STRIKE.label
    ok = [s for s in steps_with(a, slow_ok) if s.message.param_dict()["property"] == strike]
    assert len(ok) == 1 and ok[0].outcome is Outcome.APPLIED
    assert [c.key for c in ok[0].citations] == ["107.2"]
    for ruling, reason in ((b, "It is the opponent's turn, not its player's own turn."),
                           (c, "It is not the Choice sub-phase of the Main phase."),
                           (c2, "It is not the Main phase.")):
        no = [s for s in steps_with(ruling, slow_no) if s.message.param_dict()["property"] == strike]
        assert [s.reason.id for s in no] == [reason]
        assert no[0].outcome is Outcome.NOT_APPLICABLE
        assert [k.key for k in no[0].citations] == ["107.2"]
    for ruling in (a, b, c, c2):
        assert "107.2" in keys(ruling)
        check_ruling(TIMING, ruling)


def test_BK_8_defender_assignment():
    a = TIMING.evaluate({**TIMING_BASE, "turn": "opponent", "phase": "main", "subphase": "choice",
                         "strike_declared": "opponent"})
    b = TIMING.evaluate_form({"card_type": "creature", "card_subtype": "non-flying",
                              "in_play_zone": "on", "turn": "own", "phase": "main",
                              "subphase": "choice", "strike_declared": "none"})
    assert a.value("defender") is True
    assert b.value("defender") is False
    fast = only_step(a, "%(property)s is fast (внезапное): it may be declared now, as the "
                        "opponent declares a simple strike.")
    assert fast.outcome is Outcome.APPLIED and [k.key for k in fast.citations] == ["107.3"]
    silent = only_step(a, "The other conditions for using this property are taken as met.")
    assert silent.outcome is Outcome.SILENT and [k.key for k in silent.citations] == ["107.3"]
    no = only_step(b, "%(property)s may not be declared now.")
    assert no.outcome is Outcome.NOT_APPLICABLE and [k.key for k in no.citations] == ["107.3"]
    assert no.message.param_dict()["property"] == AdditionalProperty.DEFENDER.label
    # in its owner's Choice sub-phase the slow properties are allowed, the fast one is not
    assert b.value("simple_strike") is True and b.value("closing") is True
    for ruling in (a, b):
        assert "107.3" in keys(ruling)
        check_ruling(TIMING, ruling)


# --------------------------------------------------------------------------
# Worked examples and ruleset-wide checks
# --------------------------------------------------------------------------

ALL_EXAMPLES = [(s, e) for s in RULESET.scenarios for e in s.examples]


def test_examples_exist():
    slugs = {(s.slug, e.slug) for s, e in ALL_EXAMPLES}
    assert ("element-feature", "bagrakh-swamp") in slugs
    assert ("property-replacement", "gains-flight") in slugs
    assert ("property-replacement", "gains-then-loses-flight") in slugs


@pytest.mark.parametrize("scenario,example", ALL_EXAMPLES,
                         ids=[f"{s.slug}:{e.slug}" for s, e in ALL_EXAMPLES])
def test_example(scenario, example):
    ruling = scenario.evaluate(example.inputs)
    assert example.expected
    for name, expected in example.expected.items():
        assert ruling.value(name) == expected, name
    assert example.source in ruling.citations()
    assert example.source in scenario.citations
    check_ruling(scenario, ruling)


def test_ruleset_shape():
    assert RULESET.game == "berserk"
    assert [s.slug for s in RULESET.scenarios] == [
        "element-feature", "same-element", "element-gain", "property-replacement", "timing",
        "situation"]
    assert {c.key for c in RULESET.citations()} == set(CLAUSE_TEXT)
    for scenario in RULESET.scenarios:
        assert scenario.game == "berserk"
        assert len(set(scenario.citations)) == len(scenario.citations)
        for citation in scenario.citations:
            assert citation.key in CLAUSE_TEXT and citation.version == 1
            assert citation.document == RULESET.documents[0]


def test_step_words_are_in_clause_texts():
    for words in STEP_WORDS.values():
        assert words
        assert any(any(w.lower() in t.lower() for t in CLAUSE_TEXT.values()) for w in words)


# --------------------------------------------------------------------------
# Sweeps: every reachable step is well-cited and its words are in the clauses
# --------------------------------------------------------------------------

REAL = [e.value for e in Element if e is not Element.NEUTRAL]
GAINABLE_SETS = [list(c) for n in range(1, 6) for c in itertools.combinations(REAL, n)]
#: Neutral with elements: no clause excludes it, so it is ruled on (not covered), not refused.
ELEMENT_SETS = GAINABLE_SETS + [["neutral"], ["neutral", "swamp"], ["forest", "neutral", "darkness"]]


def _feature_inputs():
    for feature in [e.value for e in Element]:
        for bonus in (2, -1):
            for target in ELEMENT_SETS:
                yield {"feature_element": feature, "strike_bonus": bonus, "target_elements": target}


def _same_inputs():
    for a in ELEMENT_SETS:
        for b in ELEMENT_SETS:
            yield {"card_a_elements": a, "card_b_elements": b}


def _gain_inputs():
    for card in ELEMENT_SETS:
        for gained in GAINABLE_SETS:
            yield {"card_elements": card, "gained_elements": gained}


CHANGES = ["become-creature", "become-artifact", "become-terrain", "become-equipment",
           "become-condition", "gain-flight", "lose-flight", "lose-type", "become-elite",
           "become-ordinary"]
SUBTYPES = [None, "flying", "non-flying", "independent", "symbiote"]


def _replacement_inputs():
    rng = random.Random(20240601)
    starts = []
    for card_type in [t.value for t in CardType]:
        for subtype in (SUBTYPES if card_type == "creature" else [None]):
            for movement in ((None, 2) if subtype not in (None, "flying") else (None,)):
                for status in ("elite", "ordinary"):
                    for in_play in (True, False):
                        starts.append({"initial_type": card_type, "initial_subtype": subtype,
                                       "initial_status": status, "initial_movement": movement,
                                       "in_play_zone": in_play})
    for start in starts:
        for change in CHANGES:
            yield {**start, "changes": [{"change": change}]}
    for _ in range(4000):
        start = rng.choice(starts)
        changes = []
        for _ in range(rng.randint(0, 6)):
            item = {"change": rng.choice(CHANGES)}
            if item["change"] == "become-creature" and rng.random() < 0.7:
                item["subtype"] = rng.choice(SUBTYPES[1:])
                if rng.random() < 0.4:
                    item["movement"] = rng.randint(0, 4)
            changes.append(item)
        yield {**start, "changes": changes}


def _timing_inputs():
    for card_type in [t.value for t in CardType]:
        for subtype in (SUBTYPES[1:] if card_type == "creature" else [None]):
            for in_play, turn, phase, subphase, strike in itertools.product(
                    (True, False), ("own", "opponent"), ("main", "other"),
                    (None, "choice", "other"), ("none", "own", "opponent")):
                for n in range(4):
                    for prevented in itertools.combinations(
                            ["simple-strike", "closing", "defender"], n):
                        yield {"card_type": card_type, "card_subtype": subtype,
                               "in_play_zone": in_play, "turn": turn, "phase": phase,
                               "subphase": subphase, "strike_declared": strike,
                               "use_prevented": list(prevented)}


SWEEPS = {"element-feature": _feature_inputs, "same-element": _same_inputs,
          "element-gain": _gain_inputs, "property-replacement": _replacement_inputs,
          "timing": _timing_inputs}
_SWEEP_CACHE: dict[str, tuple[set, set, int]] = {}


def sweep(slug: str) -> tuple[set, set, int]:
    """Evaluate every sweep input; return (citations emitted, message ids, rulings)."""
    if slug not in _SWEEP_CACHE:
        scenario = RULESET.scenario(slug)
        cited, ids, count = set(), set(), 0
        for data in SWEEPS[slug]():
            try:
                ruling = scenario.evaluate(data)
            except InputError as error:
                assert error.field
                continue
            check_ruling(scenario, ruling)
            count += 1
            cited.update(ruling.citations())
            ids.update(step_key(s) for s in ruling.steps)
        _SWEEP_CACHE[slug] = (cited, ids, count)
    return _SWEEP_CACHE[slug]


@pytest.mark.parametrize("slug", list(SWEEPS))
def test_sweep_every_declared_citation_is_emitted(slug):
    cited, _ids, count = sweep(slug)
    assert count > 0
    assert cited == set(RULESET.scenario(slug).citations)


def test_sweep_every_step_word_entry_is_reachable():
    emitted = set().union(*(sweep(slug)[1] for slug in SWEEPS))
    assert emitted == set(STEP_WORDS)


# --------------------------------------------------------------------------
# Property-based tests: evaluate gives a Ruling or raises InputError
# --------------------------------------------------------------------------

def _names(fields, prefix=""):
    for spec in fields:
        yield prefix + spec.name
        if spec.kind is FieldKind.GROUP:
            for i in range(3):
                yield from _names(spec.fields, f"{prefix}{spec.name}-{i}-")


def _values(fields):
    result = ["", "0", "1", "2", "-3", "99", "on", "true", "x", "1e3", " 2 "]
    for spec in fields:
        result.extend(spec.choice_values())
        if spec.kind is FieldKind.GROUP:
            result.extend(_values(spec.fields))
    return sorted(set(result))


JSON_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12),
                         st.floats(allow_nan=True), st.text(max_size=12))


def _json_value(scenario):
    choices = st.sampled_from(_values(scenario.fields))
    leaf = st.one_of(JSON_SCALARS, choices, st.lists(choices, max_size=4))
    return st.recursive(leaf, lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from([f.name for s in [scenario] for f in s.fields]
                                        + ["change", "subtype", "movement", "zz"]),
                        inner, max_size=4)), max_leaves=12)


def _json_input(scenario):
    return st.dictionaries(
        st.one_of(st.sampled_from([f.name for f in scenario.fields]), st.text(max_size=5)),
        _json_value(scenario), max_size=10)


def _form_input(scenario):
    value = st.sampled_from(_values(scenario.fields))
    return st.dictionaries(
        st.one_of(st.sampled_from(sorted(set(_names(scenario.fields)))),
                  st.text(string.ascii_lowercase + "-0123456789", max_size=12)),
        st.one_of(value, st.text(max_size=6), st.lists(value, max_size=3)), max_size=16)


def _valid_json(scenario):
    """Inputs that are mostly valid, to reach deep into the evaluator."""
    def field_value(spec):
        if spec.kind is FieldKind.INTEGER:
            return st.one_of(st.none(), st.integers(-2, 25))
        if spec.kind is FieldKind.BOOLEAN:
            return st.booleans()
        if spec.kind is FieldKind.CHOICE:
            return st.one_of(st.none(), st.sampled_from(spec.choice_values()))
        if spec.kind is FieldKind.MULTIPLE_CHOICE:
            return st.lists(st.sampled_from(spec.choice_values()), max_size=4)
        return st.lists(st.fixed_dictionaries({f.name: field_value(f) for f in spec.fields}),
                        max_size=spec.max_items + 1)
    return st.fixed_dictionaries({spec.name: field_value(spec) for spec in scenario.fields})


def _evaluate_or_input_error(scenario, data, form=False):
    try:
        ruling = scenario.evaluate_form(data) if form else scenario.evaluate(data)
    except InputError as error:
        assert isinstance(error.field, str) and error.field
        error.message.render()
        return None
    assert isinstance(ruling, Ruling)
    check_ruling(scenario, ruling)
    return ruling


PROPERTY_SETTINGS = settings(max_examples=150, deadline=None,
                             suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("slug", list(SWEEPS))
@PROPERTY_SETTINGS
@given(data=st.data())
def test_property_arbitrary_json(slug, data):
    scenario = RULESET.scenario(slug)
    _evaluate_or_input_error(scenario, data.draw(_json_input(scenario)))


@pytest.mark.parametrize("slug", list(SWEEPS))
@PROPERTY_SETTINGS
@given(data=st.data())
def test_property_arbitrary_form(slug, data):
    scenario = RULESET.scenario(slug)
    _evaluate_or_input_error(scenario, data.draw(_form_input(scenario)), form=True)


@pytest.mark.parametrize("slug", list(SWEEPS))
@PROPERTY_SETTINGS
@given(data=st.data())
def test_property_mostly_valid_json(slug, data):
    scenario = RULESET.scenario(slug)
    _evaluate_or_input_error(scenario, data.draw(_valid_json(scenario)))


def test_property_json_non_mapping_input():
    for scenario in RULESET.scenarios:
        for bad in (None, [], "x", 3):
            with pytest.raises(InputError):
                scenario.evaluate(bad)


# --------------------------------------------------------------------------
# Rules beyond the judge cases
# --------------------------------------------------------------------------

def test_feature_negative_bonus_and_other_elements():
    ruling = FEATURE.evaluate({"feature_element": "darkness", "strike_bonus": -1,
                               "target_elements": ["steppe", "darkness", "mountains"]})
    assert ruling.value("strike_bonus") == -1
    assert ruling.steps[0].message.param_dict()["bonus"] == "-1"


def test_feature_against_neutral_is_silent():
    hit = FEATURE.evaluate({"feature_element": "neutral", "strike_bonus": 1,
                            "target_elements": ["neutral"]})
    assert hit.value("strike_bonus") == 1
    (silent,) = hit.by_outcome(Outcome.SILENT)
    assert {c.key for c in silent.citations} == {"106.p1", "106.p2"}
    miss = FEATURE.evaluate({"feature_element": "neutral", "strike_bonus": 1,
                             "target_elements": ["forest"]})
    assert miss.value("strike_bonus") == 0
    # a feature against swamp does not hit a neutral card
    neutral = FEATURE.evaluate({"feature_element": "swamp", "strike_bonus": 2,
                                "target_elements": ["neutral"]})
    assert neutral.value("strike_bonus") == 0 and neutral.by_outcome(Outcome.SILENT) == ()


def test_a_neutral_card_with_elements_is_ruled_as_not_covered_not_refused():
    """106 ¶2 sets neutral cards apart but nowhere says a neutral card cannot have an
    element: such a card is ruled on by the clauses and the ruling is incomplete."""
    what = ("%(card)s is given as neutral and also with the elements %(elements)s; the texts "
            "do not say whether a neutral card can have an element")
    for ruling in (FEATURE.evaluate({"feature_element": "swamp", "strike_bonus": 2,
                                     "target_elements": ["neutral", "swamp"]}),
                   FEATURE.evaluate_form({"feature_element": "swamp", "strike_bonus": "2",
                                          "target_elements": ["neutral", "swamp"]})):
        assert ruling.value("strike_bonus") == 2  # 106 ¶1: any card having swamp
        assert ruling.complete is False
        (step,) = ruling.by_outcome(Outcome.NOT_COVERED)
        assert step.message.param_dict()["what"].id == what
        assert step.message.param_dict()["what"].render() == (
            "the target card is given as neutral and also with the elements swamp (болота); "
            "the texts do not say whether a neutral card can have an element")
        assert [c.key for c in step.citations] == ["106.p2"]
        check_ruling(FEATURE, ruling)
    alone = FEATURE.evaluate({"feature_element": "neutral", "strike_bonus": 1,
                              "target_elements": ["neutral"]})
    assert alone.complete is True and alone.value("strike_bonus") == 1
    mixed = SAME.evaluate({"card_a_elements": ["swamp"], "card_b_elements": ["neutral", "swamp"]})
    assert mixed.value("relation") == Relation.SAME.label  # 106 ¶2: swamp belongs to both
    assert mixed.complete is False
    apart = SAME.evaluate({"card_a_elements": ["swamp"], "card_b_elements": ["neutral", "forest"]})
    # 106 ¶2 excepts neutral cards, and whether card B is one is not covered: no fact stated
    assert apart.value("relation") == NOT_COVERED_VALUE
    assert apart.value("same_element") is False  # no element belongs to both
    assert apart.value("different_elements") == NOT_COVERED_VALUE
    assert [s.message.param_dict()["what"].param_dict()["card"].id
            for s in apart.by_outcome(Outcome.NOT_COVERED)] == ["card B"]
    gain = GAIN.evaluate({"card_elements": ["neutral", "swamp"], "gained_elements": ["swamp"]})
    assert gain.value("changed") is False and gain.complete is False
    for ruling, scenario in ((mixed, SAME), (apart, SAME), (gain, GAIN)):
        check_ruling(scenario, ruling)


def test_genuine_element_input_errors_stay_errors():
    with pytest.raises(InputError) as error:
        GAIN.evaluate({"card_elements": ["swamp"], "gained_elements": ["neutral"]})
    assert error.value.field == "gained_elements"
    with pytest.raises(InputError) as error:
        SAME.evaluate({"card_a_elements": [], "card_b_elements": ["forest"]})
    assert error.value.field == "card_a_elements"


@pytest.mark.parametrize("a,b,which", [
    (["neutral"], ["swamp"], "card A is neutral"),
    (["forest", "swamp"], ["neutral"], "card B is neutral"),
])
def test_neutral_cards_are_neither_same_nor_different(a, b, which):
    ruling = SAME.evaluate({"card_a_elements": a, "card_b_elements": b})
    assert ruling.value("relation") == Relation.NEITHER.label
    assert ruling.value("same_element") is False
    assert ruling.value("different_elements") is False
    (step,) = ruling.steps
    assert step.outcome is Outcome.SILENT
    assert step.message.param_dict()["which"].id == which
    assert [c.key for c in step.citations] == ["106.p2"]


def test_two_neutral_cards_show_both_readings_of_neutral_as_a_shared_element():
    """106 ¶2 excepts neutral cards from "different elements" but does not say whether
    neutral is itself an element both cards belong to: both readings are shown."""
    ruling = SAME.evaluate({"card_a_elements": ["neutral"], "card_b_elements": ["neutral"]})
    assert ruling.value("relation") == Relation.NEITHER.label
    assert ruling.value("same_element") is False and ruling.value("different_elements") is False
    (step,) = ruling.steps
    assert step.outcome is Outcome.SILENT and [c.key for c in step.citations] == ["106.p2"]
    first, other = ruling.readings_of("neutral-shared-element")
    assert first.presented_first and first.why.render()
    assert first.value("relation") == Relation.NEITHER.label
    assert first.value("same_element") is False and first.value("shared_elements") == ()
    assert other.value("relation") == Relation.SAME.label
    assert other.value("same_element") is True
    assert other.value("shared_elements") == (Element.NEUTRAL.label,)
    assert [c.key for c in other.citations] == ["106.p2"]
    assert not ruling.settled


@pytest.mark.parametrize("a,b", [(["neutral"], ["swamp"]), (["forest"], ["mountains"]),
                                 (["swamp", "forest"], ["swamp"])])
def test_no_neutral_reading_where_the_readings_agree(a, b):
    assert SAME.evaluate({"card_a_elements": a, "card_b_elements": b}).readings == ()


def test_the_table_shows_the_neutral_readings_per_target():
    from engine.berserk import SITUATION
    ruling = SITUATION.evaluate({**_HISTORY, "elements": ["neutral"],
                                 "targets": [{"elements": ["swamp"]}, {"elements": ["neutral"]}]})
    assert ruling.value("target_2_relation") == Relation.NEITHER.label
    assert "target-1-neutral-shared-element" not in ruling.open_points()
    first, other = ruling.readings_of("target-2-neutral-shared-element")
    assert (first.value("target_2_relation"), other.value("target_2_relation")) == (
        Relation.NEITHER.label, Relation.SAME.label)


def test_several_shared_elements_each_named():
    ruling = SAME.evaluate({"card_a_elements": ["steppe", "forest", "darkness"],
                            "card_b_elements": ["darkness", "steppe"]})
    assert ruling.value("shared_elements") == (Element.STEPPE.label, Element.DARKNESS.label)
    assert [s.message.param_dict()["element"] for s in ruling.steps] == [
        Element.STEPPE.label, Element.DARKNESS.label]


def test_gain_new_and_old_elements():
    ruling = GAIN.evaluate({"card_elements": ["swamp"], "gained_elements": ["swamp", "forest"]})
    assert ruling.value("elements") == (Element.FOREST.label, Element.SWAMP.label)
    assert ruling.value("gained") == (Element.FOREST.label,)
    assert ruling.value("not_gained") == (Element.SWAMP.label,)
    assert ruling.value("changed") is True
    outcomes = [(s.outcome, s.message.param_dict().get("element")) for s in ruling.steps]
    assert outcomes == [(Outcome.NOT_APPLICABLE, Element.FOREST.label),
                        (Outcome.APPLIED, Element.SWAMP.label),
                        (Outcome.SILENT, None)]
    assert {c.key for c in ruling.steps[-1].citations} == {"106.p2", "106.p3", "108.1"}


def test_neutral_card_gains_element():
    ruling = GAIN.evaluate({"card_elements": ["neutral"], "gained_elements": ["darkness"]})
    assert ruling.value("elements") == (Element.DARKNESS.label,)
    (step,) = ruling.steps
    assert step.outcome is Outcome.SILENT
    assert {c.key for c in step.citations} == {"106.p3", "106.p2"}


def test_creature_becomes_artifact_loses_additional_properties():
    ruling = REPLACEMENT.evaluate({**FLIGHT_START, "initial_status": "elite",
                                   "changes": [{"change": "become-artifact"}]})
    assert ruling.value("type") == CardType.ARTIFACT.label
    assert ruling.value("subtype") == NONE_LABEL
    assert ruling.value("movement") == NONE_LABEL
    assert ruling.value("status") == Status.ELITE.label
    assert ruling.value("additional_properties") == ()
    for prop in AdditionalProperty:
        assert ruling.value(prop.value_name) is False
    lost = [s for s in ruling.steps if s.message.id.startswith("The card no longer has")]
    assert [s.message.param_dict()["property"] for s in lost] == [p.label for p in AdditionalProperty]
    assert all("No feature can take" in s.message.id for s in lost)
    kinds = {s.message.id: s for s in ruling.steps}
    assert kinds["It loses its subtype %(subtype)s and its movement: only creatures have "
                 "subtypes."].outcome is Outcome.APPLIED
    assert kinds["Only creatures have subtypes."].outcome is Outcome.SILENT
    assert {"106.3", "106.4", "107.1", "108.1", "108.p1"} == keys(ruling)


def test_artifact_becomes_creature_of_a_named_subtype():
    # with no subtype named: see test_an_artifact_that_becomes_a_creature_with_no_subtype_...
    data = {"initial_type": "artifact", "initial_status": "ordinary", "in_play_zone": True,
            "changes": [{"change": "become-creature", "subtype": "non-flying", "movement": 3}]}
    ruling = REPLACEMENT.evaluate(data)
    assert ruling.value("type") == CardType.CREATURE.label
    assert ruling.value("subtype") == Subtype.NON_FLYING.label
    assert ruling.value("movement") == 3
    assert ruling.value("closing") is True
    data["changes"] = [{"change": "become-creature", "subtype": "independent"}]
    ruling = REPLACEMENT.evaluate(data)
    assert ruling.value("movement") == NOT_STATED
    assert ruling.value("closing") is False
    silent = [s.message.id for s in ruling.by_outcome(Outcome.SILENT)]
    assert "The card's movement is not stated." in silent
    assert "The card does not have %(property)s." in silent  # independent: closing SILENT


def test_creature_back_from_artifact_gets_initial_subtype_and_movement():
    ruling = REPLACEMENT.evaluate({**FLIGHT_START, "changes": [
        {"change": "become-artifact"}, {"change": "become-creature"}]})
    assert ruling.value("subtype") == Subtype.NON_FLYING.label
    assert ruling.value("movement") == 2
    step = only_step(ruling, "No new subtype is named: the card gets back its initial subtype "
                             "%(subtype)s with its numeric values (movement %(movement)s).")
    assert {c.key for c in step.citations} == {"108.1", "108.p1"}


def test_lose_type_restores_initial_type():
    ruling = REPLACEMENT.evaluate({**FLIGHT_START, "changes": [
        {"change": "become-terrain"}, {"change": "lose-type"}]})
    assert ruling.value("type") == CardType.CREATURE.label
    assert ruling.value("movement") == 2
    assert ruling.value("simple_strike") is True
    restore = [s for s in ruling.by_outcome(Outcome.SILENT)
               if s.message.id.startswith("The card loses the type")]
    assert len(restore) == 1
    nothing = REPLACEMENT.evaluate({**FLIGHT_START, "changes": [{"change": "lose-type"}]})
    (na,) = nothing.by_outcome(Outcome.NOT_APPLICABLE)
    assert na.message.id == "The card loses an acquired type."


def test_flying_creature_losing_flight_is_silent():
    ruling = REPLACEMENT.evaluate({"initial_type": "creature", "initial_subtype": "flying",
                                   "initial_status": "ordinary", "in_play_zone": True,
                                   "changes": [{"change": "lose-flight"}]})
    assert ruling.value("subtype") == Subtype.NON_FLYING.label
    assert ruling.value("movement") == NOT_STATED
    assert ruling.value("closing") is True
    assert any(s.message.id.startswith("The card loses %(lost)s and becomes a non-flying")
               for s in ruling.by_outcome(Outcome.SILENT))


def test_gain_flight_needs_a_creature_and_repeats_are_not_applicable():
    artifact = REPLACEMENT.evaluate({"initial_type": "artifact", "initial_status": "ordinary",
                                     "changes": [{"change": "gain-flight"}]})
    assert artifact.value("type") == CardType.ARTIFACT.label
    (step,) = artifact.by_outcome(Outcome.NOT_APPLICABLE)[:1]
    assert step.message.id == "The card does not gain flight." and step.citations[0].key == "106.4"
    twice = REPLACEMENT.evaluate({**FLIGHT_START, "changes": [
        {"change": "gain-flight"}, {"change": "gain-flight"}, {"change": "become-ordinary"}]})
    assert twice.value("subtype") == Subtype.FLYING.label
    ids = [s.message.id for s in twice.by_outcome(Outcome.NOT_APPLICABLE)]
    assert "The card gains flight." in ids and "The card becomes %(status)s." in ids


def test_become_creature_subtype_change_and_flight_via_subtype():
    ruling = REPLACEMENT.evaluate({**FLIGHT_START, "changes": [
        {"change": "become-creature", "subtype": "flying"}]})
    assert ruling.value("movement") == FLIGHT_ICON
    ruling = REPLACEMENT.evaluate({**FLIGHT_START, "changes": [
        {"change": "become-creature", "subtype": "symbiote", "movement": 1},
        {"change": "become-creature", "subtype": "non-flying"}]})
    assert ruling.value("subtype") == Subtype.NON_FLYING.label
    assert ruling.value("movement") == 2  # the initial value, assumed (SILENT)
    assert "The card gets its initial movement %(movement)s back." in [
        s.message.id for s in ruling.by_outcome(Outcome.SILENT)]


def test_not_in_play_zone_has_no_additional_properties():
    ruling = REPLACEMENT.evaluate({**FLIGHT_START, "in_play_zone": False, "changes": []})
    assert ruling.value("additional_properties") == ()
    reasons = {s.reason.id for s in ruling.by_outcome(Outcome.NOT_APPLICABLE)}
    assert reasons == {"Only %(holders)s have it; the card is not in the play zone."}


@pytest.mark.parametrize("data,field", [
    ({"initial_type": "creature", "initial_status": "elite"}, "initial_subtype"),
    ({"initial_type": "artifact", "initial_subtype": "flying", "initial_status": "elite"},
     "initial_subtype"),
    ({"initial_type": "creature", "initial_subtype": "non-flying", "initial_status": "elite"},
     "initial_movement"),
    ({"initial_type": "creature", "initial_subtype": "flying", "initial_movement": 1,
      "initial_status": "elite"}, "initial_movement"),
    ({**FLIGHT_START, "changes": [{"change": "gain-flight", "subtype": "flying"}]},
     "changes.0.subtype"),
    ({**FLIGHT_START, "changes": [{"change": "gain-flight"},
                                  {"change": "become-creature", "movement": 2}]},
     "changes.1.movement"),
    ({**FLIGHT_START, "initial_movement": 21}, "initial_movement"),
    ({**FLIGHT_START, "changes": [{"change": "fly"}]}, "changes.0.change"),
    ({**FLIGHT_START, "changes": [{}] * 13}, "changes"),
])
def test_replacement_input_errors(data, field):
    with pytest.raises(InputError) as error:
        REPLACEMENT.evaluate(data)
    assert error.value.field == field


def test_timing_prevented_use_keeps_property():
    ruling = TIMING.evaluate({**TIMING_BASE, "turn": "own", "phase": "main",
                              "subphase": "choice", "use_prevented": ["simple-strike"]})
    assert ruling.value("simple_strike") is False
    assert ruling.value("closing") is True
    step = only_step(ruling, "A feature stops the card from using %(property)s; it keeps the "
                             "property, as no feature can take it away.")
    assert step.outcome is Outcome.APPLIED and step.citations[0].key == "107.1"


def test_timing_flying_creature_cannot_close():
    ruling = TIMING.evaluate({**TIMING_BASE, "card_subtype": "flying", "turn": "own",
                              "phase": "main", "subphase": "choice"})
    assert ruling.value("simple_strike") is True and ruling.value("closing") is False


def test_timing_outside_play_zone_and_non_creatures():
    for data in ({**TIMING_BASE, "in_play_zone": False},
                 {**TIMING_BASE, "card_type": "equipment", "card_subtype": None}):
        ruling = TIMING.evaluate({**data, "turn": "own", "phase": "main", "subphase": "choice"})
        assert [v.value for v in ruling.values] == [False, False, False]
        assert {c.key for c in ruling.citations()} == {"107.1"}


def test_timing_defender_against_own_strike_is_silent():
    ruling = TIMING.evaluate({**TIMING_BASE, "turn": "own", "phase": "main",
                              "subphase": "choice", "strike_declared": "own"})
    assert ruling.value("defender") is False
    step = only_step(ruling, "A defender against its own player's simple strike is taken as "
                             "not allowed.")
    assert step.outcome is Outcome.SILENT and step.citations[0].key == "107.3"


def test_timing_all_slow_conditions_reported():
    ruling = TIMING.evaluate({**TIMING_BASE, "turn": "opponent", "phase": "other"})
    slow_no = "%(property)s is slow (невнезапное) and may not be declared now."
    reasons = [s.reason.id for s in steps_with(ruling, slow_no)
               if s.message.param_dict()["property"] == AdditionalProperty.CLOSING.label]
    assert reasons == ["It is the opponent's turn, not its player's own turn.",
                       "It is not the Main phase."]


@pytest.mark.parametrize("data,field", [
    ({**TIMING_BASE, "card_subtype": None, "turn": "own", "phase": "other"}, "card_subtype"),
    ({**TIMING_BASE, "card_type": "terrain", "turn": "own", "phase": "other"}, "card_subtype"),
    ({**TIMING_BASE, "turn": "own", "phase": "main"}, "subphase"),
    ({**TIMING_BASE, "turn": "own", "phase": "other", "subphase": "choice"}, "subphase"),
    ({**TIMING_BASE, "turn": "own", "phase": "main", "subphase": "choice",
      "strike_declared": "opponent"}, "strike_declared"),
    ({**TIMING_BASE, "turn": "opponent", "phase": "main", "subphase": "other",
      "strike_declared": "opponent"}, "strike_declared"),
    ({**TIMING_BASE, "phase": "main", "subphase": "choice"}, "turn"),
])
def test_timing_input_errors(data, field):
    with pytest.raises(InputError) as error:
        TIMING.evaluate(data)
    assert error.value.field == field


def test_fields_render_as_plain_forms():
    allowed = {FieldKind.INTEGER, FieldKind.BOOLEAN, FieldKind.CHOICE,
               FieldKind.MULTIPLE_CHOICE, FieldKind.GROUP}
    for scenario in RULESET.scenarios:
        for spec in scenario.fields:
            assert spec.kind in allowed
            spec.label.render()
            for choice in spec.choices:
                choice.label.render()
            for sub in spec.fields:
                assert sub.kind in allowed - {FieldKind.GROUP}


def test_module_doctests():
    import doctest

    import engine.berserk

    result = doctest.testmod(engine.berserk)
    assert result.attempted >= 5 and result.failed == 0


def test_movement_without_a_change_of_subtype_is_rejected():
    data = {**FLIGHT_START, "changes": [
        {"change": "become-creature", "subtype": "non-flying", "movement": 3}]}
    with pytest.raises(InputError) as error:
        REPLACEMENT.evaluate(data)
    assert error.value.field == "changes.0.movement"
    with pytest.raises(InputError):
        REPLACEMENT.evaluate_form({"initial_type": "creature", "initial_subtype": "non-flying",
                                   "initial_status": "elite", "initial_movement": "2",
                                   "changes": "1", "changes-0-change": "become-creature",
                                   "changes-0-subtype": "non-flying", "changes-0-movement": "3"})


# --------------------------------------------------------------------------
# Open points of a history: elements of an artifact, flight after a type change
# --------------------------------------------------------------------------

#: Steps only the situation emits (it alone knows the card's elements).
SITUATION_STEP_WORDS = {
    "an ability used instead of movement": ("запас движения",),
    "Feature %(feature)s against target %(target)s: %(step)s": ("особенность", "стихии"),
    "The card and target %(target)s: %(step)s": ("той же стихии",),
    "Change %(number)s changes the card's type to %(type)s; whether it keeps its elements is "
    "open; both readings are shown.": ("меняет свой тип", "не может иметь артефакт",
                                       "Артефакт"),
    "A feature may restrict the use of additional properties but never takes them away.":
        ("может влиять на возможность их использования", "не может отнять"),
}

_HISTORY = {"initial_type": "creature", "initial_subtype": "non-flying",
            "initial_status": "ordinary", "initial_movement": 2, "elements": ["swamp"],
            "turn": "own", "phase": "other", "strike_declared": "none"}


def _open(ruling: Ruling, point: str):
    readings = ruling.readings_of(point)
    assert len(readings) == 2 and readings[0].presented_first and readings[0].why.render()
    for reading in readings:  # the ruling's values follow the reading presented first
        assert reading.citations and reading.label.render()
    for value in readings[0].values:
        assert ruling.value(value.name) == value.value
    return readings


def test_elements_of_a_card_that_becomes_an_artifact_are_an_open_point():
    from engine.berserk import SITUATION
    ruling = SITUATION.evaluate({**_HISTORY, "changes": [
        {"change": "become-artifact"}, {"change": "gain-element", "element": "forest"}]})
    keeps, loses = _open(ruling, "change-1-elements")
    assert keeps.value("elements") == (Element.FOREST.label, Element.SWAMP.label)
    assert loses.value("step_1_elements") == () and loses.value("elements") == (
        Element.FOREST.label,)
    assert {c.key for c in keeps.citations} == {"108.1", "106.p2"}
    assert {c.key for c in loses.citations} == {"108.1", "106.3"}
    (step,) = [s for s in ruling.by_outcome(Outcome.SILENT)
               if s.message.id in SITUATION_STEP_WORDS]
    text = " ".join(CLAUSE_TEXT[c.key] for c in step.citations)
    for word in SITUATION_STEP_WORDS[step.message.id]:
        assert word in text
    assert not ruling.settled


def test_a_neutral_card_that_becomes_an_artifact_has_no_elements_to_keep():
    from engine.berserk import SITUATION
    ruling = SITUATION.evaluate({**_HISTORY, "elements": ["neutral"],
                                 "changes": [{"change": "become-artifact"}]})
    assert not ruling.readings


@pytest.mark.parametrize("scenario_slug", ["property-replacement", "situation"])
def test_lost_flight_after_a_change_of_type_shows_both_readings(scenario_slug):
    scenario = RULESET.scenario(scenario_slug)
    data = {**_HISTORY, "initial_subtype": "flying", "initial_movement": None,
            "changes": [{"change": "lose-flight"}, {"change": "become-artifact"},
                        {"change": "become-creature"}]}
    if scenario_slug == "property-replacement":
        data = {k: v for k, v in data.items() if k.startswith("initial") or k == "changes"}
    ruling = scenario.evaluate(data)
    back, persists = _open(ruling, "change-3-flight")
    assert back.value("subtype") == Subtype.FLYING.label  # 108.1: the initial subtype
    assert persists.value("subtype") == Subtype.NON_FLYING.label
    assert {c.key for c in back.citations} == {"108.1", "108.p1"}
    assert "loses flight" in persists.label.render()


def test_gained_flight_after_a_change_of_type_shows_both_readings():
    from engine.berserk import SITUATION
    ruling = SITUATION.evaluate({**_HISTORY, "changes": [
        {"change": "gain-flight"}, {"change": "become-artifact"}, {"change": "become-creature"},
        {"change": "become-elite"}]})
    back, persists = _open(ruling, "change-3-flight")
    assert (back.value("step_3_movement"), back.value("movement")) == (2, 2)
    assert persists.value("movement") == FLIGHT_ICON
    assert ruling.value("movement") == 2  # the values follow 108.1's initial subtype


def test_no_open_point_where_both_readings_agree():
    from engine.berserk import SITUATION
    # a non-flying creature loses flight it gained: its initial subtype is non-flying anyway
    ruling = SITUATION.evaluate({**_HISTORY, "changes": [
        {"change": "gain-flight"}, {"change": "lose-flight"}, {"change": "become-artifact"},
        {"change": "become-creature"}]})
    assert [p for p in ruling.open_points() if p.endswith("flight")] == []


def test_each_feature_and_relation_step_names_its_feature_and_target():
    """A judge with two features and two targets read "The feature against swamp applies"
    and "… does not apply" without knowing which target each was about."""
    from engine.berserk import SITUATION
    ruling = SITUATION.evaluate({**_HISTORY, "elements": ["swamp", "forest"],
                                 "features": [{"feature_element": "swamp", "strike_bonus": 2},
                                              {"feature_element": "mountains",
                                               "strike_bonus": 1}],
                                 "targets": [{"elements": ["swamp", "darkness"]},
                                             {"elements": ["mountains"]}]})
    about = [s.message.param_dict() for s in ruling.steps
             if s.message.id in SITUATION_STEP_WORDS]
    pairs = {(p.get("feature"), p["target"]) for p in about}
    assert {(1, 1), (1, 2), (2, 1), (2, 2), (None, 1), (None, 2)} <= pairs
    for step in ruling.steps:
        if step.message.id in SITUATION_STEP_WORDS:
            text = " ".join(CLAUSE_TEXT[c.key] for c in step.citations)
            for word in SITUATION_STEP_WORDS[step.message.id]:
                assert word in text, (step.message.id, word)


ARTIFACT_BECOMES_CREATURE = {
    "initial_type": "artifact", "initial_status": "ordinary", "in_play_zone": True,
    "changes": [{"change": "become-creature", "subtype": "non-flying", "movement": 2}]}
NOW_HAS = "The card now has %(property)s: it is one of the %(holders)s."
AGAIN = "The card has %(property)s again: it is again one of the %(holders)s."


def test_an_artifact_that_becomes_a_creature_gets_its_properties_not_again():
    """"Again" (снова) only for a property the card had before in its history."""
    situation = RULESET.scenario("situation")
    situation_inputs = {**ARTIFACT_BECOMES_CREATURE, "elements": ["swamp"], "turn": "own",
                        "phase": "main", "subphase": "choice", "strike_declared": "none"}
    for scenario, data in ((REPLACEMENT, ARTIFACT_BECOMES_CREATURE),
                           (situation, situation_inputs)):
        ruling = scenario.evaluate(data)
        assert steps_with(ruling, AGAIN) == []
        assert [s.message.param_dict()["property"] for s in steps_with(ruling, NOW_HAS)] == [
            p.label for p in AdditionalProperty]
        check_ruling(scenario, ruling)
    back = REPLACEMENT.evaluate({**FLIGHT_START, "changes": [
        {"change": "become-artifact"},
        {"change": "become-creature", "subtype": "non-flying", "movement": 2}]})
    assert len(steps_with(back, AGAIN)) == 4 and steps_with(back, NOW_HAS) == []


def test_each_property_is_stated_once_for_an_artifact_that_becomes_a_creature():
    situation = RULESET.scenario("situation")
    ruling = situation.evaluate({**ARTIFACT_BECOMES_CREATURE, "elements": ["swamp"],
                                 "turn": "own", "phase": "main", "subphase": "choice",
                                 "strike_declared": "none"})
    about = [(s.message.id, s.message.param_dict().get("property")) for s in ruling.steps
             if s.message.id.startswith("The card") and "property" in s.message.param_dict()]
    assert about == [(NOW_HAS, p.label) for p in AdditionalProperty]
    assert ruling.value("simple_strike_now") is True and ruling.value("closing_now") is True
    assert len(ruling.steps) == 12
    replacement = REPLACEMENT.evaluate(ARTIFACT_BECOMES_CREATURE)
    assert [s.message.id for s in replacement.steps].count(NOW_HAS) == 4
    assert not steps_with(replacement, "The card has %(property)s: all %(holders)s have it.")


def test_an_artifact_that_becomes_a_creature_with_no_subtype_named_is_not_refused():
    """108.1 gives back the initial subtype; an artifact has none.  The texts do not say
    what the card's subtype is: not covered (incomplete), not an input error."""
    data = {"initial_type": "artifact", "initial_status": "ordinary", "in_play_zone": True,
            "changes": [{"change": "become-creature"}]}
    situation = RULESET.scenario("situation")
    for scenario, inputs in ((REPLACEMENT, data), (situation, {
            **data, "elements": ["swamp"], "turn": "own", "phase": "main",
            "subphase": "choice", "strike_declared": "none"})):
        ruling = scenario.evaluate(inputs)
        assert ruling.value("type") == CardType.CREATURE.label
        assert ruling.value("subtype").id == "not stated"
        assert ruling.value("movement").id == "not stated"
        # 107.1 gives closing to non-flying creatures, and the subtype is not covered
        assert ruling.value("closing") == NOT_COVERED_VALUE
        assert ruling.value("simple_strike") is True
        (step,) = ruling.by_outcome(Outcome.NOT_COVERED)
        assert {c.key for c in step.citations} == {"108.1", "108.p1"}
        assert ruling.complete is False
        check_ruling(scenario, ruling)
