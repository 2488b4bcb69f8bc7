# SPDX-License-Identifier: BSD-2-Clause
"""ACPI through the AML interpreter (ACPICA, kernel/acpi/): PCI INTx routed by
_PRT on q35 and pc, through a PCIe root port and a PCI-PCI bridge, checked
against how QEMU wires the pins and against the interrupts that really arrive;
`pci=nomsi` with every QEMU NIC on a real network; power-off (S5), reboot
(the FADT reset register) and the power button (an SCI) through ACPICA under
SeaBIOS and OVMF.

The expected GSIs come from QEMU's chipset wiring, written out below from
QEMU's own rules, not from napkin's code:
  q35 (ICH9, APIC mode): slots 0x00-0x17 rotate over PIRQ E..H by
      (slot + pin) mod 4, slot 0x18 uses E..H by pin, slots 0x19-0x1f use
      A..D by pin; PIRQ A..H arrive on GSI 16..23.
  pc (PIIX): slot s pin p (0-based) uses PIRQ (s + p - 1) mod 4 -> link
      LNKA..LNKD, which SeaBIOS sets to IRQ 10, 10, 11, 11.
  A PCI-PCI bridge or PCIe port hands pin p of its device d up as pin
      (p + d) mod 4 on its own slot (0-based pins).
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from napkin_qemu import Guest  # noqa: E402
from netns import NetNS, require_netns  # noqa: E402
from test_net import NICS, PEER, boot, elf_symbols  # noqa: E402

ROUTE_RX = re.compile(r"acpi: INTx (\S+) pin ([A-D]) -> GSI (\d+) (level|edge)/(high|low) "
                      r"via (.*?); config-space line (.*)$", re.M)
IRQ_RX = re.compile(r"^\d+\s+(\d+)\s+\d+\s+\d+\s+IO-APIC-level\s+INTx gsi (\d+)", re.M)
SEABIOS_PIIX_IRQS = [10, 10, 11, 11]


def q35_root_gsi(slot: int, pin: int) -> int:
    """pin 0..3 (INTA..INTD) of a device on q35's root bus."""
    if slot < 0x18:
        return 16 + 4 + (slot + pin) % 4
    if slot == 0x18:
        return 16 + 4 + pin
    return 16 + pin


def pc_root_link(slot: int, pin: int) -> int:
    """PIIX PIRQ index (0 = A) for pin 0..3 of a device on pc's root bus."""
    return (slot + pin - 1) % 4


def pc_root_gsi(slot: int, pin: int) -> int:
    return SEABIOS_PIIX_IRQS[pc_root_link(slot, pin)]


def through_bridge(bridge_slot: int, dev_slot: int, pin: int) -> tuple[int, int]:
    """The (slot, pin) on the bus above for pin of dev_slot behind a bridge."""
    return bridge_slot, (pin + dev_slot) % 4


def routes(out: str) -> dict[str, tuple[int, str, str]]:
    """bdf -> (gsi, how, config-space verdict) from the boot report."""
    return {m.group(1): (int(m.group(3)), m.group(6), m.group(7)) for m in ROUTE_RX.finditer(out)}


def intx_deliveries(g: Guest) -> dict[int, int]:
    """GSI -> interrupts delivered on its vector, from the shell's irq command."""
    return {int(m.group(2)): int(m.group(1)) for m in IRQ_RX.finditer(g.command("irq"))}


def user_nic(n: int, device: str, opts: str = "") -> list[str]:
    """A NIC on QEMU's built-in network that reaches nothing outside (restrict=on)."""
    return ["-netdev", f"user,id=u{n},restrict=on",
            "-device", f"{device},netdev=u{n}" + (f",{opts}" if opts else "")]


def check_acpica_up(out: str) -> None:
    assert re.search(r"acpi: ACPICA [0-9a-f]{8} up in \d+ ms", out), out[-3000:]
    assert "ACPI Error" not in out and "ACPI Exception" not in out, out


