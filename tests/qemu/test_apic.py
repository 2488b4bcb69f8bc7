# SPDX-License-Identifier: BSD-2-Clause
"""The local APIC's mode (docs/HARDWARE.md, "Interrupt controllers").

Firmware hands over in x2APIC mode: OVMF switches the local APIC to x2APIC
when a CPU has an APIC ID above 255, which QEMU 10 allows under TCG with an
IOMMU doing interrupt remapping. A second CPU on a second die of a wide
topology gets APIC ID 256; napkin, on the boot CPU (ID 0), must stay in
x2APIC mode, refuse `apic=xapic` with the reason, and take a DHCP lease over
e1000e's MSI-X. Then `apic=` itself: honoured on napkin's test QEMU (QEMU 10,
tests/qdev), whose CPU has x2APIC, and refused by name on the installed QEMU
7.2, whose TCG has none.
"""
from __future__ import annotations

import re

import pytest

from napkin_qemu import napkin_nic_qemu, settings_disk

# Cold-plugged CPU 1 sits on die 1 of 130-core dies: APIC ID 256.
X2APIC_HANDOVER = ["-smp", "1,sockets=1,dies=2,cores=130,threads=1,maxcpus=260",
                   "-device", "max-x86_64-cpu,socket-id=0,die-id=1,core-id=0,thread-id=0",
                   "-device", "intel-iommu,intremap=on,eim=on"]
USER_NET = ["-netdev", "user,id=n0,restrict=on", "-device", "e1000e,netdev=n0"]


def test_firmware_x2apic_handover_is_kept(guest, tmp_path):
    g = guest(uefi=True, machine="q35", cpu="max,+x2apic", memory=256, qemu=napkin_nic_qemu(),
              netdevs=USER_NET,
              extra=X2APIC_HANDOVER + settings_disk(
                  tmp_path, 'set napkin_args="apic=xapic"\nset timeout=0\n'))
    g.wait_ready(240)
    out = g.output
    assert "apic=xapic" in re.search(r"command line: (.*)", out).group(1), g.log_path
    assert ("lapic: apic=xapic refused: firmware handed over in x2APIC mode, and leaving it "
            "means disabling the APIC") in out, g.log_path
    assert "lapic: x2APIC mode (firmware handed over in it; firmware left it x2APIC), id 0" \
        in out, g.log_path
    assert ("hwinfo: lapic: mode chosen because firmware handed over in it; firmware left it "
            "x2APIC; apic= refused") in out, g.log_path
    # The MADT lists the CPU with APIC ID 256 in an x2APIC entry (type 9).
    m = re.search(r"hwinfo: cpus: (\d+) in the MADT \((\d+) in x2APIC entries\), (\d+) enabled, "
                  r"APIC IDs up to (\d+)", out)
    assert m, g.log_path
    assert int(m.group(2)) >= 1 and m.group(3) == "2" and m.group(4) == "256", m.group(0)
    # Interrupts and the timer work: e1000e takes MSI-X and a lease from QEMU's DHCP.
    assert re.search(r"00:\w\w\.0 \[0200\] 8086:10d3 e1000 irq MSI-X", out), g.log_path
    g.wait_for(r"eth0: DHCP lease 10\.0\.2\.15/24", 60)
    assert "interrupt refused" not in g.output


@pytest.mark.parametrize("qemu,append,want", [
    ("qemu10", "apic=xapic", "lapic: xAPIC mode (apic= on the command line; firmware left it "
                             "xAPIC)"),
    ("qemu10", "apic=x2apic", "lapic: x2APIC mode (apic= on the command line; firmware left it "
                              "xAPIC)"),
    ("qemu7", "apic=x2apic", "lapic: apic=x2apic refused: the CPU has no x2APIC (CPUID.1:ECX "
                             "bit 21 is clear)"),
    ("qemu7", "apic=x3apic", 'cmdline: invalid value "x3apic" for apic: expected one of: '
                             'auto, xapic, x2apic; keeping default auto'),
])
def test_apic_on_the_command_line(guest, qemu, append, want):
    binary = {"qemu": napkin_nic_qemu(), "cpu": "max,+x2apic"} if qemu == "qemu10" else {}
    g = guest(append=f"console=ttyS0 {append}", machine="q35", **binary)
    g.wait_ready(120)
    assert want in g.output, g.log_path
    if qemu == "qemu7":
        assert "lapic: xAPIC mode (the CPU has no x2APIC; firmware left it xAPIC)" in g.output
    assert "napkin: ready" in g.output


@pytest.mark.parametrize("qemu,mode", [("qemu10", "x2APIC"), ("qemu7", "xAPIC")])
def test_self_ipis_through_the_icr(guest, qemu, mode):
    """The test image's `lapictest ipi N`: each IPI goes through the ICR (one
    64-bit MSR in x2APIC mode, two words of the page in xAPIC mode) and must
    arrive before the next is sent, so the EOIs work too."""
    binary = {"qemu": napkin_nic_qemu(), "cpu": "max,+x2apic"} if qemu == "qemu10" else {}
    g = guest(append="console=ttyS0", machine="q35", test_image=True, **binary)
    g.wait_ready(120)
    out = g.command("lapictest ipi 200", 60)
    assert re.search(rf"lapictest: 200 of 200 self-IPIs delivered on vector 0x\w+, {mode} mode, "
                     r"APIC ID 0", out), out
    # The vector was given back: a second run gets one again.
    assert "100 of 100" in g.command("lapictest ipi 100", 60)
    assert "usage: lapictest ipi N, with N from 1 to 1000" in g.command("lapictest ipi 0")
