# SPDX-License-Identifier: BSD-2-Clause
"""PCI enumeration and interrupt delivery on QEMU's pc (ports 0xCF8/0xCFC) and
q35 (ECAM) machines, each with several NICs and a device behind a bridge.

The boot listing must match what QEMU itself reports in `info pci` for the
same command line. With `pcitest=irq` the test image's module
tests/kernel/pcitest_irq.c makes every device interrupt on every mode it offers; the test checks each
interrupt arrived, was counted, and that handlers sharing an INTx line only
claimed their own device's interrupts.
"""
from __future__ import annotations

import re

import pytest

VIRTIO_VECTORS = 4


def nic(idx: int, model: str, opts: str = "") -> list[str]:
    dev = f"{model},netdev=n{idx},id=nic{idx}" + (f",{opts}" if opts else "")
    return ["-netdev", f"user,id=n{idx},restrict=on", "-device", dev]


def pc_devices() -> list[str]:
    # Slots 3 and 7 both land on PIRQD, so the two e1000s share ISA IRQ 11.
    return (nic(1, "e1000", "addr=3") + nic(2, "e1000e", "addr=4") +
            nic(3, "virtio-net-pci", f"addr=5,vectors={VIRTIO_VECTORS}") +
            ["-device", "pci-bridge,id=br1,chassis_nr=1,addr=6"] +
            nic(4, "e1000", "bus=br1,addr=1") + nic(5, "e1000", "addr=7"))


def q35_devices() -> list[str]:
    return (nic(1, "e1000", "addr=3") + nic(2, "e1000e", "addr=4") +
            nic(3, "virtio-net-pci", f"addr=5,vectors={VIRTIO_VECTORS},disable-legacy=off") +
            ["-device", "pcie-root-port,id=rp1,chassis=1,addr=6"] +
            nic(6, "e1000e", "bus=rp1") +
            ["-device", "pci-bridge,id=br1,chassis_nr=2,addr=7"] +
            nic(4, "e1000", "bus=br1,addr=1"))


MACHINES = {
    "pc": (pc_devices, "ports 0xCF8/0xCFC"),
    "q35": (q35_devices, "ECAM"),
}

# `info pci` names classes; the ones these machines have.
CLASS_NAMES = {
    "Host bridge": 0x0600, "ISA bridge": 0x0601, "PCI bridge": 0x0604, "Bridge": 0x0680,
    "IDE controller": 0x0101, "SATA controller": 0x0106, "VGA controller": 0x0300,
    "Ethernet controller": 0x0200, "SMBus": 0x0c05,
}


def bdf(bus: int, dev: int, fn: int) -> str:
    return f"{bus:02x}:{dev:02x}.{fn}"


def parse_napkin(out: str) -> dict[str, dict]:
    """The `pci: ...` listing napkin logs at boot."""
    devs: dict[str, dict] = {}
    for m in re.finditer(r"pci: ([0-9a-f]{2}:[0-9a-f]{2}\.\d) \[([0-9a-f]{4})\] "
                         r"([0-9a-f]{4}):([0-9a-f]{4})(.*)$", out, re.M):
        rest = m.group(5)
        d = {"class": int(m.group(2), 16), "vendor": int(m.group(3), 16),
             "device": int(m.group(4), 16), "bars": {}, "irq": None, "bridge": None,
             "rest": rest}
        pin = re.search(r"pin ([A-D]) line (\d+)", rest)
        if pin:
            d["irq"] = (pin.group(1), int(pin.group(2)))
        br = re.search(r"bridge to ([0-9a-f]{2})-([0-9a-f]{2})", rest)
        if br:
            d["bridge"] = (int(br.group(1), 16), int(br.group(2), 16))
        devs.setdefault(m.group(1), d)
    for m in re.finditer(r"pci: ([0-9a-f:.]+)   BAR(\d) (io|mem32|mem64) (0x[0-9a-f]+) "
                         r"size (0x[0-9a-f]+)( pref)?$", out, re.M):
        bars = devs[m.group(1)]["bars"]
        bars.setdefault(int(m.group(2)), ("io" if m.group(3) == "io" else m.group(3),
                                          int(m.group(4), 16), int(m.group(5), 16),
                                          bool(m.group(6))))
    return devs


