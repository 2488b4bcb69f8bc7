# SPDX-License-Identifier: BSD-2-Clause
"""napkin booted from the network (docs/HARDWARE.md "Boot a rack").

Each test makes a namespace with a tap and a dnsmasq serving DHCP and TFTP
from the folder `make netboot` writes (build/netboot/), boots QEMU with no
kernel and no disk from the network, and checks that napkin reaches
"napkin: ready", takes a lease from that dnsmasq, and answers ping and the
status page there.

- iPXE: QEMU's NIC option ROMs (Debian's ipxe-qemu) under SeaBIOS, on e1000
  and on virtio-net. dnsmasq tells iPXE (DHCP option 175) to fetch
  napkin.ipxe, which loads napkin32.elf by Multiboot1. Debian's virtio ROM
  declares the modern-only device id 1af4:1041 and SeaBIOS runs a ROM only
  for the id it declares, so the virtio-net device is made modern-only
  (disable-legacy=on); a transitional one (1af4:1000) gets no iPXE.
- GRUB: the i386-pc netboot image (core.0) that grub-mknetdir wrote, run by
  the same iPXE as a PXE program under SeaBIOS; and the x86_64-efi one
  (core.efi) loaded by OVMF's own PXE (its virtio-net driver, no option ROM).
  GRUB reads grub.cfg over TFTP and loads napkin.elf by Multiboot2.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from napkin_qemu import BUILD, Guest
from netns import NetNS, require_netns

NETBOOT = BUILD / "netboot"
ROMS = Path("/usr/lib/ipxe/qemu")
PEER = "192.168.77.1"
# NIC model -> the -device options that give it iPXE.
NICS = {
    "e1000": f"romfile={ROMS / 'pxe-e1000.rom'}",
    "virtio-net-pci": f"disable-legacy=on,romfile={ROMS / 'pxe-virtio.rom'}",
}


def require_netboot_tree() -> None:
    missing = [p for p in ("napkin.ipxe", "napkin32.elf", "napkin.elf",
                           "boot/grub/grub.cfg", "boot/grub/i386-pc/core.0",
                           "boot/grub/x86_64-efi/core.efi", "dnsmasq.conf.example")
               if not (NETBOOT / p).exists()]
    if missing:
        pytest.fail(f"build/netboot lacks {missing}: run `make netboot`", pytrace=False)
    roms = [r for r in ("pxe-e1000.rom", "pxe-virtio.rom") if not (ROMS / r).exists()]
    if roms:
        pytest.fail(f"{roms} missing from {ROMS} (the ipxe-qemu package, scripts/deps.sh)",
                    pytrace=False)


def boot_from_network(name: str, model: str, boot_file: str, ipxe_tag: bool,
                      uefi: bool = False, device_opts: str | None = None,
                      box_files: dict[str, str] | None = None,
                      dnsmasq_extra: list[str] | None = None,
                      served: str | None = None) -> str:
    """Boot from the network; box_files are added to a copy of the tree (per-box
    settings), dnsmasq_extra to dnsmasq's options; served: the file dnsmasq must
    have sent (boot_file unless the extra options pick another). Returns the
    serial output."""
    require_netns()
    require_netboot_tree()
    with NetNS("napkin-netboot") as ns:
        root = NETBOOT
        if box_files:
            root = ns.tmp / "netboot"
            shutil.copytree(NETBOOT, root)
            for rel, text in box_files.items():
                (root / rel).write_text(text)
        tap = ns.add_tap(addr4=PEER, ipv6=False)
        boot = ["--dhcp-match=set:ipxe,175", f"--dhcp-boot=tag:ipxe,{boot_file}"] if ipxe_tag \
            else [f"--dhcp-boot={boot_file}"]
        ns.start_dnsmasq(tap, ra=False, extra=["--enable-tftp", f"--tftp-root={root}"]
                         + boot + (dnsmasq_extra or []))
        opts = NICS[model] if device_opts is None else device_opts
        g = Guest(name, netns=ns, netboot=True, memory=256, uefi=uefi,
                  netdevs=tap.qemu_args(model, device_opts=opts))
        try:
            g.wait_ready(180)
            lease = g.wait_for(r"eth0: DHCP lease (192\.168\.77\.\d+)/24", 60).group(1)
            log = tap.extra["dnsmasq_log"].read_text()
            assert re.search(rf"sent .*/{re.escape(served or boot_file)} ", log), log[-2000:]
            ping = ns.run(["ping", "-c", "3", "-W", "2", lease], check=False, timeout=30)
            assert ping.returncode == 0, ping.stdout + ping.stderr
            page = ns.run(["python3", "-c",
                           "import sys, urllib.request; print(urllib.request.urlopen("
                           "sys.argv[1], timeout=20).read().decode())",
                           f"http://{lease}/stats.json"], timeout=40)
            stats = json.loads(page.stdout)
            assert stats["devices"][0]["inet"]["addr"] == lease, stats["devices"][0]
            return g.output
        finally:
            g.stop()


@pytest.mark.parametrize("model", sorted(NICS))
def test_ipxe_seabios(model):
    out = boot_from_network(f"test_netboot_ipxe_{model}", model, "napkin.ipxe", True)
    assert re.search(r"napkin \S+ booting \(Multiboot1 from iPXE", out), out[:2000]
    assert "command line: console=ttyS0,115200 ip=dhcp" in out, out[:2000]


def test_ipxe_box_script_from_dhcp():
    """One box's own script, chosen by dnsmasq by its MAC (docs/HARDWARE.md)."""
    box = (NETBOOT / "napkin.ipxe").read_text().replace(
        "ip=dhcp", "ip=dhcp napi.mode=napi")
    assert "napi.mode=napi" in box
    out = boot_from_network("test_netboot_ipxe_box", "e1000", "napkin.ipxe", True,
                            box_files={"box1.ipxe": box},
                            dnsmasq_extra=["--dhcp-host=52:54:00:12:34:56,set:box1",
                                           "--dhcp-boot=tag:ipxe,tag:box1,box1.ipxe"],
                            served="box1.ipxe")
    assert "command line: console=ttyS0,115200 ip=dhcp napi.mode=napi" in out, out[:2000]


