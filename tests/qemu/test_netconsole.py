# SPDX-License-Identifier: BSD-2-Clause
"""netconsole to a listener in the guest's namespace: boot log, extended
format with rising sequence numbers, fragments, and a fault's full dump."""
import ast
import os
import re

import pytest

from tapnet import TapNet

pytestmark = pytest.mark.skipif(os.geteuid() != 0 or not os.path.exists("/dev/net/tun"),
                                reason="needs root and /dev/net/tun for a tap in a namespace")

GUEST_IP = "10.9.0.2"


@pytest.fixture
def tapnet():
    t = TapNet()
    yield t
    t.close()


def datagrams(listener, seconds_left_ok=True) -> list[bytes]:
    out, _ = listener.communicate(timeout=60)
    return [ast.literal_eval(line) for line in out.splitlines() if line]


def test_plain_boot_log_and_fault_dump(guest, tapnet):
    listener = tapnet.udp_listener(6666, 25)
    g = guest(append=f"netconsole=@{GUEST_IP}/,@10.9.0.1/ fault=pagefault test_exit",
              netdevs=tapnet.qemu_netdev(), netns=tapnet.ns)
    g.wait_exit(60)
    lines = b"".join(datagrams(listener)).decode()
    # Lines logged before the network was up arrive from the ring.
    assert "napkin 0.1 booting" in lines
    assert "tsc: " in lines
    # The whole dump of the fault went out before the machine stopped.
    assert "unable to handle page fault at address 00000deadbeef000" in lines
    assert "Call trace:" in lines and "fault_unmapped_address" in lines
    assert "end Kernel panic" in lines


def test_extended_format_sequence_numbers(guest, tapnet):
    listener = tapnet.udp_listener(6666, 20)
    # With the target's MAC given, netconsole needs no ARP and is ready at once.
    g = guest(append=f"netconsole=+@{GUEST_IP}/,@10.9.0.1/{tapnet.peer_mac} "
              "test_exit exit_status=0",
              netdevs=tapnet.qemu_netdev(), netns=tapnet.ns)
    g.wait_exit(60)
    msgs = [d.decode() for d in datagrams(listener)]
    assert msgs, "no datagram received"
    seqs = []
    for m in msgs:
        hdr, _, text = m.partition(";")
        fields = hdr.split(",")
        level, seq, ts = int(fields[0]), int(fields[1]), int(fields[2])
        assert 0 <= level <= 7 and fields[3] == "-"
        assert text.endswith("\n")
        seqs.append(seq)
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
    assert seqs[0] == 0, "the boot log from the first record"
    assert any("napkin: ready" in m for m in msgs)


def test_bad_netconsole_value_is_named(guest):
    g = guest(append="netconsole=@/,@10.9.0/")
    g.wait_ready(60)
    assert re.search(r'invalid value "@/,@10\.9\.0/" for netconsole: target 1: target IP',
                     g.output)


def test_shell_adds_lists_and_removes_targets(guest, tapnet):
    listener = tapnet.udp_listener(6667, 40)
    g = guest(append="", netdevs=tapnet.qemu_netdev(), netns=tapnet.ns)
    g.wait_for(r"napkin> ", 60)
    assert "bad target" in g.command("netconsole add @/,@10.9.0/")
    assert g.command("netconsole").strip() == ""
    out = g.command(f"netconsole add 6665@{GUEST_IP}/eth0,6667@10.9.0.1/{tapnet.peer_mac}")
    assert "target 0 added" in out
    assert re.search(r"^0: 10\.9\.0\.1:6667 via eth0 ready lines \d+", g.command("netconsole"),
                     re.M)
    g.command("uptime")  # the shell's own output is not logged; a log line is:
    g.command("set loglevel 7")
    assert "target 0 removed" in g.command("netconsole del 0")
    assert "no target '0'" in g.command("netconsole del 0")
    g.stop()
    lines = b"".join(datagrams(listener)).decode()
    # The catch-up from the ring reached the new target.
    assert "napkin 0.1 booting" in lines and "napkin: ready" in lines
