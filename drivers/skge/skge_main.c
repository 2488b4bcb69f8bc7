// SPDX-License-Identifier: BSD-2-Clause
/*
 * PCI glue and the life cycle of a controller and its ports.
 *
 * Driven: the SysKonnect SK-98xx (Genesis) and the Marvell Yukon, Yukon-Lite
 * and Yukon-LP cards sold under the SysKonnect, Marvell (and Belkin), 3Com,
 * D-Link, CNet and Linksys names. The PCI ID does not tell Genesis from
 * Yukon (1148:4320 is either): the chip ID register does, and a chip that is
 * neither is refused by name. Linksys 1737:1032 is a Yukon only in its
 * revision 2 (subsystem 0015); the rest is another vendor's chip.
 *
 * Each port is a net_device with its own NAPI instance; the controller has
 * one INTx handler, requested at probe through the interrupt ladder
 * (kernel/pci/pci_irq_ladder.h: INTx is its only rung, so no command-line
 * override), whose watchdog is the service tick while any port is open (link
 * polling, lost transmit starts, lost interrupts, counter folding).
 */
#define pr_fmt(fmt) "skge: " fmt

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "drivers/skge/skge.h"
#include "net/core/netdev_adapter.h"
#include "kernel/x86/irq.h"
#include "kernel/pci/msi.h"
#include "kernel/console/printk.h"

enum skge_id_class { SKGE_ID_DRIVEN, SKGE_ID_EG1032_OTHER };

#define ID(v, d)                                                \
	{                                                       \
		PCI_DEVICE(v, d), .driver_data = SKGE_ID_DRIVEN \
	}

static const struct pci_device_id skge_ids[] = {
	ID(SKGE_VENDOR_SYSKONNECT, 0x4300), /* SK-98xx V1.0: Genesis */
	ID(SKGE_VENDOR_SYSKONNECT, 0x4320), /* SK-98xx V2.0: Genesis or Yukon */
	ID(SKGE_VENDOR_MARVELL, 0x4320),
	ID(SKGE_VENDOR_MARVELL, 0x5005), /* Belkin F5D5005 */
	ID(SKGE_VENDOR_3COM, 0x1700),	 /* 3C940 */
	ID(SKGE_VENDOR_3COM, 0x80EB),	 /* 3C940B */
	ID(SKGE_VENDOR_DLINK, 0x4C00),	 /* DGE-530T */
	ID(SKGE_VENDOR_DLINK, 0x4B01),	 /* DGE-530T rev B1 */
	ID(SKGE_VENDOR_CNET, 0x434E),	 /* GigaCard */
	ID(SKGE_VENDOR_LINKSYS, 0x1064), /* EG1064 */
	{ .vendor = SKGE_VENDOR_LINKSYS,
	  .device = SKGE_LINKSYS_EG1032,
	  .subvendor = PCI_ANY_ID,
	  .subdevice = SKGE_LINKSYS_EG1032_REV2_SS,
	  .driver_data = SKGE_ID_DRIVEN },
	{ PCI_DEVICE(SKGE_VENDOR_LINKSYS, SKGE_LINKSYS_EG1032),
	  .driver_data = SKGE_ID_EG1032_OTHER },
	{ 0 },
};

DEFINE_NETDEV_ADAPTERS(adapters, "skge", struct skge_hw, own, SKGE_MAX_ADAPTERS, NULL);

void skge_link_update(struct skge_port *p)
{
	struct net_device *dev = &p->netdev;
	u32 speed = 0;
	bool fd = false;
	bool up = p->hw->mac->link_state(p, &speed, &fd);

	if (up == p->link_up && (!up || (speed == p->speed && fd == p->full_duplex)))
		return;
	p->link_up = up;
	p->speed = up ? speed : 0;
	p->full_duplex = up && fd;
	p->ctr.link_changes++;
	p->hw->mac->link_changed(p);
	if (up) {
		dev->speed_mbps = speed;
		dev->full_duplex = fd;
		netif_carrier_on(dev);
	} else {
		dev->speed_mbps = 0;
		netif_carrier_off(dev);
	}
}

