// SPDX-License-Identifier: BSD-2-Clause
/*
 * PCI glue, chip families, and the life cycle of the controller and its ports.
 *
 * The PCI ID only says "some Yukon-2"; the family comes from B2_CHIP_ID, read
 * before anything is written. A chip ID this driver does not know (0xBB, or
 * anything outside the family) is named in the log and left untouched.
 *
 * The controller is brought up at probe (status unit included) and its
 * interrupt proven there; each port is a net_device whose open brings up its
 * MAC, FIFOs, queues and PHY. The one NAPI instance belongs to the controller:
 * it is registered on port 1's device (so netpoll finds it) under a name that
 * lists every port it serves, enabled while any port is open.
 */
#define pr_fmt(fmt) "sky2: " fmt

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "drivers/sky2/sky2.h"
#include "net/core/netdev_adapter.h"
#include "kernel/mm/io.h"
#include "kernel/x86/irqflags.h"
#include "kernel/console/printk.h"

struct sky2_family {
	u8 chip_id;
	const char *name;
	u32 clk_mhz;
	u32 quirks;
};

static const struct sky2_family sky2_families[] = {
	{ Y2_CHIP_XL, "Yukon-2 XL", 156,
	  SKY2_Q_XL_FLUSH_MASK | SKY2_Q_RAM_TIMEOUTS | SKY2_Q_NO_RX_CSUM },
	{ Y2_CHIP_EC_ULTRA, "Yukon-2 EC Ultra", 125, SKY2_Q_STATUS_RACE | SKY2_Q_PCIE_PM },
	{ Y2_CHIP_EXTREME, "Yukon-2 Extreme", 125,
	  SKY2_Q_STATUS_RACE | SKY2_Q_PCIE_PM | SKY2_Q_NEW_LE | SKY2_Q_HCU | SKY2_Q_RX_OVER_FLUSH |
	      SKY2_Q_AUTO_TX_CSUM },
	{ Y2_CHIP_EC, "Yukon-2 EC", 125, SKY2_Q_RAM_TIMEOUTS },
	{ Y2_CHIP_FE, "Yukon-2 FE", 100, SKY2_Q_FAST_ETHER | SKY2_Q_RAM_TIMEOUTS },
	{ Y2_CHIP_FE_PLUS, "Yukon-2 FE+", 50,
	  SKY2_Q_FAST_ETHER | SKY2_Q_NEW_LE | SKY2_Q_PCIE_PM | SKY2_Q_RX_OVER_FLUSH |
	      SKY2_Q_STATUS_RACE | SKY2_Q_AUTO_TX_CSUM },
	{ Y2_CHIP_SUPREME, "Yukon-2 Supreme", 125,
	  SKY2_Q_NEW_LE | SKY2_Q_HCU | SKY2_Q_PCIE_PM | SKY2_Q_STATUS_RACE | SKY2_Q_AUTO_TX_CSUM },
	{ Y2_CHIP_ULTRA2, "Yukon-2 Ultra 2", 125, SKY2_Q_PCIE_PM | SKY2_Q_STATUS_RACE },
	{ Y2_CHIP_OPTIMA, "Yukon-2 Optima", 125,
	  SKY2_Q_NEW_LE | SKY2_Q_PCIE_PM | SKY2_Q_STATUS_RACE },
	{ Y2_CHIP_OPT_EEE, "Yukon-2 Optima EEE", 125,
	  SKY2_Q_NEW_LE | SKY2_Q_PCIE_PM | SKY2_Q_STATUS_RACE },
	{ Y2_CHIP_OPTIMA2, "Yukon-2 Optima 2", 125,
	  SKY2_Q_NEW_LE | SKY2_Q_PCIE_PM | SKY2_Q_STATUS_RACE },
};

#define ID(v, d)                 \
	{                        \
		PCI_DEVICE(v, d) \
	}

