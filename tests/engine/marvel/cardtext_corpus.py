"""Marvel Champions: printed-ability phrasings with the fields the card-text grammar must read.

Written from the forms the entry "Ziel" defines (never copied card texts), in German,
English and Russian.  Each case is ``(text, expected inputs, expected phrases not
understood)``; ``test_cardtext.py`` runs them.  The held-out set of the same shape is
``bench/cardtext/marvel_heldout.py`` (a measurement, never a test).
"""

from __future__ import annotations

from typing import Any

Case = tuple[str, dict[str, Any], tuple[str, ...]]


def effect(verb: str, selector: str, target_type: str | None = None, count: int = 1,
           **more: Any) -> dict[str, Any]:
    """One effect in the ``situation`` input shape (``more``: amount, status)."""
    found: dict[str, Any] = {"verb": verb, **more, "selector": selector}
    if target_type is not None:
        found["target_type"] = target_type
    found["count"] = count
    return found


def ability(*effects: dict[str, Any], labels: tuple[str, ...] = ()) -> dict[str, Any]:
    """The ability's inputs: a card ability with ``labels`` and ``effects`` in order."""
    return {"kind": "card_ability", "labels": list(labels), "effects": list(effects)}


def unread(text: str) -> Case:
    """A phrasing that must come out not understood as a whole."""
    return (text, ability(), (text,))


_HIT = "Füge einem Schergen 1 Schaden zu."

