// SPDX-License-Identifier: BSD-2-Clause
/*
 * Network devices against a fake driver and a fake stack: naming, link
 * messages, counters, the receive and transmit paths, the backlog used in irq
 * mode, the multicast filter and the tunables by name.
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/core/cmdline.h"
#include "kernel/x86/irqflags.h"
#include "kernel/console/printk.h"
#include "kernel/core/softirq.h"
#include "net/core/backlog.h"
#include "net/core/netdev_stack.h"
#include "net/core/params.h"
#include "tests/unit/fakes/napi_fakes.h"

#define NDEVS 4
#define NBUFS 32

struct fake_drv {
	struct net_device dev;
	struct napi_struct napi;
	struct netbuf bufs[NBUFS];
	u8 mem[NBUFS][128];
	bool buf_out[NBUFS]; /* handed up, not yet released */
	int released;
	int opens, stops, rx_mode_calls;
	int xmits;
	bool xmit_saw_irqs_masked;
	bool xmit_busy;
	struct netbuf *sent[NBUFS];
	int nsent;
	int rx_queue; /* frames the poll will hand up */
	u8 rx_dst0;   /* first byte of each frame's destination */
};

static struct fake_drv drvs[NDEVS];

static void drv_release(struct netbuf *nb)
{
	struct fake_drv *drv = nb->owner;
	int i = (int)(nb - drv->bufs);

	ck_assert_msg(!napi_in_irq_poll() &&
			  fake_irqs_enabled() == (napi_get_mode() != NAPI_MODE_IRQ),
		      "release ran in interrupt context");
	ck_assert(drv->buf_out[i]);
	drv->buf_out[i] = false;
	drv->released++;
}

static struct netbuf *drv_rx_buf(struct fake_drv *drv, u32 len)
{
	for (int i = 0; i < NBUFS; i++) {
		if (drv->buf_out[i])
			continue;
		drv->buf_out[i] = true;
		memset(drv->mem[i], 0, sizeof(drv->mem[i]));
		drv->mem[i][0] = drv->rx_dst0;
		netbuf_init(&drv->bufs[i], drv->mem[i], len, (u64)(uintptr_t)drv->mem[i],
			    drv_release, drv);
		return &drv->bufs[i];
	}
	ck_abort_msg("fake driver ran out of buffers");
	return NULL;
}

static int drv_open(struct net_device *dev)
{
	struct fake_drv *drv = netdev_priv(dev);

	drv->opens++;
	return 0;
}

static int drv_stop(struct net_device *dev)
{
	struct fake_drv *drv = netdev_priv(dev);

	drv->stops++;
	return 0;
}

static netdev_tx_t drv_xmit(struct netbuf *nb, struct net_device *dev)
{
	struct fake_drv *drv = netdev_priv(dev);

	if (drv->xmit_busy)
		return NETDEV_TX_BUSY;
	drv->xmits++;
	drv->xmit_saw_irqs_masked = !fake_irqs_enabled();
	drv->sent[drv->nsent++] = nb;
	return NETDEV_TX_OK;
}

static void drv_get_stats(struct net_device *dev, struct net_device_stats *stats)
{
	stats->rx_crc_errors += 11; /* as if read from a hardware register */
}

static int drv_ethtool(struct net_device *dev, struct ethtool_stat *out, int max)
{
	static const char *const names[] = { "rx_no_buffer", "tx_restarts", "irq_count" };
	int n = MIN(max, 3);

	for (int i = 0; i < n; i++) {
		out[i].name = names[i];
		out[i].value = 100 + i;
	}
	return n;
}

static void drv_set_rx_mode(struct net_device *dev)
{
	struct fake_drv *drv = netdev_priv(dev);

	drv->rx_mode_calls++;
}

static const struct net_device_ops drv_ops = {
	.open = drv_open,
	.stop = drv_stop,
	.start_xmit = drv_xmit,
	.get_stats = drv_get_stats,
	.get_ethtool_stats = drv_ethtool,
	.set_rx_mode = drv_set_rx_mode,
};

static int drv_poll(struct napi_struct *napi, int budget)
{
	struct fake_drv *drv = container_of(napi, struct fake_drv, napi);
	int n = 0;

	while (n < budget && drv->rx_queue) {
		drv->rx_queue--;
		napi_receive(napi, drv_rx_buf(drv, 60));
		n++;
	}
	if (n < budget)
		napi_complete_done(napi, n);
	return n;
}

static struct fake_drv *drv_create(int i, const u8 *mac)
{
	struct fake_drv *drv = &drvs[i];
	static const u8 default_mac[ETH_ALEN] = { 0x52, 0x54, 0x00, 0x12, 0x34, 0x56 };

	memset(drv, 0, sizeof(*drv));
	drv->dev.ops = &drv_ops;
	drv->dev.priv = drv;
	memcpy(drv->dev.dev_addr, mac ? mac : default_mac, ETH_ALEN);
	drv->dev.dev_addr[5] += i;
	ck_assert_int_eq(netif_napi_add(&drv->dev, &drv->napi, drv_poll, 16), 0);
	return drv;
}

static struct fake_drv *drv_up(int i)
{
	struct fake_drv *drv = drv_create(i, NULL);

