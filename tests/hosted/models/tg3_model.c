// SPDX-License-Identifier: BSD-2-Clause
/*
 * BCM5719 model: PCI identity and configuration registers, the register file
 * with its access rules, NIC memory behind the window, core reset and the
 * bootcode that runs after it. The data path is in tg3_model_engine.c, the
 * PHY in tg3_model_phy.c.
 *
 * Strictness: a register the model does not know, a ring used before its
 * control block is set, a block enabled before what it depends on, a
 * parameter changed under a running engine, a register touched while the
 * core is still in reset or the bootcode still runs: each is reported with
 * hosted_fail() naming what was wrong, because real hardware would hang,
 * corrupt memory or silently do nothing.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/pci/pci_regs.h"
#include "tests/hosted/hosted_pci.h"
#include "tests/hosted/models/tg3_model_internal.h"

#define SUBSYS_VENDOR  BGEM_VENDOR_BROADCOM
#define SUBSYS_DEVICE  BGEM_DEVICE_5719
#define CLASS_ETHERNET 0x020000
/* Smallest receive buffer a standard ring may describe. */
#define MIN_RX_BUFFER 64

enum reg_kind {
	R_UNKNOWN,
	R_PLAIN,   /* read/write storage */
	R_RO,	   /* read-only status */
	R_MODE,	   /* a block's mode register: RESET/ENABLE/ATTN */
	R_STAT,	   /* statistics counter, cleared when read */
	R_SPECIAL, /* has side effects, handled by name */
};

static u8 reg_kind[TM_REGS_SIZE / 4];
static const char *reg_name[TM_REGS_SIZE / 4];
/* Bits a write may set; 0 means no check (all bits free or unknown). */
static u32 reg_defined[TM_REGS_SIZE / 4];

static void def(u32 off, enum reg_kind kind, const char *name)
{
	reg_kind[off / 4] = (u8)kind;
	reg_name[off / 4] = name;
}

static void def_range(u32 from, u32 to, enum reg_kind kind, const char *name)
{
	for (u32 off = from; off <= to; off += 4)
		def(off, kind, name);
}

/* A block's mode register, and its status register right after it. */
static void def_block(u32 mode, const char *name)
{
	def(mode, R_MODE, name);
	def(mode + 4, R_RO, "block status");
}

static const struct {
	u32 off, bits;
} defined_bits[] = {
	{ BGEM_MAC_MODE, BGEM_MACMODE_DEFINED },       { BGEM_MAC_STATUS, BGEM_MACSTAT_DEFINED },
	{ BGEM_MAC_EVENT, BGEM_MACEVT_DEFINED },       { BGEM_MAC_LED_CTL, BGEM_LED_DEFINED },
	{ BGEM_MAC_TX_BACKOFF, BGEM_BACKOFF_DEFINED }, { BGEM_MAC_RX_MTU, BGEM_MTU_DEFINED },
	{ BGEM_MAC_MI_COMM, BGEM_MICOMM_DEFINED },     { BGEM_MAC_MI_MODE, BGEM_MIMODE_DEFINED },
	{ BGEM_MAC_TX_MODE, BGEM_TXMODE_DEFINED },     { BGEM_MAC_TX_LENGTHS, BGEM_TXLEN_DEFINED },
	{ BGEM_MAC_RX_MODE, BGEM_RXMODE_DEFINED },     { BGEM_SDI_MODE, BGEM_SDIMODE_DEFINED },
	{ BGEM_SDC_MODE, BGEM_SDCMODE_DEFINED },       { BGEM_SRS_MODE, BGEM_BLKMODE_DEFINED },
	{ BGEM_SBDI_MODE, BGEM_BLKMODE_DEFINED },      { BGEM_SBDC_MODE, BGEM_BLKMODE_DEFINED },
	{ BGEM_RXLP_MODE, BGEM_RXLPMODE_DEFINED },     { BGEM_RDBDI_MODE, BGEM_RDBDIMODE_DEFINED },
	{ BGEM_RDC_MODE, BGEM_BLKMODE_DEFINED },       { BGEM_RBDI_MODE, BGEM_BLKMODE_DEFINED },
	{ BGEM_RBDC_MODE, BGEM_BLKMODE_DEFINED },      { BGEM_HCC_MODE, BGEM_HCCMODE_DEFINED },
	{ BGEM_MARB_MODE, BGEM_MARBMODE_DEFINED },     { BGEM_BMAN_MODE, BGEM_BMANMODE_DEFINED },
	{ BGEM_RDMA_MODE, BGEM_RDMAMODE_DEFINED },     { BGEM_WDMA_MODE, BGEM_WDMAMODE_DEFINED },
	{ BGEM_MSI_MODE, BGEM_MSIMODE_DEFINED },       { BGEM_DMAC_MODE, BGEM_DMACMODE_DEFINED },
	{ BGEM_GRC_MODE, BGEM_GRCMODE_DEFINED },       { BGEM_GRC_MISC_CFG, BGEM_MISCCFG_DEFINED },
	{ BGEM_GRC_LOCAL_CTL, BGEM_LCTL_DEFINED },
};

static void build_defined_bits(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(defined_bits); i++)
		reg_defined[defined_bits[i].off / 4] = defined_bits[i].bits;
}

