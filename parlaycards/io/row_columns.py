"""The columns of a one-row-per-game sheet (and of Favorite / Line / Underdog): each column's name, its
header, and the other headers people write for it. Data."""

from __future__ import annotations

from .sheets import Column

AWAY = Column(
    "away", "Away", ("away team", "visitor", "visitors", "visiting team", "visiting", "road", "road team")
)
HOME = Column("home", "Home", ("home team",))
HOME_LINE = Column(
    "spread", "Home line", ("home spread", "line", "spread", "pts", "points", "point spread", "odds", "hline")
)
AWAY_NO = Column(
    "away_no",
    "Away No.",
    ("away rot", "away number", "away #", "rot", "rot #", "rotation", "rot no", "no", "#"),
)
HOME_MARGIN = Column(
    "home_margin",
    "Home margin",
    ("spread line", "home expected margin", "expected margin", "home margin", "projected margin", "margin"),
)
AWAY_ML = Column("away_ml", "Away moneyline", ("away moneyline", "away ml", "away money", "away money line"))
HOME_ML = Column("home_ml", "Home moneyline", ("home moneyline", "home ml", "home money", "home money line"))
HOME_NO = Column("home_no", "Home No.", ("home rot", "home number", "home #"))
OVER_NO = Column("over_no", "Over No.", ("over rot", "over number", "over #"))
UNDER_NO = Column("under_no", "Under No.", ("under rot", "under number", "under #"))
FAVORITE = Column("favorite", "Favorite", ("favourite", "fav", "favorites", "favourites", "favs"))
UNDERDOG = Column("underdog", "Underdog", ("dog", "underdogs", "dogs"))
AWAY_LINE = Column(
    "away_line",
    "Away line",
    (
        "away spread",
        "visitor line",
        "visitor spread",
        "visitors line",
        "road line",
        "road spread",
        "vis line",
        "aline",
    ),
)
