/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Starting napkin's network stack. net_init() is a stack initcall
 * (kernel/core/initcall.h): it runs once, after the net core's core initcall
 * (NAPI, backlog), the PCI scan and the NIC drivers' probes, and before the
 * services' service initcall (net/services/services.c) and main_loop(). It
 * needs: the command line parsed (cmdline_init), the clock calibrated
 * (ktime_get_ns), and loop hooks still accepted. It does not need any device
 * to exist: devices registered later are picked up when they register.
 *
 * Command line:
 *   ip=       IPv4 configuration, Linux syntax (net/inet/ipconfig.h); default dhcp
 *   ip.<dev>= the same syntax for one device (ip.eth1=10.0.1.2:::255.255.255.0),
 *             which then ignores ip=: each port of a multi-port NIC its own
 *             address. Read for the devices registered when net_init() runs.
 *   ipv6.disable=1  no IPv6 on any device (Linux's parameter)
 *   net.tx=   zerocopy (default) or copy: how frames reach the driver
 */
#ifndef NAPKIN_NET_NET_INIT_H
#define NAPKIN_NET_NET_INIT_H

/* Hosted tests call it themselves, then net_services_start(). */
void net_init(void);

#endif
