"""Reading: the pages players read — home, game, document, section, clause,
side by side — and the sitemap.

Modules:

- :mod:`~rulebook.reading.services`: a document with its publication stamp
  (``find_stamped_document()``, for the pages and the API alike), which
  clause versions a page shows on a date, in which language
  (``read_document()``, ``read_clauses()``, ``find_clause()``);
- :mod:`~rulebook.reading.views`: the rule pages (thin views);
- :mod:`~rulebook.reading.sidebyside`: original and translation side by side;
- :mod:`~rulebook.reading.glossary`: the glossary page of a game;
- :mod:`~rulebook.reading.translations`: the "unofficial translation" notes;
- :mod:`~rulebook.reading.sitemaps`: the sitemap (hreflang alternates);
- :mod:`~rulebook.reading.api`: games, documents, clauses and search in the
  JSON API (a router added in :mod:`rulesite.api`).

May import: :mod:`rulebook.models`, :mod:`rulebook.caching`,
:mod:`rulebook.references`, :mod:`rulebook.search` (and
:mod:`rulebook.api_common`, the API's error shape).  Must not import
:mod:`rulebook.calculator`, :mod:`rulebook.versioning` or
:mod:`rulebook.importing` (they build on reading, not the other way round).
"""