static const struct pci_device_id sky2_ids[] = {
	ID(Y2_VENDOR_SYSKONNECT, 0x9000), /* SK-9Sxx */
	ID(Y2_VENDOR_SYSKONNECT, 0x9E00), /* SK-9Exx */
	ID(Y2_VENDOR_SYSKONNECT, 0x9E01), /* SK-9E21M */
	ID(Y2_VENDOR_DLINK, 0x4001),	  /* DGE-550SX */
	ID(Y2_VENDOR_DLINK, 0x4002),	  /* DGE-560SX */
	ID(Y2_VENDOR_DLINK, 0x4B00),	  /* DGE-560T */
	ID(Y2_VENDOR_DLINK, 0x4B02),	  /* DGE-560SX */
	ID(Y2_VENDOR_DLINK, 0x4B03),	  /* DGE-550T */
	ID(Y2_VENDOR_MARVELL, 0x4340),	  /* 88E8021 */
	ID(Y2_VENDOR_MARVELL, 0x4341),	  /* 88E8022 */
	ID(Y2_VENDOR_MARVELL, 0x4342),	  /* 88E8061 */
	ID(Y2_VENDOR_MARVELL, 0x4343),	  /* 88E8062 */
	ID(Y2_VENDOR_MARVELL, 0x4344),	  /* 88E8021 fibre */
	ID(Y2_VENDOR_MARVELL, 0x4345),	  /* 88E8022 fibre */
	ID(Y2_VENDOR_MARVELL, 0x4346),	  /* 88E8061 fibre */
	ID(Y2_VENDOR_MARVELL, 0x4347),	  /* 88E8062 fibre */
	ID(Y2_VENDOR_MARVELL, 0x4350),	  /* 88E8035 */
	ID(Y2_VENDOR_MARVELL, 0x4351),	  /* 88E8036 */
	ID(Y2_VENDOR_MARVELL, 0x4352),	  /* 88E8038 */
	ID(Y2_VENDOR_MARVELL, 0x4353),	  /* 88E8039 */
	ID(Y2_VENDOR_MARVELL, 0x4354),	  /* 88E8040 */
	ID(Y2_VENDOR_MARVELL, 0x4355),	  /* 88E8040T */
	ID(Y2_VENDOR_MARVELL, 0x4356),	  /* 88EC033 */
	ID(Y2_VENDOR_MARVELL, 0x4357),	  /* 88E8042 */
	ID(Y2_VENDOR_MARVELL, 0x435A),	  /* 88E8048 */
	ID(Y2_VENDOR_MARVELL, 0x4360),	  /* 88E8052 */
	ID(Y2_VENDOR_MARVELL, 0x4361),	  /* 88E8050 */
	ID(Y2_VENDOR_MARVELL, 0x4362),	  /* 88E8053 */
	ID(Y2_VENDOR_MARVELL, 0x4363),	  /* 88E8055 */
	ID(Y2_VENDOR_MARVELL, 0x4364),	  /* 88E8056 */
	ID(Y2_VENDOR_MARVELL, 0x4365),	  /* 88E8070 */
	ID(Y2_VENDOR_MARVELL, 0x4366),	  /* 88EC036 (Linux) */
	ID(Y2_VENDOR_MARVELL, 0x4367),	  /* 88EC032 (Linux) */
	ID(Y2_VENDOR_MARVELL, 0x4368),	  /* 88EC034 (Linux) */
	ID(Y2_VENDOR_MARVELL, 0x4369),	  /* 88EC042 (Linux) */
	ID(Y2_VENDOR_MARVELL, 0x436A),	  /* 88E8058 */
	ID(Y2_VENDOR_MARVELL, 0x436B),	  /* 88E8071 */
	ID(Y2_VENDOR_MARVELL, 0x436C),	  /* 88E8072 */
	ID(Y2_VENDOR_MARVELL, 0x436D),	  /* 88E8055 */
	ID(Y2_VENDOR_MARVELL, 0x4370),	  /* 88E8075 */
	ID(Y2_VENDOR_MARVELL, 0x4380),	  /* 88E8057 */
	ID(Y2_VENDOR_MARVELL, 0x4381),	  /* 88E8059 */
	{ 0 },
};

DEFINE_NETDEV_ADAPTERS(controllers, "Yukon-2", struct sky2_hw, own, SKY2_MAX_CONTROLLERS, NULL);

static const struct sky2_family *find_family(u8 chip_id)
{
	for (size_t i = 0; i < ARRAY_SIZE(sky2_families); i++)
		if (sky2_families[i].chip_id == chip_id)
			return &sky2_families[i];
	return NULL;
}

