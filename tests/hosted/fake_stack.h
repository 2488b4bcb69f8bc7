/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The pieces a driver test puts where napkin's network stack would be: a
 * pool of DMA-able transmit buffers that a test fills with a frame and
 * hands to the driver (checking each comes back exactly once), and a list
 * of received netbufs a test holds on to, to see the driver run its receive
 * ring dry. Shared by the tg3, sky2 and skge driver tests.
 */
#ifndef NAPKIN_TESTS_HOSTED_FAKE_STACK_H
#define NAPKIN_TESTS_HOSTED_FAKE_STACK_H

#include "net/core/netbuf.h"
#include "net/core/netdev.h"

/* `bufs` transmit buffers of 2 KiB, allocated as DMA memory in 64 KiB pieces. */
void fake_tx_pool_init(unsigned int bufs);
void fake_tx_pool_free(void);
/* Buffers the driver has not given back yet. */
unsigned int fake_tx_outstanding(void);
/*
 * Copy `frame` into `nsegs` pool buffers (nearly equal pieces, at least one
 * byte each) chained as one netbuf, with the checksum request and flags
 * given (for NETBUF_CSUM_PARTIAL the offsets come from parsing the frame),
 * and hand it to the driver. A refused frame's buffers go back at once.
 */
netdev_tx_t fake_tx_send(struct net_device *dev, const u8 *frame, u32 len, unsigned int nsegs,
			 u8 csum, u8 flags);

/* Forget every held netbuf (without freeing: the test set-up starts over). */
void fake_rx_hold_reset(void);
/* Keep `nb` if there is room; false when the test must free it itself. */
bool fake_rx_hold(struct netbuf *nb);
unsigned int fake_rx_held(void);
void fake_rx_release_held(void);

#endif
