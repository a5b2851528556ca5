"""The rulebook app: games, documents, sections, clauses, versions, corrections."""
