// SPDX-License-Identifier: BSD-2-Clause
/*
 * The e1000 PCI driver: which chips it takes, probe and remove, the netdev
 * operations and the watchdog (the NAPI poll is in e1000_irq.c). See README.md.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "drivers/e1000/e1000.h"
#include "net/core/netdev_adapter.h"
#include "kernel/core/cmdline.h"
#include "kernel/x86/irqflags.h"
#include "kernel/pci/msi.h"

#define PCI_VENDOR_INTEL 0x8086

static const struct e1000_chip chip_82540em = {
	.name = "82540EM",
	.flags = E1000_CHIP_DMA32 | E1000_CHIP_TIPG,
};

static const struct e1000_chip chip_82545em = {
	.name = "82545EM",
	.flags = E1000_CHIP_DMA32 | E1000_CHIP_TIPG,
};

static const struct e1000_chip chip_82574l = {
	.name = "82574L",
	.flags = E1000_CHIP_MSIX | E1000_CHIP_ICR_W1C | E1000_CHIP_EERD_82574 | E1000_CHIP_DRV_LOAD,
};

#define REFUSED(id, chip_name, why)                                                    \
	{                                                                              \
		PCI_DEVICE(PCI_VENDOR_INTEL, id),                                      \
		    .driver_data = (unsigned long)&(const struct e1000_chip)           \
		{                                                                      \
			.name = chip_name, .flags = E1000_CHIP_REFUSED, .refusal = why \
		}                                                                      \
	}

static const struct pci_device_id e1000_ids[] = {
	{ PCI_DEVICE(PCI_VENDOR_INTEL, 0x100E), .driver_data = (unsigned long)&chip_82540em },
	{ PCI_DEVICE(PCI_VENDOR_INTEL, 0x100F), .driver_data = (unsigned long)&chip_82545em },
	{ PCI_DEVICE(PCI_VENDOR_INTEL, 0x10D3), .driver_data = (unsigned long)&chip_82574l },
	/* Relatives that look alike but differ where it matters; named so the log says why. */
	REFUSED(0x1004, "82543GC", "no EERD register (bit-banged EEPROM only)"),
	REFUSED(0x1008, "82544EI", "no EERD register (bit-banged EEPROM only)"),
	REFUSED(0x1011, "82545EM fiber", "SerDes/TBI link, not the copper PHY handled here"),
	REFUSED(0x1026, "82545GM", "not tested"),
	REFUSED(0x1019, "82547EI", "CSA-attached, different EERD layout"),
	REFUSED(0x1076, "82541GI", "different EERD layout"),
	REFUSED(0x107C, "82541PI", "different EERD layout"),
	REFUSED(0x105E, "82571EB", "NVM and PHY need semaphores this driver does not take"),
	REFUSED(0x10B9, "82572EI", "NVM and PHY need semaphores this driver does not take"),
	REFUSED(0x108C, "82573E", "NVM in flash, needs semaphores this driver does not take"),
	REFUSED(0x10F6, "82574LA", "not tested"),
	REFUSED(0x150C, "82583V", "not tested"),
	REFUSED(0x10C9, "82576", "igb family: different register layout"),
	{ 0 }
};

static void free_rings_now(void *adapter);

DEFINE_NETDEV_ADAPTERS(adapters, "e1000", struct e1000_adapter, own, E1000_MAX_ADAPTERS,
		       free_rings_now);

struct e1000_adapter *e1000_next(struct e1000_adapter *prev)
{
	struct e1000_adapter *a = prev;

	do
		a = netdev_adapter_next(&adapters, a);
	while (a && !a->netdev.registered);
	return a;
}

struct e1000_adapter *e1000_find(const char *name)
{
	for (struct e1000_adapter *a = e1000_next(NULL); a; a = e1000_next(a))
		if (!strcmp(a->netdev.name, name))
			return a;
	return NULL;
}