def parse_info_pci(text: str) -> dict[str, dict]:
    """QEMU's `info pci`, in the same shape (ROM BARs and unmapped BARs left out)."""
    devs: dict[str, dict] = {}
    cur = None
    for line in text.splitlines():
        m = re.match(r"\s*Bus\s+(\d+), device\s+(\d+), function (\d+):", line)
        if m:
            cur = {"bars": {}, "irq": None, "bridge": None, "class": None}
            devs[bdf(*map(int, m.groups()))] = cur
            continue
        if cur is None:
            continue
        m = re.match(r"\s*(.+?): PCI device ([0-9a-f]{4}):([0-9a-f]{4})", line)
        if m:
            cur["class"] = CLASS_NAMES.get(m.group(1))
            cur["vendor"] = int(m.group(2), 16)
            cur["device"] = int(m.group(3), 16)
        m = re.match(r"\s*IRQ (\d+), pin ([A-D])", line)
        if m:
            cur["irq"] = (m.group(2), int(m.group(1)))
        m = re.match(r"\s*secondary bus (\d+)\.", line)
        if m:
            cur["bridge"] = (int(m.group(1)), None)
        m = re.match(r"\s*subordinate bus (\d+)\.", line)
        if m:
            cur["bridge"] = (cur["bridge"][0], int(m.group(1)))
        m = re.match(r"\s*BAR(\d): (?:I/O|(32|64) bit (prefetchable )?memory) at "
                     r"(0x[0-9a-f]+) \[(0x[0-9a-f]+)\]", line)
        if m and int(m.group(1)) < 6:
            base, end = int(m.group(4), 16), int(m.group(5), 16)
            if base == 0xffffffffffffffff:
                continue
            kind = "io" if m.group(2) is None else f"mem{m.group(2)}"
            cur["bars"][int(m.group(1))] = (kind, base, end - base + 1, bool(m.group(3)))
    return devs


@pytest.mark.parametrize("machine", sorted(MACHINES))
def test_listing_matches_qemu_info_pci(guest, machine):
    devices, method = MACHINES[machine]
    g = guest(machine=machine, append="loglevel=7", netdevs=devices())
    g.wait_ready(120)
    out = g.output
    assert f"pci: config access through {method}" in out
    ours = parse_napkin(out)
    theirs = parse_info_pci(g.monitor("info pci"))
    assert theirs, "could not parse QEMU's info pci"
    assert sorted(ours) == sorted(theirs)
    for addr, q in theirs.items():
        n = ours[addr]
        assert (n["vendor"], n["device"]) == (q["vendor"], q["device"]), addr
        if q["class"] is not None:
            assert n["class"] == q["class"], addr
        assert n["bars"] == q["bars"], addr
        if re.search(r" irq (MSI|MSI-X) ", n["rest"]):
            # A driver took message-signalled interrupts: napkin lists the
            # vectors instead of the INTx pin, which QEMU still reports.
            assert q["irq"] is not None, addr
        else:
            assert n["irq"] == q["irq"], addr
        assert n["bridge"] == q["bridge"], addr
    # Something really sits behind each bridge, and nothing was skipped as bogus.
    behind = [a for a in ours if not a.startswith("00:")]
    assert len(behind) >= (1 if machine == "pc" else 2)
    assert not re.search(r"pci: .*(skipped|broken|refused)", out), out
    if machine == "q35":
        # PCI Express extended capabilities are reachable through ECAM.
        assert re.search(r"pci: 01:00\.0 \[0200\] 8086:10d3 .*ext-caps [1-9]", out)
    else:
        assert "ext-caps" not in out