static void build_register_map(void)
{
	static bool built;

	if (built)
		return;
	built = true;
	def_range(BGEM_MBOX_FIRST, BGEM_MBOX_END - 4, R_SPECIAL, "mailbox");
	def(BGEM_MAC_MODE, R_SPECIAL, "MAC_MODE");
	def(BGEM_MAC_STATUS, R_SPECIAL, "MAC_STATUS");
	def(BGEM_MAC_EVENT, R_PLAIN, "MAC_EVENT_ENABLE");
	def(BGEM_MAC_LED_CTL, R_PLAIN, "LED_CTRL");
	def_range(BGEM_MAC_ADDR_HI(0), BGEM_MAC_ADDR_LO(3), R_PLAIN, "MAC_ADDR");
	def(BGEM_MAC_TX_BACKOFF, R_PLAIN, "TX_BACKOFF_SEED");
	def(BGEM_MAC_RX_MTU, R_PLAIN, "RX_MTU");
	def(BGEM_MAC_MI_COMM, R_SPECIAL, "MI_COMM");
	def(BGEM_MAC_MI_STATUS, R_SPECIAL, "MI_STATUS");
	def(BGEM_MAC_MI_MODE, R_PLAIN, "MI_MODE");
	def(BGEM_MAC_TX_MODE, R_PLAIN, "TX_MODE");
	def(BGEM_MAC_TX_MODE + 4, R_RO, "TX_STATUS");
	def(BGEM_MAC_TX_LENGTHS, R_PLAIN, "TX_LENGTHS");
	def(BGEM_MAC_RX_MODE, R_PLAIN, "RX_MODE");
	def(BGEM_MAC_RX_MODE + 4, R_RO, "RX_STATUS");
	def_range(BGEM_MAC_HASH(0), BGEM_MAC_HASH(3), R_PLAIN, "MAC_HASH");
	def_range(BGEM_MAC_RX_RULES, BGEM_MAC_RX_RULES_LAST, R_PLAIN, "RX_RULES");
	def(BGEM_MAC_RX_RULES_CFG, R_PLAIN, "RX_RULES_CFG");
	def_range(BGEM_STAT_TX_FIRST, BGEM_STAT_RX_FIRST + BGEM_STAT_RX_SIZE - 4, R_STAT,
		  "MAC statistics");
	def_block(BGEM_SDI_MODE, "SDI_MODE");
	def_block(BGEM_SDC_MODE, "SDC_MODE");
	def_block(BGEM_SRS_MODE, "SRS_MODE");
	def_block(BGEM_SBDI_MODE, "SBDI_MODE");
	def_block(BGEM_SBDC_MODE, "SBDC_MODE");
	def_block(BGEM_RXLP_MODE, "RXLP_MODE");
	def(BGEM_RXLP_CFG, R_PLAIN, "RXLP_CONFIG");
	def(BGEM_RXLP_STATS_CTL, R_PLAIN, "RXLP_STATS_CTRL");
	def(BGEM_RXLP_STATS_ENABLE, R_PLAIN, "RXLP_STATS_ENABLE_MASK");
	def_range(BGEM_RXLP_STAT_NO_BD, BGEM_RXLP_STAT_ERRORS, R_STAT, "RXLP statistics");
	def_block(BGEM_RDBDI_MODE, "RDBDI_MODE");
	def_range(BGEM_RDBDI_STD_RCB, BGEM_RDBDI_STD_RCB + 0xC, R_SPECIAL, "STD_RCB");
	def_block(BGEM_RDC_MODE, "RDC_MODE");
	def_block(BGEM_RBDI_MODE, "RBDI_MODE");
	def(BGEM_RBDI_STD_REPL_THR, R_PLAIN, "RBDI_STD_REPLENISH");
	def(BGEM_RBDI_STD_REPL_LWM, R_PLAIN, "STD_REPLENISH_LWM");
	def_block(BGEM_RBDC_MODE, "RBDC_MODE");
	def(BGEM_HCC_MODE, R_SPECIAL, "HCC_MODE");
	def(BGEM_HCC_MODE + 4, R_RO, "HCC_STATUS");
	def_range(BGEM_HCC_RX_TICKS, BGEM_HCC_TX_MAX_BDS_INT, R_SPECIAL, "HCC parameter");
	def_range(BGEM_HCC_SB_ADDR_HI, BGEM_HCC_SB_ADDR_LO, R_SPECIAL, "HCC_STATUS_ADDR");
	def(BGEM_HCC_FLOW_ATTN, R_RO, "FLOW_ATTN");
	def_block(BGEM_MARB_MODE, "MARB_MODE");
	def_block(BGEM_BMAN_MODE, "BMAN_MODE");
	def_range(BGEM_BMAN_RDMA_LOWAT, BGEM_BMAN_HIWAT, R_PLAIN, "BMAN watermark");
	def_block(BGEM_RDMA_MODE, "RDMA_MODE");
	def_block(BGEM_WDMA_MODE, "WDMA_MODE");
	def(BGEM_FTQ_RESET, R_PLAIN, "FTQ_RESET");
	def(BGEM_MSI_MODE, R_SPECIAL, "MSI_MODE");
	def(BGEM_MSI_MODE + 4, R_RO, "MSI_STATUS");
	def_block(BGEM_DMAC_MODE, "DMAC_MODE");
	def(BGEM_GRC_MODE, R_PLAIN, "MODE_CTRL");
	def(BGEM_GRC_MISC_CFG, R_SPECIAL, "MISC_CFG");
	def(BGEM_GRC_LOCAL_CTL, R_SPECIAL, "MISC_LOCAL_CTRL");
	def(BGEM_GRC_EEPROM_ADDR, R_PLAIN, "EEPROM_ADDR");
	def(BGEM_GRC_EEPROM_DATA, R_PLAIN, "EEPROM_DATA");
	def(BGEM_SG_DIG_STATUS, R_RO, "SG_DIG_STATUS");
	/* The CPMU (clock and power control, kept and not acted on), but its status. */
	def_range(BGEM_CPMU_FIRST, BGEM_CPMU_FIRST + BGEM_CPMU_SIZE - 4, R_PLAIN, "CPMU");
	def(BGEM_CPMU_STATUS, R_RO, "CPMU_STATUS");
	/* PCIe transaction/link layer tuning Linux applies on the 5784. */
	def_range(BGEM_PCIE_TL_PORT, BGEM_PCIE_TRANS_CFG, R_PLAIN, "PCIe TL/DL tuning");
	def(BGEM_PCIE_PHY_TSTCTL, R_PLAIN, "PCIE_PHY_TSTCTL");
	def_range(BGEM_NVRAM_CMD, BGEM_NVRAM_ACCESS, R_SPECIAL, "NVRAM");
	/*
	 * Accepted and kept, not acted on: what Linux tg3 programs on these
	 * chips for features the model does not have (jumbo ring, RSS vectors'
	 * coalescing, EEE and clock control in the CPMU, PTP clock, DMA tuning).
	 */
	def(BGEM_MAC_LOW_WMARK, R_PLAIN, "MAC_LOW_WMARK_MAX_RX_FRAME");
	def(BGEM_SDI_STATS_CTL, R_PLAIN, "SNDDATAI_STATSCTRL");
	def(BGEM_SDI_STATS_ENABLE, R_PLAIN, "SNDDATAI_STATSENAB");
	def_range(BGEM_RDBDI_JMB_RCB, BGEM_RDBDI_JMB_RCB + 0xC, R_PLAIN, "JUMBO_RCB");
	def(BGEM_RBDI_JMB_REPL_THR, R_PLAIN, "RBDI_JUMBO_REPLENISH");
	def(BGEM_RBDI_JMB_REPL_LWM, R_PLAIN, "JUMBO_REPLENISH_LWM");
	def_range(BGEM_HCC_VEC_FIRST, BGEM_HCC_VEC_LAST, R_PLAIN, "HCC per-vector parameter");
	def(BGEM_CPMU_CLCK_ORIDE, R_PLAIN, "CPMU_CLCK_ORIDE");
	def_range(BGEM_CPMU_EEE_MODE, BGEM_CPMU_EEE_LNKIDL, R_PLAIN, "CPMU EEE");
	def(BGEM_CPMU_EEE_CTRL, R_PLAIN, "CPMU_EEE_CTRL");
	def_range(BGEM_BMAN_DMA_LOWAT, BGEM_BMAN_DMA_HIWAT, R_PLAIN, "BMAN DMA watermark");
	def(BGEM_RDMA_RSRV_CTL, R_PLAIN, "RDMA_RSRVCTRL");
	def(BGEM_RDMA_LSO_CRPTEN, R_PLAIN, "RDMA_LSO_CRPTEN_CTRL");
	def_range(BGEM_RDMA_LENGTH, BGEM_RDMA_LENGTH + 0xC, R_RO, "RDMA_LENGTH");
	def(BGEM_GRC_FASTBOOT_PC, R_PLAIN, "FASTBOOT_PC");
	def_range(BGEM_EAV_REF_CLK_LSB, BGEM_EAV_REF_CLK_CTL, R_PLAIN, "EAV reference clock");
	def(BGEM_EAV_REF_CLK_CORR, R_PLAIN, "EAV clock correction");
	build_defined_bits();
}

