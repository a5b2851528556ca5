"""Tests of rulebook.versioning (issue 25: versioned structure above the clause)."""
