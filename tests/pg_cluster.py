"""A throwaway PostgreSQL cluster for the tests and benchmarks: initdb in a temporary folder, a free
local port, trust authentication, stopped and removed at the end.

    with Cluster.start() as pg:      # or Cluster.start() … pg.stop()
        url = pg.new_database()      # postgresql+psycopg://parlay@127.0.0.1:PORT/dbN

`postgres` refuses to run as root: under root the server runs as the `postgres` system user (Debian's
package makes it), its folder owned by that user. `find_binaries()` says why no cluster can be made
(no binaries, no driver, root without a `postgres` user), so a caller can skip with that reason.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

_BIN_GLOBS = ("/usr/lib/postgresql/*/bin", "/usr/local/pgsql/bin", "/opt/homebrew/opt/postgresql*/bin")


def find_binaries() -> tuple[Path | None, str]:
    """The folder holding initdb, pg_ctl and postgres, or None and the reason there is none."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return None, "the PostgreSQL driver is not installed (pip install '.[postgres]')"
    candidates = []
    if os.environ.get("PARLAYCARDS_PG_BIN"):
        candidates.append(os.environ["PARLAYCARDS_PG_BIN"])
    found = shutil.which("initdb")
    if found:
        candidates.append(str(Path(found).resolve().parent))
    for pattern in _BIN_GLOBS:
        candidates += sorted(glob.glob(pattern), reverse=True)
    for folder in candidates:
        if all((Path(folder) / exe).exists() for exe in ("initdb", "pg_ctl", "postgres")):
            if os.geteuid() == 0:
                try:
                    pwd.getpwnam("postgres")
                except KeyError:
                    return None, "running as root and there is no `postgres` user to run the server as"
            return Path(folder), ""
    return None, "no PostgreSQL server binaries (initdb, pg_ctl, postgres) on this machine"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """A running throwaway server; `new_database()` gives a fresh, empty database URL."""

    def __init__(self, bindir: Path, folder: Path, port: int, as_user: str | None):
        self.bindir, self.folder, self.port, self.as_user = bindir, folder, port, as_user
        self._count = itertools.count(1)

    @classmethod
    def start(cls) -> Cluster:
        bindir, why = find_binaries()
        if bindir is None:
            raise RuntimeError(why)
        as_user = "postgres" if os.geteuid() == 0 else None
        folder = Path(tempfile.mkdtemp(prefix="parlaycards-pg-"))
        cluster = cls(bindir, folder, free_port(), as_user)
        if as_user:
            pw = pwd.getpwnam(as_user)
            os.chown(folder, pw.pw_uid, pw.pw_gid)
        try:
            cluster._run(
                "initdb",
                "-D",
                str(folder / "data"),
                "-U",
                "parlay",
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-locale",
                "--no-sync",
            )
            options = (
                f"-p {cluster.port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off "
                "-c synchronous_commit=off -c full_page_writes=off -c max_connections=60 "
                "-c shared_buffers=64MB"
            )
            cluster._run(
                "pg_ctl",
                "-D",
                str(folder / "data"),
                "-o",
                options,
                "-l",
                str(folder / "log"),
                "-w",
                "-t",
                "60",
                "start",
            )
        except BaseException:
            cluster.stop()
            raise
        cluster._watch()
        return cluster

    def _watch(self) -> None:
        """A small process that stops the server if this one dies without stopping it (a killed test run)."""
        code = (
            "import os, sys, time; from pathlib import Path; sys.path.insert(0, sys.argv[1]); "
            "from tests.pg_cluster import Cluster; parent = int(sys.argv[2]); "
            "c = Cluster(Path(sys.argv[3]), Path(sys.argv[4]), 0, sys.argv[5] or None)\n"
            "while True:\n"
            "    time.sleep(1)\n"
            "    try: os.kill(parent, 0)\n"
            "    except ProcessLookupError: c.stop(); break\n"
            "    if not c.folder.exists(): break\n"
        )
        subprocess.Popen(
            [
                sys.executable,
                "-c",
                code,
                str(Path(__file__).resolve().parents[1]),
                str(os.getpid()),
                str(self.bindir),
                str(self.folder),
                self.as_user or "",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )

    def _run(self, exe: str, *args: str) -> None:
        kwargs = {}
        if self.as_user:
            pw = pwd.getpwnam(self.as_user)
            kwargs = {"user": pw.pw_uid, "group": pw.pw_gid, "extra_groups": []}
        done = subprocess.run(
            [str(self.bindir / exe), *args], capture_output=True, text=True, cwd=self.folder, **kwargs
        )
        if done.returncode != 0:
            log = (
                (self.folder / "log").read_text(errors="replace")[-2000:]
                if (self.folder / "log").exists()
                else ""
            )
            raise RuntimeError(f"{exe} failed ({done.returncode}): {done.stderr.strip()} {log}")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://parlay@127.0.0.1:{self.port}/{database}"

    def new_database(self, prefix: str = "t") -> str:
        """A fresh empty database on the server; its SQLAlchemy URL."""
        import psycopg

        name = f"{prefix}{os.getpid()}_{next(self._count)}"
        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user=parlay dbname=postgres", autocommit=True
        ) as c:
            c.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        if (self.folder / "data" / "postmaster.pid").exists():
            try:
                self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop")
            except RuntimeError:
                pass
            for _ in range(50):
                if not (self.folder / "data" / "postmaster.pid").exists():
                    break
                time.sleep(0.1)
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