void e1000_link_update(struct e1000_adapter *a)
{
	struct net_device *dev = &a->netdev;
	u32 status = e1000_rd(a, E1000_STATUS), speed;
	bool up, fd;

	if (status == 0xFFFFFFFFu)
		return; /* the device stopped answering; the watchdog will say so */
	e1000_status_decode(status, &up, &speed, &fd);
	if (up) {
		dev->speed_mbps = speed;
		dev->full_duplex = fd;
		netif_carrier_on(dev);
	} else {
		netif_carrier_off(dev);
	}
}

/*
 * The queue causes are masked only while a NAPI poll is due to unmask them.
 * Masked with no poll scheduled means the interrupt that should have
 * scheduled it was lost (or its handler's request was): nothing would ever
 * unmask them again, so poll now.
 */
static void e1000_rescue_lost_irq(struct e1000_adapter *a)
{
	unsigned long flags = local_irq_save();
	bool lost = a->irq.mode != IRQ_LADDER_POLL && a->irq_masked && !napi_is_scheduled(&a->napi);

	if (lost) {
		a->sw.missed_irqs++;
		napi_schedule(&a->napi);
	}
	local_irq_restore(flags);
}

static void e1000_watchdog(struct ktimer *t)
{
	struct e1000_adapter *a = container_of(t, struct e1000_adapter, watchdog);
	u64 now = ktime_get_ns();
	u32 status;

	if (!a->up)
		return;
	a->sw.watchdog_runs++;
	/* Every tick: what bounds how long a lost interrupt or a stall can stop traffic. */
	e1000_rescue_lost_irq(a);
	e1000_rx_refill(a); /* a ring the pool could not refill earlier gets its buffers */
	/*
	 * Reap first, so only a transmitter that really finished nothing counts
	 * as stuck (not one whose completions a late poll has yet to collect).
	 */
	e1000_tx_clean(a);
	e1000_tx_check_hang(a, ktime_get_ns());
	if (++a->watchdog_ticks % E1000_WATCHDOG_SLOW_TICKS) {
		ktimer_arm(t, now + E1000_WATCHDOG_NS);
		return;
	}
	status = e1000_rd(a, E1000_STATUS);
	if (status == 0xFFFFFFFFu) {
		pr_err("%s: registers read all ones: the device stopped answering\n",
		       e1000_name(a));
		ktimer_arm(t, now + E1000_WATCHDOG_NS);
		return;
	}
	/* Counters wrap at 32 bits, and a link change might have lost its interrupt. */
	e1000_stats_update(a);
	e1000_link_update(a);
	if (!netif_carrier_ok(&a->netdev) && !a->link_grace_over &&
	    now - a->opened_ns > E1000_LINK_GRACE_NS) {
		a->link_grace_over = true;
		a->sw.link_timeouts++;
		pr_warn("%s: no link %llu s after open (STATUS %#x, CTRL %#x): frames are "
			"dropped until it comes up\n",
			e1000_name(a), (unsigned long long)(E1000_LINK_GRACE_NS / NSEC_PER_SEC),
			status, e1000_rd(a, E1000_CTRL));
	}
	ktimer_arm(t, now + E1000_WATCHDOG_NS);
}

static int e1000_open(struct net_device *dev)
{
	struct e1000_adapter *a = netdev_priv(dev);
	int err;

	a->up = true;
	a->tx_bad_logged = 0;
	e1000_tx_configure(a);
	e1000_rx_configure(a);
	err = e1000_irq_request(a);
	if (err) {
		a->up = false;
		e1000_rx_disable(a);
		e1000_tx_disable(a);
		return err;
	}
	napi_enable(&a->napi);
	e1000_irq_enable(a);
	e1000_link_update(a);
	a->opened_ns = ktime_get_ns();
	a->link_grace_over = false;
	a->watchdog.fn = e1000_watchdog;
	ktimer_arm(&a->watchdog, a->opened_ns + E1000_WATCHDOG_NS);
	return 0;
}

