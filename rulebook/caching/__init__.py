"""Caching: conditional responses, the page cache and the rulebook revision.

Modules:

- :mod:`~rulebook.caching.revision`: the rulebook's revision number, raised
  by every change in the same transaction;
- :mod:`~rulebook.caching.conditional`: ETag/Last-Modified from the latest
  publication, 304 answers, fragment caching, ``page_cacheable``;
- :mod:`~rulebook.caching.pages`: the page-cache middleware (whole pages
  keyed by address and revision);
- :mod:`~rulebook.caching.bodies`: finished bodies of large answers (the
  read API's all-clauses answer) kept as files per publication stamp and
  sent as static files are (``sendfile``);
- :mod:`~rulebook.caching.process`: per-process indexes kept until the
  rulebook changes (the resolver's, the glossary's, the search synonyms);
- :mod:`~rulebook.caching.degrading`: the Redis backend every cache call goes
  through, answering an outage as a miss (and the body files' failures
  reported the same way), and the cache's health for ``/healthz``.

May import: :mod:`rulebook.models` only.  Every room that serves pages may
import it.
"""
