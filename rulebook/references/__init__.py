"""Cross-references between clauses: syntax, resolution, storage, backlinks,
and the rendering of clause text (Markdown with references) to safe HTML.

Modules: :mod:`~rulebook.references.syntax` (what editors write),
:mod:`~rulebook.references.resolver` (a mention → a clause, section or
document), :mod:`~rulebook.references.services` (stored references and
"cited by"), :mod:`~rulebook.references.markdown` and
:mod:`~rulebook.references.rendering` (text → HTML),
:mod:`~rulebook.references.forms` (admin validation).

May import: :mod:`rulebook.models` and :mod:`rulebook.search.text` (case
folding).  Must not import reading, versioning, calculator or importing.
"""
