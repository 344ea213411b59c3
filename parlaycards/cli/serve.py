"""`parlaycards serve`: the pool's pages (players' board and cards, the operator's review and phone page)."""

from __future__ import annotations

import ipaddress
from typing import TYPE_CHECKING, Annotated

import typer

from .shell import err, open_store, run

if TYPE_CHECKING:
    from ..store import Store


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)


def reach(host: str) -> str | None:
    """Who can open the pages when bound to `host`, said plainly; None for this machine only."""
    try:
        ip = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return None if host == "localhost" else f"anyone on a network that reaches the name {host}"
    if ip.is_loopback:
        return None
    if ip.is_unspecified:
        return "anyone on every network this machine is on (the office LAN, Wi-Fi, and the internet if it is exposed)"
    if ip.is_private:
        return f"anyone on the local network of {host} (the office LAN or Wi-Fi)"
    return f"anyone on the internet who can reach {host}"


def network_address() -> str | None:
    """This machine's address on its network (the interface a packet out would take; nothing is sent)."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere, no packet leaves
            address = s.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") else address


def every(text: str) -> float:
    """`5m`, `90s`, `1h` as seconds; at least a minute (public feeds ask not to be polled more often)."""
    import re

    m = re.fullmatch(
        r"\s*(\d{1,4})\s*(s|m|h|sec|min|hour|hours|minutes?|seconds?)?\s*", text, re.I | re.ASCII
    )
    if not m:
        raise typer.BadParameter(f'"{text}" is not a time: give minutes, e.g. 5m, 90s or 1h.')
    unit = (m.group(2) or "m")[0].lower()
    seconds = int(m.group(1)) * {"s": 1, "m": 60, "h": 3600}[unit]
    if seconds < 60:
        raise typer.BadParameter(f'"{text}" is too often: fetch at most once a minute (e.g. 5m).')
    return float(seconds)


def proxies(text: str) -> str:
    """`--proxy` as uvicorn takes it: addresses or networks, comma-separated, each checked."""
    said = [p.strip() for p in text.split(",") if p.strip()]
    for p in said:
        try:
            ipaddress.ip_network(p, strict=False)
        except ValueError:
            raise typer.BadParameter(
                f'"{p}" is not an address: give the proxy\'s address as it reaches serve, e.g. 127.0.0.1 '
                "or 10.0.0.0/8 (several with commas)."
            ) from None
    if not said:
        raise typer.BadParameter("give the proxy's address, e.g. 127.0.0.1.")
    return ",".join(said)


Host = Annotated[
    str,
    typer.Option(help="Address to listen on; 0.0.0.0 for every network (a warning says who can reach it)."),
]
Port = Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")]
Workers = Annotated[
    int,
    typer.Option(
        min=1,
        max=32,
        help="Processes answering at once, e.g. 2 on a machine of 2 cores (sessions and the wrong-code "
        "brake are shared through the pool database, on SQLite and PostgreSQL alike).",
    ),
]
Proxy = Annotated[
    str | None,
    typer.Option(
        help="The address of a proxy in front (nginx, Caddy) whose X-Forwarded-For and "
        "X-Forwarded-Proto are believed; without it every player seems to come from the proxy.",
    ),
]
FetchResults = Annotated[
    str | None,
    typer.Option(
        help="Fetch the finals of every card whose lines came from a feed, at start and then this "
        "often, e.g. 5m (a failure is shown on the operator's page).",
    ),
]


def serve(
    host: Host = "127.0.0.1",
    port: Port = 8000,
    workers: Workers = 1,
    proxy: Proxy = None,
    fetch_results: FetchResults = None,
) -> None:
    """Serve the pool's pages: the board and each player's card, and the operator's review, phone scan,
    scores, grading and payments. Prints a one-time operator link.

    Players open http://HOST:PORT/SLUG (the board) and look up their card by serial and code.

    Example: parlaycards serve --host 0.0.0.0 --port 8000 --fetch-results 5m
    """
    from ..web.fetching import Fetcher

    trusted = proxies(proxy) if proxy is not None else None
    interval = every(fetch_results) if fetch_results is not None else None
    store = open_store()
    run(store.migrate)
    check_port(host, port)
    base = announce(store, host, port)
    if trusted:
        err(f"Believing the forwarded addresses of the proxy at {trusted}.")
    if workers > 1:
        err(f"{workers} workers.")
    if interval is not None:
        Fetcher(store, interval).start()
        err(f"Fetching results every {interval / 60:g} min for cards whose lines came from a feed.")
    err("Stop with Ctrl+C.")
    start(store, base, host, port, workers, trusted)


def check_port(host: str, port: int) -> None:
    """Refuse, before any operator link is printed, a port another program (a `serve` already running)
    holds."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            probe.bind((host, port))
        except OSError as exc:
            err(
                f"Error: cannot serve on {host} port {port}: {exc.strerror or exc} (is `parlaycards serve` "
                "already running? Its pages are at that address). Stop it, or give another --port.",
                "bold red",
            )
            raise typer.Exit(2) from None


def announce(store: Store, host: str, port: int) -> str | None:
    """Say where the pages are, who can reach them and the operator's one-time link; returns the address
    other machines reach the pages at (the pool's site, or this machine's on its network), if any."""
    from ..services import access
    from ..web.guard import Guard

    token = run(Guard(store).new_token)
    shown = f"[{host}]" if ":" in host else host
    local = "127.0.0.1" if host in ("0.0.0.0", "::") else shown
    base = None
    if host in ("0.0.0.0", "::"):
        lan = network_address()
        base = f"http://{lan}:{port}" if lan else None
    public = run(lambda: access.site(store))
    base = public or base
    who = reach(host)
    if who:
        err(
            f"Warning: bound to {host}: {who} can open the pages. Players still need a card's code to see it, "
            "and operator pages need the link below; without HTTPS in front, traffic can be read on the network.",
            "bold yellow",
        )
    err(f"Players: http://{local}:{port}/  (each card's board at /SLUG)")
    if base:
        err(f"{'The pool' if public else 'On the network'}: {base}/")
    err(f"Operator (works once, within 30 minutes): http://{local}:{port}/op/login?token={token}")
    if run(lambda: access.has_password(store)):
        err(f"Or sign in with the operator's password at http://{local}:{port}/op/login")
    hidden_boards(store)
    return base


def hidden_boards(store: Store) -> None:
    """Warn of a card named as an operator page (`op`, `static`): its board cannot be reached."""
    from ..services import cards as card_svc

    hidden = [c.slug for c in run(lambda: card_svc.list_cards(store)) if c.slug in card_svc.RESERVED]
    if hidden:
        err(
            f"Warning: the board of card {', '.join(hidden)} is hidden by the operator's pages at the same "
            "address (cards made since cannot take that name); its players' own card pages still work.",
            "bold yellow",
        )


def start(store: Store, base: str | None, host: str, port: int, workers: int, trusted: str | None) -> None:
    """uvicorn, each worker making the application from what `serve` was told (PARLAYCARDS_SERVE)."""
    import json
    import os

    import uvicorn

    from ..web.app import SERVE_ENV

    os.environ[SERVE_ENV] = json.dumps({"url": store.url, "actor": f"{store.actor} (serve)", "base": base})
    uvicorn.run(
        "parlaycards.web.app:served",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="warning",
        access_log=False,  # a line a request, which nobody reads at level warning, costs every request
        server_header=False,
        proxy_headers=trusted is not None,
        forwarded_allow_ips=trusted or "",
    )
