"""Card odds and the payout table (SETTLEMENT.md): the tiers a card pays, by picks and hits, and the
table a new card starts from."""

from __future__ import annotations

import re
from decimal import Decimal

from pydantic import Field, field_validator, model_validator

from .choices import Basis
from .frozen import Frozen
from .text import digits_note


class Odds(Frozen):
    """Card odds `a-b` (fractional), e.g. 5-1, 13-5."""

    a: Decimal = Field(gt=0)
    b: Decimal = Field(default=Decimal(1), gt=0)

    @classmethod
    def parse(cls, text: str | Odds) -> Odds:
        if isinstance(text, Odds):
            return text
        t = str(text).strip().lower().replace(" to ", "-").replace(" for ", "-").replace("/", "-")
        t = t.replace(":", "-").replace(" ", "")
        m = re.fullmatch(r"(\d+(?:\.\d+)?)(?:-(\d+(?:\.\d+)?))?", t, re.ASCII)
        if not m or Decimal(m.group(1)) <= 0 or (m.group(2) and Decimal(m.group(2)) <= 0):
            raise ValueError(
                f'odds "{text}" are not card odds.{digits_note(text)} Accepted: 5-1, 13-5, 10 to 1, 100-1.'
            )
        return cls(a=Decimal(m.group(1)), b=Decimal(m.group(2) or 1))

    def __str__(self) -> str:
        return f"{_plain(self.a)}-{_plain(self.b)}"

    def ratio(self) -> Decimal:
        return self.a / self.b


# What a card prints and pays: a top tier runs to a few hundred to one (100-1 for 10 of 10 on the seed card);
# odds past 100000-1, below 1-100, or with more than two decimals in a number are a typing slip.
MAX_ODDS = Decimal(100_000)
MIN_ODDS = Decimal("0.01")


def card_odds(odds: Odds) -> Odds:
    """`odds` when a card would print and pay them; else a ValueError saying the range accepted."""
    places = max(max(0, -int(n.normalize().as_tuple().exponent)) for n in (odds.a, odds.b))
    if MIN_ODDS <= odds.ratio() <= MAX_ODDS and places <= 2:
        return odds
    raise ValueError(
        f'odds "{odds}" are not odds a card pays: card odds run from 1-100 to 100000-1, with at most two '
        "decimals in a number (5-1, 13-5, 7.5-1, 100-1)."
    )


def _plain(d: Decimal) -> str:
    return format(d.normalize(), "f") if d != d.to_integral_value() else str(int(d))


class PayoutTier(Frozen):
    picks: int = Field(ge=1, le=30)
    hits: int = Field(ge=0, le=30)
    odds: Odds

    @field_validator("odds", mode="before")
    @classmethod
    def _odds(cls, v: object) -> object:
        return Odds.parse(v) if isinstance(v, str) else v

    @model_validator(mode="after")
    def _hits(self) -> PayoutTier:
        if self.hits > self.picks:
            raise ValueError(f"a tier cannot pay {self.hits} of {self.picks}")
        return self


class PayoutTable(Frozen):
    tiers: tuple[PayoutTier, ...]
    basis: Basis = "to"
    max_payout: Decimal | None = Field(default=None, gt=0)

    @model_validator(mode="after")
    def _unique(self) -> PayoutTable:
        seen = set()
        for t in self.tiers:
            if (t.picks, t.hits) in seen:
                raise ValueError(f"two tiers for {t.hits} of {t.picks}")
            seen.add((t.picks, t.hits))
        return self

    def tier(self, picks: int, hits: int) -> PayoutTier | None:
        for t in self.tiers:
            if t.picks == picks and t.hits == hits:
                return t
        return None

    def sorted(self) -> PayoutTable:
        """The same table, its tiers by picks, most hits first: the same tiers, so nothing to validate again
        (`show` then builds no validator)."""
        return self.model_copy(update={"tiers": tuple(sorted(self.tiers, key=lambda t: (t.picks, -t.hits)))})


def upside_down(table: PayoutTable, picks: int, hits: int) -> tuple[str, ...]:
    """Each all-hit tier that the all-hit tier `hits` of `picks` turns upside down: a card of fewer picks
    paying more than a card of more picks (3 of 3 at 60-1 above 4 of 4 at 10-1, a typo for 6-1)."""
    this = table.tier(picks, hits)
    if this is None or picks != hits:
        return ()
    out = []
    for other in sorted(table.tiers, key=lambda t: t.picks):
        if other.picks != other.hits or other.picks == picks:
            continue
        fewer, more = (this, other) if picks < other.picks else (other, this)
        if fewer.odds.ratio() > more.odds.ratio():
            out.append(
                f"{fewer.hits} of {fewer.picks} at {fewer.odds} pays more than {more.hits} of {more.picks} "
                f"at {more.odds}"
            )
    return tuple(out)


SEED_TIERS = (
    (3, "5-1"),
    (4, "10-1"),
    (5, "15-1"),
    (6, "25-1"),
    (7, "40-1"),
    (8, "50-1"),
    (9, "75-1"),
    (10, "100-1"),
)


def seed_payouts() -> PayoutTable:
    return PayoutTable(tiers=tuple(PayoutTier(picks=n, hits=n, odds=Odds.parse(o)) for n, o in SEED_TIERS))


def uncapped(stake: Decimal, tier: PayoutTier, table: PayoutTable) -> Decimal:
    """What `stake` hands back at `tier` on the table's basis, stake included, before its cap and rounding."""
    ratio = tier.odds.a / tier.odds.b
    return stake * (ratio + 1) if table.basis == "to" else stake * ratio


def capped(stake: Decimal, tier: PayoutTier | None, table: PayoutTable) -> bool:
    """A card winning at `tier` is paid the table's maximum payout, less than its odds would pay."""
    cap = table.max_payout
    return tier is not None and cap is not None and uncapped(stake, tier, table) > cap
