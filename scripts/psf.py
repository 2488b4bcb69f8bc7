#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Read a Linux console font (PSF1 or PSF2, optionally gzipped).

The build turns the font into the C table kernel/console/fbcon.c draws with
(`psf.py FONT > build/.../fbcon_font.c`); tests/qemu/test_screen.py renders
text with the same glyphs to find it in a screenshot. Glyphs are picked by
Unicode code point through the font's own table, since console fonts do not
keep glyphs in code point order.
"""
from __future__ import annotations

import gzip
import struct
import sys
from pathlib import Path

PSF1_MAGIC = b"\x36\x04"
PSF1_MODE512 = 0x01
PSF1_MODEHASTAB = 0x02
PSF1_SEPARATOR = 0xFFFF
PSF1_STARTSEQ = 0xFFFE
PSF2_MAGIC = b"\x72\xb5\x4a\x86"
PSF2_HAS_UNICODE_TABLE = 0x01
PSF2_SEPARATOR = 0xFF
PSF2_STARTSEQ = 0xFE

# The kernel's table covers Latin-1, which is also the first 256 code points.
TABLE_CHARS = 256


class Font:
    def __init__(self, width: int, height: int, glyphs: list[bytes], unimap: dict[int, int]):
        self.width = width
        self.height = height
        self.row_bytes = (width + 7) // 8
        self.glyphs = glyphs
        self.unimap = unimap  # code point -> glyph index

    def glyph_index(self, code: int) -> int | None:
        if self.unimap:
            return self.unimap.get(code)
        return code if code < len(self.glyphs) else None

    def glyph_for(self, ch: str) -> bytes:
        """The glyph the kernel draws for ch: '?' when the font lacks it, blank for controls."""
        code = ord(ch)
        if code < 0x20 or code >= TABLE_CHARS or (0x7F <= code < 0xA0):
            return bytes(self.height * self.row_bytes)
        idx = self.glyph_index(code)
        if idx is None:
            idx = self.glyph_index(ord("?"))
        return self.glyphs[idx] if idx is not None else bytes(self.height * self.row_bytes)

    def pixel(self, glyph: bytes, x: int, y: int) -> bool:
        return bool(glyph[y * self.row_bytes + x // 8] & (0x80 >> (x % 8)))


def _read(path: Path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data


def _psf1(data: bytes) -> Font:
    mode, charsize = data[2], data[3]
    count = 512 if mode & PSF1_MODE512 else 256
    glyphs = [data[4 + i * charsize:4 + (i + 1) * charsize] for i in range(count)]
    unimap: dict[int, int] = {}
    if mode & PSF1_MODEHASTAB:
        pos, idx = 4 + count * charsize, 0
        in_seq = False
        while idx < count and pos + 2 <= len(data):
            (v,) = struct.unpack_from("<H", data, pos)
            pos += 2
            if v == PSF1_SEPARATOR:
                idx, in_seq = idx + 1, False
            elif v == PSF1_STARTSEQ:
                in_seq = True
            elif not in_seq:
                unimap.setdefault(v, idx)
    return Font(8, charsize, glyphs, unimap)


def _psf2(data: bytes) -> Font:
    (_, _, headersize, flags, count, charsize, height, width) = struct.unpack_from("<4sIIIIIII", data)
    glyphs = [data[headersize + i * charsize:headersize + (i + 1) * charsize] for i in range(count)]
    unimap: dict[int, int] = {}
    if flags & PSF2_HAS_UNICODE_TABLE:
        pos, idx = headersize + count * charsize, 0
        while idx < count and pos < len(data):
            end = data.index(bytes([PSF2_SEPARATOR]), pos)
            entry = data[pos:end]
            single = entry.split(bytes([PSF2_STARTSEQ]))[0]
            for ch in single.decode("utf-8", "replace"):
                unimap.setdefault(ord(ch), idx)
            pos, idx = end + 1, idx + 1
    return Font(width, height, glyphs, unimap)


def load(path: str | Path) -> Font:
    data = _read(Path(path))
    if data[:2] == PSF1_MAGIC:
        return _psf1(data)
    if data[:4] == PSF2_MAGIC:
        return _psf2(data)
    raise ValueError(f"{path}: not a PSF1 or PSF2 console font")


def emit_c(font: Font, name: str) -> str:
    size = font.height * font.row_bytes
    out = [
        "/* Generated at build time by scripts/psf.py from the console font",
        f" * {name}; never committed. Glyph i is code point i (Latin-1). */",
        '#include "kernel/console/fbcon_font.h"',
        "",
        f"static const u8 glyphs[{TABLE_CHARS}][{size}] = {{",
    ]
    for code in range(TABLE_CHARS):
        g = font.glyph_for(chr(code))
        out.append("\t{" + ", ".join(f"0x{b:02x}" for b in g) + f"}}, /* {code:#04x} */")
    out += [
        "};",
        "",
        "const struct fbcon_font fbcon_font = {",
        f'\t.name = "{name}",',
        f"\t.width = {font.width},",
        f"\t.height = {font.height},",
        f"\t.row_bytes = {font.row_bytes},",
        "\t.glyphs = &glyphs[0][0],",
        "};",
        "",
    ]
    return "\n".join(out)


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: psf.py FONT.psf[.gz] > font.c", file=sys.stderr)
        return 2
    path = Path(sys.argv[1])
    font = load(path)
    if font.width > 16 or font.height > 32:
        print(f"{path}: {font.width}x{font.height} glyphs are larger than fbcon draws (16x32)",
              file=sys.stderr)
        return 1
    if font.glyph_index(ord("A")) is None:
        print(f"{path}: the font has no glyph for 'A'", file=sys.stderr)
        return 1
    sys.stdout.write(emit_c(font, path.name.split(".")[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
