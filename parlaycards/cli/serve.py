"""`parlaycards serve`: the pool's pages (players' board and cards, the operator's review and phone page)."""

from __future__ import annotations

import ipaddress
from typing import Annotated

import typer

from .shell import err, open_store, run


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


def serve(
    host: Annotated[
        str,
        typer.Option(
            help="Address to listen on; 0.0.0.0 for every network (a warning says who can reach it)."
        ),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
) -> None:
    """Serve the pool's pages: the board and each player's card, and the operator's review, phone scan,
    scores, grading and payments. Prints a one-time operator link.

    Players open http://HOST:PORT/SLUG (the board) and look up their card by serial and code.

    Example: parlaycards serve --host 0.0.0.0 --port 8000
    """
    import uvicorn

    from ..web.app import Site, create_app

    store = open_store()
    run(store.migrate)
    site = Site(store)
    store.actor = f"{store.actor} (serve)"
    token = site.guard.new_token()
    shown = f"[{host}]" if ":" in host else host
    local = "127.0.0.1" if host in ("0.0.0.0", "::") else shown
    if host in ("0.0.0.0", "::"):
        lan = network_address()
        site.base = f"http://{lan}:{port}" if lan else None
    who = reach(host)
    if who:
        err(
            f"Warning: bound to {host}: {who} can open the pages. Players still need a card's code to see it, "
            "and operator pages need the link below; without HTTPS in front, traffic can be read on the network.",
            "bold yellow",
        )
    err(f"Players: http://{local}:{port}/  (each card's board at /SLUG)")
    if site.base:
        err(f"On the network: {site.base}/")
    err(f"Operator (works once, within 30 minutes): http://{local}:{port}/op/login?token={token}")
    err("Stop with Ctrl+C.")
    uvicorn.run(create_app(store, site), host=host, port=port, log_level="warning", server_header=False)
