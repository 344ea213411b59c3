"""Printing commands: templates, print, calibrate, and `pickem print`."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..core.bounds import MAX_COUNT
from ..core.errors import spell
from ..core.text import plural
from . import values
from .options import Json, Slug
from .pickem import pickem_app
from .shell import console, err, open_store, print_json, run

if TYPE_CHECKING:
    from ..services.reprint import Reprinted

TemplateOpt = Annotated[
    str,
    typer.Option(
        "--template", help="Template name (see `parlaycards templates`) or a path to your own .toml."
    ),
]
AT_100 = 'Print at 100% ("Actual size"), never "Fit to page", or the cards miss the perforations.'


templates_app = typer.Typer(
    help="List the paper templates: the shipped ones and your own from ./templates/.\n\n"
    "Example: parlaycards templates --json",
    invoke_without_command=True,
)


def register(app: typer.Typer) -> None:
    templates_app.callback()(templates)
    templates_app.command("copy")(templates_copy)
    app.add_typer(templates_app, name="templates")
    app.command("print")(print_)
    app.command("calibrate")(calibrate)
    pickem_app.command("print")(pickem_print)


def templates(
    ctx: typer.Context,
    json: Json = False,
) -> None:
    """List the paper templates: the shipped ones and your own from ./templates/.

    Example: parlaycards templates --json   (or: parlaycards templates copy letter-2up bar-printer)
    """
    if ctx.invoked_subcommand is not None:
        return
    from ..report.templates import templates_json, templates_table
    from ..services import printing as svc

    found = run(svc.templates)
    for problem in run(svc.skipped_templates):
        err(f"Skipped: {problem.text(values.flag)}", "yellow")
    if json:
        print_json(templates_json(found))
        return
    from ..report.table import rich_table

    console().print(rich_table(templates_table(found)))


def templates_copy(
    source: Annotated[str, typer.Argument(help="The template to copy, e.g. letter-2up.")],
    name: Annotated[str, typer.Argument(help="Your copy's name, e.g. bar-printer.")],
) -> None:
    """Copy a template to ./templates/NAME.toml, named NAME, to change for your printer or stock.

    The shipped template stays as it is; print with --template NAME. Set the printer offset with
    `parlaycards calibrate --template NAME --offset X,Y --save NAME`.

    Example: parlaycards templates copy letter-2up bar-printer
    """
    from ..services import printing as svc

    path = run(lambda: svc.copy_template(source, name))
    err(f"Wrote {path}: template {name}, a copy of {source}. Print with --template {name}.")


Copies = Annotated[
    int, typer.Option(min=1, max=MAX_COUNT, help="Cards to print; each gets the next serial number.")
]


def pdf_out(default: str) -> Any:
    """`--out`: the PDF a command writes, and where it goes when not told."""
    return typer.Option("--out", help=f"PDF to write [default: {default}].")


Out = Annotated[Path | None, pdf_out("output/SLUG-vN-FIRST-LAST.pdf")]
Proof = Annotated[bool, typer.Option("--proof", help="One sample card marked PROOF; uses no serial numbers.")]
ReprintOpt = Annotated[
    str | None,
    typer.Option(
        "--reprint",
        help="Reprint this one printed card (jammed, lost): same serial, code and QR, from its own "
        "version and template, marked REPRINT; uses no new serial.",
    ),
]


def print_(
    slug: Slug,
    copies: Copies = 1,
    template: TemplateOpt = "letter-2up",
    out: Out = None,
    proof: Proof = False,
    reprint: ReprintOpt = None,
) -> None:
    """Print serialized cards of the latest version of SLUG into a PDF.

    Every card gets the pool's next serial number (never reused) and its verify code; the batch is
    recorded. Print the PDF at 100% ("Actual size"), not "Fit to page". Check with --proof first.
    A card that jammed or was lost is printed again with --reprint SERIAL (audited; a card already
    entered is not reprinted).

    Example: parlaycards print nfl-w12 --copies 200 --template letter-2up   (or: parlaycards print nfl-w12 --reprint 000123)
    """
    if reprint is not None:
        _reprint(slug, reprint, out, copies, proof)
        return
    from ..services import printing as svc

    bar = _Progress(copies) if copies >= 2000 and not proof else None
    try:
        done = run(
            lambda: svc.print_batch(
                open_store(),
                slug,
                copies=copies,
                template=template,
                out=out,
                proof=proof,
                progress=bar.update if bar else None,
                warn=lambda said: err(spell(f"Warning: {said}", values.flag), "yellow"),
            )
        )
    finally:
        if bar:
            bar.close()
    if done.first is None:
        err(
            f"Wrote {done.file}: a PROOF of {slug} v{done.version} on {done.template} "
            f"(games at {done.type_size:g} pt). No serial numbers were used."
        )
        if done.short_names:
            err(
                f"The full team names do not fit on {done.template}, so the card prints short names as "
                "sportsbooks do: "
                + "; ".join(f"{full} → {short}" for full, short in done.short_names)
                + ("" if done.short_names[-1][1].endswith(".") else ".")
            )
    else:
        err(
            f"Wrote {done.file}: {plural(done.copies, 'card')} of {slug} v{done.version}, "
            + (
                f"serial {done.first:06d}"
                if done.first == done.last
                else f"serials {done.first:06d}–{done.last:06d}"
            )
            + f", {plural(done.pages, 'page')} of {done.template}."
        )
    err(AT_100)


def _reprint(slug: str, serial: str, out: Path | None, copies: int, proof: bool) -> None:
    from ..core.errors import ParlayError
    from ..services import reprint as svc

    def go() -> "Reprinted":
        if proof or copies != 1:
            raise ParlayError("--reprint prints the one card named: leave out --copies and --proof.")
        return svc.reprint(open_store(), slug, values.serial(serial, "reprint"), out)

    done = run(go)
    again = (
        f" (reprint number {done.times} of this card, in a new file: "
        f"{'the earlier reprint stays in ' if len(done.earlier) == 1 else 'the earlier reprints stay in '}"
        f"{', '.join(done.earlier)})"
        if done.times > 1
        else ""
    )
    err(
        f"Wrote {done.file}: card {done.serial} of {slug} v{done.version} on {done.template}, marked REPRINT, "
        f"with its original serial and verify code{again}. No new serial was used."
    )
    err(AT_100)


def calibrate(
    template: TemplateOpt = "letter-2up",
    out: Annotated[Path | None, pdf_out("output/calibrate-TEMPLATE.pdf")] = None,
    offset: Annotated[
        str | None,
        typer.Option(
            help="The offset read off the sheet, x,y in the template's units (+ moves the print right / up), "
            "e.g. 0.05,-0.03. With --save."
        ),
    ] = None,
    save: Annotated[
        str | None,
        typer.Option(
            "--save",
            help="Your template to save --offset in (./templates/NAME.toml; made as a copy of --template "
            "when it does not exist yet).",
        ),
    ] = None,
) -> None:
    """Print a calibration sheet: rulers, card outlines and offset scales at the perforations.

    Print it on your stock at 100%, read the offset off the scales, and save it in a template of your
    own with --offset X,Y --save NAME (shipped templates are not changed); then print a sheet again to check.

    Example: parlaycards calibrate --template letter-2up   (then: parlaycards calibrate --template letter-2up --offset 0.05,-0.03 --save bar-printer)
    """
    from ..services import printing as svc

    if offset is not None or save is not None:
        x, y = run(lambda: values.offset(offset, save))
        path_, saved, made = run(lambda: svc.save_offset(str(save), x, y, template))
        err(
            f"{'Made' if made else 'Changed'} {path_}: offset x {x:g}, y {y:g} {saved.units}"
            + (f" (a copy of {template})" if made else "")
            + f". Print with --template {save}."
        )
        if save is not None:  # values.offset refuses an offset without it
            template = save
    path = run(lambda: svc.calibrate(template, out))
    err(f"Wrote {path}. {AT_100} Then follow the steps printed on the sheet.")


def pickem_print(
    slug: Annotated[str, typer.Argument(help="Pick'em pool slug, e.g. office-w12 (or a card slug).")],
    copies: Annotated[int, typer.Option(min=1, max=500, help="Sheets to print.")] = 1,
    out: Annotated[Path | None, pdf_out("output/SLUG-vN-pickem.pdf")] = None,
) -> None:
    """Print a pick'em sheet for pool SLUG (or card SLUG): a box for each side with its spread, the pool's
    tiebreaker game, a name line. A card with one pool prints that pool's sheet; a card without a pool takes
    its last game by kickoff as the tiebreaker.

    Example: parlaycards pickem print office-w12 --copies 20
    """
    from ..services import printing as svc

    path = run(lambda: svc.pickem_sheet(open_store(), slug, out, copies))
    err(f"Wrote {path}.")


class _Progress:
    """A rich progress bar on stderr for long print runs."""

    def __init__(self, total: int):
        from rich.console import Console
        from rich.progress import Progress

        self.p = Progress(console=Console(stderr=True), transient=True)
        self.p.start()
        self.task = self.p.add_task("Printing cards", total=total)

    def update(self, done: int, total: int) -> None:
        self.p.update(self.task, completed=done, total=total)

    def close(self) -> None:
        self.p.stop()
