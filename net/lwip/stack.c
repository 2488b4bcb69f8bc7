// SPDX-License-Identifier: BSD-2-Clause
/*
 * lwIP as napkin's stack: initialisation, the netdev hooks, and the main loop
 * hook that runs lwIP's timeouts and retries frames a full ring refused.
 */
#define pr_fmt(fmt) "lwip: " fmt

#include "kernel/core/loop.h"
#include "kernel/console/printk.h"
#include "kernel/core/time.h"
#include "lwip/init.h"
#include "lwip/priv/tcp_priv.h"
#include "lwip/timeouts.h"
#include "net/core/netdev_stack.h"
#include "net/lwip/capacity.h"
#include "net/lwip/glue.h"

static const struct netdev_stack_ops lwip_stack_ops = {
	.rx = glue_rx,
	.dev_added = glue_dev_added,
	.dev_removed = glue_dev_removed,
	.link_changed = glue_link_changed,
	.tx_woken = glue_tx_woken,
};

static u64 lwip_loop_hook(u64 now_ns)
{
	return lwip_stack_poll(now_ns);
}

static struct loop_hook lwip_hook = {
	.name = "lwip",
	.run = lwip_loop_hook,
};

u64 lwip_stack_poll(u64 now_ns)
{
	bool kick_tcp = false;
	u32 ms;

	/* Before the TCP timers: a state of lwIP's that they would assert on. */
	glue_tcp_persist_repair();
	sys_check_timeouts();
	for (struct glue_if *gif = glue_if_first(); gif; gif = glue_if_next(gif)) {
		glue_tx_flush(gif);
		if (gif->tcp_refused && !gif->pending_len) {
			gif->tcp_refused = false;
			kick_tcp = true;
		}
	}
	/* Segments TCP could not hand down earlier: its queues kept them, send now. */
	if (kick_tcp)
		tcp_txnow();
	/* lwIP is done for this round: its output bursts are complete. */
	glue_gso_flush_all();
	ms = sys_timeouts_sleeptime();
	if (ms == SYS_TIMEOUTS_SLEEPTIME_INFINITE)
		return UINT64_MAX;
	return now_ns + (u64)ms * NSEC_PER_MSEC;
}

void lwip_stack_init(const struct ipconfig *cfg, enum lwip_tx_mode tx_mode)
{
	/* Before lwip_init(): its first allocations already go through the budget. */
	lwip_capacity_init();
	lwip_init();
	glue_tx_init();
	glue_tx_set_mode(tx_mode);
	glue_ipconfig_init(cfg);
	loop_add_hook(&lwip_hook);
	glue_netconsole_init();
	glue_shell_init();
	pr_info("lwIP " LWIP_VERSION_STRING " up: IPv4 %s, IPv6 %s, tx %s\n",
		ipconfig_mode_name(lwip_stack_ipconfig()->mode),
		lwip_stack_ipconfig()->ipv6_disabled ? "off" : "link-local/SLAAC",
		tx_mode == LWIP_TX_COPY ? "copy" : "zero-copy");
	/* Reports every device registered so far; later ones as they register. */
	netdev_set_stack(&lwip_stack_ops);
}
