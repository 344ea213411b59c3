"""The results sheet for the office wall: the scores with the lines players held, the winners, every entry.

Letter pages; the lists continue on as many pages as they need, with their headers repeated, and
nothing is cut. Where printed versions carried different lines, each line is shown with its cards
(`-4 (v1 cards)` over `-5½ (v3 cards)`). Up to 18 games (or whenever lines differ) the scores sit in
one full-width table; past that, in two tables side by side, a block of them per page. Team names
wrap in their cell. `invariant=1`: the same report gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.text import dollars, plural
from .grade import EntryRow, GameRow, Report, net_text, winners_heading
from .grade_columns import ENTRIES_PDF, VOID_PDF, WINNERS_PDF, Writes, drawer, headers, shown, void_shown

if TYPE_CHECKING:
    from ..store.voids import Voided

ONE_COLUMN_GAMES = 18
PAIR_ROWS = 20  # games per side of a two-table block: a block always fits one page
ENTRY_CHUNK = 500  # entry rows per table (long tables split slowly): the pieces read as one list
MARK = {"win": "W", "loss": "L", "push": "P", "void": "V", "pending": "?"}
INCH = 72.0
FONT, SIZE = "Helvetica", 8
WRITES = Writes(money=dollars, flag=lambda late: "late" if late else "")


def write_report_pdf(report: Report, path: Path) -> Path:
    """The grade report as a PDF to post or hand out: scores, winners, every entry, voids."""
    from reportlab.lib.pagesizes import letter
    from reportlab.platypus import SimpleDocTemplate

    path.parent.mkdir(parents=True, exist_ok=True)
    title = f"{report.title} — results"

    def footer(canvas: Any, doc: Any) -> None:  # ReportLab's canvas and document (ReportLab ships no types)
        canvas.saveState()
        canvas.setFont(FONT, 7.5)
        canvas.drawRightString(letter[0] - 0.5 * INCH, 0.3 * INCH, f"{title} · page {doc.page}")
        canvas.restoreState()

    doc = SimpleDocTemplate(
        str(path),
        pagesize=letter,
        leftMargin=0.5 * INCH,
        rightMargin=0.5 * INCH,
        topMargin=0.5 * INCH,
        bottomMargin=0.5 * INCH,
        title=title,
        author="parlaycards",
        invariant=1,
    )
    doc.build(_story(report, title), onFirstPage=footer, onLaterPages=footer)
    return path


def _story(report: Report, title: str) -> list[Any]:
    """The report's flowables in order: heading, scores, winners, every entry, voids, the closing note."""
    from xml.sax.saxutils import escape

    from reportlab.lib.enums import TA_CENTER
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, Spacer

    styles = getSampleStyleSheet()
    small = styles["BodyText"].clone("small", fontSize=9, leading=11, alignment=TA_CENTER)
    note = styles["BodyText"].clone("note", fontSize=8.5, leading=10.5)
    cell = styles["BodyText"].clone("cell", fontName=FONT, fontSize=SIZE, leading=9)
    t = report.totals
    story: list[Any] = [
        Paragraph(escape(title), styles["Title"]),
        Paragraph(
            escape(
                f"Card {report.slug} · {plural(t.entries, 'entry', 'entries')} · stakes {dollars(t.stakes)} · "
                f"winnings {dollars(t.payouts)} · paid out {dollars(t.paid)} · {net_text(t, public=True)}"
            ),
            small,
        ),
        Spacer(1, 0.1 * INCH),
        Paragraph("Scores", styles["Heading2"]),
    ]
    story += [Paragraph(escape(n), note) for n in report.line_notes]
    story += _scores(list(report.games), cell)
    story += _entry_sections(report, styles, note, cell)
    story += [
        Spacer(1, 0.12 * INCH),
        Paragraph(
            "Payouts include the stake. Check your serial against the list; the pool runner pays on "
            "presentation of the card.",
            small,
        ),
    ]
    return story


