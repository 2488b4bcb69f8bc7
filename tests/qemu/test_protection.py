# SPDX-License-Identifier: BSD-2-Clause
"""Memory protection: each `fault=` protection kind must end in a clear panic
dump on the serial console and on netconsole, with the test exit status (a
triple fault would instead reset the machine, which -no-reboot turns into a
plain QEMU exit with status 0)."""
import ast
import re

import pytest

from napkin_qemu import PANIC_EXIT_STATUS
from netns import LineReader, NetNS, require_netns

GUEST_IP = "10.9.0.2"

# kind, what the dump must say, the function the dump must name
CASES = [
    ("write-text", r"write \(protection violation\)\n.*BUG: write to read-only kernel text",
     "fault_write_text"),
    ("exec-data", r"instruction fetch \(protection violation\)\n"
     r".*BUG: instruction fetch from no-execute memory", "fault_exec_data"),
    ("exec-stack", r"instruction fetch \(protection violation\)\n"
     r".*BUG: instruction fetch from no-execute memory", "fault_exec_stack"),
    ("exec-heap", r"instruction fetch \(protection violation\)\n"
     r".*BUG: instruction fetch from no-execute memory", "fault_exec_heap"),
    ("null", r"NULL pointer dereference at address 0000000000000000: read", "fault_null_deref"),
    ("stack-overflow", r"BUG: kernel stack overflow: the stack ran into its guard page at "
     r"[0-9a-f]{16}\n.*EXCEPTION: Double fault", "fault_recurse"),
    ("stack-smash", r"Kernel panic - not syncing: stack protector: stack smashing detected in "
     r"fault_stack_smash\+0x", "fault_stack_smash"),
]


@pytest.mark.parametrize("kind,expect,function", CASES, ids=[c[0] for c in CASES])
def test_protection_fault_dumps_on_serial_and_netconsole(guest, kind, expect, function):
    require_netns()
    with NetNS(prefix="napkin-prot") as ns:
        tap = ns.add_tap(addr4="10.9.0.1", prefix6=None)
        listener = ns.udp_listener(6666, 120)
        # With the target's MAC given, netconsole needs no ARP and sends at once.
        g = guest(append=f"netconsole=@{GUEST_IP}/,@10.9.0.1/{tap.peer_mac} "
                  f"fault={kind} test_exit",
                  netdevs=tap.qemu_args(), netns=ns)
        status = g.wait_exit(60)
        serial = g.output
        # The guest flushed netconsole before exiting: wait for the dump's last line.
        reader = LineReader(listener)
        reader.read_until(lambda lines: any("end Kernel panic" in ln for ln in lines), 30)
        reader.stop()
    remote = b"".join(ast.literal_eval(ln) for ln in reader.lines).decode()
    assert status == PANIC_EXIT_STATUS, f"exit status {status}, not a panic: {serial[-2000:]}"
    for where, text in (("serial", serial), ("netconsole", remote)):
        assert f"deliberate {kind} fault" in text, f"{where}: {text[-2000:]}"
        assert re.search(expect, text), f"{where}: {text[-2000:]}"
        assert "Call trace:" in text and f"] {function}+0x" in text, f"{where}: {text[-2000:]}"
        assert "---[ end Kernel panic" in text, f"{where}: {text[-2000:]}"
    assert "recursive fault" not in serial


def test_boot_log_states_the_protections(guest):
    g = guest(append="test_exit exit_status=0")
    assert g.wait_exit(60) == 1
    assert re.search(r"paging: kernel text \S+ read-only, data no-execute, page 0 and \d+ "
                     r"guard pages unmapped", g.output), g.output[-2000:]
