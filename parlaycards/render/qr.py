"""A fast QR encoder (byte mode, a fixed version, level Q or H) and its drawing as one PDF path.

ReportLab's encoder takes about 12 ms a code, mostly choosing the mask; printing thousands of cards
needs well under 1 ms. The slow, per-version work (function patterns, module order, masks) is done
once with ReportLab's `qrencoder` and kept as Python integers, one bit per module; each payload
then costs a Reed–Solomon encode, one OR per codeword, and a penalty score of the eight masks
computed with whole-symbol bit operations. The output is identical to ReportLab's for the same mask.
"""

from __future__ import annotations

import importlib.util
from functools import lru_cache
from itertools import zip_longest
from types import ModuleType

import reportlab


def _load_qrencoder() -> ModuleType:
    """ReportLab's qrencoder module, loaded on its own: importing it through its package would load
    every barcode widget first (about 0.1 s of start-up for nothing)."""
    path = f"{reportlab.__path__[0]}/graphics/barcode/qrencoder.py"
    spec = importlib.util.spec_from_file_location("parlaycards._rl_qrencoder", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


rq = _load_qrencoder()

LEVELS = {
    "L": rq.QRErrorCorrectLevel.L,
    "M": rq.QRErrorCorrectLevel.M,
    "Q": rq.QRErrorCorrectLevel.Q,
    "H": rq.QRErrorCorrectLevel.H,
}

# GF(256) with the QR polynomial 0x11d
_EXP = [0] * 512
_LOG = [0] * 256
_v = 1
for _i in range(255):
    _EXP[_i] = _v
    _LOG[_v] = _i
    _v <<= 1
    if _v & 0x100:
        _v ^= 0x11D
for _i in range(255, 512):
    _EXP[_i] = _EXP[_i - 255]


def _mul(a: int, b: int) -> int:
    return 0 if a == 0 or b == 0 else _EXP[_LOG[a] + _LOG[b]]


@lru_cache(maxsize=32)
def _ec_table(n: int) -> tuple[int, ...]:
    """For each leading factor f, f × the degree-n generator (leading 1 dropped) packed as an n-byte int."""
    g = [1]
    for i in range(n):
        nxt = [0] * (len(g) + 1)
        for j, c in enumerate(g):
            nxt[j] ^= c
            nxt[j + 1] ^= _mul(c, _EXP[i])
        g = nxt
    return tuple(int.from_bytes(bytes(_mul(f, c) for c in g[1:]), "big") for f in range(256))


def _ec(data: list[int], n: int) -> list[int]:
    """Reed–Solomon error-correction codewords of `data`, n of them."""
    table = _ec_table(n)
    shift = 8 * (n - 1)
    mask = (1 << 8 * n) - 1
    rem = 0
    for d in data:
        rem = ((rem << 8) & mask) ^ table[d ^ (rem >> shift)]
    return list(rem.to_bytes(n, "big"))


class Symbol:
    """Everything about one (version, level) that does not depend on the payload."""

    def __init__(self, version: int, level: str):
        self.version = version
        self.level = level
        self.n = n = 17 + 4 * version
        self.stride = s = 8 * -(-(n + 1) // 8)  # whole bytes per row; the light guard bits stop runs wrapping
        code = rq.QRCode(version, LEVELS[level])
        code.addData(rq.QR8bitByte("x"))
        blocks = rq.QRRSBlock.getRSBlocks(version, LEVELS[level])
        self.blocks = [(b.dataCount, b.totalCount - b.dataCount) for b in blocks]
        self.data_count = sum(d for d, _ in self.blocks)
        code.makeImpl(False, 0)
        positions = list(code.dataPosIterator())
        self.valid = sum(1 << (r * s + c) for r in range(n) for c in range(n))
        data_mask = sum(1 << (row * s + col) for col, row in positions)
        self.bases: list[int] = []
        self.masks: list[int] = []
        for m in range(8):
            code.makeImpl(False, m)
            full = sum(1 << (r * s + c) for r in range(n) for c in range(n) if code.modules[r][c])
            self.bases.append(full & ~data_mask)
            fn = rq.QRUtil.getMask(m)
            self.masks.append(sum(1 << (row * s + col) for col, row in positions if fn(row, col)))
        total = sum(d + e for d, e in self.blocks)
        self.tables: list[list[int]] = []
        for i in range(total):
            bits = [1 << (positions[i * 8 + k][1] * s + positions[i * 8 + k][0]) for k in range(8)]
            table = [0] * 256
            for v in range(1, 256):
                low = v & -v
                table[v] = table[v ^ low] | bits[7 - low.bit_length() + 1]
            self.tables.append(table)

    def codewords(self, payload: bytes) -> list[int]:
        count_bits = 8 if self.version < 10 else 16
        if len(payload) * 8 + 4 + count_bits > self.data_count * 8:
            raise ValueError(f"{len(payload)} bytes do not fit a version {self.version}-{self.level} QR code")
        bits = (0b0100 << count_bits | len(payload)) << 8 * len(payload) | int.from_bytes(payload, "big")
        nbits = 4 + count_bits + 8 * len(payload)
        cap = self.data_count * 8
        term = min(4, cap - nbits)
        bits <<= term
        nbits += term
        pad = (-nbits) % 8
        bits <<= pad
        nbits += pad
        data = list(bits.to_bytes(nbits // 8, "big"))
        data += [0xEC, 0x11] * ((self.data_count - len(data) + 1) // 2)
        del data[self.data_count :]
        pieces, ecs, at = [], [], 0
        for d, e in self.blocks:
            pieces.append(data[at : at + d])
            ecs.append(_ec(pieces[-1], e))
            at += d
        if len(pieces) == 1:
            return pieces[0] + ecs[0]
        out = [v for column in zip_longest(*pieces) for v in column if v is not None]
        out += [v for column in zip(*ecs, strict=True) for v in column]
        return out

    def matrix(self, payload: bytes, mask: int | None = None) -> int:
        """The symbol as one integer: bit r * stride + c is module (row r, column c), 1 = dark."""
        data = 0
        for table, cw in zip(self.tables, self.codewords(payload), strict=True):
            data |= table[cw]
        if mask is not None:
            return self.bases[mask] | (data ^ self.masks[mask])
        best: tuple[int, int] | None = None
        for m in range(8):
            x = self.bases[m] | (data ^ self.masks[m])
            score = self.penalty(x)
            if best is None or score < best[0]:
                best = (score, x)
        assert best is not None
        return best[1]

    def penalty(self, x: int) -> int:
        s, n = self.stride, self.n
        light = ~x & self.valid
        score = 0
        for v in (x, light):
            for step in (1, s):
                y = v & (v >> step) & (v >> 2 * step) & (v >> 3 * step) & (v >> 4 * step)
                score += y.bit_count() + 2 * (y & ~(y >> step)).bit_count()
            score += 3 * (v & (v >> 1) & (v >> s) & (v >> (s + 1))).bit_count()
        for step in (1, s):  # 1:1:3:1:1 finder look-alikes with 4 light modules before or after
            core = (
                x
                & (light >> step)
                & (x >> 2 * step)
                & (x >> 3 * step)
                & (x >> 4 * step)
                & (light >> 5 * step)
                & (x >> 6 * step)
            )
            four = light & (light >> step) & (light >> 2 * step) & (light >> 3 * step)
            score += 40 * ((core & (four >> 7 * step)).bit_count() + ((core >> 4 * step) & four).bit_count())
        dark = x.bit_count()
        score += 10 * (abs(dark * 20 - n * n * 10) // (n * n))
        return score

    @property
    def chunk_ops(self) -> list[list[str]]:
        """[byte index of the symbol][byte value] → the `re` operators of that byte's runs of dark modules."""
        ops = self.__dict__.get("_ops")
        if ops is None:
            n, per_row = self.n, self.stride // 8
            shapes = []  # per chunk: each byte value's runs, with "#" standing for the row's y
            for k in range(per_row):
                width = max(0, min(8, n - 8 * k))
                table = []
                for v in range(256):
                    runs, c = [], 0
                    while c < width:
                        if v >> c & 1:
                            a = c
                            while c < width and v >> c & 1:
                                c += 1
                            runs.append(f"{8 * k + a} # {c - a} 1 re")
                        else:
                            c += 1
                    table.append(" ".join(runs))
                shapes.append(table)
            ops = [
                [t.replace("#", str(n - 1 - r)) for t in shapes[k]] for r in range(n) for k in range(per_row)
            ]
            self.__dict__["_ops"] = ops
        return ops

    def rows(self, x: int) -> list[int]:
        """Each row as an integer, bit c = column c."""
        row_mask = (1 << self.n) - 1
        return [(x >> (r * self.stride)) & row_mask for r in range(self.n)]


@lru_cache(maxsize=16)
def symbol(version: int, level: str = "Q") -> Symbol:
    return Symbol(version, level)


def path_ops(payload: str, version: int, level: str = "Q") -> str:
    """PDF path operators drawing the dark modules in module units, origin at the symbol's bottom-left.

    Each run of dark modules within a row (split at every 8th column, invisible in one fill)
    is one `re`; the caller scales by the module size and fills the whole path once.
    """
    sym = symbol(version, level)
    data = sym.matrix(payload.encode()).to_bytes(sym.n * sym.stride // 8, "little")
    return " ".join(filter(None, map(list.__getitem__, sym.chunk_ops, data)))


def modules(payload: str, version: int, level: str = "Q") -> list[list[bool]]:
    """The symbol as rows of booleans (True = dark), top row first: for tests and scanners."""
    sym = symbol(version, level)
    return [[bool(row >> c & 1) for c in range(sym.n)] for row in sym.rows(sym.matrix(payload.encode()))]
