// SPDX-License-Identifier: BSD-2-Clause
/*
 * PCI glue and the netdev life cycle.
 *
 * Driven: the BCM5717 family, the generation whose programming model the
 * hosted model implements (BCM5719) and whose bootcode needs no firmware from
 * the driver: 14e4:1655 (5717), 14e4:1665 (5717C), 14e4:1656 (5718),
 * 14e4:1657 (5719), 14e4:165f (5720). And one older part the model also
 * plays, 14e4:1698 (BCM5784M, 5755 generation): one send and one return
 * ring control block, a 512-entry return ring, its chip ID elsewhere in
 * config space and a standard ring that takes no buffer size
 * (struct tg3_chip_info says which).
 *
 * Refused, each with a log line saying why: every other Tigon3 ID napkin knows
 * (older PCI/PCI-X and early PCIe parts, the 57765 and 5762 families). Most of
 * them would need only known, small differences; none is modelled or tested.
 */
#define pr_fmt(fmt) "tg3: " fmt

#include <errno.h>
#include <string.h>

#include "drivers/tg3/tg3.h"
#include "net/core/netdev_adapter.h"
#include "kernel/console/printk.h"
#include "kernel/core/cmdline.h"

enum tg3_id_class {
	TG3_OK_5717,
	TG3_OK_5717C,
	TG3_OK_5718,
	TG3_OK_5719,
	TG3_OK_5720,
	TG3_OK_5784,
	TG3_NO_PCIX,
	TG3_NO_EARLY,
	TG3_NO_57765,
	TG3_NO_5762,
	TG3_NO_PREPRODUCTION,
};

static const char *const tg3_id_names[] = {
	[TG3_OK_5717] = "BCM5717", [TG3_OK_5717C] = "BCM5717C", [TG3_OK_5718] = "BCM5718",
	[TG3_OK_5719] = "BCM5719", [TG3_OK_5720] = "BCM5720",	[TG3_OK_5784] = "BCM5784",
};

static const struct tg3_chip_info tg3_info_5717 = {
	.chip_id_reg = T3_PCI_PRODUCT_ID_ASIC_REV,
	.send_rcbs = T3_SEND_RCBS,
	.ret_rcbs = T3_RET_RCBS,
	.ret_ring = T3_RET_RING_SIZE,
	.std_nic_addr = T3_NIC_STD_RING,
	.std_buf_size = true,
};

static const struct tg3_chip_info tg3_info_5784 = {
	.chip_id_reg = T3_PCI_PRODUCT_ID_ASIC_REV_5755,
	.send_rcbs = T3_SEND_RCBS_5784,
	.ret_rcbs = T3_RET_RCBS_5784,
	.ret_ring = T3_RET_RING_SIZE_5755,
	.std_nic_addr = T3_NIC_STD_RING_5755,
	.std_buf_size = false,
};

static const char *const tg3_refusals[] = {
	[TG3_NO_PCIX] = "a PCI/PCI-X Tigon3 (5700-5704, 5714/5715, 5780): only the PCIe "
			"5717 family is supported",
	[TG3_NO_EARLY] = "an earlier Tigon3 generation (5705-5789 but the 5784, 5906, 5761, "
			 "57760-57790): its rings and init differ from the 5717 family and "
			 "are not modelled or tested",
	[TG3_NO_57765] = "a 57765-family part: close to the 5717 family but not modelled or "
			 "tested",
	[TG3_NO_5762] = "a 5762-family part (5725, 5727, 5762): not modelled or tested",
	[TG3_NO_PREPRODUCTION] = "a pre-production 5720",
};

#define ID(dev, cls)                                                      \
	{                                                                 \
		PCI_DEVICE(T3_VENDOR_BROADCOM, dev), .driver_data = (cls) \
	}

