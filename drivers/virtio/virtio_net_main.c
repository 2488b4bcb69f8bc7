// SPDX-License-Identifier: BSD-2-Clause
/*
 * virtio-net: probe, the device status handshake, queue pairs, the network
 * device's open/stop, and link status. The packet paths live in
 * virtio_net_rx.c and virtio_net_tx.c, interrupts and NAPI in
 * virtio_net_irq.c.
 *
 * Command line (all optional):
 *   virtio_net.queues=N     at most N queue pairs (default: as many as the
 *                           device and the interrupt vectors allow, up to 8)
 *   virtio_net.irq=msix|intx|poll   the best interrupt kind to try (kernel/pci/pci_irq_ladder.h)
 *   virtio_net.csum=0, .guest_csum=0, .mrg_rxbuf=0, .mq=0, .event_idx=0
 *                           refuse that feature even when offered
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "drivers/virtio/virtio_net.h"
#include "kernel/core/cmdline.h"
#include "kernel/mm/dma.h"
#include "kernel/mm/heap.h"
#include "kernel/pci/pci.h"
#include "kernel/console/printk.h"

struct vnet_feature_opts vnet_opts;
static unsigned int vnet_max_pairs_opt = VNET_MAX_PAIRS;

/* Once, at the first probe: options from the command line, the shell command. */
static void vnet_init_once(void)
{
	static bool done;
	u64 queues;

	if (done)
		return;
	done = true;
	vnet_shell_init();
	vnet_feature_opts_default(&vnet_opts);
	cmdline_get_bool("virtio_net.csum", &vnet_opts.csum);
	cmdline_get_bool("virtio_net.guest_csum", &vnet_opts.guest_csum);
	cmdline_get_bool("virtio_net.mrg_rxbuf", &vnet_opts.mrg_rxbuf);
	cmdline_get_bool("virtio_net.mq", &vnet_opts.mq);
	cmdline_get_bool("virtio_net.event_idx", &vnet_opts.event_idx);
	cmdline_get_bool("virtio_net.tso", &vnet_opts.tso);
	cmdline_get_bool("virtio_net.guest_tso", &vnet_opts.guest_tso);
	if (!cmdline_get_u64("virtio_net.queues", &queues, 1, VNET_MAX_PAIRS))
		vnet_max_pairs_opt = (unsigned int)queues;
}

int vnet_vq_create(struct vnet_dev *vd, struct virtqueue *vq, const char *name, u16 index, u16 msix,
		   void **mem, size_t *bytes, volatile le16 **notify)
{
	struct vq_layout lay;
	u16 size = virtio_pci_queue_max(&vd->vp, index);
	u64 dma;
	int err;

	if (!size) {
		pr_err("%s: queue %u has size 0 (not available)\n", vd->name, index);
		return -ENODEV;
	}
	if (!vq_size_valid(size)) {
		pr_err("%s: queue %u offers %u entries, not a power of two\n", vd->name, index,
		       size);
		return -EINVAL;
	}
	size = MIN(size, (u16)VQ_SIZE_MAX);
	vq_layout(size, &lay);
	*mem = dma_alloc(lay.total, VIRTQ_DESC_ALIGN, 0, &dma);
	if (!*mem) {
		pr_err("%s: no memory for queue %u (%zu bytes)\n", vd->name, index, lay.total);
		return -ENOMEM;
	}
	*bytes = lay.total;
	err = vq_init(vq, name, index, size, *mem, dma, vnet_has(vd->features, VIRTIO_F_EVENT_IDX));
	if (!err)
		err = virtio_pci_setup_queue(&vd->vp, vq, msix, notify);
	if (err)
		vnet_vq_destroy(mem, bytes);
	return err;
}

void vnet_vq_destroy(void **mem, size_t *bytes)
{
	if (*mem)
		dma_free(*mem, *bytes);
	*mem = NULL;
	*bytes = 0;
}

void vnet_update_link(struct vnet_dev *vd)
{
	bool up = true;

	if (vnet_has(vd->features, VIRTIO_NET_F_STATUS))
		up = virtio_pci_config_u16(&vd->vp, VIRTIO_NET_CFG_STATUS) & VIRTIO_NET_S_LINK_UP;
	if (up)
		netif_carrier_on(&vd->ndev);
	else
		netif_carrier_off(&vd->ndev);
}

