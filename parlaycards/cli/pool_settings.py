"""`pool set` and `pool show`: the pool's settings (verify codes, the largest stake, the stake of a scanned
card with none marked)."""

from typing import Annotated

import typer

from ..core.money import dollars
from . import values
from .shell import err, open_store, run

pool_app = typer.Typer(
    help="The pool's settings.\n\nExample: parlaycards pool set --require-code", no_args_is_help=True
)


@pool_app.command("set")
def pool_set(
    require_code: Annotated[
        bool | None,
        typer.Option(
            "--require-code/--no-require-code",
            help="Refuse entries without the verify code printed beside the serial (new pools: required; "
            "--no-require-code: optional, checked when given).",
        ),
    ] = None,
    max_stake: Annotated[
        str | None,
        typer.Option(
            help="The largest stake one card may carry, e.g. 100 (default 1000); larger ones are refused."
        ),
    ] = None,
    default_stake: Annotated[
        str | None,
        typer.Option(
            help='Stake of a scanned card with no stake bubble marked, e.g. 5 ("none": such cards go to review).'
        ),
    ] = None,
) -> None:
    """Change the pool's settings (for every card). Without options, shows them.

    Example: parlaycards pool set --require-code --max-stake 100 --default-stake 5
    """
    from ..services import entries as svc
    from ..services import scan as scan_svc

    if require_code is not None:
        run(lambda: svc.set_require_code(open_store(), require_code))
    if max_stake is not None:
        value = values.amount(max_stake, "max_stake")
        run(lambda: svc.set_max_stake(open_store(), value))
    if default_stake is not None:
        run(
            lambda: scan_svc.set_default_stake(
                open_store(),
                None if default_stake.lower() == "none" else values.stake(default_stake, "default_stake"),
            )
        )
    _show_settings(always_stake=default_stake is not None)


@pool_app.command("show")
def pool_show() -> None:
    """Show the pool's settings: verify codes, the largest stake, the stake of unmarked scanned cards.

    A pool file other users of the computer can read is named with a warning: it holds the secret every
    verify code is made from (new pool files are made readable by their owner alone).

    Example: parlaycards pool show
    """
    _show_settings(always_stake=True)


def _show_settings(always_stake: bool) -> None:
    from ..services import entries as svc
    from ..services import scan as scan_svc

    required = run(lambda: svc.require_code(open_store()))
    warning = run(lambda: svc.secret_exposed(open_store()))
    if warning:
        err(warning)
    largest = run(lambda: svc.get_max_stake(open_store()))
    stake = run(lambda: scan_svc.default_stake(open_store()))
    err(
        "Verify codes: "
        + (
            "required on every entry."
            if required
            else "optional (checked when given): --require-code to require them."
        )
    )
    err(f"Largest stake on one card: {dollars(largest)}.")
    if always_stake or stake is not None:
        err(
            "Scanned cards with no stake marked: "
            + (f"{dollars(stake)}." if stake is not None else "sent to review.")
        )
