# SPDX-License-Identifier: BSD-2-Clause
"""The fault sweep: for each QEMU NIC, each fault (played by the driver's test
hooks, `nicfault`, or by QEMU itself for the link) must be recovered within
a second with traffic resuming, and the driver must count it. Traffic is UDP
echo probes every 10 ms from a namespace the test makes; every reply's
arrival time is kept, so the longest silence is measured, not guessed."""
import json
import re
import subprocess
import time

import pytest

from netns import NetNS, require_netns

GUEST_IP = "10.9.0.2"
PROBE_SECONDS = 4.0
FAULT_AT = 1.5  # seconds into the probe run: the link is up and ARP is done
RECOVERY_S = 1.0

# Echo probes to UDP port 7 every 10 ms. It first waits for an answer (ARP
# done, guest listening) and says "ready"; then it measures for argv[2]
# seconds and prints how many probes went out and when each reply came.
PROBE = ("import json, select, socket, sys, time\n"
         "s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\n"
         "s.setblocking(False)\n"
         "def send(n):\n"
         "    try:\n"
         "        s.sendto(b'probe %d' % n, (sys.argv[1], 7))\n"
         "    except OSError:\n"
         "        pass  # an unresolved neighbour queues only so much: a lost probe\n"
         "def drain():\n"
         "    n = 0\n"
         "    while True:\n"
         "        try:\n"
         "            s.recv(100); n += 1\n"
         "        except BlockingIOError:\n"
         "            return n\n"
         "give_up = time.time() + 20\n"
         "while time.time() < give_up:\n"
         "    send(-1)\n"
         "    if select.select([s], [], [], 0.05)[0] and drain():\n"
         "        break\n"
         "time.sleep(0.1); drain()\n"
         "print('ready', flush=True)\n"
         "end = time.time() + float(sys.argv[2]); nxt = time.time(); sent = 0; got = []\n"
         "while time.time() < end:\n"
         "    if time.time() >= nxt:\n"
         "        send(sent); sent += 1; nxt += 0.01\n"
         "    if select.select([s], [], [], max(0.0, nxt - time.time()))[0]:\n"
         "        got += [time.time()] * drain()\n"
         "print(json.dumps({'sent': sent, 'replies': got}))\n")

# Enough datagrams to the discard port to drain a receive ring within the overrun.
FLOOD = ("import socket, sys, time\n"
         "s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\n"
         "end = time.time() + float(sys.argv[2])\n"
         "while time.time() < end:\n"
         "    for _ in range(40):\n"
         "        s.sendto(b'x' * 64, (sys.argv[1], 9))\n"
         "    time.sleep(0.01)\n")

# The counter each driver must raise for each fault (ethtool -S names).
COUNTERS = {
    "virtio-net-pci": {"rx-error": "rx_queue_0_errors",
                       "rx-overrun": "rx_queue_0_ring_exhausted",
                       "tx-stuck": "tx_queue_0_late_kicks",
                       "lost-irq": "queue_0_missed_irqs",
                       "link-flap": "config_interrupts"},
    "e1000": {"rx-error": "rx_desc_frame_errors",
              "rx-overrun": "rx_refill_starved",
              "tx-stuck": "tx_timeouts",
              "lost-irq": "missed_irqs",
              "link-flap": "irq_link"},
}
COUNTERS["e1000e"] = COUNTERS["e1000"]
FAULTS = ["rx-error", "rx-overrun", "tx-stuck", "lost-irq", "link-flap"]


def ethtool(g) -> dict[str, int]:
    out = g.command("ethtool -S eth0")
    return {k: int(v) for k, v in re.findall(r"^\s+(\w+): (\d+)$", out, re.M)}


def inject(g, ns: NetNS, fault: str) -> float:
    """Plays the fault; returns when it ended (recovery is timed from there)."""
    if fault == "link-flap":
        # QEMU drops the link itself: the device raises a real link-change event.
        g.monitor("set_link n0 off")
        time.sleep(0.3)
        g.monitor("set_link n0 on")
        return time.time()
    if fault == "rx-overrun":
        ns.popen(["python3", "-c", FLOOD, GUEST_IP, "1.0"])
        time.sleep(0.1)
        out = g.command("nicfault eth0 rx-overrun 300")
        assert "usage" not in out and "no fault" not in out, out
        return time.time() + 0.3
    out = g.command(f"nicfault eth0 {fault}")
    assert "usage" not in out and "no fault" not in out, out
    return time.time()


