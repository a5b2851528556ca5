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
  terms for the German ones in engine messages (what the en/ru catalogs say);
- :mod:`~rulebook.calculator.decisions`: open points decided by official
  rulings (the reading a current ruling supports), applied after the engine
  ruled; :mod:`~rulebook.calculator.admin`: where an editor declares them on a
  ruling (the inline is added to the rulings' admin by :mod:`rulebook.admin`);
- :mod:`~rulebook.calculator.dependents`: the rules, open points and worked
  examples citing a clause, for a correction's review list.

May import: :mod:`engine`, :mod:`rulebook.models`, :mod:`rulebook.caching`,
:mod:`rulebook.reading` (clause texts in place).  Nothing else in
``rulebook`` imports it except the URLconfs, the templatetags that
render its rulings, the site-wide admin and the app's start-up (which
registers :func:`~rulebook.calculator.dependents.resting_on` for the review list).
"""
