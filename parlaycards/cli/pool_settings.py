"""`pool set` and `pool show`: the pool's settings (verify codes, the largest stake, the stake of a scanned
card with none marked, the pool's web address and the operator's password for `serve`)."""

from typing import Annotated

import typer

from ..core.money import dollars
from . import values
from .shell import err, open_store, run

pool_app = typer.Typer(
    help="The pool's settings.\n\nExample: parlaycards pool set --require-code", no_args_is_help=True
)


RequireCode = Annotated[
    bool | None,
    typer.Option(
        "--require-code/--no-require-code",
        help="Refuse entries without the verify code printed beside the serial (new pools: required; "
        "--no-require-code: optional, checked when given).",
    ),
]
MaxStake = Annotated[
    str | None,
    typer.Option(
        help="The largest stake one card may carry, e.g. 100 (default 1000); larger ones are refused."
    ),
]
DefaultStake = Annotated[
    str | None,
    typer.Option(
        help='Stake of a scanned card with no stake bubble marked, e.g. 5 ("none": such cards go to review).'
    ),
]
Site = Annotated[
    str | None,
    typer.Option(
        help="The address players open `serve` at, e.g. https://pool.example.org: cards printed from "
        "now on carry their page's link in the QR code (a phone's camera opens it), and serve's links "
        'use it ("none": the QR holds the card\'s details, as before).'
    ),
]
Password = Annotated[
    bool | None,
    typer.Option(
        "--password/--no-password",
        help="Ask for a password the operator signs in to `serve` with (beside its one-time links); "
        "--no-password removes it.",
    ),
]


@pool_app.command("set")
def pool_set(
    require_code: RequireCode = None,
    max_stake: MaxStake = None,
    default_stake: DefaultStake = None,
    site: Site = None,
    password: Password = None,
) -> None:
    """Change the pool's settings (for every card). Without options, shows them.

    Example: parlaycards pool set --require-code --max-stake 100 --default-stake 5 --site https://pool.example.org
    """
    from ..services import access
    from ..services import pool_settings as svc
    from ..services import scan as scan_svc

    secret = None  # asked, and every new value checked, before anything is changed
    if password:
        secret = run(_ask_password)
        run(lambda: access.check_password(secret))
    if site is not None and site.lower() != "none":
        run(lambda: access.check_site(site))
    largest = values.amount(max_stake, "max_stake") if max_stake is not None else None
    default = None
    if default_stake is not None and default_stake.lower() != "none":
        default = values.stake(default_stake, "default_stake")
    if largest is not None or default is not None:
        run(lambda: svc.check_stakes(open_store(), largest, default, default_given=default_stake is not None))
    if require_code is not None:
        run(lambda: svc.set_require_code(open_store(), require_code))
    if largest is not None:
        run(lambda: svc.set_max_stake(open_store(), largest))
    if default_stake is not None:
        run(lambda: scan_svc.set_default_stake(open_store(), default))
    if site is not None:
        run(lambda: access.set_site(open_store(), None if site.lower() == "none" else site))
    if password is not None:
        run(lambda: access.set_password(open_store(), secret))
    _show_settings(always_stake=default_stake is not None)


def _ask_password() -> str:
    """The operator's password, typed twice: hidden at a terminal; without one (a script's pipe), read as
    two lines of the input, where there is nothing to hide it from (Python's getpass would warn that it
    cannot hide it). Input that ends first is said in a sentence."""
    import sys

    from ..core.errors import ParlayError

    try:
        return str(typer.prompt("Operator password", hide_input=sys.stdin.isatty(), confirmation_prompt=True))
    except typer.Abort:
        raise ParlayError(
            "no password came: the input ended before the password was typed twice (the same both times); "
            "nothing was changed. At a terminal, type it when asked; from a script, give it on two lines "
            "of the input, the password and then the same again."
        ) from None


@pool_app.command("show")
def pool_show() -> None:
    """Show the pool's settings: verify codes, the largest stake, the stake of unmarked scanned cards.

    A pool file other users of the computer can read is named with a warning: it holds the secret every
    verify code is made from (new pool files are made readable by their owner alone).

    Example: parlaycards pool show
    """
    _show_settings(always_stake=True)


def _show_settings(always_stake: bool) -> None:
    from ..services import access
    from ..services import pool_settings as svc
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
    address = run(lambda: access.site(open_store()))
    if address:
        err(f"The pool's pages are at {address}: cards printed now carry their page's link in the QR code.")
    if run(lambda: access.has_password(open_store())):
        err("The operator can sign in to `serve` with a password.")
    if always_stake or stake is not None:
        err(
            "Scanned cards with no stake marked: "
            + (f"{dollars(stake)}." if stake is not None else "sent to review.")
        )
