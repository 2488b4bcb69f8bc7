# SPDX-License-Identifier: BSD-2-Clause
"""The serial shell: commands answer from the kernel's real state."""
import re
import time


def boot_shell(guest, append=""):
    g = guest(append=append)
    g.wait_for(r"napkin> ", 60)
    return g


def test_help_lists_commands(guest):
    g = boot_shell(guest)
    out = g.command("help")
    for name in ("dmesg", "uptime", "irq", "lspci", "set", "reboot", "poweroff"):
        assert re.search(rf"^\s+{name}\b", out, re.M), out


def test_help_explains_commands_and_command_line_keys(guest):
    """help KEY prints docs/CMDLINE.md's row, from the table built into the kernel."""
    g = boot_shell(guest)
    out = g.command("help napi.mode")
    assert "napi.mode (kernel command line" in out, out
    assert "type: choice: napi, irq, busypoll" in out and "default: napi" in out, out
    assert "bad value: logged, napi" in out, out
    out = g.command("help ip.eth1")  # a placeholder key
    assert out.lstrip().startswith("ip.<dev> (kernel command line"), out
    out = g.command("help stats")  # a command and a key of one name
    assert "stats [SECONDS]" in out and "stats (kernel command line" in out, out
    keys = g.command("help keys")
    assert re.search(r"^\s+webstatus\.port\s+number 1-65535", keys, re.M), keys
    assert "neither a command nor a command-line key" in g.command("help nosuch.key")


def test_dmesg_replays_boot_log(guest):
    g = boot_shell(guest)
    out = g.command("dmesg")
    assert re.search(r"^\[\s*\d+\.\d{6}\] napkin \S+ booting", out, re.M)
    assert "napkin: ready" in out


def test_uptime_advances(guest):
    g = boot_shell(guest)
    first = float(re.search(r"up (\d+\.\d+) s", g.command("uptime")).group(1))
    time.sleep(1.5)
    second = float(re.search(r"up (\d+\.\d+) s", g.command("uptime")).group(1))
    assert second - first >= 1.0


def test_serial_interrupts_are_counted(guest):
    g = boot_shell(guest)

    def tty_handled(out):
        # vector, delivered, spurious, unhandled, mode, owner
        m = re.search(r"^(\d+)\s+(\d+)\s+\d+\s+(\d+)\s+\S+\s+ttyS", out, re.M)
        assert m, out
        return int(m.group(2)) - int(m.group(3))

    before = tty_handled(g.command("irq"))
    for _ in range(5):
        g.command("uptime")
    after = tty_handled(g.command("irq"))
    # Each line is typed after the previous answer, and the shell learns of
    # input only through the UART's interrupt: one per line at least. One
    # interrupt drains the whole FIFO, so a line's bytes may share one (under
    # TCG they often do). A handled interrupt drained at least one byte, so
    # there are at most as many as bytes typed, line ends included; an
    # interrupt raised for a byte an earlier one already drained finds nothing
    # and counts as unhandled (under load that happens), so it is left out.
    typed = 5 * len("uptime\r") + len("irq\r")  # Guest.command ends a line with CR
    assert 6 <= after - before <= typed, (before, after)


def test_unknown_command_and_bad_set(guest):
    g = boot_shell(guest)
    assert "frobnicate: unknown command" in g.command("frobnicate now")
    out = g.command("set loglevel 12")
    assert "not a level from 0 to 8" in out
    assert re.search(r"^loglevel\s+7\b", g.command("set"), re.M)
    assert "loglevel = 4" in g.command("set loglevel 4")
    assert re.search(r"^loglevel\s+4\b", g.command("set"), re.M)
    assert "unknown key 'nosuch'" in g.command("set nosuch 1")


def test_poweroff_exits_qemu(guest):
    g = boot_shell(guest, append="test_exit")
    g.write("poweroff\r")
    # ACPI S5 powers QEMU off (status 0); isa-debug-exit would give 1.
    assert g.wait_exit(30) in (0, 1)
    assert "power off requested" in g.output


def test_net_tunables_validated(guest):
    g = boot_shell(guest)
    out = g.command("set")
    assert re.search(r"^net\.budget\s+300\b", out, re.M), out
    assert "not a valid value" in g.command("set net.budget 0")
    assert re.search(r"^net\.budget\s+300\b", g.command("set"), re.M)
    assert "net.budget = 600" in g.command("set net.budget 600")
    assert re.search(r"^net\.budget\s+600\b", g.command("set"), re.M)
    assert "not a valid value" in g.command("set napi.mode turbo")
    assert "napi.mode = busypoll" in g.command("set napi.mode busypoll")
    assert "mode busypoll" in g.command("napi")
    assert "no NAPI instance named 'nosuch'" in g.command("set napi.nosuch.weight 8")


def test_softnet_layout(guest):
    g = boot_shell(guest)
    out = g.command("softnet")
    lines = out.strip().split("\n")
    assert lines[0].startswith("processed dropped")
    # Linux's softnet_stat: 13 hex columns on the CPU's line.
    assert re.fullmatch(r"([0-9a-f]{8} ){12}[0-9a-f]{8}", lines[1].strip()), lines[1]


def test_stats_line_from_command_line(guest):
    g = guest(append="stats=1")
    g.wait_for(r"stats: .*irq/s \d+ polls/s \d+ squeeze \+\d+ drops \+\d+", 30)


def test_mem_reports_allocator_state(guest):
    g = boot_shell(guest, append="")
    out = g.command("mem")
    m = re.search(r"pages: (\d+) KiB total, (\d+) KiB free, (\d+) KiB used", out)
    assert m, out
    total, free, used = map(int, m.groups())
    # 128 MiB guest: most of it is free, and free + used cannot exceed total.
    assert 100 * 1024 < total <= 128 * 1024
    assert free + used <= total and used > 0
    assert re.search(r"heap: \d+ bytes in use", out)