	ck_assert_int_eq(register_netdev(&drv->dev), 0);
	napi_enable(&drv->napi);
	ck_assert_int_eq(dev_open(&drv->dev), 0);
	drv->dev.speed_mbps = 1000;
	drv->dev.full_duplex = true;
	netif_carrier_on(&drv->dev);
	return drv;
}

static void drv_rx(struct fake_drv *drv, int frames)
{
	drv->rx_queue += frames;
	fake_hardirq_enter();
	napi_schedule_from_irq(&drv->napi);
	fake_hardirq_exit();
}

/* ---- the fake stack ---- */
static struct netbuf *stack_got[64];
static int stack_nrx, stack_added, stack_removed, stack_links;
static int stack_rx_verdict;
static bool stack_ran_in_irq;
static bool stack_keeps; /* hold received frames until the test frees them */

static int stack_rx(struct net_device *dev, struct netbuf *nb)
{
	stack_ran_in_irq |= !fake_irqs_enabled() || napi_in_irq_poll();
	ck_assert_ptr_eq(nb->dev, dev);
	if (stack_nrx < 64)
		stack_got[stack_nrx] = nb;
	stack_nrx++;
	if (!stack_keeps)
		netbuf_free(nb); /* the stack is done with it at once */
	return stack_rx_verdict;
}

static void stack_dev_added(struct net_device *dev)
{
	stack_added++;
}
static void stack_dev_removed(struct net_device *dev)
{
	stack_removed++;
}

static void stack_link_changed(struct net_device *dev)
{
	stack_ran_in_irq |= !fake_irqs_enabled() || napi_in_irq_poll();
	stack_links++;
}

static const struct netdev_stack_ops fake_stack = {
	.rx = stack_rx,
	.dev_added = stack_dev_added,
	.dev_removed = stack_dev_removed,
	.link_changed = stack_link_changed,
};

static void setup(void)
{
	fake_reset_all();
	cmdline_init("");
	net_core_init();
	softnet_reset_stats();
	napi_set_mode(NAPI_MODE_NAPI);
	netdev_set_max_backlog(NET_MAX_BACKLOG_DEFAULT);
	netdev_set_stack(NULL);
	stack_nrx = stack_added = stack_removed = stack_links = 0;
	stack_rx_verdict = NET_RX_SUCCESS;
	stack_ran_in_irq = false;
	stack_keeps = false;
	stub_printk_reset();
}

static void teardown(void)
{
	for (int i = 0; i < NDEVS; i++) {
		if (drvs[i].dev.registered)
			unregister_netdev(&drvs[i].dev);
	}
	ck_assert_int_eq(fake_irq_save_depth(), 0);
	ck_assert(fake_irqs_enabled());
	ck_assert(!stack_ran_in_irq);
}

START_TEST(test_names_assigned_in_order)
{
	struct fake_drv *a = drv_create(0, NULL), *b = drv_create(1, NULL),
			*c = drv_create(2, NULL);

	ck_assert_int_eq(register_netdev(&a->dev), 0);
	ck_assert_int_eq(register_netdev(&b->dev), 0);
	ck_assert_int_eq(register_netdev(&c->dev), 0);
	ck_assert_str_eq(a->dev.name, "eth0");
	ck_assert_str_eq(b->dev.name, "eth1");
	ck_assert_str_eq(c->dev.name, "eth2");
	ck_assert_int_lt(a->dev.ifindex, b->dev.ifindex);
	ck_assert_int_lt(b->dev.ifindex, c->dev.ifindex);
	ck_assert_uint_eq(a->dev.mtu, ETH_DATA_LEN);
	ck_assert(stub_printk_contains("eth1: registered, MAC 52:54:00:12:34:57, MTU 1500"));
	ck_assert_ptr_eq(netdev_get_by_name("eth2"), &c->dev);
	ck_assert_ptr_null(netdev_get_by_name("eth3"));
	ck_assert_ptr_null(netdev_get_by_name(NULL));

	/* The lowest free number is reused. */
	unregister_netdev(&b->dev);
	ck_assert(stub_printk_contains("eth1: unregistered"));
	ck_assert_ptr_null(netdev_get_by_name("eth1"));
	struct fake_drv *d = drv_create(3, NULL);

	ck_assert_int_eq(register_netdev(&d->dev), 0);
	ck_assert_str_eq(d->dev.name, "eth1");
	ck_assert_int_gt(d->dev.ifindex, c->dev.ifindex);
}
END_TEST

START_TEST(test_register_rejects_bad_devices)
{
	struct fake_drv *a = drv_create(0, NULL), *b = drv_create(1, NULL);
	struct net_device_ops no_xmit = { 0 };
	struct net_device bare = { 0 };

	ck_assert_int_eq(register_netdev(NULL), -EINVAL);
	ck_assert_int_eq(register_netdev(&bare), -EINVAL);
	ck_assert(stub_printk_contains("device without operations"));
	bare.ops = &no_xmit;
	ck_assert_int_eq(register_netdev(&bare), -EINVAL);
	ck_assert(stub_printk_contains("device without start_xmit"));

	a->dev.mtu = 20;
	ck_assert_int_eq(register_netdev(&a->dev), -EINVAL);
	ck_assert(stub_printk_contains("MTU 20 out of range"));
	a->dev.mtu = 9000;
	snprintf(a->dev.name, IFNAMSIZ, "uplink");
	ck_assert_int_eq(register_netdev(&a->dev), 0);
	ck_assert_str_eq(a->dev.name, "uplink");
	ck_assert_int_eq(register_netdev(&a->dev), -EEXIST);
	snprintf(b->dev.name, IFNAMSIZ, "uplink");
	ck_assert_int_eq(register_netdev(&b->dev), -EEXIST);
	ck_assert(stub_printk_contains("name uplink already taken"));
	memset(b->dev.name, 'x', IFNAMSIZ);
	ck_assert_int_eq(register_netdev(&b->dev), -EINVAL);
	ck_assert(stub_printk_contains("name longer than 15"));

	memset(b->dev.name, 0, IFNAMSIZ);
	memset(b->dev.dev_addr, 0, ETH_ALEN);
	ck_assert_int_eq(register_netdev(&b->dev), 0);
	ck_assert(stub_printk_contains("eth0: MAC address is not a valid unicast address"));
}
END_TEST