static void vnet_read_mac(struct vnet_dev *vd)
{
	u8 *mac = vd->ndev.dev_addr;
	u64 seed;
	int i;

	if (vnet_has(vd->features, VIRTIO_NET_F_MAC)) {
		virtio_pci_read_config(&vd->vp, VIRTIO_NET_CFG_MAC, mac, ETH_ALEN);
		if ((mac[0] | mac[1] | mac[2] | mac[3] | mac[4] | mac[5]) && !(mac[0] & 1))
			return;
		pr_warn("%s: device MAC %02x:%02x:%02x:%02x:%02x:%02x is not unicast\n", vd->name,
			mac[0], mac[1], mac[2], mac[3], mac[4], mac[5]);
	}
	/* Locally administered, unicast, different per boot and per slot. */
	seed = ktime_get_ns() ^ ((u64)vd->pdev->bus << 40) ^ ((u64)vd->pdev->devfn << 32);
	for (i = 1; i < ETH_ALEN; i++) {
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		mac[i] = (u8)(seed >> 56);
	}
	mac[0] = 0x02;
	pr_info("%s: no MAC from the device, using %02x:%02x:%02x:%02x:%02x:%02x\n", vd->name,
		mac[0], mac[1], mac[2], mac[3], mac[4], mac[5]);
}

static unsigned int vnet_device_pairs(struct vnet_dev *vd)
{
	unsigned int pairs;

	if (!vnet_has(vd->features, VIRTIO_NET_F_MQ))
		return 1;
	pairs = virtio_pci_config_u16(&vd->vp, VIRTIO_NET_CFG_MAX_PAIRS);
	if (pairs < VIRTIO_NET_MQ_PAIRS_MIN || pairs > VIRTIO_NET_MQ_PAIRS_MAX) {
		pr_warn("%s: device reports %u queue pairs (valid: 1..%u); using 1\n", vd->name,
			pairs, VIRTIO_NET_MQ_PAIRS_MAX);
		return 1;
	}
	return pairs;
}

/* The MTU: the device's if it gives one below the default, else the default. */
static u32 vnet_mtu(struct vnet_dev *vd)
{
	u16 mtu;

	if (!vnet_has(vd->features, VIRTIO_NET_F_MTU))
		return ETH_DATA_LEN;
	mtu = virtio_pci_config_u16(&vd->vp, VIRTIO_NET_CFG_MTU);
	if (mtu < ETH_MIN_MTU) {
		pr_warn("%s: device MTU %u below %u; using %u\n", vd->name, mtu, ETH_MIN_MTU,
			ETH_DATA_LEN);
		return ETH_DATA_LEN;
	}
	return MIN((u32)mtu, (u32)ETH_DATA_LEN);
}

static void vnet_free_pairs(struct vnet_dev *vd)
{
	unsigned int i;

	for (i = 0; i < VNET_MAX_PAIRS; i++) {
		struct vnet_pair *qp = &vd->qp[i];

		vnet_rx_free(qp);
		vnet_tx_free(qp);
		vnet_vq_destroy(&qp->rx_ring_mem, &qp->rx_ring_bytes);
		vnet_vq_destroy(&qp->tx_ring_mem, &qp->tx_ring_bytes);
	}
	vnet_ctrl_free(vd);
}

static int vnet_setup_pair(struct vnet_dev *vd, unsigned int i)
{
	struct vnet_pair *qp = &vd->qp[i];
	u16 msix = vnet_pair_msix(vd, i);
	int err;

	qp->vd = vd;
	qp->index = i;
	snprintf(qp->rx_name, sizeof(qp->rx_name), "%s rx%u", vd->name, i);
	snprintf(qp->tx_name, sizeof(qp->tx_name), "%s tx%u", vd->name, i);
	err = vnet_vq_create(vd, &qp->rx, qp->rx_name, (u16)(2 * i), msix, &qp->rx_ring_mem,
			     &qp->rx_ring_bytes, &qp->rx_notify);
	if (err)
		return err;
	err = vnet_vq_create(vd, &qp->tx, qp->tx_name, (u16)(2 * i + 1), msix, &qp->tx_ring_mem,
			     &qp->tx_ring_bytes, &qp->tx_notify);
	if (err)
		return err;
	err = vnet_rx_alloc(qp);
	if (err)
		return err;
	return vnet_tx_alloc(qp);
}

static int vnet_open(struct net_device *ndev)
{
	struct vnet_dev *vd = to_vnet(ndev);
	unsigned int i;

	for (i = 0; i < vd->nr_pairs; i++) {
		vnet_rx_fill(&vd->qp[i]);
		napi_enable(&vd->qp[i].napi);
	}
	vd->opened = true;
	vnet_irq_start(vd);
	vnet_update_link(vd);
	return 0;
}

static int vnet_stop(struct net_device *ndev)
{
	struct vnet_dev *vd = to_vnet(ndev);
	unsigned int i;

	vnet_irq_stop(vd);
	vd->opened = false;
	for (i = 0; i < vd->nr_pairs; i++) {
		napi_disable(&vd->qp[i].napi);
		/* Completions that arrived meanwhile; buffers stay posted for the next open. */
		vnet_tx_clean(&vd->qp[i]);
	}
	return 0;
}