def test_grub_pxe_seabios():
    # One box's own settings: boot/grub/box-<its MAC>.cfg (QEMU's default MAC).
    out = boot_from_network("test_netboot_grub_bios", "e1000", "boot/grub/i386-pc/core.0",
                            False, box_files={"boot/grub/box-52:54:00:12:34:56.cfg":
                                              'set napkin_args="napi.mode=napi"\n'})
    assert "napkin netboot: GRUB loading /napkin.elf" in out, out[:3000]
    assert re.search(r"command line: .*ip=dhcp napi\.mode=napi", out), out[:3000]
    assert re.search(r"napkin \S+ booting \(Multiboot2 from GRUB", out), out[:3000]


def test_grub_pxe_ovmf():
    out = boot_from_network("test_netboot_grub_uefi", "virtio-net-pci",
                            "boot/grub/x86_64-efi/core.efi", False, uefi=True,
                            device_opts="romfile=")
    assert "napkin netboot: GRUB loading /napkin.elf" in out, out[:3000]
    assert re.search(r"napkin \S+ booting \(Multiboot2 from GRUB", out), out[:3000]
    assert "firmware: UEFI" in out, out[:3000]


def test_example_dnsmasq_conf_parses():
    require_netboot_tree()
    res = subprocess.run(["dnsmasq", "--test", f"--conf-file={NETBOOT / 'dnsmasq.conf.example'}"],
                         capture_output=True, text=True, timeout=30)
    assert res.returncode == 0 and "syntax check OK" in res.stderr + res.stdout, \
        res.stdout + res.stderr
