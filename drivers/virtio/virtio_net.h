/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * virtio-net driver internals, shared by its files: bring-up (virtio_net_main.c),
 * receive (virtio_net_rx.c), transmit (virtio_net_tx.c), interrupts and NAPI
 * (virtio_net_irq.c), the control queue (virtio_net_hw.c) and counters
 * (virtio_net_stats.c).
 *
 * One queue pair = one receive queue + one transmit queue + one NAPI instance
 * + (with MSI-X) one interrupt vector. Configuration changes (link status)
 * get a vector of their own.
 */
#ifndef NAPKIN_DRIVERS_VIRTIO_NET_H
#define NAPKIN_DRIVERS_VIRTIO_NET_H

#include "drivers/virtio/virtio_net_features.h"
#include "drivers/virtio/virtio_pci.h"
#include "drivers/virtio/virtio_net_reg.h"
#include "drivers/virtio/virtqueue.h"
#include "kernel/pci/pci_irq_ladder.h"
#include "kernel/core/time.h"
#include "net/core/napi.h"
#include "net/core/netdev.h"
#include "net/core/nic_fault.h"

#define VNET_MAX_PAIRS 8
/* Receive buffers: one page half each, enough for a full frame and its header. */
#define VNET_RX_BUF_SIZE 2048
#define VNET_HDR_LEN	 sizeof(struct virtio_net_hdr)
/*
 * Receive buffers the stack may hold before the driver drops instead of
 * handing up: below this many buffers left in the ring the device would soon
 * have nowhere to put frames, so the driver recycles them itself.
 */
#define VNET_RX_RESERVE_DIV 8
/* Wake a stopped transmit queue once this many descriptors are free again. */
#define VNET_TX_WAKE_DESCS (2 + 2 * 4)
/*
 * Most segments of one transmitted frame (plus one descriptor for the header):
 * a TSO super-segment of lwIP's segments is about two per 1460 bytes.
 */
#define VNET_TX_MAX_SEGS 32
/* Polling period when the device has no usable interrupt. */
#define VNET_POLL_PERIOD_NS (1 * NSEC_PER_MSEC)
/*
 * How long a queue may sit still with a declined notification or an unpopped
 * completion before the watchdog acts: the worst stall a lost handshake costs.
 */
#define VNET_WATCHDOG_PERIOD_NS (10 * NSEC_PER_MSEC)

struct vnet_dev;
struct vnet_pair;

/* One receive buffer, handed to the stack as a netbuf (zero-copy). */
struct vnet_rx_buf {
	struct netbuf nb;
	struct vnet_pair *qp;
	u8 *mem; /* start of the buffer: virtio_net_hdr, then the frame */
	u64 dma;
	bool with_stack; /* the stack holds it; back to the ring on release */
	bool posted;	 /* in the ring, waiting for the device */
};

struct vnet_tx_slot {
	struct netbuf *nb;
	struct virtio_net_hdr *hdr;
	u64 hdr_dma;
};

/* Per queue pair, `ethtool -S` style (rx_queue_N_packets, ...). */
struct vnet_pair_stats {
	u64 rx_packets, rx_bytes, rx_drops;
	u64 rx_ring_exhausted; /* frames recycled because the stack held too many buffers */
	u64 rx_errors;	       /* bad length, bad used id, bad num_buffers */
	u64 rx_gso_frames;     /* frames the host merged (GUEST_TSO): one TCP segment of many */
	u64 tx_packets, tx_bytes, tx_drops;
	u64 tx_ring_full; /* times the transmit ring filled and stopped the queue */
	u64 polls, interrupts, kicks;
	u64 missed_irqs; /* completions the watchdog found with no interrupt for them */
};

struct vnet_pair {
	struct vnet_dev *vd;
	unsigned int index;
	struct napi_struct napi;
	char name[32]; /* "eth0-q1" style, for the NAPI instance */
	char rx_name[40], tx_name[40];

	struct virtqueue rx, tx;
	volatile le16 *rx_notify, *tx_notify;
	void *rx_ring_mem, *tx_ring_mem;
	size_t rx_ring_bytes, tx_ring_bytes;

	struct vnet_rx_buf *rx_bufs; /* rx.size of them */
	u8 *rx_pool;		     /* their memory, one DMA allocation */
	u64 rx_pool_dma;
	unsigned int rx_with_stack; /* buffers the stack holds now */
	bool rx_kick_pending;	    /* buffers posted without a notification yet */
	bool in_poll;
	/* A mergeable frame still waiting for some of its buffers. */
	struct vnet_rx_buf *mrg_head, *mrg_tail;
	u16 mrg_left;

	struct vnet_tx_slot *tx_slots; /* tx.size of them, free ones on a stack */
	u16 *tx_free;
	unsigned int tx_nfree;
	void *tx_hdr_mem;
	u64 tx_hdr_dma;

	int irq;		      /* interrupt vector, or -1 */
	unsigned int lose_irqs;	      /* fault injection: interrupts to ignore (shell) */
	struct nic_fault_state fault; /* test machinery: virtio_net_fault.c */
	struct vnet_pair_stats stats;
};

