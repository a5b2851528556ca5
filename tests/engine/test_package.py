"""engine/ is plain Python: no module of it imports Django."""

import ast
from pathlib import Path

import engine

ENGINE = Path(engine.__file__).parent


def test_engine_never_imports_django():
    offenders = []
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] == "django"]
    assert offenders == []


def test_public_api_is_one_import():
    for name in engine.__all__:
        assert hasattr(engine, name), name