static const struct pci_device_id tg3_ids[] = {
	ID(0x1655, TG3_OK_5717),
	ID(0x1665, TG3_OK_5717C),
	ID(0x1656, TG3_OK_5718),
	ID(0x1657, TG3_OK_5719),
	ID(0x165F, TG3_OK_5720),
	ID(0x1698, TG3_OK_5784),
	/* PCI and PCI-X */
	ID(0x1644, TG3_NO_PCIX),
	ID(0x1645, TG3_NO_PCIX),
	ID(0x1646, TG3_NO_PCIX),
	ID(0x16A6, TG3_NO_PCIX),
	ID(0x16C6, TG3_NO_PCIX),
	ID(0x1647, TG3_NO_PCIX),
	ID(0x16A7, TG3_NO_PCIX),
	ID(0x16C7, TG3_NO_PCIX),
	ID(0x1648, TG3_NO_PCIX),
	ID(0x16A8, TG3_NO_PCIX),
	ID(0x1649, TG3_NO_PCIX),
	ID(0x1668, TG3_NO_PCIX),
	ID(0x1669, TG3_NO_PCIX),
	ID(0x1678, TG3_NO_PCIX),
	ID(0x1679, TG3_NO_PCIX),
	ID(0x166A, TG3_NO_PCIX),
	ID(0x166B, TG3_NO_PCIX),
	/* Earlier generations */
	ID(0x1653, TG3_NO_EARLY),
	ID(0x1654, TG3_NO_EARLY),
	ID(0x166E, TG3_NO_EARLY),
	ID(0x165D, TG3_NO_EARLY),
	ID(0x165E, TG3_NO_EARLY),
	ID(0x1659, TG3_NO_EARLY),
	ID(0x165A, TG3_NO_EARLY),
	ID(0x165B, TG3_NO_EARLY),
	ID(0x1676, TG3_NO_EARLY),
	ID(0x167C, TG3_NO_EARLY),
	ID(0x1677, TG3_NO_EARLY),
	ID(0x167E, TG3_NO_EARLY),
	ID(0x167D, TG3_NO_EARLY),
	ID(0x1600, TG3_NO_EARLY),
	ID(0x1601, TG3_NO_EARLY),
	ID(0x16F7, TG3_NO_EARLY),
	ID(0x16FE, TG3_NO_EARLY),
	ID(0x16FD, TG3_NO_EARLY),
	ID(0x167A, TG3_NO_EARLY),
	ID(0x1672, TG3_NO_EARLY),
	ID(0x167B, TG3_NO_EARLY),
	ID(0x1673, TG3_NO_EARLY),
	ID(0x1674, TG3_NO_EARLY),
	ID(0x1681, TG3_NO_EARLY),
	ID(0x1680, TG3_NO_EARLY),
	ID(0x1688, TG3_NO_EARLY),
	ID(0x1689, TG3_NO_EARLY),
	ID(0x1684, TG3_NO_EARLY),
	ID(0x16DD, TG3_NO_EARLY),
	ID(0x1696, TG3_NO_EARLY),
	ID(0x16A0, TG3_NO_EARLY),
	ID(0x1699, TG3_NO_EARLY),
	ID(0x169A, TG3_NO_EARLY),
	ID(0x169B, TG3_NO_EARLY),
	ID(0x1693, TG3_NO_EARLY),
	ID(0x167F, TG3_NO_EARLY),
	ID(0x169C, TG3_NO_EARLY),
	ID(0x169D, TG3_NO_EARLY),
	ID(0x170D, TG3_NO_EARLY),
	ID(0x170E, TG3_NO_EARLY),
	ID(0x16FF, TG3_NO_EARLY),
	ID(0x1712, TG3_NO_EARLY),
	ID(0x1713, TG3_NO_EARLY),
	ID(0x1690, TG3_NO_EARLY),
	ID(0x1692, TG3_NO_EARLY),
	ID(0x1691, TG3_NO_EARLY),
	ID(0x1694, TG3_NO_EARLY),
	/* 57765 family */
	ID(0x16B0, TG3_NO_57765),
	ID(0x1682, TG3_NO_57765),
	ID(0x1642, TG3_NO_57765),
	ID(0x16B4, TG3_NO_57765),
	ID(0x1686, TG3_NO_57765),
	ID(0x1683, TG3_NO_57765),
	ID(0x16B1, TG3_NO_57765),
	ID(0x16B7, TG3_NO_57765),
	ID(0x16B5, TG3_NO_57765),
	ID(0x16B3, TG3_NO_57765),
	ID(0x1641, TG3_NO_57765),
	ID(0x16B2, TG3_NO_57765),
	ID(0x16B6, TG3_NO_57765),
	/* 5762 family */
	ID(0x1643, TG3_NO_5762),
	ID(0x16F3, TG3_NO_5762),
	ID(0x1687, TG3_NO_5762),
	ID(0x1658, TG3_NO_PREPRODUCTION),
	{ 0 },
};

