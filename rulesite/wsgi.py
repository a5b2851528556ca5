"""WSGI entry point for gunicorn: ``gunicorn rulesite.wsgi``."""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesite.settings")

application = get_wsgi_application()

#: The templates of the pages most requested, compiled when a worker starts.
WARM_TEMPLATES = ("rulebook/reading/document.html", "rulebook/reading/section.html",
                  "rulebook/reading/clause.html", "rulebook/reading/includes/see_also.html",
                  "rulebook/search/page.html", "rulebook/search/results.html")


def warm_up() -> None:
    """Load what a worker's first request would otherwise load (about 0.4 s
    of CPU): the URLconf with the API's schemas, each language's catalog and
    table of addresses, and the templates of :data:`WARM_TEMPLATES`.  Reads
    no database."""
    from django.conf import settings
    from django.template.loader import get_template
    from django.urls import get_resolver, reverse
    from django.utils import translation

    get_resolver().url_patterns
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            reverse("rulebook:home")
    for name in WARM_TEMPLATES:
        get_template(name)


warm_up()
