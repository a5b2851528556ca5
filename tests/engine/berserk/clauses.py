"""What the Berserk engine tests share: the seed text of every clause, the words a step's
cited clauses must contain (``STEP_WORDS``, also read by the calculator's step-words test),
the scenarios, and checks every ruling must pass."""

from __future__ import annotations

from engine.berserk import RULESET
from engine.core import Outcome, Ruling

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
    # 108.1 (before-flight): the example's "такая карта ... теряет полёт", the clause's rule
    "The card loses flight; whether it gets back what it had before it gained flight "
    "(%(subtype)s, movement %(movement)s) or its initial subtype is open; both readings are "
    "shown.": ("теряет полёт", "возвращается начальный подтип"),
    # 106.p1
    "The feature against %(element)s applies: the target has that element "
    "(%(bonus)s to strike).": ("против любой карты", "обладающей этой стихией"),
    "The feature against %(element)s (%(bonus)s to strike) does not apply.":
        ("против любой карты, обладающей этой стихией",),
    "The feature against neutral cards applies: the target is a neutral card "
    "(%(bonus)s to strike).": ("кроме нейтральных карт",),
    # 106.p2
    "The cards are neither of the same nor of different elements: %(which)s.":
        ("кроме нейтральных карт", "разных стихий"),
    "The relation of the cards is not ruled on.": ("кроме нейтральных карт", "разных стихий"),
    "Whether the feature against neutral cards applies is not ruled on.":
        ("против любой карты", "кроме нейтральных карт"),
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
    "The card does not have the %(element)s element yet: the ban on gaining an element it "
    "already has does not apply.": ("не может получать стихию", "которую уже имеет"),
    "The gained element is added to the card's elements.":
        ("получать стихию", "заменяет свойство", "той же стихии"),
    "the order of the elements gained together: a gained element that replaces the card's "
    "elements leaves a different element by each order": ("заменяет свойство", "уже имеет"),
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
    "The card becomes a creature with movement %(movement)s.":
        ("приобретает какое-либо свойство", "заменяет свойство"),
    "The effect states movement %(new)s; it replaces the card's movement (%(old)s).":
        ("заменяет свойство", "в той же области"),
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


TIMING_BASE = {"card_type": "creature", "card_subtype": "non-flying", "in_play_zone": True,
               "strike_declared": "none"}


#: Steps only the situation emits (it alone knows the card's elements).
SITUATION_STEP_WORDS = {
    "an ability used instead of movement": ("запас движения",),
    "Feature %(feature)s against target %(target)s: %(step)s": ("особенность", "стихии"),
    "The card and target %(target)s: %(step)s": ("той же стихии",),
    "Change %(number)s changes the card's type to %(type)s; whether it keeps its elements is "
    "open; both readings are shown.": ("меняет свой тип", "не может иметь артефакт",
                                       "Артефакт"),
    "Change %(number)s changes the card's type to %(type)s; whether it keeps feature "
    "%(feature)s (%(bonus)s to strike against %(element)s) is open; both readings are shown.":
        ("особенности, которые не может иметь артефакт", "особенность карты"),
    "Change %(number)s makes the card a creature again; whether it gets back the elements it "
    "lost (%(elements)s) is open; both readings are shown.": ("возвращается начальный подтип",),
    "Change %(number)s gives the card its initial type again; whether it gets back feature "
    "%(feature)s, lost with change %(lost)s, is open; both readings are shown.":
        ("особенности, которые не может иметь артефакт",),
}


HISTORY = {"initial_type": "creature", "initial_subtype": "non-flying",
            "initial_status": "ordinary", "initial_movement": 2, "elements": ["swamp"],
            "turn": "own", "phase": "other", "strike_declared": "none"}


ARTIFACT_BECOMES_CREATURE = {
    "initial_type": "artifact", "initial_status": "ordinary", "in_play_zone": True,
    "changes": [{"change": "become-creature", "subtype": "non-flying", "movement": 2}]}


NOW_HAS = "The card now has %(property)s: it is one of the %(holders)s."


AGAIN = "The card has %(property)s again: it is again one of the %(holders)s."


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


def open_readings(ruling: Ruling, point: str):
    readings = ruling.readings_of(point)
    assert len(readings) == 2 and readings[0].presented_first and readings[0].why.render()
    for reading in readings:  # the ruling's values follow the reading presented first
        assert reading.citations and reading.label.render()
    for value in readings[0].values:
        assert ruling.value(value.name) == value.value
    return readings
