// SPDX-License-Identifier: BSD-2-Clause
/* `webstatus`: the status page's settings and every counter it keeps. */
#include "kernel/console/shell.h"
#include "net/services/webstatus/webstatus.h"

static int cmd_webstatus(int argc, char **argv)
{
	const struct webstatus_stats *w = &webstatus_stats;
	char who[160];

	if (!webstatus_config.enabled)
		shell_printf("webstatus: off (webstatus=off on the command line)\n");
	else
		shell_printf("webstatus: %s on TCP port %u, at most %u connections\n",
			     webstatus_config.running ? "serving" : "NOT serving (see the log)",
			     webstatus_config.port, webstatus_config.max_conns);
	ws_allow_describe(&webstatus_config.allow, who, sizeof(who));
	shell_printf("readable from: %s\n", who);
	shell_printf("connections %llu refused %llu forbidden %llu active %llu (high-water %llu)\n",
		     (unsigned long long)w->connections, (unsigned long long)w->refused,
		     (unsigned long long)w->forbidden, (unsigned long long)w->active,
		     (unsigned long long)w->active_hwm);
	shell_printf("requests %llu ok %llu not_found %llu bad_requests %llu bad_methods %llu "
		     "too_large %llu\n",
		     (unsigned long long)w->requests, (unsigned long long)w->ok,
		     (unsigned long long)w->not_found, (unsigned long long)w->bad_requests,
		     (unsigned long long)w->bad_methods, (unsigned long long)w->too_large);
	shell_printf("header_timeouts %llu idle_closes %llu send_timeouts %llu no_memory %llu "
		     "truncated %llu errors %llu\n",
		     (unsigned long long)w->header_timeouts, (unsigned long long)w->idle_closes,
		     (unsigned long long)w->send_timeouts, (unsigned long long)w->no_memory,
		     (unsigned long long)w->truncated, (unsigned long long)w->errors);
	shell_printf("overflows %llu deferred %llu build_ns_max %llu rx_bytes %llu tx_bytes %llu\n",
		     (unsigned long long)w->overflows, (unsigned long long)w->deferred,
		     (unsigned long long)w->build_ns_max, (unsigned long long)w->rx_bytes,
		     (unsigned long long)w->tx_bytes);
	return 0;
}

static struct shell_cmd webstatus_cmd = {
	.name = "webstatus",
	.usage = "webstatus",
	.help = "the web status page: settings and counters",
	.run = cmd_webstatus,
};

void webstatus_shell_init(void)
{
	shell_register(&webstatus_cmd);
}
