"""The demo: a whole week on the sample data, in its own database under the output folder."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..core.errors import ParlayError
from ..io.lines import Asked
from ..services import cards as card_svc
from ..services.cards import Into
from ..store import Store

SAMPLE_DIR = "sample_lines"


def sample_dir(out: Path) -> Path:
    """The shipped sample data: ./sample_lines, the checkout's, or made afresh under `out`."""
    for candidate in (Path(SAMPLE_DIR), Path(__file__).resolve().parents[2] / SAMPLE_DIR):
        if (candidate / "nfl-week-12.xlsx").exists():
            return candidate
    from . import samples

    target = out / SAMPLE_DIR
    samples.write_all(target)
    return target


def run_demo(out: Path, progress: Callable[[str], None] = lambda _: None) -> list[str]:
    out.mkdir(parents=True, exist_ok=True)
    db = out / "demo.db"
    if db.exists():
        db.unlink()
    store = Store(f"sqlite:///{db}")
    samples = sample_dir(out)
    said: list[str] = []
    try:
        nfl = card_svc.import_lines(store, Asked(samples / "nfl-week-12.xlsx"), Into(slug="nfl-w12"))
        said.append(f"Imported {len(nfl.card.games)} games into nfl-w12 from {samples / 'nfl-week-12.xlsx'}.")
        ncaa = card_svc.import_lines(store, Asked(samples / "ncaa-week-13.xlsx"), Into(slug="ncaa-w13"))
        said.append(f"Imported {len(ncaa.card.games)} games into ncaa-w13.")
        combo = card_svc.import_lines(store, Asked(samples / "combo-week-12.xlsx"), Into(slug="combo-w12"))
        said.append(
            f"Imported {len(combo.card.games)} games across {', '.join(combo.card.leagues())} into combo-w12."
        )
        for step in STEPS:
            said.extend(step(store, out, samples, progress))
    except ParlayError as exc:
        raise ParlayError(f"the demo stopped: {exc.text()}") from None
    finally:
        store.dispose()
    said.append(f"Demo database: {db} (try: parlaycards --db {db} show nfl-w12)")
    return said


def _print(store: Store, out: Path, samples: Path, progress: Callable[[str], None]) -> list[str]:
    from .steps import print_step

    return print_step(store, out, samples, progress)


def _scan(store: Store, out: Path, samples: Path, progress: Callable[[str], None]) -> list[str]:
    from .scanning import demo_scan

    return demo_scan(store, out, samples, progress)


def _pool(store: Store, out: Path, samples: Path, progress: Callable[[str], None]) -> list[str]:
    from .steps import pool_step

    return pool_step(store, out, samples, progress)


def _pickem(store: Store, out: Path, samples: Path, progress: Callable[[str], None]) -> list[str]:
    from .steps import pickem_step

    return pickem_step(store, out, samples, progress)


# The steps of the week, in order: _pickem stays last, since it grades the office pick'em pool with
# whatever results the steps before it stored.
STEPS: list[Callable[[Store, Path, Path, Callable[[str], None]], list[str]]] = [_print, _scan, _pool, _pickem]