static int count_dev(struct net_device *dev, void *ctx)
{
	(*(int *)ctx)++;
	return 0;
}

START_TEST(test_for_each_and_stack_notifications)
{
	int n = 0;

	drv_up(0);
	drv_up(1);
	ck_assert_int_eq(netdev_for_each(count_dev, &n), 0);
	ck_assert_int_eq(n, 2);
	/* Devices registered before the stack attached are reported to it. */
	netdev_set_stack(&fake_stack);
	ck_assert_int_eq(stack_added, 2);
	drv_up(2);
	ck_assert_int_eq(stack_added, 3);
	unregister_netdev(&drvs[1].dev);
	ck_assert_int_eq(stack_removed, 1);
	ck_assert_int_eq(drvs[1].stops, 1); /* closed on the way out */
	ck_assert_int_eq(drvs[1].opens, 1);
}
END_TEST

START_TEST(test_carrier_messages)
{
	struct fake_drv *a = drv_create(0, NULL);

	/* Before register: no name, no message; register reports it. */
	a->dev.speed_mbps = 100;
	netif_carrier_on(&a->dev);
	ck_assert(!stub_printk_contains("link up"));
	netdev_set_stack(&fake_stack);
	ck_assert_int_eq(register_netdev(&a->dev), 0);
	ck_assert(stub_printk_contains("eth0: link up, 100 Mbps, half duplex"));
	stub_printk_reset();

	netif_carrier_off(&a->dev);
	ck_assert(stub_printk_contains("eth0: link down"));
	ck_assert(!netif_carrier_ok(&a->dev));
	netif_carrier_off(&a->dev);
	ck_assert_uint_eq(stub_printk_count(STUB_ANY_LEVEL, "link down"), 1);

	a->dev.speed_mbps = 1000;
	a->dev.full_duplex = true;
	netif_carrier_on(&a->dev);
	ck_assert(stub_printk_contains("eth0: link up, 1000 Mbps, full duplex"));
	ck_assert_int_eq(stub_printk_level_of("link up"), LOGLEVEL_INFO);
	netif_carrier_on(&a->dev);
	ck_assert_uint_eq(stub_printk_count(STUB_ANY_LEVEL, "link up"), 1);
	ck_assert_int_eq(stack_links, 2);
	ck_assert_uint_eq(a->dev.carrier_changes, 3);

	a->dev.speed_mbps = 0;
	netif_carrier_off(&a->dev);
	netif_carrier_on(&a->dev);
	ck_assert(stub_printk_contains("eth0: link up"));
}
END_TEST

START_TEST(test_carrier_from_interrupt_is_reported_later)
{
	struct fake_drv *a = drv_up(0);

	netdev_set_stack(&fake_stack);
	fake_hardirq_enter();
	netif_carrier_off(&a->dev);
	fake_hardirq_exit();
	ck_assert(!netif_carrier_ok(&a->dev));
	ck_assert_int_eq(stack_links, 0);
	ck_assert(fake_softirq_is_pending(NET_RX_SOFTIRQ));
	fake_softirq_run_net_rx(5);
	ck_assert_int_eq(stack_links, 1);
}
END_TEST

START_TEST(test_receive_without_stack_is_counted_drop)
{
	struct fake_drv *a = drv_up(0);
	struct net_device_stats st;
	struct softnet_stats sn;

	drv_rx(a, 3);
	fake_softirq_run_net_rx(5);
	netdev_get_stats(&a->dev, &st);
	ck_assert_uint_eq(st.rx_packets, 3);
	ck_assert_uint_eq(st.rx_bytes, 180);
	ck_assert_uint_eq(st.rx_dropped, 3);
	softnet_get_stats(&sn);
	ck_assert_uint_eq(sn.dropped, 3);
	ck_assert_uint_eq(sn.processed, 0);
	ck_assert_int_eq(a->released, 3); /* buffers went back to the ring */
	ck_assert_uint_eq(stub_printk_count(STUB_ANY_LEVEL, "no network stack registered"), 1);
	ck_assert_int_eq(stub_printk_level_of("no network stack"), LOGLEVEL_WARNING);
}
END_TEST

