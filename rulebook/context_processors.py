"""Template context shared by every page."""

from django.conf import settings
from django.urls import translate_url
from django.utils.translation import get_language_info


def site(request):
    """Return the language switcher links for the current page.

    ``language_links`` is a list of dicts ``{code, name, url, current}``;
    each URL is the current page in that language (query string kept).
    """
    path = request.get_full_path()
    current = getattr(request, "LANGUAGE_CODE", settings.LANGUAGE_CODE)
    links = []
    for code, _name in settings.LANGUAGES:
        info = get_language_info(code)
        links.append({
            "code": code,
            "name": info["name_local"],
            "url": translate_url(path, code),
            "current": code == current,
        })
    return {"language_links": links}