/* Revision-dependent quirks, on top of the family's. */
static u32 revision_quirks(const struct sky2_hw *hw)
{
	u32 q = 0;

	switch (hw->chip_id) {
	case Y2_CHIP_XL:
		if (hw->chip_rev == Y2_REV_XL_A0)
			q |= SKY2_Q_XL_A0_ISR_WM;
		if (hw->chip_rev > Y2_REV_XL_A1)
			q |= SKY2_Q_XL_INV_CLK;
		break;
	case Y2_CHIP_EC:
		if (hw->chip_rev == Y2_REV_EC_A1)
			q |= SKY2_Q_EC_A1_STATUS;
		break;
	case Y2_CHIP_EC_ULTRA:
		if (hw->chip_rev == Y2_REV_EC_ULTRA_A0)
			q |= SKY2_Q_ECU_A0_TXFF;
		else if (hw->chip_rev > Y2_REV_EC_ULTRA_A0)
			q |= SKY2_Q_ECU_RX_RAM;
		break;
	case Y2_CHIP_FE_PLUS:
		if (hw->chip_rev == Y2_REV_FE_PLUS_A0)
			q |= SKY2_Q_FE_PLUS_BOGUS_STATUS | SKY2_Q_NO_RX_CSUM;
		break;
	case Y2_CHIP_EXTREME:
		if (hw->chip_rev == Y2_REV_EXTREME_B0)
			q |= SKY2_Q_EX_B0_TX_CSUM;
		break;
	default: break;
	}
	return q;
}

/* Two ports when both links are available and the second is not marked inactive. */
static unsigned int count_ports(struct sky2_hw *hw)
{
	u8 res = sky2_read8(hw, B2_Y2_HW_RES);
	u8 gate = sky2_read8(hw, B2_Y2_CLK_GATE);

	if ((res & HW_RES_LINKS) == HW_RES_LINKS && !(gate & CLK_GATE_LNK2_INAC))
		return 2;
	return 1;
}

static int sky2_open(struct net_device *dev)
{
	struct sky2_port *p = netdev_priv(dev);
	struct sky2_hw *hw = p->hw;
	int err;

	err = sky2_tx_alloc(p);
	if (!err)
		err = sky2_rx_alloc(p);
	if (err) {
		pr_err("%s: no DMA memory for the rings\n", dev->name);
		goto fail;
	}
	p->link_up = false;
	err = sky2_port_hw_start(p);
	if (err)
		goto fail_hw;
	p->opened = true;
	if (!hw->open_ports++) {
		napi_enable(&hw->napi);
		irq_ladder_start(&hw->irq);
	}
	/* PHY first: its SMI traffic must not meet a poll started by the port's sources. */
	err = sky2_phy_start(p);
	sky2_irq_update_masks(hw);
	if (err) {
		dev->ops->stop(dev);
		return err;
	}
	netif_wake_queue(dev);
	pr_info("%s: up on %s, %s interrupts shared through %s\n", dev->name, hw->chip_name,
		sky2_irq_mode_name(hw), hw->napi_name);
	return 0;

fail_hw:
	sky2_port_hw_stop(p);
	sky2_rx_unpost_all(p);
fail:
	sky2_tx_free(p);
	sky2_rx_free(p);
	return err;
}

static int sky2_stop(struct net_device *dev)
{
	struct sky2_port *p = netdev_priv(dev);
	struct sky2_hw *hw = p->hw;
	unsigned long flags;

	if (!p->opened)
		return 0;
	sky2_mib_update(p);
	sky2_phy_stop(p);
	sky2_port_hw_stop(p);
	/*
	 * Take what the chip reported before the port's queues stopped: a stale
	 * receive entry left in the status ring would otherwise be matched with
	 * a buffer of the next open.
	 */
	flags = local_irq_save(); /* in napi.mode=irq a poll could start inside this drain */
	p->stopping = true;
	(void)sky2_status_drain(hw, INT_MAX);
	p->stopping = false;
	local_irq_restore(flags);
	p->opened = false;
	sky2_irq_update_masks(hw);
	if (!--hw->open_ports) {
		irq_ladder_stop(&hw->irq);
		napi_disable(&hw->napi);
		/* The interrupt may have been masked for a poll that will not run now. */
		sky2_write32(hw, B0_Y2_SP_ICR, ICR_UNMASK);
	}
	sky2_tx_drop_all(p);
	sky2_rx_unpost_all(p);
	sky2_tx_free(p);
	sky2_rx_free(p);
	if (p->link_up) {
		p->link_up = false;
		netif_carrier_off(dev);
	}
	netif_stop_queue(dev);
	return 0;
}

static void sky2_set_rx_mode(struct net_device *dev)
{
	struct sky2_port *p = netdev_priv(dev);

	if (p->opened)
		sky2_set_rx_filter(p);
}

static const struct net_device_ops sky2_netdev_ops = {
	.open = sky2_open,
	.stop = sky2_stop,
	.start_xmit = sky2_start_xmit,
	.get_stats = sky2_get_stats,
	.get_ethtool_stats = sky2_get_ethtool_stats,
	.set_rx_mode = sky2_set_rx_mode,
};

