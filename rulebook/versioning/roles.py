"""The editorial roles: the "Editors", "Publishers" and "Translators" groups.

Editors create corrections, propose clause texts and submit them for
review; publishers may also publish (``rulebook.publish_correction``).
Official rulings go the same way (editors draft and submit, publishers
publish, supersede and withdraw: ``rulebook.publish_ruling``); both
declare the calculator's open points a ruling decides and act on what a
published correction put up for review.
Translators add and confirm the translations of published versions
(``rulebook.translate_clauseversion``) and edit the glossary, but neither
propose original texts nor publish.
Members need "staff status" to log in to the admin.  The groups are created
by a data migration and kept after a test-database flush by a
``post_migrate`` handler (see ``RulebookConfig.ready``); existing
permissions of the groups are never removed.
"""

from __future__ import annotations

EDITORS = "Editors"
PUBLISHERS = "Publishers"
TRANSLATORS = "Translators"

_READ = ["view_game", "view_document", "view_section", "view_clause"]
_EDIT = ["add_clause", "view_correction", "add_correction", "change_correction",
         "delete_correction", "view_clauseversion", "add_clauseversion",
         "change_clauseversion", "delete_clauseversion", "translate_clauseversion"]
_GLOSSARY = ["view_glossaryterm", "add_glossaryterm", "change_glossaryterm"]
_RULINGS = ["view_ruling", "add_ruling", "change_ruling", "delete_ruling",
            "view_rulingclause", "add_rulingclause", "change_rulingclause",
            "delete_rulingclause", "view_rulingdecision", "add_rulingdecision",
            "change_rulingdecision", "delete_rulingdecision"]
#: What a published correction put up for review: editors confirm or supersede it.
_REVIEW = ["view_reviewitem", "change_reviewitem"]

#: group name → permission codenames of the rulebook app
GROUP_PERMISSIONS: dict[str, list[str]] = {
    EDITORS: _READ + _EDIT + _GLOSSARY + _RULINGS + _REVIEW,
    PUBLISHERS: _READ + _EDIT + _GLOSSARY + _RULINGS + _REVIEW + ["publish_correction",
                                                                  "publish_ruling"],
    TRANSLATORS: _READ + _GLOSSARY + ["view_correction", "view_clauseversion",
                                      "translate_clauseversion"],
}


def ensure_groups(apps, using: str = "default") -> None:
    """Create the groups and add any missing permission (idempotent).

    ``apps`` is the app registry (the historical one inside a migration).
    """
    from django.contrib.auth.management import create_permissions

    app_config = apps.get_app_config("rulebook")
    models_module = getattr(app_config, "models_module", None)
    # A historical app config has no models module; create_permissions needs one.
    app_config.models_module = models_module or True
    try:
        create_permissions(app_config, apps=apps, verbosity=0, using=using)
    finally:
        app_config.models_module = models_module
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for name, codenames in GROUP_PERMISSIONS.items():
        group, _created = Group.objects.using(using).get_or_create(name=name)
        permissions = Permission.objects.using(using).filter(
            content_type__app_label="rulebook", codename__in=codenames)
        group.permissions.add(*permissions)


def ensure_groups_after_migrate(sender, using="default", apps=None, **kwargs) -> None:
    """``post_migrate`` handler: groups survive ``flush`` (e.g. between tests)."""
    from django.apps import apps as global_apps

    ensure_groups(apps or global_apps, using=using)