static int e1000_stop(struct net_device *dev)
{
	struct e1000_adapter *a = netdev_priv(dev);

	a->up = false;
	ktimer_cancel(&a->watchdog);
	e1000_irq_disable(a);
	napi_disable(&a->napi);
	e1000_rx_disable(a);
	e1000_tx_disable(a);
	e1000_irq_release(a);
	e1000_stats_update(a);
	netif_carrier_off(dev);
	return 0;
}

static const struct net_device_ops e1000_netdev_ops = {
	.open = e1000_open,
	.stop = e1000_stop,
	.start_xmit = e1000_start_xmit,
	.get_stats = e1000_get_stats,
	.get_ethtool_stats = e1000_get_ethtool_stats,
	.set_rx_mode = e1000_set_rx_mode,
};

static int check_bar0(struct e1000_adapter *a)
{
	const struct pci_bar *bar = &a->pdev->bar[0];
	const char *problem = NULL;

	if (!(bar->flags & PCI_BAR_VALID))
		problem = (bar->flags & PCI_BAR_UNASSIGNED) ? "has no address from firmware"
							    : "is missing";
	else if (bar->flags & PCI_BAR_IO)
		problem = "is an I/O port range, not memory";
	else if (bar->size < E1000_MMIO_MIN_SIZE)
		problem = "is smaller than the register file";
	if (problem) {
		pr_err("%s: BAR0 %s (base %#llx, size %#llx): device left alone\n", e1000_name(a),
		       problem, (unsigned long long)bar->base, (unsigned long long)bar->size);
		return -ENODEV;
	}
	a->mmio = pci_iomap(a->pdev, 0);
	if (!a->mmio) {
		pr_err("%s: BAR0 at %#llx cannot be mapped: device left alone\n", e1000_name(a),
		       (unsigned long long)bar->base);
		return -ENOMEM;
	}
	return 0;
}

/* Also the adapter's release hook: what it kept for lent buffers goes with it. */
static void free_rings_now(void *adapter)
{
	struct e1000_adapter *a = adapter;

	if (a->rx_ring)
		dma_free(a->rx_ring, E1000_RX_RING_SIZE * sizeof(struct e1000_rx_desc));
	if (a->rx_pool)
		dma_free(a->rx_pool, (size_t)E1000_RX_POOL_SIZE * E1000_RX_BUF_SIZE);
	if (a->tx_legacy)
		dma_free(a->tx_legacy, E1000_TX_RING_SIZE * sizeof(struct e1000_tx_desc));
	a->rx_ring = NULL;
	a->rx_pool = NULL;
	a->tx_legacy = NULL;
}

static void free_rings(struct e1000_adapter *a)
{
	if (a->rx_lent) {
		/* The stack still holds frames pointing into the pool: keep it rather than corrupt them. */
		pr_warn("%s: %u receive buffers still held by the stack: pool kept\n",
			e1000_name(a), a->rx_lent);
		return;
	}
	free_rings_now(a);
}

static void log_bring_up(struct e1000_adapter *a, const char *mac_source)
{
	const struct pci_dev *pdev = a->pdev;
	const u8 *m = a->netdev.dev_addr;
	char irq[96];

	e1000_irq_describe(a, irq, sizeof(irq));
	pr_info("%s: Intel %s (%04x:%04x) at %s, MAC %02x:%02x:%02x:%02x:%02x:%02x from %s\n",
		a->netdev.name, a->chip->name, pdev->vendor, pdev->device, pdev->name, m[0], m[1],
		m[2], m[3], m[4], m[5], mac_source);
	pr_info("%s: interrupts %s; rings rx %u tx %u, legacy descriptors, %u rx buffers of %u "
		"bytes\n",
		a->netdev.name, irq, a->rx_count, a->tx_count, E1000_RX_POOL_SIZE,
		E1000_RX_BUF_SIZE);
}

