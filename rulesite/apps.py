"""App configurations of third-party apps the site names in its own words."""

from axes.apps import AppConfig as _AxesConfig
from django.utils.translation import gettext_lazy as _


class AxesConfig(_AxesConfig):
    """django-axes (the admin login lockout), headed "Login lockout" in the admin's
    language instead of its untranslated name "Axes"."""

    verbose_name = _("Login lockout")
