"""Hostile files, values and names: each gets the tool's own one-paragraph answer, never a traceback,
and a refused command leaves the database as it was."""

from __future__ import annotations

import hashlib
import io
import struct
import zipfile
import zlib
from pathlib import Path

import pytest
from openpyxl import Workbook
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import LimitError, ParlayError
from parlaycards.core.pickem import name_key
from parlaycards.core.text import clean_name, for_terminal
from parlaycards.core.verify import parse_qr_payload
from parlaycards.io import limits, scan_limits
from parlaycards.io.sheets import open_workbook
from parlaycards.report.cells import csv_value, xlsx_row

from .pool_support import enter, new_card, print_serials, xlsx

runner = CliRunner()


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _book(path: Path, rows: list[list], title: str = "Lines") -> Path:
    return xlsx(path, rows, title)


# --------------------------------------------------------------------------------------- the readers


def test_a_cell_at_xfd1048576_is_refused_at_once_naming_it(tmp_path: Path):
    wb = Workbook()
    ws = wb.active
    ws.append(["Serial", "Name"])
    ws["XFD1048576"] = "x"
    wb.save(tmp_path / "far.xlsx")
    with pytest.raises(LimitError, match=r'far\.xlsx, sheet "Sheet", cell XFD1048576: holds a value beyond'):
        open_workbook(tmp_path / "far.xlsx")


def test_blank_styled_cells_far_away_are_not_values(tmp_path: Path):
    wb = Workbook()
    ws = wb.active
    ws.append(["Serial", "Name"])
    ws["A2"] = 1
    ws["XFD1048576"] = ""  # blank text: no value
    wb.save(tmp_path / "blank.xlsx")
    book = open_workbook(tmp_path / "blank.xlsx")
    assert book.sheets[0].rows == (("Serial", "Name"), (1,))


