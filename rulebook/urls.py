"""Addresses of the rulebook pages (mounted under each language prefix)."""

from django.urls import path, register_converter

from rulebook import views


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
    path("<slug:game>/", views.game_detail, name="game"),
    path("<slug:game>/<slug:document>/", views.document_detail, name="document"),
    path("<slug:game>/<slug:document>/section/<slug:section>/", views.section_detail,
         name="section"),
    path("<slug:game>/<slug:document>/<clausekey:key>/", views.clause_detail, name="clause"),
]
