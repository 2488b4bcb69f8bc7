/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * TEST MACHINERY: NIC fault injection for the fault sweep
 * (tests/qemu/test_faults.py). `nicfault IFACE KIND [N]` on the shell arms a
 * fault in a driver; the driver's own recovery paths (watchdogs, timeouts,
 * ring checks) must then bring traffic back and count the event. Nothing
 * here runs unless a fault is armed: the hooks in the data path are one
 * test of a zero counter.
 */
#ifndef NAPKIN_NET_NIC_FAULT_H
#define NAPKIN_NET_NIC_FAULT_H

#include "kernel/core/compiler.h"
#include "kernel/core/time.h"

struct net_device;

enum nic_fault {
	NIC_FAULT_RX_ERROR,   /* the next N received frames arrive flagged bad */
	NIC_FAULT_RX_OVERRUN, /* for N ms the driver has no buffer to give the ring */
	NIC_FAULT_TX_STUCK,   /* the transmitter stops completing frames */
	NIC_FAULT_LOST_IRQ,   /* the next N interrupts are lost */
	NIC_NR_FAULTS
};

/* What a driver keeps armed; all zero in normal operation. */
struct nic_fault_state {
	unsigned int rx_errors; /* received frames still to flag bad */
	unsigned int lost_irqs; /* interrupts still to lose */
	u64 rx_starve_until_ns; /* receive buffers withheld until then */
};

/* Arms `kind` with `amount` (a count, or milliseconds for RX_OVERRUN); 0 or -errno. */
typedef int (*nic_fault_inject_fn)(struct net_device *dev, enum nic_fault kind,
				   unsigned int amount);

/* A driver offers injection for a registered device (and withdraws it at removal). */
void nic_fault_register(struct net_device *dev, nic_fault_inject_fn fn);
void nic_fault_unregister(struct net_device *dev);
const char *nic_fault_name(enum nic_fault kind);

/* Consumes one armed event: true means "this one is lost/bad". */
static inline bool nic_fault_take(unsigned int *left)
{
	if (likely(!*left))
		return false;
	(*left)--;
	return true;
}

/* True while a timed fault (armed until `until_ns`) lasts. */
static inline bool nic_fault_active(u64 until_ns)
{
	return unlikely(until_ns) && ktime_get_ns() < until_ns;
}

#endif