START_TEST(test_receive_delivers_and_counts)
{
	struct fake_drv *a = drv_up(0);
	struct net_device_stats st;
	struct softnet_stats sn;

	netdev_set_stack(&fake_stack);
	drv_rx(a, 2);
	fake_softirq_run_net_rx(5);
	a->rx_dst0 = 0x01; /* multicast */
	drv_rx(a, 1);
	a->rx_dst0 = 0xff; /* broadcast */
	drv_rx(a, 1);
	fake_softirq_run_net_rx(5);
	ck_assert_int_eq(stack_nrx, 4);
	ck_assert_ptr_eq(stack_got[0]->dev, &a->dev);
	netdev_get_stats(&a->dev, &st);
	ck_assert_uint_eq(st.rx_packets, 4);
	ck_assert_uint_eq(st.rx_bytes, 240);
	ck_assert_uint_eq(a->napi.stats.rx_bytes, 240); /* the instance counts what it handed up */
	ck_assert_uint_eq(st.multicast, 2);
	ck_assert_uint_eq(st.rx_dropped, 0);
	ck_assert_uint_eq(st.rx_crc_errors, 11); /* folded in by the driver */
	ck_assert_uint_eq(a->dev.stats.rx_crc_errors, 0);
	softnet_get_stats(&sn);
	ck_assert_uint_eq(sn.processed, 4);
	ck_assert_int_eq(a->released, 4);

	/* The stack refusing a frame counts as a drop too. */
	stack_rx_verdict = NET_RX_DROP;
	drv_rx(a, 1);
	fake_softirq_run_net_rx(5);
	netdev_get_stats(&a->dev, &st);
	ck_assert_uint_eq(st.rx_dropped, 1);
}
END_TEST

START_TEST(test_receive_rejects_malformed)
{
	struct fake_drv *a = drv_up(0);
	struct netbuf *nb;

	netdev_set_stack(&fake_stack);
	nb = drv_rx_buf(a, 10);
	ck_assert_int_eq(netif_receive_from(&a->dev, nb, NETIF_RX_SOFTIRQ), NET_RX_DROP);
	ck_assert_uint_eq(a->dev.stats.rx_length_errors, 1);
	ck_assert_uint_eq(a->dev.stats.rx_errors, 1);
	ck_assert_uint_eq(a->dev.stats.rx_packets, 0);
	ck_assert_int_eq(a->released, 1);
	ck_assert(stub_printk_contains("eth0: dropping malformed frame (10 bytes"));
	ck_assert_int_eq(stack_nrx, 0);

	ck_assert_int_eq(netif_receive_from(NULL, drv_rx_buf(a, 60), NETIF_RX_SOFTIRQ),
			 NET_RX_DROP);
	ck_assert_int_eq(a->released, 2);
	ck_assert_int_eq(netif_receive_from(&a->dev, NULL, NETIF_RX_SOFTIRQ), NET_RX_DROP);
}
END_TEST

/*
 * The caller's word decides the path, not the CPU's interrupt flag: a frame
 * said to come from an interrupt waits in the backlog even with interrupts
 * on, and one from the softirq goes straight to the stack even with them off.
 */
START_TEST(test_receive_context_is_the_callers)
{
	struct fake_drv *a = drv_up(0);
	unsigned long flags;

	netdev_set_stack(&fake_stack);
	ck_assert_int_eq(netif_receive_from(&a->dev, drv_rx_buf(a, 60), NETIF_RX_IRQ),
			 NET_RX_SUCCESS);
	ck_assert_uint_eq(netdev_backlog_len(), 1);
	ck_assert_int_eq(stack_nrx, 0);
	flags = local_irq_save();
	ck_assert_int_eq(netif_receive_from(&a->dev, drv_rx_buf(a, 60), NETIF_RX_SOFTIRQ),
			 NET_RX_SUCCESS);
	local_irq_restore(flags);
	ck_assert_int_eq(stack_nrx, 1);
	ck_assert(stack_ran_in_irq); /* as told: the caller vouched for its context */
	stack_ran_in_irq = false;
	fake_softirq_run_net_rx(5);
	ck_assert_int_eq(stack_nrx, 2);
	ck_assert_uint_eq(a->dev.stats.rx_packets, 2);
}
END_TEST

/* napi_receive() takes the context from how the NAPI core runs the poll. */
START_TEST(test_napi_receive_follows_the_poll)
{
	struct fake_drv *a = drv_up(0);

	netdev_set_stack(&fake_stack);
	drv_rx(a, 3); /* napi mode: the interrupt schedules, the softirq polls */
	ck_assert_uint_eq(netdev_backlog_len(), 0);
	fake_softirq_run_net_rx(5);
	ck_assert_int_eq(stack_nrx, 3);
	ck_assert_int_eq(napi_set_mode(NAPI_MODE_IRQ), 0);
	drv_rx(a, 2); /* irq mode: polled inside the handler, so via the backlog */
	ck_assert_uint_eq(netdev_backlog_len(), 2);
	ck_assert_int_eq(stack_nrx, 3);
	fake_softirq_run_net_rx(5);
	ck_assert_int_eq(stack_nrx, 5);
	/* Bytes count where the frames are handed up, whichever way they then go. */
	ck_assert_uint_eq(a->napi.stats.rx_bytes, 5 * 60);
	ck_assert_uint_eq(a->napi.stats.rx_bytes, a->dev.stats.rx_bytes);
}
END_TEST