DEFINE_NETDEV_ADAPTERS(adapters, "Tigon3", struct tg3, own, TG3_MAX_ADAPTERS, NULL);

int tg3_rings_alloc(struct tg3 *tp)
{
	tp->tx_ring = dma_alloc(TG3_TX_RING * sizeof(struct t3_send_bd), 0, 0, &tp->tx_ring_dma);
	tp->std_ring = dma_alloc(TG3_STD_RING * sizeof(struct t3_rx_bd), 0, 0, &tp->std_ring_dma);
	tp->ret_ring = dma_alloc(TG3_RET_RING * sizeof(struct t3_rx_bd), 0, 0, &tp->ret_ring_dma);
	tp->status = dma_alloc(T3_STATUS_BLOCK_SIZE, 64, 0, &tp->status_dma);
	if (!tp->tx_ring || !tp->std_ring || !tp->ret_ring || !tp->status ||
	    tg3_rx_pool_alloc(tp)) {
		pr_err("%s: no DMA memory for the rings\n", tg3_name(tp));
		tg3_rings_free(tp);
		return -ENOMEM;
	}
	memset(tp->tx_frame, 0, sizeof(tp->tx_frame));
	memset(tp->std_slot, 0, sizeof(tp->std_slot));
	tg3_std_ring_format(tp);
	return 0;
}

void tg3_rings_free(struct tg3 *tp)
{
	dma_free(tp->tx_ring, TG3_TX_RING * sizeof(struct t3_send_bd));
	dma_free(tp->std_ring, TG3_STD_RING * sizeof(struct t3_rx_bd));
	dma_free(tp->ret_ring, TG3_RET_RING * sizeof(struct t3_rx_bd));
	dma_free(tp->status, T3_STATUS_BLOCK_SIZE);
	tp->tx_ring = NULL;
	tp->std_ring = NULL;
	tp->ret_ring = NULL;
	tp->status = NULL;
	tg3_rx_pool_release(tp);
}

static void service(struct ktimer *t)
{
	struct tg3 *tp = container_of(t, struct tg3, service_timer);

	/* A recovery reset has the registers; look again next period. */
	if (tp->state == TG3_ST_RUNNING) {
		tg3_stats_update(tp);
		tg3_watchdog(tp);
	}
	/* Safety nets for a lost link attention and a ring left low. */
	if (tp->state == TG3_ST_RUNNING &&
	    !!(tg3_read(tp, T3_MI_STATUS) & T3_MISTAT_LINK) != tp->link_up)
		tg3_link_update(tp);
	if (tp->state == TG3_ST_RUNNING && tp->rx_posted < TG3_RX_REFILL_LOW && tp->rx_free)
		napi_schedule(&tp->napi);
	if (tp->state == TG3_ST_RUNNING || tp->state == TG3_ST_RESETTING)
		ktimer_arm(t, ktime_get_ns() + TG3_SERVICE_PERIOD_NS);
}