static const char *name_of(u32 off)
{
	const char *n = off < TM_REGS_SIZE ? reg_name[off / 4] : NULL;

	return n ? n : "unknown";
}

void tm_violation(struct tg3_model *m, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	hosted_fail("tg3 model %s: %s", m->name, msg);
}

u32 tm_reg(const struct tg3_model *m, u32 off)
{
	return m->regs[off / 4];
}

void tm_reg_set(struct tg3_model *m, u32 off, u32 val)
{
	m->regs[off / 4] = val;
}

bool tm_block_on(const struct tg3_model *m, u32 mode_reg)
{
	return tm_reg(m, mode_reg) & BGEM_BLK_ENABLE;
}

/*
 * The MAC counts only while its statistics are on: MAC_MODE's receive and
 * transmit statistics enables (both reference drivers set them with the
 * clear bits: Linux tg3_reset_hw, FreeBSD bge_blockinit).
 */
void tm_stat_add(struct tg3_model *m, u32 off, u32 n)
{
	u32 mode = tm_reg(m, BGEM_MAC_MODE);

	if (off >= BGEM_STAT_TX_FIRST && off < BGEM_STAT_RX_FIRST && !(mode & BGEM_MACMODE_TXST_ON))
		return;
	if (off >= BGEM_STAT_RX_FIRST && off < BGEM_STAT_RX_FIRST + BGEM_STAT_RX_SIZE &&
	    !(mode & BGEM_MACMODE_RXST_ON))
		return;
	m->regs[off / 4] += n;
}

/* ---- Ring control blocks ---- */

static bool pow2_between(u32 v, u32 lo, u32 hi)
{
	return v >= lo && v <= hi && !(v & (v - 1));
}

enum rcb_kind { RCB_STD, RCB_SEND, RCB_RET };

/*
 * Decode an RCB; returns why it is unusable, or NULL. Bits 31:16 of the
 * length/flags word are the entry count; the 5717 family's standard ring
 * also takes the buffer size in bits 15:2, older chips take it from each
 * BD (Linux tg3_reset_hw writes 512 << 16 there on every chip, and 1536 in
 * 15:2 only from the 57765 on). The NIC address field is ignored from the
 * 5705 on (Linux tg3_set_bdinfo and tg3_reset_hw write it only on older
 * chips), except for the 5784's standard ring, which Linux points at 0x6000.
 */
static const char *decode_rcb(const struct tm_variant *v, const u32 *rcb, struct tm_ring *r,
			      enum rcb_kind kind)
{
	bool is_std = kind == RCB_STD;
	bool buf_len = is_std && v->std_rcb_buf_len;
	u32 flags = rcb[2];
	u32 max = is_std ? v->std_max : kind == RCB_RET ? v->ret_max : BGEM_RCB_MAX_SEND;

	memset(r, 0, sizeof(*r));
	r->host = (u64)rcb[0] << 32 | rcb[1];
	r->entries = BGEM_RCB_ENTRIES(flags);
	r->max_len = buf_len ? BGEM_RCB_STD_BUF_LEN(flags) : is_std ? BGEM_STD_BUF_LEN_5784 : 0;
	if (flags & BGEM_RCBF_DISABLED)
		return "marked disabled";
	if (flags & (buf_len ? BGEM_RCBF_RESERVED_STD : BGEM_RCBF_RESERVED))
		return "reserved flag bits set";
	if (!r->host)
		return "host address is zero";
	if (r->host & 0xF)
		return "host address not 16-byte aligned";
	if (!pow2_between(r->entries, 32, max))
		return "entry count not a power of two the chip supports";
	if (is_std && r->max_len < MIN_RX_BUFFER)
		return "buffer size too small for a frame";
	if (is_std && v->std_nic_addr && rcb[3] != v->std_nic_addr)
		return "NIC address is not where this chip keeps this ring";
	r->valid = true;
	return NULL;
}

static const char *std_ring_problem(struct tg3_model *m)
{
	u32 rcb[4] = { tm_reg(m, BGEM_RDBDI_STD_RCB), tm_reg(m, BGEM_RDBDI_STD_RCB + 4),
		       tm_reg(m, BGEM_RDBDI_STD_RCB + 8), tm_reg(m, BGEM_RDBDI_STD_RCB + 12) };

	return decode_rcb(m->var, rcb, &m->std, RCB_STD);
}

static const char *send_ring_problem(struct tg3_model *m)
{
	return decode_rcb(m->var, &m->sram[BGEM_SRAM_SEND_RCBS / 4], &m->send, RCB_SEND);
}

static const char *ret_ring_problem(struct tg3_model *m)
{
	return decode_rcb(m->var, &m->sram[BGEM_SRAM_RET_RCBS / 4], &m->ret, RCB_RET);
}

static u32 *sram_rcb(struct tg3_model *m, u32 base, unsigned int ring, u32 field)
{
	return &m->sram[(base + BGEM_RCB_SIZE * ring + field) / 4];
}

/* ---- Block enables and their order ---- */

static bool is_dma_block(u32 reg)
{
	return reg != BGEM_MARB_MODE && reg != BGEM_BMAN_MODE;
}

static bool is_rx_block(u32 reg)
{
	return reg == BGEM_RXLP_MODE || reg == BGEM_RDBDI_MODE || reg == BGEM_RDC_MODE ||
	       reg == BGEM_RBDI_MODE || reg == BGEM_RBDC_MODE;
}

static void check_swap_mode(struct tg3_model *m, const char *block)
{
	u32 mode = tm_reg(m, BGEM_GRC_MODE);
	u32 want = BGEM_GRCMODE_WSWAP_NONFRAME | BGEM_GRCMODE_BSWAP_DATA | BGEM_GRCMODE_WSWAP_DATA;

	if ((mode & (want | BGEM_GRCMODE_BSWAP_NONFRAME)) != want)
		tm_violation(m,
			     "%s enabled with MODE_CTRL 0x%08x: on a little-endian host "
			     "descriptors or frame data would be byte-swapped (want word swap "
			     "of non-frame data and byte+word swap of frame data)",
			     block, mode);
}