def _section(heading: str, styles: Any) -> list[Any]:
    """A heading after a little space, never left alone at the foot of a page."""
    from reportlab.platypus import CondPageBreak, Paragraph, Spacer

    return [Spacer(1, 0.1 * INCH), CondPageBreak(1.2 * INCH), Paragraph(heading, styles["Heading2"])]


def _entry_sections(report: Report, styles: Any, note: Any, cell: Any) -> list[Any]:
    """Winners, all entries and (when any) the voided ones."""
    from reportlab.platypus import Paragraph

    t = report.totals
    winners = report.winners
    story = _section(winners_heading(report), styles)
    if winners:
        story += _winners(report, winners, cell)
    else:
        story.append(Paragraph("No winning cards" + (" yet." if t.pending else "."), styles["BodyText"]))
    story += _section(f"All entries ({t.entries})", styles)
    if report.rows:
        story.append(
            Paragraph("Picks: W win, L loss, P push (tie), V void (no action), ? no result yet.", note)
        )
        story += _entries(report, report.rows, cell)
    else:
        story.append(Paragraph("No entries.", styles["BodyText"]))
    if report.voided:
        heading = f"Void ({len(report.voided)}): not graded, stake not counted"
        story += [*_section(heading, styles), *_voided(report.voided, cell)]
    return story


def _fit(text: str, width: float, cell: Any) -> Any:
    """The text itself when it fits the column on one line; else a Paragraph that wraps it (never cut)."""
    from xml.sax.saxutils import escape

    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.platypus import Paragraph

    if stringWidth(text, FONT, SIZE) <= width - 6:
        return text
    return Paragraph(escape(text), cell)


def _grid() -> list[tuple[Any, ...]]:
    from reportlab.lib import colors

    return [
        ("FONT", (0, 0), (-1, -1), FONT, SIZE),
        ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", SIZE),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#1F4E78")),
        ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#F2F2F2")]),
        ("GRID", (0, 0), (-1, -1), 0.25, colors.HexColor("#BFBFBF")),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]


def _table(rows: list[list[Any]], widths: Sequence[float], extra: Sequence[tuple[Any, ...]] = ()) -> Any:
    from reportlab.platypus import Table

    return Table(
        rows, colWidths=[w * INCH for w in widths], style=_grid() + list(extra), repeatRows=1, hAlign="CENTER"
    )


def _scores(games: list[GameRow], cell: Any) -> list[Any]:
    """One full-width table; or, past 18 games with one line each, blocks of two tables side by side."""
    from reportlab.platypus import Table

    if len(games) <= ONE_COLUMN_GAMES or any(g.differs for g in games):
        return [_score_table(games, 7.5, cell)]
    out = []
    for start in range(0, len(games), 2 * PAIR_ROWS):
        block = games[start : start + 2 * PAIR_ROWS]
        half = -(-len(block) // 2)
        pair = Table(
            [[_score_table(block[:half], 3.7, cell), _score_table(block[half:], 3.7, cell)]],
            colWidths=[3.75 * INCH, 3.75 * INCH],
        )
        pair.setStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ]
        )
        out.append(pair)
    return out


def _score_table(games: list[GameRow], width: float, cell: Any) -> Any:
    """Width in inches. A game whose printed versions differ lists each line on its own line in the cell."""
    from xml.sax.saxutils import escape

    from reportlab.platypus import Paragraph

    def stacked(text: str) -> Any:
        return Paragraph("<br/>".join(escape(p) for p in text.split(" / ")), cell)

    differ = any(g.differs for g in games)
    score, line, total = 0.3, (1.25 if differ else 0.7), (1.1 if differ else 0.42)
    team = (width - 2 * score - line - total) / 2
    rows: list[list[Any]] = [["Away", "", "Home", "", "Home line", "Total"]]
    for g in games:
        final = g.status == "final"
        note = (
            ""
            if final
            else " — no action"
            if g.status == "cancelled"
            else f" — {g.out}"
            if g.status == "out"
            else " — no result yet"
        )
        rows.append(
            [
                Paragraph(
                    f"{g.numbers[0]} " + escape(g.away) + ("" if final else f"<i>{escape(note)}</i>"), cell
                ),
                str(g.away_score) if final else "",
                Paragraph(f"{g.numbers[1]} " + escape(g.home) + (" (off)" if g.off else ""), cell),
                str(g.home_score) if final else "",
                stacked(g.home_line) if g.differs else g.home_line,
                stacked(g.total) if g.differs else g.total,
            ]
        )
    return _table(
        rows,
        [team, score, team, score, line, total],
        [("ALIGN", (1, 0), (1, -1), "RIGHT"), ("ALIGN", (3, 0), (3, -1), "RIGHT")],
    )


