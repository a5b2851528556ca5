"""Helpers of the cache-outage tests: a free port, the site's cache settings
for a Redis address, a Redis that can be stopped and started again, and the
site's addresses (every page type of the sitemap, every API operation)."""

from __future__ import annotations

import os
import re
import socket
import threading
from urllib.parse import urlsplit


def in_ci() -> bool:
    """Whether the tests run in CI (``CI`` set to a true value)."""
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes", "on"}


def free_port() -> int:
    """A local TCP port with nothing listening: bound to port 0, then closed."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def redis_caches(location: str) -> dict:
    """``CACHES`` of the site with its Redis at ``location``."""
    return {"default": {"BACKEND": "rulebook.caching.degrading.DegradingRedisCache",
                        "LOCATION": location, "KEY_PREFIX": "rulesite-outage-test"}}


class StoppableRedis:
    """A TCP relay in front of a real Redis that can be stopped (every
    connection cut, new ones refused) and started again on the same port:
    to the site, Redis going down and coming back."""

    def __init__(self, host: str, port: int) -> None:
        self.upstream = (host, port)
        self.port = free_port()
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        self._listener: socket.socket | None = None
        self.start()

    def start(self) -> None:
        """Listen on :attr:`port` and relay every connection to Redis."""
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(16)
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def stop(self) -> None:
        """Refuse new connections and cut every open one."""
        with self._lock:
            listener, self._listener = self._listener, None
            sockets, self._sockets = self._sockets, []
        if listener is not None:
            # shutdown wakes the accepting thread (close alone leaves it listening)
            try:
                listener.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            listener.close()
        for sock in sockets:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _address = listener.accept()
            except OSError:
                return
            try:
                server = socket.create_connection(self.upstream, timeout=5)
            except OSError:
                client.close()
                continue
            server.settimeout(None)
            with self._lock:
                self._sockets += [client, server]
            for source, target in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(source, target), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, target: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                target.sendall(data)
        except OSError:
            pass
        for sock in (source, target):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def sitemap_paths(client, x_default: bool = False) -> list[str]:
    """Every address of ``/sitemap.xml`` and its language alternates, as paths
    (with ``x_default``: only the ``x-default`` alternates)."""
    response = client.get("/sitemap.xml")
    assert response.status_code == 200
    xml = response.content.decode()
    if x_default:
        urls = re.findall(r'hreflang="x-default" href="([^"]+)"', xml)
    else:
        urls = (re.findall(r"<loc>(.*?)</loc>", xml)
                + re.findall(r'hreflang="(?:de|ru|en)" href="([^"]+)"', xml))
    paths = sorted({urlsplit(url).path + (f"?{urlsplit(url).query}" if urlsplit(url).query else "")
                    for url in urls})
    assert len(paths) > 20, paths
    return paths


def page_type(path: str) -> str:
    """The view name (namespace:name) of the view answering ``path`` (language-prefixed or not)."""
    from django.urls import resolve
    from django.utils import translation

    first = path.strip("/").split("/")[0]
    language = first if first in {"de", "ru", "en"} else "en"
    with translation.override(language):
        return resolve(urlsplit(path).path).view_name


def official_ruling(game: str, document: str, key: str) -> int:
    """Publish a made-up official ruling on the clause (the site ships none); its number."""
    import datetime

    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group

    from rulebook.models import Clause, Ruling, RulingClause
    from rulebook.rulings import workflow
    from rulebook.versioning.roles import EDITORS, PUBLISHERS

    clause = Clause.objects.select_related("document__game").get(
        document__game__slug=game, document__slug=document, key=key)
    users = []
    for name, group in (("outage-editor", EDITORS), ("outage-publisher", PUBLISHERS)):
        user, _created = get_user_model().objects.get_or_create(username=name, is_staff=True)
        user.groups.add(Group.objects.get(name=group))
        users.append(user)
    ruling = Ruling.objects.create(
        game=clause.document.game, source_title="Test source", language="en",
        source_date=datetime.date(2025, 1, 1), question_en="A made-up question?",
        answer_en="A made-up answer.")
    RulingClause.objects.create(ruling=ruling, clause=clause)
    workflow.submit_ruling(ruling, users[0])
    return workflow.publish_ruling(ruling, users[1]).number


def api_requests(client) -> dict[str, tuple[str, str, dict | None]]:
    """One request with real values for every operation of ``/api/openapi.json``:
    operation id → (method, path with query, JSON body or ``None``)."""
    spec = client.get("/api/openapi.json").json()
    scenarios = client.get("/api/scenarios").json()
    with_example = next(s for s in (client.get(f"/api/scenarios/{s['game']}/{s['slug']}").json()
                                    for s in scenarios) if s.get("examples"))
    game, slug = with_example["game"], with_example["slug"]
    inputs = with_example["examples"][0]["inputs"]
    # The GET variant takes the web form's query string: the one of the ruling's page.
    ruling = client.post(f"/api/scenarios/{game}/{slug}/evaluate", {"inputs": inputs},
                         content_type="application/json")
    assert ruling.status_code == 200, ruling.content[:500]
    web_query = urlsplit(ruling.json()["web_url"]).query
    values = {"game": "berserk", "document": "comprehensive-rules", "key": "107.2", "id": "1",
              "number": str(official_ruling("berserk", "comprehensive-rules", "107.2"))}
    samples: dict[str, tuple[str, str, dict | None]] = {}
    for template, operations in spec["paths"].items():
        for method, operation in operations.items():
            path = template
            if template.startswith("/api/scenarios/{game}/{slug}"):
                path = path.replace("{game}", game).replace("{slug}", slug)
            elif "/corrections" in template:  # the seeds' corrections are Power-Duell's
                path = path.replace("{game}", "power-duell")
            path = re.sub(r"\{(\w+)\}", lambda match: values[match.group(1)], path)
            body = None
            if path == "/api/search":
                path += "?q=%D1%81%D1%83%D1%89%D0%B5%D1%81%D1%82%D0%B2%D0%BE"  # существо
            elif path.endswith("/changes"):
                path += "?from=2000-01-01"
            elif path.endswith("/card-text"):  # the game's situation reads card text
                path = path.replace(f"/{slug}/", "/situation/")
                body = {"text": "Wirkung: Monster erhalten +10 AP. Fliegt."}
            elif path.endswith("/evaluate") and method == "post":
                body = {"inputs": inputs}
            elif path.endswith("/evaluate"):
                path += "?" + web_query
            samples[operation["operationId"]] = (method, path, body)
    return samples
