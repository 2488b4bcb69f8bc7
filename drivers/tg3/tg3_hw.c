// SPDX-License-Identifier: BSD-2-Clause
/*
 * Talking to the chip: registers, NIC memory through the window, the core
 * reset with its bootcode handshake, the station address, and bringing the
 * functional blocks up in the order the chip needs (memory arbiter and
 * buffer manager first, rings described before the engines that walk them,
 * the status block placed before host coalescing starts writing it).
 */
#define pr_fmt(fmt) "tg3: " fmt

#include <errno.h>
#include <string.h>

#include "drivers/tg3/tg3.h"
#include "kernel/mm/io.h"
#include "kernel/pci/pci_regs.h"
#include "kernel/console/printk.h"

/*
 * Host control after every reset: INTx held off, register words in host
 * order, config-space access to the PCI state register.
 */
#define TG3_MHC_INIT                                                         \
	(T3_MHC_CLEAR_INTA | T3_MHC_MASK_PCI_INT | T3_MHC_ENDIAN_WORD_SWAP | \
	 T3_MHC_INDIRECT_ACCESS | T3_MHC_PCISTATE_RW)
/* PCIe DMA read/write control: default read (6) and write (7) PCI commands. */
#define TG3_DMA_RW_CTRL (6u << 24 | 7u << 28)
/* Descriptors in host word order, frame bytes untouched, send BDs in host memory. */
#define TG3_MODE_CTRL                                                                   \
	(T3_MODE_WORD_SWAP_NONFRAME | T3_MODE_BYTE_SWAP_DATA | T3_MODE_WORD_SWAP_DATA | \
	 T3_MODE_HOST_STACKUP | T3_MODE_HOST_SEND_BDS | T3_MODE_TX_NO_PSEUDO_CSUM |     \
	 T3_MODE_MAC_ATTN_INTR)

void tg3_set_bits(struct tg3 *tp, u32 reg, u32 bits)
{
	tg3_write(tp, reg, tg3_read(tp, reg) | bits);
}

/* NIC memory through the 32 KiB window; parked at 0 again afterwards. */
u32 tg3_sram_read(struct tg3 *tp, u32 addr)
{
	u32 v;

	pci_write_config_dword(tp->pdev, T3_PCI_MEM_WIN_BASE, addr & ~(T3_MEM_WIN_SIZE - 1));
	v = tg3_read(tp, T3_MEM_WIN + (addr & (T3_MEM_WIN_SIZE - 1)));
	pci_write_config_dword(tp->pdev, T3_PCI_MEM_WIN_BASE, 0);
	return v;
}

void tg3_sram_write(struct tg3 *tp, u32 addr, u32 val)
{
	pci_write_config_dword(tp->pdev, T3_PCI_MEM_WIN_BASE, addr & ~(T3_MEM_WIN_SIZE - 1));
	tg3_write(tp, T3_MEM_WIN + (addr & (T3_MEM_WIN_SIZE - 1)), val);
	pci_write_config_dword(tp->pdev, T3_PCI_MEM_WIN_BASE, 0);
}

void tg3_irq_mask(struct tg3 *tp)
{
	u32 mhc = pci_read_config_dword(tp->pdev, T3_PCI_MISC_HOST_CTRL);

	pci_write_config_dword(tp->pdev, T3_PCI_MISC_HOST_CTRL, mhc | T3_MHC_MASK_PCI_INT);
	tg3_write(tp, T3_MBOX_IRQ0, 1);
}

void tg3_irq_unmask(struct tg3 *tp)
{
	u32 mhc = pci_read_config_dword(tp->pdev, T3_PCI_MISC_HOST_CTRL);

	pci_write_config_dword(tp->pdev, T3_PCI_MISC_HOST_CTRL, mhc & ~T3_MHC_MASK_PCI_INT);
	tg3_write(tp, T3_MBOX_IRQ0, 0);
}

/*
 * A core reset in steps, so that recovery can take them from a timer and let
 * the main loop serve everything else while the bootcode runs (tens of
 * milliseconds), and probe, open and stop can take the same steps waiting.
 *
 * Step 1: tell the bootcode a driver resets it, and reset the core. The PCI
 * command register and MSI enable do not survive; they are kept here.
 */