def test_q35_intx_through_prt_root_port_and_bridge(guest):
    # e1000 on the root bus at slot 2; an e1000e behind a PCIe root port at
    # slot 6; an e1000 at slot 3 behind a PCI-PCI bridge at slot 7. pci=nomsi
    # makes the e1000e use INTx too.
    extra = (user_nic(0, "e1000", "addr=0x2")
             + ["-device", "pcie-root-port,id=rp1,bus=pcie.0,addr=0x6,chassis=1"]
             + user_nic(1, "e1000e", "bus=rp1")
             + ["-device", "pci-bridge,id=br1,bus=pcie.0,addr=0x7,chassis_nr=2"]
             + user_nic(2, "e1000", "bus=br1,addr=0x3"))
    g = guest(machine="q35", memory=256, append="pci=nomsi", netdevs=[], extra=extra)
    g.wait_ready(120)
    out = g.output
    check_acpica_up(out)
    assert r"acpi: \_PIC(1): firmware told napkin uses the IOAPIC" in out
    # q35's host bridge is PCIe and has _OSC: told what napkin supports, no control taken.
    assert re.search(r"acpi: \\_SB_\.PCI0 _OSC: napkin supports extended config, segments, "
                     r"MSI; no native control asked", out), out[-3000:]
    r = routes(out)
    want = {
        "00:02.0": q35_root_gsi(2, 0),
        "01:00.0": q35_root_gsi(*through_bridge(6, 0, 0)),
        "02:03.0": q35_root_gsi(*through_bridge(7, 3, 0)),
        "00:1f.2": q35_root_gsi(0x1f, 0),
    }
    for bdf, gsi in want.items():
        assert bdf in r, f"no route logged for {bdf}; log: {g.log_path}"
        assert r[bdf][0] == gsi, f"{bdf}: {r[bdf]} but QEMU wires GSI {gsi}"
    assert "_PRT entry 00:02 INTA -> \\_SB_.GSI" in r["00:02.0"][1]
    assert "bridge swizzle from 01:00 INTA" in r["01:00.0"][1]
    assert "bridge swizzle from 02:03 INTA, _PRT entry 00:07 INTD" in r["02:03.0"][1]
    # SeaBIOS leaves the 8259 routing in config space: napkin says it differs.
    assert r["00:02.0"][2].endswith("mismatch"), r["00:02.0"]
    assert re.search(r"pci: 00:02\.0: INTx pin A -> GSI 22 .*mismatch: config-space line \d+",
                     out)
    # Each NIC runs on INTx and its interrupts arrive on the GSI ACPI named.
    for eth in ("eth0", "eth1", "eth2"):
        g.wait_for(rf"{eth}: DHCP lease", 60)
    assert "01:00.0 [0200] 8086:10d3 e1000 irq INTx" in out
    delivered = intx_deliveries(g)
    for gsi in set(want[b] for b in ("00:02.0", "01:00.0", "02:03.0")):
        assert delivered.get(gsi, 0) > 0, f"nothing delivered on GSI {gsi}: {delivered}"


def test_pc_intx_through_link_devices_and_bridge(guest):
    extra = (user_nic(0, "e1000", "addr=0x3")
             + ["-device", "pci-bridge,id=br1,addr=0x7,chassis_nr=1"]
             + user_nic(1, "e1000", "bus=br1,addr=0x3"))
    g = guest(machine="pc", memory=256, netdevs=[], extra=extra)
    g.wait_ready(120)
    out = g.output
    check_acpica_up(out)
    assert r"\_SB_.PCI0 has no _OSC: firmware keeps PCIe control" in out
    r = routes(out)
    up = through_bridge(7, 3, 0)
    want = {"00:03.0": (pc_root_gsi(3, 0), "LNK" + "ABCD"[pc_root_link(3, 0)]),
            "01:03.0": (pc_root_gsi(*up), "LNK" + "ABCD"[pc_root_link(*up)])}
    for bdf, (gsi, link) in want.items():
        assert bdf in r, f"no route logged for {bdf}; log: {g.log_path}"
        assert r[bdf][0] == gsi and r[bdf][1].endswith(f"\\_SB_.{link}"), r[bdf]
        # SeaBIOS programmed the PIIX router itself: the byte agrees here.
        assert r[bdf][2].endswith("agrees"), r[bdf]
    for eth in ("eth0", "eth1"):
        g.wait_for(rf"{eth}: DHCP lease", 60)
    delivered = intx_deliveries(g)
    for gsi, _ in want.values():
        assert delivered.get(gsi, 0) > 0, f"nothing delivered on GSI {gsi}: {delivered}"


BRIDGE_PRT_ASL = Path(__file__).resolve().parent / "acpi_bridge_prt.asl"


