"""The engine's public surface: outside `engine/` nothing imports a private engine module
or a pending frame (docs/engine-api.md; engine/__init__.py lists the public modules)."""

from __future__ import annotations

import ast
from pathlib import Path

import engine

ROOT = Path(__file__).resolve().parents[1]
PUBLIC_MODULES = {"actions", "cards", "bots", "predict", "threats", "notation", "rules_catalogue"}
OUTSIDE = ("noirburg_desktop", "noirburg_sim")


def _imports(path: Path) -> list[tuple[int, str, list[str]]]:
    """(line, module, names) for every import in `path`."""
    out: list[tuple[int, str, list[str]]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.append((node.lineno, node.module, [a.name for a in node.names]))
        elif isinstance(node, ast.Import):
            out.extend((node.lineno, a.name, []) for a in node.names)
    return out


def test_app_and_simulator_import_only_the_public_engine() -> None:
    bad = []
    for package in OUTSIDE:
        for path in sorted((ROOT / package).rglob("*.py")):
            for line, module, names in _imports(path):
                parts = module.split(".")
                if parts[0] != "engine":
                    continue
                where = f"{path.relative_to(ROOT)}:{line}"
                if len(parts) > 1 and parts[1] not in PUBLIC_MODULES:
                    bad.append(f"{where} imports {module}")
                bad += [f"{where} imports {n}" for n in names if n.startswith("Pending")]
    assert not bad, "\n".join(bad)


def test_the_public_names_exist() -> None:
    """Everything docs/engine-api.md promises at the top level is importable from `engine`."""
    for name in engine.__all__:
        assert hasattr(engine, name), name
    for name in ("EventKind", "WindowKind", "canonical", "over_capacity", "declared_attack"):
        assert name in engine.__all__
