"""gunicorn's settings (rulesite.gunicorn): each worker freezes what loading the site made,
so the cyclic garbage collector's full collections no longer walk it (a pause of 60–90 ms
about every two thousand rulings).  The servers of tests/test_two_servers.py run with it."""

from __future__ import annotations

import gc

from rulesite import gunicorn


def test_a_worker_freezes_what_loading_the_site_made():
    assert gc.get_freeze_count() == 0
    try:
        gunicorn.post_worker_init(worker=None)
        assert gc.get_freeze_count() > 10_000  # the modules, models, declarations loaded
    finally:
        gc.unfreeze()
