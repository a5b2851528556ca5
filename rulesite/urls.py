"""Root URLconf: the admin, sitemap, robots.txt and /healthz, and the pages under
/de/, /ru/, /en/."""

from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.contrib.sitemaps.views import sitemap
from django.urls import include, path, re_path
from django.utils.translation import gettext_lazy as _

from rulebook.calculator.sitemaps import CalculatorSitemap
from rulebook.reading.sitemaps import SITEMAPS
from rulebook.reading.offline import offline_state, service_worker
from rulebook.reading.views import favicon, robots_txt
from rulebook.rulings.sitemaps import RulingListSitemap, RulingSitemap
from rulebook.versioning.sitemaps import ChangesSitemap, HistorySitemap
from rulesite.api import api, index as api_index, not_found as api_not_found
from rulesite.health import healthz

# The admin in the editor's language (its header's language menu posts to
# set_language), under the site's own name.
admin.site.site_header = admin.site.site_title = _("Rules reference")

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("sitemap.xml", sitemap, {"sitemaps": {**SITEMAPS, "changes": ChangesSitemap,
                                  "history": HistorySitemap,
                                  "calculator": CalculatorSitemap,
                                  "ruling-lists": RulingListSitemap, "rulings": RulingSitemap}},
         name="django.contrib.sitemaps.views.sitemap"),
    path("robots.txt", robots_txt, name="robots_txt"),
    path("favicon.ico", favicon, name="favicon"),
    path("healthz", healthz, name="healthz"),
    path("sw.js", service_worker, name="service_worker"),
    path("offline-state.json", offline_state, name="offline_state"),
    path("api/", api_index, name="api-index"),  # before ninja's root, a 404 without docs
    path("api/", api.urls),
    re_path(r"^api/", api_not_found),  # an address naming no operation: 404 in the API's shape
]
urlpatterns += i18n_patterns(
    # before the rulebook's <game>/ pages, so that "calculator" is not read as a game
    path("calculator/", include("rulebook.calculator.urls")),
    path("", include("rulebook.urls")),
)

# Database errors get a translated 503 page (rulebook.errors).
handler500 = "rulebook.errors.server_error"
# A request Django refuses to read (too many parameters) gets the plain 400 page.
handler400 = "rulebook.errors.bad_request"
