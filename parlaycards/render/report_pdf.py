"""The results sheet for the office wall: one letter page with the scores, the winners and the totals.

Scores sit in one table, or two side by side past 18 games; team names wrap in their cell. Past 40
winners the sheet lists the biggest and says how many more are in the workbook. Whatever is left is
shrunk to fit the one page. `invariant=1`: the same report gives the same bytes.
"""

from __future__ import annotations

from pathlib import Path

from ..core.money import dollars
from ..core.report import GameRow, Report

MAX_WINNERS = 40
ONE_COLUMN_GAMES = 18


def write_report_pdf(report: Report, path: Path) -> Path:
    from xml.sax.saxutils import escape

    from reportlab.lib.enums import TA_CENTER
    from reportlab.lib.pagesizes import letter
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import inch
    from reportlab.platypus import KeepInFrame, Paragraph, SimpleDocTemplate, Spacer, Table

    path.parent.mkdir(parents=True, exist_ok=True)
    styles = getSampleStyleSheet()
    small = styles["BodyText"].clone("small", fontSize=9, leading=11, alignment=TA_CENTER)
    cell = styles["BodyText"].clone("cell", fontName="Helvetica", fontSize=8, leading=9)
    t = report.totals
    story: list = [Paragraph(escape(f"{report.title} — results"), styles["Title"]),
                   Paragraph(escape(f"Card {report.slug} · {t.entries} entries · stakes {dollars(t.stakes)} · "
                                    f"paid back {dollars(t.payouts)} · kept by the pool {dollars(t.net)}"
                                    + (f" · {t.pending} still pending" if t.pending else "")), small),
                   Spacer(1, 0.1 * inch), Paragraph("Scores", styles["Heading2"])]
    games = list(report.games)
    if len(games) <= ONE_COLUMN_GAMES:
        story.append(_scores(games, 7.5 * inch, cell))
    else:
        half = -(-len(games) // 2)
        pair = Table([[_scores(games[:half], 3.7 * inch, cell), _scores(games[half:], 3.7 * inch, cell)]],
                     colWidths=[3.75 * inch, 3.75 * inch])
        pair.setStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                       ("RIGHTPADDING", (0, 0), (-1, -1), 0)])
        story.append(pair)
    story += [Spacer(1, 0.1 * inch), Paragraph("Winners", styles["Heading2"])]
    winners = report.winners
    if winners:
        rows: list[list] = [["Serial", "Name", "Hits", "Tier", "Payout", "Paid"]]
        for r in winners[:MAX_WINNERS]:
            rows.append([r.serial, Paragraph(escape(r.name), cell), f"{r.hits} of {r.effective_picks}",
                         r.tier or r.outcome.value, dollars(r.payout), r.paid_status])
        story.append(Table(rows, colWidths=[0.7 * inch, 2.9 * inch, 0.7 * inch, 1.5 * inch, 1.0 * inch, 0.7 * inch],
                           style=_grid() + [("ALIGN", (4, 1), (4, -1), "RIGHT")], repeatRows=1, hAlign="CENTER"))
        if len(winners) > MAX_WINNERS:
            story.append(Paragraph(f"…and {len(winners) - MAX_WINNERS} more cards paid back: see the workbook.",
                                   small))
    else:
        story.append(Paragraph("No winning cards" + (" yet." if t.pending else "."), styles["BodyText"]))
    story += [Spacer(1, 0.12 * inch),
              Paragraph("Payouts include the stake. Check your serial against the list; the pool runner pays on "
                        "presentation of the card.", small)]
    doc = SimpleDocTemplate(str(path), pagesize=letter, leftMargin=0.5 * inch, rightMargin=0.5 * inch,
                            topMargin=0.5 * inch, bottomMargin=0.5 * inch, title=f"{report.title} — results",
                            author="parlaycards", invariant=1)
    doc.build([KeepInFrame(doc.width, doc.height, story, mode="shrink")])
    return path


def _grid() -> list[tuple]:
    from reportlab.lib import colors

    return [("FONT", (0, 0), (-1, -1), "Helvetica", 8), ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 8),
            ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#1F4E78")), ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#F2F2F2")]),
            ("GRID", (0, 0), (-1, -1), 0.25, colors.HexColor("#BFBFBF")), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5)]


def _scores(games: list[GameRow], width: float, cell):  # noqa: ANN001, ANN202 - a ReportLab style and Table
    from xml.sax.saxutils import escape

    from reportlab.platypus import Paragraph, Table

    rows: list[list] = [["Away", "", "Home", "", "Home line", "Total"]]
    for g in games:
        final = g.status == "final"
        note = "" if final else " — no action" if g.status == "cancelled" else " — no result yet"
        rows.append([Paragraph(escape(g.away) + ("" if final else f"<i>{escape(note)}</i>"), cell),
                     str(g.away_score) if final else "", Paragraph(escape(g.home) + (" (off)" if g.off else ""), cell),
                     str(g.home_score) if final else "", g.home_line, g.total])
    score, line, total = 0.3, 0.62, 0.42
    team = (width / 72 - 2 * score - line - total) / 2
    inch = 72
    return Table(rows, colWidths=[team * inch, score * inch, team * inch, score * inch, line * inch, total * inch],
                 style=_grid() + [("ALIGN", (1, 0), (1, -1), "RIGHT"), ("ALIGN", (3, 0), (3, -1), "RIGHT")],
                 repeatRows=1)