@pytest.mark.parametrize("fault", FAULTS)
@pytest.mark.parametrize("model", ["virtio-net-pci", "e1000", "e1000e"])
def test_fault_is_recovered_within_a_second(guest, model, fault):
    require_netns()
    with NetNS(prefix="napkin-fault") as ns:
        tap = ns.add_tap(addr4="10.9.0.1", prefix6=None)
        g = guest(append=f"ip={GUEST_IP}::10.9.0.1:255.255.255.0::eth0:off",
                  netdevs=tap.qemu_args(model), netns=ns)
        g.wait_for(r"napkin> ", 60)
        g.wait_for(r"eth0: link up", 10)
        before = ethtool(g)
        probe = ns.popen(["python3", "-c", PROBE, GUEST_IP, str(PROBE_SECONDS)],
                         stdout=subprocess.PIPE, text=True)
        assert probe.stdout.readline().strip() == "ready", "the guest never answered a probe"
        start = time.time()
        time.sleep(FAULT_AT)
        fault_start = time.time()
        fault_end = inject(g, ns, fault)
        result = json.loads(probe.communicate(timeout=30)[0])
        after = ethtool(g)
    replies = result["replies"]
    counter = COUNTERS[model][fault]
    gaps = [b - a for a, b in zip(replies, replies[1:])]
    print(f"{model} {fault}: {len(replies)} of {result['sent']} probes answered, longest "
          f"silence {max(gaps, default=0):.2f} s, {counter} {before.get(counter)} -> "
          f"{after.get(counter)}")
    assert sum(t < fault_start for t in replies) > 20, "no steady traffic before the fault"
    resumed = [t for t in replies if t > fault_end]
    assert resumed, f"traffic never resumed after {fault} ({len(replies)} replies)"
    assert resumed[0] - fault_end < RECOVERY_S, \
        f"first reply {resumed[0] - fault_end:.2f} s after the fault ended"
    # Steady again: most of the remaining probe time answered.
    remaining = start + PROBE_SECONDS - fault_end
    assert len(resumed) > 0.5 * (remaining - RECOVERY_S) / 0.01, (len(resumed), remaining)
    assert max(gaps) < RECOVERY_S + (fault_end - fault_start), f"longest silence {max(gaps):.2f} s"
    assert after.get(counter, 0) > before.get(counter, 0), \
        f"{counter} did not count the {fault}: {before.get(counter)} -> {after.get(counter)}"


def test_fault_planned_on_the_kernel_command_line_repeats(guest):
    """nicfault= arms a fault without a shell, again every period (for soak runs)."""
    require_netns()
    with NetNS(prefix="napkin-fault") as ns:
        tap = ns.add_tap(addr4="10.9.0.1", prefix6=None)
        g = guest(append=f"ip={GUEST_IP}::10.9.0.1:255.255.255.0::eth0:off "
                  "nicfault=eth0:lost-irq:5@1/1",
                  netdevs=tap.qemu_args("e1000"), netns=ns)
        g.wait_for(r"nicfault: eth0 lost-irq \(5\) planned 1 s after boot, then repeated", 60)
        probe = ns.popen(["python3", "-c", PROBE, GUEST_IP, "3"],
                         stdout=subprocess.PIPE, text=True)
        assert probe.stdout.readline().strip() == "ready", "the guest never answered a probe"
        result = json.loads(probe.communicate(timeout=30)[0])
        after = ethtool(g)
    assert len(re.findall(r"eth0: injecting fault lost-irq \(5\)", g.output)) >= 3
    replies = result["replies"]
    gaps = [b - a for a, b in zip(replies, replies[1:])]
    assert len(replies) > 0.8 * result["sent"] and max(gaps) < RECOVERY_S, \
        (len(replies), result["sent"], max(gaps, default=None))
    assert after["missed_irqs"] >= 3, after["missed_irqs"]
