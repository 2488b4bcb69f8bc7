// SPDX-License-Identifier: BSD-2-Clause
/* Adapters freed once removed and every lent receive buffer is back; see netdev_adapter.h. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "net/core/netdev_adapter.h"
#include "kernel/console/printk.h"

#ifdef NAPKIN_HOSTED
#include <stdlib.h>
#define adapter_zalloc(size) calloc(1, size)
#define adapter_free(p)	     free(p)
#else
#include "kernel/mm/heap.h"
#define adapter_zalloc(size) kzalloc(size)
#define adapter_free(p)	     kfree(p)
#endif

static void *container(const struct netdev_adapters *list, struct netdev_adapter *ad)
{
	return (char *)ad - list->offset;
}

static struct netdev_adapter *member(const struct netdev_adapters *list, void *adapter)
{
	return (struct netdev_adapter *)((char *)adapter + list->offset);
}

int netdev_adapter_alloc(struct netdev_adapters *list, const char *dev_name, void **out)
{
	void *adapter;
	struct netdev_adapter *ad, **tail;

	if (list->live >= list->max) {
		pr_warn("%s: more than %u %s adapters (removed ones wait for the stack to give "
			"their buffers back): not driven\n",
			dev_name, list->max, list->driver);
		return -ENOSPC;
	}
	adapter = adapter_zalloc(list->size);
	if (!adapter) {
		pr_err("%s: no memory for the %s adapter: not driven\n", dev_name, list->driver);
		return -ENOMEM;
	}
	ad = member(list, adapter);
	ad->list = list;
	snprintf(ad->dev_name, sizeof(ad->dev_name), "%s", dev_name);
	for (tail = &list->head; *tail; tail = &(*tail)->next)
		;
	*tail = ad;
	list->live++;
	*out = adapter;
	return 0;
}

static void adapter_destroy(struct netdev_adapter *ad)
{
	struct netdev_adapters *list = ad->list;
	struct netdev_adapter **pp = &list->head;
	void *adapter = container(list, ad);

	while (*pp && *pp != ad)
		pp = &(*pp)->next;
	if (*pp)
		*pp = ad->next;
	list->live--;
	list->freed++;
	if (list->release)
		list->release(adapter);
	adapter_free(adapter);
}

void netdev_adapter_return_slow(struct netdev_adapter *ad)
{
	if (!ad->lent) {
		ad->list->refused++;
		pr_err("%s: a receive buffer came back that was never lent: ignored\n",
		       ad->list->driver);
		return;
	}
	if (--ad->lent == 0 && ad->removed) {
		pr_info("%s %s: the stack gave back the last receive buffer: adapter freed\n",
			ad->list->driver, ad->dev_name);
		adapter_destroy(ad);
	}
}

void netdev_adapter_remove(struct netdev_adapter *ad)
{
	if (ad->removed) {
		ad->list->refused++;
		pr_err("%s: an adapter removed twice: ignored\n", ad->list->driver);
		return;
	}
	ad->removed = true;
	if (!ad->lent)
		adapter_destroy(ad);
}

void *netdev_adapter_next(struct netdev_adapters *list, void *prev)
{
	struct netdev_adapter *ad = prev ? member(list, prev)->next : list->head;

	while (ad && ad->removed)
		ad = ad->next;
	return ad ? container(list, ad) : NULL;
}
