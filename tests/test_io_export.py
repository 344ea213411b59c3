"""Writing workbooks: the card export (formula-safe, re-importable) and the blank lines template."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from openpyxl import load_workbook

from parlaycards.core.errors import ParlayError
from parlaycards.core.models import Card, Game, SelectionNumbers
from parlaycards.io.lines import Asked, read_lines
from parlaycards.report.card_xlsx import write_card_xlsx, write_lines_template

SAMPLES = Path(__file__).resolve().parents[1] / "sample_lines"
CHICAGO = ZoneInfo("America/Chicago")


def game(
    away: str, home: str, spread: str, total: str | None, numbers: tuple[int, ...], **kw: object
) -> Game:
    over, under = (numbers[2], numbers[3]) if total else (None, None)
    return Game(
        away=away,
        home=home,
        spread=Decimal(spread),
        total=Decimal(total) if total else None,
        numbers=SelectionNumbers(away=numbers[0], home=numbers[1], over=over, under=under),
        **kw,
    )


def odd_card() -> Card:
    """Names a spreadsheet would run as formulas, irregular numbers, TBA and missing kickoffs, a neutral site."""
    return Card(
        slug="odd-w1",
        title='=HYPERLINK("http://x")',
        timezone="America/Chicago",
        games=(
            game(
                "=SUM(A1:A9)",
                "+Plus",
                "-3.5",
                "44.5",
                (101, 102, 301, 302),
                kickoff=datetime(2026, 11, 22, 12, 0, tzinfo=CHICAGO),
            ),
            game(
                "@Away",
                "-Minus",
                "0",
                None,
                (107, 108),
                league="NCAA",
                kickoff=date(2026, 11, 28),
                neutral=True,
            ),
            game("Chicago", "Green Bay", "7", "41", (115, 116, 401, 402), kickoff=None),
        ),
    )


def test_formula_like_text_is_written_as_text(tmp_path: Path) -> None:
    path = write_card_xlsx(odd_card(), tmp_path / "card.xlsx")
    ws = load_workbook(path)["Games"]
    cells = {c.value: c for row in ws.iter_rows() for c in row if isinstance(c.value, str)}
    for text in ('=HYPERLINK("http://x")', "=SUM(A1:A9)", "+Plus", "@Away", "-Minus", "-3½", "+3½"):
        assert cells[text].data_type == "s", text
        assert cells[text].quotePrefix, text


def test_card_export_reimports_to_the_same_games(tmp_path: Path) -> None:
    card = odd_card()
    path = write_card_xlsx(card, tmp_path / "card.xlsx")
    back = read_lines(Asked(path, tz=card.timezone))
    assert back.games == card.games
    assert back.title == card.title
    assert back.sheets == ("Games",)


@pytest.mark.parametrize("name", ["nfl-week-12.xlsx", "ncaa-week-13.xlsx", "combo-week-12.xlsx"])
def test_sample_cards_round_trip(tmp_path: Path, name: str) -> None:
    lines = read_lines(Asked(SAMPLES / name))
    card = Card(slug="w", title=lines.title or "t", games=lines.games)
    assert read_lines(Asked(write_card_xlsx(card, tmp_path / name))).games == card.games


def test_card_sheet_layout_payouts_and_rules(tmp_path: Path) -> None:
    lines = read_lines(Asked(SAMPLES / "nfl-week-12.xlsx"))
    card = Card(slug="nfl-w12", title=lines.title or "", games=lines.games)
    wb = load_workbook(write_card_xlsx(card, tmp_path / "nfl.xlsx"))
    assert wb.sheetnames == ["Games", "Payouts & rules"]
    ws = wb["Games"]
    assert ws.freeze_panes == "A5"
    assert [c.value for c in ws[4]] == [
        "League",
        "Date",
        "Time",
        "Away No.",
        "Away",
        "Away line",
        "Home No.",
        "Home",
        "Home line",
        "Total",
        "Over No.",
        "Under No.",
        "Neutral",
        "Status",
    ]
    assert ws["A4"].font.bold
    first = [c.value for c in ws[5]]
    assert first[:12] == [
        "NFL",
        datetime(2026, 11, 19),
        first[2],
        101,
        "Pittsburgh",
        "-2½",
        102,
        "Cleveland",
        "+2½",
        "37½",
        201,
        202,
    ]
    assert first[2].hour == 20 and first[2].minute == 15
    pay = wb["Payouts & rules"]
    text = [c.value for row in pay.iter_rows() for c in row if c.value is not None]
    assert text[5:9] == [3, 3, "5-1", "TO 1 (stake returned on top)"]
    assert "Ties (pushes) lose." in text
    assert card.disclaimer in text


def test_off_games_are_marked(tmp_path: Path) -> None:
    card = odd_card()
    off = Card.model_validate(
        {
            **card.model_dump(),
            "games": [{**card.games[0].model_dump(), "off": True}, *[g.model_dump() for g in card.games[1:]]],
        }
    )
    ws = load_workbook(write_card_xlsx(off, tmp_path / "off.xlsx"))["Games"]
    assert ws["N5"].value == "OFF" and ws["N6"].value is None


def test_lines_template(tmp_path: Path) -> None:
    path = write_lines_template(tmp_path / "template.xlsx")
    wb = load_workbook(path)
    assert wb.sheetnames == ["Lines", "Notes"]
    ws = wb["Lines"]
    assert [c.value for c in ws[1]] == [
        "Date",
        "Time",
        "Away",
        "Home",
        "Home line",
        "Total",
        "League",
        "Neutral",
    ]
    assert ws.freeze_panes == "A2"
    rules = {str(dv.sqref): dv.formula1 for dv in ws.data_validations.dataValidation}
    assert rules == {
        "G2:G300": '"NFL,NCAA,NBA,NCAAB,WNBA,MLB,NHL,HS,PGA,NASCAR,LOCAL,CFL,UFL,XFL,USFL"',
        "H2:H300": '"yes,no"',
    }
    notes = [c.value for row in wb["Notes"].iter_rows() for c in row if isinstance(c.value, str)]
    for column in ("Date", "Time", "Away", "Home", "Home line", "Total", "League", "Neutral"):
        assert column in notes
    assert any("-3.5, -3½, -3 1/2, +7, PK" in n for n in notes)
    assert wb["Notes"]["E16"].value == "-6½" and wb["Notes"]["E16"].data_type == "s"

    with pytest.raises(
        ParlayError, match=r'template.xlsx, sheet "Lines", row 1: there are no games under the header'
    ):
        read_lines(Asked(path))
    ws.append(["Sun 11/22", "1:00 PM", "Chicago", "Green Bay", "-6½", "44½", "NFL", None])
    ws.append([date(2026, 11, 28), None, "Hawai'i", "San José State", "+2.5", 58.5, "NCAA", "yes"])
    wb.save(path)
    got = read_lines(Asked(path, today=date(2026, 11, 17)))
    assert [(g.league, g.away, g.spread, g.total, g.neutral, g.kickoff) for g in got.games] == [
        (
            "NFL",
            "Chicago",
            Decimal("-6.5"),
            Decimal("44.5"),
            False,
            datetime(2026, 11, 22, 13, tzinfo=ZoneInfo("America/New_York")),
        ),
        ("NCAA", "Hawai'i", Decimal("2.5"), Decimal("58.5"), True, date(2026, 11, 28)),
    ]
    assert got.sheets == ("Lines",)
