// SPDX-License-Identifier: BSD-2-Clause
/* Unit tests for net/inet/ipconfig.c: the ip= parameter in Linux's syntax. */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/console/printk.h"
#include "net/inet/ipconfig.h"
#include "tests/unit/fakes/stub_printk.h"

static struct ipconfig cfg;

static void setup(void)
{
	stub_printk_reset();
	memset(&cfg, 0xa5, sizeof(cfg));
}

static void assert_addr(const u8 got[4], int a, int b, int c, int d)
{
	ck_assert_msg(got[0] == a && got[1] == b && got[2] == c && got[3] == d,
		      "got %u.%u.%u.%u, want %d.%d.%d.%d", got[0], got[1], got[2], got[3], a, b, c,
		      d);
}

static void assert_default(void)
{
	ck_assert_int_eq(cfg.mode, IPCONFIG_DHCP);
	ck_assert(!cfg.has_client && !cfg.has_server && !cfg.has_gateway && !cfg.has_netmask);
	ck_assert_str_eq(cfg.hostname, "");
	ck_assert_str_eq(cfg.device, "");
}

/* The value must be refused with one error naming the field (and its position). */
static void assert_rejected(const char *value, const char *field)
{
	stub_printk_reset();
	ck_assert_int_eq(ipconfig_parse(value, &cfg), -EINVAL);
	ck_assert_msg(stub_printk_count(LOGLEVEL_ERR, field) == 1,
		      "ip=%s: expected one error naming '%s', last log: '%s'", value, field,
		      stub_printk_last());
	assert_default();
}

START_TEST(test_short_forms)
{
	static const char *const dhcp[] = { "dhcp", "on", "any" };

	for (size_t i = 0; i < sizeof(dhcp) / sizeof(dhcp[0]); i++) {
		ck_assert_int_eq(ipconfig_parse(dhcp[i], &cfg), 0);
		assert_default();
	}
	ck_assert_int_eq(ipconfig_parse("off", &cfg), 0);
	ck_assert_int_eq(cfg.mode, IPCONFIG_OFF);
	ck_assert_int_eq(ipconfig_parse("none", &cfg), 0);
	ck_assert_int_eq(cfg.mode, IPCONFIG_OFF);
	ck_assert_int_eq(stub_printk_total(), 0);
}
END_TEST

START_TEST(test_full_static)
{
	ck_assert_int_eq(ipconfig_parse("192.168.77.2:192.168.77.9:192.168.77.1:255.255.255.0:"
					"box-1:eth1:off",
					&cfg),
			 0);
	ck_assert_int_eq(cfg.mode, IPCONFIG_STATIC);
	assert_addr(cfg.client, 192, 168, 77, 2);
	assert_addr(cfg.server, 192, 168, 77, 9);
	assert_addr(cfg.gateway, 192, 168, 77, 1);
	assert_addr(cfg.netmask, 255, 255, 255, 0);
	ck_assert(cfg.has_client && cfg.has_server && cfg.has_gateway && cfg.has_netmask);
	ck_assert(!cfg.netmask_defaulted);
	ck_assert_str_eq(cfg.hostname, "box-1");
	ck_assert_str_eq(cfg.device, "eth1");
	ck_assert_int_eq(stub_printk_total(), 0);
}
END_TEST

START_TEST(test_empty_fields)
{
	/* Client only, autoconf absent: static with the class default netmask. */
	ck_assert_int_eq(ipconfig_parse("10.1.2.3::::::", &cfg), 0);
	ck_assert_int_eq(cfg.mode, IPCONFIG_STATIC);
	ck_assert(!cfg.has_gateway && !cfg.has_server);
	assert_addr(cfg.netmask, 255, 0, 0, 0);
	ck_assert(cfg.netmask_defaulted);

	ck_assert_int_eq(ipconfig_parse("172.16.0.5", &cfg), 0);
	ck_assert_int_eq(cfg.mode, IPCONFIG_STATIC);
	assert_addr(cfg.netmask, 255, 255, 0, 0);

	ck_assert_int_eq(ipconfig_parse("192.0.2.7:::", &cfg), 0);
	assert_addr(cfg.netmask, 255, 255, 255, 0);

	/* No client address and no autoconf: DHCP, device and hostname kept. */
	ck_assert_int_eq(ipconfig_parse(":::::eth0:", &cfg), 0);
	ck_assert_int_eq(cfg.mode, IPCONFIG_DHCP);
	ck_assert_str_eq(cfg.device, "eth0");

	ck_assert_int_eq(ipconfig_parse("::::napkin::dhcp", &cfg), 0);
	ck_assert_int_eq(cfg.mode, IPCONFIG_DHCP);
	ck_assert_str_eq(cfg.hostname, "napkin");

	/* off without an address means no IPv4 at all. */
	ck_assert_int_eq(ipconfig_parse("::::::off", &cfg), 0);
	ck_assert_int_eq(cfg.mode, IPCONFIG_OFF);
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_ERR, NULL), 0);
}
END_TEST

