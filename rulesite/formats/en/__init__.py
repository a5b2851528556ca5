"""English formats (see :mod:`rulesite.formats`)."""
