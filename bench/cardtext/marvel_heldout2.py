"""Marvel Champions second held-out printed-ability phrasings: a measurement, not a test.

Written blind on 2026-12-05: twenty new phrasings composed from the forms the entry "Ziel"
defines and the spec docstring of ``engine.cardtext.marvel``, without reading the grammar's
implementation and with every expectation fixed before the grammar was run on them.  None
is in the corpus or in the first held-out set.  ``bench/cardtext_accuracy.py``'s ``agrees``
compares each.  Each case is ``(text, expected inputs, expected phrases not understood)``.
"""

from __future__ import annotations

from typing import Any


def _e(verb: str, selector: str, target_type: str | None = None, count: int = 1,
       **more: Any) -> dict[str, Any]:
    found: dict[str, Any] = {"verb": verb}
    found.update(more)
    found["selector"] = selector
    if target_type is not None:
        found["target_type"] = target_type
    found["count"] = count
    return found


def _in(*effects: dict[str, Any], labels: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"kind": "card_ability", "labels": list(labels), "effects": list(effects)}


def _unread(text: str) -> tuple[str, dict[str, Any], tuple[str, ...]]:
    return (text, _in(), (text,))


CASES: tuple[tuple[str, dict[str, Any], tuple[str, ...]], ...] = (
    # German
    ("Füge jedem Schergen 2 Schaden zu.", _in(_e("deal_damage", "each", "minion", amount=2)),
     ()),
    ("Heile 4 Schaden bei einem Verbündeten.", _in(_e("heal", "one", "ally", amount=4)), ()),
    ("Aktion (Angriff): Füge dem Schurken 5 Schaden zu und betäube ihn.",
     _in(_e("deal_damage", "one", "villain", amount=5),
         _e("give_status", "joint", status="stunned"), labels=("attack",)), ()),
    ("Lege 1 Bedrohung auf jeden Nebenplan.",
     _in(_e("add_threat", "each", "side_scheme", amount=1)), ()),
    ("Wähle 3 Gegner. Erschöpfe sie.", _in(_e("exhaust", "choose", "enemy", 3)), ()),
    ("Die nächste Karte, die du spielst, kostet 1 Ressource weniger.",
     _in(_e("future", "future", amount=1)), ()),
    # English
    ("Remove 2 threat from the main scheme.",
     _in(_e("remove_threat", "one", "main_scheme", amount=2)), ()),
    ("Deal 3 damage to each minion and draw 2 cards.",
     _in(_e("deal_damage", "each", "minion", amount=3), _e("draw", "you", amount=2)), ()),
    ("Action (thwart): Remove 1 threat from each scheme.",
     _in(_e("remove_threat", "each", "scheme", amount=1), labels=("thwart",)), ()),
    ("Choose an enemy. Deal 2 damage to it and confuse it.",
     _in(_e("deal_damage", "choose", "enemy", 1, amount=2),
         _e("give_status", "joint", status="confused")), ()),
    ("Exhaust a hero. Ready the hero.",
     _in(_e("exhaust", "one", "hero"), _e("ready", "the")), ()),
    # Russian
    ("Нанесите 3 урона злодею и оглушите его.",
     _in(_e("deal_damage", "one", "villain", amount=3),
         _e("give_status", "joint", status="stunned")), ()),
    ("Уберите 2 угрозы с каждого замысла.",
     _in(_e("remove_threat", "each", "scheme", amount=2)), ()),
    ("Каждый игрок берет 2 карты.", _in(_e("draw", "each", "player", amount=2)), ()),
    # a bare Russian noun an earlier effect's target could be meant by: not understood
    ("Нанесите 1 урона приспешнику. Истощите приспешника.",
     _in(_e("deal_damage", "one", "minion", amount=1)), ("Истощите приспешника.",)),
    # outside the forms: "für jede", "up to", a condition
    _unread("Füge einem Schergen für jede Bedrohung auf dem Hauptplan 1 Schaden zu."),
    _unread("Deal up to 3 damage to an enemy."),
    _unread("Если у героя нет урона, возьмите 2 карты."),
    # mixed: a keyword, a possessive
    ("Füge einem Gegner 2 Schaden zu. Vergeltung 2.",
     _in(_e("deal_damage", "one", "enemy", amount=2)), ("Vergeltung 2.",)),
    ("Heal 3 damage from your hero. Draw a card.", _in(_e("draw", "you", amount=1)),
     ("Heal 3 damage from your hero.",)),
)

#: The cases in the runner's shape (``text``, ``inputs``, ``unread``).
PHRASES = tuple({"text": text, "inputs": inputs, "unread": tuple(unread)}
                for text, inputs, unread in CASES)