START_TEST(test_irq_mode_uses_backlog)
{
	struct fake_drv *a = drv_up(0);
	struct softnet_stats sn;

	netdev_set_stack(&fake_stack);
	ck_assert_int_eq(napi_set_mode(NAPI_MODE_IRQ), 0);
	drv_rx(a, 5);
	/* Polled in the handler, but the stack has not run inside it. */
	ck_assert_int_eq(a->rx_queue, 0);
	ck_assert_int_eq(stack_nrx, 0);
	ck_assert_uint_eq(netdev_backlog_len(), 5);
	ck_assert_uint_eq(a->dev.stats.rx_packets, 5);
	fake_softirq_run_net_rx(5);
	ck_assert_int_eq(stack_nrx, 5);
	ck_assert_uint_eq(netdev_backlog_len(), 0);
	ck_assert_int_eq(a->released, 5);
	softnet_get_stats(&sn);
	ck_assert_uint_eq(sn.processed, 5);
}
END_TEST

START_TEST(test_backlog_copies_frames_out_of_driver_buffers)
{
	struct fake_drv *a = drv_up(0);
	struct backlog_copy_stats before, after;

	netdev_set_stack(&fake_stack);
	backlog_get_copy_stats(&before);
	ck_assert_int_eq(napi_set_mode(NAPI_MODE_IRQ), 0);
	a->rx_dst0 = 0x5a;
	drv_rx(a, 5);
	ck_assert_uint_eq(netdev_backlog_len(), 5);
	backlog_get_copy_stats(&after);
	ck_assert_uint_eq(after.copied - before.copied, 5);
	/*
	 * The driver's buffers go back with the softirq's first step, before
	 * any queued frame is delivered: a deep backlog no longer holds them.
	 */
	stack_rx_verdict = NET_RX_SUCCESS;
	fake_softirq_run_net_rx(5);
	ck_assert_int_eq(a->released, 5);
	ck_assert_int_eq(stack_nrx, 5);
	/* The stack got copies with the same bytes, not the driver's buffers. */
	ck_assert_ptr_ne(stack_got[0]->data, a->mem[0]);
	ck_assert_ptr_ne(stack_got[0]->owner, a);
	ck_assert_uint_eq(stack_got[0]->data[0], 0x5a);
	ck_assert_uint_eq(stack_got[0]->len, 60);
}
END_TEST

/* napi.mode=irq's copy pool exists only while that mode is on, and leaves once its copies are home. */
START_TEST(test_backlog_copy_pool_only_in_irq_mode)
{
	struct fake_drv *a = drv_up(0);

	netdev_set_stack(&fake_stack);
	drv_rx(a, 2);
	fake_softirq_run_net_rx(5);
	ck_assert_int_eq(stack_nrx, 2);
	ck_assert(!backlog_copy_pool_allocated());

	ck_assert_int_eq(napi_set_mode(NAPI_MODE_IRQ), 0);
	ck_assert(backlog_copy_pool_allocated());
	ck_assert(stub_printk_contains("copy pool for napi.mode=irq: 1024 frames"));
	stack_keeps = true;
	drv_rx(a, 3);
	fake_softirq_run_net_rx(5);
	ck_assert_int_eq(stack_nrx, 5);

	/* Off again, but the stack still holds three copies: the pool stays. */
	ck_assert_int_eq(napi_set_mode(NAPI_MODE_NAPI), 0);
	fake_softirq_run_net_rx(5);
	ck_assert(backlog_copy_pool_allocated());
	for (int i = 2; i < 5; i++)
		netbuf_free(stack_got[i]);
	fake_softirq_run_net_rx(5);
	ck_assert(!backlog_copy_pool_allocated());

	/* And back when the mode is. */
	ck_assert_int_eq(napi_set_mode(NAPI_MODE_IRQ), 0);
	ck_assert(backlog_copy_pool_allocated());
}
END_TEST

START_TEST(test_backlog_full_drops)
{
	struct fake_drv *a = drv_up(0);
	struct softnet_stats sn;

	netdev_set_stack(&fake_stack);
	ck_assert_int_eq(netdev_set_max_backlog(4), 0);
	ck_assert_int_eq(napi_set_mode(NAPI_MODE_IRQ), 0);
	drv_rx(a, 10);
	ck_assert_uint_eq(netdev_backlog_len(), 4);
	ck_assert_uint_eq(a->dev.stats.rx_dropped, 6);
	ck_assert(stub_printk_contains("backlog: full (4 frames)"));
	/* Dropped buffers are returned by the softirq, not inside the handler. */
	ck_assert_int_eq(a->released, 0);
	ck_assert(netbuf_deferred_pending());
	fake_softirq_run_net_rx(5);
	ck_assert_int_eq(a->released, 10);
	ck_assert_int_eq(stack_nrx, 4);
	softnet_get_stats(&sn);
	ck_assert_uint_eq(sn.dropped, 6);
}
END_TEST

START_TEST(test_free_in_interrupt_is_deferred)
{
	struct fake_drv *a = drv_up(0);
	struct netbuf *nb = drv_rx_buf(a, 60);

	fake_hardirq_enter();
	netbuf_free(nb);
	fake_hardirq_exit();
	ck_assert_int_eq(a->released, 0);
	ck_assert(netbuf_deferred_pending());
	fake_softirq_run_net_rx(5);
	ck_assert_int_eq(a->released, 1);
	ck_assert(!netbuf_deferred_pending());
}
END_TEST

