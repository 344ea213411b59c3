"""Several `parlaycards` processes at the same moment, on both backends: printing and entering.

No serial printed twice, no traceback, every valid entry stored once, a clash refused as a single
user's would be.
"""

from __future__ import annotations

import re
from pathlib import Path

import pypdf

from parlaycards.store import Store, batches
from parlaycards.store import check as store_check
from parlaycards.store import entries as entry_rows

from .pool_support import BEFORE_KICKOFF, file_hash, new_card, pool_made_earlier, print_serials
from .proc_support import run, together


def _serials(path: Path) -> list[int]:
    text = "\n".join(p.extract_text() for p in pypdf.PdfReader(path).pages)
    return [int(s) for s in re.findall(r"No\. (\d{6})", text)]


def test_printing_and_entering_at_once(any_store: Store, pool_url: str, tmp_path: Path):
    new_card(any_store)
    print_serials(any_store, "nfl-w12", 20)  # serials 1–20 are out on paper
    prints = [["print", "nfl-w12", "--copies", "24", "--out", str(tmp_path / f"p{i}.pdf")] for i in range(3)]
    same = [
        [
            "entry",
            "add",
            "nfl-w12",
            "--serial",
            "000005",
            "--name",
            f"Twin {i}",
            "--stake",
            "5",
            "--picks",
            "101,104,105",
            "--received",
            BEFORE_KICKOFF,
        ]
        for i in range(4)
    ]
    apart = [
        [
            "entry",
            "add",
            "nfl-w12",
            "--serial",
            f"{10 + i:06d}",
            "--name",
            f"Player {i}",
            "--stake",
            "2",
            "--picks",
            "101,103,105",
            "--received",
            BEFORE_KICKOFF,
        ]
        for i in range(3)
    ]
    done = together(pool_url, prints + same + apart)
    for code, _out, err in done:
        assert "Traceback" not in err and "Error" not in err or code == 2, err
    # the prints: three whole PDFs, three batches, no serial twice, each file as recorded
    assert [code for code, _, _ in done[:3]] == [0, 0, 0], [e for _, _, e in done[:3]]
    with any_store.reading() as tx:
        made = [b for b in batches.all_batches(tx) if b.file.endswith(".pdf") and b.first_serial > 20]
        assert store_check.problems(tx) == []
        stored = {int(e.serial): e for e in entry_rows.of(tx, "nfl-w12")}
    assert len(made) == 3
    printed = []
    for b in made:
        path = Path(b.file)
        assert file_hash(path) == b.sha256
        assert _serials(path) == list(range(b.first_serial, b.last_serial + 1))
        printed += _serials(path)
    assert sorted(printed) == list(range(21, 21 + 72))
    assert not list(tmp_path.glob("*.part*"))
    # the same serial four times: stored once, the others refused as a second typing would be
    codes = [code for code, _, _ in done[3:7]]
    assert codes.count(0) == 1 and codes.count(2) == 3, [e for _, _, e in done[3:7]]
    for code, _, err in done[3:7]:
        if code == 2:
            assert "serial 000005 was already entered" in err, err
    winner = next(i for i, (code, _, _) in enumerate(done[3:7]) if code == 0)
    assert stored[5].name == f"Twin {winner}"
    # different serials: every one stored, once
    assert [code for code, _, _ in done[7:]] == [0, 0, 0], [e for _, _, e in done[7:]]
    assert sorted(stored) == [5, 10, 11, 12]


def test_pickem_entries_and_fees_at_once(any_store: Store, pool_url: str):
    """Entrants typed at two desks at the same moment: every one stored once, the same name twice
    refused as a second typing would be, fees marked paid while entries go in."""
    from parlaycards.store import pickem as pickem_rows

    new_card(any_store)
    code, _, err = run(pool_url, "pickem", "new", "office-w12", "--card", "nfl-w12", "--fee", "5")
    assert code == 0, err
    pool_made_earlier(any_store, "office-w12")
    code, _, err = run(
        pool_url,
        "pickem",
        "entry",
        "add",
        "office-w12",
        "--name",
        "Owes",
        "--picks",
        "101",
        "--unpaid",
        "--received",
        BEFORE_KICKOFF,
    )
    assert code == 0, err
    add = [
        [
            "pickem",
            "entry",
            "add",
            "office-w12",
            "--name",
            name,
            "--picks",
            "101,104,105",
            "--tiebreak",
            "40",
            "--received",
            BEFORE_KICKOFF,
        ]
        for name in ("Ann", "Bo", "Cy", "Di", "Twin", "Twin")
    ]
    fee = [["pickem", "fee", "office-w12", "Owes"]]
    done = together(pool_url, add + fee)
    for _code, _out, err in done:
        assert "Traceback" not in err and "at the same moment" not in err, err
    assert [c for c, _, _ in done[:4]] == [0, 0, 0, 0], [e for _, _, e in done[:4]]
    twins = done[4:6]
    assert sorted(c for c, _, _ in twins) == [0, 2], [e for _, _, e in twins]
    assert "Twin already has an entry in office-w12" in next(e for c, _, e in twins if c == 2)
    assert done[6][0] == 0, done[6][2]
    with any_store.reading() as tx:
        stored = pickem_rows.by_name(tx, "office-w12")
    assert sorted(e.name for e in stored.values()) == ["Ann", "Bo", "Cy", "Di", "Owes", "Twin"]
    assert stored["owes"].paid


def test_eight_imports_of_one_sheet_and_eight_grades_at_once(any_store: Store, pool_url: str, tmp_path: Path):
    """Eight `entry import` of one 1,200-row sheet (PostgreSQL's COPY path), then eight `grade`, all at
    once: no traceback, every row stored once, every entry settled once."""
    from parlaycards.store import results as result_rows
    from parlaycards.store import settlements as settlement_rows

    from .pool_support import xlsx

    new_card(any_store)
    print_serials(any_store, "nfl-w12", 1200)
    rows = [["Serial", "Name", "Stake", "Picks"]]
    rows += [[f"{n:06d}", f"Player {n}", 2, "101,103,105"] for n in range(1, 1201)]
    sheet = xlsx(tmp_path / "entries.xlsx", rows)
    done = together(
        pool_url, [["entry", "import", "nfl-w12", str(sheet), "--received", BEFORE_KICKOFF] for _ in range(8)]
    )
    for code, _out, err in done:
        assert "Traceback" not in err and code in (0, 1, 2), err
    assert sorted(code for code, _, _ in done).count(0) == 1, [e[-300:] for _, _, e in done]
    with any_store.reading() as tx:
        stored = [int(e.serial) for e in entry_rows.of(tx, "nfl-w12")]
    assert sorted(stored) == list(range(1, 1201))
    from parlaycards.core.models import Result

    with any_store.transaction() as tx:
        result_rows.put(
            tx, "nfl-w12", [Result(game=101 + 2 * i, away_score=20, home_score=17) for i in range(6)]
        )
    done = together(pool_url, [["grade", "nfl-w12", "--json"] for _ in range(8)])
    for code, _out, err in done:
        assert code == 0 and "Traceback" not in err, err
    with any_store.reading() as tx:
        settled = settlement_rows.of(tx, "nfl-w12")
    assert sorted(settled) == list(range(1, 1201))
