"""Versioning: corrections (errata), clause versions and their history.

Modules:

- :mod:`~rulebook.versioning.publishing`: the editorial workflow; its
  ``publish_correction()`` is the one entry point that changes what
  readers see;
- :mod:`~rulebook.versioning.guards`: database triggers that refuse to
  change published versions;
- :mod:`~rulebook.versioning.structure`: structural corrections — a clause
  added at a place, repealed, moved, renumbered — and their words;
- :mod:`~rulebook.versioning.headings` (with its admin,
  :mod:`~rulebook.versioning.structure_admin`): dated changes of section
  headings and addresses, document titles and game names that a
  correction publishes;
- :mod:`~rulebook.versioning.editing`: concurrent edits — row locks in one
  order, stamps of what a form was opened from, one retry after a deadlock;
- :mod:`~rulebook.versioning.diffing`: word diffs; :mod:`~rulebook.versioning.history`:
  history rows and what a correction changed; :mod:`~rulebook.versioning.changes`:
  what changed in a document between two dates;
- :mod:`~rulebook.versioning.timeline`: what publishing a correction
  changes date by date (the publish summary: the text in force from each
  date before and after, an announced version it comes before);
- :mod:`~rulebook.versioning.admin`: the correction workflow in the admin;
- :mod:`~rulebook.versioning.views`, :mod:`~rulebook.versioning.feeds`,
  :mod:`~rulebook.versioning.sitemaps`: history, correction and "What
  changed" pages, Atom feeds, their sitemap;
- :mod:`~rulebook.versioning.api`: histories, changes and corrections in
  the JSON API (a router added in :mod:`rulesite.api`);
- :mod:`~rulebook.versioning.review`: what a correction puts up for review
  (its publish summary, the items recorded at publication, an editor's
  confirmation or superseding); :mod:`~rulebook.versioning.review_admin`:
  the admin page "Items to review";
- :mod:`~rulebook.versioning.exporting`: export and restore of a game;
- :mod:`~rulebook.versioning.roles`: the Editors and Publishers groups.

May import: :mod:`rulebook.models`, :mod:`rulebook.caching`,
:mod:`rulebook.references`, :mod:`rulebook.reading` (to read a document as
of a date).  Must not import :mod:`rulebook.calculator` or
:mod:`rulebook.importing` (the calculator's rules and worked examples reach
the review list through :data:`rulebook.versioning.review.PROVIDERS`,
registered by ``RulebookConfig.ready``).
"""
