"""Mutated files fed to each reader and to the command line: the only outcomes allowed are a value or the
tool's own error (`ParlayError`, exit code 1 or 2). Bounded: a few dozen examples each, well under a
minute in all."""

from __future__ import annotations

import io
import json
import tempfile
import zipfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl import Workbook
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import ParlayError
from parlaycards.core.verify import parse_qr_payload
from parlaycards.io import scan_limits
from parlaycards.io.sheets import open_workbook
from parlaycards.io.templates import parse_template, shipped_texts

FEEDS = Path(__file__).parent / "feeds"
SAMPLES = Path(__file__).resolve().parents[1] / "sample_lines"
FUZZ = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
    database=None,
)
runner = CliRunner()


def _lines_xlsx() -> bytes:
    wb = Workbook()
    ws = wb.active
    ws.title = "Week 12"
    ws.append(["Date", "Time", "Away", "Home", "Line", "Total"])
    ws.append(["Sun 11/22", "1:00 PM", "Buffalo Bills", "Houston Texans", "-3.5", "44.5"])
    ws.append(["Sun 11/22", "4:25 PM", "Dallas Cowboys", "New York Giants", "+2.5", "41"])
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


XLSX = _lines_xlsx()
with zipfile.ZipFile(io.BytesIO(XLSX)) as _z:
    PARTS = {n: _z.read(n) for n in _z.namelist()}
CSV = (SAMPLES / "nfl-week-12.csv").read_bytes()
FEED = (FEEDS / "espn-nfl-2026-w12-lines.json").read_bytes()
TEMPLATE = shipped_texts()["letter-2up"].encode()

# a mutation: (where, as a fraction of the length; what: flip, cut, insert, repeat; a byte)
MUTATION = st.tuples(
    st.floats(0, 1), st.sampled_from(["flip", "cut", "insert", "repeat"]), st.binary(min_size=1, max_size=8)
)
NASTY = st.sampled_from(
    [
        b"\x00",
        b"\xff\xfe",
        b'"',
        b",,,,",
        b"\n\n",
        b"<!DOCTYPE x>",
        b"]]>",
        b"&amp;",
        b"NaN",
        b"1e308",
        b"[[[[[",
        "\u200b".encode(),
    ]
)


def _mutate(data: bytes, mutations: list[tuple[float, str, bytes]]) -> bytes:
    out = bytearray(data)
    for where, how, piece in mutations:
        i = int(where * max(len(out) - 1, 0))
        if how == "flip" and out:
            out[i] ^= piece[0] or 1
        elif how == "cut":
            del out[i : i + len(piece) * 16]
        elif how == "insert":
            out[i:i] = piece
        else:
            out[i:i] = out[i : i + 64] * 3
    return bytes(out)


def _read(name: str, data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(data)
        try:
            open_workbook(path)
        except ParlayError:
            pass


@FUZZ
@given(st.lists(MUTATION, min_size=1, max_size=4))
def test_a_mutated_xlsx_file_is_read_or_refused(mutations):
    _read("lines.xlsx", _mutate(XLSX, mutations))


@FUZZ
@given(
    st.sampled_from(sorted(n for n in PARTS if n.endswith(".xml"))),
    st.lists(MUTATION | st.tuples(st.floats(0, 1), st.just("insert"), NASTY), min_size=1, max_size=4),
)
def test_an_xlsx_with_a_mutated_xml_part_is_read_or_refused(part, mutations):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in PARTS.items():
            z.writestr(name, _mutate(data, mutations) if name == part else data)
    _read("lines.xlsx", out.getvalue())


@FUZZ
@given(st.lists(MUTATION | st.tuples(st.floats(0, 1), st.just("insert"), NASTY), min_size=1, max_size=6))
def test_a_mutated_csv_file_is_read_or_refused(mutations):
    _read("lines.csv", _mutate(CSV, mutations))


@FUZZ
@given(st.lists(MUTATION | st.tuples(st.floats(0, 1), st.just("insert"), NASTY), min_size=1, max_size=4))
def test_a_mutated_feed_is_read_or_refused(mutations):
    from parlaycards.io.feeds import base
    from parlaycards.io.feeds.espn import Espn

    body = _mutate(FEED, mutations)
    try:
        data = base.load(None, body, "feed.json")
        Espn().parse_lines(data, base.Query(league="NFL"))
    except ParlayError:
        pass


@FUZZ
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
        lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=5), c, max_size=3),
        max_leaves=12,
    )
)
def test_any_json_where_a_feed_event_should_be_is_read_or_refused(junk):
    from parlaycards.io.feeds import base
    from parlaycards.io.feeds.espn import Espn

    good = json.loads(FEED)
    good["events"][0]["competitions"][0]["competitors"][0]["team"] = junk
    try:
        Espn().parse_lines(good, base.Query(league="NFL"))
    except ParlayError:
        pass


@FUZZ
@given(st.lists(MUTATION | st.tuples(st.floats(0, 1), st.just("insert"), NASTY), min_size=1, max_size=4))
def test_a_mutated_template_is_read_or_refused(mutations):
    try:
        parse_template(_mutate(TEMPLATE, mutations), "fuzz.toml")
    except ParlayError:
        pass


@FUZZ
@given(
    st.text(max_size=60)
    | st.builds(lambda parts: "|".join(parts), st.lists(st.text(max_size=12), min_size=5, max_size=5))
)
def test_qr_text_is_a_payload_in_range_or_none(text):
    got = parse_qr_payload("PC1|" + text if not text.startswith("PC1") else text)
    if got is not None:
        slug, version, serial, code = got
        assert slug.isascii() and 1 <= version < 2**31 and 1 <= serial < 10**9 and code.isascii()


@FUZZ
@given(st.sampled_from(["png", "jpeg"]), st.lists(MUTATION, min_size=1, max_size=4))
def test_a_mutated_image_is_checked_or_refused(kind, mutations):
    from PIL import Image

    out = io.BytesIO()
    Image.new("L", (64, 48), 200).save(out, format=kind.upper())
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"scan.{kind}"
        path.write_bytes(_mutate(out.getvalue(), mutations))
        try:
            scan_limits.check_image_file(path)
        except ParlayError:
            pass


CLI_FUZZ = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
    database=None,
)


@CLI_FUZZ
@given(
    st.sampled_from(["xlsx", "csv"]),
    st.lists(MUTATION | st.tuples(st.floats(0, 1), st.just("insert"), NASTY), min_size=1, max_size=4),
)
def test_the_import_command_answers_every_mutated_file(kind, mutations):
    data = _mutate(XLSX if kind == "xlsx" else CSV, mutations)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"lines.{kind}"
        path.write_bytes(data)
        r = runner.invoke(
            app, ["--db", str(Path(folder) / "pool.db"), "import", str(path), "--card", "fz-w1"]
        )
        assert r.exit_code in (0, 1, 2), (r.exit_code, r.output)
        assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
        assert "internal error" not in r.output


@CLI_FUZZ
@given(st.lists(MUTATION | st.tuples(st.floats(0, 1), st.just("insert"), NASTY), min_size=1, max_size=4))
def test_the_lines_fetch_command_answers_every_mutated_feed(mutations):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "feed.json"
        path.write_bytes(_mutate(FEED, mutations))
        r = runner.invoke(
            app,
            [
                "--db",
                str(Path(folder) / "pool.db"),
                "lines",
                "fetch",
                "nfl",
                "--card",
                "fz-w1",
                "--from-file",
                str(path),
                "--dry-run",
            ],
        )
        assert r.exit_code in (0, 1, 2), (r.exit_code, r.output)
        assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
        assert "internal error" not in r.output
