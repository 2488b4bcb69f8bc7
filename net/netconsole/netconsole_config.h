/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Parsing Linux's netconsole= syntax:
 *   [+][src-port]@[src-ip]/[dev],[tgt-port]@tgt-ip/[tgt-mac]
 * with several targets separated by ';'. '+' selects the extended format.
 * napkin also takes the word "broadcast" for tgt-ip: the broadcast address
 * of the subnet the device's address is in, known once it has one (from DHCP
 * too), for a LAN where the listener's address is not known in advance.
 */
#ifndef NAPKIN_NET_NETCONSOLE_CONFIG_H
#define NAPKIN_NET_NETCONSOLE_CONFIG_H

#include "kernel/core/compiler.h"

#define NETCONSOLE_LOCAL_PORT  6665
#define NETCONSOLE_REMOTE_PORT 6666
#define NETCONSOLE_MAX_TARGETS 4
/* tgt-ip meaning "the broadcast address of the device's subnet" */
#define NETCONSOLE_SUBNET_BROADCAST "broadcast"

struct netconsole_config {
	bool extended;
	u16 local_port, remote_port;
	u32 local_ip;	       /* 0: the device's own address */
	u32 remote_ip;	       /* 0 until known when subnet_broadcast */
	bool subnet_broadcast; /* tgt-ip was "broadcast" */
	char dev_name[16];     /* empty: the first device with a link */
	u8 remote_mac[6];
	bool mac_given;
};

/*
 * Parses one target. Returns 0, or -EINVAL with *why naming the field that
 * is wrong (a static string).
 */
int netconsole_parse_target(const char *spec, size_t len, struct netconsole_config *cfg,
			    const char **why);
/*
 * Parses a ';'-separated list into cfgs (at most max). Returns the number of
 * targets, or -EINVAL with *why and *bad_index set for the first bad one.
 */
int netconsole_parse(const char *spec, struct netconsole_config *cfgs, int max, const char **why,
		     int *bad_index);
/* Parses dotted-quad IPv4 into host byte order; false if malformed. */
bool parse_ipv4(const char *s, size_t len, u32 *out);

#endif