START_TEST(test_autoconf_words)
{
	ck_assert_int_eq(ipconfig_parse("10.0.0.2::10.0.0.1:255.255.255.0::eth0:none", &cfg), 0);
	ck_assert_int_eq(cfg.mode, IPCONFIG_STATIC);
	ck_assert_int_eq(ipconfig_parse("10.0.0.2::10.0.0.1:255.255.255.0::eth0:any", &cfg), 0);
	ck_assert_int_eq(cfg.mode, IPCONFIG_DHCP);
	/* The address is ignored with DHCP, and the log says so. */
	ck_assert(stub_printk_contains("client address ignored"));
	ck_assert_int_eq(ipconfig_parse("::::::on", &cfg), 0);
	ck_assert_int_eq(cfg.mode, IPCONFIG_DHCP);
}
END_TEST

START_TEST(test_dns_ntp_fields)
{
	ck_assert_int_eq(ipconfig_parse("10.0.0.2::::::off:10.0.0.53:10.0.0.54:10.0.0.123", &cfg),
			 0);
	ck_assert_int_eq(cfg.mode, IPCONFIG_STATIC);
	ck_assert_int_eq(stub_printk_count(STUB_ANY_LEVEL, "ignored"), 3);
	assert_rejected("10.0.0.2::::::off:10.0.0.53:bad", "field 9 (dns1-ip)");
	assert_rejected("10.0.0.2::::::off:::1.2.3", "field 10 (ntp0-ip)");
	assert_rejected("10.0.0.2::::::off::::", "more than 10 fields");
}
END_TEST

START_TEST(test_bad_addresses)
{
	static const char *const bad[] = {
		"256.1.1.1", "1.2.3",	 "1.2.3.4.5",  "1..2.3",   "a.b.c.d", "1.2.3.4 ",
		" 1.2.3.4",  "1.2.3.-4", "0001.2.3.4", "1.2.3.4x", "1,2,3,4", "+1.2.3.4",
	};
	char value[64];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(value, sizeof(value), "%s::::::", bad[i]);
		assert_rejected(value, "field 1 (client-ip)");
		snprintf(value, sizeof(value), "10.0.0.2:%s:::::", bad[i]);
		assert_rejected(value, "field 2 (server-ip)");
		snprintf(value, sizeof(value), "10.0.0.2::%s::::", bad[i]);
		assert_rejected(value, "field 3 (gw-ip)");
		snprintf(value, sizeof(value), "10.0.0.2:::%s:::", bad[i]);
		assert_rejected(value, "field 4 (netmask)");
	}
	/* The offending text appears in the message. */
	assert_rejected("10.0.0.299::::::", "'10.0.0.299'");
}
END_TEST

START_TEST(test_bad_netmask)
{
	assert_rejected("10.0.0.2:::255.0.255.0:::", "not a contiguous netmask");
	assert_rejected("10.0.0.2:::0.255.255.255:::", "field 4 (netmask)");
	ck_assert_int_eq(ipconfig_parse("10.0.0.2:::0.0.0.0:::", &cfg), 0);
	ck_assert_int_eq(ipconfig_parse("10.0.0.2:::255.255.255.255:::", &cfg), 0);
}
END_TEST

