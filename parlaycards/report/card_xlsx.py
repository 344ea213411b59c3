"""Workbooks we write: a card (games, payouts, rules) and the blank lines template.

Text a spreadsheet would take for a formula (starting with = + - @) is always written as a text cell.
A card's workbook reads back with read_lines to the same games (its Games sheet is a one-row layout).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from openpyxl import Workbook
from openpyxl.cell import Cell
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from ..core import leagues
from ..core.lines import format_spread, format_total
from ..core.models import Card
from ..core.text import dollars
from ..core.views import rules_text
from . import cells
from .books import save_book
from .card import GAME_COLUMNS, game_values
from .xlsx_print import print_setup

FORMULA_START = cells.FORMULA_START
HEADER_FONT = Font(bold=True, color="FFFFFF")
HEADER_FILL = PatternFill("solid", fgColor="1F4E78")
GREY = Font(color="808080", italic=True)
DATE_FORMAT = "ddd m/d/yyyy"
TIME_FORMAT = "h:mm AM/PM"
LEAGUES = tuple(lg.code for lg in leagues.LEAGUES)  # the codes a League cell accepts (core/leagues.py)
TEMPLATE_COLUMNS = (
    ("Date", 14, "The game's date: a date cell, or text such as 11/22, Sun 11/22, 2026-11-22.", "Sun 11/22"),
    (
        "Time",
        11,
        "Kickoff in the card's time zone (Eastern unless --tz says otherwise): 1:00 PM, 1p, 13:00, "
        "4:25 ET, or TBA.",
        "1:00 PM",
    ),
    ("Away", 20, "The visiting team, as it should print.", "Chicago"),
    ("Home", 20, "The home team (at a neutral site, the team listed second).", "Green Bay"),
    (
        "Home line",
        11,
        "Home's point spread: favourite negative. -3.5, -3½, -3 1/2, +7, PK (or pick, EV). "
        "You may name the team instead: GB -6½. NL, OFF or blank: the game cannot go on the card.",
        "-6½",
    ),
    ("Total", 9, "Total points for over/under: 44.5, 44½, o/u 44½. Leave blank for no total.", "44½"),
    (
        "League",
        9,
        "NFL, NCAA (college football), NBA, NCAAB, WNBA, MLB, NHL, HS, PGA, NASCAR, LOCAL, CFL, UFL. "
        "Blank: the sheet's name if it is a league, else NFL.",
        "NFL",
    ),
    ("Neutral", 9, "yes for a neutral site; blank otherwise.", ""),
)
EXAMPLES = (
    ("Sun 11/22", "1:00 PM", "Chicago", "Green Bay", "-6½", "44½", "NFL", ""),
    ("Sun 11/22", "4:25 PM", "Tennessee", "Indianapolis", "PK", "42", "NFL", ""),
    ("Sat 11/28", "TBA", "Hawai'i", "San José State", "+2½", "58½", "NCAA", "yes"),
)
CARD_COLUMNS = tuple(zip(GAME_COLUMNS, (8, 14, 10, 9, 20, 10, 9, 20, 10, 8, 9, 9, 8, 8), strict=True))


def put(ws: Worksheet, row: int, col: int, value: object, *, fmt: str | None = None) -> Cell:
    """Write one cell; text that looks like a formula stays text (quote-prefixed, type string)."""
    cell = cells.put(ws, row, col, value)  # text as text, never a formula
    if fmt:
        cell.number_format = fmt
    return cell


def _header(ws: Worksheet, row: int, columns: Sequence[tuple[str, float]]) -> None:
    for col, (name, width) in enumerate(columns, start=1):
        cell = put(ws, row, col, name)
        cell.font = HEADER_FONT
        cell.fill = HEADER_FILL
        cell.alignment = Alignment(horizontal="center")
        ws.column_dimensions[get_column_letter(col)].width = width
    ws.freeze_panes = ws.cell(row=row + 1, column=1)
    print_setup(ws, header_row=row)


def write_card_xlsx(card: Card, path: Path) -> Path:
    """The card as a workbook: a Games sheet (numbers, teams, lines, kickoff) and a Payouts & rules sheet."""
    wb = Workbook()
    ws = wb.active
    ws.title = "Games"
    put(ws, 1, 1, card.title).font = Font(bold=True, size=14)
    put(ws, 2, 1, f"Card {card.slug}, version {card.version}. Times are {card.timezone}.").font = GREY
    _header(ws, 4, CARD_COLUMNS)
    for row, g in enumerate(card.games, start=5):
        v = game_values(g, card.timezone)
        values = (
            *v[:5],
            format_spread(v.away_line),
            v.home_no,
            v.home,
            format_spread(v.home_line),
            format_total(v.total) or None,
            v.over_no,
            v.under_no,
            "yes" if v.neutral else None,
            "OFF" if v.off else None,
        )
        for col, value in enumerate(values, start=1):
            fmt = (
                DATE_FORMAT
                if col == 2
                else TIME_FORMAT
                if col == 3 and v.clock not in ("TBA", None)
                else None
            )
            put(ws, row, col, value, fmt=fmt)
    ws.auto_filter.ref = f"A4:{get_column_letter(len(CARD_COLUMNS))}{max(4, 4 + len(card.games))}"
    _payouts_sheet(wb.create_sheet("Payouts & rules"), card)
    path.parent.mkdir(parents=True, exist_ok=True)
    save_book(wb, path)
    return path


def _payouts_sheet(ws: Worksheet, card: Card) -> None:
    basis = "TO 1 (stake returned on top)" if card.payouts.basis == "to" else "FOR 1 (stake included)"
    put(ws, 1, 1, f"{card.title}: payouts and rules").font = Font(bold=True, size=14)
    _header(ws, 3, (("Picks", 8), ("Hits", 8), ("Odds", 10), ("Basis", 30)))
    row = 4
    for tier in card.payouts.sorted().tiers:
        for col, value in enumerate((tier.picks, tier.hits, str(tier.odds), basis), start=1):
            put(ws, row, col, value)
        row += 1
    if card.payouts.max_payout is not None:
        put(ws, row, 1, f"Maximum payout per card, stake included: {dollars(card.payouts.max_payout)}")
        row += 1
    row += 1
    put(ws, row, 1, "Rules").font = Font(bold=True)
    for line in (*rules_text(card), card.disclaimer):
        row += 1
        put(ws, row, 1, line)


def write_lines_template(path: Path) -> Path:
    """A blank lines sheet to fill in (header, formats, drop-downs) and a Notes sheet explaining each column."""
    wb = Workbook()
    ws = wb.active
    ws.title = "Lines"
    _header(ws, 1, [(name, width) for name, width, _, _ in TEMPLATE_COLUMNS])
    last = 300
    for row in range(2, last + 1):
        ws.cell(row=row, column=1).number_format = DATE_FORMAT
        ws.cell(row=row, column=2).number_format = TIME_FORMAT
    league_list = DataValidation(
        type="list",
        formula1=f'"{",".join(LEAGUES)}"',
        allow_blank=True,
        error="Choose a league: " + ", ".join(LEAGUES) + ".",
        errorTitle="League",
        showErrorMessage=True,
    )
    neutral = DataValidation(
        type="list",
        formula1='"yes,no"',
        allow_blank=True,
        error="Write yes for a neutral site, or leave it blank.",
        errorTitle="Neutral",
        showErrorMessage=True,
    )
    league_list.add(f"G2:G{last}")
    neutral.add(f"H2:H{last}")
    ws.add_data_validation(league_list)
    ws.add_data_validation(neutral)
    _template_notes(wb.create_sheet("Notes"))
    path.parent.mkdir(parents=True, exist_ok=True)
    save_book(wb, path)
    return path


def _template_notes(notes: Worksheet) -> None:
    """The Notes sheet of the lines template: each column, example rows, the other layouts accepted."""
    put(notes, 1, 1, "How to fill in the Lines sheet").font = Font(bold=True, size=14)
    put(
        notes, 2, 1, "One row per game. Import it with: parlaycards import lines.xlsx --card nfl-w12"
    ).font = GREY
    _header(notes, 4, (("Column", 12), ("What to write", 90), ("Example", 14)))
    row = 5
    for name, _, what, example in TEMPLATE_COLUMNS:
        put(notes, row, 1, name).font = Font(bold=True)
        put(notes, row, 2, what).alignment = Alignment(wrap_text=True, vertical="top")
        put(notes, row, 3, example)
        row += 1
    row += 1
    put(
        notes, row, 1, "Example rows (type your own games on the Lines sheet; these are not read):"
    ).font = Font(bold=True)
    row += 1
    for col, (name, *_rest) in enumerate(TEMPLATE_COLUMNS, start=1):
        put(notes, row, col, name).font = Font(bold=True, color="808080")
    for sample in EXAMPLES:
        row += 1
        for col, value in enumerate(sample, start=1):
            put(notes, row, col, value or None).font = GREY
    row += 2
    for line in (
        "Also accepted: a rotation board (Rot, Team, Line: two rows a game, the spread on the "
        "favourite's row and the total on the other) and Favorite / Line / Underdog sheets (home team "
        "in CAPITALS or after @; (N) marks a neutral site).",
        "Several sheets in one workbook make one combo card; a sheet named NFL or College sets its league.",
    ):
        put(notes, row, 1, line).alignment = Alignment(wrap_text=False)
        row += 1