def test_pc_bridge_prt_with_disabled_link(guest, tmp_path):
    """A bridge with its own _PRT and a link firmware left disabled (our SSDT)."""
    assert shutil.which("iasl"), "iasl missing: scripts/deps.sh installs acpica-tools"
    up = through_bridge(7, 3, 0)
    irq = pc_root_gsi(*up)
    asl = tmp_path / "bridge_prt.asl"
    asl.write_text(BRIDGE_PRT_ASL.read_text().replace("@IRQ@", str(irq)))
    res = subprocess.run(["iasl", "-p", str(tmp_path / "bridge_prt"), str(asl)],
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stdout + res.stderr
    extra = (["-acpitable", f"file={tmp_path / 'bridge_prt.aml'}",
              "-device", "pci-bridge,id=br1,addr=0x7,chassis_nr=1"]
             + user_nic(0, "e1000", "bus=br1,addr=0x3"))
    g = guest(machine="pc", memory=256, netdevs=[], extra=extra)
    g.wait_ready(120)
    out = g.output
    check_acpica_up(out)
    assert f"acpi: link \\_SB_.LNKX was disabled: given IRQ {irq} from its _PRS" in out, \
        out[-3000:]
    r = routes(out)
    assert r["01:03.0"][0] == irq, r["01:03.0"]
    # The bridge's own table answered: no swizzle.
    assert r["01:03.0"][1] == "_PRT entry 01:03 INTA -> \\_SB_.LNKX", r["01:03.0"]
    g.wait_for(r"eth0: DHCP lease", 60)
    assert intx_deliveries(g).get(irq, 0) > 0


def test_without_acpica_intx_falls_back_to_config_space(guest):
    g = guest(machine="q35", append="acpi.aml=off", netdevs=[],
              extra=user_nic(0, "e1000", "addr=0x2"))
    g.wait_ready(120)
    out = g.output
    assert "acpi.aml=off: no AML interpreter" in out
    assert "ACPICA" not in out and "acpi: INTx" not in out
    m = re.search(r"00:02\.0 \[0200\] 8086:100e e1000 irq INTx pin A line (\d+) gsi (\d+)", out)
    assert m and m.group(1) == m.group(2), out[-3000:]
    assert re.search(rf"pci: 00:02\.0: INTx pin A -> GSI {m.group(2)} \(level, active high\) via "
                     rf"config-space interrupt line {m.group(1)} \(no ACPI interpreter\)", out)
    g.wait_for(r"eth0: DHCP lease", 60)
    assert intx_deliveries(g).get(int(m.group(2)), 0) > 0


# ---- pci=nomsi on a real network, every QEMU NIC ----

@pytest.mark.parametrize("nic_name", list(NICS))
def test_nomsi_network(nic_name):
    nic = NICS[nic_name]
    require_netns()
    assert nic.driver_symbol in elf_symbols(), f"no driver for {nic.device} in the kernel"
    with NetNS() as ns:
        tap = ns.add_tap(queues=nic.queues)
        ns.start_dnsmasq(tap)
        g = boot(f"acpi-nomsi-{nic_name}", nic, "pci=nomsi", ns, tap)
        try:
            m = g.wait_for(r"eth0: DHCP lease (\d+\.\d+\.\d+\.\d+)/", 90)
            addr = m.group(1)
            # Settled: the stack has moved on to IPv6 after binding the lease.
            g.wait_for(r"eth0: IPv6 address \S+ \(link-local\)", 30)
            out = g.output
            assert "pci=nomsi: MSI and MSI-X off" in out
            assert not re.search(r"irq MSI", out), out
            assert re.search(r"\[0200\] \S+ \S+ irq INTx pin [A-D] line \d+ gsi \d+", out)
            res = ns.run(["ping", "-c", "100", "-i", "0.02", "-W", "2", "-q", addr],
                         check=False, timeout=60)
            assert " 100 received" in res.stdout, f"{res.stdout}\nlog: {g.log_path}"
            res = ns.run(["python3", PEER, "udp-echo", addr, "0", "1", "512", "1472", "1473",
                          "8000", "65507"], check=False, timeout=60)
            assert '"ok": true' in res.stdout, f"{res.stdout} {res.stderr}\nlog: {g.log_path}"
        finally:
            g.stop()


# ---- power ----

FIRMWARES = [("seabios", "pc"), ("seabios", "q35"), ("ovmf", "q35")]


def boot_for_power(guest, firmware: str, machine: str) -> Guest:
    if firmware == "ovmf":
        g = guest(machine=machine, uefi=True)
    else:
        g = guest(machine=machine)
    g.wait_ready(180)
    check_acpica_up(g.output)
    return g


@pytest.mark.parametrize("firmware,machine", FIRMWARES)
def test_poweroff_through_acpi(guest, firmware, machine):
    g = boot_for_power(guest, firmware, machine)
    g.write("poweroff\r")
    # No test_exit on the command line: only a real S5 ends QEMU with status 0.
    assert g.wait_exit(60) == 0
    out = g.output
    assert "power off: entering S5 through ACPI" in out
    assert "S5 did not take" not in out and "static tables' values" not in out


@pytest.mark.parametrize("firmware,machine", FIRMWARES)
def test_reboot_through_acpi_reset_register(guest, firmware, machine):
    g = boot_for_power(guest, firmware, machine)
    g.write("reboot\r")
    # -no-reboot turns the reset into QEMU exiting with status 0.
    assert g.wait_exit(60) == 0
    out = g.output
    assert "reboot: through the ACPI reset register" in out
    assert "still running" not in out and "reset register unusable" not in out
    assert "static tables)" not in out
    if machine == "pc":
        # QEMU's PIIX FADT is revision 1, without a reset register: ACPICA says
        # so and the reset comes from the next method (port 0xCF9).
        assert "acpi: no ACPI reset register" in out
        assert "the FADT offers no reset register; trying the next way" in out
    else:
        assert "acpi: reset register: I/O 0xcf9" in out
        assert "the FADT offers no reset register" not in out


@pytest.mark.parametrize("firmware,machine", FIRMWARES)
def test_power_button_powers_off(guest, firmware, machine):
    """QEMU's power button: an SCI through the IOAPIC, ACPICA's fixed event, then S5."""
    g = boot_for_power(guest, firmware, machine)
    m = re.search(r"acpica: SCI on IRQ (\d+) -> GSI (\d+) \((level|edge)", g.output)
    assert m, g.output[-3000:]
    g.monitor("system_powerdown")
    assert g.wait_exit(60) == 0
    out = g.output
    assert "acpi: power button pressed: powering off" in out
    assert "power off: entering S5 through ACPI" in out
