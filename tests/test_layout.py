"""The layout engine: everything fits, nothing overlaps, and what a scanner needs is where it must be."""

from __future__ import annotations

import re
import string
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlaycards.core.errors import ParlayError
from parlaycards.core.models import Card, Game
from parlaycards.core.numbering import assign
from parlaycards.demo.samples import NFL_CITIES
from parlaycards.io.templates import list_templates, load_template, parse_template
from parlaycards.layout import parts
from parlaycards.layout.card import layout_card
from parlaycards.layout.check import largest_empty, problems
from parlaycards.layout.geometry import MM, Bubble, CardLayout, Fiducial, Rect, Rule, Shade, TextCell
from parlaycards.layout.sheet import card_origins

from .print_support import college_card, nfl_card

TEMPLATES = list_templates()
NAMES = [t.name for t in TEMPLATES]


def test_shipped_templates():
    assert {"letter-2up", "letter-3up", "letter-4up", "letter-1up", "a4-2up"} <= set(NAMES)
    assert load_template("letter-2up").page_size() == (612.0, 792.0)
    assert load_template("a4-2up").page_size() == pytest.approx((595.2756, 841.8898), abs=1e-3)


def test_sixteen_nfl_games_fit_letter_2up_and_sixty_college_games_fit_letter_1up():
    two = layout_card(nfl_card(16), load_template("letter-2up"))
    assert len(two.bubbles()) == 64 and two.type_size >= 8
    one = layout_card(college_card(60), load_template("letter-1up"))
    assert len(one.bubbles()) == 240 and one.type_size >= 6


def test_small_cards_fit_the_small_templates():
    """Eight games on a quarter-letter card and ten on a third, checked, games at 6.5 pt or more."""
    for n, name in ((8, "letter-4up"), (10, "letter-3up")):
        lay = layout_card(nfl_card(n, slug=f"small{n}"), load_template(name))
        assert problems(lay) == []
        assert lay.type_size >= 6.5
        assert sum(isinstance(b, Bubble) and not b.key.startswith("stake:") for b in lay.boxes) == 4 * n


def test_a_card_too_big_names_the_templates_that_fit():
    with pytest.raises(
        ParlayError, match=r"too many to print legibly on letter-2up .*Templates that fit it: letter-1up"
    ):
        layout_card(college_card(60), load_template("letter-2up"), list_templates())


def test_scanner_rules_on_a_full_card():
    t = load_template("letter-2up")
    card = nfl_card(16)
    lay = layout_card(card, t)
    numbers = {n for g in card.games for n in g.numbers.all()}
    assert set(lay.bubbles()) == numbers
    assert set(lay.stake_bubbles()) == {"1", "2", "5", "10", "20", "other"}
    texts = [b for b in lay.boxes if isinstance(b, TextCell)]
    for number, bubble in lay.bubbles().items():
        assert bubble.rect.w >= 4 * MM
        label = next(c for c in texts if c.text == str(number))
        assert bubble.rect.distance(label.rect) >= 1.5 * MM - 0.01
        for other in texts:  # white inside: no text on a bubble
            assert not bubble.rect.overlaps(other.rect)
    fids = lay.fiducials()
    assert len(fids) == 4 and sorted(f.shape for f in fids) == ["L", "square", "square", "square"]
    pw, ph = t.page_size()
    for f in fids:
        assert min(f.rect.w, f.rect.h) >= 5 * MM
        for ox, oy in card_origins(t):  # inside the printable area on every slot
            assert f.rect.x + ox >= 0.4 * 72 - 0.01 and f.rect.y + oy >= 0.4 * 72 - 0.01
            assert f.rect.right + ox <= pw - 0.4 * 72 + 0.01 and f.rect.top + oy <= ph - 0.4 * 72 + 0.01
    qr = lay.qr()
    assert qr.level in ("Q", "H") and qr.quiet == 4 and qr.module() >= 0.8 * MM
    for f in lay.field_cells():
        assert f.size >= 12
    assert {f.field for f in lay.field_cells()} == {"serial", "code"}


def test_bubble_centre_is_derived():
    lay = layout_card(nfl_card(4), load_template("letter-2up"))
    b = lay.bubbles()[101]
    assert b.centre() == (b.rect.x + b.rect.w / 2, b.rect.y + b.rect.h / 2)


