// SPDX-License-Identifier: BSD-2-Clause
/* The status page's address list; what it means is in webstatus_allow.h. */
#define pr_fmt(fmt) "webstatus: " fmt

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/console/printk.h"
#include "lwip/netif.h"
#include "net/services/webstatus/webstatus_allow.h"

/* Longest textual entry: a full IPv6 address and "/128". */
#define ENTRY_MAX 48

static bool prefix_match(const u8 *a, const u8 *b, unsigned int bits)
{
	unsigned int whole = bits / 8, rest = bits % 8;

	if (memcmp(a, b, whole))
		return false;
	if (!rest)
		return true;
	return ((a[whole] ^ b[whole]) & (u8)(0xff << (8 - rest))) == 0;
}

static const u8 *addr_bytes(const ip_addr_t *a)
{
	return IP_IS_V6(a) ? (const u8 *)ip_2_ip6(a)->addr : (const u8 *)&ip_2_ip4(a)->addr;
}

static int parse_entry(const char *text, size_t len, ip_addr_t *addr, u8 *prefix)
{
	char buf[ENTRY_MAX + 1], *slash;
	unsigned int max, bits;

	if (!len || len > ENTRY_MAX)
		return -EINVAL;
	memcpy(buf, text, len);
	buf[len] = '\0';
	slash = strchr(buf, '/');
	if (slash)
		*slash = '\0';
	if (!ipaddr_aton(buf, addr))
		return -EINVAL;
	max = IP_IS_V6(addr) ? 128 : 32;
	bits = max;
	if (slash) {
		char *end;
		unsigned long v = strtoul(slash + 1, &end, 10);

		if (end == slash + 1 || *end || v > max)
			return -EINVAL;
		bits = (unsigned int)v;
	}
	*prefix = (u8)bits;
	return 0;
}

int ws_allow_parse(const char *list, struct ws_allow *out)
{
	struct ws_allow a = { .listed = true };
	const char *p = list;

	while (*p) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);

		if (a.n == WS_ALLOW_MAX) {
			pr_err("webstatus.allow: more than %d entries\n", WS_ALLOW_MAX);
			return -EINVAL;
		}
		if (parse_entry(p, len, &a.net[a.n].addr, &a.net[a.n].prefix)) {
			pr_err("webstatus.allow: '%.*s' is not an address or ADDRESS/PREFIX\n",
			       (int)MIN(len, (size_t)ENTRY_MAX), p);
			return -EINVAL;
		}
		a.n++;
		p += len;
		if (*p == ',')
			p++;
	}
	if (!a.n) {
		pr_err("webstatus.allow: empty list\n");
		return -EINVAL;
	}
	*out = a;
	return 0;
}

static bool attached(const ip_addr_t *remote)
{
	struct netif *netif;

	NETIF_FOREACH(netif)
	{
		if (IP_IS_V4(remote)) {
			const ip4_addr_t *ip = netif_ip4_addr(netif),
					 *mask = netif_ip4_netmask(netif);

			if (!ip4_addr_isany(ip) && ip4_addr_netcmp(ip_2_ip4(remote), ip, mask))
				return true;
			continue;
		}
		for (int i = 0; i < LWIP_IPV6_NUM_ADDRESSES; i++)
			if (ip6_addr_isvalid(netif_ip6_addr_state(netif, i)) &&
			    prefix_match((const u8 *)netif_ip6_addr(netif, i)->addr,
					 (const u8 *)ip_2_ip6(remote)->addr, 64))
				return true;
	}
	return false;
}

bool ws_allow_match(const struct ws_allow *a, const ip_addr_t *remote)
{
	if (!a->listed)
		return attached(remote);
	for (unsigned int i = 0; i < a->n; i++)
		if (IP_GET_TYPE(&a->net[i].addr) == IP_GET_TYPE(remote) &&
		    prefix_match(addr_bytes(&a->net[i].addr), addr_bytes(remote), a->net[i].prefix))
			return true;
	return false;
}

void ws_allow_describe(const struct ws_allow *a, char *buf, size_t len)
{
	size_t used = 0;

	if (!a->listed || !len) {
		snprintf(buf, len, "attached subnets");
		return;
	}
	buf[0] = '\0';
	for (unsigned int i = 0; i < a->n && used < len; i++) {
		char ip[IPADDR_STRLEN_MAX];

		ipaddr_ntoa_r(&a->net[i].addr, ip, sizeof(ip));
		used += (size_t)snprintf(buf + used, len - used, "%s%s/%u", i ? "," : "", ip,
					 a->net[i].prefix);
	}
}
