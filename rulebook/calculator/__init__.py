"""Calculator: judge scenarios evaluated by :mod:`engine`, with citations
resolved to the clause versions in force.

Modules:

- :mod:`~rulebook.calculator.services`: scenarios, forms and rulings
  (the only module that talks to :mod:`engine`, with ``citations``);
- :mod:`~rulebook.calculator.citations`: an engine citation → the clause
  version in force on a date, with version warnings;
- :mod:`~rulebook.calculator.views`, :mod:`~rulebook.calculator.urls`: the
  calculator pages;
- :mod:`~rulebook.calculator.api`: the calculator's operations of the
  JSON API (a django-ninja router, added to the API in :mod:`rulesite.api`);
- :mod:`~rulebook.calculator.speed`: the per-worker caches and hand-written HTML
  that make a cold ruling fast, and what they trade;
- :mod:`~rulebook.calculator.terms`: the glossary's English and Russian game
  terms for the German ones in engine messages (what the en/ru catalogs say).

May import: :mod:`engine`, :mod:`rulebook.models`, :mod:`rulebook.caching`,
:mod:`rulebook.reading` (clause texts in place).  Nothing else in
``rulebook`` imports it except the URLconfs and the templatetags that
render its rulings.
"""
