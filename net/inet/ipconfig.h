/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The `ip=` kernel parameter, in Linux's syntax (Documentation/filesystems/
 * nfs/nfsroot in Linux describes the original):
 *
 *   ip=dhcp | on | any          DHCP (the default when ip= is absent)
 *   ip=off | none               no IPv4 configuration
 *   ip=<client-ip>:<server-ip>:<gw-ip>:<netmask>:<hostname>:<device>:<autoconf>
 *      [:<dns0-ip>:<dns1-ip>:<ntp0-ip>]
 *
 * Every field may be empty. autoconf is off/none (static), on/any/dhcp, or
 * empty: static when a client address is given, DHCP otherwise. An empty
 * netmask with a static address takes the address's class default. An empty
 * device means every device for DHCP, the first device for a static address.
 * The DNS and NTP fields are checked and ignored (napkin has no resolver).
 *
 * This file only parses; net/lwip/ipconfig.c applies the result.
 */
#ifndef NAPKIN_NET_IPCONFIG_H
#define NAPKIN_NET_IPCONFIG_H

#include "kernel/core/compiler.h"

#define IPCONFIG_HOSTNAME_MAX 64 /* bytes, including the NUL */
#define IPCONFIG_DEVICE_MAX   16 /* IFNAMSIZ */

enum ipconfig_mode {
	IPCONFIG_DHCP,
	IPCONFIG_STATIC,
	IPCONFIG_OFF,
};

/* IPv4 addresses are kept as the four bytes in wire order (a.b.c.d = {a, b, c, d}). */
struct ipconfig {
	enum ipconfig_mode mode;
	u8 client[4];
	u8 server[4];
	u8 gateway[4];
	u8 netmask[4];
	bool has_client, has_server, has_gateway, has_netmask;
	/* true when the netmask was derived from the address class, not given */
	bool netmask_defaulted;
	char hostname[IPCONFIG_HOSTNAME_MAX]; /* "" when not given */
	char device[IPCONFIG_DEVICE_MAX];     /* "" when not given */
	/* ipv6.disable=1 (not part of ip=): no IPv6 addresses, so no IPv6 traffic at all */
	bool ipv6_disabled;
};

/* DHCP on every device, no hostname: what an absent ip= means. */
void ipconfig_set_default(struct ipconfig *cfg);

/*
 * Parse an ip= value. 0: *cfg holds the result. -EINVAL: the value is
 * malformed; one message naming the offending field and value was logged
 * ("ip: field 4 (netmask): ...") and *cfg holds the default.
 */
int ipconfig_parse(const char *value, struct ipconfig *cfg);

/* Strict dotted quad "a.b.c.d", each 0..255 in decimal. Returns 0 or -EINVAL. */
int ipconfig_parse_ipv4(const char *s, size_t len, u8 out[4]);

/* Prefix length of a contiguous netmask, or -1 when it is not contiguous. */
int ipconfig_netmask_prefix(const u8 mask[4]);

const char *ipconfig_mode_name(enum ipconfig_mode mode);

#endif
