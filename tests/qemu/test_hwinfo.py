# SPDX-License-Identifier: BSD-2-Clause
"""The boot report (`hwinfo`) against what QEMU was told: memory size, CPU
count, the NIC models and where they sit, the interrupt controllers."""
import ast
import re

import pytest

from netns import LineReader, NetNS, require_netns

MEMORY_MIB = 192
CPUS = 2


def user_nic(idx: int, model: str) -> list[str]:
    # restrict=on: user networking that reaches nothing outside the guest.
    return ["-netdev", f"user,id=n{idx},restrict=on", "-device", f"{model},netdev=n{idx}"]


def hw_lines(text: str) -> list[str]:
    return re.findall(r"hwinfo: (.*)", text)


def find(lines: list[str], pattern: str) -> re.Match:
    for ln in lines:
        m = re.search(pattern, ln)
        if m:
            return m
    raise AssertionError(f"no hwinfo line matches /{pattern}/:\n" + "\n".join(lines))


@pytest.mark.parametrize("machine", ["pc", "q35"])
def test_hwinfo_matches_the_machine(guest, machine):
    g = guest(append="", machine=machine, memory=MEMORY_MIB, extra=["-smp", str(CPUS)],
              netdevs=user_nic(0, "e1000") + user_nic(1, "virtio-net-pci"))
    g.wait_ready(90)
    boot = hw_lines(g.output)
    assert boot and boot[-1] == "end of report", "no boot report"

    lines = hw_lines(g.command("hwinfo"))
    # The shell's copy and the log's copy are the same report.
    assert lines[0].startswith("napkin ") and lines[-1] == "end of report"

    assert int(find(lines, r"cpus: (\d+) in the MADT \(0 in x2APIC entries\), (\d+) enabled, "
                           r"APIC IDs up to \d+").group(2)) == CPUS
    find(lines, r'cpu: \w+ ".*" family \d+ model \d+ stepping \d+, TSC \d+\.\d+ MHz')
    usable = int(find(lines, r"memory: (\d+) MiB usable").group(1))
    assert MEMORY_MIB * 0.9 < usable <= MEMORY_MIB
    ranges = [ln for ln in lines if re.match(r"memory: 0x[0-9a-f]{16}-0x[0-9a-f]{16} \w", ln)]
    assert len(ranges) >= 2

    tables = find(lines, r"acpi: revision \d+ \(\w+\), OEM \"[^\"]*\", \d+ tables: (.*)").group(1)
    for sig in ("FACP", "APIC", "DSDT"):
        assert sig in tables.split(), tables
    if machine == "q35":
        assert "MCFG" in tables.split(), tables
    find(lines, r"lapic: id 0 at 0xfee00000")
    find(lines, r"ioapic: id \d+ at 0xfec00000, version 0x[0-9a-f]+, GSIs 0-23 \(24 pins\)")

    # Every PCI function is listed, with its driver or "no driver".
    pci = [ln for ln in lines if re.match(r"pci: [0-9a-f]{2}:[0-9a-f]{2}\.\d ", ln)]
    assert len(pci) == int(find(lines, r"pci: (\d+) functions").group(1))
    assert any(ln.endswith(": no driver") for ln in pci), "the host bridge has no driver"
    e1000 = find(lines, r"pci: (\S+) \[0200\] 8086:(100e|10d3) rev [0-9a-f]{2} .*: e1000$")
    virtio = find(lines, r"pci: (\S+) \[0200\] 1af4:1000 .*: virtio-net$")

    nic0 = find(lines, r"nic (eth\d): e1000 at (\S+), 8086:\w+ chip rev 0x[0-9a-f]{2}, "
                       r"mac 52:54:00(:[0-9a-f]{2}){3}, link (up|down)[^,]*, irq (.*)")
    assert nic0.group(2) == e1000.group(1)
    assert re.match(r"(INTx on GSI \d+|MSI(-X)?, \d+ vectors?)$", nic0.group(5))
    nic1 = find(lines, r"nic (eth\d): virtio-net at (\S+), 1af4:1000 chip rev 0x00, .*"
                       r"irq (MSI-X|MSI|INTx)")
    assert nic1.group(2) == virtio.group(1)
    assert {nic0.group(1), nic1.group(1)} == {"eth0", "eth1"}
    find(lines, r"screen: VGA text mode mirror")  # -kernel leaves text mode


def test_hwinfo_boot_report_can_be_skipped(guest):
    g = guest(append="hwinfo=0")
    g.wait_ready(60)
    assert "hwinfo:" not in g.output
    assert not re.search(r'unknown.*"hwinfo"', g.output), "hwinfo=0 not taken as a key"


def test_hwinfo_travels_by_netconsole(guest):
    """The report is printk output: a machine without a serial port sends it."""
    require_netns()
    with NetNS(prefix="napkin-hw") as ns:
        tap = ns.add_tap(addr4="10.9.0.1", prefix6=None)
        listener = ns.udp_listener(6666, 90)
        g = guest(append=f"netconsole=@10.9.0.2/,@10.9.0.1/{tap.peer_mac} "
                  "test_exit exit_status=0",
                  netdevs=tap.qemu_args("e1000"), netns=ns)
        g.wait_exit(60)
        # The report's last line is the event; the guest sent it before exiting.
        reader = LineReader(listener)
        reader.read_until(lambda lines: any("end of report" in ln for ln in lines), 30)
        reader.stop()
        text = b"".join(ast.literal_eval(ln) for ln in reader.lines).decode()
    assert re.search(r"hwinfo: nic eth0: e1000 at \S+, 8086:100e chip rev 0x03", text), text[-2000:]
    assert "hwinfo: end of report" in text