void tg3_reset_assert(struct tg3 *tp)
{
	struct pci_dev *pdev = tp->pdev;

	tp->reset_saved_cmd = pci_read_config_word(pdev, PCI_COMMAND);
	tp->reset_saved_msi =
	    pdev->msi_cap ? pci_read_config_word(pdev, pdev->msi_cap + PCI_MSI_FLAGS) : 0;
	tg3_irq_mask(tp);
	/* Tells the bootcode a driver resets it; it answers with the complement. */
	tg3_sram_write(tp, T3_SRAM_FW_MBOX, T3_FW_MAGIC);
	tg3_sram_write(tp, T3_SRAM_DRV_STATE, T3_DRV_STATE_START);
	/* Keep the PHY powered through the reset: the link survives it. */
	tg3_write(tp, T3_MISC_CFG,
		  T3_MISCCFG_CORE_RESET | T3_MISCCFG_PRESCALER_1US |
		      T3_MISCCFG_GPHY_POWER_OVERRIDE);
	tp->reset_deadline_ns = ktime_get_ns() + TG3_BOOTCODE_WAIT_NS;
}

/*
 * Step 2, TG3_RESET_QUIET_NS later (the core answers no register cycles
 * until then; config cycles work): give back what the reset took: host
 * control, memory window, MSI enable; and the arbiter the bootcode needs.
 */
void tg3_reset_restore(struct tg3 *tp)
{
	struct pci_dev *pdev = tp->pdev;

	pci_write_config_word(pdev, PCI_COMMAND, tp->reset_saved_cmd);
	pci_write_config_dword(pdev, T3_PCI_MISC_HOST_CTRL, TG3_MHC_INIT);
	pci_write_config_dword(pdev, T3_PCI_MEM_WIN_BASE, 0);
	if (pdev->msi_cap)
		pci_write_config_word(pdev, pdev->msi_cap + PCI_MSI_FLAGS, tp->reset_saved_msi);
	tg3_write(tp, T3_MARB_MODE, T3_BLK_ENABLE);
}

/* Step 3, repeated until it says yes or the deadline passes. */
bool tg3_reset_bootcode_ready(struct tg3 *tp)
{
	return tg3_sram_read(tp, T3_SRAM_FW_MBOX) == T3_FW_READY;
}

/* Step 4: the bootcode is done and the registers are ours again. */
void tg3_reset_complete(struct tg3 *tp)
{
	tp->mac_mode = 0;
	tg3_write(tp, T3_MAC_MODE, 0);
}

/* Or, past the deadline: say what the mailbox holds. The caller marks the chip dead. */
void tg3_reset_give_up(struct tg3 *tp)
{
	pr_err("%s: bootcode did not finish after reset: firmware mailbox reads 0x%08x "
	       "after %llu ms, expected 0x%08x\n",
	       tg3_name(tp), tg3_sram_read(tp, T3_SRAM_FW_MBOX),
	       (unsigned long long)(TG3_BOOTCODE_WAIT_NS / NSEC_PER_MSEC), T3_FW_READY);
}

/* Steps 3 and 4 (or giving up), waited for. */
int tg3_reset_wait(struct tg3 *tp)
{
	while (!tg3_reset_bootcode_ready(tp)) {
		if (ktime_get_ns() >= tp->reset_deadline_ns) {
			tg3_reset_give_up(tp);
			return -ETIMEDOUT;
		}
		mdelay(TG3_BOOTCODE_POLL_NS / NSEC_PER_MSEC);
	}
	tg3_reset_complete(tp);
	return 0;
}

/* All steps, waited for: probe, open and stop, never a timer or the poll. */
int tg3_chip_reset(struct tg3 *tp)
{
	tg3_reset_assert(tp);
	mdelay(TG3_RESET_QUIET_NS / NSEC_PER_MSEC);
	tg3_reset_restore(tp);
	return tg3_reset_wait(tp);
}

static bool mac_valid(const u8 *m)
{
	return !(m[0] & 1) && (m[0] | m[1] | m[2] | m[3] | m[4] | m[5]);
}

static void mac_from_words(u8 *m, u32 hi, u32 lo)
{
	m[0] = (u8)(hi >> 8);
	m[1] = (u8)hi;
	m[2] = (u8)(lo >> 24);
	m[3] = (u8)(lo >> 16);
	m[4] = (u8)(lo >> 8);
	m[5] = (u8)lo;
}