static void check_enable(struct tg3_model *m, u32 reg)
{
	const char *name = name_of(reg), *why;

	if (is_dma_block(reg) && !tm_block_on(m, BGEM_MARB_MODE))
		tm_violation(m, "%s enabled before the memory arbiter", name);
	if (is_rx_block(reg) && !tm_block_on(m, BGEM_BMAN_MODE))
		tm_violation(m, "%s enabled before the buffer manager", name);
	if (reg == BGEM_RDMA_MODE || reg == BGEM_WDMA_MODE)
		check_swap_mode(m, name);
	if (reg == BGEM_RBDI_MODE && (why = std_ring_problem(m)))
		tm_violation(m,
			     "receive BD initiator enabled, but the standard ring's control "
			     "block is unusable: %s",
			     why);
	if ((reg == BGEM_RDBDI_MODE || reg == BGEM_RXLP_MODE)) {
		if ((why = ret_ring_problem(m)))
			tm_violation(m,
				     "%s enabled, but return ring 0's control block is "
				     "unusable: %s",
				     name, why);
		for (unsigned int i = 1; i < m->var->ret_rcbs; i++)
			if (!(*sram_rcb(m, BGEM_SRAM_RET_RCBS, i, BGEM_RCB_LEN_FLAGS) &
			      BGEM_RCBF_DISABLED))
				tm_violation(m,
					     "%s enabled with return ring %u's control block "
					     "not disabled (it holds whatever the reset left)",
					     name, i);
	}
	if (reg == BGEM_SBDI_MODE) {
		if ((why = send_ring_problem(m)))
			tm_violation(m,
				     "send BD initiator enabled, but send ring 0's control "
				     "block is unusable: %s",
				     why);
		if (!(tm_reg(m, BGEM_GRC_MODE) & BGEM_GRCMODE_HOST_SEND_BDS))
			tm_violation(m, "send BD initiator enabled without MODE_CTRL "
					"HOST_SEND_BDS, but the send ring is in host memory");
	}
}

static void mode_write(struct tg3_model *m, u32 reg, u32 val)
{
	if ((val & BGEM_BLK_ENABLE) && !tm_block_on(m, reg))
		check_enable(m, reg);
	tm_reg_set(m, reg, val & ~BGEM_BLK_RESET);
}

/* ---- Reset and bootcode ---- */

static void garbage_rcbs(struct tg3_model *m)
{
	/* What NIC memory holds after a reset is not ours to know: assume the worst. */
	for (unsigned int i = 1; i < m->var->send_rcbs; i++)
		*sram_rcb(m, BGEM_SRAM_SEND_RCBS, i, BGEM_RCB_LEN_FLAGS) = 0x02000000u;
	for (unsigned int i = 1; i < m->var->ret_rcbs; i++)
		*sram_rcb(m, BGEM_SRAM_RET_RCBS, i, BGEM_RCB_LEN_FLAGS) = 0x02000000u;
}

static void clear_state(struct tg3_model *m)
{
	memset(m->regs, 0, sizeof(m->regs));
	tm_reg_set(m, BGEM_MAC_MI_MODE, BGEM_MIMODE_CLKCNT_RESET);
	tm_reg_set(m, BGEM_MAC_RX_MTU, BGEM_DEFAULT_MTU);
	tm_nvram_reset(m);
	if (m->var->ape) /* the 5719's function number; the 5784 has one function */
		tm_reg_set(m, BGEM_CPMU_STATUS, (u32)(m->fn & 3) << BGEM_CPMU_STATUS_FN_SHIFT);
	garbage_rcbs(m);
	memset(&m->send, 0, sizeof(m->send));
	memset(&m->std, 0, sizeof(m->std));
	memset(&m->ret, 0, sizeof(m->ret));
	m->send_prod = m->send_cons = 0;
	m->std_prod = m->std_cons = 0;
	m->ret_prod = m->ret_cons = 0;
	m->mhc = 0;
	m->dma_rw_ctrl = 0;
	m->mem_win_base = 0;
	m->reg_base = 0;
	m->mbox_irq0 = 0;
	memset(m->mbox_irq, 0, sizeof(m->mbox_irq));
	m->sb_tag = 0;
	m->sb_tag_valid = false;
	m->hc_pending = false;
	m->msi_sent_for_pending = false;
	m->irq_lost_latched = false;
	m->tx_paused_until = 0;
	m->rx_events = m->tx_events = 0;
	m->coal_now = false;
	m->sb_link_changed = false;
	m->sb_error = false;
	m->mdio_done_at = 0;
	m->mi_link = false;
	m->port_mismatch_reported = false;
	m->fault_tx_stuck = false;
	m->fault_dma_error = false;
	m->tx_halted = false;
	m->rx_halted = false;
	tm_rx_flush(m);
}

static void boot_finish(struct tg3_model *m)
{
	const u8 *a = m->mac;
	u32 hi = (u32)a[0] << 8 | a[1];
	u32 lo = (u32)a[2] << 24 | (u32)a[3] << 16 | (u32)a[4] << 8 | a[5];

	m->boot_done_at = 0;
	/* What the bootcode leaves behind: address from NVRAM, arbiters on, ready. */
	for (unsigned int i = 0; i < BGEM_MAC_ADDR_COUNT; i++) {
		tm_reg_set(m, BGEM_MAC_ADDR_HI(i), hi);
		tm_reg_set(m, BGEM_MAC_ADDR_LO(i), lo);
	}
	m->sram[BGEM_SRAM_MAC_HI / 4] = BGEM_SRAM_MAC_VALID << 16 | hi;
	m->sram[BGEM_SRAM_MAC_LO / 4] = lo;
	tm_reg_set(m, BGEM_MARB_MODE, BGEM_BLK_ENABLE);
	tm_reg_set(m, BGEM_BMAN_MODE, BGEM_BLK_ENABLE | BGEM_BLK_ATTN);
	tm_reg_set(m, BGEM_MAC_MI_MODE, tm_reg(m, BGEM_MAC_MI_MODE) | BGEM_MIMODE_CONST_MDC);
	m->sram[BGEM_SRAM_DATA_SIG / 4] = BGEM_FW_MAGIC;
	/* The board's configuration from NVRAM: a copper PHY, and its ID (drivers
	 * that share the PHY with the APE do not read it from the PHY itself). */
	m->sram[BGEM_SRAM_DATA_CFG / 4] = BGEM_DATACFG_PHY_COPPER;
	m->sram[BGEM_SRAM_DATA_PHY_ID / 4] = (u32)m->var->phy_id1 << 16 | m->var->phy_id2;
	if (m->sram[BGEM_SRAM_DRV_STATE / 4] == BGEM_DRV_STATE_START)
		m->sram[BGEM_SRAM_DRV_STATE / 4] = BGEM_DRV_STATE_DONE | BGEM_DRV_STATE_START;
	m->sram[BGEM_SRAM_FW_MBOX / 4] = BGEM_FW_DONE;
}

