"""Tests of engine.marvel (Marvel Champions, Referenzhandbuch entry "Ziel")."""
