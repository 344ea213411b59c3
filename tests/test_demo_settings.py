"""The demo's scanner and phone pictures: each setting given, or drawn from the generator in the table's
order (SCAN_SETTINGS, PHOTO_SETTINGS)."""

import numpy as np
import pytest

from parlaycards.demo import paper


def _sheet() -> np.ndarray:
    img = np.full((240, 180, 3), 255, np.uint8)
    img[40:80, 30:90] = 0
    return img


def test_a_setting_left_out_or_given_as_none_is_drawn_the_same() -> None:
    left_out = paper.scanner(_sheet(), np.random.default_rng(5), dpi_in=200)
    as_none = paper.scanner(_sheet(), np.random.default_rng(5), dpi_in=200, skew_deg=None, grey=None)
    assert np.array_equal(left_out, as_none)


def test_a_given_setting_is_taken() -> None:
    drawn = paper.phone(_sheet(), np.random.default_rng(9), dpi_in=200, ppi=150, grey=False)
    assert drawn.ndim == 3
    grey = paper.phone(_sheet(), np.random.default_rng(9), dpi_in=200, ppi=150, grey=True)
    assert grey.ndim == 2


def test_an_unknown_setting_is_refused_naming_the_settings() -> None:
    with pytest.raises(TypeError, match="no picture setting tilt_deg; the settings: quarter_turns, skew_deg"):
        paper.scanner(_sheet(), np.random.default_rng(1), dpi_in=200, tilt_deg=4)