/* The ladder's watchdog tick; returns the lost interrupts it handled, for the ladder to count. */
static unsigned int service(void *drv, enum irq_ladder_mode mode)
{
	struct skge_hw *hw = drv;
	bool fold = ++hw->service_ticks % SKGE_STATS_EVERY == 0;

	if (!hw->ports_open)
		return 0;
	for (unsigned int i = 0; i < hw->ports; i++) {
		struct skge_port *p = &hw->port[i];

		if (!p->opened)
			continue;
		skge_link_update(p);
		skge_tx_watchdog(p);
		if (fold)
			skge_stats_update(p);
		if (p->rx_posted < SKGE_RX_REFILL_LOW && p->rx_free)
			skge_schedule_port(p);
		/*
		 * A receive BMU that stopped on a descriptor we had not given back
		 * yet resumes on a start; a running one ignores it. Refills start
		 * it too; this catches a stop nothing else would notice.
		 */
		else if (p->rx_posted)
			skge_write32(hw, p->rx_q + SKGE_Q_CSR, SKGE_Q_CSR_START);
	}
	return skge_irq_check_lost(hw);
}

static const struct irq_ladder_plan skge_irq_plan = {
	.allowed = IRQ_LADDER_ALLOW(IRQ_LADDER_INTX),
	.watchdog_period_ns = SKGE_SERVICE_PERIOD_NS,
	.watch = service,
};

static int skge_open(struct net_device *dev)
{
	struct skge_port *p = netdev_priv(dev);
	struct skge_hw *hw = p->hw;
	int err = skge_rings_alloc(p);

	if (err)
		return err;
	skge_rx_ring_init(p);
	skge_tx_ring_init(p);
	skge_rx_refill(p);
	err = hw->mac->init(p);
	if (err) {
		pr_err("%s: %s did not come up (%d)\n", dev->name, hw->mac->name, err);
		hw->mac->stop(p);
		skge_rx_unpost_all(p);
		skge_rings_free(p);
		return err;
	}
	skge_stats_restart(p);
	p->link_up = false;
	p->speed = 0;
	p->opened = true;
	napi_enable(&p->napi);
	skge_port_hw_start(p);
	if (!hw->ports_open++)
		irq_ladder_start(&hw->irq);
	skge_link_update(p);
	netif_wake_queue(dev);
	pr_info("%s: up, %s port %c, shared INTx on vector %d\n", dev->name, hw->mac->name,
		'A' + p->port, hw->irq_vector);
	return 0;
}

static int skge_stop(struct net_device *dev)
{
	struct skge_port *p = netdev_priv(dev);
	struct skge_hw *hw = p->hw;

	skge_stats_update(p);
	p->opened = false;
	skge_port_hw_stop(p);
	napi_disable(&p->napi);
	skge_tx_drop_all(p);
	skge_rx_unpost_all(p);
	skge_rings_free(p);
	if (!--hw->ports_open) {
		irq_ladder_stop(&hw->irq);
		ktimer_cancel(&hw->event_timer);
	}
	p->link_up = false;
	netif_carrier_off(dev);
	netif_stop_queue(dev);
	return 0;
}

static void skge_set_rx_mode(struct net_device *dev)
{
	struct skge_port *p = netdev_priv(dev);

	if (p->opened)
		p->hw->mac->set_rx_mode(p);
}

static const struct net_device_ops skge_netdev_ops = {
	.open = skge_open,
	.stop = skge_stop,
	.start_xmit = skge_start_xmit,
	.get_ethtool_stats = skge_get_ethtool_stats,
	.set_rx_mode = skge_set_rx_mode,
};

