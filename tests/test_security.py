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


@pytest.mark.database_free  # its own SQLite file, not the run's database
def test_production_settings_pass_check_deploy(tmp_path):
    result = check_deploy(tmp_path, **HTTPS_ENV)
    assert result.returncode == 0, result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout + result.stderr
    assert "WARNINGS" not in result.stdout + result.stderr


@pytest.mark.database_free  # its own SQLite file, not the run's database
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
    assert """<meta name="htmx-config" content='{"includeIndicatorStyles":false,"historyCacheSize":0,"refreshOnHistoryMiss":true}'>""" in html
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


# --- The login throttle's client address, served directly and behind a proxy ---

BEHIND_ONE_PROXY = {"AXES_IPWARE_META_PRECEDENCE_ORDER": ["HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"],
                    "AXES_IPWARE_PROXY_ORDER": "left-most", "AXES_IPWARE_PROXY_COUNT": 0}


def login_via_proxy(client, forwarded_for, password="wrong"):
    """A login the proxy at 10.0.0.2 passes on, naming the client in X-Forwarded-For."""
    return client.post("/admin/login/?next=/admin/", {"username": "editor", "password": password},
                       headers={"Accept-Language": "de", "X-Forwarded-For": forwarded_for},
                       REMOTE_ADDR="10.0.0.2")


def test_behind_a_proxy_bad_logins_from_one_address_do_not_lock_the_user_out_elsewhere(
        client, db, settings):
    for name, value in BEHIND_ONE_PROXY.items():
        setattr(settings, name, value)
    User.objects.create_user("editor", password="right-password-1", is_staff=True)
    for _attempt in range(settings.AXES_FAILURE_LIMIT - 1):
        assert login_via_proxy(client, "203.0.113.5").status_code == 200
    assert login_via_proxy(client, "203.0.113.5").status_code == 429
    # The user name is locked from that address only, the right password too ...
    assert login_via_proxy(client, "203.0.113.5", "right-password-1").status_code == 429
    # ... while the editor at another address, through the same proxy, logs in.
    elsewhere = login_via_proxy(client, "198.51.100.7", "right-password-1")
    assert elsewhere.status_code == 302 and elsewhere.headers["Location"] == "/admin/"


def test_behind_a_proxy_a_client_naming_another_address_does_not_lock_that_address(
        client, db, settings):
    """A client that sends its own X-Forwarded-For ("198.51.100.7", to which the proxy
    appends its real address) is not counted as 198.51.100.7: the header then holds
    more entries than one proxy adds, and the proxy's address counts instead."""
    for name, value in BEHIND_ONE_PROXY.items():
        setattr(settings, name, value)
    User.objects.create_user("editor", password="right-password-1", is_staff=True)
    for _attempt in range(settings.AXES_FAILURE_LIMIT):
        login_via_proxy(client, "198.51.100.7, 203.0.113.5")
    assert login_via_proxy(client, "198.51.100.7, 203.0.113.5").status_code == 429
    assert login_via_proxy(client, "198.51.100.7", "right-password-1").status_code == 302


def test_served_directly_a_forwarded_for_header_is_ignored(client, db, settings):
    """Without BEHIND_PROXY only the connection's address counts, so a new
    X-Forwarded-For on every try does not escape the lockout."""
    assert settings.AXES_IPWARE_META_PRECEDENCE_ORDER == ["REMOTE_ADDR"]
    User.objects.create_user("editor", password="right-password-1", is_staff=True)
    for attempt in range(settings.AXES_FAILURE_LIMIT - 1):
        assert login_via_proxy(client, f"192.0.2.{attempt + 1}").status_code == 200
    assert login_via_proxy(client, "192.0.2.200").status_code == 429
    assert login_via_proxy(client, "192.0.2.201", "right-password-1").status_code == 429


def test_the_proxy_settings_come_from_the_environment(tmp_path):
    environment = {key: value for key, value in os.environ.items()
                   if not key.startswith(("SECURE_", "DJANGO_SETTINGS", "PROXY_", "BEHIND_"))}
    environment.update(RULESITE_VAR_DIR=str(tmp_path), BEHIND_PROXY="1",
                       PROXY_CLIENT_IP_HEADER="X-Real-IP", PROXY_COUNT="2",
                       DJANGO_SETTINGS_MODULE="rulesite.settings")
    code = ("from django.conf import settings; print(settings.AXES_IPWARE_META_PRECEDENCE_ORDER,"
            " settings.AXES_IPWARE_PROXY_COUNT, settings.SECURE_PROXY_SSL_HEADER)")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=environment,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ("['HTTP_X_REAL_IP', 'REMOTE_ADDR'] 1 "
                                     "('HTTP_X_FORWARDED_PROTO', 'https')")
