"""How often the `--map` command a refusal prints reads the sheet exactly: every file of the lines corpus
(tests/corpus/lines) with its header renamed to words no layout knows (Col 1, Col 2 …), refused, and the
printed command run against it; its games compared with the file's own reading.

    python benchmarks/map_guess_bench.py

Prints one line per file (read exactly / read differently / no command / refused by the command) and the
count. A guess is a suggestion the operator checks with --dry-run; "read differently" is what that check
is for, and is never stored by the refusal itself.
"""

from __future__ import annotations

import shlex
import sys
import tempfile
from datetime import date
from pathlib import Path

from openpyxl import Workbook

from parlaycards.core.errors import ParlayError
from parlaycards.io.lines import _header, read_lines
from parlaycards.io.mapping import parse_map
from parlaycards.io.sheets import open_workbook

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus" / "lines"
TODAY = date(2026, 11, 17)
CHOSEN = {"season-nflverse.csv": {"season": "2023", "week": "4"}}


def games(path: Path, **kw: object) -> list[tuple[object, ...]]:
    got = read_lines(path, today=TODAY, **kw)  # type: ignore[arg-type]
    return [(g.away, g.home, g.spread, g.total, g.kickoff) for g in got.games]


def renamed(path: Path, folder: Path) -> Path | None:
    """The file's first sheet with its header cells renamed (None: no header detected, or several sheets)."""
    book = open_workbook(path)
    if len(book.sheets) != 1:
        return None
    sheet = book.sheets[0]
    found = _header(sheet)
    if found is None:
        return None
    row = found[0]
    wb = Workbook()
    ws = wb.active
    for n, cells in enumerate(sheet.rows, start=1):
        out = [f"Col {i + 1}" if n == row and v is not None else v for i, v in enumerate(cells)]
        ws.append(list(out))
    target = folder / (path.stem + ".xlsx")
    wb.save(target)
    return target


def main() -> int:
    exact = 0
    tried = 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in sorted(CORPUS.iterdir()):
            chosen = CHOSEN.get(path.name, {})
            try:
                want = games(path, **chosen)
            except ParlayError:
                continue  # read only with --map: not a file to rename
            target = renamed(path, Path(tmp))
            if target is None:
                continue
            tried += 1
            try:
                read_lines(target, today=TODAY, **chosen)  # type: ignore[arg-type]
                verdict = "read without a map (headers renamed, still detected)"
            except ParlayError as exc:
                text = exc.text()
                if "--map" not in text or "LETTER" in text:
                    verdict = "no command (the form with its columns)"
                else:
                    words = shlex.split(text.rsplit(": parlaycards import ", 1)[1])
                    items = [words[i + 1] for i, w in enumerate(words) if w == "--map"]
                    by = words[words.index("--favourite-by") + 1] if "--favourite-by" in words else None
                    try:
                        got = games(target, mapping=parse_map(items, by), **chosen)
                        verdict = "read exactly" if got == want else "read differently"
                        exact += got == want
                    except ParlayError as again:
                        verdict = f"refused by the command: {again.text()[:80]}"
            print(f"  {path.name:32} {verdict}")
    print(f"{exact} of {tried} corpus files with renamed headers read exactly by the printed --map command")
    return 0


if __name__ == "__main__":
    sys.exit(main())
