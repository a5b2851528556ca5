"""HTTP validators and fragment caching of the rule pages.

A rule page (document, section, clause) shows the texts in force on a
reading date.  Its content changes only when

- a clause version or a correction of its game is published (the latest
  ``published_at`` that is not in the future: the *publication stamp*),
- the reading date changes (the page for "today" turns over at midnight),
- the UI language differs, or
- the site's templates or translations change (a new release).

:class:`PageStamp` combines these into an ETag, a Last-Modified date and a
fragment-cache key, so a conditional GET is answered with 304 before any
text is read, a rendered body is reused from Django's cache (local memory,
or Redis with ``REDIS_URL``), and a new publication can never be served
stale: it changes every one of them.  The stamp is read in the same query
as the document (:func:`with_publication_stamp`; the pages and the read API
find a document with its stamp through
:func:`rulebook.reading.services.find_stamped_document`).
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.conf import settings
from django.db.models import (Count, DateTimeField, F, Func, IntegerField, OuterRef, QuerySet,
                              Subquery)
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import http_date
from django.utils.translation import get_language

from rulebook.models import (
    ClauseVersion, Correction, Document, RulebookRevision, Ruling, StructureChange,
)
from rulebook.caching.revision import REVISION_ID

# How long a rendered fragment is kept (seconds).  Keys change with every
# publication, so this only bounds the memory held by superseded entries.
FRAGMENT_TIMEOUT = 24 * 3600
# Set on a response that rulebook.caching.pages.RulePageCacheMiddleware may store.
CACHEABLE_ATTRIBUTE = "rule_page_cacheable"


def page_cacheable(response: HttpResponse) -> HttpResponse:
    """Let the whole-page cache store ``response`` and return it.

    Only for a page that depends on nothing but its address (query string
    included), the date and what is published — e.g. search results and
    calculator rulings; the cache key holds all of these
    (:mod:`rulebook.caching.pages`), and only 200 answers are stored.
    """
    setattr(response, CACHEABLE_ATTRIBUTE, True)
    return response


# What a rendered page depends on besides the data and the request, as
# (folder under BASE_DIR, file pattern): the templates, the compiled
# translations, the static files (their hashed names are in every page) and
# the Python code that renders (views, template tags, the clause-text
# renderer, the engine's citations).
RELEASE_FILES = (
    ("rulebook/templates", "*.html"), ("rulesite/templates", "*.html"), ("locale", "*.mo"),
    ("rulebook/static", "*"), ("rulebook", "*.py"), ("rulesite", "*.py"), ("engine", "*.py"),
)


@cache
def release() -> str:
    """A digest of this checkout's :data:`RELEASE_FILES` (hex, 16 characters),
    computed once per process (at its first page).

    Part of every ETag, page-cache and fragment key, so a deployment that
    changes a template, a translation, a static file or the code never
    matches a page rendered before it: nothing in the cache (Redis included)
    needs clearing on a deploy.  File names count as well as contents.
    """
    root = Path(settings.BASE_DIR)
    digest = hashlib.sha256()
    files = sorted({path for folder, pattern in RELEASE_FILES
                    for path in (root / folder).rglob(pattern) if path.is_file()})
    for path in files:
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def with_publication_stamp(documents: QuerySet[Document],
                           now: datetime.datetime | None = None) -> QuerySet[Document]:
    """Annotate each document with its publication stamp, in the same query.

    ``last_version_published``: the latest ``published_at`` (≤ ``now``) of
    any clause version (of the whole rulebook: a document's page also shows
    what other documents' clauses say, in references and "cited by");
    ``last_correction_published``: the same for the corrections of its game
    (``None`` when there is none); ``published_count``: how many of both
    are published by ``now``; ``published_rulings``: how many official
    rulings of its game are (``None`` for none: a clause page then reads
    no rulings); ``published_structure``: how many structure changes of the
    rulebook are (0: a page looks up none) (so a publication with a back-dated
    ``published_at`` changes the stamp too); ``rulebook_revision``: the
    rulebook's change counter (an edit in place).  The versions' figures are
    read from the index on ``published_at``, so the stamp costs the same
    whatever the size of the rulebook.
    """
    now = now or timezone.now()
    versions = ClauseVersion.objects.filter(published_at__lte=now)
    corrections = Correction.objects.filter(game=OuterRef("game_id"), published_at__lte=now)

    def latest(queryset):
        return Subquery(queryset.order_by("-published_at").values("published_at")[:1],
                        output_field=DateTimeField())

    def count(queryset, group):
        return Subquery(queryset.order_by().values(group).annotate(n=Count("pk")).values("n"),
                        output_field=IntegerField())

    return documents.annotate(
        last_version_published=latest(versions),
        last_correction_published=latest(corrections),
        # COUNT as a plain function: an aggregate would group by every column.
        published_versions=Subquery(versions.order_by().annotate(
            n=Func(F("pk"), function="COUNT")).values("n")[:1], output_field=IntegerField()),
        published_corrections=count(corrections, "game"),
        published_rulings=count(Ruling.objects.filter(game=OuterRef("game_id"),
                                                      published_at__lte=now), "game"),
        # Whether a page needs the structure changes' index (none: no look-up).
        published_structure=Subquery(StructureChange.objects.filter(
            published_at__lte=now).order_by().annotate(
            n=Func(F("pk"), function="COUNT")).values("n")[:1], output_field=IntegerField()),
        rulebook_revision=Subquery(RulebookRevision.objects.filter(pk=REVISION_ID)
                                   .values("number")[:1], output_field=IntegerField()),
    )


@dataclass(frozen=True)
class PageStamp:
    """What a rule page's content depends on.

    ``published`` is the publication stamp (aware datetime or ``None``),
    ``published_count`` the number of published versions and corrections
    it covers, ``revision`` the rulebook's change counter
    (:class:`~rulebook.models.RulebookRevision`), ``on`` the reading date, ``dated`` whether it was asked for explicitly
    (links then carry ``?as_of=``), ``language`` the UI language.
    """

    published: datetime.datetime | None
    published_count: int
    revision: int
    on: datetime.date
    dated: bool
    language: str

    @classmethod
    def for_document(cls, document: Document, on: datetime.date, dated: bool,
                     language: str | None = None) -> "PageStamp":
        """The stamp of a page of ``document`` (annotated by
        :func:`with_publication_stamp`; otherwise the stamp is read here, one
        query)."""
        if not hasattr(document, "last_version_published"):
            # Read apart: the stamp read now must not stick to the caller's document.
            document = with_publication_stamp(Document.objects.filter(pk=document.pk)).get()
        stamps = [s for s in (document.last_version_published,
                              document.last_correction_published) if s is not None]
        count = ((document.published_versions or 0) + (document.published_corrections or 0)
                 + (document.published_rulings or 0))
        return cls(max(stamps) if stamps else None, count, document.rulebook_revision or 0,
                   on, dated,
                   (language or get_language() or settings.LANGUAGE_CODE)[:2])

    @property
    def key(self) -> str:
        """A digest of every part of the stamp and the release (hex, 32 characters)."""
        published = self.published.isoformat() if self.published else "-"
        raw = (f"{release()}|{published}|{self.published_count}|{self.revision}|"
               f"{self.on.isoformat()}|"
               f"{int(self.dated)}|{self.language}")
        return hashlib.sha256(raw.encode()).hexdigest()[:32]

    @property
    def etag(self) -> str:
        """A strong ETag, quoted as HTTP wants it."""
        return f'"{self.key}"'

    @property
    def last_modified(self) -> datetime.datetime:
        """When the content last changed: the latest of the publication stamp
        and the start of the reading date (texts take effect at midnight),
        never later than now."""
        start_of_day = timezone.make_aware(
            datetime.datetime.combine(self.on, datetime.time.min))
        candidates = [start_of_day] + ([self.published] if self.published else [])
        return min(max(candidates), timezone.now())

    def not_modified(self, request: HttpRequest) -> HttpResponse | None:
        """A 304 (or 412) response when the request's validators match, else ``None``."""
        response = get_conditional_response(request, etag=self.etag,
                                            last_modified=int(self.last_modified.timestamp()))
        if response is not None and response.status_code == 304:
            self.apply(response)  # a 304 repeats the validators (RFC 9110, 15.4.5)
        return response

    def apply(self, response: HttpResponse) -> HttpResponse:
        """Set ETag, Last-Modified and ``Cache-Control: no-cache`` (browsers and
        proxies may keep the page but must revalidate it, so a published
        correction shows at once), and let the whole-page cache
        (:mod:`rulebook.caching.pages`) store the response."""
        response.headers["ETag"] = self.etag
        response.headers["Last-Modified"] = http_date(self.last_modified.timestamp())
        patch_cache_control(response, no_cache=True)
        setattr(response, CACHEABLE_ATTRIBUTE, True)
        return response
