// SPDX-License-Identifier: BSD-2-Clause
#include <errno.h>
#include <string.h>
#include "net/netconsole/netconsole_config.h"

static const char *find(const char *s, const char *end, char c)
{
	for (; s < end; s++)
		if (*s == c)
			return s;
	return NULL;
}

static bool parse_uint(const char *s, const char *end, u32 max, u32 *out)
{
	u32 v = 0;

	if (s == end)
		return false;
	for (; s < end; s++) {
		if (*s < '0' || *s > '9')
			return false;
		v = v * 10 + (u32)(*s - '0');
		if (v > max)
			return false;
	}
	*out = v;
	return true;
}

bool parse_ipv4(const char *s, size_t len, u32 *out)
{
	const char *end = s + len;
	u32 ip = 0;

	for (int i = 0; i < 4; i++) {
		const char *dot = i < 3 ? find(s, end, '.') : end;
		u32 octet;

		if (!dot || dot - s > 3 || !parse_uint(s, dot, 255, &octet))
			return false;
		ip = ip << 8 | octet;
		s = dot + 1;
	}
	*out = ip;
	return true;
}

static int hex(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static bool parse_mac(const char *s, const char *end, u8 mac[6])
{
	if (end - s != 17)
		return false;
	for (int i = 0; i < 6; i++) {
		int hi = hex(s[3 * i]), lo = hex(s[3 * i + 1]);

		if (hi < 0 || lo < 0 || (i < 5 && s[3 * i + 2] != ':'))
			return false;
		mac[i] = (u8)(hi << 4 | lo);
	}
	return true;
}

int netconsole_parse_target(const char *spec, size_t len, struct netconsole_config *cfg,
			    const char **why)
{
	const char *s = spec, *end = spec + len;
	const char *at, *slash, *comma;
	u32 v;

	memset(cfg, 0, sizeof(*cfg));
	cfg->local_port = NETCONSOLE_LOCAL_PORT;
	cfg->remote_port = NETCONSOLE_REMOTE_PORT;
	if (s < end && *s == '+') {
		cfg->extended = true;
		s++;
	}
	comma = find(s, end, ',');
	if (!comma) {
		*why = "missing ',' between the local and the remote part";
		return -EINVAL;
	}
	/* Local part: [src-port]@[src-ip]/[dev] */
	at = find(s, comma, '@');
	if (!at) {
		*why = "missing '@' in the local part";
		return -EINVAL;
	}
	if (at > s) {
		if (!parse_uint(s, at, 65535, &v) || v == 0) {
			*why = "source port is not a number from 1 to 65535";
			return -EINVAL;
		}
		cfg->local_port = (u16)v;
	}
	slash = find(at + 1, comma, '/');
	if (!slash) {
		*why = "missing '/' before the device name";
		return -EINVAL;
	}
	if (slash > at + 1 && !parse_ipv4(at + 1, (size_t)(slash - at - 1), &cfg->local_ip)) {
		*why = "source IP is not a dotted-quad IPv4 address";
		return -EINVAL;
	}
	if ((size_t)(comma - slash - 1) >= sizeof(cfg->dev_name)) {
		*why = "device name too long";
		return -EINVAL;
	}
	memcpy(cfg->dev_name, slash + 1, (size_t)(comma - slash - 1));

	/* Remote part: [tgt-port]@tgt-ip/[tgt-mac] */
	s = comma + 1;
	at = find(s, end, '@');
	if (!at) {
		*why = "missing '@' in the target part";
		return -EINVAL;
	}
	if (at > s) {
		if (!parse_uint(s, at, 65535, &v) || v == 0) {
			*why = "target port is not a number from 1 to 65535";
			return -EINVAL;
		}
		cfg->remote_port = (u16)v;
	}
	slash = find(at + 1, end, '/');
	if ((size_t)((slash ? slash : end) - at - 1) == strlen(NETCONSOLE_SUBNET_BROADCAST) &&
	    !memcmp(at + 1, NETCONSOLE_SUBNET_BROADCAST, strlen(NETCONSOLE_SUBNET_BROADCAST))) {
		cfg->subnet_broadcast = true;
	} else if (!parse_ipv4(at + 1, (size_t)((slash ? slash : end) - at - 1), &cfg->remote_ip)) {
		*why = "target IP is missing, not a dotted-quad IPv4 address nor \"broadcast\"";
		return -EINVAL;
	}
	if (slash && slash + 1 < end) {
		if (!parse_mac(slash + 1, end, cfg->remote_mac)) {
			*why = "target MAC is not of the form 12:34:56:78:9a:bc";
			return -EINVAL;
		}
		cfg->mac_given = true;
	}
	return 0;
}

int netconsole_parse(const char *spec, struct netconsole_config *cfgs, int max, const char **why,
		     int *bad_index)
{
	int n = 0;
	const char *s = spec;

	for (;;) {
		const char *semi = strchr(s, ';');
		size_t len = semi ? (size_t)(semi - s) : strlen(s);

		if (n == max) {
			*why = "too many targets";
			*bad_index = n;
			return -EINVAL;
		}
		if (netconsole_parse_target(s, len, &cfgs[n], why)) {
			*bad_index = n;
			return -EINVAL;
		}
		n++;
		if (!semi)
			return n;
		s = semi + 1;
	}
}
