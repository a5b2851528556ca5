"""App configuration of the rulebook."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RulebookConfig(AppConfig):
    """The rulebook app."""

    name = "rulebook"
    verbose_name = _("Rulebook")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_migrate

        from rulebook.versioning.guards import install_guards_after_migrate
        from rulebook.versioning.roles import ensure_groups_after_migrate

        post_migrate.connect(ensure_groups_after_migrate, sender=self,
                             dispatch_uid="rulebook.ensure_groups")
        post_migrate.connect(install_guards_after_migrate, sender=self,
                             dispatch_uid="rulebook.install_guards")

        # Search index and stored references follow every saved version.
        from rulebook import signals  # noqa: F401

        # Cached pages key on the rulebook revision, raised by every change.
        from rulebook.caching import revision

        revision.connect()

        # A correction's review list names the calculator's rules and worked examples
        # citing a changed clause (the versioning room does not import the engine).
        from rulebook.calculator import dependents
        from rulebook.versioning import review

        def calculator_resting(clause):
            return [review.Resting(kind, label, subject=subject)
                    for kind, label, subject in dependents.resting_on(
                        clause.document.game.slug, clause.document.slug, clause.key)]

        if not review.PROVIDERS:
            review.PROVIDERS.append(calculator_resting)

        # manage.py check --deploy: the site's database role has least privilege.
        from rulebook import checks  # noqa: F401