/* Bootcode leaves the address from NVRAM in a signed mailbox and in slot 0. */
int tg3_read_mac_address(struct tg3 *tp)
{
	u32 hi = tg3_sram_read(tp, T3_SRAM_MAC_HIGH);
	u32 lo = tg3_sram_read(tp, T3_SRAM_MAC_LOW);
	u32 rhi, rlo;

	if ((hi >> 16) == T3_SRAM_MAC_SIG) {
		mac_from_words(tp->mac, hi, lo);
		if (mac_valid(tp->mac))
			return 0;
	}
	rhi = tg3_read(tp, T3_MAC_ADDR0_HIGH);
	rlo = tg3_read(tp, T3_MAC_ADDR0_LOW);
	mac_from_words(tp->mac, rhi, rlo);
	if (mac_valid(tp->mac))
		return 0;
	pr_err("%s: no valid station address (NIC mailbox %08x %08x, MAC register %08x %08x)\n",
	       tg3_name(tp), hi, lo, rhi, rlo);
	return -ENODEV;
}

static int wait_mode(struct tg3 *tp, u32 reg, bool enabled, const char *block)
{
	u32 v = 0;

	for (unsigned int i = 0; i < 1000; i++) {
		v = tg3_read(tp, reg);
		if (!!(v & T3_BLK_ENABLE) == enabled)
			return 0;
		udelay(10);
	}
	pr_err("%s: %s did not %s within 10 ms (mode register 0x%04x = 0x%08x)\n", tg3_name(tp),
	       block, enabled ? "start" : "stop", reg, v);
	return -ETIMEDOUT;
}

static void rcb_to_regs(struct tg3 *tp, u32 reg, dma_addr_t host, u32 maxlen_flags, u32 nic)
{
	tg3_write(tp, reg + T3_RCB_HOST_HI, (u32)(host >> 32));
	tg3_write(tp, reg + T3_RCB_HOST_LO, (u32)host);
	tg3_write(tp, reg + T3_RCB_MAXLEN_FLAGS, maxlen_flags);
	tg3_write(tp, reg + T3_RCB_NIC_ADDR, nic);
}

static void rcb_to_sram(struct tg3 *tp, u32 addr, dma_addr_t host, u32 maxlen_flags, u32 nic)
{
	tg3_sram_write(tp, addr + T3_RCB_HOST_HI, (u32)(host >> 32));
	tg3_sram_write(tp, addr + T3_RCB_HOST_LO, (u32)host);
	tg3_sram_write(tp, addr + T3_RCB_MAXLEN_FLAGS, maxlen_flags);
	tg3_sram_write(tp, addr + T3_RCB_NIC_ADDR, nic);
}

static void setup_rings(struct tg3 *tp)
{
	const struct tg3_chip_info *ci = tp->info;

	rcb_to_regs(tp, T3_STD_RCB, tp->std_ring_dma,
		    ci->std_buf_size ? T3_STD_RCB_MAXLEN(TG3_STD_RING, T3_RX_BUF_SIZE)
				     : T3_STD_RCB_MAXLEN_5755(TG3_STD_RING),
		    ci->std_nic_addr);
	tg3_write(tp, T3_RBDI_STD_REPLENISH, TG3_RX_REFILL_LOW);
	tg3_write(tp, T3_STD_REPLENISH_LWM, TG3_RX_REFILL_LOW);

	rcb_to_sram(tp, T3_SRAM_SEND_RCB, tp->tx_ring_dma, T3_RCB_LEN(TG3_TX_RING, 0),
		    T3_NIC_SEND_RING);
	/* Only the blocks the chip has: past them is NIC memory with other uses. */
	for (unsigned int i = 1; i < ci->send_rcbs; i++)
		tg3_sram_write(tp, T3_SRAM_SEND_RCB + 16 * i + T3_RCB_MAXLEN_FLAGS,
			       T3_RCB_FLAG_DISABLED);

	rcb_to_sram(tp, T3_SRAM_RET_RCB, tp->ret_ring_dma, T3_RCB_LEN(ci->ret_ring, 0), 0);
	for (unsigned int i = 1; i < ci->ret_rcbs; i++)
		tg3_sram_write(tp, T3_SRAM_RET_RCB + 16 * i + T3_RCB_MAXLEN_FLAGS,
			       T3_RCB_FLAG_DISABLED);

	tg3_write(tp, T3_MBOX_STD_PROD, 0);
	tg3_write(tp, T3_MBOX_RET0_CONS, 0);
	tg3_write(tp, T3_MBOX_SEND0_PROD, 0);
	tp->std_prod = 0;
	tp->ret_cons = 0;
	tp->tx_prod = 0;
	tp->tx_cons = 0;
}

