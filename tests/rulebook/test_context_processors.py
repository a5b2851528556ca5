"""The context processors' shortcuts (rulebook/context_processors.py): the same addresses
as Django's ``urlencode`` and ``build_absolute_uri``."""

from __future__ import annotations

from urllib.parse import urlencode

from django.test import RequestFactory, override_settings
from hypothesis import given, settings, strategies as st

from rulebook.context_processors import _absolute, _plain_query
import pytest

pytestmark = pytest.mark.database_free  # no database: left out of the second database's run

#: Plain characters mostly, and every kind that is quoted or ends a part.
_CHARACTERS = st.sampled_from("aZ09_.~-" * 4 + "=&%+ /:?#ü[]@!$'()*,;\t")
_HOSTS = ["testserver", "127.0.0.1:8000", "[::1]:8080"]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.tuples(st.text(_CHARACTERS, max_size=8),
                          st.lists(st.text(_CHARACTERS, max_size=8), min_size=1, max_size=3)),
                min_size=1, max_size=6, unique_by=lambda pair: pair[0]))
def test_a_plain_query_is_urlencodes(lists):
    written = _plain_query(lists)
    assert written in (None, urlencode(dict(lists), doseq=True))
    plain = all(set(text) <= set("aZ09_.~-") for key, values in lists for text in [key, *values])
    assert (written is not None) == plain


def _outcome(function, *args):
    """What ``function(*args)`` returns, or the kind of error it raises."""
    try:
        return function(*args)
    except ValueError as error:
        return error.__class__


@override_settings(ALLOWED_HOSTS=["testserver", "127.0.0.1", "[::1]"])
def test_an_absolute_address_is_build_absolute_uris():
    @settings(max_examples=500, deadline=None)
    @given(st.text(_CHARACTERS, max_size=16), st.sampled_from(["", "/", "//", "/./", "/../"]),
           st.sampled_from(_HOSTS), st.booleans())
    def same(tail, start, host, secure):
        request = RequestFactory().get("/de/", HTTP_HOST=host, secure=secure)
        for path in (start + tail, "/" + tail, "/de/" + start + tail):
            assert _outcome(_absolute, request, path) == _outcome(
                request.__class__.build_absolute_uri, request, path), path

    same()
    request = RequestFactory().get("/de/", HTTP_HOST="127.0.0.1:8000")
    path = "/ru/calculator/power-duell/situation/?a=1&b-0-c=x.y~z"
    assert _absolute(request, path) == "http://127.0.0.1:8000" + path  # written here
    assert _plain_query([("b", ["2", "1"]), ("c", [""])]) == "b=2&b=1&c="
