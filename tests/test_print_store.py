"""Printing and the store: no write lock while rendering, whole files, a batch finished after a crash,
a batch's file never printed over; read-only commands read while another command writes."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from parlaycards.core.errors import ParlayError
from parlaycards.io.files import part_path
from parlaycards.services import exporting, printing
from parlaycards.store import Store, batches
from parlaycards.store import cards as card_rows

from .pool_support import file_hash
from .print_support import nfl_card


@pytest.fixture
def pool(any_store: Store) -> Store:
    with any_store.transaction() as tx:
        card_rows.save(tx, nfl_card(16), "test")
    return any_store


def test_other_commands_write_while_a_print_renders(pool: Store, pool_url: str, tmp_path: Path):
    tmp_path = tmp_path / "out"
    other = Store(pool_url)
    wrote = []

    def meanwhile(done: int, total: int) -> None:
        if not wrote:  # mid-render: another command stores a change, without waiting for the print
            with other.transaction() as tx:
                tx.set_meta("note", "written during a print")
            wrote.append(done)
            assert not (tmp_path / "cards.pdf").exists()  # the file appears only whole, at the end

    done = printing.print_batch(pool, "nfl-w12", copies=12, out=tmp_path / "cards.pdf", progress=meanwhile)
    other.dispose()
    assert wrote and (done.first, done.last) == (1, 12)
    assert file_hash(tmp_path / "cards.pdf") == done.sha256
    assert [p.name for p in tmp_path.iterdir()] == ["cards.pdf"]
    with pool.reading() as tx:
        assert tx.meta("note") == "written during a print"


def test_a_failed_render_leaves_no_file_no_batch_and_the_serials(pool: Store, tmp_path: Path):
    tmp_path = tmp_path / "out"

    def boom(done: int, total: int) -> None:
        raise RuntimeError("printer driver crashed")

    with pytest.raises(RuntimeError):
        printing.print_batch(pool, "nfl-w12", copies=6, out=tmp_path / "cards.pdf", progress=boom)
    assert list(tmp_path.iterdir()) == []
    again = printing.print_batch(pool, "nfl-w12", copies=6, out=tmp_path / "cards.pdf")
    assert (again.first, again.last) == (1, 6)  # no card carried them: the serials are reused


def test_a_batch_recorded_just_before_a_crash_gets_its_file(pool: Store, tmp_path: Path):
    """Killed between recording the batch and renaming its file: the next print puts the file in place."""
    done = printing.print_batch(pool, "nfl-w12", copies=4, out=tmp_path / "a.pdf")
    target = tmp_path / "a.pdf"
    waiting = part_path(target).with_name(part_path(target).name.replace(str(os.getpid()), "999999999"))
    shutil.move(target, waiting)  # as the killed process left it
    later = printing.print_batch(pool, "nfl-w12", copies=2, out=tmp_path / "b.pdf")
    assert file_hash(target) == done.sha256 and not waiting.exists()
    assert (later.first, later.last) == (5, 6)


def test_a_batch_file_is_never_printed_over(pool: Store, tmp_path: Path):
    printing.print_batch(pool, "nfl-w12", copies=4, out=tmp_path / "a.pdf")
    before = file_hash(tmp_path / "a.pdf")
    with pytest.raises(
        ParlayError,
        match=r"a.pdf holds print batch 000001–000004 of nfl-w12; printing over it "
        r"would lose those cards. Nothing was printed: choose another --out",
    ):
        printing.print_batch(pool, "nfl-w12", copies=4, out=tmp_path / "a.pdf")
    assert file_hash(tmp_path / "a.pdf") == before
    with pool.reading() as tx:
        assert [(b.first_serial, b.last_serial) for b in batches.all_batches(tx)] == [(1, 4)]


def test_read_only_commands_read_while_another_writes(store: Store, db_path: Path, tmp_path: Path):
    """SQLite: another command holds the write lock; a proof, an export and a pick'em sheet still run."""
    with store.transaction() as tx:
        card_rows.save(tx, nfl_card(16), "test")
    writer = Store(f"sqlite:///{db_path}")
    reader = Store(f"sqlite:///{db_path}")  # a new process: opens (and checks) the database too
    with writer.transaction() as tx:
        tx.set_meta("note", "busy")
        assert exporting.export_card(reader, "nfl-w12", tmp_path / "c.json").exists()
        assert printing.pickem_sheet(reader, "nfl-w12", out=tmp_path / "p.pdf").exists()
    writer.dispose()
    reader.dispose()


def test_no_writer_prints_over_a_batch_file_however_it_is_named(
    pool: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """A proof, a pick'em sheet or a reprint named like a batch's PDF replaced it; a relative name passed
    for an absolute one."""
    from parlaycards.services import reprint

    printing.print_batch(pool, "nfl-w12", copies=4, out=tmp_path / "a.pdf")
    before = file_hash(tmp_path / "a.pdf")
    monkeypatch.chdir(tmp_path)
    for write in (
        lambda: printing.print_batch(pool, "nfl-w12", proof=True, out=Path("a.pdf")),
        lambda: printing.print_batch(pool, "nfl-w12", copies=2, out=Path("a.pdf")),
        lambda: printing.pickem_sheet(pool, "nfl-w12", out=tmp_path / "a.pdf"),
        lambda: reprint.reprint(pool, "nfl-w12", 2, out=Path("a.pdf")),
    ):
        with pytest.raises(ParlayError, match="holds print batch 000001–000004 of nfl-w12"):
            write()
    assert file_hash(tmp_path / "a.pdf") == before


def test_cards_printed_from_a_template_file_can_be_reprinted_and_scanned(
    pool: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """The batch kept only the template's name, so its cards could not be found again by scan or reprint."""
    import parlaycards
    from parlaycards.scan.batch import Job
    from parlaycards.services import reprint
    from parlaycards.store import cards

    shipped = Path(parlaycards.__file__).parent / "templates" / "letter-2up.toml"
    mine = tmp_path / "stock" / "my-2up.toml"
    mine.parent.mkdir()
    mine.write_text(shipped.read_text(encoding="utf-8").replace("letter-2up", "my-2up"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    done = printing.print_batch(
        pool, "nfl-w12", copies=2, template="stock/my-2up.toml", out=tmp_path / "m.pdf"
    )
    with pool.reading() as tx:
        [batch] = [b for b in batches.all_batches(tx) if b.first_serial == done.first]
    assert batch.template == str(mine.resolve())
    monkeypatch.chdir(tmp_path / "stock")  # another folder: the template is still found
    again = reprint.reprint(pool, "nfl-w12", done.first, out=tmp_path / "r.pdf")
    assert again.template == str(mine.resolve()) and (tmp_path / "r.pdf").exists()
    with pool.reading() as tx:
        card = cards.get(tx, "nfl-w12", 1)
    from parlaycards.io.templates import load_template

    job = Job(
        "nfl-w12",
        (),
        {1: card},
        None,
        tmp_path / "crops",
        templates={batch.template: load_template(batch.template)},
    )
    layout = job.layout("nfl-w12", 1, batch.template)
    assert layout is not None and layout.body is not None
