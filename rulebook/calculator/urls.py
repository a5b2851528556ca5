"""Addresses of the scenario calculator (mounted at ``/<lang>/calculator/``)."""

from django.urls import path

from rulebook.calculator import views
from rulebook.urls import ClauseKeyConverter  # noqa: F401  registers <clausekey:>

app_name = "calculator"
urlpatterns = [
    path("", views.index, name="index"),
    path("examples/", views.examples, name="examples"),
    path("clause/<slug:game>/<slug:document>/<clausekey:key>/", views.clause_fragment,
         name="clause"),
    path("<slug:game>/<slug:slug>/", views.scenario_form, name="scenario"),
]
