"""The results sheet for the office wall: one letter page with the scores, the winners and the totals.

Everything is shrunk to fit one page; past 40 winners the sheet lists the biggest and says how many
more are in the workbook. `invariant=1`: the same report gives the same bytes.
"""

from __future__ import annotations

from pathlib import Path

from ..core.report import Report

MAX_WINNERS = 40


def write_report_pdf(report: Report, path: Path) -> Path:
    from xml.sax.saxutils import escape

    from reportlab.lib import colors
    from reportlab.lib.enums import TA_CENTER
    from reportlab.lib.pagesizes import letter
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import inch
    from reportlab.platypus import KeepInFrame, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    path.parent.mkdir(parents=True, exist_ok=True)
    styles = getSampleStyleSheet()
    title = styles["Title"]
    h2 = styles["Heading2"]
    small = styles["BodyText"].clone("small", fontSize=9, leading=11, alignment=TA_CENTER)
    t = report.totals
    grid = TableStyle([
        ("FONT", (0, 0), (-1, -1), "Helvetica", 9),
        ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 9),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#1F4E78")),
        ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#F2F2F2")]),
        ("GRID", (0, 0), (-1, -1), 0.25, colors.HexColor("#BFBFBF")),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ])
    story: list = [Paragraph(escape(f"{report.title} — results"), title),
                   Paragraph(escape(f"Card {report.slug} · {t.entries} entries · stakes ${t.stakes:,.2f} · "
                                    f"paid back ${t.payouts:,.2f} · kept by the pool ${t.net:,.2f}"
                                    + (f" · {t.pending} still pending" if t.pending else "")), small),
                   Spacer(1, 0.12 * inch), Paragraph("Scores", h2)]
    scores = [["Game", "Line", "Total", "Final"]]
    for g in report.games:
        line = f"{g.home} {g.home_line}" if g.home_line not in ("PK", "0") else "PK"
        scores.append([f"{g.away} at {g.home}" + (" (off)" if g.off else ""), line, g.total,
                       f"{g.away} {g.away_score} – {g.home} {g.home_score}" if g.status == "final"
                       else "Cancelled — no action" if g.status == "cancelled" else "no result yet"])
    story.append(Table(scores, colWidths=[2.6 * inch, 1.5 * inch, 0.6 * inch, 2.6 * inch], style=grid,
                       repeatRows=1, hAlign="CENTER"))
    story += [Spacer(1, 0.12 * inch), Paragraph("Winners", h2)]
    winners = report.winners
    if winners:
        rows = [["Serial", "Name", "Hits", "Tier", "Payout", "Paid"]]
        for r in winners[:MAX_WINNERS]:
            rows.append([r.serial, r.name, f"{r.hits} of {r.effective_picks}",
                         r.tier or ("refund" if r.outcome.value == "refund" else ""), f"${r.payout:,.2f}",
                         r.paid_status])
        table = Table(rows, colWidths=[0.8 * inch, 2.6 * inch, 0.8 * inch, 1.5 * inch, 1.0 * inch, 0.8 * inch],
                      style=grid, repeatRows=1, hAlign="CENTER")
        table.setStyle(TableStyle([("ALIGN", (4, 1), (4, -1), "RIGHT")]))
        story.append(table)
        if len(winners) > MAX_WINNERS:
            story.append(Paragraph(f"…and {len(winners) - MAX_WINNERS} more winning cards: see the workbook.", small))
    else:
        story.append(Paragraph("No winning cards" + (" yet." if t.pending else "."), styles["BodyText"]))
    story += [Spacer(1, 0.15 * inch),
              Paragraph("Payouts include the stake. Check your serial against the list; the pool runner pays on "
                        "presentation of the card.", small)]
    doc = SimpleDocTemplate(str(path), pagesize=letter, leftMargin=0.5 * inch, rightMargin=0.5 * inch,
                            topMargin=0.5 * inch, bottomMargin=0.5 * inch, title=f"{report.title} — results",
                            author="parlaycards", invariant=1)
    doc.build([KeepInFrame(doc.width, doc.height, story, mode="shrink")])
    return path
