"""`serve --fetch-results 5m`: every card whose lines came from a feed has its finals fetched from that feed
on a schedule, through `result fetch`'s own service (checked and audited alike). A failure (the feed down,
a game it names differently) is kept for the operator's page and tried again next time; it never stops
`serve`. Runs in the process `serve` was started in, once for all its workers."""

from __future__ import annotations

import threading
import time

from ..core.errors import ParlayError
from ..services import feed_results as feeds
from ..services.feeds import FeedSource
from ..store import Store, retry_conflicts
from ..store import sessions as rows
from .app import message


def fetch_once(store: Store) -> list[tuple[str, bool, str]]:
    """Fetch every fed card's results once: (slug, ok, what happened) per card asked about."""
    done = []
    try:
        cards = feeds.fed_cards(store)
    except ParlayError as exc:
        return [("", False, message(exc))]
    for slug, provider in cards:
        try:
            got = feeds.fetch_results(store, slug, FeedSource(provider), where="web")
        except ParlayError as exc:
            ok, said = False, message(exc)
        except Exception as exc:  # noqa: BLE001 - a schedule never stops serve; the page says what broke
            ok, said = (
                False,
                f"the fetch stopped on an error in parlaycards ({type(exc).__name__}); tried again next time.",
            )
        else:
            source = " and ".join(dict.fromkeys(t.provider for t in got.taken))
            stored = len(got.recorded.changes)
            ok = True
            said = f"{stored} result{'' if stored == 1 else 's'} stored from {source}" + (
                f"; not over yet: {', '.join(got.recorded.not_over)}" if got.recorded.not_over else ""
            )
            if got.missing:
                said += f"; not in the feed: {', '.join(got.missing)}"
            said += "."
        try:
            _record(store, slug, ok, said)
        except ParlayError:
            pass  # the database busy: the next round records its own
        done.append((slug, ok, said))
    return done


@retry_conflicts
def _record(store: Store, slug: str, ok: bool, said: str) -> None:
    with store.transaction() as tx:
        rows.record_fetch(tx, slug, time.time(), ok, said)


class Fetcher(threading.Thread):
    """Fetches at once, then every `every` seconds, until `stop` is set."""

    def __init__(self, store: Store, every: float):
        super().__init__(name="parlaycards-fetch", daemon=True)
        self.store, self.every, self.stop = store, every, threading.Event()

    def run(self) -> None:
        while True:
            try:
                fetch_once(self.store)
            except Exception:  # noqa: BLE001 - never the end of serve; the next round tries again
                pass
            if self.stop.wait(self.every):
                return
