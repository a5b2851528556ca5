"""Marvel Champions: held-out printed-ability phrasings, written before the grammar.

Written from the forms the entry "Ziel" defines (never copied card texts) *before*
``engine.cardtext.marvel`` was tuned, and never used to tune it: only
``bench/cardtext_accuracy.py`` reads them, as a measurement of the grammar's accuracy.
Each case is ``(text, expected inputs, expected phrases not understood)``.
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


_HIT = "Füge einem Schergen 1 Schaden zu."

CASES: tuple[tuple[str, dict[str, Any], tuple[str, ...]], ...] = (
    ("Füge dem Schurken 3 Schaden zu.", _in(_e("deal_damage", "one", "villain", amount=3)), ()),
    ("Entferne 2 Bedrohung vom Hauptplan.",
     _in(_e("remove_threat", "one", "main_scheme", amount=2)), ()),
    ("Aktion (Widerstand): Entferne 3 Bedrohung von einem Plan.",
     _in(_e("remove_threat", "one", "scheme", amount=3), labels=("thwart",)), ()),
    ("Erschöpfe jeden Schergen.", _in(_e("exhaust", "each", "minion")), ()),
    ("Wähle 2 Verbündete. Mache sie spielbereit.", _in(_e("ready", "choose", "ally", 2)), ()),
    ("Betäube einen Schergen und füge ihm 2 Schaden zu.",
     _in(_e("give_status", "one", "minion", status="stunned"),
         _e("deal_damage", "joint", amount=2)), ()),
    ("Ziehe 3 Karten.", _in(_e("draw", "you", amount=3)), ()),
    ("Füge jedem Gegner 1 Schaden zu, der nicht zäh ist.", _in(),
     ("Füge jedem Gegner 1 Schaden zu, der nicht zäh ist.",)),
    ("Für jeden Verbündeten, den du kontrollierst, ziehe 1 Karte.", _in(),
     ("Für jeden Verbündeten, den du kontrollierst, ziehe 1 Karte.",)),
    ("Deal 4 damage to an enemy. Stun that enemy.",
     _in(_e("deal_damage", "one", "enemy", amount=4),
         _e("give_status", "the", status="stunned")), ()),
    ("Place 1 threat on each side scheme.",
     _in(_e("add_threat", "each", "side_scheme", amount=1)), ()),
    ("Give an ally a tough status card.",
     _in(_e("give_status", "one", "ally", status="tough")), ()),
    ("Heal 2 damage from a character.", _in(_e("heal", "one", "character", amount=2)), ()),
    ("Retaliate 1.", _in(), ("Retaliate 1.",)),
    ("If the villain is stunned, deal 2 damage to it.", _in(),
     ("If the villain is stunned, deal 2 damage to it.",)),
    ("Нанесите 3 урона каждому приспешнику.",
     _in(_e("deal_damage", "each", "minion", amount=3)), ()),
    ("Выберите 2 врагов. Оглушите их.",
     _in(_e("give_status", "choose", "enemy", 2, status="stunned")), ()),
    ("Уберите 1 угрозу с основного замысла.",
     _in(_e("remove_threat", "one", "main_scheme", amount=1)), ()),
    ("Возьмите 2 карты.", _in(_e("draw", "you", amount=2)), ()),
    ("Сбросьте союзника.", _in(_e("discard", "one", "ally")), ()),
    ("Defeat a minion and draw a card.",
     _in(_e("defeat", "one", "minion"), _e("draw", "you", amount=1)), ()),
    (" ".join([_HIT] * 4), _in(*[_e("deal_damage", "one", "minion", amount=1)] * 3), (_HIT,)),
)

#: The cases in the runner's shape (``text``, ``inputs``, ``unread``).
PHRASES = tuple({"text": text, "inputs": inputs, "unread": tuple(unread)}
                for text, inputs, unread in CASES)
