"""Power-Duell held-out card-text phrasings: a measurement, not a test.

Twenty Schutzgottkarte descriptions written from the forms of chapter 1.2.4
(Wirkung, Spezial-Wirkung, activation costs, "auch auf der gegnerischen
Spielfeldseite"), never copied from real cards, and written *before* the grammar
(``engine.cardtext.powerduell``) was tuned: the grammar is not changed because of
them.  ``bench/cardtext_accuracy.py`` reads each with the grammar and counts the
entries whose inputs and not-understood phrases both agree.

Each entry: ``text``, the expected ``inputs`` (a Schutzgottkarte's description
fields of the ``situation`` scenario) and the phrases expected ``unread``.
"""

from __future__ import annotations

from typing import Any

PHRASES: tuple[dict[str, Any], ...] = (
    {"text": "Wirkung: Merkur-Monsterkarten erhalten +30 DP.",
     "inputs": {"wirkung_attribute": "dp", "wirkung_amount": 30, "wirkung_scope": "listed",
                "wirkung_planets": ["merkur"]}, "unread": ()},
    {"text": "Wirkung: Alle Monsterkarten verlieren 10 LP.",
     "inputs": {"wirkung_attribute": "lp", "wirkung_amount": -10, "wirkung_scope": "all"},
     "unread": ()},
    {"text": "Wirkung: Monster erhalten +10 AP.\nSpezial-Wirkung: Monsterkarten kosten bei der "
             "Aktivierung 2 Energiepunkte weniger.",
     "inputs": {"wirkung_attribute": "ap", "wirkung_amount": 10, "wirkung_scope": "base",
                "spezial_cost_change": -2}, "unread": ()},
    {"text": "Spezial-Wirkung: Die Aktivierungskosten aller Monsterkarten steigen um "
             "1 Energiepunkt.",
     "inputs": {"spezial_cost_change": 1}, "unread": ()},
    {"text": "Wirkung: Monsterkarten mit dem Planetensymbol Erde oder Mars erhalten 20 AP dazu.",
     "inputs": {"wirkung_attribute": "ap", "wirkung_amount": 20, "wirkung_scope": "listed",
                "wirkung_planets": ["erde", "mars"]}, "unread": ()},
    {"text": "Wirkung: Der DP-Wert von Venus-Monsterkarten wird um 40 verringert. Diese Wirkung "
             "gilt auch auf der gegnerischen Spielfeldseite.",
     "inputs": {"wirkung_attribute": "dp", "wirkung_amount": -40, "wirkung_scope": "listed",
                "wirkung_planets": ["venus"], "extends_to_opposing_side": True}, "unread": ()},
    {"text": "Wirkung: Jupiter-Monster erhalten +5 EP.",
     "inputs": {"wirkung_attribute": "ep", "wirkung_amount": 5, "wirkung_scope": "listed",
                "wirkung_planets": ["jupiter"]}, "unread": ()},
    {"text": "Wirkung: Monsterkarten erhalten +20 AP für jede Energiekarte auf dem Feld.",
     "inputs": {},
     "unread": ("Wirkung: Monsterkarten erhalten +20 AP für jede Energiekarte auf dem Feld.",)},
    {"text": "Wirkung: Wenn ein Monster angreift, erhält es +10 AP.",
     "inputs": {}, "unread": ("Wirkung: Wenn ein Monster angreift, erhält es +10 AP.",)},
    {"text": "Wirkung: Sonne-Monsterkarten erhalten +10 AP.",
     "inputs": {}, "unread": ("Wirkung: Sonne-Monsterkarten erhalten +10 AP.",)},
    {"text": "Wirkung: Monsterkarten erhalten +10 AP. Spezial-Wirkung: Verdoppelt den AP-Wert "
             "aller Monsterkarten.",
     "inputs": {"wirkung_attribute": "ap", "wirkung_amount": 10, "wirkung_scope": "base"},
     "unread": ("Spezial-Wirkung: Verdoppelt den AP-Wert aller Monsterkarten.",)},
    {"text": "Spezial-Wirkung: Monsterkarten zahlen bei der Aktivierung 1 Energiepunkt weniger, "
             "auch auf der gegnerischen Spielfeldseite.",
     "inputs": {"spezial_cost_change": -1, "spezial_extends_to_opposing_side": True},
     "unread": ()},
    {"text": "Wirkung: Monsterkarten erhalten -15 LP. Gilt auch für die gegnerische "
             "Spielfeldseite.",
     "inputs": {"wirkung_attribute": "lp", "wirkung_amount": -15, "wirkung_scope": "base",
                "extends_to_opposing_side": True}, "unread": ()},
    {"text": "Wirkung: Alle Monster auf beiden Spielfeldseiten erhalten +10 DP.",
     "inputs": {"wirkung_attribute": "dp", "wirkung_amount": 10, "wirkung_scope": "all",
                "extends_to_opposing_side": True}, "unread": ()},
    {"text": "Impact: Mercury monster cards get +20 AP.",
     "inputs": {"wirkung_attribute": "ap", "wirkung_amount": 20, "wirkung_scope": "listed",
                "wirkung_planets": ["merkur"]}, "unread": ()},
    {"text": "Special impact: Monster cards pay 1 energy point less on activation.",
     "inputs": {"spezial_cost_change": -1}, "unread": ()},
    {"text": "Impact: All monsters gain +10 DP if they are attacked.",
     "inputs": {}, "unread": ("Impact: All monsters gain +10 DP if they are attacked.",)},
    {"text": "Воздействие: карты монстров с символом планеты Марс получают +20 AP.",
     "inputs": {"wirkung_attribute": "ap", "wirkung_amount": 20, "wirkung_scope": "listed",
                "wirkung_planets": ["mars"]}, "unread": ()},
    {"text": "Особое воздействие: при активации карты монстров платят на 1 очко энергии меньше.",
     "inputs": {"spezial_cost_change": -1}, "unread": ()},
    {"text": "Воздействие: все карты монстров получают +10 DP за каждую карту энергии.",
     "inputs": {},
     "unread": ("Воздействие: все карты монстров получают +10 DP за каждую карту энергии.",)},
)