/* Genesis ports have a PHY type in EPROM1; Yukon's PHY is always Marvell at 0. */
static int port_phy(struct skge_hw *hw, struct skge_port *p)
{
	u8 type = skge_read8(hw, SKGE_B2_E_1) & 0xF;

	if (hw->chip == SKGE_YUKON) {
		p->phy_addr = SKGE_PHY_ADDR_MARV;
		return 0;
	}
	p->phy_type = type;
	if (type == SKGE_PHY_TYPE_XMAC) {
		p->phy_addr = SKGE_PHY_ADDR_XMAC;
		return 0;
	}
	if (type == SKGE_PHY_TYPE_BCOM) {
		p->phy_addr = SKGE_PHY_ADDR_BCOM;
		return 0;
	}
	pr_warn("%s: Genesis with PHY type %u (Level One or National): not supported\n",
		hw->pdev->name, type);
	return -ENODEV;
}

static int setup_irq(struct skge_hw *hw)
{
	struct pci_dev *pdev = hw->pdev;
	int err;

	/* Without an INTx route the ladder says so ("... not driven"). */
	irq_ladder_init(&hw->irq, pdev->name, pdev, &skge_irq_plan, hw);
	err = irq_ladder_setup(&hw->irq);
	if (err)
		return err;
	hw->irq_vector = irq_ladder_vector(&hw->irq, 0);
	snprintf(hw->irq_name, sizeof(hw->irq_name), "skge-%s", pdev->name);
	err = request_irq((u8)hw->irq_vector, skge_interrupt, hw, hw->irq_name);
	if (err) {
		pr_err("%s: cannot attach the INTx handler (%d): not driven\n", pdev->name, err);
		irq_ladder_release(&hw->irq);
		return err;
	}
	hw->irq_requested = true;
	return 0;
}

static void teardown_irq(struct skge_hw *hw)
{
	irq_ladder_stop(&hw->irq);
	if (hw->irq_requested)
		free_irq((u8)hw->irq_vector, hw);
	hw->irq_requested = false;
	irq_ladder_release(&hw->irq);
}

static int register_port(struct skge_hw *hw, unsigned int i)
{
	struct skge_port *p = &hw->port[i];
	char ifname[IFNAMSIZ];
	int err;

	skge_port_setup(hw, i);
	for (unsigned int b = 0; b < ETH_ALEN; b++)
		p->mac[b] = skge_read8(hw, SKGE_B2_MAC_1 + 8 * i + b);
	err = port_phy(hw, p);
	if (err)
		return err;
	p->netdev.ops = &skge_netdev_ops;
	p->netdev.priv = p;
	memcpy(p->netdev.dev_addr, p->mac, ETH_ALEN);
	/*
	 * Yukon: TCP/UDP checksums over IPv4 on transmit, and the receive sums
	 * (skge_rx.c), as Linux's skge offers; Genesis gets neither.
	 */
	p->netdev.features = NETIF_F_SG;
	if (hw->chip != SKGE_GENESIS)
		p->netdev.features |= NETIF_F_IP_CSUM | NETIF_F_RXCSUM;
	p->netdev.mtu = ETH_DATA_LEN;
	netif_napi_add(&p->netdev, &p->napi, skge_poll, NAPI_DEFAULT_WEIGHT);
	err = register_netdev(&p->netdev);
	if (err) {
		netif_napi_del(&p->napi);
		return err;
	}
	memcpy(ifname, p->netdev.name, sizeof(ifname)); /* snprintf must not read its own struct */
	snprintf(p->napi_name, sizeof(p->napi_name), "skge-%s/%s", hw->pdev->name, ifname);
	p->napi.name = p->napi_name;
	pr_info("%s: %s (chip 0x%02x rev %u) port %c of %u at %s, %s%s, MAC "
		"%02x:%02x:%02x:%02x:%02x:%02x\n",
		p->netdev.name, hw->chip_name, hw->chip_id, hw->chip_rev, 'A' + i, hw->ports,
		hw->pdev->name, hw->mac->name,
		hw->chip == SKGE_YUKON		    ? " + Marvell PHY"
		: p->phy_type == SKGE_PHY_TYPE_BCOM ? " + BCM5400"
						    : " fibre",
		p->mac[0], p->mac[1], p->mac[2], p->mac[3], p->mac[4], p->mac[5]);
	return 0;
}

