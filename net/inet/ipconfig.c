// SPDX-License-Identifier: BSD-2-Clause
/* Parser for the ip= kernel parameter; see net/inet/ipconfig.h for the syntax. */
#define pr_fmt(fmt) "ip: " fmt

#include <ctype.h>
#include <errno.h>
#include <string.h>
#include "kernel/console/printk.h"
#include "net/inet/ipconfig.h"

#define IPCONFIG_MAX_FIELDS 10

enum ipconfig_field {
	F_CLIENT,
	F_SERVER,
	F_GATEWAY,
	F_NETMASK,
	F_HOSTNAME,
	F_DEVICE,
	F_AUTOCONF,
	F_DNS0,
	F_DNS1,
	F_NTP0,
};

static const char *const field_names[IPCONFIG_MAX_FIELDS] = {
	"client-ip", "server-ip", "gw-ip",   "netmask", "hostname",
	"device",    "autoconf",  "dns0-ip", "dns1-ip", "ntp0-ip",
};

/* A field of the value, not NUL-terminated. */
struct field {
	const char *s;
	size_t len;
};

void ipconfig_set_default(struct ipconfig *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->mode = IPCONFIG_DHCP;
}

const char *ipconfig_mode_name(enum ipconfig_mode mode)
{
	switch (mode) {
	case IPCONFIG_DHCP: return "dhcp";
	case IPCONFIG_STATIC: return "static";
	case IPCONFIG_OFF: return "off";
	}
	return "?";
}

int ipconfig_parse_ipv4(const char *s, size_t len, u8 out[4])
{
	size_t i = 0;

	for (int part = 0; part < 4; part++) {
		unsigned int v = 0;
		size_t digits = 0;

		if (part > 0) {
			if (i >= len || s[i] != '.')
				return -EINVAL;
			i++;
		}
		while (i < len && isdigit((unsigned char)s[i]) && digits < 4) {
			v = v * 10 + (unsigned int)(s[i] - '0');
			i++;
			digits++;
		}
		if (digits == 0 || digits > 3 || v > 255)
			return -EINVAL;
		out[part] = (u8)v;
	}
	return i == len ? 0 : -EINVAL;
}

int ipconfig_netmask_prefix(const u8 mask[4])
{
	u32 m = ((u32)mask[0] << 24) | ((u32)mask[1] << 16) | ((u32)mask[2] << 8) | mask[3];
	int prefix = 0;

	while (prefix < 32 && (m & (0x80000000u >> prefix)))
		prefix++;
	/* Every bit after the leading ones must be clear. */
	if (prefix < 32 && (m << prefix))
		return -1;
	return prefix;
}

static bool field_is(const struct field *f, const char *word)
{
	size_t n = strlen(word);

	return f->len == n && !strncmp(f->s, word, n);
}

static int field_error(int index, const struct field *f, const char *why)
{
	pr_err("field %d (%s): '%.*s' %s\n", index + 1, field_names[index], (int)f->len, f->s, why);
	return -EINVAL;
}

static int parse_addr_field(int index, const struct field *f, u8 out[4], bool *present)
{
	if (!f->len) {
		*present = false;
		return 0;
	}
	if (ipconfig_parse_ipv4(f->s, f->len, out))
		return field_error(index, f, "is not an IPv4 address (a.b.c.d)");
	*present = true;
	return 0;
}

/* RFC 1123 host names: letters, digits, '-' and '.', not starting with '-' or '.'. */
static int parse_hostname(const struct field *f, struct ipconfig *cfg)
{
	if (f->len >= IPCONFIG_HOSTNAME_MAX)
		return field_error(F_HOSTNAME, f, "is too long (63 characters at most)");
	for (size_t i = 0; i < f->len; i++) {
		char c = f->s[i];

		if (!isalnum((unsigned char)c) && c != '-' && c != '.')
			return field_error(F_HOSTNAME, f,
					   "has a character other than letters, digits, '-', '.'");
	}
	if (f->len && (f->s[0] == '-' || f->s[0] == '.'))
		return field_error(F_HOSTNAME, f, "starts with '-' or '.'");
	if (f->len)
		memcpy(cfg->hostname, f->s, f->len);
	cfg->hostname[f->len] = '\0';
	return 0;
}

static int parse_device(const struct field *f, struct ipconfig *cfg)
{
	if (f->len >= IPCONFIG_DEVICE_MAX)
		return field_error(F_DEVICE, f,
				   "is too long for a device name (15 characters at most)");
	for (size_t i = 0; i < f->len; i++) {
		if (!isalnum((unsigned char)f->s[i]) && f->s[i] != '_' && f->s[i] != '-')
			return field_error(F_DEVICE, f, "is not a device name");
	}
	if (f->len)
		memcpy(cfg->device, f->s, f->len);
	cfg->device[f->len] = '\0';
	return 0;
}

/* The classful default Linux also applies when only an address is given. */
static void default_netmask(struct ipconfig *cfg)
{
	static const u8 class_a[4] = { 255, 0, 0, 0 };
	static const u8 class_b[4] = { 255, 255, 0, 0 };
	static const u8 class_c[4] = { 255, 255, 255, 0 };
	u8 first = cfg->client[0];

	if (first < 128)
		memcpy(cfg->netmask, class_a, 4);
	else if (first < 192)
		memcpy(cfg->netmask, class_b, 4);
	else
		memcpy(cfg->netmask, class_c, 4);
	cfg->has_netmask = true;
	cfg->netmask_defaulted = true;
}

