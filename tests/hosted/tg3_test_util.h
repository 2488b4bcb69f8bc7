/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the tg3 hosted tests share: a pretend network stack that records what
 * the driver hands up (and can hold buffers), a pool of DMA transmit buffers,
 * and bring-up/teardown that checks the harness saw nothing wrong.
 */
#ifndef NAPKIN_TESTS_HOSTED_TG3_TEST_UTIL_H
#define NAPKIN_TESTS_HOSTED_TG3_TEST_UTIL_H

#include "kernel/core/compiler.h"
#include "net/core/netdev_stack.h"
#include "tests/hosted/models/tg3_model.h"

#define TT_MAX_FRAME  1514
#define TT_RXQ	      8192
#define TT_MAX_MODELS 2

struct tt_rx_frame {
	u32 len;
	u8 csum;
	u8 data[TT_MAX_FRAME];
};

/* The pretend stack: frames received, oldest first. */
extern struct tt_rx_frame *tt_rxq;
extern unsigned int tt_rx_count;
/* When set, received netbufs are kept (not freed) until tt_release_held(). */
extern bool tt_hold;
unsigned int tt_held(void);
void tt_release_held(void);

extern const u8 tt_mac0[6];
extern const u8 tt_peer[6];

/* Harness + model + driver registered + pci_init; returns the model. */
struct tg3_model *tt_setup(const struct tg3_model_config *cfg);
/* Harness + model + pci_init, no driver registered yet: the test binds it. */
struct tg3_model *tt_setup_unbound(const struct tg3_model_config *cfg);

/* What a driver can leave behind, for before/after comparisons. */
struct tt_footprint {
	unsigned int dma_live;	     /* live DMA allocations */
	unsigned int irq_handlers;   /* handlers on every vector */
	unsigned int napi_instances; /* NAPI instances known to the core */
	unsigned int netdevs;	     /* eth0..eth7 registered */
	u16 pci_command;	     /* the first model's PCI command register */
};
void tt_footprint(struct tt_footprint *fp);

/* Two models cabled to each other (eth0 and eth1). */
void tt_setup_pair(const struct tg3_model_config *a, const struct tg3_model_config *b,
		   struct tg3_model **ma, struct tg3_model **mb);
/* A default BCM5719 at 00:02.0 on a scripted wire. */
struct tg3_model *tt_setup_default(void);
struct hosted_wire *tt_wire(void);
/* The first model. */
struct tg3_model *tt_model(void);
struct net_device *tt_dev(void);
/* dev_open and wait for link (simulated seconds); false if either failed. */
bool tt_open_and_link(struct net_device *dev);

/*
 * Transmit `len` bytes as a frame split into `nsegs` DMA buffers from the
 * pool; csum = NETBUF_CSUM_PARTIAL asks the driver for the TCP/UDP checksum.
 * Returns netdev_start_xmit()'s verdict.
 */
netdev_tx_t tt_send(struct net_device *dev, const u8 *frame, u32 len, unsigned int nsegs, u8 csum,
		    u8 flags);
/* Transmit buffers currently lent to the driver. */
unsigned int tt_tx_outstanding(void);

/* Close everything down and check: no harness failure, no DMA memory left. */
void tt_teardown(void);

/* A named counter of the driver, or ~0 if it has none by that name. */
u64 tt_ethtool(struct net_device *dev, const char *name);

/* Build a frame for our MAC (or `dst`) of `len` bytes, checksums filled. */
void tt_frame(u8 *f, u32 len, const u8 *dst, u32 seed, u8 proto);

#endif
