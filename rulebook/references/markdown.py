"""A markdown-it-py plugin that turns references into links.

The rule runs after inline parsing on the plain-text tokens only (never
inside code spans or links) and replaces each mention found by
:func:`rulebook.references.syntax.scan` by a link (resolved), a stub
``<span class="xref xref--missing" title="not published yet">`` (not on the
site yet; the note is repeated in visually hidden text), or — without a resolver — just the label.  Every resolution is
appended to ``env["references"]`` so that the same pass serves rendering,
storing references and validating a text.
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from rulebook.references.syntax import Kind, scan


def _text(content: str) -> Token:
    token = Token("text", "", 0)
    token.content = content
    return token


def _replace(children: list[Token], env: dict) -> list[Token]:
    from django.utils.translation import gettext as _

    resolver = env.get("resolver")
    result: list[Token] = []
    for child in children:
        if child.type != "text" or not child.content:
            result.append(child)
            continue
        text = child.content
        position = 0
        for mention in scan(text):
            if not mention.explicit and resolver is None:
                continue
            resolution = resolver.resolve(mention) if resolver is not None else None
            if resolution is None and not mention.explicit:
                continue
            if mention.start > position:
                result.append(_text(text[position:mention.start]))
            position = mention.end
            if resolution is None:
                result.append(_text(mention.label))
                continue
            env.setdefault("references", []).append(resolution)
            if resolution.resolved:
                opening = Token("link_open", "a", 1)
                opening.attrs = {"href": resolution.url,
                                 "class": f"xref xref--{resolution.kind.value}"}
                closing = Token("link_close", "a", -1)
            else:
                opening = Token("xref_open", "span", 1)
                broken = bool(resolution.error)
                opening.attrs = {
                    "class": "xref xref--broken" if broken else "xref xref--missing",
                    "title": _("broken reference") if broken else _("not published yet")}
                closing = Token("xref_close", "span", -1)
                # The tooltip is not seen on a phone or read by every screen
                # reader: say it in hidden text too.
                hidden = Token("xref_note_open", "span", 1)
                hidden.attrs = {"class": "visually-hidden"}
                result.extend([opening, _text(mention.label), hidden,
                               _text(f" ({opening.attrs['title']})"),
                               Token("xref_note_close", "span", -1), closing])
                continue
            result.extend([opening, _text(_shown(mention, resolution)), closing])
        if position < len(text):
            result.append(_text(text[position:]))
    return result


def _shown(mention, resolution) -> str:
    """The link text: the editor's own label, else a clause's printed label
    ("1.2.4 › Kartenaufbau ¶3") rather than its internal key."""
    if (mention.explicit and resolution.kind is Kind.CLAUSE and resolution.title
            and mention.label == mention.target):
        return resolution.title
    return mention.label


def _references_rule(state: StateCore) -> None:
    for token in state.tokens:
        if token.type == "inline" and token.children:
            token.children = _replace(token.children, state.env)


def references_plugin(md: MarkdownIt) -> None:
    """Install the reference rule (after ``text_join``)."""
    md.core.ruler.after("text_join", "references", _references_rule)
