"""Tests of official rulings (rulebook.rulings, rulebook.models.rulings)."""
