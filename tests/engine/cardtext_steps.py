"""The step the card-text reading adds to any game's ruling (engine.cardtext)."""

from engine.cardtext import _differing_step

#: Message id of the step "the fields differ from what the card text says": it
#: cites no clause (the fields, not a rule, are what it is about).
DIFFERING_CARD_TEXT = _differing_step("", ()).message.id
