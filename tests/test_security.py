"""Security: deployment check, response headers (CSP, nosniff, referrer,
framing) and the admin login lockout."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import User

ROOT = Path(__file__).resolve().parent.parent
HTTPS_ENV = {"SECURE_SSL_REDIRECT": "1", "SECURE_COOKIES": "1",
             "SECURE_HSTS_SECONDS": "31536000", "DEBUG": "0"}


def check_deploy(tmp_path, **env):
    environment = {key: value for key, value in os.environ.items()
                   if not key.startswith(("SECURE_", "DJANGO_SETTINGS"))}
    environment.update(env, RULESITE_VAR_DIR=str(tmp_path), SECRET_KEY=secrets.token_urlsafe(60))
    environment.pop("DATABASE_URL", None)
    return subprocess.run([sys.executable, "manage.py", "check", "--deploy"], cwd=ROOT,
                          env=environment, capture_output=True, text=True, timeout=120)


def test_production_settings_pass_check_deploy(tmp_path):
    result = check_deploy(tmp_path, **HTTPS_ENV)
    assert result.returncode == 0, result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout + result.stderr
    assert "WARNINGS" not in result.stdout + result.stderr


def test_check_deploy_warns_without_the_https_settings(tmp_path):
    result = check_deploy(tmp_path, DEBUG="0")
    output = result.stdout + result.stderr
    assert "security.W008" in output  # SECURE_SSL_REDIRECT
    assert "security.W004" in output  # HSTS
    assert "security.W012" in output  # SESSION_COOKIE_SECURE


@pytest.mark.parametrize("path", ["/de/", "/ru/berserk/comprehensive-rules/107.2/", "/admin/login/"])
def test_security_headers(client, seeded, path):
    response = client.get(path)
    assert response.status_code == 200
    policy = dict(part.strip().split(" ", 1)
                  for part in response.headers["Content-Security-Policy"].split(";"))
    assert policy["script-src"] == "'self'"
    assert policy["default-src"] == "'self'"
    assert policy["object-src"] == "'none'"
    assert policy["frame-ancestors"] == "'none'"
    assert "unsafe-inline" not in response.headers["Content-Security-Policy"]
    assert "unsafe-eval" not in response.headers["Content-Security-Policy"]
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert response.headers["X-Frame-Options"] == "DENY"


def test_pages_have_no_inline_script_and_htmx_adds_no_inline_style(client, seeded):
    html = client.get("/de/berserk/comprehensive-rules/").content.decode()
    assert """<meta name="htmx-config" content='{"includeIndicatorStyles":false}'>""" in html
    for chunk in html.split("<script")[1:]:
        assert chunk.lstrip().startswith("src=") or ' src="' in chunk.split(">")[0], chunk[:80]
    assert "<style" not in html


def failed_login(client, username="editor", password="wrong"):
    return client.post("/admin/login/?next=/admin/",
                       {"username": username, "password": password},
                       headers={"Accept-Language": "de"})


def test_admin_login_is_locked_after_repeated_failures(client, db, settings):
    User.objects.create_user("editor", password="right-password-1", is_staff=True)
    User.objects.create_user("other", password="other-password-1", is_staff=True)
    for _attempt in range(settings.AXES_FAILURE_LIMIT - 1):
        response = failed_login(client)
        assert response.status_code == 200  # the form again, with its error
    locked = failed_login(client)
    assert locked.status_code == 429
    html = locked.content.decode()
    assert "Zu viele fehlgeschlagene Anmeldungen" in html
    assert "Traceback" not in html
    # Even the right password is refused while the lock holds ...
    assert failed_login(client, password="right-password-1").status_code == 429
    assert "_auth_user_id" not in client.session
    # ... but another user name is not locked.
    other = failed_login(client, username="other", password="other-password-1")
    assert other.status_code == 302 and other.headers["Location"] == "/admin/"


def test_a_successful_login_resets_the_failure_count(client, db, settings):
    User.objects.create_user("editor", password="right-password-1", is_staff=True)
    for _attempt in range(settings.AXES_FAILURE_LIMIT - 1):
        failed_login(client)
    assert failed_login(client, password="right-password-1").status_code == 302
    client.logout()
    for _attempt in range(settings.AXES_FAILURE_LIMIT - 1):
        assert failed_login(client).status_code == 200


def test_test_client_login_still_works(client, db):
    User.objects.create_user("editor", password="right-password-1", is_staff=True)
    assert client.login(username="editor", password="right-password-1")
    assert client.get("/admin/").status_code == 200


def test_the_policy_built_once_is_django_csps_own(rf, settings):
    """rulesite.middleware.CSPMiddleware gives the headers django-csp builds;
    a view's own policy (csp.decorators) and a changed setting still count."""
    from csp.middleware import CSPMiddleware as DjangoCSPMiddleware
    from django.http import HttpResponse

    from rulesite.middleware import CSPMiddleware

    def headers(middleware_class, response=None, path="/de/"):
        response = response or HttpResponse("page")
        middleware = middleware_class(lambda request: response)
        return {name: value for name, value in middleware(rf.get(path)).items()
                if name.startswith("Content-Security-Policy")}

    ours = headers(CSPMiddleware)
    assert ours == headers(DjangoCSPMiddleware)
    assert "default-src 'self'" in ours["Content-Security-Policy"].split("; ")
    assert "Content-Security-Policy-Report-Only" not in ours

    updated = HttpResponse("page")
    updated._csp_update = {"img-src": ["https://cards.example"]}
    assert "https://cards.example" in headers(CSPMiddleware, updated)["Content-Security-Policy"]

    settings.CONTENT_SECURITY_POLICY = {"DIRECTIVES": {"default-src": ["'none'"]},
                                        "EXCLUDE_URL_PREFIXES": ["/api/"]}
    settings.CONTENT_SECURITY_POLICY_REPORT_ONLY = {"DIRECTIVES": {"script-src": ["'self'"]}}
    changed = headers(CSPMiddleware)
    assert changed == headers(DjangoCSPMiddleware)
    assert changed["Content-Security-Policy"] == "default-src 'none'"
    assert "script-src 'self'" in changed["Content-Security-Policy-Report-Only"].split("; ")
    assert "Content-Security-Policy" not in headers(CSPMiddleware, path="/api/games/")
