"""Tests of the Berserk ruleset (engine.berserk), one module per behaviour."""
