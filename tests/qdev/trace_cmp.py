#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Compare two drivers' bring-ups of a napkin NIC model from the device's trace=FILE.

The device logs every write a driver makes (`<ns> w<bits> <bar> <off> <val>`
for MMIO, `<ns> c<bits> <off> <val>` for PCI configuration space) plus reset,
fault and violation lines. This tool cuts each trace at the end of the
bring-up (by default: every port that set up a transmit ring has handed the
chip its first frame), names the registers, turns GM_SMI_DATA/GM_SMI_CTRL
pairs back into PHY register writes (with the Marvell page from register
0x16), and prints

  - registers (and PHY registers) one driver writes and the other never does;
  - registers both write whose last written value differs.

Times are ignored and every list is sorted, so the output only changes when
what a driver writes changes.

    trace_cmp.py [--family sky2|tg3|skge] [--names A,B] [--until first-tx|all] [--fe-phy]
                 A.trace B.trace

sky2 (the default) is described above. tg3 (napkin-tg3): registers are named
from the model's own header (tests/hosted/models/tg3_model_regs.h), PHY
writes are decoded from MAC_MI_COMM write commands, and the bring-up ends
at the first nonzero write to send ring 0's producer mailbox. skge
(napkin-skge): registers named as in tests/hosted/models/skge_model_regs.h,
PHY writes decoded from the Yukon GMAC's SMI or the Genesis XMAC's PHY
address/data pair, and the bring-up ends when each port whose transmit
queue got a descriptor address has started it (Q_CSR or B0's shortcut).
"""
from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

# ---- Register names (offsets from tests/hosted/models/sky2_model_regs.h and
# the Yukon-2 facts; one table per block, widths in bits) ----

GLOBAL_REGS = {
    0x0004: "B0_CTST", 0x0007: "B0_POWER_CTRL", 0x0008: "B0_ISRC",
    0x000C: "B0_IMSK", 0x0010: "B0_HWE_ISRC", 0x0014: "B0_HWE_IMSK",
    0x001C: "B0_SP_ISRC2", 0x0020: "B0_SP_ISRC3", 0x0024: "B0_SP_EISR",
    0x0028: "B0_SP_LISR", 0x002C: "B0_SP_ICR",
    0x0100: "B2_MAC_1", 0x0108: "B2_MAC_2", 0x0110: "B2_MAC_3",
    0x0118: "B2_CONN_TYP", 0x0119: "B2_PMD_TYP", 0x011A: "B2_MAC_CFG",
    0x011B: "B2_CHIP_ID", 0x011C: "B2_E_0", 0x011D: "B2_CLK_GATE",
    0x011E: "B2_HW_RES", 0x011F: "B2_E_3", 0x0120: "B2_CLK_CTRL",
    0x0130: "B2_TI_INI", 0x0134: "B2_TI_VAL", 0x0138: "B2_TI_CTRL",
    0x0139: "B2_TI_TEST", 0x0140: "B2_IRQM_INI", 0x0144: "B2_IRQM_VAL",
    0x0148: "B2_IRQM_CTRL", 0x0149: "B2_IRQM_TEST", 0x014C: "B2_IRQM_MSK",
    0x0150: "B2_IRQM_HWE_MSK", 0x0158: "B2_TST_CTRL1", 0x0159: "B2_TST_CTRL2",
    0x015C: "B2_GP_IO", 0x0168: "B2_I2C_IRQ", 0x0170: "B2_PEX_PHY_DATA",
    0x0172: "B2_PEX_PHY_ADDR",
    0x01A0: "B3_RI_CTRL", 0x01A2: "B3_RI_TEST",
    0x0E00: "B28_DPT_INI", 0x0E04: "B28_DPT_VAL", 0x0E08: "B28_DPT_CTRL",
    0x0E10: "GMAC_TI_ST_VAL", 0x0E18: "GMAC_TI_ST_CTRL",
    0x0E20: "B28_POLL_CTRL", 0x0E48: "B28_CPU_WDOG",
    0x0E68: "B28_ASF_STAT_CMD", 0x0E6C: "B28_ASF_HOST_COM",
    0x0E80: "STAT_CTRL", 0x0E84: "STAT_LAST_IDX", 0x0E88: "STAT_ADDR_LO",
    0x0E8C: "STAT_ADDR_HI", 0x0E90: "STAT_TXA1_RIDX", 0x0E94: "STAT_TXA2_RIDX",
    0x0E98: "STAT_TX_IDX_TH", 0x0E9C: "STAT_PUT_IDX", 0x0EA0: "STAT_FIFO_WP",
    0x0EA4: "STAT_FIFO_RP", 0x0EA8: "STAT_FIFO_LEV",
    0x0EAC: "STAT_FIFO_WM", 0x0EAD: "STAT_FIFO_ISR_WM",
    0x0EB0: "STAT_LEV_TIMER_INI", 0x0EB4: "STAT_LEV_TIMER_CNT",
    0x0EB8: "STAT_LEV_TIMER_CTRL", 0x0EC0: "STAT_TX_TIMER_INI",
    0x0EC4: "STAT_TX_TIMER_CNT", 0x0EC8: "STAT_TX_TIMER_CTRL",
    0x0ED0: "STAT_ISR_TIMER_INI", 0x0ED4: "STAT_ISR_TIMER_CNT",
    0x0ED8: "STAT_ISR_TIMER_CTRL",
}

# B3: one byte-wide RAM-interface timeout per queue, port 1 then port 2.
for _i, _n in enumerate(["WTO_R1", "WTO_XA1", "WTO_XS1", "RTO_R1", "RTO_XA1", "RTO_XS1",
                         "WTO_R2", "WTO_XA2", "WTO_XS2", "RTO_R2", "RTO_XA2", "RTO_XS2"]):
    GLOBAL_REGS[0x0190 + _i] = "B3_RI_" + _n

# Per port, +0x80 for port 2: transmit arbiter, MAC FIFOs, GMAC/GPHY control.
PORT_REGS = {
    0x0200: "TXA_ITI_INI", 0x0204: "TXA_ITI_VAL", 0x0208: "TXA_LIM_INI",
    0x020C: "TXA_LIM_VAL", 0x0210: "TXA_CTRL", 0x0211: "TXA_TEST", 0x0212: "TXA_STAT",
    0x0248: "RSS_CFG",
    0x0C3C: "LNK_LED_REG",
    0x0C40: "RX_GMF_EA", 0x0C44: "RX_GMF_AF_THR", 0x0C48: "RX_GMF_CTRL_T",
    0x0C4C: "RX_GMF_FL_MSK", 0x0C50: "RX_GMF_FL_THR", 0x0C52: "RX_GMF_FL_CTRL",
    0x0C54: "RX_GMF_TR_THR",
    0x0C58: "RX_GMF_UP_THR", 0x0C5A: "RX_GMF_LP_THR", 0x0C5C: "RX_GMF_VLAN",
    0x0C60: "RX_GMF_WP", 0x0C68: "RX_GMF_WLEV", 0x0C70: "RX_GMF_RP", 0x0C78: "RX_GMF_RLEV",
    0x0D40: "TX_GMF_EA", 0x0D44: "TX_GMF_AE_THR", 0x0D48: "TX_GMF_CTRL_T",
    0x0D5C: "TX_GMF_VLAN", 0x0D60: "TX_GMF_WP", 0x0D64: "TX_GMF_WSP",
    0x0D68: "TX_GMF_WLEV", 0x0D70: "TX_GMF_RP", 0x0D74: "TX_GMF_RSTP",
    0x0D78: "TX_GMF_RLEV",
    0x0F00: "GMAC_CTRL", 0x0F04: "GPHY_CTRL", 0x0F08: "GMAC_IRQ_SRC",
    0x0F0C: "GMAC_IRQ_MSK", 0x0F10: "GMAC_LINK_CTRL",
    0x0F20: "WOL_CTRL_STAT", 0x0F22: "WOL_MATCH_CTL", 0x0F23: "WOL_MATCH_RES",
    0x0F24: "WOL_MAC_ADDR", 0x0F30: "WOL_PATT_RPTR",
}

for _i in range(10):  # the receive-hash key, ten dwords
    PORT_REGS[0x0220 + 4 * _i] = f"RSS_KEY[{_i}]"

# Queues: BMU at 0x400 + q, prefetch unit at 0x450 + q, RAM buffer at 0x800 + q.
QUEUES = {0x000: "R1", 0x080: "R2", 0x200: "XS1", 0x280: "XA1", 0x300: "XS2", 0x380: "XA2"}
BMU_REGS = {0x00: "Q_D", 0x20: "Q_VLAN", 0x24: "Q_DONE", 0x28: "Q_AC_L", 0x2C: "Q_AC_H",
            0x30: "Q_BC", 0x34: "Q_CSR", 0x38: "Q_F", 0x40: "Q_WM", 0x42: "Q_AL"}
PREF_REGS = {0x00: "PREF_CTRL", 0x04: "PREF_LAST_IDX", 0x08: "PREF_ADDR_LO",
             0x0C: "PREF_ADDR_HI", 0x10: "PREF_GET_IDX", 0x14: "PREF_PUT_IDX",
             0x20: "PREF_FIFO_WP", 0x24: "PREF_FIFO_RP", 0x28: "PREF_FIFO_WM",
             0x2C: "PREF_FIFO_LEV"}
RB_REGS = {0x00: "RB_START", 0x04: "RB_END", 0x08: "RB_WP", 0x0C: "RB_RP",
           0x10: "RB_RX_UTPP", 0x14: "RB_RX_LTPP", 0x18: "RB_RX_UTHP", 0x1C: "RB_RX_LTHP",
           0x20: "RB_PC", 0x24: "RB_LEV", 0x28: "RB_CTRL", 0x29: "RB_TST1", 0x2A: "RB_TST2"}

# GMAC, 16-bit registers at 0x2800 + port * 0x1000.
GMAC_BASE, GMAC_STRIDE, GMAC_SIZE = 0x2800, 0x1000, 0x400
GMAC_REGS = {0x00: "GM_GP_STAT", 0x04: "GM_GP_CTRL", 0x08: "GM_TX_CTRL", 0x0C: "GM_RX_CTRL",
             0x10: "GM_TX_FLOW_CTRL", 0x14: "GM_TX_PARAM", 0x18: "GM_SERIAL_MODE",
             0x1C: "GM_SRC_ADDR_1L", 0x20: "GM_SRC_ADDR_1M", 0x24: "GM_SRC_ADDR_1H",
             0x28: "GM_SRC_ADDR_2L", 0x2C: "GM_SRC_ADDR_2M", 0x30: "GM_SRC_ADDR_2H",
             0x34: "GM_MC_HASH_1", 0x38: "GM_MC_HASH_2", 0x3C: "GM_MC_HASH_3",
             0x40: "GM_MC_HASH_4", 0x44: "GM_TX_IRQ_SRC", 0x48: "GM_RX_IRQ_SRC",
             0x4C: "GM_TR_IRQ_SRC", 0x50: "GM_TX_IRQ_MSK", 0x54: "GM_RX_IRQ_MSK",
             0x58: "GM_TR_IRQ_MSK", 0x80: "GM_SMI_CTRL", 0x84: "GM_SMI_DATA",
             0x88: "GM_PHY_ADDR"}
GM_SMI_CTRL, GM_SMI_DATA = 0x80, 0x84
SMI_PHY_SHIFT, SMI_REG_SHIFT, SMI_OP_READ = 11, 6, 1 << 5

CFG_MIRROR, CFG_MIRROR_END = 0x1C00, 0x2000
CFG_REGS = {0x04: "PCI_COMMAND", 0x06: "PCI_STATUS", 0x0C: "PCI_CACHE_LINE",
            0x0D: "PCI_LATENCY", 0x10: "PCI_BAR0", 0x14: "PCI_BAR1", 0x18: "PCI_BAR2",
            0x1C: "PCI_BAR3", 0x20: "PCI_BAR4", 0x24: "PCI_BAR5", 0x30: "PCI_ROM",
            0x3C: "PCI_INT_LINE", 0x40: "PCI_OUR_REG_1", 0x44: "PCI_OUR_REG_2",
            # The model's capabilities (sky2_model.c): PM at 0x48, MSI (64-bit) at
            # 0x5C, PCI Express at 0xC0 (the chip has it at 0xE0).
            0x4C: "PM_CSR", 0x5E: "MSI_CTRL", 0x60: "MSI_ADDR_LO", 0x64: "MSI_ADDR_HI",
            0x68: "MSI_DATA", 0xC8: "PCIE_DEVCTL", 0xD0: "PCIE_LNKCTL",
            0x7C: "PCI_OUR_STATUS", 0x80: "PCI_OUR_REG_3", 0x84: "PCI_OUR_REG_4",
            0x88: "PCI_OUR_REG_5", 0x94: "PCI_CFG_REG_1", 0x104: "AER_UNC_STATUS",
            0x108: "AER_UNC_MASK", 0x10C: "AER_UNC_SEVERITY", 0x110: "AER_COR_STATUS",
            0x114: "AER_COR_MASK", 0x160: "PCI_PSM_CFG2", 0x168: "PCI_PSM_CFG4"}

# Marvell PHY registers; (page, reg) for the ones whose meaning depends on it.
PHY_REGS = {0x00: "CTRL", 0x01: "STAT", 0x04: "AN_ADV", 0x05: "AN_LPA", 0x06: "AN_EXP",
            0x07: "NEPG", 0x09: "1000T_CTRL", 0x10: "PHY_SPEC_CTRL", 0x11: "PHY_SPEC_STAT",
            0x12: "INT_MASK", 0x13: "INT_STAT", 0x14: "EXT_CTRL", 0x15: "RXE_CNT",
            0x16: "PAGE", 0x17: "PAGE_DATA_17", 0x18: "LED_CTRL", 0x19: "LED_OVER",
            0x1A: "EXT_CTRL_2", 0x1B: "EXT_STAT", 0x1C: "FE_SPEC_2", 0x1D: "PAGE_ADDR",
            0x1E: "PAGE_DATA"}
PHY_PAGED_REGS = {(2, 0x10): "MAC_SPEC_CTRL", (3, 0x10): "LED_FUNC_CTRL",
                  (3, 0x11): "LED_POLARITY", (3, 0x12): "LED_TIMER_CTRL",
                  (255, 0x17): "AFE_ADDR", (255, 0x18): "AFE_DATA"}
PHY_FE_REGS = {0x16: "FE_LED_PAR"}  # the 10/100 PHY has no pages: 0x16 is its LED register
PHY_PAGE_REG = 0x16

# Registers holding a DMA or bus address: the two drivers' values differ by
# nature, so they are listed apart from the differences that mean something.
ADDRESS_REGS = ("PREF_ADDR_", "STAT_ADDR_", "PCI_BAR", "PCI_ROM", "mirror:PCI_BAR", "MSI_ADDR",
                "MSI_DATA")

# A port's transmit queues; the first PUT written to one means a frame is on its way.
TX_PUT = {0x0450 + 0x280 + 0x14: 0, 0x0450 + 0x380 + 0x14: 1}
TX_ADDR_LO = {0x0450 + 0x280 + 0x08: 0, 0x0450 + 0x380 + 0x08: 1}


def _block_name(off: int, table: dict[int, str]) -> str | None:
    if off in table:
        return table[off]
    below = [o for o in table if o < off and off - o < 4]
    if below:
        o = max(below)
        return f"{table[o]}+{off - o}"
    return None


def cfg_name(off: int) -> str:
    return _block_name(off, CFG_REGS) or f"cfg_{off:#05x}"


def reg_name(off: int) -> str:
    """Name of a BAR0 offset, with the port or queue it belongs to."""
    if GMAC_BASE <= off < GMAC_BASE + 2 * GMAC_STRIDE:
        port, rel = divmod(off - GMAC_BASE, GMAC_STRIDE)
        if rel < GMAC_SIZE:
            if rel >= 0x100:
                return f"GM_MIB[{(rel - 0x100) // 8}]@{port + 1}"
            name = _block_name(rel, GMAC_REGS)
            if name:
                return f"{name}@{port + 1}"
    if CFG_MIRROR <= off < CFG_MIRROR_END:
        return "mirror:" + cfg_name(off - CFG_MIRROR)
    name = _block_name(off, GLOBAL_REGS)
    if name:
        return name
    for base, table in ((0x0400, BMU_REGS), (0x0450, PREF_REGS), (0x0800, RB_REGS)):
        for q, qname in QUEUES.items():
            rel = off - base - q
            if 0 <= rel < (0x50 if base == 0x0400 else 0x30):
                name = _block_name(rel, table)
                if name:
                    return f"{name}.{qname}"
    for port in (0, 1):
        name = _block_name(off - port * 0x80, PORT_REGS)
        if name and off - port * 0x80 >= 0x200:
            return f"{name}@{port + 1}"
    return f"reg_{off:#06x}"


def phy_name(page: int | None, reg: int, fe_phy: bool) -> str:
    if fe_phy and reg in PHY_FE_REGS:
        return PHY_FE_REGS[reg]
    if page is not None and (page, reg) in PHY_PAGED_REGS:
        return PHY_PAGED_REGS[(page, reg)]
    return PHY_REGS.get(reg, f"phy_{reg:#04x}")


# ---- tg3 (napkin-tg3): names from the model's register header ----

MODELS = Path(__file__).resolve().parents[1] / "hosted" / "models"
# Offsets in the header that are not BAR registers (NIC memory, IDs, block bounds).
_TG3_NOT_REGS = ("SRAM_", "APE_SHMEM", "APE_HOST", "NIC_", "VENDOR_", "DEVICE_", "CHIP_")


def _tg3_names() -> tuple[dict[int, str], dict[int, str], dict[int, str]]:
    regs: dict[int, str] = {}
    cfg: dict[int, str] = {}
    phy: dict[int, str] = {}
    define = re.compile(r"#define BGEM_(\w+)\s+(0x[0-9A-Fa-f]+)u?\b")
    for line in (MODELS / "tg3_model_regs.h").read_text().splitlines():
        m = define.match(line)
        if not m:
            continue
        name, val = m.group(1), int(m.group(2), 16)
        if name.endswith(("_SHIFT", "_MASK", "_FIRST", "_LAST", "_END", "_SIZE")) or \
                name.startswith(_TG3_NOT_REGS):
            continue
        if name.startswith("CFG_") and val < 0x100:
            cfg.setdefault(val, name[4:])
        elif 0x200 <= val < 0x8000 and val % 4 == 0 and not name.startswith("CFG_"):
            regs.setdefault(val, name)
    for line in (MODELS / "tg3_model_mii.h").read_text().splitlines():
        m = re.match(r"#define BGEM_MII_(\w+)\s+(0x[0-9A-Fa-f]+)", line)
        if m:
            phy.setdefault(int(m.group(2), 16), m.group(1))
    return regs, cfg, phy


TG3_REGS, TG3_CFG_OWN, TG3_PHY_REGS = _tg3_names()
# Offsets the model does not implement but a driver writes: named from the
# chip's register map (Linux tg3.h, FreeBSD if_bgereg.h) in the model's style.
TG3_EXTRA_REGS = {0x0200: "MBOX_IRQ0_HI", 0x020C: "MBOX_IRQ1_LO", 0x0214: "MBOX_IRQ2_LO",
                  0x021C: "MBOX_IRQ3_LO", 0x0224: "MBOX_IRQ4_LO", 0x028C: "MBOX_RET1_CON_LO",
                  0x0294: "MBOX_RET2_CON_LO", 0x029C: "MBOX_RET3_CON_LO",
                  0x0470: "MAC_HASH_0", 0x0474: "MAC_HASH_1", 0x0478: "MAC_HASH_2",
                  0x047C: "MAC_HASH_3", 0x2448: "RDBDI_JMB_MAXLEN", 0x2454: "RDBDI_STD_RCB_LO", 0x2458: "RDBDI_STD_MAXLEN",
                  0x245C: "RDBDI_STD_NICADDR", 0x36B4: "CPMU_EEE_DBTMR1",
                  0x36B8: "CPMU_EEE_DBTMR2", 0x3600: "CPMU_CTRL", 0x3604: "CPMU_LSPD_10MB_CLK",
                  0x3610: "CPMU_LNK_AWARE_PWRMD", 0x361C: "CPMU_HST_ACC",
                  0x6904: "EAV_REF_CLK_MSB"}
for _i in range(16):
    TG3_EXTRA_REGS.setdefault(0x0480 + 8 * _i, f"MAC_RX_RULE[{_i}]")
    TG3_EXTRA_REGS.setdefault(0x0484 + 8 * _i, f"MAC_RX_VALUE[{_i}]")
for _v in range(4):  # host coalescing of MSI-X vectors 1..4, 0x18 apart
    for _i, _n in enumerate(["RX_TICKS", "TX_TICKS", "RX_MAX_BDS", "TX_MAX_BDS",
                             "RX_MAX_BDS_INT", "TX_MAX_BDS_INT"]):
        TG3_EXTRA_REGS[0x3D80 + 0x18 * _v + 4 * _i] = f"HCC_VEC{_v + 1}_{_n}"
for _off, _name in TG3_EXTRA_REGS.items():
    TG3_REGS.setdefault(_off, _name)
STD_CFG = {0x04: "PCI_COMMAND", 0x06: "PCI_STATUS", 0x0C: "PCI_CACHE_LINE",
           0x0D: "PCI_LATENCY", 0x10: "PCI_BAR0", 0x14: "PCI_BAR1", 0x18: "PCI_BAR2",
           0x1C: "PCI_BAR3", 0x20: "PCI_BAR4", 0x24: "PCI_BAR5", 0x30: "PCI_ROM",
           0x3C: "PCI_INT_LINE"}
# The model's capabilities (tg3_model.c): PM 0x48, VPD 0x50, MSI 0x58, PCIe 0xD0.
TG3_CFG_CAPS = {0x4C: "PM_CSR", 0x52: "VPD_ADDR", 0x54: "VPD_DATA", 0x5A: "MSI_CTRL",
                0x5C: "MSI_ADDR_LO", 0x60: "MSI_ADDR_HI", 0x64: "MSI_DATA",
                0xD8: "PCIE_DEVCTL", 0xDA: "PCIE_DEVSTA", 0xE0: "PCIE_LNKCTL"}
TG3_CFG = {**STD_CFG, **TG3_CFG_CAPS, **TG3_CFG_OWN}
TG3_MI_COMM, TG3_TX_PROD = 0x044C, 0x0304
TG3_ADDRESS_REGS = ("HCC_SB_ADDR", "RDBDI_STD_RCB", "PCI_BAR", "PCI_ROM", "MEMWIN_BASE",
                    "MSI_ADDR", "MSI_DATA", "sram:")
TG3_SRAM_WIN = 0x8000  # BAR0 0x8000..0xFFFF: a 32 KiB window onto NIC memory


def tg3_cfg_name(off: int) -> str:
    return _block_name(off, TG3_CFG) or f"cfg_{off:#05x}"


def tg3_reg_name(off: int) -> str:
    if off < 0x100:
        return "mirror:" + tg3_cfg_name(off)
    if off >= TG3_SRAM_WIN:
        return f"sram:{off - TG3_SRAM_WIN:#06x}"
    return _block_name(off, TG3_REGS) or f"reg_{off:#06x}"


def tg3_phy_name(reg: int) -> str:
    return TG3_PHY_REGS.get(reg, f"phy_{reg:#04x}")


def tg3_bringup_end(writes: list) -> int:
    """Index just past the first nonzero write to send ring 0's producer mailbox."""
    for i, w in enumerate(writes):
        if w.kind == "bar" and w.off == TG3_TX_PROD and w.val:
            return i + 1
    return len(writes)


def tg3_summarize(writes: list):
    regs: dict[tuple, Reg] = {}
    phys: dict[tuple, Reg] = {}
    for w in writes:
        if w.kind == "cfg":
            _note(regs, ("cfg", w.off), tg3_cfg_name(w.off), w.bits, w.val)
        elif w.off == TG3_MI_COMM:
            # START with the write command: the PHY register takes the data bits.
            if w.val & (1 << 29) and (w.val >> 26) & 3 == 1:
                phy, reg = (w.val >> 21) & 0x1F, (w.val >> 16) & 0x1F
                _note(phys, (0, phy, None, reg), tg3_phy_name(reg), 16, w.val & 0xFFFF)
        else:
            _note(regs, ("bar", w.off), tg3_reg_name(w.off), w.bits, w.val)
    return regs, phys


# ---- skge (napkin-skge): offsets from tests/hosted/models/skge_model_regs.h ----

SKGE_GLOBAL = {
    0x0000: "B0_RAP", 0x0004: "B0_CTST", 0x0006: "B0_LED", 0x0007: "B0_POWER_CTRL",
    0x0008: "B0_ISRC", 0x000C: "B0_IMSK", 0x0010: "B0_HWE_ISRC", 0x0014: "B0_HWE_IMSK",
    0x0018: "B0_SP_ISRC", 0x0060: "B0_R1_CSR", 0x0064: "B0_R2_CSR", 0x0068: "B0_XS1_CSR",
    0x006C: "B0_XA1_CSR", 0x0070: "B0_XS2_CSR", 0x0074: "B0_XA2_CSR",
    0x0100: "B2_MAC_1", 0x0108: "B2_MAC_2", 0x0118: "B2_CONN_TYP", 0x0119: "B2_PMD_TYP",
    0x011A: "B2_MAC_CFG", 0x011B: "B2_CHIP_ID", 0x011C: "B2_E_0", 0x011D: "B2_E_1",
    0x0120: "B2_FAR", 0x0124: "B2_FDP", 0x0128: "B2_LD_CTRL", 0x0130: "B2_TI_INI",
    0x0134: "B2_TI_VAL", 0x0138: "B2_TI_CTRL", 0x0139: "B2_TI_TEST", 0x0140: "B2_IRQM_INI",
    0x0144: "B2_IRQM_VAL", 0x0148: "B2_IRQM_CTRL", 0x0149: "B2_IRQM_TEST",
    0x014C: "B2_IRQM_MSK", 0x0150: "B2_IRQM_HWE_MSK", 0x0158: "B2_TST_CTRL1",
    0x0159: "B2_TST_CTRL2", 0x015C: "B2_GP_IO", 0x0170: "B2_BSC_INI", 0x0178: "B2_BSC_CTRL",
    0x019C: "B3_RI_TO_VAL", 0x01A0: "B3_RI_CTRL", 0x01B0: "B3_MA_TOINI",
    0x01B4: "B3_MA_TOVAL", 0x01B8: "B3_MA_TO_CTRL", 0x01C0: "B3_MA_RCINI",
    0x01C4: "B3_MA_RCVAL", 0x01C8: "B3_MA_RC_CTRL", 0x01D0: "B3_PA_TOINI",
    0x01E0: "B3_PA_TOVAL", 0x01F0: "B3_PA_CTRL", 0x0380: "B7_CFG_SPC",
    0x0E00: "B28_DPT_INI", 0x0E08: "B28_DPT_CTRL", 0x0E0A: "B28_DPT_TST",
    0x0E14: "GMAC_TI_ST_VAL", 0x0E18: "GMAC_TI_ST_CTRL",
}
for _i, _n in enumerate(["WTO_R1", "WTO_XA1", "WTO_XS1", "RTO_R1", "RTO_XA1", "RTO_XS1",
                         "WTO_R2", "WTO_XA2", "WTO_XS2", "RTO_R2", "RTO_XA2", "RTO_XS2"]):
    SKGE_GLOBAL[0x0190 + _i] = "B3_RI_" + _n
for _i in range(1, 4):
    SKGE_GLOBAL[0x01D0 + 4 * _i] = f"B3_PA_TOINI+{4 * _i}"
# Per port, +0x80 for port 2.
SKGE_PORT = {
    0x0200: "TXA_ITI_INI", 0x0204: "TXA_ITI_VAL", 0x0208: "TXA_LIM_INI",
    0x020C: "TXA_LIM_VAL", 0x0210: "TXA_CTRL", 0x0211: "TXA_TEST", 0x0212: "TXA_STAT",
    0x0C00: "RX_MFF_EA", 0x0C0C: "RX_MFF_RP", 0x0C18: "RX_MFF_CTRL1",
    0x0C1A: "RX_MFF_STAT_TO", 0x0C1C: "RX_MFF_CTRL2", 0x0C20: "RX_LED_INI",
    0x0C30: "LNK_SYNC_INI", 0x0C3C: "LNK_LED_REG", 0x0C40: "RX_GMF_EA",
    0x0C48: "RX_GMF_CTRL_T", 0x0C4C: "RX_GMF_FL_MSK", 0x0D00: "TX_MFF_EA",
    0x0D18: "TX_MFF_CTRL1", 0x0D1A: "TX_MFF_WAF", 0x0D1C: "TX_MFF_CTRL2",
    0x0D20: "TX_LED_INI", 0x0D40: "TX_GMF_EA", 0x0D48: "TX_GMF_CTRL_T",
    0x0F00: "GMAC_CTRL", 0x0F04: "GPHY_CTRL", 0x0F08: "GMAC_IRQ_SRC",
    0x0F0C: "GMAC_IRQ_MSK", 0x0F10: "GMAC_LINK_CTRL", 0x0F20: "WOL_CTRL_STAT",
}
SKGE_QUEUES = {0x0400: "R1", 0x0480: "R2", 0x0600: "XS1", 0x0680: "XA1", 0x0700: "XS2",
               0x0780: "XA2"}
SKGE_Q_REGS = {0x00: "Q_D", 0x20: "Q_DA_L", 0x24: "Q_DA_H", 0x28: "Q_AC_L", 0x2C: "Q_AC_H",
               0x30: "Q_BC", 0x34: "Q_CSR", 0x38: "Q_F", 0x3C: "Q_T1", 0x40: "Q_T2",
               0x44: "Q_T3"}
SKGE_RB_REGS = {0x00: "RB_START", 0x04: "RB_END", 0x08: "RB_WP", 0x0C: "RB_RP",
                0x10: "RB_RX_UTPP", 0x14: "RB_RX_LTPP", 0x18: "RB_RX_UTHP",
                0x1C: "RB_RX_LTHP", 0x20: "RB_PC", 0x24: "RB_LEV", 0x28: "RB_CTRL"}
SKGE_XMAC_BASE, SKGE_GMAC_BASE, SKGE_MAC_STRIDE, SKGE_MAC_WINDOW = 0x2000, 0x2800, 0x1000, 0x800
# XMAC II registers by number (skge_model_regs.h); register r is at byte 2 * r.
_XM_BY_NUMBER = {0x00: "XM_MMU_CMD", 0x08: "XM_POFF", 0x0C: "XM_BURST", 0x10: "XM_1L_VLAN",
                 0x14: "XM_2L_VLAN", 0x20: "XM_TX_CMD", 0x24: "XM_TX_RT_LIM",
                 0x28: "XM_TX_STIME", 0x2C: "XM_TX_IPG", 0x30: "XM_RX_CMD",
                 0x34: "XM_PHY_ADDR", 0x38: "XM_PHY_DATA", 0x40: "XM_GP_PORT",
                 0x44: "XM_IMSK", 0x48: "XM_ISRC", 0x4C: "XM_HW_CFG", 0x60: "XM_TX_LO_WM",
                 0x108: "XM_SA", 0x10A: "XM_SA+2", 0x10C: "XM_SA+4",
                 0x110: "XM_HSM", 0x112: "XM_HSM+2", 0x114: "XM_HSM+4", 0x116: "XM_HSM+6",
                 0x120: "XM_DEV_ID", 0x124: "XM_MODE", 0x126: "XM_MODE+2", 0x128: "XM_LSA",
                 0x134: "XM_TS_LOAD", 0x200: "XM_STAT_CMD", 0x204: "XM_RX_CNT_EV",
                 0x210: "XM_TX_EV_MSK"}
for _i in range(16):  # exact-match entries, three 16-bit words each
    for _w in range(3):
        _XM_BY_NUMBER[0x80 + 8 * _i + 2 * _w] = f"XM_EXM[{_i}]" + (f"+{2 * _w}" if _w else "")
SKGE_XM_REGS = {2 * r: name for r, name in _XM_BY_NUMBER.items()}
SKGE_GM_REGS = dict(GMAC_REGS)  # the Yukon GMAC's layout is the one Yukon-2 kept
SKGE_XM_PHY_ADDR, SKGE_XM_PHY_DATA = 2 * 0x34, 2 * 0x38
SKGE_ADDRESS_REGS = ("Q_DA_", "PCI_BAR", "PCI_ROM")
# A port's transmit queues, synchronous or asynchronous: a driver uses either.
SKGE_TX_QUEUES = {0x0600: 0, 0x0680: 0, 0x0700: 1, 0x0780: 1}
SKGE_TX_SHORTCUT = {0x0068: 0, 0x006C: 0, 0x0070: 1, 0x0074: 1}  # B0_X[SA][12]_CSR
SKGE_CSR_START = 1 << 4


def skge_reg_name(off: int) -> str:
    for base, table, tag in ((SKGE_XMAC_BASE, SKGE_XM_REGS, "XM"),
                             (SKGE_GMAC_BASE, SKGE_GM_REGS, "GM")):
        rel = off - base
        port, rel = divmod(rel, SKGE_MAC_STRIDE)
        if 0 <= port < 2 and 0 <= rel < SKGE_MAC_WINDOW:
            if tag == "GM" and rel >= 0x100:
                return f"GM_MIB[{(rel - 0x100) // 8}]@{port + 1}"
            if tag == "XM" and 2 * 0x280 <= rel < 2 * 0x380:
                return f"XM_STAT[{(rel - 2 * 0x280) // 8}]@{port + 1}"
            name = _block_name(rel, table)
            return f"{name or f'{tag}_{rel:#05x}'}@{port + 1}"
    name = _block_name(off, SKGE_GLOBAL)
    if name:
        return name
    for q, qname in SKGE_QUEUES.items():
        for base, table in ((q, SKGE_Q_REGS), (q + 0x400, SKGE_RB_REGS)):
            if 0 <= off - base < 0x48:
                name = _block_name(off - base, table)
                if name:
                    return f"{name}.{qname}"
    for port in (0, 1):
        rel = off - port * 0x80
        name = _block_name(rel, SKGE_PORT)
        if name and rel >= 0x200:
            return f"{name}@{port + 1}"
    return f"reg_{off:#06x}"


def skge_bringup_end(writes: list) -> int:
    """Index just past the write that completes the bring-up: each port whose
    transmit queue got a descriptor address has started that queue."""
    started: set[int] = set()
    sent: set[int] = set()
    for i, w in enumerate(writes):
        if w.kind != "bar":
            continue
        q, rel = w.off & ~0x7F, w.off & 0x7F
        if q in SKGE_TX_QUEUES and rel == 0x20:
            started.add(SKGE_TX_QUEUES[q])
            continue
        port = SKGE_TX_QUEUES.get(q) if rel == 0x34 else SKGE_TX_SHORTCUT.get(w.off)
        if port is not None and port in started and w.val & SKGE_CSR_START:
            sent.add(port)
            if sent == started:
                return i + 1
    return len(writes)


def skge_summarize(writes: list):
    """Registers, and PHY writes: GMAC SMI (Yukon) or the XMAC's PHY address
    and data registers (Genesis: a data write is the PHY write)."""
    regs: dict[tuple, Reg] = {}
    phys: dict[tuple, Reg] = {}
    smi_data = [0, 0]
    xm_addr = [0, 0]
    for w in writes:
        if w.kind == "cfg":
            _note(regs, ("cfg", w.off), cfg_name(w.off), w.bits, w.val)
            continue
        port, rel = divmod(w.off - SKGE_GMAC_BASE, SKGE_MAC_STRIDE)
        if 0 <= port < 2 and rel in (GM_SMI_DATA, GM_SMI_CTRL):
            if rel == GM_SMI_DATA:
                smi_data[port] = w.val & 0xFFFF
            elif not w.val & SMI_OP_READ:
                phy, reg = (w.val >> SMI_PHY_SHIFT) & 0x1F, (w.val >> SMI_REG_SHIFT) & 0x1F
                _note(phys, (port, phy, None, reg), PHY_REGS.get(reg, f"phy_{reg:#04x}"), 16,
                      smi_data[port])
            continue
        port, rel = divmod(w.off - SKGE_XMAC_BASE, SKGE_MAC_STRIDE)
        if 0 <= port < 2 and rel in (SKGE_XM_PHY_ADDR, SKGE_XM_PHY_DATA):
            if rel == SKGE_XM_PHY_ADDR:
                xm_addr[port] = w.val & 0xFFFF
            else:
                phy, reg = (xm_addr[port] >> 8) & 0x1F, xm_addr[port] & 0x1F
                _note(phys, (port, phy, None, reg), BCOM_PHY_REGS.get(reg, f"phy_{reg:#04x}"),
                      16, w.val & 0xFFFF)
            continue
        _note(regs, ("bar", w.off), skge_reg_name(w.off), w.bits, w.val)
    return regs, phys


# The Genesis board's Broadcom BCM5400: clause 22, then Broadcom's own.
BCOM_PHY_REGS = {0x00: "CTRL", 0x01: "STAT", 0x04: "AN_ADV", 0x05: "AN_LPA", 0x06: "AN_EXP",
                 0x07: "NEPG", 0x09: "1000T_CTRL", 0x0A: "1000T_STAT", 0x10: "P_EXT_CTRL",
                 0x11: "P_EXT_STAT", 0x18: "AUX_CTRL", 0x19: "AUX_STAT", 0x1A: "INT_STAT",
                 0x1B: "INT_MASK", 0x15: "DSP_RW", 0x17: "DSP_ADDR"}


# ---- Parsing ----

@dataclass(frozen=True)
class Write:
    kind: str  # "bar" or "cfg"
    off: int
    bits: int
    val: int


@dataclass
class Trace:
    path: str
    writes: list[Write] = field(default_factory=list)
    resets: int = 0
    faults: list[str] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    bad_lines: int = 0


def parse(lines, path: str = "-") -> Trace:
    """Reads trace lines; a line it cannot read is counted, not skipped silently."""
    t = Trace(path)
    for raw in lines:
        f = raw.split()
        if not f:
            continue
        try:
            if len(f) == 5 and f[1].startswith("w"):
                if int(f[2]) != 0:
                    continue  # only BAR0 holds registers
                t.writes.append(Write("bar", int(f[3], 0), int(f[1][1:]), int(f[4], 0)))
            elif len(f) == 4 and f[1].startswith("c"):
                t.writes.append(Write("cfg", int(f[2], 0), int(f[1][1:]), int(f[3], 0)))
            elif len(f) == 2 and f[1] == "reset":
                t.resets += 1
            elif len(f) >= 2 and f[1] == "fault":
                t.faults.append(" ".join(f[2:]))
            elif len(f) >= 2 and f[1] == "violation":
                t.violations.append(" ".join(f[2:]))
            else:
                t.bad_lines += 1
        except ValueError:
            t.bad_lines += 1
    return t


def bringup_end(writes: list[Write]) -> int:
    """Index just past the write that completes the bring-up: each port whose
    transmit ring was set up has written its first transmit PUT index."""
    started: set[int] = set()
    sent: set[int] = set()
    for i, w in enumerate(writes):
        if w.kind != "bar":
            continue
        if w.off in TX_ADDR_LO:
            started.add(TX_ADDR_LO[w.off])
        elif w.off in TX_PUT and TX_PUT[w.off] in started:
            sent.add(TX_PUT[w.off])
            if sent == started:
                return i + 1
    return len(writes)


# ---- What a driver wrote ----

@dataclass
class Reg:
    name: str
    bits: set[int] = field(default_factory=set)
    count: int = 0
    last: int = 0
    values: list[int] = field(default_factory=list)  # distinct, in the order first written


def _note(table: dict, key: tuple, name: str, bits: int, val: int) -> None:
    r = table.setdefault(key, Reg(name))
    r.bits.add(bits)
    r.count += 1
    r.last = val
    if val not in r.values:
        r.values.append(val)


def summarize(writes: list[Write], fe_phy: bool = False):
    """Per register and per PHY register: how often written, the last value."""
    regs: dict[tuple, Reg] = {}
    phys: dict[tuple, Reg] = {}
    smi_data = [0, 0]
    page: list[int | None] = [0, 0]
    note = _note

    for w in writes:
        if w.kind == "cfg":
            note(regs, ("cfg", w.off), cfg_name(w.off), w.bits, w.val)
            continue
        rel = w.off - GMAC_BASE
        port, rel = divmod(rel, GMAC_STRIDE)
        if not (0 <= port < 2 and rel in (GM_SMI_DATA, GM_SMI_CTRL)):
            note(regs, ("bar", w.off), reg_name(w.off), w.bits, w.val)
            continue
        if rel == GM_SMI_DATA:
            smi_data[port] = w.val & 0xFFFF
        elif rel == GM_SMI_CTRL and not w.val & SMI_OP_READ:
            phy = (w.val >> SMI_PHY_SHIFT) & 0x1F
            reg = (w.val >> SMI_REG_SHIFT) & 0x1F
            val = smi_data[port]
            if reg == PHY_PAGE_REG and not fe_phy:
                page[port] = val
                key_page = None
            else:
                key_page = None if fe_phy else page[port]
            note(phys, (port, phy, key_page, reg), phy_name(key_page, reg, fe_phy), 16, val)
    return regs, phys


# ---- Comparison ----

@dataclass
class Diff:
    only_a: list[tuple]
    only_b: list[tuple]
    differ: list[tuple]
    phy_only_a: list[tuple]
    phy_only_b: list[tuple]
    phy_differ: list[tuple]
    addresses: list[tuple] = field(default_factory=list)


def _split(a: dict, b: dict):
    only_a = [(k, a[k]) for k in sorted(a.keys() - b.keys(), key=_sort_key)]
    only_b = [(k, b[k]) for k in sorted(b.keys() - a.keys(), key=_sort_key)]
    differ = [(k, a[k], b[k]) for k in sorted(a.keys() & b.keys(), key=_sort_key)
              if a[k].last != b[k].last]
    return only_a, only_b, differ


def _sort_key(k: tuple):
    return tuple(-1 if x is None else (0 if x == "cfg" else 1) if isinstance(x, str) else x
                 for x in k)


def end_of_bringup(writes: list[Write], family: str = "sky2") -> int:
    if family == "tg3":
        return tg3_bringup_end(writes)
    return skge_bringup_end(writes) if family == "skge" else bringup_end(writes)


def compare(a: Trace, b: Trace, until: str = "first-tx", fe_phy: bool = False,
            family: str = "sky2") -> Diff:
    wa = a.writes[:end_of_bringup(a.writes, family)] if until == "first-tx" else a.writes
    wb = b.writes[:end_of_bringup(b.writes, family)] if until == "first-tx" else b.writes
    if family == "tg3":
        (ra, pa), (rb, pb), addr = tg3_summarize(wa), tg3_summarize(wb), TG3_ADDRESS_REGS
    elif family == "skge":
        (ra, pa), (rb, pb), addr = skge_summarize(wa), skge_summarize(wb), SKGE_ADDRESS_REGS
    else:
        (ra, pa), (rb, pb), addr = summarize(wa, fe_phy), summarize(wb, fe_phy), ADDRESS_REGS
    d = Diff(*_split(ra, rb), *_split(pa, pb))
    d.addresses = [x for x in d.differ if x[1].name.startswith(addr)]
    d.differ = [x for x in d.differ if not x[1].name.startswith(addr)]
    return d


def _where(k: tuple) -> str:
    return f"cfg {k[1]:#05x}" if k[0] == "cfg" else f"{k[1]:#06x}"


def _val(r: Reg) -> str:
    width = max(r.bits) // 4
    seq = ""
    if len(r.values) > 1:  # a command register's history says more than its last value
        seq = " [" + " ".join(f"{v:#x}" for v in r.values[:8]) + \
            (" ..." if len(r.values) > 8 else "") + "]"
    return (f"{r.last:#0{width + 2}x} ({r.count}x w{'/'.join(str(b) for b in sorted(r.bits))})"
            f"{seq}")


def _phy_where(k: tuple) -> str:
    port, phy, page, reg = k
    pg = "" if page is None else f" page {page}"
    return f"port {port + 1} phy {phy}{pg} reg {reg:#04x}"


def render(d: Diff, names=("A", "B"), a: Trace | None = None, b: Trace | None = None,
           family: str = "sky2") -> str:
    na, nb = names
    out = []
    for t, n in ((a, na), (b, nb)):
        if t is not None:
            end = end_of_bringup(t.writes, family)
            out.append(f"{n}: {t.path}: {end} of {len(t.writes)} writes to the bring-up's end, "
                       f"{t.resets} resets, {len(t.faults)} faults, {len(t.violations)} "
                       f"violations, {t.bad_lines} unreadable lines")

    def section(title, rows, count=None):
        out.append(f"== {title}: {len(rows) if count is None else count}")
        out.extend(rows)

    section(f"registers only {na} writes",
            [f"  {r.name:<28} {_where(k):<10} {_val(r)}" for k, r in d.only_a])
    section(f"registers only {nb} writes",
            [f"  {r.name:<28} {_where(k):<10} {_val(r)}" for k, r in d.only_b])
    section("registers both write, last values differ",
            [f"  {ra.name:<28} {_where(k):<10} {na} {_val(ra)}  {nb} {_val(rb)}"
             for k, ra, rb in d.differ])
    section("address registers both write (values differ by nature)",
            ["  " + " ".join(ra.name for _, ra, _ in d.addresses)] if d.addresses else [],
            len(d.addresses))
    section(f"PHY registers only {na} writes",
            [f"  {r.name:<16} {_phy_where(k)}  {_val(r)}" for k, r in d.phy_only_a])
    section(f"PHY registers only {nb} writes",
            [f"  {r.name:<16} {_phy_where(k)}  {_val(r)}" for k, r in d.phy_only_b])
    section("PHY registers both write, last values differ",
            [f"  {ra.name:<16} {_phy_where(k)}  {na} {_val(ra)}  {nb} {_val(rb)}"
             for k, ra, rb in d.phy_differ])
    return "\n".join(out) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--names", default="A,B", help="labels for the two traces, e.g. linux,napkin")
    ap.add_argument("--family", choices=["sky2", "tg3", "skge"], default="sky2")
    ap.add_argument("--until", choices=["first-tx", "all"], default="first-tx")
    ap.add_argument("--fe-phy", action="store_true",
                    help="10/100 PHY (FE, FE+): register 0x16 is an LED register, not a page")
    args = ap.parse_args(argv)
    names = tuple(args.names.split(",", 1)) if "," in args.names else ("A", "B")
    traces = []
    for path in (args.a, args.b):
        try:
            with open(path, encoding="ascii", errors="replace") as f:
                traces.append(parse(f, path))
        except OSError as e:
            print(f"trace_cmp: {path}: {e.strerror}", file=sys.stderr)
            return 2
    for t in traces:
        if not t.writes:
            print(f"trace_cmp: {t.path}: no register writes", file=sys.stderr)
            return 2
    d = compare(*traces, until=args.until, fe_phy=args.fe_phy, family=args.family)
    sys.stdout.write(render(d, names, *traces, family=args.family))
    return 0


if __name__ == "__main__":
    sys.exit(main())
