"""Public functions and classes carry docstrings (engine/ and rulebook/, migrations aside)."""

import ast
from pathlib import Path
import pytest

pytestmark = pytest.mark.database_free  # no database: left out of the second database's run

ROOT = Path(__file__).resolve().parent.parent
# Django's own hook methods are documented by Django.
DJANGO_HOOKS = {"get_absolute_url", "save", "delete", "clean", "get_queryset", "items", "handle",
                "add_arguments", "to_python", "to_url", "ready", "title", "link", "description",
                "item_title", "item_description", "item_link", "get_object", "location",
                "lastmod", "has_add_permission", "has_change_permission",
                "has_delete_permission", "has_view_permission", "get_urls", "changelist_view",
                "change_view", "add_view", "get_readonly_fields", "get_form", "save_model",
                "formfield_for_foreignkey", "get_context_data", "dispatch", "get", "post",
                "item_pubdate", "item_updateddate", "items_for", "get_fields", "clean_fields",
                "validate_unique", "full_clean", "process_request", "process_response",
                "process_exception", "process_view", "item_guid", "item_author_name",
                "feed_extra_kwargs", "item_extra_kwargs", "root_attributes", "add_root_elements",
                "add_item_elements", "get_feed", "render", "value_from_datadict", "format_value",
                "get_context", "has_module_permission", "get_inline_instances", "response_change",
                "response_add", "delete_model", "delete_queryset", "get_actions",
                "get_list_display", "lookups", "queryset", "choices", "update", "bulk_update",
                "get_search_results", "formfield_for_dbfield", "construct_change_message",
                "get_changeform_initial_data", "message_user", "log_change", "log_addition",
                "subtitle", "feed_url", "author_name", "item_categories", "view_on_site",
                "render_change_form", "author_link", "categories", "get_form_kwargs"}


def _public_definitions(tree):
    """Module-level functions and classes, and the methods of those classes."""
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield node
        if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    yield item


def missing_docstrings():
    missing = []
    for top in ("engine", "rulebook", "rulesite"):
        for path in sorted((ROOT / top).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in _public_definitions(tree):
                name = node.name
                if name.startswith("_") or name in DJANGO_HOOKS or name in ("Meta", "Media"):
                    continue
                if ast.get_docstring(node) is None:
                    missing.append(f"{path.relative_to(ROOT)}:{node.lineno} {name}")
    return missing


def test_public_functions_and_classes_have_docstrings():
    assert missing_docstrings() == []