static void release(struct skge_hw *hw, unsigned int registered)
{
	for (unsigned int i = 0; i < registered; i++)
		unregister_netdev(&hw->port[i].netdev);
	/* Quiet before the handler goes: the line may be shared. */
	skge_write32(hw, SKGE_B0_IMSK, 0);
	hw->intr_mask = 0;
	teardown_irq(hw);
	pci_clear_master(hw->pdev);
}

static int skge_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct skge_hw *hw;
	unsigned int i;
	int err;

	if (id->driver_data == SKGE_ID_EG1032_OTHER) {
		pr_warn("%s: Linksys EG1032 with subsystem %04x is not the Yukon revision "
			"(0015): not driven\n",
			pdev->name, pdev->subdevice);
		return -ENODEV;
	}
	err = netdev_adapter_alloc(&adapters, pdev->name, (void **)&hw);
	if (err)
		return err;
	hw->pdev = pdev;
	skge_irq_init(hw);
	err = pci_enable_device(pdev);
	if (err)
		goto fail;
	if (pci_resource_len(pdev, 0) < SKGE_BAR_SIZE || (pdev->bar[0].flags & PCI_BAR_IO)) {
		pr_warn("%s: BAR0 is not a %u KiB memory window: not driven\n", pdev->name,
			SKGE_BAR_SIZE / 1024);
		err = -ENODEV;
		goto fail_enabled;
	}
	hw->regs = pci_iomap(pdev, 0);
	if (!hw->regs) {
		err = -ENXIO;
		goto fail_enabled;
	}
	err = skge_chip_identify(hw);
	if (err)
		goto fail_enabled;
	pci_set_master(pdev);
	skge_chip_reset(hw);
	err = setup_irq(hw);
	if (err)
		goto fail_master;
	pci_set_drvdata(pdev, hw);
	for (i = 0; i < hw->ports; i++) {
		err = register_port(hw, i);
		if (err) {
			release(hw, i);
			pci_disable_device(pdev);
			pci_set_drvdata(pdev, NULL);
			netdev_adapter_remove(&hw->own);
			return err;
		}
	}
	return 0;

fail_master:
	pci_clear_master(pdev);
fail_enabled:
	/* A chip refused or half set up is left as firmware had it: decode off again. */
	pci_disable_device(pdev);
fail:
	netdev_adapter_remove(&hw->own);
	return err;
}

static void skge_remove(struct pci_dev *pdev)
{
	struct skge_hw *hw = pci_get_drvdata(pdev);

	if (!hw)
		return;
	release(hw, hw->ports);
	skge_write8(hw, SKGE_B0_LED, SKGE_LED_STAT_OFF);
	pci_disable_device(pdev);
	pci_set_drvdata(pdev, NULL);
	/* Buffers the stack still holds keep the controller until the last comes back. */
	netdev_adapter_remove(&hw->own);
}

struct pci_driver skge_pci_driver = {
	.name = "skge",
	.id_table = skge_ids,
	.probe = skge_probe,
	.remove = skge_remove,
};

/* Says so in the boot log, so a machine without the chip shows the driver looked. */
static void skge_register(void)
{
	if (!pci_register_driver(&skge_pci_driver))
		pr_info("driver registered: SysKonnect Genesis and Marvell Yukon, %zu PCI IDs, "
			"per-port NAPI on shared INTx\n",
			ARRAY_SIZE(skge_ids) - 2);
}
initcall(skge_register);
