# SPDX-License-Identifier: BSD-2-Clause
"""What the ISO carries and how its GRUB menu behaves (boot/grub.cfg, docs/CMDLINE.md)."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

from napkin_qemu import ISO


def iso_file(path: str, tmp_path: Path) -> str:
    """One file of the ISO, read with xorriso as any user of the image would."""
    out = tmp_path / Path(path).name
    subprocess.run(["xorriso", "-osirrox", "on", "-indev", str(ISO), "-extract", path, str(out)],
                   check=True, capture_output=True, timeout=60)
    return out.read_text()


def menu_entries(cfg: str) -> dict[str, str]:
    """{title: multiboot line} of every menuentry."""
    return dict(re.findall(r'^menuentry "([^"]+)" \{\n\s*(multiboot2? [^\n]+)', cfg, re.M))


def test_menu_says_which_entry_is_for_qemu_and_which_for_a_lan(tmp_path):
    entries = menu_entries(iso_file("/boot/grub/grub.cfg", tmp_path))
    assert len(entries) >= 3, entries
    qemu = [t for t, line in entries.items() if "10.0.2.15" in line]
    assert qemu and all("QEMU user network" in t for t in qemu), entries
    lan = [t for t, line in entries.items() if "netconsole=@/,6666@broadcast/" in line]
    assert lan and "ip=dhcp" in entries[lan[0]] and "LAN" in lan[0], entries
    # Every entry takes the operator's additions from napkin.cfg.
    assert all(line.endswith(" $napkin_args") for line in entries.values()), entries


def test_napkin_cfg_on_another_disk_changes_the_defaults(guest, tmp_path):
    cfg = tmp_path / "napkin.cfg"
    cfg.write_text('set napkin_args="loglevel=8 stats=7"\nset default=2\nset timeout=0\n')
    disk = tmp_path / "settings.img"
    subprocess.run(["mformat", "-i", str(disk), "-C", "-f", "1440", "::"], check=True,
                   capture_output=True)
    subprocess.run(["mcopy", "-i", str(disk), str(cfg), "::/napkin.cfg"], check=True,
                   capture_output=True)
    g = guest(iso=True, extra=["-drive", f"file={disk},format=raw,if=ide,index=0",
                               "-boot", "d"])
    g.wait_ready(180)
    line = re.search(r"command line: (.*)", g.output).group(1).strip()
    # Entry 2 (the QEMU one), with napkin.cfg's keys last.
    assert "ip=10.0.2.15:" in line and line.endswith("loglevel=8 stats=7"), line
    assert "unknown parameter" not in g.output


def test_without_napkin_cfg_the_first_entry_boots_quietly(guest):
    g = guest(iso=True)
    g.wait_ready(180)
    line = re.search(r"command line: (.*)", g.output).group(1).strip()
    assert line == "console=ttyS0,115200 ip=dhcp", line
    assert "error:" not in g.output.split("command line:")[0]