static int status_alloc(struct sky2_hw *hw)
{
	hw->st_size = SKY2_STATUS_RING;
	hw->st_le = dma_alloc(hw->st_size * sizeof(struct sky2_le), 0, 0, &hw->st_dma);
	return hw->st_le ? 0 : -ENOMEM;
}

static void status_free(struct sky2_hw *hw)
{
	dma_free(hw->st_le, hw->st_size * sizeof(struct sky2_le));
	hw->st_le = NULL;
}

static void port_init(struct sky2_hw *hw, unsigned int i)
{
	struct sky2_port *p = &hw->port[i];

	p->hw = hw;
	p->index = i;
	p->rxq = i ? Q_R2 : Q_R1;
	p->txq = i ? Q_XA2 : Q_XA1;
	p->txsq = i ? Q_XS2 : Q_XS1;
	for (unsigned int b = 0; b < ETH_ALEN; b++)
		p->mac[b] = sky2_read8(hw, (i ? B2_MAC_2 : B2_MAC_1) + b);
	p->netdev.ops = &sky2_netdev_ops;
	p->netdev.priv = p;
	memcpy(p->netdev.dev_addr, p->mac, ETH_ALEN);
	/*
	 * Transmit checksums of TCP and UDP over IPv4, as Linux's and FreeBSD's
	 * drivers offer on every Yukon-2 (IPv6 is not offered by either). Receive
	 * checksums on all but the XL and FE+ A0 (sky2_rx.c says how each format
	 * is read).
	 */
	p->netdev.features = NETIF_F_SG | NETIF_F_IP_CSUM;
	if (!(hw->quirks & SKY2_Q_NO_RX_CSUM))
		p->netdev.features |= NETIF_F_RXCSUM;
	p->netdev.mtu = ETH_DATA_LEN;
}

/* "sky2-00:03.0 (eth0,eth1)": the shell's napi table shows what the one instance serves. */
static void name_napi(struct sky2_hw *hw)
{
	char name[sizeof(hw->napi_name)];
	size_t n = 0, cap = sizeof(name);

	n += (size_t)snprintf(name, cap, "sky2-%s (", hw->pdev->name);
	for (unsigned int i = 0; i < hw->nports && n < cap; i++)
		n += (size_t)snprintf(name + n, cap - n, "%s%s", i ? "," : "",
				      hw->port[i].netdev.name);
	if (n < cap)
		snprintf(name + n, cap - n, ")");
	memcpy(hw->napi_name, name, sizeof(name));
	hw->napi.name = hw->napi_name;
	/* The interrupt's name, short enough for the irq table. */
	cap = sizeof(hw->irq_name);
	n = (size_t)snprintf(name, cap, "sky2 ");
	for (unsigned int i = 0; i < hw->nports && n < cap; i++)
		n += (size_t)snprintf(name + n, cap - n, "%s%s", i ? "," : "",
				      hw->port[i].netdev.name);
	memcpy(hw->irq_name, name, cap);
}

static void unregister_ports(struct sky2_hw *hw, unsigned int n)
{
	/* Port 1 last: its device carries the NAPI instance. */
	while (n-- > 0)
		if (hw->port[n].netdev.registered)
			unregister_netdev(&hw->port[n].netdev);
}