static int tg3_open(struct net_device *dev)
{
	struct tg3 *tp = netdev_priv(dev);
	int err;

	if (tp->state == TG3_ST_DEAD) {
		pr_err("%s: the chip did not come back from its last reset; not opening\n",
		       dev->name);
		return -EIO;
	}
	tg3_set_state(tp, TG3_ST_OPENING);
	if (tp->state != TG3_ST_OPENING)
		return -EBUSY;
	err = tg3_rings_alloc(tp);
	if (err)
		goto fail_closed;
	err = tg3_irq_setup(tp);
	if (err) {
		pr_err("%s: no interrupt (%d)\n", dev->name, err);
		goto fail_rings;
	}
	err = tg3_chip_reset(tp);
	if (err)
		tg3_set_state(tp, TG3_ST_DEAD);
	if (!err)
		err = tg3_hw_start(tp);
	if (!err)
		err = tg3_phy_start(tp);
	if (!err)
		err = tg3_irq_selftest(tp);
	if (err)
		goto fail_chip;
	tg3_set_state(tp, TG3_ST_RUNNING);
	tp->link_up = false;
	tp->tx_progress_ns = ktime_get_ns();
	napi_enable(&tp->napi);
	tg3_irq_unmask(tp);
	tg3_irq_start(tp);
	tg3_link_update(tp);
	ktimer_arm(&tp->service_timer, ktime_get_ns() + TG3_SERVICE_PERIOD_NS);
	netif_wake_queue(dev);
	pr_info("%s: up, %s interrupts\n", dev->name, tg3_irq_mode_name(tp));
	return 0;

fail_chip:
	tg3_irq_teardown(tp);
	tg3_hw_stop(tp); /* a dead chip is left alone */
	tg3_tx_drop_all(tp);
	tg3_rx_unpost_all(tp);
fail_rings:
	tg3_rings_free(tp);
fail_closed:
	if (tp->state == TG3_ST_OPENING)
		tg3_set_state(tp, TG3_ST_CLOSED);
	return err;
}

/*
 * Also the way down for a chip that died while up: everything the interface
 * holds is given back, and the state stays DEAD.
 */
static int tg3_stop(struct net_device *dev)
{
	struct tg3 *tp = netdev_priv(dev);
	bool chip_quiet = false;

	if (tp->state == TG3_ST_RUNNING)
		tg3_stats_update(tp);
	if (tp->state == TG3_ST_RUNNING || tp->state == TG3_ST_RESETTING) {
		bool resetting = tp->state == TG3_ST_RESETTING;

		tg3_set_state(tp, TG3_ST_CLOSING);
		if (resetting) {
			int r = tg3_reset_finish_sync(tp);

			chip_quiet = r == 0;
			if (r < 0)
				tg3_set_state(tp, TG3_ST_DEAD);
		}
	}
	ktimer_cancel(&tp->service_timer);
	ktimer_cancel(&tp->reset_timer);
	if (tp->state == TG3_ST_CLOSING && !chip_quiet)
		tg3_irq_mask(tp);
	napi_disable(&tp->napi);
	tg3_irq_teardown(tp);
	if (tp->state == TG3_ST_CLOSING && !chip_quiet)
		tg3_hw_stop(tp);
	tg3_tx_drop_all(tp);
	tg3_rx_unpost_all(tp);
	tg3_rings_free(tp);
	tp->link_up = false;
	netif_carrier_off(dev);
	netif_stop_queue(dev);
	if (tp->state == TG3_ST_CLOSING)
		tg3_set_state(tp, TG3_ST_CLOSED);
	return 0;
}

static void tg3_set_rx_mode(struct net_device *dev)
{
	struct tg3 *tp = netdev_priv(dev);

	if (tp->state == TG3_ST_RUNNING)
		tg3_program_rx_filter(tp);
}

static const struct net_device_ops tg3_netdev_ops = {
	.open = tg3_open,
	.stop = tg3_stop,
	.start_xmit = tg3_start_xmit,
	.get_stats = tg3_get_stats,
	.get_ethtool_stats = tg3_get_ethtool_stats,
	.set_rx_mode = tg3_set_rx_mode,
};

#ifdef NAPKIN_HOSTED
enum tg3_probe_step tg3_probe_fail_at;

/* A hosted test makes one probe step fail as if the hardware had refused it. */
static int probe_step_fails(struct tg3 *tp, enum tg3_probe_step step)
{
	if (tg3_probe_fail_at != step)
		return 0;
	pr_warn("%s: probe step %d made to fail (test)\n", tp->pdev->name, step);
	return -EIO;
}
#else
static inline int probe_step_fails(struct tg3 *tp, enum tg3_probe_step step)
{
	return 0;
}
#endif

