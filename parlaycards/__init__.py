"""parlaycards: run a weekly football parlay card from lines to settlement."""

__version__ = "0.1.0"
