"""The rulesets of every game the site covers, in display order."""

from engine.berserk import RULESET as BERSERK
from engine.marvel import RULESET as MARVEL_CHAMPIONS
from engine.powerduell import RULESET as POWER_DUELL

RULESETS = (POWER_DUELL, BERSERK, MARVEL_CHAMPIONS)