def test_combo_card_gets_a_section_per_league():
    nfl = nfl_card(5)
    college = college_card(4)
    fresh = assign([True] * 4, [g.numbers for g in nfl.games])
    games = tuple(nfl.games) + tuple(
        Game.model_validate({**g.model_dump(), "numbers": n.model_dump()})
        for g, n in zip(college.games, fresh, strict=True)
    )
    card = Card(slug="combo", title="Combo", games=games)
    lay = layout_card(card, load_template("letter-2up"))
    headers = [b.text for b in lay.boxes if isinstance(b, TextCell) and b.text in ("NFL", "NCAA")]
    assert headers == ["NFL", "NCAA"]


def test_template_errors_name_the_field():
    head = 'name = "x"\nunits = "in"\npage = { width = 8.5, height = 11 }\n'
    with pytest.raises(ParlayError, match=r"mine.toml is not a valid template(.|\n)*colour: unknown field"):
        parse_template(head + "cards = [{ x = 0, y = 0, width = 8, height = 5 }]\ncolour = 1\n", "mine.toml")
    with pytest.raises(ParlayError, match=r"safe_margin 0.2 in is under 0.4 in"):
        parse_template(
            head + "cards = [{ x = 0, y = 0, width = 8, height = 5 }]\nsafe_margin = 0.2\n", "mine.toml"
        )
    with pytest.raises(ParlayError, match=r"card 1 .* runs off the 8.5 × 11 in page"):
        parse_template(head + "cards = [{ x = 0, y = 0, width = 9, height = 5 }]\n", "mine.toml")


def test_user_template_from_folder(tmp_path: Path):
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "mine.toml").write_text(
        'name = "mine"\nunits = "in"\npage = { width = 8.5, height = 11 }\n'
        "cards = [{ x = 0, y = 0, width = 8.5, height = 11 }]\n"
        "offset = { x = 0.05, y = -0.03 }\n",
        encoding="utf-8",
    )
    t = load_template("mine", folder)
    assert t.offset_pt() == pytest.approx((3.6, -2.16))
    assert "mine" in [x.name for x in list_templates(folder)]


TEAM = (
    st.text(alphabet=string.ascii_letters + " .&'-", min_size=2, max_size=18)
    .map(str.strip)
    .filter(lambda s: len(s) >= 2)
)
HALVES = st.integers(min_value=-40, max_value=40).map(lambda n: Decimal(n) / 2)


@st.composite
def cards(draw):
    n = draw(st.integers(min_value=1, max_value=16))
    teams = draw(st.lists(TEAM, min_size=2 * n, max_size=2 * n, unique_by=str.casefold))
    totals = draw(
        st.lists(
            st.one_of(st.none(), st.integers(min_value=60, max_value=140).map(lambda v: Decimal(v) / 2)),
            min_size=n,
            max_size=n,
        )
    )
    spreads = draw(st.lists(HALVES, min_size=n, max_size=n))
    nums = assign([t is not None for t in totals])
    games = tuple(
        Game(
            away=teams[2 * i],
            home=teams[2 * i + 1],
            spread=spreads[i],
            total=totals[i],
            numbers=nums[i],
            neutral=draw(st.booleans()),
        )
        for i in range(n)
    )
    title = draw(
        st.text(alphabet=string.ascii_letters + " ·-", min_size=1, max_size=40).map(str.strip).filter(bool)
    )
    return Card(slug="rand", title=title, games=games)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(card=cards())
def test_any_card_on_any_template_fits_cleanly_or_is_refused(card: Card):
    fitted = 0
    for t in TEMPLATES:
        try:
            lay = layout_card(card, t)
        except ParlayError as exc:
            assert "too many to print legibly" in exc.text()
            continue
        fitted += 1
        assert problems(lay) == []
        safe = lay.safe
        for b in lay.boxes:
            assert safe.contains(b.rect)
            if isinstance(b, Bubble):
                assert b.rect.w >= 4 * MM
            if isinstance(b, Fiducial):
                assert b.rect.w >= 5 * MM
    assert fitted >= 1
    assert layout_card(card, load_template("letter-1up"))  # up to 16 games always fit a full page


# ------------------------------------------------------------------ cards of 17–24 games (issue 8, section 6)

CITIES = list(NFL_CITIES)


