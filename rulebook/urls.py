"""Addresses of the rulebook pages (mounted under each language prefix)."""

from django.urls import path, register_converter

from rulebook.reading import glossary, offline, sidebyside, views
from rulebook.rulings import feeds as ruling_feeds, views as ruling_views
from rulebook.search.views import search_page
from rulebook.versioning import feeds
from rulebook.versioning import views as versioning_views


class ClauseKeyConverter:
    """A clause key: letters, digits, dots and hyphens (``107.2``, ``ziel.p3.2``)."""

    regex = r"[0-9A-Za-z][0-9A-Za-z.\-]*"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(ClauseKeyConverter, "clausekey")

app_name = "rulebook"
urlpatterns = [
    path("", views.home, name="home"),
    # Before the game/document patterns, which would match these addresses too.
    path("corrections/feed/", feeds.CorrectionsFeed(), name="corrections_feed"),
    path("<slug:game>/corrections/", versioning_views.correction_list, name="corrections"),
    path("<slug:game>/corrections/feed/", feeds.CorrectionsFeed(), name="game_corrections_feed"),
    # <number>: the correction's public number within the game (Correction.number).
    path("<slug:game>/corrections/<int:number>/", versioning_views.correction_detail,
         name="correction"),
    # <number>: the ruling's public number within the game (Ruling.number).
    path("<slug:game>/rulings/", ruling_views.ruling_list, name="rulings"),
    path("<slug:game>/rulings/<int:number>/", ruling_views.ruling_detail, name="ruling"),
    path("<slug:game>/rulings/feed/", ruling_feeds.RulingsFeed(), name="rulings_feed"),
    path("search/", search_page, name="search"),
    path("glossary/", glossary.glossaries_page, name="glossaries"),
    path("offline/", offline.offline_page, name="offline"),
    path("offline/not-kept/", offline.offline_page, {"reason": "not-kept"},
         name="offline_not_kept"),
    path("offline/kept/", offline.offline_page, {"reason": "kept"}, name="offline_kept"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("<slug:game>/offline.json", offline.offline_pages, name="offline_pages"),
    path("<slug:game>/", views.game_detail, name="game"),
    path("<slug:game>/glossary/", glossary.glossary_page, name="glossary"),
    path("<slug:game>/<slug:document>/", views.document_detail, name="document"),
    path("<slug:game>/<slug:document>/section/<slug:section>/", views.section_detail,
         name="section"),
    path("<slug:game>/<slug:document>/section/<slug:section>/side-by-side/",
         sidebyside.section_side_by_side, name="section-side-by-side"),
    # Before the clause pattern: a clause key "changes" would be shadowed (none has one).
    path("<slug:game>/<slug:document>/changes/", versioning_views.document_changes_view,
         name="changes"),
    path("<slug:game>/<slug:document>/<clausekey:key>/", views.clause_detail, name="clause"),
    path("<slug:game>/<slug:document>/<clausekey:key>/history/",
         versioning_views.clause_history_view, name="clause_history"),
    path("<slug:game>/<slug:document>/<clausekey:key>/side-by-side/",
         sidebyside.clause_side_by_side, name="clause-side-by-side"),
]