static const struct net_device_ops vnet_ops = {
	.open = vnet_open,
	.stop = vnet_stop,
	.start_xmit = vnet_start_xmit,
	.get_ethtool_stats = vnet_get_ethtool_stats,
	.set_rx_mode = vnet_set_rx_mode,
};

/* Queue pairs to use: the device's, the command line's and the table's limit. */
static unsigned int vnet_pick_pairs(struct vnet_dev *vd)
{
	unsigned int pairs = MIN(MIN(vd->max_pairs, vnet_max_pairs_opt), VNET_MAX_PAIRS);
	unsigned int nq = virtio_pci_num_queues(&vd->vp);
	unsigned int need = 2 * vd->max_pairs + (vd->has_ctrl ? 1 : 0);

	if (nq < need) {
		pr_warn("%s: device has %u queues, %u expected for %u pairs%s; using 1 pair\n",
			vd->name, nq, need, vd->max_pairs, vd->has_ctrl ? " and control" : "");
		return 1;
	}
	return pairs;
}

static void vnet_log_bringup(struct vnet_dev *vd, u64 offered)
{
	static char buf[320];
	const u8 *mac = vd->ndev.dev_addr;

	vnet_format_features(offered, buf, sizeof(buf));
	pr_info("%s: device offers: %s\n", vd->name, buf);
	vnet_format_features(vd->features, buf, sizeof(buf));
	pr_info("%s: negotiated: %s\n", vd->name, buf);
	pr_info("%s: %s at %s, MAC %02x:%02x:%02x:%02x:%02x:%02x, %u of %u queue pairs, "
		"ring %u/%u, %s\n",
		vd->ndev.name, "virtio-net", vd->pdev->name, mac[0], mac[1], mac[2], mac[3], mac[4],
		mac[5], vd->nr_pairs, vd->max_pairs, vd->qp[0].rx.size, vd->qp[0].tx.size,
		irq_ladder_mode_name(vd->irq.mode));
}

static int vnet_negotiate(struct vnet_dev *vd, u64 *offered)
{
	char why[128];
	int err;

	*offered = virtio_pci_get_features(&vd->vp);
	err = vnet_select_features(*offered, &vnet_opts, &vd->features, why, sizeof(why));
	if (err) {
		virtio_pci_fail(&vd->vp, why);
		return err;
	}
	err = virtio_pci_set_features(&vd->vp, vd->features);
	if (err) {
		virtio_pci_fail(&vd->vp, "feature negotiation");
		return err;
	}
	return 0;
}