/* Both families report their ASIC in a product ID register, each its own. */
static u32 read_chip_id(struct tg3 *tp)
{
	u32 mhc = pci_read_config_dword(tp->pdev, T3_PCI_MISC_HOST_CTRL);
	u32 rev = mhc >> T3_MHC_ASIC_REV_SHIFT;

	if ((rev >> 12) == T3_ASIC_REV_USE_PRODUCT_ID)
		return pci_read_config_dword(tp->pdev, tp->info->chip_id_reg);
	return rev;
}

static bool asic_matches(enum tg3_id_class cls, u32 asic)
{
	if (cls == TG3_OK_5784)
		return asic == T3_ASIC_5784;
	return asic == T3_ASIC_5717 || asic == T3_ASIC_5719 || asic == T3_ASIC_5720;
}

/*
 * Each step that changes something has its undo below, in reverse order, so
 * a failed probe leaves the function as it found it: no netdev, no NAPI
 * instance, bus mastering and the decode we turned on off again, the
 * bootcode told no driver runs it. (Host control keeps its interrupt mask:
 * the safe state for a function nobody drives. The BAR mapping is made once
 * per function and cached by the PCI core for the next driver.)
 */
/*
 * tg3.udp_csum=hw|sw: who sums UDP datagrams sent with checksum offload.
 * The host by default; the chip only when asked, as it can send a zero sum
 * (drivers/tg3/tg3_tx.c).
 */
static bool udp_csum_by_chip(const struct pci_dev *pdev)
{
	const char *v;

	if (!cmdline_get("tg3.udp_csum", &v))
		return false;
	if (v && !strcmp(v, "hw")) {
		pr_info("%s: tg3.udp_csum=hw: the chip sums UDP and may send a zero checksum\n",
			pdev->name);
		return true;
	}
	if (!v || strcmp(v, "sw"))
		pr_err("%s: tg3.udp_csum=%s: not hw or sw; UDP is summed in software\n", pdev->name,
		       v ? v : "");
	return false;
}

