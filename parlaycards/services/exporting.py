"""Export a card (xlsx or JSON) and write the blank lines template."""

from __future__ import annotations

import json
from pathlib import Path

from ..core.errors import ParlayError
from ..core.views import card_json
from ..store import Store
from ..store import cards as card_rows


def blank_template(path: Path) -> Path:
    from ..io.export import write_lines_template

    path.parent.mkdir(parents=True, exist_ok=True)
    write_lines_template(path)
    return path


def export_card(store: Store, slug: str, out: Path | None) -> Path:
    with store.reading() as tx:
        card = card_rows.latest(tx, slug)
        printed = card_rows.printed_versions(tx, slug)
    path = out or Path("output") / f"{slug}-v{card.version}.xlsx"
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix.lower() == ".json":
        path.write_text(json.dumps(card_json(card, printed), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    elif path.suffix.lower() == ".xlsx":
        from ..io.export import write_card_xlsx

        write_card_xlsx(card, path)
    else:
        raise ParlayError(f"{path}: cannot export to a {path.suffix or 'nameless'} file. Accepted: .xlsx, .json.")
    return path
