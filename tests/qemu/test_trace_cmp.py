# SPDX-License-Identifier: BSD-2-Clause
"""tests/qdev/trace_cmp.py on two small hand-made napkin-sky2 traces.

The traces are built so that each thing the tool claims to do has one case
it must get right: a register only one side writes, one both write to the
same end by different paths (not a difference), one whose last value
differs, address registers, SMI reads (not writes), PHY writes decoded from
GM_SMI_DATA + GM_SMI_CTRL on both ports, the same PHY register number on two
pages, the 10/100 PHY's register 0x16 that is not a page, and the cut at the
first transmitted frame.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "qdev"))
import trace_cmp  # noqa: E402

TOOL = Path(trace_cmp.__file__)
GM1, GM2 = 0x2800, 0x3800  # the GMAC of port 1 and port 2


def smi_write(gm: int, reg: int, val: int, phy: int = 0) -> list[str]:
    return [f"w16 0 {gm + 0x84:#x} {val:#x}",
            f"w16 0 {gm + 0x80:#x} {(phy << 11) | (reg << 6):#x}"]


def smi_read(gm: int, reg: int) -> list[str]:
    return [f"w16 0 {gm + 0x80:#x} {(reg << 6) | 0x20:#x}"]


def stamp(lines: list[str]) -> list[str]:
    return [f"{1000 * i} {line}" for i, line in enumerate(lines)]


# Driver A: programs a RAM buffer and the PHY's LEDs on page 3, then page 0's
# PHY_SPEC_CTRL; reads the page register first (a read must not count).
TRACE_A = stamp(["reset",
                 "c16 0x4 0x106",
                 "w8 0 0x158 0x2",                    # B2_TST_CTRL1: only A
                 "w32 0 0x808 0x0",                   # RB_WP.R1: only A
                 "w16 0 0x2804 0x0",                  # GM_GP_CTRL@1 ...
                 "w16 0 0x2804 0x1800",               # ... last 0x1800
                 "w32 0 0xe88 0x1000",                # STAT_ADDR_LO: address
                 "w32 0 0xc4c 0x0"]                   # RX_GMF_FL_MSK@1 0 ...
                + smi_read(GM1, 0x16)
                + smi_write(GM1, 0x16, 3) + smi_write(GM1, 0x10, 0x1777)
                + smi_write(GM1, 0x16, 0) + smi_write(GM1, 0x10, 0x0060)
                + smi_write(GM2, 0x04, 0x01E1)
                + ["w32 0 0x6d8 0x2000",              # port 1 transmit ring set up
                   "w16 0 0x6e4 0x1",                 # and its first frame: the cut
                   "w32 0 0xc",                       # unreadable (counted)
                   "w32 0 0xc 0x5"])                  # B0_IMSK after the cut

# Driver B: same ends by other paths, no RAM buffer, no PHY LEDs, a
# different PHY_SPEC_CTRL, a write only it makes to port 2's PHY.
TRACE_B = stamp(["reset",
                 "c16 0x4 0x106",
                 "w16 0 0x2804 0x1000",               # GM_GP_CTRL@1 last 0x1000
                 "w32 0 0xe88 0x8000",                # STAT_ADDR_LO: address
                 "w32 0 0xc4c 0x187b",                # RX_GMF_FL_MSK@1 differs
                 "w32 0 0xc 0x80000000"]              # B0_IMSK only B
                + smi_write(GM1, 0x10, 0x0068)
                + smi_write(GM2, 0x04, 0x01E1)
                + smi_write(GM2, 0x09, 0x0300)
                + ["w32 0 0x6d8 0x3000",
                   "w16 0 0x6e4 0x2"])


def names(rows) -> list[str]:
    return [row[1].name for row in rows]


def test_registers_compared_up_to_the_first_frame():
    a, b = trace_cmp.parse(TRACE_A, "a"), trace_cmp.parse(TRACE_B, "b")
    assert a.bad_lines == 1 and a.resets == 1
    d = trace_cmp.compare(a, b)
    assert names(d.only_a) == ["B2_TST_CTRL1", "RB_WP.R1"]
    # B0_IMSK: A writes it only after its first frame, so only B has it.
    assert names(d.only_b) == ["B0_IMSK"]
    differ = {ra.name: (ra.last, rb.last) for _, ra, rb in d.differ}
    assert differ == {"GM_GP_CTRL@1": (0x1800, 0x1000), "RX_GMF_FL_MSK@1": (0, 0x187B),
                      "PREF_PUT_IDX.XA1": (1, 2)}
    assert [ra.name for _, ra, _ in d.addresses] == ["PREF_ADDR_LO.XA1", "STAT_ADDR_LO"]
    # SMI traffic is shown as PHY writes, never as GMAC register writes.
    every = names(d.only_a) + names(d.only_b) + list(differ)
    assert not [n for n in every if n.startswith(("GM_SMI", "reg_"))]
    # The whole trace: A's late B0_IMSK now counts, with a different value.
    full = trace_cmp.compare(a, b, until="all")
    assert "B0_IMSK" in {ra.name for _, ra, _ in full.differ}


def test_phy_writes_decoded_by_port_and_page():
    d = trace_cmp.compare(trace_cmp.parse(TRACE_A), trace_cmp.parse(TRACE_B))
    only_a = {(k, r.name, r.last, r.count) for k, r in d.phy_only_a}
    # (port, phy address, page, register): the page register itself has no page.
    assert only_a == {((0, 0, None, 0x16), "PAGE", 0, 2),
                      ((0, 0, 3, 0x10), "LED_FUNC_CTRL", 0x1777, 1)}
    assert {(k, r.name, r.last) for k, r in d.phy_only_b} == {((1, 0, 0, 0x09), "1000T_CTRL",
                                                               0x0300)}
    # Register 0x10 on page 0 is written by both (A after going back to page 0).
    assert [(k, ra.name, ra.last, rb.last) for k, ra, rb in d.phy_differ] == [
        ((0, 0, 0, 0x10), "PHY_SPEC_CTRL", 0x0060, 0x0068)]


def test_fe_phy_has_no_pages():
    d = trace_cmp.compare(trace_cmp.parse(TRACE_A), trace_cmp.parse(TRACE_B), fe_phy=True)
    # Without pages, A's two writes to 0x10 are one register with the last value.
    assert [(k, ra.last, rb.last) for k, ra, rb in d.phy_differ] == [
        ((0, 0, None, 0x10), 0x0060, 0x0068)]
    assert {r.name for _, r in d.phy_only_a} == {"FE_LED_PAR"}


def test_command_line_output_is_stable(tmp_path):
    pa, pb = tmp_path / "a.trace", tmp_path / "b.trace"
    pa.write_text("\n".join(TRACE_A) + "\n")
    # The same writes at other times must give the same report.
    pb.write_text("\n".join(TRACE_B) + "\n")
    shifted = tmp_path / "b2.trace"
    shifted.write_text("\n".join(f"{int(t) + 777} {rest}" for t, rest in
                                 (line.split(" ", 1) for line in TRACE_B)) + "\n")
    run = [sys.executable, str(TOOL), "--names", "linux,napkin"]
    one = subprocess.run(run + [str(pa), str(pb)], capture_output=True, text=True, check=True)
    two = subprocess.run(run + [str(pa), str(shifted)], capture_output=True, text=True,
                         check=True)
    body = lambda out: out.split("\n", 2)[2]  # noqa: E731 (the heading names the files)
    assert body(one.stdout) == body(two.stdout)
    out = one.stdout
    assert "== registers only linux writes: 2" in out
    assert "== registers only napkin writes: 1" in out
    assert "1 unreadable lines" in out
    lines = out.splitlines()
    row = next(line for line in lines if "GM_GP_CTRL@1" in line)
    assert "linux 0x1800" in row and "napkin 0x1000" in row
    assert any("LED_FUNC_CTRL" in line and "page 3 reg 0x10" in line for line in lines)
    # Rows sorted by offset: TST_CTRL1 (0x158) before RB_WP.R1 (0x808).
    assert lines.index(next(x for x in lines if "B2_TST_CTRL1" in x)) < \
        lines.index(next(x for x in lines if "RB_WP.R1" in x))
    empty = tmp_path / "empty.trace"
    empty.write_text("0 reset\n")
    bad = subprocess.run(run + [str(pa), str(empty)], capture_output=True, text=True)
    assert bad.returncode == 2 and "no register writes" in bad.stderr


# ---- tg3 (napkin-tg3) ----

def mi_write(reg: int, val: int, phy: int = 1) -> str:
    return f"w32 0 0x44c {(1 << 29) | (1 << 26) | (phy << 21) | (reg << 16) | val:#x}"


def mi_read(reg: int, phy: int = 1) -> str:
    return f"w32 0 0x44c {(1 << 29) | (2 << 26) | (phy << 21) | (reg << 16):#x}"


TG3_A = stamp(["reset",
               "c32 0x68 0x10093",                   # MISC_HOST_CTL (config)
               "w32 0 0x400 0xc00000",               # MAC_MODE ...
               "w32 0 0x400 0xe00808",               # ... last value differs
               "w32 0 0x3c38 0x1",                   # HCC_SB_ADDR_HI: an address
               "w32 0 0x6800 0x10000",               # GRC_MODE: only A
               mi_read(0x01),                        # a read is no PHY write
               mi_write(0x00, 0x1340),
               mi_write(0x18, 0x0c00),               # AUX_CTRL only A
               "w32 0 0x304 0x0",                    # producer 0: not yet a frame
               "w32 0 0x304 0x1",                    # the first frame: the cut
               "w32 0 0x6804 0x41"])                 # GRC_MISC_CFG after the cut

TG3_B = stamp(["reset",
               "c32 0x68 0x10093",
               "w32 0 0x400 0xe00800",
               "w32 0 0x3c38 0x0",
               "w32 0 0x9000 0x5",                   # NIC memory through the window
               mi_write(0x00, 0x1340),
               mi_write(0x09, 0x0300),               # GBCR only B
               "w32 0 0x304 0x3"])


def test_tg3_family_names_phy_and_cut():
    a, b = trace_cmp.parse(TG3_A, "a"), trace_cmp.parse(TG3_B, "b")
    d = trace_cmp.compare(a, b, family="tg3")
    # Names come from the model's header; GRC_MISC_CFG comes after A's cut.
    assert names(d.only_a) == ["GRC_MODE"]
    assert names(d.only_b) == ["sram:0x1000"]
    differ = {ra.name: (ra.last, rb.last) for _, ra, rb in d.differ}
    assert differ == {"MAC_MODE": (0xE00808, 0xE00800), "MBOX_TX0_PROD_LO": (1, 3)}
    assert [ra.name for _, ra, _ in d.addresses] == ["HCC_SB_ADDR_HI"]
    # PHY writes from MI_COMM write commands only; BMCR equal on both sides.
    assert {(k, r.name, r.last) for k, r in d.phy_only_a} == {((0, 1, None, 0x18), "AUX_CTRL",
                                                               0x0C00)}
    assert {(k, r.name, r.last) for k, r in d.phy_only_b} == {((0, 1, None, 0x09), "GBCR",
                                                               0x0300)}
    assert d.phy_differ == []
    assert not [n for n in names(d.only_a) + names(d.only_b) if n == "MAC_MI_COMM"]
    full = trace_cmp.compare(a, b, family="tg3", until="all")
    assert "GRC_MISC_CFG" in names(full.only_a)


def test_tg3_family_on_the_command_line(tmp_path):
    pa, pb = tmp_path / "a.trace", tmp_path / "b.trace"
    pa.write_text("\n".join(TG3_A) + "\n")
    pb.write_text("\n".join(TG3_B) + "\n")
    out = subprocess.run([sys.executable, str(TOOL), "--family", "tg3", "--names",
                          "linux,napkin", str(pa), str(pb)], capture_output=True, text=True,
                         check=True).stdout
    assert "linux: " in out and "10 of 11 writes to the bring-up's end" in out
    assert "== registers only linux writes: 1" in out
    row = next(line for line in out.splitlines() if "MAC_MODE" in line)
    assert "linux 0x00e00808" in row and "napkin 0x00e00800" in row


# ---- skge (napkin-skge) ----

XM1 = 0x2000  # port 1's XMAC II: register r at byte 2 * r


def xm_phy_write(reg: int, val: int, phy: int = 1) -> list[str]:
    return [f"w16 0 {XM1 + 0x68:#x} {(phy << 8) | reg:#x}", f"w16 0 {XM1 + 0x70:#x} {val:#x}"]


# Genesis (A) against a Yukon-style driver (B): XMAC PHY writes, GMAC SMI
# writes, a start on the asynchronous queue (A) or the synchronous one (B).
SKGE_A = stamp(["reset",
                "w8 0 0x190 0x24",                    # B3_RI_WTO_R1: only A
                "w16 0 0x2060 0x110",                 # XM_RX_CMD@1
                f"w16 0 {XM1 + 0x68:#x} 0x101"]       # PHY address only: a read
               + xm_phy_write(0x04, 0x0C01)
               + ["w32 0 0x6a0 0x1000",               # Q_DA_L.XA1: ring set up
                  "w32 0 0x6b4 0x10",                 # Q_CSR.XA1 start: the cut
                  "w8 0 0x191 0x24"])                 # after the cut

SKGE_B = stamp(["reset",
                "w16 0 0x2060 0x10"]
               + smi_write(GM1, 0x04, 0x01E1, phy=0)
               + ["w32 0 0x620 0x2000",               # Q_DA_L.XS1
                  "w32 0 0x68 0x10"])                 # B0_XS1_CSR start: the cut


def test_skge_family_names_phy_and_cut():
    a, b = trace_cmp.parse(SKGE_A, "a"), trace_cmp.parse(SKGE_B, "b")
    assert trace_cmp.end_of_bringup(a.writes, "skge") == 7
    assert trace_cmp.end_of_bringup(b.writes, "skge") == 5
    d = trace_cmp.compare(a, b, family="skge")
    # Each side's own transmit queue: a difference of choice, listed as such.
    assert names(d.only_a) == ["B3_RI_WTO_R1", "Q_DA_L.XA1", "Q_CSR.XA1"]
    assert names(d.only_b) == ["B0_XS1_CSR", "Q_DA_L.XS1"]
    assert {ra.name: (ra.last, rb.last) for _, ra, rb in d.differ} == {
        "XM_RX_CMD@1": (0x110, 0x10)}
    # The XMAC's PHY data write is the PHY write; the bare address write is a read.
    assert {(k, r.name, r.last) for k, r in d.phy_only_a} == {((0, 1, None, 0x04), "AN_ADV",
                                                               0x0C01)}
    assert {(k, r.name, r.last) for k, r in d.phy_only_b} == {((0, 0, None, 0x04), "AN_ADV",
                                                               0x01E1)}
    full = trace_cmp.compare(a, b, family="skge", until="all")
    assert "B3_RI_WTO_XA1" in names(full.only_a)
