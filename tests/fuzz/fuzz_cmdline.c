// SPDX-License-Identifier: BSD-2-Clause
/*
 * The kernel command line and the keys read from it: cmdline_init() and every
 * typed getter, the networking tunables (net.budget=, napi.mode=, ...), then
 * the ip= and netconsole= values through their parsers.
 * The same bytes also go to those parsers directly and, without a NUL, to the
 * length-bounded address readers, in an exact-size buffer so AddressSanitizer
 * sees a read one byte past the end.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/core/cmdline.h"
#include "net/inet/ipconfig.h"
#include "net/netconsole/netconsole_config.h"
#include "net/core/netdev_stack.h"
#include "net/core/params.h"
#include "tests/fuzz/fuzz.h"

/* Keys the seeds use, in both spellings of '-' and '_'. */
static const char *const keys[] = {
	"ip", "netconsole", "mem", "loglevel", "napi.mode", "net-budget", "net_budget", "x", "",
};
static const char *const choices[] = { "irq", "busypoll", "hybrid", "" };

static void read_keys(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(keys); i++) {
		const char *v = NULL;
		u64 u = 0;
		s64 s = 0;
		bool b = false;
		int c = 0;

		if (cmdline_get(keys[i], &v) && v)
			fuzz_consume_string(v);
		cmdline_get_u64(keys[i], &u, 0, ~0ull);
		cmdline_get_u64(keys[i], &u, 10, 20);
		cmdline_get_s64(keys[i], &s, -5, 5);
		cmdline_get_s64(keys[i], &s, INT64_MIN, INT64_MAX);
		cmdline_get_size(keys[i], &u, 1, ~0ull);
		cmdline_get_bool(keys[i], &b);
		cmdline_get_choice(keys[i], choices, ARRAY_SIZE(choices), &c);
	}
	fuzz_consume_string(cmdline_raw());
	if (cmdline_image())
		fuzz_consume_string(cmdline_image());
	cmdline_warn_unknown();
}

static void parse_values(const char *ip, const char *nc)
{
	struct ipconfig cfg;
	struct netconsole_config targets[NETCONSOLE_MAX_TARGETS];
	const char *why = NULL;
	int bad = -1;

	if (ip && ipconfig_parse(ip, &cfg) == 0) {
		fuzz_consume_string(cfg.hostname);
		fuzz_consume_string(cfg.device);
		ipconfig_netmask_prefix(cfg.netmask);
		ipconfig_mode_name(cfg.mode);
	}
	if (nc) {
		int n = netconsole_parse(nc, targets, NETCONSOLE_MAX_TARGETS, &why, &bad);

		for (int i = 0; i < n; i++)
			fuzz_consume_string(targets[i].dev_name);
		if (n < 0)
			fuzz_consume_string(why);
	}
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	net_core_init();
	return 0;
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	char *line = fuzz_strndup(data, size);
	/* The address readers take a length and must not read past it. */
	char *exact = malloc(size ? size : 1);
	const char *ip = NULL, *nc = NULL;
	u8 quad[4];
	u32 addr;

	memcpy(exact, data, size);
	ipconfig_parse_ipv4(exact, size, quad);
	parse_ipv4(exact, size, &addr);

	parse_values(line, line);

	cmdline_init(line);
	net_params_from_cmdline();
	read_keys();
	cmdline_get("ip", &ip);
	cmdline_get("netconsole", &nc);
	parse_values(ip, nc);

	free(exact);
	free(line);
	return 0;
}
