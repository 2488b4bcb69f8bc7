// SPDX-License-Identifier: BSD-2-Clause
/*
 * The registry of network devices and the paths between drivers and the
 * stack: delivery to the stack (frames arrive through napi.c's receive
 * family), transmit, link state, counters and the multicast filter.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "kernel/x86/irqflags.h"
#include "kernel/console/printk.h"
#include "net/core/backlog.h"
#include "net/core/netdev_stack.h"
#include "net/core/params.h"

static LIST_HEAD(netdev_list);
static int netdev_next_ifindex = 1;
static const struct netdev_stack_ops *netdev_stack;

/* Drivers hand in zeroed devices; give their lists a valid empty state. */
static void netdev_init_lists(struct net_device *dev)
{
	if (!dev->napi_list.next)
		INIT_LIST_HEAD(&dev->napi_list);
	if (!dev->dev_list.next)
		INIT_LIST_HEAD(&dev->dev_list);
}

static bool netdev_in_interrupt(void)
{
	return irqs_disabled() || napi_in_irq_poll();
}

void net_core_init(void)
{
	napi_init();
	backlog_init();
	net_params_from_cmdline();
}

void netdev_set_stack(const struct netdev_stack_ops *ops)
{
	struct net_device *dev;

	WRITE_ONCE(netdev_stack, ops);
	if (!ops || !ops->dev_added)
		return;
	list_for_each_entry (dev, &netdev_list, dev_list)
		ops->dev_added(dev);
}

struct net_device *netdev_get_by_name(const char *name)
{
	struct net_device *dev;

	if (!name)
		return NULL;
	list_for_each_entry (dev, &netdev_list, dev_list) {
		if (!strncmp(dev->name, name, IFNAMSIZ))
			return dev;
	}
	return NULL;
}

int netdev_for_each(int (*fn)(struct net_device *dev, void *ctx), void *ctx)
{
	struct net_device *dev, *tmp;
	int ret;

	list_for_each_entry_safe (dev, tmp, &netdev_list, dev_list) {
		ret = fn(dev, ctx);
		if (ret)
			return ret;
	}
	return 0;
}

/* Lowest free "ethN", so numbers are reused after a device goes away. */
static int netdev_pick_name(struct net_device *dev)
{
	char name[IFNAMSIZ];
	int n;

	for (n = 0; n < 1000; n++) {
		snprintf(name, sizeof(name), "eth%d", n);
		if (!netdev_get_by_name(name)) {
			memcpy(dev->name, name, sizeof(name));
			return 0;
		}
	}
	return -ENOSPC;
}

static void netdev_log_link(const struct net_device *dev)
{
	if (!dev->link_up)
		pr_info("%s: link down\n", dev->name);
	else if (dev->speed_mbps)
		pr_info("%s: link up, %u Mbps, %s duplex\n", dev->name, dev->speed_mbps,
			dev->full_duplex ? "full" : "half");
	else
		pr_info("%s: link up\n", dev->name);
}

static struct pci_dev *(*parent_lookup)(void);

void netdev_set_parent_lookup(struct pci_dev *(*lookup)(void))
{
	parent_lookup = lookup;
}

int register_netdev(struct net_device *dev)
{
	const u8 *mac;
	unsigned long flags;
	int err;

	if (!dev || !dev->ops || !dev->ops->start_xmit) {
		pr_err("register_netdev: %s\n", !dev	    ? "no device"
						: !dev->ops ? "device without operations"
							    : "device without start_xmit");
		return -EINVAL;
	}
	netdev_init_lists(dev);
	if (dev->registered) {
		pr_err("register_netdev: %s already registered\n", dev->name);
		return -EEXIST;
	}
	if (!dev->pdev && parent_lookup)
		dev->pdev = parent_lookup();
	if (!dev->mtu)
		dev->mtu = ETH_DATA_LEN;
	if (dev->mtu < ETH_MIN_MTU || dev->mtu > ETH_MAX_MTU) {
		pr_err("register_netdev: MTU %u out of range %u..%u\n", dev->mtu, ETH_MIN_MTU,
		       ETH_MAX_MTU);
		return -EINVAL;
	}
	if (!dev->name[0]) {
		err = netdev_pick_name(dev);
		if (err) {
			pr_err("register_netdev: no free ethN name\n");
			return err;
		}
	} else if (!memchr(dev->name, '\0', IFNAMSIZ)) {
		pr_err("register_netdev: name longer than %d characters\n", IFNAMSIZ - 1);
		return -EINVAL;
	} else if (netdev_get_by_name(dev->name)) {
		pr_err("register_netdev: name %s already taken\n", dev->name);
		return -EEXIST;
	}

	flags = local_irq_save();
	dev->ifindex = netdev_next_ifindex++;
	dev->registered = true;
	list_add_tail(&dev->dev_list, &netdev_list);
	local_irq_restore(flags);

	mac = dev->dev_addr;
	pr_info("%s: registered, MAC %02x:%02x:%02x:%02x:%02x:%02x, MTU %u\n", dev->name, mac[0],
		mac[1], mac[2], mac[3], mac[4], mac[5], dev->mtu);
	if (!(mac[0] | mac[1] | mac[2] | mac[3] | mac[4] | mac[5]) || (mac[0] & 1))
		pr_warn("%s: MAC address is not a valid unicast address\n", dev->name);
	if (dev->link_up)
		netdev_log_link(dev);
	if (netdev_stack && netdev_stack->dev_added)
		netdev_stack->dev_added(dev);
	return 0;
}

