"""Berserk card-text phrasings kept apart from the grammar's tests: written before the
grammar was tuned and never used to tune it; ``bench/cardtext_accuracy.py`` runs them as a
measurement of how often the grammar agrees with a judge's reading.

Each entry: ``text``, the expected ``inputs`` (the situation's ``features`` and ``changes``
items) and the phrases expected ``unread``.
"""

F = "feature_element"
_ENTRIES = (
    ("+4 к удару по степным", [{F: "steppe", "strike_bonus": 4}], [], []),
    ("Карта становится экипировкой.", [], [{"change": "become-equipment"}], []),
    ("Существо теряет полёт.", [], [{"change": "lose-flight"}], []),
    ("Получает горную стихию.", [], [{"change": "gain-element", "element": "mountains"}], []),
    ("Становится самостоятельным существом", [],
     [{"change": "become-creature", "subtype": "independent"}], []),
    ("+1 к удару по картам тьмы", [{F: "darkness", "strike_bonus": 1}], [], []),
    ("Becomes an ordinary card.", [], [{"change": "become-ordinary"}], []),
    ("Loses flight and becomes an artifact.", [],
     [{"change": "lose-flight"}, {"change": "become-artifact"}], []),
    ("+2 to strike against forest creatures", [{F: "forest", "strike_bonus": 2}], [], []),
    ("Erhält Flug.", [], [{"change": "gain-flight"}], []),
    ("Wird zum Gelände.", [], [{"change": "become-terrain"}], []),
    ("Verliert den erworbenen Typ.", [], [{"change": "lose-type"}], []),
    ("Бьёт первым.", [], [], ["Бьёт первым."]),
    ("Может атаковать летающих существ.", [], [], ["Может атаковать летающих существ."]),
    ("+1 к удару за каждую лесную карту в игре", [], [],
     ["+1 к удару за каждую лесную карту в игре"]),
    ("Если атакует, получает полёт.", [], [], ["Если атакует, получает полёт."]),
    ("Становится рядовой и теряет тип", [],
     [{"change": "become-ordinary"}, {"change": "lose-type"}], []),
    ("Gains the darkness element.", [], [{"change": "gain-element", "element": "darkness"}], []),
    ("Становится нелетающим существом с запасом движения 1.", [],
     [{"change": "become-creature", "subtype": "non-flying", "movement": 1}], []),
    ("Теряет стихию болот.", [], [], ["Теряет стихию болот."]),
)


PHRASES = tuple({"text": text, "inputs": {"features": features, "changes": changes},
                 "unread": tuple(unread)} for text, features, changes, unread in _ENTRIES)
