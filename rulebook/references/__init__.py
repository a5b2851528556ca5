"""Cross-references between clauses: syntax, resolution, storage, backlinks.

See :mod:`rulebook.references.syntax` for the syntax editors use.
"""
