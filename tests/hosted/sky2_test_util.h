/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the sky2 hosted tests share: a pretend stack that records what each
 * port hands up, a pool of DMA transmit buffers, the model created and the
 * driver probed with the model's NAPI probe installed, and a teardown that
 * fails the test on any harness or model complaint or leaked DMA memory.
 */
#ifndef NAPKIN_TESTS_HOSTED_SKY2_TEST_UTIL_H
#define NAPKIN_TESTS_HOSTED_SKY2_TEST_UTIL_H

#include "kernel/core/compiler.h"
#include "net/core/netdev.h"
#include "tests/hosted/models/sky2_model.h"

#define ST_MAX_FRAME 1514
#define ST_RXQ	     4096

struct sky2_hw;

struct st_rx_frame {
	unsigned int port; /* 0 for eth0, 1 for eth1 */
	u32 len;
	u8 csum; /* enum netbuf_csum, as the driver handed it up */
	u8 data[ST_MAX_FRAME];
};

extern struct st_rx_frame *st_rxq;
extern unsigned int st_rx_count;
extern unsigned int st_rx_port[2];
/* When set, received netbufs are kept (not freed) until st_release_held(). */
extern bool st_hold;
unsigned int st_held(void);
void st_release_held(void);

extern const u8 st_mac[2][6];
extern const u8 st_peer[6];

/* Harness up, model created (not yet probed): faults that act at probe go in now. */
struct sky2_model *st_create(const struct sky2_model_config *cfg);
/* Register the driver and enumerate; installs the NAPI probe when a controller bound. */
void st_probe(void);
/* Both of the above. */
struct sky2_model *st_setup(const struct sky2_model_config *cfg);
/* A config for `chip` with `ports` ports at 00:03.0 and the test MACs. */
struct sky2_model_config st_config(enum sky2_model_chip chip, unsigned int ports);

struct sky2_model *st_model(void);
struct hosted_wire *st_wire(unsigned int port);
struct net_device *st_dev(unsigned int port);
/* The controller the driver bound (NULL when it refused). */
struct sky2_hw *st_hw(void);

/* Two single-port controllers cabled port to port (eth0 and eth1), probed. */
void st_setup_pair(const struct sky2_model_config *a, const struct sky2_model_config *b);
struct sky2_model *st_model_b(void);
struct sky2_hw *st_hw_b(void);

bool st_open_and_link(struct net_device *dev);
/* Inject n frames for `port`'s MAC, numbered from seed. */
void st_inject(unsigned int port, unsigned int n, u32 seed, u32 len);
netdev_tx_t st_send(struct net_device *dev, const u8 *frame, u32 len, unsigned int nsegs);
/* The same with a checksum request (NETBUF_CSUM_PARTIAL: offsets parsed from the frame). */
netdev_tx_t st_send_csum(struct net_device *dev, const u8 *frame, u32 len, unsigned int nsegs,
			 u8 csum);
unsigned int st_tx_outstanding(void);
u64 st_ethtool(struct net_device *dev, const char *name);

void st_teardown(void);

#endif
