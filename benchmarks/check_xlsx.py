"""Prove a real spreadsheet program reads the grade workbook: LibreOffice converts it to CSV, we check the CSV.

    python benchmarks/check_xlsx.py [REPORT.xlsx]

Without an argument it grades a small pool made here (names that look like formulas included) and
checks every sheet; with one, it checks that workbook's sheets and headers. Prints a skip message and
exits 0 when LibreOffice (soffice) is not installed; exits 1 when a check fails.
"""

from __future__ import annotations

import csv
import shutil
import subprocess
import sys
import tempfile
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

SHEETS = {
    "Winners": [
        "Serial",
        "Name",
        "Stake",
        "Picks",
        "Hits",
        "Tier",
        "Outcome",
        "Payout",
        "Paid",
        "Owed",
        "Status",
        "Late",
    ],
    "All entries": ["Serial", "Version", "Name", "Stake", "Pick 1", "Pick 2", "Pick 3"],
    "Legs": ["Serial", "Name", "Pick", "Selection", "Outcome", "Card outcome"],
    "Games": ["Kickoff", "League", "Away #", "Away", "Away line", "Home #", "Home", "Home line", "Total"],
}
# Filter options: comma, double quotes, UTF-8, from line 1, …, cells as shown, no formulas, every sheet.
CSV_FILTER = "csv:Text - txt - csv (StarCalc):44,34,UTF8,1,,0,false,true,true,false,false,-1"
TRICKY = {1: "=1+1", 2: "@SUM(A1)", 3: "+1 555 0100", 4: "-Sam", 5: "Dana"}


def sample_report(folder: Path) -> Path:
    """Grade a small pool (winners, a loss, a cancelled game) and write its workbook."""
    from parlaycards.core.models import Card, Game, SelectionNumbers
    from parlaycards.services import entries, grading, results
    from parlaycards.store import Store, batches
    from parlaycards.store import cards as card_rows

    et = ZoneInfo("America/New_York")
    teams = [
        ("Chicago", "Green Bay", "-3.5", "44.5"),
        ("Dallas", "NY Giants", "2.5", "41"),
        ("Kansas City", "Las Vegas", "7", "47.5"),
        ("Buffalo", "Miami", "0", "39"),
    ]
    games = tuple(
        Game(
            away=a,
            home=h,
            spread=Decimal(s),
            total=Decimal(t),
            kickoff=datetime(2026, 11, 22, 13, tzinfo=et),
            numbers=SelectionNumbers(away=101 + 2 * i, home=102 + 2 * i, over=201 + 2 * i, under=202 + 2 * i),
        )
        for i, (a, h, s, t) in enumerate(teams)
    )
    store = Store(f"sqlite:///{folder / 'check.db'}")
    with store.transaction() as tx:
        card = card_rows.save(tx, Card(slug="check-w12", title="Check Week 12", games=games), "check")
        first, last = tx.take_serials(5)
        batches.record(tx, card.slug, 1, "letter-2up", first, last, "check.pdf", "0" * 64)
    for serial, picks in (
        (1, "101,103,105"),
        (2, "101,103,107"),
        (3, "102,104,106"),
        (4, "101,103,105,107"),
        (5, "105,107,203"),
    ):
        entries.add_entry(
            store,
            card.slug,
            serial=serial,
            name=TRICKY[serial],
            stake=Decimal(10),
            picks=tuple(map(int, picks.split(","))),
        )
    for number, away, home in ((101, 24, 20), (103, 27, 20), (107, 20, 17), (105, 30, 20)):
        results.set_result(store, card.slug, number, away, home)
    report = grading.grade(store, card.slug)
    store.dispose()
    return grading.write_outputs(report, xlsx=folder / "check-report.xlsx")[0]


def convert(xlsx: Path, folder: Path) -> dict[str, list[list[str]]]:
    profile = folder / "lo-profile"  # our own LibreOffice profile: safe beside another running soffice
    done = subprocess.run(
        [
            "soffice",
            f"-env:UserInstallation=file://{profile}",
            "--headless",
            "--convert-to",
            CSV_FILTER,
            "--outdir",
            str(folder / "csv"),
            str(xlsx),
        ],
        capture_output=True,
        text=True,
        timeout=180,
    )
    sheets = {}
    for path in sorted((folder / "csv").glob("*.csv")):
        name = path.stem.removeprefix(xlsx.stem + "-")
        with path.open(encoding="utf-8", newline="") as fh:
            sheets[name] = list(csv.reader(fh))
    if not sheets:
        raise SystemExit(f"LibreOffice wrote no CSV (exit {done.returncode}): {done.stderr.strip()}")
    return sheets


