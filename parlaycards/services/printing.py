"""Printing: serialized batches, proofs, the calibration sheet, pick'em sheets, the template list."""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from ..core.errors import ParlayError
from ..core.models import Card
from ..core.printable import unprintable_fields
from ..core.reach import beyond_reach, most_picks
from ..core.verify import format_serial, verify_code
from ..io import templates as template_files
from ..io.files import (
    atomic_output,
    check_output,
    clear_leftovers,
    clear_stale_parts,
    leftovers,
    owner_only,
    part_path,
    refused,
    sync,
    unwritten,
)
from ..io.templates import (
    SHIPPED_NOTE,
    USER_DIR,
    list_templates,
    load_template,
    parse_template,
    reference,
    shipped_names,
    template_text,
)
from ..layout.card import layout_card
from ..layout.places import link_level
from ..layout.templates import Template, renamed, with_offset
from ..store import Conflict, Store, batches
from ..store import cards as card_rows
from . import access

DEFAULT_TEMPLATE = "letter-2up"
MAX_COPIES = 100_000


@dataclass(frozen=True)
class Printed:
    slug: str
    version: int
    template: str
    file: Path
    copies: int
    pages: int
    first: int | None  # None for a proof
    last: int | None
    sha256: str
    type_size: float
    short_names: tuple[tuple[str, str], ...] = ()  # (full, printed): the full names did not fit
    beyond: str | None = None  # payout tiers for more picks than the card can take (core.reach)


def templates() -> list[Template]:
    return list_templates()


def skipped_templates() -> list[ParlayError]:
    """Why each file in ./templates/ that is not a valid template was left out of `templates`."""
    return template_files.skipped_templates()


def _out(out: Path | None, folder: Path, name: str) -> Path:
    path = out if out is not None else folder / name
    check_output(path, name, field="out" if out is not None else None)  # before any serial is used
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def print_batch(
    store: Store,
    slug: str,
    copies: int = 1,
    template: str | Path = DEFAULT_TEMPLATE,
    out: Path | None = None,
    proof: bool = False,
    folder: Path = Path("output"),
    progress: Callable[[int, int], None] | None = None,
    warn: Callable[[str], None] | None = None,
    printed_at: datetime | None = None,
) -> Printed:
    """Print `copies` serialized cards of the latest version of `slug` (or one PROOF, using no serials).
    `printed_at` dates the batch (default now: the demo replays a week gone by).

    Prints of a pool take turns (`Store.print_lock`); other commands go on meanwhile, as no write
    lock is held while rendering. The next serial is read, the PDF is rendered beside its target, then
    one short transaction takes the serials (the counter must still say what was read; the database
    refuses an overlapping range in any case) and records the batch with the file's SHA-256, and the
    file is renamed into place. Killed before the record: no batch, no file under the name, and the
    next print reuses those serials (no card carrying them exists). Killed between record and rename:
    the whole file waits beside its name and the next print puts it in place (`finish_batches`).
    """
    if not proof and not 1 <= copies <= MAX_COPIES:
        raise ParlayError(f"⟨copies⟩ {copies}: print between 1 and {MAX_COPIES:,} cards at a time.")
    t = load_template(template)
    others = list_templates()  # named when the card does not fit on `t`
    if warn is not None and (said := beyond_reach(_printable(store, slug))):
        warn(said)  # before anything is written: payout tiers no card can reach
    if proof:
        return _print_proof(store, slug, t, others, out, folder)
    with store.print_lock():
        finish_batches(store)
        for _ in range(5):
            printed = _print_once(
                store, slug, t, others, reference(template, t), copies, out, folder, progress, printed_at
            )
            if printed is not None:
                return printed
    raise ParlayError(
        f"the pool's serials kept changing while card {slug} was printed (another program is "
        "taking serials). Nothing was printed: run this command again."
    )


