/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Who owns a driver's adapter. The adapter (the structure a driver keeps per
 * device, with its net_device inside) is allocated at probe. A receive
 * buffer lent to the stack points back into it, so on remove it may only go
 * once every such buffer has come back: the adapter counts the buffers it
 * has lent, and whichever comes last, the remove or the last return, frees
 * it. Before the memory goes, the driver's release hook gives back what it
 * kept for those buffers (its receive pool).
 *
 * An image that carries every driver pays only for the adapters the machine
 * has (a static table of them per driver made the image 1.4 MB bigger, too
 * big for GRUB to load the ISO in 8 MiB).
 *
 * Context: probe, remove and the lend/return calls run in the main loop or
 * the NET_RX softirq, never in a hard interrupt (netbuf_free() defers
 * releases out of interrupts), so nothing here masks interrupts.
 */
#ifndef NAPKIN_NET_NETDEV_ADAPTER_H
#define NAPKIN_NET_NETDEV_ADAPTER_H

#include <stddef.h>
#include "kernel/core/compiler.h"

struct netdev_adapters;

/* Embedded in the driver's adapter structure. */
struct netdev_adapter {
	struct netdev_adapters *list; /* the driver's adapters */
	struct netdev_adapter *next;  /* the next adapter of the same driver */
	unsigned int lent;	      /* receive buffers the stack holds now */
	bool removed;		      /* the driver let go: the last return frees */
	char dev_name[16];	      /* the PCI device's, for the log */
};

/* A driver's adapters: at most max live at once, removed ones included until freed. */
struct netdev_adapters {
	const char *driver;
	unsigned int max;
	size_t size;   /* of the driver's adapter structure */
	size_t offset; /* of its struct netdev_adapter */
	/* Frees what the adapter kept for lent buffers, just before the adapter goes; may be NULL. */
	void (*release)(void *adapter);
	struct netdev_adapter *head;
	unsigned int live;
	u64 freed;   /* adapters given back to the heap */
	u64 refused; /* returns with nothing lent, or a second remove: refused */
};

/* The adapters of a driver whose adapter is `type`, with its struct netdev_adapter at `member`. */
#define DEFINE_NETDEV_ADAPTERS(name, drv, type, member, n, release_fn)           \
	static struct netdev_adapters name = { .driver = (drv),                  \
					       .max = (n),                       \
					       .size = sizeof(type),             \
					       .offset = offsetof(type, member), \
					       .release = (release_fn) }

/*
 * A zeroed adapter in *out, or -ENOSPC when `max` adapters are live, -ENOMEM
 * when the heap has no room; each failure is logged with the device's name.
 */
int netdev_adapter_alloc(struct netdev_adapters *list, const char *dev_name, void **out);

/* A return that is the last after a remove, or one never lent: frees, or refuses and logs. */
void netdev_adapter_return_slow(struct netdev_adapter *ad);

/*
 * A receive buffer goes to the stack / comes back. A return may free the
 * adapter. Inline: every received frame makes one of each.
 */
static inline void netdev_adapter_lend(struct netdev_adapter *ad)
{
	ad->lent++;
}

static inline void netdev_adapter_return(struct netdev_adapter *ad)
{
	if (likely(ad->lent > 1 || (ad->lent == 1 && !ad->removed)))
		ad->lent--;
	else
		netdev_adapter_return_slow(ad);
}

/*
 * The driver is done with the adapter (remove, or a failed probe): it is
 * freed now if the stack holds none of its buffers, else by the last return.
 * Either way the caller must not touch it again.
 */
void netdev_adapter_remove(struct netdev_adapter *ad);

/* Live adapters not yet removed, in allocation order: start with NULL. */
void *netdev_adapter_next(struct netdev_adapters *list, void *prev);

#endif
