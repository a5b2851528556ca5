"""Authentication backends of the site."""

from axes.backends import AxesStandaloneBackend


class LoginThrottleBackend(AxesStandaloneBackend):
    """django-axes' lockout check, for logins made through a web request.

    A login without a request (the test client's ``login()``, a management
    command) cannot be a web brute-force attempt; it passes on to the next
    backend instead of raising ``AxesBackendRequestParameterRequired``.
    Returns ``None`` (never a user): the next backend authenticates.

    :raises axes.exceptions.AxesBackendPermissionDenied: when the user name
        and address are locked out.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        """``None`` without a request; else axes' check (raises when locked out)."""
        if request is None:
            return None
        return super().authenticate(request, username, password, **kwargs)
