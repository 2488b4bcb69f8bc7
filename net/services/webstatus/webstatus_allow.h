/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Who may read the status page: `webstatus.allow=CIDR[,CIDR...]` (IPv4 and
 * IPv6 prefixes), or by default the subnets napkin is directly attached to,
 * as its interfaces' addresses stand when a client connects (the IPv4
 * address and netmask of each interface; each valid IPv6 address's /64,
 * link-local included). docs/WEBSTATUS.md.
 */
#ifndef NAPKIN_NET_SERVICES_WEBSTATUS_ALLOW_H
#define NAPKIN_NET_SERVICES_WEBSTATUS_ALLOW_H

#include "kernel/core/compiler.h"
#include "lwip/ip_addr.h"

#define WS_ALLOW_MAX 16

struct ws_allow {
	bool listed; /* false: the attached subnets */
	unsigned int n;
	struct {
		ip_addr_t addr;
		u8 prefix;
	} net[WS_ALLOW_MAX];
};

/*
 * Parses a comma-separated list into out. On a bad entry, logs which one and
 * why and returns -EINVAL, leaving out as it was.
 */
int ws_allow_parse(const char *list, struct ws_allow *out);
bool ws_allow_match(const struct ws_allow *a, const ip_addr_t *remote);
/* "attached subnets" or the list as CIDRs, for the log and the shell. */
void ws_allow_describe(const struct ws_allow *a, char *buf, size_t len);

#endif