/* Split at ':' into at most IPCONFIG_MAX_FIELDS fields; returns the count or -EINVAL. */
static int split_fields(const char *value, struct field *fields)
{
	int n = 0;
	const char *p = value;

	for (;;) {
		const char *colon = strchr(p, ':');
		size_t len = colon ? (size_t)(colon - p) : strlen(p);

		if (n == IPCONFIG_MAX_FIELDS) {
			pr_err("'%s' has more than %d fields\n", value, IPCONFIG_MAX_FIELDS);
			return -EINVAL;
		}
		fields[n].s = p;
		fields[n].len = len;
		n++;
		if (!colon)
			return n;
		p = colon + 1;
	}
}

static int parse_autoconf(const struct field *f, struct ipconfig *cfg)
{
	if (!f->len)
		cfg->mode = cfg->has_client ? IPCONFIG_STATIC : IPCONFIG_DHCP;
	else if (field_is(f, "off") || field_is(f, "none"))
		cfg->mode = cfg->has_client ? IPCONFIG_STATIC : IPCONFIG_OFF;
	else if (field_is(f, "dhcp") || field_is(f, "on") || field_is(f, "any"))
		cfg->mode = IPCONFIG_DHCP;
	else if (field_is(f, "bootp") || field_is(f, "rarp") || field_is(f, "both"))
		return field_error(F_AUTOCONF, f,
				   "is not supported (use dhcp, on, any, off or none)");
	else
		return field_error(F_AUTOCONF, f, "is not one of dhcp, on, any, off, none");
	return 0;
}

static int parse_fields(const char *value, struct ipconfig *cfg)
{
	struct field f[IPCONFIG_MAX_FIELDS] = { 0 };
	bool unused;
	u8 ignored[4];
	int n, err;

	n = split_fields(value, f);
	if (n < 0)
		return n;

	err = parse_addr_field(F_CLIENT, &f[F_CLIENT], cfg->client, &cfg->has_client);
	if (!err)
		err = parse_addr_field(F_SERVER, &f[F_SERVER], cfg->server, &cfg->has_server);
	if (!err)
		err = parse_addr_field(F_GATEWAY, &f[F_GATEWAY], cfg->gateway, &cfg->has_gateway);
	if (!err)
		err = parse_addr_field(F_NETMASK, &f[F_NETMASK], cfg->netmask, &cfg->has_netmask);
	if (err)
		return err;
	if (cfg->has_netmask && ipconfig_netmask_prefix(cfg->netmask) < 0)
		return field_error(F_NETMASK, &f[F_NETMASK], "is not a contiguous netmask");
	if (parse_hostname(&f[F_HOSTNAME], cfg) || parse_device(&f[F_DEVICE], cfg) ||
	    parse_autoconf(&f[F_AUTOCONF], cfg))
		return -EINVAL;
	for (int i = F_DNS0; i <= F_NTP0; i++) {
		if (parse_addr_field(i, &f[i], ignored, &unused))
			return -EINVAL;
		if (unused)
			pr_info("field %d (%s) ignored: napkin has no resolver or NTP client\n",
				i + 1, field_names[i]);
	}

	if (cfg->mode == IPCONFIG_STATIC) {
		if (!cfg->client[0] && !cfg->client[1] && !cfg->client[2] && !cfg->client[3])
			return field_error(F_CLIENT, &f[F_CLIENT],
					   "is 0.0.0.0, not an address a host can use");
		if (!cfg->has_netmask)
			default_netmask(cfg);
	} else if (cfg->mode == IPCONFIG_DHCP && cfg->has_client) {
		pr_info("client address ignored: autoconf is %.*s\n", (int)f[F_AUTOCONF].len,
			f[F_AUTOCONF].s);
	}
	return 0;
}

int ipconfig_parse(const char *value, struct ipconfig *cfg)
{
	ipconfig_set_default(cfg);
	if (!value || !*value) {
		pr_err(
		    "empty value: expected dhcp, off or client:server:gw:netmask:host:dev:autoconf\n");
		return -EINVAL;
	}
	if (!strchr(value, ':')) {
		struct field whole = { value, strlen(value) };

		if (field_is(&whole, "off") || field_is(&whole, "none")) {
			cfg->mode = IPCONFIG_OFF;
			return 0;
		}
		if (field_is(&whole, "dhcp") || field_is(&whole, "on") || field_is(&whole, "any"))
			return 0;
		if (!isdigit((unsigned char)value[0])) {
			/* A lone word is the autoconf method, as in Linux; the valid ones are above. */
			parse_autoconf(&whole, cfg);
			ipconfig_set_default(cfg);
			return -EINVAL;
		}
		/* A lone address is the client-ip field with everything else empty. */
	}
	if (parse_fields(value, cfg)) {
		ipconfig_set_default(cfg);
		return -EINVAL;
	}
	return 0;
}