static void core_reset(struct tg3_model *m)
{
	u64 now = hosted_now();
	u32 cpmu[BGEM_CPMU_SIZE / 4];
	u32 msi_mode;

	m->ctr.core_resets++;
	if (!m->magic_seen)
		tm_violation(m,
			     "core reset without writing 0x%08x to the firmware mailbox first: "
			     "the bootcode cannot tell a driver reset from a power-on",
			     BGEM_FW_MAGIC);
	m->magic_seen = false;
	msi_mode = tm_reg(m, BGEM_MSI_MODE);
	memcpy(cpmu, &m->regs[BGEM_CPMU_FIRST / 4], sizeof(cpmu));
	clear_state(m);
	/*
	 * The CPMU is in the power-management domain, not the core's: Linux
	 * programs CPMU_EEE_MODE once at probe (tg3_setup_eee) and reads it back
	 * after every chip reset (tg3_eee_pull_config), restarting
	 * autonegotiation when it differs.
	 */
	memcpy(&m->regs[BGEM_CPMU_FIRST / 4], cpmu, sizeof(cpmu));
	/*
	 * The MSI block keeps its mode through a core reset on these parts, as
	 * config space keeps the capability's enable: Linux tg3 writes
	 * MSGINT_MODE once (tg3_ints_init) and restores it after a reset only on
	 * the 5780 class (tg3_restore_pci_state).
	 */
	tm_reg_set(m, BGEM_MSI_MODE, msi_mode);
	m->quiet_until = now + TM_RESET_QUIET_NS;
	m->boot_done_at = m->boot_hang ? UINT64_MAX : now + TM_BOOT_NS;
	tm_update_irq(m);
}

/* ---- NIC memory through the window ---- */

/* Only the control blocks this chip has: past them lies other NIC memory. */
static bool sram_known(const struct tg3_model *m, u32 addr)
{
	return (addr >= BGEM_SRAM_SEND_RCBS &&
		addr < BGEM_SRAM_SEND_RCBS + m->var->send_rcbs * BGEM_RCB_SIZE) ||
	       (addr >= BGEM_SRAM_RET_RCBS &&
		addr < BGEM_SRAM_RET_RCBS + m->var->ret_rcbs * BGEM_RCB_SIZE) ||
	       (addr >= BGEM_SRAM_FW_MBOX && addr < TM_SRAM_SIZE);
}

static void sram_write(struct tg3_model *m, u32 addr, u32 val)
{
	bool send_rcb0 = addr >= BGEM_SRAM_SEND_RCBS && addr < BGEM_SRAM_SEND_RCBS + 16;
	bool ret_rcb0 = addr >= BGEM_SRAM_RET_RCBS && addr < BGEM_SRAM_RET_RCBS + 16;

	if (!sram_known(m, addr)) {
		tm_violation(m, "write 0x%08x to NIC memory 0x%05x, which the model does not have",
			     val, addr);
		return;
	}
	if (send_rcb0 && tm_block_on(m, BGEM_SBDI_MODE))
		tm_violation(m, "send ring control block changed while the send BD initiator "
				"runs");
	if (ret_rcb0 && tm_block_on(m, BGEM_RDBDI_MODE))
		tm_violation(m, "return ring control block changed while the receive engine "
				"runs");
	if (addr == BGEM_SRAM_FW_MBOX && val == BGEM_FW_MAGIC)
		m->magic_seen = true;
	m->sram[addr / 4] = val;
	if (send_rcb0)
		send_ring_problem(m);
	if (ret_rcb0)
		ret_ring_problem(m);
}

static u32 sram_read(struct tg3_model *m, u32 addr)
{
	if (!sram_known(m, addr)) {
		tm_violation(m, "read of NIC memory 0x%05x, which the model does not have", addr);
		return 0;
	}
	return m->sram[addr / 4];
}

/* ---- Register access ---- */

static bool chip_cfg_dword(const struct tg3_model *m, u16 off);
static u32 chip_cfg_read(struct tg3_model *m, u16 off);
static void chip_cfg_write(struct tg3_model *m, u16 off, u32 val);

/*
 * BAR0 0x00..0xFF shadows configuration space; the chip's own dwords
 * (0x68..0x84) act the same by either path, which is how drivers reach the
 * memory window without config cycles. The standard header there reads as
 * in config space and is not written this way.
 */
static u32 cfg_shadow_read(struct tg3_model *m, u32 off)
{
	if (chip_cfg_dword(m, (u16)off))
		return chip_cfg_read(m, (u16)off);
	return hosted_pci_cfg_get(m->pci, (u16)off, 4);
}

static void cfg_shadow_write(struct tg3_model *m, u32 off, u32 val)
{
	if (chip_cfg_dword(m, (u16)off))
		chip_cfg_write(m, (u16)off, val);
	else
		tm_violation(m,
			     "write 0x%08x to the config space shadow at BAR0+0x%02x: only the "
			     "chip's registers 0x68..0x84 are meant to be written there",
			     val, off);
}

static bool hcc_param(u32 off)
{
	return (off >= BGEM_HCC_RX_TICKS && off <= BGEM_HCC_TX_MAX_BDS_INT) ||
	       off == BGEM_HCC_SB_ADDR_HI || off == BGEM_HCC_SB_ADDR_LO;
}

