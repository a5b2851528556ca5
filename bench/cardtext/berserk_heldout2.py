"""Berserk second held-out card-text phrasings: a measurement, not a test.

Written blind on 2026-12-05: twenty new phrasings composed from the forms of rules
106–108 and the spec docstring of ``engine.cardtext.berserk``, without reading the
grammar's implementation and with every expectation fixed before the grammar was run on
them.  None is in the corpus or in the first held-out set.  ``bench/cardtext_accuracy.py``'s
``agrees`` compares each.

Each entry: ``text``, the expected ``inputs`` (the situation's ``features`` and ``changes``
items) and the phrases expected ``unread``.
"""

F = "feature_element"
_ENTRIES = (
    # 106.p2: a feature against cards of an element
    ("-1 к удару по лесным картам", [{F: "forest", "strike_bonus": -1}], [], []),
    ("Оно имеет +2 к удару по степным.", [{F: "steppe", "strike_bonus": 2}], [], []),
    ("+3 to strike against mountain cards", [{F: "mountains", "strike_bonus": 3}], [], []),
    ("+2 Schlag gegen Steppenkarten", [{F: "steppe", "strike_bonus": 2}], [], []),
    # 106.p3 / 108.1: gaining an element, changes of type, subtype, status and flight
    ("Эта карта получает стихию гор.", [],
     [{"change": "gain-element", "element": "mountains"}], []),
    ("Становится экипировкой и теряет полёт.", [],
     [{"change": "become-equipment"}, {"change": "lose-flight"}], []),
    ("Становится летающим существом, затем становится элитной.", [],
     [{"change": "become-creature", "subtype": "flying"}, {"change": "become-elite"}], []),
    ("Becomes a symbiote and gains flight.", [],
     [{"change": "become-creature", "subtype": "symbiote"}, {"change": "gain-flight"}], []),
    ("Gains the swamp element and becomes ordinary.", [],
     [{"change": "gain-element", "element": "swamp"}, {"change": "become-ordinary"}], []),
    ("Wird zu einer Kreatur.", [], [{"change": "become-creature"}], []),
    ("Erhält Flug und wird zum Artefakt.", [],
     [{"change": "gain-flight"}, {"change": "become-artifact"}], []),
    ("Становится нелетающим существом с запасом движения 3 и получает стихию степей.", [],
     [{"change": "become-creature", "subtype": "non-flying", "movement": 3},
      {"change": "gain-element", "element": "steppe"}], []),
    ("+1 к удару по нейтральным. Теряет приобретённый тип.",
     [{F: "neutral", "strike_bonus": 1}], [{"change": "lose-type"}], []),
    # outside the forms: a keyword, a condition, "for each", losing an element
    ("Регенерация 2.", [], [], ["Регенерация 2."]),
    ("+2 к удару по болотным, если атакует.", [], [], ["+2 к удару по болотным, если атакует."]),
    ("Gains +1 strike for each flying creature.", [], [],
     ["Gains +1 strike for each flying creature."]),
    ("Loses the forest element.", [], [], ["Loses the forest element."]),
    # a conjunction splits only when every part is understood
    ("Получает полёт и бьёт первым.", [], [], ["Получает полёт и бьёт первым."]),
    # mixed: one sentence understood, the next not
    ("Становится артефактом. Направленный удар.", [], [{"change": "become-artifact"}],
     ["Направленный удар."]),
    ("Loses flight. Cannot be the target of spells.", [], [{"change": "lose-flight"}],
     ["Cannot be the target of spells."]),
)


PHRASES = tuple({"text": text, "inputs": {"features": features, "changes": changes},
                 "unread": tuple(unread)} for text, features, changes, unread in _ENTRIES)