def city_card(n: int) -> Card:
    """n games named by city, as many sheets print them (shorter names than nfl_card's)."""
    base = nfl_card(1).rules
    nums = assign([True] * n)
    games = tuple(
        Game(
            league="NFL",
            away=CITIES[(2 * i + (i >= 16)) % 32],
            home=CITIES[(2 * i + 1 + 3 * (i >= 16)) % 32],
            kickoff=base.cutoff,
            spread=Decimal((i * 7) % 21 - 10) / 2,
            total=Decimal(38 + i % 14) + Decimal("0.5"),
            numbers=nums[i],
        )
        for i in range(n)
    )
    return Card(slug=f"cities{n}", title="NFL Week 12 Parlay Card", games=games, rules=base)


DENSE = {"teams": nfl_card, "cities": city_card, "college": college_card}


def game_type(card: Card, lay) -> list[float]:
    """The sizes of every selection number, team name and kickoff printed in the games table."""
    words = {str(n) for g in card.games for n in g.numbers.all()} | {
        t for g in card.games for t in (g.away, g.home)
    }
    kick = re.compile(r"(Sun|Sat|Mon|Thu|Fri) (\d+/\d+ )?\d{1,2}:\d\d[ap]( \(cont\.\))?")
    kicks = {b.text for b in lay.boxes if isinstance(b, TextCell) and kick.fullmatch(b.text)}
    assert kicks
    return [b.size for b in lay.boxes if isinstance(b, TextCell) and (b.text in words or b.text in kicks)]


def check_dense(card: Card, lay) -> None:
    """What issue 8 asks of a 17–24-game card: 8 pt type, every entry field, no blank over a tenth of the card."""
    assert lay.type_size >= 8 and min(game_type(card, lay)) >= 8
    small = [
        b
        for b in lay.boxes
        if isinstance(b, TextCell) and b.size < 7 and b.text not in LABELS and lay.body.contains(b.rect)
    ]  # the stub's captions are 6 pt on every card
    assert small == [], small[:3]  # rules, payouts, entry labels: 7 pt as on the 16-game card
    texts = {b.text for b in lay.boxes if isinstance(b, TextCell)}
    assert {"NAME", "PHONE", "AMOUNT $", "PAYOUTS", "HOW TO PLAY"} <= texts
    assert card.disclaimer.strip() in " ".join(b.text for b in lay.boxes if isinstance(b, TextCell))
    assert set(lay.stake_bubbles()) == {"1", "2", "5", "10", "20", "other"}
    assert set(lay.bubbles()) == {n for g in card.games for n in g.numbers.all()}
    assert {f.field for f in lay.field_cells()} == {"serial", "code"} and lay.qr().module() >= 0.8 * MM
    assert sorted(f.shape for f in lay.fiducials()) == ["L", "square", "square", "square"]
    assert problems(lay) == []
    if lay.height < 500:  # cards of a 2-up sheet; a full page keeps 11 pt type at most and the room below it
        gap = largest_empty(lay)
        assert gap.w * gap.h <= 0.1 * lay.width * lay.height, (gap, lay.arrangement)


LABELS = {
    "TIME",
    "AWAY",
    "HOME",
    "LINE",
    "TOTAL",
    "O/U",
    "OVER",
    "UNDER",
    "AWAY / HOME",
}  # column headings, 6 pt


@pytest.mark.parametrize("kind", sorted(DENSE))
def test_cards_of_17_to_24_games_keep_8pt_type_and_every_field_wherever_they_fit(kind: str):
    fitted = []
    for t in TEMPLATES:
        for n in range(17, 25):
            card = DENSE[kind](n)
            try:
                lay = layout_card(card, t, TEMPLATES)
            except ParlayError as exc:
                assert "too many to print legibly" in exc.text() and "letter-1up" in exc.text()
                continue
            check_dense(card, lay)
            fitted.append((t.name, n))
    # a full page takes them all; the common 2-up stock takes every count of city or college names, and up
    # to 19 games of full NFL names (20 of them at 8 pt are wider than the card less its panel); from 20
    # on, full NFL names print as sportsbooks shorten them (Buffalo, NY Giants), and where those do not
    # fit either (23 games), by their nicknames (Bills, Giants)
    assert {("letter-1up", n) for n in range(17, 25)} <= set(fitted)
    on_2up = {n for name, n in fitted if name == "letter-2up"}
    assert on_2up == set(range(17, 25))
    for n in on_2up:
        short = layout_card(DENSE[kind](n), load_template("letter-2up")).short_names
        assert bool(short) == (kind == "teams" and n >= 20), (kind, n)


