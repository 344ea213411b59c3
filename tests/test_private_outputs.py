"""Files that show verify codes (printed cards, a reprint, scan crops) are their owner's only: another
user of the machine could otherwise copy a code and forge a winning card."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.store import Store

from .pool_support import new_card

runner = CliRunner()
pytestmark = pytest.mark.skipif(os.name != "posix", reason="file permissions are POSIX's")


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_printed_cards_and_a_reprint_are_their_owners_only(store: Store, db_path: Path, tmp_path: Path):
    new_card(store)
    old = os.umask(0o022)  # as most machines make files: readable by everyone
    try:
        out = tmp_path / "out" / "cards.pdf"
        r = runner.invoke(app, ["--db", str(db_path), "print", "nfl-w12", "--copies", "2", "--out", str(out)])
        assert r.exit_code == 0, r.stderr
        assert _mode(out) == 0o600
        again = tmp_path / "out" / "again.pdf"
        r = runner.invoke(
            app, ["--db", str(db_path), "print", "nfl-w12", "--reprint", "000002", "--out", str(again)]
        )
        assert r.exit_code == 0, r.stderr
        assert _mode(again) == 0o600
        proof = tmp_path / "out" / "proof.pdf"  # a proof shows no real code: as any other file
        r = runner.invoke(app, ["--db", str(db_path), "print", "nfl-w12", "--proof", "--out", str(proof)])
        assert r.exit_code == 0, r.stderr
        assert _mode(proof) == 0o644
    finally:
        os.umask(old)
