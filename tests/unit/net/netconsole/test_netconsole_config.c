// SPDX-License-Identifier: BSD-2-Clause
/* netconsole= parsing: Linux's syntax, defaults, several targets, bad input. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "net/netconsole/netconsole_config.h"

#define IP(a, b, c, d) ((u32)(a) << 24 | (u32)(b) << 16 | (u32)(c) << 8 | (u32)(d))

static struct netconsole_config cfg[NETCONSOLE_MAX_TARGETS];
static const char *why;
static int bad;

START_TEST(test_full_spec)
{
	ck_assert_int_eq(netconsole_parse("4444@10.0.0.1/eth1,9353@10.0.0.2/12:34:56:78:9a:bc", cfg,
					  4, &why, &bad),
			 1);
	ck_assert(!cfg[0].extended);
	ck_assert_uint_eq(cfg[0].local_port, 4444);
	ck_assert_uint_eq(cfg[0].local_ip, IP(10, 0, 0, 1));
	ck_assert_str_eq(cfg[0].dev_name, "eth1");
	ck_assert_uint_eq(cfg[0].remote_port, 9353);
	ck_assert_uint_eq(cfg[0].remote_ip, IP(10, 0, 0, 2));
	ck_assert(cfg[0].mac_given);
	ck_assert_mem_eq(cfg[0].remote_mac, "\x12\x34\x56\x78\x9a\xbc", 6);
}
END_TEST

START_TEST(test_defaults_and_extended)
{
	ck_assert_int_eq(netconsole_parse("+@/,@192.168.77.1/", cfg, 4, &why, &bad), 1);
	ck_assert(cfg[0].extended);
	ck_assert_uint_eq(cfg[0].local_port, NETCONSOLE_LOCAL_PORT);
	ck_assert_uint_eq(cfg[0].remote_port, NETCONSOLE_REMOTE_PORT);
	ck_assert_uint_eq(cfg[0].local_ip, 0);
	ck_assert_str_eq(cfg[0].dev_name, "");
	ck_assert_uint_eq(cfg[0].remote_ip, IP(192, 168, 77, 1));
	ck_assert(!cfg[0].mac_given);
	/* The trailing '/' is optional too. */
	ck_assert_int_eq(netconsole_parse("@/eth0,@10.1.2.3", cfg, 4, &why, &bad), 1);
	ck_assert_uint_eq(cfg[0].remote_ip, IP(10, 1, 2, 3));
}
END_TEST

START_TEST(test_several_targets)
{
	ck_assert_int_eq(
	    netconsole_parse("@/,@10.0.0.1/;+6000@/eth1,7000@10.0.0.2/", cfg, 4, &why, &bad), 2);
	ck_assert(!cfg[0].extended);
	ck_assert(cfg[1].extended);
	ck_assert_uint_eq(cfg[1].local_port, 6000);
	ck_assert_uint_eq(cfg[1].remote_port, 7000);
	ck_assert_str_eq(cfg[1].dev_name, "eth1");
}
END_TEST

static void expect_bad(const char *spec, const char *why_part, int index)
{
	ck_assert_msg(netconsole_parse(spec, cfg, 4, &why, &bad) < 0, "accepted %s", spec);
	ck_assert_msg(strstr(why, why_part), "%s: reason '%s' lacks '%s'", spec, why, why_part);
	ck_assert_int_eq(bad, index);
}

START_TEST(test_bad_input_names_the_field)
{
	expect_bad("", "','", 0);
	expect_bad("@/eth0", "','", 0);
	expect_bad("6665/eth0,@1.2.3.4/", "'@' in the local", 0);
	expect_bad("99999@/,@1.2.3.4/", "source port", 0);
	expect_bad("0@/,@1.2.3.4/", "source port", 0);
	expect_bad("x@/,@1.2.3.4/", "source port", 0);
	expect_bad("@1.2.3/,@1.2.3.4/", "source IP", 0);
	expect_bad("@1.2.3.4,@1.2.3.4/", "'/'", 0);
	expect_bad("@/averyveryverylongdevicename,@1.2.3.4/", "device name", 0);
	expect_bad("@/,1.2.3.4/", "'@' in the target", 0);
	expect_bad("@/,@/", "target IP", 0);
	expect_bad("@/,@256.1.1.1/", "target IP", 0);
	expect_bad("@/,@1.2.3.4.5/", "target IP", 0);
	expect_bad("@/,70000@1.2.3.4/", "target port", 0);
	expect_bad("@/,@1.2.3.4/12:34:56", "target MAC", 0);
	expect_bad("@/,@1.2.3.4/12:34:56:78:9a:zz", "target MAC", 0);
	expect_bad("@/,@1.2.3.4/;@/,@1.2.3/", "target IP", 1);
	expect_bad("@/,@1.1.1.1/;@/,@1.1.1.1/;@/,@1.1.1.1/;@/,@1.1.1.1/;@/,@1.1.1.1/", "too many",
		   4);
}
END_TEST

START_TEST(test_subnet_broadcast_target)
{
	struct netconsole_config cfg[2];
	const char *why = "";
	int bad = -1;

	ck_assert_int_eq(netconsole_parse("@/,6666@broadcast/", cfg, 2, &why, &bad), 1);
	ck_assert(cfg[0].subnet_broadcast);
	ck_assert_uint_eq(cfg[0].remote_ip, 0);
	ck_assert_uint_eq(cfg[0].remote_port, 6666);
	ck_assert(!cfg[0].mac_given);
	/* Without the trailing '/', with a MAC, as the second of two targets. */
	ck_assert_int_eq(netconsole_parse("@/,@10.0.0.1/;+@/eth1,@broadcast/ff:ff:ff:ff:ff:ff", cfg,
					  2, &why, &bad),
			 2);
	ck_assert(!cfg[0].subnet_broadcast && cfg[1].subnet_broadcast && cfg[1].extended);
	ck_assert(cfg[1].mac_given && cfg[1].remote_mac[5] == 0xff);
	ck_assert_int_eq(netconsole_parse("@/,@broadcast", cfg, 2, &why, &bad), 1);
	ck_assert(cfg[0].subnet_broadcast);
	/* The limited broadcast stays an address. */
	ck_assert_int_eq(netconsole_parse("@/,@255.255.255.255/", cfg, 2, &why, &bad), 1);
	ck_assert(!cfg[0].subnet_broadcast && cfg[0].remote_ip == 0xffffffffu);
	expect_bad("@/,@broadcasts/", "target IP", 0);
	expect_bad("@/,@Broadcast/", "target IP", 0);
	expect_bad("@/,@broad/", "target IP", 0);
}
END_TEST

START_TEST(test_ipv4)
{
	u32 ip;

	ck_assert(parse_ipv4("0.0.0.0", 7, &ip) && ip == 0);
	ck_assert(parse_ipv4("255.255.255.255", 15, &ip) && ip == 0xffffffffu);
	ck_assert(!parse_ipv4("1.2.3.", 6, &ip));
	ck_assert(!parse_ipv4("1..2.3", 6, &ip));
	ck_assert(!parse_ipv4("1.2.3.4x", 8, &ip));
	ck_assert(!parse_ipv4("0001.2.3.4", 10, &ip));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("netconsole_config");
	TCase *tc = tcase_create("parse");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_full_spec);
	tcase_add_test(tc, test_defaults_and_extended);
	tcase_add_test(tc, test_several_targets);
	tcase_add_test(tc, test_bad_input_names_the_field);
	tcase_add_test(tc, test_subnet_broadcast_target);
	tcase_add_test(tc, test_ipv4);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