static int sky2_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	const struct sky2_family *fam;
	struct sky2_hw *hw;
	int err;

	(void)id;
	err = netdev_adapter_alloc(&controllers, pdev->name, (void **)&hw);
	if (err)
		return err;
	hw->pdev = pdev;
	snprintf(hw->napi_name, sizeof(hw->napi_name), "sky2-%s", pdev->name);
	snprintf(hw->irq_name, sizeof(hw->irq_name), "sky2-%s", pdev->name);
	err = pci_enable_device(pdev);
	if (err)
		goto fail;
	hw->regs = pci_iomap(pdev, 0);
	if (!hw->regs || pci_resource_len(pdev, 0) < Y2_BAR_SIZE) {
		pr_err("%s: BAR0 is not the 16 KiB register window\n", pdev->name);
		err = -ENXIO;
		goto fail_enabled;
	}
	hw->chip_id = sky2_read8(hw, B2_CHIP_ID);
	fam = find_family(hw->chip_id);
	if (!fam) {
		pr_warn("%s: %04x:%04x has chip ID 0x%02x, which is no Yukon-2 this driver knows "
			"(0xBB is an unreleased ID; drivable: XL 0xB3 to Optima 2 0xBE): not "
			"touched\n",
			pdev->name, pdev->vendor, pdev->device, hw->chip_id);
		err = -ENODEV;
		goto fail_enabled;
	}
	pci_set_master(pdev);
	hw->chip_rev = (u8)(sky2_read8(hw, B2_MAC_CFG) >> MAC_CFG_REV_SHIFT);
	hw->chip_name = fam->name;
	hw->clk_mhz = fam->clk_mhz;
	hw->quirks = fam->quirks | revision_quirks(hw);
	if (hw->quirks & SKY2_Q_EX_B0_TX_CSUM)
		hw->quirks &= ~(u32)SKY2_Q_AUTO_TX_CSUM;
	/* Clear the software reset before reading the chip's resources. */
	sky2_write8(hw, B0_CTST, CTST_RST_CLR);
	hw->nports = count_ports(hw);
	hw->ram_kib = sky2_read8(hw, B2_E_0) * 4u;
	if (hw->ram_kib)
		hw->quirks |= SKY2_Q_RAMBUF;
	for (unsigned int i = 0; i < hw->nports; i++)
		port_init(hw, i);

	err = status_alloc(hw);
	if (err) {
		pr_err("%s: no DMA memory for the status ring\n", pdev->name);
		goto fail_master;
	}
	err = sky2_hw_init(hw);
	if (err)
		goto fail_status;
	err = sky2_irq_setup(hw);
	if (err)
		goto fail_hw;

	for (unsigned int i = 0; i < hw->nports; i++) {
		err = register_netdev(&hw->port[i].netdev);
		if (err) {
			pr_err("%s: port %u could not be registered (%d)\n", pdev->name, i + 1,
			       err);
			unregister_ports(hw, i);
			goto fail_irq;
		}
	}
	netif_napi_add(&hw->port[0].netdev, &hw->napi, sky2_poll, NAPI_DEFAULT_WEIGHT);
	name_napi(hw);
	sky2_irq_rename(hw);
	pci_set_drvdata(pdev, hw);
	pr_info("%s: %s rev %u (chip 0x%02x, %u MHz), %u port%s%s, %s, RAM buffer %u KiB, "
		"quirks 0x%x\n",
		pdev->name, hw->chip_name, hw->chip_rev, hw->chip_id, hw->clk_mhz, hw->nports,
		hw->nports > 1 ? "s" : "", hw->nports > 1 ? " (one NAPI for both)" : "",
		sky2_irq_mode_name(hw), hw->ram_kib, hw->quirks);
	for (unsigned int i = 0; i < hw->nports; i++) {
		const u8 *m = hw->port[i].mac;

		pr_info("%s: port %u of %s, MAC %02x:%02x:%02x:%02x:%02x:%02x\n",
			hw->port[i].netdev.name, i + 1, pdev->name, m[0], m[1], m[2], m[3], m[4],
			m[5]);
	}
	return 0;

fail_irq:
	sky2_irq_teardown(hw);
fail_hw:
	sky2_hw_shutdown(hw);
fail_status:
	status_free(hw);
fail_master:
	pci_clear_master(pdev);
fail_enabled:
	/* A chip refused or half set up is left as firmware had it: decode off again. */
	pci_disable_device(pdev);
fail:
	netdev_adapter_remove(&hw->own);
	return err;
}

static void sky2_remove(struct pci_dev *pdev)
{
	struct sky2_hw *hw = pci_get_drvdata(pdev);

	if (!hw)
		return;
	unregister_ports(hw, hw->nports);
	sky2_irq_teardown(hw);
	sky2_hw_shutdown(hw);
	status_free(hw);
	pci_clear_master(pdev);
	pci_disable_device(pdev);
	pci_set_drvdata(pdev, NULL);
	/* Buffers the stack still holds keep the controller until the last comes back. */
	netdev_adapter_remove(&hw->own);
}

struct pci_driver sky2_pci_driver = {
	.name = "sky2",
	.id_table = sky2_ids,
	.probe = sky2_probe,
	.remove = sky2_remove,
};

/* Says so in the boot log, so a machine without a Yukon-2 shows the driver looked. */
static void sky2_register(void)
{
	if (!pci_register_driver(&sky2_pci_driver))
		pr_info("driver registered: %zu Marvell/SysKonnect/D-Link Yukon-2 IDs, chip "
			"families XL to Optima 2\n",
			ARRAY_SIZE(sky2_ids) - 1);
}
initcall(sky2_register);
