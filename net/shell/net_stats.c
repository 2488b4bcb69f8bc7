// SPDX-License-Identifier: BSD-2-Clause
/* Collectors shared by the shell and the web status page (net/shell/net_stats.h). */
#include <string.h>
#include "net/core/netdev_stack.h"
#include "net/shell/net_stats.h"

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
	out->gro = gro_stats;
	out->gro_on = gro_enabled();
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

void net_stack_stat(struct net_stack_stat *out)
{
	memset(out, 0, sizeof(*out));
	if (stack && stack->stack_stat)
		stack->stack_stat(out);
}

int net_service_stat(int idx, struct net_service_stat *out)
{
	if (!stack || !stack->service_stat || idx < 0)
		return -1;
	return stack->service_stat(idx, out);
}

int net_dev_rx_stat(struct net_device *dev, struct net_dev_rx_stat *out)
{
	memset(out, 0, sizeof(*out));
	if (!stack || !stack->dev_rx_stat || !dev)
		return -1;
	return stack->dev_rx_stat(dev, out);
}