static void special_write(struct tg3_model *m, u32 off, u32 val)
{
	if (off >= BGEM_MBOX_FIRST && off < BGEM_MBOX_END) {
		tm_mailbox_write(m, off, val);
	} else if (off >= BGEM_NVRAM_CMD && off <= BGEM_NVRAM_ACCESS) {
		if (!tm_nvram_write(m, off, val))
			tm_violation(m, "write 0x%08x to read-only NVRAM register 0x%04x", val,
				     off);
	} else if (off == BGEM_MAC_MODE) {
		if (val & BGEM_MACMODE_RXST_CLEAR)
			memset(&m->regs[BGEM_STAT_RX_FIRST / 4], 0, BGEM_STAT_RX_SIZE);
		if (val & BGEM_MACMODE_TXST_CLEAR)
			memset(&m->regs[BGEM_STAT_TX_FIRST / 4], 0, BGEM_STAT_TX_SIZE);
		tm_reg_set(m, off, val & ~(BGEM_MACMODE_RXST_CLEAR | BGEM_MACMODE_TXST_CLEAR));
	} else if (off == BGEM_MAC_STATUS) {
		tm_reg_set(m, off, tm_reg(m, off) & ~val); /* write 1 to clear */
	} else if (off == BGEM_MAC_MI_STATUS) {
		/* Only the link-status attention enable is writable; the link bit is the MAC's. */
		if (val & ~BGEM_MISTAT_LNK_ATTN_EN)
			tm_violation(m, "write 0x%08x to MI_STATUS: only bit 0 is writable", val);
	} else if (off == BGEM_MAC_MI_COMM) {
		tm_mi_comm_write(m, val);
	} else if (off >= BGEM_RDBDI_STD_RCB && off < BGEM_RDBDI_STD_RCB + 16) {
		if (tm_block_on(m, BGEM_RBDI_MODE))
			tm_violation(m, "standard ring control block changed while the receive BD "
					"initiator runs");
		tm_reg_set(m, off, val);
		std_ring_problem(m);
	} else if (off == BGEM_HCC_MODE) {
		if ((val & BGEM_BLK_ENABLE) && !tm_block_on(m, BGEM_HCC_MODE)) {
			if (!tm_reg(m, BGEM_HCC_SB_ADDR_HI) && !tm_reg(m, BGEM_HCC_SB_ADDR_LO))
				tm_violation(m, "host coalescing enabled without a status block "
						"address");
			if ((val & (3u << 7)) != BGEM_HCCMODE_SB_32)
				tm_violation(m,
					     "status block size field %u: the model implements "
					     "the 32-byte block only",
					     (val >> 7) & 3);
			if (!tm_block_on(m, BGEM_MARB_MODE))
				tm_violation(m,
					     "host coalescing enabled before the memory arbiter");
			if (!tm_reg(m, BGEM_HCC_RX_MAX_BDS) && !tm_reg(m, BGEM_HCC_RX_TICKS))
				tm_violation(m,
					     "host coalescing enabled with neither a frame count "
					     "nor a time limit for receive: it would never report");
		}
		if (val & BGEM_HCCMODE_COAL_NOW)
			m->coal_now = true;
		tm_reg_set(m, off, val & ~(BGEM_HCCMODE_COAL_NOW | BGEM_BLK_RESET));
	} else if (hcc_param(off)) {
		if (tm_block_on(m, BGEM_HCC_MODE))
			tm_violation(m, "%s (0x%04x) changed while host coalescing runs",
				     name_of(off), off);
		tm_reg_set(m, off, val);
	} else if (off == BGEM_MSI_MODE) {
		tm_reg_set(m, off, val);
		tm_update_irq(m);
	} else if (off == BGEM_GRC_MISC_CFG) {
		if (val & BGEM_MISCCFG_CORE_RESET)
			core_reset(m);
		tm_reg_set(m, off, val & ~BGEM_MISCCFG_CORE_RESET);
	} else if (off == BGEM_GRC_LOCAL_CTL) {
		if (val & BGEM_LCTL_INT_SET)
			m->hc_pending = true;
		if (val & BGEM_LCTL_INT_CLEAR)
			m->hc_pending = false;
		tm_reg_set(m, off,
			   val & ~(BGEM_LCTL_INT_SET | BGEM_LCTL_INT_CLEAR | BGEM_LCTL_INT_STATE));
		tm_update_irq(m);
	}
}

static bool access_allowed(struct tg3_model *m, u32 off, bool write)
{
	u64 now = hosted_now();

	if (now < m->quiet_until) {
		tm_violation(
		    m,
		    "register %s 0x%04x (%s) %llu us after a core reset: the chip "
		    "does not answer register cycles yet",
		    write ? "write" : "read", off,
		    off >= BGEM_MEMWIN ? "memory window" : name_of(off),
		    (unsigned long long)((now + TM_RESET_QUIET_NS - m->quiet_until) / 1000));
		return false;
	}
	/* The driver polls the firmware mailbox through the memory window meanwhile. */
	if (m->boot_done_at && write && off != BGEM_MARB_MODE && off != BGEM_CFG_MEMWIN_BASE) {
		tm_violation(m,
			     "register 0x%04x (%s) written while the bootcode is still "
			     "initialising the chip (wait for the firmware mailbox)",
			     off, off >= BGEM_MEMWIN ? "memory window" : name_of(off));
		return false;
	}
	return true;
}

static u64 mmio_read(void *model, unsigned int bar, u64 off64, unsigned int size)
{
	struct tg3_model *m = model;
	u32 off = (u32)off64, v = 0;

	if (size != 4) {
		tm_violation(m, "%u-byte read at BAR%u+0x%04x: registers take 32-bit accesses",
			     size, bar, off);
		return ~0ull;
	}
	if (bar == 2 && m->var->ape)
		return tm_ape_read(m, off);
	if (bar != 0) {
		tm_violation(m, "read of BAR%u+0x%x, which this chip does not have", bar, off);
		return ~0ull;
	}
	if (!access_allowed(m, off, false))
		return 0xFFFFFFFFu;
	if (off >= BGEM_MEMWIN)
		return sram_read(m,
				 (m->mem_win_base & ~(BGEM_MEMWIN_SIZE - 1)) + off - BGEM_MEMWIN);
	if (off < BGEM_CFG_SHADOW_END)
		return cfg_shadow_read(m, off);
	if (off >= BGEM_NVRAM_CMD && off <= BGEM_NVRAM_ACCESS && tm_nvram_read(m, off, &v))
		return v;
	switch (reg_kind[off / 4]) {
	case R_UNKNOWN:
		tm_violation(m, "read of register 0x%04x, which the model does not know", off);
		return 0;
	case R_STAT:
		v = tm_reg(m, off);
		tm_reg_set(m, off, 0);
		return v;
	default:
		if (off >= BGEM_MBOX_FIRST && off < BGEM_MBOX_END) {
			if (off == BGEM_MBOX_IRQ0_LO)
				return m->mbox_irq0;
			for (unsigned int i = 1; i < BGEM_MBOX_IRQ_COUNT; i++)
				if (off == BGEM_MBOX_IRQ0_LO + 8 * i)
					return m->mbox_irq[i];
			tm_violation(m,
				     "read of mailbox 0x%04x: host-side mailboxes are write-only "
				     "in the model",
				     off);
			return 0;
		}
		return tm_reg(m, off);
	}
}