static void set_station_address(struct tg3 *tp)
{
	const u8 *a = tp->netdev.dev_addr;
	u32 hi = (u32)a[0] << 8 | a[1];
	u32 lo = (u32)a[2] << 24 | (u32)a[3] << 16 | (u32)a[4] << 8 | a[5];
	u32 seed = 0;

	for (unsigned int i = 0; i < T3_MAC_ADDR_SLOTS; i++) {
		tg3_write(tp, T3_MAC_ADDR_HIGH(i), hi);
		tg3_write(tp, T3_MAC_ADDR_LOW(i), lo);
	}
	for (unsigned int i = 0; i < ETH_ALEN; i++)
		seed += a[i];
	tg3_write(tp, T3_TX_BACKOFF_SEED, seed & T3_TX_BACKOFF_SEED_MASK);
}

static int start_coalescing(struct tg3 *tp)
{
	tg3_write(tp, T3_HCC_MODE, 0);
	if (wait_mode(tp, T3_HCC_MODE, false, "host coalescing"))
		return -EIO;
	tg3_write(tp, T3_HCC_RX_TICKS, TG3_COAL_RX_USECS);
	tg3_write(tp, T3_HCC_TX_TICKS, TG3_COAL_TX_USECS);
	tg3_write(tp, T3_HCC_RX_MAX_BDS, TG3_COAL_RX_FRAMES);
	tg3_write(tp, T3_HCC_TX_MAX_BDS, TG3_COAL_TX_FRAMES);
	tg3_write(tp, T3_HCC_RX_MAX_BDS_INT, 1);
	tg3_write(tp, T3_HCC_TX_MAX_BDS_INT, 1);
	memset(tp->status, 0, T3_STATUS_BLOCK_SIZE);
	tg3_write(tp, T3_HCC_STATUS_ADDR_HI, (u32)(tp->status_dma >> 32));
	tg3_write(tp, T3_HCC_STATUS_ADDR_LO, (u32)tp->status_dma);
	tg3_write(tp, T3_HCC_MODE, T3_BLK_ENABLE | T3_HCCMODE_STATBLK_32B);
	return 0;
}

/* Turn the send and receive engines on, consumers of each queue last. */
static void enable_engines(struct tg3 *tp)
{
	const u32 on = T3_BLK_ENABLE | T3_BLK_ATTN;

	tg3_write(tp, T3_RBDC_MODE, on);
	tg3_write(tp, T3_RXLP_MODE, T3_BLK_ENABLE);
	/* The MAC's statistics count only while enabled (hw_* in ethtool -S). */
	tp->mac_mode = T3_MACMODE_TXDMA_ENABLE | T3_MACMODE_RXDMA_ENABLE | T3_MACMODE_FHDE_ENABLE |
		       T3_MACMODE_PORT_GMII | T3_MACMODE_RX_STATS_ENABLE |
		       T3_MACMODE_TX_STATS_ENABLE;
	tg3_write(tp, T3_MAC_MODE,
		  tp->mac_mode | T3_MACMODE_RX_STATS_CLEAR | T3_MACMODE_TX_STATS_CLEAR);
	udelay(40);
	tg3_write(tp, T3_MISC_LOCAL_CTRL, T3_MLC_INT_ON_ATTN | T3_MLC_AUTO_SEEPROM);
	tg3_write(tp, T3_DMAC_MODE, T3_BLK_ENABLE);
	tg3_write(tp, T3_WDMA_MODE, T3_BLK_ENABLE | T3_DMA_ALL_ATTNS);
	tg3_write(tp, T3_RDMA_MODE, T3_BLK_ENABLE | T3_DMA_ALL_ATTNS);
	tg3_write(tp, T3_RDC_MODE, on);
	tg3_write(tp, T3_RBDI_MODE, on);
	tg3_write(tp, T3_RDBDI_MODE, on);
	tg3_write(tp, T3_SDC_MODE, on);
	tg3_write(tp, T3_SBDC_MODE, on);
	tg3_write(tp, T3_SBDI_MODE, on);
	tg3_write(tp, T3_SDI_MODE, T3_BLK_ENABLE);
	tg3_write(tp, T3_SRS_MODE, on);
	tg3_write(tp, T3_MSI_MODE, tp->irq.mode == IRQ_LADDER_MSI ? T3_MSIMODE_ENABLE : 0);
}

/* The 128-bit multicast filter hashes the low 7 bits of the little-endian CRC-32. */
static u32 mc_hash(const u8 *addr)
{
	u32 crc = 0xFFFFFFFFu;

	for (unsigned int i = 0; i < ETH_ALEN; i++) {
		crc ^= addr[i];
		for (unsigned int b = 0; b < 8; b++)
			crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1)));
	}
	return crc & 0x7F;
}