def test_a_card_too_dense_for_letter_2up_names_the_full_page():
    with pytest.raises(
        ParlayError,
        match=r"27 games, too many to print legibly on letter-2up \(a card of more than "
        r"16 games keeps its type at 8 pt or more on a sheet of several cards, even with team names as "
        r"sportsbooks shorten them \(Buffalo for Buffalo Bills\)\)\. Templates that fit it: .*letter-1up",
    ):
        layout_card(nfl_card(27), load_template("letter-2up"), TEMPLATES)


@pytest.mark.parametrize("n", [22, 23, 24])
@pytest.mark.parametrize("kind", ["cities", "college"])
def test_more_games_than_the_band_leaves_room_for_run_from_the_top_of_the_card_to_its_foot(kind: str, n: int):
    card = DENSE[kind](n)
    lay = layout_card(card, load_template("letter-2up"))
    check_dense(card, lay)
    assert lay.arrangement == "tall"
    body = lay.body
    bubbles = [b.rect for b in lay.bubbles().values()]
    x0, y0 = min(r.x for r in bubbles), min(r.y for r in bubbles)
    table = Rect(x0, y0, max(r.right for r in bubbles) - x0, max(r.top for r in bubbles) - y0)
    band = next(b for b in lay.boxes if isinstance(b, Shade) and b.dark)
    fids = {f.corner: f.rect for f in lay.fiducials()}
    # the games start above where a band across the top would end and reach down beside the bottom-left
    # corner mark, clear of both left corner marks
    assert table.top > body.top - parts.BAND_H and table.y < fids["bl"].top
    assert table.x >= fids["tl"].right + 8 and table.x >= fids["bl"].right + 8
    # the band is in the panel right of the games: it holds the title, the serial and the code
    assert band.rect.x > table.right and band.rect.top == pytest.approx(body.top)
    inside = [b for b in lay.boxes if isinstance(b, TextCell) and band.rect.contains(b.rect)]
    assert {b.field for b in inside} >= {"serial", "code"}
    assert card.title in " ".join(b.text for b in inside)
    assert band.rect.right <= fids["tr"].x - 8  # clear of the top-right corner mark
    # the QR and the stake bubbles stand under the band, in the same panel
    assert lay.qr().rect.x > table.right and lay.qr().rect.top <= band.rect.y
    assert all(b.rect.x > table.right and b.rect.top < band.rect.y for b in lay.stake_bubbles().values())


@pytest.mark.parametrize("n", [17, 19, 21])
def test_cards_the_band_leaves_room_for_keep_it_across_the_top(n: int):
    lay = layout_card(city_card(n), load_template("letter-2up"))
    band = next(b for b in lay.boxes if isinstance(b, Shade) and b.dark)
    assert lay.arrangement in {"column", "column-entry"}
    assert band.rect.w > 0.8 * lay.body.w


def test_the_sixteen_game_card_is_unchanged_and_has_no_large_blank():
    lay = layout_card(nfl_card(16), load_template("letter-2up"))
    assert (lay.arrangement, lay.type_size) == ("side", 9.0)
    gap = largest_empty(lay)
    assert gap.w * gap.h <= 0.1 * lay.width * lay.height


def test_largest_empty_is_measured_from_the_boxes():
    body = Rect(0, 0, 100, 50)
    boxes = (Shade(Rect(0, 0, 40, 50)), Shade(Rect(40, 30, 60, 20)), Rule(Rect(70, 0, 1, 30)))
    lay = CardLayout(width=100, height=50, safe=body, body=body, stub=None, boxes=boxes)
    assert largest_empty(lay) == Rect(40, 0, 30, 30)  # beats 29 × 30 right of the rule
    assert largest_empty(CardLayout(width=100, height=50, safe=body, body=body, stub=None, boxes=())) == body


def test_every_arrangement_named_is_one_the_middle_can_lay_out():
    from parlaycards.layout.card import split_body
    from parlaycards.layout.middle import ARRANGEMENTS, PANELS, middle

    body = split_body(load_template("letter-1up")).body
    placed = {name: middle(nfl_card(6), body, name, 7.0) for name in (*ARRANGEMENTS, *PANELS)}
    assert all(a is None or (a.games.w > 0 and a.games.h > 0) for a in placed.values())
    assert sum(a is not None for a in placed.values()) >= 5  # a roomy card: most arrangements fit
    with pytest.raises(KeyError):
        middle(nfl_card(6), body, "sideways", 7.0)