/* e1000.tso=off: send MSS-sized frames even where the chip could cut larger ones. */
static bool e1000_tso_wanted(void)
{
	bool on = true;

	cmdline_get_bool("e1000.tso", &on);
	return on;
}

static int e1000_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	const struct e1000_chip *chip = (const struct e1000_chip *)id->driver_data;
	struct e1000_adapter *a;
	struct net_device *dev;
	const char *mac_source = "?";
	int err;

	if (chip->flags & E1000_CHIP_REFUSED) {
		pr_info("e1000 %s: Intel %s (%04x:%04x) not driven: %s\n", pdev->name, chip->name,
			pdev->vendor, pdev->device, chip->refusal);
		return -ENODEV;
	}
	err = netdev_adapter_alloc(&adapters, pdev->name, (void **)&a);
	if (err)
		return err;
	a->pdev = pdev;
	a->chip = chip;
	snprintf(a->label, sizeof(a->label), "e1000 %s", pdev->name);
	dev = &a->netdev;

	err = pci_enable_device(pdev);
	if (err) {
		pr_err("%s: cannot enable the device (%d)\n", e1000_name(a), err);
		goto fail;
	}
	err = check_bar0(a);
	if (err)
		goto fail;
	pci_set_master(pdev);
	err = e1000_hw_reset(a);
	if (err)
		goto fail_master;
	err = e1000_hw_read_mac(a, dev->dev_addr, &mac_source);
	if (err)
		goto fail_master;
	e1000_hw_write_mac(a, dev->dev_addr);
	e1000_hw_clear_filters(a);
	err = e1000_rx_alloc(a);
	if (err)
		goto fail_master;
	err = e1000_tx_alloc(a);
	if (err)
		goto fail_rings;
	err = e1000_irq_setup(a);
	if (err)
		goto fail_rings;

	dev->ops = &e1000_netdev_ops;
	dev->priv = a;
	dev->mtu = ETH_DATA_LEN;
	dev->features =
	    NETIF_F_SG | NETIF_F_IP_CSUM | NETIF_F_IPV6_CSUM | NETIF_F_IPHDR_CSUM | NETIF_F_RXCSUM;
	if (e1000_tso_wanted()) {
		dev->features |= NETIF_F_TSO;
		dev->gso_max_segs = E1000_TX_MAX_SEGS;
	}
	err = netif_napi_add(dev, &a->napi, e1000_poll, E1000_NAPI_WEIGHT);
	if (err)
		goto fail_irq;
	e1000_hw_start_link(a);
	e1000_link_update(a);
	err = register_netdev(dev);
	if (err) {
		pr_err("%s: cannot register the network device (%d)\n", e1000_name(a), err);
		netif_napi_del(&a->napi);
		goto fail_irq;
	}
	a->napi.name = dev->name; /* for `napi` in the shell; lives as long as the adapter */
	pci_set_drvdata(pdev, a);
	log_bring_up(a, mac_source);
	e1000_fault_register(a);
	return 0;

fail_irq:
	pci_free_irq_vectors(pdev);
fail_rings:
	free_rings(a);
fail_master:
	e1000_hw_release(a);
	pci_clear_master(pdev);
fail:
	netdev_adapter_remove(&a->own);
	return err;
}

static void e1000_remove(struct pci_dev *pdev)
{
	struct e1000_adapter *a = pci_get_drvdata(pdev);

	if (!a)
		return;
	e1000_fault_unregister(a);
	unregister_netdev(&a->netdev);
	pci_free_irq_vectors(pdev);
	e1000_hw_release(a);
	pci_clear_master(pdev);
	free_rings(a);
	pr_info("%s: removed\n", a->label);
	/* A kept pool keeps its adapter too, until the last buffer comes back. */
	netdev_adapter_remove(&a->own);
}

static struct pci_driver e1000_driver = {
	.name = "e1000",
	.id_table = e1000_ids,
	.probe = e1000_probe,
	.remove = e1000_remove,
};

PCI_DRIVER_INITCALL(e1000_driver);
