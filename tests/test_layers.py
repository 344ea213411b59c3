"""Layering rules a reader can rely on: option spellings live in cli/ only."""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "parlaycards"
FLAG = re.compile(r"(?<![\w-])--[a-z][a-z-]*")


def _strings(node: ast.AST) -> list[str]:
    return [n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def test_no_message_outside_the_cli_spells_a_flag():
    """Services named CLI flags in their messages; they name options with `core.errors.option` instead, and
    the CLI spells them. (Text printed on paper, such as the calibration sheet's instructions, is not a message.)"""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] in ("cli", "demo"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Raise) and node.exc is not None:
                found += [
                    f"{rel}:{node.lineno}: {s.strip()[:60]}" for s in _strings(node.exc) if FLAG.search(s)
                ]
            elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in (
                "ParlayError",
                "RefusedError",
                "NotFoundError",
                "Problem",
            ):
                found += [f"{rel}:{node.lineno}: {s.strip()[:60]}" for s in _strings(node) if FLAG.search(s)]
    assert found == []


# The import contract (DESIGN.md): one direction, from the shells down to the core. A package may import
# itself and any package of a lower rank; adapters (rank 2) do not import each other, and only render/ and
# scan/ use layout/.
RANK = {
    "cli": 5,
    "web": 5,
    "demo": 5,
    "services": 4,
    "report": 3,
    "io": 2,
    "store": 2,
    "render": 2,
    "scan": 2,
    "layout": 1,
    "core": 0,
}
USES_LAYOUT = ("render", "scan", "layout")
# the shells' own wiring: `parlaycards serve` starts the web pages, `parlaycards demo` runs the demo
SHELL_STARTS = {("cli", "web"), ("cli", "demo")}
# io/ reads template files and hands them to layout/ as data
HANDED = {("io", "parlaycards.layout.templates")}
# what the core may not reach for: it stays pure (no I/O, no Typer, no ReportLab, no SQL)
NOT_IN_CORE = ("sqlalchemy", "typer", "reportlab", "openpyxl", "httpx", "cv2", "PIL", "zxingcpp", "rich")


def _module_of(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(root: Path, modules: set[str]):
    """(path, line, importer, imported module, name) for every import of a tree: at the top, inside
    functions, under `TYPE_CHECKING`. `name` is the name taken from the module (None for `import m`)."""
    for path in sorted(root.rglob("*.py")):
        me = _module_of(root, path)
        package = me if path.name == "__init__.py" else me.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield (
                        path,
                        node.lineno,
                        me,
                        alias.name,
                        None,
                        alias.asname or alias.name.partition(".")[0],
                    )
            elif isinstance(node, ast.ImportFrom):
                target = node.module or ""
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    target = ".".join([*base, *([node.module] if node.module else [])])
                for alias in node.names:
                    full = f"{target}.{alias.name}"
                    if full in modules:  # `from . import teams`: the module itself
                        yield path, node.lineno, me, full, None, alias.asname or alias.name
                    else:
                        yield path, node.lineno, me, target, alias.name, alias.asname or alias.name


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def contract_violations(root: Path) -> list[str]:
    """Every import of the package under `root` that reaches up or sideways, every private name (`_x`)
    taken from another module, every library the core may not use, and SQL or a table outside store/
    (every table the services touch has a store/ module)."""
    top = root.name
    modules = {_module_of(root, p) for p in root.rglob("*.py")}
    found = []
    bound: dict[Path, set[str]] = {}
    for path, line, me, target, name, local in _imports(root, modules):
        where = f"{path.relative_to(root)}:{line}"
        mine = me.split(".")[1] if "." in me else ""
        if target.partition(".")[0] != top:
            if mine == "core" and target.partition(".")[0] in NOT_IN_CORE:
                found.append(f"{where}: core imports {target}")
            elif mine not in ("store", "core") and target.partition(".")[0] == "sqlalchemy":
                found.append(f"{where}: SQL outside store/ ({target})")
            continue
        if target == f"{top}.store.schema" and mine != "store":
            found.append(f"{where}: a table used outside store/")
        theirs = target.split(".")[1] if "." in target else ""
        if name is None:
            bound.setdefault(path, set()).add(local)
        if mine in RANK and theirs in RANK and mine != theirs and (mine, theirs) not in SHELL_STARTS:
            beside = theirs == "layout" and mine not in USES_LAYOUT and RANK[mine] == 2
            if RANK[theirs] >= RANK[mine] or (beside and (mine, target) not in HANDED):
                found.append(f"{where}: {mine}/ imports {theirs}/ ({target})")
        if name is not None and _private(name) and target != me:
            found.append(f"{where}: private name {name} from {target}")
        if any(_private(part) for part in target.split(".")[1:]):
            found.append(f"{where}: private module {target}")
    for path, names in bound.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in names
                and _private(node.attr)
            ):
                found.append(
                    f"{path.relative_to(root)}:{node.lineno}: private name {node.value.id}.{node.attr}"
                )
    return sorted(set(found))


def test_the_import_contract_holds():
    """No layer reaches up or sideways, no private name crosses a module, the core stays pure."""
    assert sorted({re.sub(r":\d+:", ":", v, count=1) for v in contract_violations(PACKAGE)}) == []


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in {"__init__.py": "", **files}.items():
        path = root / "parlaycards" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / "parlaycards"


def test_the_contract_catches_what_it_forbids(tmp_path):
    """A planted tree with one breach of each kind: every one is named, and the clean imports are not."""
    package = _tree(
        tmp_path,
        {
            "core/__init__.py": "",
            "core/money.py": "import sqlalchemy\n_ZERO = 0\nZERO = 0\n",
            "core/odds.py": "def f():\n    from ..services import grading\n",
            "layout/__init__.py": "",
            "layout/card.py": "from ..core.money import ZERO\nfrom ..core import money\nx = money._ZERO\n",
            "io/__init__.py": "",
            "io/sheets.py": "from ..store import db\nfrom ..layout import card\n",
            "store/__init__.py": "",
            "store/db.py": (
                "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..services.grading import G\n"
            ),
            "store/schema.py": "",
            "render/__init__.py": "",
            "render/pdf.py": "from ..layout.card import x\nfrom ..core.money import _ZERO\n",
            "services/__init__.py": "",
            "services/grading.py": (
                "from ..io import sheets\nfrom ..cli import main\nfrom .grading import _own\n"
                "from sqlalchemy import select\nfrom ..store import schema\n"
            ),
            "cli/__init__.py": "",
            "cli/main.py": "from ..services import grading\nfrom ..web import app\nimport parlaycards.demo.run\n",
            "web/__init__.py": "",
            "web/app.py": "from parlaycards.cli.main import app\n",
            "demo/__init__.py": "",
            "demo/run.py": "",
        },
    )
    assert contract_violations(package) == [
        "core/money.py:1: core imports sqlalchemy",
        "core/odds.py:2: core/ imports services/ (parlaycards.services.grading)",
        "io/sheets.py:1: io/ imports store/ (parlaycards.store.db)",
        "io/sheets.py:2: io/ imports layout/ (parlaycards.layout.card)",
        "layout/card.py:3: private name money._ZERO",
        "render/pdf.py:2: private name _ZERO from parlaycards.core.money",
        "services/grading.py:2: services/ imports cli/ (parlaycards.cli.main)",
        "services/grading.py:4: SQL outside store/ (sqlalchemy)",
        "services/grading.py:5: a table used outside store/",
        "store/db.py:3: store/ imports services/ (parlaycards.services.grading)",
        "web/app.py:1: web/ imports cli/ (parlaycards.cli.main)",
    ]