GERMAN: tuple[Case, ...] = (
    # ziel ¶4.1 names "eine Statuskarte geben" without a status; ¶4.10's example pair
    ("Gib einem Verbündeten eine Statuskarte. Füge dem Verbündeten 2 Schaden zu.",
     ability(effect("give_status", "one", "ally"), effect("deal_damage", "the", amount=2)), ()),
    ("Give an ally a status card.", ability(effect("give_status", "one", "ally")), ()),
    ("Füge einem Schergen 3 Schaden zu.",
     ability(effect("deal_damage", "one", "minion", amount=3)), ()),
    ("Füge jedem Gegner 1 Schaden zu.", ability(effect("deal_damage", "each", "enemy", amount=1)),
     ()),
    # "den Schurken" after an effect on the villain: named afresh (Ziel ¶2) or "das [Ziel]"
    # (¶4.10)? They rule differently where the first effect cannot affect it (judge round 6)
    ("Füge dem Schurken 2 Schaden zu. Betäube den Schurken.",
     ability(effect("deal_damage", "one", "villain", amount=2)), ("Betäube den Schurken.",)),
    # a sentence opening with "then": one effect after another, as the order says (probe 12)
    ("Füge einem Schergen 2 Schaden zu. Dann betäube den Schergen.",
     ability(effect("deal_damage", "one", "minion", amount=2),
             effect("give_status", "the", status="stunned")), ()),
    ("Выберите врага. Нанесите ему 2 урона. Затем оглушите его.",
     ability(effect("deal_damage", "choose", "enemy", amount=2),
             effect("give_status", "joint", status="stunned")), ()),
    ("Deal 2 damage to a minion. Then stun it.",  # "it" after a full stop joins nothing
     ability(effect("deal_damage", "one", "minion", amount=2)), ("Then stun it.",)),
    # "den Gegner" after a draw: the target of effect 1, the one earlier effect naming an
    # enemy (¶4.10, "das Ziel eines vorherigen Effekts"; judge rounds 13, 14)
    ("Füge einem Gegner 2 Schaden zu. Ziehe 1 Karte. Betäube den Gegner.",
     ability(effect("deal_damage", "one", "enemy", amount=2), effect("draw", "you", amount=1),
             effect("give_status", "the", "enemy", status="stunned")), ()),
    # ... the noun it repeats, where another earlier target may be such an element too (the
    # engine notes that one; judge round 16), but never where two effects name it
    ("Füge einem Gegner 2 Schaden zu. Füge einem Schergen 1 Schaden zu. Betäube den Gegner.",
     ability(effect("deal_damage", "one", "enemy", amount=2),
             effect("deal_damage", "one", "minion", amount=1),
             effect("give_status", "the", "enemy", status="stunned")), ()),
    ("Füge einem Gegner 2 Schaden zu. Füge einem Gegner 1 Schaden zu. Betäube den Gegner.",
     ability(effect("deal_damage", "one", "enemy", amount=2),
             effect("deal_damage", "one", "enemy", amount=1)), ("Betäube den Gegner.",)),
    # ... nor a pronoun, which names the target of the sentence before
    ("Füge einem Gegner 2 Schaden zu. Ziehe 1 Karte. Betäube ihn.",
     ability(effect("deal_damage", "one", "enemy", amount=2), effect("draw", "you", amount=1)),
     ("Betäube ihn.",)),
    # a bare Russian noun after an effect on a target that may be such an element (probe 12)
    ("Нанесите врагу 2 урона. Дезориентируйте приспешника.",
     ability(effect("deal_damage", "one", "enemy", amount=2)), ("Дезориентируйте приспешника.",)),
    # ... and after an effect on a target that may be the villain (an enemy, a card; probe 11)
    ("Deal 2 damage to an enemy. Stun the villain.",
     ability(effect("deal_damage", "one", "enemy", amount=2)), ("Stun the villain.",)),
    ("Wähle einen Gegner. Füge ihm 2 Schaden zu. Betäube den Schurken.",
     ability(effect("deal_damage", "choose", "enemy", amount=2)), ("Betäube den Schurken.",)),
    ("Entferne 2 Bedrohung von einem Plan. Lege 1 Bedrohung auf den Hauptplan.",
     ability(effect("remove_threat", "one", "scheme", amount=2)),
     ("Lege 1 Bedrohung auf den Hauptplan.",)),
    ("Aktion (Angriff): Füge einem Gegner 4 Schaden zu.",
     ability(effect("deal_damage", "one", "enemy", amount=4), labels=("attack",)), ()),
    ("Aktion (Widerstand): Entferne 2 Bedrohung von einem Plan.",
     ability(effect("remove_threat", "one", "scheme", amount=2), labels=("thwart",)), ()),
    ("Entferne 1 Bedrohung von jedem Nebenplan.",
     ability(effect("remove_threat", "each", "side_scheme", amount=1)), ()),
    ("Lege 2 Bedrohung auf den Hauptplan.",
     ability(effect("add_threat", "one", "main_scheme", amount=2)), ()),
    # "vom", "beim": "von dem", "bei dem" in one word, read as the two words are
    ("Entferne 2 Bedrohung vom Hauptplan.",
     ability(effect("remove_threat", "one", "main_scheme", amount=2)), ()),
    ("Füge einem Verbündeten 1 Schaden zu. Heile 3 Schaden beim Verbündeten.",
     ability(effect("deal_damage", "one", "ally", amount=1), effect("heal", "the", amount=3)),
     ()),
    ("Betäube einen Schergen. Entferne die Betäubt-Statuskarte vom Schergen.",
     ability(effect("give_status", "one", "minion", status="stunned"),
             effect("remove_status", "the", status="stunned")), ()),
    ("Heile 3 Schaden beim Verbündeten.", ability(), ("Heile 3 Schaden beim Verbündeten.",)),
    ("Heile 3 Schaden bei einem Charakter.", ability(effect("heal", "one", "character", amount=3)),
     ()),
    ("Gib einem Verbündeten eine Zäh-Statuskarte.",
     ability(effect("give_status", "one", "ally", status="tough")), ()),
    ("Entferne eine Statuskarte (Verwirrt) von einem Helden.",
     ability(effect("remove_status", "one", "hero", status="confused")), ()),
    ("Verwirre jeden Schergen.", ability(effect("give_status", "each", "minion",
                                                status="confused")), ()),
    ("Erschöpfe einen Verbündeten.", ability(effect("exhaust", "one", "ally")), ()),
    ("Mache einen Helden spielbereit.", ability(effect("ready", "one", "hero")), ()),
    ("Besiege einen Schergen.", ability(effect("defeat", "one", "minion")), ()),
    ("Lege einen Nebenplan ab.", ability(effect("discard", "one", "side_scheme")), ()),
    ("Ziehe 2 Karten.", ability(effect("draw", "you", amount=2)), ()),
    ("Jeder Spieler zieht eine Karte.", ability(effect("draw", "each", "player", amount=1)), ()),
    ("Die nächste Karte, die du spielst, kostet 2 Ressourcen weniger.",
     ability(effect("future", "future", amount=2)), ()),
    ("Wähle 2 Schergen. Füge den gewählten Schergen 1 Schaden zu.",
     ability(effect("deal_damage", "choose", "minion", 2, amount=1)), ()),
    ("Füge einem Gegner 2 Schaden zu und betäube ihn.",
     ability(effect("deal_damage", "one", "enemy", amount=2),
             effect("give_status", "joint", status="stunned")), ()),
    ("Füge einem Gegner 3 Schaden zu. Verwirre das Ziel.",
     ability(effect("deal_damage", "one", "enemy", amount=3),
             effect("give_status", "the", status="confused")), ()),
    ("Wähle einen Verbündeten. Mache ihn spielbereit und gib ihm eine Statuskarte „Zäh“.",
     ability(effect("ready", "choose", "ally", 1),
             effect("give_status", "joint", status="tough")), ()),
    unread("Vergeltung 1."),
    unread("Für jeden Schergen im Spiel füge dem Schurken 1 Schaden zu."),
    unread("Wenn der Schurke betäubt ist, füge ihm 2 Schaden zu."),
    unread("Füge bis zu 2 Schergen je 1 Schaden zu."),
    unread("Heile 2 Schaden bei deinem Helden."),
    unread("Füge einer Verstärkung 1 Schaden zu."),
    unread("Betäube den Gegner."),
    unread("Füge einem Schergen 1 Schaden zu und ziehe für jeden besiegten Schergen 1 Karte."),
    unread("Kosten: 2 Ressourcen."),
    unread("Füge einem minion 2 Schaden zu."),
    unread("Ziehe 0 Karten."),  # ¶3.3: a player draws 1 or more cards
    # ¶4.2: an amount of 0 is a value the entry speaks of (the engine's open point zero-amount)
    ("Füge einem Schergen 0 Schaden zu.",
     ability(effect("deal_damage", "one", "minion", amount=0)), ()),
    (" ".join([_HIT] * 4), ability(*[effect("deal_damage", "one", "minion", amount=1)] * 3),
     (_HIT,)),
    ("Füge einem Gegner 2 Schaden zu. Betäube den Schergen.",
     ability(effect("deal_damage", "one", "enemy", amount=2)), ("Betäube den Schergen.",)),
    ("Ziehe 1 Karte und lege sie ab.", ability(effect("draw", "you", amount=1)),
     ("lege sie ab.",)),
    ("Wähle einen Schergen. Füge einem Gegner 1 Schaden zu.",
     ability(effect("deal_damage", "one", "enemy", amount=1)), ("Wähle einen Schergen.",)),
    ("Füge einem Schergen 2 Schaden zu. Aktion (Angriff): Betäube einen Schergen.",
     ability(effect("deal_damage", "one", "minion", amount=2)),
     ("Aktion (Angriff): Betäube einen Schergen.",)),
    unread("Ziehe Karten."),  # no count written: not read as one
    # "das [Ziel]" (¶4.10) is one target: a plural after "the" may mean every one of them
    ("Füge einem Schergen 2 Schaden zu. Betäube die Schergen.",
     ability(effect("deal_damage", "one", "minion", amount=2)), ("Betäube die Schergen.",)),
    ("Betäube einen Schergen. Füge den Schergen 1 Schaden zu.",  # the dative plural
     ability(effect("give_status", "one", "minion", status="stunned")),
     ("Füge den Schergen 1 Schaden zu.",)),
    ("Betäube einen Schergen. Füge dem Schergen 1 Schaden zu.",  # the dative singular
     ability(effect("give_status", "one", "minion", status="stunned"),
             effect("deal_damage", "the", amount=1)), ()),
)