static int vnet_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct vnet_dev *vd;
	unsigned int i;
	u64 offered;
	int err;

	vnet_init_once();
	vd = kzalloc(sizeof(*vd));
	if (!vd) {
		pr_err("virtio-net %s: no memory for the device state\n", pdev->name);
		return -ENOMEM;
	}
	vd->pdev = pdev;
	vd->config_irq = -1;
	snprintf(vd->name, sizeof(vd->name), "virtio-net %s", pdev->name);
	pci_set_drvdata(pdev, vd);

	err = pci_enable_device(pdev);
	if (err) {
		pr_err("%s: cannot enable the PCI function (%d)\n", vd->name, err);
		goto out_free;
	}
	pci_set_master(pdev);
	err = virtio_pci_map(&vd->vp, pdev, vd->name);
	if (err)
		goto out_free;

	/* Handshake: reset, ACKNOWLEDGE, DRIVER, features, FEATURES_OK ... DRIVER_OK. */
	err = virtio_pci_reset(&vd->vp);
	if (err)
		goto out_free;
	virtio_pci_add_status(&vd->vp, VIRTIO_STATUS_ACKNOWLEDGE);
	virtio_pci_add_status(&vd->vp, VIRTIO_STATUS_DRIVER);
	err = vnet_negotiate(vd, &offered);
	if (err)
		goto out_free;

	vnet_read_mac(vd);
	vd->has_ctrl = vnet_has(vd->features, VIRTIO_NET_F_CTRL_VQ);
	vd->max_pairs = vnet_device_pairs(vd);
	vd->nr_pairs = vnet_pick_pairs(vd);

	/* May lower nr_pairs to the vectors it gets. */
	err = vnet_irq_setup(vd);
	if (err) {
		virtio_pci_fail(&vd->vp, "no interrupt or polling set-up");
		goto out_free;
	}
	for (i = 0; i < vd->nr_pairs; i++) {
		err = vnet_setup_pair(vd, i);
		if (err) {
			virtio_pci_fail(&vd->vp, "queue pair set-up");
			goto out_irq;
		}
	}
	if (vd->has_ctrl) {
		err = vnet_ctrl_alloc(vd);
		if (err) {
			/* The data path works without it, on one queue pair. */
			pr_warn("%s: control queue unusable (%d): one queue pair, no rx mode\n",
				vd->name, err);
			vd->has_ctrl = false;
		}
	}
	if (vd->irq.mode == IRQ_LADDER_MSIX &&
	    virtio_pci_set_config_vector(&vd->vp, vnet_config_msix(vd))) {
		virtio_pci_fail(&vd->vp, "config change vector refused");
		err = -EIO;
		goto out_irq;
	}

	virtio_pci_add_status(&vd->vp, VIRTIO_STATUS_DRIVER_OK);
	if (virtio_pci_get_status(&vd->vp) & VIRTIO_STATUS_NEEDS_RESET) {
		virtio_pci_fail(&vd->vp, "device wants a reset right after DRIVER_OK");
		err = -EIO;
		goto out_irq;
	}
	/* The device starts with one pair; more must be asked for. */
	if (vd->max_pairs > 1 && vd->has_ctrl && vnet_has(vd->features, VIRTIO_NET_F_MQ)) {
		if (vnet_set_queue_pairs(vd, vd->nr_pairs)) {
			pr_warn("%s: device refused %u queue pairs; using 1\n", vd->name,
				vd->nr_pairs);
			vd->nr_pairs = 1;
		}
	}

	vd->ndev.ops = &vnet_ops;
	vd->ndev.priv = vd;
	vd->ndev.mtu = vnet_mtu(vd);
	vd->ndev.features = NETIF_F_SG;
	if (vnet_has(vd->features, VIRTIO_NET_F_CSUM))
		vd->ndev.features |= NETIF_F_IP_CSUM | NETIF_F_IPV6_CSUM;
	if (vnet_has(vd->features, VIRTIO_NET_F_GUEST_CSUM))
		vd->ndev.features |= NETIF_F_RXCSUM;
	/* Negotiated only with CSUM (vnet_select_features drops them otherwise). */
	if (vnet_has(vd->features, VIRTIO_NET_F_HOST_TSO4))
		vd->ndev.features |= NETIF_F_TSO;
	if (vnet_has(vd->features, VIRTIO_NET_F_HOST_TSO6))
		vd->ndev.features |= NETIF_F_TSO6;
	vd->ndev.gso_max_segs = VNET_TX_MAX_SEGS;
	for (i = 0; i < vd->nr_pairs; i++) {
		struct vnet_pair *qp = &vd->qp[i];

		netif_napi_add(&vd->ndev, &qp->napi, vnet_poll, NAPI_DEFAULT_WEIGHT);
	}
	err = register_netdev(&vd->ndev);
	if (err) {
		pr_err("%s: register_netdev failed (%d)\n", vd->name, err);
		virtio_pci_fail(&vd->vp, "no network device");
		goto out_napi;
	}
	for (i = 0; i < vd->nr_pairs; i++) {
		struct vnet_pair *qp = &vd->qp[i];

		snprintf(qp->name, sizeof(qp->name), "%s-q%u", vd->ndev.name, i);
		qp->napi.name = qp->name;
	}
	vnet_log_bringup(vd, offered);
	vnet_stats_register(vd);
	vnet_fault_register(vd);
	return 0;

out_napi:
	for (i = 0; i < vd->nr_pairs; i++)
		netif_napi_del(&vd->qp[i].napi);
out_irq:
	virtio_pci_reset(&vd->vp);
	vnet_irq_teardown(vd);
out_free:
	vnet_free_pairs(vd);
	pci_set_drvdata(pdev, NULL);
	kfree(vd);
	return err;
}

static void vnet_remove(struct pci_dev *pdev)
{
	struct vnet_dev *vd = pci_get_drvdata(pdev);

	if (!vd)
		return;
	vnet_fault_unregister(vd);
	vnet_stats_unregister(vd);
	unregister_netdev(&vd->ndev);
	/* After the reset the device touches no ring: everything can be reclaimed. */
	virtio_pci_reset(&vd->vp);
	vnet_irq_teardown(vd);
	vnet_free_pairs(vd);
	pci_set_drvdata(pdev, NULL);
	kfree(vd);
}

static const struct pci_device_id vnet_ids[] = {
	{ PCI_DEVICE(VIRTIO_PCI_VENDOR, VIRTIO_PCI_DEVICE_NET) },
	/* Transitional devices carry the modern capabilities too; probe checks. */
	{ PCI_DEVICE(VIRTIO_PCI_VENDOR, VIRTIO_PCI_TRANSITIONAL_NET) },
	{ 0 },
};

static struct pci_driver vnet_driver = {
	.name = "virtio-net",
	.id_table = vnet_ids,
	.probe = vnet_probe,
	.remove = vnet_remove,
};

PCI_DRIVER_INITCALL(vnet_driver);
