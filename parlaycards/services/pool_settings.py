"""The pool's entry settings: must every entry carry its verify code, the largest stake, and whether the
pool file (which holds the secret every verify code is made from) can be read by other users."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from ..store import retry_conflicts
from .checks import MAX_STAKE, REQUIRE_CODE, max_stake

if TYPE_CHECKING:
    from ..store import Store


@retry_conflicts
def set_require_code(store: Store, required: bool) -> bool:
    """Pool setting: must every entry carry its verify code? Returns the setting."""
    with store.transaction() as tx:
        value = "yes" if required else "no"
        if (tx.meta(REQUIRE_CODE) or "no") != value:
            tx.set_meta(REQUIRE_CODE, value)
            tx.audit("pool.setting", None, require_verify_code=required)
    return required


@retry_conflicts
def set_max_stake(store: Store, value: Decimal) -> Decimal:
    with store.transaction() as tx:
        if max_stake(tx) != value or tx.meta(MAX_STAKE) is None:
            tx.set_meta(MAX_STAKE, str(value))
            tx.audit("pool.setting", None, max_stake=str(value))
    return value


def check_stakes(
    store: Store, largest: Decimal | None, default: Decimal | None, *, default_given: bool
) -> None:
    """The largest stake and the default stake (each given, else the pool's) as they would be after `pool
    set`: a default above the largest is refused, naming both (a scanned card with no stake marked would
    be refused for the stake it was given). Checked before anything is changed."""
    from ..core.errors import ParlayError, option
    from ..core.money import dollars
    from .scan import DEFAULT_STAKE

    with store.reading() as tx:
        most = largest if largest is not None else max_stake(tx)
        said = tx.meta(DEFAULT_STAKE)
        stake = default if default_given else (Decimal(said) if said else None)
    if stake is None or stake <= most:
        return
    if default_given:
        raise ParlayError(
            f"the default stake {dollars(stake)} is more than the pool's largest stake, {dollars(most)}: every "
            "scanned card with no stake marked would be refused for it. Nothing was changed. Give a default "
            f"of {dollars(most)} or less, or raise the largest stake with {option('max_stake')}."
        )
    raise ParlayError(
        f"the largest stake {dollars(most)} is less than the pool's default stake, {dollars(stake)} (what a "
        "scanned card with no stake marked gets): every such card would be refused. Nothing was changed. "
        f"Lower the default too ({option('default_stake')}, or {option('default_stake')} none)."
    )


def get_max_stake(store: Store) -> Decimal:
    with store.reading() as tx:
        return max_stake(tx)


def require_code(store: Store) -> bool:
    with store.reading() as tx:
        return tx.meta(REQUIRE_CODE) == "yes"


def secret_exposed(store: Store) -> str | None:
    """A warning when the pool's SQLite file can be read by other users of the computer: it holds the
    secret every verify code is made from. None when it is its owner's alone (or on PostgreSQL, where
    the database's own rights apply)."""
    from ..store.engine import exposed, sqlite_file

    mode = exposed(store.url)
    if mode is None:
        return None
    path = sqlite_file(store.url)
    return (
        f"Warning: {path} can be read by other users of this computer ({mode}); it holds the pool's secret, "
        f"from which every verify code is made. Make it yours alone: chmod 600 {path}"
    )
