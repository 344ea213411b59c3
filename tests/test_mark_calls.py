"""Marks called against the player's own hand (core.marks): the same card in a light pencil and a black
pen reads the same; ticks count, erasures lighter than the player's marks do not, what lies between
goes to a person."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from parlaycards.core.marks import VISIBLE, Seen, read_marks, verdicts


def _card(pen: float, marks: dict[str, tuple[float, float]], blanks: int = 40, noise: float = 0.01) -> dict:
    """A card's bubbles: `blanks` blank ones (a little noise), and `marks`: key → (stroke, cover) as
    shares of `pen`, the darkness of this player's pen (q90) and of a full fill (mean)."""
    seen = {f"b{i}": Seen(noise * (i % 3) / 2, 0.0, noise * (i % 3), noise * (i % 4)) for i in range(blanks)}
    for key, (stroke, cover) in marks.items():
        seen[key] = Seen(pen * 0.95 * cover, cover, pen * stroke * 0.97, pen * stroke)
    return seen


PLAIN = {"fill1": (1.0, 1.0), "fill2": (0.97, 0.95), "fill3": (1.02, 0.9), "tick": (0.98, 0.25)}


@given(pen=st.floats(0.25, 0.95))
def test_light_pencil_and_black_pen_read_the_same(pen: float):
    v = verdicts(_card(pen, PLAIN))
    assert {k for k, x in v.items() if x == "filled"} == set(PLAIN)
    assert all(x == "empty" for k, x in v.items() if k.startswith("b"))


@given(pen=st.floats(0.3, 0.95), left=st.floats(0.0, 0.24))
def test_an_erasure_clearly_lighter_than_the_players_marks_is_no_pick(pen: float, left: float):
    """A flat grey smear: as much of the bubble covered as its darkest pixels, a quarter of the pen or less
    (and light on paper too: a rubbed-out pick leaves under VISIBLE)."""
    left = min(left, 0.95 * VISIBLE / pen)
    seen = _card(pen, PLAIN)
    seen["smear"] = Seen(pen * left * 0.9, 0.0, pen * left * 0.95, pen * left)
    assert verdicts(seen)["smear"] == "empty"


@given(pen=st.floats(0.3, 0.95), left=st.floats(0.36, 0.4))
def test_a_smear_close_to_the_players_marks_goes_to_a_person(pen: float, left: float):
    seen = _card(pen, PLAIN)
    seen["104"] = Seen(pen * left * 0.9, 0.2, pen * left * 0.95, pen * left)
    assert verdicts(seen)["104"] == "light"
    marked = read_marks({104: "light", 101: "filled"}, {"5": "filled"}, None)
    assert marked.doubts == ("erased or light mark on 104 (lighter than the player's own marks)",)
    assert marked.picks == (101,)


@given(pen=st.floats(0.8, 0.95), grey=st.floats(0.22, 0.3))
def test_a_pencil_pick_on_a_card_marked_in_black_ink_goes_to_a_person(pen: float, grey: float):
    """Plain to see on paper, however light beside the player's black pen: never dropped as an erasure."""
    seen = _card(pen, PLAIN)
    seen["107"] = Seen(grey * 0.9, 0.9, grey * 0.97, grey)  # a whole bubble filled in pencil, flat
    assert verdicts(seen)["107"] in ("light", "filled")


@given(pen=st.floats(0.3, 0.95), reach=st.floats(0.0, 0.32))
def test_a_dot_as_dark_as_the_pen_and_big_enough_to_cover_is_still_no_tick(pen: float, reach: float):
    """Ink bunched in the bubble's middle (a dot, however dark and wide enough to cover a fifth of what is
    sampled) is shown to a person; the same ink reaching across the bubble (a tick) is a pick."""
    seen = _card(pen, PLAIN)
    seen["109"] = Seen(pen * 0.95 * 0.3, 0.3, pen * 0.97, pen, spread=reach)
    seen["110"] = Seen(pen * 0.95 * 0.3, 0.3, pen * 0.97, pen, spread=0.4)
    v = verdicts(seen)
    assert (v["109"], v["110"]) == ("unsure", "filled")


def test_a_dot_as_dark_as_the_pen_but_tiny_is_unsure_and_a_dab_is_not_an_erasure():
    seen = _card(0.8, PLAIN)
    seen["dot"] = Seen(0.8 * 0.05, 0.05, 0.1, 0.8)  # the pen's darkness on a twentieth of the bubble
    seen["dab"] = Seen(0.8 * 0.08, 0.05, 0.1, 0.8 * 0.28)  # not flat: dark in a spot, a quarter of the pen
    v = verdicts(seen)
    assert (v["dot"], v["dab"]) == ("unsure", "unsure")


