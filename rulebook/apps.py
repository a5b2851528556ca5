"""App configuration of the rulebook."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RulebookConfig(AppConfig):
    """The rulebook app."""

    name = "rulebook"
    verbose_name = _("Rulebook")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from rulebook import revision

        revision.connect()
