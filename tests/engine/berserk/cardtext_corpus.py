"""Printed-feature phrasings of Berserk cards with the fields a judge reads from them.

Written from the forms of rules 106–108 (never copied from cards): each entry is the
text, the expected ``features`` items, the expected ``changes`` items, and the phrases
expected to be not understood.  ``tests/engine/berserk/test_cardtext.py`` runs them.
"""

F, B = "feature_element", "strike_bonus"
GAIN, LOSE = {"change": "gain-flight"}, {"change": "lose-flight"}
CORPUS = (
    # 106.p2: a feature against cards of an element (the Баграх example and its variants)
    ("+2 к удару по болотным", [{F: "swamp", B: 2}], [], []),
    ("+1 к удару по лесным", [{F: "forest", B: 1}], [], []),
    ("+3 к удару по горным картам", [{F: "mountains", B: 3}], [], []),
    ("+2 к удару против степных существ", [{F: "steppe", B: 2}], [], []),
    ("−1 к удару по тёмным", [{F: "darkness", B: -1}], [], []),
    ("+2 к удару против любой карты, обладающей болотной стихией", [{F: "swamp", B: 2}], [], []),
    ("+1 к удару по нейтральным", [{F: "neutral", B: 1}], [], []),
    ("+2 to strike against swamp cards", [{F: "swamp", B: 2}], [], []),
    ("+1 strike vs forest", [{F: "forest", B: 1}], [], []),
    ("+2 auf Schläge gegen Sumpfkarten", [{F: "swamp", B: 2}], [], []),
    # probe 15: "Kreaturen des Waldes"; features parted by a comma, each part whole
    ("+2 Schlag gegen Kreaturen des Waldes.", [{F: "forest", B: 2}], [], []),
    ("+1 Schlag gegen Karten der Steppe", [{F: "steppe", B: 1}], [], []),
    ("+1 Schlag gegen Kreaturen aus dem Wald", [{F: "forest", B: 1}], [], []),
    ("+2 к удару по болотным, +1 к удару по лесным", [{F: "swamp", B: 2}, {F: "forest", B: 1}],
     [], []),
    ("Баграх имеет +2 к удару по болотным, +1 к удару по лесным.",
     [{F: "swamp", B: 2}, {F: "forest", B: 1}], [], []),
    ("+2 к удару по болотным, лесным", [], [], ["+2 к удару по болотным, лесным"]),
    ("+2 к удару по болотным, если атакует", [], [], ["+2 к удару по болотным, если атакует"]),
    ("+3 Schlag gegen Gebirgskarten", [{F: "mountains", B: 3}], [], []),
    ("Баграх имеет +2 к удару по болотным.", [{F: "swamp", B: 2}], [], []),  # 106.p2 as printed
    ("Он имеет +2 к удару против любой карты, обладающей болотной стихией.",
     [{F: "swamp", B: 2}], [], []),
    # "also" beside the verb: one more feature of this card (probe 12 misses)
    ("Баграх имеет +2 к удару по болотным. Он также имеет +1 к удару по лесным.",
     [{F: "swamp", B: 2}, {F: "forest", B: 1}], [], []),
    ("Sie hat auch +1 Schlag gegen Waldkarten.", [{F: "forest", B: 1}], [], []),
    # a pronoun after a sentence about another card, a time word before a name (probe 12)
    ("Враг теряет полёт. Он имеет +1 к удару по лесным.", [], [],
     ["Враг теряет полёт.", "Он имеет +1 к удару по лесным."]),
    ("Becomes an artifact. Afterwards Bagrakh has +2 strike against swamp creatures.", [],
     [{"change": "become-artifact"}],
     ["Afterwards Bagrakh has +2 strike against swamp creatures."]),
    ("Становится артефактом. Он имеет +1 к удару по лесным.", [{F: "forest", B: 1}],
     [{"change": "become-artifact"}], []),
    ("Данная карта становится экипировкой.", [], [{"change": "become-equipment"}], []),
    # "also" after a name (probe 14 miss)
    ("Становится летающим существом. Баграх также имеет +1 к удару по горным.",
     [{F: "mountains", B: 1}], [{"change": "become-creature", "subtype": "flying"}], []),
    ("Bagrakh also has +1 strike against forest cards.", [{F: "forest", B: 1}], [], []),
    # two names: one is another card's, which the text does not say (probe 13)
    ("Баграх имеет +2 к удару по болотным. Гарк имеет +1 к удару по лесным.", [], [],
     ["Баграх имеет +2 к удару по болотным.", "Гарк имеет +1 к удару по лесным."]),
    ("Baghrakh hat +2 Schlag gegen Sumpfkarten. Zwergenkönig hat +1 Schlag gegen Waldkarten.",
     [], [], ["Baghrakh hat +2 Schlag gegen Sumpfkarten.",
              "Zwergenkönig hat +1 Schlag gegen Waldkarten."]),
    ("Bagrakh has +2 strike against swamp cards. Bagrakh has +1 strike against forest cards.",
     [{F: "swamp", B: 2}, {F: "forest", B: 1}], [], []),
    # with no subject, as printed on the card itself (probe 11)
    ("Имеет +1 к удару против лесных существ.", [{F: "forest", B: 1}], [], []),
    ("Has +2 strike against swamp creatures.", [{F: "swamp", B: 2}], [], []),
    ("Hat +2 Schlag gegen Sumpfkreaturen.", [{F: "swamp", B: 2}], [], []),
    ("Не имеет +2 к удару по болотным", [], [], ["Не имеет +2 к удару по болотным"]),
    ("+2 к удару по картам стихии болот", [{F: "swamp", B: 2}], [], []),
    ("+1 к удару против существ стихии леса", [{F: "forest", B: 1}], [], []),
    ("+1 к удару по огненным", [], [], ["+1 к удару по огненным"]),  # no such стихия
    # a quantifier gives other cards the feature: not a feature of this card
    ("Каждое существо имеет +1 к удару по болотным", [], [],
     ["Каждое существо имеет +1 к удару по болотным"]),
    ("Each creature has +1 strike vs swamp", [], [], ["Each creature has +1 strike vs swamp"]),
    ("Jede Kreatur hat +1 Schlag gegen Sumpfkarten", [], [],
     ["Jede Kreatur hat +1 Schlag gegen Sumpfkarten"]),
    ("+1 к удару по картам стихии огня", [], [], ["+1 к удару по картам стихии огня"]),
    ("+1 к удару по лесным. +1 к удару по болотным.",
     [{F: "forest", B: 1}, {F: "swamp", B: 1}], [], []),
    # 108.1: changes of type, subtype, status and flight, in the order written
    ("Становится артефактом.", [], [{"change": "become-artifact"}], []),
    ("Эта карта становится местностью", [], [{"change": "become-terrain"}], []),
    ("Становится условием", [], [{"change": "become-condition"}], []),
    ("Становится существом", [], [{"change": "become-creature"}], []),
    ("Становится летающим существом", [], [{"change": "become-creature", "subtype": "flying"}],
     []),
    ("Становится нелетающим существом с запасом движения 2", [],
     [{"change": "become-creature", "subtype": "non-flying", "movement": 2}], []),
    ("Становится симбиотом", [], [{"change": "become-creature", "subtype": "symbiote"}], []),
    ("Получает полёт.", [], [GAIN], []),
    ("Существо теряет «полёт»", [], [LOSE], []),
    ("Становится рядовой.", [], [{"change": "become-ordinary"}], []),
    ("Становится элитной", [], [{"change": "become-elite"}], []),
    ("Теряет приобретённый тип.", [], [{"change": "lose-type"}], []),
    ("Получает полёт, затем теряет полёт", [], [GAIN, LOSE], []),
    ("Becomes an artifact.", [], [{"change": "become-artifact"}], []),
    ("This creature becomes a flying creature", [],
     [{"change": "become-creature", "subtype": "flying"}], []),
    ("Becomes a non-flying creature with movement 3", [],
     [{"change": "become-creature", "subtype": "non-flying", "movement": 3}], []),
    ("Gains flight and loses the acquired type", [], [GAIN, {"change": "lose-type"}], []),
    ("Wird zum Artefakt.", [], [{"change": "become-artifact"}], []),
    ("Wird zu einer fliegenden Kreatur", [], [{"change": "become-creature", "subtype": "flying"}],
     []),
    ("Verliert Flug.", [], [LOSE], []),
    ("Wird gewöhnlich.", [], [{"change": "become-ordinary"}], []),
    # 108.1 (the status before "card"): "рядовой картой", "an elite card", "eine … Karte"
    ("Эта карта становится рядовой картой", [], [{"change": "become-ordinary"}], []),
    ("Becomes an elite card", [], [{"change": "become-elite"}], []),
    ("Wird zu einer elitären Karte.", [], [{"change": "become-elite"}], []),
    ("Wird eine gewöhnliche Karte", [], [{"change": "become-ordinary"}], []),
    ("Becomes a golden card.", [], [], ["Becomes a golden card."]),
    # 106.p3: gaining an element
    ("Получает стихию леса.", [], [{"change": "gain-element", "element": "forest"}], []),
    ("Получает болотную стихию", [], [{"change": "gain-element", "element": "swamp"}], []),
    ("Gains the steppe element", [], [{"change": "gain-element", "element": "steppe"}], []),
    ("Erhält das Element Dunkelheit.", [], [{"change": "gain-element", "element": "darkness"}],
     []),
    ("+1 к удару по горным. Становится артефактом.", [{F: "mountains", B: 1}],
     [{"change": "become-artifact"}], []),
    # outside the forms: keywords, "for each", conditions, what no rule of 106–108 defines
    ("Становится летающим", [], [], ["Становится летающим"]),
    ("Теряет стихию леса", [], [], ["Теряет стихию леса"]),
    ("Получает нейтральную стихию", [], [], ["Получает нейтральную стихию"]),
    ("+1 к удару за каждое болотное существо", [], [], ["+1 к удару за каждое болотное существо"]),
    ("Если Баграх атакует, он получает полёт", [], [],
     ["Если Баграх атакует, он получает полёт"]),
    ("Защитник.", [], [], ["Защитник."]),
    ("Удар через броню", [], [], ["Удар через броню"]),
    ("+2 к удару по огненным", [], [], ["+2 к удару по огненным"]),
    ("Становится лётчиком-героем", [], [], ["Становится лётчиком-героем"]),
    ("Becomes a flying artifact", [], [], ["Becomes a flying artifact"]),
    ("Becomes a flying creature with movement 2", [], [],
     ["Becomes a flying creature with movement 2"]),
    ("Получает полёт. Бьёт первым.", [], [GAIN], ["Бьёт первым."]),
    # 106.p2 names the card that has the feature, by name, pronoun or "this card"
    ("Bagrakh has +2 strike vs swamp", [{F: "swamp", B: 2}], [], []),
    ("Baghrakh hat +2 Schlag gegen Sumpfkarten", [{F: "swamp", B: 2}], [], []),
    ("This creature has +1 strike vs forest", [{F: "forest", B: 1}], [], []),
    ("Diese Kreatur hat +1 Schlag gegen Wald-Karten", [{F: "forest", B: 1}], [], []),
    ("Эта карта имеет +1 к удару по степным", [{F: "steppe", B: 1}], [], []),
    # not this card's own feature: a negation, a quantifier, a condition, another card
    *((text, [], [], [text]) for text in (
        "Баграх не имеет +2 к удару по болотным", "Никто не имеет +2 к удару по болотным",
        "No creature has +2 strike vs swamp", "Keine Kreatur hat +2 Schlag gegen Sumpfkarten",
        "Never has +2 strike vs swamp", "Niemals hat +2 Schlag gegen Sumpfkarten",
        "Иногда имеет +2 к удару по болотным", "When attacking Bagrakh has +2 strike vs swamp",
        "If attacking it has +2 strike vs swamp",
        "Когда атакует Баграх имеет +2 к удару по болотным",
        "Wenn angreifend Baghrakh hat +2 Schlag gegen Sumpfkarten",
        "Enemy creature has +2 strike vs swamp", "Target creature has +2 strike vs swamp",
        "Your opponent has +2 strike vs swamp", "Вражеское существо имеет +1 к удару по лесным",
        "Gegnerische Kreatur hat +1 Schlag gegen Waldkarten",
        "Target creature becomes an artifact", "Целевое существо получает полёт",
        "Zielkreatur verliert Flug")),
    # a name is a proper name as written: capitalised words, none a function word; another
    # party, an indefinite, a count, a hyphen-joined denial, an exclusion, a doubt or a time,
    # a lower-case word in the slot or a capitalised adverb opening the sentence names no card
    *((f"{name} имеет +2 к удару по болотным", [], [], [f"{name} имеет +2 к удару по болотным"])
      for name in ("Цель", "Оппонент", "Соперник", "Враг", "Кто", "Кто-то", "Кое-кто", "Некто",
                   "Оба", "3 гнома", "Не-Баграх", "Кроме Баграха", "Без Баграха",
                   "Вместо Баграха", "Против Баграха", "Возможно", "Наверное", "Баграх якобы",
                   "Баграх едва", "Баграх больше", "Баграх временно", "баграх",
                   # a state is a condition: "while tapped"
                   "Закрытый Баграх", "Раненый Баграх")),
    *((f"{name} has +2 strike vs swamp", [], [], [f"{name} has +2 strike vs swamp"])
      for name in ("Foe", "Everyone", "Everybody", "Anyone", "Someone", "Who", "2 Gnomes",
                   "No-one", "Not-Bagrakh", "Non-Bagrakh", "Except Bagrakh", "Unlike Bagrakh",
                   "Maybe", "Perhaps", "Hardly", "Formerly", "Previously", "Bagrakh almost",
                   "Bagrakh supposedly", "Bagrakh hypothetically", "Bagrakh temporarily",
                   "Tapped Bagrakh", "Wounded Bagrakh", "Bagrakh's Guard")),
    *((f"{name} hat +2 Schlag gegen Sumpfkarten", [], [],
       [f"{name} hat +2 Schlag gegen Sumpfkarten"])
      for name in ("Jemand", "Wer", "Kaum jemand", "2 Zwerge", "Niemals-Baghrakh",
                   "Außer Baghrakh", "Ohne Baghrakh", "Vielleicht", "Kaum",
                   "Baghrakh vielleicht", "Baghrakh ehemals", "Verwundeter Baghrakh")),
    # a proper name in quotes, with an apostrophe or a hyphen is one
    ("«Баграх» имеет +2 к удару по болотным", [{F: "swamp", B: 2}], [], []),
    ('"Bagrakh" has +2 strike vs swamp', [{F: "swamp", B: 2}], [], []),
    ("O'Neill has +2 strike vs swamp", [{F: "swamp", B: 2}], [], []),
    ("Жан-Поль имеет +1 к удару по лесным", [{F: "forest", B: 1}], [], []),
    ("Баграх имеет +2 к удару по болотным и получает полёт", [{F: "swamp", B: 2}], [GAIN], []),
    # words that only start like an element's name an element no more than "огненным" does
    *((text, [], [], [text]) for text in (
        "+2 к удару по тем существам", "+2 к удару по горящим", "+2 к удару по горячим",
        "+2 к удару по лестным", "+2 strike vs darkened", "+2 strike vs dark-green",
        "+2 strike vs swampland", "Получает стихию лестницы", "+1 Schlag gegen Bergsteiger")),
    # every element by its words: the Russian noun, the German and English names
    ("+1 к удару по картам стихии степей", [{F: "steppe", B: 1}], [], []),
    ("+1 Schlag gegen Finsternis", [{F: "darkness", B: 1}], [], []),
    ("+2 strike vs dark cards", [{F: "darkness", B: 2}], [], []),
    ("+1 Schlag gegen Gebirgs-Karten", [{F: "mountains", B: 1}], [], []),
    ("Получает тёмную стихию", [], [{"change": "gain-element", "element": "darkness"}], []),
    # a feature of +0 is none (106.p2 gives a bonus)
    ("+0 к удару по болотным", [], [], ["+0 к удару по болотным"]),
    ("+0 strike vs forest", [], [], ["+0 strike vs forest"]),
)