def _chunks(rows: Sequence[EntryRow], make: Callable[[Sequence[EntryRow]], Any]) -> list[Any]:
    return [make(rows[i : i + ENTRY_CHUNK]) for i in range(0, len(rows), ENTRY_CHUNK)]


def _winners(report: Report, winners: Sequence[EntryRow], cell: Any) -> list[Any]:
    versions = len(report.played) > 1
    widths = [0.7, *([0.45] if versions else []), 2.45 if versions else 2.9, 0.7, 1.5, 1.0, 0.7]
    cols = shown(report, WINNERS_PDF)
    own = {
        "name": lambda r: _fit(r.name, widths[-5] * INCH, cell),
        # the wall says a winner was paid; what was paid beyond it is the operator's (grade, --xlsx)
        "status": lambda r: "paid" if r.paid >= r.payout else r.paid_status,
        "payout": lambda r: r.payout_text,
    }
    draw = drawer(cols, WRITES, **own)

    def make(part: Sequence[EntryRow]) -> Any:
        rows: list[list[Any]] = [list(headers(cols)), *map(draw, part)]
        return _table(rows, widths, [("ALIGN", (-2, 1), (-2, -1), "RIGHT")])

    return _chunks(winners, make)


def _voided(voided: Sequence[Voided], cell: Any) -> list[Any]:
    widths = [0.7, 2.3, 2.5, 2.0]
    cols = void_shown(VOID_PDF)
    fit = {
        c.key: (lambda v, value=c.value, w=w: _fit(str(value(v)), w * INCH, cell))
        for c, w in zip(cols, widths, strict=True)
        if c.key != "serial"
    }
    rows: list[list[Any]] = [list(headers(cols)), *map(drawer(cols, WRITES, **fit), voided)]
    return [
        _table(
            rows[i : i + ENTRY_CHUNK + 1] if i == 0 else [rows[0], *rows[i + 1 : i + 1 + ENTRY_CHUNK]], widths
        )
        for i in range(0, max(len(rows) - 1, 1), ENTRY_CHUNK)
    ]


def _entries(report: Report, entries: Sequence[EntryRow], cell: Any) -> list[Any]:
    versions = len(report.played) > 1
    widths = [0.7, *([0.45] if versions else []), 2.0 if versions else 2.3, 3.0, 0.7, 0.8]
    cols = shown(report, ENTRIES_PDF)
    own = {
        "name": lambda r: _fit(r.name, widths[-4] * INCH, cell),
        "legs": lambda r: _fit(
            "  ".join(f"{n} {MARK[o.value]}" for n, o in zip(r.picks, r.legs, strict=True)),
            widths[-3] * INCH,
            cell,
        ),
        "payout": lambda r: _fit(r.payout_text, widths[-1] * INCH, cell) if r.payout else "",
    }

    draw = drawer(cols, WRITES, **own)

    def make(part: Sequence[EntryRow]) -> Any:
        rows: list[list[Any]] = [list(headers(cols)), *map(draw, part)]
        return _table(rows, widths, [("ALIGN", (-1, 1), (-1, -1), "RIGHT")])

    return _chunks(entries, make)