void tg3_program_rx_filter(struct tg3 *tp)
{
	const struct net_device *dev = &tp->netdev;
	u32 hash[4] = { 0, 0, 0, 0 };
	u32 rx_mode = T3_RXMODE_ENABLE;

	if (dev->flags & IFF_PROMISC)
		rx_mode |= T3_RXMODE_PROMISC;
	if (dev->flags & (IFF_PROMISC | IFF_ALLMULTI)) {
		memset(hash, 0xFF, sizeof(hash));
	} else {
		for (int i = 0; i < dev->mc_count; i++) {
			u32 h = mc_hash(dev->mc_list[i]);

			hash[h >> 5] |= BIT(h & 31);
		}
	}
	for (unsigned int i = 0; i < 4; i++)
		tg3_write(tp, T3_MAC_HASH(i), hash[i]);
	tg3_write(tp, T3_RX_MODE, rx_mode);
}

int tg3_hw_start(struct tg3 *tp)
{
	tg3_write(tp, T3_MODE_CTRL, TG3_MODE_CTRL);
	pci_write_config_dword(tp->pdev, T3_PCI_DMA_RW_CTRL, TG3_DMA_RW_CTRL);
	tg3_write(tp, T3_MISC_CFG, T3_MISCCFG_PRESCALER_1US | T3_MISCCFG_GPHY_POWER_OVERRIDE);

	tg3_write(tp, T3_BMAN_RDMA_LOW_WATER, 0);
	tg3_write(tp, T3_BMAN_MACRX_LOW_WATER, 0x2A);
	tg3_write(tp, T3_BMAN_HIGH_WATER, 0xA0);
	tg3_write(tp, T3_BMAN_MODE, T3_BLK_ENABLE | T3_BLK_ATTN);
	if (wait_mode(tp, T3_BMAN_MODE, true, "buffer manager"))
		return -EIO;
	tg3_write(tp, T3_FTQ_RESET, 0xFFFFFFFFu);
	tg3_write(tp, T3_FTQ_RESET, 0);

	setup_rings(tp);
	set_station_address(tp);
	tg3_write(tp, T3_RX_MTU, T3_MAX_FRAME + 4); /* room for one VLAN tag */
	tg3_write(tp, T3_TX_LENGTHS, T3_TX_LENGTHS_DEFAULT);
	tg3_write(tp, T3_RX_RULES_CFG, T3_RX_RULES_DEFAULT_CLASS);
	tg3_write(tp, T3_RXLP_CONFIG, 0x181);
	tg3_write(tp, T3_RXLP_STATS_ENABLE_MASK, 0x7BFFFF);
	tg3_write(tp, T3_RXLP_STATS_CTRL, 1);
	if (start_coalescing(tp))
		return -EIO;
	enable_engines(tp);

	tg3_rx_refill(tp);
	/* Both families napkin drives are 5755 or later: the lockup fix applies. */
	tg3_write(tp, T3_TX_MODE, T3_TXMODE_ENABLE | T3_TXMODE_MBUF_LOCKUP_FIX);
	tg3_program_rx_filter(tp);
	tg3_write(tp, T3_MAC_EVENT_ENABLE, T3_MACEVT_LINK_CHANGED);
	tg3_write(tp, T3_MAC_STATUS, T3_MACSTAT_LINK_CHANGED | T3_MACSTAT_MI_COMPLETE);
	return 0;
}

/* Receiver and link events off, interrupt masked: nothing new starts. */
void tg3_hw_quiesce(struct tg3 *tp)
{
	tg3_irq_mask(tp);
	tg3_write(tp, T3_RX_MODE, 0);
	tg3_write(tp, T3_MAC_EVENT_ENABLE, 0);
}

/*
 * Quiesce, then a core reset stops every engine and DMA. A chip whose
 * bootcode does not come back is marked dead and left alone from then on
 * (its registers may not be written while the bootcode runs).
 */
int tg3_hw_stop(struct tg3 *tp)
{
	int err;

	if (tp->state == TG3_ST_DEAD)
		return -EIO;
	tg3_hw_quiesce(tp);
	err = tg3_chip_reset(tp);
	if (err) {
		tg3_set_state(tp, TG3_ST_DEAD);
		pr_err("%s: chip stopped, but its bootcode did not come back: leaving it alone\n",
		       tg3_name(tp));
	}
	return err;
}
