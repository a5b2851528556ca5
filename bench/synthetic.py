"""A synthetic rulebook at real size, for the benchmarks (not the tests).

:func:`build` adds three games to the configured database, one document
each, in German, Russian and English: a 3,000-clause document (the size of
a comprehensive rulebook such as Magic's) and two of 3,500 clauses —
10,000 clauses in all, in sections of 50.  Texts are drawn from the words
of the seed pages (Zipf-distributed, see :mod:`bench.search_bench`); about
a fifth of the clauses refer to another clause (``[[key]]``) or to a
section (``[[Title » Heading]]``).  50 published corrections give 10 % of
the clauses 5 versions each, and one clause (:data:`LONG_HISTORY_KEY` of
the German document) 50 versions.  Rows are bulk-inserted; the search
index and the stored references are then rebuilt as
``manage.py rebuild_search_index`` does.

:func:`numbered_source` writes the same kind of rulebook as a source page
in the ``numbered`` format (Berserk's), for timing the importer.
"""

from __future__ import annotations

import datetime
import random

from bench.search_bench import _sentence, vocabulary

SIZES = {"de": 3000, "ru": 3500, "en": 3500}
PER_SECTION = 50
CORRECTIONS = 50
MANY_VERSIONS = 0.10  # share of clauses with 5 versions
LONG_HISTORY_KEY = "100.1"
LONG_HISTORY = 50
GAME_PREFIX = "scale-"


def _text(rng: random.Random, words, weights, keys: list[str], heading: str, title: str) -> str:
    text = " ".join(_sentence(rng, words, weights) for _ in range(rng.randint(1, 3)))
    roll = rng.random()
    if roll < 0.12:
        text += f" [[{rng.choice(keys)}]]."
    elif roll < 0.20:
        text += f" [[{title} » {heading}]]."
    return text


def build(seed: int = 7) -> dict:
    """Create the synthetic rulebook (see the module docstring); return
    ``{"documents": [(game, document, clauses)], "versions": n}``."""
    from django.core.management import call_command
    from django.db import transaction
    from django.utils import timezone

    from rulebook.models import (Clause, ClauseVersion, Correction, Document, Game, Section,
                                 text_digest)

    rng = random.Random(seed)
    vocab = vocabulary()
    now = timezone.now()
    made = []
    total_versions = 0
    with transaction.atomic():
        for position, (language, size) in enumerate(SIZES.items()):
            words = list(vocab[language])
            weights = [1.0 / (rank + 1) ** 0.9 for rank in range(len(words))]
            rng.shuffle(words)
            game = Game.objects.create(slug=f"{GAME_PREFIX}{language}", position=10 + position,
                                       **{f"name_{code}": f"Scale {language}"
                                          for code in ("de", "ru", "en")})
            title = f"Rules {language}"
            document = Document.objects.create(game=game, slug="rules", language=language,
                                               number="", position=position,
                                               **{f"title_{language}": title})
            sections = Section.objects.bulk_create([
                Section(document=document, slug=f"s{100 + n}", number=str(100 + n), position=n,
                        **{f"heading_{language}": f"Heading {100 + n}"})
                for n in range((size + PER_SECTION - 1) // PER_SECTION)])
            keys = [f"{100 + i // PER_SECTION}.{i % PER_SECTION + 1}" for i in range(size)]
            clauses = Clause.objects.bulk_create(
                [Clause(document=document, section=sections[i // PER_SECTION], key=key,
                        label=key, position=i) for i, key in enumerate(keys)], batch_size=1000)
            corrections = Correction.objects.bulk_create([
                Correction(game=game, language=language, published_at=now, number=n + 1,
                           effective_date=datetime.date(2020, 1, 1)
                           + datetime.timedelta(days=20 * n),
                           **{f"title_{language}": f"Correction {n + 1}"})
                for n in range(CORRECTIONS // len(SIZES)
                               + (1 if position < CORRECTIONS % len(SIZES) else 0))])
            versions = []
            for clause in clauses:
                count = 1
                if clause.key == LONG_HISTORY_KEY and language == "de":
                    count = LONG_HISTORY
                elif rng.random() < MANY_VERSIONS:
                    count = 5
                chosen = sorted(rng.sample(range(len(corrections)),
                                           min(count - 1, len(corrections))))
                for number in range(1, count + 1):
                    heading = sections[clause.position // PER_SECTION].heading_in(language).text
                    text = _text(rng, words, weights, keys, heading, title)
                    correction = None
                    effective = None
                    if number > 1:
                        index = number - 2
                        if index < len(chosen):
                            correction = corrections[chosen[index]]
                            effective = correction.effective_date
                        else:  # more versions than corrections: one a day after the last
                            # (published with the last correction: the database takes
                            # a later version only with one, rulebook.versioning.guards)
                            correction = corrections[-1]
                            effective = corrections[-1].effective_date + datetime.timedelta(
                                days=index - len(chosen) + 1)
                    versions.append(ClauseVersion(
                        clause=clause, number=number, correction=correction,
                        effective_date=effective, published_at=now, digest=text_digest(text),
                        **{f"text_{language}": text}))
            ClauseVersion.objects.bulk_create(versions, batch_size=1000)
            total_versions += len(versions)
            made.append((game.slug, document.slug, len(clauses)))
        from rulebook.caching.revision import bump

        bump()
    call_command("rebuild_search_index", verbosity=0)
    return {"documents": made, "versions": total_versions}


def numbered_source(clauses: int = 10_000, seed: int = 5) -> str:
    """A source page in the ``numbered`` format with ``clauses`` clauses in
    sections of 50 ("Раздел 101." headings, "101.7. …" rules)."""
    rng = random.Random(seed)
    words = list(vocabulary()["ru"])
    weights = [1.0 / (rank + 1) ** 0.9 for rank in range(len(words))]
    lines = []
    for i in range(clauses):
        section, rule = 100 + i // PER_SECTION, i % PER_SECTION + 1
        if rule == 1:
            lines += [f"Раздел {section}.", ""]
        sentence = _sentence(rng, words, weights).rstrip(".")
        lines += [f"{section}.{rule}. {sentence}, и далее.", ""]
    return "\n".join(lines)