ENGLISH: tuple[Case, ...] = (
    ("Deal 2 damage to a minion.", ability(effect("deal_damage", "one", "minion", amount=2)), ()),
    ("Deal 1 damage to each enemy and draw a card.",
     ability(effect("deal_damage", "each", "enemy", amount=1), effect("draw", "you", amount=1)),
     ()),
    ("Action (thwart): Remove 3 threat from a side scheme.",
     ability(effect("remove_threat", "one", "side_scheme", amount=3), labels=("thwart",)), ()),
    ("Place 1 threat on the main scheme.",
     ability(effect("add_threat", "one", "main_scheme", amount=1)), ()),
    ("Heal 4 damage from the villain.", ability(effect("heal", "one", "villain", amount=4)), ()),
    ("Give a hero a tough status card.",
     ability(effect("give_status", "one", "hero", status="tough")), ()),
    ("Remove a stunned status card from an ally.",
     ability(effect("remove_status", "one", "ally", status="stunned")), ()),
    ("Confuse the villain.", ability(effect("give_status", "one", "villain", status="confused")),
     ()),
    ("Exhaust each character.", ability(effect("exhaust", "each", "character")), ()),
    ("Ready an ally.", ability(effect("ready", "one", "ally")), ()),
    ("Discard a card.", ability(effect("discard", "one", "card")), ()),
    ("Choose 3 characters. Ready the chosen characters.",
     ability(effect("ready", "choose", "character", 3)), ()),
    ("Deal 5 damage to an enemy. Stun the target.",
     ability(effect("deal_damage", "one", "enemy", amount=5),
             effect("give_status", "the", status="stunned")), ()),
    ("Heal 2 damage from an ally. Draw 1 card. Ready the ally.",
     ability(effect("heal", "one", "ally", amount=2), effect("draw", "you", amount=1),
             effect("ready", "the", "ally")), ()),
    ("The next card you play costs 1 less.", ability(effect("future", "future", amount=1)), ()),
    ("You draw 3 cards.", ability(effect("draw", "you", amount=3)), ()),
    ("Action (attack):\nDeal 3 damage to a minion.",
     ability(effect("deal_damage", "one", "minion", amount=3), labels=("attack",)), ()),
    ("Action: Draw 2 cards.", ability(effect("draw", "you", amount=2)), ()),
    unread("Tough."),
    unread("For each ally you control, remove 1 threat from a scheme."),
    unread("Deal X damage to a minion, where X is your hero's ATK."),
    ("Choose a minion. Deal 2 damage to the minion.",
     ability(effect("deal_damage", "choose", "minion", 1, amount=2)), ()),
    unread("Stun it."),
    # "the same …" names the earlier effect's target as "the …" does (probe 13 miss)
    ("Deal 2 damage to a minion. Stun the same minion.",
     ability(effect("deal_damage", "one", "minion", amount=2),
             effect("give_status", "the", status="stunned")), ()),
    # "den Schergen" after "jedem Schergen" or two chosen: one of them, or each? (probe 14)
    ("Füge jedem Schergen 1 Schaden zu. Ziehe 1 Karte. Betäube den Schergen.",
     ability(effect("deal_damage", "each", "minion", amount=1), effect("draw", "you", amount=1)),
     ("Betäube den Schergen.",)),
    # a plural pronoun cannot name one target; a singular one may follow "each" (probe 14)
    ("Wähle einen Schergen. Füge ihnen 2 Schaden zu.", ability(),
     ("Wähle einen Schergen.", "Füge ihnen 2 Schaden zu.")),
    ("Deal 1 damage to an enemy and stun them.",
     ability(effect("deal_damage", "one", "enemy", amount=1)), ("stun them.",)),
    ("Füge jedem Schergen 1 Schaden zu und betäube ihn.",
     ability(effect("deal_damage", "each", "minion", amount=1),
             effect("give_status", "joint", status="stunned")), ()),
    # a singular pronoun cannot name the several chosen ones (probe 13)
    ("Choose 2 minions. Deal 1 damage to them and stun it.",
     ability(effect("deal_damage", "choose", "minion", 2, amount=1)), ("stun it.",)),
    ("Wähle 2 Schergen. Füge ihm 1 Schaden zu.", ability(),
     ("Wähle 2 Schergen.", "Füge ihm 1 Schaden zu.")),
    ("Выберите двух приспешников. Оглушите его.", ability(),
     ("Выберите двух приспешников.", "Оглушите его.")),
    unread("Draw 0 cards."),
    # ¶4.10 "das Ziel eines vorherigen Effekts": two earlier targets the target may be
    ("Deal 2 damage to a minion. Deal 1 damage to a hero. Stun the target.",
     ability(effect("deal_damage", "one", "minion", amount=2),
             effect("deal_damage", "one", "hero", amount=1)),
     ("Stun the target.",)),
    ("Füge einem Schergen 2 Schaden zu. Füge dem Schurken 1 Schaden zu. Betäube den Gegner.",
     ability(effect("deal_damage", "one", "minion", amount=2),
             effect("deal_damage", "one", "villain", amount=1)),
     ("Betäube den Gegner.",)),
    # "the target" (one) after two chosen: one of them, or each? (probe 14: not read)
    ("Choose 2 minions. Deal 1 damage to them. Stun them. Deal 1 damage to the target.",
     ability(effect("deal_damage", "choose", "minion", 2, amount=1),
             effect("give_status", "joint", status="stunned")),
     ("Deal 1 damage to the target.",)),
    unread("Draw cards."),  # no count written: not read as one
    ("Deal 1 damage to a minion. Deal 1 damage to the minions.",
     ability(effect("deal_damage", "one", "minion", amount=1)),
     ("Deal 1 damage to the minions.",)),
)