def printed(xlsx: Path, folder: Path) -> list[str]:
    """Print the workbook as LibreOffice would (to PDF): every page landscape, one page wide (no column
    pushed to a page of its own) and beginning with its sheet's header row."""
    from pypdf import PdfReader

    profile = folder / "lo-profile"
    subprocess.run(
        [
            "soffice",
            f"-env:UserInstallation=file://{profile}",
            "--headless",
            "--convert-to",
            "pdf",
            "--outdir",
            str(folder / "pdf"),
            str(xlsx),
        ],
        capture_output=True,
        text=True,
        timeout=180,
    )
    pdf = folder / "pdf" / (xlsx.stem + ".pdf")
    if not pdf.exists():
        return ["LibreOffice wrote no PDF"]
    failures = []
    pages = PdfReader(pdf).pages
    firsts = {h[0] for h in SHEETS.values()}
    for n, page in enumerate(pages, start=1):
        box = page.mediabox
        text = (page.extract_text() or "").split()
        ok = box.width > box.height and bool(text) and text[0] in firsts
        if not ok:
            failures.append(
                f"page {n}: {'landscape' if box.width > box.height else 'portrait'}, begins {text[:3]}"
            )
    print(
        ("ok    " if not failures else "FAIL  ")
        + f"printed: {len(pages)} pages, each landscape and one page wide, "
        "each beginning with its header row"
    )
    return failures


def check(sheets: dict[str, list[list[str]]], sample: bool) -> list[str]:
    failures = []

    def expect(ok: bool, what: str) -> None:
        print(("ok    " if ok else "FAIL  ") + what)
        if not ok:
            failures.append(what)

    expect(list(sheets) == list(SHEETS) or set(sheets) == set(SHEETS), f"sheets {sorted(sheets)}")
    for name, header in SHEETS.items():
        rows = sheets.get(name, [[]])
        expect(rows[0][: len(header)] == header, f"{name}: header {rows[0][: len(header)]}")
    if sample:
        winners = {r[0]: r for r in sheets["Winners"][1:] if r and r[0].isdigit()}
        expect(
            set(winners) == {"000001", "000002", "000004", "000005"}, f"Winners: serials {sorted(winners)}"
        )
        expect(
            winners.get("000004", [""] * 8)[7] == "$110.00", "Winners: 4 of 4 at 10-1 on $10 shows $110.00"
        )
        expect(winners.get("000001", ["", ""])[1] == "=1+1", "a name written =1+1 reads back as text, not 2")
        expect(winners.get("000002", ["", ""])[1] == "@SUM(A1)", "a name written @SUM(A1) stays text")
        names = {r[0]: r[2] for r in sheets["All entries"][1:] if r}
        expect(
            names.get("000003") == "+1 555 0100" and names.get("000004") == "-Sam", "+ and - names stay text"
        )
        totals = {
            r[0]: r[2] for r in sheets["Winners"] if r and r[0] in ("Stakes", "Payouts", "Net to the pool")
        }
        expect(
            totals == {"Stakes": "$50.00", "Payouts": "$290.00", "Net to the pool": "-$240.00"},
            f"Winners: totals {totals}",
        )
        games = sheets["Games"]
        expect(
            any(r[3] == "Chicago" and r[11:14] == ["24", "20", "final"] for r in games[1:]),
            "Games: Chicago 24, Green Bay 20 final",
        )
    return failures


def main(argv: list[str]) -> int:
    if shutil.which("soffice") is None:
        print(
            "skip: LibreOffice (soffice) is not installed, so the workbook cannot be checked by a real "
            "spreadsheet program here. Install it (apt-get install libreoffice-calc) and run this again."
        )
        return 0
    folder = Path(tempfile.mkdtemp(prefix="check-xlsx-"))
    try:
        xlsx = Path(argv[0]) if argv else sample_report(folder)
        print(f"LibreOffice reads {xlsx} …")
        failures = check(convert(xlsx, folder), sample=not argv) + printed(xlsx, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print("all checks passed" if not failures else f"{len(failures)} check(s) failed")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