START_TEST(test_bad_hostname_device_autoconf)
{
	char longname[80];

	memset(longname, 'h', sizeof(longname));
	memcpy(longname, "::::", 4);
	snprintf(longname + 4 + 64, 8, ":::");
	assert_rejected("::::bad_name:::", "field 5 (hostname)");
	assert_rejected("::::-lead:::", "field 5 (hostname)");
	assert_rejected(longname, "field 5 (hostname)");
	assert_rejected(":::::eth0/x:", "field 6 (device)");
	assert_rejected(":::::averyveryverylongdevicename:", "field 6 (device)");
	assert_rejected("10.0.0.2::::::bootp", "field 7 (autoconf)");
	assert_rejected("10.0.0.2::::::static", "field 7 (autoconf)");
	assert_rejected("rarp", "field 7 (autoconf)");
	assert_rejected("dhcpv6", "field 7 (autoconf)");
}
END_TEST

START_TEST(test_static_needs_address)
{
	assert_rejected("0.0.0.0::::::off", "field 1 (client-ip)");
}
END_TEST

START_TEST(test_empty_value)
{
	assert_rejected("", "empty value");
	assert_rejected(NULL, "empty value");
}
END_TEST

START_TEST(test_helpers)
{
	u8 a[4];
	static const u8 m24[4] = { 255, 255, 255, 0 }, m0[4] = { 0 },
			m32[4] = { 255, 255, 255, 255 }, m17[4] = { 255, 255, 128, 0 },
			holes[4] = { 255, 254, 255, 0 };

	ck_assert_int_eq(ipconfig_parse_ipv4("0.0.0.0", 7, a), 0);
	ck_assert_int_eq(ipconfig_parse_ipv4("1.2.3.4trailing", 7, a), 0);
	assert_addr(a, 1, 2, 3, 4);
	ck_assert_int_eq(ipconfig_parse_ipv4("1.2.3.4", 6, a), -EINVAL);
	ck_assert_int_eq(ipconfig_netmask_prefix(m24), 24);
	ck_assert_int_eq(ipconfig_netmask_prefix(m0), 0);
	ck_assert_int_eq(ipconfig_netmask_prefix(m32), 32);
	ck_assert_int_eq(ipconfig_netmask_prefix(m17), 17);
	ck_assert_int_eq(ipconfig_netmask_prefix(holes), -1);
	ck_assert_str_eq(ipconfig_mode_name(IPCONFIG_OFF), "off");
}
END_TEST

/* Random bytes must never crash the parser, and every refusal must be logged. */
START_TEST(test_random_values)
{
	static const char alphabet[] = "0123456789.:abcdhnoptfy-_ ";
	char value[48];

	srand(4);
	for (int iter = 0; iter < 20000; iter++) {
		size_t len = (size_t)(rand() % (int)(sizeof(value) - 1));
		int ret;

		for (size_t i = 0; i < len; i++)
			value[i] = alphabet[rand() % (int)(sizeof(alphabet) - 1)];
		value[len] = '\0';
		stub_printk_reset();
		ret = ipconfig_parse(value, &cfg);
		if (ret) {
			ck_assert_int_eq(ret, -EINVAL);
			ck_assert_msg(stub_printk_count(LOGLEVEL_ERR, NULL) == 1,
				      "ip=%s refused without exactly one error", value);
			assert_default();
		} else if (cfg.mode == IPCONFIG_STATIC) {
			ck_assert(cfg.has_client && cfg.has_netmask);
			ck_assert_int_ge(ipconfig_netmask_prefix(cfg.netmask), 0);
		}
	}
}
END_TEST

static Suite *ipconfig_suite(void)
{
	Suite *s = suite_create("ipconfig");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_short_forms);
	tcase_add_test(tc, test_full_static);
	tcase_add_test(tc, test_empty_fields);
	tcase_add_test(tc, test_autoconf_words);
	tcase_add_test(tc, test_dns_ntp_fields);
	tcase_add_test(tc, test_bad_addresses);
	tcase_add_test(tc, test_bad_netmask);
	tcase_add_test(tc, test_bad_hostname_device_autoconf);
	tcase_add_test(tc, test_static_needs_address);
	tcase_add_test(tc, test_empty_value);
	tcase_add_test(tc, test_helpers);
	tcase_add_test(tc, test_random_values);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(ipconfig_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
