"""Power-Duell second held-out card-text phrasings: a measurement, not a test.

Written blind on 2026-12-05: twenty new Schutzgottkarte descriptions composed from the
forms of chapter 1.2.4 (Wirkung on EP/AP/DP/LP of the monsters named, Spezial-Wirkung on
activation costs, "auch auf der gegnerischen Spielfeldseite") and the spec docstring of
``engine.cardtext.powerduell``, without reading the grammar's implementation and with
every expectation fixed before the grammar was run on them.  None is in the corpus or in
the first held-out set.  ``bench/cardtext_accuracy.py``'s ``agrees`` compares each.

Each entry: ``text``, the expected ``inputs`` (a Schutzgottkarte's description fields of
the ``situation`` scenario) and the phrases expected ``unread``.
"""

from __future__ import annotations

from typing import Any


def _w(attribute: str, amount: int, scope: str = "base", *planets: str, **more: Any
       ) -> dict[str, Any]:
    fields: dict[str, Any] = {"wirkung_attribute": attribute, "wirkung_amount": amount,
                              "wirkung_scope": scope}
    if planets:
        fields["wirkung_planets"] = list(planets)
    return {**fields, **more}


def _unread(text: str) -> dict[str, Any]:
    return {"text": text, "inputs": {}, "unread": (text,)}


PHRASES: tuple[dict[str, Any], ...] = (
    # -- Wirkung (de)
    {"text": "Wirkung: Saturn-Monsterkarten verlieren 25 AP.",
     "inputs": _w("ap", -25, "listed", "saturn"), "unread": ()},
    {"text": "Wirkung: Alle Monster erhalten 10 Punkte zu ihrem DP-Grundwert dazu.",
     "inputs": _w("dp", 10, "all"), "unread": ()},
    {"text": "Wirkung: Erhöht den AP-Wert aller Monsterkarten um 35.",
     "inputs": _w("ap", 35, "all"), "unread": ()},
    {"text": "Wirkung: Monsterkarten mit dem Planetensymbol Jupiter, Saturn oder Uranus "
             "erhalten +10 LP.",
     "inputs": _w("lp", 10, "listed", "jupiter", "saturn", "uranus"), "unread": ()},
    # -- Spezial-Wirkung (de)
    {"text": "Spezial-Wirkung: Monsterkarten zahlen bei der Aktivierung 3 Energiepunkte mehr.",
     "inputs": {"spezial_cost_change": 3}, "unread": ()},
    {"text": "Spezial-Wirkung: Die Aktivierungskosten aller Monster sinken um einen "
             "Energiepunkt. Dieser Effekt gilt auch auf der gegnerischen Spielfeldseite.",
     "inputs": {"spezial_cost_change": -1, "spezial_extends_to_opposing_side": True},
     "unread": ()},
    {"text": "Wirkung: Eigene Monsterkarten erhalten +25 DP.\nSpezial-Wirkung: Monsterkarten "
             "kosten bei der Aktivierung 1 Energiepunkt mehr.",
     "inputs": {**_w("dp", 25), "spezial_cost_change": 1}, "unread": ()},
    # -- English
    {"text": "Impact: Venus and Jupiter monster cards lose 15 DP.",
     "inputs": _w("dp", -15, "listed", "venus", "jupiter"), "unread": ()},
    {"text": "Impact: All monster cards gain +40 LP, also on the opposing side.",
     "inputs": _w("lp", 40, "all", extends_to_opposing_side=True), "unread": ()},
    {"text": "Special impact: Monster cards pay 2 energy points more on activation.",
     "inputs": {"spezial_cost_change": 2}, "unread": ()},
    # -- Russian
    {"text": "Воздействие: карты монстров Сатурна теряют 15 AP.",
     "inputs": _w("ap", -15, "listed", "saturn"), "unread": ()},
    {"text": "Особое воздействие: стоимость активации карт монстров уменьшается на 1.",
     "inputs": {"spezial_cost_change": -1}, "unread": ()},
    {"text": "Воздействие: все монстры получают +5 EP. Это воздействие также действует на "
             "стороне противника.",
     "inputs": _w("ep", 5, "all", extends_to_opposing_side=True), "unread": ()},
    # -- outside the forms: a condition, a long attribute name, "für jede", in three languages
    _unread("Воздействие: карты монстров получают +10 AP, если на поле есть карта энергии."),
    _unread("Wirkung: Monsterkarten erhalten +10 AP, solange sie angreifen."),
    _unread("Wirkung: Mars-Monsterkarten erhalten +10 Angriffspunkte."),
    _unread("Spezial-Wirkung: Monsterkarten zahlen bei der Aktivierung 1 Energiepunkt weniger "
            "für jede Energiekarte auf dem Feld."),
    # -- mixed: part understood, part not
    {"text": "Wirkung: Erde-Monsterkarten erhalten +20 LP. Spezial-Wirkung: Der LP-Wert aller "
             "Monsterkarten wird verdoppelt.",
     "inputs": _w("lp", 20, "listed", "erde"),
     "unread": ("Spezial-Wirkung: Der LP-Wert aller Monsterkarten wird verdoppelt.",)},
    {"text": "Spezial-Wirkung: Monster zahlen bei der Aktivierung 2 Energiepunkte weniger. "
             "Monsterkarten können nicht angegriffen werden.",
     "inputs": {"spezial_cost_change": -2},
     "unread": ("Monsterkarten können nicht angegriffen werden.",)},
    {"text": "Impact: Saturn monsters gain +30 AP. Special impact: Monster cards gain +10 DP.",
     "inputs": _w("ap", 30, "listed", "saturn"),
     "unread": ("Special impact: Monster cards gain +10 DP.",)},
)