def test_a_card_with_no_mark_has_every_bubble_empty_and_asks_for_the_stake():
    v = verdicts(_card(0.8, {}))
    assert set(v.values()) == {"empty"}
    marked = read_marks({101: "empty"}, {k: "empty" for k in ("1", "2", "5", "10", "20", "other")}, None)
    assert marked.picks == () and marked.stake is None
    assert marked.doubts == ("no marks on the card: a blank card, or marks too light to see",)
    assert "stake not marked" in read_marks({101: "filled"}, {"5": "empty"}, None).doubts[0]
    assert read_marks({101: "filled"}, {"5": "empty"}, Decimal(5)).stake == Decimal(5)


@given(pen=st.floats(0.15, 0.25), share=st.floats(0.4, 0.49))
def test_a_light_hands_mark_below_the_floor_goes_to_a_person(pen: float, share: float):
    """A player whose own ticks are light grey: a tick half as dark as theirs (under the card's usual
    floor of ink) is shown to a person, never passed over as blank paper nor entered as a pick."""
    seen = _card(pen, PLAIN, noise=0.002)
    seen["103"] = Seen(pen * share * 0.3, 0.0, pen * share * 0.9, pen * share)
    v = verdicts(seen)
    assert v["103"] in ("light", "unsure")
    assert {k for k, x in v.items() if x == "filled"} == set(PLAIN)
    assert all(x == "empty" for k, x in v.items() if k.startswith("b"))


@given(
    greyed=st.integers(12, 40),
    grey=st.floats(0.11, 0.3),
    marks=st.integers(3, 6),
    pen=st.floats(0.75, 0.95),
)
def test_blank_bubbles_greyed_by_a_blurred_photo_are_no_picks(
    greyed: int, grey: float, marks: int, pen: float
):
    """A blurred photo of a 1-up sheet greys dozens of blank bubbles a little (the printed ring smeared into
    them: a dark tenth, no cover), more of them than the player's few marks: they are not the player's hand,
    and none of them is a pick."""
    seen = {f"b{i}": Seen(0.01, 0.0, 0.01, 0.02) for i in range(200)}
    for i in range(greyed):
        q = 0.11 + (grey - 0.11) * i / max(greyed - 1, 1)
        seen[f"g{i}"] = Seen(0.035 + q / 8, 0.0, q * 0.6, q)
    for i in range(marks):
        seen[f"m{i}"] = Seen(pen * 0.7, 0.8, pen * 0.95, pen)
    v = verdicts(seen)
    assert {k for k, x in v.items() if x == "filled"} == {f"m{i}" for i in range(marks)}


@given(
    pen=st.floats(0.5, 0.95),
    lighter=st.floats(0.6, 0.8),
    ring=st.floats(0.7, 0.85),
    softer=st.floats(0.5, 0.75),
    grey=st.floats(1.2, 1.6),
    mottled=st.floats(1.4, 2.0),
)
def test_a_pick_rubbed_out_but_left_half_done_goes_to_a_person(
    pen: float, lighter: float, ring: float, softer: float, grey: float, mottled: float
):
    """Dark enough to pass for the player's pen, but lighter than their marks, its printed ring less
    covered, its edges softer, grey dragged past the ring and its ink mottled: worn, so a person
    decides."""
    seen = _card(pen, PLAIN)
    lie = {"edges": 0.6, "beyond": 0.1, "mottle": 0.2, "floor": 0.3, "steep": 1.5, "fine": 0.1}
    marks = {k: replace(seen[k], ring=1.1, **lie) for k in PLAIN}
    rubbed = Seen(pen * 0.9 * 0.95, 0.9, pen * lighter * 0.97, pen * lighter, 1.1 * ring, 1.0, 1.0)
    rubbed = replace(rubbed, **lie | {"edges": 0.6 * softer, "beyond": 0.1 * grey, "mottle": 0.2 * mottled})
    assert verdicts(seen | marks | {"104": rubbed})["104"] == "light"
    # the same mark as dark as the player's, or as sharp, is a pick
    assert verdicts(seen | marks | {"104": replace(rubbed, q90=pen, q75=pen * 0.97)})["104"] == "filled"
    assert verdicts(seen | marks | {"104": replace(rubbed, edges=0.6)})["104"] == "filled"
    # ... and so is one whose ink was not measured (at the edge of the picture)
    assert verdicts(seen | marks | {"104": replace(rubbed, edges=None)})["104"] == "filled"
    # ... and with one other pick on the card there is nothing to hold it against
    alone = _card(pen, {}) | {"fill1": marks["fill1"], "104": rubbed}
    assert verdicts(alone)["104"] == "filled"