def drive_virtio(g, timeout: float = 120) -> None:
    """Toggle the virtio NIC's link whenever the test module waits for a config change."""
    pos = 0
    link_up = True
    waits = 0
    while True:
        # The whole line: with re.M, "$" also matches at the end of a line still arriving.
        m = g.wait_for(r"pcitest: (?:\S+ virtio-net \S+ entry \d+ vector 0x[0-9a-f]+: "
                       r"waiting for a config change|finished: \d+ devices, \d+ failed)\n",
                       timeout, pos)
        if m.group(0).startswith("pcitest: finished"):
            return
        pos = m.end()
        link_up = not link_up
        g.monitor(f"set_link nic3 {'on' if link_up else 'off'}")
        waits += 1
        assert waits < 20, "virtio test keeps asking for config changes"


RESULT = re.compile(r"pcitest: (\S+) (\S+) (MSI-X|MSI|INTx) entry (\d+) vector (0x[0-9a-f]+) "
                    r"raised (\d+) hits (\d+) declined (\d+) delivered (\d+) unhandled (\d+)$",
                    re.M)


@pytest.mark.parametrize("machine", sorted(MACHINES))
def test_interrupts_delivered_and_counted(guest, machine):
    devices, _ = MACHINES[machine]
    g = guest(machine=machine, append="loglevel=7 pcitest=irq", netdevs=devices(),
              test_image=True)
    g.wait_ready(120)
    drive_virtio(g)
    out = g.output
    m = re.search(r"pcitest: finished: (\d+) devices, (\d+) failed", out)
    assert m and int(m.group(2)) == 0, out[-4000:]
    assert not re.search(r"pcitest: .* FAILED", out)

    results: dict[tuple[str, str], list[dict]] = {}
    for r in RESULT.finditer(out):
        results.setdefault((r.group(1), r.group(3)), []).append({
            "kind": r.group(2), "entry": int(r.group(4)), "vector": int(r.group(5), 16),
            "raised": int(r.group(6)), "hits": int(r.group(7)), "declined": int(r.group(8)),
            "delivered": int(r.group(9)), "unhandled": int(r.group(10))})
    for (addr, mode), entries in results.items():
        for e in entries:
            # The device's own handler saw it, and kernel/x86/irq.c counted it.
            assert e["hits"] >= e["raised"] >= 1, (addr, mode, e)
            assert e["delivered"] >= e["hits"], (addr, mode, e)
            assert e["unhandled"] == 0, (addr, mode, e)
        if mode != "INTx":
            # One vector per entry, all different.
            assert len({e["vector"] for e in entries}) == len(entries), (addr, mode)

    kinds = {addr: es[0]["kind"] for (addr, _), es in results.items()}
    e1000e = [a for a, k in kinds.items() if k == "e1000e"]
    virtio = [a for a, k in kinds.items() if k == "virtio-net"]
    e1000 = [a for a, k in kinds.items() if k == "e1000"]
    assert e1000e and virtio and e1000
    for a in e1000e:
        assert len(results[(a, "MSI-X")]) == 5, "82574 has five MSI-X vectors"
        assert len(results[(a, "MSI")]) == 1
        assert (a, "INTx") in results
    for a in virtio:
        assert len(results[(a, "MSI-X")]) == VIRTIO_VECTORS
        assert (a, "INTx") in results
    for a in e1000:
        assert (a, "INTx") in results and (a, "MSI-X") not in results
    # Every device behind a bridge interrupted too.
    assert any(not a.startswith("00:") for a in kinds)

    # On pc the e1000s in slots 3 and 7 share ISA IRQ 11 and register at
    # the same time; 00:03.0 raises first, while 00:07.0's handler is already
    # on the vector, so that handler must have declined an interrupt that was
    # not its device's, and each claimed exactly its own.
    if machine == "pc":
        a, b = results[("00:03.0", "INTx")][0], results[("00:07.0", "INTx")][0]
        assert a["vector"] == b["vector"]
        assert a["hits"] == a["raised"] and b["hits"] == b["raised"]
        assert b["declined"] >= 1
        assert b["delivered"] >= 2