void unregister_netdev(struct net_device *dev)
{
	struct napi_struct *napi, *tmp;
	unsigned long flags;

	if (!dev || !dev->registered) {
		pr_err("unregister_netdev: %s is not registered\n", dev ? dev->name : "(null)");
		return;
	}
	dev_close(dev);
	if (netdev_stack && netdev_stack->dev_removed)
		netdev_stack->dev_removed(dev);
	list_for_each_entry_safe (napi, tmp, &dev->napi_list, dev_list) {
		napi_disable(napi);
		netif_napi_del(napi);
	}
	backlog_purge_dev(dev);
	/* Releases may point into the driver's rings, which go away next. */
	netbuf_run_deferred();

	flags = local_irq_save();
	list_del_init(&dev->dev_list);
	dev->registered = false;
	dev->link_event_pending = false;
	local_irq_restore(flags);
	pr_info("%s: unregistered\n", dev->name);
}

int dev_open(struct net_device *dev)
{
	int err;

	if (!dev->registered) {
		pr_err("dev_open: %s is not registered\n", dev->name);
		return -ENODEV;
	}
	if (dev->flags & IFF_UP)
		return 0;
	if (dev->ops->open) {
		err = dev->ops->open(dev);
		if (err) {
			pr_err("%s: open failed (%d)\n", dev->name, err);
			return err;
		}
	}
	dev->flags |= IFF_UP;
	if (dev->ops->set_rx_mode)
		dev->ops->set_rx_mode(dev);
	return 0;
}

int dev_close(struct net_device *dev)
{
	int err = 0;

	if (!(dev->flags & IFF_UP))
		return 0;
	if (dev->ops->stop)
		err = dev->ops->stop(dev);
	if (err)
		pr_warn("%s: stop failed (%d), closing anyway\n", dev->name, err);
	dev->flags &= ~IFF_UP;
	return err;
}

/* Tell the stack, but never from inside an interrupt: the backlog reports it later. */
static void netdev_link_event(struct net_device *dev)
{
	const struct netdev_stack_ops *stack = READ_ONCE(netdev_stack);

	if (!dev->registered)
		return;
	if (netdev_in_interrupt()) {
		WRITE_ONCE(dev->link_event_pending, true);
		netdev_backlog_kick();
		return;
	}
	if (stack && stack->link_changed)
		stack->link_changed(dev);
}

void netif_wake_queue(struct net_device *dev)
{
	const struct netdev_stack_ops *stack;

	if (!READ_ONCE(dev->tx_stopped))
		return; /* drivers wake after every completion: only a stopped queue matters */
	WRITE_ONCE(dev->tx_stopped, false);
	if (!dev->registered)
		return;
	if (netdev_in_interrupt()) {
		WRITE_ONCE(dev->tx_wake_pending, true);
		netdev_backlog_kick();
		return;
	}
	stack = READ_ONCE(netdev_stack);
	if (stack && stack->tx_woken)
		stack->tx_woken(dev);
}

void netdev_run_link_events(void)
{
	const struct netdev_stack_ops *stack = READ_ONCE(netdev_stack);
	struct net_device *dev;

	list_for_each_entry (dev, &netdev_list, dev_list) {
		if (READ_ONCE(dev->link_event_pending)) {
			WRITE_ONCE(dev->link_event_pending, false);
			if (stack && stack->link_changed)
				stack->link_changed(dev);
		}
		if (READ_ONCE(dev->tx_wake_pending)) {
			WRITE_ONCE(dev->tx_wake_pending, false);
			if (stack && stack->tx_woken)
				stack->tx_woken(dev);
		}
	}
}

