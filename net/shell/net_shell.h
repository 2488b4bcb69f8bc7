/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef NAPKIN_NET_NET_SHELL_H
#define NAPKIN_NET_NET_SHELL_H

struct net_device;

/* What the shell shows from the TCP/IP stack, registered by its glue. */
struct net_shell_stack_ops {
	void (*show_routes)(void);
};

void net_shell_set_stack(const struct net_shell_stack_ops *ops);
/* `sink` and `set sink.touch`; reads sink.touch= (net/shell/sink_shell.c). */
void sink_shell_init(void);

#endif