def _print_once(
    store: Store,
    slug: str,
    t: Template,
    others: list[Template],
    template: str,
    copies: int,
    out: Path | None,
    folder: Path,
    progress: Callable[[int, int], None] | None,
    printed_at: datetime | None = None,
) -> Printed | None:
    """One try at printing `copies` cards from the next serial: None when another command took those
    serials meanwhile (nothing is left behind: render again from the serial the pool has now)."""
    from ..render.pdf import CardFace, render_cards

    with store.reading() as tx:
        card = card_rows.latest(tx, slug)
        first = tx.next_serial()
        secret = tx.secret
        site = tx.meta(access.SITE) or None
    _check_printable(card)
    layout = layout_card(card, t, others)
    link = qr_link_of(card, site)
    last = first + copies - 1
    path = _out(out, folder, f"{slug}-v{card.version}-{format_serial(first)}-{format_serial(last)}.pdf")
    refuse_overwrite(store, path)
    clear_leftovers(path)  # of a print killed before recording its batch
    clear_stale_parts(path.parent, _recorded(store))  # under another name too: never to be printed
    part = part_path(path)
    serials = ((n, verify_code(secret, slug, card.version, n)) for n in range(first, last + 1))
    shown = (lambda n: progress(n, copies)) if progress else None
    try:
        owner_only(part)  # the cards show their verify codes: the file is its owner's only from the start
        render_cards(part, CardFace(t, layout, slug, card.version, card.title, link), serials, shown)
        digest = _record(store, part, card, template, first, last, path, printed_at)
    except Conflict:
        part.unlink(missing_ok=True)
        return None
    except BaseException as exc:
        with suppress(OSError):
            part.unlink(missing_ok=True)  # no half-written PDF; no serial was used up
        if refused(exc, part):  # a full disk: the file named
            raise unwritten(path, exc) from None
        raise
    os.replace(part, path)
    pages = -(-copies // len(t.cards))
    return Printed(
        slug,
        card.version,
        t.name,
        path,
        copies,
        pages,
        first,
        last,
        digest,
        layout.type_size,
        (),
        beyond_reach(card),
    )


def _print_proof(
    store: Store, slug: str, t: Template, others: list[Template], out: Path | None, folder: Path
) -> Printed:
    """One PROOF of the latest version of `slug`: no serial used, no batch recorded, the print audited."""
    from ..render.pdf import CardFace, render_proof

    card = _printable(store, slug)
    layout = layout_card(card, t, others)
    path = _out(out, folder, f"{slug}-v{card.version}-proof.pdf")
    refuse_overwrite(store, path)
    with atomic_output(path) as part:
        render_proof(part, CardFace(t, layout, slug, card.version, card.title))
    with store.transaction() as tx:
        tx.audit("print.proof", slug, version=card.version, template=t.name, file=str(path))
    return Printed(
        slug,
        card.version,
        t.name,
        path,
        1,
        1,
        None,
        None,
        _sha(path),
        layout.type_size,
        layout.short_names,
        beyond_reach(card),
    )


def _record(
    store: Store,
    part: Path,
    card: Card,
    template: str,
    first: int,
    last: int,
    path: Path,
    printed_at: datetime | None = None,
) -> str:
    """The rendered file made durable, then, in one short transaction, the serials taken (Conflict when
    another command took them meanwhile) and the batch recorded with the file's SHA-256."""
    sync(part)
    digest = _sha(part)
    with store.transaction() as tx:
        if tx.take_serials(last - first + 1)[0] != first:
            raise Conflict("the serials moved")  # taken by a command that did not wait its turn
        batches.record(tx, card.slug, card.version, template, first, last, str(path), digest, printed_at)
    return digest


def _printable(store: Store, slug: str) -> Card:
    with store.reading() as tx:
        card = card_rows.latest(tx, slug)
    _check_printable(card)
    return card


def _check_printable(card: Card) -> None:
    if not any(not g.off for g in card.games):
        raise ParlayError(
            f"card {card.slug} v{card.version} has no game on it to print; add games with `game add`."
        )
    games = [g for g in card.games if not g.off]
    most = most_picks(card)  # a side of each game, and its total where the rules allow both
    if card.rules.min_picks > most:
        raise ParlayError(
            f"card {card.slug} v{card.version} asks for at least {card.rules.min_picks} picks but its "
            f"{len(games)} game{'s' if len(games) != 1 else ''} offer {most}: no card could ever be played. Add "
            f"games with `game add`, or lower the least picks with `rules set {card.slug} ⟨min_picks⟩ N`."
        )
    unprintable = unprintable_fields(card)
    if unprintable:
        raise ParlayError(
            f"card {card.slug} v{card.version} has text the card's font (Helvetica, Western European letters) "
            f"cannot print, which would come out as black boxes: {'; '.join(unprintable[:5])}"
            f"{' …' if len(unprintable) > 5 else ''}. Write it in Latin letters (accents are fine), e.g. with "
            "`game set` for a team."
        )


def refuse_overwrite(store: Store, path: Path) -> None:
    """A file that a print batch was recorded under is never written over (however it was named: relative
    or absolute, or from another folder: a file holding a recorded batch's very PDF): those cards would be
    lost."""
    if not path.exists():
        return
    target = path.resolve()
    with store.reading() as tx:
        every = batches.all_batches(tx)
    held = [b for b in every if Path(b.file).resolve() == target]
    if not held and path.is_file():  # recorded from another folder (a relative name): known by its content
        sha = _sha(path)
        held = [b for b in every if b.sha256 == sha]
    if held:
        b = held[-1]
        raise ParlayError(
            f"{path} holds print batch {format_serial(b.first_serial)}–{format_serial(b.last_serial)} "
            f"of {b.slug}; printing over it would lose those cards. Nothing was printed: choose "
            "another ⟨out⟩, or move that file away first."
        )


def _recorded(store: Store) -> Callable[[Path], bool]:
    """Whether a file is the whole PDF of a recorded batch (a part file kept for `finish_batches`)."""
    known: set[str] = set()

    def recorded(part: Path) -> bool:
        if not known:
            with store.reading() as tx:
                known.update(b.sha256 for b in batches.all_batches(tx))
        return _sha(part) in known

    return recorded


def finish_batches(store: Store) -> list[Path]:
    """Put in place the PDF of any recorded batch whose process was killed between recording it and
    renaming its file (the whole file waits beside its name, with the recorded SHA-256)."""
    with store.reading() as tx:
        recorded = batches.all_batches(tx)
    done = []
    for b in recorded:
        path = Path(b.file)
        if path.exists():
            continue
        for part in leftovers(path):
            if _sha(part) == b.sha256:
                os.replace(part, path)
                done.append(path)
                break
    return done


def calibrate(
    template: str | Path = DEFAULT_TEMPLATE, out: Path | None = None, folder: Path = Path("output")
) -> Path:
    """A sheet with rulers, the card outlines and offset scales at the perforations."""
    from ..layout.sheet import calibration
    from ..render.pdf import render_boxes

    t = load_template(template)
    path = _out(out, folder, f"calibrate-{t.name}.pdf")
    with atomic_output(path) as part:
        render_boxes(part, t, [calibration(t)], f"Calibration — {t.name}")
    return path


def copy_template(source: str, name: str, user_dir: Path = USER_DIR) -> Path:
    """Copy template `source` (shipped or your own) to templates/NAME.toml, named `name`: the copy is
    yours to change (offset, margins) and the shipped one stays as it was."""
    path = user_dir / f"{name}.toml"
    _refuse_taken(name, path)
    text = renamed(template_text(source, user_dir), name, source)
    parse_template(text, str(path))  # the copy is a valid template before it is written
    with atomic_output(path) as part:
        part.write_text(text, encoding="utf-8")
    return path


def save_offset(
    name: str, x: float, y: float, source: str = DEFAULT_TEMPLATE, user_dir: Path = USER_DIR
) -> tuple[Path, Template, bool]:
    """Put a measured printer offset into your template `name` (templates/NAME.toml), made as a copy of
    `source` first when it does not exist yet. Returns the file, the template, and whether it was made."""
    path = user_dir / f"{name}.toml"
    made = not path.is_file()
    if made:
        _refuse_taken(name, path)
        text = renamed(template_text(source, user_dir), name, source)
    else:
        text = path.read_text(encoding="utf-8")
    text = with_offset(text, x, y, str(path))
    template = parse_template(text, str(path))
    with atomic_output(path) as part:
        part.write_text(text, encoding="utf-8")
    return path, template, made


def _refuse_taken(name: str, path: Path) -> None:
    if name in shipped_names():
        raise ParlayError(
            f'"{name}" is a shipped template. {SHIPPED_NOTE} Choose a name of your own, e.g. {name}-bar.'
        )
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,60}", name):
        raise ParlayError(
            f'"{name}" is not a template name. Accepted: letters, digits, dashes, dots and underscores, '
            "e.g. bar-printer."
        )
    if path.exists():
        raise ParlayError(
            f"{path} already exists: nothing was copied. Choose another name, or change that file."
        )


