// SPDX-License-Identifier: BSD-2-Clause
/* Collectors shared by the shell and the web status page (net/net_stats.h). */
#include <string.h>
#include "net/net_stats.h"

static const struct net_stats_stack_ops *stack;

void net_stats_set_stack(const struct net_stats_stack_ops *ops)
{
	stack = ops;
}

void softnet_snapshot(struct softnet_snapshot *out)
{
	softnet_get_stats(&out->sn);
	backlog_get_copy_stats(&out->copy);
	out->backlog_len = netdev_backlog_len();
}

const char *napi_state_name(unsigned long st)
{
	if (st & NAPIF_STATE_NPSVC)
		return "netpoll";
	if (st & NAPIF_STATE_POLLING)
		return "polling";
	if (st & NAPIF_STATE_DISABLE)
		return "disabled";
	if (st & NAPIF_STATE_SCHED)
		return "scheduled";
	return "idle";
}

void netdev_get_addrs(struct net_device *dev, struct netdev_addrs *out)
{
	memset(out, 0, sizeof(*out));
	if (stack && stack->get_addrs)
		stack->get_addrs(dev, out);
}

int net_pool_stat(int idx, struct net_pool_stat *out)
{
	if (!stack || !stack->pool_stat || idx < 0)
		return -1;
	return stack->pool_stat(idx, out);
}
