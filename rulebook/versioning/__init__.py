"""Versioning: corrections (errata), clause versions and their history.

Modules:

- :mod:`~rulebook.versioning.publishing`: the editorial workflow; its
  ``publish_correction()`` is the one entry point that changes what
  readers see;
- :mod:`~rulebook.versioning.guards`: database triggers that refuse to
  change published versions;
- :mod:`~rulebook.versioning.diffing`: word diffs; :mod:`~rulebook.versioning.history`:
  history rows and what a correction changed;
- :mod:`~rulebook.versioning.admin`: the correction workflow in the admin;
- :mod:`~rulebook.versioning.views`, :mod:`~rulebook.versioning.feeds`:
  history, correction pages and Atom feeds;
- :mod:`~rulebook.versioning.exporting`: export and restore of a game;
- :mod:`~rulebook.versioning.roles`: the Editors and Publishers groups.

May import: :mod:`rulebook.models`, :mod:`rulebook.caching`,
:mod:`rulebook.references`, :mod:`rulebook.reading` (to read a document as
of a date).  Must not import :mod:`rulebook.calculator` or
:mod:`rulebook.importing`.
"""