static int tg3_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	enum tg3_id_class cls = (enum tg3_id_class)id->driver_data;
	struct tg3 *tp;
	u32 asic;
	int err;

	if (cls >= TG3_NO_PCIX) {
		pr_warn("%s: %04x:%04x is %s: not driven\n", pdev->name, pdev->vendor, pdev->device,
			tg3_refusals[cls]);
		return -ENODEV;
	}
	err = netdev_adapter_alloc(&adapters, pdev->name, (void **)&tp);
	if (err)
		return err;
	tp->state = TG3_ST_PROBING;
	tp->pdev = pdev;
	tp->chip_name = tg3_id_names[cls];
	tp->info = cls == TG3_OK_5784 ? &tg3_info_5784 : &tg3_info_5717;
	tg3_reset_init(tp);
	tg3_irq_init(tp);
	tp->service_timer.fn = service;

	err = probe_step_fails(tp, TG3_PROBE_ENABLE);
	if (!err)
		err = pci_enable_device(pdev);
	if (err)
		goto fail_slot;
	pci_set_master(pdev);
	tp->regs = probe_step_fails(tp, TG3_PROBE_MAP) ? NULL : pci_iomap(pdev, 0);
	if (!tp->regs) {
		err = -ENXIO;
		goto fail_enabled;
	}
	tp->chip_id = probe_step_fails(tp, TG3_PROBE_CHIP_ID) ? 0 : read_chip_id(tp);
	asic = T3_CHIP_ASIC(tp->chip_id);
	if (!asic_matches(cls, asic)) {
		pr_warn("%s: %s ID but ASIC revision 0x%x is not a %s: not driven\n", pdev->name,
			tp->chip_name, tp->chip_id,
			cls == TG3_OK_5784 ? "5784" : "5717-family chip");
		err = -ENODEV;
		goto fail_enabled;
	}
	pci_write_config_dword(pdev, T3_PCI_MISC_HOST_CTRL,
			       T3_MHC_CLEAR_INTA | T3_MHC_MASK_PCI_INT | T3_MHC_ENDIAN_WORD_SWAP |
				   T3_MHC_INDIRECT_ACCESS | T3_MHC_PCISTATE_RW);
	err = probe_step_fails(tp, TG3_PROBE_RESET);
	if (!err) {
		err = tg3_chip_reset(tp);
		if (err) {
			tg3_set_state(tp, TG3_ST_DEAD);
			goto fail_enabled;
		}
	}
	if (!err)
		err = probe_step_fails(tp, TG3_PROBE_MAC);
	if (!err)
		err = tg3_read_mac_address(tp);
	if (err)
		goto fail_reset;
	/* One integrated PHY per function, at MDIO address function + 1. */
	tp->phy_addr = (u8)(PCI_FUNC(pdev->devfn) + 1);

	tp->netdev.ops = &tg3_netdev_ops;
	tp->netdev.priv = tp;
	memcpy(tp->netdev.dev_addr, tp->mac, ETH_ALEN);
	tp->netdev.features = NETIF_F_SG | NETIF_F_IP_CSUM | NETIF_F_IPHDR_CSUM | NETIF_F_RXCSUM;
	tp->udp_csum_hw = udp_csum_by_chip(pdev);
	/* UDP summed here would cost more than the stack summing it itself. */
	if (!tp->udp_csum_hw)
		tp->netdev.features |= NETIF_F_NO_UDP_CSUM;
	tp->netdev.mtu = ETH_DATA_LEN;
	netif_napi_add(&tp->netdev, &tp->napi, tg3_poll, NAPI_DEFAULT_WEIGHT);
	err = probe_step_fails(tp, TG3_PROBE_REGISTER);
	if (!err)
		err = register_netdev(&tp->netdev);
	if (err)
		goto fail_napi;
	tp->napi.name = tp->netdev.name;
	pci_set_drvdata(pdev, tp);
	tg3_set_state(tp, TG3_ST_CLOSED);
	pr_info("%s: %s (chip 0x%08x) at %s, MAC %02x:%02x:%02x:%02x:%02x:%02x\n", tp->netdev.name,
		tp->chip_name, tp->chip_id, pdev->name, tp->mac[0], tp->mac[1], tp->mac[2],
		tp->mac[3], tp->mac[4], tp->mac[5]);
	return 0;

fail_napi:
	netif_napi_del(&tp->napi);
fail_reset:
	tg3_sram_write(tp, T3_SRAM_DRV_STATE, T3_DRV_STATE_UNLOAD);
fail_enabled:
	pci_clear_master(pdev);
	pci_disable_device(pdev);
fail_slot:
	tg3_set_state(tp, TG3_ST_REMOVED);
	netdev_adapter_remove(&tp->own);
	return err;
}

static void tg3_remove(struct pci_dev *pdev)
{
	struct tg3 *tp = pci_get_drvdata(pdev);

	if (!tp)
		return;
	unregister_netdev(&tp->netdev); /* closes it and deletes its NAPI instance */
	if (tp->state != TG3_ST_DEAD)
		tg3_sram_write(tp, T3_SRAM_DRV_STATE, T3_DRV_STATE_UNLOAD);
	tg3_set_state(tp, TG3_ST_REMOVED);
	pci_clear_master(pdev);
	pci_disable_device(pdev);
	pci_set_drvdata(pdev, NULL);
	/* Buffers the stack still holds keep the adapter until the last comes back. */
	netdev_adapter_remove(&tp->own);
}

struct pci_driver tg3_pci_driver = {
	.name = "tg3",
	.id_table = tg3_ids,
	.probe = tg3_probe,
	.remove = tg3_remove,
};