def pickem_sheet(
    store: Store, slug: str, out: Path | None = None, copies: int = 1, folder: Path = Path("output")
) -> Path:
    """A pick'em sheet for pool `slug` (its card version and tiebreak game), or for card `slug` (see
    services.pickem.sheet_of): a box per side, the tiebreaker, a name line."""
    from ..layout.pickem import layout_pickem
    from ..render.pdf import render_boxes
    from .pickem import sheet_of

    t = load_template("letter-1up")
    with store.reading() as tx:
        of = sheet_of(tx, slug)
    card = of.card
    boxes = layout_pickem(card, t, of.tiebreak, of.pool)
    path = _out(out, folder, f"{slug}-v{card.version}-pickem.pdf")
    refuse_overwrite(store, path)
    with atomic_output(path) as part:
        render_boxes(part, t, [boxes] * copies, f"Pick'em — {card.title}")
    return path


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def qr_link_of(card: Card, site: str | None) -> tuple[str, str] | None:
    """What a card's QR holds when the pool has an address: (address, error-correction level), or None
    for the card's details; refused when the address does not fit the card's QR."""
    if not site:
        return None
    level = link_level(card, site)
    if level is None:
        raise ParlayError(
            f"the pool's address {site} is too long for the QR code of card {card.slug} (the QR "
            "printed for its details holds the link only when it is shorter): set a shorter "
            "one with `parlaycards pool set ⟨site⟩ …` (e.g. https://pc.example.org), or "
            '"none" for the card\'s details. Nothing was printed.'
        )
    return site, level
