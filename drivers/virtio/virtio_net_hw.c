// SPDX-License-Identifier: BSD-2-Clause
/*
 * virtio-net control queue: one command at a time, sent and waited for with
 * interrupts left off (commands are rare: bring-up and receive mode changes).
 * A device that does not answer in time loses its control queue for good,
 * since the buffer it might still write cannot be reused safely.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "drivers/virtio/virtio_net.h"
#include "kernel/mm/dma.h"
#include "kernel/console/printk.h"

#define VNET_CTRL_BUF_BYTES  4096
#define VNET_CTRL_DATA_OFF   64
#define VNET_CTRL_ACK_OFF    2048
#define VNET_CTRL_DATA_MAX   (VNET_CTRL_ACK_OFF - VNET_CTRL_DATA_OFF)
#define VNET_CTRL_TIMEOUT_US 1000000

int vnet_ctrl_alloc(struct vnet_dev *vd)
{
	int err;

	snprintf(vd->ctrl_name, sizeof(vd->ctrl_name), "%s ctrl", vd->name);
	err = vnet_vq_create(vd, &vd->ctrl, vd->ctrl_name, (u16)(2 * vd->max_pairs),
			     VIRTIO_MSI_NO_VECTOR, &vd->ctrl_ring_mem, &vd->ctrl_ring_bytes,
			     &vd->ctrl_notify);
	if (err)
		return err;
	vq_disable_cb(&vd->ctrl);
	vd->ctrl_buf = dma_alloc(VNET_CTRL_BUF_BYTES, 0, 0, &vd->ctrl_buf_dma);
	if (!vd->ctrl_buf) {
		vnet_vq_destroy(&vd->ctrl_ring_mem, &vd->ctrl_ring_bytes);
		return -ENOMEM;
	}
	return 0;
}

void vnet_ctrl_free(struct vnet_dev *vd)
{
	vnet_vq_destroy(&vd->ctrl_ring_mem, &vd->ctrl_ring_bytes);
	if (vd->ctrl_buf)
		dma_free(vd->ctrl_buf, VNET_CTRL_BUF_BYTES);
	vd->ctrl_buf = NULL;
}

int vnet_ctrl_cmd(struct vnet_dev *vd, u8 class, u8 cmd, const void *data, u32 len)
{
	struct virtio_net_ctrl_hdr *hdr;
	volatile u8 *ack;
	struct vq_buf bufs[3];
	unsigned int n = 0;
	u32 waited = 0, used_len;
	void *cookie;
	int ret;

	if (!vd->has_ctrl || !vd->ctrl_buf || len > VNET_CTRL_DATA_MAX)
		return -EOPNOTSUPP;
	hdr = (struct virtio_net_ctrl_hdr *)vd->ctrl_buf;
	ack = vd->ctrl_buf + VNET_CTRL_ACK_OFF;
	hdr->class = class;
	hdr->cmd = cmd;
	memcpy(vd->ctrl_buf + VNET_CTRL_DATA_OFF, data, len);
	*ack = 0xFF; /* neither OK nor ERR: tells a silent device apart */
	bufs[n++] = (struct vq_buf){ vd->ctrl_buf_dma, sizeof(*hdr) };
	if (len)
		bufs[n++] = (struct vq_buf){ vd->ctrl_buf_dma + VNET_CTRL_DATA_OFF, len };
	bufs[n] = (struct vq_buf){ vd->ctrl_buf_dma + VNET_CTRL_ACK_OFF, 1 };
	if (vq_add(&vd->ctrl, bufs, n, 1, vd->ctrl_buf) < 0)
		return -EBUSY;
	if (vq_kick_prepare(&vd->ctrl))
		virtio_pci_notify(vd->ctrl_notify, vd->ctrl.index);

	while ((ret = vq_pop_used(&vd->ctrl, &cookie, &used_len)) == 0) {
		if (waited >= VNET_CTRL_TIMEOUT_US) {
			pr_err("%s: control command %u.%u not answered in %u ms; control queue "
			       "disabled\n",
			       vd->name, class, cmd, VNET_CTRL_TIMEOUT_US / 1000);
			vd->has_ctrl = false;
			vd->ctrl_errors++;
			return -ETIMEDOUT;
		}
		udelay(10);
		waited += 10;
	}
	if (ret < 0 || *ack != VIRTIO_NET_CTRL_OK) {
		pr_warn("%s: control command %u.%u failed (ack %#x)\n", vd->name, class, cmd, *ack);
		vd->ctrl_errors++;
		return -EIO;
	}
	return 0;
}

int vnet_set_queue_pairs(struct vnet_dev *vd, unsigned int pairs)
{
	u8 data[2] = { (u8)pairs, (u8)(pairs >> 8) }; /* le16 */

	return vnet_ctrl_cmd(vd, VIRTIO_NET_CTRL_MQ, VIRTIO_NET_CTRL_MQ_VQ_PAIRS_SET, data,
			     sizeof(data));
}

/*
 * Unicast goes by the device's MAC filter unless promiscuous. There is no
 * multicast table here (no VIRTIO_NET_F_CTRL_RX MAC_TABLE_SET): every
 * multicast frame is accepted and the stack filters, which IPv6 needs.
 */
void vnet_set_rx_mode(struct net_device *ndev)
{
	struct vnet_dev *vd = to_vnet(ndev);
	u8 promisc = !!(ndev->flags & IFF_PROMISC), allmulti = 1;

	if (!vd->has_ctrl || !vnet_has(vd->features, VIRTIO_NET_F_CTRL_RX))
		return;
	vnet_ctrl_cmd(vd, VIRTIO_NET_CTRL_RX, VIRTIO_NET_CTRL_RX_PROMISC, &promisc, 1);
	vnet_ctrl_cmd(vd, VIRTIO_NET_CTRL_RX, VIRTIO_NET_CTRL_RX_ALLMULTI, &allmulti, 1);
}
