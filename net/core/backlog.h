/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal to net/: the backlog, a NAPI instance of the core's own that runs
 * work which must not happen inside an interrupt: frames received while
 * interrupts were masked (napi.mode=irq), deferred netbuf releases and link
 * change reports.
 */
#ifndef NAPKIN_NET_BACKLOG_H
#define NAPKIN_NET_BACKLOG_H

#include "net/core/netdev.h"

void backlog_init(void);
/* Queue a received frame for the softirq; NET_RX_DROP (frame freed) when full. */
int backlog_enqueue(struct netbuf *nb);
/* Whether napi.mode=irq's copy pool exists now (for tests). */
bool backlog_copy_pool_allocated(void);
/* Free every queued frame of dev, counting them as dropped. */
void backlog_purge_dev(struct net_device *dev);

/* Provided by netdev.c for the backlog's poll. */
int netdev_deliver(struct netbuf *nb);
/* Link events and queue wakes that arose inside an interrupt, told to the stack. */
void netdev_run_link_events(void);

#endif