START_TEST(test_unregister_purges_backlog)
{
	struct fake_drv *a = drv_up(0), *b = drv_up(1);

	netdev_set_stack(&fake_stack);
	ck_assert_int_eq(napi_set_mode(NAPI_MODE_IRQ), 0);
	drv_rx(a, 3);
	drv_rx(b, 2);
	ck_assert_uint_eq(netdev_backlog_len(), 5);
	unregister_netdev(&a->dev);
	ck_assert_uint_eq(netdev_backlog_len(), 2);
	ck_assert_int_eq(a->released, 3);
	ck_assert_uint_eq(a->dev.stats.rx_dropped, 3);
	ck_assert(list_empty(&a->dev.napi_list));
	fake_softirq_run_net_rx(5);
	ck_assert_int_eq(stack_nrx, 2);
	ck_assert_int_eq(b->released, 2);
}
END_TEST

START_TEST(test_transmit_paths)
{
	struct fake_drv *a = drv_up(0);
	struct netbuf *nb = drv_rx_buf(a, 100);
	struct net_device_stats st;

	ck_assert_int_eq(netdev_start_xmit(&a->dev, nb), NETDEV_TX_OK);
	ck_assert_int_eq(a->xmits, 1);
	ck_assert(!a->xmit_saw_irqs_masked);
	netdev_get_stats(&a->dev, &st);
	ck_assert_uint_eq(st.tx_packets, 1);
	ck_assert_uint_eq(st.tx_bytes, 100);
	ck_assert_int_eq(a->released, 0); /* the driver owns it until completion */

	/* Stopped queue: refused, caller keeps the frame. */
	netif_stop_queue(&a->dev);
	ck_assert(netif_queue_stopped(&a->dev));
	nb = drv_rx_buf(a, 60);
	ck_assert_int_eq(netdev_start_xmit(&a->dev, nb), NETDEV_TX_BUSY);
	ck_assert_int_eq(a->xmits, 1);
	ck_assert_uint_eq(a->dev.tx_busy, 1);
	ck_assert_uint_eq(a->dev.tx_queue_stops, 1);
	netif_wake_queue(&a->dev);

	/* The driver itself refusing. */
	a->xmit_busy = true;
	ck_assert_int_eq(netdev_start_xmit(&a->dev, nb), NETDEV_TX_BUSY);
	ck_assert_uint_eq(a->dev.tx_busy, 2);
	a->xmit_busy = false;

	/* Link down: consumed as a drop. */
	netif_carrier_off(&a->dev);
	ck_assert_int_eq(netdev_start_xmit(&a->dev, nb), NETDEV_TX_OK);
	ck_assert_uint_eq(a->dev.stats.tx_dropped, 1);
	ck_assert_int_eq(a->released, 1);
	netif_carrier_on(&a->dev);

	/* irq mode: the driver's poll may run from its interrupt, so transmit masks. */
	ck_assert_int_eq(napi_set_mode(NAPI_MODE_IRQ), 0);
	ck_assert_int_eq(netdev_start_xmit(&a->dev, drv_rx_buf(a, 60)), NETDEV_TX_OK);
	ck_assert(a->xmit_saw_irqs_masked);
	ck_assert_int_eq(fake_irq_save_depth(), 0);
	ck_assert_uint_eq(a->dev.stats.tx_packets, 2);

	/* Nonsense from the caller is logged and swallowed. */
	ck_assert_int_eq(netdev_start_xmit(&a->dev, NULL), NETDEV_TX_OK);
	ck_assert(stub_printk_contains("netdev_start_xmit: called without a netbuf"));
	ck_assert_int_eq(netdev_start_xmit(NULL, drv_rx_buf(a, 60)), NETDEV_TX_OK);
	ck_assert_int_eq(a->released, 2);
}
END_TEST

START_TEST(test_rx_drop_helpers_and_ethtool)
{
	struct fake_drv *a = drv_up(0);
	struct ethtool_stat es[8];
	struct softnet_stats sn;

	netdev_rx_missed(&a->dev, 4);
	netdev_rx_dropped(&a->dev, 2);
	ck_assert_uint_eq(a->dev.stats.rx_missed_errors, 4);
	ck_assert_uint_eq(a->dev.stats.rx_dropped, 2);
	softnet_get_stats(&sn);
	ck_assert_uint_eq(sn.dropped, 6);

	ck_assert_int_eq(netdev_get_ethtool_stats(&a->dev, es, 8), 3);
	ck_assert_str_eq(es[1].name, "tx_restarts");
	ck_assert_uint_eq(es[2].value, 102);
	ck_assert_int_eq(netdev_get_ethtool_stats(&a->dev, es, 2), 2);
	ck_assert_int_eq(netdev_get_ethtool_stats(&a->dev, es, 0), 0);
}
END_TEST

