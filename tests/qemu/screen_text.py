# SPDX-License-Identifier: BSD-2-Clause
"""Find text in a QEMU screendump by drawing it with napkin's own console font.

The kernel draws with a PSF font from the console-setup-linux package
(mk/fbcon.mk); this module renders a string with the same glyphs (through
scripts/psf.py, the same reader the build uses) and looks for it, pixel for
pixel, in a PPM screendump. No OCR: a match is exact or it is not there.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import psf  # noqa: E402

FONT_PATH = Path("/usr/share/consolefonts/Lat15-VGA16.psf.gz")

# A pixel counts as "ink" when red or green is bright. That holds for every
# text colour fbcon uses (grey, white, yellow, green, light red) and for none
# of its backgrounds (black, blue, red): one test for plain and title text.
_INK = bytes(1 if v >= 0x80 else 0 for v in range(256))


@dataclass
class Screen:
    width: int
    height: int
    rgb: bytes
    ink: bytes  # one byte per pixel, 1 = ink

    def pixel(self, x: int, y: int) -> tuple[int, int, int]:
        i = (y * self.width + x) * 3
        return self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]


def read_ppm(path: Path) -> Screen:
    data = path.read_bytes()
    fields: list[bytes] = []
    pos = 0
    # Header: P6, width, height, maxval, separated by whitespace (no comments from QEMU).
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        start = pos
        while not data[pos:pos + 1].isspace():
            pos += 1
        fields.append(data[start:pos])
    pos += 1
    if fields[0] != b"P6" or fields[3] != b"255":
        raise ValueError(f"{path}: not an 8-bit binary PPM")
    width, height = int(fields[1]), int(fields[2])
    rgb = data[pos:pos + width * height * 3]
    if len(rgb) != width * height * 3:
        raise ValueError(f"{path}: short pixel data")
    n = width * height
    red = int.from_bytes(rgb[0::3].translate(_INK), "big")
    green = int.from_bytes(rgb[1::3].translate(_INK), "big")
    return Screen(width, height, rgb, (red | green).to_bytes(n, "big"))


def render_rows(font: psf.Font, text: str) -> list[bytes]:
    """The text as ink rows (one byte per pixel), as fbcon draws it at scale 1."""
    glyphs = [font.glyph_for(ch) for ch in text]
    rows = []
    for y in range(font.height):
        row = bytearray()
        for g in glyphs:
            row += bytes(1 if font.pixel(g, x, y) else 0 for x in range(font.width))
        rows.append(bytes(row))
    return rows


def find_text(screen: Screen, text: str, font: psf.Font | None = None) -> tuple[int, int] | None:
    """Top-left pixel of the first place (top to bottom) text appears exactly, or None."""
    found = find_all_text(screen, text, font, limit=1)
    return found[0] if found else None


def find_all_text(screen: Screen, text: str, font: psf.Font | None = None,
                  limit: int = 1000) -> list[tuple[int, int]]:
    """Top-left pixels of every place text appears exactly, top to bottom."""
    font = font or psf.load(FONT_PATH)
    found: list[tuple[int, int]] = []
    rows = render_rows(font, text)
    # Anchor on the glyph row with the most ink: fewest false candidates.
    anchor = max(range(len(rows)), key=lambda r: sum(rows[r]))
    w = screen.width
    for y in range(anchor, screen.height - (len(rows) - anchor) + 1):
        line = screen.ink[y * w:(y + 1) * w]
        x = line.find(rows[anchor])
        while x >= 0:
            top = y - anchor
            if all(screen.ink[(top + r) * w + x:(top + r) * w + x + len(rows[r])] == rows[r]
                   for r in range(len(rows))):
                found.append((x, top))
                if len(found) >= limit:
                    return found
            x = line.find(rows[anchor], x + 1)
    return found


def ink_colour(screen: Screen, font: psf.Font, text: str, at: tuple[int, int]) -> tuple[int, int, int]:
    """The colour of the first inked pixel of text drawn at `at`."""
    rows = render_rows(font, text)
    for r, row in enumerate(rows):
        x = row.find(1)
        if x >= 0:
            return screen.pixel(at[0] + x, at[1] + r)
    raise ValueError("text without ink")