RUSSIAN: tuple[Case, ...] = (
    ("Нанесите 2 урона приспешнику.",
     ability(effect("deal_damage", "one", "minion", amount=2)), ()),
    ("Нанесите 1 урона каждому врагу.", ability(effect("deal_damage", "each", "enemy", amount=1)),
     ()),
    ("Действие (противодействие): Уберите 2 угрозы с побочного замысла.",
     ability(effect("remove_threat", "one", "side_scheme", amount=2), labels=("thwart",)), ()),
    ("Положите 1 угрозу на основной замысел.",
     ability(effect("add_threat", "one", "main_scheme", amount=1)), ()),
    ("Вылечите 3 урона у героя.", ability(effect("heal", "one", "hero", amount=3)), ()),
    ("Оглушите злодея.", ability(effect("give_status", "one", "villain", status="stunned")), ()),
    ("Дайте союзнику карту состояния «Стойкость».",
     ability(effect("give_status", "one", "ally", status="tough")), ()),
    ("Истощите персонажа.", ability(effect("exhaust", "one", "character")), ()),
    ("Подготовьте союзника.", ability(effect("ready", "one", "ally")), ()),
    ("Победите приспешника.", ability(effect("defeat", "one", "minion")), ()),
    ("Возьмите 2 карты.", ability(effect("draw", "you", amount=2)), ()),
    ("Выберите 2 приспешников и нанесите им 2 урона.",
     ability(effect("deal_damage", "choose", "minion", 2, amount=2)), ()),
    ("Нанесите 4 урона врагу. Дезориентируйте этого врага.",
     ability(effect("deal_damage", "one", "enemy", amount=4),
             effect("give_status", "the", status="confused")), ()),
    ("Нанесите 2 урона врагу. Оглушите врага.",
     ability(effect("deal_damage", "one", "enemy", amount=2)), ("Оглушите врага.",)),
    ("Нанесите 2 урона злодею. Оглушите злодея.",
     ability(effect("deal_damage", "one", "villain", amount=2)), ("Оглушите злодея.",)),
    ("Выберите союзника. Подготовьте союзника.", ability(effect("ready", "choose", "ally")), ()),
    unread("Ответный удар 1."),
    unread("Если злодей оглушен, нанесите ему 1 урона."),
    unread("Для каждого союзника возьмите 1 карту."),
    unread("Возьмите 0 карт."),
    # only the singular with no number draws one; a plural with no number states no count
    ("Возьмите карту.", ability(effect("draw", "you", amount=1)), ()),
    ("Игрок берет карту.", ability(effect("draw", "one", "player", amount=1)), ()),
    ("Вы берете 3 карты.", ability(effect("draw", "you", amount=3)), ()),
    ("Возьмите 5 карт.", ability(effect("draw", "you", amount=5)), ()),
    unread("Возьмите карты."),
    unread("Возьми карты."),
    unread("Вы берете карты."),
    unread("Игрок берет карты."),
    unread("Каждый игрок берет карты."),
    unread("Оглушите приспешников."),  # several minions, not one
    # the target first, as Russian may put it (probe 15 miss)
    ("Каждому врагу нанесите 1 урон.", ability(effect("deal_damage", "each", "enemy", amount=1)),
     ()),
    ("Союзнику дайте карту состояния «Стойкость».",
     ability(effect("give_status", "one", "ally", status="tough")), ()),
    ("С побочного замысла уберите 2 угрозы.",
     ability(effect("remove_threat", "one", "side_scheme", amount=2)), ()),
    ("На основной замысел положите 1 угрозу.",
     ability(effect("add_threat", "one", "main_scheme", amount=1)), ()),
    ("У героя вылечите 3 урона.", ability(effect("heal", "one", "hero", amount=3)), ()),
    unread("Ему нанесите 2 урона."),  # "him" with nothing before it
    unread("Каждому врагу нанесите урон."),  # no amount
    ("Нанесите 2 урона приспешнику. Этого приспешника оглушите.",
     ability(effect("deal_damage", "one", "minion", amount=2),
             effect("give_status", "the", status="stunned")), ()),
    ("Каждого союзника подготовьте.", ability(effect("ready", "each", "ally")), ()),
    ("Злодея оглушите.", ability(effect("give_status", "one", "villain", status="stunned")), ()),
)

#: Every case of the corpus.
CORPUS: tuple[Case, ...] = GERMAN + ENGLISH + RUSSIAN