START_TEST(test_multicast_filter)
{
	struct fake_drv *a = drv_up(0);
	u8 mc[ETH_ALEN] = { 0x33, 0x33, 0xff, 0, 0, 1 };
	u8 uc[ETH_ALEN] = { 0x52, 0x54, 0, 0, 0, 1 };
	int calls = a->rx_mode_calls;

	ck_assert_int_eq(netdev_mc_add(&a->dev, uc), -EINVAL);
	ck_assert(stub_printk_contains("52:54:00:00:00:01 is not a multicast address"));
	ck_assert_int_eq(netdev_mc_add(&a->dev, mc), 0);
	ck_assert_int_eq(netdev_mc_add(&a->dev, mc), 0);
	ck_assert_int_eq(a->dev.mc_count, 1);
	ck_assert_int_eq(a->rx_mode_calls, calls + 1);
	ck_assert_int_eq(netdev_mc_del(&a->dev, mc), 0);
	ck_assert_int_eq(a->dev.mc_count, 1); /* still one user */
	ck_assert_int_eq(netdev_mc_del(&a->dev, mc), 0);
	ck_assert_int_eq(a->dev.mc_count, 0);
	ck_assert_int_eq(netdev_mc_del(&a->dev, mc), -ENOENT);

	for (int i = 0; i < NETDEV_MC_MAX + 2; i++) {
		mc[5] = (u8)i;
		ck_assert_int_eq(netdev_mc_add(&a->dev, mc), 0);
	}
	ck_assert_int_eq(a->dev.mc_count, NETDEV_MC_MAX);
	ck_assert(a->dev.flags & IFF_ALLMULTI);
	ck_assert(stub_printk_contains("receiving all multicast"));
	mc[5] = 0;
	ck_assert_int_eq(netdev_mc_del(&a->dev, mc), 0);
	ck_assert_int_eq(a->dev.mc_count, NETDEV_MC_MAX - 1);
	/* The first entry went; the rest moved up in order. */
	ck_assert_uint_eq(a->dev.mc_list[0][5], 1);
	mc[5] = 200; /* an overflowed one */
	ck_assert_int_eq(netdev_mc_del(&a->dev, mc), 0);
	ck_assert(a->dev.flags & IFF_ALLMULTI);
	ck_assert_int_eq(netdev_mc_del(&a->dev, mc), 0);
	ck_assert(!(a->dev.flags & IFF_ALLMULTI));

	netdev_set_promisc(&a->dev, true);
	ck_assert(a->dev.flags & IFF_PROMISC);
	ck_assert(stub_printk_contains("eth0: promiscuous mode on"));
}
END_TEST

START_TEST(test_open_close)
{
	struct fake_drv *a = drv_create(0, NULL);

	ck_assert_int_eq(dev_open(&a->dev), -ENODEV);
	ck_assert_int_eq(register_netdev(&a->dev), 0);
	ck_assert_int_eq(dev_open(&a->dev), 0);
	ck_assert_int_eq(dev_open(&a->dev), 0);
	ck_assert_int_eq(a->opens, 1);
	ck_assert(a->dev.flags & IFF_UP);
	ck_assert_int_eq(a->rx_mode_calls, 1);
	ck_assert_int_eq(dev_close(&a->dev), 0);
	ck_assert(!(a->dev.flags & IFF_UP));
	ck_assert_int_eq(a->stops, 1);
	/* Closed devices do not transmit. */
	ck_assert_int_eq(netdev_start_xmit(&a->dev, drv_rx_buf(a, 60)), NETDEV_TX_OK);
	ck_assert_int_eq(a->xmits, 0);
	ck_assert_uint_eq(a->dev.stats.tx_dropped, 1);
}
END_TEST

START_TEST(test_netbuf_segments)
{
	u8 a[4] = { 1, 2, 3, 4 }, b[3] = { 5, 6, 7 }, c[2] = { 8, 9 };
	struct netbuf s1, s2, s3;
	u8 out[16];

	netbuf_init(&s1, a, sizeof(a), 0, NULL, NULL);
	netbuf_init(&s2, b, sizeof(b), 0, NULL, NULL);
	netbuf_init(&s3, c, sizeof(c), 0, NULL, NULL);
	s1.next = &s2;
	s2.next = &s3;
	s1.tot_len = 9;
	ck_assert_uint_eq(netbuf_nr_segs(&s1), 3);
	ck_assert_uint_eq(netbuf_copy_out(&s1, 0, out, sizeof(out)), 9);
	for (int i = 0; i < 9; i++)
		ck_assert_uint_eq(out[i], i + 1);
	memset(out, 0, sizeof(out));
	ck_assert_uint_eq(netbuf_copy_out(&s1, 3, out, 5), 5);
	ck_assert_uint_eq(out[0], 4);
	ck_assert_uint_eq(out[4], 8);
	ck_assert_uint_eq(netbuf_copy_out(&s1, 20, out, 5), 0);
	/* Inside the first segment (the one-copy path), up to its very end and no further. */
	memset(out, 0, sizeof(out));
	ck_assert_uint_eq(netbuf_copy_out(&s1, 1, out, 3), 3);
	ck_assert_uint_eq(out[0], 2);
	ck_assert_uint_eq(out[2], 4);
	ck_assert_uint_eq(out[3], 0);
	ck_assert_uint_eq(netbuf_copy_out(&s1, 4, out, 0), 0);
	ck_assert_uint_eq(netbuf_copy_out(&s1, 3, out, 2), 2);
	ck_assert_uint_eq(out[0], 4);
	ck_assert_uint_eq(out[1], 5);
	netbuf_free(&s1); /* no owner: nothing to do, nothing breaks */
	netbuf_free(NULL);
}
END_TEST

static int collect_param(const char *name, const char *value, void *ctx)
{
	char *buf = ctx;

	strcat(buf, name);
	strcat(buf, "=");
	strcat(buf, value);
	strcat(buf, " ");
	return 0;
}