static void mmio_write(void *model, unsigned int bar, u64 off64, unsigned int size, u64 val64)
{
	struct tg3_model *m = model;
	u32 off = (u32)off64, val = (u32)val64;

	if (size != 4) {
		tm_violation(m, "%u-byte write at BAR%u+0x%04x: registers take 32-bit accesses",
			     size, bar, off);
		return;
	}
	if (bar == 2 && m->var->ape) {
		tm_ape_write(m, off, val);
		return;
	}
	if (bar != 0) {
		tm_violation(m, "write to BAR%u+0x%x, which this chip does not have", bar, off);
		return;
	}
	if (!access_allowed(m, off, true))
		return;
	if (off >= BGEM_MEMWIN) {
		sram_write(m, (m->mem_win_base & ~(BGEM_MEMWIN_SIZE - 1)) + off - BGEM_MEMWIN, val);
		return;
	}
	if (off < BGEM_CFG_SHADOW_END) {
		cfg_shadow_write(m, off, val);
		return;
	}
	if (reg_defined[off / 4] && (val & ~reg_defined[off / 4])) {
		tm_violation(m,
			     "write 0x%08x to %s (0x%04x) sets reserved bits 0x%08x: the chip "
			     "gives them no meaning, so what they do is undefined",
			     val, name_of(off), off, val & ~reg_defined[off / 4]);
		return;
	}
	switch (reg_kind[off / 4]) {
	case R_UNKNOWN:
		tm_violation(m, "write 0x%08x to register 0x%04x, which the model does not know",
			     val, off);
		return;
	case R_RO:
	case R_STAT:
		tm_violation(m, "write 0x%08x to read-only register 0x%04x (%s)", val, off,
			     name_of(off));
		return;
	case R_MODE: mode_write(m, off, val); return;
	case R_SPECIAL: special_write(m, off, val); return;
	default: tm_reg_set(m, off, val);
	}
}

/* ---- Configuration registers of the chip ---- */

static bool chip_cfg_dword(const struct tg3_model *m, u16 off)
{
	return (off >= BGEM_CFG_MISC_HOST_CTL && off <= BGEM_CFG_CHIP_DWORDS_LAST) ||
	       off == m->var->prodid_cfg;
}

static u32 chip_cfg_read(struct tg3_model *m, u16 off)
{
	if (off == m->var->prodid_cfg)
		return m->chip_id;
	switch (off) {
	case BGEM_CFG_MISC_HOST_CTL:
		return BGEM_MHC_PRODUCT_PRODID << BGEM_MHC_PRODUCT_SHIFT | m->mhc;
	case BGEM_CFG_DMA_RW_CTL: return m->dma_rw_ctrl;
	case BGEM_CFG_PCISTATE: return m->intx_level ? 0 : BGEM_PCISTATE_INTX_IDLE;
	case BGEM_CFG_MEMWIN_BASE: return m->mem_win_base;
	case BGEM_CFG_MEMWIN_DATA: return sram_read(m, m->mem_win_base & ~3u);
	case BGEM_CFG_REG_BASE: return m->reg_base;
	case BGEM_CFG_REG_DATA:
		tm_violation(m,
			     "indirect register/memory access through config 0x%02x is not "
			     "modelled",
			     off);
		return 0;
	default: return 0;
	}
}

static bool cfg_read(void *model, u16 off, unsigned int size, u32 *val)
{
	struct tg3_model *m = model;
	u16 dw = off & ~3;

	if (tm_vpd_cfg_read(m, off, size, val))
		return true;
	if (!chip_cfg_dword(m, dw))
		return false;
	*val = chip_cfg_read(m, dw) >> (8 * (off & 3));
	if (size < 4)
		*val &= (1u << (8 * size)) - 1;
	return true;
}

static bool cfg_write(void *model, u16 off, unsigned int size, u32 val)
{
	struct tg3_model *m = model;

	if (tm_vpd_cfg_write(m, off, size, val))
		return true;
	if (!chip_cfg_dword(m, off & ~3))
		return false;
	if (size != 4) {
		tm_violation(m,
			     "%u-byte config write at 0x%02x: the chip's registers take dword "
			     "writes",
			     size, off);
		return true;
	}
	chip_cfg_write(m, off, val);
	return true;
}

static void chip_cfg_write(struct tg3_model *m, u16 off, u32 val)
{
	switch (off) {
	case BGEM_CFG_MISC_HOST_CTL:
		if (val & BGEM_MHC_BYTE_SWAP)
			tm_violation(m,
				     "MISC_HOST_CTRL 0x%08x swaps register bytes: a "
				     "little-endian host would read every register reversed",
				     val);
		m->mhc = val & BGEM_MHC_SW_BITS;
		tm_update_irq(m);
		break;
	case BGEM_CFG_DMA_RW_CTL: m->dma_rw_ctrl = val; break;
	/* The window's base for BAR0+0x8000, and the address MEMWIN_DATA reaches. */
	case BGEM_CFG_MEMWIN_BASE: m->mem_win_base = val; break;
	case BGEM_CFG_MEMWIN_DATA: sram_write(m, m->mem_win_base & ~3u, val); break;
	case BGEM_CFG_REG_BASE: m->reg_base = val; break;
	case BGEM_CFG_PCISTATE:
		if (!(m->mhc & BGEM_MHC_PCISTATE_RW))
			tm_violation(m, "PCI state register written without MISC_HOST_CTRL "
					"PCISTATE_RW");
		break;
	default:
		tm_violation(m,
			     "config write 0x%08x to 0x%02x, which the model does not know or "
			     "is read-only",
			     val, off);
	}
}

static void cfg_written(void *model, u16 off, unsigned int size, u32 val)
{
	tm_update_irq(model); /* MSI enable or INTx disable may have changed */
}

static const struct hosted_pci_ops tg3_model_pci_ops = {
	.mmio_read = mmio_read,
	.mmio_write = mmio_write,
	.cfg_read = cfg_read,
	.cfg_write = cfg_write,
	.cfg_written = cfg_written,
};

/* ---- Port and device ---- */

static void port_receive(struct hosted_port *port, const u8 *frame, u32 len)
{
	struct tg3_model *m = port->model;

	if (!m->phy.link) {
		m->ctr.rx_dropped++; /* no link yet: the PHY passes nothing */
		return;
	}
	if (tm_rx_pause_frame(m, frame, len))
		return;
	tm_rx_enqueue(m, frame, len);
}

static void port_link_changed(struct hosted_port *port)
{
	tm_phy_link_changed(port->model);
}

static u32 port_advertise(struct hosted_port *port)
{
	return tm_port_advertise(port->model);
}

static bool port_can_receive(struct hosted_port *port)
{
	return tm_rx_can_receive(port->model);
}

static const struct hosted_port_ops tg3_model_port_ops = {
	.receive = port_receive,
	.link_changed = port_link_changed,
	.advertise = port_advertise,
	.can_receive = port_can_receive,
};

static u64 model_tick(struct hosted_device *dev, u64 now)
{
	struct tg3_model *m = container_of(dev, struct tg3_model, dev);
	u64 next = tm_phy_tick(m, now);

	if (m->boot_done_at) {
		if (now < m->boot_done_at)
			return MIN(next, m->boot_done_at);
		boot_finish(m);
	}
	return MIN(next, tm_engine_tick(m, now));
}