struct vnet_dev {
	struct net_device ndev;
	struct virtio_pci vp;
	struct pci_dev *pdev;
	char name[40]; /* "virtio-net 00:03.0" until registered */

	u64 features;
	unsigned int max_pairs; /* the device's */
	unsigned int nr_pairs;	/* in use */
	struct vnet_pair qp[VNET_MAX_PAIRS];

	/* Control queue (present with VIRTIO_NET_F_CTRL_VQ). */
	bool has_ctrl;
	struct virtqueue ctrl;
	volatile le16 *ctrl_notify;
	void *ctrl_ring_mem;
	size_t ctrl_ring_bytes;
	u8 *ctrl_buf; /* header, data and ack of the one command in flight */
	u64 ctrl_buf_dma;
	char ctrl_name[40];

	/* MSI-X, INTx or polling; its watchdog catches lost notifications and interrupts. */
	struct irq_ladder irq;
	struct irq_ladder_plan irq_plan; /* MSI-X vectors depend on the pairs offered */
	int config_irq;			 /* MSI-X config vector, or -1 */
	bool opened;
	bool link_check;  /* config changed: pair 0's poll reads the link */
	u32 tx_full_mask; /* pairs whose transmit ring stopped the queue */
	u64 config_interrupts;
	u64 intx_interrupts;
	u64 ctrl_errors;
};

static inline struct vnet_dev *to_vnet(struct net_device *ndev)
{
	return container_of(ndev, struct vnet_dev, ndev);
}

/* virtio_net_main.c */
extern struct vnet_feature_opts vnet_opts;
void vnet_update_link(struct vnet_dev *vd);

/* virtio_net_rx.c */
int vnet_rx_alloc(struct vnet_pair *qp);
void vnet_rx_free(struct vnet_pair *qp);
void vnet_rx_fill(struct vnet_pair *qp);
int vnet_rx_poll(struct vnet_pair *qp, int budget);

/* virtio_net_tx.c */
int vnet_tx_alloc(struct vnet_pair *qp);
void vnet_tx_free(struct vnet_pair *qp);
void vnet_tx_clean(struct vnet_pair *qp);
netdev_tx_t vnet_start_xmit(struct netbuf *nb, struct net_device *ndev);

/* virtio_net_irq.c */
int vnet_poll(struct napi_struct *napi, int budget);
int vnet_irq_setup(struct vnet_dev *vd);
void vnet_irq_teardown(struct vnet_dev *vd);
void vnet_irq_start(struct vnet_dev *vd);
void vnet_irq_stop(struct vnet_dev *vd);

/* virtio_net_irq.c: the interrupt ladder's watchdog, while the device is open. */
unsigned int vnet_watch(void *drv, enum irq_ladder_mode mode);
/* Fault injection for its tests: lose the next n notifications / interrupts of a pair. */
void vnet_inject_lost_kicks(struct vnet_pair *qp, unsigned int n);
void vnet_inject_lost_irqs(struct vnet_pair *qp, unsigned int n);

/* virtio_net_fault.c (test machinery): `nicfault` for this device */
void vnet_fault_register(struct vnet_dev *vd);
void vnet_fault_unregister(struct vnet_dev *vd);

/* With MSI-X: entry numbers of pair i and of config changes. */
static inline u16 vnet_pair_msix(const struct vnet_dev *vd, unsigned int i)
{
	return vd->irq.mode == IRQ_LADDER_MSIX ? (u16)(i + 1) : VIRTIO_MSI_NO_VECTOR;
}

static inline u16 vnet_config_msix(const struct vnet_dev *vd)
{
	return vd->irq.mode == IRQ_LADDER_MSIX ? 0 : VIRTIO_MSI_NO_VECTOR;
}

/* virtio_net_hw.c */
int vnet_ctrl_alloc(struct vnet_dev *vd);
void vnet_ctrl_free(struct vnet_dev *vd);
/* Send one command and wait (bounded) for the device's ack. 0 or -EIO. */
int vnet_ctrl_cmd(struct vnet_dev *vd, u8 class, u8 cmd, const void *data, u32 len);
int vnet_set_queue_pairs(struct vnet_dev *vd, unsigned int pairs);
void vnet_set_rx_mode(struct net_device *ndev);

/* virtio_net_stats.c */
int vnet_get_ethtool_stats(struct net_device *ndev, struct ethtool_stat *out, int max);
void vnet_stats_register(struct vnet_dev *vd);
void vnet_stats_unregister(struct vnet_dev *vd);
/* The shell's `vnet` command, registered once before the first probe. */
void vnet_shell_init(void);
/* The registered device named name (ethN), or NULL. */
struct vnet_dev *vnet_find(const char *name);

/* A queue's ring memory: one DMA allocation laid out as vq_layout() says. */
int vnet_vq_create(struct vnet_dev *vd, struct virtqueue *vq, const char *name, u16 index, u16 msix,
		   void **mem, size_t *bytes, volatile le16 **notify);
void vnet_vq_destroy(void **mem, size_t *bytes);

#endif