START_TEST(test_params_by_name)
{
	char buf[256] = "";

	ck_assert_int_eq(net_param_set("net.budget", "600"), 0);
	ck_assert_int_eq(net_get_budget(), 600);
	ck_assert_int_eq(net_param_set("net.budget", "60x"), -EINVAL);
	ck_assert(stub_printk_contains("net.budget: '60x' is not a number"));
	ck_assert_int_eq(net_param_set("net.budget", ""), -EINVAL);
	ck_assert_int_eq(net_param_set("net.budget", "0"), -EINVAL);
	ck_assert_int_eq(net_get_budget(), 600);
	ck_assert_int_eq(net_param_set("net.budget_usecs", "4000"), 0);
	ck_assert_int_eq(net_param_set("net.max_backlog", "0"), -EINVAL);
	ck_assert_int_eq(net_param_set("net.max_backlog", "50"), 0);
	ck_assert_int_eq(netdev_get_max_backlog(), 50);
	ck_assert_int_eq(net_param_set("napi.mode", "busypoll"), 0);
	ck_assert_int_eq(napi_get_mode(), NAPI_MODE_BUSYPOLL);
	ck_assert_int_eq(net_param_set("napi.mode", "fast"), -EINVAL);
	ck_assert(stub_printk_contains("napi.mode: 'fast' is not one of napi, irq, busypoll"));
	ck_assert_int_eq(net_param_set("net.nope", "1"), -ENOENT);
	ck_assert(stub_printk_contains("unknown parameter 'net.nope'"));

	ck_assert_int_eq(net_param_get("net.budget_usecs", buf, sizeof(buf)), 0);
	ck_assert_str_eq(buf, "4000");
	ck_assert_int_eq(net_param_get("nope", buf, sizeof(buf)), -ENOENT);
	buf[0] = 0;
	net_param_for_each(collect_param, buf);
	ck_assert_str_eq(buf, "net.budget=600 net.budget_usecs=4000 net.max_backlog=50 "
			      "napi.mode=busypoll net.gro=off net.napi_defer_hard_irqs=0 "
			      "net.gro_flush_timeout=0 ");
	napi_set_mode(NAPI_MODE_NAPI);
	net_set_budget(NET_BUDGET_DEFAULT);
	net_set_budget_usecs(NET_BUDGET_USECS_DEFAULT);
}
END_TEST

START_TEST(test_params_from_cmdline)
{
	cmdline_init(
	    "console=ttyS0 napi.mode=irq net.budget=64 net.budget_usecs=abc net.max_backlog");
	ck_assert_int_eq(net_params_from_cmdline(), 2);
	ck_assert_int_eq(napi_get_mode(), NAPI_MODE_IRQ);
	ck_assert_int_eq(net_get_budget(), 64);
	ck_assert_int_eq(net_get_budget_usecs(), NET_BUDGET_USECS_DEFAULT);
	ck_assert(stub_printk_contains("net.budget_usecs: 'abc' is not a number"));
	ck_assert(stub_printk_contains("net.max_backlog on the command line needs a value"));
	ck_assert_int_eq(netdev_get_max_backlog(), NET_MAX_BACKLOG_DEFAULT);

	/* net_core_init() applies them too; '-' and '_' are the same in keys. */
	cmdline_init("napi.mode=busypoll net.budget-usecs=900");
	net_core_init();
	ck_assert_int_eq(napi_get_mode(), NAPI_MODE_BUSYPOLL);
	ck_assert_int_eq(net_get_budget_usecs(), 900);

	cmdline_init("");
	napi_set_mode(NAPI_MODE_NAPI);
	net_set_budget(NET_BUDGET_DEFAULT);
	net_set_budget_usecs(NET_BUDGET_USECS_DEFAULT);
}
END_TEST

static Suite *netdev_suite(void)
{
	Suite *s = suite_create("netdev");
	TCase *tc = tcase_create("netdev");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_names_assigned_in_order);
	tcase_add_test(tc, test_register_rejects_bad_devices);
	tcase_add_test(tc, test_for_each_and_stack_notifications);
	tcase_add_test(tc, test_carrier_messages);
	tcase_add_test(tc, test_carrier_from_interrupt_is_reported_later);
	tcase_add_test(tc, test_receive_without_stack_is_counted_drop);
	tcase_add_test(tc, test_receive_delivers_and_counts);
	tcase_add_test(tc, test_receive_rejects_malformed);
	tcase_add_test(tc, test_irq_mode_uses_backlog);
	tcase_add_test(tc, test_backlog_full_drops);
	tcase_add_test(tc, test_backlog_copies_frames_out_of_driver_buffers);
	tcase_add_test(tc, test_receive_context_is_the_callers);
	tcase_add_test(tc, test_napi_receive_follows_the_poll);
	tcase_add_test(tc, test_backlog_copy_pool_only_in_irq_mode);
	tcase_add_test(tc, test_free_in_interrupt_is_deferred);
	tcase_add_test(tc, test_unregister_purges_backlog);
	tcase_add_test(tc, test_transmit_paths);
	tcase_add_test(tc, test_rx_drop_helpers_and_ethtool);
	tcase_add_test(tc, test_multicast_filter);
	tcase_add_test(tc, test_open_close);
	tcase_add_test(tc, test_netbuf_segments);
	tcase_add_test(tc, test_params_by_name);
	tcase_add_test(tc, test_params_from_cmdline);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(netdev_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