/* Says so in the boot log, so a machine without a Tigon3 shows the driver looked. */
static void tg3_register(void)
{
	size_t driven = 0, known = ARRAY_SIZE(tg3_ids) - 1;

	for (size_t i = 0; i < known; i++)
		driven += tg3_ids[i].driver_data < TG3_NO_PCIX;
	if (!pci_register_driver(&tg3_pci_driver))
		pr_info("driver registered: drives %zu IDs (BCM5717 family, BCM5784), refuses %zu "
			"other Tigon3 IDs by name\n",
			driven, known - driven);
}
initcall(tg3_register);

/*
 * The adapter's life cycle. All the moves it may make are in one table, so a
 * reader sees the whole life at a glance and a move nobody planned for (a
 * reset asked for while closing, an open of a dead chip) is reported and
 * counted instead of quietly corrupting the bring-up or teardown it crossed.
 *
 *   PROBING -> CLOSED -> OPENING -> RUNNING <-> RESETTING
 *   OPENING -> CLOSED                      (open failed, everything given back)
 *   RUNNING, RESETTING -> CLOSING -> CLOSED
 *   PROBING, OPENING, RESETTING, CLOSING -> DEAD   (bootcode never answered)
 *   PROBING -> REMOVED (probe failed); CLOSED, DEAD -> REMOVED (remove)
 */

#define TO(st) (1u << (st))

static const u32 tg3_allowed[TG3_ST_COUNT] = {
	[TG3_ST_PROBING] = TO(TG3_ST_CLOSED) | TO(TG3_ST_DEAD) | TO(TG3_ST_REMOVED),
	[TG3_ST_CLOSED] = TO(TG3_ST_OPENING) | TO(TG3_ST_REMOVED),
	/* A failed open gives everything back and is closed again. */
	[TG3_ST_OPENING] = TO(TG3_ST_RUNNING) | TO(TG3_ST_CLOSED) | TO(TG3_ST_DEAD),
	[TG3_ST_RUNNING] = TO(TG3_ST_RESETTING) | TO(TG3_ST_CLOSING),
	/* Closed mid-reset: stop() finishes the handshake before letting go. */
	[TG3_ST_RESETTING] = TO(TG3_ST_RUNNING) | TO(TG3_ST_CLOSING) | TO(TG3_ST_DEAD),
	[TG3_ST_CLOSING] = TO(TG3_ST_CLOSED) | TO(TG3_ST_DEAD),
	/* Only a new probe (after a power cycle) can bring a dead chip back. */
	[TG3_ST_DEAD] = TO(TG3_ST_REMOVED),
	[TG3_ST_REMOVED] = 0,
};

static const char *const tg3_state_names[TG3_ST_COUNT] = {
	[TG3_ST_PROBING] = "probing",	  [TG3_ST_CLOSED] = "closed",
	[TG3_ST_OPENING] = "opening",	  [TG3_ST_RUNNING] = "running",
	[TG3_ST_RESETTING] = "resetting", [TG3_ST_CLOSING] = "closing",
	[TG3_ST_DEAD] = "dead",		  [TG3_ST_REMOVED] = "removed",
};

const char *tg3_state_name(enum tg3_state st)
{
	return (unsigned int)st < TG3_ST_COUNT ? tg3_state_names[st] : "invalid";
}

/*
 * A refused move is not made: the caller's code path was not written for
 * the state it would leave behind, and the warning names both ends.
 */
void tg3_set_state(struct tg3 *tp, enum tg3_state next)
{
	enum tg3_state cur = tp->state;

	if ((unsigned int)next >= TG3_ST_COUNT || (unsigned int)cur >= TG3_ST_COUNT ||
	    !(tg3_allowed[cur] & TO(next))) {
		tp->ctr.illegal_transitions++;
		pr_warn("%s: illegal state change %s -> %s refused\n", tg3_name(tp),
			tg3_state_name(cur), tg3_state_name(next));
		return;
	}
	pr_debug("%s: state %s -> %s\n", tg3_name(tp), tg3_state_name(cur), tg3_state_name(next));
	tp->state = next;
}

bool tg3_is_up(const struct tg3 *tp)
{
	return tp->state == TG3_ST_OPENING || tp->state == TG3_ST_RUNNING ||
	       tp->state == TG3_ST_RESETTING || tp->state == TG3_ST_CLOSING;
}