static const struct tm_variant variant_5719 = {
	.name = "BCM5719",
	.device_id = BGEM_DEVICE_5719,
	.chip_id = BGEM_CHIP_5719_A1,
	.prodid_cfg = BGEM_CFG_GEN2_PRODID,
	.send_rcbs = BGEM_SEND_RCB_COUNT,
	.ret_rcbs = BGEM_RET_RCB_COUNT,
	.ret_max = BGEM_RCB_MAX_RET,
	.std_max = BGEM_RCB_MAX_STD,
	/* [lx] TG3_PHY_ID_BCM5719C 0x5c0d8a20 is tg3's packing of MII ID 0x0362:0x5e20. */
	.phy_id1 = 0x0362,
	.phy_id2 = 0x5E20,
	.tso_mss_mask = BGEM_TXMSS_MASK_TSO3,
	.std_nic_addr = 0, /* Linux leaves it unset on the 5717 family */
	.std_rcb_buf_len = true,
	.ape = true,
};

static const struct tm_variant variant_5784 = {
	.name = "BCM5784",
	.device_id = BGEM_DEVICE_5784,
	.chip_id = BGEM_CHIP_5784_A0,
	.prodid_cfg = BGEM_CFG_PRODID,
	.send_rcbs = BGEM_SEND_RCB_COUNT_5784,
	.ret_rcbs = BGEM_RET_RCB_COUNT_5784,
	.ret_max = BGEM_RCB_MAX_RET_5784,
	.std_max = BGEM_RCB_MAX_STD_5784,
	/* [lx] TG3_PHY_ID_BCM5784 0xbc050fa0 packs MII ID 0x0143:0xbfa0. */
	.phy_id1 = 0x0143,
	.phy_id2 = 0xBFA0,
	.tso_mss_mask = BGEM_TXMSS_MASK_TSO2,
	.std_nic_addr = BGEM_NIC_STD_RING_5705,
	.std_rcb_buf_len = false,
	.ape = false,
};

struct tg3_model *tg3_model_create(const struct tg3_model_config *cfg)
{
	struct tg3_model *m = calloc(1, sizeof(*m));
	struct hosted_pci_fn *f;

	if (!m)
		return NULL;
	build_register_map();
	snprintf(m->name, sizeof(m->name), "%02x:%02x.%u", cfg->bus, cfg->dev, cfg->fn);
	memcpy(m->mac, cfg->mac, 6);
	m->fn = cfg->fn;
	m->var = cfg->chip == TG3_MODEL_BCM5784 ? &variant_5784 : &variant_5719;
	m->chip_id = cfg->chip_id ? cfg->chip_id : m->var->chip_id;
	f = hosted_pci_add(cfg->bus, cfg->dev, cfg->fn, BGEM_VENDOR_BROADCOM,
			   cfg->device_id ? cfg->device_id : m->var->device_id, CLASS_ETHERNET,
			   0x01, "tg3", &tg3_model_pci_ops, m);
	if (!f) {
		free(m);
		return NULL;
	}
	m->pci = f;
	hosted_pci_set_subsystem(f, SUBSYS_VENDOR, SUBSYS_DEVICE);
	hosted_pci_bar_mem64(f, 0, 0x10000); /* registers */
	if (m->var->ape)
		hosted_pci_bar_mem64(f, 2, 0x10000); /* APE (present, not modelled) */
	hosted_pci_intx_pin(f, 1 + cfg->fn % 4, cfg->irq_line ? cfg->irq_line : 16);
	/* The chip's capability list: PM 0x48, VPD 0x50, MSI 0x58, PCIe 0xD0. */
	hosted_pci_cap_at(f, 0x48);
	hosted_pci_add_pm(f);
	tm_vpd_init(m, hosted_pci_add_cap(f, 0x03, 8));
	if (!cfg->no_msi)
		m->msi_cap = hosted_pci_add_msi(f, 3, false);
	hosted_pci_cap_at(f, 0xD0);
	hosted_pci_add_pcie(f);

	m->port.name = m->name;
	m->port.ops = &tg3_model_port_ops;
	m->port.model = m;
	m->dev.name = m->name;
	m->dev.tick = model_tick;
	hosted_device_add(&m->dev);

	/* Power-on: the bootcode ran long ago and negotiation starts with the link. */
	clear_state(m);
	boot_finish(m);
	m->sram[BGEM_SRAM_FW_MBOX / 4] = BGEM_FW_DONE;
	tm_phy_reset(m);
	return m;
}

void tg3_model_destroy(struct tg3_model *m)
{
	if (!m)
		return;
	hosted_device_remove(&m->dev);
	tm_rx_flush(m);
	free(m);
}

struct hosted_port *tg3_model_port(struct tg3_model *m)
{
	return &m->port;
}

struct hosted_pci_fn *tg3_model_pci(struct tg3_model *m)
{
	return m->pci;
}

void tg3_model_set_tamper(struct tg3_model *m, const struct hosted_tamper *t)
{
	m->tamper = t;
}

void tg3_model_fault_rx_errors(struct tg3_model *m, unsigned int frames, u16 error_bits)
{
	m->fault_rx_errors = frames;
	m->fault_rx_error_bits = error_bits;
}

void tg3_model_fault_no_rx_buffer(struct tg3_model *m, unsigned int frames)
{
	m->fault_no_buffer = frames;
}

void tg3_model_fault_tx_stuck(struct tg3_model *m)
{
	m->fault_tx_stuck = true;
}

void tg3_model_fault_msi_lost(struct tg3_model *m, bool lost)
{
	m->fault_msi_lost = lost;
}

void tg3_model_fault_bootcode_hang(struct tg3_model *m, bool hang)
{
	m->boot_hang = hang;
}

void tg3_model_fault_dma_error(struct tg3_model *m)
{
	m->fault_dma_error = true;
}

void tg3_model_fault_irq_lost(struct tg3_model *m, unsigned int count)
{
	m->fault_irqs_to_lose = count;
}

void tg3_model_fault_link_flap(struct tg3_model *m, unsigned int ms)
{
	m->ctr.link_flaps++;
	m->flap_until = hosted_now() + (u64)(ms ? ms : 1) * 1000 * 1000;
	tm_phy_link_changed(m);
}

void tg3_model_get_counters(const struct tg3_model *m, struct tg3_model_counters *out)
{
	*out = m->ctr;
}

u32 tg3_model_irq_mailbox(const struct tg3_model *m)
{
	return m->mbox_irq0;
}

unsigned int tg3_model_tx_backlog(const struct tg3_model *m)
{
	return m->send.entries ? (m->send_prod + m->send.entries - m->send_cons) % m->send.entries
			       : 0;
}

unsigned int tg3_model_rx_buffers(const struct tg3_model *m)
{
	return m->std.entries ? (m->std_prod + m->std.entries - m->std_cons) % m->std.entries : 0;
}
