"""Official rulings: the publisher's answers on the rules, shown beside them.

The room owns the editorial workflow and pages of :class:`rulebook.models.Ruling`:

- :mod:`~rulebook.rulings.workflow`: draft → submitted → published, the
  revision check of drafts, the public number, superseding and withdrawing
  (the one entry point that changes what readers see is
  :func:`~rulebook.rulings.workflow.publish_ruling`);
- :mod:`~rulebook.rulings.views`: a ruling's own page
  ``/<lang>/<game>/rulings/<number>/`` and the game's list;
- :mod:`~rulebook.rulings.admin`: the admin of editors and publishers;
- :mod:`~rulebook.rulings.sitemaps`: the ruling pages in the sitemap;
- :mod:`~rulebook.rulings.api`: the read API's operations on rulings (a
  game's, one, a clause's; as of a date), added to the API by :mod:`rulesite.api`;
- :mod:`~rulebook.rulings.feeds`: the Atom feed of a game's rulings.

The clause page reads the rulings on a clause through the model's queryset
(``Ruling.objects.on_clause``), not through this room.  The room builds on
the models, on :mod:`rulebook.versioning` (its errors, lock order, roles
and feed base), on :mod:`rulebook.api_common`, the reading API's look-ups
and the reading room's sitemap base; it never imports the
importer, and the models and the reading pages do not import it.
"""