static void netdev_set_carrier(struct net_device *dev, bool up)
{
	if (READ_ONCE(dev->link_up) == up)
		return;
	WRITE_ONCE(dev->link_up, up);
	dev->carrier_changes++;
	/* Before register the device has no name yet; register reports the link. */
	if (!dev->registered)
		return;
	netdev_log_link(dev);
	netdev_link_event(dev);
}

void netif_carrier_on(struct net_device *dev)
{
	netdev_set_carrier(dev, true);
}

void netif_carrier_off(struct net_device *dev)
{
	netdev_set_carrier(dev, false);
}

void netdev_rx_dropped(struct net_device *dev, unsigned int count)
{
	unsigned long flags = local_irq_save();

	if (dev)
		dev->stats.rx_dropped += count;
	softnet_count_dropped(count);
	local_irq_restore(flags);
}

void netdev_rx_missed(struct net_device *dev, unsigned int count)
{
	unsigned long flags = local_irq_save();

	dev->stats.rx_missed_errors += count;
	softnet_count_dropped(count);
	local_irq_restore(flags);
}

int netdev_deliver(struct netbuf *nb)
{
	const struct netdev_stack_ops *stack = READ_ONCE(netdev_stack);
	struct net_device *dev = nb->dev;
	int ret;

	if (unlikely(!stack || !stack->rx)) {
		WARN_ONCE(true, "%s: no network stack registered, dropping received frames\n",
			  dev->name);
		netdev_rx_dropped(dev, 1);
		netbuf_free(nb);
		return NET_RX_DROP;
	}
	softnet_count_processed(1);
	ret = stack->rx(dev, nb);
	if (ret != NET_RX_SUCCESS) {
		netdev_rx_dropped(dev, 1);
		return NET_RX_DROP;
	}
	return NET_RX_SUCCESS;
}

static void netdev_count_gso(struct net_device *dev, u32 segs, u32 len)
{
	dev->tx_gso_frames++;
	dev->tx_gso_segs += segs;
	dev->tx_gso_bytes += len;
	softnet.tx_gso_frames++;
	softnet.tx_gso_segs += segs;
	softnet.tx_gso_bytes += len;
}

/* The driver's start_xmit and what it says, counted. */
static inline netdev_tx_t xmit_one(struct net_device *dev, struct netbuf *nb)
{
	/* Read now: once the driver has the frame it may already be freed. */
	u32 len = nb->tot_len ? nb->tot_len : nb->len;
	u32 gso_segs = nb->gso_type != NETBUF_GSO_NONE ? nb->gso_segs : 0;
	netdev_tx_t ret;

	WRITE_ONCE(dev->in_xmit, true);
	ret = dev->ops->start_xmit(nb, dev);
	WRITE_ONCE(dev->in_xmit, false);
	if (likely(ret == NETDEV_TX_OK)) {
		/* Like Linux, a super-segment counts as the frames it becomes on the wire. */
		if (likely(!gso_segs)) {
			dev->stats.tx_packets++;
		} else {
			dev->stats.tx_packets += gso_segs;
			netdev_count_gso(dev, gso_segs, len);
		}
		dev->stats.tx_bytes += len;
	} else if (ret == NETDEV_TX_BUSY) {
		dev->tx_busy++;
	} else {
		/* The frame's fate is unknown; assume the driver kept it rather than risk a double free. */
		WARN_ONCE(true, "%s: start_xmit returned %d\n", dev->name, (int)ret);
		ret = NETDEV_TX_OK;
	}
	return ret;
}

/* In irq mode the driver's poll, run from its interrupt, also touches the tx ring. */
static __attribute__((noinline)) netdev_tx_t xmit_masked(struct net_device *dev, struct netbuf *nb)
{
	unsigned long flags = local_irq_save();
	netdev_tx_t ret = xmit_one(dev, nb);

	local_irq_restore(flags);
	return ret;
}

netdev_tx_t netdev_start_xmit(struct net_device *dev, struct netbuf *nb)
{
	if (unlikely(!dev || !nb)) {
		WARN_ONCE(true, "netdev_start_xmit: called without a %s\n",
			  dev ? "netbuf" : "device");
		netbuf_free(nb);
		return NETDEV_TX_OK;
	}
	if (unlikely(!(dev->flags & IFF_UP) || !netif_carrier_ok(dev))) {
		dev->stats.tx_dropped++;
		netbuf_free(nb);
		return NETDEV_TX_OK;
	}
	if (unlikely(netif_queue_stopped(dev))) {
		dev->tx_busy++;
		return NETDEV_TX_BUSY;
	}
	if (unlikely(napi_get_mode() == NAPI_MODE_IRQ))
		return xmit_masked(dev, nb);
	return xmit_one(dev, nb);
}

