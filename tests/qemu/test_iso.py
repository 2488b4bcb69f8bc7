# SPDX-License-Identifier: BSD-2-Clause
"""What the ISO carries and how its GRUB menu behaves (boot/grub.cfg, docs/CMDLINE.md,
docs/LICENSES.md): the licence files, the menu's entries, a napkin.cfg on another disk,
and the real-LAN entry's netconsole to the broadcast of a DHCP-learned subnet."""
from __future__ import annotations

import ast
import re
import subprocess
import time
from pathlib import Path

from napkin_qemu import ISO, settings_disk
from netns import NetNS, require_netns


def iso_file(path: str, tmp_path: Path) -> str:
    """One file of the ISO, read with xorriso as any user of the image would."""
    out = tmp_path / Path(path).name
    subprocess.run(["xorriso", "-osirrox", "on", "-indev", str(ISO), "-extract", path, str(out)],
                   check=True, capture_output=True, timeout=60)
    return out.read_text()


def iso_listing(directory: str) -> set[str]:
    out = subprocess.run(["xorriso", "-indev", str(ISO), "-find", directory, "-type", "f"],
                         check=True, capture_output=True, text=True, timeout=60).stdout
    return {line.strip("'") for line in out.split()}


def installed_source(package: str) -> str:
    return subprocess.run(["dpkg-query", "-W", "-f=${source:Package} ${source:Version}",
                           package], check=True, capture_output=True, text=True).stdout


def test_iso_carries_the_licences_of_what_it_ships(tmp_path):
    files = iso_listing("/licenses")
    for name in ("README", "napkin-LICENSE", "lwIP-COPYING", "lwIP-debian-copyright",
                 "ACPICA-LICENSE", "ACPICA-NOTICE",
                 "console-setup-linux-copyright", "console-setup-linux-copyright.fonts",
                 "grub-pc-bin-copyright", "grub-efi-amd64-bin-copyright",
                 "grub-common-copyright", "mtools-copyright", "GPL-3", "GPL-2"):
        assert f"/licenses/{name}" in files, files
    assert "Version 3, 29 June 2007" in iso_file("/licenses/GPL-3", tmp_path)
    assert "Redistributions in binary form must reproduce" in iso_file("/licenses/ACPICA-LICENSE",
                                                                       tmp_path)
    assert "Intel Corp" in iso_file("/licenses/ACPICA-NOTICE", tmp_path)
    # The screen font (Lat15-VGA16) is drawn from u_vga16.bdf, whose notice
    # must be kept in every copy.
    fonts = iso_file("/licenses/console-setup-linux-copyright.fonts", tmp_path)
    assert "== u_vga16.bdf" in fonts and "Dmitry Bolkhovityanov" in fonts
    assert "Version 2, June 1991" in iso_file("/licenses/GPL-2", tmp_path)
    lwip = iso_file("/licenses/lwIP-COPYING", tmp_path)
    assert "Redistribution and use in source and binary forms" in lwip
    assert "Swedish Institute of Computer Science" in lwip
    assert "GNU GRUB" in iso_file("/licenses/grub-pc-bin-copyright", tmp_path)
    assert iso_file("/licenses/napkin-LICENSE", tmp_path).startswith("BSD 2-Clause License")
    readme = iso_file("/licenses/README", tmp_path)
    # The exact GRUB and mtools source packages, as installed when the ISO was built.
    grub_src, grub_version = installed_source("grub-pc-bin").split()
    assert f"apt-get source {grub_src}={grub_version}" in readme, readme
    mtools_src, mtools_version = installed_source("mtools").split()
    assert f"{mtools_src}" in readme and mtools_version in readme, readme
    assert "src/core/tcp.c" in readme and "lwIP" in readme


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
    g = guest(iso=True, extra=settings_disk(
        tmp_path, 'set napkin_args="loglevel=8 stats=7"\nset default=2\nset timeout=0\n'))
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


LISTENER = ("import socket, time\n"
            "s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\n"
            "s.setsockopt(socket.SOL_SOCKET, 33, 32 << 20)\n"  # SO_RCVBUFFORCE: boot bursts
            "s.bind(('', 6666))\n"
            "s.settimeout(0.2)\n"
            "end = time.time() + 60\n"
            "print('ready', flush=True)\n"
            "while time.time() < end:\n"
            "    try:\n"
            "        d, a = s.recvfrom(65536)\n"
            "    except socket.timeout:\n"
            "        continue\n"
            "    print(repr((a[0], d)), flush=True)\n"
            "    if b'lan entry probe' in d:\n"
            "        break\n")


def test_lan_entry_logs_to_the_broadcast_of_the_dhcp_subnet(guest, tmp_path):
    """The menu's real-LAN entry: a DHCP address, and the log to that subnet's broadcast
    address, where a listener that napkin was never told about receives it."""
    require_netns()
    with NetNS() as ns:
        tap = ns.add_tap(addr4="192.168.78.1")
        ns.start_dnsmasq(tap)
        listener = ns.popen(["python3", "-c", LISTENER], text=True)
        assert listener.stdout.readline().strip() == "ready"
        g = guest(iso=True, netdevs=tap.qemu_args("virtio-net-pci"), netns=ns,
                  extra=settings_disk(tmp_path, "set default=1\nset timeout=0\n"))
        g.wait_for(r"napkin> ", 180)
        g.wait_for(r"target 192\.168\.78\.255:6666 via eth0 from 192\.168\.78\.\d+:6665 "
                   r"\(broadcast\) ready", 60)
        assert "netconsole=@/,6666@broadcast/" in g.output
        time.sleep(0.5)
        g.command("logger lan entry probe")
        out, _ = listener.communicate(timeout=90)
    got = [ast.literal_eval(line) for line in out.splitlines() if line]
    text = b"".join(d for _, d in got).decode()
    assert "napkin 0.1 booting" in text and "lan entry probe" in text, text[-1500:]
    # From the address DHCP gave (dnsmasq's range), not a configured one.
    assert all(a.startswith("192.168.78.") and a != "192.168.78.1" for a, _ in got), got[:3]
