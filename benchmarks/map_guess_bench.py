"""How often the `--map` command a refusal prints reads the sheet exactly.

Two sets, reported apart:
- the lines corpus (tests/corpus/lines), the files the guesses were made on: each file with its header
  renamed to words no layout knows (Col 1, Col 2 …), refused, and the printed command run against it; its
  games compared with the file's own reading;
- the held-out sheets (tests/corpus/heldout, written by tests/corpus/make_heldout.py before the guesses
  were tuned and never tuned on; some written by LibreOffice Calc): each read as it is, and the printed
  command's games compared with NAME.expected.json.

    python benchmarks/map_guess_bench.py

Prints one line per file and the counts. Verdicts: read exactly; two readings offered (the sheet can be
read two ways and nothing in it says which: both commands are printed with what each makes of a game, the
operator chooses), with whether one of them is exact; the form (no command, the sheet's columns to map);
refused by the command; and **misread**: the one command printed reads other games than the sheet's.
A guess is a suggestion the operator checks with --dry-run, and is never stored by the refusal itself.
"""

from __future__ import annotations

import json
import re
import shlex
import sys
import tempfile
from collections import Counter
from datetime import date
from pathlib import Path

from openpyxl import Workbook

from parlaycards.core.errors import ParlayError
from parlaycards.io.lines import Asked, _header, read_lines
from parlaycards.io.mapping import parse_map
from parlaycards.io.sheets import open_workbook

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus" / "lines"
HELDOUT = ROOT / "tests" / "corpus" / "heldout"
TODAY = date(2026, 11, 17)
CHOSEN = {
    name: {"season": "2023", "week": "4"} for name in ("season-nflverse.csv", "season-nflverse-calc.xlsx")
}
COMMAND = re.compile(r"parlaycards import (.*?) --dry-run")


def games(path: Path, short: bool = False, **kw: object) -> list[tuple[object, ...]]:
    got = read_lines(Asked(path, today=TODAY, **kw))  # type: ignore[arg-type]
    if short:
        return [
            (g.away, g.home, float(g.spread), None if g.total is None else float(g.total)) for g in got.games
        ]
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


def verdict(target: Path, want: list[tuple[object, ...]], short: bool, chosen: dict[str, str]) -> str:
    try:
        got = games(target, short, **chosen)
        return "read by its headers, " + ("exactly" if got == want else "MISREAD")
    except ParlayError as exc:
        text = exc.text()
    commands = COMMAND.findall(text)
    if not commands or "LETTER" in text:
        return "form (no command, the sheet's columns)"
    results = []
    for command in commands:
        words = shlex.split(command)
        items = [words[i + 1] for i, w in enumerate(words) if w == "--map"]
        by = words[words.index("--favourite-by") + 1] if "--favourite-by" in words else None
        try:
            results.append(games(target, short, mapping=parse_map(items, by), **chosen) == want)
        except ParlayError as again:
            return f"refused by the command: {again.text()[:80]}"
    if len(commands) == 1:
        return "read exactly" if results[0] else "MISREAD"
    return "two readings offered, " + ("one exact" if any(results) else "NEITHER exact")


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        for title, cases in (
            ("corpus, headers renamed (tuned on)", corpus(Path(tmp))),
            ("held out", heldout()),
        ):
            counts: Counter[str] = Counter()
            print(title)
            for name, said in cases:
                print(f"  {name:32} {said}")
                counts[said.split(":")[0]] += 1
            listed = ", ".join(f"{n} {k}" for k, n in counts.most_common())
            print(f"  {sum(counts.values())} files: {listed}")
    return 0


def corpus(tmp: Path):
    for path in sorted(CORPUS.iterdir()):
        chosen = CHOSEN.get(path.name, {})
        try:
            want = games(path, **chosen)
        except ParlayError:
            continue  # read only with --map: not a file to rename
        target = renamed(path, tmp)
        if target is not None:
            yield path.name, verdict(target, want, False, chosen)


def heldout():
    for expected in sorted(HELDOUT.glob("*.expected.json")):
        body = json.loads(expected.read_text())
        stem = expected.name.removesuffix(".expected.json")
        path = next(p for p in HELDOUT.iterdir() if p.stem == stem and p.suffix != ".json")
        want = [(a, h, float(s), None if t is None else float(t)) for a, h, s, t in body["games"]]
        yield path.name, verdict(path, want, True, body["chosen"])


if __name__ == "__main__":
    sys.exit(main())