void netdev_get_stats(struct net_device *dev, struct net_device_stats *out)
{
	unsigned long flags = local_irq_save();

	*out = dev->stats;
	local_irq_restore(flags);
	if (dev->ops && dev->ops->get_stats)
		dev->ops->get_stats(dev, out);
}

int netdev_get_ethtool_stats(struct net_device *dev, struct ethtool_stat *out, int max)
{
	int n;

	static const char *const gso_names[] = { "tso_super_segments", "tso_segments",
						 "tso_bytes" };
	int i = 0;

	if (max <= 0)
		return 0;
	n = 0;
	if (dev->ops && dev->ops->get_ethtool_stats)
		n = dev->ops->get_ethtool_stats(dev, out, max);
	n = n < 0 ? 0 : MIN(n, max);
	/* The core's own counters for a device that can cut super-segments. */
	if (!(dev->features & (NETIF_F_TSO | NETIF_F_TSO6)))
		return n;
	for (; i < (int)ARRAY_SIZE(gso_names) && n < max; i++, n++) {
		out[n].name = gso_names[i];
		out[n].value = i == 0	? dev->tx_gso_frames
			       : i == 1 ? dev->tx_gso_segs
					: dev->tx_gso_bytes;
	}
	return n;
}

static void netdev_update_rx_mode(struct net_device *dev)
{
	if ((dev->flags & IFF_UP) && dev->ops->set_rx_mode)
		dev->ops->set_rx_mode(dev);
}

static int netdev_mc_find(const struct net_device *dev, const u8 *addr)
{
	int i;

	for (i = 0; i < dev->mc_count; i++) {
		if (!memcmp(dev->mc_list[i], addr, ETH_ALEN))
			return i;
	}
	return -1;
}

int netdev_mc_add(struct net_device *dev, const u8 *addr)
{
	int i;

	if (!(addr[0] & 1)) {
		pr_err("%s: %02x:%02x:%02x:%02x:%02x:%02x is not a multicast address\n", dev->name,
		       addr[0], addr[1], addr[2], addr[3], addr[4], addr[5]);
		return -EINVAL;
	}
	i = netdev_mc_find(dev, addr);
	if (i >= 0) {
		if (dev->mc_users[i] == 255)
			return -ENOSPC;
		dev->mc_users[i]++;
		return 0;
	}
	if (dev->mc_count == NETDEV_MC_MAX) {
		/* The filter is full: let all multicast in rather than lose some. */
		if (!dev->mc_overflow++) {
			pr_info("%s: more than %d multicast addresses, receiving all multicast\n",
				dev->name, NETDEV_MC_MAX);
			dev->flags |= IFF_ALLMULTI;
			netdev_update_rx_mode(dev);
		}
		return 0;
	}
	memcpy(dev->mc_list[dev->mc_count], addr, ETH_ALEN);
	dev->mc_users[dev->mc_count] = 1;
	dev->mc_count++;
	netdev_update_rx_mode(dev);
	return 0;
}

int netdev_mc_del(struct net_device *dev, const u8 *addr)
{
	int i = netdev_mc_find(dev, addr);

	if (i < 0) {
		/* Not in the table: it can only have been one of the overflow. */
		if (!dev->mc_overflow)
			return -ENOENT;
		if (!--dev->mc_overflow) {
			dev->flags &= ~IFF_ALLMULTI;
			netdev_update_rx_mode(dev);
		}
		return 0;
	}
	if (--dev->mc_users[i])
		return 0;
	dev->mc_count--;
	memmove(dev->mc_list[i], dev->mc_list[i + 1], (size_t)(dev->mc_count - i) * ETH_ALEN);
	memmove(&dev->mc_users[i], &dev->mc_users[i + 1], (size_t)(dev->mc_count - i));
	netdev_update_rx_mode(dev);
	return 0;
}

void netdev_set_promisc(struct net_device *dev, bool on)
{
	u32 flags = on ? dev->flags | IFF_PROMISC : dev->flags & ~IFF_PROMISC;

	if (flags == dev->flags)
		return;
	dev->flags = flags;
	pr_info("%s: promiscuous mode %s\n", dev->name, on ? "on" : "off");
	netdev_update_rx_mode(dev);
}
