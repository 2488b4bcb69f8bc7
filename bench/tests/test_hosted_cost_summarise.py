# SPDX-License-Identifier: BSD-2-Clause
"""bench/hosted_cost/summarise.py: which concern each napkin file is charged
to, that lwIP stays out of napkin's share, and the whole report on a small
made-up callgrind file (no valgrind needed; well under a second).
Run: /usr/bin/python3 -m pytest -q bench/tests"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "hosted_cost"))
import summarise as sm  # noqa: E402

REPO = Path(sm.REPO)


@pytest.mark.parametrize("path, want", [
    ("drivers/tg3/tg3_rx.c", "driver receive"),
    ("drivers/sky2/sky2_status.c", "driver receive"),
    ("drivers/tg3/tg3_tx.c", "driver transmit"),
    ("drivers/skge/skge_tx.c", "driver transmit"),
    ("drivers/tg3/tg3_irq.c", "driver interrupt, poll, registers"),
    ("drivers/tg3/tg3_hw.c", "driver interrupt, poll, registers"),
    ("net/core/napi.c", "NAPI, netdev, netbuf"),
    ("net/core/netbuf.c", "NAPI, netdev, netbuf"),
    ("net/core/inet_csum.c", "checksum"),
    ("net/lwip/rx.c", "receive glue"),
    ("net/lwip/fixes/rx_tcpopt.c", "receive glue"),
    ("net/lwip/tx.c", "transmit glue"),
    ("net/lwip/ip_out.c", "transmit glue"),
    ("net/lwip/heap.c", "heap"),
    ("kernel/mm/heap.c", "heap"),
    ("net/inet/ip_id.c", "IP id"),
    ("net/services/echo_udp.c", "services"),
    ("net/lwip/stack.c", "glue, other (loop hook, clock, netif)"),
    ("kernel/core/softirq.c", "kernel"),
    ("lib/string.c", "kernel"),
    ("third_party/lwip/src/core/udp.c", None),
])
def test_each_file_has_its_concern(path, want):
    assert sm.concern(path) == want


def test_every_concern_named_is_printable():
    names = {name for _, name in sm.CONCERN_PATHS}
    names |= {sm.concern(p) for p in ("drivers/x/x_rx.c", "drivers/x/x_tx.c",
                                      "drivers/x/x_irq.c", "kernel/x.c")}
    assert names <= set(sm.CONCERNS)


def test_share_leaves_lwip_out_and_sums_the_rest():
    charged = {
        ("drivers/tg3/tg3_rx.c", "tg3_rx"): 100,
        ("drivers/tg3/tg3_rx.c", "tg3_rx_refill"): 40,
        ("drivers/tg3/tg3_tx.c", "tg3_start_xmit"): 70,
        ("net/core/inet_csum.c", "csum_le"): 30,
        ("third_party/lwip/src/core/udp.c", "udp_input"): 500,
    }
    got = sm.concerns(charged)
    assert got == {"driver receive": 140, "driver transmit": 70, "checksum": 30}
    assert sum(got.values()) == 240


def test_report_prints_the_share_and_its_concerns(tmp_path):
    # Two frames: tg3_rx 20 own + a 10-instruction memcpy it calls, lwIP 100,
    # the checksum 6, a model function (tests/) 1000 that must not count.
    out = tmp_path / "callgrind.out"
    out.write_text(f"""events: Ir
fl=(1) {REPO}/drivers/tg3/tg3_rx.c
fn=(1) tg3_rx
5 20
cfl=(2) ./string/memcpy.S
cfn=(2) memcpy
calls=1 0
5 10
fl=(3) {REPO}/third_party/lwip/src/core/udp.c
fn=(3) udp_input
7 100
fl=(4) {REPO}/net/core/inet_csum.c
fn=(4) csum_le
9 6
fl=(5) {REPO}/tests/hosted/models/tg3_model.c
fn=(5) tg3_model_mmio
3 1000
""")
    res = subprocess.run([sys.executable, str(Path(sm.__file__)), str(out), "2", "tg3", "5"],
                         capture_output=True, text=True, check=True)
    lines = res.stdout.splitlines()
    assert "tg3 driver: 15 instructions per frame" in lines
    assert "napkin, whole path: 68 instructions per frame" in lines
    assert "by layer: driver 15, napkin net/ 3, lwIP 50 (of 68)" in lines
    share = lines.index("napkin's share (whole path minus lwIP): 18 instructions per frame")
    assert [l.split(None, 1) for l in lines[share + 1:]] == [
        ["15.0", "driver receive"], ["3.0", "checksum"]]