def _zip(parts: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as z:
        for name, data in parts.items():
            z.writestr(name, data)
    return out.getvalue()


def _valid_xlsx() -> bytes:
    wb = Workbook()
    wb.active.append(["Away", "Home", "Line"])
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def test_an_xlsx_that_unpacks_past_the_limit_is_refused_from_its_directory(tmp_path: Path):
    parts = {"xl/workbook.xml": b"<workbook/>", "xl/big.bin": b"\0" * (limits.MAX_UNPACKED + 10)}
    (tmp_path / "bomb.xlsx").write_bytes(_zip(parts))
    with pytest.raises(LimitError, match=r"bomb\.xlsx unpacks to 128 MB, more than the 128 MB"):
        open_workbook(tmp_path / "bomb.xlsx")


def test_an_entity_bomb_in_the_sheet_xml_is_refused(tmp_path: Path):
    data = _valid_xlsx()
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    bomb = b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>'
    sheet = parts["xl/worksheets/sheet1.xml"]
    parts["xl/worksheets/sheet1.xml"] = bomb + (
        sheet.split(b"?>", 1)[1] if sheet.startswith(b"<?xml") else sheet
    )
    (tmp_path / "ent.xlsx").write_bytes(_zip(parts))
    with pytest.raises(LimitError, match=r"sheet1\.xml declares a DTD or entities"):
        open_workbook(tmp_path / "ent.xlsx")


def test_a_cut_sheet_xml_is_named_damaged(tmp_path: Path):
    data = _valid_xlsx()
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    parts["xl/worksheets/sheet1.xml"] = parts["xl/worksheets/sheet1.xml"][:-40]
    (tmp_path / "cut.xlsx").write_bytes(_zip(parts))
    with pytest.raises(LimitError, match=r'cut\.xlsx, sheet "Sheet" is damaged'):
        open_workbook(tmp_path / "cut.xlsx")


def test_a_corrupt_compressed_sheet_is_named_damaged(tmp_path: Path):
    data = bytearray(_valid_xlsx())
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as z:
        info = z.getinfo("xl/worksheets/sheet1.xml")
    start = info.header_offset + 30 + len(info.filename) + len(info.extra)
    for i in range(start + 2, start + min(info.compress_size, 40)):
        data[i] ^= 0x5A
    (tmp_path / "zl.xlsx").write_bytes(bytes(data))
    with pytest.raises(LimitError, match=r"zl\.xlsx is damaged or incomplete"):
        open_workbook(tmp_path / "zl.xlsx")


def test_a_csv_cell_past_the_field_limit_names_the_row(tmp_path: Path):
    (tmp_path / "long.csv").write_text("Away,Home\nA," + "x" * 140_000 + "\n", encoding="utf-8")
    with pytest.raises(LimitError, match=r"long\.csv, row 2: a cell longer than 32,767 characters"):
        open_workbook(tmp_path / "long.csv")


def test_json_nested_deep_or_not_finite_is_refused():
    with pytest.raises(LimitError, match="nested more than 64 deep"):
        limits.load_json(b"[" * 100_000 + b"]" * 100_000, "feed.json", "a scoreboard")
    with pytest.raises(LimitError, match="nested more than 64 deep"):
        limits.load_json(b"[" * 200 + b"]" * 200, "feed.json", "a scoreboard")
    for bad in (b'{"x": NaN}', b'{"x": -Infinity}', b'{"x": 1e400}'):
        with pytest.raises(LimitError, match="not a number parlaycards accepts"):
            limits.load_json(bad, "feed.json", "a scoreboard")
    assert limits.load_json(b'{"x": [1, 2.5]}', "feed.json", "a scoreboard") == {"x": [1, 2.5]}


def test_toml_not_utf8_or_nested_deep_is_refused():
    with pytest.raises(LimitError, match="not UTF-8 text"):
        limits.load_toml(b'name = "\xff"', "t.toml")
    with pytest.raises(LimitError, match="nested more than 8 deep"):
        limits.load_toml(("a = " + "[" * 5000 + "]" * 5000).encode(), "t.toml")


def _png_header(width: int, height: int) -> bytes:
    """A small PNG whose header claims width × height (its data would unpack to that many pixels)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(b"\0" * 100))
        + chunk(b"IEND", b"")
    )


def test_check_image_file_refuses_empty_unknown_and_huge_before_decoding(tmp_path: Path):
    (tmp_path / "empty.jpg").write_bytes(b"")
    with pytest.raises(LimitError, match=r"empty\.jpg is empty \(0 bytes\)"):
        scan_limits.check_image_file(tmp_path / "empty.jpg")
    (tmp_path / "notes.png").write_bytes(b"hello, not an image")
    with pytest.raises(LimitError, match=r"notes\.png is not an image the scanner reads"):
        scan_limits.check_image_file(tmp_path / "notes.png")
    (tmp_path / "huge.png").write_bytes(_png_header(40_000, 40_000))
    with pytest.raises(LimitError, match=r"huge\.png claims 40,000 × 40,000 pixels"):
        scan_limits.check_image_file(tmp_path / "huge.png")
    from PIL import Image

    Image.new("L", (300, 200), 255).save(tmp_path / "ok.png")
    assert scan_limits.check_image_file(tmp_path / "ok.png") is None


def test_check_pdf_file_counts_pages_and_refuses_what_is_not_a_pdf(tmp_path: Path):
    (tmp_path / "x.pdf").write_bytes(b"not a pdf at all")
    with pytest.raises(LimitError, match=r"x\.pdf is not a PDF file"):
        scan_limits.check_pdf_file(tmp_path / "x.pdf")
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(str(tmp_path / "ok.pdf"))
    c.showPage()
    c.save()
    assert scan_limits.check_pdf_file(tmp_path / "ok.pdf") == 1


def test_qr_text_takes_ascii_digits_within_the_schema_only():
    assert parse_qr_payload("PC1|nfl-w12|3|000123|K7F2Q9") == ("nfl-w12", 3, 123, "K7F2Q9")
    for bad in (
        "PC1|nfl-w12|²|000123|K7F2Q9",
        "PC1|nfl-w12|3|١٢٣|K7F2Q9",
        "PC1|nfl-w12|3|" + "9" * 25 + "|K7F2Q9",
        f"PC1|nfl-w12|{2**70}|000123|K7F2Q9",
        "PC1|nfl-w12|3|000123|K7F2Q9|x",
    ):
        assert parse_qr_payload(bad) is None, bad


# ------------------------------------------------------------------------------------------ the text


def test_invisible_characters_never_make_a_second_name():
    assert clean_name("Pitts\u200bburgh") == "Pittsburgh"
    assert name_key("Da\u200bna") == name_key("DANA") == "dana"
    assert clean_name("\u202eevil\u202c  name\x1b[2K") == "evil name[2K"
    assert clean_name("Ｄａｎａ") == "Dana"  # full-width letters, NFKC
    assert for_terminal("Dana\x1b[2K\x1b[1A") == "Dana[2K[1A"


def test_one_cell_writer_keeps_formulas_text():
    assert csv_value('=HYPERLINK("http://x")') == '\'=HYPERLINK("http://x")'
    assert csv_value("-3.5") == "-3.5"
    wb = Workbook(write_only=True)
    ws = wb.create_sheet()
    cells = xlsx_row(ws, ['=HYPERLINK("x")&" 20', "Dana\x01", 5])
    assert cells[0].data_type == "s" and cells[0].quotePrefix
    assert cells[1].value == "Dana" and cells[2] == 5


# ----------------------------------------------------------------------------------------- the CLI


def test_an_unexpected_error_is_one_paragraph_exit_70_and_a_report_file(store, db_path, monkeypatch):
    """The last line of defence: nothing changed, the traceback in a file beside the database."""
    from parlaycards.services import grading

    new_card(store)
    print_serials(store, "nfl-w12", 2)
    enter(store, "nfl-w12", serial="1")
    before = _digest(db_path)

    def broken(*_a, **_k):  # a bug after the settlements were written within the transaction
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(grading, "build_report", broken)
    r = runner.invoke(app, ["--db", str(db_path), "grade", "nfl-w12"])
    assert r.exit_code == 70, r.output
    assert "an internal error (ZeroDivisionError) stopped this command: nothing was changed" in r.stderr
    reports = list(db_path.parent.glob("parlaycards-error-*.txt"))
    assert len(reports) == 1 and str(reports[0]) in r.stderr.replace("\n", "")
    assert "ZeroDivisionError: a bug" in reports[0].read_text()
    assert "Traceback" not in r.output
    assert _digest(db_path) == before


def test_out_of_range_numbers_are_refused_with_the_database_unchanged(store, db_path):
    new_card(store)
    print_serials(store, "nfl-w12", 2)
    before = _digest(db_path)
    cases = [
        ["result", "set", "nfl-w12", "101", "2147483648", "3"],
        ["result", "set", "nfl-w12", "101", "999999", "3"],
        ["show", "nfl-w12", "--version", str(2**70)],
        ["entry", "add", "nfl-w12", "--serial", "1", "--stake", "1e30", "--picks", "101,103,105"],
        ["entry", "add", "nfl-w12", "--serial", "1", "--stake", "NaN", "--picks", "101,103,105"],
        [
            "entry",
            "add",
            "nfl-w12",
            "--serial",
            "1",
            "--stake",
            "5",
            "--picks",
            "101,103,105",
            "--received",
            "-1:00",
        ],
        [
            "entry",
            "add",
            "nfl-w12",
            "--qr",
            "PC1|nfl-w12|²|000001|K",
            "--stake",
            "5",
            "--picks",
            "101,103,105",
        ],
    ]
    for args in cases:
        r = runner.invoke(app, ["--db", str(db_path), *args])
        assert r.exit_code == 2 and "Traceback" not in r.output, (args, r.output)
    r = runner.invoke(
        app,
        [
            "--db",
            str(db_path),
            "entry",
            "add",
            "nfl-w12",
            "--serial",
            "1",
            "--stake",
            "5000",
            "--picks",
            "101,103,105",
        ],
    )
    assert r.exit_code == 2 and "more than this pool's largest stake, $1,000.00" in r.stderr, r.output
    assert "pool set --max-stake" in r.stderr
    r = runner.invoke(
        app,
        [
            "--db",
            str(db_path),
            "entry",
            "add",
            "nfl-w12",
            "--serial",
            "1",
            "--stake",
            "5",
            "--picks",
            "101,103,105",
            "--received",
            "9999-12-31",
        ],
    )
    assert r.exit_code == 2 and "more than a year from the card's games" in r.stderr, r.output
    assert _digest(db_path) == before


def test_a_name_with_escape_codes_is_printed_without_them(store, db_path):
    new_card(store)
    print_serials(store, "nfl-w12", 2)
    enter(store, "nfl-w12", serial="1", name="Dana\x1b[2K\x1b[1AEve")
    r = runner.invoke(app, ["--db", str(db_path), "entries", "nfl-w12"])
    assert r.exit_code == 0 and "\x1b" not in r.stdout and "Dana[2K[1AEve" in r.stdout, r.output


def test_print_to_a_folder_device_or_empty_name_uses_no_serial(store, db_path, tmp_path):
    new_card(store)
    before = _digest(db_path)
    for out in (str(tmp_path), "", "/dev/full", str(db_path / "x.pdf")):
        r = runner.invoke(app, ["--db", str(db_path), "print", "nfl-w12", "--copies", "2", "--out", out])
        assert r.exit_code == 2 and "Nothing was written" in r.stderr, (out, r.output)
    assert _digest(db_path) == before
    for args in (
        ["print", "nfl-w12", "--out", ""],
        ["print", "nfl-w12", "--out="],
        ["grade", "nfl-w12", "--xlsx", " "],
    ):
        r = runner.invoke(app, ["--db", str(db_path), *args])
        assert r.exit_code == 2, r.output
        assert r.stderr.startswith(
            f"{args[2].rstrip('=')} was given an empty file name. Nothing was written"
        ), r.stderr
    assert _digest(db_path) == before


def test_a_broken_template_in_the_folder_is_named_and_skipped(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "bad.toml").write_bytes(b"\xff\xfe")
    (tmp_path / "templates" / "over.toml").write_text(
        'name = "over"\npage = { width = 8.5, height = 11 }\n'
        "cards = [ { x = 0, y = 0, width = 8.5, height = 6 }, { x = 0, y = 5, width = 8.5, height = 6 } ]\n"
    )
    r = runner.invoke(app, ["templates"])
    assert r.exit_code == 0, r.output
    assert "Skipped: templates/bad.toml: not UTF-8 text" in r.stderr
    assert "card 1 (0, 0, 8.5 × 6) and card 2 (0, 5, 8.5 × 6) overlap" in r.stderr
    assert "letter-2up" in r.stdout


def test_limit_errors_are_parlay_errors():
    assert issubclass(LimitError, ParlayError)
