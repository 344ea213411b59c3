"""Export a card (xlsx or JSON) and write the blank lines template."""

from __future__ import annotations

import json
from pathlib import Path

from ..core.errors import ParlayError
from ..io.files import atomic_output, check_output
from ..report.card import card_json
from ..report.entries import EntryList
from ..report.grade import Report
from ..store import Store
from ..store import cards as card_rows


def blank_template(path: Path) -> Path:
    from ..report.card_xlsx import write_lines_template

    with atomic_output(path) as part:
        write_lines_template(part)
    return path


def export_card(store: Store, slug: str, out: Path | None) -> Path:
    with store.reading() as tx:
        card = card_rows.latest(tx, slug)
        printed = card_rows.printed_versions(tx, slug)
    path = out or Path("output") / f"{slug}-v{card.version}.xlsx"
    suffix = path.suffix.lower()
    if suffix not in (".json", ".xlsx", ".csv"):
        raise ParlayError(
            f"{path}: cannot export to a {path.suffix or 'nameless'} file. Accepted: .xlsx, .csv, .json."
        )
    if suffix == ".csv":
        from ..report.csv_out import write_card_csv

        return write_card_csv(card, path)  # written whole or not at all
    with atomic_output(path) as part:
        if suffix == ".json":
            part.write_text(
                json.dumps(card_json(card, printed), indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
            )
        else:
            from ..report.card_xlsx import write_card_xlsx

            write_card_xlsx(card, part)
    return path


def check_outputs(*, xlsx: Path | None = None, pdf: Path | None = None, csv: Path | None = None) -> None:
    """Refuse report file names of the wrong kind before any work is done (and stored)."""
    for path, suffix, field in ((xlsx, ".xlsx", "xlsx"), (pdf, ".pdf", "pdf"), (csv, ".csv", "csv")):
        if path is not None and path.suffix.lower() != suffix:
            raise ParlayError(
                f"{path}: the file name must end in {suffix} (e.g. {path.with_suffix(suffix).name}); "
                "nothing was graded.",
                field=field,
            )
        if path is not None:
            check_output(path, f"report{suffix}", field=field)


def _csv_path(path: Path, option: str) -> Path:
    if path.suffix.lower() != ".csv":
        raise ParlayError(
            f"{option} {path}: the file name must end in .csv (e.g. {path.with_suffix('.csv').name})."
        )
    check_output(path, "report.csv")
    return path


def grade_csv(report: Report, path: Path) -> Path:
    """The grade report as CSV: every entry, then the void ones."""
    from ..report.csv_out import write_report_csv

    return write_report_csv(report, _csv_path(path, "⟨csv⟩"))


def entries_csv(view: EntryList, path: Path) -> Path:
    """A card's entries as CSV."""
    from ..report.csv_out import write_entries_csv

    return write_entries_csv(view, _csv_path(path, "⟨csv⟩"))
