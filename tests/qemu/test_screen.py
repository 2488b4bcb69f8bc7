# SPDX-License-Identifier: BSD-2-Clause
"""The screen: boot the ISO under SeaBIOS and OVMF with several display
devices, take QEMU's screendump and find, drawn with the kernel's own font,
the boot banner (the title row), a log line in its level's colour and the
shell's echo; GRUB's text-mode entry and -kernel keep the VGA text mirror."""
import re
import secrets
import time
import tempfile
from pathlib import Path

import pytest

from screen_text import FONT_PATH, find_all_text, find_text, ink_colour, psf, read_ppm

WARNING_YELLOW = (0xff, 0xff, 0x55)  # fbcon's colour for KERN_WARNING

DISPLAYS = [
    pytest.param(False, [], id="seabios-vga-std"),
    pytest.param(True, [], id="ovmf-vga-std"),
    pytest.param(False, ["-vga", "none", "-device", "bochs-display"], id="seabios-bochs-display"),
    pytest.param(True, ["-vga", "none", "-device", "bochs-display"], id="ovmf-bochs-display"),
    # The framebuffer lies in guest RAM the firmware set aside.
    pytest.param(True, ["-vga", "none", "-device", "ramfb"], id="ovmf-ramfb"),
]


def screendump(g):
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "screen.ppm"
        out = g.monitor(f"screendump {path}")
        assert path.exists(), f"screendump wrote nothing: {out}"
        return read_ppm(path)


@pytest.mark.parametrize("uefi,extra", DISPLAYS)
def test_screen_shows_banner_log_and_shell(guest, uefi, extra):
    g = guest(iso=True, uefi=uefi, memory=128, extra=extra)
    g.wait_ready(120)
    out = g.output
    m = re.search(r"fbcon: (\d+)x(\d+) (\d+)bpp framebuffer", out)
    assert m, "no framebuffer console in the boot log"
    banner = re.search(r"\] (napkin \S+ booting \(Multiboot2 from [^)\n]*\))", out).group(1)
    token = "screen-" + secrets.token_hex(4)
    g.command(f"logger -p 4 {token}")  # 4: KERN_WARNING
    g.write("echo-on-screen")  # typed, not run: the shell echoes it after the prompt
    g.wait_for(r"echo-on-screen")
    time.sleep(0.3)  # the serial port gets each byte just before the screen does

    font = psf.load(FONT_PATH)
    screen = screendump(g)
    assert (screen.width, screen.height) == (int(m.group(1)), int(m.group(2)))
    at = find_text(screen, banner, font)
    assert at == (0, 0), f"banner {banner!r} not in the title row (found at {at})"
    # Twice: the command as typed (grey), then the log line it made (yellow).
    places = find_all_text(screen, token, font)
    colours = [ink_colour(screen, font, token, at) for at in places]
    assert len(places) == 2, f"{token!r} on the screen {len(places)} times, expected 2"
    assert colours[1] == WARNING_YELLOW, colours
    assert find_text(screen, "napkin> echo-on-screen", font) is not None, "shell line not mirrored"
    # Something that was never printed is not found: the matcher can fail.
    assert find_text(screen, "screen-" + secrets.token_hex(4), font) is None


def test_virtio_gpu_gives_no_framebuffer_and_boot_goes_on(guest):
    """OVMF's virtio-gpu GOP is blit-only: GRUB hands over no framebuffer and
    the kernel says so rather than drawing into nothing."""
    g = guest(iso=True, uefi=True, extra=["-vga", "none", "-device", "virtio-gpu-pci"])
    g.wait_ready(120)
    assert "fbcon: the loader gave no linear framebuffer" in g.output


def test_kernel_boot_keeps_vga_text_without_qemu_complaint(guest):
    """QEMU's -kernel loader sets no video mode: that copy does not ask for one."""
    g = guest(append="")
    g.wait_ready(60)
    assert "VBE" not in g.output
    assert "fbcon:" not in g.output


VGA_YELLOW_ON_BLACK = 0x0e


def vga_cells(g) -> list[int]:
    """The 80x25 text screen's cells (attribute << 8 | character), read from 0xB8000."""
    dump = g.monitor("xp /2000hx 0xb8000")
    cells = []
    for ln in dump.splitlines():
        _, _, values = ln.partition(":")
        cells += [int(v, 16) for v in values.split()]
    assert len(cells) == 2000, f"read {len(cells)} cells"
    return cells


def vga_text(cells: list[int]) -> str:
    text = "".join(chr(c & 0xff) if 0x20 <= (c & 0xff) < 0x7f else " " for c in cells)
    return "\n".join(text[i:i + 80] for i in range(0, len(text), 80))


def test_grub_text_entry_keeps_the_vga_text_mirror(guest):
    """GRUB's last entry boots in EGA text mode: no framebuffer; the VGA mirror shows
    the log, a warning in yellow, and the shell."""
    g = guest(iso=True)
    g.wait_for(r"executed automatically", 60)
    for key in ["end", "ret"]:  # the text entry is the menu's last; a key stops the countdown
        g.monitor(f"sendkey {key}")
    g.wait_ready(120)
    assert "fbcon:" not in g.output
    assert "hwinfo: screen: VGA text mode mirror" in g.output
    token = "vga-" + secrets.token_hex(4)
    g.command(f"logger -p 4 {token}")
    cells = vga_cells(g)
    screen = vga_text(cells)
    assert f"napkin> logger -p 4 {token}" in screen, screen
    flat = screen.replace("\n", "")
    at = flat.rindex(token)  # the log line, below the command that made it
    assert at != flat.index(token), screen
    assert cells[at] >> 8 == VGA_YELLOW_ON_BLACK, hex(cells[at])
